"""The ``greedy`` Deal bot: lays properties and banks money first, charges the largest
rent it can, plays the other action cards when they take something, says no to any
action aimed at it, pays with the bank before properties, the cheapest first.

Example::

    >>> from monopoly.deal.game import Game
    >>> g = Game(["Ann", "Bob"], seed=3)
    >>> g.is_legal(0, GreedyBot().choose(g.seat_view(0), g.legal_actions(0)))
    True
"""

from __future__ import annotations

from monopoly.bots.deal.common import pay_in_order
from monopoly.deal.actions import (
    END,
    Accept,
    Action,
    Discard,
    DiscardTemplate,
    EndTurn,
    LegalEntry,
    MoveWild,
    Pay,
    PayTemplate,
    PlayBank,
    PlayBirthday,
    PlayBreaker,
    PlayDebt,
    PlayForced,
    PlayHotel,
    PlayHouse,
    PlayPassGo,
    PlayProperty,
    PlayRent,
    PlaySly,
    SayNo,
)
from monopoly.deal.deck import MONEY
from monopoly.deal.position import DISCARD, RESPOND
from monopoly.deal.view import SeatView

__all__ = ["GreedyBot"]


class GreedyBot:
    """The greedy player: properties and money first (a property that completes a
    set before any other), then the largest rent it can charge, then the action cards
    that take something; it says no to everything aimed at it and pays with its bank
    before its properties, the cheapest cards first. It never moves wildcards. (It is the
    benchmark's player: one pass over the legal entries, dispatching on their type.)"""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SeatView, legal: list[LegalEntry]) -> Action:
        deck = view.deck
        seat = view.seat
        phase = view.phase
        if phase == RESPOND:
            base: LegalEntry | None = None
            for a in legal:
                if type(a) is SayNo:
                    return a
                if base is None:
                    base = a
            if isinstance(base, PayTemplate):
                bank = set(view.banks[seat])
                order = sorted(base.cards, key=lambda c: (c not in bank, deck.value[c]))
                return pay_in_order(view, base, order)
            if isinstance(base, (Accept, Pay)):
                return base
            raise ValueError("no answer among the legal actions")  # pragma: no cover
        if phase == DISCARD:
            for a in legal:
                if isinstance(a, DiscardTemplate):
                    cheap = sorted(a.cards, key=lambda c: deck.value[c])
                    return Discard(tuple(cheap[:a.count]))
        best: Action = END
        best_score = 0
        value = deck.value
        piles = view.piles[seat]
        set_size = deck.set_size
        for a in legal:
            t = type(a)
            if t is MoveWild or t is EndTurn:
                continue
            if isinstance(a, PlayProperty):
                size = len(piles[a.colour])
                need = set_size[a.colour]
                score = 150 if size >= need else (200 if size + 1 == need else 170 + size)
            elif isinstance(a, PlayBank):
                score = 100 + value[a.card] if deck.kind[a.card] == MONEY else 0
            elif isinstance(a, PlayRent):
                score = 60 + min(30, view.rent_of(seat, a.colour) << len(a.doubles))
            elif isinstance(a, (PayTemplate, DiscardTemplate)):
                continue  # pragma: no cover - never in the play phase
            else:
                score = _GREEDY_FLAT.get(t, 0)
            if score > best_score:
                best, best_score = a, score
        return best


# the greedy player's order of the other plays (docs/deal-rules.md § Deck, action cards)
_GREEDY_FLAT: dict[type, int] = {
    PlayBreaker: 59, PlayHouse: 58, PlayHotel: 58, PlaySly: 50, PlayForced: 50,
    PlayDebt: 45, PlayBirthday: 45, PlayPassGo: 44,
}
