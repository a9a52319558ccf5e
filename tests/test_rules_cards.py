"""docs/rules.md §5 (cards), one test per rule, money checked exactly."""

from __future__ import annotations

import pytest

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.game import BANK, Game
from monopoly.board.testing import give, new_game, rig_dice, set_levels, stack_deck


def _draw(
    g: Game, square: int, deck: str, card: str, *extra: tuple[int, int]
) -> list[E.Event]:
    """Seat 0 lands on `square` by a non-double throw (never passing GO) and draws `card`."""
    dice = (1, 1) if square == 2 else (3, 4)
    start = square - sum(dice)
    assert start >= 0
    g.players[0].position = start
    stack_deck(g, deck, card)
    rig_dice(g, dice, *extra)
    events = g.apply(0, "roll")
    assert E.CardDrawn(0, deck, card) in events
    return events


def _chance(g: Game, square: int, card: str, *extra: tuple[int, int]) -> list[E.Event]:
    return _draw(g, square, "chance", card, *extra)


def _deck_keys(g: Game, deck: str) -> list[str]:
    d = g.t.deck_keys.index(deck)
    return [g.t.card_keys[d][i] for i in g.decks[d]]


# ------------------------------------------------------------------ drawing


def test_card_is_obeyed_and_put_back_at_the_bottom() -> None:
    """docs/rules.md §5: take the top card, obey it, put it back at the bottom of the deck."""
    g = new_game(2)
    _chance(g, 7, "chance_bank_dividend")
    assert g.players[0].cash == 1550
    keys = _deck_keys(g, "chance")
    assert len(keys) == 16
    assert keys[-1] == "chance_bank_dividend"


def test_get_out_of_jail_free_card_is_kept_and_deck_has_15() -> None:
    """docs/rules.md §5: Get Out of Jail Free is kept until used; the deck then has 15 cards."""
    g = new_game(2)
    _chance(g, 7, "chance_get_out_of_jail_free")
    p = g.players[0]
    assert len(p.jail_cards) == 1
    assert len(_deck_keys(g, "chance")) == 15
    assert "chance_get_out_of_jail_free" not in _deck_keys(g, "chance")
    assert dict(g.view(0).decks)["chance"] == 15
    assert g.view(0).players[0].jail_cards == ("chance",)
    assert p.cash == 1500


def test_used_get_out_of_jail_free_card_returns_to_the_deck() -> None:
    """docs/rules.md §5/§7: the kept card, once used, goes back under its deck (16 again)."""
    g = new_game(2)
    _draw(g, 17, "community_chest", "community_chest_get_out_of_jail_free")
    assert len(_deck_keys(g, "community_chest")) == 15
    g.apply(0, "end")
    g.players[0].in_jail = True  # later jailed
    g.players[0].position = 10
    give(g, 1, 9)  # seat 1 takes a quiet turn
    rig_dice(g, (4, 5))
    g.apply(1, "roll")
    g.apply(1, "end")
    assert A.USE_JAIL_CARD in g.legal_actions(0)
    g.apply(0, "use-card")
    assert not g.players[0].in_jail
    assert g.players[0].jail_cards == []
    keys = _deck_keys(g, "community_chest")
    assert len(keys) == 16 and keys[-1] == "community_chest_get_out_of_jail_free"


def test_get_out_of_jail_free_card_may_be_sold_to_another_player() -> None:
    """docs/rules.md §5: the kept Get Out of Jail Free card may be sold at an agreed price."""
    g = new_game(2)
    _chance(g, 7, "chance_get_out_of_jail_free")
    g.apply(0, "propose 1 give=card:chance take=$75")
    assert g.pending == 1
    g.apply(1, "accept")
    assert g.players[0].jail_cards == []
    assert g.view(1).players[1].jail_cards == ("chance",)
    assert g.players[0].cash == 1575
    assert g.players[1].cash == 1425
    assert len(_deck_keys(g, "chance")) == 15  # still out of the deck


# ------------------------------------------------------------------ moving cards


def test_advance_card_passing_go_pays_200() -> None:
    """docs/rules.md §5: a card moves the token forward; passing GO pays 200."""
    g = new_game(2)
    give(g, 0, 11)
    _chance(g, 36, "chance_advance_to_st_charles_place")
    assert g.players[0].position == 11
    assert g.players[0].cash == 1700


