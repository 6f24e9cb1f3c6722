// What a screen reader gets in the hashing chapters: one short live sentence per change (not
// the whole figures panel), each per-node control named with its node, a distinct name for
// each chart's data table, and each canvas described by what it shows now. The sentences are
// checked word for word against the CLI's figures.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { audit, cliJson, useLab } from './harness.mjs';

const lab = useLab({ defaults: { height: 900, bypassCSP: true } });
const NODES = 'inv-bcn,inv-vlc,inv-gir,inv-lle';
const pct = (x, digits = 1) => `${x.toFixed(digits)} %`;
const text = (page, sel) => page.$eval(sel, (e) => e.textContent.replace(/\u00a0/g, ' '));
const announced = (page, want) =>
  page
    .waitForFunction((w) => document.getElementById('announce')?.textContent.replace(/\u00a0/g, ' ') === w, want, { timeout: 20_000 })
    .catch(async () => assert.equal(await text(page, '#announce'), want));

describe('screen readers', () => {
  test('one sentence per change, checked against the CLI', { timeout: 120_000 }, () =>
    lab.visit('#c=ring&l=en', async ({ page }) => {
      const four = cliJson('dist', '--nodes', NODES, '--vnodes', '150');
      await announced(page, `100,000 keys on 4 nodes; deviation ${pct(four.deviation_pct)}.`);
      // The figures panel is no live region any more: only #announce speaks.
      assert.equal(await page.getAttribute('#figures-panel', 'aria-live'), null);
      assert.deepEqual(
        await page.$$eval('[aria-live]', (es) => es.map((e) => e.id)).then((ids) => ids.filter((id) => id === 'announce')),
        ['announce'],
      );

      await page.click('#add-node');
      const five = cliJson('dist', '--nodes', `${NODES},inv-tar`, '--vnodes', '150');
      const join = cliJson('move', '--nodes', NODES, '--to', `${NODES},inv-tar`, '--vnodes', '150');
      await announced(
        page,
        `inv-tar joined: ${pct(join.moved_fraction * 100)} of the keys moved, all to inv-tar; deviation ${pct(four.deviation_pct)} → ${pct(five.deviation_pct)}.`,
      );

      // A weight step with the keyboard: the node and both weights are named.
      await page.focus('#node-list [data-role="weight"][data-idx="1"]');
      await page.keyboard.press('ArrowLeft');
      await page.waitForFunction(() => document.getElementById('announce')?.textContent.startsWith('weight of node inv-vlc 1 → 0.9: '));

      // Per-node controls say which node they belong to.
      const names = await page.$$eval('#node-list [data-role="weight"]', (es) => es.map((e) => e.getAttribute('aria-label')));
      assert.deepEqual(names, ['inv-bcn', 'inv-vlc', 'inv-gir', 'inv-lle', 'inv-tar'].map((n) => `Weight of node ${n}`));
      const boxes = await page.$$eval('#node-list [data-role="name"]', (es) => es.map((e) => e.getAttribute('aria-label')));
      assert.deepEqual(boxes, [1, 2, 3, 4, 5].map((i) => `Name of node ${i}`));
      // Four chart-data tables, four names.
      const summaries = await page.$$eval('[id$="-table-summary"]', (es) => es.map((e) => e.getAttribute('aria-label')));
      assert.equal(new Set(summaries).size, summaries.length, JSON.stringify(summaries));
      assert.ok(summaries.every((s) => s.startsWith('Chart data: ')), JSON.stringify(summaries));
      // Canvases described by what they show now.
      const ringDesc = await text(page, '#ring-desc');
      assert.match(ringDesc, /5 nodes/);
      assert.match(await text(page, '#bars-desc'), /^inv-bcn [\d,]+ \(/);
      assert.match(await text(page, '#deviation-desc'), /^Now: 150 virtual nodes, deviation /);
      assert.deepEqual(await audit(page), []);
    }));

  test('in Catalan too', { timeout: 60_000 }, () =>
    lab.visit('#c=ring&l=ca', async ({ page }) => {
      await page.click('#add-node');
      await page.waitForFunction(() => /^inv-tar ha entrat: s'han mogut el [\d,]+ % de les claus, totes cap a inv-tar; desviació /.test(document.getElementById('announce')?.textContent.replace(/\u00a0/g, ' ') ?? ''));
      assert.equal(await page.getAttribute('#node-list [data-role="weight"][data-idx="0"]', 'aria-label'), 'Pes del node inv-bcn');
    }));

  test('and in Spanish', { timeout: 60_000 }, () =>
    lab.visit('#c=ring&l=es', async ({ page }) => {
      await page.click('#add-node');
      await page.waitForFunction(() => /^inv-tar ha entrado: se ha movido el [\d,]+ % de las claves, todas hacia inv-tar; desviación /.test(document.getElementById('announce')?.textContent.replace(/\u00a0/g, ' ') ?? ''));
      assert.equal(await page.getAttribute('#node-list [data-role="weight"][data-idx="0"]', 'aria-label'), 'Peso del nodo inv-bcn');
    }));
});
