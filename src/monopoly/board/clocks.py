"""The table's clocks (docs/rules.md §9, §11), reading an injected clock, never the wall clock.

- the time limit (``time_limit_minutes``; TOUR 45): when it is reached the table calls
  time (:class:`~monopoly.board.actions.CallTime`); a player who has rolled finishes the
  turn, then the assets are counted (the engine's rule);
- the negotiation limit (``negotiation_seconds``; TOUR 30): a trade offer unanswered that
  long expires (:class:`~monopoly.board.actions.ExpireOffer`);
- the turn clock (``turn_clock_seconds``; RU online rule): a seat the game has waited on
  that long for one decision is forfeited (:class:`~monopoly.board.actions.Timeout`).

The clock only decides *when*; the engine decides what is legal, and the table's actions
are recorded like any other (seat :data:`~monopoly.board.position.TABLE`), so a replay is
exact without any clock. Pass any ``now()`` returning seconds: ``time.monotonic`` at a
real table, a :class:`StepClock` in simulations and tests.

Example::

    >>> from monopoly.board import Game
    >>> from monopoly.board.options import preset
    >>> g = Game(["Ann", "Bob"], seed=1, rules=preset("tournament"))
    >>> clock = StepClock()
    >>> table = TableClock(g.rules, clock)
    >>> table.due(g)
    []
    >>> clock.advance(45 * 60)
    >>> table.due(g)
    [CallTime()]
"""

from __future__ import annotations

import random
from collections.abc import Callable

from monopoly.board import actions as A
from monopoly.board.game import Game
from monopoly.board.options import RuleSet
from monopoly.board.position import TABLE
from monopoly.core.decision import Decision

__all__ = ["StepClock", "TableClock"]


class StepClock:
    """A clock for simulations and tests: time moves only when told to.

    With `step`, :meth:`tick` (called by the driver after each action) advances by that
    many seconds; with `jitter_rng` and `jitter`, now and then by `jitter` more (a slow
    player), so that the turn clock can run out in simulated play."""

    def __init__(
        self,
        start: float = 0.0,
        step: float = 0.0,
        *,
        jitter: float = 0.0,
        jitter_every: int = 0,
        jitter_rng: random.Random | None = None,
    ) -> None:
        self.t = start
        self.step = step
        self.jitter = jitter
        self.jitter_every = jitter_every
        self.rng = jitter_rng

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("a clock does not go back")
        self.t += seconds

    def tick(self) -> None:
        self.t += self.step
        rng = self.rng
        if rng is not None and self.jitter_every and rng.randrange(self.jitter_every) == 0:
            self.t += self.jitter


class TableClock:
    """Watches one game's clocks; :meth:`due` lists the table's actions that are due."""

    def __init__(self, rules: RuleSet, now: Callable[[], float]) -> None:
        self.rules = rules
        self.now = now
        self.start = now()
        self._decision: Decision | None = None
        self._decision_since = self.start
        self._offer: object = None
        self._offer_since = self.start

    @property
    def active(self) -> bool:
        r = self.rules
        return (
            r.time_limit_minutes is not None
            or r.negotiation_seconds is not None
            or r.turn_clock_seconds is not None
        )

    def elapsed(self) -> float:
        return self.now() - self.start

    def remaining(self) -> float | None:
        """Seconds left before time is called (None without a time limit)."""
        if self.rules.time_limit_minutes is None:
            return None
        return max(0.0, self.rules.time_limit_minutes * 60 - self.elapsed())

    def due(self, game: Game) -> list[A.Action]:
        """The table's actions due now, to apply in order with seat ``TABLE``."""
        if game.is_over:
            return []
        now = self.now()
        r = self.rules
        out: list[A.Action] = []
        limit = r.time_limit_minutes
        if limit is not None and not game.time_called and now - self.start >= limit * 60:
            out.append(A.CALL_TIME)
        offer = game.offer
        if offer is not self._offer:
            self._offer = offer
            self._offer_since = now
        elif (
            offer is not None
            and r.negotiation_seconds is not None
            and now - self._offer_since >= r.negotiation_seconds
        ):
            out.append(A.EXPIRE_OFFER)
        if r.turn_clock_seconds is not None:
            key = game.decision()  # a new decision restarts the clock
            if key != self._decision:
                self._decision = key
                self._decision_since = now
            elif now - self._decision_since >= r.turn_clock_seconds:
                waiting = game.pending_seats()
                if waiting:
                    out.append(A.Timeout(waiting[0]))
                    self._decision = None
        return out

    def apply_due(self, game: Game) -> list[A.Action]:
        """Apply what is due (as the table); returns the actions applied."""
        applied = []
        for action in self.due(game):
            if game.is_legal(TABLE, action):
                game.apply(TABLE, action)
                applied.append(action)
        return applied