def test_advance_card_not_passing_go_pays_nothing() -> None:
    """docs/rules.md §5: advancing without passing GO pays no salary (7 -> Illinois 24)."""
    g = new_game(2)
    give(g, 0, 24)
    _chance(g, 7, "chance_advance_to_illinois_avenue")
    assert g.players[0].position == 24
    assert g.players[0].cash == 1500


def test_advance_to_go_card_pays_200() -> None:
    """docs/rules.md §5: Advance to Go collects 200."""
    g = new_game(2)
    _chance(g, 22, "chance_advance_to_go")
    assert g.players[0].position == 0
    assert g.players[0].cash == 1700


def test_advance_card_resolves_the_square_rent() -> None:
    """docs/rules.md §5: after a card move the square is resolved (Boardwalk, owner's rent)."""
    g = new_game(2)
    give(g, 1, 39)
    _chance(g, 36, "chance_advance_to_boardwalk")
    assert g.players[0].position == 39
    assert g.players[0].cash == 1500 - 50
    assert g.players[1].cash == 1500 + 50


def test_trip_to_reading_railroad_passes_go() -> None:
    """docs/rules.md §5: trip to Reading Railroad from 36 passes GO (200) and offers the buy."""
    g = new_game(2)
    _chance(g, 36, "chance_trip_to_reading_railroad")
    assert g.players[0].position == 5
    assert g.players[0].cash == 1700
    assert g.phase_name == "buy" and g.buy_square == 5


def test_go_to_jail_card_never_pays_go() -> None:
    """docs/rules.md §5/§2: the Go to Jail card moves straight to jail, no GO salary."""
    g = new_game(2)
    events = _chance(g, 36, "chance_go_to_jail")
    p = g.players[0]
    assert p.position == 10 and p.in_jail
    assert p.cash == 1500
    assert E.Jailed(0, "card") in events
    assert not any(isinstance(e, E.PassedGo) for e in events)


@pytest.mark.parametrize(
    "chance,railroad,go", [(7, 15, 0), (22, 25, 0), (36, 5, 200)]
)
def test_nearest_railroad_card_charges_twice_the_rent(chance: int, railroad: int, go: int) -> None:
    """docs/rules.md §5: nearest railroad card: owned: pay the owner twice the rent (7->15,
    22->25, 36->5 passing GO)."""
    for card in ("chance_advance_to_nearest_railroad_1", "chance_advance_to_nearest_railroad_2"):
        g = new_game(2)
        give(g, 1, railroad, 35)  # two railroads: rent 50, doubled 100
        _chance(g, chance, card)
        assert g.players[0].position == railroad
        assert g.players[0].cash == 1500 + go - 100
        assert g.players[1].cash == 1500 + 100


@pytest.mark.parametrize("chance,railroad,go", [(7, 15, 0), (22, 25, 0), (36, 5, 200)])
def test_nearest_railroad_card_unowned_may_be_bought(chance: int, railroad: int, go: int) -> None:
    """docs/rules.md §5: nearest railroad card: unowned, the player may buy it from the bank."""
    g = new_game(2)
    _chance(g, chance, "chance_advance_to_nearest_railroad_1")
    assert g.players[0].position == railroad
    assert g.phase_name == "buy" and g.buy_square == railroad
    g.apply(0, "buy")
    assert g.owner[railroad] == 0
    assert g.players[0].cash == 1500 + go - 200


@pytest.mark.parametrize("chance,utility,go", [(7, 12, 0), (22, 28, 0), (36, 12, 200)])
def test_nearest_utility_card_charges_ten_times_a_fresh_throw(
    chance: int, utility: int, go: int
) -> None:
    """docs/rules.md §5: nearest utility card: owned: throw the dice, pay 10 x the throw."""
    g = new_game(2)
    give(g, 1, utility)  # one utility only: a normal visit would be 4 x
    events = _chance(g, chance, "chance_advance_to_nearest_utility", (5, 6))
    assert g.players[0].position == utility
    assert g.players[0].cash == 1500 + go - 110
    assert g.players[1].cash == 1500 + 110
    assert E.DiceRolled(0, 5, 6) in events


