"""Paying in the Deal (docs/deal-rules.md § Paying): from the table only (bank, properties,
buildings), the payer's choice, no change given; short of the debt, everything. A
property paid keeps its colour on the payee's table, a building received stands on the
payee's best full set that can hold it (option ``received_buildings``) or goes to the
bank, and a set that stops being full loses its buildings.

Example::

    >>> from monopoly.deal.testing import arrange
    >>> g = arrange(banks={1: ["money_2", "money_3"]})
    >>> check_payment(g, 1, (g.banks[1][0],), 5)
    '2M does not cover 5M: pay more, or everything when short'
"""

from __future__ import annotations

from monopoly.core.ids import CardId, Money, PlayerId
from monopoly.core.text import Text
from monopoly.deal import events as E
from monopoly.deal.deck import HOUSE
from monopoly.deal.position import NONE, P_BANK, P_HOUSE, P_PILE, Position

__all__ = ["check_payment", "fix_buildings", "pay", "pay_in_order", "receive_building"]


def pay(pos: Position, payer: PlayerId, payee: PlayerId, cards: tuple[CardId, ...],
        amount: Money) -> None:
    """``payer`` hands ``cards`` to ``payee`` for a debt of ``amount``."""
    deck = pos.deck
    buildings: list[int] = []
    total = 0
    for c in cards:
        total += deck.value[c]
        pl = pos.place[c]
        colour = pos.pile_colour[c]
        pos.lift(c)
        if pl == P_PILE:
            pos.to_pile(payee, c, colour)  # a wildcard keeps its colour
        elif pl == P_BANK:
            pos.to_bank(payee, c)
        else:
            buildings.append(c)
    # houses before hotels, after the properties they may stand on
    buildings.sort(key=lambda b: deck.action[b] != HOUSE)
    for b in buildings:
        receive_building(pos, payee, b)
    if pos.events is not None:
        pos.events.append(E.Paid(payer, payee, cards, total, amount))
    fix_buildings(pos, payer)


def fix_buildings(pos: Position, seat: PlayerId) -> None:
    """docs/deal-rules.md § Paying (silent): a set that stops being full loses its buildings, to
    the owner's bank (option ``buildings_on_broken_set``: or the discard pile)."""
    house, hotel = pos.house[seat], pos.hotel[seat]
    to_bank = pos.rules.buildings_on_broken_set == "to_bank"
    for colour in range(pos.deck.n_colours):
        if (house[colour] == NONE and hotel[colour] == NONE) or pos.is_full(seat, colour):
            continue
        for b in (hotel[colour], house[colour]):
            if b == NONE:
                continue
            pos.lift(b)
            if to_bank:
                pos.to_bank(seat, b)
            else:
                pos.to_discard(b)
            if pos.events is not None:
                pos.events.append(E.BuildingRemoved(seat, b, colour, to_bank))


def receive_building(pos: Position, seat: PlayerId, b: CardId) -> None:
    """A house or hotel received: on the receiver's best full set that can hold it
    (option ``received_buildings = "place"``), else into the bank (docs/deal-rules.md § Paying)."""
    if pos.rules.received_buildings == "place":
        code = pos.deck.action[b]
        best, best_rent = NONE, -1
        for colour in range(pos.deck.n_colours):
            if pos.can_build(seat, code, colour):
                rent = pos.rent_of(seat, colour)
                if rent > best_rent:
                    best, best_rent = colour, rent
        if best != NONE:
            pos.to_building(seat, b, best)
            if pos.events is not None:
                pos.events.append(E.BuildingPlaced(seat, b, best))
            return
    pos.to_bank(seat, b)


def check_payment(pos: Position, seat: PlayerId, cards: tuple[CardId, ...],
                  amount: Money) -> str | None:
    """Why paying ``amount`` with ``cards`` is not legal for ``seat``, or None: from the
    table only, no card twice, no value-less card, a house only with its hotel; at least
    the amount, or everything the seat can pay with when short."""
    if len(set(cards)) != len(cards):
        return Text("a card is listed twice")
    deck = pos.deck
    place, owner = pos.place, pos.owner
    total = 0
    for c in cards:
        if not isinstance(c, int) or not 0 <= c < deck.size:
            return Text("no card {card}", card=repr(c))
        pl = place[c]
        if owner[c] != seat or pl < P_BANK:
            return Text("card {card} is not on seat {seat}'s table (a hand never pays)",
                        card=c, seat=seat)
        if deck.value[c] <= 0:
            return Text("card {card} has no value and cannot pay", card=c)
        if pl == P_HOUSE:
            hotel = pos.hotel[seat][pos.pile_colour[c]]
            if hotel != NONE and hotel not in cards:
                return Text("the house cannot go while its hotel stands: pay the hotel too")
        total += deck.value[c]
    if total >= amount:
        return None
    if len(cards) != len(pos.payable(seat)):
        return Text("{total}M does not cover {amount}M: pay more, or everything when short",
                    total=total, amount=amount)
    return None


def pay_in_order(pos: Position, seat: PlayerId, amount: Money, order: list[CardId]
                 ) -> tuple[CardId, ...]:
    """Cards taken in ``order`` until ``amount`` is covered; a house brings its hotel."""
    value = pos.deck.value
    chosen: list[int] = []
    total = 0
    for c in order:
        if total >= amount:
            break
        if c in chosen:
            continue
        if pos.place[c] == P_HOUSE:
            hotel = pos.hotel[seat][pos.pile_colour[c]]
            if hotel != NONE and hotel not in chosen:
                chosen.append(hotel)
                total += value[hotel]
        chosen.append(c)
        total += value[c]
    return tuple(chosen)
