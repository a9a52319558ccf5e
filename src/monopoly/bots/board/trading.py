"""The strong bot's trades: what it offers for the deeds that complete a colour group,
and how it answers offers (the module docstring of :mod:`monopoly.bots.board.strong` has
the plan). :class:`Trader` keeps what the bot learns of each opponent between offers.
"""

from __future__ import annotations

from monopoly.board import actions as A
from monopoly.board.tables import K_STREET
from monopoly.board.view import BANK, SeatView
from monopoly.bots.board.valuation import (
    BLOCK_PREMIUM,
    BLOCK_THREAT,
    BLOCKS_UNSEEN,
    ESCALATE,
    FACE_PREMIUM,
    FUND_FLOOR,
    HORIZON,
    HOUSES_AFTER,
    JAIL_CARD_VALUE,
    SWAP_ASKS,
    SWAP_EDGE,
    SWAP_EDGE_BARE,
    SWAP_FLOOR,
    SWAP_MARGIN,
    SWAP_RATIO,
    THROWS_PER_TURN,
    TRADE_EDGE,
    TRADE_RETRY,
    board_values,
    cash_reserve,
    deed_face,
    group_value,
    holds_group,
    worst_rent,
)


def trade_delta(view: SeatView, seat: int, gets: A.Bundle, gives: A.Bundle,
) -> tuple[float, bool]:
    """(change of `seat`'s value, whether it completes a colour group) when `seat`
    receives `gets` and hands over `gives`."""
    t = view.tables
    bv = board_values(view)
    owner: dict[int, int] = {}
    for sq in gets.squares:
        owner[sq] = seat
    for sq in gives.squares:
        owner[sq] = BANK - 1  # to someone else: a seat number that is nobody's
    groups = {t.group_of[sq] for sq in (*gets.squares, *gives.squares)}
    n_opp = max(1, len(view.active_seats()) - 1)
    cash_after = view.cash(seat) + gets.cash - gives.cash
    levels = min(3, view.hotel_level)
    delta = 0.0
    completes = False
    for g in groups:
        before = group_value(view, bv, g, seat, {}, n_opp)
        after = group_value(view, bv, g, seat, owner, n_opp)
        delta += after - before
        if (
            g in t.street_groups
            and not holds_group(view, g, seat)
            and all(owner.get(s, view.owner(s)) == seat for s in t.groups[g])
        ):
            completes = True
            # the income comes with the houses: less of it without the money for them
            squares = t.groups[g]
            need = t.house_cost[squares[0]] * len(squares) * levels
            funded = min(1.0, max(0, cash_after) / need) if need else 1.0
            extra = bv.mono_income[g] * HORIZON * THROWS_PER_TURN * n_opp
            delta -= (1.0 - FUND_FLOOR) * (1.0 - funded) * extra
    for sq in gets.squares:
        if view.is_mortgaged(sq):
            delta -= t.price[sq] * 0.3  # the fee now and the lifting later
    for sq in gives.squares:
        if view.is_mortgaged(sq):
            delta += t.price[sq] * 0.27
    delta += gets.cash - gives.cash
    delta += 0.9 * (gets.iou - gives.iou)  # an IOU received is owed to this seat
    delta += JAIL_CARD_VALUE * (len(gets.jail_cards) - len(gives.jail_cards))
    return delta, completes


