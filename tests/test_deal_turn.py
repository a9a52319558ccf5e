"""A Deal turn: deal, draw, plays, wildcards, end and discard (docs/deal-rules.md § Turn, § End)."""

from __future__ import annotations

import pytest

from monopoly.deal import Game, IllegalActionError
from monopoly.deal.actions import (
    END,
    Discard,
    DiscardTemplate,
    MoveWild,
    PlayBank,
    PlayPassGo,
    PlayProperty,
)
from monopoly.deal.options import DealRules
from monopoly.deal.position import DISCARD, P_BANK, P_DRAW, PLAY
from monopoly.deal.testing import arrange, card

GREEN, RAILROAD, PINK = 6, 8, 2


def test_deal_five_each_and_first_player_draws_two() -> None:
    """Seed (Setup) and docs/deal-rules.md § Turn 1: five cards each, then the first player draws
    2."""
    g = Game(4, 3, DealRules())
    assert [len(h) for h in g.hands] == [7, 5, 5, 5]
    assert len(g.draw) == 106 - 22
    assert g.pending == 0 and g.phase == PLAY


def test_draw_two_each_turn_clockwise() -> None:
    """docs/deal-rules.md § Turn 1 and seed: draw 2 a turn; play goes clockwise (seat order)."""
    g = arrange(players=3, hands={0: ["money_1"], 1: ["money_2"], 2: ["money_3"]})
    g.apply(0, END)
    assert g.turn_seat == 1 and len(g.hands[1]) == 3
    g.apply(1, END)
    assert g.turn_seat == 2 and len(g.hands[2]) == 3


def test_empty_hand_draws_five() -> None:
    """docs/deal-rules.md § Turn 1: a player whose hand is empty draws 5 instead."""
    g = arrange(hands={0: ["money_1"]})
    g.apply(0, END)
    assert len(g.hands[1]) == 5


def test_at_most_three_plays() -> None:
    """docs/deal-rules.md § Turn 2: play 0 to 3 cards."""
    g = arrange(hands={0: ["money_1", "money_2", "money_3", "money_4"]})
    for key in ("money_1", "money_2", "money_3"):
        g.apply(0, PlayBank(card(g, key)))
    assert g.plays_left == 0
    with pytest.raises(IllegalActionError, match="no plays left"):
        g.apply(0, PlayBank(card(g, "money_4")))
    assert g.legal_actions(0) == [END]


def test_zero_plays_then_end() -> None:
    """docs/deal-rules.md § Turn 2 and seed: a player may play nothing and pass."""
    g = arrange(hands={0: ["money_1"]})
    assert END in g.legal_actions(0)
    g.apply(0, END)
    assert g.turn_seat == 1


def test_banked_action_card_is_money_for_good() -> None:
    """docs/deal-rules.md § Turn 2: an action card banked is money; it never acts from the bank."""
    g = arrange(hands={0: ["deal_breaker", "rent_any"]})
    g.apply(0, PlayBank(card(g, "deal_breaker")))
    g.apply(0, PlayBank(card(g, "rent_any")))
    assert g.place[card(g, "deal_breaker")] == P_BANK
    assert g.worth(0) == 5 + 3


def test_properties_never_go_into_the_bank() -> None:
    """docs/deal-rules.md § Turn 2: properties never go into the bank."""
    g = arrange(hands={0: ["boardwalk", "wild_any"]})
    for key in ("boardwalk", "wild_any"):
        assert g.why_illegal(0, PlayBank(card(g, key))) == "properties never go into the bank"


def test_wildcard_played_in_a_colour_it_has() -> None:
    """docs/deal-rules.md § Turn 2: a wildcard goes to the collection in a colour of the player's
    choice among its own; the any-colour wild takes any colour."""
    g = arrange(hands={0: ["wild_green_railroad", "wild_any"]})
    wild = card(g, "wild_green_railroad")
    assert not g.is_legal(0, PlayProperty(wild, PINK))
    g.apply(0, PlayProperty(wild, RAILROAD))
    assert g.piles[0][RAILROAD] == [wild]
    g.apply(0, PlayProperty(card(g, "wild_any"), PINK))
    assert g.piles[0][PINK] == [card(g, "wild_any")]


