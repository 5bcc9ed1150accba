"""Ulti Solver from Python: the exact double-dummy engine of Ulti, the Hungarian card game.

The answers are the ``ulti`` command line's: every result's ``to_dict()`` has the fields of the
matching ``ulti … --json`` output, and bad input raises a ``ValueError`` subclass
(``DealError``, ``ContractError``, ``CardError``, ``PlayError``, ``RecordError``, all
``UltiError``) whose message is the CLI's ``error:`` line. Every solve releases the GIL and runs
on a solver owned by the calling thread, so N Python threads solve on N cores.

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
    "Report",
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
    """The house rules of the play, both off by default as in the CLI: ``must_beat_after_trump``
    (the duty to beat the led suit stays after the trick has been trumped) and
    ``marriage_needs_trick`` (a marriage counts only if its holder's side takes a trick). Every
    function that solves takes one as ``rules=``.

    >>> deal = "0070605040302012737173112323313143435151620212322242526103011"
    >>> bids(deal, rules=Rules(must_beat_after_trump=True)).rules
    {'must_beat_after_trump': True, 'marriage_needs_trick': False}
    """

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
    """A result: the fields of the CLI's JSON as read-only attributes, ``to_dict()`` for the
    whole. The answers of ``table``, ``bids``, ``advise_hand``, ``advise_card``, ``replay`` and
    ``match`` are reports; ``Report.from_json`` reads the JSON the CLI prints.

    >>> r = Report.from_json('{"deal": "x", "best_bid": "ulti@M"}')
    >>> r.best_bid, r.to_dict()
    ('ulti@M', {'deal': 'x', 'best_bid': 'ulti@M'})
    """

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
    ``bids`` (a dict per bid: ``id``, ``name``, ``playable``, ``payoff``, ``soloist_wins``,
    ``components``) and ``best_bid`` (the id of the bid with the highest payoff)."""

    def _summary(self) -> str:
        playable = sum(1 for b in self._data["bids"] if b["playable"])
        best = self._data["best_bid"]
        payoff = next((b["payoff"] for b in self._data["bids"] if b["id"] == best), None)
        return f"{self._data['deal']}: best {best} ({payoff:+}), {playable} of {len(self._data['bids'])} bids playable"


class Table(Bids):
    """Every contract under every trump, then the bids (``ulti table --json``): the fields of
    ``Bids`` and ``cells``, 30 dicts (``contract``, ``trump``, ``playable``, ``soloist_wins``,
    ``soloist_points``, …): the seven trump contracts under each trump, betli and colourless
    durchmars once."""

    def _summary(self) -> str:
        return f"{len(self._data['cells'])} cells; " + super()._summary()


class HandAdvice(Report):
    """The bid and discard advice from twelve cards (``ulti advise --hand … --json``): ``hand``,
    ``seed``, ``bids`` (ranked, best expected payoff first; each ``id``, ``name``, ``discard``,
    ``win_prob`` (open-hand) with its 95 % interval ``win_low``–``win_high``,
    ``real_win_prob`` (the rate in play from each seat's own view, mapped for the bid's
    ``family``), ``expected_payoff``, ``samples``, ``confirmed``), ``passz`` (the baseline), ``discards`` (every discard's best
    bid), ``samples_total``, ``close_call``, ``caveat``, ``threads`` and ``ms``."""

    def _summary(self) -> str:
        top = self._data["bids"][0]
        st = top.get("stats", top)
        return (
            f"{top['id']} discarding {','.join(top['discard'])}: win {st['win_prob']:.1%}, "
            f"payoff {st['expected_payoff']:+.2f} ({self._data['samples_total']} samples)"
        )


class CardAdvice(Report):
    """The card advice for one seat (``ulti advise --deal … --seat N --json``): ``seat``,
    ``bid``, ``seed``, ``samples``, ``cards`` (the legal cards, best first for the seat; each
    ``card``, the soloist's ``win_prob`` with ``win_low``–``win_high``, ``expected_payoff`` and,
    for passz, 40-100 and 20-100, ``expected_points``), ``close_call``, ``caveat``, ``threads``
    and ``ms``."""

    def _summary(self) -> str:
        top = self._data["cards"][0]
        st = top.get("stats", top)
        return (
            f"seat {self._data['seat']} plays {top['card']}: win {st['win_prob']:.1%}, "
            f"payoff {st['expected_payoff']:+.2f} ({self._data['samples']} samples)"
        )


class MatchResult(Report):
    """Computer players on seeded deals (``ulti match [--whole-game] --json``): ``players``,
    ``deals``, ``seed`` and ``rows`` (one per player: its money ``per_deal`` with ``mean`` and
    ``ci95``, its bids, its decision times). A two-player match lists each deal's ``games``; a
    whole-game match counts its ``games`` and compares each pair of players on the same deals
    (``pairs``)."""

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
    """Solve a position: the deal (a ``Deal`` or its code), the bid (a contract id or ids
    joined with ``+``) and the cards played so far in play order (``["PA", "P7"]`` or
    ``"PA,P7"``). ``all_cards`` also values each legal card of the player to move. The same
    answer as ``ulti solve --json``; raises ``DealError``, ``ContractError``, ``CardError`` or
    ``PlayError`` for bad input.

    >>> sol = solve("0070605040300173727021213323322232414341510112021303125263536",
    ...             "40-100+ulti", played=["PA", "MU", "Z8"], all_cards=True)
    >>> sol.soloist_wins, sol.payoff
    (True, 16)
    >>> sol.components
    [{'contract': '40-100', 'won': True, 'payoff': 8}, {'contract': 'ulti', 'won': True, 'payoff': 8}]
    >>> sol.line[:6]
    ['ZA', 'Z9', 'Z7', 'MA', 'M9', 'M7']
    >>> [(c["card"], c["payoff"]) for c in sol.cards][:3]
    [('P9', 16), ('PX', 16), ('PU', 16)]
    >>> solve(Deal.random(1), "ulti").playable in (True, False)
    True
    """
    return _native.solve(_deal(deal), contract, _cards(played), all_cards, **_rules(rules))


def table(deal: DealLike, rules: Optional[Rules] = None) -> Table:
    """Every contract under every trump, then every standard bid (``ulti table --json``).

    >>> t = table("0202122232425262700013736351514021334331207060504031716323111")
    >>> len(t.cells), t.best_bid
    (30, 'betli@teritett')
    >>> [(c["trump"], c["soloist_points"]) for c in t.cells if c["contract"] == "passz"]
    [('P', 0), ('Z', 0), ('M', 60), ('T', 0)]
    """
    code = deal.code if isinstance(deal, Deal) else deal
    return Table.from_json(_native.table_json(code, **_rules(rules)))  # type: ignore[return-value]


def bids(deal: DealLike, rules: Optional[Rules] = None) -> Bids:
    """Every standard bid's payoff under best play, best bid marked (``ulti bids --json``).

    >>> b = bids("0202122232425262700013736351514021334331207060504031716323111")
    >>> b.best_bid
    'betli@teritett'
    >>> sorted((x["payoff"], x["id"]) for x in b.bids if x["playable"])[-3:]
    [(8, '40-100+ulti@M'), (10, 'betli@piros'), (20, 'betli@teritett')]
    """
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
    (``ulti advise --hand``): ``samples`` layouts per finalist discard, ``confirm`` fresh ones
    for the leading bids, ``seed`` for the sampling. The same seed gives the same answer on
    any number of ``threads`` (default: every core, as in the CLI).

    >>> advice = advise_hand("PA,PX,PK,PO,P9,ZA,ZX,ZK,MA,M7,TA,T8", samples=8, confirm=8)
    >>> top = advice.bids[0]
    >>> top["id"], top["discard"]
    ('40-100+durchmars-adu@P@teritett', ['M7', 'T8'])
    """
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
    only the seat's own hand, the played cards and the bid are read from the deal, the rest is
    sampled ``samples`` times). ``points=False`` skips the exact card points (faster).

    >>> advice = advise_card("0070605040300173727021213323322232414341510112021303125263536",
    ...                      "passz", seat=1, played="PA,MU,Z8,P7", samples=20)
    >>> advice.seat, advice.bid, len(advice.cards)
    (1, 'passz', 9)
    """
    code = deal.code if isinstance(deal, Deal) else deal
    text = _native.advise_card_json(
        code, contract, seat, _cards(played), samples, seed, points, threads, **_rules(rules)
    )
    return CardAdvice.from_json(text)  # type: ignore[return-value]


@dataclass(frozen=True)
class TableRules:
    """The whole game's rule options beyond the rules of play (``ulti match --whole-game``'s
    flags): under an all-pass the forehand may pass too and pays 2 to each
    (``allpass_forfeit``), bids of equal value rank by a fixed order (``equal_value_by_rank``),
    the holder may not raise its own bid (``holder_may_not_raise``), the highest kontra level
    (``max_kontra``, 0 to 5, default 2: rekontra), and silent bonuses (``silent_bonuses``)."""

    allpass_forfeit: bool = False
    equal_value_by_rank: bool = False
    holder_may_not_raise: bool = False
    max_kontra: int = 2
    silent_bonuses: bool = False


class Replay(Report):
    """A whole game replayed from its ``ulti-game/1`` record (``ulti replay --json``): the
    ``auction``, ``soloist``, ``bid`` and ``bid_value``, ``trump``, the ``kontra`` levels, the
    ``deal`` code and the cards ``played``, each unit's result (``units``, ``silent``) and each
    seat's ``payments``; for a game in progress, the seat ``to_act`` and what it ``may`` do."""


def replay(record: Union[str, dict]) -> Replay:
    """Replay a whole game from its ``ulti-game/1`` record (a dict or its JSON text): every
    action checked; the auction, soloist, bid, kontra levels, each component's result and each
    seat's payment, or whose turn it is in a game in progress. A record that is not a game, or
    an illegal action, raises ``RecordError`` with ``ulti replay``'s words.

    >>> record = {"format": "ulti-game/1", "dealer": 0,
    ...           "hands": ["P9,PU,Z8,Z9,ZO,ZK,M8,MK,T8,TU",
    ...                     "PX,PO,Z7,ZX,ZU,ZA,MU,MA,T7,T9,TX,TK",
    ...                     "P7,P8,PK,PA,M7,M9,MX,MO,TO,TA"],
    ...           "actions": ["1 bid passz MU,PO"]}
    >>> r = replay(record)
    >>> r.stage, r.to_act, r.may
    ('auction', 2, ['2 pass', '2 bid BID C1,C2 (from passz@P, value 2, up)'])
    >>> replay(dict(record, actions=["1 bid passz MU,PA"]))
    Traceback (most recent call last):
      ...
    ulti_solver.RecordError: action 1 ("1 bid passz MU,PA"): the discard PA is not among the 12 cards seat 1 holds
    """
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
    each deal in three rotations (``ulti match --whole-game --json``). ``table`` sets the
    whole game's rule options.

    >>> m = match(["easy", "easy"], deals=2, seed=1, threads=1)
    >>> [row["player"] for row in m.rows]
    ['easy (A)', 'easy (B)']
    >>> m = match(["easy", "easy", "easy"], deals=1, seed=3, whole_game=True,
    ...           table=TableRules(silent_bonuses=True))
    >>> m.games, len(m.pairs)
    (3, 3)
    """
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
