"""The strong bot's judgement of a position: what deeds and groups are worth by expected
rent, what cash to keep, what a sale or mortgage costs.

Per edition, the long-run landing probability of every square
(:func:`monopoly.lab.board.markov.landing_probabilities`, cached) times its rent at each
building level gives the expected income of a deed (:class:`BoardValues`). These are
functions of the seat's view only (no memory): :mod:`monopoly.bots.board.strong` decides
with them, :mod:`monopoly.bots.board.trading` prices trades with them.
"""

from __future__ import annotations

from typing import Final

from monopoly.board import actions as A
from monopoly.board.tables import K_RAILROAD, K_STREET, K_UTILITY, BoardTables
from monopoly.board.view import BANK, SeatView
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
RACE_RESERVE: Final = 0.3  # the share of the cash reserve kept while building to three houses
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
# A swap of monopolies (both sides complete a colour group), balanced by cash: we accept
# one that helps us at least SWAP_EDGE times what it helps the partner, and propose one
# with the cash that gives the partner that much, keeping at least SWAP_FLOOR times the
# partner's gain for us; more cash each time it is refused (ESCALATE). Between equals
# such trades end games: both gain a group against the other players.
SWAP_EDGE: Final = 1.0
SWAP_FLOOR: Final = 0.8
# the first offers of a swap give the partner only these shares of SWAP_EDGE, try by try
SWAP_ASKS: Final = (0.4, 0.7, 1.0)
# no swap where the group we get is worth less than this share of the partner's (before
# the cash): a weak group and cash for a strong one loses in the end
SWAP_RATIO: Final = 0.5
SWAP_MARGIN: Final = 10.0  # what a swap must help the side that answers it, beyond the edge
# a swap of deeds alone (no cash either way) that we answer must help us this many times
# what it helps the proposer: its maker chose the deeds, and no cash evens them out
SWAP_EDGE_BARE: Final = 2.0
# A deed that completes an opponent's colour group, held by a third player: we offer the
# holder its face value and BLOCK_PREMIUM, while that opponent has the cash to pay the
# holder BLOCK_THREAT times its price (a sale between them is near); the opponent then
# gets its group only in a swap with us. Until we see an opponent trade streets (an offer
# of streets to us, a street passing between two opponents), at most BLOCKS_UNSEEN such
# offers: where nobody trades, the deed blocks the group as well where it is.
BLOCK_PREMIUM: Final = 10
BLOCK_THREAT: Final = 1.5
BLOCKS_UNSEEN: Final = 1
# a group completed in a trade counts only this share of its income while there is no
# money for its houses (all of it with the money for three houses on every deed)
FUND_FLOOR: Final = 0.5

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


def opponent_count(view: SeatView, me: int) -> int:
    return max(1, len(view.active_seats()) - 1)


def holds_group(view: SeatView, g: int, seat: int) -> bool:
    return all(view.owner(s) == seat for s in view.tables.groups[g])


def cheap_liquidity(view: SeatView, me: int) -> int:
    """Mortgage value of our deeds outside complete groups (cheap money in a pinch)."""
    t = view.tables
    total = 0
    for sq in view.holdings(me):
        if view.is_mortgaged(sq):
            continue
        g = t.group_of[sq]
        if t.kind[sq] == K_STREET and holds_group(view, g, me):
            continue
        total += t.price[sq] // 2
    return total


def rent_threat(view: SeatView, me: int) -> tuple[int, float]:
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


def cash_reserve(view: SeatView, me: int) -> int:
    """Cash to keep in hand: the rents ahead, less what cheap mortgages would raise."""
    worst, expected = rent_threat(view, me)
    need = max(worst, int(expected * 2)) + 50
    return max(50, need - int(cheap_liquidity(view, me) * 0.8))


def worst_rent(view: SeatView, me: int) -> int:
    """The highest rent an opponent's deed charges now."""
    worst = 0
    for s in view.active_seats():
        if s != me:
            for sq in view.holdings(s):
                worst = max(worst, view.rent_of(sq))
    return worst


def rent_danger(view: SeatView, me: int) -> float:
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


def group_value(view: SeatView, bv: BoardValues, g: int, seat: int, owner: dict[int, int],
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


def lot_limit(view: SeatView, sq: int, me: int) -> int:
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
            extra = bv.mono_income[g] * HORIZON * THROWS_PER_TURN * opponent_count(view, me)
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


def has_build_need(view: SeatView, me: int) -> bool:
    """A complete group of ours still below three houses."""
    t = view.tables
    for g in t.street_groups:
        if holds_group(view, g, me) and min(
            view.level(s) for s in t.groups[g]
        ) < min(3, view.hotel_level):
            return True
    return False


def should_starve(view: SeatView, me: int) -> bool:
    """Keep houses rather than hotels: the bank is short and opponents could build."""
    if view.houses_left > 12:
        return False
    t = view.tables
    for s in view.active_seats():
        if s == me:
            continue
        for g in t.street_groups:
            if holds_group(view, g, s) and max(
                view.level(q) for q in t.groups[g]
            ) < view.hotel_level - 1:
                return True
    return False


def wanted_house_cost(view: SeatView, me: int) -> int:
    """The cost of the next house below three on our best complete group (0: none)."""
    t = view.tables
    if view.houses_left <= 0:
        return 0
    bv = board_values(view)
    best = 0
    best_gain = 0.0
    for g in t.street_groups:
        squares = t.groups[g]
        if not holds_group(view, g, me):
            continue
        if any(view.is_mortgaged(s) for s in squares):
            continue
        low = min(view.level(s) for s in squares)
        if low >= min(FUND_LEVEL, view.hotel_level):
            continue
        if low == view.hotel_level - 1 and should_starve(view, me):
            continue
        cost = t.house_cost[squares[0]]
        gain = bv.mono_income[g] / (cost * len(squares))
        if gain > best_gain:
            best, best_gain = cost, gain
    return best


def mortgage_cost(view: SeatView, sq: int, me: int) -> float:
    """The loss of mortgaging `sq`: interest, rent given up, a group left unbuildable."""
    t = view.tables
    bv = board_values(view)
    value = t.price[sq] // 2
    cost: float = value * int(view.rules.mortgage_interest_percent) / 100
    n_opp = opponent_count(view, me)
    cost += bv.land[sq] * view.rent_of(sq) * THROWS_PER_TURN * n_opp * DEBT_HORIZON
    if t.kind[sq] == K_STREET and holds_group(view, t.group_of[sq], me):
        cost += t.price[sq] * 0.5  # the group can no longer be built on
    return cost


def cheapest_mortgage(view: SeatView, legal: list[A.LegalEntry], me: int, keep_group: int = -1
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
        if g == keep_group or (t.kind[sq] == K_STREET and holds_group(view, g, me)):
            continue
        c = mortgage_cost(view, sq, me) / max(1, t.price[sq] // 2)
        if best is None or c < best_cost:
            best, best_cost = e, c
    return best


def deed_face(view: SeatView, sq: int) -> int:
    """A deed's face value: its printed price, half of it when mortgaged."""
    price = view.tables.price[sq]
    return price // 2 if view.is_mortgaged(sq) else price
