"""docs/rules.md §9 Bankruptcy: a debtor who cannot pay even after selling and
mortgaging everything is bankrupt, to a player or to the bank, and leaves the game.

To a player: the creditor gets the cash, the deeds (paying 10 % on the mortgaged ones,
then keeping or lifting each) and the jail cards; the buildings go back to the bank at
half price (the short game, `bankrupt_buildings_to_creditor`: to the creditor too). To
the bank (and with `bankrupt_estate_to_bank`, §9a, even when the debt is to a player):
the deeds lose their mortgages and are auctioned at once, the jail cards go back under
their decks. House rules: lenders share the cash with the creditor; the bankrupt may
stay in the game (`bankrupt_stays`, not after a forfeit). A seat that resigns, or whose
turn clock runs out, is forfeited the same way: bankrupt to the creditor of the debt it
is raising, else to the bank (CZ: "Hráč, který odchází ze hry, musí odevzdat veškerý
svůj majetek bankéři").
"""

from __future__ import annotations

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.decision import W_DEBT, not_pending, waiting
from monopoly.board.position import BANK, NOBODY, POT, Position
from monopoly.board.rules import auctions, buildings, debts, ending, moving, trades
from monopoly.core.ids import Money, PlayerId
from monopoly.core.text import Text


def check_bankrupt(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    why = not_pending(g, seat)
    if why:
        return why
    if waiting(g) != W_DEBT:
        return Text("bankruptcy is only for a debtor who cannot pay")
    owed = g.debts[0].amount
    can = debts.liquidation_value(g, seat)
    if can >= owed:
        return Text(
            "the debt of {owed} can still be raised (up to {available}): sell and mortgage",
            owed=owed,
            available=can,
        )
    return None


def do_bankrupt(g: Position, seat: PlayerId, action: A.Action) -> None:
    debt = g.debts[0]
    go_bankrupt(g, seat, debt.creditor, debt.amount)


def check_resign(g: Position, seat: PlayerId, action: A.Action) -> str | None:
    return None  # any seat still in the game, at any time (checked by the engine)


def do_resign(g: Position, seat: PlayerId, action: A.Action) -> None:
    g.emit(E.Resigned(seat))
    forfeit(g, seat)


def forfeit(g: Position, who: PlayerId) -> None:
    """A seat leaves the game (resigns, or its turn clock ran out): bankrupt to the
    creditor of the debt it is raising, else to the bank, never staying in."""
    creditor, owed = BANK, 0
    for d in g.debts:
        if d.debtor == who:
            creditor, owed = d.creditor, d.amount
            break
    go_bankrupt(g, who, creditor, owed, forfeit=True)


def go_bankrupt(
    g: Position, seat: PlayerId, creditor: PlayerId, owed: Money, *, forfeit: bool = False
) -> None:
    """`seat` is bankrupt to `creditor` (see the module docstring)."""
    p = g.players[seat]
    t = g.t
    rules = g.rules
    pct = rules.building_sell_percent
    if creditor == POT or rules.bankrupt_estate_to_bank:
        creditor = BANK
    keep_buildings = rules.bankrupt_buildings_to_creditor and creditor != BANK
    # Buildings go back to the bank at half price; the cash goes to the creditor.
    for sq in g.holdings[seat]:
        lv = g.level[sq]
        if lv and not keep_buildings:
            buildings.set_level(g, sq, 0)
            g.transfer(BANK, seat, lv * t.house_cost[sq] * pct // 100, "building_sale")
    g.debts = [d for d in g.debts if d.debtor != seat and d.creditor != seat]
    g.receipts = [r for r in g.receipts if r[0] != seat]
    if g.offer is not None and seat in (g.offer.proposer, g.offer.target):
        g.offer = None
    if g.placement is not None and g.placement[0] == seat:
        g.placement = None
    if g.choice is not None and g.choice[0] == seat:
        g.choice = None
    if g.loans:
        settle_loans_of_bankrupt(g, seat, creditor, owed)
    if p.cash:
        g.transfer(seat, creditor, p.cash, "bankruptcy")
    if creditor == BANK:
        for deck, idx in p.jail_cards:
            g.decks[deck].append(idx)  # back under their decks
        p.jail_cards = []
        for sq in list(g.holdings[seat]):
            g.give_property(sq, seat, BANK)
            g.mortgaged[sq] = False
            g.emit(E.PropertyTransferred(seat, BANK, sq, False))
            g.auction_queue.append(sq)
    else:
        for card in p.jail_cards:
            g.players[creditor].jail_cards.append(card)
            g.emit(E.JailCardTransferred(seat, creditor, t.deck_keys[card[0]]))
        p.jail_cards = []
        for sq in list(g.holdings[seat]):
            trades.receive(g, sq, seat, creditor)
    stays = rules.bankrupt_stays and not forfeit
    if not stays:
        p.bankrupt = True
    p.in_jail = False
    p.jail_turns = 0
    g.bankrupt_order.append(seat)
    g.emit(E.Bankrupt(seat, creditor))
    au = g.auction
    if stays:
        if au is not None and au.high_bidder == seat and au.sealed is None:
            au.high_bidder = NOBODY  # a bid it cannot pay any more
            au.high_bid = 0
    elif au is not None and au.sealed is not None and seat in au.bidders:
        au.bidders.remove(seat)
        au.sealed.pop(seat, None)
        auctions.sealed_progress(g)
    elif au is not None and seat in au.bidders:
        i = au.bidders.index(seat)
        del au.bidders[i]
        if i < au.turn:
            au.turn -= 1
        if au.high_bidder == seat:
            au.high_bidder = NOBODY
            au.high_bid = 0
        if au.bidders:
            au.turn %= len(au.bidders)
        g.auction = au
        if not au.bidders or (len(au.bidders) == 1 and au.high_bidder == au.bidders[0]):
            auctions.progress(g)
    g.touch()
    if len(g.active_seats()) <= 1:
        ending.finish(g, "last_player")
        return
    if rules.end == "bankruptcies" and len(g.bankrupt_order) >= rules.end_bankruptcies:
        ending.finish(g, "bankruptcies")
        return
    if seat == g.turn_player:
        g.after_debt_move = 0
        if not stays:
            moving.next_turn(g)


def settle_loans_of_bankrupt(g: Position, seat: PlayerId, creditor: PlayerId, owed: Money) -> None:
    """§9 house rule: a bankrupt borrower's lenders are creditors too: they share its cash
    with the creditor in proportion to what each is owed. Loans the bankrupt made pass to
    a player creditor (with the rest of the estate) or lapse."""
    claims = [
        (lender, amount)
        for (borrower, lender), amount in sorted(g.loans.items())
        if borrower == seat and not g.players[lender].bankrupt
    ]
    cash = g.players[seat].cash
    total = owed + sum(a for _, a in claims)
    if cash > 0 and total > 0:
        for lender, amount in claims:
            share = cash * amount // total
            if share:
                g.transfer(seat, lender, share, "bankruptcy")
    loans: dict[tuple[PlayerId, PlayerId], Money] = {}
    for (borrower, lender), amount in g.loans.items():
        if borrower == seat:
            continue
        if lender == seat:
            if creditor < 0 or creditor == borrower:
                continue
            lender = creditor
        loans[(borrower, lender)] = loans.get((borrower, lender), 0) + amount
    g.loans = loans
