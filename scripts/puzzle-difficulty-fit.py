#!/usr/bin/env python3
"""The fit behind the puzzles' difficulty (crates/ulti-engine/src/puzzles/features.rs).

Usage:
  ulti puzzles calibrate puzzles/set.json --level strong --count 2400 --seed 7 > strong.json
  ulti puzzles calibrate puzzles/set.json --level easy --count 2400 --seed 7 > easy.json
  scripts/puzzle-difficulty-fit.py puzzles/set.json strong.json easy.json

A logistic regression of the computer players' misses (both players' tries stacked, an offset
for the easy player) on the solver's features, fitted on the puzzles whose id is even and
checked on the odd ones: the weights, and per player the share solved in each quartile of the
fitted log-odds, on the fitted half and on the held-out half.
"""
import json
import math
import sys

NAMES = ["bias", "easy", "choices", "right", "plausible", "depth", "look_alike", "cards", "log2_nodes"]


def rows(set_path, tries):
    puzzles = {p["id"]: p for p in json.load(open(set_path))}
    out = []
    for path in tries:
        report = json.load(open(path))
        easy = 1.0 if report["level"] == "easy" else 0.0
        for t in report["tries"]:
            p = puzzles[t["id"]]
            f = p["features"]
            x = [1.0, easy, f["choices"], len(p["answer"].split(",")), f["plausible"], f["depth"],
                 f["look_alike"], f["cards"], math.log2(max(f["nodes"], 1))]
            out.append((x, 0 if t["solved"] else 1, int(p["id"], 16) % 2, report["level"]))
    return out


def fit(data, iters=3000, lr=0.1, l2=0.001):
    n = len(NAMES)
    mean = [sum(r[0][i] for r in data) / len(data) for i in range(n)]
    sd = [(sum((r[0][i] - mean[i]) ** 2 for r in data) / len(data)) ** 0.5 or 1.0 for i in range(n)]
    mean[0], sd[0] = 0.0, 1.0
    xs = [[(r[0][i] - mean[i]) / sd[i] for i in range(n)] for r in data]
    ys = [r[1] for r in data]
    w = [0.0] * n
    for _ in range(iters):
        g = [0.0] * n
        for x, y in zip(xs, ys):
            p = 1.0 / (1.0 + math.exp(-sum(a * b for a, b in zip(w, x))))
            for i in range(n):
                g[i] += (p - y) * x[i]
        for i in range(n):
            w[i] -= lr * (g[i] / len(xs) + (l2 * w[i] if i else 0.0))
    raw = [w[i] / sd[i] for i in range(n)]
    raw[0] = w[0] - sum(w[i] * mean[i] / sd[i] for i in range(1, n))
    return raw


def main():
    data = rows(sys.argv[1], sys.argv[2:])
    train = [r for r in data if r[2] == 0]
    test = [r for r in data if r[2] == 1]
    w = fit(train)
    print({n: round(v, 3) for n, v in zip(NAMES, w)})
    eta = lambda x: sum(a * b for a, b in zip(w[2:], x[2:]))  # noqa: E731
    for level in sorted({r[3] for r in data}):
        for half, name in ((train, "fitted"), (test, "held out")):
            scored = sorted((eta(r[0]), r[1]) for r in half if r[3] == level)
            q = len(scored) // 4
            shares = [round(1 - sum(y for _, y in scored[i * q:(i + 1) * q]) / q, 2) for i in range(4)]
            print(f"{level:6} {name:8} solved per quartile of difficulty: {shares}")


if __name__ == "__main__":
    main()
