"""A tournament as a log of operations: what the organiser, the referees, the players and
the server did, in order; the tournament's state is what they add up to.

Every change is an :class:`Op` (``kind``, ``data``, who did it and when), checked against
the state before it is applied: a refused operation raises a
:class:`~monopoly.tournament.errors.TournamentError` saying what was wrong and changes
nothing. The store keeps the log (one row per operation, committed before it is
answered), so a restart at any moment rebuilds the same state by replaying it, and the
log is the audit log: every registration, seating, result, signature and correction,
with its author and time.

Who may do what (the championship rules: the chief referee opens and ends every game and
releases the players; a banker-referee counts the assets at each table; each player signs
the score sheet):

- ``chief``: the organiser and chief referee: everything but signing for a player;
- ``table:T``: the referee of table ``T`` (in every round): the equipment count, the
  score sheet of their table, pausing it, a stuck seat given to a bot (or marked
  absent), confirming for a player who cannot;
- ``player:N``: entrant ``N``: confirming or disputing their own line of a sheet;
- ``server``: the banker of the online tables (their results) and the simulator.

Example::

    >>> from monopoly.tournament.settings import Settings
    >>> t = Tournament("cup", Settings(name="Cup", date="2026-12-05", rounds=1))
    >>> for name in "Ann Bob Cyril Dana".split():
    ...     _ = t.apply(Op("player_added", {"name": name}), actor="chief")
    >>> _ = t.apply(Op("round_seated", {"round": 1, "tables": [[2, 0, 3, 1]]}), "chief")
    >>> t.rounds[0].tables[0].players
    [2, 0, 3, 1]
    >>> t.apply(Op("round_started", {"round": 1}), actor="player:1")
    Traceback (most recent call last):
    ...
    monopoly.tournament.errors.TournamentError: only the chief referee may do this
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

from monopoly.tournament.errors import TournamentError
from monopoly.tournament.model import (
    BOT_LEVELS,
    EQUIPMENT,
    TABLE_STATUSES,
    Entrant,
    Line,
    Op,
    RoundState,
    TableState,
    is_int,
)
from monopoly.tournament.operations import CHIEF, HANDLERS, KINDS, SERVER, authorise
from monopoly.tournament.scoring import Standing, TableResult, final_standings, scoring, standings
from monopoly.tournament.settings import Settings

__all__ = [
    "BOT_LEVELS",
    "CHIEF",
    "EQUIPMENT",
    "KINDS",
    "SERVER",
    "TABLE_STATUSES",
    "Entrant",
    "Line",
    "Op",
    "RoundState",
    "TableState",
    "Tournament",
]


class Tournament:
    """The state of one tournament (see the module docstring)."""

    def __init__(self, tid: str, settings: Settings) -> None:
        self.id = tid
        self.settings = settings
        self.entrants: list[Entrant] = []
        self.rounds: list[RoundState] = []
        self.ops: list[Op] = [Op("created", {"settings": settings.to_dict()}, 1, 0.0, "chief")]

    @classmethod
    def replay(cls, tid: str, ops: Sequence[Op]) -> Tournament:
        """The state that `ops` (a stored log, ``created`` first) add up to."""
        if not ops or ops[0].kind != "created":
            raise TournamentError("invalid", "a tournament's log starts with its creation")
        t = cls(tid, Settings.from_dict(ops[0].data["settings"]))
        t.ops = [ops[0]]
        for op in ops[1:]:
            t.apply(op, op.actor, op.at)
        return t

    # --- applying operations

    def apply(self, op: Op, actor: str, at: float | None = None) -> Op:
        """Check `op` by `actor` and apply it; returns it with its seq, time and actor.
        Raises a TournamentError (and changes nothing) if it is refused."""
        handler = HANDLERS.get(op.kind)
        if handler is None:
            raise TournamentError("invalid", "unknown operation {kind}", kind=op.kind)
        if not isinstance(op.data, Mapping):
            raise TournamentError("invalid", "an operation's data must be a table of values")
        check, do, who = handler
        authorise(self, who, actor, op.data)
        check(self, op.data, actor)
        done = Op(op.kind, dict(op.data), len(self.ops) + 1,
                  time.time() if at is None else at, actor)
        do(self, done)
        self.ops.append(done)
        return done

    def check(self, op: Op, actor: str) -> None:
        """Raise the TournamentError `op` by `actor` would raise, without applying it."""
        handler = HANDLERS.get(op.kind)
        if handler is None:
            raise TournamentError("invalid", "unknown operation {kind}", kind=op.kind)
        check, _do, who = handler
        authorise(self, who, actor, op.data)
        check(self, op.data, actor)

    # --- reading

    def entrant(self, number: object) -> Entrant:
        if not is_int(number) or not 0 <= number < len(self.entrants):
            raise TournamentError("not_found", "no player {player}", player=repr(number))
        return self.entrants[number]

    def round(self, number: object) -> RoundState:
        if not is_int(number) or not 1 <= number <= len(self.rounds):
            raise TournamentError("not_found", "no round {round}", round=repr(number))
        return self.rounds[number - 1]

    def active(self) -> list[int]:
        return [e.number for e in self.entrants if not e.withdrawn]

    @property
    def current(self) -> RoundState | None:
        return self.rounds[-1] if self.rounds else None

    def preliminary_done(self) -> bool:
        done = [r for r in self.rounds if not r.final and r.closed]
        return len(done) >= self.settings.rounds

    def finished(self) -> bool:
        if not self.preliminary_done():
            return False
        if self.settings.final_size == 0:
            return True
        return any(r.final and r.closed for r in self.rounds)

    def results(self, *, final: bool = False) -> list[TableResult]:
        """The accepted tables' results (of the preliminary rounds, or of the final)."""
        return [t.result() for r in self.rounds if r.final == final
                for t in r.tables if t.accepted]

    def standings(self) -> list[Standing]:
        """The standings over the accepted results; with a played final, its order first."""
        s = self.settings
        ratings = {e.number: e.rating for e in self.entrants}
        names = {e.number: e.name for e in self.entrants}
        everyone = [e.number for e in self.entrants
                    if not e.withdrawn or any(e.number in r.players() for r in self.rounds)]
        table = standings(self.results(), scoring(s.scoring), players=everyone,
                          ratings=ratings, names=names, last_resort=s.last_resort,
                          seed=s.seed)
        final = [r for r in self.rounds if r.final]
        if final and final[0].tables[0].accepted:
            table = final_standings(table, final[0].tables[0].result(), s.final_size)
        return table

    def history(self) -> list[tuple[tuple[int, ...], ...]]:
        """The seatings of the preliminary rounds so far, for the seating of the next."""
        return [tuple(tuple(t.players) for t in r.tables) for r in self.rounds if not r.final]
