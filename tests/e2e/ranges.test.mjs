// Section 2, range partitioning and hot spots (`c=ranges`): ten date ranges and only one
// writing (the heat map's staircase), the market prefix's four hot spots, boundaries chosen
// from the data, range queries; the key select and the partitions slider; CLI equality;
// embed; axe in both languages.
//
// Hooks: `[data-control]`, `section[data-view]`, `[data-figure][data-value]`,
// `table[data-table] tr[data-key]` (`data-writing`, `data-date-fixed`, …).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { audit, cliJson, CLI, useLab } from './harness.mjs';

const { open } = useLab({ defaults: { height: 900, locale: 'en-GB', bypassCSP: true } });

const figure = (page, key) => page.$eval(`[data-figure="${key}"]`, (d) => Number(d.dataset.value));

describe('section 2: ranges and hot spots', () => {
  test('ten date ranges, and in the busiest hour only one writes', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open('#c=ranges&p=lesson&l=en');
    assert.equal(await figure(page, 'writing-peak'), 1);
    assert.equal(await figure(page, 'hottest-share'), 1);
    // The heat map's data: each day (row) has writes on exactly one partition (column).
    const perDay = await page.$$eval('table[data-table="heat"] tbody tr', (rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].filter((td) => Number(td.dataset.value) > 0).length),
    );
    assert.equal(perDay.length, 70);
    assert.ok(perDay.every((k) => k === 1), `partitions written per day: ${perDay}`);
    // The queries: last week is one partition under date ranges.
    assert.equal(await page.getAttribute('tr[data-key="last-week"]', 'data-date-fixed'), '1');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the market prefix spreads the hour over four partitions, València the hottest', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open('#c=ranges&l=en');
    await page.selectOption('#ctl-key', 'market-date');
    await page.waitForFunction(() => document.querySelector('[data-figure="writing-peak"]')?.dataset.value === '4');
    const share = await figure(page, 'hottest-share');
    assert.ok(share > 0.37 && share < 0.43, `hottest share ${share}`);
    const writing = await page.$$eval('table[data-table="spread"] tbody tr', (rows) => rows.map((r) => r.dataset.writing));
    assert.deepEqual(writing, ['1', '1', '4', '4']);
    // "This week in València" is one or two partitions with the market in the key.
    const parts = Number(await page.getAttribute('tr[data-key="this-week-valencia"]', 'data-market-adaptive'));
    assert.ok(parts >= 1 && parts <= 2, `${parts}`);
    await page.waitForFunction(() => window.location.hash.includes('key=market-date'));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('boundaries from the data even out sizes; the slider and the CLI agree', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open('#c=ranges&l=en&wk=4');
    assert.ok((await figure(page, 'ratio-fixed')) > 2);
    assert.ok((await figure(page, 'ratio-adaptive')) < 1.3);
    // Keyboard: one stop down from 10 is 8 partitions.
    await page.focus('#ctl-n');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelector('#ctl-n-out')?.textContent === '8');
    assert.equal(await page.$$eval('table[data-table="sizes"] tbody tr', (r) => r.length), 8);
    if (CLI) {
      const cli = cliJson('ranges', '--weeks', '4', '--partitions', '8');
      const figs = Object.fromEntries(cli.views.flatMap((v) => v.figures.map((f) => [f.key, f.value])));
      for (const key of ['writing-peak', 'hottest-share', 'mean-writing', 'ratio-fixed', 'ratio-adaptive']) {
        assert.ok(Math.abs(figs[key] - (await figure(page, key))) < 1e-9, key);
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('embed mode shows the heat map alone', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open('#c=ranges&embed=heat&p=market&l=ca', { width: 720, height: 480 });
    assert.equal(await page.isVisible('section[data-view="heat"]'), true);
    for (const v of ['spread', 'sizes', 'queries']) {
      assert.equal(await page.isVisible(`section[data-view="${v}"]`), false, v);
    }
    const bottom = await page.$eval('canvas[data-chart="heat"]', (c) => c.getBoundingClientRect().bottom);
    assert.ok(bottom <= 480, `the heat map ends at ${bottom}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const lang of ['ca', 'en']) {
    test(`axe finds nothing in section 2 (${lang}, chart data open)`, { timeout: 120_000 }, async () => {
      const { page, context } = await open(`#c=ranges&l=${lang}&wk=2`);
      for (const s of await page.$$('details.alt summary')) await s.click();
      assert.deepEqual(await audit(page), []);
      await context.close();
    });
  }
});
