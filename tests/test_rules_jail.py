"""docs/rules.md §7 Jail: going there, just visiting, getting out, and life inside."""

from __future__ import annotations

from monopoly.board import events as E
from monopoly.board.actions import (
    BUILD,
    DECLINE,
    END_TURN,
    MORTGAGE,
    PASS_BID,
    PAY_JAIL_FINE,
    ROLL,
    USE_JAIL_CARD,
    AcceptTrade,
    Bid,
    Bundle,
    ProposeTrade,
)
from monopoly.board.game import Game
from monopoly.board.testing import give, new_game, rig_dice, stack_deck

JAIL = 10


def put_in_jail(game: Game, seat: int) -> None:
    """Set up a seat as freshly jailed (no failed tries yet)."""
    p = game.players[seat]
    p.position = JAIL
    p.in_jail = True
    p.jail_turns = 0


def idle_turn(game: Game, seat: int) -> None:
    """A harmless turn: from Just Visiting roll 10 to Free Parking, then end."""
    assert game.pending == seat and game.turn_player == seat
    game.players[seat].position = JAIL
    rig_dice(game, (4, 6))
    game.apply(seat, ROLL)
    assert game.players[seat].position == 20
    game.apply(seat, END_TURN)


def hand_jail_card(game: Game, seat: int, deck_key: str) -> tuple[int, int]:
    """Give a seat the deck's Get Out of Jail Free card, taken out of the deck (as if drawn)."""
    d = game.t.deck_keys.index(deck_key)
    idx = game.t.card_keys[d].index(f"{deck_key}_get_out_of_jail_free")
    game.decks[d].remove(idx)
    game.players[seat].jail_cards.append((d, idx))
    return d, idx


def fail_jail_roll(game: Game, seat: int) -> None:
    rig_dice(game, (1, 2))
    events = game.apply(seat, ROLL)
    assert game.players[seat].in_jail
    assert game.players[seat].position == JAIL
    assert any(isinstance(e, E.StayedInJail) for e in events)
    game.apply(seat, END_TURN)


def test_go_to_jail_square_sends_to_jail_without_salary() -> None:
    """docs/rules.md §7: the Go To Jail square sends the player to jail; the turn ends at once,
    even after doubles, and no GO salary is paid."""
    g = new_game(2)
    g.players[0].position = 26
    rig_dice(g, (2, 2))
    events = g.apply(0, ROLL)
    p = g.players[0]
    assert p.position == JAIL and p.in_jail and p.jail_turns == 0
    assert p.cash == 1500
    assert E.Jailed(0, "square") in events
    assert not any(isinstance(e, E.PassedGo) for e in events)
    assert g.phase_name == "post_roll"
    assert ROLL not in g.legal_actions(0)
    assert END_TURN in g.legal_actions(0)


def test_go_to_jail_card_sends_to_jail_without_salary() -> None:
    """docs/rules.md §7: a Go To Jail card sends the player to jail, passing GO pays nothing and
    the turn ends at once (even after doubles)."""
    g = new_game(2)
    stack_deck(g, "chance", "chance_go_to_jail")
    g.players[0].position = 32
    rig_dice(g, (2, 2))  # 32 + 4 = 36, Chance: from there to jail "passes" GO
    events = g.apply(0, ROLL)
    p = g.players[0]
    assert p.position == JAIL and p.in_jail
    assert p.cash == 1500
    assert E.Jailed(0, "card") in events
    assert g.phase_name == "post_roll"
    assert ROLL not in g.legal_actions(0)


def test_community_chest_go_to_jail_card() -> None:
    """docs/rules.md §7: the Community Chest Go To Jail card also jails the player."""
    g = new_game(2)
    stack_deck(g, "community_chest", "community_chest_go_to_jail")
    g.players[0].position = 12
    rig_dice(g, (2, 3))  # 17, Community Chest
    events = g.apply(0, ROLL)
    assert g.players[0].in_jail and g.players[0].position == JAIL
    assert E.Jailed(0, "card") in events
    assert g.players[0].cash == 1500


