"""The rule set: one frozen, validated dataclass of named options with official defaults.

Variants are values of this class (RULES.md §12 presets come with the next issue); an
unknown option or a value out of range is a :class:`RulesError` that names it.

Example::

    >>> RuleSet().starting_cash
    1500
    >>> RuleSet.from_dict({"auction": "none"}).auction
    'none'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from monopoly.board.errors import RulesError

AUCTION_STYLES = ("open", "none")
FIRST_PLAYER = ("roll", "fixed")
END_CONDITIONS = ("last_player",)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every option of the board game (RULES.md), with the classic defaults."""

    # §1 setup
    starting_cash: int = 1500
    first_player: str = "roll"  # "roll": highest throw starts; "fixed": seat 0 starts
    # §2 a turn
    go_salary: int = 200
    max_doubles: int = 3  # the third doubles in one turn sends the player to jail
    # §3 buying and auctions
    auction: str = "open"
    # §4 rent
    double_rent_with_mortgaged_in_group: bool = True
    # §6 taxes: None takes the edition's printed amount
    income_tax: int | None = None
    luxury_tax: int | None = None
    # §7 jail
    jail_fine: int = 50
    max_jail_turns: int = 3
    # §8 buildings
    houses: int = 32
    hotels: int = 12
    houses_for_hotel: int = 4
    # §9 money
    mortgage_interest_percent: int = 10
    building_sell_percent: int = 50
    # §11 end of the game
    end: str = "last_player"
    turn_limit: int | None = None  # for simulations: stop after this many turns

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type in ("int", int) and (not isinstance(value, int) or isinstance(value, bool)):
                raise RulesError(f"option {f.name!r} must be an integer, got {value!r}")
            if f.type in ("bool", bool) and not isinstance(value, bool):
                raise RulesError(f"option {f.name!r} must be true or false, got {value!r}")
        self._check_range("starting_cash", 0, 1_000_000)
        self._check_range("go_salary", 0, 1_000_000)
        self._check_range("max_doubles", 1, 10)
        self._check_range("jail_fine", 0, 1_000_000)
        self._check_range("max_jail_turns", 1, 10)
        self._check_range("houses", 0, 1000)
        self._check_range("hotels", 0, 1000)
        self._check_range("houses_for_hotel", 1, 4)
        self._check_range("mortgage_interest_percent", 0, 100)
        self._check_range("building_sell_percent", 0, 100)
        self._check_choice("auction", AUCTION_STYLES)
        self._check_choice("first_player", FIRST_PLAYER)
        self._check_choice("end", END_CONDITIONS)
        for name in ("income_tax", "luxury_tax", "turn_limit"):
            value = getattr(self, name)
            if value is not None and (
                not isinstance(value, int) or isinstance(value, bool) or value < 0
            ):
                raise RulesError(f"option {name!r} must be a non-negative integer or null")

    def _check_range(self, name: str, low: int, high: int) -> None:
        value = getattr(self, name)
        if not low <= value <= high:
            raise RulesError(f"option {name!r} must be between {low} and {high}, got {value}")

    def _check_choice(self, name: str, choices: tuple[str, ...]) -> None:
        value = getattr(self, name)
        if value not in choices:
            raise RulesError(f"option {name!r} must be one of {', '.join(choices)}; got {value!r}")

    @classmethod
    def from_dict(cls, options: dict[str, Any]) -> RuleSet:
        """Build a rule set from option names and values; unknown names are errors."""
        return cls().with_options(**options)

    def with_options(self, **options: Any) -> RuleSet:
        """A copy with some options changed; unknown names are errors."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise RulesError(f"unknown option(s): {', '.join(unknown)}")
        return replace(self, **options)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
