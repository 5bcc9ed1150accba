#!/usr/bin/env python3
"""Checks that a new build of `ulti` gives the same answers as an old one, for a change that
should only make the search faster (move ordering, bounds, the table).

For the first N deals of DEALS (one code per line, or `NAME CODE`; `#` lines skipped), every
contract and a few compound bids are solved with `ulti batch --all-cards` by both builds, then
again from positions deeper in each line (after 3, 7, 13 and 20 cards of the old build's line,
for about a third of them). Every answer and every card's value must be identical. A line may
be another optimal line: each line that differs is re-solved by the new build after each of its
cards, and every step must keep the position's value (the line never contradicts the verdict).

Usage: compare-builds.py OLD_ULTI NEW_ULTI DEALS N [batch flags, e.g. --must-beat-after-trump]
Exit status 1 when an answer differs or a line step changes the value.
"""
import json
import random
import subprocess
import sys

CONTRACTS = ["passz", "40-100", "20-100", "ulti", "betli", "durchmars", "durchmars-adu",
             "negy-asz", "negy-tizes", "40-100+ulti", "passz+ulti", "20-100+durchmars-adu"]


def batch(binary, flags, lines, all_cards=True):
    args = [binary, "batch", "/dev/stdin", "--threads", "2"] + flags
    if all_cards:
        args.append("--all-cards")
    # (`batch` exits 1 when a line has an error: that line's answer carries it, and differs.)
    run = subprocess.run(args, input="\n".join(lines) + "\n", capture_output=True, text=True)
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    if len(answers) != len(lines):
        sys.exit(f"{binary} batch failed: {run.stderr.strip()}")
    return answers


def answer(r):
    """Everything but the line and the bookkeeping."""
    return {k: v for k, v in r.items() if k not in ("input_line", "line", "ms", "nodes")}


def value(r):
    return (r.get("soloist_wins"), r.get("soloist_points"), r.get("payoff"))


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    old, new, deals, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    flags = sys.argv[5:]
    with open(deals) as f:
        codes = [l.split()[-1] for l in f if l.strip() and not l.startswith("#")][:n]
    positions = [f"{c} {k}" for c in codes for k in CONTRACTS]
    olds = batch(old, flags, positions)
    rng = random.Random(1)
    deeper = []
    for p, r in zip(positions, olds):
        line = r.get("line") or []
        if len(line) > 12 and rng.random() < 0.3:
            deeper += [p + " " + ",".join(line[:k]) for k in (3, 7, 13, 20) if k < len(line)]
    olds += batch(old, flags, deeper)
    positions += deeper
    news = batch(new, flags, positions)
    differ = 0
    other_lines = []
    for p, a, b in zip(positions, olds, news):
        if answer(a) != answer(b):
            differ += 1
            if differ <= 5:
                print("answers differ:", p, json.dumps(answer(a)), json.dumps(answer(b)))
        if b.get("line") and a.get("line") != b["line"]:
            other_lines.append((p, b))
    print(f"{len(positions)} positions ({len(deeper)} deeper): {differ} answers differ")
    steps, checks = [], []
    for p, b in other_lines:
        code, contract, *rest = p.split()
        before = rest[0].split(",") if rest else []
        for k in range(1, len(b["line"]) + 1):
            steps.append((p, b))
            checks.append(f"{code} {contract} " + ",".join(before + b["line"][:k]))
    wrong = 0
    for (p, b), r in zip(steps, batch(new, flags, checks, all_cards=False) if checks else []):
        if value(r) != value(b):
            wrong += 1
            if wrong <= 5:
                print("a line step changes the value:", p, value(b), value(r))
    total = sum(1 for r in news if r.get("line"))
    print(f"lines: {len(other_lines)} of {total} are another line; {len(checks)} steps "
          f"re-solved, {wrong} change the value")
    sys.exit(1 if differ or wrong else 0)


if __name__ == "__main__":
    main()
