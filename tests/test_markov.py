"""Exact landing probabilities from the Markov chain of dice throws (docs/rules.md §2 and §7)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np
import pytest

from monopoly.board.edition import Edition, EffectKind, SquareKind, load_edition
from monopoly.lab.board.markov import (
    Chain,
    dice_outcomes,
    landing_probabilities,
    resolution_matrix,
    stationary_distribution,
    transition_chain,
)

MODES = ("long", "short")


@pytest.fixture(scope="module")
def edition() -> Edition:
    return load_edition("standard")


@pytest.fixture(scope="module")
def chains(edition: Edition) -> dict[str, Chain]:
    return {mode: transition_chain(edition, mode) for mode in MODES}


@pytest.fixture(scope="module")
def probs(edition: Edition) -> dict[str, list[float]]:
    return {mode: landing_probabilities(edition, mode) for mode in MODES}


def _count(edition: Edition, deck: str, kind: EffectKind, **fields: object) -> Fraction:
    """Share of the cards of ``deck`` with effect ``kind`` (and the given effect fields)."""
    cards = edition.decks[deck]
    hits = sum(
        1
        for c in cards
        if c.effect.kind == kind and all(getattr(c.effect, k) == v for k, v in fields.items())
    )
    return Fraction(hits, len(cards))


_MOVING = (
    EffectKind.ADVANCE_TO,
    EffectKind.BACK_TO,
    EffectKind.MOVE_BACK,
    EffectKind.ADVANCE_TO_NEAREST,
    EffectKind.GO_TO_JAIL,
)


def _still(edition: Edition, deck: str) -> Fraction:
    """Share of the cards of ``deck`` that leave the token where it is."""
    return 1 - sum((_count(edition, deck, k) for k in _MOVING), Fraction(0))


def _dice(total: int | None = None, doubles: bool | None = None) -> Fraction:
    return sum(
        (
            p
            for t, d, p in dice_outcomes()
            if (total is None or t == total) and (doubles is None or d == doubles)
        ),
        Fraction(0),
    )


def _p(chain: Chain, frm: tuple[str, int, int], to: tuple[str, int, int]) -> float:
    return float(chain.matrix[chain.index(frm), chain.index(to)])


def _jail_prob(chain: Chain, frm: tuple[str, int, int]) -> float:
    row = chain.matrix[chain.index(frm)]
    return float(sum(p for s, p in zip(chain.states, row, strict=True) if s[0] == "jail"))


def test_dice_outcomes_are_two_fair_dice() -> None:
    """docs/rules.md §2 and §7: two fair dice, 1/6 doubles."""
    assert sum(p for _, _, p in dice_outcomes()) == 1
    assert _dice(doubles=True) == Fraction(1, 6)
    assert _dice(total=7) == Fraction(6, 36)


@pytest.mark.parametrize("mode", MODES)
def test_probabilities_sum_to_one_and_go_to_jail_is_empty(
    probs: dict[str, list[float]], mode: str
) -> None:
    """docs/rules.md §2 and §7: 41 entries summing to 1; nobody stays on Go To Jail."""
    p = probs[mode]
    assert len(p) == 41
    assert sum(p) == pytest.approx(1.0, abs=1e-12)
    assert p[30] == 0.0
    assert min(p) >= 0.0


@pytest.mark.parametrize("mode", MODES)
def test_rows_sum_to_one_and_stationary_is_fixed_point(chains: dict[str, Chain], mode: str) -> None:
    """docs/rules.md §2 and §7: the chain is stochastic and the solution is its fixed point."""
    chain = chains[mode]
    assert np.allclose(chain.matrix.sum(axis=1), 1.0, atol=1e-14)
    assert chain.matrix.min() >= 0.0
    pi = stationary_distribution(chain.matrix)
    assert np.abs(pi @ chain.matrix - pi).max() < 1e-14
    assert pi.sum() == pytest.approx(1.0, abs=1e-14)
    # independent check: power iteration from GO converges to the same vector
    v = np.zeros(len(chain.states))
    v[chain.index(("sq", 0, 0))] = 1.0
    for _ in range(2000):
        v = v @ chain.matrix
    assert np.abs(v - pi).max() < 1e-10
    assert ("sq", 30, 0) not in chain.states


def test_bad_jail_mode_raises(edition: Edition) -> None:
    """docs/rules.md §2 and §7: the jail rule is "long" or "short"."""
    with pytest.raises(ValueError):
        landing_probabilities(edition, "medium")
    with pytest.raises(ValueError):
        landing_probabilities(edition, "")


def test_card_resolution_chains_through_decks(edition: Edition) -> None:
    """docs/rules.md §2 and §7: "go back 3" from 36 draws Community Chest on 33; from 7 it is
    tax."""
    r = resolution_matrix(edition)
    assert np.allclose(r.sum(axis=1), 1.0)
    back3 = float(_count(edition, "chance", EffectKind.MOVE_BACK, spaces=3))
    cc_jail = float(_count(edition, "community_chest", EffectKind.GO_TO_JAIL))
    ch_jail = float(_count(edition, "chance", EffectKind.GO_TO_JAIL))
    assert back3 > 0
    assert r[30, 40] == 1.0
    assert r[7, 4] == pytest.approx(back3)
    assert r[36, 33] == pytest.approx(back3 * float(_still(edition, "community_chest")))
    assert r[36, 40] == pytest.approx(ch_jail + back3 * cc_jail)
    # the nearest railroad from the chance square on 36 is 5, passing GO
    rail = float(
        _count(edition, "chance", EffectKind.ADVANCE_TO_NEAREST, nearest=SquareKind.RAILROAD)
    )
    to5 = float(_count(edition, "chance", EffectKind.ADVANCE_TO, square=5))
    assert r[36, 5] == pytest.approx(rail + to5)


def test_first_throw_from_go(chains: dict[str, Chain], edition: Edition) -> None:
    """docs/rules.md §2 and §7: hand-computed first throw from GO (30 is out of reach)."""
    chain = chains["long"]
    start = ("sq", 0, 0)
    # 30 is out of reach of one throw; only the cards on 2 (Chest) and 7 (Chance) send to jail
    cc_jail = _count(edition, "community_chest", EffectKind.GO_TO_JAIL)
    ch_jail = _count(edition, "chance", EffectKind.GO_TO_JAIL)
    assert _jail_prob(chain, start) == pytest.approx(float(_dice(2) * cc_jail + _dice(7) * ch_jail))
    # Reading Railroad (5): thrown 5 (never doubles), or 7 onto Chance and "take a trip"
    to5 = _count(edition, "chance", EffectKind.ADVANCE_TO, square=5)
    assert _p(chain, start, ("sq", 5, 0)) == pytest.approx(float(_dice(5) + _dice(7) * to5))
    # doubles carry the count: double 2 lands on Community Chest (2) with count 1
    cc_still = _still(edition, "community_chest")
    assert _p(chain, start, ("sq", 2, 1)) == pytest.approx(float(_dice(2) * cc_still))


def test_jail_in_one_throw_hand_computed(chains: dict[str, Chain], edition: Edition) -> None:
    """docs/rules.md §2 and §7: one throw from Illinois Avenue (24): 30, a Chest on 33, Chance on
    36."""
    chain = chains["long"]
    cc_jail = _count(edition, "community_chest", EffectKind.GO_TO_JAIL)
    ch_jail = _count(edition, "chance", EffectKind.GO_TO_JAIL)
    back3 = _count(edition, "chance", EffectKind.MOVE_BACK, spaces=3)
    expected = _dice(6) + _dice(9) * cc_jail + _dice(12) * (ch_jail + back3 * cc_jail)
    assert _jail_prob(chain, ("sq", 24, 0)) == pytest.approx(float(expected), abs=1e-15)
    # after two doubles: any doubles is the third (jail); otherwise 6 -> 30, 9 -> Chest
    expected2 = _dice(doubles=True) + _dice(6, False) + _dice(9, False) * cc_jail
    assert _jail_prob(chain, ("sq", 24, 2)) == pytest.approx(float(expected2), abs=1e-15)
    # from Tennessee (18): 12 lands on 30, 4 on Chance (22)
    expected3 = _dice(12) + _dice(4) * ch_jail
    assert _jail_prob(chain, ("sq", 18, 0)) == pytest.approx(float(expected3), abs=1e-15)


def test_jail_rows(chains: dict[str, Chain], edition: Edition) -> None:
    """docs/rules.md §2 and §7: long = three tries for doubles; short = pay and throw from 10."""
    long_ = chains["long"]
    assert _p(long_, ("jail", 0, 0), ("jail", 1, 0)) == pytest.approx(5 / 6)
    assert _p(long_, ("jail", 1, 0), ("jail", 2, 0)) == pytest.approx(5 / 6)
    # a doubles attempt gives no extra throw: leaving jail never carries a doubles count
    for t in range(3):
        row = long_.matrix[long_.index(("jail", t, 0))]
        for s, p in zip(long_.states, row, strict=True):
            if p > 0 and s[0] == "sq":
                assert s[2] == 0
    # the third attempt always leaves (pay and move) unless a card sends it back
    cc_jail = _count(edition, "community_chest", EffectKind.GO_TO_JAIL)
    ch_jail = _count(edition, "chance", EffectKind.GO_TO_JAIL)
    # third attempt: 7 lands on the Chest (17) and 12 on Chance (22)
    third = _dice(7) * cc_jail + _dice(12) * ch_jail
    assert _jail_prob(long_, ("jail", 2, 0)) == pytest.approx(float(third), abs=1e-15)
    # first attempt: only a double 6 (Chance, 22) can send it back to the start of its stay
    assert _p(long_, ("jail", 0, 0), ("jail", 0, 0)) == pytest.approx(float(_dice(12) * ch_jail))
    assert _p(long_, ("jail", 2, 0), ("sq", 17, 0)) > 0  # 7 from jail: a plain throw
    short = chains["short"]
    assert ("jail", 1, 0) not in short.states
    assert np.array_equal(
        short.matrix[short.index(("jail", 0, 0))], short.matrix[short.index(("sq", 10, 0))]
    )


@pytest.mark.parametrize(("mode", "stay"), [("long", Fraction(91, 36)), ("short", Fraction(1))])
def test_jail_share_balances_entries(
    chains: dict[str, Chain], probs: dict[str, list[float]], mode: str, stay: Fraction
) -> None:
    """docs/rules.md §2 and §7: throws ending in jail = entries x (1 + 5/6 + 25/36) in long mode."""
    chain = chains[mode]
    pi = stationary_distribution(chain.matrix)
    entries = float(pi @ chain.matrix[:, chain.index(("jail", 0, 0))])
    assert probs[mode][40] == pytest.approx(entries * float(stay), rel=1e-12)


def test_published_figures_loosely(probs: dict[str, list[float]]) -> None:
    """docs/rules.md §2 and §7: Illinois Avenue is the most landed square; jail share is
    plausible."""
    long_, short = probs["long"], probs["short"]
    assert max(range(40), key=lambda i: long_[i]) == 24
    assert 0.05 < long_[40] < 0.12
    assert 0.02 < short[40] < long_[40]
    # Just Visiting (10) is a different thing from being in jail (40)
    assert 0.015 < long_[10] < 0.03
    # card squares lose tokens to their cards; Chance most of all
    assert long_[7] < long_[2] < long_[1]
    assert long_[0] > 0.028  # GO gains from the advance-to-GO cards


def test_derived_from_edition_not_hard_coded(edition: Edition) -> None:
    """docs/rules.md §2 and §7: with empty decks, card squares are plain squares."""
    no_cards = dataclasses.replace(edition, decks={k: () for k in edition.decks})
    r = resolution_matrix(no_cards)
    for s in range(40):
        assert r[s, 40 if s == 30 else s] == 1.0
    p = landing_probabilities(no_cards, "short")
    assert sum(p) == pytest.approx(1.0)
    assert p[7] > 0.02 and p[30] == 0.0
