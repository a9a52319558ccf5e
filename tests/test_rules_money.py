"""docs/rules.md §9 Money trouble, trades, mortgages and bankruptcy."""

from __future__ import annotations

import pytest

from monopoly.board import events as E
from monopoly.board.actions import (
    ACCEPT_TRADE,
    DECLARE_BANKRUPTCY,
    KEEP,
    LIFT,
    MORTGAGE,
    PASS_BID,
    REJECT_TRADE,
    ROLL,
    UNMORTGAGE,
    Bid,
    Bundle,
    CounterTrade,
    ProposeTrade,
    RaiseFunds,
)
from monopoly.board.errors import IllegalActionError
from monopoly.board.game import Game
from monopoly.board.testing import give, new_game, rig_dice, set_levels

MEDITERRANEAN, BALTIC = 1, 3
READING = 5
ORIENTAL = 6
ELECTRIC = 12
KENTUCKY = 21
PARK, BOARDWALK = 37, 39


def hand_jail_card(game: Game, seat: int, deck_key: str) -> tuple[int, int]:
    """Give a seat the deck's Get Out of Jail Free card, taken out of the deck (as if drawn)."""
    d = game.t.deck_keys.index(deck_key)
    idx = game.t.card_keys[d].index(f"{deck_key}_get_out_of_jail_free")
    game.decks[d].remove(idx)
    game.players[seat].jail_cards.append((d, idx))
    return d, idx


def land_on_boardwalk(game: Game, seat: int) -> list[E.Event]:
    game.players[seat].position = 35
    rig_dice(game, (1, 3))
    return game.apply(seat, ROLL)


# ---------------------------------------------------------------- mortgages


@pytest.mark.parametrize(
    ("square", "value"),
    [
        (MEDITERRANEAN, 30),
        (READING, 100),
        (ELECTRIC, 75),
        (KENTUCKY, 110),
        (PARK, 175),
        (BOARDWALK, 200),
    ],
)
def test_mortgage_pays_half_the_price(square: int, value: int) -> None:
    """docs/rules.md §9: mortgaging pays the mortgage value, half the printed price."""
    g = new_game(2)
    give(g, 0, square)
    assert MORTGAGE[square] in g.legal_actions(0)
    events = g.apply(0, MORTGAGE[square])
    assert g.mortgaged[square]
    assert g.players[0].cash == 1500 + value
    assert E.Mortgaged(0, square, value) in events


@pytest.mark.parametrize(
    ("square", "cost"),
    [
        (PARK, 193),
        (BOARDWALK, 220),
        (MEDITERRANEAN, 33),
        (ELECTRIC, 83),
        (READING, 110),
        (KENTUCKY, 121),
        (31, 165),
    ],
)
def test_lifting_a_mortgage_costs_value_plus_ten_percent_rounded_up(square: int, cost: int) -> None:
    """docs/rules.md §9: lifting a mortgage costs the value + 10 %, rounded up (Park Place 175 ->
    193 in all)."""
    g = new_game(2)
    give(g, 0, square)
    g.apply(0, MORTGAGE[square])
    before = g.players[0].cash
    events = g.apply(0, UNMORTGAGE[square])
    assert not g.mortgaged[square]
    assert g.players[0].cash == before - cost
    assert E.Unmortgaged(0, square, cost) in events


def test_no_rent_on_a_mortgaged_property() -> None:
    """docs/rules.md §9: a mortgaged property earns no rent."""
    g = new_game(2)
    give(g, 1, PARK, BOARDWALK)
    g.apply(1, MORTGAGE[BOARDWALK])
    land_on_boardwalk(g, 0)
    assert g.players[0].cash == 1500
    assert g.players[1].cash == 1700


def test_no_mortgage_while_the_group_has_buildings() -> None:
    """docs/rules.md §9: only an undeveloped property of a group without buildings may be
    mortgaged; selling the buildings and mortgaging in one batch is fine."""
    g = new_game(2)
    give(g, 0, PARK, BOARDWALK)
    set_levels(g, s37=1)
    assert not g.is_legal(0, MORTGAGE[BOARDWALK])
    assert not g.is_legal(0, MORTGAGE[PARK])
    assert "buildings" in (g.why_illegal(0, MORTGAGE[BOARDWALK]) or "")
    assert MORTGAGE[BOARDWALK] not in g.legal_actions(0)
    assert not g.is_legal(0, RaiseFunds((), (BOARDWALK,)))
    g.apply(0, "raise sell=37:0 mortgage=39,37")
    assert g.mortgaged[PARK] and g.mortgaged[BOARDWALK]
    assert g.players[0].cash == 1500 + 100 + 175 + 200


