"""docs/rules.md §3 Auctions: a declined property goes to auction at once, open and
ascending by default, or sealed (the tournament); §8: the housing shortage auction,
where the bank sells a house or hotel that several players want.

Open: bidders speak in turn, each bid higher than the last (cash in hand is the limit);
passing leaves the auction; the last bidder standing wins. Sealed: every bidder hands in
one hidden bid (up to what it could raise); the highest wins; a tie for the top repeats
the auction once among all who bid, a second tie goes to the tied players' dice; a
winner who cannot pay in cash loses the lot to the next bidder who can.
"""

from __future__ import annotations

from collections.abc import Iterator

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.decision import W_AUCTION, not_pending, sealed_open, waiting
from monopoly.board.position import BANK, LOT_PROPERTY, NOBODY, Auction, Position
from monopoly.board.rules import buildings, debts
from monopoly.core.ids import PlayerId, SquareIndex
from monopoly.core.text import Text


def start_auction(g: Position, lot: str, sq: SquareIndex, bidders: list[PlayerId]) -> None:
    """The bank auctions `lot` (a property, a house or a hotel for street `sq`)."""
    au = Auction(lot, sq, bidders)
    if g.rules.auction == "sealed":
        au.sealed = {}
        if lot != LOT_PROPERTY:
            au.min_bid = g.t.house_cost[sq]  # the bank sells a building at its cost
    g.auction = au
    g.emit(E.AuctionStarted(lot, sq, tuple(bidders)))
    g.touch()


def start_next_bank_auction(g: Position) -> None:
    """The bank auctions the next deed it took from a bankrupt (§9), if still unsold."""
    while g.auction_queue:
        sq = g.auction_queue.popleft()
        if g.owner[sq] != BANK:
            continue
        bidders = g.after(g.turn_player, g.active_seats())
        if g.players[g.turn_player].bankrupt:
            bidders = g.active_seats()
        if g.first_lap_rule:
            bidders = [s for s in bidders if g.players[s].lapped]
        if not bidders:
            continue
        start_auction(g, LOT_PROPERTY, sq, bidders)
        return


def check_auction(g: Position, seat: PlayerId) -> str | None:
    """Why `seat` may not bid or pass now (None: it may)."""
    au = g.auction
    if sealed_open(g):
        assert au is not None and au.sealed is not None
        if seat not in au.bidders:
            return Text("seat {seat} is not bidding in this auction", seat=seat)
        if seat in au.sealed:
            return Text("seat {seat} has already handed in its sealed bid", seat=seat)
        return None
    why = not_pending(g, seat)
    if why:
        return why
    if waiting(g) != W_AUCTION:
        return Text("no auction is waiting for this seat")
    return None


