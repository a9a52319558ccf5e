"""The rule options of docs/rules.md §11 (the end of the game), the table's clocks (§9,
§11) and the numeric options: one test (or a few) per option, each citing its section,
money and ownership checked exactly (§1-§9: tests/test_rules_variants.py)."""

from __future__ import annotations

import pytest

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.clocks import StepClock, TableClock
from monopoly.board.errors import IllegalActionError
from monopoly.board.game import BANK, TABLE, Game
from monopoly.board.options import preset
from monopoly.board.record import record_lines, replay, state_hash
from monopoly.board.testing import give, new_game, rig_dice, set_levels
from monopoly.board.testing import roll_from as _roll_to
from monopoly.board.testing import set_cash as _set_cash
from rulekit import assert_ok, bankrupt_to_player

# --------------------------------------------------------------------- §11 the end


def test_end_at_the_nth_bankruptcy_richest_wins() -> None:
    """docs/rules.md §11 `bankruptcies` (CZ: the 2nd): the others count net worth."""
    g = bankrupt_to_player(end="bankruptcies", end_bankruptcies=1)
    assert g.is_over and g.outcome is not None
    assert g.outcome.reason == "bankruptcies"
    assert g.outcome.winner == 2 and g.outcome.ranking == (2, 0, 1)


def test_time_called_before_the_roll_ends_the_game_at_once() -> None:
    """docs/rules.md §11 `time_limit`: when time is called, assets are counted."""
    g = new_game(3, end="time_limit", time_limit_minutes=45)
    give(g, 1, 39)
    g.apply(TABLE, "time")
    assert g.is_over and g.outcome is not None and g.outcome.reason == "time_limit"
    assert g.outcome.winner == 1


def test_time_called_after_the_roll_the_turn_is_finished_without_the_doubles_roll() -> None:
    """docs/rules.md §11 (TOUR): a player who has already rolled finishes the turn, including
    everything that follows from that roll; then the game ends."""
    g = new_game(3, end="time_limit", time_limit_minutes=45)
    _roll_to(g, 0, 0, 4, 5)  # Connecticut, unowned
    assert g.phase_name == "buy"
    g.apply(TABLE, "time")
    assert not g.is_over
    g.apply(0, "buy")
    assert g.owner[CONNECTICUT] == 0
    g.apply(0, "end")
    assert g.is_over and g.outcome is not None and g.outcome.reason == "time_limit"
    d = new_game(3, end="time_limit", time_limit_minutes=45)
    _roll_to(d, 0, 18, 1, 1)  # doubles onto Free Parking: another roll would follow
    assert d.phase_name == "pre_roll" and d.turn_player == 0
    d.apply(TABLE, "time")
    assert d.is_over  # the roll is resolved; the doubles give no further roll


def test_target_worth_first_to_reach_it_wins() -> None:
    """docs/rules.md §11 `target_worth` (RU "Millionaire"): the first to the target wins."""
    g = new_game(3, end="target_worth", target_worth=1700)
    _roll_to(g, 0, 36, 1, 3)  # GO: +200
    assert g.is_over and g.outcome is not None
    assert (g.outcome.reason, g.outcome.winner) == ("target_worth", 0)


def test_turn_limit_as_the_end_richest_wins() -> None:
    """docs/rules.md §11 `turn_limit: n`: after n turns the richest wins."""
    g = new_game(2, end="turn_limit", turn_limit=1)
    _roll_to(g, 0, 36, 1, 3)
    g.apply(0, "end")
    assert g.is_over and g.outcome is not None and g.outcome.winner == 0


def test_stopped_game_has_a_ranking_but_no_winner() -> None:
    """docs/rules.md §11 / the score sheet: a stopped game is counted, no winner."""
    g = new_game(3)
    give(g, 2, 39)
    g.apply(TABLE, "stop")
    assert g.outcome is not None and g.outcome.reason == "stopped"
    assert g.outcome.winner is None and g.outcome.ranking[0] == 2

CONNECTICUT = 9  # price 120



# --------------------------------------------------------------------- clocks


def test_the_table_clock_calls_time_after_45_minutes() -> None:
    """docs/rules.md §11 (TOUR 45 minutes): the clock reads an injected clock."""
    g = Game(["a", "b", "c"], 1, preset("tournament"))
    clock = StepClock()
    table = TableClock(g.rules, clock)
    clock.advance(45 * 60 - 1)
    assert table.due(g) == []
    clock.advance(1)
    assert table.due(g) == [A.CALL_TIME]
    assert table.apply_due(g) == [A.CALL_TIME]
    assert g.is_over


def test_negotiation_limit_expires_the_offer() -> None:
    """docs/rules.md §9 (TOUR): a negotiation lasts at most 30 seconds."""
    g = Game(["a", "b", "c"], 1, preset("tournament"))
    clock = StepClock()
    table = TableClock(g.rules, clock)
    g.apply(0, "propose 1 give=$10 take=-")
    assert table.due(g) == []
    clock.advance(29)
    assert table.due(g) == []
    clock.advance(1)
    assert table.due(g) == [A.EXPIRE_OFFER]
    events = g.apply(TABLE, "expire")
    assert g.offer is None and E.OfferExpired(0, 1) in events


def test_turn_clock_forfeits_the_waiting_seat() -> None:
    """docs/rules.md §9 (RU: bankrupt by not doing a required action in time)."""
    g = new_game(3, turn_clock_seconds=60)
    clock = StepClock()
    table = TableClock(g.rules, clock)
    assert table.due(g) == []
    clock.advance(60)
    assert table.due(g) == [A.Timeout(0)]
    g.apply(TABLE, "timeout 0")
    assert g.players[0].bankrupt and g.turn_player == 1


