#!/usr/bin/env bash
# Installs what building and testing Partlab needs, skipping whatever is already in place.
# Idempotent and non-interactive (fresh machine, root, CI=true, no stdin). From a bare
# machine: trunk ~6 min + wasm-bindgen-cli ~3 min + mdbook ~3 min (cargo install; 10 min for
# mdbook on a machine busy with other builds), Chromium ~1 min and binaryen a few seconds
# (apt), npm packages a few seconds, Redis ~15 s (apt) and the oracle tests' Python
# environment ~30 s (pip: uhashring, cassandra-driver). When everything is present it takes
# about a second.
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$PARTLAB_ROOT"

log() { printf '[setup] %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

# The first word of `tool --version`'s output that looks like a version, or nothing.
tool_version() {
  "$@" 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -n 1 || true
}

# 1. Rust target (the toolchain itself is pinned by rust-toolchain.toml).
installed_targets="$(rustup target list --installed)"
if grep -qx wasm32-unknown-unknown <<<"$installed_targets"; then
  log "rust target wasm32-unknown-unknown: present"
else
  log "rust target wasm32-unknown-unknown: installing"
  rustup target add wasm32-unknown-unknown
fi

# 2. Trunk. --force: cargo's install record may claim a version whose binary is gone.
if [ "$(tool_version trunk --version)" = "$PARTLAB_TRUNK_VERSION" ]; then
  log "trunk $PARTLAB_TRUNK_VERSION: present"
else
  log "trunk $PARTLAB_TRUNK_VERSION: installing (cargo install, ~6 min)"
  cargo install trunk --version "$PARTLAB_TRUNK_VERSION" --locked --force
fi

# 3. wasm-bindgen-cli (wasm-bindgen + wasm-bindgen-test-runner), equal to the crate's
#    `=0.2.130`. Without --locked: its lockfile pins a webpki-roots the registry lacks.
if [ "$(tool_version wasm-bindgen --version)" = "$PARTLAB_WASM_BINDGEN_VERSION" ] &&
  [ "$(tool_version wasm-bindgen-test-runner --version)" = "$PARTLAB_WASM_BINDGEN_VERSION" ]; then
  log "wasm-bindgen-cli $PARTLAB_WASM_BINDGEN_VERSION: present"
else
  log "wasm-bindgen-cli $PARTLAB_WASM_BINDGEN_VERSION: installing (cargo install, ~3 min)"
  cargo install wasm-bindgen-cli --version "$PARTLAB_WASM_BINDGEN_VERSION" --force
fi

# 3b. mdBook, which builds the guide (docs/) into the site (scripts/guide.sh, a Trunk hook).
#     Only its `search` feature: the site serves the guide, so mdbook's own server and file
#     watcher (most of its build time) are not needed. --locked: its lockfile builds with the
#     pinned Rust.
if [ "$(tool_version mdbook --version)" = "$PARTLAB_MDBOOK_VERSION" ]; then
  log "mdbook $PARTLAB_MDBOOK_VERSION: present"
else
  log "mdbook $PARTLAB_MDBOOK_VERSION: installing (cargo install, ~3 min)"
  cargo install mdbook --version "$PARTLAB_MDBOOK_VERSION" --locked --no-default-features --features search --force
fi

# 4. Chromium and its driver from Debian (browser tests; nothing downloads a browser).
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  log "chromium + chromedriver: present"
else
  log "chromium + chromedriver: installing (apt-get, ~1 min)"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver </dev/null
fi

# 4b. binaryen's wasm-split from Debian (scripts/split.mjs: the release build's first part in
#     two; npm's binaryen has no wasm-split). Debian's package also brings its own wasm-opt
#     (108): env.sh puts npm's (132) first on PATH, and Trunk checks the version it finds.
if command -v wasm-split >/dev/null 2>&1; then
  log "wasm-split (binaryen): present"
else
  log "wasm-split (binaryen): installing (apt-get)"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q binaryen </dev/null
fi

# 5. npm packages of tests/e2e: playwright-core and binaryen (wasm-opt). Reinstalled when
#    package-lock.json changed since the last `npm ci` (stamp kept inside node_modules).
lock_sum="$(sha256sum tests/e2e/package-lock.json | cut -d' ' -f1)"
stamp=tests/e2e/node_modules/.partlab-lock.sha256
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock_sum" ] &&
  [ -x tests/e2e/node_modules/.bin/wasm-opt ] && [ -d tests/e2e/node_modules/playwright-core ]; then
  log "npm packages (tests/e2e): up to date"
else
  log "npm packages (tests/e2e): npm ci"
  (cd tests/e2e && npm ci --no-audit --no-fund </dev/null)
  echo "$lock_sum" >"$stamp"
fi

# 5b. The real software the oracle tests check the lab against (crates/partlab-cli/tests/
#     oracles.rs, run by `cargo test`): Debian's Redis, whose service is not wanted (the tests
#     start their own servers on free loopback ports), and a Python environment with PyPI's
#     uhashring and cassandra-driver, pinned in tests/oracles/requirements.txt and made again
#     when that file changes (stamp kept inside the environment).
if command -v redis-server >/dev/null 2>&1 && command -v redis-cli >/dev/null 2>&1; then
  log "redis-server + redis-cli: present"
else
  log "redis-server + redis-cli: installing (apt-get, ~15 s)"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q redis-server redis-tools </dev/null
  # Where systemd runs, the package enables and starts a server on port 6379: not ours.
  if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
    as_root systemctl disable --now redis-server >/dev/null 2>&1 || true
  fi
fi
oracle_req=tests/oracles/requirements.txt
oracle_sum="$(sha256sum "$oracle_req" | cut -d' ' -f1)"
oracle_stamp=.venv-oracles/.partlab-requirements.sha256
if [ -x .venv-oracles/bin/python ] && [ -f "$oracle_stamp" ] && [ "$(cat "$oracle_stamp")" = "$oracle_sum" ]; then
  log "python oracles (.venv-oracles): up to date"
else
  log "python oracles (.venv-oracles): pip install -r $oracle_req (~30 s)"
  if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3 python3-venv </dev/null
  fi
  rm -rf .venv-oracles
  python3 -m venv .venv-oracles
  # Where the driver has no wheel for this Python, it installs without compiling anything
  # (its pure-Python murmur3, the same algorithm).
  CASS_DRIVER_NO_EXTENSIONS=1 .venv-oracles/bin/pip install -q --disable-pip-version-check \
    -r "$oracle_req" </dev/null
  echo "$oracle_sum" >"$oracle_stamp"
fi

# 6. Crates. Trunk.toml's `offline = true` also makes Trunk run `cargo build --offline`, so
#    every dependency (wasm32 ones included) must be in cargo's cache before `trunk build`.
log "crates: cargo fetch"
cargo fetch --quiet

# Check the versions Trunk will insist on (Trunk.toml [tools], offline mode).
opt_version="$(wasm-opt --version 2>/dev/null || true)"
case "$opt_version" in
  *"version $PARTLAB_WASM_OPT_VERSION "* | *"version_$PARTLAB_WASM_OPT_VERSION"*) ;;
  *)
    echo "[setup] wasm-opt on PATH is '$(command -v wasm-opt || echo none)' ($opt_version), want version_$PARTLAB_WASM_OPT_VERSION" >&2
    exit 1
    ;;
esac
log "ready: $(trunk --version), $(wasm-bindgen --version), $(mdbook --version), $opt_version, $(/usr/bin/chromium --version 2>/dev/null | head -n 1)"
