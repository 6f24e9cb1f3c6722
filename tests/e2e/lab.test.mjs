// The browser lab, end to end: figures, sliders, presets against the lesson, node changes
// and moved keys, the URL round trip, hostile input, embed mode, charts, screenshots.
// Run after the site is built (scripts/test.sh does everything).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CLI, cliJson, figureValue as figure, keysPerNode as counts, screenshot, settle, useLab } from './harness.mjs';

// The lesson's own figures (its section 6 tables, section 5 and the exercises), typed in
// from the lesson text: the oracle the lab must reproduce.
const LESSON = {
  'mod-4-5': { moved: 80.0 },
  'mod-5-6': { moved: 83.3 },
  'mod-10-11': { moved: 91.0 },
  'mod-4-8': { moved: 49.7 },
  'ring-1': { deviation: 106.4, counts: { 'inv-lle': 70171, 'inv-gir': 13875, 'inv-bcn': 14486, 'inv-vlc': 1468 } },
  'ring-10': { deviation: 35.7, counts: { 'inv-bcn': 32315, 'inv-gir': 32959, 'inv-vlc': 10845, 'inv-lle': 23881 } },
  'ring-150': { deviation: 6.3, counts: { 'inv-bcn': 24275, 'inv-gir': 27571, 'inv-vlc': 24835, 'inv-lle': 23319 } },
  'ring-500': { deviation: 4.6 },
  'ring-1000': { deviation: 2.3 },
  'ring-join': { moved: 19.2 },
  'ring-leave': { moved: 24.8, counts: { 'inv-bcn': 32671, 'inv-gir': 37988, 'inv-lle': 29341 } },
  weighted: { counts: { 'inv-bcn': 48242, 'inv-vlc': 26503, 'inv-gir': 25255 } },
  rendezvous: { moved: 16.7, replicaSets: 50.0 },
};
const WITH_CHANGE = new Set(['mod-4-5', 'mod-5-6', 'mod-10-11', 'mod-4-8', 'ring-join', 'ring-leave', 'rendezvous']);

// One browser and one server for the file; pages in British English unless a test says otherwise.
const { open } = useLab({ defaults: { locale: 'en-GB' } });

const figureText = (page, name) => page.$eval(`[data-figure="${name}"] .value`, (d) => d.textContent);

async function applyPreset(page, id) {
  // Presets live in their chapter: go through the chapter bar to the one that offers it.
  for (const slug of ['', 'mod-n', 'ring', 'rendezvous']) {
    if (slug) {
      await page.click(`a[data-chapter="${slug}"]`);
      await page.waitForSelector(`#chapter[data-chapter="${slug}"]`);
    }
    if (await page.$(`#preset-${id}`)) break;
  }
  await page.click(`#preset-${id}`);
  await page.waitForSelector(`#preset-${id}[aria-pressed="true"]`);
  await page.waitForSelector('#app[data-pending-change="false"]', { timeout: 10_000 });
  await settle(page);
}

