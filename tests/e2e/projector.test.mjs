// Projector mode (`projector=on`, the header's toggle): black on white whatever the system's
// scheme, larger text, and every mark on the canvases and swatches at 3:1 or more against the
// background — checked on the pixels drawn, against the same chart in the usual palette where
// some marks stay below 3:1; the toggle writes the address; axe stays clean.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { audit, useLab } from './harness.mjs';

const { open } = useLab({ defaults: { height: 900, bypassCSP: true } });

/** WCAG contrast of two [r, g, b] colours. */
function contrast(a, b) {
  const lum = ([r, g, bl]) => {
    const ch = (c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(bl);
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/**
 * The `top` colours a canvas is most painted with, apart from its background and greys (text,
 * axes, grid): [r, g, b] each, most pixels first (anti-aliased edges and thin ticks blend into
 * many pale colours of a few pixels each: the marks themselves are the solid ones).
 */
async function markColours(page, selector, top) {
  // The charts follow the ring by a frame or two: wait until the canvas shows its marks.
  for (let i = 0; i < 50; i++) {
    const marks = await readMarks(page, selector, top);
    if (marks.length === top) return marks;
    await page.waitForTimeout(200);
  }
  return readMarks(page, selector, top);
}

function readMarks(page, selector, top) {
  return page.$eval(
    selector,
    (c, top) => {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const counts = new Map();
      for (let i = 0; i < d.length; i += 4) {
        const [r, g, b, a] = [d[i], d[i + 1], d[i + 2], d[i + 3]];
        if (a < 255) continue;
        // Greys (background, text, grid, axes) are not marks.
        if (Math.max(r, g, b) - Math.min(r, g, b) < 40) continue;
        const k = (r << 16) | (g << 8) | b;
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      return [...counts]
        .sort((x, y) => y[1] - x[1])
        .slice(0, top)
        .map(([k]) => [k >> 16, (k >> 8) & 255, k & 255]);
    },
    top,
  );
}

const WHITE = [255, 255, 255];
const worst = (colours) => Math.min(...colours.map((c) => contrast(c, WHITE)));

describe('projector mode', () => {
  test('marks reach 3:1 on white, text grows, and the usual palette does not', { timeout: 120_000 }, async () => {
    // The usual light palette first: Okabe–Ito orange and sky blue stay below 3:1 on white.
    const usual = await open('#c=ring&l=en');
    await usual.page.waitForSelector('#dist-table tr[data-node]');
    const usualBars = await markColours(usual.page, '#bars-chart', 4);
    assert.ok(usualBars.length >= 4, `bars: ${JSON.stringify(usualBars)}`);
    assert.ok(worst(usualBars) < 3, `the usual palette already reaches 3:1 (${worst(usualBars).toFixed(2)}): this test checks nothing`);
    const usualTh = await usual.page.$eval('#dist-table thead th', (e) => parseFloat(getComputedStyle(e).fontSize));
    await usual.context.close();

    // The system asks for dark: projector mode still shows black on white.
    const { page, context, errors } = await open('#c=ring&l=en&projector=on', { dark: true });
    await page.waitForSelector('#dist-table tr[data-node]');
    assert.equal(await page.getAttribute('html', 'data-projector'), '');
    assert.equal(await page.getAttribute('#projector', 'aria-pressed'), 'true');
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(255, 255, 255)');
    const th = await page.$eval('#dist-table thead th', (e) => parseFloat(getComputedStyle(e).fontSize));
    assert.ok(th >= 17 && th > usualTh, `table headers ${th}px (usual ${usualTh}px)`);
    const bars = await markColours(page, '#bars-chart', 4);
    assert.ok(bars.length >= 4, `bars: ${JSON.stringify(bars)}`);
    assert.ok(worst(bars) >= 3, `a bar below 3:1: ${worst(bars).toFixed(2)} in ${JSON.stringify(bars)}`);
    const ring = await markColours(page, '#ring', 4);
    assert.ok(ring.length >= 4 && worst(ring) >= 3, `ring: ${worst(ring).toFixed(2)} in ${JSON.stringify(ring)}`);
    const swatches = await page.$$eval('.swatch', (ss) =>
      ss.map((s) => getComputedStyle(s).backgroundColor.match(/\d+/g).slice(0, 3).map(Number)),
    );
    assert.ok(swatches.length >= 4 && worst(swatches) >= 3, `swatches: ${JSON.stringify(swatches)}`);
    assert.deepEqual(await audit(page), []);

    // The toggle: off, written to the address; on again.
    await page.click('#projector');
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-projector'));
    assert.equal(await page.getAttribute('#projector', 'aria-pressed'), 'false');
    await page.waitForFunction(() => !location.hash.includes('projector=on'));
    await page.keyboard.press('Enter'); // the button keeps the focus: the keyboard toggles it too
    await page.waitForFunction(() => location.hash.includes('projector=on') && document.documentElement.hasAttribute('data-projector'));
    // The chapter bar's links keep the mode.
    assert.match(await page.getAttribute('a[data-chapter="mod-n"]', 'href'), /projector=on/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a study chapter's chart uses the projector palette too", { timeout: 120_000 }, async () => {
    const colours = async (fragment) => {
      const opened = await open(fragment);
      await opened.page.waitForFunction(() => document.getElementById('app')?.getAttribute('data-busy') === 'false');
      // Section 3's range chart: two series, the first in the palette's orange.
      const id = await opened.page.$eval('#chapter canvas[id^="range-"]', (c) => c.id);
      return { ...opened, id, marks: await markColours(opened.page, `[id="${id}"]`, 2) };
    };
    const usual = await colours('#c=hash-keys&l=en');
    assert.ok(usual.marks.length === 2 && worst(usual.marks) < 3, `${usual.id}: ${JSON.stringify(usual.marks)}: the usual palette already reaches 3:1`);
    await usual.context.close();
    const { page, context, errors, id, marks } = await colours('#c=hash-keys&l=en&projector=on');
    assert.ok(marks.length === 2 && worst(marks) >= 3, `${id}: a mark below 3:1: ${worst(marks).toFixed(2)} in ${JSON.stringify(marks)}`);
    assert.deepEqual(await audit(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
