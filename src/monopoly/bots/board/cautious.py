"""The cautious bot (the Russian seed: "Не всегда стоит спешить и скупать все активы.
Иногда нужно приберечь стартовый капитал"; "Умейте считать свои деньги").

- keeps a cash reserve: at least :data:`BASE_RESERVE`, and at least the dearest rent an
  opponent could charge it now (capped at :data:`MAX_RESERVE`);
- buys selectively: only while the reserve stays in hand, and only deeds it can still
  make count (a railroad, or a street of a group no two opponents have split);
  utilities only when rich;
- at auction bids up to 80 % of the price (a bargain), the whole price for a deed that
  completes its group, never below the reserve;
- builds and lifts mortgages only above the reserve; accepts only clearly good trades.
"""

from __future__ import annotations

from typing import Final

from monopoly.board import actions as A
from monopoly.board.tables import K_RAILROAD, K_STREET, K_UTILITY
from monopoly.board.view import BANK, SeatView
from monopoly.bots.board.common import StrategyBot, completes_group, seat_of, trade_value

BASE_RESERVE: Final = 200
MAX_RESERVE: Final = 500
TRADE_MARGIN: Final = 50


class CautiousBot(StrategyBot):
    """See the module docstring."""

    def reserve(self, view: SeatView) -> int:
        me = seat_of(view)
        worst = 0
        for sq in view.tables.properties:
            o = view.owner(sq)
            if o != BANK and o != me and not view.is_mortgaged(sq):
                rent = view.rent_of(sq)
                if rent > worst:
                    worst = rent
        return max(BASE_RESERVE, min(worst, MAX_RESERVE))

    def want_to_buy(self, view: SeatView, sq: int) -> bool:
        me = seat_of(view)
        t = view.tables
        after = view.cash(me) - t.price[sq]
        reserve = self.reserve(view)
        if completes_group(view, me, sq):
            return after >= reserve // 2
        if after < reserve:
            return False
        kind = t.kind[sq]
        if kind == K_RAILROAD:
            return True
        if kind == K_UTILITY:
            return after >= 2 * reserve
        if kind == K_STREET:
            others = {view.owner(s) for s in t.groups[t.group_of[sq]]} - {BANK, me}
            return len(others) <= 1
        return True

    def bid_limit(self, view: SeatView, sq: int) -> int:
        me = seat_of(view)
        price = view.tables.price[sq]
        limit = price if completes_group(view, me, sq) else price * 4 // 5
        return min(limit, view.cash(me) - self.reserve(view))

    def trade_gain(self, view: SeatView, gets: A.Bundle, gives: A.Bundle, other: int) -> int:
        return trade_value(view, seat_of(view), other, gets, gives) - TRADE_MARGIN
