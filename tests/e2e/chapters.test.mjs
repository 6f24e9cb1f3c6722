// Chapters: the chapter bar and the lesson's table of contents, the chapter in the address
// (`c=`), language and state kept across chapters, Back, embed mode per chapter, a bad `c`,
// and an axe audit of every chapter with the table of contents open.
//
// Hooks: `#chapter[data-chapter]`, `a[data-chapter]` (chapter bar), `#toc li[data-part]`
// (`data-available`), `#chapter-h`, `#app[data-state]`, `tr[data-node][data-keys]`,
// `[data-figure][data-value]`, `#notices`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { audit, useLab } from './harness.mjs';

const CHAPTERS = ['mod-n', 'ring', 'rendezvous'];
// bypassCSP: the axe audit injects its own script.
const { open } = useLab({ defaults: { height: 900, locale: 'en-GB', bypassCSP: true } });

const chapterOf = (page) => page.getAttribute('#chapter', 'data-chapter');
const fragment = (page) => page.evaluate(() => window.location.hash);
const vnodesOut = (page) => page.textContent('#vnodes-out');

/** Waits until the debounced address write has caught up with the state. */
async function addressSettled(page) {
  await page.waitForFunction(() => window.location.hash.includes('c='), null, { timeout: 5_000 });
  await page.waitForTimeout(300);
}

