"""Prompts: what the game asks of a seat now, and a label for each of its legal actions,
in English, Czech or Russian.

- :func:`prompt` is one sentence saying what the game waits for from a seat ("Buy
  Boardwalk for $400 or decline it?"), or None when it waits for nothing from it;
- :func:`label` is a short, specific button text for one entry of the seat's
  ``legal_actions()`` (a concrete action or a template): "Buy Boardwalk for
  $400", "Bid $121–$1,500", "Build a hotel on Boardwalk ($200)";
- :func:`labels` labels every legal entry of a seat at once.

They read only the seat's view (:class:`~monopoly.board.view.SeatView`), never the game.
Every text goes through the gettext catalogs of :mod:`monopoly.i18n`; square, deck and
seat names come from the edition and the game (through
:class:`~monopoly.narration.board.narrate.Narrator`)
and money is written in the edition's currency as the language writes it. A sealed
auction's prompt never tells another seat's bid. The labels and prompts about houses and
hotels read in the edition's own words where it names its buildings (the Disney edition's
White Rabbit Cottages and Sleeping Beauty Castles: the variants of :data:`EDITION_TEXTS`,
see :mod:`monopoly.narration.board.narrate`).

Example::

    >>> from monopoly.board.testing import new_game
    >>> g = new_game(2)
    >>> prompt(g.seat_view(0), "en")
    'Your turn: roll the dice.'
    >>> label(g.seat_view(0), g.legal_actions(0)[0], "cs")
    'Hodit kostkami'
    >>> prompt(g.seat_view(1), "en") is None
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from monopoly.board import actions as A
from monopoly.board.position import BANK, LOT_HOTEL, LOT_HOUSE, POT
from monopoly.board.view import SeatView
from monopoly.i18n import pgettext_noop
from monopoly.narration.board.narrate import Narrator

__all__ = ["label", "labels", "prompt"]


# The building labels and prompts in the words of the editions that name their buildings
# (message context: the edition's key; "auction of" becomes "disney|auction of"), marked
# for `make i18n`; looked up through Narrator.edition_gettext / edition_pgettext.
EDITION_TEXTS: Final = (
    pgettext_noop("disney", "Place the hotel on {square}"),
    pgettext_noop("disney", "Place the house on {square}"),
    pgettext_noop("disney", "Build a hotel on {square} ({amount})"),
    pgettext_noop("disney", "Build a house on {square} ({amount})"),
    pgettext_noop("disney", "Sell the hotel on {square} (+{amount})"),
    pgettext_noop("disney", "Sell a house on {square} (+{amount})"),
    pgettext_noop("disney", "Place the hotel you won at auction."),
    pgettext_noop("disney", "Place the house you won at auction."),
    pgettext_noop("disney|auction of", "a house"),
    pgettext_noop("disney|auction of", "a hotel"),
)


class _Words:
    """The seat's view, and the names, money and translations of its game in one language
    (``edition_gettext``, ``edition_pgettext``: the texts about buildings, in the edition's
    words if it has them)."""

    __slots__ = ("_", "edition_gettext", "edition_pgettext", "n", "pgettext", "view")

    def __init__(self, view: SeatView, lang: str, narrator: Narrator | None = None) -> None:
        self.view = view
        # unknown lang: UnknownLanguageError
        self.n = narrator if narrator is not None else Narrator.for_view(view, lang)
        self._ = self.n.t.gettext
        self.pgettext = self.n.t.pgettext
        self.edition_gettext = self.n.edition_gettext
        self.edition_pgettext = self.n.edition_pgettext

    def money(self, amount: int) -> str:
        return self.n.money(amount)

    def square(self, sq: int) -> str:
        return self.n.square(sq)

    def who(self, seat: int) -> str:
        return self.n.who(seat)

    def deck(self, key: str | None) -> str:
        return self.n.deck(key) if key else ""

    def bundle(self, b: A.Bundle) -> str:
        return self.n.bundle(b.text())


def _end(text: str) -> str:
    """A name that ends a sentence may end with its own full stop ("B. & O.")."""
    return text[:-1] if text.endswith("..") else text


# --------------------------------------------------------------------------- labels


def _roll(w: _Words, seat: int, a: A.LegalEntry) -> str:
    v = w.view
    if v.in_jail(seat):
        return w._("Try for doubles")
    if v.rolled and v.extra_roll and v.phase == "pre_roll":
        return w._("Roll again")
    return w._("Roll the dice")


def _pay_fine(w: _Words, seat: int, a: A.LegalEntry) -> str:
    fine = w.view.jail_fine(seat)
    if not fine:
        return w._("Leave jail without a fine")
    return w._("Pay the fine ({amount})").format(amount=w.money(fine))


def _use_card(w: _Words, seat: int, a: A.LegalEntry) -> str:
    return w._("Use a Get Out of Jail Free card")


def _buy(w: _Words, seat: int, a: A.LegalEntry) -> str:
    sq = w.view.buy_square
    if sq < 0:
        return w._("Buy")
    return w._("Buy {square} for {amount}").format(
        square=w.square(sq), amount=w.money(w.view.tables.price[sq])
    )


def _decline(w: _Words, seat: int, a: A.LegalEntry) -> str:
    if w.view.rules.auction == "none":
        return w._("Decline: it stays with the bank")
    return w._("Decline: the bank auctions it")


def _sealed(v: SeatView) -> bool:
    au = v.auction()
    return au is not None and bool(au["sealed"])


def _bid(w: _Words, seat: int, a: A.LegalEntry) -> str:
    assert isinstance(a, A.Bid)
    if _sealed(w.view):
        return w._("Hand in a sealed bid of {amount}").format(amount=w.money(a.amount))
    return w._("Bid {amount}").format(amount=w.money(a.amount))


def _bid_range(w: _Words, seat: int, a: A.LegalEntry) -> str:
    assert isinstance(a, A.BidRange)
    if a.low == a.high:
        return _bid(w, seat, A.Bid(a.low))
    low, high = w.money(a.low), w.money(a.high)
    if _sealed(w.view):
        return w._("Hand in a sealed bid ({low}–{high})").format(low=low, high=high)
    return w._("Bid {low}–{high}").format(low=low, high=high)


def _pass(w: _Words, seat: int, a: A.LegalEntry) -> str:
    if _sealed(w.view):
        return w._("Pass: no bid")
    return w._("Pass")


def _end_turn(w: _Words, seat: int, a: A.LegalEntry) -> str:
    return w._("End the turn")


def _bankrupt(w: _Words, seat: int, a: A.LegalEntry) -> str:
    return w._("Declare bankruptcy")


def _accept(w: _Words, seat: int, a: A.LegalEntry) -> str:
    return w._("Accept the trade")


def _reject(w: _Words, seat: int, a: A.LegalEntry) -> str:
    return w._("Reject the trade")


def _trade_template(w: _Words, seat: int, a: A.LegalEntry) -> str:
    assert isinstance(a, A.TradeTemplate)
    if a.counter:
        return w._("Counter-offer")
    return w._("Propose a trade")


def _propose(w: _Words, seat: int, a: A.LegalEntry) -> str:
    assert isinstance(a, A.ProposeTrade)
    return w._("Propose to {player}: you give {give}; you get {take}").format(
        player=w.who(a.to), give=w.bundle(a.give), take=w.bundle(a.take)
    )


def _counter(w: _Words, seat: int, a: A.LegalEntry) -> str:
    assert isinstance(a, A.CounterTrade)
    return w._("Counter-offer: you give {give}; you get {take}").format(
        give=w.bundle(a.give), take=w.bundle(a.take)
    )


def _build(w: _Words, seat: int, a: A.LegalEntry) -> str:
    assert isinstance(a, A.Build)
    v = w.view
    sq = a.square
    square = w.square(sq)
    placement = v.placement()
    if placement is not None and placement[0] == seat:
        if placement[1] == LOT_HOTEL:
            return w.edition_gettext("Place the hotel on {square}").format(square=square)
        return w.edition_gettext("Place the house on {square}").format(square=square)
    amount = w.money(v.tables.house_cost[sq])
    if v.level(sq) == v.hotel_level - 1:
        text = w.edition_gettext("Build a hotel on {square} ({amount})")
    else:
        text = w.edition_gettext("Build a house on {square} ({amount})")
    return text.format(square=square, amount=amount)


def _sell(w: _Words, seat: int, a: A.LegalEntry) -> str:
    assert isinstance(a, A.SellBuilding)
    v = w.view
    sq = a.square
    refund = w.money(v.tables.house_cost[sq] * v.rules.building_sell_percent // 100)
    if v.level(sq) >= v.hotel_level:
        return w.edition_gettext("Sell the hotel on {square} (+{amount})").format(
            square=w.square(sq), amount=refund
        )
    return w.edition_gettext("Sell a house on {square} (+{amount})").format(
        square=w.square(sq), amount=refund
    )


def _mortgage_value(v: SeatView, sq: int) -> int:
    return v.tables.price[sq] // 2


def _mortgage(w: _Words, seat: int, a: A.LegalEntry) -> str:
    assert isinstance(a, A.Mortgage)
    return w._("Mortgage {square} (+{amount})").format(
        square=w.square(a.square), amount=w.money(_mortgage_value(w.view, a.square))
    )


def _unmortgage(w: _Words, seat: int, a: A.LegalEntry) -> str:
    assert isinstance(a, A.Unmortgage)
    v = w.view
    cost = _mortgage_value(v, a.square) + v.interest(a.square)
    return w._("Lift the mortgage on {square} ({amount})").format(
        square=w.square(a.square), amount=w.money(cost)
    )


def _lift(w: _Words, seat: int, a: A.LegalEntry) -> str:
    assert isinstance(a, A.LiftReceived)
    return w._("Lift the mortgage now ({amount})").format(
        amount=w.money(_mortgage_value(w.view, a.square))
    )


def _keep(w: _Words, seat: int, a: A.LegalEntry) -> str:
    return w._("Keep it mortgaged")


def _raise_template(w: _Words, seat: int, a: A.LegalEntry) -> str:
    return w._("Sell and mortgage to raise funds")


def _raise(w: _Words, seat: int, a: A.LegalEntry) -> str:
    assert isinstance(a, A.RaiseFunds)
    nothing = w._("nothing")
    sell = ", ".join(w.square(sq) for sq, _ in a.levels) or nothing
    mortgage = ", ".join(w.square(sq) for sq in a.mortgages) or nothing
    return w._("Raise funds: sell buildings on {sell}; mortgage {mortgage}").format(
        sell=sell, mortgage=mortgage
    )


def _flat_tax(v: SeatView) -> int:
    choice = v.choice()
    if choice is not None and choice[1] == "tax":
        return choice[2]
    if v.rules.income_tax is not None:
        return v.rules.income_tax
    t = v.tables
    return next((t.tax[sq] for sq in range(len(t.tax)) if t.is_income_tax[sq]), 0)


def _choose_tax(w: _Words, seat: int, a: A.LegalEntry) -> str:
    assert isinstance(a, A.ChooseTax)
    v = w.view
    if a.percent:
        # docs/rules.md §6 (CZ): the choice is made before the worth is counted, so the label
        # does not count it; the amount is told once chosen (TaxChosen).
        return w._("Pay {percent} % of your total worth").format(
            percent=v.rules.income_tax_percent
        )
    return w._("Pay the flat income tax ({amount})").format(amount=w.money(_flat_tax(v)))


def _choose_card(w: _Words, seat: int, a: A.LegalEntry) -> str:
    assert isinstance(a, A.ChooseCard)
    choice = w.view.choice()
    amount = choice[2] if choice is not None else 0
    if a.draw:
        return w._("Take a {deck} card").format(deck=w.deck(w.view.choice_deck()))
    return w._("Pay the fine ({amount})").format(amount=w.money(amount))


def _repay_range(w: _Words, seat: int, a: A.LegalEntry) -> str:
    assert isinstance(a, A.RepayRange)
    if a.low == a.high:
        return _repay(w, seat, A.RepayLoan(a.to, a.high))
    return w._("Repay {player} up to {amount}").format(
        player=w.who(a.to), amount=w.money(a.high)
    )


def _repay(w: _Words, seat: int, a: A.LegalEntry) -> str:
    assert isinstance(a, A.RepayLoan)
    return w._("Repay {player} {amount}").format(player=w.who(a.to), amount=w.money(a.amount))


def _call_time(w: _Words, seat: int, a: A.LegalEntry) -> str:
    return w._("Call time")


def _expire(w: _Words, seat: int, a: A.LegalEntry) -> str:
    return w._("Let the trade offer expire")


def _timeout(w: _Words, seat: int, a: A.LegalEntry) -> str:
    assert isinstance(a, A.Timeout)
    return w._("Time out: {player} leaves the game").format(player=w.who(a.seat))


def _stop(w: _Words, seat: int, a: A.LegalEntry) -> str:
    return w._("Stop the game")


def _resign(w: _Words, seat: int, a: A.LegalEntry) -> str:
    if any(debtor == seat for debtor, _, _ in w.view.debts()):
        return w._("Leave the game: everything goes to your creditor")
    return w._("Leave the game: everything goes to the bank")


_LABELS: dict[type, Callable[[_Words, int, A.LegalEntry], str]] = {
    A.Roll: _roll,
    A.PayJailFine: _pay_fine,
    A.UseJailCard: _use_card,
    A.Buy: _buy,
    A.Decline: _decline,
    A.Bid: _bid,
    A.BidRange: _bid_range,
    A.PassBid: _pass,
    A.EndTurn: _end_turn,
    A.DeclareBankruptcy: _bankrupt,
    A.AcceptTrade: _accept,
    A.RejectTrade: _reject,
    A.TradeTemplate: _trade_template,
    A.ProposeTrade: _propose,
    A.CounterTrade: _counter,
    A.Build: _build,
    A.SellBuilding: _sell,
    A.Mortgage: _mortgage,
    A.Unmortgage: _unmortgage,
    A.LiftReceived: _lift,
    A.KeepMortgaged: _keep,
    A.RaiseFundsTemplate: _raise_template,
    A.RaiseFunds: _raise,
    A.ChooseTax: _choose_tax,
    A.ChooseCard: _choose_card,
    A.RepayRange: _repay_range,
    A.RepayLoan: _repay,
    A.CallTime: _call_time,
    A.ExpireOffer: _expire,
    A.Timeout: _timeout,
    A.StopGame: _stop,
    A.Resign: _resign,
}


def _label(w: _Words, seat: int, entry: A.LegalEntry) -> str:
    handler = _LABELS.get(type(entry))
    if handler is None:  # an action added later: its text form, never nothing
        return entry.text()
    return handler(w, seat, entry)


def label(
    view: SeatView, entry: A.LegalEntry, lang: str = "en", narrator: Narrator | None = None,
) -> str:
    """A short button label for ``entry`` (an entry of the view's ``legal_actions()``, or
    a concrete action made from a template) in ``lang`` (en, cs or ru). `narrator`: the
    game's narrator in ``lang``, when the caller keeps one (as for :func:`prompt`)."""
    return _label(_Words(view, lang, narrator), _seat(view), entry)


