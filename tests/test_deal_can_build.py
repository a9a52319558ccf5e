"""docs/deal-rules.md § Deck (House, Hotel): the quick test legal_actions uses for buildings
(``Position.can_build``) agrees with the reason ``why_illegal`` gives, in every position of
random games: a house only on a full set of a colour that takes buildings and has none
yet, a hotel only where a house stands and no hotel does."""

from __future__ import annotations

import random

from monopoly.deal.deck import HOTEL, HOUSE
from monopoly.deal.game import Game
from monopoly.deal.legal import building_reason
from monopoly.deal.players import random_action


def test_the_quick_building_test_agrees_with_the_reason() -> None:
    checked = 0
    for seed in range(8):
        game = Game(seats=4, seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if game.is_over:
                break
            for seat in range(game.n):
                for colour in range(game.deck.n_colours):
                    for code in (HOUSE, HOTEL):
                        quick = game.can_build(seat, code, colour)
                        assert quick == (building_reason(game, seat, code, colour) is None)
                        checked += quick
            seat = game.pending
            assert seat is not None
            game.apply(seat, random_action(game, seat, rng))
    assert checked > 0  # some positions allowed a building
