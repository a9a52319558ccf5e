"""The rule options of docs/rules.md §1-§11: one test (or a few) per option, each
citing its section, money and ownership checked exactly."""

from __future__ import annotations

import random

import pytest

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.edition import load_edition
from monopoly.board.errors import IllegalActionError
from monopoly.board.game import BANK, TABLE, Game
from monopoly.board.options import RuleSet, preset
from monopoly.board.record import restore, snapshot, snapshot_text
from monopoly.board.testing import bid_range as _bid_range
from monopoly.board.testing import give, new_game, rig_dice, set_levels, stack_deck
from monopoly.board.testing import roll_from as _roll_to
from monopoly.board.testing import set_cash as _set_cash
from rulekit import assert_ok, bankrupt_to_player

CONNECTICUT = 9  # price 120
BALTIC = 3










# --------------------------------------------------------------------- §1 setup


def test_starting_properties_are_dealt_and_paid() -> None:
    """docs/rules.md §1 `starting_properties`: the shuffled title deeds are dealt, N to each
    player, before the first turn; paid at the printed price (short/timed games)."""
    g = new_game(4, seed=3, starting_properties=2)
    held = [list(h) for h in g.holdings]
    assert all(len(h) == 2 for h in held)
    assert len({sq for h in held for sq in h}) == 8
    for seat, h in enumerate(held):
        assert g.players[seat].cash == 1500 - sum(g.t.price[sq] for sq in h)
    dealt = [e for e in g.events or [] if isinstance(e, E.PropertyDealt)]
    assert [e.player for e in dealt] == [0, 1, 2, 3, 0, 1, 2, 3]  # one at a time, round
    assert all(e.price_paid == g.t.price[e.square] for e in dealt)
    assert_ok(g)


def test_starting_properties_free_in_the_tournament() -> None:
    """docs/rules.md §1: the tournament deals 3 deeds; the text does not say they are paid."""
    g = Game(["a", "b", "c"], 5, preset("tournament"))
    assert [len(h) for h in g.holdings] == [3, 3, 3]
    assert [p.cash for p in g.players] == [1500, 1500, 1500]
    assert_ok(g)


def test_deal_depends_on_the_seed_only() -> None:
    """docs/rules.md §1 / DESIGN: the deal comes from the game's seeded generator."""
    a = new_game(3, seed=11, starting_properties=2)
    random.seed(0)
    random.random()
    b = new_game(3, seed=11, starting_properties=2)
    c = new_game(3, seed=12, starting_properties=2)
    assert a.holdings == b.holdings
    assert a.holdings != c.holdings


def test_dealing_more_deeds_than_the_bank_holds_is_an_error() -> None:
    """docs/rules.md §1: 28 title deeds: 8 players x 4 cannot be dealt."""
    with pytest.raises(ValueError, match="cannot deal 4 title deeds"):
        new_game(8, starting_properties=4)


# --------------------------------------------------------------------- §3 sealed auctions


def _sealed_on_connecticut(players: int = 3, **rules: object) -> Game:
    g = new_game(players, auction="sealed", **rules)
    _roll_to(g, 0, 0, 4, 5)
    assert g.buy_square == CONNECTICUT
    g.apply(0, "decline")
    return g


def test_sealed_auction_every_bidder_bids_once_in_any_order() -> None:
    """docs/rules.md §3 `sealed`: every player writes one hidden bid; the highest wins."""
    g = _sealed_on_connecticut()
    assert sorted(g.pending_seats()) == [0, 1, 2]
    # the last bidder may hand in first: the bids are simultaneous
    assert _bid_range(g, 2) is not None and g.is_legal(2, A.Bid(100))
    g.apply(2, "bid 100")
    with pytest.raises(IllegalActionError, match="already handed in"):
        g.apply(2, "bid 110")
    g.apply(0, "bid 50")
    assert_ok(g)
    events = g.apply(1, "pass")
    assert g.owner[CONNECTICUT] == 2
    assert g.players[2].cash == 1500 - 100
    revealed = [e for e in events if isinstance(e, E.SealedBidsRevealed)]
    assert revealed and dict(revealed[0].bids) == {0: 50, 1: 0, 2: 100}
    assert_ok(g)


