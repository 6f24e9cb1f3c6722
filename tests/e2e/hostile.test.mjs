// Hostile input beyond the lab tests' list: truncated and deeply nested fragments, script-like
// and huge names typed into the page. Each gets a clear message or is shown as plain text;
// the page keeps its last valid state, executes nothing and stays responsive.
// Nothing lost: a fragment with bad fields keeps every good one, lists each field it dropped
// and leaves the address as typed until the user's first change; a change is in the address
// before a reload; a preset never silently replaces a name being typed; a replication factor
// lowered by removed nodes comes back with them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkPage, keysPerNode as counts, figureValue, settle, useLab } from './harness.mjs';

// One browser and one server (with the CSP header) for the file; pages in English unless
// the fragment says otherwise.
const lab = useLab({ serve: { csp: true }, defaults: { height: 900 } });
const open = (fragment = '#l=en') => lab.open(fragment);

/** The page still answers: a round trip through its event loop (a frozen tab never returns,
 *  and the test's own timeout reports it; no timing is asserted here). */
async function responsive(page) {
  assert.equal(await page.evaluate(() => new Promise((r) => setTimeout(() => r('alive'), 0))), 'alive');
}

/** Addresses cut mid-way, or nested and repeated far past anything the lab writes. */
const TRUNCATED_AND_NESTED = [
  '#s=ring&n=inv-bcn,inv-v',
  '#n=inv-bcn,inv-vlc&w=2,',
  '#n=%E2%82',
  '#n=inv%',
  '#k=',
  '#&&&&=&=&==',
  `#n=${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `#${'a=b&'.repeat(20_000)}`,
  `#n=${encodeURIComponent(JSON.stringify(JSON.parse('['.repeat(500) + ']'.repeat(500))))}`,
  // Compare mode's side A and the question set, hostile.
  `#c=ring&cmp=${'s:ring;'.repeat(2_000)}`,
  '#c=ring&cmp=s:%3Cimg%20src%3Dx%3E;n:a,a;v:-1',
  '#c=ring&quiz=-1&qi=99999999999999999999',
  '#c=rendezvous&quiz=%3Cscript%3E&qi=x',
];

