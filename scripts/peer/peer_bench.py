#!/usr/bin/env python3
"""Time the peer's (UltiArena, Cython ultisolver._solver_core) exact search on a deals tsv.

Set up by scripts/peer/build.sh (a venv with the peer's extension built in PEER/src); then
    PEER/venv/bin/python scripts/peer/peer_bench.py PEER [--repeat N] [--tsv FILE] [--marriages]
        [--parti-mode 0|1] [--entry best|root] [--talon-to-defenders]
(scripts/bench-peer.sh runs it beside `ulti bench` in alternating rounds.)

Per deal row (deal, contract, ...; '#' lines are comments, a 'deal' header is skipped) it sets
up the peer's GameState (our seat 0 = soloist = peer player 0, leads trick 1; seat 1 / 2 =
peer players 1 / 2; no marriages declared, scores 0; the talon = the two cards in no hand,
passed as talon_discards), and solves it N times, each with a cold table, printing:
    deal  contract  ms (fastest of N, time.thread_time around the solve call only)
    search_ms (fastest of N, table cleared beforehand, outside the timed call)
    nodes (peer's get_stats()['nodes_explored'])  answer
passz -> peer contract "parti" with set_parti_mode(1) (soloist's absolute card points incl.
the last-trick 10; answer = that number); ulti -> peer contract "ulti" (answer won/lost).
The peer always plays "must beat after a trump" (its _legal keeps the duty to beat in the
led suit even after a ruff); it has no switch for it.

Entry point: solve_best(gs, contract=..., clear_tt=...) = root loop with an alpha-beta window
over _ab (alpha-beta + TT + PVS null windows) -> exact root value. The peer's solve_best with
clear_tt=1 (its default) clears its 8 MB singleton table inside the call: that is the `ms`
column. `search_ms` pre-clears the table with a throw-away solve of a 1-trick position and
times solve_best(clear_tt=0): the search alone. Node counts are identical in both.
--entry root uses solve_root (every root card searched with a full window; answer = max).
"""
import argparse
import os
import sys
import time

if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
    raise SystemExit("usage: peer_bench.py PEER_DIR [options] (see the docstring)")
sys.path.insert(0, os.path.join(os.path.abspath(sys.argv[1]), "src"))

from ultisolver import _solver_core as core  # noqa: E402
from ultisolver.games.ulti.cards import Card, Rank, Suit  # noqa: E402
from ultisolver.games.ulti.game import GameState, declare_all_marriages  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

# our suit digit: 0 P piros, 1 Z zold, 2 M makk, 3 T tok
SUIT = {0: Suit.HEARTS, 1: Suit.LEAVES, 2: Suit.ACORNS, 3: Suit.BELLS}
# our value digit: 0..7 = VII VIII IX X Also Felso Kiraly Asz
RANK = {0: Rank.SEVEN, 1: Rank.EIGHT, 2: Rank.NINE, 3: Rank.TEN,
        4: Rank.JACK, 5: Rank.QUEEN, 6: Rank.KING, 7: Rank.ACE}
OUR_SUIT = "PZMT"
OUR_RANK = "789XUOKA"


def parse_deal(code):
    if len(code) != 61 or not code.isdigit():
        raise ValueError(f"bad deal code {code!r}")
    trump = int(code[0])
    cards = [(int(code[1 + 2 * i]), int(code[2 + 2 * i])) for i in range(30)]
    if len(set(cards)) != 30 or any(s > 3 or v > 7 for s, v in cards):
        raise ValueError(f"bad deal code {code!r}")
    hands = [cards[0:10], cards[10:20], cards[20:30]]
    talon = [(s, v) for s in range(4) for v in range(8) if (s, v) not in set(cards)]
    return trump, hands, talon


def to_card(sv):
    return Card(SUIT[sv[0]], RANK[sv[1]])


def make_state(code, contract, talon_to_defenders=False, marriages=False):
    trump, hands, talon = parse_deal(code)
    talon_cards = [to_card(c) for c in talon]
    scores = [0, 0, 0]
    if talon_to_defenders:  # only matters for parti mode 0 (binary): the C core has no talon
        scores[1] = sum(c.points() for c in talon_cards)
    gs = GameState(
        hands=[[to_card(c) for c in h] for h in hands],
        trump=SUIT[trump], betli=False, soloist=0, dealer=2,
        captured=[[], [], []], scores=scores, leader=0, trick_no=0,
        trick_cards=[], last_trick=None,
        has_ulti=(contract == "ulti"),
        talon_discards=talon_cards,
    )
    if marriages:  # the peer's declare_all_marriages: K+O pairs add 20/40 to the holder's score
        declare_all_marriages(gs)
    return gs


