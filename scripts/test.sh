#!/usr/bin/env bash
# The project's test command (run by .ci/run): installs what is missing, then lints, tests
# natively and in headless Chromium, builds the site (dist/) and the single-file page
# (dist/partlab-standalone.html), and runs the browser end-to-end tests against both.
# Stops at the first failing step; the last line is a summary.
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$PARTLAB_ROOT"

passed=0
current="(start)"
times=()
server_pid=""

now_ms() { date +%s%3N; }

finish() {
  local status=$?
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
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

# Serves dist/ on a free loopback port (python picks it: port 0) for the e2e tests.
serve_dist() {
  local log
  log="$(mktemp)"
  python3 -u -m http.server 0 --bind 127.0.0.1 --directory dist >"$log" 2>&1 &
  server_pid=$!
  local port="" _
  for _ in $(seq 1 100); do
    port="$(grep -oE 'port [0-9]+' "$log" | head -n 1 | cut -d' ' -f2 || true)"
    [ -n "$port" ] && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  if [ -z "$port" ]; then
    echo "http.server did not start:" >&2
    cat "$log" >&2
    return 1
  fi
  export PARTLAB_BASE_URL="http://127.0.0.1:$port/"
  echo "serving dist/ at $PARTLAB_BASE_URL (pid $server_pid)"
}

e2e() {
  serve_dist
  (cd tests/e2e && node --test --test-reporter=spec --test-concurrency=1 ./*.test.mjs)
}

step setup bash scripts/setup.sh
step fmt cargo fmt --all -- --check
step clippy cargo clippy --all-targets -- -D warnings
step clippy-wasm cargo clippy --lib --target wasm32-unknown-unknown --no-default-features -- -D warnings
step test cargo test
# Only tests/web.rs: the other test files and the lib's unit tests are native-only.
step test-wasm cargo test --target wasm32-unknown-unknown --no-default-features --test web
step trunk-build trunk build --release
step standalone node scripts/standalone.mjs dist
step e2e e2e
