// Issue #11: a readout on hover/focus of any chart point, for the bar chart (one item per
// node's bar) and the movement chart (one item per cluster size). Each readout is read
// against the chart's own data table (and the bars against the CLI), never against numbers
// written here; then axe, and the strict CSP with no violation.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CLI, audit, cliJson, recordCspViolations, settle, useLab } from './harness.mjs';

const lab = useLab({ serve: { csp: true }, defaults: { height: 900 } });
const noCli = !CLI && 'no partlab CLI binary (cargo build -p partlab-cli)';

const NODES = 'inv-bcn,inv-vlc,inv-gir';
const clean = (s) => s.replace(/\s/g, ' ');

/** The readout's text once it shows item `i`. */
async function readoutAt(page, id, i) {
  await page.waitForSelector(`#${id}[data-at="${i}"]`);
  return clean(await page.textContent(`#${id}`));
}

/** A page under the strict CSP (not bypassed) that records violations. */
async function openStrict(fragment) {
  const opened = await lab.open('', { bypassCSP: false });
  const violations = await recordCspViolations(opened.context);
  await lab.load(opened, fragment);
  return { ...opened, violations: () => violations(opened.page) };
}

describe('the bar chart readout', () => {
  for (const [lang, word, weight] of [
    ['en', 'keys', 'by its weight'],
    ['ca', 'claus', 'pel seu pes'],
    ['es', 'claves', 'por su peso'],
  ]) {
    test(`keyboard and pointer read each bar (${lang})`, { skip: noCli, timeout: 180_000 }, async () => {
      const { page, context, errors, violations } = await openStrict(`#c=ring&n=${NODES}&w=2,1,1&l=${lang}`);
      await settle(page);
      const rows = await page.$$eval('#bars-table tbody tr[data-node]', (trs) =>
        trs.map((r) => ({ node: r.dataset.node, keys: Number(r.dataset.keys), cells: [...r.cells].map((c) => c.textContent) })),
      );
      const cli = cliJson('dist', '--nodes', NODES, '--weights', 'inv-bcn=2');
      assert.deepEqual(rows.map((r) => [r.node, r.keys]), cli.nodes.map((n) => [n.name, n.keys]));
      const total = rows.reduce((a, r) => a + r.keys, 0);
      const locale = { en: 'en-US', ca: 'de-DE', es: 'de-DE' }[lang];
      const pct = (x) => clean(`${x.toFixed(1).replace('.', lang === 'en' ? '.' : ',')} %`);
      const equal = Math.round(total / rows.length).toLocaleString(locale);

      // Keyboard: the chart is in the tab order; Home, then → through every bar, End.
      assert.equal(await page.$eval('#bars-chart', (c) => c.tabIndex), 0);
      assert.match(await page.$eval('#bars-chart', (c) => c.getAttribute('aria-describedby')), /bars-readout/);
      await page.focus('#bars-chart');
      assert.equal(await page.$eval('#bars-readout', (e) => e.getAttribute('aria-live')), 'polite');
      await page.keyboard.press('Home');
      for (let i = 0; i < rows.length; i++) {
        if (i > 0) await page.keyboard.press('ArrowRight');
        const text = await readoutAt(page, 'bars-readout', i);
        const [name, keysCell, expectedCell] = rows[i].cells.map(clean);
        assert.ok(text.startsWith(`${name}: ${keysCell} ${word} (${pct((100 * rows[i].keys) / total)})`), text);
        assert.ok(text.includes(`${equal} (${pct(100 / rows.length)})`), `${text} / equal ${equal}`);
        assert.ok(text.includes(`${weight} ${expectedCell}`), `${text} / ${expectedCell}`);
      }
      await page.keyboard.press('ArrowRight');
      assert.ok((await readoutAt(page, 'bars-readout', rows.length - 1)).startsWith(rows.at(-1).node));
      await page.keyboard.press('Home');
      await readoutAt(page, 'bars-readout', 0);
      await page.keyboard.press('End');
      await readoutAt(page, 'bars-readout', rows.length - 1);

      // Pointer: the middle of each bar's slot reads that bar; a bar is drawn there.
      const box = await page.$eval('#bars-chart', (c) => {
        const r = c.getBoundingClientRect();
        const [left, right] = (c.dataset.plotX ?? '').split(' ').map(Number);
        return { x: r.x, y: r.y, w: r.width, h: r.height, left, right };
      });
      assert.ok(box.right > box.left, JSON.stringify(box));
      const slot = (box.right - box.left) / rows.length;
      for (const i of [1, 0, 2]) {
        const cx = box.left + slot * (i + 0.5);
        await page.mouse.move(box.x + cx, box.y + box.h * 0.6);
        const text = await readoutAt(page, 'bars-readout', i);
        assert.ok(text.startsWith(`${rows[i].node}: `), text);
      }
      // The canvas has bar paint (not the background) in the middle of each slot, just above
      // the axis: the hit test's slots are the drawn bars' slots.
      const painted = await page.$eval(
        '#bars-chart',
        (c, { left, right, n }) => {
          const ctx = c.getContext('2d');
          const dpr = c.width / c.getBoundingClientRect().width;
          const bg = ctx.getImageData(2, 2, 1, 1).data;
          const out = [];
          for (let i = 0; i < n; i++) {
            const x = Math.round((left + ((right - left) / n) * (i + 0.5)) * dpr);
            // Scan up from the bottom until a pixel differs from the background.
            let found = false;
            for (let y = c.height - 1; y > c.height / 3 && !found; y--) {
              const p = ctx.getImageData(x, y, 1, 1).data;
              const far = Math.abs(p[0] - bg[0]) + Math.abs(p[1] - bg[1]) + Math.abs(p[2] - bg[2]);
              const sideways = ctx.getImageData(x + Math.round(3 * dpr), y, 1, 1).data;
              const far2 = Math.abs(sideways[0] - bg[0]) + Math.abs(sideways[1] - bg[1]) + Math.abs(sideways[2] - bg[2]);
              if (far > 60 && far2 > 60 && p[0] === sideways[0] && p[1] === sideways[1] && p[2] === sideways[2]) found = true;
            }
            out.push(found);
          }
          return out;
        },
        { left: box.left, right: box.right, n: rows.length },
      );
      assert.deepEqual(painted, rows.map(() => true));
      // Leaving the chart keeps the last sentence (nothing new is announced).
      const before = await page.textContent('#bars-readout');
      await page.mouse.move(2, 2);
      await settle(page);
      assert.equal(await page.textContent('#bars-readout'), before);
      assert.deepEqual(await violations(), []);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('the movement chart readout', () => {
  test('keyboard reads each cluster size against the table; three languages differ', { timeout: 240_000 }, async () => {
    const { page, context, errors, violations } = await openStrict('#c=ring&l=en');
    await page.waitForSelector('#movement-chart[data-done="true"]', { timeout: 180_000 });
    const rows = await page.$$eval('#movement-table tbody tr[data-n]', (trs) =>
      trs.map((r) => ({ n: Number(r.dataset.n), cells: [...r.cells].map((c) => c.textContent) })),
    );
    rows.sort((a, b) => a.n - b.n);
    assert.ok(rows.length >= 5, `${rows.length} rows`);
    const head = await page.$$eval('#movement-table thead th', (t) => t.map((x) => x.textContent));
    assert.equal(await page.$eval('#movement-chart', (c) => c.tabIndex), 0);
    await page.focus('#movement-chart');
    await page.keyboard.press('Home');
    for (let i = 0; i < rows.length; i++) {
      if (i > 0) await page.keyboard.press('ArrowRight');
      const text = await readoutAt(page, 'movement-readout', i);
      const [change, ideal, ...moved] = rows[i].cells.map(clean);
      assert.ok(text.startsWith(`${change} nodes: ideal 1/(N+1) ${ideal}; `), `${text} / ${change} ${ideal}`);
      moved.forEach((m, k) => assert.ok(text.includes(`${clean(head[k + 2])} ${m}`), `${text} / ${head[k + 2]} ${m}`));
    }
    await page.keyboard.press('End');
    await readoutAt(page, 'movement-readout', rows.length - 1);
    await page.keyboard.press('ArrowLeft');
    await readoutAt(page, 'movement-readout', rows.length - 2);
    // Pointer: the chart's left edge reads the smallest cluster, its right edge the largest.
    const box = await page.$eval('#movement-chart', (c) => {
      const r = c.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    });
    await page.mouse.move(box.x + box.w * 0.02, box.y + box.h * 0.5);
    await readoutAt(page, 'movement-readout', 0);
    await page.mouse.move(box.x + box.w * 0.98, box.y + box.h * 0.5);
    await readoutAt(page, 'movement-readout', rows.length - 1);
    const en = await page.textContent('#movement-readout');
    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors, []);
    await context.close();

    // The same item in Catalan and Spanish: other words, other decimal separator.
    const texts = [en];
    for (const l of ['ca', 'es']) {
      const o = await lab.open(`#c=ring&l=${l}`);
      await o.page.waitForSelector('#movement-chart[data-done="true"]', { timeout: 180_000 });
      await o.page.focus('#movement-chart');
      await o.page.keyboard.press('End');
      texts.push(await readoutAt(o.page, 'movement-readout', rows.length - 1));
      assert.deepEqual(o.errors, []);
      await o.context.close();
    }
    assert.equal(new Set(texts.map(clean)).size, 3, texts.join(' | '));
    assert.match(clean(texts[1]), /nodes: ideal 1\/\(N\+1\) \d+,\d %/);
    assert.match(clean(texts[2]), /nodos: ideal 1\/\(N\+1\) \d+,\d %/);
  });
});

describe('readouts and accessibility', () => {
  test('axe finds nothing with every readout showing an item', { timeout: 240_000 }, async () => {
    const { page, context, errors } = await lab.open(`#c=ring&n=${NODES}&w=2,1,1&l=en`, { bypassCSP: true });
    await page.waitForSelector('#movement-chart[data-done="true"]', { timeout: 180_000 });
    await page.waitForSelector('#deviation-chart[data-done="true"]', { timeout: 180_000 });
    for (const id of ['bars', 'deviation', 'movement']) {
      await page.focus(`#${id}-chart`);
      await page.keyboard.press('End');
      await page.waitForSelector(`#${id}-readout[data-at]:not([data-at=""])`);
    }
    assert.deepEqual(await audit(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
