#!/usr/bin/env bash
# Speed of Partlab: the browser benchmark (tests/e2e/bench.mjs) plus the native core's
# (`cargo bench -p partlab-core --bench core`), for docs/dev/performance.md. A benchmark, not a test:
# it prints figures and never fails on a missed target. About 1–2 minutes on 2 cores once
# everything is compiled (a build from clean adds a few minutes).
#
#   1. builds the release page: scripts/build.sh (trunk build --release + CSP post-processing),
#      or `trunk build --release` where that script does not exist;
#   2. copies dist/ to target/bench-dist/, so that a rebuild of dist/ by someone else during the
#      run cannot change what is measured;
#   3. `cargo bench -p partlab-core --bench core` → target/bench-core.txt (the native figures),
#      and `cargo bench -p partlab-raster --bench dots` → target/bench-dots.txt (one frame of the
#      ring's key dots, natively: the page's `ring-dots` stage without the browser);
#   4. serves target/bench-dist/ on 127.0.0.1 (tests/e2e/server.mjs, or python3 -m http.server)
#      on a free port, stopped on exit;
#   5. node tests/e2e/bench.mjs: drives the page in Chromium and prints the table (also saved
#      to target/bench-browser.md, the raw figures to target/bench-browser.json);
#   6. the CLI (release build) at the worst accepted configuration of each strategy and sweep:
#      wall time (median of 3) and peak RSS (/usr/bin/time), printed and saved to
#      target/bench-cli.md;
#   7. the fuzzer's longer run (tests/e2e/fuzz.mjs) on the snapshot: FUZZ_SECONDS per chapter
#      (default 30; the test command gives each 4), with FUZZ_SEED or a new seed each run
#      (printed, with the command that replays a failing chapter), saved to
#      target/bench-fuzz.txt. A failure there is a bug found: it is printed, and the script's
#      exit status is 1 once every other step has run.
#
# Extra arguments go to bench.mjs (e.g. --quick for fewer runs; --only load for the first loads
# alone, [10], with the time from the app's start to the ring's frame; --only starts for the
# longest tasks of the other loads, [6], [7] and [13]–[21]; --only chapters for [13]–[21];
# --only throttled for [4] alone, with the page's per-stage medians of its steps).
# PARTLAB_BENCH_NO_BUILD=1 skips step 1 (uses dist/ as it is); PARTLAB_BENCH_NO_NATIVE=1 skips 3;
# PARTLAB_BENCH_NO_CLI=1 skips 6; PARTLAB_BENCH_NO_FUZZ=1 skips 7.
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
  rm -f target/bench-core.txt target/bench-dots.txt
else
  log "cargo bench -p partlab-core --bench core"
  cargo bench -p partlab-core --bench core | tee target/bench-core.txt
  log "cargo bench -p partlab-raster --bench dots"
  cargo bench -p partlab-raster --bench dots | tee target/bench-dots.txt
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

# 7 (run before 6, whose skips end the script). The fuzzer's longer run, on the snapshot.
fuzz_status=0
if [ "${PARTLAB_BENCH_NO_FUZZ:-}" = 1 ]; then
  log "skipping the fuzzer (PARTLAB_BENCH_NO_FUZZ=1)"
else
  fuzz_seed="${FUZZ_SEED:-$(date +%s)}"
  log "FUZZ_SEED=$fuzz_seed FUZZ_SECONDS=${FUZZ_SECONDS:-30} node tests/e2e/fuzz.mjs (on target/bench-dist)"
  PARTLAB_DIST=target/bench-dist FUZZ_SEED="$fuzz_seed" FUZZ_SECONDS="${FUZZ_SECONDS:-30}" \
    node tests/e2e/fuzz.mjs 2>&1 | tee target/bench-fuzz.txt || fuzz_status=$?
  if [ "$fuzz_status" != 0 ]; then
    log "the fuzzer found failures (target/bench-fuzz.txt): the benchmark goes on, and exits 1 at the end"
  fi
fi
trap 'cleanup; [ "$fuzz_status" = 0 ] || { log "the fuzzer failed: see target/bench-fuzz.txt"; exit 1; }' EXIT

# 6. The CLI at the worst accepted configuration of each strategy and sweep (the guide's
#    "Conventions and limits": the work budget). Each runs 3 times; the table gives the median wall time
#    and the largest peak RSS (GNU time's %M, in KB).
if [ "${PARTLAB_BENCH_NO_CLI:-}" = 1 ]; then
  log "skipping the CLI (PARTLAB_BENCH_NO_CLI=1)"
  exit 0
fi
if [ ! -x /usr/bin/time ]; then
  log "no /usr/bin/time: skipping the CLI's peak memory"
  exit 0
