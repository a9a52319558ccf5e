"""Sampled worlds: games consistent with what one seat sees, for search over hidden
information (determinized Monte Carlo, information-set Monte Carlo).

A seat sees its own hand, every table and the discard pile; the other hands and the draw
pile are hidden. :func:`unseen` lists the cards it cannot see; :func:`sample_world`
deals a given order of them into a copy of the public position, each other hand getting
as many cards as it holds, the rest becoming the draw pile. Both read the
:class:`~monopoly.deal.view.SeatView` alone: nothing hidden is looked at.

Example::

    >>> import random
    >>> from monopoly.deal.game import Game
    >>> g = Game(["Ann", "Bob"], seed=7)
    >>> view = g.seat_view(0)
    >>> cards = unseen(view)
    >>> len(cards) == len(g.hands[1]) + len(g.draw)
    True
    >>> random.Random(1).shuffle(cards)
    >>> w = sample_world(view, cards, seed=5)
    >>> w.hands[0] == g.hands[0], len(w.hands[1]), w.legal_actions(0) == g.legal_actions(0)
    (True, 5, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from monopoly.core.ids import CardId
from monopoly.deal.game import Game
from monopoly.deal.options import DealRules
from monopoly.deal.position import NONE, P_BANK, P_DISCARD, P_DRAW, P_HAND, P_HOTEL, P_HOUSE, P_PILE
from monopoly.deal.view import SeatView

__all__ = ["sample_world", "unseen"]


def unseen(view: SeatView) -> list[CardId]:
    """The cards the seat cannot see (other hands and the draw pile), in id order."""
    seen = [False] * view.deck.size
    for c in view.hand:
        seen[c] = True
    for c in view.discard:
        seen[c] = True
    for s in range(view.n):
        for c in view.banks[s]:
            seen[c] = True
        for pile in view.piles[s]:
            for c in pile:
                seen[c] = True
        for b in view.house[s]:
            if b != NONE:
                seen[b] = True
        for b in view.hotel[s]:
            if b != NONE:
                seen[b] = True
    return [c for c in range(view.deck.size) if not seen[c]]


def sample_world(view: SeatView, sample: Sequence[CardId], seed: int,
                 rules: DealRules | None = None) -> Game:
    """A game with the public position of ``view`` and the unseen cards ``sample``
    (:func:`unseen`, in some order) dealt: each other hand, in seat order, the next as
    many cards as it holds, the rest the draw pile (its top at the end). The game's
    generator is seeded with ``seed``, its rules are ``rules`` (None: the view's), its
    seats are named P0, P1..., its events are off and its history empty."""
    deck = view.deck
    n = view.n
    size = deck.size
    g = Game(n, 0, rules if rules is not None else view.rules, deck=deck, events=False,
             deal=False)
    g.rng = random.Random(seed)
    place = [P_DRAW] * size
    owner = [NONE] * size
    pile_colour = [NONE] * size
    me = view.seat
    pos = 0
    hands: list[list[int]] = []
    for s in range(n):
        if s == me:
            hand = list(view.hand)
        else:
            k = view.hand_size(s)
            hand = list(sample[pos:pos + k])
            pos += k
        for c in hand:
            place[c] = P_HAND
            owner[c] = s
        hands.append(hand)
    g.hands = hands
    g.draw = list(sample[pos:])
    g.discard = list(view.discard)
    for c in g.discard:
        place[c] = P_DISCARD
    g.banks = [list(b) for b in view.banks]
    g.piles = [[list(p) for p in ps] for ps in view.piles]
    g.house = [list(h) for h in view.house]
    g.hotel = [list(h) for h in view.hotel]
    for s in range(n):
        for c in g.banks[s]:
            place[c] = P_BANK
            owner[c] = s
        for colour, pile in enumerate(g.piles[s]):
            for c in pile:
                place[c] = P_PILE
                owner[c] = s
                pile_colour[c] = colour
            b = g.house[s][colour]
            if b != NONE:
                place[b] = P_HOUSE
                owner[b] = s
                pile_colour[b] = colour
            b = g.hotel[s][colour]
            if b != NONE:
                place[b] = P_HOTEL
                owner[b] = s
                pile_colour[b] = colour
    g.place = place
    g.owner = owner
    g.pile_colour = pile_colour
    g.phase = view.phase
    g.turn_seat = view.turn_seat
    g.turn_number = view.turn_number
    g.plays_left = view.plays_left
    req = view.request
    if req is not None:
        g.request = req.copy()
    return g
