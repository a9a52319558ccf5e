"""docs/rules.md §4 Rent: what a visitor owes the owner of the square it landed on.

- a street: the printed rent for its buildings; without buildings, twice the base rent
  when the owner holds the whole colour group (`double_rent_with_mortgaged_in_group`:
  even with a mortgaged street in the group, the classic rule);
- a railroad: by how many railroads the owner holds (twice that for the "nearest
  railroad" card);
- a utility: the throw times the multiplier for how many utilities the owner holds (ten
  times a fresh throw for the "nearest utility" card).

No rent is owed on a mortgaged property, nor (RU house rule `no_rent_in_jail`) to an
owner in jail; :func:`~monopoly.board.rules.moving.resolve` decides whether rent is owed.
"""

from __future__ import annotations

from monopoly.board.position import BANK, Position
from monopoly.board.rules import moving
from monopoly.board.tables import (
    K_RAILROAD,
    K_STREET,
    RENT_DOUBLE_RAILROAD,
    RENT_NORMAL,
    RENT_TEN_TIMES_THROW,
)
from monopoly.core.ids import Money, SquareIndex


def rent(g: Position, sq: SquareIndex, throw: int, mode: int) -> Money:
    """The rent owed on `sq` for a token that came with `throw` (`mode`: how a card
    changes it)."""
    t = g.t
    owner = g.owner[sq]
    k = t.kind[sq]
    if k == K_STREET:
        lv = g.level[sq]
        if lv:
            return t.rents[sq][5 if lv == g.hotel_level else lv]
        base = t.rents[sq][0]
        group = t.groups[t.group_of[sq]]
        own = g.owner
        for s in group:
            if own[s] != owner:
                return base
        if not g.rules.double_rent_with_mortgaged_in_group:
            for s in group:
                if g.mortgaged[s]:
                    return base
        return base * 2
    count = 0
    for s in t.groups[t.group_of[sq]]:
        if g.owner[s] == owner:
            count += 1
    if k == K_RAILROAD:
        due = t.rents[sq][count - 1]
        return due * 2 if mode == RENT_DOUBLE_RAILROAD else due
    if mode == RENT_TEN_TIMES_THROW:
        d1, d2 = moving.roll_dice(g)
        return 10 * (d1 + d2)
    return t.multipliers[sq][count - 1] * throw


def rent_of(g: Position, sq: SquareIndex, throw: int = 7) -> Money:
    """The rent a visitor would owe on `sq` now (0 if unowned or mortgaged)."""
    if g.owner[sq] == BANK or g.mortgaged[sq]:
        return 0
    return rent(g, sq, throw, RENT_NORMAL)