def soloist_marriage_pts(gs):
    return sum(pts for (p, _s, pts) in gs.marriages if p == gs.soloist)


def _clear_state():
    """A 1-trick position: solve_best(clear_tt=1) on it clears the singleton table cheaply."""
    h = [[Card(Suit.HEARTS, Rank.SEVEN)], [Card(Suit.HEARTS, Rank.EIGHT)],
         [Card(Suit.HEARTS, Rank.NINE)]]
    return GameState(hands=h, trump=Suit.BELLS, betli=False, soloist=0, dealer=2,
                     captured=[[], [], []], scores=[0, 0, 0], leader=0, trick_no=9,
                     trick_cards=[], last_trick=None)


def solve(gs, peer_contract, entry, clear_tt):
    if entry == "root":
        vals = core.solve_root(gs, contract=peer_contract, clear_tt=clear_tt)
        return max(vals.values())
    _card, val = core.solve_best(gs, contract=peer_contract, clear_tt=clear_tt)
    return val


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("peer", help="the directory scripts/peer/build.sh prepared")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--tsv", default=os.path.join(HERE, "../../../shared/deals/speed-hard.tsv"))
    ap.add_argument("--parti-mode", type=int, default=1, choices=(0, 1),
                    help="peer parti mode for passz: 1 = exact points (default), 0 = binary")
    ap.add_argument("--entry", default="best", choices=("best", "root"))
    ap.add_argument("--talon-to-defenders", action="store_true",
                    help="mode 0 only: put the talon's points into defender 1's score")
    ap.add_argument("--marriages", action="store_true",
                    help="declare marriages as the peer's game model does (its parti value then "
                         "includes the soloist's 20/40s; the answer column subtracts them). "
                         "This reproduces the node counts of speed-hard.tsv exactly")
    args = ap.parse_args()

    core.set_parti_mode(args.parti_mode)
    clear_gs = _clear_state()
    print(f"# peer ultisolver._solver_core, entry solve_{args.entry}, parti mode "
          f"{core.get_parti_mode()}, marriages {'declared' if args.marriages else 'off'}, "
          f"cold table per solve, thread CPU ms, fastest of "
          f"{args.repeat}")
    print("deal\tcontract\tms\tsearch_ms\tnodes\tanswer")
    with open(args.tsv) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if cols[0] == "deal":
                continue
            code, contract = cols[0], cols[1]
            if contract == "passz":
                pc = "parti"
            elif contract == "ulti":
                pc = "ulti"
            else:
                raise SystemExit(f"unsupported contract {contract}")
            nodes = set()
            vals = set()

            def timed(clear_tt):
                """One solve of a fresh state, timed; its nodes and value recorded."""
                gs = make_state(code, contract, args.talon_to_defenders, args.marriages)
                t0 = time.thread_time()
                vals.add(solve(gs, pc, args.entry, clear_tt))
                t1 = time.thread_time()
                nodes.add(core.get_stats()["nodes_explored"])
                return t1 - t0, gs

            best_call = best_search = float("inf")
            for _ in range(args.repeat):
                # (a) the peer's own call: clears its table inside (clear_tt=1)
                t, gs = timed(1)
                best_call = min(best_call, t)
                # (b) table cleared beforehand (outside the timing), search alone
                core.solve_best(clear_gs, contract="parti", clear_tt=1)
                t, gs = timed(0)
                best_search = min(best_search, t)
            if len(vals) != 1 or len(nodes) != 1:
                print(f"# WARNING {code}: values {vals} nodes {nodes} vary", file=sys.stderr)
            v = vals.pop()
            if pc == "ulti":
                ans = "won" if v >= 0.5 else "lost"
            elif args.parti_mode == 1:
                ans = str(int(round(v)) - soloist_marriage_pts(gs))
            else:
                ans = "won" if v >= 0.5 else "lost"
            print(f"{code}\t{contract}\t{best_call * 1e3:.3f}\t{best_search * 1e3:.3f}\t"
                  f"{min(nodes)}\t{ans}")


if __name__ == "__main__":
    main()
