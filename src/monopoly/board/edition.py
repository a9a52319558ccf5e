"""Editions: the board, the title deeds and the card decks, loaded from data files.

An edition is pure data (docs/rules.md §10): adding an edition is adding a JSON file to
``monopoly/editions/``. Card effects are typed (:class:`CardEffect`), never matched by text.
Every name exists in every language of :data:`LANGUAGES`. An edition may also list its
tokens and name its buildings (the Disney edition's cottages and castles), and it may mark
where each name comes from (:class:`SourceMark`).

:func:`parse_edition` validates the data and raises :class:`EditionError` saying what is
wrong and where: unknown fields, duplicate keys, card squares off the board, a
``pay_or_draw`` card naming a deck that does not exist, a missing language, ...

Example::

    >>> ed = load_edition("standard")
    >>> ed.squares[39].price
    400
    >>> load_edition("uk").squares[39].names["en"]
    'Mayfair'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

from monopoly.board.errors import EditionError

LANGUAGES: tuple[str, ...] = ("en", "cs", "ru")

_KEY = re.compile(r"[a-z0-9]+(_[a-z0-9]+)*")


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
CARD_KINDS = frozenset({SquareKind.CHANCE, SquareKind.COMMUNITY_CHEST})


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


class SourceMark(StrEnum):
    """Where a name of an edition comes from (docs/rules.md §10, the Disney edition)."""

    SOURCED = "sourced"  # named by a source (the seed, or a public source the file cites)
    INFERRED = "inferred"  # derived, e.g. a square's position from a card correspondence
    STANDARD = "standard"  # kept from the edition this one is based on (the UK board)


# Effect fields by kind: which a card may set (all others keep their defaults) and which it
# must set. A field that does not apply to the kind is an error, not silently ignored.
_EFFECT_FIELDS: dict[EffectKind, frozenset[str]] = {
    EffectKind.ADVANCE_TO: frozenset({"square"}),
    EffectKind.BACK_TO: frozenset({"square"}),
    EffectKind.ADVANCE_TO_NEAREST: frozenset({"nearest", "rent_multiplier", "dice_multiplier"}),
    EffectKind.MOVE_BACK: frozenset({"spaces"}),
    EffectKind.GO_TO_JAIL: frozenset(),
    EffectKind.COLLECT: frozenset({"amount"}),
    EffectKind.PAY: frozenset({"amount"}),
    EffectKind.COLLECT_FROM_EACH: frozenset({"amount"}),
    EffectKind.PAY_EACH: frozenset({"amount"}),
    EffectKind.REPAIRS: frozenset({"per_house", "per_hotel"}),
    EffectKind.JAIL_FREE: frozenset(),
    EffectKind.PAY_OR_DRAW: frozenset({"amount", "deck"}),
}
_EFFECT_REQUIRED: dict[EffectKind, frozenset[str]] = {
    EffectKind.ADVANCE_TO: frozenset({"square"}),
    EffectKind.BACK_TO: frozenset({"square"}),
    EffectKind.ADVANCE_TO_NEAREST: frozenset({"nearest"}),
    EffectKind.MOVE_BACK: frozenset({"spaces"}),
    EffectKind.COLLECT: frozenset({"amount"}),
    EffectKind.PAY: frozenset({"amount"}),
    EffectKind.COLLECT_FROM_EACH: frozenset({"amount"}),
    EffectKind.PAY_EACH: frozenset({"amount"}),
    EffectKind.REPAIRS: frozenset({"per_house", "per_hotel"}),
    EffectKind.PAY_OR_DRAW: frozenset({"amount", "deck"}),
}
# The kinds the engine can send a token to with "advance to the nearest ...".
_NEAREST_KINDS = frozenset({SquareKind.RAILROAD, SquareKind.UTILITY})

_SQUARE_FIELDS = frozenset(
    {
        "index",
        "kind",
        "key",
        "names",
        "group",
        "price",
        "house_cost",
        "rents",
        "utility_multipliers",
        "tax",
        "tax_kind",
        "source",
        "source_note",
    }
)
TAX_KINDS = ("income", "luxury")  # income tax (§6 choice option) / luxury or super tax
_CARD_FIELDS = frozenset({"key", "texts", "effect", "source", "source_note"})
_DECK_FIELDS = frozenset({"names", "cards", "source", "source_note"})
_TOKEN_FIELDS = frozenset({"key", "names", "source", "source_note"})
_BUILDING_FIELDS = frozenset({"names", "plural", "count", "source", "source_note"})
_BUILDING_KINDS = ("house", "hotel")
_TOP_FIELDS = frozenset(
    {
        "key",
        "names",
        "currency",
        "sources",
        "squares",
        "group_names",
        "decks",
        "tokens",
        "buildings",
        "name_sets",
    }
)


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
    source: SourceMark | None = None  # where the card (its text and amounts) comes from
    source_note: str = ""


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
    tax_kind: str = ""  # tax squares: "income" or "luxury" (docs/rules.md §6 options)
    source: SourceMark | None = None  # where the name (and its place) comes from
    source_note: str = ""

    @property
    def is_property(self) -> bool:
        return self.kind in PROPERTY_KINDS

    @property
    def mortgage_value(self) -> int:
        return self.price // 2


@dataclass(frozen=True, slots=True)
class Token:
    """A playing piece of the edition (the Disney edition's eight characters)."""

    key: str
    names: Mapping[str, str]
    source: SourceMark | None = None
    source_note: str = ""


@dataclass(frozen=True, slots=True)
class Building:
    """What the edition calls its houses or hotels ("White Rabbit Cottages")."""

    kind: str  # "house" or "hotel"
    names: Mapping[str, str]  # language -> singular name
    plural: Mapping[str, str] = field(default_factory=dict)  # language -> plural (or empty)
    count: int = 0  # the printed stock (32 / 12); 0: not given (the rule set decides anyway)
    source: SourceMark | None = None
    source_note: str = ""


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
    tokens: tuple[Token, ...] = ()  # empty: the edition names no tokens
    buildings: Mapping[str, Building] = field(default_factory=dict)  # "house"/"hotel"
    group_sources: Mapping[str, SourceMark] = field(default_factory=dict)
    deck_sources: Mapping[str, SourceMark] = field(default_factory=dict)
    # the sets of street names a table may play with (monopoly.board.naming): the
    # language whose names the set is -> its label by language ("en" -> "US names")
    name_sets: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def square_by_key(self, key: str) -> Square:
        for sq in self.squares:
            if sq.key == key:
                return sq
        raise EditionError(f"edition {self.key!r} has no square {key!r}")

    def card_by_key(self, key: str) -> Card:
        for deck in self.decks.values():
            for card in deck:
                if card.key == key:
                    return card
        raise EditionError(f"edition {self.key!r} has no card {key!r}")


# --------------------------------------------------------------------------- parsing helpers


def _object(raw: Any, where: str, allowed: frozenset[str] | None = None) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise EditionError(f"{where}: must be an object, got {type(raw).__name__}")
    if allowed is not None:
        unknown = sorted(str(k) for k in set(raw) - allowed)
        if unknown:
            raise EditionError(f"{where}: unknown fields {unknown}")
    return dict(raw)


def _names(raw: Any, where: str) -> dict[str, str]:
    if not isinstance(raw, Mapping):
        raise EditionError(f"{where}: names must be an object of language -> text")
    missing = [
        lang for lang in LANGUAGES if not (isinstance(raw.get(lang), str) and raw[lang].strip())
    ]
    if missing:
        raise EditionError(f"{where}: missing names in {', '.join(missing)}")
    bad = sorted(str(k) for k, v in raw.items() if not isinstance(v, str))
    if bad:
        raise EditionError(f"{where}: names in {', '.join(bad)} must be text")
    return {str(k): v for k, v in raw.items()}


def _int(raw: Mapping[str, Any], name: str, where: str, default: int, low: int = 0) -> int:
    value = raw.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise EditionError(f"{where}: {name} must be an integer, got {value!r}")
    if value < low:
        raise EditionError(f"{where}: {name} must be at least {low}, got {value}")
    return value


def _ints(raw: Mapping[str, Any], name: str, where: str) -> tuple[int, ...]:
    values = raw.get(name, [])
    if not isinstance(values, list):
        raise EditionError(f"{where}: {name} must be a list of integers")
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
            raise EditionError(f"{where}: {name} must hold positive integers, got {v!r}")
        out.append(v)
    return tuple(out)


def _key(raw: Mapping[str, Any], where: str) -> str:
    key = raw.get("key")
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise EditionError(f"{where}: key must be lower_snake_case text, got {key!r}")
    return key


def _source(raw: Mapping[str, Any], where: str) -> tuple[SourceMark | None, str]:
    mark = raw.get("source")
    note = raw.get("source_note", "")
    if not isinstance(note, str):
        raise EditionError(f"{where}: source_note must be text")
    if mark is None:
        if note:
            raise EditionError(f"{where}: a source_note needs a source mark")
        return None, ""
    try:
        return SourceMark(mark), note
    except (ValueError, TypeError):
        marks = ", ".join(m.value for m in SourceMark)
        raise EditionError(f"{where}: source must be one of {marks}, got {mark!r}") from None


def _unique(keys: list[str], what: str, where: str) -> None:
    seen: set[str] = set()
    for k in keys:
        if k in seen:
            raise EditionError(f"{where}: duplicate {what} key {k!r}")
        seen.add(k)


def _effect(raw: Any, where: str, board: int) -> CardEffect:
    raw = _object(raw, f"{where} effect")
    if "kind" not in raw:
        raise EditionError(f"{where}: effect must be an object with a 'kind'")
    try:
        kind = EffectKind(raw["kind"])
    except (ValueError, TypeError):
        raise EditionError(f"{where}: unknown effect kind {raw['kind']!r}") from None
    given = set(raw) - {"kind"}
    allowed = set(CardEffect.__dataclass_fields__) - {"kind"}
    unknown = given - allowed
    if unknown:
        raise EditionError(f"{where}: unknown effect fields {sorted(unknown)}")
    misplaced = given - _EFFECT_FIELDS[kind]
    if misplaced:
        raise EditionError(f"{where}: fields {sorted(misplaced)} do not apply to {kind.value}")
    missing = _EFFECT_REQUIRED.get(kind, frozenset()) - given
    if missing:
        raise EditionError(f"{where}: {kind.value} needs {sorted(missing)}")
    square = _int(raw, "square", where, -1, low=-1)
    if "square" in raw and not 0 <= square < board:
        raise EditionError(f"{where}: square {square} is off the board (0-{board - 1})")
    nearest: SquareKind | None = None
    if "nearest" in raw:
        try:
            nearest = SquareKind(raw["nearest"])
        except (ValueError, TypeError):
            nearest = None
        if nearest not in _NEAREST_KINDS:
            raise EditionError(
                f"{where}: nearest must be railroad or utility, got {raw['nearest']!r}"
            )
    spaces = _int(raw, "spaces", where, 0)
    if "spaces" in raw and not 0 < spaces < board:
        raise EditionError(f"{where}: spaces must be 1-{board - 1}, got {spaces}")
    amount = _int(raw, "amount", where, 0)
    if "amount" in raw and amount <= 0:
        raise EditionError(f"{where}: amount must be positive, got {amount}")
    per_house = _int(raw, "per_house", where, 0)
    per_hotel = _int(raw, "per_hotel", where, 0)
    if kind == EffectKind.REPAIRS and per_house + per_hotel <= 0:
        raise EditionError(f"{where}: repairs must cost something per house or hotel")
    deck = raw.get("deck", "")
    if not isinstance(deck, str):
        raise EditionError(f"{where}: deck must be a deck key, got {deck!r}")
    return CardEffect(
        kind=kind,
        square=square,
        nearest=nearest,
        rent_multiplier=_int(raw, "rent_multiplier", where, 1, low=1),
        dice_multiplier=_int(raw, "dice_multiplier", where, 0),
        amount=amount,
        spaces=spaces,
        per_house=per_house,
        per_hotel=per_hotel,
        deck=deck,
    )


def _square(raw: Any, i: int, where: str) -> Square:
    raw = _object(raw, where, _SQUARE_FIELDS)
    if _int(raw, "index", where, i) != i:
        raise EditionError(f"{where}: index {raw.get('index')} out of order")
    try:
        kind = SquareKind(raw["kind"])
    except (KeyError, ValueError, TypeError):
        raise EditionError(f"{where}: unknown kind {raw.get('kind')!r}") from None
    group = raw.get("group")
    if group is not None and (not isinstance(group, str) or not _KEY.fullmatch(group)):
        raise EditionError(f"{where}: group must be lower_snake_case text, got {group!r}")
    source, note = _source(raw, where)
    sq = Square(
        index=i,
        kind=kind,
        key=_key(raw, where),
        names=_names(raw.get("names"), where),
        group=group,
        price=_int(raw, "price", where, 0),
        house_cost=_int(raw, "house_cost", where, 0),
        rents=_ints(raw, "rents", where),
        utility_multipliers=_ints(raw, "utility_multipliers", where),
        tax=_int(raw, "tax", where, 0),
        tax_kind=str(raw.get("tax_kind", "")),
        source=source,
        source_note=note,
    )
    if kind == SquareKind.STREET and (len(sq.rents) != 6 or sq.house_cost <= 0):
        raise EditionError(f"{where}: a street needs 6 rents and a house cost")
    if kind == SquareKind.RAILROAD and len(sq.rents) != 4:
        raise EditionError(f"{where}: a railroad needs 4 rents")
    if kind == SquareKind.UTILITY and len(sq.utility_multipliers) != 2:
        raise EditionError(f"{where}: a utility needs 2 multipliers")
    if sq.is_property:
        if sq.price <= 0 or not sq.group:
            raise EditionError(f"{where}: a property needs a price and a group")
        if kind != SquareKind.STREET and sq.house_cost:
            raise EditionError(f"{where}: only a street has a house cost")
    else:
        extra = [
            f for f in ("group", "price", "house_cost", "rents", "utility_multipliers") if f in raw
        ]
        if extra:
            raise EditionError(f"{where}: a {kind.value} square has no {', '.join(extra)}")
    if kind == SquareKind.TAX and sq.tax <= 0:
        raise EditionError(f"{where}: a tax square needs a positive tax")
    if kind == SquareKind.TAX and sq.tax_kind not in TAX_KINDS:
        raise EditionError(f"{where}: a tax square needs a tax_kind, one of {TAX_KINDS}")
    if kind != SquareKind.TAX and ("tax" in raw or "tax_kind" in raw):
        raise EditionError(f"{where}: only a tax square has a tax")
    if kind != SquareKind.UTILITY and sq.utility_multipliers:
        raise EditionError(f"{where}: only a utility has multipliers")
    return sq


def _tokens(raw: Any, key: str) -> tuple[Token, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not raw:
        raise EditionError(f"edition {key!r}: 'tokens' must be a non-empty list")
    tokens = []
    for j, rt in enumerate(raw):
        where = f"edition {key!r} token {j}"
        rt = _object(rt, where, _TOKEN_FIELDS)
        source, note = _source(rt, where)
        tokens.append(Token(_key(rt, where), _names(rt.get("names"), where), source, note))
    _unique([t.key for t in tokens], "token", f"edition {key!r}")
    return tuple(tokens)


def _buildings(raw: Any, key: str) -> dict[str, Building]:
    if raw is None:
        return {}
    raw = _object(raw, f"edition {key!r} buildings", frozenset(_BUILDING_KINDS))
    out = {}
    for kind in _BUILDING_KINDS:
        if kind not in raw:
            continue
        where = f"edition {key!r} building {kind!r}"
        rb = _object(raw[kind], where, _BUILDING_FIELDS)
        source, note = _source(rb, where)
        out[kind] = Building(
            kind=kind,
            names=_names(rb.get("names"), where),
            plural=_names(rb["plural"], f"{where} plural") if "plural" in rb else {},
            count=_int(rb, "count", where, 0),
            source=source,
            source_note=note,
        )
    return out


# --------------------------------------------------------------------------- the edition


def parse_edition(data: Mapping[str, Any]) -> Edition:
    """Build and validate an :class:`Edition` from its JSON object.

    Raises :class:`EditionError` naming what is wrong and where."""
    data = _object(data, "edition", _TOP_FIELDS)
    key = data.get("key", "")
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise EditionError(f"edition has no valid 'key' (lower_snake_case), got {key!r}")
    currency = data.get("currency", "$")
    if not isinstance(currency, str) or not currency.strip():
        raise EditionError(f"edition {key!r}: currency must be non-empty text")
    raw_squares = data.get("squares")
    if not isinstance(raw_squares, list) or len(raw_squares) != 40:
        raise EditionError(f"edition {key!r}: 'squares' must list exactly 40 squares")
    squares = [_square(raw, i, f"edition {key!r} square {i}") for i, raw in enumerate(raw_squares)]
    _unique([s.key for s in squares], "square", f"edition {key!r}")
    board = len(squares)

    groups: dict[str, list[int]] = {}
    for sq in squares:
        if sq.group:
            groups.setdefault(sq.group, []).append(sq.index)
    for g, members in groups.items():
        kinds = {squares[i].kind for i in members}
        if len(kinds) != 1:
            found = ", ".join(sorted(k.value for k in kinds))
            raise EditionError(f"edition {key!r}: group {g!r} mixes square kinds ({found})")
    raw_group_names = _object(data.get("group_names", {}), f"edition {key!r} group_names")
    extra_groups = sorted(set(raw_group_names) - set(groups))
    if extra_groups:
        raise EditionError(f"edition {key!r}: group_names for unused groups {extra_groups}")
    group_names: dict[str, dict[str, str]] = {}
    group_sources: dict[str, SourceMark] = {}
    for g in groups:
        where = f"edition {key!r} group {g!r}"
        rg = raw_group_names.get(g)
        if isinstance(rg, Mapping) and "names" in rg:  # {"names": {...}, "source": ...}
            rg = _object(rg, where, frozenset({"names", "source", "source_note"}))
            mark, _ = _source(rg, where)
            if mark is not None:
                group_sources[g] = mark
            rg = rg["names"]
        group_names[g] = _names(rg, where)

    raw_decks = data.get("decks")
    if not isinstance(raw_decks, Mapping) or not raw_decks:
        raise EditionError(f"edition {key!r}: 'decks' must be a non-empty object")
    decks: dict[str, tuple[Card, ...]] = {}
    deck_names: dict[str, dict[str, str]] = {}
    deck_sources: dict[str, SourceMark] = {}
    for deck_key, raw_deck in raw_decks.items():
        dwhere = f"edition {key!r} deck {deck_key!r}"
        if not _KEY.fullmatch(deck_key):
            raise EditionError(f"{dwhere}: deck key must be lower_snake_case")
        raw_deck = _object(raw_deck, dwhere, _DECK_FIELDS)
        deck_names[deck_key] = _names(raw_deck.get("names"), dwhere)
        mark, _ = _source(raw_deck, dwhere)
        if mark is not None:
            deck_sources[deck_key] = mark
        raw_cards = raw_deck.get("cards")
        if not isinstance(raw_cards, list) or not raw_cards:
            raise EditionError(f"{dwhere}: 'cards' must be a non-empty list")
        cards = []
        for j, rc in enumerate(raw_cards):
            where = f"{dwhere} card {j}"
            rc = _object(rc, where, _CARD_FIELDS)
            source, note = _source(rc, where)
            cards.append(
                Card(
                    key=_key(rc, where),
                    deck=deck_key,
                    texts=_names(rc.get("texts"), where),
                    effect=_effect(rc.get("effect"), where, board),
                    source=source,
                    source_note=note,
                )
            )
        decks[deck_key] = tuple(cards)
    _unique([c.key for d in decks.values() for c in d], "card", f"edition {key!r}")
    for deck_key, cards_ in decks.items():
        for j, card in enumerate(cards_):
            other = card.effect.deck
            if card.effect.kind == EffectKind.PAY_OR_DRAW and (
                other not in decks or other == deck_key
            ):
                raise EditionError(
                    f"edition {key!r} deck {deck_key!r} card {j} ({card.key}): pay_or_draw "
                    f"names deck {other!r}, not another deck of this edition "
                    f"({', '.join(d for d in decks if d != deck_key) or 'none'})"
                )
            nearest = card.effect.nearest
            if nearest is not None and not any(s.kind == nearest for s in squares):
                raise EditionError(
                    f"edition {key!r} deck {deck_key!r} card {j} ({card.key}): "
                    f"no {nearest.value} square on the board"
                )

    for sq in squares:
        if sq.kind in CARD_KINDS and sq.kind.value not in decks:
            raise EditionError(f"edition {key!r}: no deck for {sq.kind.value} (square {sq.index})")
    jails = [s.index for s in squares if s.kind == SquareKind.JAIL]
    go_to_jails = [s.index for s in squares if s.kind == SquareKind.GO_TO_JAIL]
    gos = [s.index for s in squares if s.kind == SquareKind.GO]
    if len(jails) != 1 or len(go_to_jails) != 1 or gos != [0]:
        raise EditionError(f"edition {key!r}: needs GO at 0 (only), one jail and one go-to-jail")
    sources = data.get("sources", {})
    if not isinstance(sources, Mapping):
        raise EditionError(f"edition {key!r}: 'sources' must be an object")
    return Edition(
        key=key,
        names=_names(data.get("names"), f"edition {key!r}"),
        currency=currency,
        squares=tuple(squares),
        groups={g: tuple(v) for g, v in groups.items()},
        group_names=group_names,
        decks=decks,
        deck_names=deck_names,
        jail_square=jails[0],
        go_to_jail_square=go_to_jails[0],
        sources=dict(sources),
        tokens=_tokens(data.get("tokens"), key),
        buildings=_buildings(data.get("buildings"), key),
        group_sources=group_sources,
        deck_sources=deck_sources,
        name_sets=_name_sets(data.get("name_sets"), key),
    )


def _name_sets(raw: Any, key: str) -> dict[str, dict[str, str]]:
    """The edition's sets of street names: each a language of its squares' names, with
    its label in every language."""
    if raw is None:
        return {}
    sets = _object(raw, f"edition {key!r}: name_sets")
    unknown = sorted(str(k) for k in sets if k not in LANGUAGES)
    if unknown:
        raise EditionError(f"edition {key!r}: name_sets of unknown languages {unknown}")
    return {str(k): _names(v, f"edition {key!r}: name set {k!r}") for k, v in sets.items()}


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise EditionError(f"duplicate JSON key {k!r}")
        out[k] = v
    return out


def parse_edition_text(text: str) -> Edition:
    """Parse an edition from JSON text; a JSON object with a repeated key is an error too."""
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise EditionError(f"edition file is not valid JSON: {exc}") from None
    except EditionError as exc:
        raise EditionError(f"edition file: {exc}") from None
    return parse_edition(data)


def edition_names() -> tuple[str, ...]:
    """The bundled editions, by name (the files in ``monopoly/editions/``)."""
    files = resources.files("monopoly.editions").iterdir()
    return tuple(sorted(f.name[:-5] for f in files if f.name.endswith(".json")))


@cache
def load_edition(name: str = "standard") -> Edition:
    """Load a bundled edition by name (``monopoly/editions/<name>.json``)."""
    if not name.replace("_", "").isalnum():
        raise EditionError(f"unknown edition {name!r}")
    try:
        text = resources.files("monopoly.editions").joinpath(f"{name}.json").read_text("utf-8")
    except FileNotFoundError:
        raise EditionError(f"unknown edition {name!r}") from None
    edition = parse_edition_text(text)
    if edition.key != name:
        raise EditionError(f"edition file {name}.json has key {edition.key!r}")
    return edition
