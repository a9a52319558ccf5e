"""The strong bot: the best player we can build (issue 4).

It sees only a :class:`~monopoly.board.view.SeatView` and the legal entries. Its plan:

- **Value by expected rent.** Per edition, the long-run landing probability of every
  square (:func:`monopoly.lab.board.markov.landing_probabilities`, cached) times its rent at each
  building level gives the expected income of a deed. A complete colour group is worth
  its printed prices plus the income of three houses over a horizon; a part of a group
  is worth its price, more while the rest is still with the bank or ours.
- **Buying and auctions.** Buys what it lands on in groups it can still complete
  (nobody else holds a deed of them), mortgaging cheap deeds to buy or bid on a lot that
  completes a group. Deeds of groups it cannot complete (an opponent holds part of them)
  are left to the auction: the others pay their full price for them and are short of
  cash later, when the deeds we want come up; the games end sooner, too (a board with no
  complete group is a draw at the turn limit). Bids up to the lot's value for it, far
  above the printed price for a completing lot; minimal raises in open auctions, one bid
  within its cash in sealed ones.
- **Building.** Builds toward three houses on the group that pays most per cost first
  (mortgaging deeds outside its groups to pay for them), then four, then hotels, keeping
  a reserve against the rents ahead of its token. When the bank's houses run low and
  opponents could build, it keeps four houses instead of buying hotels (the hotels
  would hand houses back to the bank).
- **Debts.** Raises money in the order that costs least: each sale or mortgage is scored
  by its loss (half a house's price, the interest, the rent given up) per unit of money
  it brings towards the debt. Bankruptcy only when the engine offers nothing else, and
  then only after selling every building.
- **Jail.** Leaves at once while deeds are for sale and opponents' rents are low; stays
  and tries for doubles when the board is bought up and the opponents' rents are high.
- **Trades.** Before its roll it offers to buy the deeds that complete a colour group
  whose other deeds are all with opponents: first groups one trade completes (fewest
  missing and best income first), then, one holder at a time, one planned group it can
  pay for whole. Its offers pay more than the printed prices and more than the holder
  loses by our model, in cash (deeds paid in trades go on earning for the opponents; the
  ladder's tables placed it better paying cash only); for the last deeds it adds a
  growing share of the group's worth each time it is refused. It gives a deed that
  completes the holder's group only in a swap of monopolies where ours is worth
  ``TRADE_EDGE`` (2.5) times more, and it buys no first steps towards a group whose last
  deed is with an opponent that never sold it one. Offers made to it must help it
  ``TRADE_EDGE`` times more than the proposer: it never hands an opponent a complete
  group but in such a swap.
"""

from __future__ import annotations

import random
from typing import Final

from monopoly.board import actions as A
from monopoly.board.tables import K_RAILROAD, K_STREET, K_UTILITY, BoardTables
from monopoly.board.view import BANK, SeatView
from monopoly.bots.board.greedy import fallback, income_tax, lift_cost
from monopoly.lab.board.markov import landing_probabilities

THROWS_PER_TURN: Final = 1.2  # doubles give a turn about 1.2 throws
HORIZON: Final = 20.0  # rounds over which a group's income counts in its value
DEBT_HORIZON: Final = 4.0  # rounds of income lost by a sale or mortgage in a debt
JAIL_CARD_VALUE: Final = 40
# What a deed is worth to us, as a multiple of its printed price, when it does not
# complete a group of ours (tuned against the greedy field and the ladder's tables: deeds
# of groups we cannot complete are left to the auction, where the others pay full price
# for them and are short of cash later, when the deeds we want come up)
BLOCK: Final = 2.0  # an opponent holds the rest of its group
HOPELESS: Final = 1.0  # opponents hold part of its group, we hold none
CONTESTED: Final = 1.0  # we and opponents both hold part of its group
FRESH: Final = 1.1  # nobody holds any of its group yet
OURS: Final = 1.4  # we hold part of its group, opponents none
RAILROAD: Final = 1.0  # plus RAILROAD_STEP per railroad we hold
RAILROAD_STEP: Final = 0.25
FUND_LEVEL: Final = 3  # mortgage deeds outside our groups to build up to this level
JAIL_DANGER: Final = 12.0  # expected rent per throw above which we sit in jail
JAIL_DANGER_LATE: Final = 8.0  # the same once (nearly) every deed is sold
MAX_MANAGEMENT: Final = 40  # management actions per decision point (a loop guard)
TRADE_RETRY: Final = 8  # turns before the same deeds are asked for again
# the share of a completed group's value beyond the printed prices that we add to an
# offer for the deeds that complete it, by the number of times we asked already
ESCALATE: Final = (0.0, 0.2, 0.4, 0.6, 0.8)
FACE_PREMIUM: Final = 1.3  # what we offer for deeds, as a multiple of their printed price
PROPOSALS_PER_TURN: Final = 3
# a trade we accept must help us more than this many times what it helps the proposer
# (by our model): in a game of four, a trade that helps two players alike helps both
# against the other two, but the proposer is the one we must beat in the end
TRADE_EDGE: Final = 2.5
HOUSES_AFTER: Final = 3  # houses per deed bought that we keep money for

