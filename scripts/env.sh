# shellcheck shell=bash
# Sourced by the other scripts: the tool locations that every step relies on.
# - tests/e2e/node_modules/.bin first: wasm-opt 132 from npm `binaryen` (Debian's
#   /usr/bin/wasm-opt, if present, is version 108 and breaks wasm-bindgen output).
# - ~/.cargo/bin: trunk, wasm-bindgen, wasm-bindgen-test-runner, mdbook (cargo install).
PARTLAB_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PARTLAB_ROOT
export PATH="$PARTLAB_ROOT/tests/e2e/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# wasm-bindgen-test-runner: drive Debian's Chromium through its chromedriver.
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
# The e2e harness launches this browser (playwright-core never downloads one).
export PARTLAB_CHROMIUM="${PARTLAB_CHROMIUM:-/usr/bin/chromium}"

# Pinned tool versions (also in Trunk.toml [tools]; wasm-bindgen must equal Cargo.toml's pin).
# shellcheck disable=SC2034
PARTLAB_TRUNK_VERSION=0.21.14
# shellcheck disable=SC2034
PARTLAB_WASM_BINDGEN_VERSION=0.2.130
# shellcheck disable=SC2034
PARTLAB_WASM_OPT_VERSION=132
# mdBook builds the guide (docs/) into the site; 0.4.52 is the newest 0.4.x, built with the
# machine's Rust 1.95 (scripts/setup.sh installs it without its serve/watch features).
# shellcheck disable=SC2034
PARTLAB_MDBOOK_VERSION=0.4.52
