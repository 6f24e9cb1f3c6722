// The fuzz step of the test command (issue 47, "fuzzing as PhET does it"): tests/e2e/fuzz.mjs
// over every chapter of the chapter bar and the teachers' page, in each language and in normal, projector and embed
// mode, for a fixed seed and a few seconds per chapter: random pointer, touch and keyboard
// input at a high rate and random valid and invalid addresses from each chapter's field table.
// It fails on a console error, an uncaught exception, a CSP violation, a crash, a page that
// stays busy, or an address that no longer opens (a task over 200 ms fails the benchmark's longer
// run, not this step: timings are not asserted in the test command); each failing chapter
// prints its seed, the command that runs it again and its last actions, and leaves its whole
// input log in target/fuzz/ (`node tests/e2e/fuzz.mjs --replay FILE` performs it again).
//
// FUZZ_SEED and FUZZ_SECONDS (per chapter) change the run, as for fuzz.mjs; the longer run is
// scripts/bench.sh's. The whole step takes about 2–3 minutes on 2 cores.
//
// Known findings: none are filtered. A finding that cannot be fixed at once goes to
// fuzz_findings.test.mjs as a replayable fixture (marked todo); if it must be kept out of this
// step meanwhile, add it to KNOWN below with its reason, and it is printed on every run.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_SEED, describeResult, runFuzz } from './fuzz.mjs';

/** Seconds of input per chapter in the test command (the command line's default is longer). */
const TEST_SECONDS = 4;

/**
 * Findings kept out of this step, each { chapter, kind, pattern, reason } (see fuzz.mjs's
 * runFuzz): empty.
 */
const KNOWN = [];

describe('fuzzing', () => {
  test('every chapter, language and mode takes random input and addresses without a failure', { timeout: 900_000 }, async () => {
    const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
    const seconds = Number(process.env.FUZZ_SECONDS ?? TEST_SECONDS);
    const reports = [];
    const result = await runFuzz({
      seed,
      seconds,
      known: KNOWN,
      // Tasks over 200 ms are the benchmark's to fail on (a chapter whose only failure is a long
      // task would also be run a second time, doubling the step); FUZZ_LONG_TASK_MS sets a bound.
      longTaskMs: Number(process.env.FUZZ_LONG_TASK_MS ?? Infinity),
      onChapter: (r, run) => {
        const text = describeResult(r, run);
        console.log(text);
        // A task over 200 ms is a timing, and timings are not asserted in the test command
        // (the machine is shared and noisy): it is printed here and fails scripts/bench.sh's
        // longer run. Everything else fails the step.
        if (r.failures.some((f) => f.kind !== 'long task')) reports.push(text);
      },
    });
    assert.ok(result.chapters.length >= 12, `chapters fuzzed: ${result.chapters.map((c) => c.slug).join(' ')}`);
    assert.ok(result.chapters.some((c) => c.slug === 'teachers'), 'the teachers\' page was not fuzzed');
    for (const c of result.chapters) assert.ok(c.actions > 0, `${c.slug}: no action was performed`);
    assert.deepEqual(reports, [], `\n${reports.join('\n')}`);
  });
});
