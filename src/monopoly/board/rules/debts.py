"""docs/rules.md §9 Money trouble: debts, mortgages, raising funds, loans.

A player who owes more cash than they hold has a debt: they must raise the money (sell
buildings back to the bank, mortgage deeds) before anything else, or declare bankruptcy
when even that cannot pay it (:mod:`.bankruptcy`). A mortgage pays half the printed
price; lifting it costs that plus `mortgage_interest_percent` (10 %, rounded up). RU
house rule (`player_loans`): players may lend each other cash against an IOU (a trade,
:mod:`.trades`) and repay it later.
"""

from __future__ import annotations

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.position import BANK, POT, POT_REASONS, Debt, Position
from monopoly.board.rules import buildings, moving
from monopoly.board.tables import K_STREET
from monopoly.core.ids import Money, PlayerId, SquareIndex
from monopoly.core.text import Text


def charge(g: Position, payer: PlayerId, payee: PlayerId, amount: Money, reason: str) -> None:
    """Make `payer` pay now, or record a debt they must raise funds for."""
    if amount <= 0:
        return
    if payee == BANK and g.pot_rule and reason in POT_REASONS:
        payee = POT  # §6 house rule: taxes and fines go into the pot
    if not g.debts and g.players[payer].cash >= amount:
        g.transfer(payer, payee, amount, reason)
        return
    g.debts.append(Debt(payer, payee, amount, reason))
    g.touch()
    g.emit(E.DebtIncurred(payer, payee, amount))


def settle_debts(g: Position) -> None:
    """Pay the debts that can be paid now, in order; a jail release waiting for its fine
    then moves the token (§7)."""
    pending_debts = g.debts
    while pending_debts:
        d = pending_debts[0]
        debtor = g.players[d.debtor]
        if debtor.bankrupt or (d.creditor >= 0 and g.players[d.creditor].bankrupt):
            pending_debts.pop(0)
            continue
        if debtor.cash >= d.amount:
            pending_debts.pop(0)
            g.touch()
            g.transfer(d.debtor, d.creditor, d.amount, d.reason)
            continue
        return
    if g.after_debt_move:
        steps, g.after_debt_move = g.after_debt_move, 0
        p = g.players[g.turn_player]
        if not p.bankrupt:
            moving.move_by(g, p, steps)


def liquidation_value(g: Position, seat: PlayerId) -> Money:
    """Cash the seat could raise from the bank: sell every building, mortgage everything."""
    p = g.players[seat]
    t = g.t
    pct = g.rules.building_sell_percent
    total = p.cash
    for sq in g.holdings[seat]:
        total += g.level[sq] * t.house_cost[sq] * pct // 100
        if not g.mortgaged[sq]:
            total += t.price[sq] // 2
    return total


