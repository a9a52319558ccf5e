"""docs/rules.md §8 Buildings: where and how houses and hotels are built and sold."""

from __future__ import annotations

import pytest

from monopoly.board import events as E
from monopoly.board.actions import BUILD, MORTGAGE, PASS_BID, SELL, Bid, RaiseFunds
from monopoly.board.errors import IllegalActionError
from monopoly.board.testing import give, new_game, set_levels

PARK, BOARDWALK = 37, 39  # dark blue, house cost 200
MEDITERRANEAN, BALTIC = 1, 3  # brown, house cost 50
ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9  # light blue, house cost 50


def test_houses_only_on_a_complete_group() -> None:
    """docs/rules.md §8: houses may be built only on a complete colour group."""
    g = new_game(2)
    give(g, 0, PARK)
    give(g, 1, BOARDWALK)
    assert BUILD[PARK] not in g.legal_actions(0)
    assert not g.is_legal(0, BUILD[PARK])
    assert "complete" in (g.why_illegal(0, BUILD[PARK]) or "")
    with pytest.raises(IllegalActionError):
        g.apply(0, BUILD[PARK])
    assert g.level[PARK] == 0 and g.players[0].cash == 1500


def test_houses_not_on_a_group_with_a_mortgaged_street() -> None:
    """docs/rules.md §8: no houses on a group that has a mortgaged street."""
    g = new_game(2)
    give(g, 0, PARK, BOARDWALK)
    assert BUILD[PARK] in g.legal_actions(0)
    g.apply(0, MORTGAGE[BOARDWALK])
    assert BUILD[PARK] not in g.legal_actions(0)
    assert "mortgaged" in (g.why_illegal(0, BUILD[PARK]) or "")


def test_build_on_a_complete_group_costs_the_house_price() -> None:
    """docs/rules.md §8: a house on a complete unmortgaged group costs the printed house cost and
    comes out of the bank's stock."""
    g = new_game(2)
    give(g, 0, PARK, BOARDWALK)
    events = g.apply(0, BUILD[PARK])
    assert g.level[PARK] == 1
    assert g.players[0].cash == 1300
    assert g.houses_left == 31
    assert E.Paid(0, E.BANK, 200, "building") in events
    assert E.Built(0, PARK, 1, 200) in events


def test_even_building() -> None:
    """docs/rules.md §8: no street gets house n+1 until every street of its group has n."""
    g = new_game(2)
    give(g, 0, ORIENTAL, VERMONT, CONNECTICUT)
    g.apply(0, BUILD[ORIENTAL])
    assert not g.is_legal(0, BUILD[ORIENTAL])
    assert "evenly" in (g.why_illegal(0, BUILD[ORIENTAL]) or "")
    assert BUILD[ORIENTAL] not in g.legal_actions(0)
    g.apply(0, BUILD[VERMONT])
    assert not g.is_legal(0, BUILD[ORIENTAL])
    assert not g.is_legal(0, BUILD[VERMONT])
    g.apply(0, BUILD[CONNECTICUT])
    assert g.is_legal(0, BUILD[ORIENTAL])
    g.apply(0, BUILD[ORIENTAL])
    assert [g.level[s] for s in (ORIENTAL, VERMONT, CONNECTICUT)] == [2, 1, 1]
    assert g.players[0].cash == 1500 - 4 * 50


def test_even_selling() -> None:
    """docs/rules.md §8: selling back is even too: sell from the most built street first."""
    g = new_game(2)
    give(g, 0, PARK, BOARDWALK)
    set_levels(g, s37=2, s39=1)
    assert not g.is_legal(0, SELL[BOARDWALK])
    assert "evenly" in (g.why_illegal(0, SELL[BOARDWALK]) or "")
    assert SELL[BOARDWALK] not in g.legal_actions(0)
    assert not g.is_legal(0, RaiseFunds(((BOARDWALK, 0),)))
    g.apply(0, SELL[PARK])
    assert g.level[PARK] == 1
    assert g.is_legal(0, SELL[BOARDWALK])


def test_max_four_houses_then_hotel() -> None:
    """docs/rules.md §8: at most 4 houses; the fifth building is a hotel, bought for the house
    cost, which returns the 4 houses to the bank; one hotel per street."""
    g = new_game(2)
    give(g, 0, PARK, BOARDWALK)
    set_levels(g, s37=4, s39=4)
    assert g.houses_left == 24 and g.hotels_left == 12
    events = g.apply(0, BUILD[PARK])
    assert g.level[PARK] == 5
    assert E.Built(0, PARK, 5, 200) in events
    assert g.players[0].cash == 1300
    assert g.houses_left == 28
    assert g.hotels_left == 11
    g.apply(0, BUILD[BOARDWALK])
    assert g.level[BOARDWALK] == 5 and g.houses_left == 32 and g.hotels_left == 10
    assert not g.is_legal(0, BUILD[PARK])
    assert "hotel" in (g.why_illegal(0, BUILD[PARK]) or "")
    assert not any(a in g.legal_actions(0) for a in (BUILD[PARK], BUILD[BOARDWALK]))


