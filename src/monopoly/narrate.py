"""Narration: one English sentence for each typed event of the board game.

The sentences are built from templates that go through :func:`monopoly.i18n.gettext`, so
the cs and ru catalogs can translate them later; square, deck and card names come from the
edition's data in the narrator's language.

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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar

from monopoly.board import events as E
from monopoly.board.actions import Bundle
from monopoly.board.edition import Edition
from monopoly.board.game import Game
from monopoly.i18n import gettext as _
from monopoly.i18n import gettext_noop as N_
from monopoly.i18n import ngettext

__all__ = ["Narrator", "narrate"]

# Payments whose companion event tells the amount already: PassedGo, Bought, Built, Sold,
# Mortgaged, Unmortgaged, AuctionWon, Released (fine / third roll).
_TOLD_ELSEWHERE = frozenset(
    {
        "go",
        "purchase",
        "building",
        "building_sale",
        "mortgage",
        "unmortgage",
        "auction",
        "jail_fine",
    }
)


class Narrator:
    """Turns events into sentences for one game's edition, seat names and language."""

    def __init__(self, edition: Edition, seats: Sequence[str], lang: str = "en") -> None:
        self.edition = edition
        self.seats = tuple(seats)
        self.lang = lang
        self._cards = {c.key: c for deck in edition.decks.values() for c in deck}
        self._handlers: dict[type, Callable[[E.Event], str]] = {
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

    @classmethod
    def for_game(cls, game: Game, lang: str = "en") -> Narrator:
        return cls(game.edition, [p.name for p in game.players], lang)

    # --- names

    def who(self, seat: int) -> str:
        """A seat's name; the bank is "the bank"."""
        if seat == E.BANK:
            return _("the bank")
        if 0 <= seat < len(self.seats):
            return self.seats[seat]
        return _("seat {seat}").format(seat=seat)

    def square(self, index: int) -> str:
        names = self.edition.squares[index].names
        return names.get(self.lang) or names["en"]

    def money(self, amount: int) -> str:
        return _("{currency}{amount}").format(currency=self.edition.currency, amount=amount)

    def deck(self, key: str) -> str:
        names = self.edition.deck_names.get(key, {})
        return names.get(self.lang) or names.get("en") or key

    # --- the sentence

    def sentence(self, event: E.Event) -> str:
        """One sentence for ``event`` (an unknown event kind is named, never dropped)."""
        handler = self._handlers.get(type(event))
        if handler is None:
            return _("Event: {kind}.").format(kind=event.kind)
        return handler(event)

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

    def _order_decided(self, e: E.Event) -> str:
        assert isinstance(e, E.OrderDecided)
        order = ", ".join(self.who(s) for s in e.order)
        return _("The playing order is {order}.").format(order=order)

    def _turn_started(self, e: E.Event) -> str:
        assert isinstance(e, E.TurnStarted)
        return _("Turn {turn}: {player} is on turn.").format(turn=e.turn, player=self.who(e.player))

    def _dice_rolled(self, e: E.Event) -> str:
        assert isinstance(e, E.DiceRolled)
        if e.die1 == e.die2:
            text = _("{player} rolls {d1} + {d2}, doubles.")
        else:
            text = _("{player} rolls {d1} + {d2}.")
        return text.format(player=self.who(e.player), d1=e.die1, d2=e.die2)

    def _moved(self, e: E.Event) -> str:
        assert isinstance(e, E.Moved)
        return _("{player} moves to {square}.").format(
            player=self.who(e.player), square=self.square(e.to_square)
        )

    def _passed_go(self, e: E.Event) -> str:
        assert isinstance(e, E.PassedGo)
        return _("{player} passes {go} and collects {amount}.").format(
            player=self.who(e.player), go=self.square(0), amount=self.money(e.salary)
        )

    _PAID_TO_BANK: ClassVar[dict[str, str]] = {
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
    _PAID_BY_BANK: ClassVar[dict[str, str]] = {
        "go": N_("The bank pays {payee} a {amount} salary."),
        "card": N_("The bank pays {payee} {amount}."),
        "building_sale": N_("The bank pays {payee} {amount} for buildings sold."),
        "mortgage": N_("The bank lends {payee} {amount} on a mortgage."),
        "auction_refund": N_("The bank refunds {payee} {amount}."),
    }
    _PAID_BETWEEN: ClassVar[dict[str, str]] = {
        "rent": N_("{payer} pays {payee} {amount} rent."),
        "card": N_("{payer} pays {payee} {amount}."),
        "trade": N_("{payer} pays {payee} {amount} in a trade."),
        "bankruptcy": N_("{payer} hands the last {amount} to {payee}."),
    }

    def _paid(self, e: E.Event) -> str:
        assert isinstance(e, E.Paid)
        if e.payee == E.BANK:
            template = self._PAID_TO_BANK.get(e.reason, N_("{payer} pays {amount} to the bank."))
        elif e.payer == E.BANK:
            template = self._PAID_BY_BANK.get(e.reason, N_("The bank pays {payee} {amount}."))
        else:
            template = self._PAID_BETWEEN.get(e.reason, N_("{payer} pays {payee} {amount}."))
        return _(template).format(
            payer=self.who(e.payer), payee=self.who(e.payee), amount=self.money(e.amount)
        )

    def _bought(self, e: E.Event) -> str:
        assert isinstance(e, E.Bought)
        return _("{player} buys {square} for {amount}.").format(
            player=self.who(e.player), square=self.square(e.square), amount=self.money(e.price)
        )

    def _lot(self, lot: str, square: int) -> str:
        if lot == "house":
            return _("a house for {square}").format(square=self.square(square))
        if lot == "hotel":
            return _("a hotel for {square}").format(square=self.square(square))
        return self.square(square)

    def _auction_started(self, e: E.Event) -> str:
        assert isinstance(e, E.AuctionStarted)
        return _("{lot} goes to auction.").format(lot=self._lot(e.lot, e.square))

    def _bid_placed(self, e: E.Event) -> str:
        assert isinstance(e, E.BidPlaced)
        return _("{player} bids {amount}.").format(
            player=self.who(e.player), amount=self.money(e.amount)
        )

    def _bid_passed(self, e: E.Event) -> str:
        assert isinstance(e, E.BidPassed)
        return _("{player} passes.").format(player=self.who(e.player))

    def _auction_won(self, e: E.Event) -> str:
        assert isinstance(e, E.AuctionWon)
        return _("{player} wins {lot} at auction for {amount}.").format(
            player=self.who(e.player), lot=self._lot(e.lot, e.square), amount=self.money(e.amount)
        )

    def _auction_unsold(self, e: E.Event) -> str:
        assert isinstance(e, E.AuctionUnsold)
        return _("Nobody bids: {square} stays with the bank.").format(square=self.square(e.square))

    def _card_drawn(self, e: E.Event) -> str:
        assert isinstance(e, E.CardDrawn)
        card = self._cards.get(e.card)
        text = (card.texts.get(self.lang) or card.texts.get("en", e.card)) if card else e.card
        return _("{player} draws {deck}: “{text}”").format(
            player=self.who(e.player), deck=self.deck(e.deck), text=text.rstrip(".") + "."
        )

    def _built(self, e: E.Event) -> str:
        assert isinstance(e, E.Built)
        square = self.square(e.square)
        if e.level > 4:
            text = _("{player} builds a hotel on {square} for {amount}.")
        else:
            text = _("{player} builds a house on {square} for {amount}.")
        return text.format(player=self.who(e.player), square=square, amount=self.money(e.cost))

    def _sold(self, e: E.Event) -> str:
        assert isinstance(e, E.Sold)
        return _("{player} sells buildings on {square} for {amount}.").format(
            player=self.who(e.player), square=self.square(e.square), amount=self.money(e.refund)
        )

    def _mortgaged(self, e: E.Event) -> str:
        assert isinstance(e, E.Mortgaged)
        return _("{player} mortgages {square} for {amount}.").format(
            player=self.who(e.player), square=self.square(e.square), amount=self.money(e.amount)
        )

    def _unmortgaged(self, e: E.Event) -> str:
        assert isinstance(e, E.Unmortgaged)
        return _("{player} lifts the mortgage on {square} for {amount}.").format(
            player=self.who(e.player), square=self.square(e.square), amount=self.money(e.amount)
        )

    def _kept_mortgaged(self, e: E.Event) -> str:
        assert isinstance(e, E.KeptMortgaged)
        return _("{player} keeps {square} mortgaged.").format(
            player=self.who(e.player), square=self.square(e.square)
        )

    def _trade_proposed(self, e: E.Event) -> str:
        assert isinstance(e, E.TradeProposed)
        return _("{proposer} offers {target} a trade: gives {give}; takes {take}.").format(
            proposer=self.who(e.proposer),
            target=self.who(e.target),
            give=self.bundle(e.give),
            take=self.bundle(e.take),
        )

    def bundle(self, text: str) -> str:
        """One side of a trade in words: cash, deeds by name, jail cards."""
        b = Bundle.parse(text)
        items: list[str] = []
        if b.cash:
            items.append(self.money(b.cash))
        items.extend(self.square(sq) for sq in b.squares)
        items.extend(
            _("a Get Out of Jail Free card ({deck})").format(deck=self.deck(d))
            for d in b.jail_cards
        )
        return ", ".join(items) if items else _("nothing")

    def _trade_accepted(self, e: E.Event) -> str:
        assert isinstance(e, E.TradeAccepted)
        return _("{target} accepts the trade from {proposer}.").format(
            target=self.who(e.target), proposer=self.who(e.proposer)
        )

    def _trade_rejected(self, e: E.Event) -> str:
        assert isinstance(e, E.TradeRejected)
        return _("{target} rejects the trade from {proposer}.").format(
            target=self.who(e.target), proposer=self.who(e.proposer)
        )

    def _property_transferred(self, e: E.Event) -> str:
        assert isinstance(e, E.PropertyTransferred)
        if e.mortgaged:
            text = _("{square} (mortgaged) passes from {src} to {dst}.")
        else:
            text = _("{square} passes from {src} to {dst}.")
        return text.format(
            square=self.square(e.square), src=self.who(e.from_player), dst=self.who(e.to_player)
        )

    def _jail_card_transferred(self, e: E.Event) -> str:
        assert isinstance(e, E.JailCardTransferred)
        return _("{src} gives {dst} a Get Out of Jail Free card ({deck}).").format(
            src=self.who(e.from_player), dst=self.who(e.to_player), deck=self.deck(e.deck)
        )

    def _jailed(self, e: E.Event) -> str:
        assert isinstance(e, E.Jailed)
        templates = {
            "doubles": N_("{player} rolls doubles three times and goes to jail."),
            "card": N_("{player} goes to jail by the card."),
            "square": N_("{player} goes to jail."),
        }
        return _(templates.get(e.reason, N_("{player} goes to jail."))).format(
            player=self.who(e.player)
        )

    def _released(self, e: E.Event) -> str:
        assert isinstance(e, E.Released)
        templates = {
            "doubles": N_("{player} rolls doubles and leaves jail."),
            "fine": N_("{player} pays the fine and leaves jail."),
            "card": N_("{player} uses a Get Out of Jail Free card and leaves jail."),
            "third_roll": N_("{player} must pay the fine after the third try and leaves jail."),
        }
        return _(templates.get(e.how, N_("{player} leaves jail."))).format(
            player=self.who(e.player)
        )

    def _stayed_in_jail(self, e: E.Event) -> str:
        assert isinstance(e, E.StayedInJail)
        return ngettext(
            "{player} stays in jail after {n} failed try.",
            "{player} stays in jail after {n} failed tries.",
            e.turns,
        ).format(player=self.who(e.player), n=e.turns)

    def _debt_incurred(self, e: E.Event) -> str:
        assert isinstance(e, E.DebtIncurred)
        return _("{debtor} owes {creditor} {amount} and must raise the money.").format(
            debtor=self.who(e.debtor), creditor=self.who(e.creditor), amount=self.money(e.amount)
        )

    def _bankrupt(self, e: E.Event) -> str:
        assert isinstance(e, E.Bankrupt)
        return _("{player} goes bankrupt to {creditor}.").format(
            player=self.who(e.player), creditor=self.who(e.creditor)
        )

    def _turn_ended(self, e: E.Event) -> str:
        assert isinstance(e, E.TurnEnded)
        return _("{player} ends the turn.").format(player=self.who(e.player))

    def _game_over(self, e: E.Event) -> str:
        assert isinstance(e, E.GameOver)
        ranking = ", ".join(self.who(s) for s in e.ranking)
        if e.winner is not None:
            return _("Game over: {winner} wins. Ranking: {ranking}.").format(
                winner=self.who(e.winner), ranking=ranking
            )
        if e.reason == "turn_limit":
            return _(
                "Game over: the turn limit stopped the game with no winner. "
                "Ranking by net worth: {ranking}."
            ).format(ranking=ranking)
        return _("Game over ({reason}). Ranking: {ranking}.").format(
            reason=e.reason, ranking=ranking
        )


def narrate(game: Game, events: Iterable[E.Event], lang: str = "en") -> list[str]:
    """Sentences for ``events`` of ``game`` (a one-off :class:`Narrator`)."""
    return Narrator.for_game(game, lang).sentences(events)
