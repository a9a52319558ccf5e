"""The Monopoly Deal rules core: one game, driven only through the core protocol
(:class:`monopoly.core.protocol.GameCore`), the same as the board game's.

:class:`Game` is a facade over modules with one job each:

- :mod:`~monopoly.deal.position`: the state (every card's place, the turn, the action
  being answered) and its primitive card moves;
- :mod:`~monopoly.deal.decision`: who must act now, :meth:`Game.decision`;
- :mod:`~monopoly.deal.legal`: :meth:`Game.legal_actions` and :meth:`Game.why_illegal`;
- :mod:`~monopoly.deal.plays`, :mod:`~monopoly.deal.requests`,
  :mod:`~monopoly.deal.payments`, :mod:`~monopoly.deal.turns`: what actions do;
- :mod:`~monopoly.deal.view`: :meth:`Game.view` (frozen) and :meth:`Game.seat_view`
  (live, for bots); :mod:`~monopoly.deal.worlds`: sampled worlds for search;
- :mod:`~monopoly.deal.record`: snapshots, records, the state hash;
- :mod:`~monopoly.deal.action_ids`: the integer action table.

The protocol:

- ``pending`` (the first seat waited for, or None) / ``pending_seats()`` /
  ``decision()``: who must act now, one :class:`~monopoly.core.decision.Decision`. Its
  kinds (:mod:`monopoly.deal.decision`): ``"play"`` (the player on turn plays, moves
  wildcards or ends the turn), ``"discard"`` (down to the hand limit), ``"pay"`` (a
  target pays a rent, a birthday or a debt), ``"respond"`` (a target answers a Sly Deal,
  Forced Deal or Deal Breaker), ``"answer_no"`` (the attacker answers a Just Say No
  against its action), ``"over"``;
- ``legal_actions(seat)``: the single source of legality (payments and discards as
  templates, see :mod:`monopoly.deal.actions`); ``is_legal`` / ``why_illegal`` decide a
  concrete action;
- ``apply(seat, action)``: the only way the state changes; returns typed events; an
  illegal action raises :class:`~monopoly.core.errors.IllegalActionError` and changes
  nothing;
- ``view(seat)`` (``view(None)``: a spectator, no hands), ``seat_view(seat)``;
- ``is_over``, ``outcome``, ``history`` (the ``(seat, action)`` applied), ``seat_names``,
  ``turn_number``, ``seed``, ``rules``;
- ``snapshot()`` / ``Game.from_snapshot(data)``, ``state_hash()``, ``record_lines()``;
- ``num_actions``, ``action_id``, ``action_from_id``, ``legal_action_mask``,
  ``legal_action_ids``.

Example::

    >>> g = Game(["Ann", "Bob"], seed=7)
    >>> g.pending, len(g.hands[0]), g.decision().kind
    (0, 7, 'play')
    >>> _ = g.apply(0, END)
    >>> g.pending, g.history[-1][1].text(), g.turn_number
    (1, 'end', 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from monopoly.core.decision import Decision
from monopoly.core.ids import ActionId, PlayerId
from monopoly.core.text import Text
from monopoly.deal import events as E
from monopoly.deal.action_ids import (
    action_from_id,
    action_id,
    legal_action_bytes,
    legal_action_ids,
    legal_action_mask,
    table_of,
)
from monopoly.deal.actions import END, Action, LegalEntry
from monopoly.deal.decision import (
    D_DISCARD,
    D_OVER,
    decision,
    decision_kind,
    pending_seat,
    seat_of,
)
from monopoly.deal.deck import Deck, load_deck
from monopoly.deal.errors import IllegalActionError
from monopoly.deal.legal import legal_actions, why_illegal
from monopoly.deal.options import DealRules
from monopoly.deal.plays import do
from monopoly.deal.position import DISCARD, OVER, PLAY, RESPOND, Position
from monopoly.deal.record import record_lines, restore, snapshot, state_hash
from monopoly.deal.requests import settle
from monopoly.deal.turns import setup
from monopoly.deal.view import DealView, SeatView, deal_view

__all__ = ["DISCARD", "END", "OVER", "PLAY", "RESPOND", "Game"]


class Game(Position):
    """One game of Monopoly Deal for 2-5 seats (docs/deal-rules.md): ``seats`` (names, or a number
    of seats named P0, P1...), ``seed`` (every chance), ``rules`` (None: the official
    ones), ``deck`` (a :class:`Deck`, a deck key, or None: the standard deck),
    ``events`` (build the typed events), ``deal`` (False: an empty table, for
    :meth:`from_snapshot` and the tests' positions)."""

    def __init__(self, seats: Sequence[str] | int, seed: int, rules: DealRules | None = None,
                 *, deck: Deck | str | None = None, events: bool = True,
                 deal: bool = True) -> None:
        if deck is None or isinstance(deck, str):
            deck = load_deck(deck or "standard")
        super().__init__(seats, seed, rules if rules is not None else DealRules(), deck,
                         events=events)
        if deal:
            setup(self)
            settle(self)

    # ---------------------------------------------------------------- who must act

    @property
    def pending(self) -> PlayerId | None:
        """The seat that must act now, or None when the game is over."""
        kind = decision_kind(self)
        if kind <= D_DISCARD:  # seat_of's first case, inline on the hot path
            return self.turn_seat
        return None if kind == D_OVER else seat_of(self, kind)

    def pending_seats(self) -> list[PlayerId]:
        """The seats that must act now, in order (one at most in the Deal)."""
        seat = pending_seat(self)
        return [] if seat is None else [seat]

    def decision(self) -> Decision:
        """The decision the game waits for (:mod:`monopoly.deal.decision`)."""
        return decision(self)

    # ---------------------------------------------------------------- legality

    def legal_actions(self, seat: PlayerId) -> list[LegalEntry]:
        """Everything ``seat`` may do now (empty when it is not this seat's decision).

        Equivalent cards (two 1M notes) are listed once, by their first id in the hand;
        ``is_legal`` accepts any of them."""
        return legal_actions(self, seat)

    def is_legal(self, seat: object, action: object) -> bool:
        return why_illegal(self, seat, action) is None

    def why_illegal(self, seat: object, action: object) -> str | None:
        """Why ``action`` is not legal for ``seat`` now, or None when it is."""
        return why_illegal(self, seat, action)

    # ---------------------------------------------------------------- applying

    def apply(self, seat: PlayerId, action: Action) -> list[E.Event]:
        """Apply a legal action for ``seat`` and return its events (empty when events are
        off). Raises :class:`IllegalActionError` and changes nothing when it is not legal."""
        why = why_illegal(self, seat, action)
        if why is not None:
            raise IllegalActionError(Text("{action}: {reason}",
                                          action=_text_of(action), reason=why))
        events = self.events
        start = len(events) if events is not None else 0
        self.history.append((seat, action))
        do(self, seat, action)
        settle(self)
        if events is None:
            return []
        return events[start:]

    # ---------------------------------------------------------------- views

    def view(self, seat: PlayerId | None) -> DealView:
        """What ``seat`` may see (None: a spectator, no hands), frozen."""
        return deal_view(self, seat)

    def seat_view(self, seat: PlayerId) -> SeatView:
        """What ``seat`` may see, as a live read-only window (for bots)."""
        return SeatView(self, seat)

    # ---------------------------------------------------------------- records

    def snapshot(self) -> dict[str, Any]:
        """The whole position as JSON data (:func:`monopoly.deal.record.snapshot`)."""
        return snapshot(self)

    @classmethod
    def from_snapshot(cls, data: dict[str, Any], *, events: bool = True) -> Game:
        """The game of a :meth:`snapshot`; :class:`~monopoly.core.errors.RecordError`
        when it is not one."""
        return restore(data, events=events)

    def state_hash(self) -> str:
        """A short hash of the position (the history left out)."""
        return state_hash(self)

    def record_lines(self) -> list[str]:
        """The game's record: the header, one line per action, the outcome as a comment."""
        return record_lines(self)

    # ---------------------------------------------------------------- the action table

    @property
    def num_actions(self) -> int:
        """The size of the integer action table (:mod:`monopoly.deal.action_ids`)."""
        return table_of(self.deck).size

    def action_id(self, action: Any, seat: PlayerId | None = None) -> ActionId:
        """The id of `action` (taken by `seat`, by default the seat that must decide)."""
        return action_id(self, action, seat)

    def action_from_id(self, action_id: ActionId, seat: PlayerId | None = None) -> Action:
        """The action of id `action_id` for `seat` now (it may be illegal)."""
        return action_from_id(self, action_id, seat)

    def legal_action_mask(self, seat: PlayerId) -> list[bool]:
        return legal_action_mask(self, seat)

    def legal_action_ids(self, seat: PlayerId) -> list[ActionId]:
        """The ids legal for `seat` now, ascending (where the mask is True)."""
        return legal_action_ids(self, seat)

    def legal_action_bytes(self, seat: PlayerId) -> bytearray:
        """The mask as ``num_actions`` bytes: 1 where it is True, else 0."""
        return legal_action_bytes(self, seat)


def _text_of(action: object) -> str:
    text = getattr(action, "text", None)
    try:
        return str(text()) if callable(text) else repr(action)
    except (TypeError, IndexError):
        return repr(action)


if TYPE_CHECKING:
    from monopoly.core.protocol import GameCore

    def _follows_the_protocol(game: Game) -> GameCore:
        """mypy checks here that Game satisfies the core protocol."""
        return game
