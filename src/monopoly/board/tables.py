"""Precomputed per-edition tables: plain tuples the hot path indexes instead of objects."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from monopoly.board.edition import Edition, EffectKind, SquareKind

# Square kinds as small ints for fast dispatch.
K_OTHER: Final = 0
K_STREET: Final = 1
K_RAILROAD: Final = 2
K_UTILITY: Final = 3
K_TAX: Final = 4
K_CHANCE: Final = 5
K_CHEST: Final = 6
K_GO_TO_JAIL: Final = 7
K_FREE_PARKING: Final = 8

_KIND = {
    SquareKind.STREET: K_STREET,
    SquareKind.RAILROAD: K_RAILROAD,
    SquareKind.UTILITY: K_UTILITY,
    SquareKind.TAX: K_TAX,
    SquareKind.CHANCE: K_CHANCE,
    SquareKind.COMMUNITY_CHEST: K_CHEST,
    SquareKind.GO_TO_JAIL: K_GO_TO_JAIL,
    SquareKind.FREE_PARKING: K_FREE_PARKING,
}

# How a card changes the rent of the square it moves the token to (docs/rules.md §5).
RENT_NORMAL: Final = 0
RENT_DOUBLE_RAILROAD: Final = 1  # "advance to the nearest railroad": twice the rent
RENT_TEN_TIMES_THROW: Final = 2  # "advance to the nearest utility": ten times a new throw

# Card effects as small ints.
E_ADVANCE_TO: Final = 0
E_BACK_TO: Final = 1
E_NEAREST: Final = 2
E_MOVE_BACK: Final = 3
E_GO_TO_JAIL: Final = 4
E_COLLECT: Final = 5
E_PAY: Final = 6
E_COLLECT_FROM_EACH: Final = 7
E_PAY_EACH: Final = 8
E_REPAIRS: Final = 9
E_JAIL_FREE: Final = 10
E_PAY_OR_DRAW: Final = 11

_EFFECT = {
    EffectKind.ADVANCE_TO: E_ADVANCE_TO,
    EffectKind.BACK_TO: E_BACK_TO,
    EffectKind.ADVANCE_TO_NEAREST: E_NEAREST,
    EffectKind.MOVE_BACK: E_MOVE_BACK,
    EffectKind.GO_TO_JAIL: E_GO_TO_JAIL,
    EffectKind.COLLECT: E_COLLECT,
    EffectKind.PAY: E_PAY,
    EffectKind.COLLECT_FROM_EACH: E_COLLECT_FROM_EACH,
    EffectKind.PAY_EACH: E_PAY_EACH,
    EffectKind.REPAIRS: E_REPAIRS,
    EffectKind.JAIL_FREE: E_JAIL_FREE,
    EffectKind.PAY_OR_DRAW: E_PAY_OR_DRAW,
}


@dataclass(frozen=True, slots=True)
class CardEffectRow:
    """What a Chance or Community Chest card does (docs/rules.md §5), from the edition's
    data: the effect kind (``E_*``) and the parameters it reads."""

    effect: int  # E_ADVANCE_TO ... E_PAY_OR_DRAW
    square: int  # ADVANCE_TO, BACK_TO: the target square
    nearest: int  # ADVANCE_TO_NEAREST: K_RAILROAD or K_UTILITY
    rent_multiplier: int  # nearest railroad: 2 = twice the rent
    dice_multiplier: int  # nearest utility: nonzero = ten times a fresh throw
    amount: int  # COLLECT, PAY, COLLECT_FROM_EACH, PAY_EACH, PAY_OR_DRAW
    spaces: int  # MOVE_BACK: how many squares back
    per_house: int  # REPAIRS
    per_hotel: int  # REPAIRS
    deck: int  # PAY_OR_DRAW: the deck to draw from instead (index), else -1


@dataclass(frozen=True, slots=True)
class BoardTables:
    kind: tuple[int, ...]
    price: tuple[int, ...]
    house_cost: tuple[int, ...]
    rents: tuple[tuple[int, ...], ...]
    multipliers: tuple[tuple[int, ...], ...]
    tax: tuple[int, ...]
    is_income_tax: tuple[bool, ...]
    group_of: tuple[int, ...]  # group index, -1 for non-properties
    groups: tuple[tuple[int, ...], ...]  # group index -> squares
    group_keys: tuple[str, ...]
    street_groups: tuple[int, ...]  # indices of colour groups
    properties: tuple[int, ...]
    deed_index: tuple[int, ...]  # square -> its index in ``properties``, -1 for others
    railroads: tuple[int, ...]
    utilities: tuple[int, ...]
    nearest_railroad: tuple[int, ...]  # square -> next railroad forward
    nearest_utility: tuple[int, ...]
    deck_keys: tuple[str, ...]  # index -> deck key; 0 chance, 1 community chest, ...
    deck_of_kind: dict[int, int]  # K_CHANCE/K_CHEST -> deck index
    cards: tuple[tuple[CardEffectRow, ...], ...]  # per deck: per card
    card_keys: tuple[tuple[str, ...], ...]
    jail: int
    go_to_jail: int


def _nearest(kind: tuple[int, ...], want: int) -> tuple[int, ...]:
    n = len(kind)
    out = []
    for sq in range(n):
        for step in range(1, n + 1):
            target = (sq + step) % n
            if kind[target] == want:
                out.append(target)
                break
        else:
            out.append(-1)
    return tuple(out)


@cache
def board_tables(edition: Edition) -> BoardTables:
    squares = edition.squares
    kind = tuple(_KIND.get(sq.kind, K_OTHER) for sq in squares)
    group_keys = tuple(edition.groups)
    group_index = {g: i for i, g in enumerate(group_keys)}
    deck_keys = tuple(edition.decks)
    deck_index = {d: i for i, d in enumerate(deck_keys)}
    deck_of_kind: dict[int, int] = {}
    if "chance" in deck_index:
        deck_of_kind[K_CHANCE] = deck_index["chance"]
    if "community_chest" in deck_index:
        deck_of_kind[K_CHEST] = deck_index["community_chest"]
    properties = [sq.index for sq in squares if sq.is_property]
    cards = []
    card_keys = []
    for d in deck_keys:
        rows = []
        for card in edition.decks[d]:
            e = card.effect
            nearest = _KIND.get(e.nearest, K_OTHER) if e.nearest else K_OTHER
            rows.append(
                CardEffectRow(
                    _EFFECT[e.kind],
                    e.square,
                    nearest,
                    e.rent_multiplier,
                    e.dice_multiplier,
                    e.amount,
                    e.spaces,
                    e.per_house,
                    e.per_hotel,
                    deck_index.get(e.deck, -1),
                )
            )
        cards.append(tuple(rows))
        card_keys.append(tuple(c.key for c in edition.decks[d]))
    return BoardTables(
        kind=kind,
        price=tuple(sq.price for sq in squares),
        house_cost=tuple(sq.house_cost for sq in squares),
        rents=tuple(sq.rents for sq in squares),
        multipliers=tuple(sq.utility_multipliers for sq in squares),
        tax=tuple(sq.tax for sq in squares),
        is_income_tax=tuple(sq.tax_kind == "income" for sq in squares),
        group_of=tuple(group_index[sq.group] if sq.group else -1 for sq in squares),
        groups=tuple(edition.groups[g] for g in group_keys),
        group_keys=group_keys,
        street_groups=tuple(
            i for i, g in enumerate(group_keys) if kind[edition.groups[g][0]] == K_STREET
        ),
        properties=tuple(sq.index for sq in squares if sq.is_property),
        deed_index=tuple(properties.index(i) if i in properties else -1
                         for i in range(len(squares))),
        railroads=tuple(i for i, k in enumerate(kind) if k == K_RAILROAD),
        utilities=tuple(i for i, k in enumerate(kind) if k == K_UTILITY),
        nearest_railroad=_nearest(kind, K_RAILROAD),
        nearest_utility=_nearest(kind, K_UTILITY),
        deck_keys=deck_keys,
        deck_of_kind=deck_of_kind,
        cards=tuple(cards),
        card_keys=tuple(card_keys),
        jail=edition.jail_square,
        go_to_jail=edition.go_to_jail_square,
    )
