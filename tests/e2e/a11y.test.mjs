// Accessibility: an axe-core audit of every view, in the three languages, in normal and embed
// mode, light and dark; keyboard-only operation with a visible focus; text alternatives for
// every canvas.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { audit, useLab } from './harness.mjs';

const VIEWS = [null, 'ring', 'figures', 'bars', 'deviation', 'movement', 'tables'];

// One browser and one server for the file. bypassCSP: the audit script is injected by the
// test, not by the page.
const { open } = useLab({ defaults: { height: 900, bypassCSP: true } });

describe('accessibility audit (axe-core)', () => {
  for (const lang of ['ca', 'en', 'es']) {
    for (const view of VIEWS) {
      for (const dark of [false, true]) {
        const name = `${view ? `embed=${view}` : 'full page'}, ${lang}, ${dark ? 'dark' : 'light'}`;
        test(`no violations: ${name}`, { timeout: 60_000 }, async () => {
          const fragment = `#l=${lang}${view ? `&embed=${view}` : ''}`;
          const { page, context } = await open(fragment, { dark });
          const violations = await audit(page);
          assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
          await context.close();
        });
      }
    }
  }

  test('the audit does catch a violation (control)', { timeout: 60_000 }, async () => {
    const { page, context } = await open('#l=en&embed=figures');
    await page.evaluate(() => {
      const b = document.createElement('button');
      b.id = 'nameless';
      document.querySelector('main').append(b);
    });
    const ids = (await audit(page)).map((v) => v.id);
    assert.ok(ids.includes('button-name'), `a nameless button went unnoticed: ${ids}`);
    await context.close();
  });

  test('no violations on a phone (360 px) after a change with moved keys', { timeout: 60_000 }, async () => {
    const { page, context } = await open('#l=ca&p=ring-join', { width: 360, height: 800 });
    await page.waitForSelector('#app[data-pending-change="false"]', { timeout: 15_000 });
    const violations = await audit(page);
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
    // Nothing wider than the screen: no horizontal scrolling on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than a 360 px screen`);
    await context.close();
  });
});

