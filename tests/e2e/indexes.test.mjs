// Section 4, local and global secondary indexes (`c=indexes`): the lesson's 12 partitions at
// 1 % give 11.4 %; the partitions slider changes who answers a read; the simulation fills in;
// a slow consumer makes the asynchronous index lag; the CLI agrees; embed; axe in both languages.
//
// Hooks: `[data-control]`, `section[data-view]`, `[data-figure][data-value]`,
// `table[data-table] tr[data-key]` (`data-read-partitions`, `data-write-partitions`),
// `#app[data-busy]`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertOnlyView, auditOpened, cliJson, CLI, figure, useLab } from './harness.mjs';

const lab = useLab({ defaults: { height: 900, locale: 'en-GB', bypassCSP: true } });

const idle = (page) => page.waitForSelector('#app[data-busy="false"]', { timeout: 90_000 });
const readParts = (page, scheme) =>
  page.$eval(`table[data-table="indexes"] tr[data-key="${scheme}"]`, (r) => Number(r.dataset.readPartitions));

describe('section 4: local and global indexes', () => {
  test("the lesson's 12 partitions at 1 % give 11.4 %, and the simulation agrees", { timeout: 120_000 }, () =>
    lab.visit('#c=indexes&p=lesson&l=ca', async ({ page }) => {
      assert.equal(await page.getAttribute('main[data-study]', 'data-study'), 'indexes');
      const f = await figure(page, 'formula-12');
      assert.equal(f.toFixed(5), '0.11362');
      assert.equal((await page.textContent('[data-figure="formula-12"]')).trim(), '11,4\u00a0%');
      await idle(page);
      const sim = await figure(page, 'simulated-n');
      assert.ok(Math.abs(sim - f) < 0.015, `simulated ${sim}`);
      assert.equal(await page.$$eval('table[data-table="gather"] tbody tr', (r) => r.length), 12);
    }));

  test('a local index asks every partition, a global one a single one', { timeout: 120_000 }, () =>
    lab.visit('#c=indexes&l=en&o=10000&d=2', async ({ page }) => {
      assert.equal(await readParts(page, 'local'), 12);
      assert.equal(await readParts(page, 'global-sync'), 1);
      assert.equal(await readParts(page, 'global-async'), 1);
      const sync = await page.$eval('tr[data-key="global-sync"]', (r) => Number(r.dataset.writePartitions));
      assert.ok(sync > 1.8 && sync < 2, `a synchronous global index writes ${sync} partitions`);
      // Stop 8 is 32 partitions: the local index now asks 32.
      await page.fill('#ctl-n', '8');
      await page.waitForFunction(() => document.querySelector('#ctl-n-out')?.textContent === '32');
      assert.equal(await readParts(page, 'local'), 32);
      assert.equal(await readParts(page, 'global-sync'), 1);
      assert.equal(await page.$$eval('table[data-table="index-rows"] tbody tr', (r) => r.length), 32);
      // The market select changes the question.
      await page.selectOption('#ctl-m', 'valencia');
      await page.waitForFunction(() => document.querySelector('#indexes-h')?.textContent.includes('València'));
      await page.waitForFunction(() => window.location.hash.includes('m=valencia'));
    }));

  test('a consumer slower than the evening peak makes the index lag by minutes', { timeout: 120_000 }, () =>
    lab.visit('#c=indexes&l=en', async ({ page }) => {
      assert.ok((await figure(page, 'lag-p99')) < 100);
      // Keyboard: from 100 events/s, Home goes to the slowest stop (0.8 events/s).
      await page.focus('#ctl-rate');
      await page.keyboard.press('Home');
      await page.waitForFunction(() => document.querySelector('#ctl-rate-out')?.textContent === '0.8 events/s');
      assert.ok((await figure(page, 'lag-max')) > 60_000);
      assert.ok((await figure(page, 'backlog')) > 100);
      if (CLI) {
        const cli = cliJson('indexes', '--rate', '800');
        const stale = cli.views.find((v) => v.view === 'staleness');
        const lagMax = stale.figures.find((x) => x.key === 'lag-max').value;
        assert.equal(lagMax, await figure(page, 'lag-max'));
      }
    }));

  test('embed mode shows the tail-latency chart alone', { timeout: 120_000 }, () =>
    lab.visit('#c=indexes&embed=tail&l=en', { width: 640, height: 520 }, async ({ page }) => {
      await idle(page);
      await assertOnlyView(page, 'tail', ['indexes', 'gather', 'staleness']);
      const bottom = await page.$eval('canvas[data-chart="tail"]', (c) => c.getBoundingClientRect().bottom);
      assert.ok(bottom <= 520, `the chart ends at ${bottom}`);
    }));

  for (const lang of ['ca', 'en']) {
    test(`axe finds nothing in section 4 (${lang}, chart data open)`, { timeout: 120_000 }, () =>
      lab.visit(`#c=indexes&l=${lang}`, async ({ page }) => {
        await idle(page);
        assert.deepEqual(await auditOpened(page), []);
      }));
  }
});