def labels(view: SeatView, lang: str = "en") -> list[tuple[A.LegalEntry, str]]:
    """Every entry of the view's ``legal_actions()`` with its label, in the same order."""
    w = _Words(view, lang)
    seat = _seat(view)
    return [(entry, _label(w, seat, entry)) for entry in view.legal_actions()]


def _seat(view: SeatView) -> int:
    if view.seat is None:
        raise ValueError("a spectator's view has no legal actions to label")
    return view.seat


# --------------------------------------------------------------------------- prompts


def _creditor(w: _Words, creditor: int) -> str:
    """Whom a debt is owed to, as "You owe $300 {creditor}" needs it ("to Bob")."""
    if creditor == BANK:
        return w.pgettext("owed to", "to the bank")
    if creditor == POT:
        return w.pgettext("owed to", "to the Free Parking pot")
    return w.pgettext("owed to", "to {player}").format(player=w.who(creditor))


def _lot(w: _Words, lot: str, square: int) -> str:
    """What is auctioned, as "Auction of {lot}" needs it."""
    if lot == LOT_HOUSE:
        return w.edition_pgettext("auction of", "a house")
    if lot == LOT_HOTEL:
        return w.edition_pgettext("auction of", "a hotel")
    return w.pgettext("auction of", "{square}").format(square=w.square(square))


