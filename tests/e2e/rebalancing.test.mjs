// Section 8, rebalancing (`c=rebalancing`): the lesson's 1024 partitions on 10 nodes and a
// joining node, Redis Cluster's slots and hash tags, the dynamic timeline stepped, the
// operator who stops the cascade, a hostile address; the CLI agrees; axe.
//
// Hooks: `[data-control=p|key|tstep|n|…]` (buttons carry `data-value`), `#ctl-t`,
// `[data-figure][data-value]`, `table[data-table=fixed|slots|dynamic|compare|cascade]
// tr[data-key]` (`data-after`, `data-slot`), `#app[data-busy]`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertFiguresAsCli, assertOnlyView, auditOpened, cliFigures, cliJson, CLI, figure, settle, tocHrefs, useLab } from './harness.mjs';

const lab = useLab({ defaults: { height: 900, locale: 'en-GB', bypassCSP: true } });

describe('section 8: rebalancing', () => {
  test('a node joins 1024 partitions on 10 nodes; Redis slots; the CLI agrees', { timeout: 120_000 }, () =>
    lab.visit('#c=rebalancing&l=en', async ({ page }) => {
      await settle(page);
      // The newcomer, K, holds the whole partitions it took: about 1024 / 11, at least its data share.
      const moved = await figure(page, 'partitions-moved');
      assert.ok(Math.abs(moved - 1024 / 11) < 4, `moved ${moved}`);
      assert.equal(await page.getAttribute('table[data-table="fixed"] tr[data-key="K"]', 'data-after'), String(moved));
      assert.ok((await figure(page, 'moved-gb')) >= (await figure(page, 'ideal-gb')));
      // The main control: the lesson's presets. Redis Cluster: 16 384 slots on 4 nodes.
      await page.click('[data-control="p"][data-value="redis"]');
      await page.waitForFunction(() => window.location.hash.includes('p=redis'));
      await settle(page);
      const slots = await figure(page, 'partitions-moved');
      assert.ok(Math.abs(slots - 16384 / 5) < 100, `slots ${slots}`);
      if (CLI) {
        const cli = cliFigures('rebalancing', '--preset', 'redis');
        await assertFiguresAsCli(page, cli, ['partitions-moved', 'moved-gb', 'ideal-gb', 'balance', 'bw-minutes', 'dyn-partitions']);
      }
      // A hash tag: both keys share the slot of `user1000`.
      await page.click('[data-control="key"][data-value="{user1000}.followers"]');
      await page.waitForFunction(() => window.location.hash.includes('followers'));
      const slot = await figure(page, 'slot');
      assert.equal(await page.getAttribute('table[data-table="slots"] tr[data-key="{user1000}.following"]', 'data-slot'), String(slot));
      if (CLI) {
        const [one] = cliJson('slot', '{user1000}.followers');
        assert.equal(one.slot, slot);
      }
      // Any key typed in the lookup box: its slot as Redis (and the CLI) computes it.
      await page.fill('#ctl-lookup', 'comanda:{client-42}:2026');
      await page.press('#ctl-lookup', 'Enter');
      await page.waitForFunction(() => window.location.hash.includes('client-42'));
      const [typed] = cliJson('slot', 'comanda:{client-42}:2026');
      await page.waitForFunction((want) => Number(document.querySelector('[data-figure="slot"]')?.dataset.value) === want, typed.slot);
    }));

  test('pre-splitting puts every node to work; the timeline steps', { timeout: 120_000 }, () =>
    lab.visit('#c=rebalancing&l=en&p=presplit', async ({ page }) => {
      await settle(page);
      assert.equal(await figure(page, 'dyn-step'), 1);
      assert.equal(await figure(page, 'dyn-writing'), 10);
      await page.fill('#ctl-ps', '1');
      await page.press('#ctl-ps', 'Enter');
      await page.waitForFunction(() => document.querySelector('[data-figure="dyn-writing"]')?.dataset.value === '1');
      await page.click('[data-control="tstep"][data-value="+1"]');
      await page.waitForFunction(() => document.querySelector('[data-figure="dyn-step"]')?.dataset.value === '2');
      await page.focus('#ctl-t');
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.querySelector('[data-figure="dyn-step"]')?.dataset.value === '3');
      await page.waitForFunction(() => window.location.hash.includes('t=3'));
    }));

  test('an operator keeps the cluster up where automatic rebalancing cascades', { timeout: 120_000 }, () =>
    lab.visit('#c=rebalancing&l=en&p=cascade', async ({ page }) => {
      await settle(page);
      assert.ok((await figure(page, 'cascade-alive')) <= 1);
      await page.selectOption('#ctl-mode', 'operator');
      await page.waitForFunction(() => document.querySelector('[data-figure="cascade-alive"]')?.dataset.value === '6');
    }));

  test('a hostile address keeps its defaults, says so, and runs no markup', { timeout: 120_000 }, () =>
    lab.visit('#c=rebalancing&l=en&n=999&fp=7&key=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', async ({ page }) => {
      await settle(page);
      await page.waitForSelector('#study-notices .notice, #study-notices li, #study-notices p');
      assert.match(await page.textContent('#study-notices'), /"n"/);
      assert.equal(await page.$$eval('main img', (i) => i.length), 0);
      assert.equal(await page.getAttribute('table[data-table="slots"] tr[data-key="<img src=x onerror=alert(1)>"]', 'data-slot') !== null, true);
      assert.equal(await page.inputValue('#ctl-n'), '10');
      assert.equal(await page.inputValue('#ctl-fp'), '1024');
    }));

  test('embed mode shows one view alone; the contents link section 8', { timeout: 120_000 }, async () => {
    await lab.visit('#c=rebalancing&embed=slots&l=en', { width: 640, height: 640 }, async ({ page }) => {
      await settle(page);
      await assertOnlyView(page, 'slots', ['fixed', 'dynamic', 'compare', 'bandwidth', 'cascade']);
      assert.ok(Number.isFinite(await figure(page, 'slot')));
    });
    const [href] = await tocHrefs(lab, '8');
    assert.match(href, /^#c=rebalancing&/);
  });

  for (const lang of ['ca', 'en']) {
    test(`axe finds nothing in section 8 (${lang})`, { timeout: 120_000 }, () =>
      lab.visit(`#c=rebalancing&l=${lang}&p=range`, async ({ page }) => {
        await settle(page);
        assert.deepEqual(await auditOpened(page), []);
      }));
  }
});