def test_sealed_bids_stay_hidden_until_all_are_in() -> None:
    """docs/rules.md §3: hidden bids must stay hidden from the other players until all are in."""
    g = _sealed_on_connecticut()
    events = g.apply(1, "bid 117")
    assert all("117" not in repr(e) for e in events)
    for seat in (0, 2, None):
        view = g.view(seat)
        assert view.auction is not None
        assert "117" not in repr(view.auction) and "117" not in repr(view.to_dict())
        assert view.auction.submitted == (1,)
    assert g.view(0).auction.high_bid == 0


def test_sealed_tie_repeats_the_auction_among_all_participants() -> None:
    """docs/rules.md §3 (TOUR): a tie for the top repeats the sealed auction for everyone."""
    g = _sealed_on_connecticut()
    g.apply(0, "bid 80")
    g.apply(1, "bid 80")
    events = g.apply(2, "bid 10")
    ties = [e for e in events if isinstance(e, E.SealedTie)]
    assert ties == [E.SealedTie((1, 0), 80, 1)]  # bidders from the decliner's left
    au = g.auction
    assert au is not None and au.round == 2 and au.sealed == {}
    assert sorted(g.pending_seats()) == [0, 1, 2]  # everyone who bid, seat 2 too
    assert g.owner[CONNECTICUT] == BANK
    assert_ok(g)


def test_sealed_tie_round_is_for_those_who_bid() -> None:
    """docs/rules.md §3 (TOUR "pro všechny zúčastněné hráče"): a player who handed in no bid
    took no part and is not asked again."""
    g = _sealed_on_connecticut(4)
    g.apply(0, "bid 80")
    g.apply(1, "bid 80")
    g.apply(2, "bid 10")
    g.apply(3, "pass")
    assert sorted(g.pending_seats()) == [0, 1, 2]


def test_second_sealed_tie_is_settled_by_the_dice() -> None:
    """docs/rules.md §3: a second tie: the tied players roll, the highest total wins at the
    tied price."""
    g = _sealed_on_connecticut()
    for seat, bid in ((0, 80), (1, 80), (2, 10)):
        g.apply(seat, f"bid {bid}")
    g.apply(0, "bid 90")
    g.apply(2, "pass")
    rig_dice(g, (6, 5), (1, 2))  # seat 1 throws 11, seat 0 throws 3
    events = g.apply(1, "bid 90")
    rolls = [(e.player, e.die1 + e.die2) for e in events if isinstance(e, E.TieRoll)]
    assert rolls == [(1, 11), (0, 3)]
    assert g.owner[CONNECTICUT] == 1
    assert g.players[1].cash == 1500 - 90
    assert g.players[0].cash == 1500


def test_sealed_winner_who_cannot_pay_loses_to_the_next_who_can() -> None:
    """docs/rules.md §3: if the winner cannot pay in cash, the next-highest bidder who can
    pay wins at their own bid."""
    g = _sealed_on_connecticut()
    give(g, 1, 39, 37)
    _set_cash(g, 1, 100)  # may bid up to what it could raise, but pays only in cash
    g.apply(1, "bid 300")
    g.apply(0, "bid 60")
    events = g.apply(2, "bid 90")
    assert E.AuctionWinnerCannotPay(1, 300) in events
    assert g.owner[CONNECTICUT] == 2
    assert g.players[2].cash == 1500 - 90
    assert g.players[1].cash == 100
    assert_ok(g)


def test_sealed_bid_is_bounded_by_what_the_bidder_could_raise() -> None:
    """docs/rules.md §3 sealed: a bid beyond everything the seat could raise is refused."""
    g = _sealed_on_connecticut()
    br = _bid_range(g, 1)
    assert br is not None and (br.low, br.high) == (1, g.liquidation_value(1))
    why = g.why_illegal(1, A.Bid(br.high + 1))
    assert why is not None and "could raise" in why


def test_sealed_auction_snapshot_and_record_round_trip() -> None:
    """DESIGN: a position in the middle of a sealed auction round-trips."""
    g = _sealed_on_connecticut()
    g.apply(2, "bid 70")
    again = restore(snapshot(g))
    assert snapshot_text(again) == snapshot_text(g)
    assert again.auction is not None and again.auction.sealed == {2: 70}
    again.apply(0, "bid 90")
    again.apply(1, "pass")
    assert again.owner[CONNECTICUT] == 0


