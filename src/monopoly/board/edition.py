"""Editions: the board, the title deeds and the card decks, loaded from data files.

An edition is pure data (RULES.md section 10): adding an edition is adding a JSON file to
``monopoly/editions/``. Card effects are typed (:class:`CardEffect`), never matched by text.

Example::

    >>> ed = load_edition("standard")
    >>> ed.squares[39].price
    400
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

from monopoly.board.errors import EditionError

LANGUAGES: tuple[str, ...] = ("en", "cs", "ru")


class SquareKind(StrEnum):
    GO = "go"
    STREET = "street"
    RAILROAD = "railroad"
    UTILITY = "utility"
    TAX = "tax"
    CHANCE = "chance"
    COMMUNITY_CHEST = "community_chest"
    JAIL = "jail"
    FREE_PARKING = "free_parking"
    GO_TO_JAIL = "go_to_jail"


PROPERTY_KINDS = frozenset({SquareKind.STREET, SquareKind.RAILROAD, SquareKind.UTILITY})


class EffectKind(StrEnum):
    """What a card does. Parameters live in :class:`CardEffect` fields."""

    ADVANCE_TO = "advance_to"  # move forward to `square`; passing GO pays the salary
    BACK_TO = "back_to"  # move backwards to `square`; never passes GO ("Go back to Old Kent Road")
    ADVANCE_TO_NEAREST = "advance_to_nearest"  # forward to the next square of kind `nearest`
    MOVE_BACK = "move_back"  # move back `spaces` squares, resolve the square
    GO_TO_JAIL = "go_to_jail"
    COLLECT = "collect"  # bank pays `amount`
    PAY = "pay"  # pay `amount` to the bank
    COLLECT_FROM_EACH = "collect_from_each"  # every other player pays `amount`
    PAY_EACH = "pay_each"  # pay `amount` to every other player
    REPAIRS = "repairs"  # pay `per_house` per house and `per_hotel` per hotel
    JAIL_FREE = "jail_free"  # Get Out of Jail Free: kept until used or sold
    PAY_OR_DRAW = "pay_or_draw"  # pay `amount` or draw from `deck` (player's choice)


@dataclass(frozen=True, slots=True)
class CardEffect:
    kind: EffectKind
    square: int = -1
    nearest: SquareKind | None = None
    rent_multiplier: int = 1  # "pay twice the rental" on the nearest railroad card: 2
    dice_multiplier: int = 0  # "ten times the amount thrown" on the nearest utility card: 10
    amount: int = 0
    spaces: int = 0
    per_house: int = 0
    per_hotel: int = 0
    deck: str = ""


@dataclass(frozen=True, slots=True)
class Card:
    key: str  # stable id, unique within the edition, e.g. "chance_advance_to_boardwalk"
    deck: str  # "chance" or "community_chest"
    texts: Mapping[str, str]  # language -> text
    effect: CardEffect


@dataclass(frozen=True, slots=True)
class Square:
    index: int
    kind: SquareKind
    key: str  # stable id, e.g. "boardwalk"
    names: Mapping[str, str]  # language -> name
    group: str | None = None  # colour group key; "railroad" / "utility" for those
    price: int = 0
    house_cost: int = 0  # also the price of a hotel (on top of the 4 houses it replaces)
    # street: 6 levels (base, 1-4 houses, hotel); railroad: rent by the count owned (1-4)
    rents: tuple[int, ...] = ()
    utility_multipliers: tuple[int, ...] = ()  # (4, 10): by the count of utilities owned
    tax: int = 0  # tax squares: the amount

    @property
    def is_property(self) -> bool:
        return self.kind in PROPERTY_KINDS

    @property
    def mortgage_value(self) -> int:
        return self.price // 2


@dataclass(frozen=True, eq=False)
class Edition:
    key: str
    names: Mapping[str, str]
    currency: str
    squares: tuple[Square, ...]
    # group key -> square indices, in board order; includes "railroad" and "utility"
    groups: Mapping[str, tuple[int, ...]]
    group_names: Mapping[str, Mapping[str, str]]
    decks: Mapping[str, tuple[Card, ...]]  # deck key -> cards in printed order
    deck_names: Mapping[str, Mapping[str, str]]
    jail_square: int
    go_to_jail_square: int
    sources: Mapping[str, Any] = field(default_factory=dict)

    def square_by_key(self, key: str) -> Square:
        for sq in self.squares:
            if sq.key == key:
                return sq
        raise EditionError(f"edition {self.key!r} has no square {key!r}")


def _names(raw: Any, where: str) -> dict[str, str]:
    if not isinstance(raw, dict):
        raise EditionError(f"{where}: names must be an object of language -> text")
    missing = [lang for lang in LANGUAGES if not raw.get(lang)]
    if missing:
        raise EditionError(f"{where}: missing names in {', '.join(missing)}")
    return {str(k): str(v) for k, v in raw.items()}


def _effect(raw: Any, where: str) -> CardEffect:
    if not isinstance(raw, dict) or "kind" not in raw:
        raise EditionError(f"{where}: effect must be an object with a 'kind'")
    try:
        kind = EffectKind(raw["kind"])
    except ValueError:
        raise EditionError(f"{where}: unknown effect kind {raw['kind']!r}") from None
    allowed = set(CardEffect.__dataclass_fields__) - {"kind"}
    unknown = set(raw) - allowed - {"kind"}
    if unknown:
        raise EditionError(f"{where}: unknown effect fields {sorted(unknown)}")
    nearest = SquareKind(raw["nearest"]) if raw.get("nearest") else None
    return CardEffect(
        kind=kind,
        square=int(raw.get("square", -1)),
        nearest=nearest,
        rent_multiplier=int(raw.get("rent_multiplier", 1)),
        dice_multiplier=int(raw.get("dice_multiplier", 0)),
        amount=int(raw.get("amount", 0)),
        spaces=int(raw.get("spaces", 0)),
        per_house=int(raw.get("per_house", 0)),
        per_hotel=int(raw.get("per_hotel", 0)),
        deck=str(raw.get("deck", "")),
    )


def parse_edition(data: Mapping[str, Any]) -> Edition:
    """Build and validate an :class:`Edition` from its JSON object."""
    key = str(data.get("key", ""))
    if not key:
        raise EditionError("edition has no 'key'")
    raw_squares = data.get("squares")
    if not isinstance(raw_squares, list) or len(raw_squares) != 40:
        raise EditionError(f"edition {key!r}: 'squares' must list exactly 40 squares")
    squares: list[Square] = []
    for i, raw in enumerate(raw_squares):
        where = f"edition {key!r} square {i}"
        if int(raw.get("index", i)) != i:
            raise EditionError(f"{where}: index {raw.get('index')} out of order")
        try:
            kind = SquareKind(raw["kind"])
        except (KeyError, ValueError):
            raise EditionError(f"{where}: unknown kind {raw.get('kind')!r}") from None
        sq = Square(
            index=i,
            kind=kind,
            key=str(raw["key"]),
            names=_names(raw.get("names"), where),
            group=raw.get("group"),
            price=int(raw.get("price", 0)),
            house_cost=int(raw.get("house_cost", 0)),
            rents=tuple(int(r) for r in raw.get("rents", ())),
            utility_multipliers=tuple(int(m) for m in raw.get("utility_multipliers", ())),
            tax=int(raw.get("tax", 0)),
        )
        if kind == SquareKind.STREET and (len(sq.rents) != 6 or sq.house_cost <= 0):
            raise EditionError(f"{where}: a street needs 6 rents and a house cost")
        if kind == SquareKind.RAILROAD and len(sq.rents) != 4:
            raise EditionError(f"{where}: a railroad needs 4 rents")
        if kind == SquareKind.UTILITY and len(sq.utility_multipliers) != 2:
            raise EditionError(f"{where}: a utility needs 2 multipliers")
        if sq.is_property and (sq.price <= 0 or not sq.group):
            raise EditionError(f"{where}: a property needs a price and a group")
        squares.append(sq)
    groups: dict[str, list[int]] = {}
    for sq in squares:
        if sq.group:
            groups.setdefault(sq.group, []).append(sq.index)
    raw_group_names = data.get("group_names", {})
    group_names = {g: _names(raw_group_names.get(g), f"group {g!r}") for g in groups}
    decks: dict[str, tuple[Card, ...]] = {}
    deck_names: dict[str, dict[str, str]] = {}
    raw_decks = data.get("decks")
    if not isinstance(raw_decks, dict):
        raise EditionError(f"edition {key!r}: 'decks' must be an object")
    for deck_key, raw_deck in raw_decks.items():
        deck_names[deck_key] = _names(raw_deck.get("names"), f"deck {deck_key!r}")
        cards = []
        for j, rc in enumerate(raw_deck.get("cards", [])):
            where = f"deck {deck_key!r} card {j}"
            cards.append(
                Card(
                    key=str(rc["key"]),
                    deck=deck_key,
                    texts=_names(rc.get("texts"), where),
                    effect=_effect(rc.get("effect"), where),
                )
            )
        decks[deck_key] = tuple(cards)
    for sq in squares:
        card_square = sq.kind in (SquareKind.CHANCE, SquareKind.COMMUNITY_CHEST)
        if card_square and sq.kind.value not in decks:
            raise EditionError(f"edition {key!r}: no deck for {sq.kind.value}")
    jails = [s.index for s in squares if s.kind == SquareKind.JAIL]
    go_to_jails = [s.index for s in squares if s.kind == SquareKind.GO_TO_JAIL]
    if len(jails) != 1 or len(go_to_jails) != 1 or squares[0].kind != SquareKind.GO:
        raise EditionError(f"edition {key!r}: needs GO at 0, one jail and one go-to-jail")
    return Edition(
        key=key,
        names=_names(data.get("names"), f"edition {key!r}"),
        currency=str(data.get("currency", "$")),
        squares=tuple(squares),
        groups={g: tuple(v) for g, v in groups.items()},
        group_names=group_names,
        decks=decks,
        deck_names=deck_names,
        jail_square=jails[0],
        go_to_jail_square=go_to_jails[0],
        sources=dict(data.get("sources", {})),
    )


@cache
def load_edition(name: str = "standard") -> Edition:
    """Load a bundled edition by name (``monopoly/editions/<name>.json``)."""
    if not name.replace("_", "").isalnum():
        raise EditionError(f"unknown edition {name!r}")
    try:
        text = resources.files("monopoly.editions").joinpath(f"{name}.json").read_text("utf-8")
    except FileNotFoundError:
        raise EditionError(f"unknown edition {name!r}") from None
    return parse_edition(json.loads(text))
