"""docs/rules.md §4 (rent), one test per rule, money checked exactly."""

from __future__ import annotations

import pytest

from monopoly.board import events as E
from monopoly.board.game import Game
from monopoly.board.testing import give, new_game, rig_dice, set_levels


def _land(g: Game, target: int, dice: tuple[int, int] = (3, 4)) -> list[E.Event]:
    """Seat 0 rolls `dice` (not doubles) from just before `target`, without passing GO."""
    start = target - sum(dice)
    assert start >= 0 and dice[0] != dice[1]
    g.players[0].position = start
    rig_dice(g, dice)
    events = g.apply(0, "roll")
    assert g.players[0].position == target
    return events


def _rent_paid(g: Game, target: int, dice: tuple[int, int] = (3, 4)) -> int:
    """Land seat 0 on `target` and return what seat 0 paid (checked against seat 1's gain)."""
    c0, c1 = g.players[0].cash, g.players[1].cash
    _land(g, target, dice)
    paid = c0 - g.players[0].cash
    assert g.players[1].cash - c1 == paid
    return paid


def test_street_rent_is_the_base_rent() -> None:
    """docs/rules.md §4: street without the whole group or buildings: the deed's base rent."""
    g = new_game(2)
    give(g, 1, 9, 8)  # two of the three light blues
    events = _land(g, 9)
    assert g.players[0].cash == 1500 - 8
    assert g.players[1].cash == 1500 + 8
    assert E.Paid(0, 1, 8, "rent") in events


def test_double_rent_on_undeveloped_complete_group() -> None:
    """docs/rules.md §4: owner holds the whole colour group, no buildings: double the base rent."""
    g = new_game(2)
    give(g, 1, 6, 8, 9)
    assert _rent_paid(g, 9) == 16
    g2 = new_game(2)
    give(g2, 1, 37, 39)
    assert _rent_paid(g2, 39, (1, 2)) == 100


def test_double_rent_with_one_street_of_group_mortgaged_by_default() -> None:
    """docs/rules.md §4: option double_rent_with_mortgaged_in_group (default on): still double."""
    g = new_game(2)
    assert g.rules.double_rent_with_mortgaged_in_group is True
    give(g, 1, 6, 8, 9)
    g.mortgaged[6] = True
    assert _rent_paid(g, 9) == 16


def test_no_double_rent_with_mortgaged_street_when_option_off() -> None:
    """docs/rules.md §4: double_rent_with_mortgaged_in_group off (RU): a mortgaged street: no
    double."""
    g = new_game(2, double_rent_with_mortgaged_in_group=False)
    give(g, 1, 6, 8, 9)
    g.mortgaged[6] = True
    assert _rent_paid(g, 9) == 8
    # with nothing mortgaged the group still doubles under this option
    g2 = new_game(2, double_rent_with_mortgaged_in_group=False)
    give(g2, 1, 6, 8, 9)
    assert _rent_paid(g2, 9) == 16


@pytest.mark.parametrize("level,rent", [(1, 200), (2, 600), (3, 1400), (4, 1700), (5, 2000)])
def test_rent_with_houses_or_hotel(level: int, rent: int) -> None:
    """docs/rules.md §4: with houses or a hotel: the deed's rent for that level (Boardwalk)."""
    g = new_game(2)
    give(g, 1, 37, 39)
    set_levels(g, s37=min(level, 4), s39=level)
    g.players[0].cash = 5000
    assert _rent_paid(g, 39, (1, 2)) == rent


def test_rent_with_houses_not_doubled_for_group() -> None:
    """docs/rules.md §4: the whole-group doubling is only for undeveloped streets."""
    g = new_game(2)
    give(g, 1, 6, 8, 9)
    set_levels(g, s6=1, s8=1, s9=1)
    assert _rent_paid(g, 9) == 40


@pytest.mark.parametrize("count,rent", [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_railroad_rent_by_number_owned(count: int, rent: int) -> None:
    """docs/rules.md §4: railroads: 25 / 50 / 100 / 200 for 1-4 owned by the same owner."""
    g = new_game(2)
    give(g, 1, *[15, 5, 25, 35][:count])
    assert _rent_paid(g, 15) == rent


def test_railroads_of_different_owners_do_not_count_together() -> None:
    """docs/rules.md §4: railroad rent counts only those held by the same owner."""
    g = new_game(3)
    give(g, 1, 15, 5)
    give(g, 2, 25, 35)
    assert _rent_paid(g, 15) == 50


@pytest.mark.parametrize("dice", [(3, 4), (1, 2), (5, 6)])
def test_utility_rent_4x_throw_with_one(dice: tuple[int, int]) -> None:
    """docs/rules.md §4: utilities: 4 x the dice when the owner has one."""
    g = new_game(2)
    give(g, 1, 12)
    assert _rent_paid(g, 12, dice) == 4 * sum(dice)


@pytest.mark.parametrize("dice", [(3, 4), (1, 2), (5, 6)])
def test_utility_rent_10x_throw_with_both(dice: tuple[int, int]) -> None:
    """docs/rules.md §4: utilities: 10 x the dice when the owner has both."""
    g = new_game(2)
    give(g, 1, 12, 28)
    assert _rent_paid(g, 28, dice) == 10 * sum(dice)


@pytest.mark.parametrize("square", [9, 15, 12])
def test_no_rent_on_mortgaged_property(square: int) -> None:
    """docs/rules.md §4: mortgaged property (street, railroad, utility): no rent."""
    g = new_game(2)
    give(g, 1, 6, 8, 9, 15, 5, 12, 28)
    g.mortgaged[square] = True
    events = _land(g, square)
    assert g.players[0].cash == 1500
    assert g.players[1].cash == 1500
    assert not any(isinstance(e, E.Paid) for e in events)


def test_no_rent_on_own_property() -> None:
    """docs/rules.md §4: rent is paid to another owner; landing on your own costs nothing."""
    g = new_game(2)
    give(g, 0, 6, 8, 9)
    _land(g, 9)
    assert g.players[0].cash == 1500


def test_rent_collected_while_owner_in_jail_by_default() -> None:
    """docs/rules.md §4: default: rent is collected while the owner is in jail."""
    g = new_game(2)
    give(g, 1, 9)
    g.players[1].position = 10
    g.players[1].in_jail = True
    assert _rent_paid(g, 9) == 8
