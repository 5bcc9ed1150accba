"""Every function against the CLI on deals the tests draw."""

from __future__ import annotations

import json

import pytest

import ulti_solver as u
from conftest import ulti, ulti_json, untimed

STRONG = "0070605040302012737173112323313143435151620212322242526103011"
CONTRACTS = ["passz", "40-100", "ulti", "betli", "durchmars", "40-100+ulti", "negy-asz"]


def test_deal_round_trip(seeds: list[int]) -> None:
    for s in seeds:
        d = u.Deal.random(s)
        again = u.Deal(d.code)
        assert again == d and hash(again) == hash(d) and again.code == d.code
        assert sorted(sum(d.hands, []) + d.talon) == sorted(
            f"{suit}{rank}" for suit in "PZMT" for rank in "789XUOKA"
        )
        assert all(len(h) == 10 for h in d.hands) and len(d.talon) == 2
        assert d.trump == d.code[0].translate(str.maketrans("0123", "PZMT"))
        assert repr(d) == f"Deal('{d.code}')"


def test_deal_random_is_the_engines() -> None:
    # `ulti match --seed S --deals 1` plays Deal::random(S * 1000003).
    m = ulti_json("match", "--players", "easy,easy", "--deals", "1", "--seed", "7", "--threads", "1")
    assert u.Deal(m["games"][0]["deal"]) == u.Deal.random(7 * 1000003)


def test_solve_equals_cli(seeds: list[int]) -> None:
    for i, s in enumerate(seeds):
        d = u.Deal.random(s)
        contract = CONTRACTS[i % len(CONTRACTS)]
        cli = ulti_json("solve", "--deal", d.code, "--contract", contract)
        assert untimed(u.solve(d, contract).to_dict()) == untimed(cli)
        if not cli["playable"]:
            continue
        played = cli["line"][: 3 * (i % 9) + i % 3]
        cli = ulti_json(
            "solve", "--deal", d.code, "--contract", contract, "--played", ",".join(played), "--all-cards"
        )
        sol = u.solve(d.code, contract, played, all_cards=True)
        assert untimed(sol.to_dict()) == untimed(cli)
        assert sol.soloist_wins == cli["soloist_wins"] and sol.line == cli["line"]
        assert sol.cards == cli["cards"] and sol.nodes == cli["nodes"]
        assert sol.contract in repr(sol)


def test_table_and_bids_equal_cli(seeds: list[int]) -> None:
    d = u.Deal.random(seeds[0])
    assert untimed(u.table(d).to_dict()) == untimed(ulti_json("table", "--deal", d.code))
    for s in seeds[:3]:
        d = u.Deal.random(s)
        b = u.bids(d)
        cli = ulti("bids", "--deal", d.code, "--json").stdout
        assert u._native.bids_json(d.code) + "\n" == cli  # byte for byte
        assert b.to_dict() == u.Bids.from_json(cli).to_dict()
        assert b.best_bid in repr(b)
    rules = u.Rules(must_beat_after_trump=True, marriage_needs_trick=True)
    cli = ulti_json("bids", "--deal", STRONG, "--must-beat-after-trump", "--marriage-needs-trick")
    assert u.bids(STRONG, rules=rules).to_dict() == cli


def test_advise_hand_equals_cli(seeds: list[int]) -> None:
    d = u.Deal.random(seeds[1])
    twelve = d.soloist + d.talon
    got = u.advise_hand(twelve, samples=4, seed=5, confirm=2, threads=1)
    cli = ulti_json("advise", "--hand", ",".join(twelve), "--samples", "4", "--seed", "5", "--confirm", "2", "--threads", "1")
    assert untimed(got.to_dict()) == untimed(cli)
    assert got.bids[0]["id"] in repr(got)


