"""The builder bot (the Russian seed: build up fast; three houses on a group is where the
rents jump).

- races to three houses on its best colour group (the best rent per house cost among
  the groups it owns whole) before it builds anything else, spending down to a small
  reserve and mortgaging deeds outside its complete groups for the houses; then builds
  the rest, keeping :data:`RESERVE_AFTER_RACE`;
- buys what it lands on while a small reserve stays, any deed that completes a group;
  bids up to twice the price for such a deed;
- trades to complete a group: offers the deed the partner needs in exchange (a swap of
  monopolies), or cash from 1.5 times the missing deeds' price, raising the offer with
  each try, adding a spare deed when the cash is short.
"""

from __future__ import annotations

from typing import Final

from monopoly.board import actions as A
from monopoly.board.tables import K_STREET
from monopoly.board.view import SeatView
from monopoly.bots.board.common import (
    StrategyBot,
    completes_group,
    group_return,
    needing_seat,
    seat_of,
    spendable,
    tradeable,
)

RESERVE: Final = 50
RESERVE_AFTER_RACE: Final = 150
TARGET_LEVEL: Final = 3


class BuilderBot(StrategyBot):
    """See the module docstring."""

    RESERVE = RESERVE

    def best_group(self, view: SeatView) -> int | None:
        """The street group it owns whole, unmortgaged, with the best return on houses."""
        me = seat_of(view)
        t = view.tables
        best: int | None = None
        for g in t.street_groups:
            squares = t.groups[g]
            whole = all(view.owner(s) == me and not view.is_mortgaged(s) for s in squares)
            if whole and (best is None or group_return(view, g) > group_return(view, best)):
                best = g
        return best

    def bid_limit(self, view: SeatView, sq: int) -> int:
        if completes_group(view, seat_of(view), sq):
            return view.tables.price[sq] * 2
        return super().bid_limit(view, sq)

    def build_order(self, view: SeatView, builds: list[int]) -> int | None:
        t = view.tables
        g = self.best_group(view)
        if g is not None and min(view.level(s) for s in t.groups[g]) < TARGET_LEVEL:
            race = [s for s in builds if t.group_of[s] == g]
            if race:
                return self._best_build(view, race, RESERVE)
            if not view.rules.build_only_on_landing:
                return None  # nothing before the three houses on the best group
        return self._best_build(view, builds, RESERVE_AFTER_RACE)

    def funding_need(self, view: SeatView) -> int | None:
        """While the race to three houses runs, the cost of the next house plus the small
        reserve (only where a building may be bought at any time, §8)."""
        r = view.rules
        if r.build_only_on_landing or r.build_before_rolling or r.houses_per_turn is not None:
            return None
        g = self.best_group(view)
        if g is None or view.houses_left <= 0:
            return None
        t = view.tables
        low = min(view.level(s) for s in t.groups[g])
        if low >= min(TARGET_LEVEL, view.hotel_level - 1):
            return None
        return t.house_cost[t.groups[g][0]] + RESERVE

    def trade_proposals(self, view: SeatView, partners: tuple[int, ...]) -> list[A.ProposeTrade]:
        me = seat_of(view)
        t = view.tables
        budget = spendable(view, me) - RESERVE
        out: list[A.ProposeTrade] = []
        for g in t.street_groups:
            squares = t.groups[g]
            mine = [s for s in squares if view.owner(s) == me]
            missing = [s for s in squares if view.owner(s) != me]
            if not mine or not missing or (len(missing) > 1 and len(mine) < 2):
                continue
            holders = {view.owner(s) for s in missing}
            if len(holders) != 1:
                continue
            other = holders.pop()
            if other not in partners or not all(tradeable(view, other, s) for s in missing):
                continue
            take = A.Bundle(squares=tuple(missing))
            # a swap of monopolies: a deed of ours that completes one of theirs
            for sq in view.holdings(me):
                if needing_seat(view, me, sq) == other and tradeable(view, me, sq):
                    out.append(A.ProposeTrade(other, A.Bundle(squares=(sq,)), take))
            price = sum(t.price[s] for s in missing)
            tries = self.attempts((), take.squares)
            offer = price * (15 + 3 * tries) // 10
            if offer <= budget:
                out.append(A.ProposeTrade(other, A.Bundle(cash=offer), take))
                continue
            spare = self._spare(view, me, other, g)
            cash = max(budget, 0)
            if spare is not None and cash + t.price[spare] >= price * 3 // 2:
                give = A.Bundle(cash=min(cash, offer - t.price[spare]), squares=(spare,))
                if give.cash >= 0:
                    out.append(A.ProposeTrade(other, give, take))
        return out

    def _spare(self, view: SeatView, me: int, other: int, target: int) -> int | None:
        """A deed it can give away: outside `target`, completing nothing of `other`'s and
        alone in its group among its holdings."""
        t = view.tables
        best: int | None = None
        for sq in view.holdings(me):
            g = t.group_of[sq]
            if g == target or not tradeable(view, me, sq) or needing_seat(view, me, sq) == other:
                continue
            if t.kind[sq] == K_STREET and sum(view.owner(s) == me for s in t.groups[g]) > 1:
                continue
            if best is None or t.price[sq] > t.price[best]:
                best = sq
        return best
