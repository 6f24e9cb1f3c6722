// Keys moved count from the start of a gesture, not from its last step: exercise 1 done with
// the keyboard as a student would (inv-bcn's weight 1 → 2 in ten arrow presses: about 15.4 %
// of the keys move, as the CLI says for the direct change), and a pinned reference ("count
// moves from here") that holds across a drag and a join.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { audit, cliJson, figureValue, useLab } from './harness.mjs';

const lab = useLab({ defaults: { height: 900, bypassCSP: true } });
const NODES = 'inv-bcn,inv-vlc,inv-gir,inv-lle';
const WEIGHT = '#node-list [data-role="weight"][data-idx="0"]';

const movedLabel = (page) => page.$eval('[data-figure="moved"]', (d) => d.closest('div, tr, li')?.textContent ?? d.textContent);

/** Waits until the "moved" figure is `want` (a number, ± 0.05). */
const movedIs = (page, want) =>
  page.waitForFunction((w) => Math.abs(Number(document.querySelector('[data-figure="moved"]')?.dataset.value) - w) < 0.05, want, {
    timeout: 20_000,
  });

describe('keys moved from a baseline', () => {
  test('exercise 1 with the keyboard: weight 1 → 2 moves about 15.4 % of the keys', { timeout: 120_000 }, async () => {
    const want = cliJson('move', '--nodes', NODES, '--to', NODES, '--to-weights', 'inv-bcn=2', '--vnodes', '150').moved_fraction * 100;
    assert.ok(Math.abs(want - 15.4) < 0.5, `the CLI says ${want} %`);
    await lab.visit('#c=ring&l=en', async ({ page }) => {
      await page.waitForSelector(WEIGHT);
      await page.focus(WEIGHT);
      for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
      await page.waitForFunction((sel) => document.querySelector(sel)?.value === '2', WEIGHT);
      await movedIs(page, want);
      assert.match(await movedLabel(page), /since the slider was grabbed/);
      // Focus leaves the slider: the gesture ends; the next press counts from 2.0 only.
      await page.keyboard.press('Tab');
      await page.focus(WEIGHT);
      await page.keyboard.press('ArrowLeft');
      const step = cliJson('move', '--nodes', NODES, '--to', NODES, '--weights', 'inv-bcn=2', '--to-weights', 'inv-bcn=1.9', '--vnodes', '150').moved_fraction * 100;
      assert.ok(step < want / 5, `one step moves ${step} %`);
      await movedIs(page, step);
      assert.deepEqual(await audit(page), []);
    });
  });

  test('a slider moved away and back in one gesture says nothing moved since it was grabbed', { timeout: 120_000 }, () =>
    lab.visit('#c=ring&l=en', async ({ page }) => {
      await page.waitForSelector(WEIGHT);
      await page.focus(WEIGHT);
      await page.keyboard.press('ArrowRight');
      await page.waitForSelector('[data-strip="moved"]', { state: 'attached' });
      await page.waitForFunction(() => Number(document.querySelector('[data-figure="moved"]')?.dataset.value) > 0);
      await page.keyboard.press('ArrowLeft');
      await page.waitForFunction((sel) => document.querySelector(sel)?.value === '1', WEIGHT);
      await movedIs(page, 0);
      // Not "no change yet": the slider was moved, and back where it started nothing moved.
      assert.match(await movedLabel(page), /since the slider was grabbed/);
      assert.match(await page.textContent('[data-figure="moved"]'), /none: back where it started/);
      assert.match(await page.textContent('[data-strip="moved"] b'), /^0\.0\s%$/);
      assert.equal(await page.getAttribute('#flow-table', 'hidden'), '');
      // The gesture over, a fresh page says there was no change yet.
      await page.keyboard.press('Tab');
      const fresh = await lab.open('#c=ring&l=en');
      await fresh.page.waitForSelector('[data-figure="moved"]');
      assert.match(await fresh.page.textContent('[data-figure="moved"]'), /no change yet/);
      assert.equal(await fresh.page.$('[data-strip="moved"]'), null);
      await fresh.context.close();
      assert.deepEqual(await audit(page), []);
    }));

  test('a pinned reference counts a drag and a join together, until unpinned', { timeout: 120_000 }, () =>
    lab.visit('#c=ring&l=en', async ({ page }) => {
      await page.waitForSelector('#pin-baseline');
      await page.click('#pin-baseline');
      await page.waitForSelector('#pin-baseline[aria-pressed="true"]');
      // Pinned where nothing changed yet: nothing moved, and nothing came back either.
      await page.waitForFunction(() => /no change yet/.test(document.querySelector('[data-figure="moved"]')?.textContent ?? ''));
      await page.focus(WEIGHT);
      for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Tab');
      await page.click('#add-node');
      await page.waitForSelector('#dist-table tr[data-node="inv-tar"]');
      const both = cliJson('move', '--nodes', NODES, '--to', `${NODES},inv-tar`, '--to-weights', 'inv-bcn=2', '--vnodes', '150').moved_fraction * 100;
      await movedIs(page, both);
      assert.match(await movedLabel(page), /since the pinned reference/);
      // Unpinned: the next change counts on its own again.
      await page.click('#pin-baseline');
      await page.waitForSelector('#pin-baseline[aria-pressed="false"]');
      await page.click('#node-list [data-role="remove"][data-idx="4"]');
      const leave = cliJson('move', '--nodes', `${NODES},inv-tar`, '--to', NODES, '--weights', 'inv-bcn=2', '--vnodes', '150').moved_fraction * 100;
      await movedIs(page, leave);
      assert.match(await movedLabel(page), /moved by the last change/);
      assert.equal(await figureValue(page, 'moved') !== null, true);
    }));

  test('a new strategy says why keys moved with the same nodes', { timeout: 60_000 }, () =>
    lab.visit('#c=ring&l=en', async ({ page }) => {
      await page.waitForSelector('#strategy');
      await page.selectOption('#strategy', 'rendezvous');
      await page.waitForFunction(() => document.getElementById('moved-why')?.textContent.includes('Another strategy'));
      assert.equal(await figureValue(page, 'ideal'), 0);
    }));
});
