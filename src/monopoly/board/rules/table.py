"""docs/rules.md §9, §11 The table's actions: what the table applies (seat ``TABLE``)
when one of its clocks runs out (:mod:`monopoly.board.clocks` decides when), and
stopping the game.

- time called (`time_limit_minutes`; the tournament's 45): a player who has not thrown
  yet does not play this turn; one who has finishes it (no further roll after doubles),
  then the net worth is counted (:mod:`.ending`);
- the negotiation limit (`negotiation_seconds`; the tournament's 30): the offer waiting
  for an answer expires;
- the turn clock (`turn_clock_seconds`; RU online rule): the seat the game has waited on
  too long is forfeited (:func:`~.bankruptcy.forfeit`);
- stop: the table ends the game; the assets are counted, nobody wins.
"""

from __future__ import annotations

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.decision import pending_seats
from monopoly.board.position import Position
from monopoly.board.rules import bankruptcy, ending
from monopoly.core.ids import PlayerId
from monopoly.core.text import Text


def check_call_time(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    if g.rules.time_limit_minutes is None:
        return Text("these rules have no time limit")
    if g.time_called:
        return Text("time has already been called")
    return None


def check_expire(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    if g.rules.negotiation_seconds is None:
        return Text("these rules have no negotiation limit")
    if g.offer is None:
        return Text("no trade offer is waiting")
    return None


def check_timeout(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    assert isinstance(action, A.Timeout)
    if g.rules.turn_clock_seconds is None:
        return Text("these rules have no turn clock")
    if action.seat not in pending_seats(g):
        return Text("the game is not waiting for seat {seat}", seat=action.seat)
    return None


def check_stop(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    return None


def do_call_time(g: Position, seat: PlayerId, action: A.Action) -> None:
    g.time_called = True
    g.emit(E.TimeCalled())
    if not g.rolled:
        ending.finish(g, "time_limit")
    else:
        g.extra_roll = False  # finish the turn in progress, no further roll


def do_expire(g: Position, seat: PlayerId, action: A.Action) -> None:
    offer = g.offer
    assert offer is not None
    g.offer = None
    g.emit(E.OfferExpired(offer.proposer, offer.target))
    g.touch()


def do_timeout(g: Position, seat: PlayerId, action: A.Action) -> None:
    assert isinstance(action, A.Timeout)
    g.emit(E.TimedOut(action.seat))
    bankruptcy.forfeit(g, action.seat)


def do_stop(g: Position, seat: PlayerId, action: A.Action) -> None:
    g.emit(E.GameStopped())
    ending.finish(g, "stopped")
