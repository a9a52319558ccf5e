"""Positions for tests: a Deal game with chosen hands, banks, piles and buildings.

Cards are named by their deck key (``"boardwalk"``, ``"money_5"``, ``"just_say_no"``);
each name takes the next unused card of that key. Everything not placed is shuffled into
the draw pile by the game's generator (``draw_top`` names the cards on top, first drawn
first). The position starts at the beginning of ``turn``'s plays (its draw already done).

Example::

    >>> from monopoly.deal.actions import PlaySly
    >>> g = arrange(hands={0: ["sly_deal"]}, piles={1: {"brown": ["baltic_avenue"]}})
    >>> [e.kind for e in g.apply(0, PlaySly(card(g, "sly_deal"), card(g, "baltic_avenue")))]
    ['action_played']
    >>> g.decision().kind, g.pending
    ('respond', 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from monopoly.deal.deck import HOTEL, HOUSE
from monopoly.deal.errors import DealError
from monopoly.deal.game import Game
from monopoly.deal.options import DealRules
from monopoly.deal.position import NONE, PLAY
from monopoly.deal.record import locate


def arrange(
    rules: DealRules | None = None,
    players: int = 2,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    banks: Mapping[int, Sequence[str]] | None = None,
    piles: Mapping[int, Mapping[str, Sequence[str]]] | None = None,
    buildings: Mapping[int, Mapping[str, Sequence[str]]] | None = None,
    discard: Sequence[str] = (),
    draw_top: Sequence[str] = (),
    draw_size: int | None = None,
    turn: int = 0,
    seed: int = 0,
    events: bool = True,
) -> Game:
    g = Game(players, seed, rules, events=events)
    deck = g.deck
    used: set[int] = set()

    def take(key: str) -> int:
        for c in range(deck.size):
            if deck.card_keys[c] == key and c not in used:
                used.add(c)
                return c
        raise DealError(f"no unused card {key!r} left")

    n, cols = g.n, deck.n_colours
    g.hands = [[take(k) for k in (hands or {}).get(s, ())] for s in range(n)]
    g.banks = [[take(k) for k in (banks or {}).get(s, ())] for s in range(n)]
    g.piles = [[[] for _ in range(cols)] for _ in range(n)]
    for s, by_colour in (piles or {}).items():
        for colour_key, keys in by_colour.items():
            g.piles[s][deck.colour_index(colour_key)] = [take(k) for k in keys]
    g.house = [[NONE] * cols for _ in range(n)]
    g.hotel = [[NONE] * cols for _ in range(n)]
    for s, by_colour in (buildings or {}).items():
        for colour_key, keys in by_colour.items():
            colour = deck.colour_index(colour_key)
            for k in keys:
                b = take(k)
                if deck.action[b] == HOUSE:
                    g.house[s][colour] = b
                elif deck.action[b] == HOTEL:
                    g.hotel[s][colour] = b
                else:
                    raise DealError(f"{k!r} is not a building")
    g.discard = [take(k) for k in discard]
    top = [take(k) for k in draw_top]
    rest = [c for c in range(deck.size) if c not in used]
    g.rng.shuffle(rest)
    if draw_size is not None:
        g.discard.extend(rest[draw_size:])
        rest = rest[:draw_size]
    g.draw = rest + top[::-1]
    locate(g)
    g.phase = PLAY
    g.turn_seat = turn
    g.turn_number = 1
    g.plays_left = g.rules.plays_per_turn
    g.request = None
    g.outcome = None
    g.history = []
    if g.events is not None:
        g.events.clear()
    return g


def card(game: Game, key: str, nth: int = 0) -> int:
    """The id of the ``nth`` card of this key (in deck order)."""
    ids = [c for c in range(game.deck.size) if game.deck.card_keys[c] == key]
    if nth >= len(ids):
        raise DealError(f"no card {key!r} number {nth}")
    return ids[nth]


def held(game: Game, seat: int, key: str) -> int:
    """The id of a card of this key in ``seat``'s hand."""
    for c in game.hands[seat]:
        if game.deck.card_keys[c] == key:
            return c
    raise DealError(f"seat {seat} holds no {key!r}")
