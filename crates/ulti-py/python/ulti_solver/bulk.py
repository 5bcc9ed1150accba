"""Bulk analysis on Ray: ``python -m ulti_solver.bulk bids|batch|advise-eval|match INPUT``.

Each Ray task solves one shard (a run of consecutive input lines) on the solver its worker
process keeps for all its calls; the driver prints each shard's JSON lines on standard output
as soon as every earlier shard is printed, so the output is in input order, and reports
progress on standard error.

Inputs (``-`` reads standard input; blank lines and ``#`` comments are skipped everywhere):

- ``batch``: lines ``CODE CONTRACT [PLAYED]``; each output line is what ``ulti batch`` prints
  for it (byte for byte, the ``ms`` timing aside; ``input_line`` counts the file's lines).
- ``bids``: lines ``CODE`` or ``NAME CODE``; each output line is ``ulti bids --deal CODE
  --json``, byte for byte. A bad code prints ``{"input_line":N,"error":"…"}`` as batch does.
- ``advise-eval``: lines ``SEED``; each output line is the judged deal of ``ulti advise-eval
  --hands 1 --seed SEED --samples S --confirm C --json`` (its ``deals[0]``), the deal being
  ``Deal.random(SEED * 1000003)``.
- ``match``: lines ``SEED``; each output line is the deal of ``ulti match --players A,B
  --deals 1 --seed SEED --json`` (its ``games[0]``: the deal, A's game as soloist, B's); with
  ``--whole-game``, ``ulti match --whole-game --players A,B[,C] --deals 1 --seed SEED --json``
  (the deal's three rotations of whole games) without its decision times.

The exit status is 1 when some line failed (its error object was printed), as ``ulti batch``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import Any, Callable, Iterator, Optional, TextIO

from . import _native

VERBS = ("bids", "batch", "advise-eval", "match")

Job = tuple[int, str]  # (1-based input line number, text)


def read_jobs(stream: TextIO) -> list[Job]:
    """The input's lines to answer: (line number, trimmed text), blanks and comments out."""
    jobs = []
    for n, line in enumerate(stream, start=1):
        text = line.strip()
        if text and not text.startswith("#"):
            jobs.append((n, text))
    return jobs


def _error(n: int, message: str) -> str:
    return json.dumps({"input_line": n, "error": message}, ensure_ascii=False, separators=(",", ":"))


def answer(verb: str, opts: dict[str, Any], n: int, text: str) -> tuple[str, bool]:
    """The JSON line (no newline) for input line ``n`` and whether it was answered."""
    rules = {k: opts[k] for k in ("must_beat_after_trump", "marriage_needs_trick")}
    if verb == "batch":
        return _native.batch_line(n, text, opts["all_cards"], **rules)
    try:
        if verb == "bids":
            words = text.split()
            if len(words) not in (1, 2):
                return _error(n, f"expected `CODE` or `NAME CODE`, found {len(words)} words"), False
            return _native.bids_json(words[-1], **rules), True
        seed = _seed(text)
        if verb == "advise-eval":
            report = _native.advise_eval_json(1, opts["samples"], opts["confirm"], seed, 1, **rules)
            return _line(json.loads(report)["deals"][0]), True
        if verb == "match" and opts.get("whole_game"):
            report = json.loads(_native.match_json(opts["players"], 1, seed, 1, whole_game=True, **rules))
            for row in report["rows"]:
                for timing in ("auction_time", "kontra_time", "card_time"):
                    row.pop(timing, None)
            return _line(report), True
        if verb == "match":
            report = _native.match_json(opts["players"], 1, seed, 1, **rules)
            return _line(json.loads(report)["games"][0]), True
    except ValueError as e:
        return _error(n, str(e)), False
    raise ValueError(f"unknown verb {verb!r}")


def _seed(text: str) -> int:
    try:
        seed = int(text)
    except ValueError:
        raise ValueError(f"expected a seed (an integer from 0 to 2^64-1), found {text!r}") from None
    if not 0 <= seed < 2**64:
        raise ValueError(f"expected a seed (an integer from 0 to 2^64-1), found {text!r}")
    return seed


