"""The greedy bot: a simple, fast baseline player (used in the speed benchmark).

- buys every property it lands on when it can pay;
- in an auction bids its limit at once, the printed price or its cash if less (the
  building cost for a house or hotel lot), else passes;
- builds evenly as soon as it can, cheapest building first, on its roll and at the end
  of its turn; lifts a mortgage at the end of its turn when it keeps
  :data:`CASH_RESERVE` in hand afterwards;
- in debt sells buildings first, then mortgages the least valuable deed first;
  declares bankruptcy only when nothing can save it, and then only after selling its
  buildings (the result is the same, §9: buildings go back to the bank at half price);
- in jail pays the fine (or uses a card) while properties are still for sale, else
  tries for doubles;
- never proposes a trade; takes an offer when it gains at face value (:func:`face_gain`:
  cash and IOUs at face, deeds at their printed price, mortgaged ones at half less the
  10 % fee, a Get Out of Jail Free card at :data:`JAIL_CARD_FACE`), whatever the deeds
  mean to either side, as naive players do; lifts a received mortgage when it can.

The decision is keyed on ``legal[0]``: the engine lists the pending decision first, so
most choices are an identity test against a singleton and cost no allocation.
"""

from __future__ import annotations

import random
from typing import Final

from monopoly.board import actions as A
from monopoly.board.view import BANK, SeatView

CASH_RESERVE: Final = 300
JAIL_CARD_FACE: Final = 50  # what a Get Out of Jail Free card is worth at face value

_ROLL: Final = A.ROLL
_END_TURN: Final = A.END_TURN
_BUY: Final = A.BUY
_DECLINE: Final = A.DECLINE
_PASS_BID: Final = A.PASS_BID
_PAY_JAIL_FINE: Final = A.PAY_JAIL_FINE
_USE_JAIL_CARD: Final = A.USE_JAIL_CARD
_ACCEPT_TRADE: Final = A.ACCEPT_TRADE
_REJECT_TRADE: Final = A.REJECT_TRADE
_DECLARE_BANKRUPTCY: Final = A.DECLARE_BANKRUPTCY
_TAX_FLAT: Final = A.TAX_FLAT
_TAX_PERCENT: Final = A.TAX_PERCENT
_CHOOSE_PAY: Final = A.CHOOSE_PAY
_CHOOSE_DRAW: Final = A.CHOOSE_DRAW
_Build = A.Build
_Unmortgage = A.Unmortgage
_BidRange = A.BidRange
_SellBuilding = A.SellBuilding
_Mortgage = A.Mortgage
_LiftReceived = A.LiftReceived
_KeepMortgaged = A.KeepMortgaged


