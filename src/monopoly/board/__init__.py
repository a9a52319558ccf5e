"""The board game's rules core: pure Python, no I/O, no globals.

:class:`Game` follows the core protocol (:class:`monopoly.core.protocol.GameCore`); the
rules live in :mod:`monopoly.board.rules`, one module per section of ``docs/rules.md``.
Importing this package registers the game as ``"board"`` (:func:`monopoly.core.make`).
"""

from collections.abc import Sequence
from typing import Any

from monopoly.board.actions import Action, parse_action
from monopoly.board.edition import Edition, load_edition
from monopoly.board.errors import (
    IllegalActionError,
    MalformedActionError,
    MonopolyError,
    RecordError,
    RulesError,
)
from monopoly.board.game import BANK, Game
from monopoly.board.options import PRESET_OPTIONS, RuleSet
from monopoly.board.record import (
    RECORD_FORMAT,
    SNAPSHOT_FORMAT,
    record_lines,
    replay,
    restore,
    snapshot,
    state_hash,
)
from monopoly.board.view import BoardView, SeatView
from monopoly.core.outcome import Outcome
from monopoly.core.registry import GameSpec, register

__all__ = [
    "BANK",
    "Action",
    "BoardView",
    "Edition",
    "Game",
    "IllegalActionError",
    "MalformedActionError",
    "MonopolyError",
    "Outcome",
    "RecordError",
    "RuleSet",
    "RulesError",
    "SeatView",
    "load_edition",
    "parse_action",
    "record_lines",
    "replay",
    "restore",
    "snapshot",
    "state_hash",
]


def _new_game(seats: Sequence[str] | int, seed: int, rules: Any, **options: Any) -> Game:
    names = [f"Player {i + 1}" for i in range(seats)] if isinstance(seats, int) else seats
    return Game(names, seed, rules, **options)


register(
    GameSpec(
        name="board",
        factory=_new_game,
        rules_class=RuleSet,
        presets=PRESET_OPTIONS,
        default_preset="classic",
        constructor_options=frozenset({"edition", "events"}),
        record_format=RECORD_FORMAT,
        snapshot_format=SNAPSHOT_FORMAT,
        replay=replay,
        restore=restore,
        parse_action=parse_action,
    )
)
