"""docs/rules.md §8 Buildings: houses and hotels.

A player who owns a whole colour group with no street mortgaged may buy houses for it,
evenly (no street more than one house ahead of another), then a hotel in place of the
houses (``houses_for_hotel``, 4 by default); the bank's stock is limited (32 houses, 12
hotels); when fewer buildings are left than players who want them, the bank auctions
them (the housing shortage, :mod:`.auctions`). Buildings are sold back to the bank at
``building_sell_percent`` (half) of their cost, evenly; a hotel sold breaks down into
houses while the bank has them. Options: `build_only_on_landing` (old Czech rule),
`houses_per_turn`, `build_before_rolling` (RU house rules).
"""

from __future__ import annotations

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.decision import pending
from monopoly.board.position import (
    BANK,
    LOT_HOTEL,
    LOT_HOUSE,
    LOT_PROPERTY,
    PRE_ROLL,
    Position,
)
from monopoly.board.rules import auctions
from monopoly.board.tables import K_STREET
from monopoly.core.ids import Money, PlayerId, SquareIndex
from monopoly.core.text import Text


def buildable(g: Position, seat: PlayerId, lot: str | None, *, free: bool) -> list[SquareIndex]:
    """Streets where `seat` may build its next building now (`lot` restricts to house or
    hotel; `free`: whatever the cash). Even building, complete unmortgaged groups, bank
    stock."""
    t = g.t
    own = g.owner
    out: list[SquareIndex] = []
    budget = g.players[seat].cash - g.committed(seat)
    hl = g.hotel_level
    for grp in t.street_groups:
        group = t.groups[grp]
        if own[group[0]] != seat:
            continue
        complete = True
        for s in group:
            if own[s] != seat or g.mortgaged[s]:
                complete = False
                break
        if not complete:
            continue
        low = min(g.level[s] for s in group)
        if low >= hl:
            continue
        is_hotel = low == hl - 1
        if is_hotel:
            if g.hotels_left <= 0 or lot == LOT_HOUSE:
                continue
        elif g.houses_left <= 0 or lot == LOT_HOTEL:
            continue
        for s in group:
            if g.level[s] == low and (free or budget >= t.house_cost[s]):
                if g.build_rules and build_restriction(g, seat, s) is not None:
                    continue
                out.append(s)
    return out


def build_restriction(g: Position, seat: PlayerId, sq: SquareIndex) -> str | None:
    """The build options that limit when and where one may build."""
    r = g.rules
    if r.build_before_rolling and (seat != g.turn_player or g.phase != PRE_ROLL or g.rolled):
        return Text("buildings may be bought only on one's own turn, before rolling")
    limit = r.houses_per_turn
    if limit is not None and g.players[seat].built >= limit:
        return Text("at most {count} building(s) per turn", count=limit)
    if r.build_only_on_landing and (seat != g.turn_player or sq != g.landed_street):
        return Text("a building may be bought only for the street one's token has landed on")
    return None


