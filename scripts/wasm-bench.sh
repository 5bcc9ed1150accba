#!/usr/bin/env bash
# Compares the engine's native and wasm speed: the same bench example, built natively and for
# wasm32-wasip1, the latter run under Node's WASI.
# Usage: scripts/wasm-bench.sh [LIMIT] [CONTRACTS]     solve times per contract
#        scripts/wasm-bench.sh splits [N] [HANDS]      the hidden-hand workload: N splits of the
#                                                      defenders' cards x every standard bid
#        scripts/wasm-bench.sh table RECORDS [GAMES] [LEVEL]
#                                                      a table player's auction decisions at
#                                                      every auction moment of ulti-game/1 records
set -euo pipefail
cd "$(dirname "$0")/.."
deals="$(cd .. && pwd)/shared/deals/random-1000.txt"
example=bench
if [ "${1:-}" = "table" ]; then
  example=table_bench
  records="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
  deals="$records"
  native_args=("$records" "${3:-12}" "${4:-strong}")
  set -- "/deals/$(basename "$records")" "${3:-12}" "${4:-strong}"
elif [ "${1:-}" = "splits" ]; then
  set -- --splits "${2:-1000}" "/deals/$(basename "$deals")" "${3:-3}"
  native_args=(--splits "$2" "$deals" "$4")
else
  limit="${1:-1000}"
  contracts="${2:-passz,40-100,ulti,betli,durchmars,durchmars-adu,20-100,negy-asz,negy-tizes}"
  set -- "/deals/$(basename "$deals")" "$limit" "$contracts"
  native_args=("$deals" "$limit" "$contracts")
fi
rustup target list --installed | grep -qx wasm32-wasip1 || rustup target add wasm32-wasip1
cargo build --release -q -p ulti-engine --example "$example"
cargo build --release -q -p ulti-engine --example "$example" --target wasm32-wasip1
echo "== native"
target/release/examples/"$example" "${native_args[@]}"
echo "== wasm32 (Node $(node --version), WASI)"
node --no-warnings - "$(dirname "$deals")" "$example" "$@" <<'JS'
const { WASI } = require('node:wasi');
const fs = require('node:fs');
const [dir, example, ...args] = process.argv.slice(2);
const wasi = new WASI({ version: 'preview1', args: [example, ...args], preopens: { '/deals': dir } });
const wasm = new WebAssembly.Module(fs.readFileSync(`target/wasm32-wasip1/release/examples/${example}.wasm`));
wasi.start(new WebAssembly.Instance(wasm, wasi.getImportObject()));
JS
