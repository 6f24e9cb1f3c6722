#!/usr/bin/env bash
# Builds the guide (docs/, mdBook) into the site Trunk is staging, at guide/: a Trunk
# `post_build` hook (Trunk.toml [[hooks]]), so `trunk build`, `trunk serve` (bash
# scripts/serve.sh) and scripts/build.sh all publish it beside the lab, and scripts/sw.mjs
# precaches it with the rest of the build.
#
#   1. mdbook build docs → $TRUNK_STAGING_DIR/guide (mdbook pinned in scripts/env.sh, installed by
#      scripts/setup.sh; relative links throughout, so the guide works under any sub-path);
#   2. node scripts/guide.mjs: the guide's pages made to run under the site's
#      Content-Security-Policy (their inline scripts moved into files, the policy as a <meta>,
#      every page audited), and what the site does not serve removed (dot-files, mdBook's 404
#      page for a site root).
# The page links to it through <meta name="partlab-guide" content="guide/"> in www/index.html
# (src/frame.rs); the single file, which carries no guide, drops that mark
# (scripts/standalone.mjs). About a second.
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$PARTLAB_ROOT"

staging="${TRUNK_STAGING_DIR:?run by Trunk as a post_build hook (TRUNK_STAGING_DIR unset)}"
if ! command -v mdbook >/dev/null 2>&1; then
  echo "[guide] mdbook not found: run bash scripts/setup.sh (it installs mdbook $PARTLAB_MDBOOK_VERSION)" >&2
  exit 1
fi
# Absolute: mdbook reads a relative --dest-dir from the book's folder, not from here.
out="$(cd "$staging" && pwd)/guide"
rm -rf "$out"
mdbook build docs --dest-dir "$out" 2>&1 | sed 's/^/[guide] /'
# mdbook reports a broken page as an error but may still exit 0 for some of them: the index
# must be there.
if [ ! -f "$out/index.html" ]; then
  echo "[guide] mdbook wrote no $out/index.html" >&2
  exit 1
fi
node scripts/guide.mjs "$out"
