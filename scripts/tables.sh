#!/usr/bin/env bash
# Builds the web app and the live-table server, then starts the server with the app: one
# address (http://127.0.0.1:8787/ unless --listen says otherwise) serves the app at / and the
# tables at /api/tables (crates/ulti-server/README.md). Installs what is missing first, as
# scripts/serve.sh does: the wasm32 target, trunk, wasm-bindgen-cli at the Cargo.lock version,
# and (for the release build) wasm-opt from npm. Extra arguments go to ulti-server, e.g.
#   scripts/tables.sh --listen 0.0.0.0:8787 --db tables.sqlite --away-after 90
# Usage: scripts/tables.sh [--debug] [ulti-server options]
#   --debug   debug builds of the app and the server (faster to build, slower to run)
set -euo pipefail
# shellcheck source=scripts/tools.sh
source "$(dirname "$0")/tools.sh"
cd "$REPO_ROOT"

profile=release
if [ "${1:-}" = "--debug" ]; then
  profile=debug
  shift
fi
site="target/tables-site"

step "tools"
ensure_wasm_target
ensure_trunk
ensure_wasm_bindgen
if [ "$profile" = release ]; then
  ensure_wasm_opt
fi

step "the app ($profile) into $site"
if [ "$profile" = release ]; then
  trunk build --release --locked --dist "$site"
else
  trunk build --locked --dist "$site"
fi

step "ulti-server ($profile)"
if [ "$profile" = release ]; then
  cargo build --release --locked -p ulti-server --bin ulti-server
else
  cargo build --locked -p ulti-server --bin ulti-server
fi

step "ulti-server --site $site $*"
exec "$(cargo_target_dir)/$profile/ulti-server" --site "$site" "$@"
