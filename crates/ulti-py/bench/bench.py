"""Benchmarks of the Python package (README "Python package"), against the native engine and CLI.

    python crates/ulti-py/bench/bench.py [--ulti target/release/ulti] [--deals FILE] [--rounds 3]

1. Per-call overhead of ``solve`` over the native solve (the CLI's reading of the position and
   the solve, timed in Rust) on a trivial endgame: the last trick of a passz line.
2. ``bids`` over the deals file from Python on 1 and 2 threads, against ``ulti bids --json`` on
   the same deals with ``xargs -P 2`` (one process per deal, as the CLI takes one deal).
3. ``python -m ulti_solver.bulk bids`` on local Ray (2 CPUs), its throughput and overhead.
4. ``python -m ulti_solver.bulk batch`` on local Ray against ``ulti batch --threads 2`` on the
   same positions (each deal of the file with one of five contracts).

The rounds are interleaved (Python, CLI, Ray, Python, …) and each figure is the best round, so
other load on the machine shows as spread, not as a bias against one side; CPU seconds are
given beside wall seconds.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import ulti_solver as u
from ulti_solver import _native

ROOT = Path(__file__).resolve().parents[3]
STRONG = "0070605040302012737173112323313143435151620212322242526103011"


def cpu_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def overhead(n: int) -> None:
    deal = u.Deal(STRONG)
    played = ",".join(u.solve(deal, "passz").line[:27])
    best_py = best_native = best_raw = float("inf")
    for _ in range(5):
        best_native = min(best_native, _native.native_solve_seconds(deal, "passz", played, n))
        t = time.perf_counter()
        for _ in range(n):
            u.solve(deal, "passz", played)
        best_py = min(best_py, (time.perf_counter() - t) / n)
        t = time.perf_counter()
        for _ in range(n):
            _native.solve(deal, "passz", played)
        best_raw = min(best_raw, (time.perf_counter() - t) / n)
    print(f"solve, last trick of a passz line, best of 5 × {n} calls:")
    print(f"  native (Rust loop)        {best_native * 1e6:7.2f} µs/call")
    print(f"  ulti_solver.solve         {best_py * 1e6:7.2f} µs/call  overhead {(best_py - best_native) * 1e6:+.2f} µs")
    print(f"  ulti_solver._native.solve {best_raw * 1e6:7.2f} µs/call  overhead {(best_raw - best_native) * 1e6:+.2f} µs")


def codes(path: Path) -> list[str]:
    out = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line.split()[-1])
    return out


def py_bids(deals: list[str], threads: int) -> tuple[float, float, list[str]]:
    cpu, t = time.process_time(), time.perf_counter()
    with ThreadPoolExecutor(max_workers=threads) as pool:
        lines = list(pool.map(_native.bids_json, deals))
    return time.perf_counter() - t, time.process_time() - cpu, lines


def cli_bids(ulti: str, deals: list[str]) -> tuple[float, float, list[str]]:
    cpu, t = cpu_children(), time.perf_counter()
    # One process per deal, two at a time; -k keeps the input order.
    subprocess.run(
        ["xargs", "-P", "2", "-n", "1", "sh", "-c", f'{ulti} bids --json --deal "$0" > "{os.environ["BENCH_TMP"]}/$0.json"'],
        input="\n".join(deals), text=True, check=True,
    )
    wall = time.perf_counter() - t
    lines = [Path(os.environ["BENCH_TMP"], f"{d}.json").read_text().rstrip("\n") for d in deals]
    return wall, cpu_children() - cpu, lines


def ray_bids(path: Path) -> tuple[float, float, str, list[str]]:
    cpu, t = cpu_children(), time.perf_counter()
    r = subprocess.run(
        [sys.executable, "-m", "ulti_solver.bulk", "bids", str(path)],
        capture_output=True, text=True, check=True, env={**os.environ, "RAY_AUTH_MODE": "disabled"},
    )
    wall = time.perf_counter() - t
    up = next(l for l in r.stderr.splitlines() if l.startswith("bulk bids:"))
    last = [l for l in r.stderr.splitlines() if "lines/s" in l][-1]
    return wall, cpu_children() - cpu, f"{up.strip()}; {last.strip()}", r.stdout.splitlines()


def batch(ulti: str, deals: list[str], rounds: int) -> None:
    import re

    ms = re.compile(r'"ms":[0-9.e+-]+')
    contracts = ("passz", "ulti", "betli", "40-100+ulti", "durchmars")
    path = Path(os.environ["BENCH_TMP"], "positions.txt")
    path.write_text("".join(f"{d} {contracts[i % 5]}\n" for i, d in enumerate(deals)))
    cli_t, ray_t, notes = [], [], []
    for _ in range(rounds):
        t = time.perf_counter()
        cli = subprocess.run([ulti, "batch", str(path), "--threads", "2"], capture_output=True, text=True, check=True)
        cli_t.append(time.perf_counter() - t)
        t = time.perf_counter()
        r = subprocess.run(
            [sys.executable, "-m", "ulti_solver.bulk", "batch", str(path)],
            capture_output=True, text=True, check=True, env={**os.environ, "RAY_AUTH_MODE": "disabled"},
        )
        ray_t.append(time.perf_counter() - t)
        assert ms.sub("", r.stdout) == ms.sub("", cli.stdout), "bulk batch differs from ulti batch"
        notes.append([l.strip() for l in r.stderr.splitlines() if "lines/s" in l][-1])
    print(f"batch over {len(deals)} positions (five contracts in turn), best of {rounds} interleaved rounds:")
    print(f"  ulti batch --threads 2            {min(cli_t):6.2f} s wall (rounds {', '.join(f'{x:.2f}' for x in cli_t)})")
    print(f"  bulk batch on local Ray (2 CPUs)  {min(ray_t):6.2f} s wall (rounds {', '.join(f'{x:.2f}' for x in ray_t)})")
    for n in notes:
        print(f"    ray: {n}")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--ulti", default=str(ROOT / "target/release/ulti"))
    p.add_argument("--deals", default=str(ROOT.parent / "shared/deals/random-1000.txt"),
                   help="deals file (default: shared/deals/random-1000.txt beside the checkout, as ulti bench)")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--calls", type=int, default=20000)
    p.add_argument("--only", choices=("overhead", "bids", "batch"), help="run one part")
    a = p.parse_args()
    path = Path(a.deals)
    deals = codes(path)
    os.environ.setdefault("BENCH_TMP", "/tmp/ulti-bench")
    Path(os.environ["BENCH_TMP"]).mkdir(exist_ok=True)
    if a.only in (None, "overhead"):
        overhead(a.calls)
    if a.only in (None, "batch"):
        batch(a.ulti, deals, a.rounds)
    if a.only not in (None, "bids"):
        return
    _native.bids_json(deals[0])  # the solver of this thread
    rows: dict[str, list[tuple[float, float]]] = {}
    for _ in range(a.rounds):
        for name, run in (
            ("python bids, 1 thread", lambda: py_bids(deals, 1)),
            ("python bids, 2 threads", lambda: py_bids(deals, 2)),
            ("ulti bids, xargs -P 2", lambda: cli_bids(a.ulti, deals)),
        ):
            wall, cpu, lines = run()
            rows.setdefault(name, []).append((wall, cpu))
            if name.startswith("python bids, 2"):
                py_lines = lines
            if name.startswith("ulti"):
                assert lines == py_lines, "the CLI and Python answers differ"
        wall, cpu, note, lines = ray_bids(path)
        assert lines == py_lines, "the Ray answers differ"
        rows.setdefault("bulk bids on local Ray (2 CPUs)", []).append((wall, cpu))
        print(f"  ray: {note}")
    print(f"bids over {len(deals)} deals ({path.name}), best of {a.rounds} interleaved rounds:")
    for name, rs in rows.items():
        wall = min(r[0] for r in rs)
        cpu = min(r[1] for r in rs)
        spread = ", ".join(f"{r[0]:.2f}" for r in rs)
        print(f"  {name:34} {wall:6.2f} s wall ({len(deals) / wall:6.1f} deals/s; rounds {spread}), {cpu:6.2f} s CPU")


if __name__ == "__main__":
    main()
