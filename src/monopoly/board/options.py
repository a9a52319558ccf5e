"""The rule set: one frozen, validated dataclass of named options with official defaults.

Every deviation a seed describes is a named option (docs/rules.md); the presets of docs/rules.md §12
(:data:`PRESETS`) are named starting points, and any option can be set one by one on top
of a preset. An unknown option, or a value out of range, is a :class:`RulesError` that
names it.

Example::

    >>> RuleSet().starting_cash
    1500
    >>> RuleSet.from_dict({"auction": "none"}).auction
    'none'
    >>> preset("short", luxury_tax=75).houses_for_hotel
    3
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from monopoly.core.errors import RulesError
from monopoly.core.options import OptionSet, make_preset
from monopoly.core.options import option as _opt
from monopoly.core.text import Text

AUCTION_STYLES = ("open", "sealed", "none")
FIRST_PLAYER = ("roll", "fixed")
END_CONDITIONS = ("last_player", "bankruptcies", "time_limit", "turn_limit", "target_worth")

BIG: int = 1_000_000_000


@dataclass(frozen=True, slots=True)
class RuleSet(OptionSet):
    """Every option of the board game (docs/rules.md), with the classic defaults.

    Each field's metadata holds its docs/rules.md section and, for numbers, the allowed range
    (``None`` is allowed where the type says so and means "off" / "the edition's value")."""

    # §1 setup
    starting_cash: int = _opt(1500, 0, 1_000_000, section="1")
    first_player: str = _opt("roll", choices=FIRST_PLAYER, section="1")
    # title deeds dealt to each player before the first turn (short/timed: 2 paid, TOUR: 3)
    starting_properties: int = _opt(0, 0, 14, section="1")
    starting_properties_paid: bool = _opt(True, section="1")
    # §2 a turn
    go_salary: int = _opt(200, 0, 1_000_000, section="2")
    # CZ: the salary is paid on the start square before the first move too
    go_salary_at_start: bool = _opt(False, section="2")
    max_doubles: int = _opt(3, 1, 10, section="2")
    # §3 buying and auctions
    auction: str = _opt("open", choices=AUCTION_STYLES, section="3")
    buy_after_first_lap: bool = _opt(False, section="3")  # RU house rule
    # §4 rent
    double_rent_with_mortgaged_in_group: bool = _opt(True, section="4")
    no_rent_in_jail: bool = _opt(False, section="4")  # RU house rule
    # §5 cards
    jail_card_max_price: int | None = _opt(None, 0, 1_000_000, section="5")  # TOUR: 50
    # §6 taxes: None takes the edition's printed amount
    income_tax: int | None = _opt(None, 0, 1_000_000, section="6")
    luxury_tax: int | None = _opt(None, 0, 1_000_000, section="6")
    income_tax_choice: bool = _opt(False, section="6")  # CZ: 200 or 10 % of total worth
    income_tax_percent: int = _opt(10, 0, 100, section="6")
    free_parking_pot: bool = _opt(False, section="6")  # RU house rule
    # §7 jail
    jail_fine: int = _opt(50, 0, 1_000_000, section="7")
    max_jail_turns: int = _opt(3, 1, 10, section="7")
    two_player_no_fine_jail: bool = _opt(False, section="7")  # RU note for two players
    # §8 buildings
    houses: int = _opt(32, 0, 1000, section="8")
    hotels: int = _opt(12, 0, 1000, section="8")
    houses_for_hotel: int = _opt(4, 1, 4, section="8")
    build_only_on_landing: bool = _opt(False, section="8")  # old Czech rule
    houses_per_turn: int | None = _opt(None, 1, 100, section="8")  # RU house rule: 1
    build_before_rolling: bool = _opt(False, section="8")  # RU house rule
    # §9 money
    mortgage_interest_percent: int = _opt(10, 0, 100, section="9")
    building_sell_percent: int = _opt(50, 0, 100, section="9")  # §9a: 100
    player_loans: bool = _opt(False, section="9")  # RU house rule
    trade_mortgaged: bool = _opt(True, section="9a")  # §9a: False
    trading: bool = _opt(True, section="9")  # False: no trades between players (a variant)
    bankrupt_stays: bool = _opt(False, section="9")  # RU house rule
    bankrupt_buildings_to_creditor: bool = _opt(False, section="9")  # RU short game
    bankrupt_estate_to_bank: bool = _opt(False, section="9a")
    # clocks (seconds of an injected clock, never the wall clock)
    negotiation_seconds: int | None = _opt(None, 1, 86_400, section="9")  # TOUR: 30
    turn_clock_seconds: int | None = _opt(None, 1, 86_400, section="9")
    time_limit_minutes: int | None = _opt(None, 1, 100_000, section="11")  # TOUR: 45
    # §11 end of the game
    end: str = _opt("last_player", choices=END_CONDITIONS, section="11")
    end_bankruptcies: int = _opt(2, 1, 7, section="11")
    turn_limit: int | None = _opt(None, 1, BIG, section="11")  # also a cap for simulations
    target_worth: int | None = _opt(None, 1, BIG, section="11")

    LATER: ClassVar[frozenset[str]] = frozenset({"go_salary_at_start", "trading"})

    def check(self) -> None:
        """`end` needs the option that bounds it."""
        needs = {"time_limit": "time_limit_minutes", "turn_limit": "turn_limit",
                 "target_worth": "target_worth"}
        needed = needs.get(self.end)
        if needed is not None and getattr(self, needed) is None:
            raise RulesError(
                Text("option end = {value} needs option {name}", value=self.end, name=needed)
            )

    @property
    def counts_net_worth(self) -> bool:
        """Whether the end is decided by net worth (every end but the last player)."""
        return self.end != "last_player"


def option_section(name: str) -> str:
    """The docs/rules.md section an option comes from."""
    return RuleSet.option_section(name)


def option_names() -> tuple[str, ...]:
    return RuleSet.option_names()


# docs/rules.md §12: the presets, as option changes on top of the classic defaults.
PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    "classic": {},
    # CZ: the salary on the start square before the first move, luxury tax 75, income tax
    # 200 or 10 %, ends at the 2nd bankruptcy with net worth, houses only on the street the
    # token lands on; a player who leaves the game, the bankrupt included, hands
    # everything to the banker ("Hráč, který odchází ze hry, musí odevzdat veškerý svůj
    # majetek bankéři").
    "czech": {
        "go_salary_at_start": True,
        "bankrupt_estate_to_bank": True,
        "luxury_tax": 75,
        "income_tax_choice": True,
        "end": "bankruptcies",
        "end_bankruptcies": 2,
        "build_only_on_landing": True,
    },
    # CZ + RU short game: 2 dealt paid deeds, a hotel after 3 houses, ends at the 2nd
    # bankruptcy (net worth); the bankrupt hands everything, buildings too, to the creditor.
    "short": {
        "starting_properties": 2,
        "starting_properties_paid": True,
        "houses_for_hotel": 3,
        "end": "bankruptcies",
        "end_bankruptcies": 2,
        "bankrupt_buildings_to_creditor": True,
    },
    # RU time-limited game: 2 dealt paid deeds; the richest when time is called wins. The
    # players agree the time before the game (60 minutes here; set time_limit_minutes).
    "timed": {
        "starting_properties": 2,
        "starting_properties_paid": True,
        "end": "time_limit",
        "time_limit_minutes": 60,
    },
    # TOUR: 3 dealt deeds (free), sealed bids, jail card at most 50, 45 minutes with the
    # finish-your-turn rule, 30-second negotiations; play starts left of the banker (fixed).
    "tournament": {
        "starting_properties": 3,
        "starting_properties_paid": False,
        "auction": "sealed",
        "jail_card_max_price": 50,
        "end": "time_limit",
        "time_limit_minutes": 45,
        "negotiation_seconds": 30,
        "first_player": "fixed",
    },
    # RU house rules, each also a separate option.
    "house": {
        "no_rent_in_jail": True,
        "buy_after_first_lap": True,
        "free_parking_pot": True,
        "player_loans": True,
        "bankrupt_stays": True,
        "houses_per_turn": 1,
        "build_before_rolling": True,
        "two_player_no_fine_jail": True,
    },
}

PRESETS: tuple[str, ...] = tuple(PRESET_OPTIONS)


def preset(name: str, **options: Any) -> RuleSet:
    """The rule set of a preset, with options set one by one on top of it."""
    return make_preset(RuleSet, PRESET_OPTIONS, name, **options)
