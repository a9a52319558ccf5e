"""The conformance harness: random play keeps every invariant, and every check can fail."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from monopoly.board import actions as A
from monopoly.board import engine
from monopoly.board.game import BANK, Game
from monopoly.board.testing import give, new_game, set_levels
from monopoly.lab.board import conformance as C


def _played(seed: int = 3, actions: int = 400) -> Game:
    """A game some way into random play, with deeds owned (a position worth corrupting)."""
    from monopoly.board.view import SeatView
    from monopoly.bots.board.random_bot import RandomBot

    g = Game(["a", "b", "c"], seed, events=False)
    bots = [RandomBot(s) for s in range(3)]
    for _ in range(actions):
        seat = g.pending
        assert seat is not None
        g.apply(seat, bots[seat].choose(SeatView(g, seat), g.legal_actions(seat)))
    return g


def test_fifty_random_games_break_no_invariant() -> None:
    result = C.run_conformance(50, seed=0)
    assert result["games"] == 50
    assert result["errors"] == 0, result["details"]
    assert result["violations"] == 0, result["details"]
    assert result["details"] == []


def test_result_does_not_depend_on_the_worker_count() -> None:
    one = C.run_conformance(4, seed=11, max_actions=300, workers=1)
    two = C.run_conformance(4, seed=11, max_actions=300, workers=2)
    assert one == two


def test_games_vary_in_seats_and_rules() -> None:
    setups = [C.game_setup(0, i, 4) for i in range(28)]
    assert {len(seats) for seats, _ in setups} == set(range(2, 9))
    assert any(r.houses == 8 for _, r in setups)
    assert any(r.auction == "none" for _, r in setups)


def test_a_fresh_and_a_played_position_pass_every_check() -> None:
    for g in (new_game(4), _played()):
        assert C.check_position(g) == []
        assert C.check_round_trips(g) is None
        assert C.check_round_trips(g, C.ReplayShadow()) is None


# ------------------------------------------------------------ each check can fail


def _street_group_of(g: Game, sq: int) -> tuple[int, ...]:
    return g.t.groups[g.t.group_of[sq]]


def _cash_plus_one(g: Game) -> None:
    g.players[0].cash += 1


def _bank_in_plus_one(g: Game) -> None:
    g.bank_in += 1


def _house_lost(g: Game) -> None:
    g.houses_left -= 1


def _hotel_from_nowhere(g: Game) -> None:
    give(g, 0, 37, 39)
    set_levels(g, s37=4, s39=4)
    g.level[39] = g.hotel_level  # a hotel not taken from the bank...
    g.houses_left += 4  # ...though its houses went back


def _too_many_houses_in_bank(g: Game) -> None:
    g.houses_left = g.rules.houses + 1


def _owner_without_holdings(g: Game) -> None:
    g.owner[39] = 1


def _holdings_without_owner(g: Game) -> None:
    g.holdings[2].append(39)


def _two_holders(g: Game) -> None:
    give(g, 0, 39)
    g.holdings[1].append(39)


def _bankrupt_holder(g: Game) -> None:
    give(g, 1, 39)
    g.players[1].bankrupt = True


def _bank_deed_mortgaged(g: Game) -> None:
    g.mortgaged[39] = True


def _uneven(g: Game) -> None:
    give(g, 0, 37, 39)
    set_levels(g, s37=3, s39=1)


def _built_with_mortgage(g: Game) -> None:
    give(g, 0, 6, 8, 9)
    set_levels(g, s6=1, s8=1, s9=1)
    g.mortgaged[9] = True


def _built_without_whole_group(g: Game) -> None:
    give(g, 0, 37)
    give(g, 1, 39)
    set_levels(g, s37=1, s39=1)


def _card_lost(g: Game) -> None:
    g.decks[0].pop()


def _card_twice(g: Game) -> None:
    g.players[0].jail_cards.append((1, g.decks[1][0]))


class _LegalActionsOverride:
    """The game seen through a corrupted legal_actions (the compiled Game class cannot be
    patched, so the corruption wraps it); everything else reads the real game."""

    def __init__(self, game: Game, legal: Callable[[int], list[Any]]) -> None:
        self._game = game
        self._legal = legal

    def legal_actions(self, seat: int) -> list[Any]:
        return self._legal(seat)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def _no_legal_actions(g: Game) -> Any:
    return _LegalActionsOverride(g, lambda seat: [])


def _illegal_listed(g: Game) -> Any:
    return _LegalActionsOverride(g, lambda seat: [*g.legal_actions(seat), A.BUY])


def _illegal_bid_range(g: Game) -> Any:
    return _LegalActionsOverride(g, lambda seat: [*g.legal_actions(seat), A.BidRange(1, 10)])


def _nobody_pending(g: Game) -> None:
    g.players[0].bankrupt = True  # pending is still seat 0 but it may not act
    g.holdings[0].clear()


CORRUPTIONS: list[tuple[Callable[[Game], Any], Callable[[Game], Any], str]] = [
    (C.check_money, _cash_plus_one, "money"),
    (C.check_money, _bank_in_plus_one, "money"),
    (C.check_buildings, _house_lost, "buildings"),
    (C.check_buildings, _hotel_from_nowhere, "hotels"),
    (C.check_buildings, _too_many_houses_in_bank, "houses_left"),
    (C.check_ownership, _owner_without_holdings, "ownership"),
    (C.check_ownership, _holdings_without_owner, "ownership"),
    (C.check_ownership, _two_holders, "ownership"),
    (C.check_ownership, _bankrupt_holder, "bankrupt"),
    (C.check_ownership, _bank_deed_mortgaged, "bank"),
    (C.check_groups, _uneven, "uneven"),
    (C.check_groups, _built_with_mortgage, "mortgaged"),
    (C.check_groups, _built_without_whole_group, "owned by"),
    (C.check_decks, _card_lost, "chance"),
    (C.check_decks, _card_twice, "community_chest"),
    (C.check_legal_actions, _no_legal_actions, "no legal action"),
    (C.check_legal_actions, _illegal_listed, "'buy'"),
    (C.check_legal_actions, _illegal_bid_range, "bid"),
    (C.check_legal_actions, _nobody_pending, "no legal action"),
]


@pytest.mark.parametrize(
    ("check", "corrupt", "words"),
    CORRUPTIONS,
    ids=[f"{c.__name__}-{f.__name__.strip('_')}" for c, f, _ in CORRUPTIONS],
)
def test_each_check_catches_a_corrupted_position(
    check: Callable[[Game], Any], corrupt: Callable[[Game], Any], words: str
) -> None:
    g = new_game(3)
    assert check(g) is None
    g = corrupt(g) or g
    why = check(g)
    assert why is not None and words in why
    assert why in C.check_position(g)


def test_round_trip_check_catches_a_record_that_misses_an_action() -> None:
    g = _played()
    assert C.check_round_trips(g) is None
    g.history.pop()  # the last action is lost from the record
    why = C.check_round_trips(g)
    assert why is not None and "replaying" in why


def test_round_trip_check_catches_a_snapshot_that_does_not_restore(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = _played()
    real = C.restore

    def lossy(data: dict[str, Any], *, events: bool = True) -> Game:
        again = real(data, events=events)
        again.turn_number += 1
        return again

    monkeypatch.setattr(C, "restore", lossy)
    why = C.check_round_trips(g)
    assert why is not None and "restore" in why


def test_incremental_replay_catches_a_divergence() -> None:
    g = _played(actions=300)
    shadow = C.ReplayShadow()
    assert C.check_round_trips(g, shadow) is None
    g.players[1].cash += 5
    g.bank_out += 5
    why = C.check_round_trips(g, shadow)
    assert why is not None and "replaying" in why


def test_a_broken_invariant_in_play_is_a_violation(monkeypatch: pytest.MonkeyPatch) -> None:
    real = engine.APPLY[A.Buy]

    def leaky_buy(self: Game, seat: int, action: A.Action) -> None:
        real(self, seat, action)
        self.players[seat].cash -= 1  # money vanishes on a purchase

    monkeypatch.setitem(engine.APPLY, A.Buy, leaky_buy)
    result = C.run_conformance(2, seed=0, max_actions=200)
    assert result["violations"] == 2 and result["errors"] == 0
    assert all("money" in d for d in result["details"])


def test_an_engine_exception_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: Game, seat: int, action: A.Action) -> None:
        raise KeyError("boom")

    monkeypatch.setitem(engine.APPLY, A.Buy, broken)
    result = C.run_conformance(3, seed=0, max_actions=200)
    assert result["errors"] == 3 and result["violations"] == 0
    assert all("engine error" in d and "boom" in d for d in result["details"])


def test_bank_constant_is_minus_one() -> None:
    """The ownership check relies on BANK being no seat index."""
    assert BANK < 0


# ------------------------------------------------------------ the harness with bots

PRESETS = ("classic", "czech", "short", "timed", "tournament", "house")
STRATEGY_BOTS = ("cautious", "railroads", "blocker", "builder", "greedy")


@pytest.mark.parametrize("preset_name", PRESETS)
@pytest.mark.parametrize("bot", STRATEGY_BOTS)
def test_each_bot_keeps_every_invariant_under_each_preset(bot: str, preset_name: str) -> None:
    result = C.run_conformance(2, seed=7, max_actions=800, preset_name=preset_name, bots=(bot,))
    assert result["errors"] == 0, result["details"]
    assert result["violations"] == 0, result["details"]


def test_mixed_bots_keep_every_invariant_in_the_default_variants() -> None:
    result = C.run_conformance(8, seed=3, max_actions=1000, bots=STRATEGY_BOTS)
    assert (result["errors"], result["violations"]) == (0, 0), result["details"]


@pytest.mark.parametrize("preset_name", ["house", "tournament"])
def test_the_bots_answer_random_offers_and_loans(preset_name: str) -> None:
    """Random players propose trades (and loans, in the house rules) to the bots."""
    bots = ("random", *STRATEGY_BOTS[:4], "random")
    result = C.run_conformance(6, seed=9, max_actions=1200, preset_name=preset_name, bots=bots)
    assert (result["errors"], result["violations"]) == (0, 0), result["details"]


def test_bots_are_cycled_over_the_seats_and_results_ignore_workers() -> None:
    bots = ("builder", "blocker", "random")
    one = C.run_conformance(3, seed=2, max_actions=300, workers=1, bots=bots)
    two = C.run_conformance(3, seed=2, max_actions=300, workers=2, bots=bots)
    assert one == two


def test_bot_seat_assignment_rotates_with_the_game_index(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, int]] = []
    real = C.make_bot

    def spy(name: str, seed: int) -> Any:
        seen.append((name, seed))
        return real(name, seed)

    monkeypatch.setattr(C, "make_bot", spy)
    C.run_game(0, 1, 4, 10, bots=("cautious", "builder"))
    seats = [name for name, seed in seen if seed >= 100]  # the seats' bots (seed*100 + s)
    assert seats[:2] == ["builder", "cautious"]  # seat 0 plays bots[(0 + 1) % 2]


def test_no_bots_means_random_bots() -> None:
    assert C.run_conformance(2, seed=4, max_actions=200) == C.run_conformance(
        2, seed=4, max_actions=200, bots=None
    )


def test_an_unknown_bot_is_an_error_before_any_game() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        C.run_conformance(1, bots=("nobody",))
