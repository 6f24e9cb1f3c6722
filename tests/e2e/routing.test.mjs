// Section 9, request routing (`c=routing`): the three designs while P0 moves (the router
// agrees after its watch delay, gossip after whole rounds), the timeline stepped, a lease that
// expires within its TTL; the CLI agrees; axe.
//
// Hooks: `[data-control=p|tstep|ltstep]` buttons with `data-value`, `#ctl-gos`, `#ctl-watch`,
// `#ctl-ttl`, `[data-figure][data-value]`, `table[data-table=designs|timeline|lease] tr[data-key]`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertFiguresAsCli, assertOnlyView, auditOpened, cliFigures, CLI, figure, settle, tocHrefs, useLab } from './harness.mjs';

const lab = useLab({ defaults: { height: 900, locale: 'en-GB', bypassCSP: true } });

describe('section 9: request routing', () => {
  test('three designs agree again at their own pace; the CLI agrees', { timeout: 120_000 }, () =>
    lab.visit('#c=routing&l=en', async ({ page }) => {
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
        const cli = cliFigures('routing', '--preset', 'slow-gossip');
        await assertFiguresAsCli(page, cli, ['agree-a', 'agree-b', 'agree-c', 'hops-a', 'hops-c', 'redirected-c']);
      }
    }));

  test('the time control steps through the move', { timeout: 120_000 }, () =>
    lab.visit('#c=routing&l=en&t=0', async ({ page }) => {
      await settle(page);
      assert.equal(await figure(page, 'hops-b'), 2);
      assert.equal(await figure(page, 'hops-c'), 1);
      for (let i = 0; i < 5; i += 1) await page.click('[data-control="tstep"][data-value="+1"]');
      await page.waitForFunction(() => window.location.hash.includes('t=5'));
      assert.ok((await figure(page, 'redirected-c')) > 0);
    }));

  test('a lease expires within its TTL of the death', { timeout: 120_000 }, () =>
    lab.visit('#c=routing&l=ca&die=13', async ({ page }) => {
      await settle(page);
      for (const ttl of ['5', '30']) {
        await page.fill('#ctl-ttl', ttl);
        await page.press('#ctl-ttl', 'Enter');
        await page.waitForFunction((t) => window.location.hash.includes(`ttl=${t}`), ttl);
        await settle(page);
        const after = await figure(page, 'lease-after-death');
        assert.ok(after > 0 && after <= Number(ttl), `${after} vs ${ttl}`);
      }
    }));

  test('embed mode shows one view alone; the contents link section 9', { timeout: 120_000 }, async () => {
    await lab.visit('#c=routing&embed=lease&l=en', { width: 640, height: 640 }, async ({ page }) => {
      await settle(page);
      await assertOnlyView(page, 'lease', ['designs', 'timeline']);
      assert.ok(Number.isFinite(await figure(page, 'lease-expires')));
    });
    const [href] = await tocHrefs(lab, '9');
    assert.match(href, /^#c=routing&/);
  });

  for (const lang of ['ca', 'en']) {
    test(`axe finds nothing in section 9 (${lang})`, { timeout: 120_000 }, () =>
      lab.visit(`#c=routing&l=${lang}`, async ({ page }) => {
        await settle(page);
        assert.deepEqual(await auditOpened(page), []);
      }));
  }
});
