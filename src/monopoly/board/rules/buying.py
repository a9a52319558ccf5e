"""docs/rules.md §3 Buying: a player who lands on an unowned property may buy it at its
printed price; declined, the bank auctions it at once (:mod:`.auctions`)."""

from __future__ import annotations

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.decision import turn_decision
from monopoly.board.position import BANK, BUY, LOT_PROPERTY, POST_ROLL, PRE_ROLL, Player, Position
from monopoly.board.rules import auctions
from monopoly.core.ids import PlayerId, SquareIndex
from monopoly.core.text import Text


def landed_on_unowned(g: Position, p: Player, sq: SquareIndex) -> None:
    """The token stands on a deed the bank holds: the player may buy it. RU house rule
    (`buy_after_first_lap`): no buying before the first full lap; the bank auctions it to
    those who have completed one."""
    if g.first_lap_rule and not p.lapped:
        auction_declined(g, p.seat, sq)
    else:
        g.phase = BUY
        g.buy_square = sq


def check_buy(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    why = turn_decision(g, seat, BUY)
    if why:
        return why
    price = g.t.price[g.buy_square]
    if g.players[seat].cash < price:
        return Text("not enough cash: the price is {price}", price=price)
    return None


def check_decline(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    return turn_decision(g, seat, BUY)


def do_buy(g: Position, seat: PlayerId, action: A.Action) -> None:
    sq = g.buy_square
    price = g.t.price[sq]
    g.transfer(seat, BANK, price, "purchase")
    g.give_property(sq, BANK, seat)
    g.emit(E.Bought(seat, sq, price))
    g.buy_square = -1
    g.phase = PRE_ROLL if g.extra_roll else POST_ROLL


def do_decline(g: Position, seat: PlayerId, action: A.Action) -> None:
    sq = g.buy_square
    g.buy_square = -1
    g.phase = PRE_ROLL if g.extra_roll else POST_ROLL
    auction_declined(g, seat, sq)


def auction_declined(g: Position, seat: PlayerId, sq: SquareIndex) -> None:
    """§3: auctioned at once to every player, the decliner included (with the first-lap
    house rule: to those who have completed a lap); `auction = none`: the property stays
    with the bank."""
    if g.rules.auction == "none":
        return
    bidders = g.after(seat, g.active_seats())
    if g.first_lap_rule:
        bidders = [s for s in bidders if g.players[s].lapped]
    if bidders:
        auctions.start_auction(g, LOT_PROPERTY, sq, bidders)
