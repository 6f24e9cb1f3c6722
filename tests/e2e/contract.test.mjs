// The chapter contract, walked chapter by chapter: every chapter of the chapter bar gets the
// same capabilities from the frame (crates/partlab-lab/src/contract.rs).
//
// For each chapter (read from the page's chapter bar, so a new chapter is walked too):
// - an address with an unknown field and a faulty one keeps the rest (a valid field given
//   beside them shows), names the problems in a notice, and stays as typed until the user
//   changes something;
// - the share dialog offers the chapter's presets and its views;
// - its data downloads as CSV and a picture as PNG;
// - the teachers' page lists its fields (a study chapter: its own table) and its presets.
//
// Hooks: nav tabs `#tab-<slug>`, `.notices`, `#share-open`, `#share-preset option`,
// `#share-view option`, `button[data-export$="-csv"]`, `button[data-export$="-png"]`,
// `#teachers-fields-<slug> tr[data-field]`, `#teachers-presets tr[data-chapter=<slug>]`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { settle, useLab } from './harness.mjs';

const lab = useLab({ defaults: { width: 1366, height: 900, locale: 'en-GB' } });

/** The chapters of the chapter bar, as the page lists them. */
async function chapterSlugs(page) {
  return page.$$eval('nav a[href^="#c="]', (links) =>
    [...new Set(links.map((a) => new URL(a.href).hash.match(/c=([a-z-]+)/)?.[1]).filter(Boolean))],
  );
}

/** Every non-empty notice on the page. */
const noticesOf = (page) =>
  page.$$eval('.notices', (areas) => areas.map((a) => a.textContent.trim()).filter((t) => t !== ''));

/**
 * An address for `slug` with a field it does not know, a faulty value of one of its fields and
 * a valid non-default value of another, plus how to see that the valid one was kept: a field
 * table's whole-number field set to its minimum (study chapters, from the teachers' page) or
 * the key count for the hashing chapters.
 */
async function faultyAddress(teachers, slug) {
  const fields = await teachers
    .$$eval(`#teachers-fields-${slug} tr[data-field]`, (rows) =>
      rows.map((r) => ({ name: r.dataset.field, values: r.cells[2].textContent })),
    )
    .catch(() => []);
  if (fields.length === 0) {
    // A hashing chapter: its fields are the instrument's (s, n, w, v, k, r, …).
    return { fragment: `c=${slug}&zz=1&v=notanumber&k=5000&l=en`, kept: { field: 'k', value: '5000' } };
  }
  const whole = fields.find((f) => /whole number from \d/.test(f.values));
  const [, min] = whole.values.match(/from ([\d,]+)/);
  const value = min.replace(/,/g, '');
  const faulty = fields.find((f) => f !== whole) ?? whole;
  return {
    fragment: `c=${slug}&zz=1&${faulty.name}=%3Cnot-a-value%3E&${whole.name}=${value}&l=en`,
    kept: { field: whole.name, value },
  };
}

describe('every chapter of the chapter bar', () => {
  test('keeps a faulty address as typed, shares its presets and views, exports CSV and PNG, and is on the teachers\' page', { timeout: 600_000 }, async () => {
    const teachersPage = await lab.open('#c=teachers&l=en');
    const teachers = teachersPage.page;
    await teachers.waitForSelector('#teachers-presets');
    const slugs = await chapterSlugs(teachers);
    assert.ok(slugs.length >= 12, `chapters: ${slugs.join(' ')}`);
    for (const slug of slugs.filter((s) => s !== 'teachers')) {
      // The teachers' page lists the chapter's presets and its fields.
      const presets = await teachers.$$eval(`#teachers-presets tr[data-chapter="${slug}"]`, (rows) =>
        rows.map((r) => r.dataset.preset),
      );
      assert.ok(presets.length > 0, `${slug}: no preset on the teachers' page`);
      const study = (await teachers.$(`#teachers-fields-${slug}`)) !== null;
      if (!study) {
        // The hashing chapters' fields are the instrument's, in the general table.
        assert.ok(await teachers.$('#teachers-fields tr[data-field="v"]'), `${slug}: fields`);
      } else {
        const rows = await teachers.$$eval(`#teachers-fields-${slug} tr[data-field]`, (r) => r.length);
        assert.ok(rows > 0, `${slug}: fields`);
      }

      // A faulty address: a notice, the rest kept, the address as typed.
      const { fragment, kept } = await faultyAddress(teachers, slug);
      const { context, page, errors } = await lab.open(`#${fragment}`);
      await settle(page);
      const notices = await noticesOf(page);
      assert.ok(notices.length > 0, `${slug}: no notice for #${fragment}`);
      // The address is written a moment after a change; nothing changed, so nothing is.
      await page.waitForTimeout(600);
      assert.equal(new URL(page.url()).hash, `#${fragment}`, `${slug}: the address was rewritten`);
      // The valid field beside the faulty ones took effect: the address the share dialog
      // gives for what is on screen carries it.
      await page.click('#share-open');
      await page.waitForSelector('dialog#share[open]');
      const link = await page.inputValue('#share-link');
      assert.match(link, new RegExp(`[#&]${kept.field}=${kept.value}(&|$)`), `${slug}: ${kept.field} kept in ${link}`);

      // The share dialog offers the chapter's presets and views.
      const sharePresets = await page.$$eval('#share-preset option', (o) => o.map((x) => x.value));
      assert.deepEqual(sharePresets.toSorted(), presets.toSorted(), `${slug}: the dialog's presets`);
      const views = await page.$$eval('#share-view option', (o) => o.map((x) => x.value).filter(Boolean));
      assert.ok(views.length > 0, `${slug}: the dialog offers no view`);
      // Choosing a view puts it in the link and the iframe code.
      await page.selectOption('#share-view', views[0]);
      assert.match(await page.inputValue('#share-link'), new RegExp(`embed=${views[0]}`));
      await page.click('#share-close');

      // CSV and PNG downloads (a study chapter's figures may still be computing: wait).
      await page.click('.notices .dismiss').catch(() => {});
      await settle(page);
      for (const kind of ['csv', 'png']) {
        const button = page.locator(`button[data-export$="-${kind}"]:visible`).first();
        await button.waitFor({ timeout: 60_000 });
        const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
        assert.match(download.suggestedFilename(), new RegExp(`^partlab-${slug}-.*\\.${kind}$`));
        const path = await download.path();
        assert.ok(path, `${slug}: the ${kind} download has content`);
      }
      // The user's first change writes the address again.
      assert.deepEqual(errors, [], `${slug}: ${errors.join('; ')}`);
      await context.close();
    }
    await teachersPage.context.close();
  });
});