def test_sealed_housing_shortage_auction() -> None:
    """docs/rules.md §8 + §3 sealed (TOUR: houses are auctioned "see Auction"): the shortage
    auction is sealed too, from the house price up."""
    g = new_game(3, auction="sealed", houses=1)
    give(g, 0, 37, 39)
    give(g, 1, 1, 3)
    g.apply(0, "build 39")
    au = g.auction
    assert au is not None and au.lot == "house" and au.sealed == {}
    assert _bid_range(g, 0) == A.BidRange(200, g.liquidation_value(0))
    g.apply(0, "bid 250")
    g.apply(1, "bid 220")
    assert g.level[39] == 1 and g.houses_left == 0
    assert g.players[0].cash == 1500 - 250
    assert_ok(g)


# --------------------------------------------------------------------- §3 first lap


def test_no_buying_before_the_first_full_lap() -> None:
    """docs/rules.md §3 (RU house rule): a player buys only after completing one lap."""
    g = new_game(3, buy_after_first_lap=True)
    _roll_to(g, 0, 0, 4, 5)
    assert g.phase_name == "post_roll" and g.owner[CONNECTICUT] == BANK
    assert g.auction is None  # nobody has completed a lap: nobody may acquire it
    assert A.BUY not in g.legal_actions(0)


def test_after_passing_go_the_player_may_buy() -> None:
    """docs/rules.md §3 house rule: passing GO completes the lap."""
    g = new_game(3, buy_after_first_lap=True)
    _roll_to(g, 0, 36, 3, 4)  # 36 + 7 = 3 (Baltic), passing GO
    assert g.players[0].lapped and g.phase_name == "buy" and g.buy_square == BALTIC


def test_first_lap_auction_only_among_players_who_have_lapped() -> None:
    """docs/rules.md §3 house rule: the auction of a property its lander may not buy goes to
    the players who have completed a lap."""
    g = new_game(3, buy_after_first_lap=True)
    g.players[2].lapped = True
    _roll_to(g, 0, 0, 4, 5)
    assert g.auction is not None and g.auction.bidders == [2]


# --------------------------------------------------------------------- §4 rent


def test_owner_in_jail_collects_no_rent_with_the_house_rule() -> None:
    """docs/rules.md §4 (RU house rule): an owner in jail collects no rent."""
    for rule, expected in ((True, 0), (False, 8)):
        g = new_game(3, no_rent_in_jail=rule)
        give(g, 1, CONNECTICUT)
        g.players[1].in_jail = True
        g.players[1].position = 10
        _roll_to(g, 0, 0, 4, 5)
        assert g.players[1].cash == 1500 + expected
        assert g.players[0].cash == 1500 - expected


# --------------------------------------------------------------------- §5 cards


def _with_jail_card(g: Game, seat: int) -> None:
    d = g.t.deck_keys.index("chance")
    idx = g.t.card_keys[d].index("chance_get_out_of_jail_free")
    g.decks[d].remove(idx)
    g.players[seat].jail_cards.append((d, idx))


def test_jail_card_price_cap() -> None:
    """docs/rules.md §5 `jail_card_max_price` (TOUR): a Get Out of Jail Free card is sold for
    at most 50 in cash."""
    g = new_game(3, jail_card_max_price=50)
    _with_jail_card(g, 0)
    why = g.why_illegal(0, A.parse_action("propose 1 give=card:chance take=$60"))
    assert why is not None and "at most 50" in why
    g.apply(0, "propose 1 give=card:chance take=$50")
    g.apply(1, "accept")
    assert len(g.players[1].jail_cards) == 1 and g.players[0].cash == 1550
    free = new_game(3)
    _with_jail_card(free, 0)
    assert free.is_legal(0, A.parse_action("propose 1 give=card:chance take=$300"))


def _uk_on_chest(**rules: object) -> Game:
    g = Game(["a", "b", "c"], 1, RuleSet.from_dict({"first_player": "fixed", **rules}), "uk")
    stack_deck(g, "community_chest", "community_chest_fine_or_chance")
    _roll_to(g, 0, 39, 1, 2)  # 39 + 3 = 2 (Community Chest), passing GO (+200)
    return g


def test_pay_a_fine_or_take_a_chance_is_the_players_choice_pay() -> None:
    """docs/rules.md §5, §10: "Pay a 10 fine or take a Chance" is a choice the player makes."""
    g = _uk_on_chest()
    assert g.legal_actions(0)[:2] == [A.CHOOSE_PAY, A.CHOOSE_DRAW]
    assert g.pending == 0 and not g.is_legal(0, A.END_TURN)
    g.apply(0, "choose pay")
    assert g.players[0].cash == 1500 + 200 - 10
    assert g.legal_actions(0)[0] == A.END_TURN
    assert_ok(g)


