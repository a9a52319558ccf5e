"""The observations of :mod:`monopoly.rl.encoding`, written straight from a game's state
(compiled with the rest of the hot path: this module imports no NumPy).

Each writer reads only what ``game.view(seat)`` shows that seat (the board: everything
but the order of the decks and the sealed bids; the Deal: the seat's own hand, every
table, the sizes of the hands and of the draw pile, the discard pile, the action being
answered), so it gives, slot for slot, the vector the encoders build from the view,
without building the view. The vector is a zeroed float32 buffer (a ``memoryview`` of
format ``"f"``); a writer sets only the slots that are not zero.
"""

from __future__ import annotations

from typing import Any, Final

from monopoly.board.position import Position as BoardPosition
from monopoly.board.rules.ending import net_worth
from monopoly.deal.position import Position as DealPosition

__all__ = ["BoardSlots", "DealSlots", "write_board", "write_deal"]

BOARD_SEATS: Final = 8
SQUARES: Final = 40
MONEY: Final = 1500.0
DEAL_MONEY: Final = 10.0


class BoardSlots:
    """Where each block of the board's vector starts (from the encoder's layout, by name)."""

    def __init__(self, starts: dict[str, int]) -> None:
        self.kind: int = starts["decision"]
        self.mine: int = starts["deciding"]
        self.turn: int = starts["turn"]
        self.dice: int = starts["dice"]
        self.present: int = starts["seat.present"]
        self.cash: int = starts["seat.cash"]
        self.worth: int = starts["seat.net_worth"]
        self.where: int = starts["seat.position"]
        self.jail: int = starts["seat.in_jail"]
        self.jail_turns: int = starts["seat.jail_turns"]
        self.cards: int = starts["seat.jail_cards"]
        self.bankrupt: int = starts["seat.bankrupt"]
        self.turn_seat: int = starts["seat.turn"]
        self.owner: int = starts["square.owner"]
        self.level: int = starts["square.level"]
        self.mortgaged: int = starts["square.mortgaged"]
        self.bank: int = starts["bank"]
        self.lot: int = starts["auction.square"]
        self.bid: int = starts["auction.bid"]
        self.buy: int = starts["buy.square"]
        self.debt: int = starts["debt"]
        self.offer: int = starts["offer"]
        self.offer_squares: int = starts["offer.squares"]
        self.pot: int = starts["pot"]


def write_board(s: BoardSlots, g: BoardPosition, me: int, kind: int, deciding: bool,
                n_seats: int, out: Any) -> None:
    """Write seat `me`'s observation of `g` into the zeroed buffer `out`; `kind` is the
    decision's index in the encoder's kinds (-1: none of them)."""
    if kind >= 0:
        out[s.kind + kind] = 1.0
    if deciding:
        out[s.mine] = 1.0
    if g.turn_number:
        out[s.turn] = g.turn_number / 1000.0
    d1, d2 = g.dice
    if d1:
        out[s.dice] = d1 / 6.0
    if d2:
        out[s.dice + 1] = d2 / 6.0
    for p in g.players:
        i = (p.seat - me) % n_seats
        out[s.present + i] = 1.0
        if p.cash:
            out[s.cash + i] = p.cash / MONEY
        worth = net_worth(g, p.seat)
        if worth:
            out[s.worth + i] = worth / MONEY
        if p.position:
            out[s.where + i] = p.position / 39.0
        if p.in_jail:
            out[s.jail + i] = 1.0
        if p.jail_turns:
            out[s.jail_turns + i] = p.jail_turns / 3.0
        if p.jail_cards:
            out[s.cards + i] = float(len(p.jail_cards))
        if p.bankrupt:
            out[s.bankrupt + i] = 1.0
    out[s.turn_seat + (g.turn_player - me) % n_seats] = 1.0
    width = BOARD_SEATS + 1
    owners = g.owner
    levels = g.level
    mortgaged = g.mortgaged
    for sq in range(len(owners)):
        owner = owners[sq]
        out[s.owner + sq * width + (0 if owner < 0 else 1 + (owner - me) % n_seats)] = 1.0
    for sq in range(len(levels)):
        if levels[sq]:
            out[s.level + sq] = levels[sq] / 5.0
    for sq in range(len(mortgaged)):
        if mortgaged[sq]:
            out[s.mortgaged + sq] = 1.0
    if g.houses_left:
        out[s.bank] = g.houses_left / 32.0
    if g.hotels_left:
        out[s.bank + 1] = g.hotels_left / 12.0
    au = g.auction
    if au is not None:
        if 0 <= au.square < SQUARES:
            out[s.lot + au.square] = 1.0
        if au.high_bid:
            out[s.bid] = au.high_bid / MONEY
        if au.high_bidder == me:
            out[s.bid + 1] = 1.0
    if 0 <= g.buy_square < SQUARES:
        out[s.buy + g.buy_square] = 1.0
    owed = 0
    for debt in g.debts:
        if debt.debtor == me:
            owed += debt.amount
    if owed:
        out[s.debt] = owed / MONEY
    offer = g.offer
    if offer is not None:
        give, take = offer.give, offer.take
        out[s.offer] = 1.0
        if give.cash:
            out[s.offer + 1] = give.cash / MONEY
        if take.cash:
            out[s.offer + 2] = take.cash / MONEY
        if offer.target == me:
            out[s.offer + 3] = 1.0
        for sq in give.squares:
            out[s.offer_squares + sq] = 1.0
        for sq in take.squares:
            out[s.offer_squares + sq] = -1.0
    if g.pot:
        out[s.pot] = g.pot / MONEY


