"""Fuzzing the engine with arbitrary actions (docs/architecture.md: Hypothesis for fuzzing actions).

Whatever a client sends, in whatever position: either the action is legal and the position
stays sound (every conformance invariant holds), or the engine raises its typed error and
the position is exactly as it was (the issue: an illegal or malformed action changes
nothing).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoly.board import actions as A
from monopoly.board.errors import IllegalActionError
from monopoly.board.game import Game
from monopoly.board.options import RuleSet, preset
from monopoly.board.record import snapshot_text
from monopoly.board.view import SeatView
from monopoly.bots import make_bot
from monopoly.lab.board.conformance import check_position

squares = st.integers(min_value=-3, max_value=45)
amounts = st.integers(min_value=-50, max_value=5000)
decks = st.sampled_from(["chance", "community_chest", "", "nope"])
bundles = st.builds(
    A.Bundle,
    cash=amounts,
    squares=st.lists(squares, max_size=4).map(tuple),
    jail_cards=st.lists(decks, max_size=2).map(tuple),
    iou=st.one_of(st.just(0), amounts),
)
actions = st.one_of(
    st.sampled_from(list(A.ACTIONS_BY_ID)),
    *(
        st.builds(cls, squares)
        for cls in (
            A.Build,
            A.SellBuilding,
            A.Mortgage,
            A.Unmortgage,
            A.LiftReceived,
            A.KeepMortgaged,
        )
    ),
    st.builds(A.Bid, amounts),
    st.builds(A.RepayLoan, st.integers(-1, 5), amounts),
    st.builds(A.Timeout, st.integers(-1, 5)),
    st.sampled_from([A.CALL_TIME, A.EXPIRE_OFFER, A.STOP_GAME]),
    st.builds(A.ProposeTrade, st.integers(-1, 5), bundles, bundles),
    st.builds(A.CounterTrade, bundles, bundles),
    st.builds(
        A.RaiseFunds,
        st.lists(st.tuples(squares, st.integers(-1, 6)), max_size=4).map(tuple),
        st.lists(squares, max_size=4).map(tuple),
    ),
    st.text(max_size=30),
    st.none(),
    st.integers(),
)


# Every variant at once (docs/rules.md §1-§11 options) for the second fuzz test.
VARIANTS: RuleSet = preset(
    "house",
    auction="sealed",
    starting_properties=2,
    income_tax_choice=True,
    jail_card_max_price=50,
    trade_mortgaged=False,
    time_limit_minutes=45,
    negotiation_seconds=30,
    turn_clock_seconds=60,
    end="bankruptcies",
    bankrupt_stays=False,
)


def _position(seed: int, steps: int, rules: RuleSet | None = None) -> Game:
    game = Game(["a", "b", "c"], seed, rules)
    bots = [make_bot("random", seed * 10 + i) for i in range(3)]
    for _ in range(steps):
        seat = game.pending
        if seat is None:
            break
        game.apply(seat, bots[seat].choose(SeatView(game, seat), game.legal_actions(seat)))
    return game


def _applied_soundly_or_rejected(game: Game, seat: int, action: object) -> None:
    """Either the action is legal and every invariant holds after it, or the engine
    raises its typed error and the position is exactly as it was."""
    before = snapshot_text(game)
    history = len(game.history)
    legal = game.is_legal(seat, action)
    try:
        game.apply(seat, action)
    except IllegalActionError as exc:  # MalformedActionError is one too
        assert not legal
        assert str(exc)
        assert snapshot_text(game) == before
        assert len(game.history) == history
        return
    except (TypeError, ValueError) as exc:  # a Bundle or Bid of the wrong shape
        raise AssertionError(f"untyped error for {action!r}: {exc!r}") from exc
    assert legal, f"{action!r} was applied although is_legal said no"
    assert check_position(game) == []


FUZZ = given(
    seed=st.integers(0, 30),
    steps=st.integers(0, 400),
    seat=st.integers(-1, 4),
    action=actions,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@FUZZ
def test_any_action_is_applied_soundly_or_rejected_without_change(
    seed: int, steps: int, seat: int, action: object
) -> None:
    _applied_soundly_or_rejected(_position(seed, steps), seat, action)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@FUZZ
def test_any_action_under_every_variant_is_applied_soundly_or_rejected(
    seed: int, steps: int, seat: int, action: object
) -> None:
    """The same with sealed auctions, loans, the pot, choices and the table's clocks."""
    _applied_soundly_or_rejected(_position(seed, steps, VARIANTS), seat, action)


def test_fuzz_positions_are_reachable() -> None:
    """The fuzz positions include the interesting phases (not only the first roll)."""
    phases = {_position(seed, 300).phase_name for seed in range(10)}
    assert len(phases) >= 2