def test_pay_a_fine_or_take_a_chance_draw() -> None:
    """docs/rules.md §5, §10: taking the card draws the top card of the other deck."""
    g = _uk_on_chest()
    stack_deck(g, "chance", "chance_crossword_competition")
    events = g.apply(0, "choose draw")
    assert E.CardDrawn(0, "chance", "chance_crossword_competition") in events
    assert g.players[0].cash == 1500 + 200 + 100
    assert_ok(g)


def test_disney_show_time_choice() -> None:
    """docs/rules.md §10 disney: "Pay a 10 fine or take a Show Time card" is a choice."""
    ed = load_edition("disney")
    card = next(
        c for c in ed.decks["community_chest"] if c.effect.kind.value == "pay_or_draw"
    )
    assert card.effect.amount == 10 and card.effect.deck == "chance"
    g = Game(["a", "b"], 2, RuleSet(first_player="fixed"), ed)
    stack_deck(g, "community_chest", card.key)
    _roll_to(g, 0, 39, 1, 2)
    assert g.legal_actions(0)[:2] == [A.CHOOSE_PAY, A.CHOOSE_DRAW]


# --------------------------------------------------------------------- §6 taxes


def test_income_tax_choice_percent() -> None:
    """docs/rules.md §6 `income_tax_choice` (CZ): 200 or 10 % of total worth (cash, printed
    prices, buildings at cost), chosen before the worth is counted."""
    g = new_game(3, income_tax_choice=True)
    give(g, 0, 37, 39)
    set_levels(g, s37=1, s39=1)
    _roll_to(g, 0, 0, 1, 3)  # income tax, square 4
    assert g.legal_actions(0)[:2] == [A.TAX_FLAT, A.TAX_PERCENT]
    assert not g.is_legal(0, A.END_TURN)
    worth = 1500 + 350 + 400 + 200 + 200
    assert g.total_worth(0) == worth
    events = g.apply(0, "tax percent")
    assert E.TaxChosen(0, "percent", 265) in events
    assert g.players[0].cash == 1500 - 265


def test_income_tax_choice_flat() -> None:
    """docs/rules.md §6: the flat 200 when chosen."""
    g = new_game(3, income_tax_choice=True)
    _roll_to(g, 0, 0, 1, 3)
    g.apply(0, "tax flat")
    assert g.players[0].cash == 1300


def test_income_tax_without_the_option_is_flat_at_once() -> None:
    """docs/rules.md §6 default: a flat 200, no choice."""
    g = new_game(3)
    _roll_to(g, 0, 0, 1, 3)
    assert g.players[0].cash == 1300 and g.choice is None


def test_czech_luxury_tax_is_75() -> None:
    """docs/rules.md §6: luxury tax 75 (CZ), the czech preset."""
    g = Game(["a", "b"], 1, preset("czech", first_player="fixed"))
    before = g.players[0].cash  # 1500 and the salary before the first move (§2.3)
    _roll_to(g, 0, 34, 1, 3)  # 38, luxury tax
    assert g.players[0].cash == before - 75


def test_free_parking_pot_collects_taxes_and_fines() -> None:
    """docs/rules.md §6 (RU house rule): taxes and fines go into a pot; landing on Free
    Parking takes the pot."""
    g = new_game(3, free_parking_pot=True)
    _roll_to(g, 0, 0, 1, 3)  # income tax 200 into the pot
    assert g.pot == 200 and g.bank_in == 0
    g.apply(0, "end")
    _roll_to(g, 1, 14, 2, 4)  # 20: Free Parking
    assert g.pot == 0 and g.players[1].cash == 1700
    assert_ok(g)


def test_without_the_pot_free_parking_does_nothing() -> None:
    """docs/rules.md §6 default (CZ, TOUR): Free Parking does nothing."""
    g = new_game(3)
    _roll_to(g, 0, 14, 2, 4)
    assert g.players[0].cash == 1500 and g.pot == 0


# --------------------------------------------------------------------- §7 jail


def test_two_player_no_fine_when_jailed_by_a_move() -> None:
    """docs/rules.md §7 (RU note for two players): no fine when jailed by a move."""
    g = new_game(2, two_player_no_fine_jail=True)
    _roll_to(g, 0, 25, 2, 3)  # Go To Jail square
    assert g.players[0].in_jail and g.players[0].fine_waived
    g.apply(0, "end")
    _roll_to(g, 1, 17, 1, 2)  # Free Parking
    g.apply(1, "end")
    assert A.PAY_JAIL_FINE in g.legal_actions(0)
    g.apply(0, "pay-fine")
    assert g.players[0].cash == 1500 and not g.players[0].in_jail


