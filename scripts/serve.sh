#!/usr/bin/env bash
# Builds and serves the web app with `trunk serve` on http://127.0.0.1:8080/ (the user guide at
# /guide/), installing what is missing first: the wasm32 target, trunk, wasm-bindgen-cli at the
# Cargo.lock version, mdbook, and (for `--release`) wasm-opt from npm. Extra arguments go to
# `trunk serve`.
# Usage: scripts/serve.sh [--release] [other trunk serve options]
set -euo pipefail
# shellcheck source=scripts/tools.sh
source "$(dirname "$0")/tools.sh"
cd "$REPO_ROOT"

step "tools"
ensure_wasm_target
ensure_trunk
ensure_wasm_bindgen
ensure_mdbook
for arg in "$@"; do
  if [ "$arg" = "--release" ] || [ "$arg" = "-r" ]; then
    ensure_wasm_opt
  fi
done

step "trunk serve $* (http://127.0.0.1:8080/ unless overridden)"
exec trunk serve "$@"
