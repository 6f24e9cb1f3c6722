#!/usr/bin/env bash
# Development server: installs what is missing, then `trunk serve` on http://127.0.0.1:8080/
# (rebuilds and reloads on edits in src/, crates/, www/ and Cargo.toml; the study module is
# built by the post_build hook, scripts/study-module.sh). Extra arguments go to trunk,
# e.g. `bash scripts/serve.sh --release`.
#
# `bash scripts/serve.sh --dist [PORT]`: the release build as it is published instead
# (scripts/build.sh), served like GitHub Pages serves a project, under /partlab/, with the
# strict Content-Security-Policy header (tests/e2e/server.mjs): http://127.0.0.1:8080/partlab/
# No live reload; the single file, zipped, is at /partlab/partlab-standalone.zip.
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$PARTLAB_ROOT"
bash scripts/setup.sh
if [ "${1:-}" = "--dist" ]; then
  PARTLAB_SETUP_DONE=1 bash scripts/build.sh
  exec node tests/e2e/server.mjs --root dist --prefix /partlab/ --csp --port "${2:-8080}"
fi
exec trunk serve --address 127.0.0.1 --port 8080 "$@"
