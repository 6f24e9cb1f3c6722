// Section 1, partitions and replicas (`c=replication`): the lesson's diagram (A leads P1, B
// P2, C P3 and P4, D nothing), a failed node's partitions taken over by their first follower,
// one copy only and the data is gone, ten nodes writing like one; the CLI agrees; axe.
//
// Hooks: `[data-control=fail|rf|nodes|lay]`, `table[data-table=nodes|partitions|failover]
// tr[data-key]` (`data-leads`, `data-after`, `data-outcome`), `[data-figure][data-value]`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { audit, cliJson, CLI, useLab } from './harness.mjs';

const { open } = useLab({ defaults: { height: 900, locale: 'en-GB', bypassCSP: true } });

const figure = (page, key) => page.$eval(`[data-figure="${key}"]`, (d) => Number(d.dataset.value));

describe('section 1: partitions and replicas', () => {
  test("the lesson's diagram, and node C failing", { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open('#c=replication&l=en&o=10000&d=2');
    const leads = await page.$$eval('table[data-table="nodes"] tbody tr', (rs) => rs.map((r) => [r.dataset.key, r.dataset.leads]));
    assert.deepEqual(leads, [['A', 'P1'], ['B', 'P2'], ['C', 'P3, P4'], ['D', '']]);
    await page.selectOption('#ctl-fail', 'C');
    await page.waitForSelector('[data-figure="taken-over"]');
    assert.equal(await figure(page, 'taken-over'), 2);
    assert.equal(await figure(page, 'lost'), 0);
    assert.equal(await page.getAttribute('table[data-table="failover"] tr[data-key="P3"]', 'data-after'), 'B');
    assert.equal(await page.getAttribute('table[data-table="failover"] tr[data-key="P4"]', 'data-after'), 'A');
    // One copy only: C's partitions are gone.
    await page.fill('#ctl-rf', '1');
    await page.press('#ctl-rf', 'Enter');
    await page.waitForFunction(() => document.querySelector('[data-figure="lost"]')?.dataset.value === '2');
    const share = await figure(page, 'lost-share');
    assert.ok(share > 0.45 && share < 0.55, `lost ${share}`);
    await page.waitForFunction(() => window.location.hash.includes('rf=1') && window.location.hash.includes('fail=C'));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('ten nodes and one hot partition write like one node; the CLI agrees', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open('#c=replication&p=hot&l=ca');
    assert.equal(await figure(page, 'capacity-range'), 1);
    const hash = await figure(page, 'capacity-hash');
    assert.ok(hash > 7, `hash capacity ${hash}`);
    if (CLI) {
      const cli = cliJson('replication', '--preset', 'hot');
      const figs = Object.fromEntries(cli.views.flatMap((v) => v.figures.map((f) => [f.key, f.value])));
      assert.ok(Math.abs(figs['capacity-hash'] - hash) < 1e-9);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const lang of ['ca', 'en']) {
    test(`axe finds nothing in section 1 (${lang}, a node down)`, { timeout: 120_000 }, async () => {
      const { page, context } = await open(`#c=replication&l=${lang}&fail=C&o=5000&d=1`);
      for (const s of await page.$$('details.alt summary')) await s.click();
      assert.deepEqual(await audit(page), []);
      await context.close();
    });
  }
});
