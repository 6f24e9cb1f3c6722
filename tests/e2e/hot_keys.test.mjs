// Beyond the lesson: hot keys (`c=hot-keys`): formatge-curat in its festival week, requests
// per node against keys per node, bounded loads capping the busiest node, a cache in front of
// the hottest key as the main control, the same figures as `partlab hot-keys --json`; axe.
//
// Hooks: `[data-figure=hot-share|ring-peak|bounded-peak][data-value]`,
// `table[data-table=loads|nodes|skew] tr[data-key]`, `#ctl-cache`, `#app[data-busy]`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { audit, cliJson, CLI, useLab } from './harness.mjs';

const { open } = useLab({ defaults: { height: 900, locale: 'en-GB', bypassCSP: true } });

const idle = (page) => page.waitForSelector('#app[data-busy="false"]', { timeout: 120_000 });
const figure = (page, key) => page.$eval(`[data-figure="${key}"]`, (d) => Number(d.dataset.value));

describe('beyond the lesson: hot keys', () => {
  test('the festival week, bounded loads, a cache; the CLI agrees', { timeout: 240_000 }, async () => {
    const { page, context, errors } = await open('#c=hot-keys&p=festival&l=en');
    await idle(page);
    const hot = await figure(page, 'hot-share');
    assert.ok(hot > 0.06, `formatge-curat ${hot}`);
    const ring = await figure(page, 'ring-peak');
    const bounded = await figure(page, 'bounded-peak');
    assert.ok(bounded <= 1.25 / 5 + 1e-9 && ring > bounded, `ring ${ring}, bounded ${bounded}`);
    if (CLI) {
      const cli = cliJson('hot-keys', '--festival');
      const figs = Object.fromEntries(cli.views.flatMap((v) => v.figures.map((f) => [f.key, f.value])));
      assert.ok(Math.abs(figs['ring-peak'] - ring) < 1e-12);
      assert.ok(Math.abs(figs['hot-share'] - hot) < 1e-12);
    }
    const skew = await page.$$eval('table[data-table="skew"] tbody tr', (rs) => rs.length);
    assert.equal(skew, 8);
    await page.selectOption('#ctl-cache', '1');
    await page.waitForFunction(() => window.location.hash.includes('cache=1'));
    await idle(page);
    const cached = await figure(page, 'ring-peak');
    assert.ok(cached < ring, `with a cache ${cached}, without ${ring}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const lang of ['ca', 'en']) {
    test(`axe finds nothing in hot keys (${lang})`, { timeout: 240_000 }, async () => {
      const { page, context } = await open(`#c=hot-keys&l=${lang}&p=cache`);
      await idle(page);
      for (const s of await page.$$('details.alt summary')) await s.click();
      assert.deepEqual(await audit(page), []);
      await context.close();
    });
  }
});
