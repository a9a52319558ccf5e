"""The integer action table of the board game (reinforcement learning): ``NUM_ACTIONS``
ids, stable across versions; new ids are only ever added at the end.

Layout (``docs/architecture.md`` has the same table):

=============  =====  =================================================================
ids            count  action
=============  =====  =================================================================
0-9            10     roll, pay-fine, use-card, buy, decline, pass, end, bankrupt,
                      accept, reject (``actions.ACTIONS_BY_ID``)
10-249         240    build, sell, mortgage, unmortgage, lift, keep: 40 squares each
250-254        5      tax flat, tax percent, choose pay, choose draw, resign
255-262        8      a bid in the running auction: the least bid allowed; 50 %, 75 %,
                      100 %, 125 %, 150 %, 200 % of the lot's value (the deed's printed
                      price, or the building's cost); the most the seat may bid
263-302        40     raise funds: sell every building of the group of square ``i``
                      at once (the way to sell a hotel whole in a housing shortage)
303-310        8      repay as much as possible of the loan owed to seat ``i``
311-430        120    propose to buy deed ``sq`` from its owner for 100 %, 150 %, 200 %
                      of its printed price (``311 + 40*m + sq``)
431-1390       960    propose to sell deed ``sq`` to seat ``t`` for 100 %, 150 %, 200 %
                      (``431 + 320*m + 40*t + sq``)
1391-1398      8      propose to sell a Get Out of Jail Free card (the first held) to
                      seat ``t`` for :data:`JAIL_CARD_PRICE`
1399-3750      2352   propose to swap deed ``a`` for deed ``b`` of its owner (deeds by
                      their index in the board's deeds, ``tables.properties``): plain;
                      balanced (the side that gets the dearer deed adds the difference of
                      the printed prices); sweetened (the proposer adds
                      :data:`SWEETENER` % of ``b``'s price) (``1399 + 784*k + 28*a + b``)
3751-3780      30     propose to buy the deeds of group ``g`` that the seat lacks from
                      the one seat that holds them all, for 100 %, 150 %, 200 % of their
                      printed prices (``3751 + 10*m + g``; groups in the board's order,
                      the railroads and utilities included)
=============  =====  =================================================================

The open parameters are discretised: each id above 254 names a rule that gives the
concrete action in the current position (:func:`action_from_id`); an id whose action is
not legal now is simply masked out. Not expressible by an id (and so never in the mask):
counter-offers, other bundles of several deeds, IOUs, and the table's actions (clocks),
which are not a player's decisions.

``legal_action_mask(seat)[i]`` is True exactly when ``is_legal(seat, action_from_id(i))``.

Example::

    >>> from monopoly.board.game import Game
    >>> g = Game(["Ann", "Bob"], seed=1)
    >>> mask = g.legal_action_mask(g.pending)
    >>> len(mask) == g.num_actions == NUM_ACTIONS, [i for i in range(10) if mask[i]]
    (True, [0])
    >>> g.action_from_id(0)
    Roll()
"""

from __future__ import annotations

from typing import Final

from monopoly.board import actions as A
from monopoly.board import engine
from monopoly.board.position import BANK, Position
from monopoly.board.rules import auctions, trades
from monopoly.core.errors import MalformedActionError
from monopoly.core.ids import ActionId, PlayerId
from monopoly.core.text import Text

__all__ = [
    "BID_FRACTIONS",
    "DEEDS",
    "GROUPS",
    "JAIL_CARD_PRICE",
    "NUM_ACTIONS",
    "SWAP_KINDS",
    "SWEETENER",
    "TRADE_MULTIPLIERS",
    "action_from_id",
    "action_id",
    "legal_action_bytes",
    "legal_action_ids",
    "legal_action_mask",
]