def test_three_doubles_send_to_jail_without_moving() -> None:
    """docs/rules.md §7 (and §2): the third doubles in one turn sends the player to jail without
    moving for that roll."""
    g = new_game(2)
    give(g, 0, 6, 14)
    rig_dice(g, (3, 3), (4, 4), (5, 5))
    g.apply(0, ROLL)
    assert g.players[0].position == 6 and g.phase_name == "pre_roll"
    g.apply(0, ROLL)
    assert g.players[0].position == 14 and g.phase_name == "pre_roll"
    events = g.apply(0, ROLL)
    p = g.players[0]
    assert p.position == JAIL and p.in_jail
    assert E.Jailed(0, "doubles") in events
    assert not any(isinstance(e, E.Moved) and e.to_square == 24 for e in events)
    assert p.cash == 1500
    assert g.phase_name == "post_roll"
    assert ROLL not in g.legal_actions(0)


def test_landing_on_jail_is_just_visiting() -> None:
    """docs/rules.md §7: landing on Jail by a normal move is just visiting."""
    g = new_game(2)
    g.players[0].position = 4
    rig_dice(g, (2, 4))
    g.apply(0, ROLL)
    p = g.players[0]
    assert p.position == JAIL and not p.in_jail
    g.apply(0, END_TURN)
    idle_turn(g, 1)
    g.players[0].position = JAIL
    assert g.legal_actions(0)[0] == ROLL
    assert PAY_JAIL_FINE not in g.legal_actions(0)
    assert USE_JAIL_CARD not in g.legal_actions(0)
    rig_dice(g, (1, 2))
    g.apply(0, ROLL)
    assert g.players[0].position == 13


def test_doubles_free_the_prisoner_without_extra_roll() -> None:
    """docs/rules.md §7: doubles in jail free the player, who moves by that roll; the doubles
    do not give another roll."""
    g = new_game(2)
    put_in_jail(g, 0)
    give(g, 0, 14)
    rig_dice(g, (2, 2))
    events = g.apply(0, ROLL)
    p = g.players[0]
    assert E.Released(0, "doubles") in events
    assert not p.in_jail and p.jail_turns == 0
    assert p.position == 14
    assert p.cash == 1500
    assert g.phase_name == "post_roll"
    assert ROLL not in g.legal_actions(0)
    assert END_TURN in g.legal_actions(0)


def test_pay_fine_before_rolling_then_roll_and_move() -> None:
    """docs/rules.md §7: pay 50 before rolling on the first turn in jail, then roll and move;
    doubles on that roll do give another roll."""
    g = new_game(2)
    put_in_jail(g, 0)
    give(g, 0, 14)
    assert PAY_JAIL_FINE in g.legal_actions(0)
    events = g.apply(0, PAY_JAIL_FINE)
    p = g.players[0]
    assert E.Paid(0, E.BANK, 50, "jail_fine") in events
    assert E.Released(0, "fine") in events
    assert p.cash == 1450 and not p.in_jail
    assert p.position == JAIL
    assert g.phase_name == "pre_roll"
    assert g.legal_actions(0)[0] == ROLL
    rig_dice(g, (2, 2))
    g.apply(0, ROLL)
    assert p.position == 14
    assert g.phase_name == "pre_roll"  # doubles after paying: roll again
    assert ROLL in g.legal_actions(0)


def test_pay_fine_allowed_on_second_turn_not_third() -> None:
    """docs/rules.md §7: the fine may be paid before rolling on the first or second turn in jail
    only; on the third turn the player must roll (or use a card)."""
    g = new_game(2)
    put_in_jail(g, 0)
    assert g.is_legal(0, PAY_JAIL_FINE)
    fail_jail_roll(g, 0)
    assert g.players[0].jail_turns == 1
    idle_turn(g, 1)
    assert g.is_legal(0, PAY_JAIL_FINE)
    fail_jail_roll(g, 0)
    assert g.players[0].jail_turns == 2
    idle_turn(g, 1)
    assert PAY_JAIL_FINE not in g.legal_actions(0)
    assert not g.is_legal(0, PAY_JAIL_FINE)
    assert g.why_illegal(0, PAY_JAIL_FINE)
    assert ROLL in g.legal_actions(0)
    assert g.players[0].cash == 1500


