"""docs/rules.md §6 Taxes: Income Tax and Luxury Tax, the Czech choice between the flat
income tax and a percentage of total worth, and the Free Parking pot (RU house rule:
taxes and fines go into it; who lands on Free Parking takes it)."""

from __future__ import annotations

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.position import BANK, CHOICE_TAX, Player, Position
from monopoly.board.rules import debts
from monopoly.core.ids import Money, PlayerId, SquareIndex


def tax(g: Position, sq: SquareIndex) -> Money:
    """The tax printed on `sq`, or the rule set's own amount."""
    t = g.t
    override = g.rules.income_tax if t.is_income_tax[sq] else g.rules.luxury_tax
    return t.tax[sq] if override is None else override


def landed_on_tax(g: Position, p: Player, sq: SquareIndex) -> None:
    if g.tax_choice_rule and g.t.is_income_tax[sq]:
        # CZ: 200 or 10 % of total worth, chosen before the worth is counted.
        g.choice = (p.seat, CHOICE_TAX, -1, tax(g, sq))
        g.touch()
    else:
        debts.charge(g, p.seat, BANK, tax(g, sq), "tax")


def total_worth(g: Position, seat: PlayerId) -> Money:
    """§6 income tax base: cash + printed price of every property (mortgaged or not) +
    buildings at cost."""
    p = g.players[seat]
    t = g.t
    worth = p.cash
    for sq in g.holdings[seat]:
        worth += t.price[sq] + g.level[sq] * t.house_cost[sq]
    return worth


def percent_tax(g: Position, seat: PlayerId) -> Money:
    """§6 (CZ): the income tax as `income_tax_percent` of total worth, rounded to the
    nearest."""
    return (total_worth(g, seat) * g.rules.income_tax_percent + 50) // 100


def do_choose_tax(g: Position, seat: PlayerId, action: A.Action) -> None:
    assert isinstance(action, A.ChooseTax) and g.choice is not None
    flat = g.choice[3]
    g.choice = None
    amount = percent_tax(g, seat) if action.percent else flat
    g.emit(E.TaxChosen(seat, "percent" if action.percent else "flat", amount))
    debts.charge(g, seat, BANK, amount, "income_tax")  # TaxChosen tells the amount
    g.touch()
