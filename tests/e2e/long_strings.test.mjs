// Long strings (PhET's long-string test): each language's texts must fit every layout. For
// Catalan, English and Spanish, every chapter and every embed view is laid out at a phone
// (390 × 844), a small embed frame (640 × 480) and a laptop (1280 × 800): the document never
// scrolls sideways, and no visible button, label, heading, summary, legend or table cell has
// text wider than its own box, unless it sits in a container made to scroll (a wide table's
// wrapper).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { settle, useLab } from './harness.mjs';

const LANGS = ['ca', 'en', 'es'];
const SIZES = [
  [390, 844],
  [640, 480],
  [1280, 800],
];
// The embed views the embedding and share tests use, on the ring chapter after a join.
const EMBEDS = ['ring', 'figures', 'bars', 'deviation', 'movement'];

const { open } = useLab();

/** Every chapter's slug: the chapter bar's, and the teachers' page. */
async function chapterSlugs() {
  const { page, context } = await open('#l=ca');
  const slugs = await page.$$eval('a[data-chapter]', (as) => [...new Set(as.map((a) => a.dataset.chapter))]);
  await context.close();
  return slugs.includes('teachers') ? slugs : [...slugs, 'teachers'];
}

/**
 * What does not fit at the current size: the document's sideways scroll, and each text
 * element whose content is wider than its box (`scrollWidth > clientWidth + 1`).
 */
function misfits(page) {
  return page.evaluate(() => {
    const out = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1) {
      out.push(`document ${doc.scrollWidth} px wide in a ${window.innerWidth} px window`);
    }
    // The element itself or an ancestor is made to scroll sideways (a wide table's wrapper):
    // its overflow is reachable, not cut.
    const scrolls = (el) => {
      for (let a = el; a && a !== document.body; a = a.parentElement) {
        const x = getComputedStyle(a).overflowX;
        if (x === 'auto' || x === 'scroll') return true;
      }
      return false;
    };
    const selector =
      'button, label, h1, h2, h3, h4, h5, h6, th, td, summary, legend, caption, select, a, p, li, figcaption, div, section, fieldset, output, dt, dd';
    for (const el of document.querySelectorAll(selector)) {
      if (el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'inline') continue;
      // An element clipped on purpose to nothing (a visually hidden label) is not text on screen.
      if (el.clientWidth <= 1 && el.clientHeight <= 1) continue;
      if (el.scrollWidth > el.clientWidth + 1 && !scrolls(el)) {
        const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
        out.push(`${name} "${el.textContent.trim().slice(0, 50)}" ${el.scrollWidth} > ${el.clientWidth}`);
      }
    }
    return out;
  });
}

/** Lays the page out at each size in turn and collects what does not fit. */
async function checkSizes(page, what) {
  const found = [];
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await settle(page);
    for (const m of await misfits(page)) found.push(`${what} at ${width}×${height}: ${m}`);
  }
  return found;
}

describe('long strings: every language fits every layout', () => {
  for (const lang of LANGS) {
    test(`every chapter in ${lang}`, { timeout: 600_000 }, async () => {
      const found = [];
      const chapters = await chapterSlugs();
      assert.ok(chapters.length >= 13, `only ${chapters} found`);
      for (const chapter of chapters) {
        const { page, context } = await open(`#c=${chapter}&l=${lang}`, { width: 1280, height: 800 });
        await settle(page);
        found.push(...(await checkSizes(page, `${chapter} (${lang})`)));
        await context.close();
      }
      assert.deepEqual(found, []);
    });

    test(`every embed view in ${lang}`, { timeout: 300_000 }, async () => {
      const found = [];
      for (const view of EMBEDS) {
        const { page, context } = await open(`#c=ring&p=ring-join&l=${lang}&embed=${view}`, { width: 640, height: 480 });
        await page.waitForSelector('#app[data-pending-change="false"]');
        found.push(...(await checkSizes(page, `embed=${view} (${lang})`)));
        await context.close();
      }
      assert.deepEqual(found, []);
    });
  }

  test('the check does catch a text wider than its button (control)', { timeout: 60_000 }, async () => {
    const { page, context } = await open('#c=ring&l=es', { width: 390, height: 844 });
    await page.evaluate(() => {
      const b = document.querySelector('#share-open');
      b.style.whiteSpace = 'nowrap';
      b.style.width = '40px';
      b.style.overflow = 'hidden';
    });
    const found = await misfits(page);
    assert.ok(found.some((m) => m.startsWith('button#share-open')), `not caught: ${found}`);
    await context.close();
  });
});