const near = (actual, expected, tolerance, what) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} is not ${expected} ± ${tolerance}`);

describe('the lab page', () => {
  test('loads the lesson ring with no console error, in Catalan and in English', { timeout: 60_000 }, async () => {
    for (const [locale, text] of [
      ['ca-ES', '6,3\u00a0%'],
      ['en-GB', '6.3\u00a0%'],
    ]) {
      const { page, errors, context } = await open('', { locale });
      assert.deepEqual(await counts(page), LESSON['ring-150'].counts);
      assert.equal(await figureText(page, 'deviation'), text);
      assert.equal(await page.getAttribute('html', 'lang'), locale.slice(0, 2));
      await page.waitForSelector('#deviation-chart[data-points="11"]', { timeout: 30_000 });
      await page.waitForSelector('#movement-chart[data-points="9"]', { timeout: 30_000 });
      await screenshot(page, `desktop-${locale.slice(0, 2)}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test('the language switch changes every text and number format', { timeout: 30_000 }, async () => {
    const { page, errors, context } = await open('', { locale: 'en-GB' });
    await page.selectOption('#lang', 'ca');
    await page.waitForFunction(() => document.documentElement.lang === 'ca');
    assert.equal(await page.textContent('#ring-h'), "L'anell");
    assert.equal(await figureText(page, 'deviation'), '6,3\u00a0%');
    await page.waitForFunction(() => location.hash.includes('l=ca'));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('node rows made ahead of a join speak the language on screen, each with its own ids', { timeout: 60_000 }, async () => {
    const { page, errors, context } = await open('', { locale: 'en-GB' });
    // Rows are copied ahead of need when the page is idle: let that happen in English first.
    const idle = () => page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve())));
    await idle();
    const rows = () =>
      page.$$eval('#node-list > li', (lis) =>
        lis.map((li) => ({
          labels: [...li.querySelectorAll('label')].map((l) => l.textContent),
          remove: li.querySelector('[data-role=remove]')?.textContent,
          ids: [...li.querySelectorAll('[id]')].map((e) => e.id),
        })),
      );
    await page.selectOption('#lang', 'ca');
    await page.waitForFunction(() => document.documentElement.lang === 'ca');
    await settle(page);
    for (const r of await rows()) {
      assert.deepEqual([r.labels, r.remove], [['Nom', 'Pes'], 'Treu'], JSON.stringify(r));
    }
    await idle();
    for (const n of [5, 6]) {
      await page.click('#add-node');
      await page.waitForSelector(`#node-name-${n - 1}`);
      await settle(page);
      const all = await rows();
      assert.equal(all.length, n);
      for (const r of all) assert.deepEqual([r.labels, r.remove], [['Nom', 'Pes'], 'Treu'], JSON.stringify(r));
      const ids = all.flatMap((r) => r.ids);
      assert.equal(new Set(ids).size, ids.length, `ids repeated: ${ids}`);
      assert.ok(ids.includes(`node-remove-${n - 1}`), `${ids}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the vnodes and weight sliders change the figures', { timeout: 60_000 }, async () => {
    const { page, errors, context } = await open();
    const start = await counts(page);
    // vnodes: 150 → 1000 (three stops up) with the keyboard.
    await page.focus('#vnodes');
    for (const key of ['ArrowRight', 'ArrowRight', 'End']) {
      await page.keyboard.press(key);
      await settle(page);
    }
    assert.equal(await page.textContent('#vnodes-out'), '1,000');
    near(await figure(page, 'deviation'), 2.3, 0.05, 'deviation at 1000 vnodes');
    assert.notDeepEqual(await counts(page), start);
    // A weight: inv-bcn to 2.0 gets about 40 % of the keys.
    await page.focus('#node-weight-0');
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    await settle(page);
    assert.equal(await page.textContent('#node-weight-out-0'), '2.0');
    const c = await counts(page);
    const share = c['inv-bcn'] / Object.values(c).reduce((a, b) => a + b, 0);
    near(share, 0.4, 0.02, 'inv-bcn share with weight 2');
    assert.ok((await figure(page, 'moved')) > 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('every lesson preset shows the lesson figures', { timeout: 120_000 }, async () => {
    const { page, errors, context } = await open();
    for (const [id, want] of Object.entries(LESSON)) {
      await applyPreset(page, id);
      if (want.counts) assert.deepEqual(await counts(page), want.counts, id);
      if (want.moved !== undefined) {
        assert.ok(WITH_CHANGE.has(id), id);
        near(await figure(page, 'moved'), want.moved, 0.051, `${id} moved`);
        const lesson = await page.textContent('[data-lesson="moved"]');
        assert.match(lesson, new RegExp(want.moved.toFixed(1).replace('.', '[.,]')), id);
      }
      if (want.replicaSets !== undefined) near(await figure(page, 'replica-sets'), want.replicaSets, 0.1, `${id} replica sets`);
      if (want.deviation !== undefined) {
        near(await figure(page, 'deviation'), want.deviation, 0.05, `${id} deviation`);
        await page.waitForSelector('[data-lesson="deviation"]');
      }
    }
    // Rendezvous exercise, before the change: the lesson's 0.3 % deviation.
    const rv = await open('#p=rendezvous&s=rendezvous&n=n1,n2,n3,n4,n5&r=3');
    near(await figure(rv.page, 'deviation'), 0.3, 0.05, 'rendezvous deviation');
    await rv.context.close();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the lesson\'s note, column and figure notes begin with a capital in every language', { timeout: 60_000 }, async () => {
    for (const l of ['ca', 'en', 'es']) {
      const { page, errors, context } = await open(`#c=ring&p=ring-150&l=${l}`);
      await page.waitForSelector('[data-lesson="deviation"]');
      const texts = [
        await page.textContent('#lesson-note'),
        ...(await page.$$eval('#dist-table thead th', (ths) => ths.map((t) => t.textContent))),
        await page.textContent('[data-lesson="deviation"]'),
      ];
      for (const t of texts) assert.match(t, /^\p{Lu}/u, `${l}: "${t}"`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test('the figures equal the CLI\'s --json output for the same configuration', { skip: !CLI && 'no partlab CLI binary (cargo build)', timeout: 60_000 }, async () => {
    const cases = [
      { fragment: '#s=ring&n=inv-bcn,inv-vlc,inv-gir,inv-lle&w=2,1,0.5,1&v=20&k=20000', args: ['--strategy', 'ring', '--vnodes', '20', '--keys', '20000', '--weights', 'inv-bcn=2,inv-gir=0.5'] },
      { fragment: '#s=rendezvous&n=a,b,c&w=1.5,1,1&k=50000', args: ['--strategy', 'rendezvous', '--keys', '50000', '--weights', 'a=1.5'] },
      { fragment: '#s=jump&n=a,b,c,d,e&k=10000', args: ['--strategy', 'jump', '--keys', '10000'] },
      { fragment: '#s=modulo&n=a,b,c&k=1000', args: ['--strategy', 'modulo', '--keys', '1000'] },
    ];
    for (const c of cases) {
      const nodes = new URLSearchParams(c.fragment.slice(1)).get('n');
      const cli = cliJson('dist', '--nodes', nodes, ...c.args);
      const { page, errors, context } = await open(c.fragment);
      assert.deepEqual(await counts(page), cli.counts, c.fragment);
      near(await figure(page, 'deviation'), cli.deviation_pct, 0.0001, `${c.fragment} deviation`);
      near(await figure(page, 'peak'), cli.peak_to_mean, 0.0001, `${c.fragment} peak-to-mean`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test('adding and removing a node highlights the moved keys and reports the moved fraction', { timeout: 60_000 }, async () => {
    const { page, errors, context } = await open();
    assert.equal(await page.getAttribute('#ring', 'data-moved-dots'), '0');
    const legend = () =>
      page.$$eval('#legend li', (lis) => lis.map((li) => [li.textContent, li.querySelector('.swatch')?.style.getPropertyValue('--swatch')]));
    const swatches = new Map(await legend());
    assert.equal(swatches.size, 4);
    await page.click('#add-node');
    await page.waitForSelector('#node-name-4');
    await settle(page);
    assert.equal(await page.inputValue('#node-name-4'), 'inv-tar');
    near(await figure(page, 'moved'), 19.2, 0.05, 'moved by inv-tar joining');
    near(await figure(page, 'ideal'), 20.0, 0.001, 'ideal for a join');
    const joinFlow = await page.$$eval('#flow-table tr[data-from]', (rows) => rows.map((r) => [r.dataset.from, r.dataset.to]));
    assert.equal(joinFlow.length, 4);
    assert.ok(joinFlow.every(([, to]) => to === 'inv-tar'), JSON.stringify(joinFlow));
    const moved = Number(await page.getAttribute('#ring', 'data-moved-dots'));
    assert.ok(moved > 150 && moved < 450, `moved dots: ${moved}`);
    // The keys-per-node table gains and loses rows in place: each time, one row per node of
    // the list, in its order, each named in its header cell, the counts adding up.
    const tableMatchesNodes = async (when) => {
      const names = await page.$$eval('#node-list input[id^="node-name-"]', (inputs) => inputs.map((i) => i.value));
      const rows = await page.$$eval('#dist-table tbody tr', (trs) =>
        trs.map((tr) => ({ node: tr.dataset.node, keys: Number(tr.dataset.keys), head: tr.querySelector('th')?.textContent })),
      );
      assert.deepEqual(rows.map((r) => r.node), names, `${when}: table rows = node list`);
      assert.deepEqual(rows.map((r) => r.head), names, `${when}: each row names its node`);
      assert.equal(rows.reduce((a, r) => a + r.keys, 0), 100_000, `${when}: every key counted once`);
      // The legend under the ring (updated item by item): the same names in the same order,
      // each node keeping its colour, no two nodes alike.
      const items = await legend();
      assert.deepEqual(items.map(([name]) => name), names, `${when}: legend = node list`);
      for (const [name, swatch] of items) {
        assert.ok(swatch, `${when}: ${name} has a swatch`);
        if (swatches.has(name)) assert.equal(swatch, swatches.get(name), `${when}: ${name} keeps its colour`);
      }
      assert.equal(new Set(items.map(([, swatch]) => swatch)).size, items.length, `${when}: colours differ`);
    };
    await tableMatchesNodes('after the join');
    await screenshot(page, 'node-joined');
    // inv-vlc leaves (the lesson's 24.8 % from 4 nodes; here from 5).
    await page.click('#node-remove-1');
    await page.waitForFunction(() => !document.querySelector('#node-name-4'));
    await settle(page);
    const leaveFlow = await page.$$eval('#flow-table tr[data-from]', (rows) => rows.map((r) => r.dataset.from));
    assert.ok(leaveFlow.length >= 3 && leaveFlow.every((f) => f === 'inv-vlc'), JSON.stringify(leaveFlow));
    await tableMatchesNodes('after inv-vlc left');
    const m = await figure(page, 'moved');
    near(m, await figure(page, 'ideal'), 0.001, 'a leave on the ring moves exactly the leaver keys');
    assert.ok(Number(await page.getAttribute('#ring', 'data-moved-dots')) > 100);
    // A rename: the legend says the new name, in the node's colour.
    const bcn = swatches.get('inv-bcn');
    await page.fill('#node-name-0', 'inv-bcn-2');
    await page.press('#node-name-0', 'Enter');
    await page.waitForSelector('#dist-table tr[data-node="inv-bcn-2"]');
    await settle(page);
    swatches.set('inv-bcn-2', bcn);
    await tableMatchesNodes('after a rename');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the URL fragment round-trips: a reload shows the same figures', { timeout: 60_000 }, async () => {
    const { page, errors, context } = await open();
    await page.selectOption('#strategy', 'rendezvous');
    await settle(page);
    await page.focus('#node-weight-2');
    await page.keyboard.press('ArrowRight');
    await page.fill('#key-input', 'P-2026-000042');
    await page.click('#find');
    await page.waitForSelector('[data-path="owner"]');
    await page.waitForFunction(() => location.hash.includes('s=rendezvous') && location.hash.includes('key='));
    const url = page.url();
    const figures = await counts(page);
    const owner = await page.textContent('[data-path="owner"]');
    const again = await open(new URL(url).hash);
    assert.deepEqual(await counts(again.page), figures);
    assert.equal(await again.page.textContent('[data-path="owner"]'), owner);
    assert.equal(await again.page.inputValue('#strategy'), 'rendezvous');
    assert.equal(new URL(again.page.url()).hash, new URL(url).hash);
    // Editing the address in place (hashchange) loads that state too.
    await again.page.evaluate(() => {
      location.hash = '#p=ring-10';
    });
    await again.page.waitForFunction(() => document.querySelector('#vnodes-out')?.textContent === '10');
    await settle(again.page);
    assert.deepEqual(await counts(again.page), LESSON['ring-10'].counts);
    assert.deepEqual([...errors, ...again.errors], []);
    await again.context.close();
    await context.close();
  });

  test('selecting a key by clicking a dot shows its path', { timeout: 30_000 }, async () => {
    const { page, errors, context } = await open();
    assert.equal(await page.$('[data-path="md5"]'), null, 'a key is selected before any click');
    // The page says where it drew the first sample key (CSS pixels inside the canvas).
    const at = await page.getAttribute('#ring', 'data-first-dot');
    assert.match(at ?? '', /^\d+(\.\d+)?,\d+(\.\d+)?$/, `data-first-dot is ${at}`);
    const [x, y] = at.split(',').map(Number);
    await page.click('#ring', { position: { x, y } });
    await page.waitForSelector('[data-path="md5"]', { timeout: 5_000 }).catch(() => {
      throw new Error(`a click on the first dot (${at}) selected no key`);
    });
    assert.match(await page.textContent('[data-path="md5"]'), /^[0-9a-f]{32}$/);
    assert.match(await page.textContent('[data-path="key"]'), /^P-2026-\d{6}$/);
    // The keyboard reaches the dots too: arrows step to the next key clockwise.
    const angle = async () => Number.parseFloat(await page.textContent('[data-path="angle"]'));
    const first = await angle();
    await page.focus('#ring');
    await page.keyboard.press('ArrowRight');
    await settle(page);
    const second = await angle();
    assert.ok(second > first || second < 1, `ArrowRight went from ${first}° to ${second}°`);
    await page.keyboard.press('ArrowLeft');
    await settle(page);
    assert.equal(await angle(), first);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-path="key"]', { state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('hostile fragments and names: a notice, the defaults, nothing executed', { timeout: 90_000 }, async () => {
    const hostile = [
      '#<img src=x onerror=alert(1)>',
      '#n=a%FF%FE,b',
      '#w=NaN,1,1,1',
      '#w=1e308,-1,1,1',
      '#v=1e9',
      '#k=99999999999',
      '#n=a,a',
      `#n=${'x'.repeat(10_000)}`,
      `#${'a'.repeat(1 << 20)}`,
      '#s=%22%3B%20alert(1)%2F%2F',
    ];
    for (const fragment of hostile) {
      const { page, errors, context } = await open(fragment);
      await page.waitForSelector('.notice', { timeout: 5_000 }).catch(() => {
        throw new Error(`no notice for ${fragment.slice(0, 40)}`);
      });
      assert.deepEqual(await counts(page), LESSON['ring-150'].counts, fragment.slice(0, 40));
      assert.equal(await page.$$eval('#app img, #app script', (e) => e.length), 0);
      assert.deepEqual(errors, [], fragment.slice(0, 40));
      await context.close();
    }
    const { page, errors, context } = await open();
    // A name that looks like markup is shown as text.
    const evil = '<img src=x onerror=alert(1)>';
    await page.fill('#node-name-0', evil);
    await page.press('#node-name-0', 'Enter');
    await page.waitForSelector(`#dist-table tr[data-node="${evil}"]`);
    assert.equal(await page.$$eval('#app img', (e) => e.length), 0);
    assert.equal(await page.textContent('#dist-table tbody th'), evil);
    // Invalid input keeps the last valid state, with an inline message.
    const before = await counts(page);
    for (const bad of ['', '   ', 'inv-vlc']) {
      await page.fill('#node-name-0', bad);
      await page.press('#node-name-0', 'Enter');
      await page.waitForSelector('.notice', { timeout: 5_000 }).catch(() => {
        throw new Error(`no notice for the name ${JSON.stringify(bad)}`);
      });
      assert.deepEqual(await counts(page), before, JSON.stringify(bad.slice(0, 10)));
      assert.equal(await page.inputValue('#node-name-0'), evil);
      await page.click('.dismiss');
      await page.waitForSelector('.notice', { state: 'detached' });
    }
    await page.fill('#replicas', '9');
    await page.press('#replicas', 'Enter');
    await page.waitForSelector('.notice', { timeout: 5_000 });
    assert.equal(await page.inputValue('#replicas'), '1');
    await page.fill('#key-input', 'k'.repeat(300));
    await page.click('#find');
    assert.deepEqual(await counts(page), before);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('embed mode shows only its view, sized to the frame', { timeout: 90_000 }, async () => {
    for (const view of ['ring', 'figures', 'bars', 'deviation', 'movement']) {
      const { page, errors, context } = await open(`#p=ring-join&embed=${view}`, { width: 640, height: 480 });
      const visible = await page.$$eval('section', (s) =>
        s.filter((e) => e.getBoundingClientRect().height > 0).map((e) => e.dataset.view ?? e.id),
      );
      assert.deepEqual(visible, [view]);
      // The title stays for screen readers only; the language switch is gone.
      const header = await page.$eval('header.top', (h) => h.getBoundingClientRect().height);
      assert.ok(header <= 1, `header is ${header} px tall`);
      assert.equal(await page.isVisible('#lang'), false);
      assert.equal(await page.isVisible('#controls'), false);
      const size = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]);
      assert.ok(size[0] <= 640 && size[1] <= 480, `page overflows its frame: ${size}`);
      if (view === 'deviation') await page.waitForSelector('#deviation-chart[data-points="11"]', { timeout: 30_000 });
      if (view === 'movement') await page.waitForSelector('#movement-chart[data-points="9"]', { timeout: 30_000 });
      await screenshot(page, `embed-${view}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test('chart sweeps run in slices: each point arrives in a task of its own', { timeout: 60_000 }, async () => {
    // Structural, not timed (speed is the benchmark's job): a sweep computed in one task
    // would show 0 points, then all of them; a sliced one shows every count in between.
    const { page, context } = await open('', {
      initScript: () => {
        window.__points = { deviation: [], movement: [] };
        new MutationObserver((records) => {
          for (const r of records) {
            const which = r.target.id === 'deviation-chart' ? 'deviation' : r.target.id === 'movement-chart' ? 'movement' : null;
            if (which) window.__points[which].push(Number(r.target.getAttribute('data-points')));
          }
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-points'] });
      },
    });
    await page.waitForSelector('#deviation-chart[data-points="11"]', { timeout: 30_000 });
    await page.waitForSelector('#movement-chart[data-points="9"]', { timeout: 30_000 });
    const seen = await page.evaluate(() => window.__points);
    const distinct = (list) => new Set(list.filter((n) => n > 0)).size;
    assert.ok(distinct(seen.deviation) >= 6, `deviation points arrived as ${JSON.stringify(seen.deviation)}`);
    assert.ok(distinct(seen.movement) >= 5, `movement points arrived as ${JSON.stringify(seen.movement)}`);
    await context.close();
  });

  test('the ring and the charts are not blank', { timeout: 60_000 }, async () => {
    const { page, errors, context } = await open();
    await page.waitForSelector('#deviation-chart[data-points="11"]', { timeout: 30_000 });
    await page.waitForSelector('#movement-chart[data-points="9"]', { timeout: 30_000 });
    for (const id of ['ring', 'bars-chart', 'deviation-chart', 'movement-chart']) {
      const stats = await page.$eval(`#${id}`, (c) => {
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const colours = new Set();
        let ink = 0;
        for (let i = 0; i < d.length; i += 4) {
          const bg = d[i] > 245 && d[i + 1] > 245 && d[i + 2] > 245;
          if (!bg) ink++;
          if (i % 64 === 0) colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
        }
        return { ink: ink / (d.length / 4), colours: colours.size, w: c.width };
      });
      assert.ok(stats.w > 100, `${id} width ${stats.w}`);
      assert.ok(stats.ink > 0.01, `${id} is nearly blank: ${JSON.stringify(stats)}`);
      assert.ok(stats.colours >= 4, `${id} has too few colours: ${JSON.stringify(stats)}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the ring's label sits above its top, in the text colour, light and dark and on a phone", { timeout: 60_000 }, async () => {
    for (const options of [{}, { dark: true }, { width: 390, height: 844 }]) {
      const { page, errors, context } = await open('#p=ring-10', options);
      await page.waitForFunction(() => document.getElementById('ring')?.getAttribute('data-dots'));
      await settle(page);
      // Above the ring's top, in a band as wide as the label, nothing but the label is drawn:
      // count the pixels far from the background there, and those near the page's text colour.
      const ink = await page.$eval('#ring', (c) => {
        const ctx = c.getContext('2d');
        const bg = ctx.getImageData(2, 2, 1, 1).data;
        const text = getComputedStyle(c).color.match(/\d+/g).map(Number);
        const w = Math.min(c.width, Math.round((70 * c.width) / c.clientWidth));
        const h = Math.round(c.height * 0.05);
        const d = ctx.getImageData(Math.round(c.width / 2 - w / 2), 0, w, h).data;
        let far = 0;
        let textLike = 0;
        for (let i = 0; i < d.length; i += 4) {
          const off = Math.abs(d[i] - bg[0]) + Math.abs(d[i + 1] - bg[1]) + Math.abs(d[i + 2] - bg[2]);
          if (off > 200) far++;
          if (Math.abs(d[i] - text[0]) + Math.abs(d[i + 1] - text[1]) + Math.abs(d[i + 2] - text[2]) < 60) textLike++;
        }
        return { far, textLike, w, h };
      });
      assert.ok(ink.far >= 20 && ink.textLike >= 6, `no label at the ring's top (${JSON.stringify(options)}): ${JSON.stringify(ink)}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test('screenshots: phone, dark scheme, high-DPI', { timeout: 60_000 }, async () => {
    const phone = await open('#p=ring-leave', { width: 360, height: 740 });
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(overflow <= 360, `the phone layout is ${overflow} px wide`);
    await screenshot(phone.page, 'phone-360');
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
    const dark = await open('#p=weighted', { dark: true });
    await dark.page.waitForSelector('#deviation-chart[data-points="11"]', { timeout: 30_000 });
    const bg = await dark.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.notEqual(bg, 'rgb(242, 244, 247)');
    await screenshot(dark.page, 'desktop-dark');
    assert.deepEqual(dark.errors, []);
    await dark.context.close();
  });
});
