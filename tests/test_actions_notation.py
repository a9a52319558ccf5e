"""The canonical text notation of actions (actions.py docstring): parse(text()) round trips,
malformed texts are rejected, and the finite action ids are stable."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from monopoly.board import actions as A
from monopoly.board.actions import (
    ACTION_IDS,
    ACTIONS_BY_ID,
    Bid,
    Bundle,
    CounterTrade,
    ProposeTrade,
    RaiseFunds,
    parse_action,
)
from monopoly.board.errors import IllegalActionError, MalformedActionError

SINGLETON_TEXTS = (
    "roll",
    "pay-fine",
    "use-card",
    "buy",
    "decline",
    "pass",
    "end",
    "bankrupt",
    "accept",
    "reject",
)
SQUARE_VERBS = ("build", "sell", "mortgage", "unmortgage", "lift", "keep")

squares = st.integers(min_value=0, max_value=39)
amounts = st.integers(min_value=1, max_value=10**9)
decks = st.sampled_from(["chance", "community_chest"])
bundles = st.builds(
    Bundle,
    cash=st.integers(min_value=0, max_value=10**7),
    squares=st.lists(squares, max_size=6, unique=True).map(tuple),
    jail_cards=st.lists(decks, max_size=2).map(tuple),
)
raises = st.builds(
    RaiseFunds,
    levels=st.lists(
        st.tuples(squares, st.integers(min_value=0, max_value=5)),
        max_size=6,
        unique_by=lambda item: item[0],
    ).map(tuple),
    mortgages=st.lists(squares, max_size=6, unique=True).map(tuple),
)


def test_every_finite_action_text_parses_back_to_itself() -> None:
    """Notation (actions.py): every finite action's text parses back to the same value (and
    the same pre-built object)."""
    assert len(ACTIONS_BY_ID) == 10 + 6 * 40 + 5  # + tax and card choices, resign
    for action in ACTIONS_BY_ID:
        parsed = parse_action(action.text())
        assert parsed == action
        assert parsed is action


def test_texts_of_the_docstring_examples() -> None:
    """Notation (actions.py docstring): the documented text forms parse and print back."""
    examples = [
        *SINGLETON_TEXTS,
        "bid 120",
        "build 39",
        "sell 39",
        "mortgage 5",
        "unmortgage 5",
        "lift 5",
        "keep 5",
        "propose 2 give=$100,1,3 take=39,card:chance",
        "counter give=$50 take=-",
        "raise sell=39:3,37:3 mortgage=5,6",
    ]
    for text in examples:
        assert parse_action(text).text() == text


def test_parse_ignores_surrounding_whitespace() -> None:
    """Notation: surrounding and repeated blanks between words are ignored."""
    assert parse_action("  build   39 ") == A.BUILD[39]
    assert parse_action("propose 1  give=-  take=$5") == ProposeTrade(1, Bundle(), Bundle(5))


@given(amounts)
def test_bid_round_trip(amount: int) -> None:
    """Notation: a bid of any positive amount round-trips."""
    action = Bid(amount)
    assert action.text() == f"bid {amount}"
    assert parse_action(action.text()) == action


@given(bundles)
def test_bundle_round_trip(bundle: Bundle) -> None:
    """Notation: a trade side (cash, squares, jail cards) round-trips; empty is '-'."""
    text = bundle.text()
    assert Bundle.parse(text) == bundle
    assert (text == "-") == bundle.is_empty()


@given(st.integers(min_value=0, max_value=7), bundles, bundles)
def test_propose_trade_round_trip(to: int, give: Bundle, take: Bundle) -> None:
    """Notation: 'propose SEAT give=... take=...' round-trips."""
    action = ProposeTrade(to, give, take)
    assert parse_action(action.text()) == action


@given(bundles, bundles)
def test_counter_trade_round_trip(give: Bundle, take: Bundle) -> None:
    """Notation: 'counter give=... take=...' round-trips."""
    action = CounterTrade(give, take)
    assert parse_action(action.text()) == action


@given(raises)
def test_raise_funds_round_trip(action: RaiseFunds) -> None:
    """Notation: 'raise sell=SQ:LEVEL,... mortgage=SQ,...' round-trips ('-' for none)."""
    assert parse_action(action.text()) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "fly",
        "ROLL",
        "roll 3",
        "end now",
        "build",
        "build 40",
        "build -1",
        "build x",
        "build 3 4",
        "mortgage 5.0",
        "bid",
        "bid 0",
        "bid -5",
        "bid abc",
        "bid 1 2",
        "propose",
        "propose 1 give=-",
        "propose x give=- take=-",
        "propose -1 give=- take=-",
        "propose 1 give=- give=-",
        "propose 1 take=- give=- extra=1",
        "propose 1 give=$-5 take=-",
        "propose 1 give=$x take=-",
        "propose 1 give=40 take=-",
        "propose 1 give= take=-",
        "propose 1 give=1,,3 take=-",
        "propose 1 gift=- take=-",
        "counter give=-",
        "counter give=- take=- more=-",
        "raise",
        "raise sell=-",
        "raise sell=39 mortgage=-",
        "raise sell=39:6 mortgage=-",
        "raise sell=39:-1 mortgage=-",
        "raise sell=40:0 mortgage=-",
        "raise sell=- mortgage=40",
        "raise sell= mortgage=-",
        "raise sell=- mortgage=",
        "raise mortgage=- sell=- mortgage=-",
    ],
)
def test_malformed_texts_raise_malformed_action_error(text: str) -> None:
    """Notation: a malformed text raises MalformedActionError (an IllegalActionError) with a
    message saying what is wrong."""
    with pytest.raises(MalformedActionError) as info:
        parse_action(text)
    assert isinstance(info.value, IllegalActionError)
    assert str(info.value).strip()


@pytest.mark.parametrize("value", [None, 5, b"roll", ["roll"]])
def test_non_text_raises_malformed_action_error(value: object) -> None:
    """Notation: parsing something that is not text raises MalformedActionError."""
    with pytest.raises(MalformedActionError, match="text"):
        parse_action(value)  # type: ignore[arg-type]


def test_malformed_text_through_apply_leaves_state_unchanged() -> None:
    """Notation: Game.apply with malformed text raises MalformedActionError."""
    from monopoly.board.testing import new_game

    g = new_game(2)
    with pytest.raises(MalformedActionError):
        g.apply(0, "rol")
    assert g.phase_name == "pre_roll" and g.pending == 0 and g.history == []


def test_action_ids_unique_and_dense() -> None:
    """Notation: ACTION_IDS gives every finite action a unique id 0..N-1, and ACTIONS_BY_ID
    is its inverse."""
    ids = list(ACTION_IDS.values())
    assert sorted(ids) == list(range(len(ids)))
    assert len(set(ACTION_IDS)) == len(ACTION_IDS)
    assert len({a.text() for a in ACTION_IDS}) == len(ACTION_IDS)
    for action, i in ACTION_IDS.items():
        assert ACTIONS_BY_ID[i] is action


def test_action_ids_are_stable() -> None:
    """Notation: the ids are pinned (an RL action space must not move): the singletons in
    docstring order, then build, sell, mortgage, unmortgage, lift, keep for squares 0-39."""
    for i, text in enumerate(SINGLETON_TEXTS):
        assert ACTION_IDS[parse_action(text)] == i
    for v, verb in enumerate(SQUARE_VERBS):
        for sq in range(40):
            assert ACTION_IDS[parse_action(f"{verb} {sq}")] == 10 + 40 * v + sq
    assert ACTION_IDS[A.ROLL] == 0
    assert ACTION_IDS[A.REJECT_TRADE] == 9
    assert ACTION_IDS[A.BUILD[0]] == 10
    assert ACTION_IDS[A.KEEP[39]] == 249


def test_open_actions_have_no_id() -> None:
    """Notation: open-parameter actions (bids, trades, batches) are not in the id table."""
    for action in (Bid(5), ProposeTrade(1, Bundle(5), Bundle()), RaiseFunds((), (5,))):
        assert action not in ACTION_IDS


def test_empty_jail_card_deck_is_malformed() -> None:
    """Notation: 'card:' needs a deck name ('card:chance'); an empty one is malformed."""
    with pytest.raises(MalformedActionError):
        parse_action("propose 1 give=card: take=-")


@pytest.mark.parametrize("text", ["bid +5", "bid 1_000", "build \uff13", "bid \u0665"])
def test_numbers_are_plain_ascii_digits(text: str) -> None:
    """Notation: numbers in the canonical text are plain ASCII decimal digits."""
    with pytest.raises(MalformedActionError):
        parse_action(text)
