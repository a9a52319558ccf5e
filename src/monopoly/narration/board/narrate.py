"""Narration: one sentence for each typed event of the board game, in en, cs or ru.

The sentences are templates translated through the gettext catalogs of
:mod:`monopoly.i18n` (plural forms included: "3 houses", "3 domy", "3 дома"); money is
written as the language writes it, with the edition's currency; square, deck and card names
come from the edition's data in the narrator's language.

Example::

    >>> from monopoly.board import Game
    >>> from monopoly.board import events as E
    >>> game = Game(["Ann", "Bob"], seed=1)
    >>> n = Narrator.for_game(game)
    >>> n.sentence(E.DiceRolled(0, 3, 4))
    'Ann rolls 3 + 4.'
    >>> n.sentence(E.Bought(0, 39, 400))
    'Ann buys Boardwalk for $400.'
    >>> n.sentence(E.Paid(1, 0, 50, "rent"))
    'Bob pays Ann $50 rent.'
    >>> Narrator.for_game(game, "cs").sentence(E.Paid(1, 0, 1500, "rent"))
    'Bob platí hráči Ann nájemné 1\\xa0500\\xa0$.'

An edition that names its own buildings (``Edition.buildings``: the Disney edition's White
Rabbit Cottages and Sleeping Beauty Castles) has its own variant of every sentence about
houses and hotels, kept in the catalogs under the message context of the edition's key
(``pgettext("disney", ...)``), so that each language words it with its own grammar::

    >>> disney = Game(["Ann", "Bob"], seed=1, edition="disney")
    >>> Narrator.for_game(disney).houses(2)
    '2 White Rabbit Cottages'

An edition without such a variant in a language reads the common sentence.

Events that the engine adds later are narrated by their ``kind`` (so this module works
with and without them); an unknown kind is named, never dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from monopoly.board import events as E
from monopoly.board.actions import Bundle
from monopoly.board.edition import Edition
from monopoly.board.game import Game
from monopoly.board.view import SeatView
from monopoly.i18n import Translator, npgettext_noop, pgettext_noop, translation
from monopoly.i18n import gettext_noop as N_

__all__ = ["Narrator", "narrate"]

POT: Final = E.POT  # the Free Parking pot as a payer or payee

# Payments whose companion event tells the amount already: PassedGo, Bought, Built, Sold,
# Mortgaged, Unmortgaged, AuctionWon, Released (fine / third roll).
_TOLD_ELSEWHERE: Final = frozenset(
    {
        "go",
        "purchase",
        "building",
        "building_sale",
        "mortgage",
        "unmortgage",
        "auction",
        "jail_fine",
        "income_tax",  # TaxChosen
    }
)

_PAID_TO_BANK: Final[Mapping[str, str]] = {
    "tax": N_("{payer} pays {amount} tax."),
    "card": N_("{payer} pays {amount} to the bank."),
    "repairs": N_("{payer} pays {amount} for repairs."),
    "jail_fine": N_("{payer} pays the {amount} fine to leave jail."),
    "purchase": N_("{payer} pays {amount} for the property."),
    "auction": N_("{payer} pays {amount} for the auction lot."),
    "building": N_("{payer} pays {amount} for a building."),
    "unmortgage": N_("{payer} pays {amount} to lift a mortgage."),
    "mortgage_fee": N_("{payer} pays the {amount} fee on a mortgaged deed."),
    "bankruptcy": N_("{payer} hands the last {amount} to the bank."),
}
_PAID_BY_BANK: Final[Mapping[str, str]] = {
    "go": N_("The bank pays {payee} a {amount} salary."),
    "start_salary": N_("The bank pays {payee} the {amount} salary on the start square."),
    "card": N_("The bank pays {payee} {amount}."),
    "building_sale": N_("The bank pays {payee} {amount} for buildings sold."),
    "mortgage": N_("The bank lends {payee} {amount} on a mortgage."),
    "auction_refund": N_("The bank refunds {payee} {amount}."),
}
_PAID_BETWEEN: Final[Mapping[str, str]] = {
    "rent": N_("{payer} pays {payee} {amount} rent."),
    "card": N_("{payer} pays {payee} {amount}."),
    "trade": N_("{payer} pays {payee} {amount} in a trade."),
    "bankruptcy": N_("{payer} hands the last {amount} to {payee}."),
}
_JAILED: Final[Mapping[str, str]] = {
    "doubles": N_("{player} rolls doubles three times and goes to jail."),
    "card": N_("{player} goes to jail by the card."),
    "square": N_("{player} goes to jail."),
}
_RELEASED: Final[Mapping[str, str]] = {
    "doubles": N_("{player} rolls doubles and leaves jail."),
    "fine": N_("{player} pays the fine and leaves jail."),
    "card": N_("{player} uses a Get Out of Jail Free card and leaves jail."),
    "third_roll": N_("{player} must pay the fine after the third try and leaves jail."),
}
# docs/rules.md §11: why a game ended, when there is no single winner to name.
_GAME_OVER: Final[Mapping[str, str]] = {
    "turn_limit": N_(
        "Game over: the turn limit stopped the game with no winner. "
        "Ranking by net worth: {ranking}."
    ),
    "bankruptcies": N_(
        "Game over: enough players went bankrupt. Ranking by net worth: {ranking}."
    ),
    "time_limit": N_("Game over: the time is up. Ranking by net worth: {ranking}."),
    "target_worth": N_("Game over: a player reached the target worth. Ranking: {ranking}."),
    "stopped": N_("The game was stopped. Ranking by net worth: {ranking}."),
}


# The sentences about houses and hotels in the words of the editions that name their
# buildings (Edition.buildings), by the message context of the edition's key: marked here for
# `make i18n`, looked up by Narrator.edition_gettext / edition_ngettext /
# edition_pgettext (a context of its own, "auction of", becomes "disney|auction of").
# The labels and prompts of building actions (monopoly.narration.board.prompts) keep their
# table there.
EDITION_TEXTS: Final = (
    pgettext_noop("disney", "a house for {square}"),
    pgettext_noop("disney", "a hotel for {square}"),
    npgettext_noop("disney", "{n} house", "{n} houses"),
    pgettext_noop("disney", "{player} builds a hotel on {square} for {amount}."),
    npgettext_noop(
        "disney",
        "{player} builds a house on {square} for {amount} ({n} house there now).",
        "{player} builds a house on {square} for {amount} ({n} houses there now).",
    ),
    npgettext_noop(
        "disney",
        "{player} sells buildings on {square} for {amount}; {n} house is left there.",
        "{player} sells buildings on {square} for {amount}; {n} houses are left there.",
    ),
)


class Narrator:
    """Turns events into sentences for one game's edition, seat names and language.

    ``lang`` is en, cs or ru (:class:`~monopoly.i18n.UnknownLanguageError` otherwise);
    ``hotel_level`` is the building level of a hotel (``Game.hotel_level``: the rule set's
    ``houses_for_hotel`` + 1)."""

    def __init__(
        self, edition: Edition, seats: Sequence[str], lang: str = "en", hotel_level: int = 5
    ) -> None:
        self.edition = edition
        self.seats = tuple(seats)
        self.lang = lang
        self.hotel_level = hotel_level
        self.t: Translator = translation(lang)
        self._ = self.t.gettext
        self.ngettext = self.t.ngettext
        # the message context of this edition's own building words (None: house/hotel)
        self.edition_context: str | None = edition.key if edition.buildings else None
        self._cards = {c.key: c for deck in edition.decks.values() for c in deck}
        self._handlers: dict[type, Callable[[Any], str]] = {
            E.OrderDecided: self._order_decided,
            E.TurnStarted: self._turn_started,
            E.DiceRolled: self._dice_rolled,
            E.Moved: self._moved,
            E.PassedGo: self._passed_go,
            E.Paid: self._paid,
            E.Bought: self._bought,
            E.AuctionStarted: self._auction_started,
            E.BidPlaced: self._bid_placed,
            E.BidPassed: self._bid_passed,
            E.AuctionWon: self._auction_won,
            E.AuctionUnsold: self._auction_unsold,
            E.CardDrawn: self._card_drawn,
            E.Built: self._built,
            E.Sold: self._sold,
            E.Mortgaged: self._mortgaged,
            E.Unmortgaged: self._unmortgaged,
            E.KeptMortgaged: self._kept_mortgaged,
            E.TradeProposed: self._trade_proposed,
            E.TradeAccepted: self._trade_accepted,
            E.TradeRejected: self._trade_rejected,
            E.PropertyTransferred: self._property_transferred,
            E.JailCardTransferred: self._jail_card_transferred,
            E.Jailed: self._jailed,
            E.Released: self._released,
            E.StayedInJail: self._stayed_in_jail,
            E.DebtIncurred: self._debt_incurred,
            E.Bankrupt: self._bankrupt,
            E.TurnEnded: self._turn_ended,
            E.GameOver: self._game_over,
        }
        # events of the rule variants, by kind (docs/rules.md §1, §3, §5, §6, §9, §11)
        self._by_kind: dict[str, Callable[[Any], str]] = {
            "property_dealt": self._property_dealt,
            "sealed_bid_submitted": self._sealed_bid_submitted,
            "sealed_bids_revealed": self._sealed_bids_revealed,
            "sealed_tie": self._sealed_tie,
            "tie_roll": self._tie_roll,
            "auction_winner_cannot_pay": self._auction_winner_cannot_pay,
            "tax_chosen": self._tax_chosen,
            "card_choice": self._card_choice,
            "loan_made": self._loan_made,
            "loan_repaid": self._loan_repaid,
            "time_called": self._time_called,
            "offer_expired": self._offer_expired,
            "timed_out": self._timed_out,
            "game_stopped": self._game_stopped,
            "resigned": self._resigned,
        }

    @classmethod
    def for_game(cls, game: Game, lang: str = "en") -> Narrator:
        return cls(game.edition, list(game.seat_names), lang, game.hotel_level)

    @classmethod
    def for_view(cls, view: SeatView, lang: str = "en") -> Narrator:
        """The narrator of the game a seat's view looks at."""
        names = [view.name(s) for s in range(view.seats)]
        return cls(view.edition, names, lang, view.hotel_level)

    # --- names

    def who(self, seat: int) -> str:
        """A seat's name; the bank is "the bank"."""
        if seat == E.BANK:
            return self._("the bank")
        if seat == POT:
            return self._("the Free Parking pot")
        if 0 <= seat < len(self.seats):
            return self.seats[seat]
        return self._("seat {seat}").format(seat=seat)

    def square(self, index: int) -> str:
        names = self.edition.squares[index].names
        return names.get(self.lang) or names["en"]

    def money(self, amount: int) -> str:
        """An amount in the edition's currency, written as the language writes money."""
        return self.t.money(amount, self.edition.currency)

    def deck(self, key: str) -> str:
        names = self.edition.deck_names.get(key, {})
        return names.get(self.lang) or names.get("en") or key

    def players(self, seats: Iterable[int]) -> str:
        return ", ".join(self.who(s) for s in seats)

    # --- texts in the edition's words (its houses and hotels)

    def edition_gettext(self, message: str) -> str:
        """``message`` as the edition words it (its context: the edition's key) where the
        catalog has that variant, else the common translation."""
        ctx = self.edition_context
        if ctx is not None:
            text = self.t.pgettext(ctx, message)
            if text != message:
                return text
        return self._(message)

    def edition_ngettext(self, singular: str, plural: str, n: int) -> str:
        """Like :meth:`edition_gettext`, the form for count ``n``."""
        ctx = self.edition_context
        if ctx is not None:
            text = self.t.npgettext(ctx, singular, plural, n)
            if text not in (singular, plural):
                return text
        return self.ngettext(singular, plural, n)

    def edition_pgettext(self, context: str, message: str) -> str:
        """Like :meth:`edition_gettext` for a message with a ``context``: the edition's
        variant has the context ``"<edition>|<context>"``."""
        ctx = self.edition_context
        if ctx is not None:
            text = self.t.pgettext(ctx + "|" + context, message)
            if text != message:
                return text
        return self.t.pgettext(context, message)

    # --- the sentence

    def sentence(self, event: E.Event) -> str:
        """One sentence for ``event`` (an unknown event kind is named, never dropped)."""
        handler = self._handlers.get(type(event)) or self._by_kind.get(event.kind)
        if handler is None:
            return self._("Event: {kind}.").format(kind=event.kind)
        text = handler(event)
        # a name that ends a sentence may end with its own full stop ("B. & O.")
        return text[:-1] if text.endswith("..") else text

    def sentences(self, events: Iterable[E.Event]) -> list[str]:
        """One sentence per event, every event."""
        return [self.sentence(e) for e in events]

    def story(self, events: Iterable[E.Event]) -> list[str]:
        """Sentences for reading: like :meth:`sentences`, without the payments that another
        event of the same action already tells (the GO salary, a purchase, a building...)."""
        return [
            self.sentence(e)
            for e in events
            if not (isinstance(e, E.Paid) and e.reason in _TOLD_ELSEWHERE)
        ]

    # --- one handler per event kind

    def _order_decided(self, e: E.OrderDecided) -> str:
        return self._("The playing order is {order}.").format(order=self.players(e.order))

    def _turn_started(self, e: E.TurnStarted) -> str:
        return self._("Turn {turn}: {player} is on turn.").format(
            turn=e.turn, player=self.who(e.player)
        )

    def _dice_rolled(self, e: E.DiceRolled) -> str:
        if e.die1 == e.die2:
            text = self._("{player} rolls {d1} + {d2}, doubles.")
        else:
            text = self._("{player} rolls {d1} + {d2}.")
        return text.format(player=self.who(e.player), d1=e.die1, d2=e.die2)

    def _moved(self, e: E.Moved) -> str:
        return self._("{player} moves to {square}.").format(
            player=self.who(e.player), square=self.square(e.to_square)
        )

    def _passed_go(self, e: E.PassedGo) -> str:
        return self._("{player} passes {go} and collects {amount}.").format(
            player=self.who(e.player), go=self.square(0), amount=self.money(e.salary)
        )

    def _paid(self, e: E.Paid) -> str:
        if e.payee == POT:
            template = N_("{payer} pays {amount} into the Free Parking pot.")
        elif e.payer == POT:
            template = N_("{payee} takes the Free Parking pot of {amount}.")
        elif e.payee == E.BANK:
            template = _PAID_TO_BANK.get(e.reason, N_("{payer} pays {amount} to the bank."))
        elif e.payer == E.BANK:
            template = _PAID_BY_BANK.get(e.reason, N_("The bank pays {payee} {amount}."))
        else:
            template = _PAID_BETWEEN.get(e.reason, N_("{payer} pays {payee} {amount}."))
        return self._(template).format(
            payer=self.who(e.payer), payee=self.who(e.payee), amount=self.money(e.amount)
        )

    def _bought(self, e: E.Bought) -> str:
        return self._("{player} buys {square} for {amount}.").format(
            player=self.who(e.player), square=self.square(e.square), amount=self.money(e.price)
        )

    def _lot(self, lot: str, square: int) -> str:
        if lot == "house":
            return self.edition_gettext("a house for {square}").format(square=self.square(square))
        if lot == "hotel":
            return self.edition_gettext("a hotel for {square}").format(square=self.square(square))
        return self.square(square)

    def _auction_started(self, e: E.AuctionStarted) -> str:
        return self._("{lot} goes to auction.").format(lot=self._lot(e.lot, e.square))

    def _bid_placed(self, e: E.BidPlaced) -> str:
        return self._("{player} bids {amount}.").format(
            player=self.who(e.player), amount=self.money(e.amount)
        )

    def _bid_passed(self, e: E.BidPassed) -> str:
        return self._("{player} passes.").format(player=self.who(e.player))

    def _auction_won(self, e: E.AuctionWon) -> str:
        return self._("{player} wins {lot} at auction for {amount}.").format(
            player=self.who(e.player), lot=self._lot(e.lot, e.square), amount=self.money(e.amount)
        )

    def _auction_unsold(self, e: E.AuctionUnsold) -> str:
        return self._("Nobody bids: {square} stays with the bank.").format(
            square=self.square(e.square)
        )

    def _card_drawn(self, e: E.CardDrawn) -> str:
        card = self._cards.get(e.card)
        text = (card.texts.get(self.lang) or card.texts.get("en", e.card)) if card else e.card
        return self._("{player} draws {deck}: “{text}”").format(
            player=self.who(e.player), deck=self.deck(e.deck), text=text.rstrip(".") + "."
        )

    def houses(self, n: int) -> str:
        """``3 houses`` in the narrator's language (plural forms: 1 dům, 2 domy, 5 domů); in
        the edition's words where it names its houses (``3 White Rabbit Cottages``)."""
        return self.edition_ngettext("{n} house", "{n} houses", n).format(n=n)

    def _built(self, e: E.Built) -> str:
        square = self.square(e.square)
        amount = self.money(e.cost)
        if e.level >= self.hotel_level:
            return self.edition_gettext("{player} builds a hotel on {square} for {amount}.").format(
                player=self.who(e.player), square=square, amount=amount
            )
        return self.edition_ngettext(
            "{player} builds a house on {square} for {amount} ({n} house there now).",
            "{player} builds a house on {square} for {amount} ({n} houses there now).",
            e.level,
        ).format(player=self.who(e.player), square=square, amount=amount, n=e.level)

    def _sold(self, e: E.Sold) -> str:
        player, square, amount = self.who(e.player), self.square(e.square), self.money(e.refund)
        if e.level == 0:
            return self._(
                "{player} sells buildings on {square} for {amount}; none are left there."
            ).format(player=player, square=square, amount=amount)
        return self.edition_ngettext(
            "{player} sells buildings on {square} for {amount}; {n} house is left there.",
            "{player} sells buildings on {square} for {amount}; {n} houses are left there.",
            e.level,
        ).format(player=player, square=square, amount=amount, n=e.level)

    def _mortgaged(self, e: E.Mortgaged) -> str:
        return self._("{player} mortgages {square} for {amount}.").format(
            player=self.who(e.player), square=self.square(e.square), amount=self.money(e.amount)
        )

    def _unmortgaged(self, e: E.Unmortgaged) -> str:
        return self._("{player} lifts the mortgage on {square} for {amount}.").format(
            player=self.who(e.player), square=self.square(e.square), amount=self.money(e.amount)
        )

    def _kept_mortgaged(self, e: E.KeptMortgaged) -> str:
        return self._("{player} keeps {square} mortgaged.").format(
            player=self.who(e.player), square=self.square(e.square)
        )

    def _trade_proposed(self, e: E.TradeProposed) -> str:
        return self._("{proposer} offers {target} a trade: gives {give}; takes {take}.").format(
            proposer=self.who(e.proposer),
            target=self.who(e.target),
            give=self.bundle(e.give),
            take=self.bundle(e.take),
        )

    def bundle(self, text: str) -> str:
        """One side of a trade in words: cash, deeds by name, jail cards, an IOU (a loan)."""
        b = Bundle.parse(text)
        items: list[str] = []
        if b.cash:
            items.append(self.money(b.cash))
        items.extend(self.square(sq) for sq in b.squares)
        items.extend(
            self._("a Get Out of Jail Free card ({deck})").format(deck=self.deck(d))
            for d in b.jail_cards
        )
        if b.iou:
            items.append(self._("an IOU for {amount}").format(amount=self.money(b.iou)))
        return ", ".join(items) if items else self._("nothing")

    def _trade_accepted(self, e: E.TradeAccepted) -> str:
        return self._("{target} accepts the trade from {proposer}.").format(
            target=self.who(e.target), proposer=self.who(e.proposer)
        )

    def _trade_rejected(self, e: E.TradeRejected) -> str:
        return self._("{target} rejects the trade from {proposer}.").format(
            target=self.who(e.target), proposer=self.who(e.proposer)
        )

    def _property_transferred(self, e: E.PropertyTransferred) -> str:
        if e.to_player == E.BANK:
            return self._("{square} returns to the bank.").format(square=self.square(e.square))
        if e.from_player == E.BANK:
            return self._("{square} passes from the bank to {dst}.").format(
                square=self.square(e.square), dst=self.who(e.to_player)
            )
        if e.mortgaged:
            text = self._("{square} (mortgaged) passes from {src} to {dst}.")
        else:
            text = self._("{square} passes from {src} to {dst}.")
        return text.format(
            square=self.square(e.square), src=self.who(e.from_player), dst=self.who(e.to_player)
        )

    def _jail_card_transferred(self, e: E.JailCardTransferred) -> str:
        if e.to_player == E.BANK:
            return self._("{src} returns a Get Out of Jail Free card ({deck}).").format(
                src=self.who(e.from_player), deck=self.deck(e.deck)
            )
        return self._("{src} gives {dst} a Get Out of Jail Free card ({deck}).").format(
            src=self.who(e.from_player), dst=self.who(e.to_player), deck=self.deck(e.deck)
        )

    def _jailed(self, e: E.Jailed) -> str:
        template = _JAILED.get(e.reason, N_("{player} goes to jail."))
        return self._(template).format(player=self.who(e.player))

    def _released(self, e: E.Released) -> str:
        template = _RELEASED.get(e.how, N_("{player} leaves jail."))
        return self._(template).format(player=self.who(e.player))

    def _stayed_in_jail(self, e: E.StayedInJail) -> str:
        return self.ngettext(
            "{player} stays in jail after {n} failed try.",
            "{player} stays in jail after {n} failed tries.",
            e.turns,
        ).format(player=self.who(e.player), n=e.turns)

    def _debt_incurred(self, e: E.DebtIncurred) -> str:
        if e.creditor == POT:
            return self._(
                "{debtor} owes {amount} to the Free Parking pot and must raise the money."
            ).format(debtor=self.who(e.debtor), amount=self.money(e.amount))
        if e.creditor == E.BANK:
            return self._("{debtor} owes the bank {amount} and must raise the money.").format(
                debtor=self.who(e.debtor), amount=self.money(e.amount)
            )
        return self._("{debtor} owes {creditor} {amount} and must raise the money.").format(
            debtor=self.who(e.debtor), creditor=self.who(e.creditor), amount=self.money(e.amount)
        )

    def _bankrupt(self, e: E.Bankrupt) -> str:
        if e.creditor == E.BANK:
            return self._("{player} goes bankrupt to the bank.").format(player=self.who(e.player))
        return self._("{player} goes bankrupt to {creditor}.").format(
            player=self.who(e.player), creditor=self.who(e.creditor)
        )

    def _turn_ended(self, e: E.TurnEnded) -> str:
        return self._("{player} ends the turn.").format(player=self.who(e.player))

    def _game_over(self, e: E.GameOver) -> str:
        ranking = self.players(e.ranking)
        if e.winner is not None:
            return self._("Game over: {winner} wins. Ranking: {ranking}.").format(
                winner=self.who(e.winner), ranking=ranking
            )
        template = _GAME_OVER.get(e.reason)
        if template is not None:
            return self._(template).format(ranking=ranking)
        return self._("Game over ({reason}). Ranking: {ranking}.").format(
            reason=e.reason, ranking=ranking
        )

    # --- events of the rule variants (read by name: see the module docstring)

    def _property_dealt(self, e: Any) -> str:
        player, square = self.who(e.player), self.square(e.square)
        if e.price_paid:
            return self._("{player} is dealt {square} and pays {amount} for it.").format(
                player=player, square=square, amount=self.money(e.price_paid)
            )
        return self._("{player} is dealt {square}.").format(player=player, square=square)

    def _sealed_bid_submitted(self, e: Any) -> str:
        return self._("{player} hands in a sealed bid.").format(player=self.who(e.player))

    def _sealed_bids_revealed(self, e: Any) -> str:
        bids = ", ".join(
            self._("{player}: {amount}").format(player=self.who(s), amount=self.money(a))
            if a
            else self._("{player}: no bid").format(player=self.who(s))
            for s, a in e.bids
        )
        return self._("The sealed bids are opened: {bids}.").format(bids=bids)

    def _sealed_tie(self, e: Any) -> str:
        if e.round <= 1:
            text = self._("{players} tie at {amount}: the auction is repeated.")
        else:
            text = self._("{players} tie again at {amount}: the dice decide.")
        return text.format(players=self.players(e.players), amount=self.money(e.amount))

    def _tie_roll(self, e: Any) -> str:
        return self._("{player} rolls {d1} + {d2} to settle the tie.").format(
            player=self.who(e.player), d1=e.die1, d2=e.die2
        )

    def _auction_winner_cannot_pay(self, e: Any) -> str:
        return self._(
            "{player} cannot pay the bid of {amount} in cash; the lot goes to the next bidder."
        ).format(player=self.who(e.player), amount=self.money(e.amount))

    def _tax_chosen(self, e: Any) -> str:
        if e.choice == "percent":
            text = self._("{player} pays income tax as a share of total worth: {amount}.")
        else:
            text = self._("{player} pays the flat income tax of {amount}.")
        return text.format(player=self.who(e.player), amount=self.money(e.amount))

    def _card_choice(self, e: Any) -> str:
        if e.choice == "draw":
            return self._("{player} chooses to draw a card.").format(player=self.who(e.player))
        return self._("{player} chooses to pay.").format(player=self.who(e.player))

    def _loan_made(self, e: Any) -> str:
        return self._("{lender} lends {borrower} {amount}.").format(
            lender=self.who(e.lender), borrower=self.who(e.borrower), amount=self.money(e.amount)
        )

    def _loan_repaid(self, e: Any) -> str:
        return self._("{borrower} repays {lender} {amount}.").format(
            borrower=self.who(e.borrower), lender=self.who(e.lender), amount=self.money(e.amount)
        )

    def _time_called(self, e: Any) -> str:
        return self._("Time is called: the assets will be counted after this turn.")

    def _offer_expired(self, e: Any) -> str:
        return self._("The trade offer from {proposer} to {target} expires unanswered.").format(
            proposer=self.who(e.proposer), target=self.who(e.target)
        )

    def _timed_out(self, e: Any) -> str:
        return self._("{player} runs out of time and leaves the game.").format(
            player=self.who(e.player)
        )

    def _game_stopped(self, e: Any) -> str:
        return self._("The game is stopped; the assets are counted.")

    def _resigned(self, e: Any) -> str:
        return self._("{player} leaves the game.").format(player=self.who(e.player))


def narrate(game: Game, events: Iterable[E.Event], lang: str = "en") -> list[str]:
    """Sentences for ``events`` of ``game`` (a one-off :class:`Narrator`)."""
    return Narrator.for_game(game, lang).sentences(events)
