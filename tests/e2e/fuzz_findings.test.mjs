// What the fuzzer (tests/e2e/fuzz.mjs) found and is not fixed yet, each as a replayable fixture:
// the seed that found it and the input log that shows it, cut down to the actions that matter.
// Each test replays its log exactly (runFuzz's replay: the same tab, the same actions, the same
// checks) and expects no failure; it is marked `todo` with the reason until the fix lands, so it
// reports without failing the test command. When a fix lands, drop `todo` (and the finding's
// entry in fuzz.test.mjs's KNOWN, if it has one).
//
// To add one: run the failing seed (`FUZZ_SEED=… FUZZ_SECONDS=… FUZZ_CHAPTERS=… node
// tests/e2e/fuzz.mjs`), take the log it wrote (target/fuzz/<seed>-<chapter>.json), keep the
// `tab` action and the actions up to the failure (fewer if it still fails), and paste them here.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeResult, runFuzz } from './fuzz.mjs';
import { FINDINGS } from './fuzz_findings.mjs';

describe('fuzz findings, replayed', () => {
  for (const finding of FINDINGS) {
    test(finding.name, { todo: finding.todo, timeout: 180_000 }, async () => {
      const result = await runFuzz({
        seed: finding.seed,
        seconds: finding.seconds,
        replay: { chapter: finding.chapter, actions: finding.actions },
      });
      const [chapter] = result.chapters;
      assert.equal(chapter.slug, finding.chapter);
      assert.deepEqual(
        chapter.failures.map((f) => f.kind),
        [],
        describeResult(chapter, { seed: finding.seed, seconds: finding.seconds, langs: ['ca', 'en', 'es'], modes: ['normal', 'projector', 'embed'] }),
      );
    });
  }
});
