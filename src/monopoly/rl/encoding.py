"""The flat numeric observations of both games, built only from one seat's view.

Every number comes from ``game.view(seat)`` (what that seat may see: never another
seat's hand, a sealed bid or the order of a deck), so two positions that differ only in
what the seat cannot see give the same observation. ``encode(view, ...)`` builds the
vector from a view; ``observe(game, seat, ...)``, the environments' path, writes the same
vector straight from the game's state, reading only what the view shows
(:mod:`monopoly.rl.observation`, compiled). Seats are written relative to the
observer: slot 0 is the observer, slot 1 the next seat in seat order, and so on; the
slots of absent seats are zeros. ``docs/rl.md`` has the table of every slot
(:func:`board_layout`, :func:`deal_layout` write it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from monopoly.board.actions import Bundle
from monopoly.deal.position import REQUEST_KEYS
from monopoly.rl.observation import BoardSlots, DealSlots, write_board, write_deal

__all__ = [
    "BOARD_KINDS",
    "DEAL_KINDS",
    "BoardEncoder",
    "DealEncoder",
]

#: The board game's decision kinds (docs/architecture.md), in the slots' order.
BOARD_KINDS: Final = (
    "trade_answer", "tax_choice", "card_choice", "raise_funds", "mortgaged_deed",
    "place_house", "place_hotel", "bid", "sealed_bid", "roll", "buy", "end_turn", "over",
)
#: The Deal's decision kinds.
DEAL_KINDS: Final = ("respond", "pay", "answer_no", "discard", "play", "over")
#: The Deal's kinds of action card being answered (``request.kind``).
DEAL_REQUESTS: Final = (
    "rent", "birthday", "debt_collector", "sly_deal", "forced_deal", "deal_breaker",
)
BOARD_SEATS: Final = 8
DEAL_SEATS: Final = 5
SQUARES: Final = 40
MONEY: Final = 1500.0  # the board's money is written in units of the starting cash
DEAL_MONEY: Final = 10.0  # the Deal's in units of 10M


def _one_hot(out: np.ndarray, at: int, index: int, size: int) -> None:
    if 0 <= index < size:
        out[at + index] = 1.0


class _Layout:
    """Named blocks of a flat vector: ``(name, size, meaning)``."""

    def __init__(self) -> None:
        self.blocks: list[tuple[str, int, int, str]] = []
        self.size = 0

    def add(self, name: str, size: int, meaning: str) -> int:
        start = self.size
        self.blocks.append((name, start, size, meaning))
        self.size += size
        return start

    def starts(self) -> dict[str, int]:
        """The first slot of every block, by name."""
        return {name: start for name, start, _, _ in self.blocks}

    def rows(self) -> list[tuple[str, str, str]]:
        """(slots, name, meaning) per block, for the docs' table."""
        return [
            (f"{s}" if n == 1 else f"{s}-{s + n - 1}", name, meaning)
            for name, s, n, meaning in self.blocks
        ]


