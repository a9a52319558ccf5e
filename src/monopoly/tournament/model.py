"""The values of a tournament's state: the operations of its log, the entrants, the
rounds and their tables with their score-sheet lines and clocks (see
:mod:`monopoly.tournament.state`, which puts them together, and
:mod:`monopoly.tournament.operations`, which checks and applies each change).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, TypeGuard

from monopoly.tournament.errors import TournamentError
from monopoly.tournament.scoring import Seat, TableResult

__all__ = [
    "BOT_LEVELS",
    "EQUIPMENT",
    "MAX_NAME",
    "TABLE_STATUSES",
    "Entrant",
    "Line",
    "Op",
    "RoundState",
    "TableState",
    "is_int",
]

#: The equipment counted at every table before the start, in the rules' order.
EQUIPMENT: Final = ("dice", "banknotes", "houses", "hotels", "title_deeds", "chance",
                    "community_chest", "tokens")
TABLE_STATUSES: Final = ("seated", "counted", "playing", "paused", "time_called",
                         "counting", "signing", "disputed", "signed", "accepted")
MAX_NAME: Final = 64
BOT_LEVELS: Final = ("easy", "medium", "hard")  # a bot entrant's level (online play)


@dataclass(frozen=True, slots=True)
class Op:
    """One operation: ``kind`` and its ``data``; ``seq``, ``at`` (seconds since the epoch)
    and ``actor`` are filled in when it is applied."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    seq: int = 0
    at: float = 0.0
    actor: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "at": self.at, "actor": self.actor, "kind": self.kind,
                "data": dict(self.data)}


@dataclass(slots=True)
class Entrant:
    number: int
    name: str
    club: str = ""
    city: str = ""
    rating: int = 0
    withdrawn: bool = False
    joined_round: int = 1  # the first round they could be seated in
    bot: str | None = None  # a bot entrant (online tables): its level, easy/medium/hard

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "name": self.name, "club": self.club,
                "city": self.city, "rating": self.rating, "withdrawn": self.withdrawn,
                "joined_round": self.joined_round, "bot": self.bot}


@dataclass(frozen=True, slots=True)
class Line:
    """One player's line of a score sheet: the counted assets (net worth) and, for a
    player who went bankrupt, the order they went in (1: first)."""

    player: int
    cash: int
    properties: int
    buildings: int
    total: int
    bankrupt_order: int | None = None
    other: int = 0  # owed to the player less what they owe (payments pending at the end)

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "cash": self.cash, "properties": self.properties,
                "buildings": self.buildings, "other": self.other, "total": self.total,
                "bankrupt_order": self.bankrupt_order}


@dataclass(slots=True)
class TableState:
    round: int
    number: int
    players: list[int]
    counted: bool = False
    pauses: list[list[float]] = field(default_factory=list)  # [start, end or -1]
    replaced: dict[int, str] = field(default_factory=dict)  # player -> "bot" | "absent"
    room: str | None = None  # the browser game's room of an online table
    lines: list[Line] | None = None
    source: str = ""  # "online" (the server's count) or "sheet" (the banker's form)
    confirmed: dict[int, str] = field(default_factory=dict)  # player -> who confirmed
    disputes: dict[int, str] = field(default_factory=dict)  # player -> reason (open ones)
    accepted: bool = False
    finished_at: float | None = None  # the game ended (one player left, or time's turn done)

    @property
    def paused(self) -> bool:
        return bool(self.pauses) and self.pauses[-1][1] < 0

    def must_sign(self) -> list[int]:
        """The players whose signature the sheet needs (not those a bot replaced or who
        were absent)."""
        return [p for p in self.players if p not in self.replaced]

    def status(self, round_state: RoundState, *, real: bool = False) -> str:
        """Where the table is: seated, counted (its equipment), playing, paused,
        time_called (an online game finishes its turn), counting (a real table's banker
        counts the assets), signing, disputed, signed, accepted."""
        if self.accepted:
            return "accepted"
        if self.lines is not None:
            if self.disputes:
                return "disputed"
            if all(p in self.confirmed for p in self.must_sign()):
                return "signed"
            return "signing"
        if round_state.started_at is None:
            return "counted" if self.counted else "seated"
        if round_state.time_called_at is not None:
            return "counting" if real else "time_called"
        if self.paused or round_state.paused:
            return "paused"
        return "playing"

    def result(self) -> TableResult:
        assert self.lines is not None
        return TableResult(self.round, self.number, tuple(
            Seat(line.player, line.total, line.bankrupt_order) for line in self.lines))


@dataclass(slots=True)
class RoundState:
    number: int
    tables: list[TableState]
    final: bool = False
    started_at: float | None = None
    pauses: list[list[float]] = field(default_factory=list)
    time_called_at: float | None = None
    closed: bool = False

    @property
    def paused(self) -> bool:
        return bool(self.pauses) and self.pauses[-1][1] < 0

    def players(self) -> list[int]:
        return [p for t in self.tables for p in t.players]

    def table(self, number: object) -> TableState:
        if not is_int(number) or not 1 <= number <= len(self.tables):
            raise TournamentError("not_found", "round {round} has no table {table}",
                                  round=self.number, table=repr(number))
        return self.tables[number - 1]

    def elapsed(self, now: float, table: TableState | None = None) -> float:
        """Net playing seconds at `now` (the round's pauses, and the table's, left out)."""
        if self.started_at is None:
            return 0.0
        end = now if self.time_called_at is None else min(now, self.time_called_at)
        spans = [(a, b if b >= 0 else end) for a, b in self.pauses]
        if table is not None:
            spans += [(a, b if b >= 0 else end) for a, b in table.pauses]
        return max(0.0, end - self.started_at - _union(spans, self.started_at, end))


def _union(spans: list[tuple[float, float]], low: float, high: float) -> float:
    """The length of the union of `spans`, clipped to ``[low, high]``."""
    total = 0.0
    end = low
    for a, b in sorted(spans):
        a, b = max(a, end), min(b, high)
        if b > a:
            total += b - a
            end = b
    return total


def is_int(value: object) -> TypeGuard[int]:
    """A whole number, not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)
