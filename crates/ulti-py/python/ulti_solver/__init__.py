"""Ulti Solver from Python: the exact double-dummy engine of Ulti, the Hungarian card game.

The answers are the ``ulti`` command line's: every result's ``to_dict()`` has the fields of the
matching ``ulti … --json`` output, and bad input raises a ``ValueError`` subclass
(``DealError``, ``ContractError``, ``CardError``, ``PlayError``, all ``UltiError``) whose
message is the CLI's ``error:`` line. Every solve releases the GIL and runs on a solver owned
by the calling thread, so N Python threads solve on N cores.

>>> from ulti_solver import Deal, solve
>>> deal = Deal("0070605040302012737173112323313143435151620212322242526103011")
>>> solve(deal, "passz").soloist_wins
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable, Optional, Sequence, Union

from . import _native
from ._native import (
    CardError,
    ContractError,
    Deal,
    DealError,
    PlayError,
    RecordError,
    Solution,
    UltiError,
)

__version__: str = _native.__version__

__all__ = [
    "Deal",
    "Rules",
    "Solution",
    "Table",
    "Bids",
    "HandAdvice",
    "CardAdvice",
    "MatchResult",
    "solve",
    "table",
    "bids",
    "advise_hand",
    "advise_card",
    "match",
    "replay",
    "Replay",
    "TableRules",
    "UltiError",
    "RecordError",
    "DealError",
    "ContractError",
    "CardError",
    "PlayError",
]

DealLike = Union[Deal, str]
Cards = Union[str, Iterable[str]]


@dataclass(frozen=True)
class Rules:
    """The house rules of shared/RULES.md (both off by default, as in the CLI)."""

    must_beat_after_trump: bool = False
    marriage_needs_trick: bool = False

    def _flags(self) -> dict[str, bool]:
        return {
            "must_beat_after_trump": self.must_beat_after_trump,
            "marriage_needs_trick": self.marriage_needs_trick,
        }


def _rules(rules: Optional[Rules]) -> dict[str, bool]:
    return (rules or Rules())._flags()


def _deal(deal: DealLike) -> Deal:
    return deal if isinstance(deal, Deal) else Deal(deal)


def _cards(cards: Cards) -> str:
    return cards if isinstance(cards, str) else ",".join(cards)


class Report:
    """A result: the fields of the CLI's JSON as attributes, ``to_dict()`` for the whole."""

    __slots__ = ("_data",)

    def __init__(self, data: dict[str, Any]) -> None:
        object.__setattr__(self, "_data", data)

    @classmethod
    def from_json(cls, text: str) -> "Report":
        """The result from the CLI's JSON text."""
        return cls(json.loads(text))

    def __getattr__(self, name: str) -> Any:
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(f"{type(self).__name__} has no field {name!r}") from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._data == self._data  # type: ignore[attr-defined]

    def __dir__(self) -> list[str]:
        return sorted(set(super().__dir__()) | set(self._data))

    def to_dict(self) -> dict[str, Any]:
        """The same fields (and values) as the CLI's ``--json`` output."""
        return json.loads(json.dumps(self._data))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._summary()}>"

    def _summary(self) -> str:
        return ", ".join(f"{k}={v!r}" for k, v in self._data.items() if not isinstance(v, (list, dict)))


class Bids(Report):
    """Every standard bid's payoff for a deal (``ulti bids --json``): ``deal``, ``rules``,
    ``bids`` (id, name, playable, payoff, soloist_wins, components), ``best_bid``."""

    def _summary(self) -> str:
        playable = sum(1 for b in self._data["bids"] if b["playable"])
        best = self._data["best_bid"]
        payoff = next((b["payoff"] for b in self._data["bids"] if b["id"] == best), None)
        return f"{self._data['deal']}: best {best} ({payoff:+}), {playable} of {len(self._data['bids'])} bids playable"


class Table(Bids):
    """Every contract under every trump, then the bids (``ulti table --json``): the fields of
    ``Bids`` and ``cells`` (contract, trump, playable, soloist_wins, soloist_points, …)."""

    def _summary(self) -> str:
        return f"{len(self._data['cells'])} cells; " + super()._summary()


class HandAdvice(Report):
    """The bid and discard advice from twelve cards (``ulti advise --hand … --json``)."""

    def _summary(self) -> str:
        top = self._data["bids"][0]
        st = top.get("stats", top)
        return (
            f"{top['id']} discarding {','.join(top['discard'])}: win {st['win_prob']:.1%}, "
            f"payoff {st['expected_payoff']:+.2f} ({self._data['samples_total']} samples)"
        )


class CardAdvice(Report):
    """The card advice for one seat (``ulti advise --deal … --seat N --json``)."""

    def _summary(self) -> str:
        top = self._data["cards"][0]
        st = top.get("stats", top)
        return (
            f"seat {self._data['seat']} plays {top['card']}: win {st['win_prob']:.1%}, "
            f"payoff {st['expected_payoff']:+.2f} ({self._data['samples']} samples)"
        )


