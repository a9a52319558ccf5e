"""The Deal rule set: one frozen, validated dataclass of named options, official defaults.

Every point docs/deal-rules.md marks *(silent)* is an option here, with docs/deal-rules.md's choice
as the
default; presets (:data:`PRESET_OPTIONS`) are named starting points. An unknown option
or a value out of range is a :class:`~monopoly.core.errors.RulesError` (the Deal's
``DealRulesError``) that names it; the behaviour is the core's
:class:`~monopoly.core.options.OptionSet`.

Example::

    >>> DealRules().sets_to_win
    3
    >>> DealRules.from_dict({"discard_to": "discard_pile"}).discard_to
    'discard_pile'
    >>> deal_preset("quick").sets_to_win
    1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monopoly.core.options import OptionSet, make_preset, option

__all__ = [
    "BIG", "BROKEN_SET_BUILDINGS", "DISCARD_TO", "FIRST_PLAYER", "MAX_PLAYERS", "MIN_PLAYERS",
    "PRESETS", "PRESET_OPTIONS", "RECEIVED_BUILDINGS", "DealRules", "deal_preset",
    "option_names", "option_section",
]

DISCARD_TO = ("draw_bottom", "discard_pile")
BROKEN_SET_BUILDINGS = ("to_bank", "discard")
RECEIVED_BUILDINGS = ("place", "bank")
FIRST_PLAYER = ("first_seat", "random")

MIN_PLAYERS = 2
MAX_PLAYERS = 5
BIG = 1_000_000_000


@dataclass(frozen=True, slots=True)
class DealRules(OptionSet):
    """Every option of Monopoly Deal (docs/deal-rules.md), with the official defaults.

    Each field's metadata holds its docs/deal-rules.md section, and the allowed range or choices."""

    # § Turn
    deal_size: int = option(5, 1, 10, section="Turn")
    draw_per_turn: int = option(2, 1, 10, section="Turn")
    draw_when_empty: int = option(5, 0, 10, section="Turn")
    plays_per_turn: int = option(3, 1, 10, section="Turn")
    hand_limit: int = option(7, 1, 30, section="Turn")
    pass_go_draw: int = option(2, 0, 10, section="Deck")
    # printed rule: the extra cards go under the draw pile; option: the discard pile
    discard_to: str = option("draw_bottom", choices=DISCARD_TO, section="Turn")
    # not in the rules (nobody says who starts): the first seat, or a seeded draw
    first_player: str = option("first_seat", choices=FIRST_PLAYER, section="Turn")
    # § Paying (silent): a building received with no full set to stand on goes to the
    # bank; "place" stands it on the receiver's best full set that can hold it first
    received_buildings: str = option("place", choices=RECEIVED_BUILDINGS, section="Paying")
    # § Paying (silent): the buildings of a set that stops being full go to the bank
    buildings_on_broken_set: str = option("to_bank", choices=BROKEN_SET_BUILDINGS,
                                          section="Paying")
    # § Actions (silent): Just Say No uses none of the answering player's plays
    jsn_uses_play: bool = option(False, section="Actions")
    # § Actions (silent): one Double The Rent per rent card; True: any number, each doubles
    stack_double_rent: bool = option(False, section="Actions")
    # § Actions (silent): Deal Breaker takes the whole pile, extras beyond the set too
    deal_breaker_takes_extras: bool = option(True, section="Actions")
    # The table asks a target (or an attacker answering a Just Say No) even when they have
    # no choice, so that the pause reveals nothing about their hand; False skips those
    # decisions (forced payments, accepting without a Just Say No) for simulations.
    ask_without_choice: bool = option(True, section="Actions")
    # § End
    sets_to_win: int = option(3, 1, 10, section="End")
    win_on_owner_turn_only: bool = option(False, section="End")
    # § End (silent): an empty draw pile is refilled from the shuffled discard pile
    reshuffle_discard: bool = option(True, section="End")
    # simulations: after this many turns the game ends as a draw (0: no cap)
    turn_cap: int = option(0, 0, BIG, section="End")


def option_names() -> tuple[str, ...]:
    return DealRules.option_names()


def option_section(name: str) -> str:
    """The docs/deal-rules.md section an option comes from."""
    return DealRules.option_section(name)


PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    "official": {},
    # the one-set quick game the seed's wording describes (docs/deal-rules.md: sets_to_win 1)
    "quick": {"sets_to_win": 1},
    # simulations: no decision without a choice, and a turn cap that ends as a draw
    "simulation": {"ask_without_choice": False, "turn_cap": 400},
}
PRESETS: tuple[str, ...] = tuple(PRESET_OPTIONS)


def deal_preset(name: str, **options: Any) -> DealRules:
    """The rule set of a preset, with options set one by one on top of it."""
    return make_preset(DealRules, PRESET_OPTIONS, name, **options)