class DealSlots:
    """Where each block of the Deal's vector starts, and the deck's tables it reads."""

    def __init__(self, starts: dict[str, int], type_of: list[int], value: list[int],
                 n_colours: int, n_types: int, request_index: list[int]) -> None:
        self.kind: int = starts["decision"]
        self.mine: int = starts["deciding"]
        self.turn: int = starts["turn"]
        self.plays: int = starts["plays_left"]
        self.draw: int = starts["draw_size"]
        self.hand: int = starts["hand"]
        self.present: int = starts["seat.present"]
        self.hand_size: int = starts["seat.hand_size"]
        self.bank: int = starts["seat.bank"]
        self.sets: int = starts["seat.full_sets"]
        self.worth: int = starts["seat.worth"]
        self.turn_seat: int = starts["seat.turn"]
        self.cards: int = starts["table.cards"]
        self.full: int = starts["table.full"]
        self.built: int = starts["table.buildings"]
        self.rent: int = starts["table.rent"]
        self.request: int = starts["request"]
        self.req_info: int = starts["request.info"]
        self.discard_top: int = starts["discard.top"]
        self.type_of = type_of
        self.value = value
        self.n_colours = n_colours
        self.n_types = n_types
        #: per request kind of the position, its slot in the request block (-1: none)
        self.request_index = request_index


def write_deal(s: DealSlots, g: DealPosition, me: int, kind: int, deciding: bool,
               n_seats: int, out: Any) -> None:
    """Write seat `me`'s observation of `g` into the zeroed buffer `out` (see
    :func:`write_board`)."""
    if kind >= 0:
        out[s.kind + kind] = 1.0
    if deciding:
        out[s.mine] = 1.0
    if g.turn_number:
        out[s.turn] = g.turn_number / 100.0
    if g.plays_left:
        out[s.plays] = g.plays_left / 3.0
    if g.draw:
        out[s.draw] = len(g.draw) / 106.0
    type_of = s.type_of
    value = s.value
    if 0 <= me < g.n:
        counts = [0] * s.n_types
        for c in g.hands[me]:
            counts[type_of[c]] += 1
        for t in range(s.n_types):
            if counts[t]:
                out[s.hand + t] = float(counts[t])
    cols = s.n_colours
    for seat in range(g.n):
        i = (seat - me) % n_seats
        out[s.present + i] = 1.0
        size = len(g.hands[seat])
        if size:
            out[s.hand_size + i] = size / 10.0
        bank = 0
        for c in g.banks[seat]:
            bank += value[c]
        if bank:
            out[s.bank + i] = bank / DEAL_MONEY
        sets = g.full_sets(seat)
        if sets:
            out[s.sets + i] = sets / 3.0
        worth = g.worth(seat)
        if worth:
            out[s.worth + i] = worth / DEAL_MONEY
        piles = g.piles[seat]
        house = g.house[seat]
        hotel = g.hotel[seat]
        for colour in range(len(piles)):
            pile = piles[colour]
            if not pile:
                continue
            k = i * cols + colour
            out[s.cards + k] = float(len(pile))
            if g.is_full(seat, colour):
                out[s.full + k] = 1.0
            built = (1 if house[colour] >= 0 else 0) + (1 if hotel[colour] >= 0 else 0)
            if built:
                out[s.built + k] = float(built)
            rent = g.rent_of(seat, colour)
            if rent:
                out[s.rent + k] = rent / DEAL_MONEY
    out[s.turn_seat + (g.turn_seat - me) % n_seats] = 1.0
    req = g.request
    if req is not None:
        at = s.request_index[req.kind]
        if at >= 0:
            out[s.request + at] = 1.0
        if req.amount:
            out[s.req_info] = req.amount / DEAL_MONEY
        attacker = (req.attacker - me) % n_seats
        if attacker:
            out[s.req_info + 1] = attacker / 4.0
        if req.targets and req.targets[0] == me:
            out[s.req_info + 2] = 1.0
        if req.nos:
            out[s.req_info + 3] = float(req.nos)
    if g.discard:
        out[s.discard_top + type_of[g.discard[-1]]] = 1.0