# ---------------------------------------------------------------- trades


def test_trade_cash_properties_and_jail_cards_both_ways() -> None:
    """docs/rules.md §9: a trade moves cash, properties and Get Out of Jail Free cards between
    two players, in both directions."""
    g = new_game(3)
    give(g, 0, MEDITERRANEAN, READING)
    give(g, 1, BOARDWALK, ELECTRIC)
    chance = hand_jail_card(g, 0, "chance")
    chest = hand_jail_card(g, 1, "community_chest")
    offer = ProposeTrade(
        1,
        Bundle(cash=100, squares=(MEDITERRANEAN,), jail_cards=("chance",)),
        Bundle(cash=30, squares=(BOARDWALK, ELECTRIC), jail_cards=("community_chest",)),
    )
    g.apply(0, offer)
    assert g.offer is not None and g.pending == 1
    assert ACCEPT_TRADE in g.legal_actions(1)
    events = g.apply(1, ACCEPT_TRADE)
    assert E.TradeAccepted(0, 1) in events
    assert g.owner[MEDITERRANEAN] == 1
    assert g.owner[BOARDWALK] == 0 and g.owner[ELECTRIC] == 0
    assert g.owner[READING] == 0
    assert g.players[0].cash == 1500 - 100 + 30
    assert g.players[1].cash == 1500 + 100 - 30
    assert g.players[0].jail_cards == [chest]
    assert g.players[1].jail_cards == [chance]
    assert g.offer is None and g.pending == 0


def test_trade_rejected_changes_nothing() -> None:
    """docs/rules.md §9: a rejected trade changes nothing."""
    g = new_game(2)
    give(g, 1, BOARDWALK)
    g.apply(0, "propose 1 give=$300 take=39")
    events = g.apply(1, REJECT_TRADE)
    assert E.TradeRejected(0, 1) in events
    assert g.offer is None
    assert g.owner[BOARDWALK] == 1
    assert g.players[0].cash == 1500 and g.players[1].cash == 1500
    assert g.pending == 0


def test_trade_countered_then_accepted() -> None:
    """docs/rules.md §9: the target may counter; the counter-offer goes to the proposer, who may
    accept it."""
    g = new_game(2)
    give(g, 1, BOARDWALK)
    g.apply(0, "propose 1 give=$300 take=39")
    events = g.apply(1, CounterTrade(Bundle(squares=(BOARDWALK,)), Bundle(cash=450)))
    assert E.TradeRejected(0, 1) in events
    assert E.TradeProposed(1, 0, "39", "$450") in events
    assert g.offer is not None and g.offer.proposer == 1 and g.offer.target == 0
    assert g.pending == 0
    assert not g.is_legal(1, ACCEPT_TRADE)
    g.apply(0, ACCEPT_TRADE)
    assert g.owner[BOARDWALK] == 0
    assert g.players[0].cash == 1050 and g.players[1].cash == 1950


def test_no_street_of_a_built_group_may_be_traded() -> None:
    """docs/rules.md §9: no street of a group with buildings may change hands, in either side of
    the trade; other properties may."""
    g = new_game(2)
    give(g, 0, PARK, BOARDWALK, READING)
    set_levels(g, s37=1)
    assert not g.is_legal(0, ProposeTrade(1, Bundle(squares=(BOARDWALK,)), Bundle()))
    assert "buildings" in (
        g.why_illegal(0, ProposeTrade(1, Bundle(squares=(BOARDWALK,)), Bundle(cash=1))) or ""
    )
    assert not g.is_legal(1, ProposeTrade(0, Bundle(cash=500), Bundle(squares=(BOARDWALK,))))
    with pytest.raises(IllegalActionError):
        g.apply(0, "propose 1 give=37 take=$400")
    assert g.is_legal(0, ProposeTrade(1, Bundle(squares=(READING,)), Bundle(cash=200)))


def test_trade_refused_if_group_gets_built_before_acceptance() -> None:
    """docs/rules.md §9: the no-buildings rule holds at acceptance too."""
    g = new_game(2)
    give(g, 0, PARK, BOARDWALK)
    g.apply(1, "propose 0 give=$500 take=39")
    g.apply(0, "build 37")
    assert not g.is_legal(0, ACCEPT_TRADE)
    assert ACCEPT_TRADE not in g.legal_actions(0)


