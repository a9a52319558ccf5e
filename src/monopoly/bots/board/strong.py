"""The strong bot: the best player we can build.

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
  (mortgaging deeds outside its groups to pay for them, and keeping only
  ``RACE_RESERVE`` of its cash reserve: three houses are where the rents jump), then
  four, then hotels, keeping a reserve against the rents ahead of its token. When the
  bank's houses run low and opponents could build, it keeps four houses instead of
  buying hotels (the hotels would hand houses back to the bank).
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
  growing share of the group's worth each time it is refused. It gives deeds that
  complete the holder's group only in a swap of monopolies, balanced by cash (either
  way): the first offers keep most of the gain for us (``SWAP_ASKS``), each refusal
  moves the cash towards the least that makes the swap help the holder ``SWAP_EDGE``
  times what it helps us by our model (so another strong player accepts it), then
  beyond, while it helps us ``SWAP_FLOOR`` times what it helps them; never our strong
  group for a weak one and cash (``SWAP_RATIO``). Between equals these trades end the
  games: both gain a group against the others, then race to build. It buys no first
  steps towards a group whose last deed is with an opponent that never sold it one.
- **Blocking.** With nothing to buy for its own groups, it offers a third player its face
  value and a little more (``BLOCK_PREMIUM``, from cash it can spare) for the deed that
  would complete an opponent's group, while that opponent could pay the holder well
  (``BLOCK_THREAT``): the opponent then gets the group only in a swap with us. Until it
  has seen an opponent trade streets it makes one such offer at most
  (``BLOCKS_UNSEEN``): among players who never trade, the deed blocks where it is.
- **Answers.** An offer that completes the proposer's group is accepted only as such a
  swap, when it helps us ``SWAP_EDGE`` times what it helps the proposer (``SWAP_EDGE_BARE``
  times for deeds alone, without cash either way); any other offer
  must help us ``TRADE_EDGE`` (2.5) times more than the proposer. A group completed in a
  trade counts less while there is no money for its houses. It never hands an opponent a
  complete group but in a swap.
"""

import random

from monopoly.board import actions as A
from monopoly.board.tables import K_STREET
from monopoly.board.view import BANK, SeatView
from monopoly.bots.board.greedy import fallback, income_tax, lift_cost
from monopoly.bots.board.trading import Trader, answer_offer
from monopoly.bots.board.valuation import (
    DEBT_HORIZON,
    JAIL_DANGER,
    JAIL_DANGER_LATE,
    MAX_MANAGEMENT,
    PROPOSALS_PER_TURN,
    RACE_RESERVE,
    THROWS_PER_TURN,
    board_values,
    cash_reserve,
    cheap_liquidity,
    cheapest_mortgage,
    has_build_need,
    holds_group,
    lot_limit,
    mortgage_cost,
    opponent_count,
    rent_danger,
    should_starve,
    wanted_house_cost,
)


class StrongBot:
    """See the module docstring. Deterministic given its seed and the game."""

    __slots__ = ("_managed", "_mortgaged_now", "_proposals", "_trade_turn", "_turn", "rng",
                 "trader")

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._turn = -1  # the turn number the per-turn memory below belongs to
        self._managed = 0  # management actions taken at this turn
        self._mortgaged_now: set[int] = set()  # mortgaged this turn: not lifted this turn
        self._trade_turn = -99  # the last turn we proposed a trade
        self._proposals = 0  # proposals considered at that turn
        self.trader = Trader()  # what it offers for deeds, and what it learnt of offers

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
            self.trader.note_offer(view)
            return answer_offer(view)
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
                trade = self.trader.propose(view, legal)
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
        danger = rent_danger(view, me)
        stay = danger > JAIL_DANGER or (unowned <= 2 and danger > JAIL_DANGER_LATE)
        if not stay:
            if A.USE_JAIL_CARD in legal:
                return A.USE_JAIL_CARD
            if A.PAY_JAIL_FINE in legal:
                return A.PAY_JAIL_FINE
        return A.ROLL

    # ------------------------------------------------------------------ values



    # ------------------------------------------------------------------ buying

    def _buy(self, view: SeatView, legal: list[A.LegalEntry]) -> A.Action:
        me = view.seat
        assert me is not None
        sq = view.buy_square
        t = view.tables
        price = t.price[sq]
        cash = view.cash(me)
        limit = lot_limit(view, sq, me)
        if limit < price and legal[0] is A.BUY:
            return A.DECLINE
        if legal[0] is A.BUY:
            if cash - price >= cash_reserve(view, me) // 2 or limit > price * 1.2:
                return A.BUY
            if not has_build_need(view, me):
                return A.BUY
            return A.DECLINE
        # cannot pay: mortgage cheap deeds for the lot
        if (
            (limit > price * 1.2 or not has_build_need(view, me))
            and self._managed < MAX_MANAGEMENT
            and cash + cheap_liquidity(view, me) >= price
        ):
            m = cheapest_mortgage(view, legal, me, t.group_of[sq])
            if m is not None:
                self._managed += 1
                return m
        return A.DECLINE


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
            limit = lot_limit(view, sq, me)
            if limit < t.price[sq] * 2 and has_build_need(view, me):
                limit = min(limit, t.price[sq])
            keep = 0 if limit > t.price[sq] * 1.5 else min(100, cash_reserve(view, me) // 2)
        else:
            # a building in the housing shortage: worth its price and the rent it brings
            limit = t.house_cost[sq] * 2
            keep = cash_reserve(view, me) // 2
        want = t.price[sq] if au["sealed"] else entry.low
        if (
            au["lot"] == "property"
            and limit >= t.price[sq]
            and cash - keep < want <= limit
            and self._managed < MAX_MANAGEMENT
        ):
            # worth more than our cash: mortgage a cheap deed (of another group) to bid
            m = cheapest_mortgage(view, legal, me, t.group_of[sq])
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
        reserve = cash_reserve(view, me)
        hl = view.hotel_level
        starve = should_starve(view, me)
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
            if t.kind[sq] == K_STREET and holds_group(view, t.group_of[sq], me):
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
            if cash - cost < (reserve * RACE_RESERVE if lv < 3 else reserve):
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
            want = wanted_house_cost(view, me)
            if (
                want
                and cash - want < reserve * RACE_RESERVE
                and cash + cheap_liquidity(view, me) - want >= reserve * RACE_RESERVE
            ):
                m = cheapest_mortgage(view, legal, me)
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
        n_opp = opponent_count(view, me)
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
                loss = mortgage_cost(view, sq, me)
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
            useful = t.kind[sq] != K_STREET or holds_group(view, t.group_of[sq], me)
            if useful and view.cash(me) - cost >= cash_reserve(view, me):
                return first
            return A.KEEP[sq]
        return first  # type: ignore[return-value]

    # ------------------------------------------------------------------ trades









# ---------------------------------------------------------------------- module helpers


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


