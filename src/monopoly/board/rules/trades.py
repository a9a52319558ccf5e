"""docs/rules.md §9 Trades: players may trade deeds (with no buildings in their group),
cash, Get Out of Jail Free cards and, where loans are allowed, IOUs, at any time.

One offer waits at a time; its target accepts, rejects or counters it. Who receives a
mortgaged deed pays the bank `mortgage_interest_percent` (10 %) of its mortgage value at
once, then decides to lift the mortgage now (the mortgage value) or keep it (§9). The
tournament caps the cash price of a Get Out of Jail Free card (`jail_card_max_price`,
§5.3): sold alone (or with cash), the net cash it brings; sold with deeds, the deeds may
take any price.
"""

from __future__ import annotations

from typing import Final

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.decision import W_RECEIPT, not_pending, waiting
from monopoly.board.position import BANK, Position, TradeOffer
from monopoly.board.rules import debts
from monopoly.core.errors import IllegalActionError
from monopoly.core.ids import Money, PlayerId, SquareIndex
from monopoly.core.text import Text

#: :func:`deed_tradable`'s answers
TRADABLE: Final = 0
MORTGAGED: Final = 1
BUILT: Final = 2


def deed_tradable(g: Position, sq: SquareIndex) -> int:
    """Whether the deed of `sq` may change hands in a trade (its owner aside): TRADABLE,
    or why not: MORTGAGED (where the rules forbid selling it mortgaged) or BUILT (its
    group has buildings)."""
    if g.mortgaged[sq] and not g.rules.trade_mortgaged:
        return MORTGAGED
    if g.group_built(sq):
        return BUILT
    return TRADABLE


def check_bundle(g: Position, seat: PlayerId, b: A.Bundle, spendable: Money) -> str | None:
    """Why `seat` cannot give `b` (None: it can)."""
    if not isinstance(b, A.Bundle):
        return Text("a trade side must be a Bundle")
    if not isinstance(b.cash, int) or b.cash < 0:
        return Text("trade cash must be a non-negative integer")
    if b.cash > spendable:
        return Text("seat {seat} has only {cash} to give", seat=seat, cash=spendable)
    if len(set(b.squares)) != len(b.squares):
        return Text("a square is listed twice")
    if not isinstance(b.iou, int) or b.iou < 0:
        return Text("an IOU must be a non-negative integer")
    if b.iou and not g.rules.player_loans:
        return Text("these rules allow no loans between players")
    t = g.t
    for sq in b.squares:
        if not isinstance(sq, int) or not 0 <= sq < 40 or g.owner[sq] != seat:
            return Text("seat {seat} does not own square {square}", seat=seat, square=sq)
        why = deed_tradable(g, sq)
        if why == MORTGAGED:
            return Text(
                "square {square} is mortgaged: these rules forbid selling it to a player",
                square=sq,
            )
        if why == BUILT:
            group = t.group_keys[t.group_of[sq]]
            return Text(
                "square {square}'s group ({group}) has buildings: sell them first",
                square=sq,
                group=group,
            )
    p = g.players[seat]
    held = [t.deck_keys[d] for d, _ in p.jail_cards]
    for deck in b.jail_cards:
        if deck in held:
            held.remove(deck)
        else:
            return Text(
                "seat {seat} has no Get Out of Jail Free card from {value}",
                seat=seat,
                value=repr(deck),
            )
    return None


def check_trade(
    g: Position,
    proposer: PlayerId,
    target: PlayerId,
    give: A.Bundle,
    take: A.Bundle,
    accepting: bool,
) -> str | None:
    """Why the trade (`proposer` gives `give`, `target` gives `take`) may not be made."""
    if not isinstance(target, int) or not 0 <= target < len(g.players):
        return Text("there is no seat {value}", value=repr(target))
    if target == proposer:
        return Text("a trade needs two different seats")
    if g.players[target].bankrupt:
        return Text("seat {seat} is bankrupt", seat=target)
    why = check_bundle(g, proposer, give, g.budget(proposer))
    if why:
        return why
    why = check_bundle(g, target, take, g.budget(target))
    if why:
        return why
    if give.is_empty() and take.is_empty():
        return Text("an empty trade")
    cap = g.rules.jail_card_max_price
    if cap is not None:
        # TOUR (§5.3): "Hráč nesmí prodat „Propustku z vězení“ za více než 50 M v
        # hotovosti": the card's own cash price is capped. A side that gives jail cards
        # and no deed sells them for the net cash it receives; a side that also gives
        # deeds sells those at any agreed price and the cards at no more than the cap.
        for side, other in ((give, take), (take, give)):
            if side.jail_cards and not side.squares:
                price = other.cash + other.iou - side.cash - side.iou
                if price > cap * len(side.jail_cards):
                    return Text(
                        "a Get Out of Jail Free card may be sold for at most {price} in cash",
                        price=cap,
                    )
    if accepting:
        # §9: who receives a mortgaged property pays the 10 % fee at once.
        for receiver, gets, pays_cash, gets_cash in (
            (proposer, take, give.cash, take.cash),
            (target, give, take.cash, give.cash),
        ):
            fees = sum(debts.interest(g, sq) for sq in gets.squares if g.mortgaged[sq])
            after = g.players[receiver].cash - pays_cash + gets_cash
            if fees > after - g.committed(receiver):
                return Text(
                    "seat {seat} cannot pay the 10 % fee ({fee}) on mortgaged deeds",
                    seat=receiver,
                    fee=fees,
                )
    return None


