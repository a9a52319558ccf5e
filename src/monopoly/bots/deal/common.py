"""What the Deal bots share: money on the table, paying in an order, and the values the
strong bot (and the web server's caretaker) put on cards and sets (docs/deal-rules.md § Paying,
§ Actions).

Example::

    >>> from monopoly.deal.testing import arrange
    >>> g = arrange(banks={1: ["money_1", "money_5"]}, piles={1: {"brown": ["baltic_avenue"]}})
    >>> view = g.seat_view(1)
    >>> cards, cost = best_payment(view, 2, view.payable(1))
    >>> [g.deck.card_keys[c] for c in cards], payable_value(view, 1)
    (['money_5'], 7)
"""

from __future__ import annotations

from collections.abc import Sequence

from monopoly.deal.actions import Pay, PayTemplate
from monopoly.deal.deck import HOUSE, PROPERTY, WILD, Deck
from monopoly.deal.position import NONE
from monopoly.deal.view import SeatView

__all__ = [
    "NEVER", "WIN", "bank_value", "best_payment", "colour_worth", "gain_of_card",
    "loss_of_card", "owner_of", "pay_in_order", "payable_value", "set_progress", "wins_with",
]


def bank_value(view: SeatView, seat: int) -> int:
    value = view.deck.value
    return sum(value[c] for c in view.banks[seat])


def payable_value(view: SeatView, seat: int) -> int:
    value = view.deck.value
    return sum(value[c] for c in view.payable(seat))


def pay_in_order(view: SeatView, template: PayTemplate, order: Sequence[int]) -> Pay:
    """Cards taken in ``order`` until the debt is covered; a house brings its hotel."""
    deck = view.deck
    seat = view.seat
    chosen: list[int] = []
    total = 0
    for c in order:
        if total >= template.amount:
            break
        if c in chosen:
            continue
        colour = view.pile_colour(c)
        if deck.action[c] == HOUSE and colour != NONE and view.house[seat][colour] == c:
            hotel = view.hotel[seat][colour]
            if hotel != NONE and hotel not in chosen:
                chosen.append(hotel)
                total += deck.value[hotel]
        chosen.append(c)
        total += deck.value[c]
    return Pay(tuple(chosen))


WIN = 100_000.0
NEVER = -1e9


def set_progress(deck: Deck, piles: Sequence[Sequence[int]], colour: int) -> int:
    """Cards counted towards the set: any-colour wilds count only beside a real card."""
    pile = piles[colour]
    if not pile:
        return 0
    any_colour = deck.any_colour
    for c in pile:
        if not any_colour[c]:
            return len(pile)
    return 0


def colour_worth(deck: Deck, count: int, colour: int) -> float:
    """What ``count`` cards of one colour are worth to their owner towards the win: a full
    set is a third of the game; a set one card short is most of the way there."""
    size = deck.set_size[colour]
    if count <= 0:
        return 0.0
    if count >= size:
        return 30.0 + deck.ladder[colour][-1]
    share = count / size
    return 14.0 * share * share + 2.0 * count + (6.0 if count == size - 1 else 0.0)


def loss_of_card(view: SeatView, seat: int, c: int) -> float:
    """What losing property ``c`` (on ``seat``'s table) costs its owner."""
    deck = view.deck
    colour = view.pile_colour(c)
    if colour == NONE:
        return float(deck.value[c])
    pile = view.piles[seat][colour]
    count = set_progress(deck, view.piles[seat], colour)
    rest = [x for x in pile if x != c]
    after = len(rest) if any(not deck.any_colour[x] for x in rest) else 0
    loss = colour_worth(deck, count, colour) - colour_worth(deck, after, colour)
    if count >= deck.set_size[colour] > after:
        if view.house[seat][colour] != NONE:
            loss += 3.0
        if view.hotel[seat][colour] != NONE:
            loss += 4.0
    return loss + 0.5 * deck.value[c]


def gain_of_card(view: SeatView, seat: int, colour: int, card_is_any: bool = False) -> float:
    """What one more property of ``colour`` is worth to ``seat``."""
    if colour == NONE:
        return 0.0
    deck = view.deck
    count = set_progress(deck, view.piles[seat], colour)
    if card_is_any and count == 0:
        return 1.0
    return colour_worth(deck, count + 1, colour) - colour_worth(deck, count, colour)


def wins_with(view: SeatView, seat: int, colour: int) -> bool:
    """Would one more card of ``colour`` complete a set that gives ``seat`` the win?"""
    if colour == NONE or view.is_full(seat, colour):
        return False
    deck = view.deck
    count = set_progress(deck, view.piles[seat], colour)
    return (count + 1 >= deck.set_size[colour]
            and view.full_sets(seat) + 1 >= view.rules.sets_to_win)


def best_payment(view: SeatView, amount: int, cards: Sequence[int],
                 payee: int = NONE) -> tuple[tuple[int, ...], float]:
    """The payment of at least ``amount`` from ``cards`` that costs the payer least
    (docs/deal-rules.md § Paying: the payer chooses, no change is given): money before properties,
    properties of far-from-full sets before near-full ones, little overpayment, and a
    property the payee needs to fill a set costs more. A small knapsack over the amount;
    a house goes with its hotel. Returns the cards and their cost."""
    deck = view.deck
    seat = view.seat
    items: list[tuple[tuple[int, ...], int, float]] = []
    for c in cards:
        v = deck.value[c]
        if v <= 0:
            continue
        colour = view.pile_colour(c)
        kind = deck.kind[c]
        if kind in (PROPERTY, WILD):
            cost = loss_of_card(view, seat, c) + v
            if payee != NONE and colour != NONE:
                cost += 0.5 * gain_of_card(view, payee, colour)
            items.append(((c,), v, cost))
        elif colour != NONE:  # a building standing on a set
            # a house goes only after its hotel: while the hotel stands, only the hotel is
            # offered (a house with a hotel is kept out of the knapsack, never paid alone)
            if deck.action[c] == HOUSE and view.hotel[seat][colour] != NONE:
                continue
            items.append(((c,), v, v + 2.0))
        else:
            items.append(((c,), v, float(v)))
    total = sum(v for _, v, _ in items)
    if total <= amount:
        # short (or just enough without the houses kept out): everything on the table
        every = tuple(c for c in cards if deck.value[c] > 0)
        return every, sum(cost for _, _, cost in items)
    # dp[x]: the cheapest cost of a choice worth at least x (x capped at the amount)
    inf = float("inf")
    dp: list[float] = [0.0] + [inf] * amount
    choice: list[tuple[int, ...]] = [()] * (amount + 1)
    for idx, (_, v, cost) in enumerate(items):
        for x in range(amount, -1, -1):
            base = dp[x]
            if base == inf:
                continue
            y = min(amount, x + v)
            if base + cost < dp[y] - 1e-9:
                dp[y] = base + cost
                choice[y] = (*choice[x], idx)
    out: list[int] = []
    for idx in choice[amount]:
        for c in items[idx][0]:
            if c not in out:
                out.append(c)
    return tuple(out), dp[amount]


def owner_of(view: SeatView, card: int) -> int:
    colour = view.pile_colour(card)
    if colour == NONE:
        return NONE
    for s in range(view.n):
        if card in view.piles[s][colour]:
            return s
    return NONE