def test_hotel_needs_four_houses_on_every_street() -> None:
    """docs/rules.md §8: a hotel needs 4 houses on every street of the group."""
    g = new_game(2)
    give(g, 0, ORIENTAL, VERMONT, CONNECTICUT)
    set_levels(g, s6=4, s8=4, s9=3)
    assert not g.is_legal(0, BUILD[ORIENTAL])
    assert not g.is_legal(0, BUILD[VERMONT])
    g.apply(0, BUILD[CONNECTICUT])
    assert g.level[CONNECTICUT] == 4
    g.apply(0, BUILD[ORIENTAL])
    assert g.level[ORIENTAL] == 5


def test_bank_holds_32_houses_and_12_hotels() -> None:
    """docs/rules.md §8: the bank starts with 32 houses and 12 hotels."""
    g = new_game(4)
    assert g.houses_left == 32
    assert g.hotels_left == 12


def test_no_house_when_the_bank_has_none() -> None:
    """docs/rules.md §8: when the bank has no houses left, nobody can build a house (wait)."""
    g = new_game(2)
    give(g, 0, PARK, BOARDWALK)
    g.houses_left = 1
    g.apply(0, BUILD[PARK])
    assert g.houses_left == 0
    assert not g.is_legal(0, BUILD[BOARDWALK])
    assert "no houses" in (g.why_illegal(0, BUILD[BOARDWALK]) or "")
    assert BUILD[BOARDWALK] not in g.legal_actions(0)


def test_no_hotel_when_the_bank_has_none() -> None:
    """docs/rules.md §8: when the bank has no hotels left, no hotel can be built."""
    g = new_game(2)
    give(g, 0, PARK, BOARDWALK)
    set_levels(g, s37=4, s39=4)
    g.hotels_left = 0
    assert not g.is_legal(0, BUILD[PARK])
    assert "no hotels" in (g.why_illegal(0, BUILD[PARK]) or "")


def test_no_houses_left_means_no_hotel_reachable() -> None:
    """docs/rules.md §8 (TOUR): no street jumps to a hotel; with no houses in the bank a street
    at 3 houses cannot get a fourth nor a hotel."""
    g = new_game(2)
    give(g, 0, PARK, BOARDWALK)
    set_levels(g, s37=3, s39=3)
    g.houses_left = 0
    assert not g.is_legal(0, BUILD[PARK])
    assert not g.is_legal(0, BUILD[BOARDWALK])


def test_enough_houses_for_every_builder_means_no_auction() -> None:
    """docs/rules.md §8: while the bank has as many houses as players able to build, a house is
    simply bought."""
    g = new_game(3)
    give(g, 0, PARK, BOARDWALK)
    give(g, 1, MEDITERRANEAN, BALTIC)
    g.houses_left = 2
    g.apply(0, BUILD[PARK])
    assert g.auction is None
    assert g.level[PARK] == 1 and g.houses_left == 1
    assert g.players[0].cash == 1300


def test_housing_shortage_auction_won_by_requester() -> None:
    """docs/rules.md §8: when the bank has fewer houses than players able to build, a build
    request opens an auction of the house among them, the requester opening at the house
    cost; the winner pays its bid and the house goes on the requested street."""
    g = new_game(3)
    give(g, 0, PARK, BOARDWALK)
    give(g, 1, MEDITERRANEAN, BALTIC)
    g.houses_left = 1
    events = g.apply(0, BUILD[PARK])
    au = g.auction
    assert au is not None
    assert au.lot == "house" and au.square == PARK
    assert sorted(au.bidders) == [0, 1]  # seat 2 cannot build
    assert au.high_bid == 200 and au.high_bidder == 0
    assert E.AuctionStarted("house", PARK, (0, 1)) in events
    assert g.level[PARK] == 0 and g.players[0].cash == 1500
    assert g.pending == 1
    g.apply(1, Bid(210))
    assert g.pending == 0
    g.apply(0, Bid(250))
    g.apply(1, PASS_BID)
    assert g.auction is None
    assert g.level[PARK] == 1
    assert g.houses_left == 0
    assert g.players[0].cash == 1250
    assert g.players[1].cash == 1500