def _game_over(w: _Words) -> str:
    outcome = w.view.outcome
    if outcome is not None and outcome.winner is not None:
        return _end(w._("The game is over: {winner} wins.").format(winner=w.who(outcome.winner)))
    return w._("The game is over.")


def _offer_prompt(w: _Words, seat: int) -> str:
    v = w.view
    offer = v.offer()
    assert offer is not None
    if v.is_legal(A.ACCEPT_TRADE):
        text = w._(
            "{proposer} offers you a trade: you get {give}; you give {take}. "
            "Accept, reject or make a counter-offer?"
        )
    else:
        text = w._(
            "{proposer} offers you a trade: you get {give}; you give {take}. "
            "You cannot accept it now: reject it or make a counter-offer."
        )
    return text.format(
        proposer=w.who(offer["proposer"]), give=w.bundle(offer["give"]),
        take=w.bundle(offer["take"]),
    )


def _choice_prompt(w: _Words, seat: int) -> str:
    v = w.view
    choice = v.choice()
    assert choice is not None
    if choice[1] == "tax":
        return w._(
            "Income tax: pay {amount} or {percent} % of your total worth? "
            "Choose before counting."
        ).format(amount=w.money(choice[2]), percent=v.rules.income_tax_percent)
    return w._("Pay a fine of {amount} or take a {deck} card?").format(
        amount=w.money(choice[2]), deck=w.deck(v.choice_deck())
    )