def test_moving_wildcards_is_free_on_own_turn() -> None:
    """docs/deal-rules.md § Turn 3: moving or turning your own wildcards during your turn is
    free."""
    g = arrange(piles={0: {"green": ["wild_green_railroad"]}, 1: {"pink": ["wild_pink_orange"]}})
    wild = card(g, "wild_green_railroad")
    g.apply(0, MoveWild(wild, RAILROAD))
    g.apply(0, MoveWild(wild, GREEN))
    assert g.plays_left == 3 and g.piles[0][GREEN] == [wild]
    assert not g.is_legal(0, MoveWild(card(g, "wild_pink_orange"), 3))  # not mine
    assert not g.is_legal(0, MoveWild(card(g, "pacific_avenue"), GREEN))  # not a wild


def test_only_the_player_on_turn_moves_wildcards() -> None:
    """docs/deal-rules.md § Turn 3: during *your* turn."""
    g = arrange(piles={1: {"green": ["wild_green_railroad"]}})
    assert "seat 0's decision" in (g.why_illegal(1, MoveWild(card(g, "wild_green_railroad"),
                                                             RAILROAD)) or "")


def test_discard_down_to_seven_under_the_draw_pile() -> None:
    """docs/deal-rules.md § Turn 4: discard down to 7; the extras go under the draw pile."""
    keys = ["money_1"] * 6 + ["money_2"] * 3
    g = arrange(hands={0: keys})
    g.apply(0, END)
    assert g.phase == DISCARD and g.pending == 0
    [entry] = g.legal_actions(0)
    assert isinstance(entry, DiscardTemplate) and entry.count == 2
    a, b = card(g, "money_2"), card(g, "money_2", 1)
    assert not g.is_legal(0, Discard((a,)))
    g.apply(0, Discard((a, b)))
    assert len(g.hands[0]) == 7
    assert set(g.draw[:2]) == {a, b} and g.place[a] == P_DRAW
    assert g.turn_seat == 1


def test_discard_option_discard_pile() -> None:
    """docs/deal-rules.md § Turn 4, option discard_to: the discard pile instead."""
    g = arrange(DealRules(discard_to="discard_pile"), hands={0: ["money_1"] * 6 + ["money_2"] * 2})
    g.apply(0, END)
    g.apply(0, Discard((card(g, "money_2"),)))
    assert g.discard[-1] == card(g, "money_2")


def test_empty_draw_pile_reshuffles_the_discard_pile() -> None:
    """docs/deal-rules.md § End (silent): draw pile empty, the discard pile shuffled is the new
    one."""
    g = arrange(hands={0: ["pass_go"]}, draw_size=1)
    g.apply(0, PlayPassGo(card(g, "pass_go")))
    assert len(g.hands[0]) == 2  # one from the draw pile, one after the reshuffle
    assert g.discard == []


def test_both_piles_empty_draw_what_exists() -> None:
    """docs/deal-rules.md § End: if both piles are empty, draw what exists."""
    g = arrange(DealRules(reshuffle_discard=False), hands={0: ["pass_go"]}, draw_size=1)
    g.apply(0, PlayPassGo(card(g, "pass_go")))
    assert len(g.hands[0]) == 1 and g.draw == []
    assert g.events is not None and g.events[-1].to_dict() == {"kind": "drew", "player": 0,
                                                              "count": 1}


def test_first_player_option_random() -> None:
    """Seed (Setup): no official way to choose the first player; option first_player."""
    firsts = {Game(4, s, DealRules(first_player="random")).turn_seat for s in range(12)}
    assert len(firsts) > 1
    assert {Game(4, s, DealRules()).turn_seat for s in range(5)} == {0}


def test_moving_a_wild_out_of_a_full_set_sends_its_buildings_to_the_bank() -> None:
    """docs/deal-rules.md § Turn 3 and § Paying (silent): a set that stops being full, here by a
    free
    wildcard move, loses its buildings to the owner's bank."""
    g = arrange(piles={0: {"green": ["pacific_avenue", "north_carolina_avenue",
                                     "wild_green_railroad"]}},
                buildings={0: {"green": ["house", "hotel"]}})
    g.apply(0, MoveWild(card(g, "wild_green_railroad"), RAILROAD))
    assert g.house[0][GREEN] == -1 and g.hotel[0][GREEN] == -1
    assert sorted(g.banks[0]) == sorted([card(g, "house"), card(g, "hotel")])


def test_only_the_pending_seat_has_legal_actions() -> None:
    """docs/architecture.md: legal_actions is the single source of legality; nobody else may act."""
    g = arrange(players=3, hands={0: ["money_1"]})
    assert g.legal_actions(1) == [] and g.legal_actions(2) == []
    assert g.pending_seats() == [0]
