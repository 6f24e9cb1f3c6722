// "Predict first" (src/quiz.rs, partlab_lab::quiz): a chapter opened with quiz=<seed> shows
// the set's question; a guess is graded against the core's answer, which equals the CLI's
// figure for the same configuration (`partlab quiz` names the question, `partlab move` /
// `locate` / `slot` / `hash-keys` / `indexes` / `routing` / `choosing-keys` compute the
// figure another way); every chapter but the teachers' offers "Predict first"; another seed is another question; the
// share dialog's link reproduces the set; nothing is requested while a round is played;
// keyboard only; axe-clean; no CSP violation under the strict policy.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { CLI, audit, cliJson, openPage, recordCspViolations, useLab, waitForReady } from './harness.mjs';

// bypassCSP: the axe audit injects its own script.
const lab = useLab({ defaults: { height: 900, locale: 'en-GB', bypassCSP: true } });
// The strict policy, sent as a header too, with nothing bypassed.
const strict = useLab({ serve: { csp: true } });

const questions = (chapter, seed, first = 0, count = 1) =>
  cliJson('quiz', '--chapter', chapter, '--seed', String(seed), '--first', String(first), '--count', String(count)).questions;

/** The first seed from 1 whose question 0 in `chapter` is of `kind`. */
function seedFor(chapter, kind) {
  for (let seed = 1; seed < 200; seed += 1) {
    if (questions(chapter, seed)[0].kind === kind) return seed;
  }
  throw new Error(`no ${kind} question in ${chapter} for seeds 1–199`);
}

/** A study command's figure by its key (`views[].figures[]`). */
const studyFigure = (out, pick) => out.views.flatMap((v) => v.figures ?? []).find((f) => pick(f.key))?.value;
/** A study command's table by its key. */
const studyTable = (out, key) => out.views.flatMap((v) => v.tables ?? []).find((t) => t.key === key);

/** The CLI's own figure for a question, by the command it names (not `partlab quiz`). */
function independent(q) {
  const out = JSON.parse(execFileSync(CLI, [...q.check, '--json'], { encoding: 'utf8' }));
  switch (q.check[0]) {
    case 'hash-keys':
      // One order: its row's partition; a run of orders: the distinct partitions.
      return q.kind === 'hash-run'
        ? studyFigure(out, (k) => k === 'distinct')
        : Number(studyTable(out, 'scatter').rows[0].attrs.partition);
    case 'indexes': {
      // The formula for the chosen partitions (`formula-n`; only `formula-12` when N is 12).
      const n = q.check[q.check.indexOf('--partitions') + 1];
      return (studyFigure(out, (k) => k === 'formula-n') ?? studyFigure(out, (k) => k === `formula-${n}`)) * 100;
    }
    case 'routing':
      return studyFigure(out, (k) => k === 'lease-expires');
    case 'choosing-keys': {
      // A query not by the key asks every partition that holds orders ("By id").
      const table = studyTable(out, 'orders');
      const key = q.prompt.includes('hash(mercat)') ? 'mercat' : 'productor-id';
      return table.rows.find((r) => r.attrs.key === key).cells[table.head.indexOf('By id')];
    }
    case 'move':
      return out.moved_fraction * 100;
    case 'locate':
      return q.nodes.indexOf(out.owner);
    case 'slot':
      return out[0].slot === out[1].slot ? 0 : 1;
    default:
      throw new Error(`no oracle for ${q.check[0]}`);
  }
}

const prompt = (page) => page.textContent('#quiz-prompt');
const revealed = (page) =>
  page.waitForSelector('#quiz-result[data-answer]').then(() =>
    page.$eval('#quiz-result', (r) => ({ answer: r.dataset.answer, correct: r.dataset.correct, text: r.textContent })),
  );

/**
 * Opens in `opened` (lab.load()) the question set whose first question asks `kind` in
 * `chapter` (seedFor()): the panel is open on that chapter and shows that question's prompt,
 * which is returned with its answer (questions()).
 */
async function openQuestion(opened, chapter, kind) {
  const seed = seedFor(chapter, kind);
  const [q] = questions(chapter, seed);
  await lab.load(opened, `#c=${chapter}&quiz=${seed}&l=en`);
  await opened.page.waitForSelector(`#quiz[data-open][data-chapter="${chapter}"]`);
  assert.equal(await prompt(opened.page), q.prompt);
  return q;
}

