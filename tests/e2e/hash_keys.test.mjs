// Section 3, hash partitioning and compound keys (`c=hash-keys`): the lesson's four ids land
// on partitions 0, 2, 2, 1; the partitions slider (mouse and keyboard), the presets, the
// address, embed mode, bad fields, the CLI's figures, and an axe audit in both languages.
//
// Hooks: `main[data-study]`, `[data-control]`, `section[data-view]`, `[data-figure][data-value]`,
// `table[data-table] tr[data-key]`, `td[data-value]`, `#app[data-busy]`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertOnlyView, auditOpened, cliFigures, CLI, figure, useLab } from './harness.mjs';

const lab = useLab({ defaults: { height: 900, locale: 'en-GB', bypassCSP: true } });

const idle = (page) => page.waitForSelector('#app[data-busy="false"]', { timeout: 60_000 });
const scatter = (page) =>
  page.$$eval('table[data-table="scatter"] tbody tr', (rows) => rows.map((r) => [r.dataset.key, Number(r.dataset.partition)]));

describe('section 3: hash and compound keys', () => {
  test("the lesson's four orders land on partitions 0, 2, 2, 1 and the bits show why", { timeout: 90_000 }, () =>
    lab.visit('#c=hash-keys&p=lesson&l=en', async ({ page }) => {
      assert.equal(await page.getAttribute('main[data-study]', 'data-study'), 'hash-keys');
      assert.deepEqual(await scatter(page), [
        ['P-2026-000123', 0],
        ['P-2026-000124', 2],
        ['P-2026-000125', 2],
        ['P-2026-000126', 1],
      ]);
      assert.equal(await page.textContent('[data-figure="sequence"]'), '0, 2, 2, 1');
      // The first 8 bytes of MD5 and the two low bits that mod 4 keeps.
      const first = await page.$$eval('table[data-table="scatter"] tbody tr:first-child td', (tds) => tds.map((t) => t.textContent));
      assert.deepEqual(first.slice(0, 2), ['d7131e78456cea88', '…00']);
      assert.match(await page.textContent('#scatter-caption'), /lowest 2 bits/);
      assert.equal(await page.getAttribute('[data-control="p"][data-value="lesson"]', 'aria-pressed'), 'true');
    }));

  test('the partitions slider, by mouse and keyboard, re-partitions everything', { timeout: 90_000 }, () =>
    lab.visit('#c=hash-keys&l=en', async ({ page }) => {
      assert.equal(await figure(page, 'touched-hash'), 4);
      // Stop 5 is 12 partitions.
      await page.fill('#ctl-n', '5');
      await page.waitForFunction(() => document.querySelector('#ctl-n-out')?.textContent === '12');
      // The figures follow once computed, in slices after the frame that moved the slider.
      await idle(page);
      assert.equal(await figure(page, 'touched-hash'), 12);
      assert.ok((await figure(page, 'touched-range')) < 12);
      const compound = await page.$eval('tr[data-key="anna-last/client-date"]', (r) => r.dataset.partitions);
      assert.equal(compound, '1');
      assert.equal(await page.$eval('tr[data-key="anna-last/order-id"]', (r) => r.dataset.partitions), '12');
      // The keyboard moves it one stop: 16 partitions.
      await page.focus('#ctl-n');
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.querySelector('#ctl-n-out')?.textContent === '16');
      await idle(page);
      assert.equal(await figure(page, 'touched-hash'), 16);
      assert.equal(await page.getAttribute('#ctl-n', 'aria-valuetext'), '16');
      // The preset is no longer pressed, and the address holds the new state.
      assert.equal(await page.getAttribute('[data-control="p"][data-value="lesson"]', 'aria-pressed'), 'false');
      await page.waitForFunction(() => window.location.hash.includes('n=16'));
    }));

  test('a shared address reproduces the view, and the CLI prints the same figures', { timeout: 120_000 }, () => {
    const fields = 'seed=7&o=10000&d=3&n=8&from=500&count=6&qf=1&qt=2&h=31';
    return lab.visit(`#c=hash-keys&${fields}&l=en`, async (opened) => {
      const { page } = opened;
      await idle(page);
      const pageFigures = await page.$$eval('[data-figure]', (ds) => Object.fromEntries(ds.map((d) => [d.dataset.figure, Number(d.dataset.value)])));
      const growthRows = await page.$$eval('table[data-table="growth"] tbody tr', (rs) => rs.length);
      assert.equal(growthRows, 31);
      if (CLI) {
        const cli = cliFigures('hash-keys', '--seed', '7', '--orders-per-day', '10000', '--days', '3', '--partitions', '8',
          '--from', '500', '--count', '6', '--query-days', '1..2', '--horizon', '31');
        for (const [k, v] of Object.entries(pageFigures)) {
          assert.ok(Math.abs(cli[k] - v) < 1e-6, `${k}: page ${v}, CLI ${cli[k]}`);
        }
      }
      // Reloaded from its own address, the page shows the same.
      const hash = await page.evaluate(() => window.location.hash);
      await lab.load(opened, hash);
      assert.equal(await figure(page, 'touched-hash'), pageFigures['touched-hash']);
    });
  });

  test('embed mode shows one view, sized to its frame', { timeout: 90_000 }, () =>
    lab.visit('#c=hash-keys&embed=growth&l=ca', { width: 640, height: 480 }, async ({ page }) => {
      await idle(page);
      await assertOnlyView(page, 'growth', ['scatter', 'range', 'compound', 'salted']);
      assert.equal(await page.isVisible('#study-controls'), false);
      const box = await page.$eval('canvas[data-chart="growth"]', (c) => c.getBoundingClientRect().bottom);
      assert.ok(box <= 480, `the chart ends at ${box}`);
      // The month bucket starts again on 1 October.
      const oct = await page.$$eval('table[data-table="growth"] tr[data-key="2026-10-01"] td', (tds) => tds.map((t) => Number(t.dataset.value)));
      const sep30 = await page.$$eval('table[data-table="growth"] tr[data-key="2026-09-30"] td', (tds) => tds.map((t) => Number(t.dataset.value)));
      assert.ok(oct[1] < sep30[1], `bucket ${oct[1]} after ${sep30[1]}`);
      assert.ok(oct[0] > sep30[0]);
    }));

  test('bad fields keep their defaults with a notice, never a blank page', { timeout: 60_000 }, () =>
    lab.visit('#c=hash-keys&n=1&count=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&embed=nope&l=en', async ({ page }) => {
      const notices = await page.textContent('#study-notices');
      assert.match(notices, /"n" is "1"/);
      assert.match(notices, /"count"/);
      assert.equal(await page.$('img[src="x"]'), null);
      assert.equal(await figure(page, 'touched-hash'), 4);
      await page.click('#study-notices .dismiss');
      await page.waitForFunction(() => !document.querySelector('#study-notices li'));
    }));

  test('the table of contents links section 3 here', { timeout: 60_000 }, () =>
    lab.visit('#c=ring&l=en', async ({ page }) => {
      await page.click('#toc-summary');
      await page.click('#toc li[data-part="3"] a');
      await page.waitForSelector('#chapter[data-chapter="hash-keys"]');
      await page.waitForSelector('main[data-study="hash-keys"]');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'chapter-h');
    }));

  for (const lang of ['ca', 'en']) {
    test(`axe finds nothing in section 3 (${lang}, chart data open)`, { timeout: 90_000 }, () =>
      lab.visit(`#c=hash-keys&l=${lang}`, async ({ page }) => {
        await idle(page);
        assert.deepEqual(await auditOpened(page), []);
      }));
  }
});
