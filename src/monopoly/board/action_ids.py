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
=============  =====  =================================================================

The open parameters are discretised: each id above 254 names a rule that gives the
concrete action in the current position (:func:`action_from_id`); an id whose action is
not legal now is simply masked out. Not expressible by an id (and so never in the mask):
counter-offers, trades of several deeds or of mixed bundles, IOUs, and the table's
actions (clocks), which are not a player's decisions.

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
from monopoly.board.rules import auctions
from monopoly.core.errors import MalformedActionError
from monopoly.core.ids import ActionId, PlayerId
from monopoly.core.text import Text

__all__ = [
    "BID_FRACTIONS",
    "JAIL_CARD_PRICE",
    "NUM_ACTIONS",
    "TRADE_MULTIPLIERS",
    "action_from_id",
    "action_id",
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

BID_BASE: Final = N_FINITE
N_BIDS: Final = 2 + len(BID_FRACTIONS)
RAISE_BASE: Final = BID_BASE + N_BIDS
REPAY_BASE: Final = RAISE_BASE + SQUARES
BUY_DEED_BASE: Final = REPAY_BASE + SEATS
SELL_DEED_BASE: Final = BUY_DEED_BASE + len(TRADE_MULTIPLIERS) * SQUARES
JAIL_CARD_BASE: Final = SELL_DEED_BASE + len(TRADE_MULTIPLIERS) * SEATS * SQUARES
NUM_ACTIONS: Final = JAIL_CARD_BASE + SEATS

_NOTHING: Final = A.RaiseFunds()
# the finite actions' ids, looked up by any legal entry (templates are not in it)
_IDS: Final[dict[object, int]] = {a: i for a, i in A.ACTION_IDS.items()}


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
    to = i - JAIL_CARD_BASE
    card = A.Bundle(jail_cards=(_first_jail_card(g, seat),))
    return A.ProposeTrade(to, card, A.Bundle(cash=JAIL_CARD_PRICE))


def action_id(g: Position, action: object, seat: PlayerId | None = None) -> ActionId:
    """The id of `action` for `seat` in this position; :class:`MalformedActionError`
    when no id names it (a template, a counter-offer, a trade the table does not name)."""
    found = _IDS.get(action)
    if found is not None:
        return found
    for i in _candidates(action):
        if action_from_id(g, i, seat) == action:
            return i
    text = action.text() if hasattr(action, "text") else repr(action)
    raise MalformedActionError(Text("the action table has no id for {action}", action=text))


def _candidates(action: object) -> range:
    if isinstance(action, A.Bid):
        return range(BID_BASE, RAISE_BASE)
    if isinstance(action, A.RaiseFunds):
        return range(RAISE_BASE, REPAY_BASE)
    if isinstance(action, A.RepayLoan):
        return range(REPAY_BASE, BUY_DEED_BASE)
    if isinstance(action, A.ProposeTrade):
        return range(BUY_DEED_BASE, NUM_ACTIONS)
    return range(0)


def legal_action_mask(g: Position, seat: PlayerId) -> list[bool]:
    """``NUM_ACTIONS`` booleans: which ids are legal for `seat` now (from
    ``legal_actions``; the discretised ids from their template's bounds)."""
    mask = [False] * NUM_ACTIONS
    ids = _IDS
    for entry in engine.legal_actions(g, seat):
        i = ids.get(entry)
        if i is not None:
            mask[i] = True
        elif isinstance(entry, A.BidRange):
            for k in range(N_BIDS):
                amount = _bid_amount(g, seat, k)
                if entry.low <= amount <= entry.high:
                    mask[BID_BASE + k] = True
        elif isinstance(entry, A.RepayRange):
            if 0 <= entry.to < SEATS:
                mask[REPAY_BASE + entry.to] = True
        elif isinstance(entry, A.RaiseFundsTemplate):
            for sq in g.holdings[seat]:
                if g.group_built(sq) and engine.is_legal(g, seat, _clear_group(g, sq)):
                    mask[RAISE_BASE + sq] = True
        elif isinstance(entry, A.TradeTemplate) and not entry.counter:
            _trade_mask(g, seat, entry.partners, mask)
    return mask


def _trade_mask(g: Position, seat: PlayerId, partners: tuple[int, ...], mask: list[bool]) -> None:
    """The trade ids legal for `seat`: exactly ``is_legal`` of each candidate, decided
    with the conditions of ``trades.check_propose`` on these one-deed-for-cash offers
    (no offer waiting; a partner that plays and is not `seat`; a deed free to change
    hands: not mortgaged where the rules forbid it, no building in its group; the cash
    within the payer's budget), each computed once per position instead of per offer."""
    if g.offer is not None:
        return
    n = len(g.players)
    budgets = [g.budget(s) if not g.players[s].bankrupt and s != seat else -1
               for s in range(n)]
    free = g.rules.trade_mortgaged
    movable = [False] * SQUARES
    for sq in g.t.properties:
        movable[sq] = (free or not g.mortgaged[sq]) and not g.group_built(sq)
    mine = g.budget(seat)
    wanted = set(partners)
    price = g.t.price
    for m in range(len(TRADE_MULTIPLIERS)):
        mult = TRADE_MULTIPLIERS[m]
        for sq in g.t.properties:
            owner = g.owner[sq]
            if (owner in wanted and owner != BANK and 0 <= owner < n and budgets[owner] >= 0
                    and movable[sq] and price[sq] * mult // 100 <= mine):
                mask[BUY_DEED_BASE + m * SQUARES + sq] = True
        for to in partners:
            if to < SEATS and 0 <= to < n and budgets[to] >= 0:
                for sq in g.holdings[seat]:
                    if movable[sq] and price[sq] * mult // 100 <= budgets[to]:
                        mask[SELL_DEED_BASE + m * SEATS * SQUARES + to * SQUARES + sq] = True
    if g.players[seat].jail_cards:
        for to in partners:
            if to < SEATS:
                i = JAIL_CARD_BASE + to
                if engine.is_legal(g, seat, action_from_id(g, i, seat)):
                    mask[i] = True