describe('hostile input', () => {
  test('truncated and deeply nested fragments fall back with a notice', { timeout: 120_000 }, async () => {
    for (const fragment of TRUNCATED_AND_NESTED) {
      await checkPage(await open(fragment), async ({ page }) => {
        const table = await counts(page);
        const total = Object.values(table).reduce((a, b) => a + b, 0);
        assert.ok(total > 0, `no figures for ${fragment.slice(0, 40)}`);
        assert.equal(await page.$$eval('#app img, #app script', (e) => e.length), 0);
        await responsive(page);
      }, { message: fragment.slice(0, 40) });
    }
  });

  test('a fragment that is truncated mid-way keeps the parts it can read', { timeout: 60_000 }, async () => {
    // Everything up to the cut is valid; the cut node name must not take the page down.
    const { page, context, errors } = await open('#s=ring&v=10&n=inv-bcn,inv-vlc,inv-gir,inv-lle&l=en&k=100000&w=1,1,1');
    const table = await counts(page);
    assert.equal(Object.keys(table).length, 4);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('script-like and huge node names are text, or refused with a message', { timeout: 60_000 }, async () => {
    const { page, context, errors } = await open();
    for (const name of ['"; alert(1)//', "'); alert(1); ('", '<script>alert(1)</script>', '{{7*7}}${7*7}']) {
      await page.fill('#node-name-0', name);
      await page.press('#node-name-0', 'Enter');
      await page.waitForSelector(`#dist-table tr[data-node="${name.replace(/["\\]/g, '\\$&')}"]`, { timeout: 5_000 });
      assert.equal(await page.textContent('#dist-table tbody th'), name);
      assert.equal(await page.$$eval('#app script, #app img', (e) => e.length), 0);
    }
    // A 10 000-character name is refused with a short message (the core's limit, 64
    // characters); the field goes back to the node's name…
    const current = await page.inputValue('#node-name-0');
    await page.fill('#node-name-0', 'x'.repeat(10_000));
    await page.press('#node-name-0', 'Enter');
    await page.waitForSelector('#control-notices .notice', { timeout: 5_000 });
    assert.match(await page.textContent('#control-notices .notice'), /has 10000 characters; use at most 64/);
    assert.equal(await page.inputValue('#node-name-0'), current);
    // …and a longer one arriving by the address gets a short message, not a copy of itself.
    await page.goto(`${lab.server.url}#l=en&n=${'y'.repeat(10_000)},b`);
    await page.waitForSelector('.notice', { timeout: 5_000 });
    const notice = await page.textContent('.notice');
    assert.ok(notice.length < 600, `the notice repeats the whole name (${notice.length} characters)`);
    await responsive(page);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a key typed into the key path is shown as text, whatever it contains', { timeout: 30_000 }, async () => {
    const { page, context, errors } = await open();
    const key = '<img src=x onerror=alert(1)>';
    await page.fill('#key-input', key);
    await page.click('#find');
    await page.waitForFunction((k) => document.body.innerText.includes(k), key, { timeout: 5_000 });
    assert.equal(await page.$$eval('#app img', (e) => e.length), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('names: the limit counts characters, not UTF-16 units; invisible characters are refused', { timeout: 60_000 }, async () => {
    const { page, context, errors } = await open();
    // No maxlength (it counts UTF-16 units): the core's rule, in code points, is the only one.
    assert.equal(await page.getAttribute('#node-name-0', 'maxlength'), null);
    assert.equal(await page.getAttribute('#key-input', 'maxlength'), null);
    const rename = async (name) => {
      await page.fill('#node-name-0', name);
      await page.press('#node-name-0', 'Enter');
      await settle(page);
    };
    // 64 crabs: 64 characters (128 UTF-16 units) are a valid name.
    const crabs = '🦀'.repeat(64);
    await rename(crabs);
    await page.waitForSelector(`#dist-table tr[data-node="${crabs}"]`, { timeout: 5_000 });
    assert.equal(await page.inputValue('#node-name-0'), crabs);
    // 65 are one too many, with a notice that says so and the name kept.
    await rename(`${crabs}🦀`);
    await page.waitForSelector('#control-notices .notice', { timeout: 5_000 });
    assert.match(await page.textContent('#control-notices .notice'), /has 65 characters; use at most 64/);
    assert.equal(await page.inputValue('#node-name-0'), crabs);
    // A right-to-left override would reverse the notice's own text: refused, shown escaped.
    for (const [name, code] of [['abc\u202edef', '202E'], ['a\u200bb', '200B'], ['\ufeffbom', 'FEFF'], ['x\u2066y\u2069', '2066']]) {
      await rename(name);
      await page.waitForSelector('#control-notices .notice', { timeout: 5_000 });
      const notice = await page.textContent('#control-notices .notice');
      assert.ok(notice.includes(`U+${code}`), notice);
      assert.ok(notice.includes(`\\u{${code.toLowerCase()}}`), notice);
      assert.ok(!/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/.test(notice), `a raw invisible character in ${JSON.stringify(notice)}`);
      assert.equal(await page.inputValue('#node-name-0'), crabs);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  // Each row: a typed address with some bad fields, what the page must keep, and the exact
  // notices (one per dropped or changed field, in English).
  const PARTIAL = [
    {
      fragment: '#l=en&s=rendezvous&n=alpha,beta,gamma&r=4',
      strategy: 'rendezvous',
      nodes: ['alpha', 'beta', 'gamma'],
      replicas: '3',
      keys: 100_000,
      notices: ['Page address: the field "r" (replication factor): 4 copies do not fit 3 nodes; it was lowered to 3.'],
    },
    {
      fragment: '#l=en&s=jump&r=0&n=a,b&k=2000',
      strategy: 'jump',
      nodes: ['a', 'b'],
      replicas: '1',
      keys: 2_000,
      notices: ['Page address: the field "r" (replication factor): "0" is not valid (it must be a whole number from 1 to the number of nodes); the default was used.'],
    },
    {
      fragment: '#l=en&s=chord&n=a,a&w=1e-9,1,1,1&v=0&k=20000&r=2',
      strategy: 'ring',
      nodes: ['inv-bcn', 'inv-vlc', 'inv-gir', 'inv-lle'],
      replicas: '2',
      keys: 20_000,
      notices: [
        'Page address: the field "s" (strategy): "chord" is not valid (it must be modulo, ring, rendezvous, jump, maglev, bounded, multiprobe or ketama); the default was used.',
        'Page address: the field "w" (weights): "1e-9,1,1,1" is not valid (it needs one weight per node, each from 0.1 to 5); every weight is 1.',
        'Page address: the field "v" (virtual nodes): "0" is not valid (it must be a whole number from 1 to 1000); the default was used.',
        'Page address: the field "n" (node names): Two nodes are called "a"; names must be unique because the name is what gets hashed. So the default nodes are shown.',
      ],
    },
    {
      // Ketama honours weights, so they are checked as the ring's are.
      fragment: '#l=en&s=ketama&n=a,b,c,d&w=0.05,1,1,1&k=2000',
      strategy: 'ketama',
      nodes: ['a', 'b', 'c', 'd'],
      replicas: '1',
      keys: 2_000,
      notices: ['Page address: the field "w" (weights): "0.05,1,1,1" is not valid (it needs one weight per node, each from 0.1 to 5); every weight is 1.'],
    },
    {
      // A tiny weight: refused below the same minimum as the slider and the CLI (0.1).
      fragment: '#l=en&s=rendezvous&n=a,b&w=1e-9,1&k=1000',
      strategy: 'rendezvous',
      nodes: ['a', 'b'],
      replicas: '1',
      keys: 1_000,
      notices: ['Page address: the field "w" (weights): "1e-9,1" is not valid (it needs one weight per node, each from 0.1 to 5); every weight is 1.'],
    },
    {
      fragment: '#l=en&n=x%E2%80%AEy,b&s=modulo',
      strategy: 'modulo',
      nodes: ['inv-bcn', 'inv-vlc', 'inv-gir', 'inv-lle'],
      replicas: '1',
      keys: 100_000,
      notices: [
        'Page address: the field "n" (node names): The node name "x\\u{202e}y" contains an invisible character (U+202E, zero-width or text direction); remove it: two names that look the same would hash apart. So the default nodes are shown.',
      ],
    },
  ];

  /** Flushes what the page would write to the address on leaving it (pagehide, hidden). */
  const leave = (page) =>
    page.evaluate(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide'));
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      delete document.visibilityState;
      return decodeURIComponent(location.hash);
    });

  test('a fragment with bad fields keeps the good ones, lists each dropped field and leaves the address as typed', { timeout: 120_000 }, async () => {
    for (const row of PARTIAL) {
      const { page, context, errors } = await open(row.fragment);
      const at = row.fragment;
      assert.deepEqual(Object.keys(await counts(page)), row.nodes, at);
      const total = Object.values(await counts(page)).reduce((a, b) => a + b, 0);
      assert.equal(total, row.keys, at);
      assert.equal(await page.inputValue('#strategy'), row.strategy, at);
      assert.equal(await page.inputValue('#replicas'), row.replicas, at);
      assert.ok(Number.isFinite(await figureValue(page, 'deviation')), `${at}: the deviation is not a number`);
      assert.deepEqual(await page.$$eval('#notices .notice', (l) => l.map((n) => n.textContent)), row.notices, at);
      // Not rewritten on load, not even by a write the page would flush on leaving.
      assert.equal(await leave(page), decodeURIComponent(row.fragment), at);
      // The user's first change writes the whole state, with every field that was kept.
      const other = row.strategy === 'jump' ? 'ring' : 'jump';
      await page.selectOption('#strategy', other);
      // The page writes the chapter first (`#c=…`); the typed addresses have none.
      await page.waitForFunction(() => location.hash.startsWith('#c='));
      const written = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
      assert.equal(written.get('s'), other, at);
      assert.equal(written.get('n'), row.nodes.join(','), at);
      assert.equal(written.get('r'), row.replicas, at);
      assert.equal(written.get('k'), String(row.keys), at);
      assert.deepEqual(errors, [], at);
      await context.close();
    }
  });

  /**
   * Study chapters' settings that do not fit each other: each is refused with a notice that
   * names the rule, the other fields are kept, and nothing is changed silently (the value the
   * page uses instead is never the refused one, nor a quiet swap). `kept`: fields the page must
   * still use (read from the share dialog's link of what is on screen); `gone`: pairs that
   * must not be in it; `rule`: words of the notice.
   */
  const MISFITS = [
    { fragment: 'c=replication&lay=spread&nodes=6&rf=9&l=en', kept: ['lay=spread', 'nodes=6'], gone: ['rf=9'], rule: /"rf=9".*one copy per node.*6 nodes/ },
    { fragment: 'c=replication&lay=lesson&fail=E&l=en', kept: ['lay=lesson'], gone: ['fail=E'], rule: /"fail=E".*only 4 nodes, A to D/ },
    { fragment: 'c=replication&lay=lesson&nodes=7&l=en', kept: ['lay=lesson'], gone: ['nodes=7'], rule: /"nodes=7".*4 nodes.*lay=spread/ },
    { fragment: 'c=hash-keys&n=12&qf=5&qt=3&l=en', kept: ['n=12'], gone: ['qf=5&qt=3', 'qf=3&qt=5'], rule: /"qt=3".*cannot come before its first, day 5/ },
  ];

  test('study settings that do not fit are refused with their rule, the rest kept, nothing changed silently', { timeout: 180_000 }, async () => {
    for (const row of MISFITS) {
      await lab.visit(`#${row.fragment}`, {}, async ({ page }) => {
        await settle(page);
        const notices = await page.$$eval('.notices', (l) => l.map((n) => n.textContent.trim()).filter(Boolean));
        assert.ok(notices.length > 0, `${row.fragment}: no notice`);
        assert.match(notices.join(' '), row.rule, `${row.fragment}: the notice does not state the rule: ${notices}`);
        await responsive(page);
        await page.waitForTimeout(400);
        assert.equal(new URL(page.url()).hash, `#${row.fragment}`, `${row.fragment}: the address was rewritten`);
        await page.click('#share-open');
        await page.waitForSelector('dialog#share[open]');
        const link = decodeURIComponent(await page.inputValue('#share-link'));
        for (const k of row.kept) assert.match(link, new RegExp(`[#&]${k}(&|$)`), `${row.fragment}: ${k} was not kept (${link})`);
        for (const g of row.gone) assert.ok(!new RegExp(`[#&]${g}(&|$)`).test(link), `${row.fragment}: ${g} is used (${link})`);
        await page.click('#share-close');
      });
    }
  });

  test('a rename is in the address before a reload; a pending write is flushed when the page is hidden', { timeout: 60_000 }, async () => {
    const opened = await open();
    const { page, context, errors } = opened;
    // A rename, then a reload as soon as the page has applied it (no wait for any debounce).
    await page.fill('#node-name-1', 'renamed');
    await page.press('#node-name-1', 'Enter');
    await settle(page);
    await page.reload();
    await page.waitForSelector('#app[data-state="ready"]');
    assert.equal(await page.inputValue('#node-name-1'), 'renamed');
    // A rename whose frame has not run yet is applied and written when the page is left.
    await page.fill('#node-name-2', 'left');
    await page.press('#node-name-2', 'Enter');
    assert.match(await leave(page), /n=inv-bcn,renamed,left,/);
    // A weight slider step is written after the drag's debounce, or at once when hidden.
    await settle(page);
    await page.focus('#node-weight-0');
    await page.keyboard.press('ArrowRight');
    await settle(page);
    assert.match(await leave(page), /&w=1\.1,1,1,1&/);
    assert.deepEqual(errors.filter((e) => !e.includes('favicon')), []);
    await context.close();
  });

  test('a preset chosen while a name is being typed keeps the name and is applied on the next choice', { timeout: 60_000 }, async () => {
    const { page, context, errors } = await open();
    await page.fill('#node-name-0', 'mine');
    await page.click('#preset-ring-10');
    await page.waitForSelector('#control-notices .notice', { timeout: 5_000 });
    assert.equal(
      await page.textContent('#control-notices .notice'),
      'The name you were typing was saved and "Ring, 10 virtual nodes", which would have replaced it, was not applied. Choose it again to apply it.',
    );
    assert.equal(await page.inputValue('#node-name-0'), 'mine');
    assert.deepEqual(Object.keys(await counts(page)), ['mine', 'inv-vlc', 'inv-gir', 'inv-lle']);
    assert.equal(await page.getAttribute('#preset-ring-10', 'aria-pressed'), 'false');
    assert.equal(await page.textContent('#vnodes-out'), '150');
    // Chosen again (nothing being typed now), the preset applies.
    await page.click('#preset-ring-10');
    await page.waitForSelector('#preset-ring-10[aria-pressed="true"]');
    assert.equal(await page.textContent('#vnodes-out'), '10');
    assert.equal(await page.inputValue('#node-name-0'), 'inv-bcn');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('removed nodes lower the replication factor with a notice, and returning ones restore it', { timeout: 60_000 }, async () => {
    const { page, context, errors } = await open('#l=en&r=4');
    assert.equal(await page.inputValue('#replicas'), '4');
    await page.click('#node-remove-3');
    await page.waitForSelector('#control-notices .notice', { timeout: 5_000 });
    assert.equal(await page.inputValue('#replicas'), '3');
    assert.equal(
      await page.textContent('#control-notices .notice'),
      'The replication factor is 3, not 4: 3 nodes hold no more copies. It goes back to 4 when there are enough nodes, unless you change it.',
    );
    await page.click('#add-node');
    await page.waitForSelector('#node-name-3');
    await settle(page);
    assert.equal(await page.inputValue('#replicas'), '4');
    assert.equal(await page.textContent('#control-notices .notice'), 'There are enough nodes again: the replication factor is back to 4, as you set it.');
    assert.match(await page.evaluate(() => location.hash), /&r=4&/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('user nodes named like the movement chart\'s own do not cut the chart short', { timeout: 60_000 }, async () => {
    const { page, context, errors } = await open('#l=en&n=a,node-3,node-4&k=2000&embed=movement');
    await page.waitForSelector('#movement-chart[data-points="9"]', { timeout: 30_000 });
    const rows = await page.$$eval('section[data-view="movement"] table tbody tr', (r) => r.length);
    assert.equal(rows, 9);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
