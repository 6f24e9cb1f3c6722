// Beyond the lesson: the comparison of algorithms (`c=compare`): eight strategies on the
// lesson's cluster, computed in slices (`#app[data-busy]`), the Maglev table size as the main
// control, the same figures as `partlab compare --json`; the over-provisioning sweep; axe.
//
// Hooks: `table[data-table=compare|probes|overprov] tr[data-key]` with `td[data-value]`,
// `#ctl-m` (the table size), `#app[data-busy]`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { audit, cliJson, CLI, useLab } from './harness.mjs';

const { open } = useLab({ defaults: { height: 900, locale: 'en-GB', bypassCSP: true } });

const idle = (page) => page.waitForSelector('#app[data-busy="false"]', { timeout: 120_000 });
const cells = (page, table, key) =>
  page.$$eval(`table[data-table="${table}"] tr[data-key="${key}"] td`, (tds) => tds.map((td) => Number(td.dataset.value)));

describe('beyond the lesson: comparison of algorithms', () => {
  test('eight strategies, the table size drives Maglev, the CLI agrees', { timeout: 240_000 }, async () => {
    const { page, context, errors } = await open('#c=compare&l=en&k=5000&t=2');
    await idle(page);
    const rows = await page.$$eval('table[data-table="compare"] tbody tr', (rs) => rs.map((r) => r.dataset.key));
    assert.deepEqual(rows, ['modulo', 'ring', 'rendezvous', 'jump', 'maglev', 'bounded', 'multiprobe', 'ketama']);
    const ring = await cells(page, 'compare', 'ring');
    // The lesson: inv-tar joining moves about a fifth of the keys on the ring, mod N 80 %.
    assert.ok(Math.abs(ring[2] - 20) < 3, `ring join ${ring[2]}`);
    const modulo = await cells(page, 'compare', 'modulo');
    assert.ok(modulo[2] > 75, `mod N join ${modulo[2]}`);
    await page.selectOption('#ctl-m', '1009');
    await page.waitForFunction(() => window.location.hash.includes('m=1009'));
    await idle(page);
    const maglev = await cells(page, 'compare', 'maglev');
    assert.equal(maglev[6], 1009); // entries
    if (CLI) {
      const cli = cliJson('compare', '--keys', '5000', '--trials', '2', '--table-size', '1009');
      const table = cli.views.find((v) => v.view === 'table').tables[0];
      const row = table.rows.find((r) => r.attrs.key === 'maglev').cells;
      assert.ok(Math.abs(row[1] - maglev[0]) < 1e-9, `deviation ${row[1]} vs ${maglev[0]}`);
      assert.ok(Math.abs(row[3] - maglev[2]) < 1e-9, `join ${row[3]} vs ${maglev[2]}`);
    }
    const over = await page.$$eval('table[data-table="overprov"] tbody tr', (rs) => rs.length);
    assert.equal(over, 6);
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const lang of ['ca', 'en']) {
    test(`axe finds nothing in the comparison (${lang})`, { timeout: 240_000 }, async () => {
      const { page, context } = await open(`#c=compare&l=${lang}&k=1000&t=1`);
      await idle(page);
      for (const s of await page.$$('details.alt summary')) await s.click();
      assert.deepEqual(await audit(page), []);
      await context.close();
    });
  }
});
