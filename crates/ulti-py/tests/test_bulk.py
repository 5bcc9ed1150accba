"""One small local Ray run: bulk bids and batch equal `ulti bids` / `ulti batch`."""

from __future__ import annotations

import io
import json
import re

import pytest

import ulti_solver as u
from ulti_solver import bulk
from conftest import ulti, untimed

ray = pytest.importorskip("ray")

MS = re.compile(r'"ms":[0-9.e+-]+')


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def run(verb: str, text: str, shard: int, **opts) -> tuple[str, bool]:
    o = {"all_cards": False, "samples": 2, "confirm": 2, "players": ["easy", "normal"],
         "must_beat_after_trump": False, "marriage_needs_trick": False, **opts}
    out = io.StringIO()
    ok = bulk.run(verb, o, bulk.read_jobs(io.StringIO(text)), out, shard=shard, progress=lambda s: None)
    return out.getvalue(), ok


def test_bids_and_batch_equal_the_cli(local_ray, seeds: list[int], tmp_path) -> None:
    deals = [u.Deal.random(s + k) for s in seeds[:2] for k in range(5)]
    # bids: `NAME CODE` and `CODE` lines, a comment, a blank line.
    text = "# deals\n" + "".join(
        (f"d{i} {d.code}\n" if i % 2 else f"{d.code}\n") + ("\n" if i == 3 else "") for i, d in enumerate(deals)
    )
    got, ok = run("bids", text, shard=3)
    want = "".join(ulti("bids", "--deal", d.code, "--json").stdout for d in deals)
    assert ok and got == want  # byte for byte

    # batch: positions, one bad line; the `ms` timing differs between any two runs.
    lines = []
    for i, d in enumerate(deals):
        c = ("passz", "ulti", "betli", "40-100+ulti", "durchmars")[i % 5]
        lines.append(f"{d.code} {c}")
        lines.append(f"{d.code} passz {','.join(u.solve(d, 'passz').line[:4])}")
    lines.insert(5, "0123 passz")
    path = tmp_path / "positions.txt"
    path.write_text("\n".join(lines) + "\n")
    cli = ulti("batch", str(path), "--threads", "2", check=False)
    got, ok = run("batch", path.read_text(), shard=4)
    assert not ok and cli.returncode == 1
    assert MS.sub('"ms":0', got) == MS.sub('"ms":0', cli.stdout)


def test_advise_eval_and_match_lines_are_the_clis(local_ray) -> None:
    got, ok = run("advise-eval", "3\n4\n", shard=1)
    assert ok
    for seed, line in zip((3, 4), got.splitlines()):
        cli = json.loads(ulti("advise-eval", "--hands", "1", "--samples", "2", "--confirm", "2",
                              "--seed", str(seed), "--threads", "1", "--json").stdout)
        assert untimed(json.loads(line)) == untimed(cli["deals"][0])
    got, ok = run("match", "5\nx\n", shard=1)
    first, bad = got.splitlines()
    cli = json.loads(ulti("match", "--players", "easy,normal", "--deals", "1", "--seed", "5",
                          "--threads", "1", "--json").stdout)
    assert not ok and json.loads(first) == cli["games"][0]
    assert json.loads(bad)["input_line"] == 2


def test_shard_sizes() -> None:
    assert bulk.default_shard("bids", 1000, 2) == 125
    assert bulk.default_shard("bids", 10, 2) == 8
    assert bulk.default_shard("bids", 10**6, 2) == 1000
    assert bulk.default_shard("match", 10, 2) == 2
    assert bulk.default_shard("advise-eval", 10**5, 200) == 100


def test_whole_game_match_lines_are_the_clis(local_ray) -> None:
    got, ok = run("match", "5\n6\n", shard=1, players=["easy", "cheater"], whole_game=True)
    assert ok
    for seed, line in zip((5, 6), got.splitlines()):
        cli = json.loads(ulti("match", "--whole-game", "--players", "easy,cheater", "--deals", "1",
                              "--seed", str(seed), "--threads", "1", "--json").stdout)
        assert json.loads(line) == untimed(cli)
