#!/usr/bin/env python3
"""The computer levels' fixed ratings (crates/ulti-ratings/src/computers.rs): pairwise scores
from `ulti match --whole-game --players strong,normal,easy --records FILE` records.

Usage: scripts/calibrate-ratings.py ULTI FILE [FILE ...]

Record i of a match is deal i // 3 in rotation r = i % 3, where seat s holds the match's
player (s + r) % 3 (crates/ulti-cli/src/commands/table_match.rs). Each game compares each pair
of levels by the money each won (more 1, the same 0.5, less 0), as a live table's game is
rated; a score p becomes a rating difference 400 * log10(p / (1 - p)).
"""
import json
import math
import subprocess
import sys

NAMES = ["strong", "normal", "easy"]


def main():
    ulti, files = sys.argv[1], sys.argv[2:]
    score = {}
    games = 0
    for f in files:
        with open(f) as fh:
            for i, line in enumerate(fh):
                out = subprocess.run([ulti, "replay", "-", "--json"], input=line, text=True,
                                     capture_output=True, check=True).stdout
                pay = json.loads(out)["payments"]
                r = i % 3
                money = {NAMES[(s + r) % 3]: pay[s] for s in range(3)}
                games += 1
                for a in range(3):
                    for b in range(a + 1, 3):
                        x, y = money[NAMES[a]], money[NAMES[b]]
                        s = 1.0 if x > y else 0.5 if x == y else 0.0
                        w, n = score.get((a, b), (0.0, 0))
                        score[(a, b)] = (w + s, n + 1)
    print(f"{games} games")
    for (a, b), (w, n) in sorted(score.items()):
        p = w / n
        se = math.sqrt(p * (1 - p) / n)
        d = 400 * math.log10(p / (1 - p))
        lo = 400 * math.log10((p - se) / (1 - p + se))
        hi = 400 * math.log10((p + se) / (1 - p - se))
        print(f"{NAMES[a]} against {NAMES[b]}: {w:g} of {n} = {p:.3f} ± {se:.3f} "
              f"-> {d:+.0f} ({lo:+.0f} .. {hi:+.0f})")


main()