describe('predict, then reveal', () => {
  test('a ring question: the guess against the core, which is the CLI’s figure', { timeout: 120_000 }, async () => {
    assert.ok(CLI, 'needs the partlab CLI: cargo build -p partlab-cli');
    const seed = seedFor('ring', 'ring-join');
    const [q] = questions('ring', seed);
    const figure = independent(q);
    assert.ok(Math.abs(q.answer - figure) < 1e-9, `${q.answer} against ${figure}`);
    const opened = await lab.open(`#c=ring&quiz=${seed}&l=en`);
    const { context, page, errors, requests } = opened;
    await page.waitForSelector('#quiz[data-open]');
    assert.equal(await prompt(page), q.prompt);
    assert.equal(await page.getAttribute('#quiz-form', 'data-kind'), 'ring-join');
    // A guess far from the answer, then one within the stated 5 points.
    const asked = requests.length;
    const far = figure > 50 ? 0 : 100;
    await page.fill('#quiz-guess', String(far));
    await page.click('#quiz-reveal');
    let r = await revealed(page);
    assert.equal(r.answer, figure.toFixed(1));
    assert.equal(r.correct, 'false');
    assert.match(r.text, new RegExp(`You said ${far}\\.0\\s%; the lab computes ${figure.toFixed(1)}\\s%`));
    const near = (figure + 4).toFixed(1).replace('.', ',');
    await page.fill('#quiz-guess', `${near} %`);
    await page.click('#quiz-reveal');
    await page.waitForFunction(() => document.querySelector('#quiz-result')?.dataset.correct === 'true');
    // Nothing was sent anywhere while guessing and revealing.
    assert.deepEqual(requests.slice(asked), []);
    // The question's configuration opens in the lab, the questions still open.
    await page.click('#quiz-lab');
    await page.waitForFunction(() => location.hash.includes('k=10000'));
    await page.waitForSelector('#quiz[data-open]');
    await page.waitForFunction(
      (n) => document.querySelectorAll('#dist-table tr[data-node]').length === n,
      q.nodes.length + 1,
    );
    // The next question is the set's question 1, and the address says so.
    await page.click('#quiz-next');
    await page.waitForFunction(() => /[#&]qi=1(&|$)/.test(location.hash));
    const [next] = questions('ring', seed, 1);
    await page.waitForFunction((p) => document.querySelector('#quiz-prompt')?.textContent === p, next.prompt);
    assert.match(await page.textContent('#quiz-pos'), new RegExp(`Question 2 · set ${seed}`));
    // Another seed, another question.
    let other = seed + 1;
    while (questions('ring', other)[0].prompt === q.prompt) other += 1;
    await lab.load(opened, `#c=ring&quiz=${other}&l=en`);
    await page.waitForSelector('#quiz[data-open]');
    assert.equal(await prompt(page), questions('ring', other)[0].prompt);
    assert.notEqual(await prompt(page), q.prompt);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('study and hashing chapters: counts and choices, graded like the core; bad guesses explained', { timeout: 120_000 }, async () => {
    const opened = await lab.open('#c=rebalancing&l=en');
    const { context, page, errors } = opened;
    for (const [chapter, kind] of [
      ['rebalancing', 'fixed-join'],
      ['rebalancing', 'same-slot'],
      ['replication', 'replica-loss'],
      ['mod-n', 'owner'],
      ['hot-keys', 'hottest-share'],
    ]) {
      const q = await openQuestion(opened, chapter, kind);
      if (q.check) assert.equal(independent(q), q.answer, `${chapter} ${kind}`);
      if (q.input === 'choice') {
        // Revealing with nothing picked says what to do.
        await page.click('#quiz-reveal');
        await page.waitForFunction(() => document.querySelector('#quiz-error')?.textContent !== '');
        assert.equal(await page.$('#quiz-result[data-answer]'), null);
        await page.check(`#quiz-choice-${q.answer}`);
      } else {
        for (const bad of ['abc', '1e9', '-3', '9'.repeat(40)]) {
          await page.fill('#quiz-guess', bad);
          await page.click('#quiz-reveal');
          await page.waitForFunction(() => document.querySelector('#quiz-error')?.textContent !== '');
          assert.equal(await page.getAttribute('#quiz-guess', 'aria-invalid'), 'true', bad);
        }
        await page.fill('#quiz-guess', q.input === 'percent' ? q.answer.toFixed(1) : String(q.answer));
      }
      await page.click('#quiz-reveal');
      const r = await revealed(page);
      assert.equal(r.correct, 'true', `${chapter} ${kind}: ${r.text}`);
      assert.equal(await page.textContent('#quiz-error'), '');
      assert.ok(r.text.includes(q.answer_shown), `${r.text} / ${q.answer_shown}`);
    }
    // A chapter without questions shows no panel, even with a set in the address.
    await lab.load(opened, '#c=teachers&quiz=3&l=en');
    await page.waitForSelector('#teachers-quiz');
    assert.equal(await page.isVisible('#quiz'), false);
    // Hostile values open nothing and break nothing.
    await lab.load(opened, '#c=ring&quiz=%3Cscript%3E&qi=-1&l=en');
    await page.waitForSelector('#quiz-open');
    assert.equal(await page.$('#quiz[data-open]'), null);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('hash keys, ranges, indexes, routing and choosing keys: rounds graded like the CLI', { timeout: 180_000 }, async () => {
    assert.ok(CLI, 'needs the partlab CLI: cargo build -p partlab-cli');
    const opened = await lab.open('#c=hash-keys&l=en');
    const { context, page, errors, requests } = opened;
    // The chapter offers the questions without a set in the address.
    await page.waitForSelector('#quiz-open');
    for (const [chapter, kind] of [
      ['hash-keys', 'hash-partition'],
      ['hash-keys', 'hash-run'],
      ['ranges', 'time-partition'],
      ['indexes', 'slow-chance'],
      ['routing', 'lease-expiry'],
      ['choosing-keys', 'key-partitions'],
    ]) {
      const q = await openQuestion(opened, chapter, kind);
      if (q.check) {
        const figure = independent(q);
        if (q.input === 'percent') assert.ok(Math.abs(q.answer - figure) < 1e-9, `${chapter} ${kind}: ${q.answer} against ${figure}`);
        else assert.equal(figure, q.answer, `${chapter} ${kind}`);
      } else {
        assert.equal(chapter, 'ranges', 'only the ranges question has no other command');
      }
      assert.equal(await page.getAttribute('#quiz-form', 'data-kind'), kind);
      const asked = requests.length;
      // A wrong guess first, then the right one.
      if (q.input === 'choice') {
        const wrong = (q.answer + 1) % q.choices.length;
        await page.check(`#quiz-choice-${wrong}`);
      } else if (q.input === 'percent') {
        await page.fill('#quiz-guess', String(q.answer > 50 ? 0 : 100));
      } else {
        await page.fill('#quiz-guess', String(q.answer + 1));
      }
      await page.click('#quiz-reveal');
      let r = await revealed(page);
      assert.equal(r.correct, 'false', `${chapter} ${kind}: ${r.text}`);
      assert.ok(r.text.includes(q.answer_shown), `${r.text} / ${q.answer_shown}`);
      if (q.input === 'choice') await page.check(`#quiz-choice-${q.answer}`);
      else await page.fill('#quiz-guess', q.input === 'percent' ? q.answer.toFixed(1) : String(q.answer));
      await page.click('#quiz-reveal');
      await page.waitForFunction(() => document.querySelector('#quiz-result')?.dataset.correct === 'true');
      // Guessing and revealing fetch nothing.
      assert.deepEqual(requests.slice(asked), []);
      if (chapter === 'routing') assert.deepEqual(await audit(page), []);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the share dialog’s link reproduces the question set', { timeout: 60_000 }, async () => {
    const seed = 31;
    const [q] = questions('rendezvous', seed, 2);
    const { context, page, errors } = await lab.open(`#c=rendezvous&quiz=${seed}&qi=2&l=en`);
    await page.waitForSelector('#quiz[data-open]');
    assert.equal(await prompt(page), q.prompt);
    await page.click('#share-open');
    await page.waitForSelector('dialog#share[open]');
    assert.equal(await page.isChecked('#share-quiz'), true);
    assert.match(await page.textContent('#share-quiz-label'), new RegExp(`\\(set ${seed}\\)`));
    const link = await page.inputValue('#share-link');
    assert.match(link, new RegExp(`#c=rendezvous&quiz=${seed}&qi=2&`));
    await page.uncheck('#share-quiz');
    assert.doesNotMatch(await page.inputValue('#share-link'), /quiz=/);
    await page.keyboard.press('Escape');
    const shared = await lab.open(link.slice(lab.server.url.length));
    await shared.page.waitForSelector('#quiz[data-open]');
    assert.equal(await prompt(shared.page), q.prompt);
    assert.deepEqual([...errors, ...shared.errors], []);
    await shared.context.close();
    await context.close();
  });

  test('a whole round with the keyboard only; axe-clean with the panel open', { timeout: 120_000 }, async () => {
    const opened = await lab.open('#c=mod-n&l=en');
    const { context, page, errors } = opened;
    // Closed by default: one button, no question.
    assert.equal(await page.$('#quiz[data-open]'), null);
    assert.deepEqual(await audit(page), []);
    await page.focus('#quiz-open');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#quiz[data-open]');
    // The set is in the address at once, and the keyboard is on the question.
    await page.waitForFunction(() => /[#&]quiz=\d+/.test(location.hash));
    const seed = Number(/quiz=(\d+)/.exec(await page.evaluate(() => location.hash))[1]);
    const [q] = questions('mod-n', seed);
    assert.equal(await prompt(page), q.prompt);
    const focused = () => page.evaluate(() => document.activeElement?.id ?? '');
    assert.match(await focused(), /^quiz-(guess|choice-0)$/);
    if (q.input === 'choice') {
      await page.keyboard.press('Space');
    } else {
      await page.keyboard.type('42');
    }
    for (let i = 0; i < 6 && (await focused()) !== 'quiz-reveal'; i += 1) await page.keyboard.press('Tab');
    assert.equal(await focused(), 'quiz-reveal');
    await page.keyboard.press('Enter');
    const r = await revealed(page);
    assert.equal(r.answer, q.input === 'percent' ? q.answer.toFixed(1) : String(q.answer));
    assert.deepEqual(await audit(page), []);
    for (let i = 0; i < 6 && (await focused()) !== 'quiz-next'; i += 1) await page.keyboard.press('Tab');
    assert.equal(await focused(), 'quiz-next');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /[#&]qi=1(&|$)/.test(location.hash));
    await page.waitForFunction((p) => document.querySelector('#quiz-prompt')?.textContent === p, questions('mod-n', seed, 1)[0].prompt);
    assert.match(await focused(), /^quiz-(guess|choice-0)$/);
    // Closing takes the set off the address and gives the keyboard back the open button.
    await page.focus('#quiz-close');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !location.hash.includes('quiz='));
    assert.equal(await focused(), 'quiz-open');
    // In Catalan, the panel speaks Catalan.
    await lab.load(opened, `#c=mod-n&quiz=${seed}&l=ca`);
    await page.waitForSelector('#quiz[data-open][lang="ca"]');
    assert.equal(await prompt(page), cliJson('quiz', '--chapter', 'mod-n', '--seed', String(seed), '--count', '1', '--lang', 'ca').questions[0].prompt);
    assert.deepEqual(await audit(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('under the strict policy', () => {
  test('a round with the panel open causes no CSP violation', { timeout: 60_000 }, async () => {
    const opened = await openPage(strict.browser, strict.server.origin, { locale: 'en-GB' });
    const violations = await recordCspViolations(opened.context);
    await opened.page.goto(`${strict.server.url}#c=hot-keys&quiz=5&l=en`);
    await waitForReady(opened.page);
    await opened.page.waitForSelector('#quiz[data-open]');
    await opened.page.fill('#quiz-guess', '10');
    await opened.page.click('#quiz-reveal');
    await revealed(opened.page);
    await opened.page.click('#quiz-next');
    await opened.page.waitForFunction(() => /[#&]qi=1(&|$)/.test(location.hash));
    assert.deepEqual(await violations(opened.page), []);
    assert.deepEqual(opened.errors, []);
    await opened.context.close();
  });
});