def _debt_prompt(w: _Words, seat: int) -> str:
    v = w.view
    debts = v.debts()
    _, creditor, amount = next((d for d in debts if d[0] == seat), debts[0])
    if A.DECLARE_BANKRUPTCY in v.legal_actions():
        text = w._(
            "You owe {amount} {creditor}, more than you can raise: "
            "declare bankruptcy or trade for the money."
        )
    else:
        text = w._(
            "You owe {amount} {creditor} and have {cash}: "
            "sell, mortgage or trade to raise it."
        )
    return text.format(
        amount=w.money(amount),
        creditor=_creditor(w, creditor),
        cash=w.money(v.cash(seat)),
    )


def _receipt_prompt(w: _Words, seat: int) -> str:
    v = w.view
    receipt = v.receipt()
    assert receipt is not None
    sq = receipt[1]
    amount = w.money(_mortgage_value(v, sq))
    if v.is_legal(A.LIFT[sq]):
        text = w._("You received mortgaged {square}: lift the mortgage now ({amount}) or keep it?")
    else:
        text = w._(
            "You received mortgaged {square} and cannot lift the mortgage now ({amount}): "
            "keep it mortgaged."
        )
    return text.format(square=w.square(sq), amount=amount)


def _placement_prompt(w: _Words, seat: int) -> str:
    placement = w.view.placement()
    assert placement is not None
    if placement[1] == LOT_HOTEL:
        return w.edition_gettext("Place the hotel you won at auction.")
    return w.edition_gettext("Place the house you won at auction.")


