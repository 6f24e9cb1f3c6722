// Spanish, the third language: every chapter opened with `l=es` says `<html lang="es">`,
// shows no Catalan or English sentence left untranslated, and passes an axe audit; the
// language menus offer the three languages and the header's one works from the keyboard.
//
// Leftovers are found by comparison, not by a word list: the same chapter is opened in the
// three languages and every visible sentence (and accessible name) of the Spanish page must
// differ from every one of the Catalan and English pages. Only texts of several real words
// count, so node names, numbers and code such as `hash(comanda_id)` do not.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { audit, settle, useLab } from './harness.mjs';

// Every chapter, by its address slug (`c=`): the chapter bar's, so a chapter added later is
// covered without editing this file, and the teachers' page, which the bar does not list.
async function chapterSlugs(open) {
  const { page, context } = await open('#l=ca');
  const slugs = await page.$$eval('a[data-chapter]', (as) => [...new Set(as.map((a) => a.dataset.chapter))]);
  await context.close();
  return slugs.includes('teachers') ? slugs : [...slugs, 'teachers'];
}

// Texts that are the same sentence in Spanish and in another language on purpose: values
// written as the address takes them, and product names.
const SHARED = [
  // The strategies' names as the address writes them (`s=`), on the teachers' page.
  /^modulo, ring, rendezvous, jump, maglev, bounded, multiprobe, ketama$/,
  // A product name.
  /^Redis Cluster: /,
];

// bypassCSP: the axe audit injects its own script.
const { open } = useLab({ defaults: { height: 900, bypassCSP: true } });

/** Opens a chapter in a language and waits for its figures. */
async function openChapter(chapter, lang, options = {}) {
  const opened = await open(`#c=${chapter}&l=${lang}`, options);
  await settle(opened.page);
  return opened;
}

/**
 * The page's sentences: the visible text of every element, cut at line breaks, and every
 * accessible name given as an attribute; only those of three words of three letters or more.
 */
function sentences(page) {
  return page.evaluate(() => {
    const out = new Set();
    const keep = (t) => {
      const s = t.replace(/\s+/g, ' ').trim();
      // A word is letters only once its surrounding punctuation is gone, not all capitals:
      // `inv-bcn`, `client_id`, `{user1000}` and `DESC` are names and code, not words of a
      // language.
      const words = s
        .split(' ')
        .map((w) => w.replace(/^[«"'(¿¡]+|[»"'),.;:!?]+$/gu, ''))
        .filter((w) => /^\p{L}{3,}$/u.test(w) && w !== w.toUpperCase());
      if (words.length >= 3) out.add(s);
    };
    const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    for (const el of document.body.querySelectorAll('*')) {
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'svg'].includes(el.tagName)) continue;
      for (const attr of ['aria-label', 'title', 'alt', 'placeholder', 'aria-description']) {
        const v = el.getAttribute(attr);
        if (v) keep(v);
      }
      if (!visible(el)) continue;
      // Text nodes directly inside this element (its children's text is theirs).
      for (const n of el.childNodes) {
        if (n.nodeType === Node.TEXT_NODE) n.textContent.split('\n').forEach(keep);
      }
    }
    keep(document.title);
    return [...out];
  });
}

/** The Spanish page's sentences found word for word on the Catalan or English page. */
function leftovers(es, { ca, en }) {
  return es.filter((s) => (ca.has(s) || en.has(s)) && !SHARED.some((re) => re.test(s)));
}

describe('Spanish everywhere', () => {
  test('every chapter: <html lang="es">, no leftovers, axe at zero', { timeout: 1_200_000 }, async (t) => {
    const chapters = await chapterSlugs(open);
    assert.ok(chapters.length >= 13, `only ${chapters} found`);
    for (const chapter of chapters) {
      await t.test(chapter, async () => {
      const texts = {};
      for (const lang of ['ca', 'en']) {
        const { page, context } = await openChapter(chapter, lang);
        texts[lang] = new Set(await sentences(page));
        await context.close();
      }
      const { page, context, errors } = await openChapter(chapter, 'es');
      assert.equal(await page.getAttribute('html', 'lang'), 'es');
      assert.equal(await page.getAttribute('#chapter', 'data-chapter'), chapter);
      const es = await sentences(page);
      assert.ok(es.length >= 5, `${chapter}: only ${es.length} sentences found: ${es}`);
      assert.deepEqual(leftovers(es, texts), [], `${chapter}: Catalan or English text on the Spanish page`);
      // The address keeps the language.
      assert.match(await page.evaluate(() => window.location.hash), /(^#|&)l=es(&|$)/);
      const violations = await audit(page);
      assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
      assert.deepEqual(errors, []);
      await context.close();
      });
    }
  });

  test('the comparison does catch a leftover (control)', { timeout: 60_000 }, async () => {
    const { page, context } = await openChapter('ring', 'ca');
    const ca = new Set(await sentences(page));
    await context.close();
    const opened = await openChapter('ring', 'es');
    // A Catalan sentence of the Catalan page, planted in the Spanish one.
    const planted = [...ca].find((s) => s.length > 40);
    await opened.page.evaluate((text) => {
      const p = document.createElement('p');
      p.textContent = text;
      document.querySelector('#chapter').append(p);
    }, planted);
    const found = leftovers(await sentences(opened.page), { ca, en: new Set() });
    assert.deepEqual(found, [planted]);
    await opened.context.close();
  });

  test('the language menus offer three languages; the header one works from the keyboard', { timeout: 60_000 }, async () => {
    const { page, context, errors } = await openChapter('ring', 'ca');
    // The share dialog's menu is there once the dialog has opened (its module fetched).
    await page.click('#share-open');
    await page.waitForSelector('dialog#share[open]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog#share:not([open])', { state: 'attached' });
    for (const id of ['#lang', '#share-lang']) {
      const options = await page.$$eval(`${id} option`, (os) =>
        os.map((o) => ({ value: o.value, lang: o.lang, text: o.textContent })),
      );
      assert.deepEqual(options, [
        { value: 'ca', lang: 'ca', text: 'Català' },
        { value: 'en', lang: 'en', text: 'English' },
        { value: 'es', lang: 'es', text: 'Español' },
      ], id);
    }
    // Keyboard only: focus the menu, step down twice (ca → en → es).
    await page.focus('#lang');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.documentElement.lang === 'es', null, { timeout: 10_000 });
    assert.equal(await page.textContent('#lang-label'), 'Idioma');
    assert.equal(await page.$eval('#lang', (s) => s.value), 'es');
    await page.waitForFunction(() => /(^#|&)l=es(&|$)/.test(window.location.hash), null, { timeout: 10_000 });
    // Numbers as Spanish writes them: a decimal comma and a no-break space before %.
    const figures = await page.textContent('#chapter');
    assert.match(figures, /\d,\d\u00a0%/, 'no Spanish-formatted percentage on the ring chapter');
    assert.doesNotMatch(figures, /\d\.\d\u00a0%/, 'an English-formatted percentage on a Spanish page');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a browser that prefers Spanish starts in Spanish; one that speaks none of the three in Catalan', { timeout: 60_000 }, async () => {
    for (const [locale, want] of [['es-ES', 'es'], ['pt-BR', 'ca']]) {
      const { page, context } = await open('', { locale });
      assert.equal(await page.getAttribute('html', 'lang'), want, locale);
      await context.close();
    }
  });
});
