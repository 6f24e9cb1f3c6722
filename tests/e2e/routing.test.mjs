// Section 9, request routing (`c=routing`): the three designs while P0 moves (the router
// agrees after its watch delay, gossip after whole rounds), the timeline stepped, a lease that
// expires within its TTL; the CLI agrees; axe.
//
// Hooks: `[data-control=p|tstep|ltstep]` buttons with `data-value`, `#ctl-gos`, `#ctl-watch`,
// `#ctl-ttl`, `[data-figure][data-value]`, `table[data-table=designs|timeline|lease] tr[data-key]`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { audit, cliJson, CLI, settle, useLab } from './harness.mjs';

const { open } = useLab({ defaults: { height: 900, locale: 'en-GB', bypassCSP: true } });

const figure = (page, key) => page.$eval(`[data-figure="${key}"]`, (d) => Number(d.dataset.value));
const cliFigures = (json) => Object.fromEntries(json.views.flatMap((v) => v.figures.map((f) => [f.key, f.value])));

describe('section 9: request routing', () => {
  test('three designs agree again at their own pace; the CLI agrees', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open('#c=routing&l=en');
    await settle(page);
    assert.equal(await figure(page, 'agree-b'), 50);
    // No request ends away from its key's owner, in any design.
    const wrong = await page.$$eval('table[data-table="designs"] tbody tr', (rs) => rs.map((r) => Number(r.cells[5].dataset.value)));
    assert.deepEqual(wrong, [0, 0, 0]);
    // The main control: gossip every 5 s instead of every second.
    await page.click('[data-control="p"][data-value="slow-gossip"]');
    await page.waitForFunction(() => window.location.hash.includes('gos=5000'));
    await settle(page);
    const gossip = await figure(page, 'agree-a');
    assert.ok(gossip >= 5000 && gossip % 5000 === 0, `gossip ${gossip}`);
    if (CLI) {
      const cli = cliFigures(cliJson('routing', '--preset', 'slow-gossip'));
      for (const key of ['agree-a', 'agree-b', 'agree-c', 'hops-a', 'hops-c', 'redirected-c']) {
        assert.ok(Math.abs(cli[key] - (await figure(page, key))) < 1e-9, key);
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the time control steps through the move', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open('#c=routing&l=en&t=0');
    await settle(page);
    assert.equal(await figure(page, 'hops-b'), 2);
    assert.equal(await figure(page, 'hops-c'), 1);
    for (let i = 0; i < 5; i += 1) await page.click('[data-control="tstep"][data-value="+1"]');
    await page.waitForFunction(() => window.location.hash.includes('t=5'));
    assert.ok((await figure(page, 'redirected-c')) > 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a lease expires within its TTL of the death', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open('#c=routing&l=ca&die=13');
    await settle(page);
    for (const ttl of ['5', '30']) {
      await page.fill('#ctl-ttl', ttl);
      await page.press('#ctl-ttl', 'Enter');
      await page.waitForFunction((t) => window.location.hash.includes(`ttl=${t}`), ttl);
      await settle(page);
      const after = await figure(page, 'lease-after-death');
      assert.ok(after > 0 && after <= Number(ttl), `${after} vs ${ttl}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('embed mode shows one view alone; the contents link section 9', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await open('#c=routing&embed=lease&l=en', { width: 640, height: 640 });
    await settle(page);
    assert.equal(await page.isVisible('section[data-view="lease"]'), true);
    for (const v of ['designs', 'timeline']) {
      assert.equal(await page.isVisible(`section[data-view="${v}"]`), false, v);
    }
    assert.ok(Number.isFinite(await figure(page, 'lease-expires')));
    assert.deepEqual(errors, []);
    await context.close();
    const full = await open('#c=ring&l=en');
    await full.page.click('#toc-summary');
    assert.match(await full.page.getAttribute('#toc li[data-part="9"] a', 'href'), /^#c=routing&/);
    assert.deepEqual(full.errors, []);
    await full.context.close();
  });

  for (const lang of ['ca', 'en']) {
    test(`axe finds nothing in section 9 (${lang})`, { timeout: 120_000 }, async () => {
      const { page, context } = await open(`#c=routing&l=${lang}`);
      await settle(page);
      for (const s of await page.$$('details.alt summary')) await s.click();
      assert.deepEqual(await audit(page), []);
      await context.close();
    });
  }
});