describe('the chapter bar on a phone', () => {
  // The chapter bar is one row that scrolls sideways on a phone, the chapter on screen in its
  // middle: the tabs before it are out of sight to the left. axe takes a same-page link out
  // of sight, placed before any link to another page, for a "skip link" with no target; the
  // guide's link comes first in the header so that the tabs read as the navigation they are.
  // With `links=off` no link leaves the page: the bar's links are written with the page's own
  // file name before the fragment, which opens the chapter in the same page all the same.
  const CASES = ['routing', 'replication', 'hot-keys', 'ring'].flatMap((c) => [`c=${c}`, `c=${c}&links=off`]);
  for (const fields of CASES) {
    const chapter = /c=([a-z-]+)/.exec(fields)[1];
    test(`no violations at 360 px with the bar scrolled to ${fields}`, { timeout: 60_000 }, async () => {
      const { page, context } = await open(`#${fields}&l=ca`, { width: 360, height: 800 });
      const hidden = await page.$$eval('.chapter-tabs a', (tabs) => tabs.filter((a) => a.getBoundingClientRect().right <= 0).length);
      if (chapter !== 'replication') assert.ok(hidden > 0, 'no tab is out of sight to the left: the case is not tested');
      const violations = await audit(page);
      assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
      await context.close();
    });
  }

  test('with links=off a chapter link opens its chapter in the same page, and keeps the option', { timeout: 60_000 }, async () => {
    const { page, context, errors } = await open('#c=ring&l=en&links=off', { width: 360, height: 800 });
    const href = await page.getAttribute('a[data-chapter="routing"]', 'href');
    assert.match(href, /^\.\/[^#]*#c=routing&/, 'the link is not written with the page itself');
    await page.evaluate(() => {
      window.partlabSamePage = true;
    });
    await page.click('a[data-chapter="routing"]');
    await page.waitForSelector('#chapter[data-chapter="routing"]');
    assert.equal(await page.evaluate(() => window.partlabSamePage), true, 'the link loaded the page again');
    assert.match(await page.evaluate(() => location.hash), /links=off/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the first Tab stop skips to the lab, and the address keeps its fields', { timeout: 60_000 }, async () => {
    const { page, context } = await open('#c=replication&l=en&rf=2', { width: 390, height: 800 });
    const address = await page.evaluate(() => location.hash);
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => ({ id: document.activeElement?.id, text: document.activeElement?.textContent }));
    assert.equal(first.id, 'skip-link');
    assert.equal(first.text, 'Skip to the lab');
    // Seen when focused: inside the screen.
    const box = await page.locator('#skip-link').boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the focused skip link is out of sight: ${JSON.stringify(box)}`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'chapter');
    assert.equal(await page.evaluate(() => location.hash), address, 'the skip link changed the address');
    // The next Tab stop is inside the chapter, not in the header or the chapter bar.
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => document.getElementById('chapter').contains(document.activeElement)), 'Tab after the skip left the chapter');
    await context.close();
  });
});

describe('keyboard and text alternatives', () => {
  test('every control is reachable with Tab and shows a visible focus', { timeout: 90_000 }, async () => {
    const { page, context } = await open('#l=en');
    const seen = new Set();
    for (let i = 0; i < 120; i += 1) {
      await page.keyboard.press('Tab');
      const info = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const outline = parseFloat(style.outlineWidth) > 0 && style.outlineStyle !== 'none';
        const shadow = style.boxShadow && style.boxShadow !== 'none';
        const label =
          el.getAttribute('aria-label') ||
          (el.labels && el.labels[0] && el.labels[0].textContent.trim()) ||
          el.getAttribute('aria-labelledby') ||
          el.textContent.trim() ||
          el.getAttribute('title');
        return { id: el.id || `${el.tagName}:${label}`, visible: outline || shadow, label: Boolean(label) };
      });
      if (!info) continue;
      assert.ok(info.visible, `no visible focus on ${info.id}`);
      assert.ok(info.label, `no label on ${info.id}`);
      seen.add(info.id);
    }
    for (const id of ['strategy', 'vnodes', 'keys', 'replicas', 'lang']) {
      assert.ok(
        [...seen].some((s) => s === id || s.startsWith(id)),
        `#${id} was never reached with Tab (reached: ${[...seen].join(', ')})`,
      );
    }
    await context.close();
  });

  test('the vnodes slider works with the arrow keys and announces its value', { timeout: 30_000 }, async () => {
    const { page, context } = await open('#l=en');
    await page.focus('#vnodes');
    const before = await page.getAttribute('#vnodes', 'aria-valuetext');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((b) => document.querySelector('#vnodes').getAttribute('aria-valuetext') !== b, before);
    const after = await page.getAttribute('#vnodes', 'aria-valuetext');
    assert.match(after ?? '', /\d/);
    await context.close();
  });

  test('each canvas has a text alternative with the same figures', { timeout: 60_000 }, async () => {
    const { page, context } = await open('#l=en&p=ring-150');
    const canvases = await page.$$eval('canvas', (list) =>
      list.map((c) => ({
        id: c.id,
        label: c.getAttribute('aria-label') || c.getAttribute('aria-labelledby') || c.getAttribute('aria-describedby'),
        role: c.getAttribute('role'),
      })),
    );
    assert.ok(canvases.length >= 4, `expected the ring and three charts, found ${canvases.length} canvases`);
    for (const c of canvases) {
      assert.ok(c.label, `canvas #${c.id} has no accessible name or description`);
    }
    // The figures panel is announced when it changes.
    assert.ok(await page.$('[aria-live]'), 'no aria-live region');
    // The keys-per-node numbers are in a table a screen reader can read.
    const text = await page.evaluate(() => document.body.innerText);
    for (const n of ['24,275', '27,571', '24,835', '23,319']) assert.ok(text.includes(n), `missing ${n} in the page text`);
    await context.close();
  });

  test('prefers-reduced-motion turns animations and transitions off', { timeout: 30_000 }, async () => {
    const { page, context } = await open('#l=en', { reducedMotion: 'reduce' });
    const animated = await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .map((el) => getComputedStyle(el))
        .filter((s) => parseFloat(s.transitionDuration) > 0.01 || (s.animationName !== 'none' && parseFloat(s.animationDuration) > 0.01))
        .length,
    );
    assert.equal(animated, 0, `${animated} elements still animate with reduced motion`);
    await context.close();
  });
});