describe('chapters', () => {
  test('the table of contents lists the whole lesson and links only what exists', { timeout: 60_000 }, async () => {
    const { page, context, errors } = await open('#l=en');
    await page.click('#toc-summary');
    const parts = await page.$$eval('#toc li[data-part]', (lis) =>
      lis.map((li) => ({
        part: li.getAttribute('data-part'),
        available: li.getAttribute('data-available'),
        href: li.querySelector('a')?.getAttribute('href') ?? null,
        text: li.textContent,
      })),
    );
    assert.deepEqual(
      parts.map((p) => p.part),
      ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'ex1', 'ex2', 'ex3', 'compare', 'hot-keys'],
    );
    // The chapters beyond the lesson come after it, under a group heading of their own.
    assert.equal(await page.textContent('#toc li[data-group="beyond"]'), 'Beyond the lesson');
    for (const p of parts) {
      // No broken link: a part without a chapter is text, and says so.
      if (p.available === 'false') {
        assert.equal(p.href, null, p.part);
        assert.match(p.text, /not in the lab yet/, p.part);
      } else {
        assert.match(p.href, /^#c=[a-z-]+&/, p.part);
      }
    }
    const href = (part) => parts.find((p) => p.part === part).href;
    assert.match(href('5'), /^#c=mod-n&/);
    assert.match(href('6'), /^#c=ring&/);
    assert.match(href('7'), /^#c=rendezvous&/);
    assert.match(href('ex1'), /^#c=ring&p=weighted&/);
    // Every linked entry opens its chapter.
    for (const p of parts.filter((x) => x.href)) {
      await page.click(`#toc li[data-part="${p.part}"] a`);
      const slug = /c=([a-z-]+)/.exec(p.href)[1];
      await page.waitForSelector(`#chapter[data-chapter="${slug}"]`);
      await page.waitForSelector('#app[data-state="ready"]');
      if (!(await page.isVisible('#toc'))) await page.click('#toc-summary');
    }
    // The exercise link applies its preset: exercise 1's counts are the weighted ring's.
    await page.click('#toc li[data-part="ex1"] a');
    await page.waitForSelector('#preset-weighted[aria-pressed="true"]');
    assert.equal(await page.getAttribute('#dist-table tr[data-node="inv-bcn"]', 'data-keys'), '48242');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the chapter bar switches chapters, keeps the language, and Back returns', { timeout: 60_000 }, async () => {
    const { page, context, errors } = await open('#l=ca');
    assert.equal(await chapterOf(page), 'ring');
    assert.equal(await page.getAttribute('a[data-chapter="ring"]', 'aria-current'), 'page');
    await page.click('a[data-chapter="mod-n"]');
    await page.waitForSelector('#chapter[data-chapter="mod-n"]');
    assert.equal(await page.getAttribute('html', 'lang'), 'ca');
    assert.equal(await page.inputValue('#strategy'), 'modulo');
    assert.equal(await page.getAttribute('a[data-chapter="mod-n"]', 'aria-current'), 'page');
    assert.equal(await page.getAttribute('a[data-chapter="ring"]', 'aria-current'), null);
    // The new chapter's heading has the focus (a screen reader says where the user is).
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'chapter-h');
    // The language switch carries over to the next chapter.
    await page.selectOption('#lang', 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.click('a[data-chapter="rendezvous"]');
    await page.waitForSelector('#chapter[data-chapter="rendezvous"]');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.equal(await page.inputValue('#strategy'), 'rendezvous');
    await page.goBack();
    await page.waitForSelector('#chapter[data-chapter="mod-n"]');
    await page.goBack();
    await page.waitForSelector('#chapter[data-chapter="ring"]');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('leaving a chapter and coming back restores it as it was', { timeout: 60_000 }, async () => {
    const { page, context, errors } = await open('#l=en');
    // 10 vnodes (slider stop 5) and a fifth node.
    await page.fill('#vnodes', '5');
    await page.waitForFunction(() => document.querySelector('#vnodes-out')?.textContent === '10');
    await page.click('#add-node');
    await page.waitForSelector('#dist-table tr[data-node="inv-tar"]');
    const before = await page.$$eval('#dist-table tr[data-node]', (rows) => rows.map((r) => [r.dataset.node, r.dataset.keys]));
    await page.click('a[data-chapter="mod-n"]');
    await page.waitForSelector('#chapter[data-chapter="mod-n"]');
    assert.equal(await page.$('#dist-table tr[data-node="inv-tar"]'), null);
    await page.click('a[data-chapter="ring"]');
    await page.waitForSelector('#chapter[data-chapter="ring"]');
    assert.equal(await vnodesOut(page), '10');
    // The chapter is recomputed in slices: its figures follow the ring within a few frames.
    await page.waitForSelector('#dist-table tr[data-node="inv-tar"]');
    const after = await page.$$eval('#dist-table tr[data-node]', (rows) => rows.map((r) => [r.dataset.node, r.dataset.keys]));
    assert.deepEqual(after, before);
    await addressSettled(page);
    assert.match(await fragment(page), /^#c=ring&.*v=10/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an address names its chapter, and a shared one opens the same view', { timeout: 60_000 }, async () => {
    const { page, context, errors } = await open('#c=mod-n&p=mod-4-5&l=en&embed=figures');
    assert.equal(await chapterOf(page), 'mod-n');
    await page.waitForSelector('#app[data-pending-change="false"]', { timeout: 10_000 });
    assert.equal(await page.isVisible('section[data-view="figures"]'), true);
    for (const v of ['ring', 'bars', 'deviation', 'movement']) {
      assert.equal(await page.isVisible(`section[data-view="${v}"]`), false, v);
    }
    // Embedded: no chapter bar, no table of contents, no intro.
    assert.equal(await page.isVisible('#chapters'), false);
    assert.equal(await page.isVisible('.chapter-intro'), false);
    const moved = Number(await page.getAttribute('[data-figure="moved"]', 'data-value'));
    assert.ok(Math.abs(moved - 80.0) < 0.05, `moved ${moved}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an unknown chapter falls back with a notice, never a blank page', { timeout: 60_000 }, async () => {
    for (const bad of ['#c=nope&v=10&l=en', '#c=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&l=en', '#c=&l=en', '#c=%FF&l=en']) {
      const { page, context, errors } = await open(bad);
      assert.equal(await chapterOf(page), 'ring', bad);
      assert.match(await page.textContent('#notices'), /the field "c" \(chapter\)/, bad);
      if (bad.includes('v=10')) assert.equal(await vnodesOut(page), '10', 'the other fields are kept');
      assert.equal(await page.$('img[src="x"]'), null);
      assert.deepEqual(errors, [], bad);
      await context.close();
    }
  });

  for (const chapter of CHAPTERS) {
    for (const lang of ['ca', 'en']) {
      test(`axe finds nothing in chapter ${chapter} (${lang}, contents open)`, { timeout: 60_000 }, async () => {
        const { page, context } = await open(`#c=${chapter}&l=${lang}`);
        await page.click('#toc-summary');
        assert.deepEqual(await audit(page), []);
        await context.close();
      });
    }
  }

  test('on a 390 px phone the page does not scroll sideways; the chapter bar is one row that scrolls on its own', { timeout: 60_000 }, async () => {
    const { page, context, errors } = await open('#c=rendezvous&l=ca', { width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    const row = await page.$eval('.chapter-tabs', (ul) => ({
      scrolls: getComputedStyle(ul).overflowX === 'auto' && ul.scrollWidth > ul.clientWidth,
      right: ul.getBoundingClientRect().right,
      tops: new Set([...ul.querySelectorAll('a[data-chapter]')].map((a) => Math.round(a.getBoundingClientRect().top))).size,
    }));
    assert.ok(row.scrolls, 'the row scrolls sideways');
    assert.ok(row.right <= 390, `the row ends at ${row.right}`);
    assert.equal(row.tops, 1, 'the tabs are one row');
    // Every tab can be scrolled to, whole, the last one included.
    const last = await page.$eval('.chapter-tabs', (ul) => {
      ul.scrollLeft = ul.scrollWidth;
      const r = ul.querySelector('li:last-child a').getBoundingClientRect();
      return [r.left, r.right];
    });
    assert.ok(last[0] >= 0 && last[1] <= 390, `the last tab at ${last}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