def check_propose(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    assert isinstance(action, A.ProposeTrade)
    if not g.rules.trading:
        return Text("these rules allow no trades between players")
    if g.offer is not None:
        return Text("another trade offer is waiting for an answer")
    return check_trade(g, seat, action.to, action.give, action.take, False)


def check_counter(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    assert isinstance(action, A.CounterTrade)
    offer = g.offer
    if offer is None or offer.target != seat:
        return Text("no trade is offered to this seat")
    return check_trade(g, seat, offer.proposer, action.give, action.take, False)


def check_accept(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    offer = g.offer
    if offer is None or offer.target != seat:
        return Text("no trade is offered to this seat")
    return check_trade(g, offer.proposer, offer.target, offer.give, offer.take, True)


def check_reject(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    offer = g.offer
    if offer is None or offer.target != seat:
        return Text("no trade is offered to this seat")
    return None


def do_propose(g: Position, seat: PlayerId, action: A.Action) -> None:
    assert isinstance(action, A.ProposeTrade)
    g.offer = TradeOffer(seat, action.to, action.give, action.take)
    g.emit(E.TradeProposed(seat, action.to, action.give.text(), action.take.text()))
    g.touch()


def do_counter(g: Position, seat: PlayerId, action: A.Action) -> None:
    assert isinstance(action, A.CounterTrade)
    offer = g.offer
    assert offer is not None
    g.emit(E.TradeRejected(offer.proposer, seat))
    g.offer = TradeOffer(seat, offer.proposer, action.give, action.take)
    g.emit(E.TradeProposed(seat, offer.proposer, action.give.text(), action.take.text()))
    g.touch()


def do_reject(g: Position, seat: PlayerId, action: A.Action) -> None:
    offer = g.offer
    assert offer is not None
    g.offer = None
    g.emit(E.TradeRejected(offer.proposer, seat))
    g.touch()


def do_accept(g: Position, seat: PlayerId, action: A.Action) -> None:
    offer = g.offer
    assert offer is not None
    g.offer = None
    g.emit(E.TradeAccepted(offer.proposer, offer.target))
    hand_over(g, offer.proposer, offer.target, offer.give)
    hand_over(g, offer.target, offer.proposer, offer.take)
    g.touch()


def hand_over(g: Position, src: PlayerId, dst: PlayerId, b: A.Bundle) -> None:
    """One side of an accepted trade changes hands."""
    if b.cash:
        g.transfer(src, dst, b.cash, "trade")
    for sq in b.squares:
        receive(g, sq, src, dst)
    for deck_key in b.jail_cards:
        card = take_jail_card(g, src, deck_key)
        g.players[dst].jail_cards.append(card)
        g.emit(E.JailCardTransferred(src, dst, deck_key))
    if b.iou:
        # §9 house rule: the giver of an IOU owes its amount to the receiver.
        key = (src, dst)
        g.loans[key] = g.loans.get(key, 0) + b.iou
        g.emit(E.LoanMade(dst, src, b.iou))


def take_jail_card(g: Position, seat: PlayerId, deck_key: str) -> tuple[int, int]:
    cards = g.players[seat].jail_cards
    for i, (d, _) in enumerate(cards):
        if g.t.deck_keys[d] == deck_key:
            return cards.pop(i)
    raise IllegalActionError(
        Text("seat {seat} has no jail card from {value}", seat=seat, value=repr(deck_key))
    )


def receive(g: Position, sq: SquareIndex, src: PlayerId, dst: PlayerId) -> None:
    """A property changes hands; a mortgaged one costs the receiver 10 % and waits for
    the receiver's decision: lift or keep the mortgage."""
    g.give_property(sq, src, dst)
    mortgaged = g.mortgaged[sq]
    g.emit(E.PropertyTransferred(src, dst, sq, mortgaged))
    if mortgaged:
        debts.charge(g, dst, BANK, debts.interest(g, sq), "mortgage_fee")
        g.receipts.append((dst, sq))


def check_receipt(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    assert isinstance(action, (A.LiftReceived, A.KeepMortgaged))
    why = not_pending(g, seat)
    if why:
        return why
    if waiting(g) != W_RECEIPT:
        return Text("no received mortgaged property is waiting for a decision")
    if g.receipts[0] != (seat, action.square):
        return Text("the decision waiting is about square {square}", square=g.receipts[0][1])
    if isinstance(action, A.LiftReceived):
        cost = g.t.price[action.square] // 2
        if g.players[seat].cash - g.committed(seat) < cost:
            return Text("not enough cash to lift the mortgage ({cost})", cost=cost)
    return None


def do_lift(g: Position, seat: PlayerId, action: A.Action) -> None:
    assert isinstance(action, A.LiftReceived)
    g.receipts.pop(0)
    sq = action.square
    cost = g.t.price[sq] // 2  # the 10 % was paid on receipt
    g.mortgaged[sq] = False
    g.transfer(seat, BANK, cost, "unmortgage")
    g.emit(E.Unmortgaged(seat, sq, cost))
    g.touch()


def do_keep(g: Position, seat: PlayerId, action: A.Action) -> None:
    assert isinstance(action, A.KeepMortgaged)
    g.receipts.pop(0)
    g.emit(E.KeptMortgaged(seat, action.square))
    g.touch()