def _auction_prompt(w: _Words, seat: int) -> str:
    v = w.view
    au = v.auction()
    assert au is not None
    lot = _lot(w, au["lot"], au["square"])
    if au["sealed"]:  # never a word about the bids handed in
        if au["round"] > 1:
            return w._(
                "Sealed auction of {lot}, repeated after a tie: hand in your hidden bid."
            ).format(lot=lot)
        return w._("Sealed auction of {lot}: hand in your hidden bid.").format(lot=lot)
    can_bid = any(isinstance(e, A.BidRange) for e in v.legal_actions())
    if au["high_bidder"] is None:
        if can_bid:
            return w._("Auction of {lot}: no bids yet. Your bid?").format(lot=lot)
        return w._("Auction of {lot}: you cannot bid: pass.").format(lot=lot)
    if can_bid:
        text = w._("Auction of {lot}: the high bid is {amount} ({player}). Your bid?")
    else:
        text = w._(
            "Auction of {lot}: the high bid is {amount} ({player}), more than you can pay: pass."
        )
    return text.format(lot=lot, amount=w.money(au["high_bid"]), player=w.who(au["high_bidder"]))


def _jail_prompt(w: _Words, seat: int) -> str:
    v = w.view
    legal = v.legal_actions()
    fine, card = A.PAY_JAIL_FINE in legal, A.USE_JAIL_CARD in legal
    if fine and card:
        text = w._("You are in jail: pay the fine, use a card or try for doubles.")
    elif fine:
        text = w._("You are in jail: pay the fine or try for doubles.")
    elif card:
        text = w._("You are in jail: use a card or try for doubles.")
    else:
        text = w._("You are in jail: try for doubles.")
    if v.jail_turns(seat) >= v.rules.max_jail_turns - 1 and v.jail_fine(seat):
        text += " " + w._("This is your last try: if it fails, you pay the fine.")
    return text


