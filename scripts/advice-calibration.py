#!/usr/bin/env python3
"""How well the bid advice's win rates are calibrated, from `ulti advise-eval --json` reports.

Usage:
  scripts/advice-calibration.py deciles EVAL.json [EVAL.json ...]
  scripts/advice-calibration.py real-play FIT.json CHECK.json

`deciles` pools every ranked row of the reports and prints, per decile of the predicted win
rate, the rows, the mean prediction, the share made on the actual deal (open-hand) and a 95 %
interval of the gap from a bootstrap over hands. Rows of one hand are not independent (they
share the actual deal and the advice's layouts), so an interval that treats them as
independent rows is too narrow; resampling whole hands is not.

`real-play` needs reports run with `--real-play K`. For each contract family it fits, on FIT's
rows played out, a logistic map from the open-hand prediction to the real-play outcome
(logit(real) = a + b * logit(predicted)), then on CHECK's rows prints the Brier score against
real play of the plain prediction and of the mapped one, per family and in all, and the
deciles of the mapped rate against real play. A family with fewer than MIN_ROWS rows, or whose
real-play and open-hand outcomes agree on every fitted row, keeps the plain prediction.
Standard library only.
"""
import collections
import json
import math
import random
import sys

MIN_ROWS = 50


def load(path):
    with open(path) as fh:
        return json.load(fh)["row_forecasts"]


def deciles(paths):
    hands = []
    for path in paths:
        by = collections.defaultdict(list)
        for r in load(path):
            by[r["deal"]].append((r["predicted"], r["won"]))
        hands += [by[k] for k in sorted(by)]

    def table(hs):
        b = collections.defaultdict(lambda: [0, 0.0, 0])
        for h in hs:
            for p, won in h:
                d = b[min(int(p * 10), 9)]
                d[0] += 1
                d[1] += p
                d[2] += won
        return {k: (n, p / n, w / n) for k, (n, p, w) in b.items()}

    base = table(hands)
    rng = random.Random(1)
    gaps = collections.defaultdict(list)
    for _ in range(400):
        for k, (n, p, o) in table([rng.choice(hands) for _ in hands]).items():
            gaps[k].append(o - p)
    print(f"{len(hands)} hands, {sum(n for n, _, _ in base.values())} ranked rows")
    print("predicted   rows  mean pred  made    gap     95 % interval (hands resampled)")
    for k in sorted(base):
        n, p, o = base[k]
        g = sorted(gaps[k])
        lo, hi = g[int(0.025 * len(g))], g[int(0.975 * len(g)) - 1]
        print(f"{k / 10:.1f}-{(k + 1) / 10:.1f}  {n:6d}  {p:8.3f}  {o:6.3f}  {o - p:+.3f}  [{lo:+.3f}, {hi:+.3f}]")


def logit(p):
    p = min(max(p, 0.02), 0.98)
    return math.log(p / (1 - p))


def fit(rows):
    """Logistic regression of the real-play outcome on logit(predicted), by Newton's method."""
    a, b = 0.0, 1.0
    for _ in range(100):
        ga = gb = haa = hab = hbb = 0.0
        for r in rows:
            z = logit(r["predicted"])
            q = 1 / (1 + math.exp(-(a + b * z)))
            y = 1.0 if r["real_won"] else 0.0
            w = q * (1 - q)
            ga += y - q
            gb += (y - q) * z
            haa += w + 1e-6
            hab += w * z
            hbb += w * z * z + 1e-6
        det = haa * hbb - hab * hab
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-9:
            break
    return a, b


def real_play(fit_path, check_path):
    train = [r for r in load(fit_path) if "real_won" in r]
    check = [r for r in load(check_path) if "real_won" in r]
    maps = {}
    for f in sorted({r["family"] for r in train}):
        rows = [r for r in train if r["family"] == f]
        if len(rows) >= MIN_ROWS and any(r["real_won"] != r["won"] for r in rows):
            maps[f] = fit(rows)

    def mapped(r):
        if r["family"] not in maps:
            return r["predicted"]
        a, b = maps[r["family"]]
        return 1 / (1 + math.exp(-(a + b * logit(r["predicted"]))))

    def brier(rows, f):
        return sum((f(r) - (1.0 if r["real_won"] else 0.0)) ** 2 for r in rows) / len(rows)

    plain = lambda r: r["predicted"]  # noqa: E731
    print(f"maps fitted on {fit_path} ({len(train)} rows played out), checked on {check_path} ({len(check)})")
    print("family      a       b      rows  predicted  open-hand  real play  mapped   Brier plain  mapped")
    for f in sorted({r["family"] for r in check}):
        rows = [r for r in check if r["family"] == f]
        n = len(rows)
        a, b = maps.get(f, (float("nan"), float("nan")))
        print(f"{f:10s} {a:+.3f} {b:6.3f}  {n:5d}  {sum(r['predicted'] for r in rows) / n:9.3f}"
              f"  {sum(r['won'] for r in rows) / n:9.3f}  {sum(bool(r['real_won']) for r in rows) / n:9.3f}"
              f"  {sum(mapped(r) for r in rows) / n:6.3f}   {brier(rows, plain):.4f}     {brier(rows, mapped):.4f}")
    print(f"all rows: Brier against real play {brier(check, plain):.4f} plain, {brier(check, mapped):.4f} mapped")
    b = collections.defaultdict(list)
    for r in check:
        b[min(int(mapped(r) * 10), 9)].append(r)
    print("mapped rate  rows  mean mapped  made in real play")
    for k in sorted(b):
        rows = b[k]
        n = len(rows)
        print(f"{k / 10:.1f}-{(k + 1) / 10:.1f}     {n:5d}  {sum(mapped(r) for r in rows) / n:10.3f}"
              f"  {sum(bool(r['real_won']) for r in rows) / n:10.3f}")


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "deciles":
        deciles(sys.argv[2:])
    elif len(sys.argv) == 4 and sys.argv[1] == "real-play":
        real_play(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