def test_pay_fine_on_second_turn() -> None:
    """docs/rules.md §7: after one failed roll, paying the fine on the second turn frees the
    player for 50, who then rolls and moves."""
    g = new_game(2)
    put_in_jail(g, 0)
    give(g, 0, 16)
    fail_jail_roll(g, 0)
    idle_turn(g, 1)
    g.apply(0, "pay-fine")
    assert g.players[0].cash == 1450 and not g.players[0].in_jail
    rig_dice(g, (2, 4))
    g.apply(0, ROLL)
    assert g.players[0].position == 16
    assert g.phase_name == "post_roll"


def test_use_card_goes_back_under_its_deck() -> None:
    """docs/rules.md §7: a Get Out of Jail Free card frees the player for nothing; the card goes
    back under (to the bottom of) its deck; then the player rolls and moves."""
    g = new_game(2)
    put_in_jail(g, 0)
    give(g, 0, 13)
    d, idx = hand_jail_card(g, 0, "chance")
    assert len(g.decks[d]) == 15
    assert USE_JAIL_CARD in g.legal_actions(0)
    events = g.apply(0, USE_JAIL_CARD)
    p = g.players[0]
    assert E.Released(0, "card") in events
    assert not p.in_jail and p.jail_cards == []
    assert p.cash == 1500
    assert len(g.decks[d]) == 16
    assert g.decks[d][-1] == idx
    assert g.phase_name == "pre_roll"
    rig_dice(g, (1, 2))
    g.apply(0, ROLL)
    assert p.position == 13


def test_use_card_bought_from_another_player() -> None:
    """docs/rules.md §7: a Get Out of Jail Free card bought from another player also frees the
    prisoner, and returns under its own deck (Community Chest here)."""
    g = new_game(2)
    put_in_jail(g, 0)
    d, idx = hand_jail_card(g, 1, "community_chest")
    g.apply(0, ProposeTrade(1, Bundle(cash=40), Bundle(jail_cards=("community_chest",))))
    g.apply(1, AcceptTrade())
    assert g.players[0].cash == 1460 and g.players[1].cash == 1540
    assert g.players[0].jail_cards == [(d, idx)] and g.players[1].jail_cards == []
    g.apply(0, "use-card")
    assert not g.players[0].in_jail
    assert g.decks[d][-1] == idx and len(g.decks[d]) == 16


def test_use_card_allowed_on_third_turn() -> None:
    """docs/rules.md §7: a card may be used on the third turn too, when the fine no longer can."""
    g = new_game(2)
    put_in_jail(g, 0)
    hand_jail_card(g, 0, "chance")
    fail_jail_roll(g, 0)
    idle_turn(g, 1)
    fail_jail_roll(g, 0)
    idle_turn(g, 1)
    assert USE_JAIL_CARD in g.legal_actions(0)
    g.apply(0, USE_JAIL_CARD)
    assert not g.players[0].in_jail and g.players[0].cash == 1500


def test_third_failed_roll_pays_fine_and_moves() -> None:
    """docs/rules.md §7: after the third failed roll the player pays 50 and moves by that roll."""
    g = new_game(2)
    put_in_jail(g, 0)
    give(g, 0, 15)
    fail_jail_roll(g, 0)
    idle_turn(g, 1)
    fail_jail_roll(g, 0)
    idle_turn(g, 1)
    rig_dice(g, (1, 4))
    events = g.apply(0, ROLL)
    p = g.players[0]
    assert E.Released(0, "third_roll") in events
    assert E.Paid(0, E.BANK, 50, "jail_fine") in events
    assert not p.in_jail and p.jail_turns == 0
    assert p.position == 15
    assert p.cash == 1450
    assert g.phase_name == "post_roll"
    assert ROLL not in g.legal_actions(0)


