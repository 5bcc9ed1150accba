#!/usr/bin/env python3
"""Benchmarks of `ulti engine` (issue 23): the protocol's overhead per request, and a strong
whole game driven through the engine against the same game inside `ulti match --whole-game`.

    scripts/engine-bench.py [ULTI] [REQUESTS] [SEED]

Overhead = the request's round-trip wall time less the decision's own time the engine reports
(an easy player's card: microseconds), so it is the parsing, the replay of the record and the
JSON. The strong game: all three seats strong with one seed, so the match's three rotations are
the same game; its time per game is the match's wall time / 3 (one thread)."""
import json, statistics, subprocess, sys, tempfile, time

ulti = sys.argv[1] if len(sys.argv) > 1 else "target/release/ulti"
n = int(sys.argv[2]) if len(sys.argv) > 2 else 500
seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1


def match(players, deals, path):
    t = time.perf_counter()
    subprocess.run([ulti, "match", "--whole-game", "--players", players, "--deals", str(deals),
                    "--seed", str(seed), "--threads", "1", "--records", path],
                   check=True, capture_output=True)
    return time.perf_counter() - t


engine = subprocess.Popen([ulti, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(record, level, seat=None):
    req = {"id": 1, "record": record, "level": level, "seed": seed}
    if seat is not None:
        req["seat"] = seat
    engine.stdin.write(json.dumps(req) + "\n")
    engine.stdin.flush()
    return json.loads(engine.stdout.readline())


with tempfile.TemporaryDirectory() as d:
    # 1. Overhead: an easy decision in the middle of the play, asked n times.
    match("easy,easy,easy", 1, f"{d}/easy.jsonl")
    game = json.loads(open(f"{d}/easy.jsonl").readline())
    mid = dict(game, actions=game["actions"][: len(game["actions"]) // 2])
    overhead = []
    for _ in range(n):
        t = time.perf_counter()
        a = ask(mid, "easy")
        overhead.append((time.perf_counter() - t) * 1000 - a["ms"])
    q = statistics.quantiles(overhead, n=10)
    print(f"protocol overhead per request ({n} requests, {len(mid['actions'])} actions in the "
          f"record): median {statistics.median(overhead):.3f} ms, p90 {q[8]:.3f} ms, "
          f"max {max(overhead):.3f} ms")

    # 2. A strong whole game: inside ulti match vs through the engine.
    t_match = match("strong,strong,strong", 1, f"{d}/strong.jsonl") / 3
    played = json.loads(open(f"{d}/strong.jsonl").readline())
    record = dict(played, actions=[])
    t = time.perf_counter()
    others = []  # seats that may double out of turn before the seat to act
    while True:
        a = ask(record, "strong", others.pop(0)) if others else ask(record, "strong")
        if a["action"] != "none":
            record["actions"].append(a["action"])
        others = a["may_double"] if a["action"] != "none" else others
        if a["next_to_act"] is None:
            break
    t_engine = time.perf_counter() - t
    same = record["actions"] == played["actions"]
    print(f"strong whole game ({len(played['actions'])} actions): {t_engine:.2f} s through "
          f"ulti engine, {t_match:.2f} s inside ulti match --whole-game "
          f"({(t_engine / t_match - 1) * 100:+.1f} %), same actions: {same}")
engine.stdin.write('{"quit": true}\n')
engine.stdin.close()
engine.wait()
