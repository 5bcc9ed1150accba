#!/usr/bin/env bash
# The user guide's pictures (docs/src/images/*-desktop.png, *-phone.png), taken from the real
# app by tests/e2e/guide-pictures.mjs: builds the CLI, the table server and the release app
# under /ulti-solver/ (as scripts/test.sh does), serves it, and photographs every page a player
# uses. Run it after changing a page, and commit the pictures. Not part of the test run.
# Usage: scripts/guide-pictures.sh            (PICTURES=table,hand for some of them;
#        SKIP_BUILD=1 to reuse site/ and the debug binaries)
set -euo pipefail
# shellcheck source=scripts/tools.sh
source "$(dirname "$0")/tools.sh"
cd "$REPO_ROOT"

step "tools"
ensure_wasm_target
ensure_trunk
ensure_wasm_bindgen
ensure_wasm_opt
ensure_mdbook
ensure_python
ensure_chromium
ensure_e2e_deps

target="$(cargo_target_dir)"
if [ -z "${SKIP_BUILD:-}" ]; then
  step "the CLI and the table server (debug), the app (release, /ulti-solver/)"
  cargo build --locked -p ulti-cli -p ulti-server
  rm -rf site && mkdir -p site
  trunk build --release --locked --public-url /ulti-solver/ --dist site/ulti-solver
fi

step "pictures into docs/src/images/"
trap stop_static_server EXIT
start_static_server site /ulti-solver/index.html target/pictures-http-server.log
E2E_BASE_URL="http://127.0.0.1:$STATIC_SERVER_PORT/ulti-solver/" ULTI_BIN="$target/debug/ulti" \
  ULTI_SERVER_BIN="$target/debug/ulti-server" E2E_SITE_DIR="$REPO_ROOT/site" \
  node tests/e2e/guide-pictures.mjs
