#!/usr/bin/env bash
# Development server: installs what is missing, then `trunk serve` on http://127.0.0.1:8080/
# (rebuilds and reloads on edits in src/, www/ and Cargo.toml). Extra arguments go to trunk,
# e.g. `bash scripts/serve.sh --release`.
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$PARTLAB_ROOT"
bash scripts/setup.sh
exec trunk serve --address 127.0.0.1 --port 8080 "$@"
