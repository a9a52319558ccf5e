"""What one seat may see (docs/deal-rules.md § Players and hidden information), in two forms.

A seat sees its own hand, everyone's table (bank, properties by colour with the colour
each wildcard stands as, buildings), the size of every hand and of the draw pile, and the
discard pile. Nobody sees another hand or the order of the draw pile; a spectator
(``seat=None``) sees no hand at all.

- :class:`DealView` (``Game.view(seat)``, :func:`deal_view`): a frozen copy, the form the
  web server, the narration and the records show;
- :class:`SeatView` (``Game.seat_view(seat)``): the same information as a live read-only
  window on the game, for the bots, which decide many times a turn.

Example::

    >>> from monopoly.deal.game import Game
    >>> g = Game(["Ann", "Bob"], seed=7)
    >>> v = g.view(1)
    >>> v.seat, len(v.hand), v.pending, g.view(None).hand
    (1, 5, 0, None)
    >>> w = g.seat_view(1)
    >>> tuple(w.hand) == v.hand, w.hand_size(0), w.legal_actions()
    (True, 7, [])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from monopoly.core.ids import CardId, ColourId, Money, PlayerId
from monopoly.deal.actions import LegalEntry
from monopoly.deal.decision import pending_seat
from monopoly.deal.deck import Deck
from monopoly.deal.legal import legal_actions
from monopoly.deal.options import DealRules
from monopoly.deal.position import REQUEST_KEYS, Position, Request

__all__ = ["DealView", "PileView", "RequestView", "SeatView", "TableView", "deal_view"]


@dataclass(frozen=True, slots=True)
class PileView:
    """One colour of a seat's table."""

    colour: ColourId
    cards: tuple[CardId, ...]
    house: CardId  # card id, or -1
    hotel: CardId  # card id, or -1
    full: bool
    rent: Money


@dataclass(frozen=True, slots=True)
class TableView:
    """One seat's table, as everyone sees it."""

    seat: PlayerId
    name: str
    hand_size: int
    bank: tuple[CardId, ...]
    piles: tuple[PileView, ...]  # the non-empty colours only
    full_sets: int
    worth: Money


@dataclass(frozen=True, slots=True)
class RequestView:
    """The action being answered (a :class:`~monopoly.deal.position.Request`)."""

    kind: str
    attacker: PlayerId
    card: CardId
    targets: tuple[PlayerId, ...]  # targets[0] answers now
    amount: Money
    take: CardId
    give: CardId
    colour: ColourId
    nos: int  # Just Say No cards played against the current target's answer so far


@dataclass(frozen=True, slots=True)
class DealView:
    """What one seat (None: a spectator) may see, frozen (``Game.view(seat)``)."""

    seat: PlayerId | None
    hand: tuple[CardId, ...] | None  # None for a spectator
    tables: tuple[TableView, ...]
    draw_size: int
    discard: tuple[CardId, ...]  # bottom first
    phase: str
    turn_seat: PlayerId
    turn: int
    plays_left: int
    pending: PlayerId | None
    request: RequestView | None
    outcome: dict[str, Any] | None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def deal_view(game: Position, seat: PlayerId | None) -> DealView:
    """The frozen view of ``seat`` (None: a spectator, no hand)."""
    tables: list[TableView] = []
    for s in range(game.n):
        piles = tuple(
            PileView(colour, tuple(pile), game.house[s][colour], game.hotel[s][colour],
                     game.is_full(s, colour), game.rent_of(s, colour))
            for colour, pile in enumerate(game.piles[s]) if pile
        )
        tables.append(TableView(s, game.seat_names[s], len(game.hands[s]), tuple(game.banks[s]),
                                piles, game.full_sets(s), game.worth(s)))
    req = game.request
    request = None if req is None else RequestView(
        REQUEST_KEYS[req.kind], req.attacker, req.card, tuple(req.targets), req.amount,
        req.take, req.give, req.colour, req.nos)
    own = seat is not None and 0 <= seat < game.n
    return DealView(
        seat=seat if own else None,
        hand=tuple(game.hands[seat]) if own and seat is not None else None,
        tables=tuple(tables),
        draw_size=len(game.draw),
        discard=tuple(game.discard),
        phase=game.phase_name(),
        turn_seat=game.turn_seat,
        turn=game.turn_number,
        plays_left=game.plays_left,
        pending=pending_seat(game),
        request=request,
        outcome=None if game.outcome is None else game.outcome.to_dict(),
    )


class SeatView:
    """What one seat may see of a game, read through the game's public tables
    (docs/deal-rules.md § Players and hidden information): its own hand, every table, the size of
    every hand and of the draw pile, the discard pile, whose decision it is and the action
    being answered. Nothing here reads another hand or the draw pile's order.

    The lists returned are the game's own (no copies, for speed): read them, never change
    them."""

    __slots__ = ("_game", "deck", "n", "rules", "seat")

    def __init__(self, game: Position, seat: PlayerId) -> None:
        self._game = game
        self.seat: PlayerId = seat
        self.n: int = game.n
        self.deck: Deck = game.deck
        self.rules: DealRules = game.rules

    # --- the seat's own cards
    @property
    def hand(self) -> Sequence[CardId]:
        return self._game.hands[self.seat]

    # --- every table
    @property
    def banks(self) -> Sequence[Sequence[CardId]]:
        return self._game.banks

    @property
    def piles(self) -> Sequence[Sequence[Sequence[CardId]]]:
        return self._game.piles

    @property
    def house(self) -> Sequence[Sequence[CardId]]:
        return self._game.house

    @property
    def hotel(self) -> Sequence[Sequence[CardId]]:
        return self._game.hotel

    def pile_colour(self, card: CardId) -> ColourId:
        """The colour a card on the table stands as (NONE for a card not on a table)."""
        return self._game.pile_colour[card]

    def is_full(self, seat: PlayerId, colour: ColourId) -> bool:
        return self._game.is_full(seat, colour)

    def full_sets(self, seat: PlayerId) -> int:
        return self._game.full_sets(seat)

    def rent_of(self, seat: PlayerId, colour: ColourId) -> Money:
        return self._game.rent_of(seat, colour)

    def payable(self, seat: PlayerId) -> list[CardId]:
        return self._game.payable(seat)

    def worth(self, seat: PlayerId) -> Money:
        return self._game.worth(seat)

    # --- sizes and piles
    def hand_size(self, seat: PlayerId) -> int:
        return len(self._game.hands[seat])

    @property
    def draw_size(self) -> int:
        return len(self._game.draw)

    @property
    def discard(self) -> Sequence[CardId]:
        return self._game.discard

    # --- the moment
    @property
    def phase(self) -> int:
        return self._game.phase

    @property
    def turn_seat(self) -> PlayerId:
        return self._game.turn_seat

    @property
    def turn_number(self) -> int:
        return self._game.turn_number

    @property
    def plays_left(self) -> int:
        return self._game.plays_left

    @property
    def request(self) -> Request | None:
        return self._game.request

    def legal_actions(self) -> list[LegalEntry]:
        """The seat's own legal actions (empty when it is not its decision)."""
        return legal_actions(self._game, self.seat)
