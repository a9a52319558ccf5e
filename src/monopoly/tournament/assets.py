"""Counting a player's assets at a real table: the banker-referee's arithmetic.

At the end of a game the banker counts every player's assets (the championship rules;
docs/rules.md §11), with the same arithmetic as the score sheet of an online game
(:mod:`monopoly.narration.board.sheet`, ``net_worth`` of the engine):

- cash;
- each deed at its printed price, a mortgaged one at half;
- buildings at cost: a house at the street's house cost, a hotel at its own price plus
  the houses it replaced (``house_cost * (houses_for_hotel + 1)``).

A bankrupt player has left the game and counts nothing. :func:`count_table` checks a
whole table at once: a deed belongs to one player at most, buildings stand only on
unmortgaged streets of a colour group that one player owns whole, and the bank's 32
houses and 12 hotels are not exceeded::

    >>> from monopoly.board.edition import load_edition
    >>> ed = load_edition("standard")
    >>> line = Holding(cash=820, deeds={39: Deed(houses=2), 37: Deed(), 5: Deed(mortgaged=True)})
    >>> count_assets(ed, line).total  # 820 + 400 + 2*200 + 350 + 100
    2070
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from monopoly.board.edition import Edition, SquareKind
from monopoly.tournament.errors import TournamentError

__all__ = ["AssetCount", "Deed", "Holding", "count_assets", "count_table", "holding_from_dict"]


@dataclass(frozen=True, slots=True)
class Deed:
    """One title deed a player holds at the end: mortgaged or not, its buildings."""

    mortgaged: bool = False
    houses: int = 0  # 0..4 (or the rule set's houses for a hotel)
    hotel: bool = False


@dataclass(frozen=True, slots=True)
class Holding:
    """What the banker counts for one player."""

    cash: int = 0
    deeds: Mapping[int, Deed] = field(default_factory=dict)  # square index -> deed
    bankrupt: bool = False


@dataclass(frozen=True, slots=True)
class AssetCount:
    cash: int
    properties: int  # printed prices, mortgaged at half
    buildings: int  # at cost
    houses: int  # counted on the table (for the bank's stock)
    hotels: int

    @property
    def total(self) -> int:
        return self.cash + self.properties + self.buildings

    def to_dict(self) -> dict[str, int]:
        return {"cash": self.cash, "properties": self.properties,
                "buildings": self.buildings, "total": self.total}


def count_assets(edition: Edition, holding: Holding, houses_for_hotel: int = 4) -> AssetCount:
    """The assets of one player (checked against the edition: a deed on a property square,
    houses within 0..`houses_for_hotel`, buildings only on unmortgaged streets)."""
    if holding.bankrupt:
        if holding.cash or holding.deeds:
            raise TournamentError("invalid", "a bankrupt player holds nothing")
        return AssetCount(0, 0, 0, 0, 0)
    if not _is_int(holding.cash) or holding.cash < 0:
        raise TournamentError("invalid", "cash must be a whole number, not negative")
    properties = buildings = houses = hotels = 0
    for square, deed in holding.deeds.items():
        sq = _deed_square(edition, square)
        properties += sq.price // 2 if deed.mortgaged else sq.price
        if not _is_int(deed.houses) or not 0 <= deed.houses <= houses_for_hotel:
            raise TournamentError(
                "invalid", "houses on {square}: 0 to {most}", square=sq.index,
                most=houses_for_hotel)
        if deed.hotel and deed.houses:
            raise TournamentError(
                "invalid", "{square}: a hotel replaces the houses; enter the hotel only",
                square=sq.index)
        if deed.houses or deed.hotel:
            if sq.kind != SquareKind.STREET:
                raise TournamentError("invalid", "{square}: only streets have buildings",
                                      square=sq.index)
            if deed.mortgaged:
                raise TournamentError("invalid", "{square}: a mortgaged street has no buildings",
                                      square=sq.index)
        if deed.hotel:
            hotels += 1
            buildings += sq.house_cost * (houses_for_hotel + 1)
        else:
            houses += deed.houses
            buildings += sq.house_cost * deed.houses
    return AssetCount(holding.cash, properties, buildings, houses, hotels)


def count_table(
    edition: Edition,
    holdings: Sequence[Holding],
    *,
    houses_for_hotel: int = 4,
    house_stock: int = 32,
    hotel_stock: int = 12,
) -> list[AssetCount]:
    """Every player's assets at one table, the table checked as a whole (see the module
    docstring). Raises a TournamentError naming the first problem."""
    counts = [count_assets(edition, h, houses_for_hotel) for h in holdings]
    owner: dict[int, int] = {}
    for i, h in enumerate(holdings):
        for square in h.deeds:
            if square in owner:
                raise TournamentError(
                    "invalid", "{square} is entered for two players",
                    square=square)
            owner[square] = i
    for i, h in enumerate(holdings):
        for square, deed in h.deeds.items():
            if not (deed.houses or deed.hotel):
                continue
            group = edition.squares[square].group
            members = edition.groups.get(group or "", ())
            if any(owner.get(m) != i for m in members):
                raise TournamentError(
                    "invalid", "{square}: buildings need the whole colour group",
                    square=square)
            if any(h.deeds[m].mortgaged for m in members):
                raise TournamentError(
                    "invalid", "{square}: no buildings while a street of the group is mortgaged",
                    square=square)
    if sum(c.houses for c in counts) > house_stock:
        raise TournamentError("invalid", "more than {count} houses are entered", count=house_stock)
    if sum(c.hotels for c in counts) > hotel_stock:
        raise TournamentError("invalid", "more than {count} hotels are entered", count=hotel_stock)
    return counts


def holding_from_dict(data: Mapping[str, Any]) -> Holding:
    """A holding from the score-sheet form's JSON: ``{"cash": 820, "bankrupt": false,
    "deeds": {"39": {"mortgaged": false, "houses": 2, "hotel": false}, ...}}``."""
    if not isinstance(data, Mapping):
        raise TournamentError("invalid", "a player's line must be a table of values")
    unknown = set(data) - {"cash", "deeds", "bankrupt"}
    if unknown:
        raise TournamentError("invalid", "unknown field {name} in a player's line",
                              name=sorted(unknown)[0])
    cash = data.get("cash", 0)
    if not _is_int(cash):
        raise TournamentError("invalid", "cash must be a whole number, not negative")
    deeds_raw = data.get("deeds", {})
    if not isinstance(deeds_raw, Mapping):
        raise TournamentError("invalid", "deeds must be a table of square numbers")
    deeds: dict[int, Deed] = {}
    for key, raw in deeds_raw.items():
        try:
            square = int(key)
        except (TypeError, ValueError):
            raise TournamentError("invalid", "bad square number {value}", value=repr(key)) from None
        if not isinstance(raw, Mapping) or set(raw) - {"mortgaged", "houses", "hotel"}:
            raise TournamentError("invalid", "bad deed entry for square {value}", value=square)
        houses = raw.get("houses", 0)
        if not _is_int(houses):
            raise TournamentError("invalid", "bad deed entry for square {value}", value=square)
        deeds[square] = Deed(bool(raw.get("mortgaged", False)), houses,
                             bool(raw.get("hotel", False)))
    return Holding(cash, deeds, bool(data.get("bankrupt", False)))


def _deed_square(edition: Edition, square: object) -> Any:
    if not _is_int(square) or not 0 <= square < len(edition.squares):
        raise TournamentError("invalid", "bad square number {value}", value=repr(square))
    sq = edition.squares[square]
    if not sq.is_property:
        raise TournamentError("invalid", "square {value} has no title deed", value=square)
    return sq


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
