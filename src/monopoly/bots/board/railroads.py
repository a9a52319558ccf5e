"""The railroads bot (the Russian seed: "Скупайте железные дороги. В начале игры они
приносят много прибыли").

- buys every railroad it lands on, whatever its cash (other deeds keep a small reserve);
- at auction bids up to twice the price for a railroad, more for each it owns already;
- offers to buy railroads from opponents: cash from 1.4 times the price, more with each
  try (up to twice the price), within its cash;
- values railroads highly in any trade; otherwise plays the shared strategy.
"""

from __future__ import annotations

from typing import Final

from monopoly.board import actions as A
from monopoly.board.tables import K_RAILROAD
from monopoly.board.view import SeatView
from monopoly.bots.board.common import StrategyBot, seat_of, spendable, trade_value, tradeable

RESERVE: Final = 100


class RailroadsBot(StrategyBot):
    """See the module docstring."""

    RESERVE = RESERVE

    def want_to_buy(self, view: SeatView, sq: int) -> bool:
        if view.tables.kind[sq] == K_RAILROAD:
            return True
        return super().want_to_buy(view, sq)

    def must_have(self, view: SeatView, sq: int) -> bool:
        return view.tables.kind[sq] == K_RAILROAD or super().must_have(view, sq)

    def bid_limit(self, view: SeatView, sq: int) -> int:
        t = view.tables
        if t.kind[sq] == K_RAILROAD:
            me = seat_of(view)
            owned = sum(view.owner(s) == me for s in t.railroads)
            return t.price[sq] * 2 + 50 * owned
        return super().bid_limit(view, sq)

    def trade_gain(self, view: SeatView, gets: A.Bundle, gives: A.Bundle, other: int) -> int:
        t = view.tables
        extra = 100 * (
            sum(t.kind[s] == K_RAILROAD for s in gets.squares)
            - sum(t.kind[s] == K_RAILROAD for s in gives.squares)
        )
        return trade_value(view, seat_of(view), other, gets, gives) + extra

    def trade_proposals(self, view: SeatView, partners: tuple[int, ...]) -> list[A.ProposeTrade]:
        me = seat_of(view)
        t = view.tables
        budget = spendable(view, me) - self.reserve(view)
        out: list[A.ProposeTrade] = []
        for sq in t.railroads:
            o = view.owner(sq)
            if o not in partners or not tradeable(view, o, sq):
                continue
            tries = self.attempts((), (sq,))
            offer = min(t.price[sq] * (14 + 2 * tries) // 10, t.price[sq] * 2, budget)
            if offer >= t.price[sq]:
                out.append(A.ProposeTrade(o, A.Bundle(cash=offer), A.Bundle(squares=(sq,))))
        return out
