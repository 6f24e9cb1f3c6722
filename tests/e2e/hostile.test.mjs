// Hostile input beyond the lab tests' list: truncated and deeply nested fragments, script-like
// and huge names typed into the page. Each gets a clear message or is shown as plain text;
// the page keeps its last valid state, executes nothing and stays responsive.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { keysPerNode as counts, useLab } from './harness.mjs';

// One browser and one server (with the CSP header) for the file; pages in English unless
// the fragment says otherwise.
const lab = useLab({ serve: { csp: true }, defaults: { height: 900 } });
const open = (fragment = '#l=en') => lab.open(fragment);

/** The page still answers: a round trip through its event loop (a frozen tab never returns,
 *  and the test's own timeout reports it; no timing is asserted here). */
async function responsive(page) {
  assert.equal(await page.evaluate(() => new Promise((r) => setTimeout(() => r('alive'), 0))), 'alive');
}

describe('hostile input', () => {
  test('truncated and deeply nested fragments fall back with a notice', { timeout: 120_000 }, async () => {
    const fragments = [
      '#s=ring&n=inv-bcn,inv-v',
      '#n=inv-bcn,inv-vlc&w=2,',
      '#n=%E2%82',
      '#n=inv%',
      '#k=',
      '#&&&&=&=&==',
      `#n=${'['.repeat(5_000)}${']'.repeat(5_000)}`,
      `#${'a=b&'.repeat(20_000)}`,
      `#n=${encodeURIComponent(JSON.stringify(JSON.parse('['.repeat(500) + ']'.repeat(500))))}`,
    ];
    for (const fragment of fragments) {
      const { page, context, errors } = await open(fragment);
      const table = await counts(page);
      const total = Object.values(table).reduce((a, b) => a + b, 0);
      assert.ok(total > 0, `no figures for ${fragment.slice(0, 40)}`);
      assert.equal(await page.$$eval('#app img, #app script', (e) => e.length), 0);
      await responsive(page);
      assert.deepEqual(errors, [], fragment.slice(0, 40));
      await context.close();
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
    // A 10 000-character name: the field keeps at most 64 characters (the core's limit)…
    await page.fill('#node-name-0', 'x'.repeat(10_000));
    await page.press('#node-name-0', 'Enter');
    const kept = 'x'.repeat(64);
    await page.waitForSelector(`#dist-table tr[data-node="${kept}"]`, { timeout: 5_000 });
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
});
