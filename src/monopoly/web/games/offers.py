"""A room's bots do not flood its people with trade offers (docs/protocol.md, "Bots and
people").

In a room, the bot of a seat proposes a trade to a person (a seat no bot plays) at most
once a turn, and does not make again, within its own next :data:`COOLDOWN` turns, an offer
that person refused (rejected, or answered with a counter-offer). "The same offer" is the
same deeds and Get Out of Jail Free cards on both sides, whatever the cash and IOUs: a
bot that raises its price for the same deeds is repeating itself.

The :class:`OfferBook` is kept by the room's game from the actions applied to it (so it
is the same after a restart: the replayed actions rebuild it, and a snapshot carries it);
the rooms' bots choose through :func:`courteous_choice`: the bot is shown the legal
entries without the partners it may not offer to now (:func:`without_partners`) and, when
what it chooses is an offer refused lately, asked again without that partner. A bot's
counter-offer answers the person's own offer and is not limited. Nothing here applies
where no person plays: the games of bots alone (the lab's, a room of bots) are played
exactly as without it.

Example::

    >>> book = OfferBook()
    >>> offer = A.ProposeTrade(0, A.Bundle(cash=100), A.Bundle(squares=(39,)))
    >>> book.turns, book.may_offer(1, offer, 5)
    ({}, True)
    >>> book.proposed[(1, 0)] = 5
    >>> book.may_offer(1, offer, 5), book.may_offer(1, offer, 6)
    (False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, Final

from monopoly.board import actions as A
from monopoly.board.game import Game
from monopoly.board.view import SeatView

__all__ = ["COOLDOWN", "OfferBook", "courteous_choice", "offer_key", "without_partners"]

#: the bot's own turns after a refusal in which it does not make that offer again
COOLDOWN: Final = 3


def offer_key(give: A.Bundle, take: A.Bundle) -> str:
    """What changes hands in an offer, without the sums: ``"1,3|39"`` (the proposer's
    deeds and cards, then the target's)."""

    def things(b: A.Bundle) -> str:
        return A.Bundle(squares=tuple(sorted(b.squares)),
                        jail_cards=tuple(sorted(b.jail_cards))).text()

    return f"{things(give)}|{things(take)}"


class OfferBook:
    """The offers of one game and their answers, as far as the rule above needs them:

    - ``turns``: the turns each seat has begun (counted from the actions applied);
    - ``proposed``: (proposer, target) -> the game's turn number of the latest offer;
    - ``refused``: (proposer, target, :func:`offer_key`) -> the proposer's ``turns`` when
      the target refused it.

    Entries that can no longer bar an offer are dropped as turns pass."""

    __slots__ = ("last", "proposed", "refused", "turns")

    def __init__(self) -> None:
        self.turns: dict[int, int] = {}
        self.last: tuple[int, int] | None = None  # (turn number, turn player) last seen
        self.proposed: dict[tuple[int, int], int] = {}
        self.refused: dict[tuple[int, int, str], int] = {}

    def __bool__(self) -> bool:
        return bool(self.proposed or self.refused)

    # --- kept from the actions applied

    def before(self, game: Game, seat: int, action: object) -> None:
        """Note `seat`'s legal `action`, about to be applied to `game`."""
        if isinstance(action, A.ProposeTrade):
            self.proposed[(seat, action.to)] = game.turn_number
        elif isinstance(action, A.RejectTrade | A.CounterTrade):
            offer = game.offer
            if offer is not None and offer.target == seat:
                key = (offer.proposer, seat, offer_key(offer.give, offer.take))
                self.refused[key] = self.turns.get(offer.proposer, 0)

    def after(self, game: Game) -> None:
        """Count the turn `game` is in, if it is a new one."""
        now = (game.turn_number, game.turn_player)
        if now == self.last:
            return
        self.last = now
        self.turns[now[1]] = self.turns.get(now[1], 0) + 1
        turn = now[0]
        self.proposed = {k: v for k, v in self.proposed.items() if v == turn}
        self.refused = {k: v for k, v in self.refused.items()
                        if self.turns.get(k[0], 0) - v <= COOLDOWN}

    # --- what a bot may offer

    def offered_this_turn(self, proposer: int, target: int, turn: int) -> bool:
        return self.proposed.get((proposer, target)) == turn

    def may_offer(self, proposer: int, offer: A.ProposeTrade, turn: int) -> bool:
        """Whether `proposer` may make `offer` in the game's turn `turn`: not a second
        offer to that seat this turn, nor one it refused within the proposer's last
        :data:`COOLDOWN` turns."""
        if self.offered_this_turn(proposer, offer.to, turn):
            return False
        when = self.refused.get((proposer, offer.to, offer_key(offer.give, offer.take)))
        return when is None or self.turns.get(proposer, 0) - when > COOLDOWN

    # --- in a snapshot

    def to_json(self) -> dict[str, Any]:
        return {
            "turns": sorted(self.turns.items()),
            "last": None if self.last is None else list(self.last),
            "proposed": [[p, t, n] for (p, t), n in sorted(self.proposed.items())],
            "refused": [[p, t, k, n] for (p, t, k), n in sorted(self.refused.items())],
        }

    @classmethod
    def from_json(cls, data: object) -> OfferBook:
        """The book of :meth:`to_json` (an empty one for anything else)."""
        book = cls()
        if not isinstance(data, dict):
            return book
        try:
            book.turns = {int(s): int(n) for s, n in data.get("turns") or ()}
            last = data.get("last")
            book.last = None if last is None else (int(last[0]), int(last[1]))
            book.proposed = {(int(p), int(t)): int(n) for p, t, n in data.get("proposed") or ()}
            book.refused = {(int(p), int(t), str(k)): int(n)
                            for p, t, k, n in data.get("refused") or ()}
        except (TypeError, ValueError, IndexError):
            return cls()
        return book


def without_partners(legal: list[A.LegalEntry], barred: Collection[int]) -> list[A.LegalEntry]:
    """`legal` with the `barred` seats taken out of its trade template (the template
    dropped when nobody is left); a counter-offer's template is kept."""
    if not barred:
        return legal
    out: list[A.LegalEntry] = []
    for e in legal:
        if type(e) is A.TradeTemplate and not e.counter:
            partners = tuple(p for p in e.partners if p not in barred)
            if not partners:
                continue
            e = A.TradeTemplate(partners)
        out.append(e)
    return out or legal


def courteous_choice(
    choose: Callable[[SeatView, list[A.LegalEntry]], A.Action],
    view: SeatView,
    legal: list[A.LegalEntry],
    game: Game,
    seat: int,
    book: OfferBook,
    people: Collection[int],
    fallback: Callable[[SeatView, list[A.LegalEntry]], A.Action],
) -> A.Action:
    """The action of the bot of `seat` (its `choose`), never an offer to one of `people`
    that `book` bars: the people it offered to this turn are out of the trade template
    from the start; when it picks an offer refused lately, it chooses again without that
    partner. A bot that still offers what it may not (one that ignores the template)
    gets `fallback`'s choice among the entries without any trade template."""
    turn = game.turn_number
    barred = {p for p in people if book.offered_this_turn(seat, p, turn)}
    shown = without_partners(legal, barred)
    for _ in range(len(people) + 1):
        action = choose(view, shown)
        if (not isinstance(action, A.ProposeTrade) or action.to not in people
                or book.may_offer(seat, action, turn)):
            return action
        barred.add(action.to)
        shown = without_partners(legal, barred)
    plain = [e for e in legal if not (type(e) is A.TradeTemplate and not e.counter)]
    return fallback(view, plain or legal)
