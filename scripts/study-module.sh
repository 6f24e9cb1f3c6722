#!/usr/bin/env bash
# Builds the study module (crates/partlab-study-web: the study chapters, the teachers' page,
# the open questions panel, the share dialog and the hashing chapters' lesson tables) into
# the site Trunk is staging: a Trunk `post_build` hook (Trunk.toml [[hooks]]), so
# `trunk build`, `trunk serve` (bash scripts/serve.sh) and scripts/build.sh all get it.
#
#   1. cargo build --target wasm32-unknown-unknown -p partlab-study-web (--release when Trunk
#      builds a release);
#   2. wasm-bindgen --target web: the module's JS glue and its wasm;
#   3. in release builds, wasm-opt -Oz (binaryen 132 from npm, first on PATH: see env.sh);
#   4. both files named with a hash of their content, `partlab-study-<hash>.js` and
#      `partlab-study-<hash>_bg.wasm` (like Trunk's own: a new build never reuses a cached
#      name), copied into $TRUNK_STAGING_DIR;
#   5. the page told their names: `<meta name="partlab-study-module" content="…js">` and
#      `<meta name="partlab-study-wasm" content="…wasm">` after <meta charset> in the staged
#      index.html (src/remote.rs reads them; relative names, so any sub-path works).
# The first part never imports the module statically: it is fetched the first time one of
# those is shown.
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$PARTLAB_ROOT"

staging="${TRUNK_STAGING_DIR:?run by Trunk as a post_build hook (TRUNK_STAGING_DIR unset)}"
profile="${TRUNK_PROFILE:-debug}"
index="$staging/index.html"
[ -f "$index" ] || { echo "[study-module] no $index" >&2; exit 1; }

if [ "$profile" = release ]; then
  cargo build --release --target wasm32-unknown-unknown -p partlab-study-web
  built=target/wasm32-unknown-unknown/release/partlab_study_web.wasm
else
  cargo build --target wasm32-unknown-unknown -p partlab-study-web
  built=target/wasm32-unknown-unknown/debug/partlab_study_web.wasm
fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name partlab-study "$built"
if [ -d "$out/snippets" ]; then
  # The single file (scripts/standalone.mjs) inlines the glue as one function: no imports.
  echo "[study-module] the study module must not use JS snippets (inline_js, module = …)" >&2
  exit 1
fi
if [ "$profile" = release ]; then
  wasm-opt -Oz --output="$out/opt.wasm" "$out/partlab-study_bg.wasm"
  mv "$out/opt.wasm" "$out/partlab-study_bg.wasm"
fi

hash="$(cat "$out/partlab-study.js" "$out/partlab-study_bg.wasm" | sha256sum | cut -c1-16)"
js="partlab-study-$hash.js"
wasm="partlab-study-${hash}_bg.wasm"
cp "$out/partlab-study.js" "$staging/$js"
cp "$out/partlab-study_bg.wasm" "$staging/$wasm"

metas="    <meta name=\"partlab-study-module\" content=\"$js\">\n    <meta name=\"partlab-study-wasm\" content=\"$wasm\">"
sed -i -E '/<meta name="partlab-study-(module|wasm)"/d' "$index"
sed -i -E "s|^([ \t]*<meta charset[^>]*>)$|\1\n$metas|" "$index"
if ! grep -q "content=\"$js\"" "$index"; then
  echo "[study-module] could not name the module in $index (no <meta charset> line?)" >&2
  exit 1
fi
echo "[study-module] $js, $wasm ($(wc -c <"$staging/$wasm") bytes wasm, $profile)"
