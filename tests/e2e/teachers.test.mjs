// The teachers' page (#c=teachers): every lesson experiment, address field and embeddable
// view, generated from the lab's tables; its links open what they say; three languages; axe.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CLI, audit, cliJson, useLab } from './harness.mjs';

const lab = useLab({ defaults: { height: 900, locale: 'en-GB', bypassCSP: true } });
const FIELDS = ['s', 'n', 'w', 'v', 'k', 'r', 'l', 'p', 'key', 'embed', 'c', 'links', 'projector', 'm', 'lf', 'probes', 'quiz', 'qi', 'cmp'];

describe('the teachers page', () => {
  test('lists every preset of the CLI, every field and view, and its links work', { skip: !CLI && 'no partlab CLI', timeout: 60_000 }, async () => {
    const { context, page, errors } = await lab.open('#c=teachers&l=en');
    // The hashing chapters' presets are the lesson's scenarios, every one of them; the study
    // chapters' their own (section 1's `rf1`, section 8's `redis`, …).
    const rows = await page.$$eval('#teachers-presets tr[data-preset]', (rows) =>
      rows.map((r) => [r.dataset.chapter, r.dataset.preset]),
    );
    const hashing = rows.filter(([c]) => ['mod-n', 'ring', 'rendezvous'].includes(c)).map(([, p]) => p);
    assert.deepEqual(hashing.toSorted(), cliJson('lesson').scenarios.map((s) => s.id).toSorted());
    for (const [chapter, preset] of [['replication', 'rf1'], ['rebalancing', 'redis'], ['hot-keys', 'festival']]) {
      assert.ok(rows.some(([c, p]) => c === chapter && p === preset), `${chapter}: ${preset}`);
    }
    // Each study chapter's own fields, from its table: section 1's rf with its range and option.
    const rf = await page.textContent('#teachers-fields-replication tr[data-field="rf"]');
    assert.match(rf, /a whole number from 1 to 10.*3.*--rf/);
    assert.deepEqual(await page.$$eval('#teachers-fields tr[data-field]', (rows) => rows.map((r) => r.dataset.field)), FIELDS);
    // The question set of "Predict first" is listed with the other frame fields.
    assert.match(await page.textContent('#teachers-fields tr[data-field="quiz"]'), /Predict first.*nothing is sent/);
    // A question set per chapter with questions: its first question is the CLI's, and the
    // link opens it.
    const quizzes = await page.$$eval('#teachers-quiz tr[data-quiz]', (rows) =>
      rows.map((r) => [r.dataset.quiz, r.querySelectorAll('td')[0].textContent]),
    );
    // Every chapter with a change or a measure: all but the teachers' page itself.
    const slugs = quizzes.map(([slug]) => slug);
    for (const slug of ['hash-keys', 'ranges', 'indexes', 'routing', 'choosing-keys', 'ring', 'compare']) {
      assert.ok(slugs.includes(slug), `${slug} in ${slugs.join(' ')}`);
    }
    assert.ok(!slugs.includes('teachers'));
    for (const [slug, first] of quizzes) {
      assert.equal(first, cliJson('quiz', '--chapter', slug, '--seed', '1', '--count', '1').questions[0].prompt);
    }
    await page.click('#teachers-quiz tr[data-quiz="rebalancing"] a');
    await page.waitForSelector('#quiz[data-open][data-chapter="rebalancing"]');
    assert.equal(await page.textContent('#quiz-prompt'), quizzes.find(([s]) => s === 'rebalancing')[1]);
    await page.goBack();
    await page.waitForSelector('#teachers-quiz');
    const views = await page.$$eval('#teachers-views tr[data-view]', (rows) => rows.map((r) => r.dataset.view));
    assert.ok(views.includes('ring:figures') && views.includes('mod-n:movement'), views.join(' '));
    assert.ok(views.includes('replication:failover') && views.includes('routing:lease'), views.join(' '));
    // A preset's link opens it in its chapter.
    await page.click('#teachers-presets tr[data-preset="weighted"] a');
    await page.waitForSelector('#chapter[data-chapter="ring"]');
    await page.waitForSelector('#preset-weighted[aria-pressed="true"]');
    assert.equal(await page.getAttribute('#dist-table tr[data-node="inv-bcn"]', 'data-keys'), '48242');
    // Back to the page, in Catalan this time.
    await page.goBack();
    await page.waitForSelector('#teachers-presets');
    await page.selectOption('#lang', 'ca');
    await page.waitForFunction(() => document.querySelector('#teachers-presets-h')?.textContent.startsWith('Els experiments'));
    assert.match(await page.textContent('#teachers-presets tr[data-preset="mod-4-5"]'), /Hash mòdul N: de 4 a 5 nodes/);
    // And in Spanish: the headings, the presets and the fields' help from the same tables.
    await page.selectOption('#lang', 'es');
    await page.waitForFunction(() => document.querySelector('#teachers-presets-h')?.textContent.startsWith('Los experimentos'));
    assert.match(await page.textContent('#teachers-presets tr[data-preset="mod-4-5"]'), /Hash módulo N: de 4 a 5 nodos/);
    assert.match(await page.textContent('#teachers-fields tr[data-field="l"]'), /ca, en, es/);
    assert.match(await page.$eval('#teachers-presets tr[data-preset="mod-4-5"] a', (a) => a.getAttribute('href')), /l=es/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('is reachable from every chapter and axe-clean in every language', { timeout: 60_000 }, async () => {
    for (const lang of ['ca', 'en', 'es']) {
      const { context, page } = await lab.open(`#c=rendezvous&l=${lang}`);
      await page.click('#tab-teachers');
      await page.waitForSelector('#teachers-fields');
      assert.equal(await page.getAttribute('#tab-teachers', 'aria-current'), 'page');
      assert.deepEqual(await audit(page), []);
      await context.close();
    }
  });
});
