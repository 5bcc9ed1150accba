#!/usr/bin/env bash
# Times two builds of `ulti` on shared/deals/speed-hard.tsv in alternating runs and compares each
# deal with the peer's figure there. The peer was timed once, in a run beside e716101 (the
# table's ours_ms); this machine's speed drifts between runs (the same build measures up to
# 1.8x apart here), so the peer ratio is carried over through OLD, which must be e716101:
#   peer / NEW (scaled) = (peer_ms / ours_ms) x (OLD / NEW), OLD and NEW timed in one run.
# Per deal, each build's time is its fastest over ROUNDS runs of `--repeat 5` (thread CPU).
# (Deals are matched by their row: builds may print a deal's code differently.)
# Usage: scripts/bench-hard.sh ROUNDS OLD_ULTI(e716101) NEW_ULTI [bench args, e.g. --must-beat-after-trump]
# (HARD_TSV=FILE for another table.)
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 ROUNDS OLD_ULTI NEW_ULTI [bench args...]" >&2
  exit 2
fi
rounds=$1 old=$2 new=$3
shift 3
tsv=${HARD_TSV:-$(dirname "$0")/../../shared/deals/speed-hard.tsv}
all=$(mktemp)
trap 'rm -f "$all"' EXIT
for _ in $(seq "$rounds"); do
  for tag in old new; do
    bin=${!tag}
    "$bin" bench --deals "$tsv" --per-deal --clock cpu --repeat 5 "$@" |
      awk -v t="$tag" 'length($1) == 61 {print t, ++i, $3, $4}' >>"$all"
  done
done
printf '%-8s %-6s %9s %9s %9s %8s %8s %8s %8s\n' deal contract peer_ms old_ms new_ms new_nodes \
  old/new peer/new scaled
awk -F'\t' 'NR == FNR { if ($1 !~ /^#/ && $1 != "deal" && NF >= 5) {
                          key = $1 " " $2; order[++n] = key; peer[key] = $3; tsv_ours[key] = $5 }
                        next }
            { v = $3 + 0
              if (!(($2, $1) in best) || v < best[$2, $1]) best[$2, $1] = v
              if ($1 == "new") nodes[$2] = $4 }
            END { low = 1e9
                  for (i = 1; i <= n; i++) { k = order[i]; split(k, p, " ")
                    o = best[i, "old"]; w = best[i, "new"]
                    s = peer[k] / tsv_ours[k] * o / w; if (s < low) low = s
                    printf "%-8s %-6s %9.3f %9.3f %9.3f %8d %8.2f %8.2f %8.2f\n", substr(p[1], 1, 8),
                      p[2], peer[k], o, w, nodes[i], o / w, peer[k] / w, s }
                  printf "lowest scaled peer/new: %.2f\n", low }' "$tsv" FS=' ' "$all"