# probability of each throw total 2..12
_DICE: Final = tuple(min(d - 1, 13 - d) / 36 for d in range(13))



class BoardValues:
    """Per edition and hotel level: landing probabilities and expected rents per level."""

    __slots__ = ("hl", "land", "level_income", "mono_income", "t")

    def __init__(self, t: BoardTables, land: list[float], hl: int) -> None:
        self.t = t
        self.hl = hl
        self.land = tuple(land[:40])
        # level_income[sq][lv]: expected rent per opponent throw of a street of a complete
        # group at level lv (0: the doubled base rent; hl: the hotel)
        rows: list[tuple[float, ...]] = []
        for sq in range(40):
            if t.kind[sq] != K_STREET:
                rows.append(())
                continue
            r = t.rents[sq]
            rows.append(
                tuple(
                    self.land[sq] * (2 * r[0] if lv == 0 else r[5] if lv == hl else r[lv])
                    for lv in range(hl + 1)
                )
            )
        self.level_income = tuple(rows)
        # per street group: expected income per opponent throw with three houses (or the
        # hotel when it comes after fewer houses)
        mono: list[float] = []
        for g, squares in enumerate(t.groups):
            if g in t.street_groups:
                lv = min(3, hl)
                mono.append(sum(self.level_income[s][lv] for s in squares))
            else:
                mono.append(0.0)
        self.mono_income = tuple(mono)


_VALUES: dict[tuple[str, int], BoardValues] = {}


def board_values(view: SeatView) -> BoardValues:
    """The cached :class:`BoardValues` of the view's edition and rules."""
    key = (view.edition.key, view.hotel_level)
    bv = _VALUES.get(key)
    if bv is None:
        land = landing_probabilities(view.edition, "long")
        bv = _VALUES[key] = BoardValues(view.tables, land, view.hotel_level)
    return bv


