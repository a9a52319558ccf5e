"""docs/rules.md §6 Taxes: Income Tax and Luxury Tax, with the amount options."""

from __future__ import annotations

from monopoly.board import events as E
from monopoly.board.actions import END_TURN, ROLL
from monopoly.board.game import Game
from monopoly.board.testing import new_game, rig_dice

INCOME_TAX = 4
LUXURY_TAX = 38


def land_on(game: Game, seat: int, square: int, start: int) -> list[E.Event]:
    """Put `seat` on `start` and roll the throw that reaches `square` (not doubles)."""
    steps = (square - start) % 40
    assert 3 <= steps <= 11
    d1 = 1 if steps <= 7 else steps - 6
    game.players[seat].position = start
    rig_dice(game, (d1, steps - d1))
    events = game.apply(seat, ROLL)
    assert game.players[seat].position == square
    return events


def tax_payments(events: list[E.Event]) -> list[E.Paid]:
    return [e for e in events if isinstance(e, E.Paid) and e.reason == "tax"]


def test_income_tax_is_a_flat_200() -> None:
    """docs/rules.md §6: Income Tax costs a flat 200 by default (the edition's printed amount)."""
    g = new_game(2)
    events = land_on(g, 0, INCOME_TAX, start=0)
    assert g.players[0].cash == 1300
    assert tax_payments(events) == [E.Paid(0, E.BANK, 200, "tax")]
    assert g.players[1].cash == 1500
    assert g.phase_name == "post_roll"
    assert END_TURN in g.legal_actions(0)


def test_luxury_tax_is_100() -> None:
    """docs/rules.md §6: Luxury Tax costs 100 by default."""
    g = new_game(2)
    events = land_on(g, 0, LUXURY_TAX, start=33)
    assert g.players[0].cash == 1400
    assert tax_payments(events) == [E.Paid(0, E.BANK, 100, "tax")]


def test_income_tax_option_overrides_the_printed_amount() -> None:
    """docs/rules.md §6: option `income_tax` replaces the printed 200; Luxury Tax is unchanged."""
    g = new_game(2, income_tax=150)
    events = land_on(g, 0, INCOME_TAX, start=0)
    assert g.players[0].cash == 1350
    assert tax_payments(events) == [E.Paid(0, E.BANK, 150, "tax")]
    g.apply(0, END_TURN)
    land_on(g, 1, LUXURY_TAX, start=33)
    assert g.players[1].cash == 1400


def test_luxury_tax_option_overrides_the_printed_amount() -> None:
    """docs/rules.md §6: option `luxury_tax` (75 in CZ) replaces the printed 100; Income Tax is
    unchanged."""
    g = new_game(2, luxury_tax=75)
    events = land_on(g, 0, LUXURY_TAX, start=33)
    assert g.players[0].cash == 1425
    assert tax_payments(events) == [E.Paid(0, E.BANK, 75, "tax")]
    g.apply(0, END_TURN)
    land_on(g, 1, INCOME_TAX, start=0)
    assert g.players[1].cash == 1300


def test_zero_tax_option_charges_nothing() -> None:
    """docs/rules.md §6: a tax option of 0 makes the square free (no payment at all)."""
    g = new_game(2, income_tax=0)
    events = land_on(g, 0, INCOME_TAX, start=0)
    assert g.players[0].cash == 1500
    assert tax_payments(events) == []
