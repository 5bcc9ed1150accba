"""Puzzles on Ray: the file equals `ulti puzzles generate`'s, byte for byte, for any task size;
the command line of the module writes it and prints the CLI's summary."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pytest

from ulti_solver import puzzles
from conftest import ulti

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def cli_file(tmp_path, count: int, seed: int, *rules: str) -> tuple[str, dict]:
    out = tmp_path / f"cli-{count}-{seed}.json"
    args = ["puzzles", "generate", "--count", str(count), "--seed", str(seed), "--out", str(out), "--threads", "2"]
    for r in rules:
        args += ["--rules", r]
    summary = json.loads(ulti(*args).stdout)
    return out.read_text(), summary


def untimed(report: dict) -> dict:
    return {k: v for k, v in report.items() if k != "seconds"}


def test_ray_writes_the_clis_file_for_any_task_size(local_ray, tmp_path) -> None:
    want, summary = cli_file(tmp_path, 4, 7)
    for chunk in (5, 64):
        text, report = puzzles.generate(4, 7, chunk=chunk, progress=lambda s: None)
        assert text == want  # byte for byte
        assert untimed(json.loads(report)) == untimed(summary)
    records = json.loads(want)
    assert len(records) == 4
    assert {"id", "deal", "contract", "played", "rules", "seat", "answer", "difficulty", "line", "refutations"} <= set(records[0])
    # The kept puzzles prove themselves again through the CLI.
    path = tmp_path / "ray.json"
    path.write_text(text)
    assert ulti("puzzles", "verify", str(path), "--deep").returncode == 0


def test_rule_sets_are_the_clis(local_ray, tmp_path) -> None:
    want, _ = cli_file(tmp_path, 2, 9, "default")
    text, _ = puzzles.generate(2, 9, ["default"], chunk=16, progress=lambda s: None)
    assert text == want
    assert all(r["rules"] == "" for r in json.loads(text))
    with pytest.raises(ValueError, match="unknown house rule"):
        puzzles.generate(1, 9, ["no-such-rule"], progress=lambda s: None)


def test_the_module_command_writes_the_file_and_prints_the_summary(local_ray, tmp_path) -> None:
    out = tmp_path / "set.json"
    printed = io.StringIO()
    with redirect_stdout(printed):
        status = puzzles.main(["generate", "--count", "2", "--seed", "7", "--out", str(out), "--chunk", "16"])
    assert status == 0
    want, summary = cli_file(tmp_path, 2, 7)
    assert out.read_text() == want
    assert untimed(json.loads(printed.getvalue())) == untimed(summary)
    assert puzzles.main(["generate", "--count", "1", "--seed", "7", "--out", str(out), "--rules", "bogus"]) == 1