def test_received_mortgaged_property_costs_ten_percent_then_lift() -> None:
    """docs/rules.md §9: who receives a mortgaged property pays 10 % at once, then may lift the
    mortgage now for the value alone."""
    g = new_game(2)
    give(g, 1, PARK)
    g.apply(1, MORTGAGE[PARK])  # seat 1: 1675
    g.apply(0, "propose 1 give=$10 take=37")
    events = g.apply(1, ACCEPT_TRADE)
    assert E.Paid(0, E.BANK, 18, "mortgage_fee") in events
    assert g.players[0].cash == 1500 - 10 - 18
    assert g.players[1].cash == 1675 + 10
    assert g.receipts == [(0, PARK)]
    assert g.pending == 0
    legal = g.legal_actions(0)
    assert LIFT[PARK] in legal and KEEP[PARK] in legal
    g.apply(0, LIFT[PARK])
    assert not g.mortgaged[PARK]
    assert g.players[0].cash == 1500 - 10 - 18 - 175
    assert g.receipts == []


def test_received_mortgaged_property_kept_pays_ten_percent_again_later() -> None:
    """docs/rules.md §9: a received mortgaged property may be kept mortgaged; lifting it later
    costs value + 10 % again."""
    g = new_game(2)
    give(g, 1, PARK)
    g.apply(1, MORTGAGE[PARK])
    g.apply(0, "propose 1 give=$10 take=37")
    g.apply(1, ACCEPT_TRADE)
    events = g.apply(0, KEEP[PARK])
    assert E.KeptMortgaged(0, PARK) in events
    assert g.mortgaged[PARK] and g.receipts == []
    assert g.players[0].cash == 1472
    g.apply(0, UNMORTGAGE[PARK])
    assert g.players[0].cash == 1472 - 193


# ---------------------------------------------------------------- money trouble


def test_debtor_must_raise_funds_before_bankruptcy() -> None:
    """docs/rules.md §9: a player who owes more than their cash must raise it (mortgage, sell);
    'bankrupt' is illegal while selling everything would cover the debt."""
    g = new_game(2)
    give(g, 1, PARK, BOARDWALK)
    set_levels(g, s37=1, s39=1)  # Boardwalk rent 200
    give(g, 0, READING, ORIENTAL)
    g.players[0].cash = 100
    land_on_boardwalk(g, 0)
    assert len(g.debts) == 1 and g.debts[0].amount == 200
    assert g.pending == 0
    assert g.liquidation_value(0) == 100 + 100 + 50
    assert DECLARE_BANKRUPTCY not in g.legal_actions(0)
    assert not g.is_legal(0, DECLARE_BANKRUPTCY)
    assert g.why_illegal(0, DECLARE_BANKRUPTCY)
    with pytest.raises(IllegalActionError):
        g.apply(0, "bankrupt")
    g.apply(0, MORTGAGE[READING])
    assert g.debts == []
    assert g.players[0].cash == 0
    assert g.players[1].cash == 1700


def test_bankrupt_legal_when_liquidation_cannot_cover_the_debt() -> None:
    """docs/rules.md §9: who cannot pay even after selling everything may declare bankruptcy."""
    g = new_game(3)
    give(g, 1, PARK, BOARDWALK)
    set_levels(g, s37=5, s39=5)  # Boardwalk hotel: 2000
    g.players[0].cash = 100
    land_on_boardwalk(g, 0)
    assert g.debts[0].amount == 2000
    assert g.legal_actions(0)[0] == DECLARE_BANKRUPTCY
    assert g.is_legal(0, DECLARE_BANKRUPTCY)


def test_bankruptcy_to_a_player() -> None:
    """docs/rules.md §9: bankrupt to a player: the buildings go back to the bank at half price,
    the creditor gets that cash and all other cash, the deeds and the jail cards;
    mortgaged deeds cost the creditor 10 % at once, then lift or keep."""
    g = new_game(3)
    give(g, 1, PARK, BOARDWALK)
    set_levels(g, s37=5, s39=5)
    give(g, 0, MEDITERRANEAN, BALTIC, READING, ORIENTAL)
    set_levels(g, s1=2, s3=2)
    g.apply(0, MORTGAGE[READING])
    card = hand_jail_card(g, 0, "chance")
    g.players[0].cash = 10
    houses = g.houses_left
    land_on_boardwalk(g, 0)
    assert g.liquidation_value(0) == 10 + 4 * 25 + 30 + 30 + 50
    events = g.apply(0, DECLARE_BANKRUPTCY)
    assert E.Bankrupt(0, 1) in events
    assert g.players[0].bankrupt and g.players[0].cash == 0
    assert g.level[MEDITERRANEAN] == 0 and g.level[BALTIC] == 0
    assert g.houses_left == houses + 4
    assert E.Paid(0, 1, 110, "bankruptcy") in events
    for sq in (MEDITERRANEAN, BALTIC, READING, ORIENTAL):
        assert g.owner[sq] == 1
    assert g.mortgaged[READING]
    assert E.Paid(1, E.BANK, 10, "mortgage_fee") in events
    assert g.players[1].cash == 1500 + 110 - 10
    assert g.players[1].jail_cards == [card]
    assert g.players[0].jail_cards == []
    assert g.receipts == [(1, READING)]
    assert g.pending == 1
    g.apply(1, LIFT[READING])
    assert not g.mortgaged[READING]
    assert g.players[1].cash == 1600 - 100
    assert g.debts == []
    assert g.turn_player == 1 and not g.is_over


