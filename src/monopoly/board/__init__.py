"""The board game's rules core: pure Python, no I/O, no globals."""

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
from monopoly.board.options import RuleSet
from monopoly.board.record import record_lines, replay, restore, snapshot, state_hash
from monopoly.board.view import SeatView
from monopoly.core.outcome import Outcome

__all__ = [
    "BANK",
    "Action",
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
