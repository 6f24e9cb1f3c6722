// Section 10 and exercise 2, choosing the keys (`c=choosing-keys`): the student picks a key
// and sees its costs before the lesson's verdict, which waits behind a toggle; the measured
// table reaches the verdicts; exercise 2's answer; keyboard; CLI equality; embed; axe.
//
// Hooks: `[data-control=ok|sk|vk][data-value]` (aria-pressed), `[data-figure][data-value]`,
// `table[data-table] tr[data-key]` (`data-picked`, `data-one-partition`), `details.reveal`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertOnlyView, auditOpened, cliJson, CLI, figureValue as figure, tocHrefs, useLab } from './harness.mjs';

const lab = useLab({ defaults: { height: 900, locale: 'en-GB', bypassCSP: true } });

const cell = (page, table, key, i) =>
  page.$eval(`table[data-table="${table}"] tr[data-key="${key}"]`, (r, i) => Number(r.children[i].dataset.value), i);

describe('section 10: choosing the keys', () => {
  test('a pick shows its costs; the verdict waits behind a toggle', { timeout: 120_000 }, () =>
    lab.visit('#c=choosing-keys&l=en&o=10000&d=3', async ({ page }) => {
      assert.equal(await figure(page, 'my-orders'), null, 'nothing picked yet');
      assert.equal(await page.isVisible('table[data-table="orders-verdict"]'), false, 'the verdict is hidden');
      await page.click('[data-control="ok"][data-value="comanda-id"]');
      await page.waitForSelector('[data-control="ok"][data-value="comanda-id"][aria-pressed="true"]');
      await page.waitForSelector('[data-figure="my-orders"]');
      assert.equal(await figure(page, 'my-orders'), 16);
      assert.equal(await figure(page, 'by-id'), 1);
      // Keyboard: Tab to the next key, Enter picks client_id + date.
      await page.focus('[data-control="ok"][data-value="comanda-id"]');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-control="ok"][data-value="client-date"][aria-pressed="true"]');
      await page.waitForFunction(() => document.querySelector('[data-figure="my-orders"]')?.dataset.value === '1');
      assert.equal(await page.getAttribute('tr[data-key="client-date"]', 'data-picked'), 'true');
      // Opening the verdict: client_id is chosen, by its numbers.
      await page.click('#view-orders details.reveal summary');
      await page.waitForSelector('table[data-table="orders-verdict"]', { state: 'visible' });
      assert.match(await page.textContent('table[data-table="orders-verdict"] tr[data-key="client-date"]'), /Chosen as the main key/);
      await page.waitForFunction(() => window.location.hash.includes('ok=client-date'));
    }));

  test('the measured table reaches the verdicts', { timeout: 120_000 }, () =>
    lab.visit('#c=choosing-keys&p=lesson&l=en', async ({ page }) => {
      // Columns: 1 data skew, 2 peak-hour skew, 5 my orders, 6 by id.
      const hot = await cell(page, 'orders', 'data-creacio', 2);
      for (const k of ['comanda-id', 'client-date', 'client-month', 'mercat', 'productor-id']) {
        assert.ok(hot > (await cell(page, 'orders', k, 2)), `data_creacio's peak-hour skew beats ${k}`);
      }
      assert.equal(await cell(page, 'orders', 'client-date', 5), 1);
      assert.equal(await cell(page, 'orders', 'comanda-id', 6), 1);
      assert.ok((await cell(page, 'orders', 'client-date', 1)) < (await cell(page, 'orders', 'productor-id', 1)));
      assert.ok((await cell(page, 'orders', 'productor-id', 1)) < (await cell(page, 'orders', 'mercat', 1)));
      const one = await page.$$eval('table[data-table="stock"] tbody tr', (rs) => rs.map((r) => r.dataset.onePartition));
      assert.deepEqual(one, ['true', 'true', 'false']);
      if (CLI) {
        const cli = cliJson('choosing-keys');
        const orders = cli.views.find((v) => v.view === 'orders').tables.find((t) => t.key === 'orders');
        const row = orders.rows.find((r) => r.attrs.key === 'data-creacio');
        assert.equal(row.cells[2], hot);
      }
    }));

  test("exercise 2: van + day answers (a) and (b) from one partition, (c) from an index", { timeout: 120_000 }, () =>
    lab.visit('#c=choosing-keys&l=ca&o=1000&d=1', async ({ page }) => {
      await page.click('[data-control="vk"][data-value="van"]');
      await page.waitForSelector('[data-figure="van-year"]');
      assert.ok((await figure(page, 'van-year')) > 6_000_000);
      await page.click('[data-control="vk"][data-value="van-day"]');
      await page.waitForFunction(() => Number(document.querySelector('[data-figure="van-year"]')?.dataset.value) < 20000);
      assert.equal(await figure(page, 'van-a'), 1);
      assert.equal(await figure(page, 'van-b'), 1);
      assert.equal(await figure(page, 'van-c'), 140);
      assert.equal(await figure(page, 'van-c-index'), 1);
      await page.click('#view-vans details.reveal summary');
      assert.match(await page.textContent('#view-vans details.reveal'), /repartidor_id \+ dia/);
    }));

  test('embed mode shows exercise 2 alone; the contents link it', { timeout: 120_000 }, async () => {
    await lab.visit('#c=choosing-keys&embed=vans&vk=day&l=en&o=1000&d=1', { width: 640, height: 640 }, async ({ page }) => {
      await assertOnlyView(page, 'vans', ['orders', 'stock']);
      assert.equal(await figure(page, 'van-a'), 1);
    });
    for (const href of await tocHrefs(lab, '10', 'ex2')) {
      assert.match(href, /^#c=choosing-keys&/);
    }
  });

  for (const lang of ['ca', 'en']) {
    test(`axe finds nothing in section 10 (${lang}, verdicts and chart data open)`, { timeout: 120_000 }, () =>
      lab.visit(`#c=choosing-keys&l=${lang}&p=answer&o=10000&d=2`, async ({ page }) => {
        assert.deepEqual(await auditOpened(page, 'details summary'), []);
      }));
  }
});
