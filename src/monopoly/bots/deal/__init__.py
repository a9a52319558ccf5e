"""Monopoly Deal bots: ``random``, ``greedy`` and ``strong``, each deciding only from what
its seat may see (docs/deal-rules.md § Players and hidden information).

A bot is asked ``choose(view, legal)``: ``view`` is a :class:`~monopoly.deal.view.SeatView`
(``game.seat_view(seat)``), the core's thin read-only window on the game that exposes the
seat's own hand, every table (banks, property piles with the colour each wildcard stands
as, houses and hotels), the size of every hand and of the draw pile, the discard pile and
the action being answered; ``legal`` is the game's ``legal_actions`` for the seat. It
returns a concrete action (templates filled in).

- ``random`` (:mod:`~monopoly.bots.deal.random_bot`): a kind of legal entry uniformly,
  then an entry of that kind (:func:`monopoly.deal.players.pick`), payments and discards
  at random.
- ``greedy`` (:mod:`~monopoly.bots.deal.greedy`): lays properties and banks money first,
  charges the largest rent it can, plays the other action cards when they take
  something, says no to any action aimed at it, pays with the bank before properties,
  the cheapest first.
- ``strong`` (:mod:`~monopoly.bots.deal.strong`): heuristics that know what a card is
  worth to the seat (sets close to full, the win, what a payment costs), plus
  determinized Monte Carlo search (information-set Monte Carlo) over the plays of its
  turn: the cards it cannot see (other hands and the draw pile) are dealt at random,
  consistently with the hand sizes, into copies of the public position
  (:func:`monopoly.deal.worlds.sample_world`); each candidate play is followed by short
  rollouts of fast players and the positions reached are scored. It never looks at the
  real hidden cards: the copies are built from the seat's view alone.

The helpers they share (values of cards and sets, :func:`best_payment`) are in
:mod:`~monopoly.bots.deal.common`.

Example::

    >>> from monopoly.deal import Game
    >>> g = Game(seats=2, seed=3)
    >>> bot = make_deal_bot("strong", 7)
    >>> action = bot.choose(g.seat_view(0), g.legal_actions(0))
    >>> g.is_legal(0, action)
    True
"""

from __future__ import annotations

from typing import Any, Protocol

from monopoly.bots.deal.common import best_payment
from monopoly.bots.deal.greedy import GreedyBot
from monopoly.bots.deal.random_bot import RandomBot
from monopoly.bots.deal.strong import StrongBot
from monopoly.deal.actions import Action, LegalEntry
from monopoly.deal.view import SeatView

__all__ = [
    "DEAL_BOT_NAMES",
    "DealBot",
    "GreedyBot",
    "RandomBot",
    "SeatView",
    "StrongBot",
    "best_payment",
    "make_deal_bot",
]

DEAL_BOT_NAMES: tuple[str, ...] = ("random", "greedy", "strong")


class DealBot(Protocol):
    """A Deal player: picks one concrete legal action from its seat's view."""

    name: str

    def choose(self, view: SeatView, legal: list[LegalEntry]) -> Action: ...


def make_deal_bot(name: str, seed: int = 0) -> RandomBot | GreedyBot | StrongBot:
    """The Deal bot called ``name`` with its own seeded generator; ValueError for an
    unknown name. ``module:attribute`` or ``external:URL`` seats a bot written elsewhere
    (:mod:`monopoly.bots.external`)."""
    from monopoly.bots.external import is_external, make_external

    if is_external(name):
        external: Any = make_external(name, seed, "deal")
        return external  # type: ignore[no-any-return]
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "strong":
        return StrongBot(seed)
    raise ValueError(f"unknown Deal bot {name!r}; bots: {', '.join(DEAL_BOT_NAMES)}")
