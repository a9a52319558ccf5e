"""The blocker bot (the Russian seed: "Приобретайте объекты, необходимые конкурентам для
образования монополии. В дальнейшем вы сможете обменять их по выгодной цене").

- buys every deed an opponent needs to complete a colour group, even below its
  reserve, and bids up to twice the price for one at auction;
- then trades it for value: to the opponent who needs it, for the deed that would
  complete one of its own groups (a swap) when that opponent holds one, else for cash:
  the price plus most of what the group is worth to them, asking less with each try
  (never below 1.5 times the price);
- otherwise plays the shared strategy (buys while a small reserve stays, builds its best
  group first).
"""

from __future__ import annotations

from typing import Final

from monopoly.board import actions as A
from monopoly.board.view import SeatView
from monopoly.bots.board.common import (
    StrategyBot,
    completes_group,
    group_bonus,
    needing_seat,
    seat_of,
    spendable,
    tradeable,
)

RESERVE: Final = 100
ASK_FACTORS: Final = (90, 75, 60, 50)  # % of the group's worth asked on top of the price


class BlockerBot(StrategyBot):
    """See the module docstring."""

    RESERVE = RESERVE

    def want_to_buy(self, view: SeatView, sq: int) -> bool:
        return needing_seat(view, seat_of(view), sq) is not None or super().want_to_buy(view, sq)

    def must_have(self, view: SeatView, sq: int) -> bool:
        return needing_seat(view, seat_of(view), sq) is not None or super().must_have(view, sq)

    def bid_limit(self, view: SeatView, sq: int) -> int:
        if needing_seat(view, seat_of(view), sq) is not None:
            return view.tables.price[sq] * 2
        return super().bid_limit(view, sq)

    def trade_proposals(self, view: SeatView, partners: tuple[int, ...]) -> list[A.ProposeTrade]:
        me = seat_of(view)
        t = view.tables
        out: list[A.ProposeTrade] = []
        for sq in view.holdings(me):
            other = needing_seat(view, me, sq)
            if other is None or other not in partners or not tradeable(view, me, sq):
                continue
            # a swap: the partner's deed that completes a group of ours
            for theirs in view.holdings(other):
                if (
                    t.group_of[theirs] != t.group_of[sq]
                    and completes_group(view, me, theirs)
                    and tradeable(view, other, theirs)
                ):
                    out.append(
                        A.ProposeTrade(other, A.Bundle(squares=(sq,)), A.Bundle(squares=(theirs,)))
                    )
            tries = self.attempts((sq,), ())
            factor = ASK_FACTORS[min(tries, len(ASK_FACTORS) - 1)]
            price = t.price[sq]
            ask = price + group_bonus(view, t.group_of[sq]) * factor // 100
            ask = min(ask, spendable(view, other) * 3 // 4)
            if ask >= price * 3 // 2:
                out.append(A.ProposeTrade(other, A.Bundle(squares=(sq,)), A.Bundle(cash=ask)))
        return out
