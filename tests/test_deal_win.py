"""The end of a Deal game (docs/deal-rules.md § End)."""

from __future__ import annotations

from monopoly.deal.actions import ACCEPT, END, Discard, MoveWild, PlayForced, PlayProperty
from monopoly.deal.game import Game
from monopoly.deal.options import DealRules
from monopoly.deal.position import OVER
from monopoly.deal.testing import arrange, card

BROWN, LIGHT_BLUE, PINK, ORANGE, RED, YELLOW, GREEN, DARK_BLUE, RAILROAD, UTILITY = range(10)
TWO_SETS = {"dark_blue": ["park_place", "boardwalk"],
            "utility": ["water_works", "electric_company"]}


def test_three_full_sets_of_different_colours_win_at_once() -> None:
    """docs/deal-rules.md § End: the first to hold 3 full sets of different colours wins, checked
    after
    every action and awarded at once."""
    g = arrange(hands={0: ["mediterranean_avenue", "money_1"]},
                piles={0: {**TWO_SETS, "brown": ["baltic_avenue"]}}, banks={1: ["money_10"]})
    g.apply(0, PlayProperty(card(g, "mediterranean_avenue"), BROWN))
    assert g.phase == OVER and g.outcome is not None
    assert (g.outcome.reason, g.outcome.winner, g.outcome.ranking) == ("win", 0, (0, 1))
    assert g.legal_actions(0) == [] and g.pending is None
    assert g.events is not None and g.events[-1].kind == "game_over"


def test_extras_do_not_make_a_second_set() -> None:
    """docs/deal-rules.md § End: full sets of *different* colours; extras stay in the same pile."""
    g = arrange(piles={0: {**TWO_SETS, "dark_blue": ["park_place", "boardwalk",
                                                     "wild_dark_blue_green"]}})
    assert g.full_sets(0) == 2


def test_any_colour_wilds_alone_are_not_a_set() -> None:
    """docs/deal-rules.md § Actions: an any-colour wild alone is not a set."""
    g = arrange(hands={0: ["money_1"]}, piles={0: {**TWO_SETS, "brown": ["wild_any", "wild_any"]}})
    assert not g.is_full(0, BROWN) and g.full_sets(0) == 2
    g.apply(0, END)
    assert not g.is_over


def test_win_by_moving_a_wildcard() -> None:
    """docs/deal-rules.md § End: checked after every action, a free wildcard move too."""
    g = arrange(piles={0: {**TWO_SETS, "green": ["pacific_avenue", "north_carolina_avenue"],
                           "dark_blue": ["park_place", "boardwalk", "wild_dark_blue_green"]}})
    g.apply(0, MoveWild(card(g, "wild_dark_blue_green"), GREEN))
    assert g.outcome is not None and g.outcome.winner == 0


def test_off_turn_win_awarded_at_once() -> None:
    """docs/deal-rules.md § End: awarded at once, even to a player not on turn (a Forced Deal)."""
    g = arrange(hands={0: ["forced_deal"]},
                piles={0: {"brown": ["mediterranean_avenue"]},
                       1: {**TWO_SETS, "brown": ["baltic_avenue"], "green": ["pacific_avenue"]}})
    g.apply(0, PlayForced(card(g, "forced_deal"), card(g, "mediterranean_avenue"),
                          card(g, "pacific_avenue")))
    g.apply(1, ACCEPT)
    assert g.outcome is not None and g.outcome.winner == 1


def test_owner_turn_only_option() -> None:
    """docs/deal-rules.md § End, option win_on_owner_turn_only: an off-turn win waits for the
    owner's
    turn."""
    g = arrange(DealRules(win_on_owner_turn_only=True), hands={0: ["forced_deal"]},
                piles={0: {"brown": ["mediterranean_avenue"]},
                       1: {**TWO_SETS, "brown": ["baltic_avenue"], "green": ["pacific_avenue"]}})
    g.apply(0, PlayForced(card(g, "forced_deal"), card(g, "mediterranean_avenue"),
                          card(g, "pacific_avenue")))
    g.apply(1, ACCEPT)
    assert not g.is_over
    g.apply(0, END)
    assert g.outcome is not None and g.outcome.winner == 1


def test_one_set_quick_game() -> None:
    """docs/deal-rules.md § Source: option sets_to_win 1, the seed's one-set game."""
    g = arrange(DealRules(sets_to_win=1), hands={0: ["boardwalk"]},
                piles={0: {"dark_blue": ["park_place"]}})
    g.apply(0, PlayProperty(card(g, "boardwalk"), DARK_BLUE))
    assert g.outcome is not None and g.outcome.winner == 0


def test_turn_cap_draw_ranked_by_bank_and_property_value() -> None:
    """docs/deal-rules.md § End and seed: a turn cap ends the game as a draw; the results rank the
    players by the value of their bank and properties."""
    g = arrange(DealRules(turn_cap=2), players=3, hands={0: ["money_1"], 1: ["money_1"]},
                banks={1: ["money_2"], 2: ["money_10"]},
                piles={1: {"dark_blue": ["boardwalk"]}})
    g.apply(0, END)
    g.apply(1, END)
    assert g.outcome is not None
    assert g.outcome.reason == "turn_cap" and g.outcome.winner is None
    assert g.outcome.ranking == (2, 1, 0) and g.outcome.worth == (0, 6, 10)


def test_results_rank_the_others_after_the_winner() -> None:
    """Seed (Winning): the winner first, then the others by total property and money."""
    g = arrange(players=4, hands={0: ["mediterranean_avenue"]},
                piles={0: {**TWO_SETS, "brown": ["baltic_avenue"]}},
                banks={1: ["money_1"], 2: ["money_5"], 3: ["money_5", "money_1"]})
    g.apply(0, PlayProperty(card(g, "mediterranean_avenue"), BROWN))
    assert g.outcome is not None and g.outcome.ranking == (0, 3, 2, 1)
    assert g.outcome.to_dict()["worth"] == [14, 1, 5, 6]


def test_a_finished_game_takes_no_action() -> None:
    """docs/deal-rules.md § End: after the win nothing more is legal."""
    g = arrange(DealRules(sets_to_win=1), hands={0: ["boardwalk", "money_1"]},
                piles={0: {"dark_blue": ["park_place"]}})
    g.apply(0, PlayProperty(card(g, "boardwalk"), DARK_BLUE))
    assert g.why_illegal(0, Discard((card(g, "money_1"),))) == "the game is over"


def test_random_games_end() -> None:
    """docs/deal-rules.md § End: games between greedy players end with a winner."""
    from monopoly.deal.players import greedy_action

    for seed in range(5):
        g = Game(2 + seed % 4, seed, DealRules(turn_cap=500), events=False)
        while not g.is_over:
            seat = g.pending
            assert seat is not None
            g.apply(seat, greedy_action(g, seat))
        assert g.outcome is not None and g.outcome.reason == "win"
