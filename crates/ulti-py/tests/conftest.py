"""Shared fixtures: the `ulti` binary the answers are compared with, and drawn deals."""

from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]


def _find_ulti() -> str:
    if os.environ.get("ULTI_BIN"):
        return os.environ["ULTI_BIN"]
    for profile in ("debug", "release"):
        p = ROOT / "target" / profile / "ulti"
        if p.is_file():
            return str(p)
    pytest.exit("no ulti binary: set ULTI_BIN or run `cargo build -p ulti-cli`", returncode=2)


ULTI = _find_ulti()

# Fields that time the run (wall or CPU clock): they differ between two runs of the CLI too.
TIMING = {"ms", "cpu_ms", "advice_cpu_ms_median", "advice_cpu_ms_p90", "bid_time", "card_time", "card_max_by_trick", "slowest_card", "auction_time", "kontra_time"}


def ulti(*args: str, check: bool = True, input: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run the CLI (with `input` on its standard input)."""
    r = subprocess.run([ULTI, *args], capture_output=True, text=True, input=input)
    if check and r.returncode != 0:
        raise AssertionError(f"ulti {' '.join(args)} failed: {r.stderr}")
    return r


def ulti_json(*args: str) -> Any:
    return json.loads(ulti(*args, "--json").stdout)


def untimed(x: Any) -> Any:
    """The value without its timing fields, at any depth."""
    if isinstance(x, dict):
        return {k: untimed(v) for k, v in x.items() if k not in TIMING}
    if isinstance(x, list):
        return [untimed(v) for v in x]
    return x


@pytest.fixture(scope="session")
def seeds() -> list[int]:
    """Deal seeds drawn for this run (printed on failure through the test ids' values)."""
    seed = int(os.environ.get("ULTI_PY_SEED", random.randrange(1 << 30)))
    print(f"deal seeds drawn from {seed} (ULTI_PY_SEED={seed} repeats them)")
    rng = random.Random(seed)
    return [rng.randrange(1 << 62) for _ in range(6)]
