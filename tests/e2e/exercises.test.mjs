// The lesson's exercises done in the lab as a student would, with compare mode (issue #11):
// - exercise 3: the preset opens with 5 nodes (A) beside 6 nodes (B); the 5-node deviation,
//   the 6-node figures, the primary moved (≈ 16.7 %) and the replica sets changed (≈ 50 %)
//   are on screen at once, and equal the CLI's figures; the shared address reproduces both;
// - exercise 1: the lesson's three-node cluster, inv-bcn's weight slider dragged 1 → 2 with
//   the pointer: the keys moved from the drag's start equal the CLI's (15.4 %, as the
//   lesson's reference ring with weights gives: 15 443 of 100 000 keys);
// - compare mode on a phone (390 × 844): stacked, both sides reachable, no sideways scroll;
// - the replay stepped with the keyboard, played and paused; with reduced motion it steps
//   without the keys travelling;
// - axe finds nothing with compare mode on.
//
// Hooks: `#compare-toggle[aria-pressed]`, `#compare-panel[hidden]`, `.compare-col[data-side=a|b]`
// with `[data-cmp-figure=deviation|peak][data-value]` and `#cmp-a-table tr[data-node][data-keys]`,
// `#cmp-move [data-cmp-figure=moved|ideal|replica-sets]`, `#cmp-flow tr[data-from][data-to]`,
// `#replay-step[data-step][data-playing]`, `#replay-ring[data-moved-shown][data-moved-total]`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { audit, cliJson, keysPerNode, settle, useLab } from './harness.mjs';

const lab = useLab({ defaults: { height: 900, locale: 'en-GB', bypassCSP: true } });
const { open } = lab;

const N5 = 'n1,n2,n3,n4,n5';
const N6 = `${N5},n6`;
const EX1 = 'inv-bcn,inv-vlc,inv-gir';

/** A compare-mode figure: side `a` or `b`, or `move` for the A → B movement. */
const cmpFigure = (page, where, name) => {
  const scope = where === 'move' ? '#cmp-move' : `.compare-col[data-side="${where}"]`;
  return page.$eval(`${scope} [data-cmp-figure="${name}"]`, (d) => Number(d.dataset.value));
};

/** Whether the element is wholly inside the viewport (and drawn). */
const onScreen = (page, selector) =>
  page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  });

/** Waits until compare mode shows both sides of a finished experiment. */
async function compareReady(page) {
  await page.waitForSelector('#compare-panel:not([hidden])', { timeout: 30_000 });
  await page.waitForSelector('#app[data-pending-change="false"]', { timeout: 30_000 });
  await settle(page);
  await page.waitForSelector('#cmp-move [data-cmp-figure="moved"]');
}

/** Opens exercise 3's preset from the rendezvous chapter. */
async function exercise3(options = {}) {
  const opened = await open('#c=rendezvous&l=en', options);
  await opened.page.click('#preset-rendezvous');
  await compareReady(opened.page);
  return opened;
}

