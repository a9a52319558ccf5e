"""docs/rules.md §11 (end of the game), one test per rule, money checked exactly."""

from __future__ import annotations

import pytest

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.errors import IllegalActionError
from monopoly.board.game import BANK, Game
from monopoly.board.testing import give, new_game, rig_dice, set_levels


def _go_broke_on_boardwalk(g: Game, seat: int, owner: int) -> list[E.Event]:
    """`seat` (on turn, 10 in cash, nothing to sell) lands on `owner`'s Boardwalk hotel."""
    assert g.pending == seat and g.phase_name == "pre_roll"
    g.players[seat].cash = 10
    g.players[seat].position = 36
    rig_dice(g, (1, 2))
    g.apply(seat, "roll")
    assert g.debts and g.debts[0].debtor == seat and g.debts[0].creditor == owner
    assert g.debts[0].amount == 2000
    assert g.legal_actions(seat)[0] == A.DECLARE_BANKRUPTCY
    return g.apply(seat, "bankrupt")


def test_last_player_not_bankrupt_wins() -> None:
    """docs/rules.md §11: end=last_player (default): the last player not bankrupt wins."""
    g = new_game(3)
    assert g.rules.end == "last_player"
    give(g, 2, 37, 39)
    set_levels(g, s37=5, s39=5)
    _go_broke_on_boardwalk(g, 0, 2)
    assert g.players[0].bankrupt
    assert not g.is_over and g.outcome is None  # two players left: play on
    assert g.turn_player == 1
    events = _go_broke_on_boardwalk(g, 1, 2)
    assert g.is_over
    assert g.pending is None
    out = g.outcome
    assert out is not None
    assert out.reason == "last_player"
    assert out.winner == 2
    assert out.ranking == (2, 1, 0)  # the survivor, then the bankrupt, latest first
    assert E.GameOver("last_player", 2, (2, 1, 0)) in events
    for seat in range(3):
        assert g.legal_actions(seat) == []


def test_outcome_ranking_by_net_worth() -> None:
    """docs/rules.md §11: when the game is stopped, the players are ranked by net worth."""
    g = new_game(3, turn_limit=1)
    g.players[0].cash = 1000
    g.players[1].cash = 900
    g.players[2].cash = 1100
    give(g, 0, 3)
    give(g, 1, 39)  # 900 + 400 = 1300
    give(g, 2, 5)
    g.mortgaged[5] = True  # 1100 + 100 = 1200
    rig_dice(g, (1, 2))
    g.apply(0, "roll")
    g.apply(0, "end")
    out = g.outcome
    assert out is not None
    assert out.net_worth == (1060, 1300, 1200)
    assert out.ranking == (1, 2, 0)


def test_net_worth_formula() -> None:
    """docs/rules.md §11: net worth = cash + printed price of each unmortgaged property + half the
    price of a mortgaged one + buildings at cost (a hotel counts its houses too) - debts."""
    g = new_game(2)
    g.players[0].cash = 1000
    give(g, 0, 1, 3, 5, 12, 37, 39)
    set_levels(g, s1=4, s3=5)  # brown houses cost 50: 4 houses 200, hotel 5 x 50 = 250
    g.mortgaged[5] = True  # Reading Railroad 200, mortgaged: 100
    g.mortgaged[37] = True  # Park Place 350, mortgaged: 175
    expected = 1000 + (60 + 200) + (60 + 250) + 100 + 150 + 175 + 400
    assert g.net_worth(0) == expected == 2395
    assert g.net_worth(1) == 1500
    assert g.view(0).players[0].net_worth == 2395


def test_net_worth_subtracts_debts() -> None:
    """docs/rules.md §11: net worth subtracts what the player owes (an unpaid rent debt)."""
    g = new_game(2)
    give(g, 1, 37, 39)
    set_levels(g, s37=5, s39=5)
    give(g, 0, 6, 8, 9)  # 320 at price; mortgage value 160
    g.players[0].cash = 100
    g.players[0].position = 36
    rig_dice(g, (1, 2))
    g.apply(0, "roll")
    assert len(g.debts) == 1 and g.debts[0].amount == 2000
    assert g.players[0].cash == 100  # nothing paid yet: a debt instead
    assert g.net_worth(0) == 100 + 320 - 2000


def test_turn_limit_ends_the_game_with_no_winner() -> None:
    """docs/rules.md §11: option turn_limit: the game stops after n turns, reason turn_limit, no
    winner, players ranked by net worth."""
    g = new_game(2, turn_limit=3)
    give(g, 0, 3, 8)
    rig_dice(g, (1, 2), (1, 2), (2, 3))
    g.apply(0, "roll")  # -> 3, own
    g.apply(0, "end")
    g.apply(1, "roll")  # -> 3, pays 4 rent
    g.apply(1, "end")
    assert g.outcome is None
    g.apply(0, "roll")  # -> 8, own
    events = g.apply(0, "end")
    assert g.is_over
    assert g.phase_name == "over"
    assert g.pending is None
    out = g.outcome
    assert out is not None
    assert out.reason == "turn_limit"
    assert out.winner is None
    assert out.net_worth == (1504 + 60 + 100, 1496)
    assert out.ranking == (0, 1)
    assert E.GameOver("turn_limit", None, (0, 1)) in events
    assert g.legal_actions(0) == [] and g.legal_actions(1) == []
    with pytest.raises(IllegalActionError):
        g.apply(1, "roll")


def test_no_turn_limit_by_default() -> None:
    """docs/rules.md §11: turn_limit is an option for simulations; by default play goes on."""
    g = new_game(2)
    assert g.rules.turn_limit is None
    give(g, 0, 3)
    give(g, 1, 8)
    for _ in range(5):
        rig_dice(g, (1, 2))
        g.players[0].position = 0
        g.apply(0, "roll")
        g.apply(0, "end")
        rig_dice(g, (3, 5))
        g.players[1].position = 0
        g.apply(1, "roll")
        g.apply(1, "end")
    assert not g.is_over and g.outcome is None
    assert g.turn_number == 11
    assert g.owner[3] == 0 and g.owner[8] == 1 and BANK not in (g.owner[3], g.owner[8])