class BoardEncoder:
    """The board game's observation: a float32 vector of :attr:`size` slots."""

    def __init__(self) -> None:
        lay = _Layout()
        S = BOARD_SEATS
        self.kind = lay.add("decision", len(BOARD_KINDS), "the decision waiting, one-hot: "
                            + ", ".join(BOARD_KINDS))
        self.mine = lay.add("deciding", 1, "1 when the observer is the seat that must act")
        self.turn = lay.add("turn", 1, "the turn number / 1000")
        self.dice = lay.add("dice", 2, "the last throw's two dice / 6")
        self.present = lay.add("seat.present", S, "per seat slot: 1 when the seat plays")
        self.cash = lay.add("seat.cash", S, "per seat: cash / 1500")
        self.worth = lay.add("seat.net_worth", S, "per seat: net worth (§11) / 1500")
        self.where = lay.add("seat.position", S, "per seat: square / 39")
        self.jail = lay.add("seat.in_jail", S, "per seat: 1 in jail")
        self.jail_turns = lay.add("seat.jail_turns", S, "per seat: turns in jail / 3")
        self.cards = lay.add("seat.jail_cards", S, "per seat: Get Out of Jail Free cards held")
        self.bankrupt = lay.add("seat.bankrupt", S, "per seat: 1 when bankrupt")
        self.turn_seat = lay.add("seat.turn", S, "per seat: 1 for the seat whose turn it is")
        self.owner = lay.add("square.owner", SQUARES * (S + 1),
                             "per square (40 x 9, square-major): owner one-hot, slot 0 the "
                             "bank or nobody, then the seat slots")
        self.level = lay.add("square.level", SQUARES, "per square: houses / 5 (a hotel is 1)")
        self.mortgaged = lay.add("square.mortgaged", SQUARES, "per square: 1 when mortgaged")
        self.bank = lay.add("bank", 2, "houses left / 32, hotels left / 12")
        self.lot = lay.add("auction.square", SQUARES, "the square of the auction running, one-hot")
        self.bid = lay.add("auction.bid", 2, "the auction's highest bid / 1500; 1 when the "
                           "observer holds it")
        self.buy = lay.add("buy.square", SQUARES, "the square offered to buy, one-hot")
        self.debt = lay.add("debt", 1, "what the observer owes now / 1500")
        self.offer = lay.add("offer", 4, "a trade offer waiting: 1; cash given / 1500, cash "
                             "asked / 1500; 1 when the observer is its target")
        self.offer_squares = lay.add("offer.squares", SQUARES,
                                     "per square: 1 given by the proposer, -1 asked of the target")
        self.pot = lay.add("pot", 1, "the Free Parking pot / 1500 (house rule)")
        self.layout = lay
        self.size = lay.size
        self._slots = BoardSlots(lay.starts())
        self._kinds = {k: i for i, k in enumerate(BOARD_KINDS)}

    def observe(self, game: Any, seat: int, kind: str, deciding: bool,
                n_seats: int) -> np.ndarray:
        """The same vector as ``encode(game.view(seat), ...)``, from the game's state."""
        out = np.zeros(self.size, dtype=np.float32)
        write_board(self._slots, game, seat, self._kinds.get(kind, -1), deciding, n_seats,
                    out.data)
        return out

    def encode(self, view: Any, kind: str, deciding: bool, n_seats: int) -> np.ndarray:
        """The observation of `view` (``game.view(seat)``, a BoardView)."""
        out = np.zeros(self.size, dtype=np.float32)
        me = int(view.seat)
        _one_hot(out, self.kind, BOARD_KINDS.index(kind) if kind in BOARD_KINDS else -1,
                 len(BOARD_KINDS))
        out[self.mine] = 1.0 if deciding else 0.0
        out[self.turn] = view.turn / 1000.0
        dice = view.dice or ()
        for k, d in enumerate(dice[:2]):
            out[self.dice + k] = d / 6.0

        def slot(seat: int) -> int:
            return (seat - me) % n_seats

        for p in view.players:
            i = slot(p.seat)
            out[self.present + i] = 1.0
            out[self.cash + i] = p.cash / MONEY
            out[self.worth + i] = p.net_worth / MONEY
            out[self.where + i] = p.position / 39.0
            out[self.jail + i] = 1.0 if p.in_jail else 0.0
            out[self.jail_turns + i] = p.jail_turns / 3.0
            out[self.cards + i] = len(p.jail_cards)
            out[self.bankrupt + i] = 1.0 if p.bankrupt else 0.0
        out[self.turn_seat + slot(view.turn_player)] = 1.0
        width = BOARD_SEATS + 1
        for sq, owner in enumerate(view.owner):
            out[self.owner + sq * width + (0 if owner < 0 else 1 + slot(owner))] = 1.0
        for sq, level in enumerate(view.level):
            out[self.level + sq] = level / 5.0
        for sq, m in enumerate(view.mortgaged):
            out[self.mortgaged + sq] = 1.0 if m else 0.0
        out[self.bank] = view.houses_left / 32.0
        out[self.bank + 1] = view.hotels_left / 12.0
        au = view.auction
        if au is not None:
            _one_hot(out, self.lot, int(au.square), SQUARES)
            out[self.bid] = (au.high_bid or 0) / MONEY
            out[self.bid + 1] = 1.0 if au.high_bidder == me else 0.0
        if view.buy_square is not None:
            _one_hot(out, self.buy, int(view.buy_square), SQUARES)
        out[self.debt] = sum(d.amount for d in view.debts if d.debtor == me) / MONEY
        offer = view.offer
        if offer is not None:
            give, take = Bundle.parse(offer.give), Bundle.parse(offer.take)
            out[self.offer] = 1.0
            out[self.offer + 1] = give.cash / MONEY
            out[self.offer + 2] = take.cash / MONEY
            out[self.offer + 3] = 1.0 if offer.target == me else 0.0
            for sq in give.squares:
                out[self.offer_squares + sq] = 1.0
            for sq in take.squares:
                out[self.offer_squares + sq] = -1.0
        out[self.pot] = (view.pot or 0) / MONEY
        return out


