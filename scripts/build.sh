#!/usr/bin/env bash
# Release build of the site into dist/, ready to publish (GitHub Pages, any sub-path):
#   1. trunk build --release                  the page, its wasm-bindgen glue, the wasm (wasm-opt -Oz)
#   2. node scripts/split.mjs dist            the first part's wasm in two: what a cold load runs
#                                             before its ring is on screen, and the rest (fetched in
#                                             parallel); profiled in headless Chromium
#   3. node scripts/csp.mjs dist              Trunk's inline loader → dist/boot-<hash>.js, the strict
#                                             Content-Security-Policy as a <meta>, and a check that
#                                             nothing in index.html or its CSS breaks under it
#   4. node scripts/sw.mjs dist               dist/sw.js: a service worker that precaches this build
#                                             (the site works offline after a first visit)
#   5. node scripts/standalone.mjs dist       standalone/partlab-standalone.html: one file that works
#                                             from file://, with its own hash-based CSP; not served
#                                             (its inline script breaks the site's policy), but
#                                             zipped into dist/partlab-standalone.zip to download
# Runs scripts/setup.sh first unless PARTLAB_SETUP_DONE=1 (scripts/test.sh has just run it).
# Extra arguments go to `trunk build`.
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$PARTLAB_ROOT"

if [ "${PARTLAB_SETUP_DONE:-}" != 1 ]; then
  bash scripts/setup.sh
fi

echo "[build] trunk build --release $*"
trunk build --release "$@"
echo "[build] node scripts/split.mjs dist"
node scripts/split.mjs dist
echo "[build] node scripts/csp.mjs dist"
node scripts/csp.mjs dist
echo "[build] node scripts/sw.mjs dist"
node scripts/sw.mjs dist
echo "[build] node scripts/standalone.mjs dist"
node scripts/standalone.mjs dist
echo "[build] dist/ ready:" dist/*