def answer_offer(view: SeatView) -> A.Action:
    me = view.seat
    offer = view.offer()
    if offer is None or me is None:
        return A.REJECT_TRADE
    give: A.Bundle = offer["give"]  # from the proposer to us
    take: A.Bundle = offer["take"]  # from us to the proposer
    proposer: int = offer["proposer"]
    mine, we_complete = trade_delta(view, me, give, take)
    theirs, they_complete = trade_delta(view, proposer, take, give)
    if they_complete:
        # never a complete group to an opponent, but in a swap of monopolies
        # a swap of deeds alone must help us more: no cash evens out what it helps them
        edge = SWAP_EDGE if give.cash or take.cash else SWAP_EDGE_BARE
        if not we_complete or not swap_fair(view, me, proposer, give, take, mine, theirs, edge):
            return A.REJECT_TRADE
    elif mine <= 25 or mine - 25 <= theirs * TRADE_EDGE:
        return A.REJECT_TRADE  # a trade must help us far more than the proposer
    if give.iou and not take.iou and mine < give.iou * 0.3:
        return A.REJECT_TRADE
    if view.is_legal(A.ACCEPT_TRADE):
        return A.ACCEPT_TRADE
    return A.REJECT_TRADE


def swap_fair(view: SeatView, me: int, other: int, gets: A.Bundle, gives: A.Bundle,
    mine: float, theirs: float, edge: float = SWAP_EDGE,
) -> bool:
    """Whether we answer yes to a swap of monopolies: `me` receives `gets` from `other`
    for `gives` (both complete a group), changing our value by `mine` and theirs by
    `theirs`. It must help us `edge` (SWAP_EDGE unless told) times what it helps them,
    and the group we get must be worth SWAP_RATIO of theirs before the cash."""
    if mine <= SWAP_MARGIN or mine - SWAP_MARGIN < theirs * edge:
        return False
    return _groups_comparable(view, me, other, gets, gives)


def _groups_comparable(view: SeatView, me: int, other: int, gets: A.Bundle, gives: A.Bundle,
) -> bool:
    """The deeds of the swap alone (no cash) help us SWAP_RATIO of what they help them."""
    deeds_in = A.Bundle(squares=gets.squares)
    deeds_out = A.Bundle(squares=gives.squares)
    m0, _ = trade_delta(view, me, deeds_in, deeds_out)
    p0, _ = trade_delta(view, other, deeds_out, deeds_in)
    return m0 > 0 and m0 >= p0 * SWAP_RATIO


def balanced_swap(view: SeatView, me: int, holder: int, get: A.Bundle,
    deeds: tuple[int, ...], tries: int, budget: int,
) -> A.ProposeTrade | None:
    """A swap of monopolies: our `deeds` complete a group of the holder, `get` one of
    ours. The cash (ours or theirs) is the least that makes the swap help the holder
    SWAP_EDGE times what it helps us, by our model of both (so another strong player
    says yes), plus a growing share of our surplus at each try; offered while it helps us
    SWAP_FLOOR times what it helps them. None when there is no such cash."""
    give = A.Bundle(squares=deeds)
    if not _groups_comparable(view, me, holder, get, give):
        return None
    holder_cash = view.cash(holder)
    lo = -max(0, holder_cash - 50)  # the holder pays us at most its cash less a little
    hi = max(0, budget)

    def gains(c: int) -> tuple[float, float]:
        ours = A.Bundle(cash=max(c, 0), squares=deeds)
        theirs = A.Bundle(cash=max(-c, 0), squares=get.squares)
        m, _ = trade_delta(view, me, theirs, ours)
        p, _ = trade_delta(view, holder, ours, theirs)
        return m, p

    # the share of our gain the holder must get: little at first (a player weaker than
    # us takes it), up to SWAP_EDGE (what another strong player asks) after refusals
    ask = SWAP_ASKS[min(tries, len(SWAP_ASKS) - 1)] * SWAP_EDGE

    def holder_agrees(c: int) -> bool:
        m, p = gains(c)
        return p > SWAP_MARGIN and p - SWAP_MARGIN >= m * ask

    if not holder_agrees(hi):
        return None
    if not holder_agrees(lo):
        while hi - lo > 5:  # the least cash the holder agrees to
            mid = (lo + hi) // 2
            if holder_agrees(mid):
                hi = mid
            else:
                lo = mid
        cash = hi
    else:
        cash = lo
    mine, theirs = gains(cash)
    later = max(0, tries - len(SWAP_ASKS) + 1)  # tries since the holder's ask reached the edge
    share = ESCALATE[min(later, len(ESCALATE) - 1)]
    surplus = mine - theirs * SWAP_FLOOR
    if surplus <= 0:
        return None
    cash = min(max(0, budget), cash + int(share * surplus / 2))
    mine, theirs = gains(cash)
    if mine <= SWAP_MARGIN or mine < theirs * SWAP_FLOOR:
        return None
    return A.ProposeTrade(
        holder,
        A.Bundle(cash=max(cash, 0), squares=deeds),
        A.Bundle(cash=max(-cash, 0), squares=get.squares),
    )


