"""The ``random`` Deal bot: a kind of legal entry uniformly, then an entry of that kind
(:func:`monopoly.deal.players.pick`), payments and discards at random.

Example::

    >>> from monopoly.deal.game import Game
    >>> g = Game(["Ann", "Bob"], seed=3)
    >>> g.is_legal(0, RandomBot(1).choose(g.seat_view(0), g.legal_actions(0)))
    True
"""

from __future__ import annotations

import random

from monopoly.bots.deal.common import pay_in_order
from monopoly.deal.actions import Action, Discard, DiscardTemplate, LegalEntry, PayTemplate
from monopoly.deal.players import pick
from monopoly.deal.view import SeatView

__all__ = ["RandomBot"]


class RandomBot:
    """Uniform over the kinds of legal entries, then over the entries of that kind."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, legal: list[LegalEntry]) -> Action:
        entry = pick(legal, self.rng)
        if isinstance(entry, PayTemplate):
            order = list(entry.cards)
            self.rng.shuffle(order)
            return pay_in_order(view, entry, order)
        if isinstance(entry, DiscardTemplate):
            return Discard(tuple(self.rng.sample(entry.cards, entry.count)))
        return entry