class MatchResult(Report):
    """Two computer players on seeded deals, both seatings (``ulti match --json``)."""

    def _summary(self) -> str:
        rows = ", ".join(
            f"{r['player']} {r['per_deal']['mean']:+.2f}/deal" for r in self._data["rows"]
        )
        return f"{self._data['deals']} deals (seed {self._data['seed']}): {rows}"


def solve(
    deal: DealLike,
    contract: str,
    played: Cards = (),
    all_cards: bool = False,
    rules: Optional[Rules] = None,
) -> Solution:
    """Solve a position: the deal, the bid (a contract id or ids joined with ``+``) and the
    cards played so far in play order (``["PA", "P7"]`` or ``"PA,P7"``). ``all_cards`` also
    values each legal card of the player to move. Same answer as ``ulti solve --json``."""
    return _native.solve(_deal(deal), contract, _cards(played), all_cards, **_rules(rules))


def table(deal: DealLike, rules: Optional[Rules] = None) -> Table:
    """Every contract under every trump, then every standard bid (``ulti table --json``)."""
    code = deal.code if isinstance(deal, Deal) else deal
    return Table.from_json(_native.table_json(code, **_rules(rules)))  # type: ignore[return-value]


def bids(deal: DealLike, rules: Optional[Rules] = None) -> Bids:
    """Every standard bid's payoff, best bid marked (``ulti bids --json``)."""
    code = deal.code if isinstance(deal, Deal) else deal
    return Bids.from_json(_native.bids_json(code, **_rules(rules)))  # type: ignore[return-value]


def advise_hand(
    cards: Cards,
    samples: int = 32,
    seed: int = 1,
    confirm: int = 32,
    threads: Optional[int] = None,
    rules: Optional[Rules] = None,
) -> HandAdvice:
    """Which two cards to discard and what to bid, from the soloist's twelve cards
    (``ulti advise --hand``). ``threads`` defaults to every core, as in the CLI."""
    text = _native.advise_hand_json(_cards(cards), samples, seed, confirm, threads, **_rules(rules))
    return HandAdvice.from_json(text)  # type: ignore[return-value]


def advise_card(
    deal: DealLike,
    contract: str,
    seat: int,
    played: Cards = (),
    samples: int = 100,
    seed: int = 1,
    points: bool = True,
    threads: Optional[int] = None,
    rules: Optional[Rules] = None,
) -> CardAdvice:
    """Which card ``seat`` should play, from what it can see (``ulti advise --deal … --seat``;
    only the seat's own hand, the played cards and the bid are read from the deal)."""
    code = deal.code if isinstance(deal, Deal) else deal
    text = _native.advise_card_json(
        code, contract, seat, _cards(played), samples, seed, points, threads, **_rules(rules)
    )
    return CardAdvice.from_json(text)  # type: ignore[return-value]


@dataclass(frozen=True)
class TableRules:
    """The whole game's rule options beyond the rules of play (shared/RULES.md "The whole
    game"; ``ulti match --whole-game``'s flags)."""

    allpass_forfeit: bool = False
    equal_value_by_rank: bool = False
    holder_may_not_raise: bool = False
    max_kontra: int = 2
    silent_bonuses: bool = False


class Replay(Report):
    """A whole game replayed from its ``ulti-game/1`` record (``ulti replay --json``)."""


def replay(record: Union[str, dict]) -> Replay:
    """Replay a whole game from its ``ulti-game/1`` record (a dict or its JSON text): every
    action checked; the auction, soloist, bid, kontra levels, each component's result and each
    seat's payment, or whose turn it is in a game in progress. A record that is not a game, or
    an illegal action, raises ``RecordError`` with ``ulti replay``'s words."""
    text = record if isinstance(record, str) else json.dumps(record)
    return Replay.from_json(_native.replay_json(text))  # type: ignore[return-value]


def match(
    players: Sequence[str],
    deals: int = 100,
    seed: int = 1,
    threads: Optional[int] = None,
    rules: Optional[Rules] = None,
    whole_game: bool = False,
    table: Optional[TableRules] = None,
) -> MatchResult:
    """Computer players (``easy``, ``normal``, ``strong``, ``cheater``) on seeded random
    deals: two, each deal played with both seatings (``ulti match --json``); or, with
    ``whole_game=True``, two or three playing whole games (auction, kontra, play, payment),
    each deal in three rotations (``ulti match --whole-game --json``)."""
    t = table or TableRules()
    text = _native.match_json(
        list(players),
        deals,
        seed,
        threads,
        whole_game=whole_game,
        table=(t.allpass_forfeit, t.equal_value_by_rank, t.holder_may_not_raise, t.max_kontra, t.silent_bonuses),
        **_rules(rules),
    )
    return MatchResult.from_json(text)  # type: ignore[return-value]
