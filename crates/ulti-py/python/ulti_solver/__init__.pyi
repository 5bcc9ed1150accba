"""Typed interface of ``ulti_solver`` (the engine of Ulti Solver; answers as ``ulti … --json``)."""

from dataclasses import dataclass
from typing import Any, Iterable, Optional, Sequence, Union

__version__: str

class UltiError(ValueError):
    """Bad input; the message is the ``ulti`` command line's ``error:`` line."""

class DealError(UltiError):
    """A bad deal code (not 61 digits, a digit out of range, a repeated card)."""

class ContractError(UltiError):
    """An unknown or bad contract / bid."""

class CardError(UltiError):
    """A text that is not a card name."""

class PlayError(UltiError):
    """A played card that breaks a rule (``played card N: …``)."""

class RecordError(UltiError):
    """An ulti-game/1 record that is not a game, or an illegal action in it."""

class Deal:
    """A deal: trump suit, three hands of ten (seat 0 soloist, 1 and 2 defenders), the talon."""

    def __init__(self, code: str) -> None:
        """Parse a 61-digit deal code; raises ``DealError``."""
    @staticmethod
    def random(seed: int) -> Deal:
        """A uniformly random deal from a seed (the engine's and the CLI's ``Deal::random``)."""
    @property
    def code(self) -> str:
        """The 61-digit code (as given, for a parsed deal)."""
    @property
    def trump(self) -> str:
        """The trump suit's letter: P, Z, M or T."""
    @property
    def hands(self) -> list[list[str]]:
        """The three hands by seat, card names."""
    @property
    def soloist(self) -> list[str]:
        """Seat 0's ten cards."""
    @property
    def talon(self) -> list[str]:
        """The two talon cards."""
    def with_trump(self, trump: str) -> Deal:
        """The same hands under another trump (P, Z, M or T)."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Solution:
    """One position's answer (``ulti solve --json``)."""

    @property
    def contract(self) -> str: ...
    @property
    def trump(self) -> Optional[str]: ...
    @property
    def playable(self) -> bool: ...
    @property
    def unplayable_reason(self) -> Optional[str]: ...
    @property
    def soloist_wins(self) -> Optional[bool]: ...
    @property
    def soloist_points(self) -> Optional[int]: ...
    @property
    def payoff(self) -> Optional[int]: ...
    @property
    def components(self) -> list[dict[str, Any]]: ...
    @property
    def line(self) -> list[str]: ...
    @property
    def cards(self) -> list[dict[str, Any]]: ...
    @property
    def nodes(self) -> int: ...
    @property
    def ms(self) -> float: ...
    def to_json(self) -> str:
        """The line ``ulti solve --json`` prints (without the newline)."""
    def to_dict(self) -> dict[str, Any]:
        """The fields of ``ulti solve --json``."""

class Rules:
    """House rules of the play, both off by default."""

    must_beat_after_trump: bool
    marriage_needs_trick: bool
    def __init__(self, must_beat_after_trump: bool = ..., marriage_needs_trick: bool = ...) -> None: ...

class Report:
    """A result: the CLI's JSON fields as attributes."""

    @classmethod
    def from_json(cls, text: str) -> Report: ...
    def to_dict(self) -> dict[str, Any]:
        """The same fields as the CLI's ``--json``."""
    def __getattr__(self, name: str) -> Any: ...

class Bids(Report):
    deal: str
    rules: dict[str, bool]
    bids: list[dict[str, Any]]
    best_bid: Optional[str]

class Table(Bids):
    cells: list[dict[str, Any]]

class HandAdvice(Report):
    hand: list[str]
    bids: list[dict[str, Any]]
    threads: int
    ms: float

class CardAdvice(Report):
    seat: int
    bid: str
    cards: list[dict[str, Any]]
    threads: int
    ms: float

class MatchResult(Report):
    players: list[str]
    deals: int
    seed: int
    threads: int
    rows: list[dict[str, Any]]
    ms: float
    games: list[dict[str, Any]]

DealLike = Union[Deal, str]
Cards = Union[str, Iterable[str]]

def solve(
    deal: DealLike,
    contract: str,
    played: Cards = ...,
    all_cards: bool = ...,
    rules: Optional[Rules] = ...,
) -> Solution:
    """Solve a position (``ulti solve``); releases the GIL."""

def table(deal: DealLike, rules: Optional[Rules] = ...) -> Table:
    """Every contract under every trump, then the bids (``ulti table``)."""

def bids(deal: DealLike, rules: Optional[Rules] = ...) -> Bids:
    """Every standard bid's payoff, best bid marked (``ulti bids``)."""

def advise_hand(
    cards: Cards,
    samples: int = ...,
    seed: int = ...,
    confirm: int = ...,
    threads: Optional[int] = ...,
    rules: Optional[Rules] = ...,
) -> HandAdvice:
    """Discard and bid advice from twelve cards (``ulti advise --hand``)."""

def advise_card(
    deal: DealLike,
    contract: str,
    seat: int,
    played: Cards = ...,
    samples: int = ...,
    seed: int = ...,
    points: bool = ...,
    threads: Optional[int] = ...,
    rules: Optional[Rules] = ...,
) -> CardAdvice:
    """Card advice for one seat from what it sees (``ulti advise --deal … --seat``)."""

@dataclass(frozen=True)
class TableRules:
    """The whole game's rule options beyond the rules of play."""

    allpass_forfeit: bool = ...
    equal_value_by_rank: bool = ...
    holder_may_not_raise: bool = ...
    max_kontra: int = ...
    silent_bonuses: bool = ...

class Replay(Report):
    """A whole game replayed from its ulti-game/1 record (``ulti replay --json``)."""

def replay(record: Union[str, dict]) -> Replay:
    """Replay a whole game; a bad record raises ``RecordError``."""

def match(
    players: Sequence[str],
    deals: int = ...,
    seed: int = ...,
    threads: Optional[int] = ...,
    rules: Optional[Rules] = ...,
    whole_game: bool = ...,
    table: Optional[TableRules] = ...,
) -> MatchResult:
    """Computer players on seeded deals: two with both seatings, or whole games in three
    rotations (``ulti match [--whole-game]``)."""