class StrongBot:
    """See the module docstring. Deterministic given its seed and the game."""

    __slots__ = (
        "_asked", "_keep", "_managed", "_mortgaged_now", "_open", "_plan", "_proposals",
        "_refused", "_sold",
        "_trade_turn", "_tried", "_turn", "rng",
    )

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._turn = -1  # the turn number the per-turn memory below belongs to
        self._managed = 0  # management actions taken at this turn
        self._mortgaged_now: set[int] = set()  # mortgaged this turn: not lifted this turn
        self._trade_turn = -99  # the last turn we proposed a trade
        self._proposals = 0  # proposals considered at that turn
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

    # ------------------------------------------------------------------ dispatch

    def choose(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
        turn = view.turn_number
        if turn != self._turn:
            self._turn = turn
            self._managed = 0
            self._mortgaged_now = set()
        first = legal[0]
        if first is A.ROLL:
            if len(legal) > 1 and (legal[1] is A.PAY_JAIL_FINE or legal[1] is A.USE_JAIL_CARD):
                return self._pre_roll(view, legal, jail=True)
            return self._pre_roll(view, legal, jail=False)
        if first is A.END_TURN:
            return self._manage(view, legal) or A.END_TURN
        if first is A.BUY or first is A.DECLINE:
            return self._buy(view, legal)
        kind = type(first)
        if kind is A.BidRange:
            return self._bid(view, first, legal)  # type: ignore[arg-type]
        if first is A.PASS_BID:
            return A.PASS_BID
        if first is A.ACCEPT_TRADE or first is A.REJECT_TRADE:
            return self._answer_offer(view)
        if kind is A.LiftReceived or kind is A.KeepMortgaged:
            return self._receipt(view, legal)
        if first is A.TAX_FLAT:
            return income_tax(view)
        if first is A.CHOOSE_PAY:
            return _pay_or_draw(view)
        if first is A.DECLARE_BANKRUPTCY:
            return self._bankrupt(view, legal)
        if kind is A.Build:
            return self._place(view, legal)
        return self._raise_funds(view, legal)

    # ------------------------------------------------------------------ helpers

    def _opponents(self, view: SeatView, me: int) -> int:
        return max(1, len(view.active_seats()) - 1)

    def _complete(self, view: SeatView, g: int, seat: int) -> bool:
        return all(view.owner(s) == seat for s in view.tables.groups[g])

    def _cheap_liquidity(self, view: SeatView, me: int) -> int:
        """Mortgage value of our deeds outside complete groups (cheap money in a pinch)."""
        t = view.tables
        total = 0
        for sq in view.holdings(me):
            if view.is_mortgaged(sq):
                continue
            g = t.group_of[sq]
            if t.kind[sq] == K_STREET and self._complete(view, g, me):
                continue
            total += t.price[sq] // 2
        return total

    def _threat(self, view: SeatView, me: int) -> tuple[int, float]:
        """(likely worst rent, expected rent) owed on the next throw from our square."""
        pos = view.position(me)
        worst = 0.0
        expected = 0.0
        for d in range(2, 13):
            sq = (pos + d) % 40
            owner = view.owner(sq)
            if owner in (BANK, me):
                continue
            rent = view.rent_of(sq, d)
            if rent:
                p = _DICE[d]
                expected += p * rent
                w = rent * min(1.0, p * 6)
                if w > worst:
                    worst = w
        return int(worst), expected

    def _reserve(self, view: SeatView, me: int) -> int:
        """Cash to keep in hand: the rents ahead, less what cheap mortgages would raise."""
        worst, expected = self._threat(view, me)
        need = max(worst, int(expected * 2)) + 50
        return max(50, need - int(self._cheap_liquidity(view, me) * 0.8))

    def _worst_rent(self, view: SeatView, me: int) -> int:
        """The highest rent an opponent's deed charges now."""
        worst = 0
        for s in view.active_seats():
            if s != me:
                for sq in view.holdings(s):
                    worst = max(worst, view.rent_of(sq))
        return worst

    def _danger(self, view: SeatView, me: int) -> float:
        """Expected rent per throw a token pays going round the board now."""
        land = board_values(view).land
        total = 0.0
        for s in view.active_seats():
            if s == me:
                continue
            for sq in view.holdings(s):
                if not view.is_mortgaged(sq):
                    total += land[sq] * view.rent_of(sq)
        return total

    # ------------------------------------------------------------------ the turn

    def _pre_roll(self, view: SeatView, legal: list[A.LegalEntry], jail: bool) -> A.Action:
        me = view.seat
        assert me is not None
        if view.turn_player == me:
            if self._trade_turn != view.turn_number:
                self._trade_turn = view.turn_number
                self._proposals = 0
            if self._proposals < PROPOSALS_PER_TURN:
                self._proposals += 1
                trade = self._propose(view, legal)
                if trade is not None:
                    return trade
                self._proposals = PROPOSALS_PER_TURN  # nothing to offer: not again now
        if view.rules.build_before_rolling:
            action = self._manage(view, legal)
            if action is not None:
                return action
        if jail:
            return self._leave_jail(view, legal, me)
        return A.ROLL

    def _leave_jail(self, view: SeatView, legal: list[A.LegalEntry], me: int) -> A.Action:
        """§7: leave while there is property to buy and rents are low; else sit it out."""
        t = view.tables
        unowned = sum(1 for sq in t.properties if view.owner(sq) == BANK)
        danger = self._danger(view, me)
        stay = danger > JAIL_DANGER or (unowned <= 2 and danger > JAIL_DANGER_LATE)
        if not stay:
            if A.USE_JAIL_CARD in legal:
                return A.USE_JAIL_CARD
            if A.PAY_JAIL_FINE in legal:
                return A.PAY_JAIL_FINE
        return A.ROLL

    # ------------------------------------------------------------------ values

    def _group_value(
        self, view: SeatView, bv: BoardValues, g: int, seat: int, owner: dict[int, int],
        n_opp: int,
    ) -> float:
        """What group `g` is worth to `seat` with the given owners (by square)."""
        t = bv.t
        squares = t.groups[g]
        mine = [s for s in squares if owner.get(s, view.owner(s)) == seat]
        if not mine:
            return 0.0
        k = len(mine)
        n = len(squares)
        base = float(sum(t.price[s] for s in mine))
        scale = HORIZON * THROWS_PER_TURN * n_opp
        kind = t.kind[squares[0]]
        if kind == K_STREET:
            extra = bv.mono_income[g] * scale
            if k == n:
                return base + extra
            rest = [owner.get(s, view.owner(s)) for s in squares if s not in mine]
            if all(o == BANK for o in rest):
                return base + extra * 0.15 * k / n
            return base + extra * 0.03 * k / n
        if kind == K_RAILROAD:
            return base + scale * sum(bv.land[s] for s in mine) * t.rents[squares[0]][k - 1]
        if kind == K_UTILITY:
            mult = t.multipliers[squares[0]][k - 1]
            return base + scale * sum(bv.land[s] for s in mine) * 7 * mult
        return base

    def _lot_limit(self, view: SeatView, sq: int, me: int) -> int:
        """The most we would pay for deed `sq` (before our cash limits it)."""
        t = view.tables
        price = t.price[sq]
        g = t.group_of[sq]
        squares = t.groups[g]
        kind = t.kind[sq]
        mine = 0
        counts: dict[int, int] = {}
        for s in squares:
            if s == sq:
                continue
            o = view.owner(s)
            if o == me:
                mine += 1
            elif o != BANK:
                counts[o] = counts.get(o, 0) + 1
        n = len(squares)
        opp_max = max(counts.values(), default=0)
        if kind == K_STREET:
            if mine == n - 1:
                bv = board_values(view)
                extra = bv.mono_income[g] * HORIZON * THROWS_PER_TURN * self._opponents(view, me)
                return int(price + max(price, extra * 0.5))
            if opp_max == n - 1:
                return int(price * BLOCK)
            if mine and not counts:
                return int(price * OURS)
            if opp_max and mine == 0:
                return int(price * HOPELESS)
            if opp_max:
                return int(price * CONTESTED)
            return int(price * FRESH)
        if kind == K_RAILROAD:
            return int(price * (RAILROAD + RAILROAD_STEP * mine))
        return price  # a utility, too: worth its printed price

    # ------------------------------------------------------------------ buying

    def _buy(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
        me = view.seat
        assert me is not None
        sq = view.buy_square
        t = view.tables
        price = t.price[sq]
        cash = view.cash(me)
        limit = self._lot_limit(view, sq, me)
        if limit < price and legal[0] is A.BUY:
            return A.DECLINE
        if legal[0] is A.BUY:
            if cash - price >= self._reserve(view, me) // 2 or limit > price * 1.2:
                return A.BUY
            if not self._has_build_need(view, me):
                return A.BUY
            return A.DECLINE
        # cannot pay: mortgage cheap deeds for the lot
        if (
            (limit > price * 1.2 or not self._has_build_need(view, me))
            and self._managed < MAX_MANAGEMENT
            and cash + self._cheap_liquidity(view, me) >= price
        ):
            m = self._cheapest_mortgage(view, legal, me, t.group_of[sq])
            if m is not None:
                self._managed += 1
                return m
        return A.DECLINE

    def _has_build_need(self, view: SeatView, me: int) -> bool:
        """A complete group of ours still below three houses."""
        t = view.tables
        for g in t.street_groups:
            if self._complete(view, g, me) and min(
                view.level(s) for s in t.groups[g]
            ) < min(3, view.hotel_level):
                return True
        return False

    # ------------------------------------------------------------------ auctions

    def _bid(
        self, view: SeatView, entry: A.BidRange, legal: list[A.LegalEntry]
    ) -> A.Action:
        me = view.seat
        assert me is not None
        au = view.auction()
        if au is None:
            return A.PASS_BID
        sq = au["square"]
        cash = view.cash(me)
        t = view.tables
        if au["lot"] == "property":
            limit = self._lot_limit(view, sq, me)
            if limit < t.price[sq] * 2 and self._has_build_need(view, me):
                limit = min(limit, t.price[sq])
            keep = 0 if limit > t.price[sq] * 1.5 else min(100, self._reserve(view, me) // 2)
        else:
            # a building in the housing shortage: worth its price and the rent it brings
            limit = t.house_cost[sq] * 2
            keep = self._reserve(view, me) // 2
        want = t.price[sq] if au["sealed"] else entry.low
        if (
            au["lot"] == "property"
            and limit >= t.price[sq]
            and cash - keep < want <= limit
            and self._managed < MAX_MANAGEMENT
        ):
            # worth more than our cash: mortgage a cheap deed (of another group) to bid
            m = self._cheapest_mortgage(view, legal, me, t.group_of[sq])
            if m is not None:
                self._managed += 1
                return m
        limit = min(limit, cash - keep)
        if au["sealed"]:
            bid = min(limit, entry.high)
            return A.Bid(bid) if bid >= entry.low else A.PASS_BID
        if limit < entry.low:
            return A.PASS_BID
        # minimal raises; an opening bid at half the printed price saves rounds
        opening = t.price[sq] // 2 if au["lot"] == "property" else 0
        bid = max(entry.low, min(opening, limit))
        return A.Bid(min(bid, entry.high))

    def _place(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
        """Put a building won at auction where it adds the most rent."""
        bv = board_values(view)
        best: A.Action = legal[0]  # type: ignore[assignment]
        best_gain = -1.0
        for e in legal:
            if type(e) is not A.Build:
                break
            lv = view.level(e.square)
            row = bv.level_income[e.square]
            gain = row[lv + 1] - row[lv] if lv + 1 < len(row) else 0.0
            if gain > best_gain:
                best, best_gain = e, gain
        return best

    # ------------------------------------------------------------------ management

    def _starve(self, view: SeatView, me: int) -> bool:
        """Keep houses rather than hotels: the bank is short and opponents could build."""
        if view.houses_left > 12:
            return False
        t = view.tables
        for s in view.active_seats():
            if s == me:
                continue
            for g in t.street_groups:
                if self._complete(view, g, s) and max(
                    view.level(q) for q in t.groups[g]
                ) < view.hotel_level - 1:
                    return True
        return False

    def _manage(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action | None:
        """Our turn's housekeeping: lift group mortgages, build, fund building by
        mortgaging cheap deeds, lift other mortgages. None: nothing to do."""
        if self._managed >= MAX_MANAGEMENT:
            return None
        me = view.seat
        assert me is not None
        if view.turn_player != me:
            return None
        action = self._management_action(view, legal, me)
        if action is not None:
            self._managed += 1
            if type(action) is A.Mortgage:
                self._mortgaged_now.add(action.square)
        return action

    def _management_action(
        self, view: SeatView, legal: list[A.LegalEntry], me: int
    ) -> A.Action | None:
        t = view.tables
        bv = board_values(view)
        cash = view.cash(me)
        reserve = self._reserve(view, me)
        hl = view.hotel_level
        starve = self._starve(view, me)
        builds: list[A.Build] = []
        unmortgages: list[A.Unmortgage] = []
        for e in legal:
            k = type(e)
            if k is A.Build:
                builds.append(e)  # type: ignore[arg-type]
            elif k is A.Unmortgage:
                unmortgages.append(e)  # type: ignore[arg-type]
        # 1. lift mortgages inside our complete groups: they block building
        for e in unmortgages:
            sq = e.square
            if t.kind[sq] == K_STREET and self._complete(view, t.group_of[sq], me):
                cost = lift_cost(view, sq)
                if cash - cost >= reserve:
                    return e
        # 2. build: towards three houses first, best rent per cost
        best: A.Build | None = None
        best_key = (9, 0.0)
        for e in builds:
            sq = e.square
            lv = view.level(sq)
            if lv + 1 == hl and starve:
                continue
            cost = t.house_cost[sq]
            if cash - cost < reserve:
                continue
            row = bv.level_income[sq]
            gain = (row[lv + 1] - row[lv]) / cost
            key = (0 if lv < 3 else 1, -gain)
            if key < best_key:
                best, best_key = e, key
        if best is not None:
            return best
        # 3. not enough cash for a house below three: mortgage a deed outside our groups
        if not view.rules.build_only_on_landing and not view.rules.build_before_rolling:
            want = self._wanted_house_cost(view, me)
            if (
                want
                and cash - want < reserve
                and cash + self._cheap_liquidity(view, me) - want >= reserve
            ):
                m = self._cheapest_mortgage(view, legal, me)
                if m is not None:
                    return m
        # 4. pay back loans from other players (§9 house rule) with cash to spare
        for e in legal:
            if type(e) is A.RepayRange:
                amount = min(e.high, cash - reserve - 300)
                if amount >= e.low:
                    return A.RepayLoan(e.to, amount)
        # 5. lift other mortgages with spare cash, the best earners first
        if unmortgages:
            spare = cash - reserve - 150
            best_u: A.Unmortgage | None = None
            best_income = -1.0
            for e in unmortgages:
                sq = e.square
                if sq in self._mortgaged_now or lift_cost(view, sq) > spare:
                    continue
                income = bv.land[sq] * t.price[sq]
                if income > best_income:
                    best_u, best_income = e, income
            if best_u is not None:
                return best_u
        return None

    def _wanted_house_cost(self, view: SeatView, me: int) -> int:
        """The cost of the next house below three on our best complete group (0: none)."""
        t = view.tables
        if view.houses_left <= 0:
            return 0
        bv = board_values(view)
        best = 0
        best_gain = 0.0
        for g in t.street_groups:
            squares = t.groups[g]
            if not self._complete(view, g, me):
                continue
            if any(view.is_mortgaged(s) for s in squares):
                continue
            low = min(view.level(s) for s in squares)
            if low >= min(FUND_LEVEL, view.hotel_level):
                continue
            if low == view.hotel_level - 1 and self._starve(view, me):
                continue
            cost = t.house_cost[squares[0]]
            gain = bv.mono_income[g] / (cost * len(squares))
            if gain > best_gain:
                best, best_gain = cost, gain
        return best

    def _mortgage_cost(self, view: SeatView, sq: int, me: int) -> float:
        """The loss of mortgaging `sq`: interest, rent given up, a group left unbuildable."""
        t = view.tables
        bv = board_values(view)
        value = t.price[sq] // 2
        cost: float = value * int(view.rules.mortgage_interest_percent) / 100
        n_opp = self._opponents(view, me)
        cost += bv.land[sq] * view.rent_of(sq) * THROWS_PER_TURN * n_opp * DEBT_HORIZON
        if t.kind[sq] == K_STREET and self._complete(view, t.group_of[sq], me):
            cost += t.price[sq] * 0.5  # the group can no longer be built on
        return cost

    def _cheapest_mortgage(
        self, view: SeatView, legal: list[A.LegalEntry], me: int, keep_group: int = -1
    ) -> A.Mortgage | None:
        """The Mortgage entry that costs least per unit raised, outside our complete
        groups and outside `keep_group`."""
        best: A.Mortgage | None = None
        best_cost = 0.0
        t = view.tables
        for e in legal:
            if type(e) is not A.Mortgage:
                continue
            sq = e.square
            g = t.group_of[sq]
            if g == keep_group or (t.kind[sq] == K_STREET and self._complete(view, g, me)):
                continue
            c = self._mortgage_cost(view, sq, me) / max(1, t.price[sq] // 2)
            if best is None or c < best_cost:
                best, best_cost = e, c
        return best

    # ------------------------------------------------------------------ debts

    def _raise_funds(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
        """§9: each sale or mortgage scored by its loss per unit of the shortfall it covers."""
        me = view.seat
        assert me is not None
        debt = view.debt()
        t = view.tables
        bv = board_values(view)
        shortfall = 1
        if debt is not None and debt[0] == me:
            shortfall = max(1, debt[2] - view.cash(me))
        n_opp = self._opponents(view, me)
        scale = THROWS_PER_TURN * n_opp * DEBT_HORIZON
        keep = 1.0 - view.rules.building_sell_percent / 100
        hl = view.hotel_level
        best: A.Action | None = None
        best_score = 0.0
        has_template = False
        for e in legal:
            k = type(e)
            if k is A.SellBuilding:
                sq = e.square  # type: ignore[union-attr]
                lv = view.level(sq)
                cost = t.house_cost[sq]
                raised = cost * view.rules.building_sell_percent // 100
                row = bv.level_income[sq]
                loss = cost * keep + (row[lv] - row[lv - 1]) * scale
                if lv == hl:
                    raised = cost * view.rules.building_sell_percent // 100
            elif k is A.Mortgage:
                sq = e.square  # type: ignore[union-attr]
                raised = t.price[sq] // 2
                loss = self._mortgage_cost(view, sq, me)
            else:
                if e is A.RAISE_FUNDS_TEMPLATE:
                    has_template = True
                continue
            score = loss / max(1, min(raised, shortfall))
            if best is None or score < best_score:
                best, best_score = e, score  # type: ignore[assignment]
        if best is not None:
            return best
        if has_template:
            batch = _sell_a_group(view, me)
            if batch is not None:
                return batch
        return fallback(legal)

    def _bankrupt(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
        """Bankruptcy is the only way: sell every building first (never go bankrupt with
        buildings standing), then declare."""
        me = view.seat
        assert me is not None
        if A.RAISE_FUNDS_TEMPLATE in legal:
            levels = tuple((sq, 0) for sq in view.holdings(me) if view.level(sq))
            if levels:
                action = A.RaiseFunds(levels, ())
                if view.is_legal(action):
                    return action
        return A.DECLARE_BANKRUPTCY

    # ------------------------------------------------------------------ receipts

    def _receipt(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
        """A mortgaged deed received: lift it now if it completes a group of ours and the
        cash allows, else keep it mortgaged."""
        me = view.seat
        assert me is not None
        first = legal[0]
        if type(first) is A.LiftReceived:
            sq = first.square
            t = view.tables
            cost = t.price[sq] // 2
            useful = t.kind[sq] != K_STREET or self._complete(view, t.group_of[sq], me)
            if useful and view.cash(me) - cost >= self._reserve(view, me):
                return first
            return A.KEEP[sq]
        return first  # type: ignore[return-value]

    # ------------------------------------------------------------------ trades

    def _trade_delta(
        self, view: SeatView, seat: int, gets: A.Bundle, gives: A.Bundle,
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
        delta = 0.0
        completes = False
        for g in groups:
            before = self._group_value(view, bv, g, seat, {}, n_opp)
            after = self._group_value(view, bv, g, seat, owner, n_opp)
            delta += after - before
            if (
                g in t.street_groups
                and not self._complete(view, g, seat)
                and all(owner.get(s, view.owner(s)) == seat for s in t.groups[g])
            ):
                completes = True
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

    def _answer_offer(self, view: SeatView) -> A.Action:
        me = view.seat
        offer = view.offer()
        if offer is None or me is None:
            return A.REJECT_TRADE
        give: A.Bundle = offer["give"]  # from the proposer to us
        take: A.Bundle = offer["take"]  # from us to the proposer
        mine, we_complete = self._trade_delta(view, me, give, take)
        theirs, they_complete = self._trade_delta(view, offer["proposer"], take, give)
        if mine <= 25 or mine - 25 <= theirs * TRADE_EDGE:
            return A.REJECT_TRADE  # a trade must help us far more than the proposer
        if they_complete and not we_complete:
            # never a complete group to an opponent, but in a swap for a far better one
            return A.REJECT_TRADE
        if give.iou and not take.iou and mine < give.iou * 0.3:
            return A.REJECT_TRADE
        if view.is_legal(A.ACCEPT_TRADE):
            return A.ACCEPT_TRADE
        return A.REJECT_TRADE

    def _propose(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action | None:
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
        return None

    def _swap(
        self, view: SeatView, me: int, holder: int, get: A.Bundle, deed: int, tries: int,
        budget: int,
    ) -> A.ProposeTrade | None:
        """A swap of monopolies: `deed` completes the holder's group, `get` ours. Offered
        only when ours is worth TRADE_EDGE times theirs by our model, with cash on top (more at
        each try, up to half the difference) when the prices alone do not favour them."""
        give = A.Bundle(squares=(deed,))
        mine, _ = self._trade_delta(view, me, get, give)
        theirs, _ = self._trade_delta(view, holder, give, get)
        if mine <= theirs * TRADE_EDGE:
            return None
        face_gap = sum(_face(view, s) for s in get.squares) - _face(view, deed)
        share = ESCALATE[min(tries, len(ESCALATE) - 1)]
        cash = max(0, face_gap) + int(share * (mine - theirs) / 2)
        cash = min(cash, max(0, budget))
        give = A.Bundle(cash=cash, squares=(deed,))
        mine, _ = self._trade_delta(view, me, get, give)
        theirs, _ = self._trade_delta(view, holder, give, get)
        if mine <= theirs * TRADE_EDGE:
            return None
        return A.ProposeTrade(holder, give, get)

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
        loss, _ = self._trade_delta(view, holder, A.Bundle(), get)
        face = sum(_face(view, sq) for sq in ask)
        # what the holder must get: a premium over the printed prices and over its loss;
        # for the last deeds, more each time we ask, up to a share of what the group is
        # worth to us beyond the prices
        need = max(face * FACE_PREMIUM, -loss + 30.0)
        if not rest:
            worth, _ = self._trade_delta(view, me, get, A.Bundle())
            share = ESCALATE[min(tries, len(ESCALATE) - 1)]
            need = max(need, face + share * max(0.0, worth - face))
        ask_groups = {t.group_of[sq] for sq in ask}
        # deeds we could sell or mortgage for the later steps (we pay in cash: deeds paid
        # in trades went on earning for the opponents, and the ladder's tables showed
        # cash-only offers placing better)
        spare = 0
        swaps: list[int] = []  # deeds that complete a group of the holder
        for sq in view.holdings(me):
            g = t.group_of[sq]
            if g in ask_groups or view.level(sq) or view.is_mortgaged(sq):
                continue
            if t.kind[sq] == K_STREET and self._complete(view, g, me):
                continue
            _, completes = self._trade_delta(view, holder, A.Bundle(squares=(sq,)), A.Bundle())
            if completes:
                if not rest:
                    swaps.append(sq)  # judged as a swap of monopolies
                continue
            if g not in self._keep:
                spare += _face(view, sq)
        cash = view.cash(me)
        budget = cash - max(self._reserve(view, me), self._worst_rent(view, me) // 2)
        for sq in swaps:
            swap = self._swap(view, me, holder, get, sq, tries, budget)
            if swap is not None:
                return swap
        pay = max(0, int(need) + 1)
        # the later steps, at the same premium, from what is left after this one; and
        # money for HOUSES_AFTER houses per deed we buy, or the group earns little (one
        # where a house goes only on the street landed on)
        later = sum(_face(view, sq) for sq in rest) * FACE_PREMIUM
        houses = 1 if view.rules.build_only_on_landing else HOUSES_AFTER  # §8 option
        later += t.house_cost[ask[0]] * len(missing) * houses
        left = budget - pay + spare
        if pay > budget or later > left:
            return None
        give = A.Bundle(cash=pay)
        whole, _ = self._trade_delta(view, me, A.Bundle(squares=missing), give)
        theirs, they_complete = self._trade_delta(view, holder, give, get)
        if whole - later <= 0 or they_complete or theirs < 0:
            return None
        return A.ProposeTrade(holder, give, get)


# ---------------------------------------------------------------------- module helpers


def _face(view: SeatView, sq: int) -> int:
    """A deed's face value: its printed price, half of it when mortgaged."""
    price = view.tables.price[sq]
    return price // 2 if view.is_mortgaged(sq) else price


def _pay_or_draw(view: SeatView) -> A.Action:
    """"Pay a fine or take a card": pay a small fine while the cash is comfortable."""
    choice = view.choice()
    me = view.seat
    if choice is None or me is None:
        return A.CHOOSE_DRAW
    return A.CHOOSE_PAY if view.cash(me) >= choice[2] + 200 else A.CHOOSE_DRAW


def _sell_a_group(view: SeatView, me: int) -> A.RaiseFunds | None:
    """Sell the buildings of our cheapest built group at once (hotels that the bank has
    no houses to break down), or None."""
    t = view.tables
    best: tuple[int, ...] | None = None
    best_cost = 0
    for g in t.street_groups:
        squares = t.groups[g]
        if view.owner(squares[0]) != me or not any(view.level(s) for s in squares):
            continue
        cost = t.house_cost[squares[0]]
        if best is None or cost < best_cost:
            best, best_cost = squares, cost
    if best is None:
        return None
    action = A.RaiseFunds(tuple((s, 0) for s in best if view.level(s)), ())
    return action if view.is_legal(action) else None


