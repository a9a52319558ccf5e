"""The engine: which rule decides each action, the legal actions of a seat, and what
follows every action.

``legal_actions`` is the single source of legality. The decision waiting for a seat
(:mod:`monopoly.board.decision`) comes first, then what the seat may do at any time
(build, sell, mortgage, lift a mortgage, repay a loan, trade, resign: "management",
docs/rules.md §2). Each action class is checked and applied by the functions of its
section (:data:`CHECKS`, :data:`APPLY`); after every action the debts that can be paid
are paid (§9), the bank auctions a bankrupt's next deed (§9), and the end is checked
(§11).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.decision import (
    W_AUCTION,
    W_CHOICE,
    W_DEBT,
    W_OFFER,
    W_PLACEMENT,
    W_RECEIPT,
    W_TURN,
    pending,
    pending_seats,
    sealed_open,
    turn_decision,
    waiting,
)
from monopoly.board.position import (
    BUY,
    CHOICE_TAX,
    LOT_PROPERTY,
    OVER,
    POST_ROLL,
    PRE_ROLL,
    TABLE,
    Position,
)
from monopoly.board.rules import (
    auctions,
    bankruptcy,
    buildings,
    buying,
    cards,
    debts,
    ending,
    jail,
    moving,
    table,
    taxes,
    trades,
)
from monopoly.core.errors import IllegalActionError, MalformedActionError
from monopoly.core.ids import PlayerId
from monopoly.core.text import Text

CheckFn = Callable[[Position, int, Any], "str | None"]
ApplyFn = Callable[[Position, int, Any], None]

#: The rule that decides each action class.
CHECKS: dict[type, CheckFn] = {
    A.Roll: moving.check_roll,
    A.PayJailFine: jail.check_pay_fine,
    A.UseJailCard: jail.check_use_card,
    A.Buy: buying.check_buy,
    A.Decline: buying.check_decline,
    A.Bid: auctions.check_bid,
    A.PassBid: auctions.check_pass,
    A.EndTurn: moving.check_end,
    A.DeclareBankruptcy: bankruptcy.check_bankrupt,
    A.AcceptTrade: trades.check_accept,
    A.RejectTrade: trades.check_reject,
    A.Build: buildings.check_build,
    A.SellBuilding: buildings.check_sell_action,
    A.Mortgage: debts.check_mortgage,
    A.Unmortgage: debts.check_unmortgage,
    A.LiftReceived: trades.check_receipt,
    A.KeepMortgaged: trades.check_receipt,
    A.ProposeTrade: trades.check_propose,
    A.CounterTrade: trades.check_counter,
    A.RaiseFunds: debts.check_raise,
    A.ChooseTax: cards.check_choose,
    A.ChooseCard: cards.check_choose,
    A.RepayLoan: debts.check_repay,
    A.Resign: bankruptcy.check_resign,
    A.CallTime: table.check_call_time,
    A.ExpireOffer: table.check_expire,
    A.Timeout: table.check_timeout,
    A.StopGame: table.check_stop,
}
#: The table's actions: applied by seat TABLE when a clock runs out or the table stops.
TABLE_ACTIONS: frozenset[type] = frozenset({A.CallTime, A.ExpireOffer, A.Timeout, A.StopGame})

#: The rule that applies each action class.
APPLY: dict[type, ApplyFn] = {
    A.Roll: moving.do_roll,
    A.PayJailFine: jail.do_pay_fine,
    A.UseJailCard: jail.do_use_card,
    A.Buy: buying.do_buy,
    A.Decline: buying.do_decline,
    A.Bid: auctions.do_bid,
    A.PassBid: auctions.do_pass,
    A.EndTurn: moving.do_end,
    A.DeclareBankruptcy: bankruptcy.do_bankrupt,
    A.AcceptTrade: trades.do_accept,
    A.RejectTrade: trades.do_reject,
    A.Build: buildings.do_build,
    A.SellBuilding: buildings.do_sell,
    A.Mortgage: debts.do_mortgage,
    A.Unmortgage: debts.do_unmortgage,
    A.LiftReceived: trades.do_lift,
    A.KeepMortgaged: trades.do_keep,
    A.ProposeTrade: trades.do_propose,
    A.CounterTrade: trades.do_counter,
    A.RaiseFunds: debts.do_raise,
    A.ChooseTax: taxes.do_choose_tax,
    A.ChooseCard: cards.do_choose_card,
    A.RepayLoan: debts.do_repay,
    A.Resign: bankruptcy.do_resign,
    A.CallTime: table.do_call_time,
    A.ExpireOffer: table.do_expire,
    A.Timeout: table.do_timeout,
    A.StopGame: table.do_stop,
}

_NO_EVENTS: list[E.Event] = []
# Trade templates by partner seats: immutable, so shared (building one is not free).
_TRADE_TEMPLATES: dict[tuple[int, ...], A.TradeTemplate] = {}


# ---------------------------------------------------------------------- legality


def check(g: Position, seat: object, action: object) -> str | None:
    """Why `seat` may not take `action` now, in words; None when it may."""
    checker = CHECKS.get(action.__class__)
    if checker is None:
        return Text("{value} is not an action", value=repr(action))
    square = getattr(action, "square", 0)
    if not isinstance(square, int) or not 0 <= square < len(g.owner):
        return Text("there is no square {value}", value=repr(square))
    if g.phase == OVER:
        return Text("the game is over")
    if action.__class__ in TABLE_ACTIONS:
        if seat != TABLE or isinstance(seat, bool):
            return Text("only the table applies {action}, when its clock runs out",
                        action=cast(A.Action, action).text())
        return checker(g, TABLE, action)
    if not isinstance(seat, int) or isinstance(seat, bool):
        return Text("there is no seat {value}", value=repr(seat))
    if not 0 <= seat < len(g.players):
        return Text("there is no seat {value}", value=repr(seat))
    if g.players[seat].bankrupt:
        return Text("seat {seat} is bankrupt", seat=seat)
    return checker(g, seat, action)


def is_legal(g: Position, seat: object, action: object) -> bool:
    """Whether `seat` may take this concrete action now (the same rules as ``apply``)."""
    try:
        return check(g, seat, action) is None
    except (MalformedActionError, TypeError, AttributeError):
        return False


def legal_actions(g: Position, seat: PlayerId) -> list[A.LegalEntry]:
    """Every action `seat` may take now (see the module docstring); open-parameter
    actions appear as templates."""
    if g.phase == OVER or not isinstance(seat, int) or not 0 <= seat < len(g.players):
        return []
    p = g.players[seat]
    if p.bankrupt:
        return []
    w = waiting(g)
    if w == W_TURN and seat == g.turn_player:
        phase = g.phase
        if phase == POST_ROLL:
            out: list[A.LegalEntry] = [A.END_TURN]
        elif phase == PRE_ROLL and not p.in_jail:
            out = [A.ROLL]
        else:
            out = decision_actions(g, seat, w)
        out.extend(management(g, seat))
        return out
    if pending(g) == seat or (sealed_open(g) and seat in pending_seats(g)):
        out = decision_actions(g, seat, w)
        out.extend(management(g, seat))
        return out
    return management(g, seat).copy()


def decision_actions(g: Position, seat: PlayerId, w: int) -> list[A.LegalEntry]:
    """The answers to the decision `w` waiting for `seat`."""
    p = g.players[seat]
    if w == W_OFFER:
        offer = g.offer
        assert offer is not None
        out: list[A.LegalEntry] = []
        if trades.check_accept(g, seat, A.ACCEPT_TRADE) is None:
            out.append(A.ACCEPT_TRADE)
        out.append(A.REJECT_TRADE)
        out.append(A.TradeTemplate((offer.proposer,), counter=True))
        return out
    if w == W_CHOICE:
        choice = g.choice
        assert choice is not None
        if choice[1] == CHOICE_TAX:
            return [A.TAX_FLAT, A.TAX_PERCENT]
        return [A.CHOOSE_PAY, A.CHOOSE_DRAW]
    if w == W_DEBT:
        if debts.liquidation_value(g, seat) < g.debts[0].amount:
            return [A.DECLARE_BANKRUPTCY]
        return []
    if w == W_RECEIPT:
        sq = g.receipts[0][1]
        out = [A.KEEP[sq]]
        if p.cash - g.committed(seat) >= g.t.price[sq] // 2:
            out.insert(0, A.LIFT[sq])
        return out
    if w == W_PLACEMENT:
        assert g.placement is not None
        lot = g.placement[1]
        return [A.BUILD[sq] for sq in buildings.buildable(g, seat, lot, free=True)]
    if w == W_AUCTION:
        out = [A.PASS_BID]
        low, high = auctions.bid_bounds(g, seat)
        if high >= low:
            out.insert(0, A.BidRange(low, high))
        return out
    phase = g.phase
    if phase == PRE_ROLL:
        if p.in_jail:
            return jail.choices(g, p)
        return [A.ROLL]
    if phase == BUY:
        if p.cash >= g.t.price[g.buy_square]:
            return [A.BUY, A.DECLINE]
        return [A.DECLINE]
    return [A.END_TURN]


def management(g: Position, seat: PlayerId) -> list[A.LegalEntry]:
    """Build, sell, mortgage, lift mortgages, repay, trade, resign: any time the rules
    allow. The cash-independent part is cached per seat until the position's structure
    changes; only building and lifting mortgages are then filtered by cash."""
    cached = g.management_cache[seat]
    if cached is None or cached[0] != g.version:
        cached = management_candidates(g, seat)
        g.management_cache[seat] = cached
    fixed, priced = cached[1], cached[2]
    repay = debts.repay_ranges(g, seat) if g.loans else None
    if not priced and not repay:
        return fixed
    budget = g.budget(seat)
    out = [a for a, cost in priced if cost <= budget]
    out.extend(fixed)
    if repay:
        out.extend(repay)
    return out


def management_candidates(
    g: Position, seat: PlayerId
) -> tuple[int, list[A.LegalEntry], list[tuple[A.LegalEntry, int]]]:
    """The management actions whatever the cash, and those with a price."""
    fixed: list[A.LegalEntry] = []
    priced: list[tuple[A.LegalEntry, int]] = []
    in_debt = g.in_debt(seat)
    t = g.t
    level = g.level
    mortgaged = g.mortgaged
    has_sellable = False
    building_auction = g.auction is not None and g.auction.lot != LOT_PROPERTY
    if g.placement is None and not building_auction and not in_debt:
        for sq in buildings.buildable(g, seat, None, free=True):
            priced.append((A.BUILD[sq], t.house_cost[sq]))
    for sq in g.holdings[seat]:
        if level[sq]:
            has_sellable = True
            if buildings.check_sell(g, seat, sq) is None:
                fixed.append(A.SELL[sq])
        elif mortgaged[sq]:
            if not in_debt:
                priced.append((A.UNMORTGAGE[sq], debts.unmortgage_cost(g, sq)))
        elif not g.group_built(sq):
            has_sellable = True
            fixed.append(A.MORTGAGE[sq])
    if has_sellable:
        fixed.append(A.RAISE_FUNDS_TEMPLATE)
    if g.offer is None and g.rules.trading:
        partners = tuple(s for s in g.active_seats() if s != seat)
        if partners:
            template = _TRADE_TEMPLATES.get(partners)
            if template is None:
                template = _TRADE_TEMPLATES[partners] = A.TradeTemplate(partners)
            fixed.append(template)
    fixed.append(A.RESIGN)  # CZ: a player may leave the game at any time (last)
    return g.version, fixed, priced


# ---------------------------------------------------------------------- applying


def apply(g: Position, seat: object, action: object) -> list[E.Event]:
    """Apply `seat`'s action (an Action or its text). Raises :class:`IllegalActionError`
    (or :class:`MalformedActionError` for bad text), and then the state is unchanged."""
    if isinstance(action, str):
        action = A.parse_action(action)
    # The two commonest actions are checked by direct calls (the fast path): the rule of
    # both is moving.check_roll / check_end, the turn's own decision in its phase.
    if action is A.ROLL and type(seat) is int and seat == g.turn_player:
        why = check(g, seat, action) if g.phase != PRE_ROLL else turn_decision(
            g, g.turn_player, PRE_ROLL
        )
    elif action is A.END_TURN and type(seat) is int and seat == g.turn_player:
        why = check(g, seat, action) if g.phase != POST_ROLL else turn_decision(
            g, g.turn_player, POST_ROLL
        )
    else:
        why = check(g, seat, action)
    if why is not None:
        text = action.text() if hasattr(action, "text") else repr(action)
        raise IllegalActionError(
            Text(
                "seat {seat} cannot {action} (turn {turn}, {phase}): {reason}",
                seat=seat,
                action=repr(text),
                turn=g.turn_number,
                phase=g.phase_name,
                reason=why,
            )
        )
    assert isinstance(seat, int)
    act: A.Action = action  # type: ignore[assignment]  # check found a rule for its class
    events = g.events
    start = len(events) if events is not None else 0
    g.history.append((seat, act))
    if act is A.ROLL:
        moving.do_roll(g, seat, act)
    elif act is A.END_TURN:
        moving.do_end(g, seat, act)
    else:
        APPLY[act.__class__](g, seat, act)
    if g.debts:
        debts.settle_debts(g)
    if g.auction is None and g.auction_queue and g.phase != OVER:
        auctions.start_next_bank_auction(g)
    if g.phase != OVER:
        if g.time_called and g.phase == PRE_ROLL and waiting(g) == W_TURN:
            # §11: the turn in progress is finished (doubles give no further roll)
            ending.finish(g, "time_limit")
        elif g.target_end:
            ending.check_target(g)
    if events is not None:
        return events[start:]
    return _NO_EVENTS