def test_housing_shortage_auction_won_by_another_player() -> None:
    """docs/rules.md §8: a housing-shortage auction won by another player: it pays its bid and
    places the house on one of its own streets."""
    g = new_game(3)
    give(g, 0, PARK, BOARDWALK)
    give(g, 1, MEDITERRANEAN, BALTIC)
    g.houses_left = 1
    g.apply(0, BUILD[PARK])
    g.apply(1, Bid(210))
    g.apply(0, PASS_BID)
    assert g.auction is None
    assert g.players[1].cash == 1290
    assert g.players[0].cash == 1500
    assert g.placement == (1, "house")
    assert g.pending == 1
    legal = g.legal_actions(1)
    assert BUILD[MEDITERRANEAN] in legal and BUILD[BALTIC] in legal
    assert not g.is_legal(0, BUILD[PARK])
    events = g.apply(1, BUILD[BALTIC])
    assert g.placement is None
    assert g.level[BALTIC] == 1 and g.level[PARK] == 0
    assert g.houses_left == 0
    assert g.players[1].cash == 1290  # placing costs nothing more
    assert E.Built(1, BALTIC, 1, 210) in events


def test_requester_keeps_house_at_opening_bid_when_nobody_raises() -> None:
    """docs/rules.md §8: in a housing-shortage auction nobody outbids the requester's opening bid
    (the house cost): the requester gets it for that."""
    g = new_game(3)
    give(g, 0, PARK, BOARDWALK)
    give(g, 1, MEDITERRANEAN, BALTIC)
    g.houses_left = 1
    g.apply(0, BUILD[PARK])
    g.apply(1, PASS_BID)
    assert g.auction is None
    assert g.level[PARK] == 1
    assert g.players[0].cash == 1300


def test_hotel_that_cannot_be_broken_down_cannot_be_sold_singly() -> None:
    """docs/rules.md §8: a hotel is broken down into 4 houses only if the bank has 4 houses to
    hand back; without them 'sell' is illegal."""
    g = new_game(2)
    give(g, 0, PARK, BOARDWALK)
    set_levels(g, s37=5, s39=5)
    g.houses_left = 3
    assert not g.is_legal(0, SELL[PARK])
    assert "raise" in (g.why_illegal(0, SELL[PARK]) or "")
    assert SELL[PARK] not in g.legal_actions(0)
    assert not g.is_legal(0, RaiseFunds(((PARK, 4), (BOARDWALK, 4))))


def test_hotel_sold_off_whole_when_bank_lacks_houses() -> None:
    """docs/rules.md §8: a hotel sold off whole brings half the hotel price plus half the price
    of the 4 houses it replaced (200/2 + 4*200/2 = 500 on the dark blues), sold evenly."""
    g = new_game(2)
    give(g, 0, PARK, BOARDWALK)
    set_levels(g, s37=5, s39=5)
    g.houses_left = 3
    assert not g.is_legal(0, RaiseFunds(((PARK, 0),)))  # would leave the group uneven
    events = g.apply(0, "raise sell=37:0,39:0 mortgage=-")
    assert g.level[PARK] == 0 and g.level[BOARDWALK] == 0
    assert g.players[0].cash == 1500 + 2 * 500
    assert g.houses_left == 3
    assert g.hotels_left == 12
    assert E.Sold(0, PARK, 0, 500) in events and E.Sold(0, BOARDWALK, 0, 500) in events


def test_hotel_broken_down_into_four_houses() -> None:
    """docs/rules.md §8: with 4 houses in the bank, selling a hotel breaks it down into 4 houses
    for half the hotel price."""
    g = new_game(2)
    give(g, 0, PARK, BOARDWALK)
    set_levels(g, s37=5, s39=5)
    assert g.houses_left == 32 and g.hotels_left == 10
    events = g.apply(0, SELL[PARK])
    assert g.level[PARK] == 4
    assert g.players[0].cash == 1600
    assert g.houses_left == 28 and g.hotels_left == 11
    assert E.Sold(0, PARK, 4, 100) in events


def test_selling_houses_at_half_price() -> None:
    """docs/rules.md §8: houses sell back to the bank at half the price paid."""
    g = new_game(2)
    give(g, 0, PARK, BOARDWALK, MEDITERRANEAN, BALTIC)
    set_levels(g, s37=3, s39=3, s1=1, s3=1)
    houses = g.houses_left
    events = g.apply(0, SELL[PARK])
    assert E.Paid(E.BANK, 0, 100, "building_sale") in events
    assert g.players[0].cash == 1600
    g.apply(0, SELL[BALTIC])
    assert g.players[0].cash == 1625
    g.apply(0, "raise sell=39:1,37:1 mortgage=-")
    assert g.players[0].cash == 1625 + 3 * 100
    assert g.houses_left == houses + 5


def test_building_and_selling_out_of_turn() -> None:
    """docs/rules.md §8 (and §2): buildings may be bought and sold during other players' turns."""
    g = new_game(2)
    give(g, 1, PARK, BOARDWALK)
    assert g.pending == 0 and g.turn_player == 0
    assert BUILD[PARK] in g.legal_actions(1)
    g.apply(1, BUILD[PARK])
    assert g.level[PARK] == 1 and g.players[1].cash == 1300
    assert SELL[PARK] in g.legal_actions(1)
    g.apply(1, SELL[PARK])
    assert g.level[PARK] == 0 and g.players[1].cash == 1400
    assert g.pending == 0
