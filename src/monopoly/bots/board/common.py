"""What the strategy bots share: one :class:`StrategyBot` that answers every decision the
engine can present, with small hooks a strategy overrides.

The decision is read from ``legal[0]`` (the engine lists the pending decision first,
then what the seat may do at any time). The hooks:

- :meth:`StrategyBot.reserve`: cash to keep in hand (buying, building, lifting mortgages);
- :meth:`StrategyBot.want_to_buy`: buy the deed the token stands on;
- :meth:`StrategyBot.bid_limit`: the most to bid for a deed at auction;
- :meth:`StrategyBot.build_order`: which listed street to build on next, or none;
- :meth:`StrategyBot.must_have`, :meth:`StrategyBot.funding_need`: what it mortgages loose
  deeds for when short of cash (a deed, the next building);
- :meth:`StrategyBot.trade_proposals`: trades to offer, best first;
- :meth:`StrategyBot.trade_gain`: what an offer is worth to the bot (accept when > 0).

Everything is read from the :class:`~monopoly.board.view.SeatView` (public information
only) and every trade is checked with ``view.is_legal`` before it is returned. The bots
never resign, never counter an offer (so no two bots haggle forever) and propose at most
one trade per turn, never the same deeds twice within :data:`PROPOSAL_COOLDOWN` turns.
"""

from __future__ import annotations

import random
from typing import Final

from monopoly.board import actions as A
from monopoly.board.tables import K_RAILROAD, K_STREET
from monopoly.board.view import BANK, SeatView
from monopoly.bots.board.greedy import fallback, income_tax, lift_cost, teardown

PROPOSAL_COOLDOWN: Final = 6  # turns before the same deeds are offered to a seat again
MIN_CASH_AFTER_TRADE: Final = 50

_TurnExtras = (A.Build, A.Unmortgage, A.RepayRange, A.TradeTemplate)


