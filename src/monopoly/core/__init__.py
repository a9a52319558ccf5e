"""The shared kernel of every game: no I/O, no rules.

- :mod:`~monopoly.core.protocol`: :class:`GameCore`, the protocol of a rules core;
- :mod:`~monopoly.core.registry`: :func:`make` and the games by name;
- :mod:`~monopoly.core.decision`: :class:`Decision`, who must act now;
- :mod:`~monopoly.core.options`: :class:`OptionSet`, the base of every rule set;
- :mod:`~monopoly.core.events`, :mod:`~monopoly.core.errors`,
  :mod:`~monopoly.core.outcome`, :mod:`~monopoly.core.record`,
  :mod:`~monopoly.core.seeds`, :mod:`~monopoly.core.text`, :mod:`~monopoly.core.ids`.
"""

from monopoly.core.decision import OVER, Decision
from monopoly.core.errors import (
    DataError,
    IllegalActionError,
    MalformedActionError,
    MonopolyError,
    RecordError,
    RulesError,
)
from monopoly.core.events import Event
from monopoly.core.ids import ActionId, CardId, ColourId, Money, PlayerId, SquareIndex
from monopoly.core.options import OptionSet, make_preset, option
from monopoly.core.outcome import Outcome
from monopoly.core.protocol import GameCore, GameView
from monopoly.core.registry import GameSpec, games, make, register, replay, restore, spec
from monopoly.core.text import N_, Text

__all__ = [
    "N_",
    "OVER",
    "ActionId",
    "CardId",
    "ColourId",
    "DataError",
    "Decision",
    "Event",
    "GameCore",
    "GameSpec",
    "GameView",
    "IllegalActionError",
    "MalformedActionError",
    "Money",
    "MonopolyError",
    "OptionSet",
    "Outcome",
    "PlayerId",
    "RecordError",
    "RulesError",
    "SquareIndex",
    "Text",
    "games",
    "make",
    "make_preset",
    "option",
    "register",
    "replay",
    "restore",
    "spec",
]