def test_table_actions_are_the_tables_only() -> None:
    """A player cannot call time, and the table cannot roll; options gate the clocks."""
    g = new_game(3, end="time_limit", time_limit_minutes=45)
    with pytest.raises(IllegalActionError, match="only the table"):
        g.apply(0, "time")
    with pytest.raises(IllegalActionError):
        g.apply(TABLE, "roll")
    plain = new_game(3)
    assert "no time limit" in (plain.why_illegal(TABLE, A.CALL_TIME) or "")
    assert "no turn clock" in (plain.why_illegal(TABLE, A.Timeout(0)) or "")
    assert "no negotiation limit" in (plain.why_illegal(TABLE, A.EXPIRE_OFFER) or "")


def test_records_with_the_tables_actions_replay_exactly() -> None:
    """DESIGN: the table's actions are recorded like any other; the replay needs no clock."""
    from monopoly.bots import make_bot
    from monopoly.bots.board.driver import play_game

    rules = preset("tournament", turn_limit=500)
    g = Game(["a", "b", "c", "d"], 9, rules)
    clock = StepClock(step=3)
    play_game(g, [make_bot("random", 90 + s) for s in range(4)], 5000, TableClock(rules, clock))
    assert g.is_over
    assert any(seat == TABLE for seat, _ in g.history)
    again = replay(record_lines(g))
    assert state_hash(again) == state_hash(g)


# --------------------------------------------------------------------- numeric options


def test_starting_cash_option() -> None:
    """docs/rules.md §1: each player starts with the starting cash (1500 by default)."""
    g = new_game(3, starting_cash=2000)
    assert [p.cash for p in g.players] == [2000, 2000, 2000]
    assert_ok(g)


def test_go_salary_option() -> None:
    """docs/rules.md §2: passing GO pays the salary (200 by default)."""
    g = new_game(3, go_salary=400)
    _roll_to(g, 0, 36, 1, 3)
    assert g.players[0].cash == 1900


def test_max_doubles_option() -> None:
    """docs/rules.md §2: the n-th doubles in one turn sends the player to jail (3 by default)."""
    g = new_game(3, max_doubles=2)
    g.players[0].position = 18
    rig_dice(g, (1, 1), (2, 2))
    g.apply(0, "roll")  # doubles onto Free Parking: roll again
    assert g.legal_actions(0)[0] == A.ROLL
    g.apply(0, "roll")
    assert g.players[0].in_jail and g.players[0].position == 10


def test_max_jail_turns_option() -> None:
    """docs/rules.md §7: after the last failed try the fine is paid and the player moves."""
    g = new_game(2, max_jail_turns=1)
    g.players[0].in_jail = True
    g.players[0].position = 10
    assert A.PAY_JAIL_FINE not in g.legal_actions(0)  # no turn before the last try
    rig_dice(g, (1, 2))
    g.apply(0, "roll")
    assert not g.players[0].in_jail and g.players[0].position == 13
    assert g.players[0].cash == 1500 - 50


def test_mortgage_interest_option() -> None:
    """docs/rules.md §9: lifting a mortgage costs the value + the interest (10 % by default)."""
    g = new_game(3, mortgage_interest_percent=20)
    give(g, 0, 39)
    g.apply(0, "mortgage 39")
    g.apply(0, "unmortgage 39")
    assert g.players[0].cash == 1500 + 200 - 240


def test_hotel_stock_option() -> None:
    """docs/rules.md §8: the bank holds `hotels` hotels (12 by default); none left, none built."""
    g = new_game(3, hotels=0)
    give(g, 0, 37, 39)
    set_levels(g, s37=4, s39=4)
    why = g.why_illegal(0, A.BUILD[39])
    assert why is not None and "no hotels" in why


def test_income_tax_percent_option() -> None:
    """docs/rules.md §6: the percentage of the income tax choice (10 % in CZ)."""
    g = new_game(3, income_tax_choice=True, income_tax_percent=20)
    _roll_to(g, 0, 0, 1, 3)
    g.apply(0, "tax percent")
    assert g.players[0].cash == 1500 - 300


# --------------------------------------------------------------------- leaving the game


def test_a_player_may_leave_the_game_and_the_bank_takes_everything() -> None:
    """CZ seed (docs/rules.md §9, seed wins): "Hráč, který odchází ze hry, musí odevzdat veškerý
    svůj majetek bankéři": a player may leave at any time; the bank takes the estate
    and auctions the deeds, as for a bankruptcy to the bank."""
    g = new_game(3)
    give(g, 1, 37, 39)
    set_levels(g, s37=1, s39=1)
    assert A.RESIGN in g.legal_actions(1)  # not on turn, still allowed
    events = g.apply(1, "resign")
    assert E.Resigned(1) in events and E.Bankrupt(1, BANK) in events
    assert g.players[1].bankrupt and g.owner[37] == BANK and g.level[37] == 0
    assert g.auction is not None and g.auction.square == 37
    assert_ok(g)


def test_leaving_while_raising_a_debt_pays_the_creditor() -> None:
    """A debtor who leaves goes bankrupt to its creditor (no escape from a debt)."""
    g = new_game(3)
    give(g, 2, CONNECTICUT)
    _set_cash(g, 0, 5)
    give(g, 0, 1)
    _roll_to(g, 0, 0, 4, 5)  # rent 8 to seat 2, only 5 in hand: raise funds
    assert g.debts and g.debts[0].creditor == 2
    g.apply(0, "resign")
    assert g.owner[1] == 2 and g.players[0].bankrupt
    assert g.turn_player == 1
