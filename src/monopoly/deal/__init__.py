"""The Monopoly Deal rules core: pure Python, no I/O beyond reading its deck file, no
globals; the same protocol as the board game's core (DESIGN.md).

Example::

    >>> from monopoly.deal import DealRules, Game, parse_action
    >>> g = Game(DealRules(), ["Ann", "Bob"], seed=1)
    >>> g.pending()
    0
    >>> [e.kind for e in g.apply(0, parse_action("end"))][:2]
    ['turn_ended', 'turn_started']
"""

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
from monopoly.deal.game import Game, Outcome
from monopoly.deal.options import PRESETS, DealRules, deal_preset
from monopoly.deal.record import (
    record_lines,
    record_text,
    replay,
    restore,
    snapshot,
    snapshot_text,
    state_hash,
)
from monopoly.deal.view import DealView

__all__ = [
    "PRESETS",
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
