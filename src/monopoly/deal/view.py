"""What one seat may see (DEAL.md § Players and hidden information).

A seat sees its own hand, everyone's table (bank, properties by colour with the colour
each wildcard stands as, buildings), the size of every hand and of the draw pile, and the
discard pile. Nobody sees another hand or the order of the draw pile; a spectator
(``seat=None``) sees no hand at all.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from monopoly.deal.game import Game

NONE = -1


@dataclass(frozen=True, slots=True)
class PileView:
    colour: int
    cards: tuple[int, ...]
    house: int  # card id, or -1
    hotel: int  # card id, or -1
    full: bool
    rent: int


@dataclass(frozen=True, slots=True)
class TableView:
    seat: int
    name: str
    hand_size: int
    bank: tuple[int, ...]
    piles: tuple[PileView, ...]  # the non-empty colours only
    full_sets: int
    worth: int


@dataclass(frozen=True, slots=True)
class RequestView:
    kind: str
    attacker: int
    card: int
    targets: tuple[int, ...]  # targets[0] answers now
    amount: int
    take: int
    give: int
    colour: int
    nos: int  # Just Say No cards played against the current target's answer so far


@dataclass(frozen=True, slots=True)
class DealView:
    seat: int | None
    hand: tuple[int, ...] | None  # None for a spectator
    tables: tuple[TableView, ...]
    draw_size: int
    discard: tuple[int, ...]  # bottom first
    phase: str
    turn_seat: int
    turn: int
    plays_left: int
    pending: int | None
    request: RequestView | None
    outcome: dict[str, Any] | None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def seat_view(game: Game, seat: int | None) -> DealView:
    tables: list[TableView] = []
    for s in range(game.n):
        piles = tuple(
            PileView(colour, tuple(pile), game.house[s][colour], game.hotel[s][colour],
                     game.is_full(s, colour), game.rent_of(s, colour))
            for colour, pile in enumerate(game.piles[s]) if pile
        )
        tables.append(TableView(s, game.names[s], len(game.hands[s]), tuple(game.banks[s]),
                                piles, game.full_sets(s), game.worth(s)))
    req = game.request
    request = None if req is None else RequestView(
        REQUEST_NAMES[req.kind], req.attacker, req.card, tuple(req.targets), req.amount,
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
        pending=game.pending(),
        request=request,
        outcome=None if game.outcome is None else game.outcome.to_dict(),
    )


REQUEST_NAMES: tuple[str, ...] = (
    "rent", "birthday", "debt_collector", "sly_deal", "forced_deal", "deal_breaker",
)
