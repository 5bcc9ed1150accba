#!/usr/bin/env bash
# Benchmarks the release web app in headless Chromium: builds it under /ulti-solver/ (as
# scripts/test.sh does), prints the .wasm/.js sizes, then times the "slow simulation" deal
# (all contracts of its trump) from navigation to the last result, and the "My hand" page's
# full bid-and-discard answer with one worker (tests/e2e/bench-hand.mjs), median of RUNS runs.
# Not part of the test run. Usage: scripts/bench-app.sh [RUNS]   (default 10)
set -euo pipefail
# shellcheck source=scripts/tools.sh
source "$(dirname "$0")/tools.sh"
cd "$REPO_ROOT"
runs="${1:-10}"

step "tools"
ensure_wasm_target
ensure_trunk
ensure_wasm_bindgen
ensure_wasm_opt
ensure_python
ensure_chromium
ensure_e2e_deps

step "release build under /ulti-solver/"
rm -rf site && mkdir -p site
trunk build --release --locked --public-url /ulti-solver/ --dist site/ulti-solver

step "sizes"
scripts/app-size.sh site/ulti-solver

step "solve time in headless Chromium ($runs runs)"
mkdir -p target/e2e
trap stop_static_server EXIT
start_static_server site /ulti-solver/index.html target/e2e/bench-http-server.log
E2E_BASE_URL="http://127.0.0.1:$STATIC_SERVER_PORT/ulti-solver/" node tests/e2e/bench.mjs "$runs"

step "My hand: the full bid-and-discard answer, one worker ($runs runs)"
E2E_BASE_URL="http://127.0.0.1:$STATIC_SERVER_PORT/ulti-solver/" node tests/e2e/bench-hand.mjs "$runs"
