"""Typed events: what :meth:`Game.apply` reports, for the UI, the log and the store.

Events hold only what every seat may see: a draw says how many cards, never which, and
cards put under the draw pile are counted, not named. Seats and cards are integers,
colours are colour ids. Events are built only when the game was asked to
(``Game(..., events=True)``, the default). They stand on the core's
:class:`~monopoly.core.events.Event`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from monopoly.core.events import Event

__all__ = [
    "Accepted", "ActionPlayed", "Banked", "BuildingPlaced", "BuildingRemoved", "Cancelled",
    "Discarded", "Drew", "Event", "GameOver", "Paid", "PropertiesSwapped", "PropertyLaid",
    "PropertyTaken", "RentCharged", "Reshuffled", "SaidNo", "SetTaken", "TurnEnded",
    "TurnStarted", "WildMoved",
]


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    player: int
    turn: int
    kind: ClassVar[str] = "turn_started"


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``count`` cards went from the draw pile to the player's hand (not named)."""

    player: int
    count: int
    kind: ClassVar[str] = "drew"


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The draw pile ran out: the discard pile, shuffled, is the new draw pile."""

    count: int
    kind: ClassVar[str] = "reshuffled"


@dataclass(frozen=True, slots=True)
class Banked(Event):
    player: int
    card: int
    kind: ClassVar[str] = "banked"


@dataclass(frozen=True, slots=True)
class PropertyLaid(Event):
    player: int
    card: int
    colour: int
    kind: ClassVar[str] = "property_laid"


@dataclass(frozen=True, slots=True)
class WildMoved(Event):
    player: int
    card: int
    from_colour: int
    to_colour: int
    kind: ClassVar[str] = "wild_moved"


@dataclass(frozen=True, slots=True)
class ActionPlayed(Event):
    """An action card played for its effect (``action``: its key, e.g. ``sly_deal``), with
    the target seats (empty for Pass Go, every other player for a birthday)."""

    player: int
    card: int
    action: str
    targets: tuple[int, ...]
    kind: ClassVar[str] = "action_played"


@dataclass(frozen=True, slots=True)
class RentCharged(Event):
    player: int
    card: int
    colour: int
    amount: int
    targets: tuple[int, ...]
    doubles: tuple[int, ...]
    kind: ClassVar[str] = "rent_charged"


@dataclass(frozen=True, slots=True)
class SaidNo(Event):
    """``player`` played Just Say No ``card``; ``cancels`` says whether the action now
    stands cancelled (an odd number of Just Say No cards in the chain)."""

    player: int
    card: int
    cancels: bool
    kind: ClassVar[str] = "said_no"


@dataclass(frozen=True, slots=True)
class Accepted(Event):
    player: int
    kind: ClassVar[str] = "accepted"


@dataclass(frozen=True, slots=True)
class Cancelled(Event):
    """The action against ``target`` was cancelled by Just Say No."""

    player: int
    target: int
    kind: ClassVar[str] = "cancelled"


@dataclass(frozen=True, slots=True)
class Paid(Event):
    """``payer`` handed these cards to ``payee`` (worth ``total``M) for a debt of ``amount``M."""

    payer: int
    payee: int
    cards: tuple[int, ...]
    total: int
    amount: int
    kind: ClassVar[str] = "paid"


@dataclass(frozen=True, slots=True)
class PropertyTaken(Event):
    taker: int
    owner: int
    card: int
    kind: ClassVar[str] = "property_taken"


@dataclass(frozen=True, slots=True)
class PropertiesSwapped(Event):
    player: int
    other: int
    given: int
    taken: int
    kind: ClassVar[str] = "properties_swapped"


@dataclass(frozen=True, slots=True)
class SetTaken(Event):
    taker: int
    owner: int
    colour: int
    cards: tuple[int, ...]
    kind: ClassVar[str] = "set_taken"


@dataclass(frozen=True, slots=True)
class BuildingPlaced(Event):
    player: int
    card: int
    colour: int
    kind: ClassVar[str] = "building_placed"


@dataclass(frozen=True, slots=True)
class BuildingRemoved(Event):
    """A building left a set that is no longer full: to the owner's bank, or discarded."""

    player: int
    card: int
    colour: int
    to_bank: bool
    kind: ClassVar[str] = "building_removed"


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    player: int
    kind: ClassVar[str] = "turn_ended"


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """Cards discarded down to the hand limit: named when they go to the discard pile,
    only counted when they go under the draw pile (its order is hidden)."""

    player: int
    count: int
    cards: tuple[int, ...]
    kind: ClassVar[str] = "discarded"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    reason: str
    winner: int | None
    ranking: tuple[int, ...]
    kind: ClassVar[str] = "game_over"
