#!/usr/bin/env bash
# The project's test command (run by .ci/run): installs what is missing, then lints, checks
# the docs' links, tests natively (among them the oracle tests against a real Redis cluster,
# uhashring and the Cassandra driver that setup installs: crates/partlab-cli/tests/oracles.rs)
# and in headless Chromium, builds the site (scripts/build.sh: dist/ with its strict CSP, the
# guide in dist/guide/, and the single file standalone/partlab-standalone.html, zipped in dist/), and runs the
# browser end-to-end tests against both (each test file serves dist/ itself:
# tests/e2e/server.mjs).
# Stops at the first failing step; the last line is a summary.
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$PARTLAB_ROOT"

passed=0
current="(start)"
times=()

now_ms() { date +%s%3N; }

finish() {
  local status=$?
  echo
  echo "==> step times"
  if [ "${#times[@]}" -gt 0 ]; then printf '    %s\n' "${times[@]}"; fi
  if [ "$status" -eq 0 ]; then
    echo "test.sh: all $passed steps passed"
    echo "steps: $passed passed, 0 failed"
  else
    echo "test.sh: FAILED at step '$current' (exit $status)"
    echo "steps: $passed passed, 1 failed"
  fi
  exit "$status"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# step NAME COMMAND...: runs COMMAND, records its time; set -e ends the script on failure.
step() {
  current="$1"
  shift
  echo
  echo "==> [$((passed + 1))] $current: $*"
  local start
  start="$(now_ms)"
  "$@"
  local ms=$(($(now_ms) - start))
  times+=("$(printf '%-22s %4d.%01d s' "$current" $((ms / 1000)) $((ms % 1000 / 100)))")
  passed=$((passed + 1))
}

e2e() {
  # A server started by hand must not stand in for the build just made.
  unset PARTLAB_BASE_URL
  (cd tests/e2e && node --test --test-reporter=spec --test-concurrency=1 ./*.test.mjs)
}

step setup bash scripts/setup.sh
step fmt cargo fmt --all -- --check
step layers bash scripts/check-layers.sh
# The docs' relative links and the guide's table of contents (no build needed). The docs'
# commands run in `test` (crates/partlab-cli/tests/readme.rs, cli_reference.rs) and their lab
# addresses in `e2e` (tests/e2e/docs.test.mjs).
step docs node --test --test-reporter=spec tests/docs/
step clippy cargo clippy --workspace --all-targets -- -D warnings
# The browser crates (the first part, its shared helpers, the study module) and the two crates
# they compile into the page, as wasm32.
step clippy-wasm cargo clippy --target wasm32-unknown-unknown -p partlab -p partlab-web -p partlab-study-web -p partlab-core -p partlab-km0 -p partlab-lab --lib -- -D warnings
step test cargo test --workspace
# Only tests/web.rs: the member crates' tests are native (proptest does not build for wasm32).
step test-wasm cargo test --target wasm32-unknown-unknown -p partlab --test web
step build env PARTLAB_SETUP_DONE=1 bash scripts/build.sh
step e2e e2e
