"""Test helpers: set up positions and rig the dice of a game (for tests only)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, cast

from monopoly.board.game import Game
from monopoly.board.rules import buildings


class RiggedDice:
    """A stand-in for the game's generator whose dice come from a list, in order.

    Each die value v is produced by ``random()`` returning (v - 0.5) / 6.
    """

    def __init__(self, throws: Iterable[tuple[int, int]], real: random.Random) -> None:
        self._real = real  # keeps snapshots possible while the dice are rigged
        self._values: list[float] = []
        for d1, d2 in throws:
            for v in (d1, d2):
                if not 1 <= v <= 6:
                    raise ValueError(f"a die shows 1-6, not {v}")
                self._values.append((v - 0.5) / 6)

    def shuffle(self, x: list[int]) -> None:
        self._real.shuffle(x)

    def random(self) -> float:
        if not self._values:
            raise AssertionError("the rigged dice ran out of throws")
        return self._values.pop(0)

    def getstate(self) -> tuple[Any, ...]:
        return self._real.getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._real.setstate(state)

    @property
    def left(self) -> int:
        return len(self._values) // 2


def rig_dice(game: Game, *throws: tuple[int, int]) -> RiggedDice:
    """Make the game's next throws exactly these, e.g. ``rig_dice(g, (3, 4), (6, 6))``."""
    current = game.rng
    real = current if isinstance(current, random.Random) else cast(RiggedDice, current)._real
    rigged = RiggedDice(throws, real)
    game.rng = rigged
    return rigged


def stack_deck(game: Game, deck: str, *card_keys: str) -> None:
    """Put these cards (by key) on top of `deck`, in this order."""
    d = game.t.deck_keys.index(deck)
    keys = game.t.card_keys[d]
    wanted = [keys.index(k) for k in card_keys]
    rest = [i for i in game.decks[d] if i not in wanted]
    game.decks[d].clear()
    game.decks[d].extend(wanted + rest)


def give(game: Game, seat: int, *squares: int) -> None:
    """Hand properties from the bank to a seat, as if bought (no money moves)."""
    for sq in squares:
        game.give_property(sq, game.owner[sq], seat)


def set_levels(game: Game, **levels: int) -> None:
    """Set building levels by square, e.g. ``set_levels(g, s37=4, s39=5)``; adjusts bank stock."""
    for key, lv in levels.items():
        buildings.set_level(game, int(key.lstrip("s")), lv)
    game.touch()


def new_game(players: int = 4, seed: int = 1, **rules: object) -> Game:
    """A game with seats p0..pN-1 in fixed order (seat 0 starts), classic rules + options."""
    from monopoly.board.options import RuleSet

    opts = {"first_player": "fixed", **rules}
    return Game([f"p{i}" for i in range(players)], seed, RuleSet.from_dict(opts))


def roll_from(game: Game, seat: int, start: int, d1: int, d2: int) -> list[Any]:
    """Put `seat` on square `start` and roll exactly d1 + d2; then the game draws from a
    real generator again. Returns the roll's events."""
    game.players[seat].position = start
    rig_dice(game, (d1, d2))
    events = game.apply(seat, "roll")
    game.rng = random.Random(7)
    return events


def set_cash(game: Game, seat: int, cash: int) -> None:
    """Set a seat's cash as if the bank paid or took the difference (money stays conserved)."""
    game.bank_out += cash - game.players[seat].cash
    game.players[seat].cash = cash


def bid_range(game: Game, seat: int) -> Any:
    """The bid template among the seat's legal actions (an ``actions.BidRange``), or None."""
    from monopoly.board.actions import BidRange

    for a in game.legal_actions(seat):
        if isinstance(a, BidRange):
            return a
    return None