class Trader:
    """The strong bot's trading and what it remembers of its offers (deterministic)."""

    __slots__ = ("_asked", "_keep", "_open", "_owners", "_plan", "_refused", "_sold",
                 "_traders", "_tried", "_unseen")

    def __init__(self) -> None:
        self._tried: dict[tuple[int, tuple[int, ...]], int] = {}  # ask -> turn proposed
        self._asked: dict[tuple[int, tuple[int, ...]], int] = {}  # ask -> offers made
        # what we learn of each opponent: offers for the deeds that complete a group of ours
        # it accepted (sold) and refused; the last such offer, until we see its answer
        self._sold: dict[int, int] = {}
        self._refused: dict[int, int] = {}
        self._open: tuple[int, tuple[int, ...]] | None = None
        # the group we buy deeds of one holder at a time (its deeds are never spent)
        self._plan = -1
        self._keep: set[int] = set()  # groups whose deeds we do not give in trades
        # the opponents seen trading streets: offers of streets made to us, streets that
        # passed between two opponents; and the owners of the streets when we last looked
        self._traders: set[int] = set()
        self._owners: list[int] = []
        self._unseen = 0  # blocking offers made before we saw an opponent trade streets

    def note_offer(self, view: SeatView) -> None:
        """An offer to us: its proposer trades streets when streets are in it."""
        offer = view.offer()
        if offer is None:
            return
        kind = view.tables.kind
        for sq in (*offer["give"].squares, *offer["take"].squares):
            if kind[sq] == K_STREET:
                self._traders.add(offer["proposer"])
                return

    def _watch(self, view: SeatView, me: int) -> None:
        """Note the opponents between whom a street changed hands since we last looked
        (not in a bankruptcy, not with us)."""
        t = view.tables
        owners = [view.owner(sq) for sq in t.properties]
        old = self._owners
        if len(old) == len(owners):
            for i, now in enumerate(owners):
                was = old[i]
                if (
                    was != now and was != BANK and now != BANK and was != me and now != me
                    and t.kind[t.properties[i]] == K_STREET and not view.is_bankrupt(was)
                ):
                    self._traders.add(was)
                    self._traders.add(now)
        self._owners = owners

    def propose(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action | None:
        """Offer cash for the deeds that complete a group of ours.

        Targets are street groups whose deeds we lack are all with opponents, the
        fewest missing deeds and the best income first; one trade asks one holder for all
        the missing deeds it holds. The offer is fair by face value (more than the printed
        prices asked for) and by rent value (the holder loses nothing by our model of
        it), paid in cash we can spare. It gives a deed only in a swap of monopolies."""
        me = view.seat
        assert me is not None
        template = None
        for e in legal:
            if type(e) is A.TradeTemplate and not e.counter:
                template = e
                break
        if template is None:
            return None
        self._learn(view, me)
        self._watch(view, me)
        t = view.tables
        bv = board_values(view)
        turn = view.turn_number
        targets: list[tuple[int, float, int, tuple[int, ...], tuple[int, ...]]] = []
        steps: list[tuple[int, float, int, tuple[int, ...], tuple[int, ...]]] = []
        for g in t.street_groups:
            squares = t.groups[g]
            missing = [s for s in squares if view.owner(s) != me]
            if not missing:
                continue
            holders = {view.owner(s) for s in missing}
            if BANK in holders or not holders <= set(template.partners):
                continue
            if any(view.level(s) for s in squares):
                continue
            holder = view.owner(missing[0])
            ask = tuple(s for s in missing if view.owner(s) == holder)
            entry = (len(missing), -bv.mono_income[g], holder, ask, tuple(missing))
            if len(holders) == 1:
                targets.append(entry)  # one trade completes it
            elif not any(self._reluctant(h) for h in holders):
                steps.append(entry)  # a step, unless one of them never sells a last deed
        # steps only towards one planned group, kept until it is ours or out of reach
        steps.sort()
        planned = [e for e in steps if t.group_of[e[3][0]] == self._plan]
        if not planned and steps:
            planned = steps[:1]
            self._plan = t.group_of[steps[0][3][0]]
        elif not planned:
            self._plan = -1
        targets.sort()
        # deeds of the groups we are completing are not spent on other deeds
        self._keep = {t.group_of[e[3][0]] for e in targets} | {self._plan}
        targets += planned
        for _, _, holder, ask, missing_all in targets:
            key = (holder, ask)
            last = self._tried.get(key)
            if last is not None and turn - last < TRADE_RETRY:
                continue
            self._tried[key] = turn
            tries = self._asked.get(key, 0)
            proposal = self._offer_for(view, me, holder, ask, missing_all, tries)
            if proposal is not None and view.is_legal(proposal):
                self._asked[key] = tries + 1
                if len(ask) == len(missing_all):
                    self._open = (holder, ask)
                return proposal
        return self._block(view, me, template.partners, turn)

    def _block(self, view: SeatView, me: int, partners: tuple[int, ...], turn: int,
    ) -> A.ProposeTrade | None:
        """Buy from a third player the deed that would complete an opponent's colour
        group, for its face value and BLOCK_PREMIUM, from cash we can spare: that
        opponent then gets the group only in a swap with us. Only while the opponent has
        the cash to pay the holder well (BLOCK_THREAT times the price), and, until we
        have seen an opponent trade streets, BLOCKS_UNSEEN such purchases in all (among
        players who never trade, the deed blocks as well where it is). The best group
        first."""
        if not self._traders and self._unseen >= BLOCKS_UNSEEN:
            return None
        cash = view.cash(me)
        budget = cash - max(cash_reserve(view, me), worst_rent(view, me) // 2)
        if budget <= 0:
            return None
        t = view.tables
        bv = board_values(view)
        best: A.ProposeTrade | None = None
        best_income = 0.0
        for g in t.street_groups:
            squares = t.groups[g]
            if len(squares) < 2 or bv.mono_income[g] <= best_income:
                continue
            for sq in squares:
                holder = view.owner(sq)
                if holder in (BANK, me) or holder not in partners:
                    continue
                needer = -1  # the one opponent holding every other deed of the group
                for s in squares:
                    if s != sq:
                        o = view.owner(s)
                        if o in (BANK, me, holder) or (needer >= 0 and o != needer):
                            needer = -2
                            break
                        needer = o
                if needer < 0 or view.cash(needer) < t.price[sq] * BLOCK_THREAT:
                    continue
                if view.is_mortgaged(sq) and not view.rules.trade_mortgaged:
                    continue
                pay = deed_face(view, sq) + BLOCK_PREMIUM
                if pay > budget:
                    continue
                last = self._tried.get((holder, (sq,)))
                if last is not None and turn - last < TRADE_RETRY:
                    continue
                proposal = A.ProposeTrade(holder, A.Bundle(cash=pay), A.Bundle(squares=(sq,)))
                if view.is_legal(proposal):
                    best, best_income = proposal, bv.mono_income[g]
                    break
        if best is not None:
            self._tried[(best.to, best.take.squares)] = turn
            if not self._traders:
                self._unseen += 1
        return best

    def _learn(self, view: SeatView, me: int) -> None:
        """Note the answer to our last offer for the deeds that complete a group."""
        if self._open is None:
            return
        holder, ask = self._open
        self._open = None
        book = self._sold if all(view.owner(s) == me for s in ask) else self._refused
        book[holder] = book.get(holder, 0) + 1

    def _reluctant(self, holder: int) -> bool:
        """An opponent that never sold us the last deed of a group, however much we
        offered: we buy no first steps towards a group whose last deed it holds."""
        return not self._sold.get(holder) and self._refused.get(holder, 0) >= len(ESCALATE)

    def _offer_for(
        self, view: SeatView, me: int, holder: int, ask: tuple[int, ...],
        missing: tuple[int, ...], tries: int = 0,
    ) -> A.ProposeTrade | None:
        """What we offer `holder` for the deeds `ask` (a step towards all the `missing`
        deeds of a group), or None when the whole group is not worth its price to us or
        we cannot afford it."""
        t = view.tables
        get = A.Bundle(squares=ask)
        rest = tuple(sq for sq in missing if sq not in ask)
        loss, _ = trade_delta(view, holder, A.Bundle(), get)
        face = sum(deed_face(view, sq) for sq in ask)
        # what the holder must get: a premium over the printed prices and over its loss;
        # for the last deeds, more each time we ask, up to a share of what the group is
        # worth to us beyond the prices
        need = max(face * FACE_PREMIUM, -loss + 30.0)
        if not rest:
            worth, _ = trade_delta(view, me, get, A.Bundle())
            share = ESCALATE[min(tries, len(ESCALATE) - 1)]
            need = max(need, face + share * max(0.0, worth - face))
        ask_groups = {t.group_of[sq] for sq in ask}
        # deeds we could sell or mortgage for the later steps (we pay in cash: deeds paid
        # in trades went on earning for the opponents, and the ladder's tables showed
        # cash-only offers placing better)
        spare = 0
        swaps: dict[int, list[int]] = {}  # our deeds that complete a group of the holder
        for sq in view.holdings(me):
            g = t.group_of[sq]
            if g in ask_groups or view.level(sq):
                continue
            if t.kind[sq] == K_STREET and holds_group(view, g, me):
                continue
            if t.kind[sq] == K_STREET and all(
                view.owner(s) in (me, holder) and not view.level(s) for s in t.groups[g]
            ):
                if view.is_mortgaged(sq) and not view.rules.trade_mortgaged:
                    continue
                if not rest:
                    swaps.setdefault(g, []).append(sq)  # judged as a swap of monopolies
                continue
            if g not in self._keep and not view.is_mortgaged(sq):
                spare += deed_face(view, sq)
        cash = view.cash(me)
        budget = cash - max(cash_reserve(view, me), worst_rent(view, me) // 2)
        best: A.ProposeTrade | None = None
        best_gain = 0.0
        for deeds in swaps.values():
            swap = balanced_swap(view, me, holder, get, tuple(deeds), tries, budget)
            if swap is not None:
                gain, _ = trade_delta(view, me, swap.take, swap.give)
                if best is None or gain > best_gain:
                    best, best_gain = swap, gain
        if best is not None:
            return best
        pay = max(0, int(need) + 1)
        # the later steps, at the same premium, from what is left after this one; and
        # money for HOUSES_AFTER houses per deed we buy, or the group earns little (one
        # where a house goes only on the street landed on)
        later = sum(deed_face(view, sq) for sq in rest) * FACE_PREMIUM
        houses = 1 if view.rules.build_only_on_landing else HOUSES_AFTER  # §8 option
        later += t.house_cost[ask[0]] * len(missing) * houses
        left = budget - pay + spare
        if pay > budget or later > left:
            return None
        give = A.Bundle(cash=pay)
        whole, _ = trade_delta(view, me, A.Bundle(squares=missing), give)
        theirs, they_complete = trade_delta(view, holder, give, get)
        if whole - later <= 0 or they_complete or theirs < 0:
            return None
        return A.ProposeTrade(holder, give, get)
