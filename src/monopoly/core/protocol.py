"""The protocol of a rules core, the same in both games (``docs/architecture.md``).

A core is a pure game: no I/O, no globals, every chance from its own seeded generator.
Adapters (bots, narration, the lab, the web server, the command line) drive a core only
through this protocol, so that one adapter serves both games:

- ``legal_actions(seat)``: the single source of legality. Actions with open parameters (a
  bid, a trade, a payment) appear as templates with their bounds;
- ``is_legal(seat, action)`` / ``why_illegal(seat, action)``: decide one concrete action
  with the same rules (python-chess's ``Board.is_legal``);
- ``apply(seat, action)``: the only way the state changes; returns typed events; an
  illegal action raises :class:`~monopoly.core.errors.IllegalActionError` and changes
  nothing;
- ``decision()`` and ``pending_seats()``: who must act now
  (:class:`~monopoly.core.decision.Decision`);
- ``view(seat)``: a typed, frozen view of what that seat may see (``None``: a spectator);
  nothing hidden (the order of a deck, sealed bids, the Deal's hands) leaves a core any
  other way; ``seat_view(seat)``: the same information as a live read-only window, for
  bots that decide many times a turn;
- ``is_over`` / ``outcome`` (:class:`~monopoly.core.outcome.Outcome`);
- ``snapshot()`` / ``from_snapshot(data)``: the whole position as JSON data (FEN);
  ``state_hash()``; ``record_lines()``: the game's record, which replays (PGN);
- the integer action table for reinforcement learning: ``num_actions``,
  ``action_id(action, seat)``, ``action_from_id(i, seat)``, ``legal_action_mask(seat)`` (a
  list of ``num_actions`` booleans, True exactly where ``is_legal(seat,
  action_from_id(i, seat))``; ids are stable across versions, documented in
  ``docs/architecture.md``). An id may stand for a rule that gives the concrete action in
  the position (a bid of the least amount allowed, a payment by a fixed policy), so the
  seat that would take it is an argument (by default the seat the game waits for);
  ``action_id`` raises :class:`~monopoly.core.errors.MalformedActionError` for an action
  the table does not name (a template, a counter-offer). ``legal_action_ids(seat)`` gives
  the ids where the mask is True, ascending, and ``legal_action_bytes(seat)`` the mask as
  a ``bytearray`` of 0 and 1 (an environment's numpy mask without a copy:
  ``np.frombuffer(game.legal_action_bytes(seat), np.int8)``).

Example::

    >>> from monopoly.core import make
    >>> game = make("board", seats=["Ann", "Bob"], seed=1)
    >>> isinstance(game, GameCore)
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from monopoly.core.decision import Decision
from monopoly.core.events import Event
from monopoly.core.ids import ActionId, PlayerId
from monopoly.core.options import OptionSet
from monopoly.core.outcome import Outcome

__all__ = ["GameCore", "GameView"]


@runtime_checkable
class GameView(Protocol):
    """A frozen view of a game for one seat (or a spectator)."""

    @property
    def seat(self) -> PlayerId | None: ...

    def to_dict(self) -> dict[str, Any]: ...


@runtime_checkable
class GameCore(Protocol):
    """What every rules core provides (see the module docstring)."""

    @property
    def seed(self) -> int: ...

    @property
    def rules(self) -> OptionSet: ...

    @property
    def seat_names(self) -> Sequence[str]: ...

    @property
    def history(self) -> Sequence[tuple[PlayerId, Any]]: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def turn_number(self) -> int: ...

    def legal_actions(self, seat: PlayerId) -> Sequence[Any]: ...

    def is_legal(self, seat: object, action: object) -> bool: ...

    def why_illegal(self, seat: object, action: object) -> str | None: ...

    def apply(self, seat: Any, action: Any) -> Sequence[Event]: ...

    def decision(self) -> Decision: ...

    def pending_seats(self) -> list[PlayerId]: ...

    def view(self, seat: PlayerId | None) -> GameView: ...

    def seat_view(self, seat: PlayerId) -> Any: ...

    def snapshot(self) -> dict[str, Any]: ...

    def state_hash(self) -> str: ...

    def record_lines(self) -> list[str]: ...

    @property
    def num_actions(self) -> int: ...

    def action_id(self, action: Any, seat: PlayerId | None = None) -> ActionId: ...

    def action_from_id(self, action_id: ActionId, seat: PlayerId | None = None) -> Any: ...

    def legal_action_mask(self, seat: PlayerId) -> list[bool]: ...

    def legal_action_ids(self, seat: PlayerId) -> list[ActionId]: ...

    def legal_action_bytes(self, seat: PlayerId) -> bytearray: ...
