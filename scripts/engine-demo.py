#!/usr/bin/env python3
"""A whole game of Ulti driven through `ulti engine` (README "Seat our player").

    scripts/engine-demo.py [ULTI] [SEED]

Deals a random ulti-game/1 record, asks the engine for each seat's action (strong, normal and
easy at seats 0, 1, 2), appends it, and ends with `ulti replay` of the finished record."""
import json, random, subprocess, sys

ulti = sys.argv[1] if len(sys.argv) > 1 else "target/release/ulti"
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
cards = [s + r for s in "PZMT" for r in "789XUOKA"]
random.Random(seed).shuffle(cards)
dealer = seed % 3
forehand = (dealer + 1) % 3
hands, rest = {}, cards
for s in (forehand, (forehand + 1) % 3, (forehand + 2) % 3):
    n = 12 if s == forehand else 10
    hands[s], rest = rest[:n], rest[n:]
record = {"format": "ulti-game/1", "dealer": dealer,
          "hands": [",".join(hands[s]) for s in range(3)], "actions": []}
levels = ["strong", "normal", "easy"]
engine = subprocess.Popen([ulti, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
ask = [forehand]  # who to ask: the seat to act, or first a seat that may double out of turn
while ask:
    seat = ask.pop(0)
    engine.stdin.write(json.dumps({"id": len(record["actions"]), "record": record, "seat": seat,
                                   "level": levels[seat], "seed": seed}) + "\n")
    engine.stdin.flush()
    answer = json.loads(engine.stdout.readline())
    if answer["action"] != "none":  # `none`: a seat asked out of turn says no kontra
        record["actions"].append(answer["action"])
        ask = answer["may_double"] + ([answer["next_to_act"]] if answer["next_to_act"] is not None else [])
engine.stdin.write('{"quit": true}\n')
engine.stdin.close()
engine.wait()
print(json.dumps(record))
print(subprocess.run([ulti, "replay", "-"], input=json.dumps(record), capture_output=True,
                     text=True, check=True).stdout, end="")