def _turn_prompt(w: _Words, seat: int, kind: str) -> str:
    v = w.view
    if kind == "roll":
        if v.in_jail(seat):
            return _jail_prompt(w, seat)
        if v.rolled and v.extra_roll:
            return w._("You rolled doubles: roll again.")
        return w._("Your turn: roll the dice.")
    if kind == "buy":
        sq = v.buy_square
        square, amount = w.square(sq), w.money(v.tables.price[sq])
        if v.is_legal(A.BUY):
            return w._("Buy {square} for {amount} or decline it?").format(
                square=square, amount=amount
            )
        return w._(
            "{square} costs {amount}, more than your cash: raise the money or decline it."
        ).format(square=square, amount=amount)
    if v.time_called:
        return w._("Time is called: end the turn to finish the game.")
    return w._("Build, mortgage or trade if you like, then end the turn.")


def prompt(view: SeatView, lang: str = "en", narrator: Narrator | None = None) -> str | None:
    """One sentence saying what the game waits for from the view's seat now, in ``lang``;
    None when it waits for nothing from that seat. Once the game is over, every seat is
    told so. `narrator`: the game's narrator in ``lang``, when the caller keeps one (the
    server's rooms do: building one costs more than the sentence).

    The sentence follows the decision waiting (``view.decision()``: a trade offer, a
    choice, a debt, a received mortgaged deed, a building to place, an auction, then the
    turn itself, in the engine's order)."""
    w = _Words(view, lang, narrator)
    decision = view.decision()
    if decision.is_over:
        return _game_over(w)
    seat = view.seat
    if seat is None or seat not in decision.seats:
        return None
    handler = _PROMPTS.get(decision.kind)
    text = handler(w, seat) if handler is not None else _turn_prompt(w, seat, decision.kind)
    return _end(text)


_PROMPTS: dict[str, Callable[[_Words, int], str]] = {
    "trade_answer": _offer_prompt,
    "tax_choice": _choice_prompt,
    "card_choice": _choice_prompt,
    "raise_funds": _debt_prompt,
    "mortgaged_deed": _receipt_prompt,
    "place_house": _placement_prompt,
    "place_hotel": _placement_prompt,
    "bid": _auction_prompt,
    "sealed_bid": _auction_prompt,
}
