"""The Monopoly Deal rules core: one game, driven only through its protocol.

- ``pending()`` / ``pending_seats()``: who must act now (the player on turn, a target
  answering an action, an attacker answering a Just Say No, a payer, a player discarding);
- ``legal_actions(seat)``: the single source of legality (payments and discards as
  templates, see :mod:`monopoly.deal.actions`); ``is_legal`` / ``why_illegal`` decide a
  concrete action;
- ``apply(seat, action)``: the only way the state changes; returns typed events; an
  illegal action raises :class:`IllegalActionError` and changes nothing;
- ``view(seat)``: what that seat may see (``view(None)``: a spectator, no hands).

Cards are deck ids (:mod:`monopoly.deal.deck`), kept in plain lists: the draw pile (top
at the end), the discard pile (top at the end), and per seat a hand, a bank, one pile of
properties per colour (extras beyond a full set stay in it, DEAL.md § Actions) and at
most one house and one hotel per colour. ``place``/``owner``/``pile_colour`` say where
every card is, for O(1) checks. Chance comes only from the game's own seeded generator.

Example::

    >>> g = Game(DealRules(), ["Ann", "Bob"], seed=7)
    >>> g.pending(), len(g.hands[0])
    (0, 7)
    >>> _ = g.apply(0, END)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from monopoly.core.text import Text
from monopoly.deal import events as E
from monopoly.deal.actions import (
    ACCEPT,
    BANK,
    END,
    MOVE,
    NO_TARGET,
    Accept,
    Action,
    Discard,
    DiscardTemplate,
    EndTurn,
    LegalEntry,
    MoveWild,
    Pay,
    PayTemplate,
    PlayBank,
    PlayBirthday,
    PlayBreaker,
    PlayDebt,
    PlayForced,
    PlayHotel,
    PlayHouse,
    PlayPassGo,
    PlayProperty,
    PlayRent,
    PlaySly,
    SayNo,
)
from monopoly.deal.actions import PROPERTY as PROPERTY_PLAYS
from monopoly.deal.deck import (
    ACTION,
    ACTION_KEYS,
    BIRTHDAY,
    DEAL_BREAKER,
    DEBT_COLLECTOR,
    DOUBLE_RENT,
    FORCED_DEAL,
    HOTEL,
    HOUSE,
    JUST_SAY_NO,
    MONEY,
    PASS_GO,
    PROPERTY,
    RENT,
    SLY_DEAL,
    WILD,
    Deck,
    load_deck,
)
from monopoly.deal.errors import DealError, IllegalActionError
from monopoly.deal.options import MAX_PLAYERS, MIN_PLAYERS, DealRules
from monopoly.deal.view import DealView, seat_view

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

DEBT_AMOUNT = 5  # Debt Collector (DEAL.md § Deck)
BIRTHDAY_AMOUNT = 2  # It's My Birthday


class Request:
    """An action aimed at other players, answered target by target (DEAL.md § Actions).

    ``targets[0]`` is answering now; ``nos`` counts the Just Say No cards played in its
    chain: even, the target answers (Just Say No, or pay / accept); odd, the attacker
    answers (Just Say No again, or accept the cancellation)."""

    __slots__ = ("amount", "attacker", "card", "colour", "give", "kind", "nos", "take",
                 "targets")

    def __init__(self, kind: int, attacker: int, card: int, targets: list[int],
                 amount: int = 0, take: int = NONE, give: int = NONE,
                 colour: int = NONE, nos: int = 0) -> None:
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
        return self.kind <= R_DEBT

    def to_dict(self) -> dict[str, Any]:
        return {"kind": REQUEST_KEYS[self.kind], "attacker": self.attacker, "card": self.card,
                "targets": list(self.targets), "amount": self.amount, "take": self.take,
                "give": self.give, "colour": self.colour, "nos": self.nos}


class Outcome:
    """How a finished game ended: ``reason`` ("win" or "turn_cap"), the winner (None for a
    draw), every seat ranked (winner first, then by bank + property value, the seed's
    results table) and that value per seat."""

    __slots__ = ("ranking", "reason", "winner", "worth")

    def __init__(self, reason: str, winner: int | None, ranking: list[int],
                 worth: list[int]) -> None:
        self.reason = reason
        self.winner = winner
        self.ranking = ranking
        self.worth = worth

    def to_dict(self) -> dict[str, Any]:
        return {"reason": self.reason, "winner": self.winner, "ranking": list(self.ranking),
                "worth": list(self.worth)}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Outcome) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.reason, self.winner, tuple(self.ranking)))

    def __repr__(self) -> str:
        return f"Outcome({self.to_dict()!r})"


class Game:
    """One game of Monopoly Deal for 2-5 seats (DEAL.md)."""

    def __init__(self, rules: DealRules | None = None, seats: Sequence[str] | int = 2,
                 seed: int = 0, *, deck: Deck | None = None, events: bool = True,
                 deal: bool = True) -> None:
        self.rules: DealRules = rules if rules is not None else DealRules()
        names = ([f"P{i}" for i in range(seats)] if isinstance(seats, int)
                 else [str(s) for s in seats])
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise DealError(
                f"Monopoly Deal takes {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(names)}"
            )
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise DealError(Text("the seed must be an integer, got {seed}", seed=repr(seed)))
        self.deck: Deck = deck if deck is not None else load_deck()
        self.names: list[str] = names
        self.n: int = len(names)
        # the other seats, clockwise from each seat
        self.others: list[list[int]] = [[(s + i) % self.n for i in range(1, self.n)]
                                        for s in range(self.n)]
        self.seed: int = seed
        self.rng: random.Random = random.Random(seed)
        self.events: list[E.Event] | None = [] if events else None
        n, cols, size = self.n, self.deck.n_colours, self.deck.size
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
        self.log: list[tuple[int, Action]] = []
        # seats that laid or received a property since the last win check (a bit each):
        # only they can have completed a set (DEAL.md § End)
        self.gained: int = 0
        if deal:
            self._setup()

    # ------------------------------------------------------------------------ setup

    def _setup(self) -> None:
        """Shuffle, deal 5 each one card at a time, and start the first turn (seed: Setup)."""
        cards = list(range(self.deck.size))
        self.rng.shuffle(cards)
        self.draw = cards
        for _ in range(self.rules.deal_size):
            for seat in range(self.n):
                self._draw_one(seat)
        first = 0 if self.rules.first_player == "first_seat" else self.rng.randrange(self.n)
        self._start_turn(first)
        self._settle()

    # ---------------------------------------------------------------- small helpers

    def _draw_one(self, seat: int) -> bool:
        draw = self.draw
        if not draw:
            if not (self.rules.reshuffle_discard and self.discard):
                return False
            # DEAL.md § End (silent): the discard pile, shuffled, is the new draw pile
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

    def _draw(self, seat: int, count: int) -> None:
        got = 0
        for _ in range(count):
            if not self._draw_one(seat):
                break
            got += 1
        if self.events is not None:
            self.events.append(E.Drew(seat, got))

    def _lift(self, c: int) -> None:
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

    def _to_bank(self, seat: int, c: int) -> None:
        self.banks[seat].append(c)
        self.place[c] = P_BANK
        self.owner[c] = seat

    def _to_pile(self, seat: int, c: int, colour: int) -> None:
        self.gained |= 1 << seat
        self.piles[seat][colour].append(c)
        self.place[c] = P_PILE
        self.owner[c] = seat
        self.pile_colour[c] = colour

    def _to_discard(self, c: int) -> None:
        self.discard.append(c)
        self.place[c] = P_DISCARD

    def _to_building(self, seat: int, c: int, colour: int) -> None:
        if self.deck.action[c] == HOUSE:
            self.house[seat][colour] = c
            self.place[c] = P_HOUSE
        else:
            self.hotel[seat][colour] = c
            self.place[c] = P_HOTEL
        self.owner[c] = seat
        self.pile_colour[c] = colour

    # -------------------------------------------------------------- reading the table

    def is_full(self, seat: int, colour: int) -> bool:
        """A full set: as many cards as the set size, at least one of them not an
        any-colour wild (DEAL.md § Actions: an any-colour wild alone is not a set)."""
        pile = self.piles[seat][colour]
        if len(pile) < self.deck.set_size[colour]:
            return False
        any_colour = self.deck.any_colour
        return any(not any_colour[c] for c in pile)

    def full_sets(self, seat: int) -> int:
        """How many colours this seat holds a full set of."""
        count = 0
        sizes = self.deck.set_size
        any_colour = self.deck.any_colour
        for pile, size in zip(self.piles[seat], sizes, strict=True):
            if len(pile) >= size:
                for c in pile:
                    if not any_colour[c]:
                        count += 1
                        break
        return count

    def rent_of(self, seat: int, colour: int) -> int:
        """The rent of one colour (DEAL.md § Actions): the ladder value for the cards held,
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

    def table_cards(self, seat: int) -> list[int]:
        """Every card on this seat's table: bank, properties, buildings."""
        out = list(self.banks[seat])
        for colour, pile in enumerate(self.piles[seat]):
            out.extend(pile)
            if self.house[seat][colour] != NONE:
                out.append(self.house[seat][colour])
            if self.hotel[seat][colour] != NONE:
                out.append(self.hotel[seat][colour])
        return out

    def payable(self, seat: int) -> list[int]:
        """The cards this seat can pay with: the table, less any-colour wilds (no value)."""
        value = self.deck.value
        return [c for c in self.table_cards(seat) if value[c] > 0]

    def worth(self, seat: int) -> int:
        """Bank plus property value (buildings included): the results table's measure."""
        value = self.deck.value
        return sum(value[c] for c in self.table_cards(seat))

    @property
    def is_over(self) -> bool:
        """The game has ended (a property, as in the board game's core)."""
        return self.phase == OVER

    # ---------------------------------------------------------------- who must act

    def pending(self) -> int | None:
        """The seat that must act now, or None when the game is over."""
        phase = self.phase
        if phase == OVER:
            return None
        if phase == RESPOND:
            req = self.request
            if req is not None:
                return req.targets[0] if req.nos % 2 == 0 else req.attacker
        return self.turn_seat

    def pending_seats(self) -> list[int]:
        seat = self.pending()
        return [] if seat is None else [seat]

    def phase_name(self) -> str:
        return PHASE_KEYS[self.phase]

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: int) -> list[LegalEntry]:
        """Everything ``seat`` may do now (empty when it is not this seat's decision).

        Equivalent cards (two 1M notes) are listed once, by their first id in the hand;
        ``is_legal`` accepts any of them."""
        if seat != self.pending():
            return []
        phase = self.phase
        if phase == PLAY:
            return self._play_actions(seat)
        if phase == DISCARD:
            hand = self.hands[seat]
            return [DiscardTemplate(len(hand) - self.rules.hand_limit, tuple(hand))]
        return self._answers(seat)

    def _play_actions(self, seat: int) -> list[LegalEntry]:
        deck = self.deck
        out: list[LegalEntry] = [END]
        for colour, pile in enumerate(self.piles[seat]):
            for c in pile:
                if deck.kind[c] == WILD:
                    moves = MOVE[c]
                    for to in deck.colours[c]:
                        if to != colour:
                            out.append(moves[to])
        if self.plays_left <= 0:
            return out
        seen: set[int] = set()
        kind, action, type_of = deck.kind, deck.action, deck.type_of
        hand = self.hands[seat]
        for c in hand:
            t = type_of[c]
            if t in seen:
                continue
            seen.add(t)
            k = kind[c]
            if k in (PROPERTY, WILD):
                lay = PROPERTY_PLAYS[c]
                for colour in deck.colours[c]:
                    out.append(lay[colour])
                continue
            out.append(BANK[c])
            if k == RENT:
                self._rent_actions(seat, c, out)
            elif k == ACTION:
                self._action_card_actions(seat, c, action[c], out)
        return out

    def _others(self, seat: int) -> list[int]:
        """The other seats, clockwise from ``seat`` (a fresh list)."""
        return list(self.others[seat])

    def _loose(self, seat: int) -> list[int]:
        """This seat's properties that are not in a full set (Sly / Forced Deal)."""
        out: list[int] = []
        for colour, pile in enumerate(self.piles[seat]):
            if pile and not self.is_full(seat, colour):
                out.extend(pile)
        return out

    def _action_card_actions(self, seat: int, c: int, code: int,
                             out: list[LegalEntry]) -> None:
        if code == PASS_GO:
            out.append(PlayPassGo(c))
        elif code == BIRTHDAY:
            out.append(PlayBirthday(c))
        elif code == DEBT_COLLECTOR:
            for t in self.others[seat]:
                out.append(PlayDebt(c, t))
        elif code == SLY_DEAL:
            for t in self.others[seat]:
                for x in self._loose(t):
                    out.append(PlaySly(c, x))
        elif code == FORCED_DEAL:
            mine = self._loose(seat)
            if mine:
                for t in self.others[seat]:
                    for x in self._loose(t):
                        for g in mine:
                            out.append(PlayForced(c, g, x))
        elif code == DEAL_BREAKER:
            for t in self.others[seat]:
                for colour in range(self.deck.n_colours):
                    if self.is_full(t, colour):
                        out.append(PlayBreaker(c, t, colour))
        elif code in (HOUSE, HOTEL):
            for colour in range(self.deck.n_colours):
                if self._can_build(seat, code, colour):
                    out.append(PlayHouse(c, colour) if code == HOUSE else PlayHotel(c, colour))

    def _rent_actions(self, seat: int, c: int, out: list[LegalEntry]) -> None:
        deck = self.deck
        doubles = [d for d in self.hands[seat] if deck.action[d] == DOUBLE_RENT]
        most = min(len(doubles), self.plays_left - 1)
        if not self.rules.stack_double_rent:
            most = min(most, 1)
        targets = self.others[seat] if deck.any_colour[c] else [NO_TARGET]
        for colour in deck.colours[c]:
            if self.rent_of(seat, colour) <= 0:
                continue
            for t in targets:
                for k in range(most + 1):
                    out.append(PlayRent(c, colour, t, tuple(doubles[:k])))

    def _can_say_no(self, seat: int) -> bool:
        if (self.rules.jsn_uses_play and seat == self.turn_seat and self.plays_left <= 0):
            return False
        action = self.deck.action
        return any(action[c] == JUST_SAY_NO for c in self.hands[seat])

    def _answers(self, seat: int) -> list[LegalEntry]:
        req = self.request
        if req is None:
            return []
        out: list[LegalEntry] = []
        if req.nos % 2 == 1 or not req.pays:
            out.append(ACCEPT)
        else:
            cards = self.payable(seat)
            value = self.deck.value
            if sum(value[c] for c in cards) <= req.amount:
                out.append(Pay(tuple(cards)))
            else:
                out.append(PayTemplate(req.amount, tuple(cards)))
        if self._can_say_no(seat):
            action = self.deck.action
            for c in self.hands[seat]:
                if action[c] == JUST_SAY_NO:
                    out.append(SayNo(c))
                    break
        return out

    # ------------------------------------------------------------------ legality

    def is_legal(self, seat: object, action: object) -> bool:
        return self._check(seat, action) is None

    def why_illegal(self, seat: object, action: object) -> str | None:
        """Why ``action`` is not legal for ``seat`` now, or None when it is."""
        return self._check(seat, action)

    def _check(self, seat: object, action: object) -> str | None:
        try:
            return self._check_action(seat, action)
        except (TypeError, IndexError):
            # a hand-built action with parameters of the wrong type ("3" for a card...)
            return Text("malformed action {action}", action=repr(action))

    def _check_action(self, seat: object, action: object) -> str | None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            return Text("no seat {seat} in this game of {players}", seat=repr(seat), players=self.n)
        if self.phase == OVER:
            return Text("the game is over")
        pending = self.pending()
        if seat != pending:
            return Text("it is seat {pending}'s decision, not seat {seat}'s",
                        pending=pending, seat=seat)
        phase = self.phase
        if isinstance(action, (EndTurn, MoveWild)) or _is_play(action):
            if phase != PLAY:
                return Text("seat {seat} must {what} first", seat=seat, what=self._what_now())
            if isinstance(action, EndTurn):
                return None
            if isinstance(action, MoveWild):
                return self._check_move(seat, action)
            return self._check_play(seat, action)
        if isinstance(action, Discard):
            if phase != DISCARD:
                return Text("nothing to discard now")
            return self._check_discard(seat, action)
        if isinstance(action, (SayNo, Accept, Pay)):
            if phase != RESPOND or self.request is None:
                return Text("no action to answer now")
            return self._check_answer(seat, action, self.request)
        return Text("not an action: {action}", action=repr(action))

    def _what_now(self) -> str:
        if self.phase == DISCARD:
            return Text("discard down to the hand limit")
        return Text("answer the action")

    def _in_hand(self, seat: int, c: int) -> bool:
        return 0 <= c < self.deck.size and self.place[c] == P_HAND and self.owner[c] == seat

    def _check_play(self, seat: int, action: Any) -> str | None:
        c = action.card
        if not isinstance(c, int) or not self._in_hand(seat, c):
            return Text("card {card} is not in seat {seat}'s hand", card=c, seat=seat)
        if self.plays_left <= 0:
            return Text("no plays left this turn ({plays} used)", plays=self.rules.plays_per_turn)
        deck = self.deck
        kind, code = deck.kind[c], deck.action[c]
        if isinstance(action, PlayBank):
            if kind in (PROPERTY, WILD):
                return Text("properties never go into the bank")
            return None
        if isinstance(action, PlayProperty):
            if kind != PROPERTY and kind != WILD:
                return Text("card {card} is not a property", card=c)
            if action.colour not in deck.colours[c]:
                return Text("card {card} cannot be laid as {colour}",
                            card=c, colour=_colour_key(deck, action.colour))
            return None
        if isinstance(action, PlayRent):
            return self._check_rent(seat, action)
        wanted = _ACTION_OF[type(action)]
        if kind != ACTION or code != wanted:
            return Text("card {card} is not a {kind} card", card=c, kind=ACTION_KEYS[wanted])
        if isinstance(action, (PlayPassGo, PlayBirthday)):
            return None
        if isinstance(action, PlayDebt):
            return self._check_target(seat, action.target)
        if isinstance(action, PlaySly):
            return self._check_loose(seat, action.take, mine=False)
        if isinstance(action, PlayForced):
            return (self._check_loose(seat, action.give, mine=True)
                    or self._check_loose(seat, action.take, mine=False))
        if isinstance(action, PlayBreaker):
            why = self._check_target(seat, action.target)
            if why is not None:
                return why
            if not 0 <= action.colour < deck.n_colours:
                return Text("no colour {colour}", colour=action.colour)
            if not self.is_full(action.target, action.colour):
                return (f"seat {action.target} has no full "
                        f"{_colour_key(deck, action.colour)} set")
            return None
        colour = action.colour
        if not 0 <= colour < deck.n_colours:
            return Text("no colour {colour}", colour=colour)
        return self._building_reason(seat, code, colour)

    def _check_target(self, seat: int, target: object) -> str | None:
        if not isinstance(target, int) or not 0 <= target < self.n:
            return Text("no seat {target} in this game", target=repr(target))
        if target == seat:
            return Text("an action cannot target its own player")
        return None

    def _check_loose(self, seat: int, c: object, *, mine: bool) -> str | None:
        if not isinstance(c, int) or not 0 <= c < self.deck.size or self.place[c] != P_PILE:
            return Text("card {card} is not a property on the table", card=c)
        owner = self.owner[c]
        if mine and owner != seat:
            return Text("card {card} is not seat {seat}'s property", card=c, seat=seat)
        if not mine and owner == seat:
            return Text("card {card} is seat {seat}'s own property", card=c, seat=seat)
        if self.is_full(owner, self.pile_colour[c]):
            return Text("card {card} is in a full set", card=c)
        return None

    def _can_build(self, seat: int, code: int, colour: int) -> bool:
        """A house (``code`` HOUSE) or hotel may go on the seat's ``colour`` set: the
        test of :meth:`_building_reason` without building its reason (legal_actions asks
        it for every colour)."""
        if not self.deck.buildable[colour] or not self.is_full(seat, colour):
            return False
        if code == HOUSE:
            return self.house[seat][colour] == NONE
        return self.house[seat][colour] != NONE and self.hotel[seat][colour] == NONE

    def _building_reason(self, seat: int, code: int, colour: int) -> str | None:
        deck = self.deck
        if not deck.buildable[colour]:
            return Text("no buildings on {colour}", colour=deck.colour_keys[colour])
        if not self.is_full(seat, colour):
            return Text("seat {seat} has no full {colour} set",
                        seat=seat, colour=deck.colour_keys[colour])
        if code == HOUSE:
            if self.house[seat][colour] != NONE:
                return Text("the {colour} set already has a house", colour=deck.colour_keys[colour])
            return None
        if self.house[seat][colour] == NONE:
            return Text("a hotel needs a house on the {colour} set first",
                        colour=deck.colour_keys[colour])
        if self.hotel[seat][colour] != NONE:
            return Text("the {colour} set already has a hotel", colour=deck.colour_keys[colour])
        return None

    def _check_rent(self, seat: int, action: PlayRent) -> str | None:
        deck = self.deck
        c = action.card
        if deck.kind[c] != RENT:
            return Text("card {card} is not a rent card", card=c)
        if action.colour not in deck.colours[c]:
            return Text("card {card} charges no {colour} rent",
                        card=c, colour=_colour_key(deck, action.colour))
        if self.rent_of(seat, action.colour) <= 0:
            return Text("seat {seat} has no {colour} property to charge for",
                        seat=seat, colour=_colour_key(deck, action.colour))
        if deck.any_colour[c]:
            why = self._check_target(seat, action.target)
            if why is not None:
                return Text("a wild rent charges one player: {reason}", reason=why)
        elif action.target != NO_TARGET:
            return Text("a two-colour rent charges every other player, not one")
        doubles = action.doubles
        if len(set(doubles)) != len(doubles):
            return Text("a Double The Rent card is listed twice")
        if len(doubles) > 1 and not self.rules.stack_double_rent:
            return Text("one Double The Rent per rent card")
        if 1 + len(doubles) > self.plays_left:
            return Text("rent with {n} Double The Rent needs {plays} plays",
                        n=len(doubles), plays=1 + len(doubles))
        for d in doubles:
            if not self._in_hand(seat, d) or deck.action[d] != DOUBLE_RENT:
                return Text("card {card} is not a Double The Rent card in the hand", card=d)
        return None

    def _check_move(self, seat: int, action: MoveWild) -> str | None:
        c = action.card
        deck = self.deck
        if not 0 <= c < deck.size or self.place[c] != P_PILE or self.owner[c] != seat:
            return Text("card {card} is not on seat {seat}'s table", card=c, seat=seat)
        if deck.kind[c] != WILD:
            return Text("card {card} is not a wildcard", card=c)
        if action.colour not in deck.colours[c]:
            return Text("card {card} has no colour {colour}",
                        card=c, colour=_colour_key(deck, action.colour))
        if action.colour == self.pile_colour[c]:
            return Text("card {card} is already {colour}",
                        card=c, colour=_colour_key(deck, action.colour))
        return None

    def _check_discard(self, seat: int, action: Discard) -> str | None:
        need = len(self.hands[seat]) - self.rules.hand_limit
        cards = action.cards
        if len(cards) != need:
            return Text("discard exactly {n} card(s), down to {limit}",
                        n=need, limit=self.rules.hand_limit)
        if len(set(cards)) != len(cards):
            return Text("a card is listed twice")
        for c in cards:
            if not self._in_hand(seat, c):
                return Text("card {card} is not in seat {seat}'s hand", card=c, seat=seat)
        return None

    def _check_answer(self, seat: int, action: SayNo | Accept | Pay,
                      req: Request) -> str | None:
        if isinstance(action, SayNo):
            c = action.card
            if not self._in_hand(seat, c) or self.deck.action[c] != JUST_SAY_NO:
                return Text("card {card} is not a Just Say No in seat {seat}'s hand",
                            card=c, seat=seat)
            if self.rules.jsn_uses_play and seat == self.turn_seat and self.plays_left <= 0:
                return Text("no plays left for a Just Say No")
            return None
        paying = req.nos % 2 == 0 and req.pays
        if isinstance(action, Accept):
            if paying:
                return Text("seat {seat} must pay {amount}M (or say no)",
                            seat=seat, amount=req.amount)
            return None
        if not paying:
            return Text("nothing to pay now")
        return self._check_payment(seat, action.cards, req.amount)

    def _check_payment(self, seat: int, cards: tuple[int, ...], amount: int) -> str | None:
        """DEAL.md § Paying: from the table only, the payer's choice, no change; short of
        the debt, everything (any-colour wilds have no value and never pay)."""
        if len(set(cards)) != len(cards):
            return Text("a card is listed twice")
        deck = self.deck
        place, owner = self.place, self.owner
        total = 0
        for c in cards:
            if not isinstance(c, int) or not 0 <= c < deck.size:
                return Text("no card {card}", card=repr(c))
            pl = place[c]
            if owner[c] != seat or pl < P_BANK:
                return Text("card {card} is not on seat {seat}'s table (a hand never pays)",
                            card=c, seat=seat)
            if deck.value[c] <= 0:
                return Text("card {card} has no value and cannot pay", card=c)
            if pl == P_HOUSE:
                hotel = self.hotel[seat][self.pile_colour[c]]
                if hotel != NONE and hotel not in cards:
                    return Text("the house cannot go while its hotel stands: pay the hotel too")
            total += deck.value[c]
        if total >= amount:
            return None
        if len(cards) != len(self.payable(seat)):
            return Text("{total}M does not cover {amount}M: pay more, or everything when short",
                        total=total, amount=amount)
        return None

    # ------------------------------------------------------------------ applying

    def apply(self, seat: int, action: Action) -> list[E.Event]:
        """Apply a legal action for ``seat`` and return its events (empty when events are
        off). Raises :class:`IllegalActionError` and changes nothing when it is not legal."""
        why = self._check(seat, action)
        if why is not None:
            raise IllegalActionError(Text("{action}: {reason}",
                                          action=_text_of(action), reason=why))
        events = self.events
        start = len(events) if events is not None else 0
        self.log.append((seat, action))
        self._do(seat, action)
        self._settle()
        if events is None:
            return []
        return events[start:]

    def _do(self, seat: int, action: Action) -> None:
        if isinstance(action, EndTurn):
            self._end_turn(seat)
        elif isinstance(action, PlayBank):
            self._play(seat, action.card)
            self._to_bank(seat, action.card)
            if self.events is not None:
                self.events.append(E.Banked(seat, action.card))
        elif isinstance(action, PlayProperty):
            self._play(seat, action.card)
            self._to_pile(seat, action.card, action.colour)
            if self.events is not None:
                self.events.append(E.PropertyLaid(seat, action.card, action.colour))
        elif isinstance(action, MoveWild):
            self._move_wild(seat, action)
        elif isinstance(action, PlayRent):
            self._play_rent(seat, action)
        elif isinstance(action, (PlayHouse, PlayHotel)):
            self._play(seat, action.card)
            self._to_building(seat, action.card, action.colour)
            if self.events is not None:
                self.events.append(E.BuildingPlaced(seat, action.card, action.colour))
        elif isinstance(action, Discard):
            self._discard(seat, action.cards)
        elif isinstance(action, SayNo):
            self._say_no(seat, action.card)
        elif isinstance(action, Accept):
            self._accept(seat)
        elif isinstance(action, Pay):
            req = self.request
            if req is not None:
                self._pay(seat, req.attacker, action.cards, req.amount)
                self._next_target()
        else:
            self._play_action_card(seat, action)

    def _play(self, seat: int, c: int) -> None:
        """A card leaves the hand as one of the turn's plays."""
        self._lift(c)
        self.plays_left -= 1

    def _play_action_card(
        self, seat: int,
        action: PlayPassGo | PlayBirthday | PlayDebt | PlaySly | PlayForced | PlayBreaker,
    ) -> None:
        c = action.card
        self._play(seat, c)
        self._to_discard(c)
        others = self._others(seat)
        if isinstance(action, PlayPassGo):
            if self.events is not None:
                self.events.append(E.ActionPlayed(seat, c, "pass_go", ()))
            self._draw(seat, self.rules.pass_go_draw)
            return
        if isinstance(action, PlayBirthday):
            if self.events is not None:
                self.events.append(E.ActionPlayed(seat, c, "birthday", tuple(others)))
            self._begin(Request(R_BIRTHDAY, seat, c, others, amount=BIRTHDAY_AMOUNT))
        elif isinstance(action, PlayDebt):
            if self.events is not None:
                self.events.append(E.ActionPlayed(seat, c, "debt_collector", (action.target,)))
            self._begin(Request(R_DEBT, seat, c, [action.target], amount=DEBT_AMOUNT))
        elif isinstance(action, PlaySly):
            target = self.owner[action.take]
            if self.events is not None:
                self.events.append(E.ActionPlayed(seat, c, "sly_deal", (target,)))
            self._begin(Request(R_SLY, seat, c, [target], take=action.take))
        elif isinstance(action, PlayForced):
            target = self.owner[action.take]
            if self.events is not None:
                self.events.append(E.ActionPlayed(seat, c, "forced_deal", (target,)))
            self._begin(Request(R_FORCED, seat, c, [target], take=action.take,
                                give=action.give))
        else:
            if self.events is not None:
                self.events.append(E.ActionPlayed(seat, c, "deal_breaker", (action.target,)))
            self._begin(Request(R_BREAKER, seat, c, [action.target], colour=action.colour))

    def _play_rent(self, seat: int, action: PlayRent) -> None:
        c = action.card
        self._play(seat, c)
        self._to_discard(c)
        for d in action.doubles:
            self._play(seat, d)
            self._to_discard(d)
        amount = self.rent_of(seat, action.colour) << len(action.doubles)
        targets = [action.target] if action.target != NO_TARGET else self._others(seat)
        if self.events is not None:
            self.events.append(E.RentCharged(seat, c, action.colour, amount,
                                             tuple(targets), action.doubles))
        self._begin(Request(R_RENT, seat, c, targets, amount=amount))

    def _move_wild(self, seat: int, action: MoveWild) -> None:
        c = action.card
        was = self.pile_colour[c]
        self._lift(c)
        self._to_pile(seat, c, action.colour)
        if self.events is not None:
            self.events.append(E.WildMoved(seat, c, was, action.colour))
        self._fix_buildings(seat)

    def _fix_buildings(self, seat: int) -> None:
        """DEAL.md § Paying (silent): a set that stops being full loses its buildings, to
        the owner's bank (option ``buildings_on_broken_set``: or the discard pile)."""
        house, hotel = self.house[seat], self.hotel[seat]
        to_bank = self.rules.buildings_on_broken_set == "to_bank"
        for colour in range(self.deck.n_colours):
            if (house[colour] == NONE and hotel[colour] == NONE) or self.is_full(seat, colour):
                continue
            for b in (hotel[colour], house[colour]):
                if b == NONE:
                    continue
                self._lift(b)
                if to_bank:
                    self._to_bank(seat, b)
                else:
                    self._to_discard(b)
                if self.events is not None:
                    self.events.append(E.BuildingRemoved(seat, b, colour, to_bank))

    def _receive_building(self, seat: int, b: int) -> None:
        """A house or hotel received: on the receiver's best full set that can hold it
        (option ``received_buildings = "place"``), else into the bank (DEAL.md § Paying)."""
        if self.rules.received_buildings == "place":
            code = self.deck.action[b]
            best, best_rent = NONE, -1
            for colour in range(self.deck.n_colours):
                if self._can_build(seat, code, colour):
                    rent = self.rent_of(seat, colour)
                    if rent > best_rent:
                        best, best_rent = colour, rent
            if best != NONE:
                self._to_building(seat, b, best)
                if self.events is not None:
                    self.events.append(E.BuildingPlaced(seat, b, best))
                return
        self._to_bank(seat, b)

    def _pay(self, payer: int, payee: int, cards: tuple[int, ...], amount: int) -> None:
        deck = self.deck
        buildings: list[int] = []
        total = 0
        for c in cards:
            total += deck.value[c]
            pl = self.place[c]
            colour = self.pile_colour[c]
            self._lift(c)
            if pl == P_PILE:
                self._to_pile(payee, c, colour)  # a wildcard keeps its colour
            elif pl == P_BANK:
                self._to_bank(payee, c)
            else:
                buildings.append(c)
        # houses before hotels, after the properties they may stand on
        buildings.sort(key=lambda b: deck.action[b] != HOUSE)
        for b in buildings:
            self._receive_building(payee, b)
        if self.events is not None:
            self.events.append(E.Paid(payer, payee, cards, total, amount))
        self._fix_buildings(payer)

    def _discard(self, seat: int, cards: tuple[int, ...]) -> None:
        under = self.rules.discard_to == "draw_bottom"
        for c in cards:
            self._lift(c)
            if under:
                self.draw.insert(0, c)
                self.place[c] = P_DRAW
            else:
                self._to_discard(c)
        if self.events is not None:
            self.events.append(E.Discarded(seat, len(cards), () if under else cards))
        self._next_turn(seat)

    def _end_turn(self, seat: int) -> None:
        if len(self.hands[seat]) > self.rules.hand_limit:
            self.phase = DISCARD
            return
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        if self.events is not None:
            self.events.append(E.TurnEnded(seat))
        self._start_turn((seat + 1) % self.n)

    def _start_turn(self, seat: int) -> None:
        cap = self.rules.turn_cap
        if cap and self.turn_number >= cap:
            self._finish(None, "turn_cap")
            return
        self.turn_number += 1
        self.turn_seat = seat
        self.plays_left = self.rules.plays_per_turn
        self.phase = PLAY
        if self.events is not None:
            self.events.append(E.TurnStarted(seat, self.turn_number))
        rules = self.rules
        self._draw(seat, rules.draw_per_turn if self.hands[seat] else rules.draw_when_empty)

    # ------------------------------------------------------------ requests and answers

    def _begin(self, req: Request) -> None:
        self.request = req
        self.phase = RESPOND

    def _say_no(self, seat: int, c: int) -> None:
        req = self.request
        if req is None:  # pragma: no cover - _check admits SayNo only with a request
            return
        self._lift(c)
        self._to_discard(c)
        if self.rules.jsn_uses_play and seat == self.turn_seat:
            self.plays_left -= 1
        req.nos += 1
        if self.events is not None:
            self.events.append(E.SaidNo(seat, c, req.nos % 2 == 1))

    def _accept(self, seat: int) -> None:
        req = self.request
        if req is None:  # pragma: no cover
            return
        if self.events is not None:
            self.events.append(E.Accepted(seat))
        if req.nos % 2 == 1:
            if self.events is not None:
                self.events.append(E.Cancelled(req.attacker, req.targets[0]))
        else:
            self._resolve(req)
        self._next_target()

    def _resolve(self, req: Request) -> None:
        """The action against ``targets[0]`` takes effect (a non-payment one)."""
        a, t = req.attacker, req.targets[0]
        if req.kind == R_SLY:
            c = req.take
            colour = self.pile_colour[c]
            self._lift(c)
            self._to_pile(a, c, colour)
            if self.events is not None:
                self.events.append(E.PropertyTaken(a, t, c))
            self._fix_buildings(t)
        elif req.kind == R_FORCED:
            give, take = req.give, req.take
            gc, tc = self.pile_colour[give], self.pile_colour[take]
            self._lift(give)
            self._lift(take)
            self._to_pile(t, give, gc)
            self._to_pile(a, take, tc)
            if self.events is not None:
                self.events.append(E.PropertiesSwapped(a, t, give, take))
            self._fix_buildings(a)
            self._fix_buildings(t)
        elif req.kind == R_BREAKER:
            self._break_deal(a, t, req.colour)

    def _break_deal(self, a: int, t: int, colour: int) -> None:
        """Deal Breaker: the whole pile with its buildings (DEAL.md § Actions, silent; option
        ``deal_breaker_takes_extras``: False takes just a full set, real properties first)."""
        pile = list(self.piles[t][colour])
        if not self.rules.deal_breaker_takes_extras:
            deck = self.deck
            pile.sort(key=lambda c: (deck.kind[c] == WILD, deck.any_colour[c]))
            pile = pile[:deck.set_size[colour]]
        buildings = [b for b in (self.house[t][colour], self.hotel[t][colour]) if b != NONE]
        for c in pile:
            self._lift(c)
            self._to_pile(a, c, colour)
        house, hotel = self.house[a], self.hotel[a]
        for b in buildings:
            self._lift(b)
            code = self.deck.action[b]
            if ((code == HOUSE and house[colour] == NONE)
                    or (code == HOTEL and hotel[colour] == NONE and house[colour] != NONE)):
                self._to_building(a, b, colour)
            else:
                self._receive_building(a, b)
        if self.events is not None:
            self.events.append(E.SetTaken(a, t, colour, tuple(pile)))
        self._fix_buildings(t)
        self._fix_buildings(a)

    def _next_target(self) -> None:
        req = self.request
        if req is None:  # pragma: no cover
            return
        req.targets.pop(0)
        req.nos = 0
        if not req.targets:
            self.request = None
            if self.phase != OVER:
                self.phase = PLAY

    def _settle(self) -> None:
        """After every action: award a win at once (DEAL.md § End), then take the
        decisions that leave no choice when the rules say not to ask them."""
        while True:
            if self.phase == OVER or self._check_win():
                return
            if self.phase != RESPOND or self.rules.ask_without_choice:
                return
            req = self.request
            if req is None:  # pragma: no cover
                return
            seat = req.targets[0] if req.nos % 2 == 0 else req.attacker
            if self._can_say_no(seat):
                return
            if req.nos % 2 == 1 or not req.pays:
                self._accept(seat)
                continue
            cards = self.payable(seat)
            value = self.deck.value
            if sum(value[c] for c in cards) > req.amount:
                return
            self._pay(seat, req.attacker, tuple(cards), req.amount)
            self._next_target()

    def _check_win(self) -> bool:
        """DEAL.md § End: checked after every action (option: only the owner's turn); a
        seat that gained no property since the last check cannot have won since."""
        need = self.rules.sets_to_win
        turn = self.turn_seat
        if self.rules.win_on_owner_turn_only:
            self.gained = 0
            if self.full_sets(turn) >= need:
                self._finish(turn, "win")
                return True
            return False
        gained = self.gained
        if not gained:
            return False
        self.gained = 0
        n = self.n
        for i in range(n):
            s = (turn + i) % n
            if gained >> s & 1 and self.full_sets(s) >= need:
                self._finish(s, "win")
                return True
        return False

    def _finish(self, winner: int | None, reason: str) -> None:
        worth = [self.worth(s) for s in range(self.n)]
        others = sorted((s for s in range(self.n) if s != winner),
                        key=lambda s: (-worth[s], s))
        ranking = others if winner is None else [winner, *others]
        self.outcome = Outcome(reason, winner, ranking, worth)
        self.phase = OVER
        self.request = None
        if self.events is not None:
            self.events.append(E.GameOver(reason, winner, tuple(ranking)))

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None) -> DealView:
        """What ``seat`` may see (None: a spectator, no hands): :class:`DealView`."""
        return seat_view(self, seat)


_ACTION_OF: dict[type, int] = {
    PlayPassGo: PASS_GO, PlayBirthday: BIRTHDAY, PlayDebt: DEBT_COLLECTOR,
    PlaySly: SLY_DEAL, PlayForced: FORCED_DEAL, PlayBreaker: DEAL_BREAKER,
    PlayHouse: HOUSE, PlayHotel: HOTEL,
}
_PLAYS: tuple[type, ...] = (PlayBank, PlayProperty, PlayRent, *_ACTION_OF)


def _is_play(action: object) -> bool:
    return isinstance(action, _PLAYS)


def _colour_key(deck: Deck, colour: int) -> str:
    return deck.colour_keys[colour] if 0 <= colour < deck.n_colours else str(colour)


def _text_of(action: object) -> str:
    text = getattr(action, "text", None)
    try:
        return str(text()) if callable(text) else repr(action)
    except (TypeError, IndexError):
        return repr(action)


__all__ = ["DISCARD", "MONEY", "OVER", "PLAY", "RESPOND", "Game", "Outcome", "Request"]
