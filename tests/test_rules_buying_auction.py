"""docs/rules.md §3 (buying and auctions), one test per rule, money checked exactly."""

from __future__ import annotations

import random

import pytest

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.errors import IllegalActionError
from monopoly.board.game import BANK, Game
from monopoly.board.record import snapshot_text
from monopoly.board.testing import bid_range as _bid_range
from monopoly.board.testing import new_game, rig_dice


def _on_connecticut(players: int = 4, **rules: object) -> Game:
    """Seat 0 has rolled 4 + 5 and stands on Connecticut Avenue (9, price 120), unowned."""
    g = new_game(players, **rules)
    rig_dice(g, (4, 5))
    g.apply(0, "roll")
    g.rng = random.Random(99)  # the rigged throw is spent; snapshots need a real generator
    assert g.phase_name == "buy" and g.buy_square == 9
    return g




def test_buy_unowned_property_at_printed_price() -> None:
    """docs/rules.md §3: landing on an unowned property, the player may buy it at the printed
    price."""
    g = _on_connecticut()
    assert g.legal_actions(0)[:2] == [A.BUY, A.DECLINE]
    events = g.apply(0, "buy")
    assert g.owner[9] == 0
    assert g.players[0].cash == 1500 - 120
    assert E.Bought(0, 9, 120) in events
    assert E.Paid(0, BANK, 120, "purchase") in events
    assert g.auction is None
    assert g.phase_name == "post_roll"


@pytest.mark.parametrize(
    "start,dice,square,price", [(0, (2, 3), 5, 200), (5, (3, 4), 12, 150), (21, (3, 4), 28, 150)]
)
def test_buy_railroad_and_utility(
    start: int, dice: tuple[int, int], square: int, price: int
) -> None:
    """docs/rules.md §3: railroads and utilities are bought like streets, at the printed price."""
    g = new_game(2)
    g.players[0].position = start
    rig_dice(g, dice)
    g.apply(0, "roll")
    assert g.buy_square == square
    g.apply(0, "buy")
    assert g.owner[square] == 0
    assert g.players[0].cash == 1500 - price


def test_declined_property_is_auctioned_to_every_player_including_the_decliner() -> None:
    """docs/rules.md §3: if the player declines, the bank auctions it at once to all players."""
    g = _on_connecticut(4)
    events = g.apply(0, "decline")
    assert g.auction is not None
    assert g.auction.square == 9
    assert sorted(g.auction.bidders) == [0, 1, 2, 3]
    started = [e for e in events if isinstance(e, E.AuctionStarted)]
    assert len(started) == 1
    assert started[0].lot == "property" and started[0].square == 9
    assert sorted(started[0].bidders) == [0, 1, 2, 3]
    assert g.owner[9] == BANK


def test_decliner_may_win_the_auction_below_printed_price() -> None:
    """docs/rules.md §3: the decliner bids too, and bidding may start below the printed price."""
    g = _on_connecticut(3)
    g.apply(0, "decline")
    for _ in range(3):
        seat = g.pending
        if seat == 0:
            g.apply(0, "bid 10")
        else:
            g.apply(seat, "pass")
        if g.auction is None:
            break
    assert g.owner[9] == 0
    assert g.players[0].cash == 1490
    assert g.players[1].cash == g.players[2].cash == 1500


def test_cannot_pay_means_auction() -> None:
    """docs/rules.md §3: a player who cannot pay may only decline; the property is then
    auctioned."""
    g = new_game(3)
    g.players[0].cash = 100
    rig_dice(g, (4, 5))
    g.apply(0, "roll")
    g.rng = random.Random(1)
    assert A.BUY not in g.legal_actions(0)
    assert A.DECLINE in g.legal_actions(0)
    before = snapshot_text(g)
    with pytest.raises(IllegalActionError):
        g.apply(0, "buy")
    assert snapshot_text(g) == before
    g.apply(0, "decline")
    assert g.auction is not None
    assert sorted(g.auction.bidders) == [0, 1, 2]


def test_nobody_bids_the_bank_keeps_the_property() -> None:
    """docs/rules.md §3: no bid at the auction: the bank keeps the property."""
    g = _on_connecticut(4)
    g.apply(0, "decline")
    events: list[E.Event] = []
    while g.auction is not None:
        events += g.apply(g.pending, "pass")
    assert g.owner[9] == BANK
    assert [p.cash for p in g.players] == [1500] * 4
    assert E.AuctionUnsold(9) in events
    assert g.pending == 0
    assert g.phase_name == "post_roll"
    assert g.is_legal(0, A.END_TURN)


