#!/usr/bin/env bash
# Compares the engine's native and wasm speed: the same bench example, built natively and for
# wasm32-wasip1, the latter run under Node's WASI. Usage: scripts/wasm-bench.sh [LIMIT] [CONTRACTS]
set -euo pipefail
cd "$(dirname "$0")/.."
deals="$(cd .. && pwd)/shared/deals/random-1000.txt"
limit="${1:-1000}"
contracts="${2:-passz,40-100,ulti,betli,durchmars,durchmars-adu,20-100,negy-asz,negy-tizes}"
rustup target list --installed | grep -qx wasm32-wasip1 || rustup target add wasm32-wasip1
cargo build --release -q -p ulti-engine --example bench
cargo build --release -q -p ulti-engine --example bench --target wasm32-wasip1
echo "== native"
target/release/examples/bench "$deals" "$limit" "$contracts"
echo "== wasm32 (Node $(node --version), WASI)"
node --no-warnings - "$deals" "$limit" "$contracts" <<'JS'
const { WASI } = require('node:wasi');
const fs = require('node:fs');
const path = require('node:path');
const [deals, limit, contracts] = process.argv.slice(2);
const dir = path.dirname(deals);
const wasi = new WASI({ version: 'preview1', args: ['bench', '/deals/' + path.basename(deals), limit, contracts], preopens: { '/deals': dir } });
const wasm = new WebAssembly.Module(fs.readFileSync('target/wasm32-wasip1/release/examples/bench.wasm'));
wasi.start(new WebAssembly.Instance(wasm, wasi.getImportObject()));
JS
