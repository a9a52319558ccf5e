"""The Deal rule set: one frozen, validated dataclass of named options, official defaults.

Every point DEAL.md marks *(silent)* is an option here, with DEAL.md's choice as the
default; presets (:data:`PRESET_OPTIONS`) are named starting points. An unknown option
or a value out of range is a :class:`DealRulesError` that names it.

Example::

    >>> DealRules().sets_to_win
    3
    >>> DealRules.from_dict({"discard_to": "discard_pile"}).discard_to
    'discard_pile'
    >>> deal_preset("quick").sets_to_win
    1
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from monopoly.core.text import Text
from monopoly.deal.errors import DealRulesError

DISCARD_TO = ("draw_bottom", "discard_pile")
BROKEN_SET_BUILDINGS = ("to_bank", "discard")
RECEIVED_BUILDINGS = ("place", "bank")
FIRST_PLAYER = ("first_seat", "random")

MIN_PLAYERS = 2
MAX_PLAYERS = 5
BIG = 1_000_000_000


def _opt(default: Any, low: int | None = None, high: int | None = None,
         choices: tuple[str, ...] | None = None, section: str = "") -> Any:
    meta: dict[str, Any] = {"section": section}
    if low is not None:
        meta["range"] = (low, high)
    if choices is not None:
        meta["choices"] = choices
    return field(default=default, metadata=meta)


@dataclass(frozen=True, slots=True)
class DealRules:
    """Every option of Monopoly Deal (DEAL.md), with the official defaults.

    Each field's metadata holds its DEAL.md section, and the allowed range or choices."""

    # § Turn
    deal_size: int = _opt(5, 1, 10, section="Turn")
    draw_per_turn: int = _opt(2, 1, 10, section="Turn")
    draw_when_empty: int = _opt(5, 0, 10, section="Turn")
    plays_per_turn: int = _opt(3, 1, 10, section="Turn")
    hand_limit: int = _opt(7, 1, 30, section="Turn")
    pass_go_draw: int = _opt(2, 0, 10, section="Deck")
    # printed rule: the extra cards go under the draw pile; option: the discard pile
    discard_to: str = _opt("draw_bottom", choices=DISCARD_TO, section="Turn")
    # not in the rules (nobody says who starts): the first seat, or a seeded draw
    first_player: str = _opt("first_seat", choices=FIRST_PLAYER, section="Turn")
    # § Paying (silent): a building received with no full set to stand on goes to the
    # bank; "place" stands it on the receiver's best full set that can hold it first
    received_buildings: str = _opt("place", choices=RECEIVED_BUILDINGS, section="Paying")
    # § Paying (silent): the buildings of a set that stops being full go to the bank
    buildings_on_broken_set: str = _opt("to_bank", choices=BROKEN_SET_BUILDINGS,
                                        section="Paying")
    # § Actions (silent): Just Say No uses none of the answering player's plays
    jsn_uses_play: bool = _opt(False, section="Actions")
    # § Actions (silent): one Double The Rent per rent card; True: any number, each doubles
    stack_double_rent: bool = _opt(False, section="Actions")
    # § Actions (silent): Deal Breaker takes the whole pile, extras beyond the set too
    deal_breaker_takes_extras: bool = _opt(True, section="Actions")
    # The table asks a target (or an attacker answering a Just Say No) even when they have
    # no choice, so that the pause reveals nothing about their hand; False skips those
    # decisions (forced payments, accepting without a Just Say No) for simulations.
    ask_without_choice: bool = _opt(True, section="Actions")
    # § End
    sets_to_win: int = _opt(3, 1, 10, section="End")
    win_on_owner_turn_only: bool = _opt(False, section="End")
    # § End (silent): an empty draw pile is refilled from the shuffled discard pile
    reshuffle_discard: bool = _opt(True, section="End")
    # simulations: after this many turns the game ends as a draw (0: no cap)
    turn_cap: int = _opt(0, 0, BIG, section="End")

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type in ("int", int):
                if not isinstance(value, int) or isinstance(value, bool):
                    raise DealRulesError(Text("option {name} must be an integer, got {value}",
                                              name=f.name, value=repr(value)))
            elif f.type in ("bool", bool):
                if not isinstance(value, bool):
                    raise DealRulesError(Text("option {name} must be true or false, got {value}",
                                              name=f.name, value=repr(value)))
            elif not isinstance(value, str):
                raise DealRulesError(Text("option {name} must be a string, got {value}",
                                          name=f.name, value=repr(value)))
            bounds = f.metadata.get("range")
            if bounds is not None and not bounds[0] <= value <= bounds[1]:
                raise DealRulesError(
                    f"option {f.name} must be between {bounds[0]} and {bounds[1]}, got {value}"
                )
            choices = f.metadata.get("choices")
            if choices is not None and value not in choices:
                raise DealRulesError(
                    f"option {f.name} must be one of {', '.join(choices)}; got {value!r}"
                )

    @classmethod
    def from_dict(cls, options: object) -> DealRules:
        """Build a rule set from option names and values; unknown names are errors."""
        if not isinstance(options, dict):
            raise DealRulesError(Text("rules must be an object of option names and values"))
        return cls().with_options(**options)

    def with_options(self, **options: Any) -> DealRules:
        """A copy with some options changed; unknown names are errors."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise DealRulesError(Text("unknown option(s): {names}", names=', '.join(unknown)))
        return replace(self, **options)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def changed(self) -> dict[str, Any]:
        """The options that differ from the official defaults."""
        base = DealRules()
        return {k: v for k, v in self.to_dict().items() if getattr(base, k) != v}


def option_names() -> tuple[str, ...]:
    return tuple(f.name for f in fields(DealRules))


def option_section(name: str) -> str:
    """The DEAL.md section an option comes from."""
    for f in fields(DealRules):
        if f.name == name:
            return str(f.metadata["section"])
    raise DealRulesError(Text("unknown option {name}", name=name))


PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    "official": {},
    # the one-set quick game the seed's wording describes (DEAL.md: sets_to_win 1)
    "quick": {"sets_to_win": 1},
    # simulations: no decision without a choice, and a turn cap that ends as a draw
    "simulation": {"ask_without_choice": False, "turn_cap": 400},
}
PRESETS: tuple[str, ...] = tuple(PRESET_OPTIONS)


def deal_preset(name: str, **options: Any) -> DealRules:
    """The rule set of a preset, with options set one by one on top of it."""
    if name not in PRESET_OPTIONS:
        raise DealRulesError(Text("unknown preset {name}; presets: {presets}",
                                  name=name, presets=', '.join(PRESETS)))
    return DealRules().with_options(**{**PRESET_OPTIONS[name], **options})