def test_nearest_utility_card_unowned_may_be_bought() -> None:
    """docs/rules.md §5: nearest utility card: unowned, the player may buy it from the bank."""
    g = new_game(2)
    _chance(g, 22, "chance_advance_to_nearest_utility")
    assert g.players[0].position == 28
    assert g.phase_name == "buy" and g.buy_square == 28
    g.apply(0, "buy")
    assert g.players[0].cash == 1500 - 150


def test_go_back_3_from_36_lands_on_community_chest_and_draws() -> None:
    """docs/rules.md §5: "go back 3 spaces" from Chance 36 lands on Community Chest 33 and draws."""
    g = new_game(2)
    stack_deck(g, "community_chest", "community_chest_bank_error")
    events = _chance(g, 36, "chance_go_back_3_spaces")
    assert g.players[0].position == 33
    assert E.CardDrawn(0, "community_chest", "community_chest_bank_error") in events
    assert g.players[0].cash == 1700  # the chest card's 200, and no GO salary


def test_go_back_3_from_7_lands_on_income_tax() -> None:
    """docs/rules.md §5: "go back 3 spaces" from Chance 7 lands on Income Tax (4) and pays 200."""
    g = new_game(2)
    events = _chance(g, 7, "chance_go_back_3_spaces")
    assert g.players[0].position == 4
    assert g.players[0].cash == 1300
    assert E.Paid(0, BANK, 200, "tax") in events


def test_go_back_3_from_22_lands_on_new_york_avenue() -> None:
    """docs/rules.md §5: "go back 3 spaces" from Chance 22 lands on New York Avenue (19)."""
    g = new_game(2)
    give(g, 1, 19)
    _chance(g, 22, "chance_go_back_3_spaces")
    assert g.players[0].position == 19
    assert g.players[0].cash == 1500 - 16


# ------------------------------------------------------------------ money cards


def test_chairman_of_the_board_pays_each_player_50() -> None:
    """docs/rules.md §5: "pay each player 50": the drawer pays 50 to every other player."""
    g = new_game(4)
    _chance(g, 7, "chance_chairman_of_the_board")
    assert [p.cash for p in g.players] == [1500 - 150, 1550, 1550, 1550]


def test_birthday_collects_10_from_each_player() -> None:
    """docs/rules.md §5: "collect 10 from each player": every other player pays the drawer 10."""
    g = new_game(4)
    _draw(g, 17, "community_chest", "community_chest_birthday")
    assert [p.cash for p in g.players] == [1530, 1490, 1490, 1490]


def test_general_repairs_25_per_house_100_per_hotel() -> None:
    """docs/rules.md §5: Chance general repairs: 25 per house, 100 per hotel."""
    g = new_game(2)
    give(g, 0, 1, 3, 6, 8, 9)
    set_levels(g, s1=4, s3=5, s6=2, s8=2, s9=1)  # 9 houses, 1 hotel
    _chance(g, 7, "chance_general_repairs")
    assert g.players[0].cash == 1500 - (9 * 25 + 100)


def test_street_repairs_40_per_house_115_per_hotel() -> None:
    """docs/rules.md §5: Community Chest street repairs: 40 per house, 115 per hotel."""
    g = new_game(2)
    give(g, 0, 1, 3, 6, 8, 9)
    set_levels(g, s1=4, s3=5, s6=2, s8=2, s9=1)
    _draw(g, 17, "community_chest", "community_chest_street_repairs")
    assert g.players[0].cash == 1500 - (9 * 40 + 115)


def test_repairs_with_no_buildings_cost_nothing() -> None:
    """docs/rules.md §5: repairs with no houses or hotels cost nothing."""
    g = new_game(2)
    give(g, 0, 1, 3)
    _chance(g, 7, "chance_general_repairs")
    assert g.players[0].cash == 1500


@pytest.mark.parametrize(
    "card,delta",
    [("chance_speeding_fine", -15), ("chance_building_loan_matures", 150)],
)
def test_pay_and_collect_cards_move_exact_amounts(card: str, delta: int) -> None:
    """docs/rules.md §5: pay / collect cards move the printed amount to or from the bank."""
    g = new_game(2)
    _chance(g, 22, card)
    assert g.players[0].cash == 1500 + delta
    assert g.players[1].cash == 1500