def check_bid(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    assert isinstance(action, A.Bid)
    why = check_auction(g, seat)
    if why:
        return why
    au = g.auction
    assert au is not None
    if au.sealed is not None:
        if not isinstance(action.amount, int) or action.amount < au.min_bid:
            return Text("a bid must be at least {bid}", bid=au.min_bid)
        limit = debts.liquidation_value(g, seat)
        if action.amount > limit:
            return Text("a bid may not exceed what the seat could raise ({cash})", cash=limit)
        return None
    if not isinstance(action.amount, int) or action.amount <= au.high_bid:
        return Text("a bid must be more than {bid}", bid=au.high_bid)
    if action.amount > g.players[seat].cash:
        return Text("a bid may not exceed the cash in hand ({cash})", cash=g.players[seat].cash)
    return None


def check_pass(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    return check_auction(g, seat)


def bid_bounds(g: Position, seat: PlayerId) -> tuple[int, int]:
    """The least and the greatest bid `seat` may make in the running auction."""
    au = g.auction
    assert au is not None
    if au.sealed is not None:
        # §3 sealed: one hidden bid, which may exceed the cash in hand (a winner who
        # cannot pay loses the lot to the next bidder who can).
        return au.min_bid, debts.liquidation_value(g, seat)
    return au.high_bid + 1, g.players[seat].cash


def do_bid(g: Position, seat: PlayerId, action: A.Action) -> None:
    assert isinstance(action, A.Bid)
    au = g.auction
    assert au is not None
    if au.sealed is not None:
        au.sealed[seat] = action.amount
        g.emit(E.SealedBidSubmitted(seat))
        sealed_progress(g)
        return
    au.high_bid = action.amount
    au.high_bidder = seat
    g.emit(E.BidPlaced(seat, action.amount))
    au.turn = (au.turn + 1) % len(au.bidders)
    progress(g)


def do_pass(g: Position, seat: PlayerId, action: A.Action) -> None:
    au = g.auction
    assert au is not None
    if au.sealed is not None:
        au.sealed[seat] = 0
        g.emit(E.SealedBidSubmitted(seat))
        sealed_progress(g)
        return
    del au.bidders[au.turn]
    g.emit(E.BidPassed(seat))
    if au.bidders:
        au.turn %= len(au.bidders)
    progress(g)


def progress(g: Position) -> None:
    """An open auction after a bid or a pass: won, unsold, or the next bidder."""
    au = g.auction
    assert au is not None
    bidders = au.bidders
    if au.high_bidder != NOBODY and (len(bidders) == 1 and bidders[0] == au.high_bidder):
        award(g, au)
    elif not bidders:
        if au.high_bidder != NOBODY:
            award(g, au)
        else:
            g.auction = None
            g.emit(E.AuctionUnsold(au.square))
            g.touch()
    elif bidders[au.turn] == au.high_bidder and len(bidders) > 1:
        # everyone else had their say since the last bid: skip the high bidder
        au.turn = (au.turn + 1) % len(bidders)


def sealed_progress(g: Position) -> None:
    """§3 sealed (TOUR): when every bid is in, open them (see the module docstring)."""
    au = g.auction
    assert au is not None and au.sealed is not None
    sealed = au.sealed
    if any(s not in sealed for s in au.bidders):
        return
    bids = [(s, sealed[s]) for s in au.bidders]
    g.emit(E.SealedBidsRevealed(tuple(bids), au.round))
    top = max((b for _, b in bids), default=0)
    tied = [s for s, b in bids if b == top]
    if top > 0 and len(tied) > 1:
        g.emit(E.SealedTie(tuple(tied), top, au.round))
        if au.round == 1:
            au.round = 2
            au.sealed = {}
            # TOUR: "for all participating players": those who bid, not only the tied
            au.participants = [s for s, b in bids if b > 0]
            au.bidders = list(au.participants)
            g.touch()
            return
    for s, b in rank_bids(g, [(s, b) for s, b in bids if b > 0]):
        if g.players[s].cash >= b:
            au.high_bidder = s
            au.high_bid = b
            award(g, au)
            return
        g.emit(E.AuctionWinnerCannotPay(s, b))
    g.auction = None
    g.emit(E.AuctionUnsold(au.square))
    g.touch()


def rank_bids(g: Position, bids: list[tuple[PlayerId, int]]) -> Iterator[tuple[PlayerId, int]]:
    """Bids from the highest; equal bids ordered by the bidders' dice (re-thrown among
    those who throw the same total), thrown only when that rank is reached."""
    for amount in sorted({b for _, b in bids}, reverse=True):
        group = [s for s, b in bids if b == amount]
        for s in dice_order(g, group):
            yield s, amount


def dice_order(g: Position, seats: list[PlayerId]) -> list[PlayerId]:
    """`seats` by a throw of both dice each, highest first; equal throws throw again."""
    if len(seats) <= 1:
        return list(seats)
    random_ = g.random
    throws: dict[PlayerId, int] = {}
    for s in seats:
        d1 = int(random_() * 6) + 1
        d2 = int(random_() * 6) + 1
        throws[s] = d1 + d2
        g.emit(E.TieRoll(s, d1, d2))
    out: list[PlayerId] = []
    for total in sorted(set(throws.values()), reverse=True):
        out.extend(dice_order(g, [s for s in seats if throws[s] == total]))
    return out


def award(g: Position, au: Auction) -> None:
    """The winner pays its bid and takes the lot; a building won in a housing-shortage
    auction is placed (§8), or the bid refunded when it fits nowhere any more."""
    g.auction = None
    winner = au.high_bidder
    g.transfer(winner, BANK, au.high_bid, "auction")
    g.emit(E.AuctionWon(winner, au.lot, au.square, au.high_bid))
    if au.lot == LOT_PROPERTY:
        g.give_property(au.square, BANK, winner)
    else:
        spots = buildings.buildable(g, winner, au.lot, free=True)
        if au.square in spots and winner == g.auction_requester:
            buildings.place_building(g, winner, au.square, au.high_bid)
        elif spots:
            g.placement = (winner, au.lot)
            g.placement_paid = au.high_bid
        else:  # nowhere to put it any more: the bank refunds the bid
            g.transfer(BANK, winner, au.high_bid, "auction_refund")
    g.touch()