def interest(g: Position, sq: SquareIndex) -> Money:
    """`mortgage_interest_percent` (10 %) of the mortgage value, rounded up (the printed
    unmortgage values)."""
    value = g.t.price[sq] // 2
    return -(-value * g.rules.mortgage_interest_percent // 100)


def unmortgage_cost(g: Position, sq: SquareIndex) -> Money:
    return g.t.price[sq] // 2 + interest(g, sq)


def check_mortgage(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    assert isinstance(action, A.Mortgage)
    sq = action.square
    if g.owner[sq] != seat or not g.t.price[sq]:
        return Text("seat {seat} does not own square {square}", seat=seat, square=sq)
    if g.mortgaged[sq]:
        return Text("square {square} is already mortgaged", square=sq)
    if g.group_built(sq):
        return Text("sell the buildings of the group before mortgaging")
    return None


def check_unmortgage(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    assert isinstance(action, A.Unmortgage)
    sq = action.square
    if g.owner[sq] != seat:
        return Text("seat {seat} does not own square {square}", seat=seat, square=sq)
    if not g.mortgaged[sq]:
        return Text("square {square} is not mortgaged", square=sq)
    if g.in_debt(seat):
        return Text("a debtor must pay the debt before lifting mortgages")
    cost = unmortgage_cost(g, sq)
    if g.players[seat].cash - g.committed(seat) < cost:
        return Text("not enough cash to lift the mortgage ({cost})", cost=cost)
    return None


def do_mortgage(g: Position, seat: PlayerId, action: A.Action) -> None:
    assert isinstance(action, A.Mortgage)
    mortgage(g, seat, action.square)


def mortgage(g: Position, seat: PlayerId, sq: SquareIndex) -> None:
    """The bank pays the mortgage value, half the printed price."""
    value = g.t.price[sq] // 2
    g.mortgaged[sq] = True
    g.transfer(BANK, seat, value, "mortgage")
    g.emit(E.Mortgaged(seat, sq, value))
    g.touch()


def do_unmortgage(g: Position, seat: PlayerId, action: A.Action) -> None:
    assert isinstance(action, A.Unmortgage)
    sq = action.square
    cost = unmortgage_cost(g, sq)
    g.mortgaged[sq] = False
    g.transfer(seat, BANK, cost, "unmortgage")
    g.emit(E.Unmortgaged(seat, sq, cost))
    g.touch()


def plan_raise(g: Position, seat: PlayerId, action: A.RaiseFunds) -> tuple[str | None, Money]:
    """Validate a batch of sales and mortgages; returns (reason or None, cash raised)."""
    t = g.t
    hl = g.hotel_level
    new_level = list(g.level)
    seen: set[int] = set()
    if not action.levels and not action.mortgages:
        return Text("nothing to sell or mortgage"), 0
    raised = 0
    pct = g.rules.building_sell_percent
    houses_back = 0
    groups: set[int] = set()
    for sq, lv in action.levels:
        if not (isinstance(sq, int) and 0 <= sq < 40 and isinstance(lv, int)):
            return Text("bad sale {value}", value=f"{sq!r}:{lv!r}"), 0
        if sq in seen:
            return Text("square {square} is listed twice", square=sq), 0
        seen.add(sq)
        if g.owner[sq] != seat or t.kind[sq] != K_STREET:
            return Text("seat {seat} does not own street {square}", seat=seat, square=sq), 0
        old = g.level[sq]
        if not 0 <= lv < old:
            return Text(
                "square {square} has level {level}; a sale must lower it", square=sq, level=old
            ), 0
        new_level[sq] = lv
        raised += (old - lv) * t.house_cost[sq] * pct // 100
        houses_back += (old if old < hl else 0) - (lv if lv < hl else 0)
        groups.add(t.group_of[sq])
    for grp in groups:
        levels = [new_level[s] for s in t.groups[grp]]
        if max(levels) - min(levels) > 1:
            return Text("sales must leave the group evenly built"), 0
    if g.houses_left + houses_back < 0:
        return Text("the bank has not enough houses to break the hotels down that far"), 0
    seen.clear()
    for sq in action.mortgages:
        if not (isinstance(sq, int) and 0 <= sq < 40):
            return Text("there is no square {value}", value=repr(sq)), 0
        if sq in seen:
            return Text("square {square} is listed twice", square=sq), 0
        seen.add(sq)
        if g.owner[sq] != seat or not t.price[sq]:
            return Text("seat {seat} does not own square {square}", seat=seat, square=sq), 0
        if g.mortgaged[sq]:
            return Text("square {square} is already mortgaged", square=sq), 0
        if any(new_level[s] for s in t.groups[t.group_of[sq]]):
            return Text("square {square}'s group still has buildings", square=sq), 0
        raised += t.price[sq] // 2
    return None, raised


def check_raise(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    assert isinstance(action, A.RaiseFunds)
    return plan_raise(g, seat, action)[0]


def do_raise(g: Position, seat: PlayerId, action: A.Action) -> None:
    assert isinstance(action, A.RaiseFunds)
    t = g.t
    pct = g.rules.building_sell_percent
    for sq, lv in action.levels:
        old = g.level[sq]
        buildings.set_level(g, sq, lv)
        refund = (old - lv) * t.house_cost[sq] * pct // 100
        g.transfer(BANK, seat, refund, "building_sale")
        g.emit(E.Sold(seat, sq, lv, refund))
    for sq in action.mortgages:
        mortgage(g, seat, sq)
    g.touch()


# --- loans between players (RU house rule `player_loans`)


def loans_owed(g: Position, seat: PlayerId) -> Money:
    """What `seat` owes other players on loans."""
    return sum(v for (b, _), v in g.loans.items() if b == seat)


def loan_claims(g: Position, seat: PlayerId) -> Money:
    """What other players owe `seat` on loans it made."""
    return sum(v for (_, lender), v in g.loans.items() if lender == seat)


def repay_ranges(g: Position, seat: PlayerId) -> list[A.LegalEntry]:
    """Repayments of loans `seat` owes."""
    if g.in_debt(seat):
        return []
    budget = g.budget(seat)
    out: list[A.LegalEntry] = []
    for (borrower, lender), owed in sorted(g.loans.items()):
        if borrower == seat and budget >= 1 and not g.players[lender].bankrupt:
            out.append(A.RepayRange(lender, 1, min(owed, budget)))
    return out


def check_repay(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    assert isinstance(action, A.RepayLoan)
    to, amount = action.to, action.amount
    if not isinstance(to, int) or not isinstance(amount, int) or amount <= 0:
        return Text("a repayment names a seat and a positive amount")
    owed = g.loans.get((seat, to), 0)
    if owed <= 0:
        return Text("seat {seat} owes nothing to seat {player}", seat=seat, player=to)
    if amount > owed:
        return Text("seat {seat} owes only {owed}", seat=seat, owed=owed)
    if g.in_debt(seat):
        return Text("a debtor must pay the debt first")
    if g.budget(seat) < amount:
        return Text("not enough cash: {cash} in hand", cash=g.budget(seat))
    return None


def do_repay(g: Position, seat: PlayerId, action: A.Action) -> None:
    assert isinstance(action, A.RepayLoan)
    key = (seat, action.to)
    left = g.loans[key] - action.amount
    if left:
        g.loans[key] = left
    else:
        del g.loans[key]
    g.transfer(seat, action.to, action.amount, "loan")
    g.emit(E.LoanRepaid(seat, action.to, action.amount))
    g.touch()