def test_bid_must_exceed_the_high_bid() -> None:
    """docs/rules.md §3: open auction: each bid must raise the high bid (minimum raise 1)."""
    g = _on_connecticut(3)
    g.apply(0, "decline")
    first = g.pending
    assert _bid_range(g, first) == A.BidRange(1, 1500)
    g.apply(first, "bid 50")
    second = g.pending
    assert second != first
    assert _bid_range(g, second) == A.BidRange(51, 1500)
    for bad in (A.Bid(50), A.Bid(20)):
        before = snapshot_text(g)
        assert not g.is_legal(second, bad)
        with pytest.raises(IllegalActionError):
            g.apply(second, bad)
        assert snapshot_text(g) == before
    assert g.is_legal(second, A.Bid(51))


def test_bid_may_not_exceed_cash() -> None:
    """docs/rules.md §3: a bid may not exceed the bidder's cash."""
    g = _on_connecticut(3)
    g.apply(0, "decline")
    seat = g.pending
    g.players[seat].cash = 100
    assert _bid_range(g, seat) == A.BidRange(1, 100)
    before = snapshot_text(g)
    assert not g.is_legal(seat, A.Bid(101))
    with pytest.raises(IllegalActionError):
        g.apply(seat, "bid 101")
    assert snapshot_text(g) == before
    g.apply(seat, "bid 100")
    assert g.auction is not None and g.auction.high_bid == 100


def test_passing_leaves_the_auction() -> None:
    """docs/rules.md §3: a player who passes leaves the auction and may not bid again."""
    g = _on_connecticut(3)
    g.apply(0, "decline")
    quitter = g.pending
    g.apply(quitter, "pass")
    assert g.auction is not None
    assert quitter not in g.auction.bidders
    # the remaining two bid back and forth; the quitter is never asked again
    for amount in (10, 20, 30, 40):
        assert g.pending != quitter
        assert not g.is_legal(quitter, A.Bid(amount + 100))
        g.apply(g.pending, A.Bid(amount))
    assert g.auction is not None


def test_last_bidder_standing_wins_and_pays_own_bid() -> None:
    """docs/rules.md §3: the auction ends when no one raises; the high bidder pays and gets it."""
    g = _on_connecticut(4)
    g.apply(0, "decline")
    order = list(g.auction.bidders)  # type: ignore[union-attr]
    a, b, c, d = order
    g.apply(a, "bid 30")
    g.apply(b, "bid 80")
    g.apply(c, "pass")
    g.apply(d, "bid 150")
    g.apply(a, "pass")
    assert g.pending == b
    events = g.apply(b, "pass")
    assert g.auction is None
    assert g.owner[9] == d
    assert g.players[d].cash == 1500 - 150
    for s in (a, b, c):
        assert g.players[s].cash == 1500
    assert E.AuctionWon(d, "property", 9, 150) in events
    assert E.Paid(d, BANK, 150, "auction") in events


def test_auction_none_option_leaves_declined_property_with_bank() -> None:
    """docs/rules.md §3: option auction=none: a declined property simply stays with the bank."""
    g = _on_connecticut(3, auction="none")
    events = g.apply(0, "decline")
    assert g.auction is None
    assert not any(isinstance(e, E.AuctionStarted) for e in events)
    assert g.owner[9] == BANK
    assert g.phase_name == "post_roll"
    assert [p.cash for p in g.players] == [1500] * 3


def test_auction_after_doubles_then_the_roller_rolls_again() -> None:
    """docs/rules.md §3 with §2: the auction runs at once; then the doubles roller rolls again."""
    g = new_game(3)
    rig_dice(g, (3, 3))
    g.apply(0, "roll")
    assert g.buy_square == 6
    g.apply(0, "decline")
    g.apply(g.pending, "bid 99")
    while g.auction is not None:
        g.apply(g.pending, "pass")
    winner = g.owner[6]
    assert winner != BANK
    assert g.players[winner].cash == 1500 - 99
    assert g.pending == 0
    assert g.phase_name == "pre_roll"
    assert g.is_legal(0, A.ROLL)