def test_advise_card_equals_cli(seeds: list[int]) -> None:
    d = u.Deal.random(seeds[2])
    line = u.solve(d, "passz").line
    for seat, played in ((0, []), (1, line[:1]), (2, line[:2])):
        got = u.advise_card(d, "passz", seat, played, samples=6, seed=3, threads=1)
        args = ["advise", "--deal", d.code, "--contract", "passz", "--seat", str(seat)]
        args += ["--samples", "6", "--seed", "3", "--threads", "1"]
        if played:
            args += ["--played", ",".join(played)]
        assert untimed(got.to_dict()) == untimed(ulti_json(*args))


def test_match_equals_cli(seeds: list[int]) -> None:
    seed = seeds[3] % 1000
    got = u.match(["easy", "normal"], deals=2, seed=seed, threads=1)
    cli = ulti_json("match", "--players", "easy,normal", "--deals", "2", "--seed", str(seed), "--threads", "1")
    assert untimed(got.to_dict()) == untimed(cli)
    assert "easy" in repr(got)


def cli_error(*args: str) -> str:
    r = ulti(*args, check=False)
    assert r.returncode != 0
    return r.stderr.strip().removeprefix("error: ")


@pytest.mark.parametrize(
    "exc, call, cli",
    [
        (u.DealError, lambda: u.Deal("123"), ["solve", "--deal", "123", "--contract", "passz"]),
        (u.DealError, lambda: u.Deal(STRONG[:-2] + "73"), ["bids", "--deal", STRONG[:-2] + "73"]),
        (u.DealError, lambda: u.bids("9" * 61), ["bids", "--deal", "9" * 61]),
        (u.ContractError, lambda: u.solve(STRONG, "ulty"), ["solve", "--deal", STRONG, "--contract", "ulty"]),
        (u.ContractError, lambda: u.solve(STRONG, "ulti+ulti"), ["solve", "--deal", STRONG, "--contract", "ulti+ulti"]),
        (u.CardError, lambda: u.solve(STRONG, "passz", "PA,QQ"), ["solve", "--deal", STRONG, "--contract", "passz", "--played", "PA,QQ"]),
        (u.PlayError, lambda: u.solve(STRONG, "passz", ["T7"]), ["solve", "--deal", STRONG, "--contract", "passz", "--played", "T7"]),
        (u.UltiError, lambda: u.advise_hand("PA,PX"), ["advise", "--hand", "PA,PX"]),
        (u.UltiError, lambda: u.advise_card(STRONG, "passz", 5), ["advise", "--deal", STRONG, "--contract", "passz", "--seat", "5"]),
        (u.UltiError, lambda: u.match(["easy", "wizard"], deals=1), ["match", "--players", "easy,wizard", "--deals", "1"]),
    ],
)
def test_errors_are_value_errors_in_the_clis_words(exc: type, call, cli: list[str]) -> None:
    with pytest.raises(exc) as e:
        call()
    assert isinstance(e.value, ValueError)
    assert str(e.value) == cli_error(*cli)


def test_whole_game_match_and_replay_equal_cli(seeds: list[int], tmp_path) -> None:
    seed = seeds[4] % 1000
    rec = tmp_path / "games.jsonl"
    got = u.match(["easy", "cheater", "easy"], deals=1, seed=seed, threads=1, whole_game=True)
    cli = ulti_json(
        "match", "--whole-game", "--players", "easy,cheater,easy", "--deals", "1",
        "--seed", str(seed), "--threads", "1", "--records", str(rec),
    )
    assert untimed(got.to_dict()) == untimed(cli)
    for line in rec.read_text().splitlines():
        replayed = u.replay(line)
        assert replayed.to_dict() == json.loads(ulti("replay", "-", "--json", input=line).stdout)
        assert sum(replayed.payments) == 0
        assert u.replay(json.loads(line)).to_dict() == replayed.to_dict()


def test_a_bad_record_raises_record_error_in_the_clis_words() -> None:
    bad = '{"format":"ulti-game/1","dealer":2,"hands":["PA","PX","PK"]}'
    with pytest.raises(u.RecordError) as e:
        u.replay(bad)
    assert isinstance(e.value, ValueError)
    r = ulti("replay", "-", check=False, input=bad)
    assert r.returncode == 2
    assert str(e.value) == r.stderr.strip().removeprefix("error: ")