describe('the lesson exercises in the lab', () => {
  test('exercise 3: 5 nodes beside 6, deviation, primary and replica sets moved, as the CLI says', { timeout: 180_000 }, async () => {
    const a = cliJson('dist', '--strategy', 'rendezvous', '--nodes', N5, '--replicas', '3');
    const b = cliJson('dist', '--strategy', 'rendezvous', '--nodes', N6, '--replicas', '3');
    const move = cliJson('move', '--strategy', 'rendezvous', '--nodes', N5, '--to', N6, '--replicas', '3');
    const printed = cliJson('lesson').scenarios.find((s) => s.id === 'rendezvous').lesson;
    const { page, context, errors } = await exercise3();
    assert.equal(await page.getAttribute('#compare-toggle', 'aria-pressed'), 'true');
    // (a) the 5-node deviation, read on side A; B is the 6-node experiment.
    assert.ok(Math.abs((await cmpFigure(page, 'a', 'deviation')) - a.deviation_pct) < 1e-9);
    assert.ok(Math.abs((await cmpFigure(page, 'b', 'deviation')) - b.deviation_pct) < 1e-9);
    assert.deepEqual(await keysPerNode(page, '#cmp-a-table'), a.counts);
    assert.deepEqual(await keysPerNode(page, '#cmp-b-table'), b.counts);
    // (b) and (c): the A → B movement, the lab's figures equal to the CLI's, near the lesson's.
    const moved = await cmpFigure(page, 'move', 'moved');
    const sets = await cmpFigure(page, 'move', 'replica-sets');
    assert.ok(Math.abs(moved - move.moved_fraction * 100) < 1e-9, `moved ${moved}`);
    assert.ok(Math.abs(sets - move.replica_sets_changed_fraction * 100) < 1e-9, `replica sets ${sets}`);
    assert.ok(Math.abs(moved - printed.moved_pct) < 0.1, `moved ${moved} vs the lesson's ${printed.moved_pct}`);
    assert.ok(Math.abs(sets - printed.replica_sets_changed_pct) < 1, `sets ${sets} vs ${printed.replica_sets_changed_pct}`);
    assert.match(await page.textContent('.compare-col[data-side="a"] [data-cmp-figure="deviation"]'), /lesson: 0\.3\s%/i);
    // The flow: every moved key goes to n6.
    const flow = await page.$$eval('#cmp-flow tr[data-from]', (rs) => rs.map((r) => [r.dataset.from, r.dataset.to, Number(r.dataset.keys)]));
    assert.deepEqual(flow, move.flow.map((f) => [f.from, f.to, f.keys]));
    // Before and after both on screen at once.
    await page.$eval('.compare-col[data-side="a"] [data-cmp-figure="deviation"]', (el) => el.scrollIntoView({ block: 'center' }));
    for (const sel of [
      '.compare-col[data-side="a"] [data-cmp-figure="deviation"]',
      '.compare-col[data-side="b"] [data-cmp-figure="deviation"]',
      '#cmp-ring-a',
    ]) {
      assert.ok(await onScreen(page, sel), `${sel} on screen`);
    }
    // The address reproduces both sides.
    const hash = await page.evaluate(() => location.hash);
    assert.match(hash, /[#&]cmp=s:rendezvous;n:n1,n2,n3,n4,n5;/);
    const again = await open(hash);
    await compareReady(again.page);
    assert.equal(await cmpFigure(again.page, 'a', 'deviation'), await cmpFigure(page, 'a', 'deviation'));
    assert.equal(await cmpFigure(again.page, 'move', 'replica-sets'), sets);
    // Turned off, the panel goes and the address forgets A.
    await again.page.click('#compare-toggle');
    await again.page.waitForSelector('#compare-panel[hidden]', { state: 'attached' });
    await again.page.waitForFunction(() => !location.hash.includes('cmp='));
    assert.deepEqual(again.errors, []);
    await again.context.close();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('exercise 1: inv-bcn\'s weight dragged 1 → 2 with the pointer moves the lesson\'s 15.4 %', { timeout: 180_000 }, async () => {
    const want = cliJson('move', '--nodes', EX1, '--to', EX1, '--to-weights', 'inv-bcn=2').moved_fraction * 100;
    const weighted = cliJson('lesson').scenarios.find((s) => s.id === 'weighted');
    const { page, context, errors } = await open('#c=ring&l=en');
    // The exercise's cluster: inv-lle leaves.
    await page.click('#node-list [data-role="remove"][data-idx="3"]');
    await page.waitForFunction(() => !document.querySelector('#dist-table tr[data-node="inv-lle"]'));
    await settle(page);
    // Side A: the three nodes of weight 1.
    await page.click('#compare-toggle');
    await page.waitForSelector('#compare-panel:not([hidden])');
    const slider = '#node-list [data-role="weight"][data-idx="0"]';
    await page.$eval(slider, (el) => el.scrollIntoView({ block: 'center' }));
    const box = await page.locator(slider).boundingBox();
    const { min, max } = await page.$eval(slider, (el) => ({ min: Number(el.min), max: Number(el.max) }));
    // Chromium's thumb (about 16 px) travels the track minus its width.
    const x = (v) => box.x + 8 + ((v - min) / (max - min)) * (box.width - 16);
    const y = box.y + box.height / 2;
    await page.mouse.move(x(1), y);
    await page.mouse.down();
    assert.equal(await page.inputValue(slider), '1');
    await page.mouse.move(x(2), y, { steps: 12 });
    // Land exactly on 2 (the thumb snaps to 0.1 steps): nudge a pixel at a time, still dragging.
    for (let i = 0, at = x(2); i < 8 && (await page.inputValue(slider)) !== '2'; i++) {
      at += Number(await page.inputValue(slider)) < 2 ? 1 : -1;
      await page.mouse.move(at, y);
    }
    await page.mouse.up();
    assert.equal(await page.inputValue(slider), '2');
    await settle(page);
    await page.waitForFunction(
      (w) => Math.abs(Number(document.querySelector('#figures [data-figure="moved"]')?.dataset.value) - w) < 1e-9,
      want,
      { timeout: 20_000 },
    );
    assert.equal(Math.round(want * 10) / 10, 15.4);
    // Compare mode: the same movement from A, and B's counts are the lesson's for exercise 1.
    assert.ok(Math.abs((await cmpFigure(page, 'move', 'moved')) - want) < 1e-9);
    assert.deepEqual(await keysPerNode(page, '#cmp-b-table'), weighted.counts);
    const a = cliJson('dist', '--nodes', EX1);
    assert.deepEqual(await keysPerNode(page, '#cmp-a-table'), a.counts);
    const bars = await page.$$eval('#cmp-bars tr[data-node]', (rs) => rs.map((r) => [r.dataset.node, Number(r.dataset.a), Number(r.dataset.b)]));
    assert.deepEqual(
      bars,
      EX1.split(',').map((n) => [n, a.counts[n], weighted.counts[n]]),
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('compare mode on a phone: stacked, both sides reachable, no sideways scroll', { timeout: 180_000 }, async () => {
    const { page, context, errors } = await exercise3({ width: 390, height: 844 });
    const [a, b] = await page.$$eval('.compare-cols:first-of-type > .compare-col', (cols) =>
      cols.map((c) => {
        const r = c.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, width: r.width };
      }),
    );
    assert.ok(a.bottom <= b.top + 1, `A (${a.top}–${a.bottom}) above B (${b.top})`);
    assert.ok(Math.abs(a.left - b.left) < 1 && a.width <= 390);
    for (const side of ['a', 'b']) {
      const sel = `.compare-col[data-side="${side}"] [data-cmp-figure="deviation"]`;
      await page.$eval(sel, (el) => el.scrollIntoView({ block: 'center' }));
      assert.ok(await onScreen(page, sel), `${side}'s deviation reachable`);
    }
    await page.$eval('#cmp-move', (el) => el.scrollIntoView({ block: 'center' }));
    assert.ok(await onScreen(page, '#cmp-move [data-cmp-figure="replica-sets"]'));
    const overflow = await page.evaluate(() => document.scrollingElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `sideways overflow ${overflow}px`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the replay steps with the keyboard, plays and pauses', { timeout: 180_000 }, async () => {
    const { page, context, errors } = await exercise3();
    const step = () => page.getAttribute('#replay-step', 'data-step');
    const shown = async () => ({
      shown: Number(await page.getAttribute('#replay-ring', 'data-moved-shown')),
      total: Number(await page.getAttribute('#replay-ring', 'data-moved-total')),
    });
    assert.equal(await step(), 'before');
    await page.focus('#replay-ring');
    await page.keyboard.press('ArrowRight');
    assert.equal(await step(), 'moving');
    const moving = await shown();
    assert.ok(moving.total > 0 && moving.shown === moving.total, JSON.stringify(moving));
    // The sample keys that move are those the ring on B's side marks as moved.
    assert.equal(moving.total, Number(await page.getAttribute('#cmp-ring-b', 'data-moved-dots')));
    await page.keyboard.press('ArrowRight');
    assert.equal(await step(), 'after');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await step(), 'moving');
    await page.keyboard.press('Home');
    assert.equal(await step(), 'before');
    assert.equal((await shown()).shown, 0);
    // Played: the moved keys travel a few at a time; paused, it stays where it is.
    await page.evaluate(() => {
      window.__shown = new Set();
      new MutationObserver(() => window.__shown.add(document.getElementById('replay-ring').dataset.movedShown)).observe(
        document.getElementById('replay-ring'),
        { attributes: true, attributeFilter: ['data-moved-shown'] },
      );
    });
    await page.keyboard.press('p');
    assert.equal(await page.getAttribute('#replay-step', 'data-playing'), 'true');
    assert.equal(await page.getAttribute('#replay-play', 'aria-pressed'), 'true');
    await page.waitForSelector('#replay-step[data-step="after"][data-playing="false"]', { timeout: 30_000 });
    const seen = await page.evaluate(() => [...window.__shown].map(Number));
    assert.ok(seen.some((s) => s > 0 && s < moving.total), `keys travelled in between: ${seen}`);
    await page.keyboard.press('p');
    await page.waitForSelector('#replay-step[data-step="before"][data-playing="true"]');
    await page.keyboard.press('p');
    assert.equal(await page.getAttribute('#replay-step', 'data-playing'), 'false');
    assert.equal(await page.getAttribute('#replay-play', 'aria-pressed'), 'false');
    // The buttons do the same.
    await page.click('#replay-next');
    await page.click('#replay-next');
    assert.equal(await step(), 'after');
    await page.click('#replay-prev');
    assert.equal(await step(), 'moving');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('with reduced motion the replay steps without the keys travelling', { timeout: 180_000 }, async () => {
    const { page, context, errors } = await exercise3({ reducedMotion: 'reduce' });
    await page.evaluate(() => {
      window.__shown = new Set();
      new MutationObserver(() => window.__shown.add(document.getElementById('replay-ring').dataset.movedShown)).observe(
        document.getElementById('replay-ring'),
        { attributes: true, attributeFilter: ['data-moved-shown'] },
      );
    });
    const total = Number(await page.getAttribute('#replay-ring', 'data-moved-total'));
    await page.click('#replay-play');
    await page.waitForSelector('#replay-step[data-step="after"][data-playing="false"]', { timeout: 30_000 });
    const seen = await page.evaluate(() => [...window.__shown].map(Number));
    assert.ok(seen.every((s) => s === 0 || s === total), `only whole steps: ${seen} of ${total}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const lang of ['ca', 'en']) {
    test(`axe finds nothing with compare mode on (${lang})`, { timeout: 180_000 }, async () => {
      const { page, context } = await open(`#c=rendezvous&l=${lang}`);
      await page.click('#preset-rendezvous');
      await compareReady(page);
      await page.focus('#replay-ring');
      await page.keyboard.press('ArrowRight');
      assert.deepEqual(await audit(page), []);
      await context.close();
    });
  }
});
