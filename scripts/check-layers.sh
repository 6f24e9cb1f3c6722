#!/usr/bin/env bash
# The layers, checked on the dependency graph (a step of scripts/test.sh):
#   - partlab-core (the engine) depends on no drawing and no web crate and not on the KM0
#     simulations; partlab-km0 (the simulations) on no drawing and no web crate;
#     partlab-raster on nothing at all;
#   - partlab-lab and partlab-cli declare no web crate, and natively none reaches them;
#   - web crates are declared only by the browser crates: the root package (the page's first
#     part), partlab-web (helpers shared by the page's two wasm modules) and partlab-study-web
#     (the study module, loaded on demand);
#   - the first part never links the study module (it is fetched at run time), and the study
#     module never links the first part;
#   - no crate's modules import each other in a cycle (scripts/check-cycles.py).
# `cargo tree --target all` lists the dependencies of every target, wasm32 included. On wasm32,
# plotters itself depends on wasm-bindgen and web-sys (for its own canvas helpers, which the
# lab never calls), so for the lab the check is on its declared dependencies plus the native
# graph; the core's whole graph, on every target, must be free of both.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

web='wasm-bindgen|web-sys|js-sys|plotters-canvas|wasm-bindgen-futures'
status=0
# deps PACKAGE [cargo tree options]: the names of PACKAGE's normal dependencies.
deps() {
  local package=$1
  shift
  cargo tree -p "$package" -e normal --prefix none --format '{p}' "$@" | awk '{print $1}' | sort -u
}
# forbid PACKAGE PATTERN WHAT [cargo tree options]
forbid() {
  local package=$1 pattern=$2 found
  found="$(deps "$package" "${@:4}" | grep -E "^($pattern)$" || true)"
  if [ -n "$found" ]; then
    echo "[layers] $package must not depend on: $(echo "$found" | tr '\n' ' ')" >&2
    status=1
  else
    echo "[layers] $package: no ${3}"
  fi
}
forbid partlab-core "$web|plotters|plotters-backend|plotters-svg|partlab-km0|partlab-lab" "web, drawing or higher Partlab crate (any target)" --target all
forbid partlab-km0 "$web|plotters|plotters-backend|plotters-svg|partlab-lab" "web, drawing or higher Partlab crate (any target)" --target all
forbid partlab-raster "$web|plotters|plotters-backend|plotters-svg|partlab-core|partlab-lab" "web, drawing or Partlab crate (any target)" --target all
forbid partlab-lab "$web" "web crate declared" --target all --depth 1
forbid partlab-lab "$web" "web crate (native graph)"
forbid partlab-cli "$web" "web crate declared" --target all --depth 1
forbid partlab-cli "$web" "web crate (native graph)"
forbid partlab "partlab-study-web" "study module linked into the first part" --target all
forbid partlab-study-web "partlab" "first part linked into the study module" --target all
forbid partlab-web "partlab|partlab-study-web" "browser module linked into the shared helpers" --target all
# The browser crates do use them (otherwise this check would be looking at the wrong graph).
for package in partlab partlab-web partlab-study-web; do
  if deps "$package" --target all | grep -qx web-sys; then
    echo "[layers] $package (browser): web-sys present, as expected"
  else
    echo "[layers] $package (browser) does not depend on web-sys: is this the right graph?" >&2
    status=1
  fi
done
python3 scripts/check-cycles.py src crates/*/src || status=1
exit $status