N_FINITE: Final = len(A.ACTIONS_BY_ID)  # 255
#: Bids as percentages of the lot's value, between the least and the most bid.
BID_FRACTIONS: Final = (50, 75, 100, 125, 150, 200)
#: Trade prices as percentages of the deed's printed price.
TRADE_MULTIPLIERS: Final = (100, 150, 200)
#: The cash asked for a Get Out of Jail Free card (the tournament's cap, §5).
JAIL_CARD_PRICE: Final = 50
SEATS: Final = 8
SQUARES: Final = 40
#: The deeds and groups the swap and group ids can name (the standard board's 28 deeds in
#: 10 groups; a board with fewer leaves the rest masked out).
DEEDS: Final = 28
GROUPS: Final = 10
#: The swaps of one deed for another: as they are; balanced by the difference of their
#: printed prices; sweetened by the proposer's cash, SWEETENER % of the price asked.
SWAP_KINDS: Final = ("plain", "balanced", "sweetened")
SWEETENER: Final = 50

BID_BASE: Final = N_FINITE
N_BIDS: Final = 2 + len(BID_FRACTIONS)
RAISE_BASE: Final = BID_BASE + N_BIDS
REPAY_BASE: Final = RAISE_BASE + SQUARES
BUY_DEED_BASE: Final = REPAY_BASE + SEATS
SELL_DEED_BASE: Final = BUY_DEED_BASE + len(TRADE_MULTIPLIERS) * SQUARES
JAIL_CARD_BASE: Final = SELL_DEED_BASE + len(TRADE_MULTIPLIERS) * SEATS * SQUARES
SWAP_BASE: Final = JAIL_CARD_BASE + SEATS
PAIRS: Final = DEEDS * DEEDS
GROUP_BASE: Final = SWAP_BASE + len(SWAP_KINDS) * PAIRS
NUM_ACTIONS: Final = GROUP_BASE + len(TRADE_MULTIPLIERS) * GROUPS

_NOTHING: Final = A.RaiseFunds()
# the finite actions' ids, looked up by any legal entry (templates are not in it)
_IDS: Final[dict[object, int]] = {a: i for a, i in A.ACTION_IDS.items()}
# the same by identity: the engine lists the table's own objects (A.BUILD[sq] ...), and an
# identity lookup spares the dataclasses' hash and equality
_IDS_OF_OBJECT: Final[dict[int, int]] = {id(a): i for a, i in A.ACTION_IDS.items()}


def _lot_value(g: Position) -> int:
    au = g.auction
    if au is None:
        return 0
    return g.t.price[au.square] if au.lot == "property" else g.t.house_cost[au.square]


