"""The Deal rule set: typed options with official defaults (docs/deal-rules.md,
docs/architecture.md)."""

from __future__ import annotations

import pytest

from monopoly.deal import Game
from monopoly.deal.errors import DealError, DealRulesError
from monopoly.deal.options import DealRules, deal_preset, option_names, option_section


def test_official_defaults() -> None:
    """docs/deal-rules.md § Turn and § End: 5 dealt, draw 2 (5 when empty), 3 plays, 7 cards, 3
    sets;
    every *(silent)* point at docs/deal-rules.md's choice."""
    r = DealRules()
    assert (r.deal_size, r.draw_per_turn, r.draw_when_empty, r.plays_per_turn,
            r.hand_limit, r.sets_to_win) == (5, 2, 5, 3, 7, 3)
    assert r.discard_to == "draw_bottom"
    assert r.buildings_on_broken_set == "to_bank"
    assert r.received_buildings == "place"
    assert r.jsn_uses_play is False
    assert r.stack_double_rent is False
    assert r.deal_breaker_takes_extras is True
    assert r.win_on_owner_turn_only is False
    assert r.reshuffle_discard is True
    assert r.turn_cap == 0


def test_unknown_option_is_an_error() -> None:
    """docs/architecture.md: an unknown option is an error, never silently ignored."""
    with pytest.raises(DealRulesError, match="unknown option"):
        DealRules.from_dict({"sets_to_wim": 2})


@pytest.mark.parametrize(("name", "value", "message"), [
    ("sets_to_win", 0, "between 1 and 10"),
    ("hand_limit", 0, "between"),
    ("turn_cap", -1, "between"),
    ("discard_to", "fireplace", "one of draw_bottom, discard_pile"),
    ("jsn_uses_play", 1, "true or false"),
    ("plays_per_turn", "3", "an integer"),
    ("buildings_on_broken_set", "keep", "one of"),
])
def test_out_of_range_option_is_an_error(name: str, value: object, message: str) -> None:
    """Every option is validated: range, choices and type."""
    with pytest.raises(DealRulesError, match=message):
        DealRules.from_dict({name: value})


def test_one_set_quick_game_allowed() -> None:
    """docs/deal-rules.md § Source: sets_to_win also allows the seed's one-set quick game."""
    assert DealRules(sets_to_win=1).sets_to_win == 1
    assert deal_preset("quick").sets_to_win == 1
    with pytest.raises(DealRulesError, match="unknown preset"):
        deal_preset("turbo")


def test_every_option_names_its_section() -> None:
    """Each option cites the docs/deal-rules.md section it comes from."""
    for name in option_names():
        assert option_section(name) in {"Turn", "Deck", "Paying", "Actions", "End"}
    assert DealRules(turn_cap=5).changed() == {"turn_cap": 5}


@pytest.mark.parametrize("players", [1, 6])
def test_two_to_five_players(players: int) -> None:
    """docs/deal-rules.md § Players: 2 to 5 players."""
    with pytest.raises(DealError, match="2 to 5 players"):
        Game(players, 0, DealRules())
    for ok in (2, 5):
        assert Game(ok, 0, DealRules()).n == ok