def _line(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def run_shard(verb: str, opts: dict[str, Any], jobs: list[Job]) -> list[tuple[str, bool]]:
    """Answer a shard of lines in order (what one Ray task does)."""
    return [answer(verb, opts, n, text) for n, text in jobs]


def shards(jobs: list[Job], size: int) -> list[list[Job]]:
    """Consecutive runs of ``size`` jobs."""
    return [jobs[i : i + size] for i in range(0, len(jobs), size)]


def default_shard(verb: str, jobs: int, cpus: int) -> int:
    """A shard size: about 4 shards per CPU (load balance over uneven deals, and a short
    tail), at least enough work to hide a task's fixed cost (~ms of Ray scheduling against
    ~7 ms of CPU per deal for bids, seconds per advise-eval or match line: 8 lines for
    bids/batch, 1 for the slow verbs), and at most 1000 lines for bids/batch (a bids line is
    ~10 KB: ~10 MB of results and ~7 s of CPU per task) or 100 for the slow verbs, so a 10^6-line
    input streams out instead of waiting for a few huge shards."""
    fast = verb in ("bids", "batch")
    least, most = (8, 1000) if fast else (1, 100)
    return min(most, max(least, math.ceil(jobs / (4 * max(1, cpus)))))


def run(
    verb: str,
    opts: dict[str, Any],
    jobs: list[Job],
    out: TextIO,
    *,
    address: Optional[str] = None,
    shard: Optional[int] = None,
    progress: Callable[[str], None] = lambda s: print(s, file=sys.stderr, flush=True),
) -> bool:
    """Run ``verb`` over ``jobs`` on Ray (``ray.init(address=address)``, or the local
    machine's cores); print the lines to ``out`` in input order. True when every line was
    answered."""
    import ray

    started = time.monotonic()
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=os.cpu_count(), include_dashboard=False, log_to_driver=False)
    cpus = int(ray.cluster_resources().get("CPU", 1))
    size = shard or default_shard(verb, len(jobs), cpus)
    parts = shards(jobs, size)
    progress(
        f"bulk {verb}: {len(jobs)} lines in {len(parts)} shards of {size} on {cpus} CPUs "
        f"(Ray up in {time.monotonic() - started:.1f} s)"
    )
    task = ray.remote(num_cpus=1)(run_shard)
    opts_ref = ray.put(opts)
    pending = {task.remote(verb, opts_ref, part): i for i, part in enumerate(parts)}
    done: dict[int, list[tuple[str, bool]]] = {}
    next_part, lines, all_ok = 0, 0, True
    t0 = time.monotonic()
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            done[pending.pop(ref)] = ray.get(ref)
        while next_part in done:
            for text, ok in done.pop(next_part):
                out.write(text + "\n")
                all_ok &= ok
                lines += 1
            out.flush()
            next_part += 1
        elapsed = time.monotonic() - t0
        progress(f"  {lines}/{len(jobs)} lines, {elapsed:.1f} s, {lines / max(elapsed, 1e-9):.1f} lines/s")
    return all_ok


def parser() -> argparse.ArgumentParser:
    """The command line of ``python -m ulti_solver.bulk``."""
    p = argparse.ArgumentParser(
        prog="python -m ulti_solver.bulk",
        description="Ulti bulk analysis on Ray: JSON lines on stdout, in input order.",
    )
    p.add_argument("verb", choices=VERBS, help="what to run on each input line")
    p.add_argument("input", help="input file, or - for standard input")
    p.add_argument("--address", help="a Ray cluster (ray.init(address=…)); default: this machine")
    p.add_argument(
        "--shard",
        type=int,
        help="input lines per Ray task (default: about 4 tasks per CPU, 8 to 1000 lines for bids "
        "and batch, 1 to 100 for the others)",
    )
    p.add_argument("--all-cards", action="store_true", help="batch: every legal card's value")
    p.add_argument("--samples", type=int, default=32, help="advise-eval: samples per finalist discard")
    p.add_argument("--confirm", type=int, default=32, help="advise-eval: confirmation samples")
    p.add_argument("--players", default="strong,easy", help="match: the players, A,B (A,B,C with --whole-game)")
    p.add_argument("--whole-game", action="store_true", help="match: whole games, three rotations a deal")
    p.add_argument("--must-beat-after-trump", action="store_true", help="house rule (see ulti --help)")
    p.add_argument("--marriage-needs-trick", action="store_true", help="house rule (see ulti --help)")
    return p


def main(argv: Optional[list[str]] = None) -> int:
    p = parser()
    a = p.parse_args(argv)
    if a.shard is not None and a.shard < 1:
        p.error("--shard must be at least 1")
    opts = {
        "all_cards": a.all_cards,
        "samples": a.samples,
        "confirm": a.confirm,
        "players": [s.strip() for s in a.players.split(",")],
        "whole_game": a.whole_game,
        "must_beat_after_trump": a.must_beat_after_trump,
        "marriage_needs_trick": a.marriage_needs_trick,
    }
    try:
        if a.input == "-":
            jobs = read_jobs(sys.stdin)
        else:
            with open(a.input, encoding="utf-8") as f:
                jobs = read_jobs(f)
    except OSError as e:
        print(f"error: cannot read {a.input}: {e.strerror}", file=sys.stderr)
        return 1
    try:
        ok = run(a.verb, opts, jobs, sys.stdout, address=a.address, shard=a.shard)
    except BrokenPipeError:
        return 0
    return 0 if ok else 1


if __name__ == "__main__":
    # Through the package, so Ray pickles the shard function by reference, not by value.
    from ulti_solver.bulk import main as _main

    sys.exit(_main())
