#!/usr/bin/env bash
# Prints the sizes (raw and gzip -9) of a built app's .wasm and .js files: the page and the
# worker. Usage: scripts/app-size.sh [DIR]   (default: site/ulti-solver, else dist)
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-}"
if [ -z "$dir" ]; then
  if [ -d site/ulti-solver ]; then dir=site/ulti-solver; else dir=dist; fi
fi
[ -d "$dir" ] || { echo "error: $dir does not exist; build first (trunk build --release)" >&2; exit 1; }
shopt -s nullglob
files=("$dir"/*.wasm "$dir"/*.js "$dir"/*.css)
[ ${#files[@]} -gt 0 ] || { echo "error: no .wasm/.js/.css files in $dir" >&2; exit 1; }
printf '%-48s %10s %10s\n' "file ($dir)" raw gzip
for f in "${files[@]}"; do
  printf '%-48s %10d %10d\n' "$(basename "$f")" "$(stat -c %s "$f")" "$(gzip -9 -c "$f" | wc -c)"
done