def test_bankruptcy_to_the_bank_auctions_everything() -> None:
    """docs/rules.md §9: bankrupt to the bank: the bank takes everything and auctions each
    property one by one, without buildings (and unmortgaged); jail cards go back under
    their decks."""
    g = new_game(3)
    give(g, 0, MEDITERRANEAN, BALTIC, READING)
    set_levels(g, s1=1, s3=1)
    g.apply(0, MORTGAGE[READING])
    chance = hand_jail_card(g, 0, "chance")
    chest = hand_jail_card(g, 0, "community_chest")
    g.players[0].cash = 10
    houses = g.houses_left
    rig_dice(g, (1, 3))
    g.apply(0, ROLL)  # Income Tax 200
    assert g.debts[0].amount == 200 and g.debts[0].creditor == E.BANK
    assert g.liquidation_value(0) == 10 + 25 + 25 + 30 + 30
    events = g.apply(0, DECLARE_BANKRUPTCY)
    assert E.Bankrupt(0, E.BANK) in events
    assert g.players[0].bankrupt and g.players[0].cash == 0
    assert g.players[0].jail_cards == []
    for d, idx in (chance, chest):
        assert g.decks[d][-1] == idx and len(g.decks[d]) == 16
    assert g.houses_left == houses + 2
    assert all(g.level[s] == 0 for s in (MEDITERRANEAN, BALTIC))
    assert not g.mortgaged[READING]
    assert g.players[1].cash == 1500 and g.players[2].cash == 1500
    won = []
    for price in (7, 8, 9):
        au = g.auction
        assert au is not None and au.lot == "property"
        assert sorted(au.bidders) == [1, 2]
        sq = au.square
        bidder = g.pending
        other = 3 - bidder
        g.apply(bidder, Bid(price))
        g.apply(other, PASS_BID)
        assert g.owner[sq] == bidder and not g.mortgaged[sq]
        won.append(sq)
    assert sorted(won) == [MEDITERRANEAN, BALTIC, READING]
    assert g.auction is None
    assert g.players[1].cash + g.players[2].cash == 3000 - 7 - 8 - 9


def test_bank_never_runs_out_of_money() -> None:
    """docs/rules.md §9 (and the engine's contract): the bank never runs out of money; it pays
    whatever it owes, beyond the printed money supply."""
    g = new_game(2, go_salary=1_000_000)
    squares = [sq for sq in range(40) if g.t.price[sq]]
    give(g, 0, *squares)
    g.apply(0, RaiseFunds((), tuple(squares)))
    total = sum(g.t.price[sq] // 2 for sq in squares)
    assert g.players[0].cash == 1500 + total
    g.players[0].position = 36
    rig_dice(g, (2, 3))  # past GO to Reading Railroad (own, mortgaged)
    g.apply(0, ROLL)
    assert g.players[0].cash == 1500 + total + 1_000_000


def test_without_trading_nobody_may_propose_and_no_template_is_offered() -> None:
    """docs/rules.md §9.1, option `trading` false: no trade template among the legal
    entries, a proposal is refused with the reason and changes nothing."""
    from monopoly.board.actions import TradeTemplate

    g = new_game(2, trading=False)
    give(g, 0, MEDITERRANEAN)
    give(g, 1, BALTIC)
    for seat in (0, 1):
        assert not any(isinstance(e, TradeTemplate) for e in g.legal_actions(seat))
    before = g.state_hash()
    with pytest.raises(IllegalActionError, match="no trades between players"):
        g.apply(0, ProposeTrade(1, Bundle(squares=(MEDITERRANEAN,)),
                                Bundle(squares=(BALTIC,))))
    assert g.state_hash() == before and g.offer is None
    trading = new_game(2)
    give(trading, 0, MEDITERRANEAN)
    assert any(isinstance(e, TradeTemplate) for e in trading.legal_actions(0))
