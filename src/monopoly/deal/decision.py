"""Who must act now in the Deal: the one place where the waiting decision is computed.

The priority is written once, in :func:`decision_kind`: the game over; else the action
being answered (its target, or its attacker after a Just Say No); else a discard down to
the hand limit; else the turn's plays. The engine's legality, ``pending``,
``pending_seats``, the views and the web server all read it.

The Deal's decision kinds (``Decision.kind``; :data:`KIND_KEYS` by code):

- ``"play"``: the player on turn plays cards, moves wildcards or ends the turn;
  ``step`` is the plays left this turn (a play is a new decision, a wildcard move is not);
- ``"discard"``: the player on turn discards down to the hand limit;
  ``low`` = ``high`` = the number of cards to discard;
- ``"pay"``: a target pays a rent, a birthday or a debt (or plays Just Say No);
  ``subject`` is the action card, ``low`` the amount owed, ``high`` the value of what
  the target can pay with, ``step`` the Just Say No cards played so far (0 or even);
- ``"respond"``: a target answers a Sly Deal, Forced Deal or Deal Breaker (accepts, or
  plays Just Say No); ``subject`` the action card, ``step`` the Just Say No cards so far;
- ``"answer_no"``: the attacker answers a Just Say No against its action (accepts the
  cancellation, or plays Just Say No again); ``subject`` the action card, ``step`` the
  Just Say No cards so far (odd);
- ``"over"``: the game has ended; nobody acts.

Example::

    >>> from monopoly.deal.game import Game
    >>> g = Game(["Ann", "Bob"], seed=7)
    >>> g.decision()
    Decision(kind='play', seats=(0,), turn=1, subject=-1, low=0, high=0, step=3)
"""

from __future__ import annotations

from typing import Final

from monopoly.core.decision import OVER as OVER_KIND
from monopoly.core.decision import Decision
from monopoly.core.ids import PlayerId
from monopoly.deal.position import DISCARD, NONE, OVER, R_DEBT, RESPOND, Position

__all__ = [
    "ANSWER_KINDS", "D_ANSWER_NO", "D_DISCARD", "D_OVER", "D_PAY", "D_PLAY", "D_RESPOND",
    "KIND_KEYS", "decision", "decision_kind", "pending_seat",
]

# the decision kinds by code
D_PLAY: Final = 0
D_DISCARD: Final = 1
D_PAY: Final = 2
D_RESPOND: Final = 3
D_ANSWER_NO: Final = 4
D_OVER: Final = 5
KIND_KEYS: tuple[str, ...] = ("play", "discard", "pay", "respond", "answer_no", OVER_KIND)
#: the kinds that answer an action aimed at other players
ANSWER_KINDS: frozenset[str] = frozenset({"pay", "respond", "answer_no"})


def decision_kind(pos: Position) -> int:
    """The code of the decision the position waits for (the priority of the module
    docstring)."""
    phase = pos.phase
    if phase == OVER:
        return D_OVER
    if phase == RESPOND:
        req = pos.request
        if req is not None:
            if req.nos % 2 == 1:
                return D_ANSWER_NO
            return D_PAY if req.kind <= R_DEBT else D_RESPOND
    if phase == DISCARD:
        return D_DISCARD
    return D_PLAY


def seat_of(pos: Position, kind: int) -> PlayerId:
    """The seat that takes a decision of ``kind`` now (NONE when the game is over). The
    hot paths take its first case inline (``pos.turn_seat`` for play and discard)."""
    if kind <= D_DISCARD:
        return pos.turn_seat
    if kind == D_OVER:
        return NONE
    req = pos.request
    if req is None:  # pragma: no cover - decision_kind answers only with a request
        return pos.turn_seat
    return req.attacker if kind == D_ANSWER_NO else req.targets[0]


def pending_seat(pos: Position) -> PlayerId | None:
    """The seat that must act now, or None when the game is over."""
    kind = decision_kind(pos)
    if kind <= D_DISCARD:
        return pos.turn_seat
    if kind == D_OVER:
        return None
    return seat_of(pos, kind)


def decision(pos: Position) -> Decision:
    """The decision the position waits for, as the core's :class:`Decision`."""
    kind = decision_kind(pos)
    key = KIND_KEYS[kind]
    turn = pos.turn_number
    if kind == D_OVER:
        return Decision(key, (), turn)
    seat = seat_of(pos, kind)
    if kind == D_PLAY:
        return Decision(key, (seat,), turn, step=pos.plays_left)
    if kind == D_DISCARD:
        count = len(pos.hands[seat]) - pos.rules.hand_limit
        return Decision(key, (seat,), turn, low=count, high=count)
    req = pos.request
    assert req is not None
    if kind == D_PAY:
        value = pos.deck.value
        can = sum(value[c] for c in pos.payable(seat))
        return Decision(key, (seat,), turn, subject=req.card, low=req.amount, high=can,
                        step=req.nos)
    return Decision(key, (seat,), turn, subject=req.card, step=req.nos)