def _bid_amount(g: Position, seat: PlayerId, k: int) -> int:
    """The amount of bid id ``BID_BASE + k`` for `seat` now."""
    if g.auction is None or not 0 <= seat < len(g.players):
        return 1
    low, high = auctions.bid_bounds(g, seat)
    if k == 0:
        return max(low, 1)
    if k == N_BIDS - 1:
        return max(high, 1)
    return max(_lot_value(g) * BID_FRACTIONS[k - 1] // 100, 1)


def _clear_group(g: Position, sq: int) -> A.RaiseFunds:
    group = g.t.group_of[sq]
    if group < 0:
        return _NOTHING
    levels = tuple((s, 0) for s in g.t.groups[group] if g.level[s])
    return A.RaiseFunds(levels, ()) if levels else _NOTHING


def _repay(g: Position, seat: PlayerId, to: int) -> A.RepayLoan:
    owed = g.loans.get((seat, to), 0) if 0 <= seat < len(g.players) else 0
    budget = g.budget(seat) if 0 <= seat < len(g.players) else 0
    return A.RepayLoan(to, max(1, min(owed, budget)))


def _first_jail_card(g: Position, seat: PlayerId) -> str:
    if 0 <= seat < len(g.players) and g.players[seat].jail_cards:
        return g.t.deck_keys[g.players[seat].jail_cards[0][0]]
    return g.t.deck_keys[0]


def action_from_id(g: Position, action_id: ActionId, seat: PlayerId | None = None) -> A.Action:
    """The action of id `action_id` in this position, for `seat` (by default the seat
    the game waits for); it may be illegal now."""
    if seat is None:
        from monopoly.board.decision import pending

        seat = pending(g)
        if seat is None:
            seat = g.turn_player
    i = action_id
    if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < NUM_ACTIONS:
        raise MalformedActionError(
            Text("no action id {id}: ids are 0-{last}", id=repr(i), last=NUM_ACTIONS - 1)
        )
    if i < N_FINITE:
        return A.ACTIONS_BY_ID[i]
    if i < RAISE_BASE:
        return A.Bid(_bid_amount(g, seat, i - BID_BASE))
    if i < REPAY_BASE:
        return _clear_group(g, i - RAISE_BASE)
    if i < BUY_DEED_BASE:
        return _repay(g, seat, i - REPAY_BASE)
    if i < SELL_DEED_BASE:
        m, sq = divmod(i - BUY_DEED_BASE, SQUARES)
        price = g.t.price[sq] * TRADE_MULTIPLIERS[m] // 100
        return A.ProposeTrade(g.owner[sq], A.Bundle(cash=price), A.Bundle(squares=(sq,)))
    if i < JAIL_CARD_BASE:
        m, rest = divmod(i - SELL_DEED_BASE, SEATS * SQUARES)
        to, sq = divmod(rest, SQUARES)
        price = g.t.price[sq] * TRADE_MULTIPLIERS[m] // 100
        return A.ProposeTrade(to, A.Bundle(squares=(sq,)), A.Bundle(cash=price))
    if i < SWAP_BASE:
        to = i - JAIL_CARD_BASE
        card = A.Bundle(jail_cards=(_first_jail_card(g, seat),))
        return A.ProposeTrade(to, card, A.Bundle(cash=JAIL_CARD_PRICE))
    if i < GROUP_BASE:
        kind, pair = divmod(i - SWAP_BASE, PAIRS)
        a, b = divmod(pair, DEEDS)
        return _swap(g, _deed(g, a), _deed(g, b), kind)
    m, group = divmod(i - GROUP_BASE, GROUPS)
    return _complete_group(g, seat, group, TRADE_MULTIPLIERS[m])


def _deed(g: Position, index: int) -> int:
    """The square of the board's deed `index` (GO, which nobody owns, past the last)."""
    props = g.t.properties
    return props[index] if index < len(props) else 0


def _swap(g: Position, give: int, take: int, kind: int) -> A.ProposeTrade:
    """Deed `give` for deed `take` of its owner: plain, balanced or sweetened."""
    price = g.t.price
    mine = A.Bundle(squares=(give,))
    theirs = A.Bundle(squares=(take,))
    if kind == 1:
        diff = price[take] - price[give]
        if diff > 0:
            mine = A.Bundle(cash=diff, squares=(give,))
        elif diff < 0:
            theirs = A.Bundle(cash=-diff, squares=(take,))
    elif kind == 2:
        mine = A.Bundle(cash=price[take] * SWEETENER // 100, squares=(give,))
    return A.ProposeTrade(g.owner[take], mine, theirs)


def _missing(g: Position, seat: PlayerId, group: int) -> tuple[int, ...]:
    """The deeds of `group` that `seat` does not hold (none for a group past the last)."""
    groups = g.t.groups
    if group >= len(groups):
        return ()
    return tuple(sq for sq in groups[group] if g.owner[sq] != seat)


def _complete_group(g: Position, seat: PlayerId, group: int, mult: int) -> A.ProposeTrade:
    """An offer for the deeds of `group` that `seat` lacks, to the holder of the first."""
    missing = _missing(g, seat, group)
    to = g.owner[missing[0]] if missing else BANK
    cash = sum(g.t.price[sq] for sq in missing) * mult // 100
    return A.ProposeTrade(to, A.Bundle(cash=cash), A.Bundle(squares=missing))


def action_id(g: Position, action: object, seat: PlayerId | None = None) -> ActionId:
    """The id of `action` for `seat` in this position; :class:`MalformedActionError`
    when no id names it (a template, a counter-offer, a trade the table does not name)."""
    found = _IDS.get(action)
    if found is not None:
        return found
    for i in _candidates(g, action):
        if action_from_id(g, i, seat) == action:
            return i
    text = action.text() if hasattr(action, "text") else repr(action)
    raise MalformedActionError(Text("the action table has no id for {action}", action=text))


def _candidates(g: Position, action: object) -> list[int] | range:
    if isinstance(action, A.Bid):
        return range(BID_BASE, RAISE_BASE)
    if isinstance(action, A.RaiseFunds):
        return range(RAISE_BASE, REPAY_BASE)
    if isinstance(action, A.RepayLoan):
        return range(REPAY_BASE, BUY_DEED_BASE)
    if not isinstance(action, A.ProposeTrade):
        return range(0)
    give, take = action.give.squares, action.take.squares
    if len(give) == 1 and len(take) == 1:  # a swap: its three kinds
        index = g.t.deed_index
        if not (0 <= give[0] < len(index) and 0 <= take[0] < len(index)):
            return range(0)
        a, b = index[give[0]], index[take[0]]
        if not (0 <= a < DEEDS and 0 <= b < DEEDS):
            return range(0)
        return [SWAP_BASE + k * PAIRS + a * DEEDS + b for k in range(len(SWAP_KINDS))]
    out = list(range(BUY_DEED_BASE, SWAP_BASE))
    if take and not give:  # the rest of a group
        group = g.t.group_of[take[0]]
        if 0 <= group < GROUPS:
            out.extend(GROUP_BASE + m * GROUPS + group for m in range(len(TRADE_MULTIPLIERS)))
    return out


def legal_action_mask(g: Position, seat: PlayerId) -> list[bool]:
    """``NUM_ACTIONS`` booleans: which ids are legal for `seat` now (from
    ``legal_actions``; the discretised ids from their template's bounds)."""
    mask = [False] * NUM_ACTIONS
    for i in _legal_ids(g, seat):
        mask[i] = True
    return mask


def legal_action_ids(g: Position, seat: PlayerId) -> list[ActionId]:
    """The ids legal for `seat` now, ascending: where :func:`legal_action_mask` is True."""
    return sorted(set(_legal_ids(g, seat)))


def legal_action_bytes(g: Position, seat: PlayerId) -> bytearray:
    """``NUM_ACTIONS`` bytes, 1 where :func:`legal_action_mask` is True, else 0 (what an
    environment's mask is made of without a list per step)."""
    flags = bytearray(NUM_ACTIONS)
    for i in _legal_ids(g, seat):
        flags[i] = 1
    return flags


def _legal_ids(g: Position, seat: PlayerId) -> list[ActionId]:
    """The legal ids of `seat`, in no order, perhaps repeated."""
    found: list[int] = []
    by_object = _IDS_OF_OBJECT
    table = A.ACTIONS_BY_ID
    for entry in engine.legal_actions(g, seat):
        i = by_object.get(id(entry), -1)
        if i >= 0 and table[i] is entry:
            found.append(i)
        elif isinstance(entry, A.BidRange):
            for k in range(N_BIDS):
                amount = _bid_amount(g, seat, k)
                if entry.low <= amount <= entry.high:
                    found.append(BID_BASE + k)
        elif isinstance(entry, A.RepayRange):
            if 0 <= entry.to < SEATS:
                found.append(REPAY_BASE + entry.to)
        elif isinstance(entry, A.RaiseFundsTemplate):
            for sq in g.holdings[seat]:
                if g.group_built(sq) and engine.is_legal(g, seat, _clear_group(g, sq)):
                    found.append(RAISE_BASE + sq)
        elif isinstance(entry, A.TradeTemplate):
            if not entry.counter:
                _trade_ids(g, seat, entry.partners, found)
        else:
            j = _IDS.get(entry)  # an action equal to one of the table's
            if j is not None:
                found.append(j)
    return found


def _trade_ids(g: Position, seat: PlayerId, partners: tuple[int, ...], found: list[int]) -> None:
    """The trade ids legal for `seat`: exactly ``is_legal`` of each candidate, decided
    with the conditions of ``trades.check_propose`` on these one-deed-for-cash offers
    (no offer waiting; a partner that plays and is not `seat`; a deed free to change
    hands (``trades.deed_tradable``); the cash within the payer's budget), each computed
    once per position instead of per offer. The template's partners are the other seats
    still playing (fewer than ``SEATS``). The prices asked grow with the multiplier, so
    the first multiplier out of a budget ends a deed's ids."""
    if g.offer is not None:
        return
    players = g.players
    n = len(players)
    budgets = [g.budget(s) if not players[s].bankrupt and s != seat else -1
               for s in range(n)]
    owner = g.owner
    movable = [False] * SQUARES  # only a held deed can change hands
    held = False
    for sq in g.t.properties:
        if owner[sq] != BANK and trades.deed_tradable(g, sq) == trades.TRADABLE:
            movable[sq] = True
            held = True
    if players[seat].jail_cards:
        for to in partners:
            i = JAIL_CARD_BASE + to
            if engine.is_legal(g, seat, action_from_id(g, i, seat)):
                found.append(i)
    if not held:
        return
    mine = g.budget(seat)
    wanted = [False] * n
    for to in partners:
        wanted[to] = True
    price = g.t.price
    mults = TRADE_MULTIPLIERS
    for sq in g.t.properties:
        if movable[sq]:
            holder = owner[sq]
            if wanted[holder] and budgets[holder] >= 0:
                for m in range(len(mults)):
                    if price[sq] * mults[m] // 100 > mine:
                        break
                    found.append(BUY_DEED_BASE + m * SQUARES + sq)
    own = [sq for sq in g.holdings[seat] if movable[sq]]
    if own:
        for to in partners:
            budget = budgets[to]
            if budget >= 0:
                sell = SELL_DEED_BASE + to * SQUARES
                for sq in own:
                    for m in range(len(mults)):
                        if price[sq] * mults[m] // 100 > budget:
                            break
                        found.append(sell + m * SEATS * SQUARES + sq)
        _swap_ids(g, own, partners, budgets, movable, mine, found)
    _group_ids(g, seat, wanted, budgets, movable, mine, found)


def _swap_ids(g: Position, own: list[int], partners: tuple[int, ...], budgets: list[int],
              movable: list[bool], mine: int, found: list[int]) -> None:
    """The swap ids legal for the seat holding the free deeds `own` (the conditions of
    :func:`_trade_ids`): both deeds free to change hands, the partner playing, each
    side's cash within its budget."""
    index = g.t.deed_index
    own = [sq for sq in own if 0 <= index[sq] < DEEDS]
    if not own:
        return
    price = g.t.price
    for to in partners:
        if budgets[to] < 0:
            continue
        theirs = [sq for sq in g.holdings[to] if movable[sq] and 0 <= index[sq] < DEEDS]
        for give in own:
            row = index[give] * DEEDS
            for take in theirs:
                pair = SWAP_BASE + row + index[take]
                found.append(pair)
                diff = price[take] - price[give]
                if (diff <= mine) if diff >= 0 else (-diff <= budgets[to]):
                    found.append(pair + PAIRS)
                if price[take] * SWEETENER // 100 <= mine:
                    found.append(pair + 2 * PAIRS)


def _group_ids(g: Position, seat: PlayerId, wanted: list[bool], budgets: list[int],
               movable: list[bool], mine: int, found: list[int]) -> None:
    """The group ids legal for `seat`: the deeds it lacks all held by one partner who
    plays, all free to change hands, their price within its budget."""
    price = g.t.price
    owner = g.owner
    groups = g.t.groups
    for group in range(min(len(groups), GROUPS)):
        holder = BANK
        total = 0
        for sq in groups[group]:  # the deeds it lacks (what _missing lists)
            held = owner[sq]
            if held == seat:
                continue
            if held == BANK or not movable[sq] or (holder != BANK and held != holder):
                total = -1
                break
            holder = held
            total += price[sq]
        if total < 0 or holder == BANK or not wanted[holder] or budgets[holder] < 0:
            continue
        for m in range(len(TRADE_MULTIPLIERS)):
            if total * TRADE_MULTIPLIERS[m] // 100 > mine:
                break
            found.append(GROUP_BASE + m * GROUPS + group)