class GreedyBot:
    """See the module docstring. Deterministic; the generator is kept for the protocol."""

    __slots__ = ("rng",)

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
        first = legal[0]
        if first is _ROLL:
            if len(legal) > 1:
                second = legal[1]
                if second is _PAY_JAIL_FINE or second is _USE_JAIL_CARD:
                    return self._leave_jail(view, legal)
                if type(second) is _Build:
                    return _cheapest_build(view, legal, 1)
            return _ROLL
        if first is _END_TURN:
            if len(legal) > 1:
                second = legal[1]
                if type(second) is _Build:
                    return _cheapest_build(view, legal, 1)
                if type(second) is _Unmortgage:
                    return _lift_mortgage(view, legal) or _END_TURN
            return _END_TURN
        if first is _BUY:
            return _BUY
        if first is _DECLINE:
            return _DECLINE
        kind = type(first)
        if kind is _BidRange:
            return _bid(view, first)  # type: ignore[arg-type]
        if first is _PASS_BID:
            return _PASS_BID
        if first is _ACCEPT_TRADE or first is _REJECT_TRADE:
            return _answer_offer(view, legal)
        if kind is _LiftReceived or kind is _KeepMortgaged:
            return first  # type: ignore[return-value]
        if first is _TAX_FLAT:
            return income_tax(view)
        if first is _CHOOSE_PAY:
            return _pay_or_draw(view)
        if first is _DECLARE_BANKRUPTCY:
            return teardown(view, legal) or _DECLARE_BANKRUPTCY
        if kind is _Build and view.debt() is None:
            return first  # type: ignore[return-value]  # placing a building won at auction
        return _raise_funds(view, legal)

    def _leave_jail(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
        """§7: get out at once while there is property to buy, else wait for doubles."""
        t = view.tables
        early = any(view.owner(sq) == BANK for sq in t.properties)
        if early:
            if _USE_JAIL_CARD in legal:
                return _USE_JAIL_CARD
            if _PAY_JAIL_FINE in legal:
                return _PAY_JAIL_FINE
        return _ROLL


def _cheapest_build(view: SeatView, legal: list[A.LegalEntry], start: int) -> A.Action:
    """The cheapest of the Build entries listed from `start` on (they are contiguous)."""
    cost = view.tables.house_cost
    best = legal[start]
    assert isinstance(best, A.Build)
    best_cost = cost[best.square]
    i = start + 1
    n = len(legal)
    while i < n:
        e = legal[i]
        if type(e) is not _Build:
            break
        c = cost[e.square]
        if c < best_cost:
            best, best_cost = e, c
        i += 1
    return best


def _lift_mortgage(view: SeatView, legal: list[A.LegalEntry]) -> A.Action | None:
    """An Unmortgage entry that leaves at least CASH_RESERVE in hand, if any."""
    me = view.seat
    assert me is not None
    cash = view.cash(me)
    for e in legal:
        if type(e) is _Unmortgage:
            if cash - lift_cost(view, e.square) >= CASH_RESERVE:
                return e
        elif type(e) is not _Build and e is not _END_TURN:
            break
    return None


def face_value(view: SeatView, bundle: A.Bundle) -> int:
    """What `bundle` is worth at face value to the seat that receives it."""
    price = view.tables.price
    total = bundle.cash + bundle.iou + JAIL_CARD_FACE * len(bundle.jail_cards)
    for sq in bundle.squares:
        if view.is_mortgaged(sq):
            total += price[sq] // 2 - view.interest(sq)  # half, less the fee at once (§9)
        else:
            total += price[sq]
    return total


def lift_cost(view: SeatView, sq: int) -> int:
    """§9: what lifting deed `sq`'s mortgage costs (its mortgage value and the interest)."""
    return view.tables.price[sq] // 2 + view.interest(sq)


def face_gain(view: SeatView, gets: A.Bundle, gives: A.Bundle) -> int:
    """The face-value gain of receiving `gets` for `gives` (an IOU in `gives` is a debt)."""
    return face_value(view, gets) - face_value(view, gives)


def _answer_offer(view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
    """Accept an offer that gains at face value and that it can pay, else reject."""
    offer = view.offer()
    if offer is None or _ACCEPT_TRADE not in legal:
        return _REJECT_TRADE
    # `give` goes from the proposer to us, `take` from us to the proposer
    if face_gain(view, offer["give"], offer["take"]) > 0 and view.is_legal(_ACCEPT_TRADE):
        return _ACCEPT_TRADE
    return _REJECT_TRADE


def income_tax(view: SeatView) -> A.Action:
    """§6 income tax choice: whichever costs less (the worth is public)."""
    choice = view.choice()
    me = view.seat
    if choice is None or me is None:
        return _TAX_FLAT
    percent = view.percent_tax()
    return _TAX_PERCENT if percent < choice[2] else _TAX_FLAT


def _pay_or_draw(view: SeatView) -> A.Action:
    """"Pay a fine or take a card": pay while cash is comfortable, else take the card."""
    choice = view.choice()
    me = view.seat
    if choice is None or me is None:
        return _CHOOSE_DRAW
    return _CHOOSE_PAY if view.cash(me) >= choice[2] + CASH_RESERVE else _CHOOSE_DRAW


def _bid(view: SeatView, entry: A.BidRange) -> A.Action:
    """Its whole limit at once (the lot's printed price, or the cash in hand if less) while
    that beats the high bid, else pass: one bid per auction instead of a run of raises."""
    sq = view.auction_square()
    if sq < 0:
        return _PASS_BID
    t = view.tables
    limit = t.price[sq] if view.auction_lot() == "property" else t.house_cost[sq]
    if limit > entry.high:
        limit = entry.high
    me = view.seat
    if me is not None and limit > view.cash(me):  # a sealed bid may exceed the cash
        limit = view.cash(me)
    if entry.low <= limit:
        return A.Bid(limit)
    return _PASS_BID


def _raise_funds(view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
    """In debt (§9): sell a building, else mortgage the cheapest deed, else tear down."""
    sell: A.Action | None = None
    mortgage: A.Mortgage | None = None
    price = view.tables.price
    has_template = False
    for e in legal:
        kind = type(e)
        if kind is _SellBuilding:
            if sell is None:
                sell = e  # type: ignore[assignment]
        elif kind is _Mortgage:
            if mortgage is None or price[e.square] < price[mortgage.square]:  # type: ignore[union-attr]
                mortgage = e  # type: ignore[assignment]
        elif e is A.RAISE_FUNDS_TEMPLATE:
            has_template = True
    if sell is not None:
        return sell
    if mortgage is not None:
        return mortgage
    if has_template:
        batch = teardown(view, legal)
        if batch is not None:
            return batch
    return fallback(legal)


def teardown(view: SeatView, legal: list[A.LegalEntry]) -> A.Action | None:
    """Sell every building of the seat at once (always an even, legal batch), or None."""
    if A.RAISE_FUNDS_TEMPLATE not in legal:
        return None
    me = view.seat
    assert me is not None
    levels = tuple((sq, 0) for sq in view.holdings(me) if view.level(sq))
    if not levels:
        return None
    return A.RaiseFunds(levels, ())


def fallback(legal: list[A.LegalEntry]) -> A.Action:
    """The first concrete action that neither trades nor spends (never reached in play)."""
    for e in legal:
        if e is not A.RESIGN and not isinstance(
            e, (A.BidRange, A.RepayRange, A.TradeTemplate, A.RaiseFundsTemplate, A.Build)
        ):
            return e
    for e in legal:
        if isinstance(e, A.Build):
            return e
    raise RuntimeError("no concrete legal action")
