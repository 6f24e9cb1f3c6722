// Phone layout (issue #11): at 390 × 844 the ring and the main figures stay in view while a
// control below them changes (the sticky stage of style.css), and nothing overflows
// horizontally.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { audit, settle, useLab } from './harness.mjs';

const lab = useLab({ defaults: { width: 390, height: 844, bypassCSP: true } });

/** Whether the element `sel` lies wholly inside the viewport. */
const inView = (page, sel) =>
  page.$eval(sel, (e) => {
    const r = e.getBoundingClientRect();
    return { ok: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0, r: [r.top, r.bottom, r.left, r.right] };
  });

/** The page is no wider than the viewport. */
const noSideScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);

/** The strip's deviation text equals the figures list's, and the ring and strip are in view. */
async function viewAndFiguresShown(page, what) {
  for (const sel of ['#ring', '#figure-strip']) {
    const v = await inView(page, sel);
    assert.ok(v.ok, `${what}: ${sel} at ${JSON.stringify(v.r)}`);
  }
  const strip = await page.$eval('[data-strip=deviation] b', (b) => b.textContent);
  const list = await page.$eval('[data-figure=deviation]', (dd) => dd.textContent);
  assert.ok(list.startsWith(strip), `${what}: strip ${strip}, figures ${list}`);
  assert.equal(await noSideScroll(page), true, `${what}: horizontal overflow`);
}

describe('phone layout', () => {
  test('the ring and the figures stay in view while a control changes', { timeout: 120_000 }, () =>
    lab.visit('#c=ring&l=en', async ({ page }) => {
      assert.equal(await noSideScroll(page), true);
      // The vnodes slider is far below the ring: change it with the keyboard, as a user.
      const before = await page.$eval('[data-figure=deviation]', (dd) => dd.dataset.value);
      await page.focus('#vnodes');
      assert.ok((await inView(page, '#vnodes')).ok, 'the focused slider is not under the stage');
      await page.keyboard.press('ArrowLeft');
      await page.waitForFunction((b) => document.querySelector('[data-figure=deviation]')?.dataset.value !== b, before);
      await settle(page);
      await viewAndFiguresShown(page, 'after a vnodes change');
      // A node joins: the strip shows the keys moved too.
      await page.locator('#add-node').scrollIntoViewIfNeeded();
      assert.ok((await inView(page, '#add-node')).ok);
      await page.click('#add-node');
      await page.waitForSelector('[data-strip=moved]');
      await settle(page);
      await viewAndFiguresShown(page, 'after a node join');
      const moved = await page.$eval('[data-strip=moved] b', (b) => b.textContent);
      const figure = await page.$eval('[data-figure=moved]', (dd) => dd.textContent);
      assert.ok(figure.startsWith(moved), `${moved} vs ${figure}`);
      assert.deepEqual(await audit(page), []);
    }));

  test('a selected key\'s scores table fits too (weighted rendezvous, four columns)', { timeout: 60_000 }, () =>
    lab.visit('#c=rendezvous&l=ca&w=2,1,1,1&r=3&key=P-2026-000042', async ({ page }) => {
      await page.waitForSelector('#hrw-table tbody tr');
      assert.equal(await page.$$eval('#hrw-table thead th', (ths) => ths.length), 4);
      assert.equal(await noSideScroll(page), true);
    }));

  test('a study table\'s words stay whole (indexes, the lesson\'s preset, Catalan)', { timeout: 90_000 }, () =>
    lab.visit('#c=indexes&p=lesson&l=ca', async ({ page }) => {
      await page.waitForSelector('#app[data-busy="false"]', { timeout: 60_000 });
      // Every word of every header cell of the first table: split over two lines or not?
      const split = await page.$eval('#study-panels table.data', (table) => {
        const out = [];
        for (const cell of table.querySelectorAll('th')) {
          const text = cell.firstChild;
          if (!text || text.nodeType !== Node.TEXT_NODE) continue;
          const re = /\S+/g;
          let m;
          while ((m = re.exec(text.data))) {
            const range = document.createRange();
            range.setStart(text, m.index);
            range.setEnd(text, m.index + m[0].length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) out.push(m[0]);
          }
        }
        return out;
      });
      assert.deepEqual(split, [], 'words broken across lines');
      // Its seven columns scroll sideways inside the table's own box, not the page.
      assert.equal(await noSideScroll(page), true);
    }));

  test('the chapter tabs are one row that scrolls sideways, the current chapter in view, and the ring on the first screen', { timeout: 90_000 }, async () => {
    const tabs = (page) =>
      page.$$eval('.chapter-tabs a', (as) =>
        as.map((a) => {
          const r = a.getBoundingClientRect();
          return { top: Math.round(r.top), left: r.left, right: r.right, current: a.getAttribute('aria-current') === 'page' };
        }),
      );
    // Opened on a phone, the ring starts on the first screen, under the header and the tabs.
    await lab.visit('#c=ring&l=ca', async ({ page }) => {
      const ringTop = await page.$eval('#ring', (c) => c.getBoundingClientRect().top);
      assert.ok(ringTop < 844 * 0.75, `the ring starts at ${ringTop} px`);
      assert.equal(new Set((await tabs(page)).map((t) => t.top)).size, 1);
    });
    // The last tab: the row must scroll to show it.
    await lab.visit('#c=hot-keys&l=ca', async ({ page }) => {
      await page.waitForFunction(() => document.querySelector('.chapter-tabs').scrollLeft > 0);
      let row = await tabs(page);
      assert.equal(new Set(row.map((t) => t.top)).size, 1, `one row: ${JSON.stringify(row)}`);
      let current = row.find((t) => t.current);
      assert.ok(current.left >= 0 && current.right <= 390, `the current tab in view: ${JSON.stringify(current)}`);
      assert.equal(await noSideScroll(page), true);
      // Another chapter from the row itself: the row follows it.
      await page.click('a[data-chapter="ring"]');
      await page.waitForSelector('#ring');
      await page.waitForFunction(() => {
        const r = document.querySelector('a[data-chapter="ring"]').getBoundingClientRect();
        return r.left >= 0 && r.right <= innerWidth;
      });
      row = await tabs(page);
      current = row.find((t) => t.current);
      assert.ok(current.left >= 0 && current.right <= 390, JSON.stringify(current));
      // Keyboard only: Tab moves along the row, and the focused tab scrolls into view.
      await page.focus('.chapter-tabs a >> nth=0');
      for (let i = 0; i < 10; i++) await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const a = document.activeElement;
        const r = a.getBoundingClientRect();
        return { tab: a.closest('.chapter-tabs') != null, left: r.left, right: r.right };
      });
      assert.ok(focused.tab && focused.left >= 0 && focused.right <= 390, JSON.stringify(focused));
      assert.deepEqual(await audit(page), []);
    });
  });

  test('a wide screen keeps the figures panel and hides the strip', { timeout: 60_000 }, async () => {
    const { page, context } = await lab.open('#c=ring&l=en', { width: 1280, height: 900 });
    assert.equal(await page.isVisible('#figure-strip'), false);
    assert.equal(await page.$eval('.stage', (s) => getComputedStyle(s).position), 'static');
    await context.close();
  });
});