def check_build(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    assert isinstance(action, A.Build)
    sq = action.square
    t = g.t
    if g.placement is not None:
        if g.placement[0] != seat or pending(g) != seat:
            return Text("a building won at auction is waiting to be placed")
        if sq not in buildable(g, seat, g.placement[1], free=True):
            return Text(
                "the {lot} cannot be placed on square {square}", lot=g.placement[1], square=sq
            )
        return None
    if g.auction is not None and g.auction.lot != LOT_PROPERTY:
        return Text("a building auction is running")
    if t.kind[sq] != K_STREET:
        return Text("square {square} is not a street", square=sq)
    if g.owner[sq] != seat:
        return Text("seat {seat} does not own square {square}", seat=seat, square=sq)
    if g.in_debt(seat):
        return Text("a debtor must pay the debt before building")
    if g.build_rules:
        why = build_restriction(g, seat, sq)
        if why is not None:
            return why
    if sq in buildable(g, seat, None, free=False):
        return None
    group = t.groups[t.group_of[sq]]
    if any(g.owner[s] != seat for s in group):
        return Text("houses need the complete colour group")
    if any(g.mortgaged[s] for s in group):
        return Text("no building on a group with a mortgaged street")
    if g.level[sq] >= g.hotel_level:
        return Text("the street already has a hotel")
    if g.level[sq] > min(g.level[s] for s in group):
        return Text("build evenly: other streets of the group need a house first")
    if g.level[sq] == g.hotel_level - 1:
        if g.hotels_left <= 0:
            return Text("the bank has no hotels left")
    elif g.houses_left <= 0:
        return Text("the bank has no houses left")
    return Text("not enough cash: a building costs {cost}", cost=t.house_cost[sq])


def check_sell(g: Position, seat: PlayerId, sq: SquareIndex) -> str | None:
    """Why `seat` may not sell one building of `sq` now (None: it may)."""
    if g.owner[sq] != seat:
        return Text("seat {seat} does not own square {square}", seat=seat, square=sq)
    lv = g.level[sq]
    if lv == 0:
        return Text("square {square} has no buildings", square=sq)
    group = g.t.groups[g.t.group_of[sq]]
    if lv < max(g.level[s] for s in group):
        return Text("sell evenly: sell from the most built street of the group first")
    if lv == g.hotel_level and g.houses_left < g.hotel_level - 1:
        return Text(
            "the bank has not enough houses to break the hotel down: "
            "sell it off whole with 'raise'"
        )
    return None


def check_sell_action(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    assert isinstance(action, A.SellBuilding)
    return check_sell(g, seat, action.square)


def others_wanting(g: Position, seat: PlayerId, lot: str) -> list[PlayerId]:
    """The other seats that could buy a building of `lot` now."""
    return [
        s
        for s in g.after(seat, g.active_seats())
        if s != seat and buildable(g, s, lot, free=False)
    ]


def do_build(g: Position, seat: PlayerId, action: A.Action) -> None:
    assert isinstance(action, A.Build)
    sq = action.square
    if g.placement is not None:
        g.placement = None
        place_building(g, seat, sq, g.placement_paid)
        return
    is_hotel = g.level[sq] == g.hotel_level - 1
    lot = LOT_HOTEL if is_hotel else LOT_HOUSE
    stock = g.hotels_left if is_hotel else g.houses_left
    others = others_wanting(g, seat, lot)
    if others and stock <= len(others):
        # the bank has fewer buildings than players who want them: auction.
        g.auction_requester = seat
        auctions.start_auction(g, lot, sq, [seat, *others])
        au = g.auction
        assert au is not None
        if au.sealed is not None:
            return
        au.high_bid = g.t.house_cost[sq]
        au.high_bidder = seat
        au.turn = 1
        g.emit(E.BidPlaced(seat, au.high_bid))
        return
    cost = g.t.house_cost[sq]
    g.transfer(seat, BANK, cost, "building")
    place_building(g, seat, sq, cost)


def set_level(g: Position, sq: SquareIndex, new: int) -> None:
    """Change a street's buildings, moving houses and hotels between it and the bank's
    stock: a hotel stands on its own, the houses it replaced are back in the bank;
    breaking it down takes houses from the bank."""
    hl = g.hotel_level
    old = g.level[sq]
    g.houses_left += (old if old < hl else 0) - (new if new < hl else 0)
    g.hotels_left += (1 if old == hl else 0) - (1 if new == hl else 0)
    g.level[sq] = new


def place_building(g: Position, seat: PlayerId, sq: SquareIndex, paid: Money) -> None:
    new = g.level[sq] + 1
    set_level(g, sq, new)
    g.players[seat].built += 1
    if seat == g.turn_player and g.rules.build_only_on_landing:
        g.landed_street = -1  # CZ: one building per landing
    g.emit(E.Built(seat, sq, new, paid))
    g.touch()


def do_sell(g: Position, seat: PlayerId, action: A.Action) -> None:
    assert isinstance(action, A.SellBuilding)
    sq = action.square
    old = g.level[sq]
    set_level(g, sq, old - 1)
    refund = g.t.house_cost[sq] * g.rules.building_sell_percent // 100
    g.transfer(BANK, seat, refund, "building_sale")
    g.emit(E.Sold(seat, sq, old - 1, refund))
    g.touch()