def test_in_jail_still_collects_rent() -> None:
    """docs/rules.md §7: a player in jail still collects rent."""
    g = new_game(2)
    put_in_jail(g, 0)
    give(g, 0, 16)
    fail_jail_roll(g, 0)
    g.players[1].position = 10
    rig_dice(g, (2, 4))
    g.apply(1, ROLL)
    assert g.players[1].position == 16
    assert g.players[1].cash == 1500 - 14
    assert g.players[0].cash == 1500 + 14


def test_in_jail_may_build_and_mortgage() -> None:
    """docs/rules.md §7: a player in jail may build and mortgage, also during others' turns."""
    g = new_game(2)
    put_in_jail(g, 0)
    give(g, 0, 37, 39, 5)
    fail_jail_roll(g, 0)
    assert g.pending == 1
    assert BUILD[37] in g.legal_actions(0)
    g.apply(0, BUILD[37])
    assert g.level[37] == 1 and g.players[0].cash == 1300
    assert MORTGAGE[5] in g.legal_actions(0)
    g.apply(0, MORTGAGE[5])
    assert g.mortgaged[5] and g.players[0].cash == 1400
    assert g.players[0].in_jail


def test_in_jail_may_trade() -> None:
    """docs/rules.md §7: a player in jail may trade."""
    g = new_game(2)
    put_in_jail(g, 0)
    give(g, 1, 5)
    g.apply(0, "propose 1 give=$250 take=5")
    g.apply(1, "accept")
    assert g.owner[5] == 0
    assert g.players[0].cash == 1250 and g.players[1].cash == 1750
    assert g.players[0].in_jail


def test_in_jail_may_bid_in_auctions() -> None:
    """docs/rules.md §7: a player in jail may bid in auctions (and win)."""
    g = new_game(2)
    put_in_jail(g, 0)
    fail_jail_roll(g, 0)
    g.players[1].position = 0
    rig_dice(g, (1, 2))
    g.apply(1, ROLL)
    assert g.phase_name == "buy"
    g.apply(1, DECLINE)
    assert g.auction is not None and 0 in g.auction.bidders
    assert g.pending == 0
    g.apply(0, Bid(45))
    g.apply(1, PASS_BID)
    assert g.owner[3] == 0
    assert g.players[0].cash == 1455
    assert g.players[0].in_jail


def test_doubles_on_third_turn_free_without_fine() -> None:
    """docs/rules.md §7: doubles on the third turn in jail free the player without the fine."""
    g = new_game(2)
    put_in_jail(g, 0)
    give(g, 0, 16)
    fail_jail_roll(g, 0)
    idle_turn(g, 1)
    fail_jail_roll(g, 0)
    idle_turn(g, 1)
    rig_dice(g, (3, 3))
    events = g.apply(0, ROLL)
    assert E.Released(0, "doubles") in events
    assert g.players[0].position == 16 and g.players[0].cash == 1500
    assert g.phase_name == "post_roll"


def test_third_failed_roll_without_cash_raises_fine_then_moves() -> None:
    """docs/rules.md §7 and §9: after the third failed roll a player short of the 50 must raise
    it first, then moves by that roll."""
    g = new_game(2)
    put_in_jail(g, 0)
    g.players[0].jail_turns = 2
    g.players[0].cash = 20
    give(g, 0, 5, 13)
    rig_dice(g, (1, 2))
    g.apply(0, ROLL)
    p = g.players[0]
    assert len(g.debts) == 1 and g.debts[0].amount == 50
    assert p.position == JAIL
    assert g.pending == 0
    g.apply(0, MORTGAGE[5])
    assert g.debts == []
    assert p.cash == 20 + 100 - 50
    assert p.position == 13 and not p.in_jail
    assert g.phase_name == "post_roll"