class StrategyBot:
    """A complete player; subclasses change the hooks (see the module docstring)."""

    #: cash kept in hand by default
    RESERVE: int = 100

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._proposed_turn = -1
        self._proposals: dict[tuple[int, tuple[int, ...], tuple[int, ...]], int] = {}
        self._attempts: dict[tuple[int, ...], int] = {}

    # ------------------------------------------------------------------ hooks

    def reserve(self, view: SeatView) -> int:
        """Cash to keep in hand after buying or building."""
        return self.RESERVE

    def want_to_buy(self, view: SeatView, sq: int) -> bool:
        """Buy the deed at `sq` at its printed price (the cash is there)."""
        me = seat_of(view)
        return view.cash(me) - view.tables.price[sq] >= self.reserve(view) or completes_group(
            view, me, sq
        )

    def bid_limit(self, view: SeatView, sq: int) -> int:
        """The most this bot pays for the deed at `sq` at auction."""
        me = seat_of(view)
        price = view.tables.price[sq]
        if completes_group(view, me, sq) or blocks_group(view, me, sq):
            return price * 3 // 2
        return price

    def build_order(self, view: SeatView, builds: list[int]) -> int | None:
        """Which of the listed streets to build on now (None: do not build).

        By default: the group with the best return on houses, evenly, keeping the
        reserve."""
        return self._best_build(view, builds, self.reserve(view))

    def trade_proposals(self, view: SeatView, partners: tuple[int, ...]) -> list[A.ProposeTrade]:
        """Trades to propose now, best first (each is checked for legality)."""
        return []

    def must_have(self, view: SeatView, sq: int) -> bool:
        """A deed worth mortgaging loose deeds for when the cash is short."""
        return completes_group(view, seat_of(view), sq)

    def funding_need(self, view: SeatView) -> int | None:
        """Cash it wants in hand for its next building (mortgaging loose deeds for it),
        or None."""
        return None

    def trade_gain(self, view: SeatView, gets: A.Bundle, gives: A.Bundle, other: int) -> int:
        """What accepting a trade is worth to this bot, in cash (accept when positive)."""
        return trade_value(view, seat_of(view), other, gets, gives)

    # ------------------------------------------------------------------ the decision

    def choose(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
        first = legal[0]
        if first is A.ROLL:
            if len(legal) > 1 and (legal[1] is A.PAY_JAIL_FINE or legal[1] is A.USE_JAIL_CARD):
                return self._jail(view, legal)
            return self._manage(view, legal) or A.ROLL
        if first is A.END_TURN:
            return self._manage(view, legal) or A.END_TURN
        if first is A.BUY:
            sq = view.buy_square
            return A.BUY if self.want_to_buy(view, sq) else A.DECLINE
        if first is A.DECLINE:
            # short of cash: mortgage loose deeds for a deed it must have
            sq = view.buy_square
            if self.must_have(view, sq):
                return self._fund(view, legal, view.tables.price[sq]) or A.DECLINE
            return A.DECLINE
        kind = type(first)
        if kind is A.BidRange:
            return self._bid(view, first)  # type: ignore[arg-type]
        if first is A.PASS_BID:
            return A.PASS_BID
        if first is A.ACCEPT_TRADE or first is A.REJECT_TRADE:
            return self._answer(view, first)
        if kind is A.LiftReceived:
            sq = first.square  # type: ignore[union-attr]
            cash = view.cash(seat_of(view))
            return first if cash - view.tables.price[sq] // 2 >= self.reserve(view) else A.KEEP[sq]  # type: ignore[return-value]
        if kind is A.KeepMortgaged:
            return first  # type: ignore[return-value]
        if first is A.TAX_FLAT:
            return income_tax(view)
        if first is A.CHOOSE_PAY:
            ch = view.choice()
            pay = ch is not None and view.cash(seat_of(view)) - ch[2] >= self.reserve(view)
            return A.CHOOSE_PAY if pay else A.CHOOSE_DRAW
        if first is A.DECLARE_BANKRUPTCY:
            return teardown(view, legal) or A.DECLARE_BANKRUPTCY
        if kind is A.Build and view.debt() is None:
            # placing a building won at a housing-shortage auction: the best street listed
            builds = [e.square for e in legal if type(e) is A.Build]
            place = self._best_build(view, builds, -(10**9))
            return A.BUILD[place if place is not None else builds[0]]
        return raise_funds(view, legal)

    # ------------------------------------------------------------------ decisions

    def _jail(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
        """§7: leave at once while deeds are for sale and the fine leaves the reserve."""
        early = any(view.owner(sq) == BANK for sq in view.tables.properties)
        if early:
            if A.USE_JAIL_CARD in legal:
                return A.USE_JAIL_CARD
            if A.PAY_JAIL_FINE in legal and view.cash(seat_of(view)) - 50 >= self.reserve(view):
                return A.PAY_JAIL_FINE
        return A.ROLL

    def _manage(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action | None:
        """On its turn: build, lift a mortgage, repay a loan, propose a trade, or None."""
        builds: list[int] = []
        unmortgages: list[int] = []
        repay: A.RepayRange | None = None
        trade: A.TradeTemplate | None = None
        for e in legal:
            k = type(e)
            if k is A.Build:
                builds.append(e.square)  # type: ignore[union-attr]
            elif k is A.Unmortgage:
                unmortgages.append(e.square)  # type: ignore[union-attr]
            elif k is A.RepayRange and repay is None:
                repay = e  # type: ignore[assignment]
            elif k is A.TradeTemplate and not e.counter:  # type: ignore[union-attr]
                trade = e  # type: ignore[assignment]
        if builds:
            sq = self.build_order(view, builds)
            if sq is not None:
                return A.BUILD[sq]
        me = seat_of(view)
        reserve = self.reserve(view)
        need = self.funding_need(view)
        if need is not None:
            fund = self._fund(view, legal, need)
            if fund is not None:
                return fund
            unmortgages = []  # while saving up for buildings, lift nothing
        if repay is not None:
            amount = min(repay.high, view.cash(me) - reserve)
            if amount >= repay.low:
                return A.RepayLoan(repay.to, amount)
        if unmortgages:
            t = view.tables
            # the deeds of complete groups first, then the dearest
            unmortgages.sort(key=lambda s: (not owns_group(view, me, s), -t.price[s]))
            for sq in unmortgages:
                if view.cash(me) - lift_cost(view, sq) >= reserve:
                    return A.UNMORTGAGE[sq]
        if trade is not None and self._proposed_turn != view.turn_number:
            self._proposed_turn = view.turn_number
            return self._propose(view, trade.partners)
        return None

    def _fund(self, view: SeatView, legal: list[A.LegalEntry], need: int) -> A.Action | None:
        """Mortgage the cheapest loose deed (outside its complete colour groups; railroads
        last) when the cash is short of `need` and the loose deeds' mortgages cover the
        difference; else None."""
        me = seat_of(view)
        cash = view.cash(me)
        if cash >= need:
            return None
        t = view.tables
        loose = [
            e.square
            for e in legal
            if isinstance(e, A.Mortgage)
            and not (t.kind[e.square] == K_STREET and owns_group(view, me, e.square))
        ]
        if cash + sum(t.price[s] // 2 for s in loose) < need:
            return None
        return A.MORTGAGE[min(loose, key=lambda s: (t.kind[s] == K_RAILROAD, t.price[s]))]

    def _propose(self, view: SeatView, partners: tuple[int, ...]) -> A.Action | None:
        turn = view.turn_number
        for p in self.trade_proposals(view, partners):
            key = (p.to, p.give.squares, p.take.squares)
            last = self._proposals.get(key)
            if last is not None and turn - last < PROPOSAL_COOLDOWN:
                continue
            if view.is_legal(p):
                self._proposals[key] = turn
                attempts_key = (*p.give.squares, -1, *p.take.squares)
                self._attempts[attempts_key] = self._attempts.get(attempts_key, 0) + 1
                return p
        return None

    def attempts(self, give: tuple[int, ...], take: tuple[int, ...]) -> int:
        """How often a trade of these deeds was proposed already (to raise the offer)."""
        return self._attempts.get((*give, -1, *take), 0)

    def _answer(self, view: SeatView, first: A.LegalEntry) -> A.Action:
        offer = view.offer()
        if first is not A.ACCEPT_TRADE or offer is None:
            return A.REJECT_TRADE
        me = seat_of(view)
        if offer["target"] != me:
            return A.REJECT_TRADE
        gets: A.Bundle = offer["give"]
        gives: A.Bundle = offer["take"]
        if view.cash(me) - gives.cash + gets.cash < MIN_CASH_AFTER_TRADE and gives.cash:
            return A.REJECT_TRADE
        gain = self.trade_gain(view, gets, gives, offer["proposer"])
        return A.ACCEPT_TRADE if gain > 0 else A.REJECT_TRADE

    def _bid(self, view: SeatView, entry: A.BidRange) -> A.Action:
        """Bid up to the limit, never more than the cash in hand (a sealed bid could
        exceed it): sealed, the whole limit at once; open, in steps."""
        sq = view.auction_square()
        if sq < 0:
            return A.PASS_BID
        me = seat_of(view)
        if view.auction_lot() == "property":
            limit = self.bid_limit(view, sq)
        else:  # a house or hotel in a housing shortage (§8): worth more than its cost
            limit = view.tables.house_cost[sq] * 3 // 2
            if view.cash(me) - limit < self.reserve(view) // 2:
                limit = view.tables.house_cost[sq]
        au = view.auction()
        if au is not None and au["high_bidder"] == me:
            return A.PASS_BID  # never outbid itself (an open auction asks the others)
        limit = min(limit, entry.high, view.cash(me))
        if limit < entry.low:
            return A.PASS_BID
        if au is None or au["sealed"]:
            return A.Bid(limit)  # one hidden bid: the whole limit
        # open: raise in steps (a tenth of the price), opening at half the price, so that
        # a lot nobody else wants is had cheaply
        price = view.tables.price[sq] if view.auction_lot() == "property" else limit
        if au["high_bidder"] is None:
            return A.Bid(min(limit, max(entry.low, price // 2)))
        return A.Bid(min(limit, max(entry.low, au["high_bid"] + max(10, price // 10))))

    def _best_build(self, view: SeatView, builds: list[int], reserve: int) -> int | None:
        """The listed street of the group with the best rent per house cost, where the
        building leaves `reserve` in hand; lower streets of a group first (even)."""
        me = seat_of(view)
        cash = view.cash(me)
        t = view.tables
        best: int | None = None
        best_key: tuple[int, float] = (0, 0.0)
        for sq in builds:
            cost = t.house_cost[sq]
            if cash - cost < reserve:
                continue
            key = (-view.level(sq), group_return(view, t.group_of[sq]))
            if best is None or key > best_key:
                best, best_key = sq, key
        return best


# ---------------------------------------------------------------------- helpers


def seat_of(view: SeatView) -> int:
    me = view.seat
    if me is None:
        raise ValueError("a bot plays a seat")
    return me


def group_return(view: SeatView, g: int) -> float:
    """Rent at three houses per cost of the houses, over a street group (orange ~ 1.9)."""
    t = view.tables
    squares = t.groups[g]
    rent = sum(t.rents[s][3] for s in squares if len(t.rents[s]) > 3)
    cost = sum(t.house_cost[s] for s in squares) * 3
    return rent / cost if cost else 0.0


def owners_of_group(view: SeatView, sq: int) -> list[int]:
    t = view.tables
    return [view.owner(s) for s in t.groups[t.group_of[sq]]]


def completes_group(view: SeatView, seat: int, sq: int) -> bool:
    """Whether `seat` holds every other deed of the group of `sq` (a street group)."""
    t = view.tables
    if t.kind[sq] != K_STREET:
        return False
    return all(view.owner(s) == seat for s in t.groups[t.group_of[sq]] if s != sq)


def blocks_group(view: SeatView, seat: int, sq: int) -> bool:
    """Whether one other seat holds every other deed of the (street) group of `sq`."""
    return needing_seat(view, seat, sq) is not None


def needing_seat(view: SeatView, seat: int, sq: int) -> int | None:
    """The seat, other than `seat`, holding every other deed of `sq`'s street group."""
    t = view.tables
    if t.kind[sq] != K_STREET:
        return None
    others = {view.owner(s) for s in t.groups[t.group_of[sq]] if s != sq}
    if len(others) != 1:
        return None
    o = others.pop()
    return o if o != BANK and o != seat else None


def owns_group(view: SeatView, seat: int, sq: int) -> bool:
    t = view.tables
    return all(view.owner(s) == seat for s in t.groups[t.group_of[sq]])


def group_bonus(view: SeatView, g: int) -> int:
    """What completing street group `g` is worth beyond the deeds' prices."""
    t = view.tables
    squares = t.groups[g]
    return sum(t.price[s] for s in squares) // 2 + sum(
        t.rents[s][3] for s in squares if len(t.rents[s]) > 3
    ) // 2


def deed_value(view: SeatView, sq: int) -> int:
    price = view.tables.price[sq]
    return price // 2 - view.interest(sq) if view.is_mortgaged(sq) else price


def trade_value(view: SeatView, me: int, other: int, gets: A.Bundle, gives: A.Bundle) -> int:
    """Cash value to `me` of receiving `gets` from `other` for `gives`: cash, deeds at their
    price, an IOU owed to it at 80 % (one it gives at 100 %), a jail card at 30;
    completing a group of `me` adds its bonus, completing one of `other` subtracts it
    (and a fifth more)."""
    t = view.tables
    value = gets.cash - gives.cash + gets.iou * 4 // 5 - gives.iou
    value += 30 * (len(gets.jail_cards) - len(gives.jail_cards))
    value += sum(deed_value(view, s) for s in gets.squares)
    value -= sum(deed_value(view, s) for s in gives.squares)
    moved = set(gets.squares) | set(gives.squares)
    if not moved:
        return value
    after: dict[int, int] = {}
    for s in gets.squares:
        after[s] = me
    for s in gives.squares:
        after[s] = other
    for g in {t.group_of[s] for s in moved}:
        squares = t.groups[g]
        if t.kind[squares[0]] == K_STREET:
            owners = [after.get(s, view.owner(s)) for s in squares]
            before = [view.owner(s) for s in squares]
            mine_now = all(o == me for o in before)
            if all(o == me for o in owners) and not mine_now:
                bonus = group_bonus(view, g)
                cash_after = view.cash(me) + gets.cash - gives.cash
                if cash_after < t.house_cost[squares[0]] * len(squares):
                    bonus //= 2  # a group it cannot build on soon is worth less
                value += bonus
            elif all(o == other for o in owners) and not all(o == other for o in before):
                value -= group_bonus(view, g) * 6 // 5
            elif mine_now:
                value -= group_bonus(view, g)
        elif t.kind[squares[0]] == K_RAILROAD:
            mine_before = sum(view.owner(s) == me for s in squares)
            mine_after = sum(after.get(s, view.owner(s)) == me for s in squares)
            value += (mine_after - mine_before) * 25 * max(mine_after, mine_before)
    return value


def spendable(view: SeatView, seat: int) -> int:
    cash = view.cash(seat)
    au = view.auction()
    if au is not None and au["high_bidder"] == seat:
        cash -= au["high_bid"]
    return max(cash, 0)


def tradeable(view: SeatView, seat: int, sq: int) -> bool:
    """Whether `seat`'s deed `sq` may change hands (no buildings in its group, §9)."""
    t = view.tables
    if view.owner(sq) != seat:
        return False
    if view.is_mortgaged(sq) and not view.rules.trade_mortgaged:
        return False
    return not any(view.level(s) for s in t.groups[t.group_of[sq]])


def raise_funds(view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
    """In debt (§9), in a sensible order: mortgage deeds outside complete groups (those
    earning least first), then sell houses from the least valuable group, then mortgage
    the rest; a batch teardown if nothing single is listed."""
    me = seat_of(view)
    t = view.tables
    loose: list[int] = []
    grouped: list[int] = []
    sells: list[int] = []
    has_template = False
    for e in legal:
        k = type(e)
        if k is A.Mortgage:
            sq = e.square  # type: ignore[union-attr]
            (grouped if owns_group(view, me, sq) and t.kind[sq] == K_STREET else loose).append(sq)
        elif k is A.SellBuilding:
            sells.append(e.square)  # type: ignore[union-attr]
        elif e is A.RAISE_FUNDS_TEMPLATE:
            has_template = True
    if loose:
        return A.MORTGAGE[min(loose, key=lambda s: (t.kind[s] == K_RAILROAD, t.price[s]))]
    if sells:
        return A.SELL[min(sells, key=lambda s: (group_return(view, t.group_of[s]), s))]
    if grouped:
        return A.MORTGAGE[min(grouped, key=lambda s: t.price[s])]
    if has_template:
        batch = teardown(view, legal)
        if batch is not None:
            return batch
    return fallback(legal)


