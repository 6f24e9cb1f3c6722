// The fuzzer's findings not fixed yet (fuzz_findings.test.mjs replays each; fuzz.test.mjs keeps
// those with a `filter` out of the fuzz step, and prints them on every run). Each:
//   name     what goes wrong, in a line
//   todo     why it is not fixed here (who owns the code it is in)
//   chapter, seed, seconds   where and with what the fuzzer found it
//   filter   { kind, pattern }: the failures of this finding in the fuzz step (fuzz.mjs's kinds:
//            error, csp, long task, crash, busy, not ready, address), or none
//   actions  the input log to replay: a `tab` action, then the actions that show it
export const FINDINGS = [];
