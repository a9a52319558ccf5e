"""Per-game statistics for the strategy lab's report, read from a game's events.

:func:`collect` turns the events of one game (played with ``events=True``, finished or
stopped by a cap) into a small JSON-able dict that :mod:`monopoly.lab.report` adds up over
many games:

- ``landings``: for each square, how often a throw of the dice left a token there once the
  throw was resolved (a card that moves the token on, or Go To Jail, counts where the token
  ends; a throw in jail that fails to free the player counts on the jail square), the same
  measure as the Markov chain's long-run probabilities (:mod:`monopoly.lab.board.markov`);
- ``rent_by_group``: rent collected on each group's squares (colour groups plus
  ``"railroad"`` and ``"utility"``, the edition's keys). A rent payment is a
  :class:`~monopoly.board.events.Paid` with reason ``"rent"``; its square is where the payer
  stands, tracked from the ``Moved`` events (docs/rules.md §4: rent is owed for the square landed
  on);
- ``invested_by_group``: money put into each group: purchases at the printed price
  (``Bought``), properties won at auction (``AuctionWon`` of a ``"property"`` lot), dealt
  deeds' prices paid (``PropertyDealt``) and buildings (``Built.cost``, which is also what a
  housing-shortage auction's winner paid, so those ``AuctionWon`` lots are not counted
  twice). Lifting a mortgage is not an investment: its principal was the owner's own money
  lent back, and its interest buys nothing new.

Example::

    >>> from monopoly.board import Game
    >>> stats = collect(Game(["Ann", "Bob"], seed=1))
    >>> len(stats["landings"]), stats["rent_by_group"]["brown"]
    (40, 0)
"""

from __future__ import annotations

from typing import Any

from monopoly.board import events as E
from monopoly.board.game import LOT_PROPERTY, Game

__all__ = ["collect", "group_keys"]

_NOT_COLOURS = ("railroad", "utility")


def group_keys(game: Game) -> list[str]:
    """The edition's property groups: the colours in board order, then the railroads and
    the utilities."""
    groups = game.edition.groups
    return [g for g in groups if g not in _NOT_COLOURS] + [g for g in _NOT_COLOURS if g in groups]


def collect(game: Game) -> dict[str, Any]:
    """Landings per square, rent collected and money invested per group (see the module).

    Raises :class:`ValueError` for a game created without events (``events=False``)."""
    if game.events is None:
        raise ValueError("gamestats.collect needs a game played with events=True")
    squares = game.edition.squares
    n = len(squares)
    groups = group_keys(game)
    landings = [0] * n
    rent = dict.fromkeys(groups, 0)
    invested = dict.fromkeys(groups, 0)
    position = [0] * len(game.players)  # every token starts on GO
    thrower = -1  # whose throw is being resolved
    card_in_throw = False
    utilities = {sq.index for sq in squares if sq.kind.value == "utility"}

    def end_throw() -> None:
        nonlocal thrower
        if thrower >= 0:
            landings[position[thrower]] += 1
            thrower = -1

    def add(book: dict[str, int], square: int, amount: int) -> None:
        if 0 <= square < n:
            group = squares[square].group
            if group is not None:
                book[group] = book.get(group, 0) + amount

    for ev in game.events:
        if isinstance(ev, E.Moved):
            position[ev.player] = ev.to_square % n
        elif isinstance(ev, E.DiceRolled):
            if ev.player == thrower and card_in_throw and position[thrower] in utilities:
                continue  # "nearest utility": the rent throw, not a move
            end_throw()
            thrower = ev.player
            card_in_throw = False
        elif isinstance(ev, E.CardDrawn):
            card_in_throw = True
        elif isinstance(ev, (E.TurnEnded, E.TurnStarted, E.GameOver)):
            end_throw()
        elif isinstance(ev, E.Paid):
            if ev.reason == "rent" and ev.payer >= 0:
                add(rent, position[ev.payer], ev.amount)
        elif isinstance(ev, E.Bought):
            add(invested, ev.square, ev.price)
        elif isinstance(ev, E.AuctionWon):
            if ev.lot == LOT_PROPERTY:
                add(invested, ev.square, ev.amount)
        elif isinstance(ev, E.PropertyDealt):
            add(invested, ev.square, ev.price_paid)
        elif isinstance(ev, E.Built):
            add(invested, ev.square, ev.cost)
    end_throw()
    return {"landings": landings, "rent_by_group": rent, "invested_by_group": invested}