def test_two_player_no_fine_rule_does_not_cover_a_card_or_more_players() -> None:
    """docs/rules.md §7: the waiver is for two players jailed by a move, not by a card."""
    g = new_game(3, two_player_no_fine_jail=True)
    _roll_to(g, 0, 25, 2, 3)
    assert g.players[0].in_jail and not g.players[0].fine_waived
    g2 = new_game(2, two_player_no_fine_jail=True)
    stack_deck(g2, "chance", "chance_go_to_jail")
    _roll_to(g2, 0, 0, 3, 4)  # chance
    assert g2.players[0].in_jail and not g2.players[0].fine_waived


# --------------------------------------------------------------------- §8 buildings


def test_build_only_on_the_street_landed_on() -> None:
    """docs/rules.md §8 `build_only_on_landing` (CZ): a house only on the street the owner's
    token lands on (one building per landing)."""
    g = new_game(3, build_only_on_landing=True)
    give(g, 0, 37, 39)
    assert not g.is_legal(0, A.BUILD[39])
    why = g.why_illegal(0, A.BUILD[39])
    assert why is not None and "landed on" in why
    _roll_to(g, 0, 35, 1, 3)  # lands on Boardwalk (39)
    assert g.is_legal(0, A.BUILD[39]) and not g.is_legal(0, A.BUILD[37])
    assert A.BUILD[39] in g.legal_actions(0)
    g.apply(0, "build 39")
    assert g.level[39] == 1
    assert not g.is_legal(0, A.BUILD[37])
    g.apply(0, "end")
    assert not g.is_legal(0, A.BUILD[37])


def test_at_most_one_house_per_turn() -> None:
    """docs/rules.md §8 (RU house rule): at most one house per turn."""
    g = new_game(3, houses_per_turn=1)
    give(g, 0, 37, 39)
    g.apply(0, "build 37")
    why = g.why_illegal(0, A.BUILD[39])
    assert why is not None and "at most 1" in why
    assert A.BUILD[39] not in g.legal_actions(0)
    _roll_to(g, 0, 17, 1, 2)  # Free Parking
    g.apply(0, "end")
    for seat in (1, 2):
        _roll_to(g, seat, 17, 1, 2)
        g.apply(seat, "end")
    assert g.turn_player == 0 and g.is_legal(0, A.BUILD[39])


def test_build_only_before_rolling() -> None:
    """docs/rules.md §8 (RU house rule): build only on one's own turn, before rolling."""
    g = new_game(3, build_before_rolling=True)
    give(g, 1, 37, 39)
    assert not g.is_legal(1, A.BUILD[39])  # not seat 1's turn
    give(g, 0, 1, 3)
    assert g.is_legal(0, A.BUILD[1])
    _roll_to(g, 0, 10, 1, 2)
    why = g.why_illegal(0, A.BUILD[1])
    assert why is not None and "before rolling" in why


def test_hotel_after_three_houses_in_the_short_game() -> None:
    """docs/rules.md §8: the short game's hotel needs 3 houses on every street; buying it
    returns those 3 houses to the bank."""
    g = Game(["a", "b"], 1, preset("short", first_player="fixed"))
    for h in g.holdings:
        for sq in list(h):
            g.give_property(sq, g.owner[sq], BANK)
    give(g, 0, 37, 39)
    set_levels(g, s37=3, s39=3)
    left = g.houses_left
    cash = g.players[0].cash
    g.apply(0, "build 39")
    assert g.level[39] == g.hotel_level == 4
    assert g.houses_left == left + 3 and g.hotels_left == 11
    assert g.players[0].cash == cash - 200
    assert_ok(g)


# --------------------------------------------------------------------- §9 money


def test_loans_between_players() -> None:
    """docs/rules.md §9 (RU house rule): players may lend each other money: cash now
    against a recorded debt, which counts in net worth."""
    g = new_game(3, player_loans=True)
    g.apply(0, "propose 1 give=$200 take=iou:220")
    events = g.apply(1, "accept")
    assert E.LoanMade(0, 1, 220) in events
    assert g.loans == {(1, 0): 220}
    assert g.net_worth(1) == 1500 + 200 - 220
    assert g.net_worth(0) == 1500 - 200 + 220
    assert A.RepayRange(0, 1, 220) in g.legal_actions(1)
    g.apply(1, "repay 0 100")
    assert g.loans == {(1, 0): 120} and g.players[0].cash == 1400
    g.apply(1, "repay 0 120")
    assert g.loans == {}
    assert_ok(g)


