"""The board's trade catalogue in the integer action table (docs/architecture.md, "The
integer action table"; docs/rules.md §9.1 trades): swaps of one deed for another (plain,
balanced by the price difference, sweetened) and buying the rest of a group from its one
holder, each id legal exactly when the core's is_legal says so."""

from __future__ import annotations

import random

import pytest

from monopoly.board import action_ids as ai
from monopoly.board.actions import Bundle, ProposeTrade
from monopoly.board.testing import give, new_game
from monopoly.bots import make_bot

MEDITERRANEAN, BALTIC = 1, 3
ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9
BOARDWALK = 39


def _deed(game: object, square: int) -> int:
    return game.t.properties.index(square)  # type: ignore[attr-defined]


def _swap_id(game: object, give_sq: int, take_sq: int, kind: int) -> int:
    return ai.SWAP_BASE + kind * ai.PAIRS + _deed(game, give_sq) * ai.DEEDS + _deed(game, take_sq)


def test_swap_ids_name_plain_balanced_and_sweetened_offers() -> None:
    """§9.1: deed for deed at any agreed price; the balanced swap's cash is the price
    difference from the side that gets the dearer deed; the sweetened one adds half the
    price asked."""
    g = new_game(2)
    give(g, 0, MEDITERRANEAN)
    give(g, 1, BOARDWALK)
    plain, balanced, sweet = (g.action_from_id(_swap_id(g, MEDITERRANEAN, BOARDWALK, k), 0)
                              for k in range(3))
    assert plain == ProposeTrade(1, Bundle(squares=(1,)), Bundle(squares=(39,)))
    assert balanced == ProposeTrade(1, Bundle(cash=400 - 60, squares=(1,)),
                                    Bundle(squares=(39,)))
    assert sweet == ProposeTrade(1, Bundle(cash=200, squares=(1,)), Bundle(squares=(39,)))
    reverse = g.action_from_id(_swap_id(g, BOARDWALK, MEDITERRANEAN, 1), 1)
    assert reverse == ProposeTrade(0, Bundle(squares=(39,)), Bundle(cash=340, squares=(1,)))
    mask = g.legal_action_mask(0)
    for k in range(3):
        i = _swap_id(g, MEDITERRANEAN, BOARDWALK, k)
        assert mask[i] and g.action_id(g.action_from_id(i, 0), 0) == i
    assert not mask[_swap_id(g, BALTIC, BOARDWALK, 0)], "seat 0 does not own Baltic"
    g.players[0].cash = 100  # the balanced and sweetened swaps are beyond its budget
    mask = g.legal_action_mask(0)
    assert [mask[_swap_id(g, MEDITERRANEAN, BOARDWALK, k)] for k in range(3)] == [
        True, False, False]


def test_group_ids_buy_the_rest_of_a_group_from_its_one_holder() -> None:
    """§9.1: the deeds of a group a seat lacks, all held by one other seat, for 100, 150,
    200 % of their printed prices; not when two seats hold them."""
    g = new_game(3)
    give(g, 0, ORIENTAL)
    give(g, 1, VERMONT, CONNECTICUT)
    light_blue = g.t.group_of[ORIENTAL]
    ids = [ai.GROUP_BASE + m * ai.GROUPS + light_blue for m in range(3)]
    offers = [g.action_from_id(i, 0) for i in ids]
    assert offers[0] == ProposeTrade(1, Bundle(cash=100 + 120), Bundle(squares=(8, 9)))
    assert offers[2].give.cash == 440
    mask = g.legal_action_mask(0)
    assert all(mask[i] for i in ids)
    g.owner[CONNECTICUT] = -1
    g.holdings[1].remove(CONNECTICUT)
    give(g, 2, CONNECTICUT)
    mask = g.legal_action_mask(0)
    assert not any(mask[i] for i in ids), "two holders: no one seat sells the rest"


@pytest.mark.parametrize("preset", ["classic", "czech", "house"])
def test_every_catalogue_id_is_legal_exactly_when_the_mask_says(preset: str) -> None:
    """The mask of the swap and group ids equals is_legal, over positions of bot games
    with random catalogue trades thrown in (docs/architecture.md: the mask's contract)."""
    from monopoly.core import make

    rng = random.Random(preset)
    checked = legal = 0
    for seed in range(2):
        g = make("board", seats=3, seed=seed, rules=preset)
        bots = [make_bot(name, seed * 10 + s) for s, name in
                enumerate(("greedy", "strong", "builder"))]
        for step in range(900):
            seat = g.decision().seat
            if g.is_over or seat is None:
                break
            mask = g.legal_action_mask(seat)
            if step % 15 == 0:
                for i in range(ai.SWAP_BASE, ai.NUM_ACTIONS):
                    ok = g.is_legal(seat, g.action_from_id(i, seat))
                    assert ok == mask[i], (preset, seed, step, i)
                    checked += 1
                    legal += ok
            new = [i for i in range(ai.SWAP_BASE, ai.NUM_ACTIONS) if mask[i]]
            if new and rng.random() < 0.05:
                g.apply(seat, g.action_from_id(rng.choice(new), seat))
            else:
                g.apply(seat, bots[seat].choose(g.seat_view(seat), list(g.legal_actions(seat))))
    assert checked > 50_000 and legal > 500
