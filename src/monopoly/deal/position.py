"""The Deal's position: every card's place, the turn, the action being answered, and the
primitive moves of cards between places.

Cards are deck ids (:mod:`monopoly.deal.deck`), kept in plain lists: the draw pile (top
at the end), the discard pile (top at the end), and per seat a hand, a bank, one pile of
properties per colour (extras beyond a full set stay in it, docs/deal-rules.md § Actions) and at
most one house and one hotel per colour. ``place``/``owner``/``pile_colour`` say where
every card is, for O(1) checks. Chance comes only from the position's own seeded
generator.

A :class:`Position` holds no rules beyond reading the table (full sets, rent, what a
seat can pay with); the rules that change it are the modules beside it
(:mod:`~monopoly.deal.turns`, :mod:`~monopoly.deal.payments`,
:mod:`~monopoly.deal.requests`, :mod:`~monopoly.deal.plays`), and
:class:`~monopoly.deal.game.Game` is the facade that drives them.

Example::

    >>> from monopoly.deal.deck import load_deck
    >>> p = Position(["Ann", "Bob"], 7, DealRules(), load_deck(), events=False)
    >>> len(p.draw), p.place[0] == P_DRAW, p.seat_names
    (0, True, ('Ann', 'Bob'))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from monopoly.core.errors import RulesError
from monopoly.core.ids import CardId, ColourId, Money, PlayerId
from monopoly.core.outcome import Outcome
from monopoly.core.text import Text
from monopoly.deal import events as E
from monopoly.deal.actions import Action
from monopoly.deal.deck import HOUSE, JUST_SAY_NO, Deck
from monopoly.deal.options import MAX_PLAYERS, MIN_PLAYERS, DealRules

__all__ = [
    "BIRTHDAY_AMOUNT", "DEBT_AMOUNT", "DISCARD", "NONE", "OVER", "PHASE_KEYS", "PLACE_KEYS",
    "PLAY", "P_BANK", "P_DISCARD", "P_DRAW", "P_HAND", "P_HOTEL", "P_HOUSE", "P_PILE",
    "REQUEST_KEYS", "RESPOND", "R_BIRTHDAY", "R_BREAKER", "R_DEBT", "R_FORCED", "R_RENT",
    "R_SLY", "Position", "Request",
]

# phases
PLAY = 0
DISCARD = 1
RESPOND = 2
OVER = 3
PHASE_KEYS: tuple[str, ...] = ("play", "discard", "respond", "over")

# where a card is
P_DRAW = 0
P_DISCARD = 1
P_HAND = 2
P_BANK = 3
P_PILE = 4
P_HOUSE = 5
P_HOTEL = 6
PLACE_KEYS: tuple[str, ...] = ("draw", "discard", "hand", "bank", "pile", "house", "hotel")

# what a request (an action aimed at other players) asks
R_RENT = 0
R_BIRTHDAY = 1
R_DEBT = 2
R_SLY = 3
R_FORCED = 4
R_BREAKER = 5
REQUEST_KEYS: tuple[str, ...] = (
    "rent", "birthday", "debt_collector", "sly_deal", "forced_deal", "deal_breaker",
)
NONE = -1

DEBT_AMOUNT = 5  # Debt Collector (docs/deal-rules.md § Deck)
BIRTHDAY_AMOUNT = 2  # It's My Birthday


class Request:
    """An action aimed at other players, answered target by target (docs/deal-rules.md § Actions).

    ``targets[0]`` is answering now; ``nos`` counts the Just Say No cards played in its
    chain: even, the target answers (Just Say No, or pay / accept); odd, the attacker
    answers (Just Say No again, or accept the cancellation)."""

    __slots__ = ("amount", "attacker", "card", "colour", "give", "kind", "nos", "take",
                 "targets")

    def __init__(self, kind: int, attacker: PlayerId, card: CardId, targets: list[PlayerId],
                 amount: Money = 0, take: CardId = NONE, give: CardId = NONE,
                 colour: ColourId = NONE, nos: int = 0) -> None:
        self.kind = kind
        self.attacker = attacker
        self.card = card
        self.targets = targets
        self.amount = amount
        self.take = take
        self.give = give
        self.colour = colour
        self.nos = nos

    @property
    def pays(self) -> bool:
        """A payment (rent, birthday, debt), not a taking (Sly, Forced Deal, Deal Breaker)."""
        return self.kind <= R_DEBT

    def copy(self) -> Request:
        return Request(self.kind, self.attacker, self.card, list(self.targets), self.amount,
                       self.take, self.give, self.colour, self.nos)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": REQUEST_KEYS[self.kind], "attacker": self.attacker, "card": self.card,
                "targets": list(self.targets), "amount": self.amount, "take": self.take,
                "give": self.give, "colour": self.colour, "nos": self.nos}


def seat_names(seats: Sequence[str] | int) -> tuple[str, ...]:
    """The names of the seats (``P0``, ``P1``... for a number of seats), checked: 2-5."""
    names = (tuple(f"P{i}" for i in range(seats)) if isinstance(seats, int)
             else tuple(str(s) for s in seats))
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise RulesError(Text("Monopoly Deal takes {low} to {high} players, got {count}",
                              low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(names)))
    return names


class Position:
    """The whole state of one game of Monopoly Deal (see the module docstring); its
    lists are the truth, read by the views and changed only by the rules modules."""

    def __init__(self, seats: Sequence[str] | int, seed: int, rules: DealRules, deck: Deck,
                 *, events: bool = True) -> None:
        names = seat_names(seats)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RulesError(Text("the seed must be an integer, got {seed}", seed=repr(seed)))
        self.rules: DealRules = rules
        self.deck: Deck = deck
        self.seat_names: tuple[str, ...] = names
        self.n: int = len(names)
        # the other seats, clockwise from each seat
        self.others: list[list[int]] = [[(s + i) % self.n for i in range(1, self.n)]
                                        for s in range(self.n)]
        self.seed: int = seed
        self.rng: random.Random = random.Random(seed)
        self.events: list[E.Event] | None = [] if events else None
        n, cols, size = self.n, deck.n_colours, deck.size
        self.draw: list[int] = []
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.banks: list[list[int]] = [[] for _ in range(n)]
        self.piles: list[list[list[int]]] = [[[] for _ in range(cols)] for _ in range(n)]
        self.house: list[list[int]] = [[NONE] * cols for _ in range(n)]
        self.hotel: list[list[int]] = [[NONE] * cols for _ in range(n)]
        self.place: list[int] = [P_DRAW] * size
        self.owner: list[int] = [NONE] * size
        self.pile_colour: list[int] = [NONE] * size
        self.phase: int = PLAY
        self.turn_seat: int = 0
        self.turn_number: int = 0
        self.plays_left: int = 0
        self.request: Request | None = None
        self.outcome: Outcome | None = None
        self.history: list[tuple[int, Action]] = []
        # seats that laid or received a property since the last win check (a bit each):
        # only they can have completed a set (docs/deal-rules.md § End)
        self.gained: int = 0

    # ------------------------------------------------------------ moving cards

    def draw_one(self, seat: PlayerId) -> bool:
        """The top card of the draw pile into ``seat``'s hand; an empty pile is refilled
        from the shuffled discard pile (option ``reshuffle_discard``). False: no card."""
        draw = self.draw
        if not draw:
            if not (self.rules.reshuffle_discard and self.discard):
                return False
            # docs/deal-rules.md § End (silent): the discard pile, shuffled, is the new draw pile
            draw = self.discard
            self.discard = []
            self.rng.shuffle(draw)
            place = self.place
            for c in draw:
                place[c] = P_DRAW
            self.draw = draw
            if self.events is not None:
                self.events.append(E.Reshuffled(len(draw)))
        c = draw.pop()
        self.hands[seat].append(c)
        self.place[c] = P_HAND
        self.owner[c] = seat
        return True

    def lift(self, c: CardId) -> None:
        """Take card ``c`` out of wherever it is."""
        pl = self.place[c]
        s = self.owner[c]
        if pl == P_HAND:
            self.hands[s].remove(c)
        elif pl == P_BANK:
            self.banks[s].remove(c)
        elif pl == P_PILE:
            self.piles[s][self.pile_colour[c]].remove(c)
        elif pl == P_HOUSE:
            self.house[s][self.pile_colour[c]] = NONE
        elif pl == P_HOTEL:
            self.hotel[s][self.pile_colour[c]] = NONE
        elif pl == P_DRAW:
            self.draw.remove(c)
        else:
            self.discard.remove(c)
        self.owner[c] = NONE
        self.pile_colour[c] = NONE

    def to_bank(self, seat: PlayerId, c: CardId) -> None:
        self.banks[seat].append(c)
        self.place[c] = P_BANK
        self.owner[c] = seat

    def to_pile(self, seat: PlayerId, c: CardId, colour: ColourId) -> None:
        self.gained |= 1 << seat
        self.piles[seat][colour].append(c)
        self.place[c] = P_PILE
        self.owner[c] = seat
        self.pile_colour[c] = colour

    def to_discard(self, c: CardId) -> None:
        self.discard.append(c)
        self.place[c] = P_DISCARD

    def to_building(self, seat: PlayerId, c: CardId, colour: ColourId) -> None:
        if self.deck.action[c] == HOUSE:
            self.house[seat][colour] = c
            self.place[c] = P_HOUSE
        else:
            self.hotel[seat][colour] = c
            self.place[c] = P_HOTEL
        self.owner[c] = seat
        self.pile_colour[c] = colour

    # ------------------------------------------------------------ reading the table

    def in_hand(self, seat: PlayerId, c: CardId) -> bool:
        return 0 <= c < self.deck.size and self.place[c] == P_HAND and self.owner[c] == seat

    def is_full(self, seat: PlayerId, colour: ColourId) -> bool:
        """A full set: as many cards as the set size, at least one of them not an
        any-colour wild (docs/deal-rules.md § Actions: an any-colour wild alone is not a set)."""
        pile = self.piles[seat][colour]
        if len(pile) < self.deck.set_size[colour]:
            return False
        any_colour = self.deck.any_colour
        for c in pile:  # noqa: SIM110 (a loop: no generator)
            if not any_colour[c]:
                return True
        return False

    def full_sets(self, seat: PlayerId) -> int:
        """How many colours this seat holds a full set of."""
        count = 0
        sizes = self.deck.set_size
        any_colour = self.deck.any_colour
        piles = self.piles[seat]
        if len(piles) != len(sizes):
            raise ValueError(f"seat {seat} has {len(piles)} colours, the deck {len(sizes)}")
        for colour in range(len(piles)):  # indices, not zip(): native in the compiled build
            pile = piles[colour]
            if len(pile) >= sizes[colour]:
                for c in pile:
                    if not any_colour[c]:
                        count += 1
                        break
        return count

    def rent_of(self, seat: PlayerId, colour: ColourId) -> Money:
        """The rent of one colour (docs/deal-rules.md § Actions): the ladder value for the cards
        held,
        capped at the full set, plus house and hotel; 0 with only any-colour wilds."""
        pile = self.piles[seat][colour]
        if not pile:
            return 0
        any_colour = self.deck.any_colour
        for c in pile:
            if not any_colour[c]:
                break
        else:
            return 0
        ladder = self.deck.ladder[colour]
        rent = ladder[min(len(pile), len(ladder)) - 1]
        if self.house[seat][colour] != NONE:
            rent += self.deck.house_rent
        if self.hotel[seat][colour] != NONE:
            rent += self.deck.hotel_rent
        return rent

    def table_cards(self, seat: PlayerId) -> list[int]:
        """Every card on this seat's table: bank, properties, buildings."""
        out = list(self.banks[seat])
        for colour, pile in enumerate(self.piles[seat]):
            out.extend(pile)
            if self.house[seat][colour] != NONE:
                out.append(self.house[seat][colour])
            if self.hotel[seat][colour] != NONE:
                out.append(self.hotel[seat][colour])
        return out

    def payable(self, seat: PlayerId) -> list[int]:
        """The cards this seat can pay with: the table, less any-colour wilds (no value)."""
        value = self.deck.value
        return [c for c in self.table_cards(seat) if value[c] > 0]

    def worth(self, seat: PlayerId) -> Money:
        """Bank plus property value (buildings included): the results table's measure."""
        value = self.deck.value
        total = 0
        for c in self.banks[seat]:  # the cards of table_cards(seat), without the list
            total += value[c]
        piles = self.piles[seat]
        house = self.house[seat]
        hotel = self.hotel[seat]
        for colour in range(len(piles)):
            for c in piles[colour]:
                total += value[c]
            if house[colour] != NONE:
                total += value[house[colour]]
            if hotel[colour] != NONE:
                total += value[hotel[colour]]
        return total

    def loose(self, seat: PlayerId) -> list[int]:
        """This seat's properties that are not in a full set (Sly / Forced Deal)."""
        out: list[int] = []
        for colour, pile in enumerate(self.piles[seat]):
            if pile and not self.is_full(seat, colour):
                out.extend(pile)
        return out

    def can_build(self, seat: PlayerId, code: int, colour: ColourId) -> bool:
        """A house (``code`` HOUSE) or hotel may go on the seat's ``colour`` set (the test
        of :func:`monopoly.deal.legal.building_reason` without building its reason)."""
        if not self.deck.buildable[colour] or not self.is_full(seat, colour):
            return False
        if code == HOUSE:
            return self.house[seat][colour] == NONE
        return self.house[seat][colour] != NONE and self.hotel[seat][colour] == NONE

    def can_say_no(self, seat: PlayerId) -> bool:
        """The seat holds a Just Say No it may play now (option ``jsn_uses_play``: not
        without a play left on its own turn)."""
        if self.rules.jsn_uses_play and seat == self.turn_seat and self.plays_left <= 0:
            return False
        action = self.deck.action
        return any(action[c] == JUST_SAY_NO for c in self.hands[seat])

    @property
    def is_over(self) -> bool:
        """The game has ended."""
        return self.phase == OVER

    def phase_name(self) -> str:
        return PHASE_KEYS[self.phase]

