"""What a seat may see (the issue: view(player); docs/rules.md §1: decks face down)."""

from __future__ import annotations

import json

from monopoly.board.game import Game
from monopoly.board.view import SeatView


def test_view_never_shows_the_order_of_the_decks() -> None:
    """docs/rules.md §1: both decks lie face down; a view gives their sizes, never their order."""
    game = Game(["a", "b", "c"], 11)
    card_keys = {k for keys in game.t.card_keys for k in keys}
    for seat in (0, 1, 2, None):
        view = game.view(seat)
        assert dict(view.decks) == {"chance": 16, "community_chest": 16}
        text = json.dumps(view.to_dict())
        assert not any(key in text for key in card_keys)


def test_two_games_differing_only_in_deck_order_look_the_same() -> None:
    """Shuffling the decks differently changes nothing a seat can see."""
    one = Game(["a", "b"], 3)
    other = Game(["a", "b"], 3)
    other.decks[0].rotate(5)
    other.decks[1].rotate(2)
    assert one.view(0) == other.view(0)
    assert one.view(None) == other.view(None)


def test_seat_view_reads_the_public_position() -> None:
    game = Game(["a", "b"], 4)
    view = SeatView(game, 1)
    assert view.seat == 1
    assert view.cash(0) == game.players[0].cash == 1500
    assert view.owner(39) == game.owner[39]
    assert view.deck_size("chance") == 16
    assert view.pending == game.pending
    assert not hasattr(view, "decks")


def test_view_dict_is_the_frozen_view_written_out() -> None:
    """The web protocol's ``view`` (docs/protocol.md) built straight from the position is
    the frozen view's ``to_dict()`` for every seat and a spectator, at every step of games
    under every preset (auctions open and sealed, debts, trade offers, choices, loans,
    buildings placed, the outcome): they must never drift apart."""
    from monopoly.board.options import PRESETS, preset
    from monopoly.bots import make_bot

    seen: set[str] = set()
    for name in PRESETS:
        for seed in range(3):
            game = Game(["a", "b", "c"], seed, rules=preset(name))
            bots = [make_bot(level, seed + n) for n, level in
                    enumerate(("strong", "random", "greedy"))]
            for _ in range(600):
                for seat in (0, 1, 2, None):
                    fast = game.view_dict(seat)
                    assert fast == game.view(seat).to_dict()
                    assert json.dumps(fast) == json.dumps(game.view(seat).to_dict())
                seen.update(key for key in ("auction", "offer", "choice", "placement",
                                            "outcome") if fast[key])
                seen.update(key for key in ("debts", "loans", "receipts") if fast[key])
                if game.is_over:
                    break
                waiting = game.pending_seats()
                if not waiting:
                    break
                seat = waiting[0]
                action = bots[seat].choose(game.seat_view(seat), game.legal_actions(seat))
                game.apply(seat, action)
    assert seen >= {"auction", "offer", "choice", "debts", "outcome"}, seen
