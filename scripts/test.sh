#!/usr/bin/env bash
# Runs every test of the project. Installs what is missing (wasm32 target) first.
# Usage: scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "toolchain"
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

step "format and lints"
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings

step "native tests (engine, CLI)"
cargo test --workspace --locked

step "engine builds for wasm32"
cargo build -p ulti-engine --target wasm32-unknown-unknown --locked

printf '\nall tests passed\n'