fi
log "cargo build --release -p partlab-cli"
cargo build --release -p partlab-cli >&2
cli=target/release/partlab
names() { seq -f 'n%g' 1 "$1" | paste -sd, -; }
cli_rows=(
  "ring, 200 nodes × 1000 vnodes (200 000 points), 10 000 000 keys|dist --strategy ring --nodes $(names 200) --vnodes 1000 --keys 10000000"
  "ring, a node joins: 199 → 200 nodes × 1000 vnodes, 10 000 000 keys|move --strategy ring --nodes $(names 199) --to $(names 200) --vnodes 1000 --keys 10000000"
  "ring, 8 copies of 1 000 000 keys (8 000 000)|dist --strategy ring --nodes $(names 8) --replicas 8 --keys 1000000"
  "rendezvous, 8 nodes × 1 000 000 keys (8 000 000 scores)|dist --strategy rendezvous --nodes $(names 8) --keys 1000000"
  "rendezvous, a node joins: 7 → 8 nodes, 1 000 000 keys|move --strategy rendezvous --nodes $(names 7) --to $(names 8) --keys 1000000"
  "modulo, 8 copies of 1 000 000 keys|dist --strategy modulo --nodes $(names 8) --replicas 8 --keys 1000000"
  "jump, 8 copies of 1 000 000 keys|dist --strategy jump --nodes $(names 8) --replicas 8 --keys 1000000"
  "maglev, table 2 000 003, 8 copies of 1 000 000 keys|dist --strategy maglev --table-size 2000003 --nodes $(names 8) --replicas 8 --keys 1000000"
  "bounded, 200 nodes × 1000 vnodes, c = 1, 10 000 000 keys|dist --strategy bounded --load-factor 1 --nodes $(names 200) --vnodes 1000 --keys 10000000"
  "multiprobe, 21 probes, 3 000 000 keys (63 000 000 probes)|dist --strategy multiprobe --nodes $(names 200) --keys 3000000"
  "deviation sweep, 200 nodes × 11 vnode counts × 48 trials (19 564 800 vnode hashes), 1 000 000 keys|sweep deviation --nodes $(names 200) --trials 48 --keys 1000000"
  "movement sweep, sizes 2..7 × 4 strategies, 1 000 000 keys (rendezvous up to 8 nodes)|sweep movement --nodes n1,n2 --sizes 2..7 --keys 1000000"
  "ring, 200 nodes × 1000 vnodes, a key file of 10 000 000 lines (streamed: the README's 200 MB)|dist --strategy ring --nodes $(names 200) --vnodes 1000 --key-file target/bench-keys-10m.txt"
)
# The key file of the last row: 10 000 000 lines of 23 characters (240 MB), made once.
if [ ! -s target/bench-keys-10m.txt ]; then
  log "writing target/bench-keys-10m.txt"
  seq -f 'customer-%08g-order' 0 9999999 >target/bench-keys-10m.txt
fi
{
  echo
  echo "The CLI (release build) at the worst accepted configuration of each strategy and sweep"
  echo "(load average $(cut -d' ' -f1-3 /proc/loadavg) at the start; median of 3 runs; peak RSS from /usr/bin/time):"
  echo
  echo "| configuration | command | wall s | peak RSS MB |"
  echo "|---|---|--:|--:|"
  for row in "${cli_rows[@]}"; do
    what="${row%%|*}"
    args="${row#*|}"
    times=()
    rss=0
    failed=""
    for _ in 1 2 3; do
      # The last line of stderr is GNU time's; an error (the budget, a limit) comes before it.
      # shellcheck disable=SC2086
      out="$( { /usr/bin/time -f '%x %e %M' "$cli" $args --json >/dev/null; } 2>&1 || true)"
      stats="$(printf '%s\n' "$out" | tail -n 1)"
      read -r code secs kb <<<"$stats"
      if [ "$code" != 0 ]; then
        failed="exit $code: $(printf '%s\n' "$out" | head -n 1)"
      fi
      times+=("$secs")
      if [ "$kb" -gt "$rss" ]; then rss="$kb"; fi
    done
    if [ -n "$failed" ]; then
      printf '| %s | refused (%s) | | |\n' "$what" "$failed"
      continue
    fi
    med="$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)"
    shown="$(printf '%s' "$args" | sed -E 's/(n1,n2,n3)[^ ]*/\1,…/g')"
    printf '| %s | `partlab %s` | %s | %s |\n' "$what" "$shown" "$med" "$(awk -v k="$rss" 'BEGIN { printf "%.0f", k / 1024 }')"
  done
} | tee target/bench-cli.md

