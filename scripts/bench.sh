#!/usr/bin/env bash
# Speed of Partlab: the browser benchmark (tests/e2e/bench.mjs) plus the native core's
# (`cargo bench -p partlab-core --bench core`), for the README's Performance section. A benchmark, not a test:
# it prints figures and never fails on a missed target. About 1–2 minutes on 2 cores once
# everything is compiled (a build from clean adds a few minutes).
#
#   1. builds the release page: scripts/build.sh (trunk build --release + CSP post-processing),
#      or `trunk build --release` where that script does not exist;
#   2. copies dist/ to target/bench-dist/, so that a rebuild of dist/ by someone else during the
#      run cannot change what is measured;
#   3. `cargo bench -p partlab-core --bench core` → target/bench-core.txt (the native figures);
#   4. serves target/bench-dist/ on 127.0.0.1 (tests/e2e/server.mjs, or python3 -m http.server)
#      on a free port, stopped on exit;
#   5. node tests/e2e/bench.mjs: drives the page in Chromium and prints the table (also saved
#      to target/bench-browser.md, the raw figures to target/bench-browser.json).
#
# Extra arguments go to bench.mjs (e.g. --quick for fewer runs).
# PARTLAB_BENCH_NO_BUILD=1 skips step 1 (uses dist/ as it is); PARTLAB_BENCH_NO_NATIVE=1 skips 3.
# The machine is shared and noisy: run it twice and keep the quieter run (the load average is
# printed with the table).
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$PARTLAB_ROOT"

log() { printf '[bench] %s\n' "$*" >&2; }

# 1. Build. Trunk stages its output in dist/.stage: two builds at once in the same checkout
#    (another terminal, the test command) can make one fail, hence a few tries.
build() {
  if [ -f scripts/build.sh ]; then
    log "bash scripts/build.sh"
    bash scripts/build.sh >&2
  else
    bash scripts/setup.sh >&2
    log "trunk build --release"
    trunk build --release >&2
  fi
}
if [ "${PARTLAB_BENCH_NO_BUILD:-}" = 1 ] && [ -f dist/index.html ]; then
  log "using dist/ as it is (PARTLAB_BENCH_NO_BUILD=1)"
else
  for try in 1 2 3; do
    if build; then
      break
    fi
    if [ "$try" = 3 ]; then
      log "the build failed 3 times"
      exit 1
    fi
    log "the build failed (another build in this checkout at the same time?): trying again in 5 s"
    sleep 5
  done
fi
if ! ls dist/*.wasm >/dev/null 2>&1; then
  log "dist/ has no .wasm after the build"
  exit 1
fi

# 2. Snapshot of the build.
mkdir -p target
rm -rf target/bench-dist
cp -R dist target/bench-dist

# 3. Native figures.
if [ "${PARTLAB_BENCH_NO_NATIVE:-}" = 1 ]; then
  log "skipping cargo bench (PARTLAB_BENCH_NO_NATIVE=1)"
  rm -f target/bench-core.txt
else
  log "cargo bench -p partlab-core --bench core"
  cargo bench -p partlab-core --bench core | tee target/bench-core.txt
fi

# 4. Serve the snapshot on a free loopback port.
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
if [ -f tests/e2e/server.mjs ]; then
  node tests/e2e/server.mjs --root target/bench-dist --port "$port" >&2 &
else
  python3 -m http.server "$port" --bind 127.0.0.1 --directory target/bench-dist >/dev/null 2>&1 &
fi
server_pid=$!
cleanup() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM
for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    break
  fi
  if ! kill -0 "$server_pid" 2>/dev/null; then
    log "the server did not start"
    exit 1
  fi
  sleep 0.1
done

# 5. The browser benchmark.
native_args=()
if [ -f target/bench-core.txt ]; then
  native_args=(--native target/bench-core.txt)
fi
log "node tests/e2e/bench.mjs --url http://127.0.0.1:$port/"
node tests/e2e/bench.mjs --url "http://127.0.0.1:$port/" --dist target/bench-dist \
  "${native_args[@]}" --json target/bench-browser.json "$@" | tee target/bench-browser.md