class DealEncoder:
    """The Deal's observation for one deck: a float32 vector of :attr:`size` slots."""

    def __init__(self, type_of: Sequence[int], value: Sequence[int], n_colours: int) -> None:
        self.type_of = list(type_of)
        self.value = list(value)
        n_types = max(self.type_of) + 1
        self.n_types = n_types
        self.n_colours = n_colours
        lay = _Layout()
        S, C = DEAL_SEATS, n_colours
        self.kind = lay.add("decision", len(DEAL_KINDS), "the decision waiting, one-hot: "
                            + ", ".join(DEAL_KINDS))
        self.mine = lay.add("deciding", 1, "1 when the observer is the seat that must act")
        self.turn = lay.add("turn", 1, "the turn number / 100")
        self.plays = lay.add("plays_left", 1, "plays left this turn / 3")
        self.draw = lay.add("draw_size", 1, "cards in the draw pile / 106")
        self.hand = lay.add("hand", n_types, "the observer's hand: cards of each card type "
                            "(the deck file's order)")
        self.present = lay.add("seat.present", S, "per seat slot: 1 when the seat plays")
        self.hand_size = lay.add("seat.hand_size", S, "per seat: cards in the hand / 10")
        self.bank = lay.add("seat.bank", S, "per seat: the bank's value / 10M")
        self.sets = lay.add("seat.full_sets", S, "per seat: complete sets / 3")
        self.worth = lay.add("seat.worth", S, "per seat: value on the table / 10M")
        self.turn_seat = lay.add("seat.turn", S, "per seat: 1 for the seat whose turn it is")
        self.cards = lay.add("table.cards", S * C, "per seat and colour (seat-major): "
                             "property cards in the pile")
        self.full = lay.add("table.full", S * C, "per seat and colour: 1 when complete")
        self.built = lay.add("table.buildings", S * C, "per seat and colour: a house 1, "
                             "a house and a hotel 2")
        self.rent = lay.add("table.rent", S * C, "per seat and colour: the pile's rent / 10M")
        self.request = lay.add("request", len(DEAL_REQUESTS), "the action card being "
                               "answered, one-hot: " + ", ".join(DEAL_REQUESTS))
        self.req_info = lay.add("request.info", 4, "its amount / 10M; the attacker's slot / 4; "
                                "1 when the observer answers it; Just Say No cards played")
        self.discard_top = lay.add("discard.top", n_types, "the top card of the discard "
                                   "pile, one-hot by type")
        self.layout = lay
        self.size = lay.size
        requests = [DEAL_REQUESTS.index(k) if k in DEAL_REQUESTS else -1 for k in REQUEST_KEYS]
        self._slots = DealSlots(lay.starts(), self.type_of, self.value, n_colours, n_types,
                                requests)
        self._kinds = {k: i for i, k in enumerate(DEAL_KINDS)}

    def observe(self, game: Any, seat: int, kind: str, deciding: bool,
                n_seats: int) -> np.ndarray:
        """The same vector as ``encode(game.view(seat), ...)``, from the game's state."""
        out = np.zeros(self.size, dtype=np.float32)
        write_deal(self._slots, game, seat, self._kinds.get(kind, -1), deciding, n_seats,
                   out.data)
        return out

    def encode(self, view: Any, kind: str, deciding: bool, n_seats: int) -> np.ndarray:
        """The observation of `view` (``game.view(seat)``, a DealView)."""
        out = np.zeros(self.size, dtype=np.float32)
        me = int(view.seat)
        C = self.n_colours
        _one_hot(out, self.kind, DEAL_KINDS.index(kind) if kind in DEAL_KINDS else -1,
                 len(DEAL_KINDS))
        out[self.mine] = 1.0 if deciding else 0.0
        out[self.turn] = view.turn / 100.0
        out[self.plays] = view.plays_left / 3.0
        out[self.draw] = view.draw_size / 106.0
        for c in view.hand or ():
            out[self.hand + self.type_of[c]] += 1.0

        def slot(seat: int) -> int:
            return (seat - me) % n_seats

        for t in view.tables:
            i = slot(t.seat)
            out[self.present + i] = 1.0
            out[self.hand_size + i] = t.hand_size / 10.0
            out[self.bank + i] = sum(self.value[c] for c in t.bank) / DEAL_MONEY
            out[self.sets + i] = t.full_sets / 3.0
            out[self.worth + i] = t.worth / DEAL_MONEY
            for pile in t.piles:
                k = i * C + int(pile.colour)
                out[self.cards + k] = len(pile.cards)
                out[self.full + k] = 1.0 if pile.full else 0.0
                out[self.built + k] = (pile.house >= 0) + (pile.hotel >= 0)
                out[self.rent + k] = pile.rent / DEAL_MONEY
        out[self.turn_seat + slot(view.turn_seat)] = 1.0
        req = view.request
        if req is not None:
            _one_hot(out, self.request, DEAL_REQUESTS.index(req.kind)
                     if req.kind in DEAL_REQUESTS else -1, len(DEAL_REQUESTS))
            out[self.req_info] = req.amount / DEAL_MONEY
            out[self.req_info + 1] = slot(req.attacker) / 4.0
            targets = req.targets or ()
            out[self.req_info + 2] = 1.0 if targets and targets[0] == me else 0.0
            out[self.req_info + 3] = req.nos
        discard = view.discard or ()
        if discard:
            out[self.discard_top + self.type_of[discard[-1]]] = 1.0
        return out
