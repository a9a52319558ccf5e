"""The Monopoly Deal rules core: pure Python, no I/O beyond reading its deck file, no
globals; the same protocol as the board game's core (:mod:`monopoly.core.protocol`).
Importing it registers the game ``"deal"`` (:func:`monopoly.core.registry.make`).

Example::

    >>> from monopoly.deal import DealRules, Game, parse_action
    >>> g = Game(["Ann", "Bob"], seed=1)
    >>> g.pending
    0
    >>> [e.kind for e in g.apply(0, parse_action("end"))][:2]
    ['turn_ended', 'turn_started']
    >>> from monopoly.core import GameCore, make
    >>> isinstance(make("deal", seats=2, seed=1, rules="quick"), GameCore)
    True
"""

from monopoly.core.outcome import Outcome
from monopoly.core.registry import GameSpec, register
from monopoly.deal.actions import Action, LegalEntry, parse_action
from monopoly.deal.deck import Deck, load_deck, parse_deck
from monopoly.deal.errors import (
    DealError,
    DealRulesError,
    DeckError,
    IllegalActionError,
    MalformedActionError,
    RecordError,
)
from monopoly.deal.game import Game
from monopoly.deal.options import PRESET_OPTIONS, PRESETS, DealRules, deal_preset
from monopoly.deal.record import (
    CODEC,
    RECORD_FORMAT,
    SNAPSHOT_FORMAT,
    record_lines,
    record_text,
    replay,
    restore,
    snapshot,
    snapshot_text,
    state_hash,
)
from monopoly.deal.view import DealView, SeatView

__all__ = [
    "CODEC",
    "PRESETS",
    "PRESET_OPTIONS",
    "Action",
    "DealError",
    "DealRules",
    "DealRulesError",
    "DealView",
    "Deck",
    "DeckError",
    "Game",
    "IllegalActionError",
    "LegalEntry",
    "MalformedActionError",
    "Outcome",
    "RecordError",
    "SeatView",
    "deal_preset",
    "load_deck",
    "parse_action",
    "parse_deck",
    "record_lines",
    "record_text",
    "replay",
    "restore",
    "snapshot",
    "snapshot_text",
    "state_hash",
]

register(GameSpec(
    name="deal",
    factory=Game,
    rules_class=DealRules,
    presets=PRESET_OPTIONS,
    default_preset="official",
    constructor_options=frozenset({"deck", "events"}),
    record_format=RECORD_FORMAT,
    snapshot_format=SNAPSHOT_FORMAT,
    replay=replay,
    restore=restore,
    parse_action=parse_action,
))
