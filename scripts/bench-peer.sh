#!/usr/bin/env bash
# Times the peer (UltiArena's Cython solver, prepared by scripts/peer/build.sh) and a build of
# `ulti` on the same deals in one run: ROUNDS alternating runs of each (the peer's
# `solve_best`, passz as its parti in exact-points mode, marriages declared as its game model
# does, which reproduces the node counts of shared/deals/speed-hard.tsv exactly; ours `ulti
# bench --must-beat-after-trump --per-deal`, the peer's rules), each deal solved 5 times per run
# with a cold table, thread CPU time, the fastest over the rounds per deal. The peer's `call`
# is its default call, which clears its 8 MB table inside (as the tsv's peer_ms); `search` has
# the table cleared beforehand. Answers are checked to agree.
# Usage: scripts/bench-peer.sh ROUNDS PEER OUR_ULTI [TSV]
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 ROUNDS PEER OUR_ULTI [TSV]" >&2
  exit 2
fi
rounds=$1 peer=$2 ours=$3
here=$(cd "$(dirname "$0")" && pwd)
tsv=${4:-$here/../../shared/deals/speed-hard.tsv}
if [ ! -f "$tsv" ]; then
  echo "$0: no deals table at $tsv (the shared folder lives beside the checkout; pass TSV)" >&2
  exit 2
fi
all=$(mktemp)
trap 'rm -f "$all"' EXIT
for _ in $(seq "$rounds"); do
  "$peer/venv/bin/python" "$here/peer/peer_bench.py" "$peer" --repeat 5 --marriages --tsv "$tsv" |
    awk -F'\t' '$1 !~ /^#/ && $1 != "deal" {print "peer", ++i, $3, $4, $5, $6}' >>"$all"
  "$ours" bench --deals "$tsv" --per-deal --clock cpu --repeat 5 --must-beat-after-trump |
    awk 'length($1) == 61 {print "ours", ++i, $3, $3, $4, $5}' >>"$all"
done
printf '%-3s %-8s %-6s %9s %9s %7s %9s %7s %9s %9s\n' row deal contract peer_call peer_srch \
  p_nodes ours_ms nodes call/us srch/us
awk -F'\t' 'NR == FNR { if ($1 !~ /^#/ && $1 != "deal" && NF >= 2) { ++n; code[n] = $1; con[n] = $2 }
                        next }
            { k = $2; if ($1 == "peer") { if (!(k in pc) || $3 < pc[k]) pc[k] = $3
                                          if (!(k in ps) || $4 < ps[k]) ps[k] = $4
                                          pn[k] = $5; pa[k] = $6 }
              else { if (!(k in om) || $3 < om[k]) om[k] = $3; on[k] = $5; oa[k] = $6 } }
            END { lc = ls = 1e9; bad = 0
                  for (i = 1; i <= n; i++) {
                    c = pc[i] / om[i]; s = ps[i] / om[i]; if (c < lc) lc = c; if (s < ls) ls = s
                    if (pa[i] != oa[i]) { bad++; printf "# row %d: answers differ (peer %s, ours %s)\n", i, pa[i], oa[i] }
                    printf "%-3d %-8s %-6s %9.3f %9.3f %7d %9.3f %7d %9.2f %9.2f\n", i, substr(code[i], 1, 8),
                      con[i], pc[i], ps[i], pn[i], om[i], on[i], c, s }
                  printf "lowest peer/ours: %.2f (its default call), %.2f (search alone); answers %s\n",
                    lc, ls, bad ? "DIFFER" : "agree" }' "$tsv" FS=' ' "$all"
