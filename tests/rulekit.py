"""Helpers shared by the rule tests (tests/test_rules_*.py)."""

from __future__ import annotations

from monopoly.board.game import Game
from monopoly.board.testing import give, new_game, set_levels
from monopoly.board.testing import roll_from as _roll_to
from monopoly.board.testing import set_cash as _set_cash
from monopoly.lab.board.conformance import check_position


def assert_ok(g: Game) -> None:
    """Every invariant of the conformance harness holds in `g`."""
    assert check_position(g) == []


def bankrupt_to_player(**rules: object) -> Game:
    """Seat 1 (Mediterranean + Baltic with 1 house each, 10 cash) lands on seat 2's
    Boardwalk hotel and goes bankrupt to seat 2."""
    g = new_game(3, **rules)
    give(g, 2, 37, 39)
    set_levels(g, s37=5, s39=5)
    give(g, 1, 1, 3)
    set_levels(g, s1=1, s3=1)
    _set_cash(g, 1, 10)
    g.turn_player = 1
    _roll_to(g, 1, 35, 1, 3)
    g.apply(1, "bankrupt")
    return g