def test_loans_are_off_by_default() -> None:
    """docs/rules.md §9: loans only from the bank, as mortgages (CZ, TOUR)."""
    g = new_game(3)
    why = g.why_illegal(0, A.parse_action("propose 1 give=$200 take=iou:220"))
    assert why is not None and "no loans" in why


def test_bankrupt_borrowers_lenders_share_the_cash() -> None:
    """docs/rules.md §9 house rule: a bankrupt borrower's lenders are creditors: they share its
    cash with the creditor in proportion to what each is owed."""
    g = new_game(3, player_loans=True)
    give(g, 2, 37, 39)
    set_levels(g, s37=5, s39=5)
    g.loans[(0, 1)] = 1000
    _set_cash(g, 0, 1000)
    _roll_to(g, 0, 35, 1, 3)  # Boardwalk with a hotel: rent 2000
    assert g.debts and g.debts[0].amount == 2000
    g.apply(0, "bankrupt")
    assert g.players[1].cash == 1500 + 1000 * 1000 // 3000
    assert g.players[2].cash == 1500 + 1000 - 1000 * 1000 // 3000
    assert g.loans == {}


def test_mortgaged_property_may_not_be_sold_with_the_9a_option() -> None:
    """docs/rules.md §9a: a mortgaged property may not be sold to another player."""
    g = new_game(3, trade_mortgaged=False)
    give(g, 0, 1)
    g.apply(0, "mortgage 1")
    why = g.why_illegal(0, A.parse_action("propose 1 give=1 take=$10"))
    assert why is not None and "mortgaged" in why


def test_buildings_sell_back_at_full_price_with_the_9a_option() -> None:
    """docs/rules.md §9a: buildings sell back to the bank at the full price."""
    g = new_game(3, building_sell_percent=100)
    give(g, 0, 37, 39)
    set_levels(g, s37=1, s39=1)
    g.apply(0, "sell 39")
    assert g.players[0].cash == 1700


def test_bankrupt_to_a_player_classic() -> None:
    """docs/rules.md §9: buildings back to the bank at half price, the creditor gets the rest."""
    g = bankrupt_to_player()
    assert g.owner[1] == 2 and g.level[1] == 0 and g.players[1].bankrupt
    assert g.players[2].cash == 1500 + 10 + 25 + 25


def test_short_game_bankrupt_hands_buildings_to_the_creditor() -> None:
    """docs/rules.md §9 (RU short game): the bankrupt hands everything including buildings to
    the creditor."""
    g = bankrupt_to_player(bankrupt_buildings_to_creditor=True)
    assert g.owner[1] == 2 and g.level[1] == 1 and g.level[3] == 1
    assert g.players[2].cash == 1500 + 10
    assert_ok(g)


def test_bankrupt_estate_to_the_bank_with_the_9a_option() -> None:
    """docs/rules.md §9a: the bankrupt's property goes to the bank even when the debt is to a
    player (and is auctioned)."""
    g = bankrupt_to_player(bankrupt_estate_to_bank=True)
    assert g.owner[1] == BANK and g.players[2].cash == 1500
    assert g.auction is not None and g.auction.square in (1, 3)


def test_bankrupt_player_stays_in_the_game() -> None:
    """docs/rules.md §9 (RU house rule): a bankrupt player may stay in the game."""
    g = bankrupt_to_player(bankrupt_stays=True)
    p = g.players[1]
    assert not p.bankrupt and p.cash == 0 and not g.holdings[1]
    assert 1 in g.active_seats() and g.bankrupt_order == [1]
    assert g.owner[1] == 2
    assert_ok(g)


def test_turn_clock_forfeit_is_final_even_with_bankrupt_stays() -> None:
    """docs/rules.md §9 (RU online rule): a turn clock whose expiry forfeits the seat."""
    g = new_game(3, bankrupt_stays=True, turn_clock_seconds=60)
    give(g, 0, 1)
    g.apply(TABLE, "timeout 0")
    assert g.players[0].bankrupt and g.owner[1] == BANK
    assert g.turn_player == 1
