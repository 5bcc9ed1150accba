#!/usr/bin/env bash
# Compares two builds of `ulti` on the same deals: ROUNDS alternating runs of
# `ulti bench --clock cpu [ARGS]` for each, and per contract the lowest median, p90, p99 and max
# over the rounds (the least disturbed figure on a busy machine; thread CPU time).
# Usage: scripts/bench-ab.sh ROUNDS OLD_ULTI NEW_ULTI [bench args...]
#   e.g. scripts/bench-ab.sh 5 /tmp/ulti-old target/release/ulti --contracts passz,ulti
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 ROUNDS OLD_ULTI NEW_ULTI [bench args...]" >&2
  exit 2
fi
rounds=$1 old=$2 new=$3
shift 3
all=$(mktemp)
trap 'rm -f "$all"' EXIT
for _ in $(seq "$rounds"); do
  for bin in "$old" "$new"; do
    "$bin" bench --clock cpu "$@" | grep -E '^[a-z0-9-]+ +[0-9]+/' |
      awk -v b="$bin" '{print b, $1, $3, $4, $5, $6, $8}' >>"$all"
  done
done
printf '%-40s %-14s %9s %9s %9s %9s %9s\n' build contract median p90 p99 max Mnodes
awk '{k = $1 " " $2; for (j = 3; j <= 6; j++) if (!(k in seen) || $j < v[k, j]) v[k, j] = $j;
      n[k] = $7; seen[k] = 1}
     END {for (k in seen) {split(k, p, " ");
       printf "%-40s %-14s %9s %9s %9s %9s %9s\n", p[1], p[2], v[k, 3], v[k, 4], v[k, 5], v[k, 6], n[k]}}' "$all" |
  sort -k2,2 -k1,1
