"""The Deal conformance harness (docs/architecture.md: tests that prove something)."""

from __future__ import annotations

import pytest

from monopoly.deal.game import Game
from monopoly.deal.options import DealRules
from monopoly.deal.testing import arrange
from monopoly.lab.deal.conformance import (
    RULE_VARIANTS,
    check_buildings,
    check_cards,
    check_outcome,
    check_views,
    play_one,
    run_conformance,
)


def test_random_games_conform_for_every_variant_and_table_size() -> None:
    """docs/architecture.md: random legal play from fixed seeds for every rule variant, 2-5 players:
    no violation, no error (docs/deal-rules.md § Turn, § Paying, § Actions, § End)."""
    result = run_conformance(2 * len(RULE_VARIANTS), seed=1)
    assert result["violations"] == 0 and result["errors"] == 0, result["details"]
    assert result["games"] == 16 and result["wins"] + result["draws"] == 16
    assert result["actions"] > 1000


@pytest.mark.parametrize("players", [2, 5])
def test_official_rules_conform(players: int) -> None:
    """docs/deal-rules.md: the official rules at the smallest and largest tables."""
    result = run_conformance(3, seed=2, players=players, options={})
    assert (result["violations"], result["errors"]) == (0, 0), result["details"]


def test_card_check_catches_a_lost_card() -> None:
    """docs/deal-rules.md § Deck: all 106 cards are somewhere exactly once; the check sees a
    loss."""
    g = Game(2, 0, DealRules())
    assert check_cards(g) is None
    g.draw.pop()
    assert "not exactly once" in (check_cards(g) or "")


def test_building_check_catches_a_house_on_a_broken_set() -> None:
    """docs/deal-rules.md § Deck: buildings only on full sets other than railroads and utilities."""
    g = arrange(piles={0: {"green": ["pacific_avenue"]}}, buildings={0: {"green": ["house"]}})
    assert "not full" in (check_buildings(g) or "")
    g = arrange(piles={0: {"utility": ["water_works", "electric_company"]}},
                buildings={0: {"utility": ["house"]}})
    assert "building on utility" in (check_buildings(g) or "")


def test_view_and_outcome_checks_fail_when_they_should() -> None:
    """docs/deal-rules.md § Players and § End: the view and outcome checks are not vacuous."""
    g = Game(2, 0, DealRules())
    g.hands[0].append(g.draw.pop())  # the location tables now disagree with the hand
    assert check_cards(g) is not None
    assert check_outcome(Game(2, 0, DealRules())) == "end: a finished game without an outcome"
    assert check_views(Game(2, 0, DealRules())) is None


def test_play_one_reports_problems() -> None:
    """The harness plays to the end and returns its game."""
    problems, g = play_one(3, 0)
    assert problems == [] and g.is_over and len(g.history) > 0
