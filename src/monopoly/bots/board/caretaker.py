"""The caretaker: plays a seat whose player let the turn clock run out.

It keeps the game moving and protects the seat's money, nothing more:

- rolls (in jail it tries for doubles), ends the turn;
- buys a property only when the cash comfortably covers it (the price plus
  :data:`COMFORT` left in hand), else declines (docs/rules.md §3: the bank auctions it);
- passes in every auction, so it never bids away the seat's money;
- rejects every trade offer; keeps a received mortgaged deed mortgaged (§9);
- pays the cheaper income tax (§6), pays a fine rather than drawing when it can;
- in debt raises exactly what is owed, one step at a time, mortgaging before selling
  buildings (:func:`~monopoly.bots.board.common.raise_funds`), and declares bankruptcy only
  when the engine says nothing can save the seat.
"""

from __future__ import annotations

import random
from typing import Final

from monopoly.board import actions as A
from monopoly.board.view import SeatView
from monopoly.bots.board.common import raise_funds

COMFORT: Final = 500


class CaretakerBot:
    """See the module docstring."""

    __slots__ = ("rng",)

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
        me = view.seat
        first = legal[0]
        if first is A.ROLL or first is A.END_TURN or first is A.DECLARE_BANKRUPTCY:
            return first
        if first is A.BUY:
            sq = view.buy_square
            price = view.tables.price[sq]
            if me is not None and view.cash(me) >= price + COMFORT:
                return A.BUY
            return A.DECLINE
        if first is A.DECLINE:
            return A.DECLINE
        if A.PASS_BID in legal and (first is A.PASS_BID or isinstance(first, A.BidRange)):
            return A.PASS_BID
        if first is A.ACCEPT_TRADE or first is A.REJECT_TRADE:
            return A.REJECT_TRADE
        if first is A.TAX_FLAT:
            choice = view.choice()
            if choice is not None and view.percent_tax() < choice[2]:
                return A.TAX_PERCENT
            return A.TAX_FLAT
        if first is A.CHOOSE_PAY:
            choice = view.choice()
            if choice is not None and me is not None and view.cash(me) >= choice[2]:
                return A.CHOOSE_PAY
            return A.CHOOSE_DRAW
        if isinstance(first, A.LiftReceived | A.KeepMortgaged):
            for e in legal:
                if isinstance(e, A.KeepMortgaged):
                    return e
        if isinstance(first, A.Build):  # placing a building won at auction (§8)
            return first
        debt = view.debt()
        if debt is not None and debt[0] == me:
            return raise_funds(view, legal)
        for e in legal:  # anything else: the first concrete step that is not a resignation
            if not isinstance(e, A.BidRange | A.TradeTemplate | A.RaiseFundsTemplate
                              | A.RepayRange | A.Resign):
                return e
        return A.RESIGN
