"""docs/rules.md §12: the presets, and the rule set's validation of every option."""

from __future__ import annotations

import dataclasses

import pytest

from monopoly.board.errors import RulesError
from monopoly.board.options import (
    PRESET_OPTIONS,
    PRESETS,
    RuleSet,
    option_names,
    option_section,
    preset,
)


def test_presets_are_exactly_those_of_section_12() -> None:
    """docs/rules.md §12 lists classic, czech, short, timed, tournament, house."""
    assert PRESETS == ("classic", "czech", "short", "timed", "tournament", "house")


def test_classic_is_the_defaults() -> None:
    """docs/rules.md §12: classic is the defaults of §1-§11."""
    assert preset("classic") == RuleSet()
    assert RuleSet().changed() == {}


def test_czech_preset() -> None:
    """docs/rules.md §12 czech: luxury tax 75, income tax choice, 2nd bankruptcy, build on
    landing; the salary before the first move (§2.3) and every estate to the bank (§9.9)."""
    r = preset("czech")
    assert r.go_salary_at_start is True
    assert r.bankrupt_estate_to_bank is True
    assert r.luxury_tax == 75
    assert r.income_tax_choice is True
    assert (r.end, r.end_bankruptcies) == ("bankruptcies", 2)
    assert r.build_only_on_landing is True
    assert r.counts_net_worth


def test_short_preset() -> None:
    """docs/rules.md §12 short: 2 dealt paid deeds, hotel after 3 houses, 2nd bankruptcy ends;
    §9: the short game's bankrupt hands buildings to the creditor."""
    r = preset("short")
    assert (r.starting_properties, r.starting_properties_paid) == (2, True)
    assert r.houses_for_hotel == 3
    assert (r.end, r.end_bankruptcies) == ("bankruptcies", 2)
    assert r.bankrupt_buildings_to_creditor is True


def test_timed_preset() -> None:
    """docs/rules.md §12 timed: 2 dealt paid deeds, a time limit, the richest wins."""
    r = preset("timed")
    assert (r.starting_properties, r.starting_properties_paid) == (2, True)
    assert r.end == "time_limit" and r.time_limit_minutes is not None


def test_tournament_preset() -> None:
    """docs/rules.md §12 tournament: 3 dealt deeds (free), sealed bids, jail card cap 50,
    45 minutes, 30-second negotiations."""
    r = preset("tournament")
    assert (r.starting_properties, r.starting_properties_paid) == (3, False)
    assert r.auction == "sealed"
    assert r.jail_card_max_price == 50
    assert (r.end, r.time_limit_minutes) == ("time_limit", 45)
    assert r.negotiation_seconds == 30
    assert r.first_player == "fixed"  # TOUR: play starts left of the banker


def test_house_preset_switches_every_house_rule() -> None:
    """docs/rules.md §12 house: the RU house rules, each also a separate option (§3, §4, §6,
    §7, §8, §9)."""
    r = preset("house")
    assert r.no_rent_in_jail and r.buy_after_first_lap and r.free_parking_pot
    assert r.player_loans and r.bankrupt_stays and r.build_before_rolling
    assert r.houses_per_turn == 1 and r.two_player_no_fine_jail
    for name in PRESET_OPTIONS["house"]:
        alone = RuleSet().with_options(**{name: PRESET_OPTIONS["house"][name]})
        assert alone.changed() == {name: PRESET_OPTIONS["house"][name]}


def test_a_preset_is_a_starting_point() -> None:
    """docs/rules.md §12: every option can be set one by one on top of a preset."""
    r = preset("tournament", auction="open", starting_properties=1)
    assert r.auction == "open" and r.starting_properties == 1
    assert r.jail_card_max_price == 50


def test_unknown_preset_is_an_error_naming_it() -> None:
    with pytest.raises(RulesError, match="bogus"):
        preset("bogus")


def test_unknown_option_is_an_error_naming_it() -> None:
    with pytest.raises(RulesError, match="no_such_rule"):
        preset("short", no_such_rule=1)
    with pytest.raises(RulesError, match="frobnicate"):
        RuleSet.from_dict({"frobnicate": True})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("starting_properties", 15),
        ("starting_properties", -1),
        ("houses_for_hotel", 5),
        ("auction", "dutch"),
        ("end", "sudden_death"),
        ("end_bankruptcies", 0),
        ("jail_card_max_price", -5),
        ("houses_per_turn", 0),
        ("negotiation_seconds", 0),
        ("income_tax_percent", 101),
        ("building_sell_percent", 101),
        ("first_player", "random"),
    ],
)
def test_value_out_of_range_is_an_error_naming_the_option(name: str, value: object) -> None:
    with pytest.raises(RulesError, match=name):
        RuleSet().with_options(**{name: value})


@pytest.mark.parametrize(
    ("name", "value"),
    [("free_parking_pot", 1), ("starting_properties", True), ("auction", 3), ("turn_limit", "9")],
)
def test_wrong_types_are_errors(name: str, value: object) -> None:
    with pytest.raises(RulesError, match=name):
        RuleSet().with_options(**{name: value})


@pytest.mark.parametrize(
    ("end", "needed"),
    [("time_limit", "time_limit_minutes"), ("turn_limit", "turn_limit"),
     ("target_worth", "target_worth")],
)
def test_an_end_needs_its_parameter(end: str, needed: str) -> None:
    """docs/rules.md §11: a time limit, a turn limit or a target worth needs its value."""
    with pytest.raises(RulesError, match=needed):
        RuleSet(end=end)


def test_every_option_cites_a_section() -> None:
    """Every option names the docs/rules.md section it comes from."""
    for name in option_names():
        assert option_section(name), name
    assert len(option_names()) == len(dataclasses.fields(RuleSet))


def test_round_trip_through_dict() -> None:
    for name in PRESETS:
        r = preset(name)
        assert RuleSet.from_dict(r.to_dict()) == r
