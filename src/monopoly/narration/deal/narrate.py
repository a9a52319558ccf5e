"""Monopoly Deal in words: a sentence for each event, a button text for each legal entry,
and the question a seat is asked, in en, cs or ru.

Every template is a gettext message of the catalogs (:mod:`monopoly.i18n`, plural forms
included); card and colour names come from the deck's data in the narrator's language.
Labels and prompts are read from a seat's frozen view (``Game.view(seat)``,
:class:`~monopoly.deal.view.DealView`), so they can say nothing the seat may not see.

Example::

    >>> from monopoly.deal import events as E
    >>> from monopoly.deal.deck import load_deck
    >>> n = DealNarrator(load_deck(), ["Ann", "Bob"])
    >>> n.sentence(E.Drew(0, 2))
    'Ann draws 2 cards.'
    >>> DealNarrator(load_deck(), ["Ann", "Bob"], "cs").sentence(E.Drew(1, 5))
    'Bob si bere 5 karet.'

An event kind this module does not know is named by its kind, never dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from monopoly.deal import actions as A
from monopoly.deal import events as E
from monopoly.deal.deck import MONEY, Deck
from monopoly.deal.position import BIRTHDAY_AMOUNT, DEBT_AMOUNT
from monopoly.deal.view import DealView, RequestView
from monopoly.i18n import Translator, translation
from monopoly.i18n import gettext_noop as N_

__all__ = ["DealNarrator"]

# docs/deal-rules.md § End: why a game ended
_GAME_OVER: Final = {
    "win": N_("{player} has three full sets and wins! Results: {ranking}."),
    "turn_cap": N_("The turn cap ends the game in a draw. Results by the value of bank "
                   "and properties: {ranking}."),
}
# docs/deal-rules.md § Actions: what an action card asks of its target, in the target's prompt
_ASKED: Final = {
    "rent": N_("{attacker} charges you {amount} rent ({card}). Pay, or say no."),
    "birthday": N_("It is {attacker}'s birthday: pay {amount}, or say no."),
    "debt_collector": N_("{attacker} collects a debt of {amount} from you. Pay, or say no."),
    "sly_deal": N_("{attacker} plays Sly Deal to take your {take}. Accept, or say no."),
    "forced_deal": N_("{attacker} plays Forced Deal: your {take} for their {give}. Accept, "
                      "or say no."),
    "deal_breaker": N_("{attacker} plays Deal Breaker on your {colour} set. Accept, or say "
                       "no."),
}


class DealNarrator:
    """Sentences, labels and prompts of one Deal game (its deck and seat names) in
    ``lang`` (en, cs or ru; :class:`~monopoly.i18n.UnknownLanguageError` otherwise)."""

    def __init__(self, deck: Deck, seats: Sequence[str], lang: str = "en") -> None:
        self.deck = deck
        self.seats = tuple(seats)
        self.lang = lang
        self.t: Translator = translation(lang)
        self._ = self.t.gettext
        self._handlers: dict[type, Callable[[Any], str]] = {
            E.TurnStarted: self._turn_started,
            E.Drew: self._drew,
            E.Reshuffled: self._reshuffled,
            E.Banked: self._banked,
            E.PropertyLaid: self._property_laid,
            E.WildMoved: self._wild_moved,
            E.ActionPlayed: self._action_played,
            E.RentCharged: self._rent_charged,
            E.SaidNo: self._said_no,
            E.Accepted: self._accepted,
            E.Cancelled: self._cancelled,
            E.Paid: self._paid,
            E.PropertyTaken: self._property_taken,
            E.PropertiesSwapped: self._properties_swapped,
            E.SetTaken: self._set_taken,
            E.BuildingPlaced: self._building_placed,
            E.BuildingRemoved: self._building_removed,
            E.TurnEnded: self._turn_ended,
            E.Discarded: self._discarded,
            E.GameOver: self._game_over,
        }

    # --- words

    def player(self, seat: int) -> str:
        return self.seats[seat] if 0 <= seat < len(self.seats) else str(seat)

    def players(self, seats: Iterable[int]) -> str:
        return ", ".join(self.player(s) for s in seats)

    def money(self, amount: int) -> str:
        """An amount of the Deal's millions: ``5M`` (en), ``5 M`` (cs), ``5 М`` (ru; no-break
        spaces), as the money cards are named."""
        return self._("{amount}M").format(amount=self.t.number(amount))

    def card(self, card: int) -> str:
        return self.deck.name(card, self.lang)

    def cards(self, cards: Iterable[int]) -> str:
        return ", ".join(self.card(c) for c in cards)

    def colour(self, colour: int) -> str:
        return self.deck.colour_name(colour, self.lang)

    # --- events

    def sentence(self, event: E.Event) -> str:
        handler = self._handlers.get(type(event))
        if handler is None:  # an event added later: named, never dropped
            return self._("Event: {kind}.").format(kind=event.kind)
        return handler(event)

    def sentences(self, events: Iterable[E.Event]) -> list[str]:
        """The events' sentences; an attacker's acceptance of a Just Say No and the
        cancellation it brings are one sentence."""
        out: list[str] = []
        events = list(events)
        for i, e in enumerate(events):
            after = events[i + 1] if i + 1 < len(events) else None
            if isinstance(e, E.Accepted) and isinstance(after, E.Cancelled):
                continue  # told with the cancellation
            before = events[i - 1] if i else None
            if isinstance(e, E.Cancelled) and isinstance(before, E.Accepted):
                out.append(self._("{player} accepts the no: the action against {target} is "
                                  "cancelled.").format(player=self.player(before.player),
                                                       target=self.player(e.target)))
                continue
            out.append(self.sentence(e))
        return out

    def _turn_started(self, e: E.TurnStarted) -> str:
        return self._("Turn {turn}: {player} plays.").format(turn=e.turn,
                                                              player=self.player(e.player))

    def _drew(self, e: E.Drew) -> str:
        return self.t.ngettext("{player} draws {n} card.", "{player} draws {n} cards.",
                               e.count).format(player=self.player(e.player), n=e.count)

    def _reshuffled(self, e: E.Reshuffled) -> str:
        return self.t.ngettext(
            "The discard pile ({n} card) is shuffled into a new draw pile.",
            "The discard pile ({n} cards) is shuffled into a new draw pile.", e.count,
        ).format(n=e.count)

    def _banked(self, e: E.Banked) -> str:
        if self.deck.kind[e.card] == MONEY:
            return self._("{player} banks {card}.").format(player=self.player(e.player),
                                                           card=self.card(e.card))
        return self._("{player} puts {card} in the bank ({amount}).").format(
            player=self.player(e.player), card=self.card(e.card),
            amount=self.money(self.deck.value[e.card]))

    def _property_laid(self, e: E.PropertyLaid) -> str:
        return self._("{player} lays {card} in the {colour} set.").format(
            player=self.player(e.player), card=self.card(e.card), colour=self.colour(e.colour))

    def _wild_moved(self, e: E.WildMoved) -> str:
        return self._("{player} moves {card} from the {old} set to the {new} set.").format(
            player=self.player(e.player), card=self.card(e.card),
            old=self.colour(e.from_colour), new=self.colour(e.to_colour))

    def _action_played(self, e: E.ActionPlayed) -> str:
        if not e.targets:
            return self._("{player} plays {card}.").format(player=self.player(e.player),
                                                           card=self.card(e.card))
        return self._("{player} plays {card} against {targets}.").format(
            player=self.player(e.player), card=self.card(e.card),
            targets=self.players(e.targets))

    def _rent_charged(self, e: E.RentCharged) -> str:
        if e.doubles:
            return self.t.ngettext(
                "{player} charges {targets} {amount} rent for the {colour} set, doubled "
                "{n} time.",
                "{player} charges {targets} {amount} rent for the {colour} set, doubled "
                "{n} times.", len(e.doubles),
            ).format(player=self.player(e.player), targets=self.players(e.targets),
                     amount=self.money(e.amount), colour=self.colour(e.colour),
                     n=len(e.doubles))
        return self._("{player} charges {targets} {amount} rent for the {colour} set.").format(
            player=self.player(e.player), targets=self.players(e.targets),
            amount=self.money(e.amount), colour=self.colour(e.colour))

    def _said_no(self, e: E.SaidNo) -> str:
        if e.cancels:
            return self._("{player} says no: the action is cancelled.").format(
                player=self.player(e.player))
        return self._("{player} says no to the no: the action stands.").format(
            player=self.player(e.player))

    def _accepted(self, e: E.Accepted) -> str:
        return self._("{player} accepts.").format(player=self.player(e.player))

    def _cancelled(self, e: E.Cancelled) -> str:
        return self._("The action against {target} is cancelled.").format(
            target=self.player(e.target))

    def _paid(self, e: E.Paid) -> str:
        if not e.cards:
            return self._("{payer} has nothing on the table to pay {payee} with.").format(
                payer=self.player(e.payer), payee=self.player(e.payee))
        return self._("{payer} pays {payee} {total} for a debt of {amount}: {cards}.").format(
            payer=self.player(e.payer), payee=self.player(e.payee),
            total=self.money(e.total), amount=self.money(e.amount), cards=self.cards(e.cards))

    def _property_taken(self, e: E.PropertyTaken) -> str:
        return self._("{taker} takes {card} from {owner}.").format(
            taker=self.player(e.taker), card=self.card(e.card), owner=self.player(e.owner))

    def _properties_swapped(self, e: E.PropertiesSwapped) -> str:
        return self._("{player} gives {given} to {other} and takes {taken}.").format(
            player=self.player(e.player), given=self.card(e.given),
            other=self.player(e.other), taken=self.card(e.taken))

    def _set_taken(self, e: E.SetTaken) -> str:
        return self._("{taker} takes the {colour} set from {owner}: {cards}.").format(
            taker=self.player(e.taker), colour=self.colour(e.colour),
            owner=self.player(e.owner), cards=self.cards(e.cards))

    def _building_placed(self, e: E.BuildingPlaced) -> str:
        return self._("{player} puts {card} on the {colour} set.").format(
            player=self.player(e.player), card=self.card(e.card), colour=self.colour(e.colour))

    def _building_removed(self, e: E.BuildingRemoved) -> str:
        text = (N_("The {colour} set of {player} is broken: {card} goes to the bank.")
                if e.to_bank else
                N_("The {colour} set of {player} is broken: {card} is discarded."))
        return self._(text).format(colour=self.colour(e.colour), player=self.player(e.player),
                                   card=self.card(e.card))

    def _turn_ended(self, e: E.TurnEnded) -> str:
        return self._("{player} ends the turn.").format(player=self.player(e.player))

    def _discarded(self, e: E.Discarded) -> str:
        if e.cards:
            return self._("{player} discards {cards}.").format(
                player=self.player(e.player), cards=self.cards(e.cards))
        return self.t.ngettext(
            "{player} puts {n} card under the draw pile.",
            "{player} puts {n} cards under the draw pile.", e.count,
        ).format(player=self.player(e.player), n=e.count)

    def _game_over(self, e: E.GameOver) -> str:
        template = _GAME_OVER.get(e.reason)
        if template is None:
            return self._("Game over ({reason}). Results: {ranking}.").format(
                reason=e.reason, ranking=self.players(e.ranking))
        return self._(template).format(
            player=self.player(e.winner if e.winner is not None else -1),
            ranking=self.players(e.ranking))

    # --- legal entries

    def label(self, view: DealView, entry: A.LegalEntry) -> str:
        """A button text for one of the seat's legal entries (``view``: that seat's)."""
        _ = self._
        card = getattr(entry, "card", None)
        name = self.card(card) if isinstance(card, int) else ""
        if isinstance(entry, A.EndTurn):
            return _("End the turn")
        if isinstance(entry, A.PlayBank):
            if self.deck.kind[entry.card] == MONEY:
                return _("Bank {card}").format(card=name)
            return _("Bank {card} ({amount})").format(
                card=name, amount=self.money(self.deck.value[entry.card]))
        if isinstance(entry, A.PlayProperty):
            return _("Lay {card} in the {colour} set").format(
                card=name, colour=self.colour(entry.colour))
        if isinstance(entry, A.MoveWild):
            return _("Move {card} to the {colour} set").format(
                card=name, colour=self.colour(entry.colour))
        if isinstance(entry, A.PlayPassGo):
            return _("Play {card}: draw 2 cards").format(card=name)
        if isinstance(entry, A.PlayBirthday):
            return _("Play {card}: everyone pays you {amount}").format(
                card=name, amount=self.money(BIRTHDAY_AMOUNT))
        if isinstance(entry, A.PlayDebt):
            return _("Play {card}: {player} pays you {amount}").format(
                card=name, player=self.player(entry.target), amount=self.money(DEBT_AMOUNT))
        if isinstance(entry, A.PlaySly):
            return _("Sly Deal: take {take} from {owner}").format(
                take=self.card(entry.take), owner=self.player(_owner(view, entry.take)))
        if isinstance(entry, A.PlayForced):
            return _("Forced Deal: give {give}, take {take} from {owner}").format(
                give=self.card(entry.give), take=self.card(entry.take),
                owner=self.player(_owner(view, entry.take)))
        if isinstance(entry, A.PlayBreaker):
            return _("Deal Breaker: take the {colour} set of {player}").format(
                colour=self.colour(entry.colour), player=self.player(entry.target))
        if isinstance(entry, A.PlayHouse | A.PlayHotel):
            return _("Put {card} on your {colour} set").format(
                card=name, colour=self.colour(entry.colour))
        if isinstance(entry, A.PlayRent):
            return self._rent_label(view, entry)
        if isinstance(entry, A.SayNo):
            return _("Just Say No!")
        if isinstance(entry, A.Accept):
            req = view.request
            if req is not None and req.nos % 2 == 1:
                return _("Accept the no")
            return _("Accept")
        if isinstance(entry, A.Pay):
            if not entry.cards:
                return _("Pay nothing (nothing on the table)")
            return _("Pay everything on the table ({amount})").format(
                amount=self.money(sum(self.deck.value[c] for c in entry.cards)))
        if isinstance(entry, A.PayTemplate):
            return _("Pay {amount}: choose the cards").format(amount=self.money(entry.amount))
        if isinstance(entry, A.Discard):
            return _("Discard {cards}").format(cards=self.cards(entry.cards))
        if isinstance(entry, A.DiscardTemplate):
            return self.t.ngettext("Discard {n} card", "Discard {n} cards",
                                   entry.count).format(n=entry.count)
        return entry.text()  # an entry added later: its canonical text

    def _rent_label(self, view: DealView, entry: A.PlayRent) -> str:
        seat = view.seat if view.seat is not None else view.turn_seat
        base = next((p.rent for p in view.tables[seat].piles if p.colour == entry.colour), 0)
        amount = self.money(base * 2 ** len(entry.doubles))
        colour = self.colour(entry.colour)
        if entry.target == A.NO_TARGET:
            text = (N_("Rent for the {colour} set: {amount} from everyone, doubled")
                    if entry.doubles else
                    N_("Rent for the {colour} set: {amount} from everyone"))
            return self._(text).format(colour=colour, amount=amount)
        text = (N_("Rent for the {colour} set: {amount} from {player}, doubled")
                if entry.doubles else N_("Rent for the {colour} set: {amount} from {player}"))
        return self._(text).format(colour=colour, amount=amount,
                                   player=self.player(entry.target))

    # --- prompts

    def prompt(self, view: DealView, hand_limit: int = 7) -> str | None:
        """What the game asks of the view's seat now; None when it waits for another.
        ``hand_limit``: the rule set's (docs/deal-rules.md § Turn 4: 7)."""
        seat = view.seat
        if view.outcome is not None:
            return self.results(view.outcome)
        if seat is None or view.pending != seat:
            return None
        _ = self._
        if view.phase == "discard":
            hand = len(view.hand or ())
            n = max(0, hand - hand_limit)
            return self.t.ngettext(
                "You hold {hand} cards: discard {n} card, down to {limit}.",
                "You hold {hand} cards: discard {n} cards, down to {limit}.", n,
            ).format(hand=hand, n=n, limit=hand_limit)
        req = view.request
        if req is not None:
            return self._asked(req, seat)
        if view.plays_left <= 0:
            return _("Your turn: no plays left. Move your wildcards, or end the turn.")
        return self.t.ngettext(
            "Your turn: play up to {n} more card, or end the turn.",
            "Your turn: play up to {n} more cards, or end the turn.", view.plays_left,
        ).format(n=view.plays_left)

    def _asked(self, req: RequestView, seat: int) -> str:
        if req.nos % 2 == 1 and seat == req.attacker:
            return self._("{player} said no to your {card}. Say no again, or accept.").format(
                player=self.player(req.targets[0]), card=self.card(req.card))
        if req.nos:
            return self._("{attacker} said no to your no. Say no again, or accept.").format(
                attacker=self.player(req.attacker))
        template = _ASKED.get(req.kind, N_("{attacker} plays {card} against you."))
        return self._(template).format(
            attacker=self.player(req.attacker), card=self.card(req.card),
            amount=self.money(req.amount),
            take=self.card(req.take) if req.take >= 0 else "",
            give=self.card(req.give) if req.give >= 0 else "",
            colour=self.colour(req.colour) if req.colour >= 0 else "")

    def results(self, outcome: dict[str, Any]) -> str:
        """The results table in one sentence: winner first, then the others by the value
        of their bank and properties (the seed's ranking)."""
        worth = outcome.get("worth") or []
        ranking = ", ".join(
            self._("{player} ({amount})").format(
                player=self.player(s), amount=self.money(worth[s] if s < len(worth) else 0))
            for s in outcome.get("ranking", ()))
        template = _GAME_OVER.get(outcome.get("reason", ""))
        if template is None:
            return self._("Game over ({reason}). Results: {ranking}.").format(
                reason=outcome.get("reason"), ranking=ranking)
        winner = outcome.get("winner")
        return self._(template).format(
            player=self.player(winner if isinstance(winner, int) else -1), ranking=ranking)


def _owner(view: DealView, card: int) -> int:
    """The seat whose table holds ``card`` (-1 when none does)."""
    for table in view.tables:
        for pile in table.piles:
            if card in pile.cards:
                return table.seat
    return -1
