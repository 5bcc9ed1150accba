#!/usr/bin/env bash
# Benchmarks the release web app in headless Chromium: builds it under /ulti-solver/ (as
# scripts/test.sh does), prints the .wasm/.js sizes, then times the "slow simulation" deal
# (all contracts of its trump) from navigation to the last result, median of RUNS runs, the
# line viewer's "at the table" card advice (100 samples) at tricks 1-2 (tests/e2e/bench-advice.mjs),
# and the "My hand" page's full bid-and-discard answer with one worker, or WORKERS workers
# (tests/e2e/bench-hand.mjs).
# Not part of the test run. Usage: scripts/bench-app.sh [RUNS]   (default 10)
# BENCH=results, BENCH=advice or BENCH=hand runs only that part; ADVICE_RUNS (default 5) and ADVICE_SAMPLES
# (default 100) set the advice benchmark.
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
base="http://127.0.0.1:$STATIC_SERVER_PORT/ulti-solver/"
if [ "${BENCH:-all}" = all ] || [ "${BENCH:-all}" = results ]; then
  E2E_BASE_URL="$base" node tests/e2e/bench.mjs "$runs"
fi
if [ "${BENCH:-all}" = all ] || [ "${BENCH:-all}" = advice ]; then
  step "card advice in headless Chromium"
  E2E_BASE_URL="$base" node tests/e2e/bench-advice.mjs "${ADVICE_RUNS:-5}" "${ADVICE_SAMPLES:-100}"
fi
if [ "${BENCH:-all}" = all ] || [ "${BENCH:-all}" = hand ]; then
  step "My hand: the full bid-and-discard answer, ${WORKERS:-1} worker(s) ($runs runs)"
  E2E_BASE_URL="$base" node tests/e2e/bench-hand.mjs "$runs"
fi
