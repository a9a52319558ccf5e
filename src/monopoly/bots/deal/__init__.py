"""Monopoly Deal bots: ``random``, ``greedy`` and ``strong``, each deciding only from what
its seat may see (DEAL.md § Players and hidden information).

A bot is asked ``choose(view, legal)``: ``view`` is a :class:`SeatView`, a thin read-only
window on the game that exposes the seat's own hand, every table (banks, property piles
with the colour each wildcard stands as, houses and hotels), the size of every hand and of
the draw pile, the discard pile and the action being answered; ``legal`` is the game's
``legal_actions`` for the seat. It returns a concrete action (templates filled in).

- ``random``: a kind of legal entry uniformly, then an entry of that kind
  (:func:`monopoly.deal.players.pick`), payments and discards at random.
- ``greedy`` (the issue's description): lays properties and banks money first, charges the
  largest rent it can, plays the other action cards when they take something, says no to
  any action aimed at it, pays with the bank before properties, the cheapest first.
- ``strong``: heuristics that know what a card is worth to the seat (sets close to full,
  the win, what a payment costs), plus determinized Monte Carlo search (information-set
  Monte Carlo) over the plays of its turn: the cards it cannot see (other hands and the
  draw pile) are dealt at random, consistently with the hand sizes, into copies of the
  public position; each candidate play is followed by short rollouts of fast players and
  the positions reached are scored. It never looks at the real hidden cards: the copies
  are built from the :class:`SeatView` alone.

Example::

    >>> from monopoly.deal import Game
    >>> g = Game(seats=2, seed=3)
    >>> bot = make_deal_bot("strong", 7)
    >>> action = bot.choose(SeatView(g, 0), g.legal_actions(0))
    >>> g.is_legal(0, action)
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from monopoly.deal.actions import (
    ACCEPT,
    END,
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
from monopoly.deal.deck import (
    DEAL_BREAKER,
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
)
from monopoly.deal.errors import IllegalActionError
from monopoly.deal.game import (
    DISCARD,
    NONE,
    OVER,
    P_BANK,
    P_DISCARD,
    P_DRAW,
    P_HAND,
    P_HOTEL,
    P_HOUSE,
    P_PILE,
    R_BIRTHDAY,
    R_BREAKER,
    R_FORCED,
    R_SLY,
    RESPOND,
    Game,
    Request,
)
from monopoly.deal.options import DealRules
from monopoly.deal.players import greedy_action, pick

__all__ = [
    "DEAL_BOT_NAMES",
    "DealBot",
    "GreedyBot",
    "RandomBot",
    "SeatView",
    "StrongBot",
    "best_payment",
    "make_deal_bot",
]

DEAL_BOT_NAMES: tuple[str, ...] = ("random", "greedy", "strong")


class SeatView:
    """What one seat may see of a game, read through the game's public tables
    (DEAL.md § Players and hidden information): its own hand, every table, the size of
    every hand and of the draw pile, the discard pile, whose decision it is and the action
    being answered. Nothing here reads another hand or the draw pile's order.

    The lists returned are the game's own (no copies, for speed): read them, never change
    them."""

    __slots__ = ("_game", "deck", "n", "rules", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self.seat: int = seat
        self.n: int = game.n
        self.deck: Deck = game.deck
        self.rules: DealRules = game.rules

    # --- the seat's own cards
    @property
    def hand(self) -> Sequence[int]:
        return self._game.hands[self.seat]

    # --- every table
    @property
    def banks(self) -> Sequence[Sequence[int]]:
        return self._game.banks

    @property
    def piles(self) -> Sequence[Sequence[Sequence[int]]]:
        return self._game.piles

    @property
    def house(self) -> Sequence[Sequence[int]]:
        return self._game.house

    @property
    def hotel(self) -> Sequence[Sequence[int]]:
        return self._game.hotel

    def pile_colour(self, card: int) -> int:
        """The colour a card on the table stands as (NONE for a card not on a table)."""
        return self._game.pile_colour[card]

    def is_full(self, seat: int, colour: int) -> bool:
        return self._game.is_full(seat, colour)

    def full_sets(self, seat: int) -> int:
        return self._game.full_sets(seat)

    def rent_of(self, seat: int, colour: int) -> int:
        return self._game.rent_of(seat, colour)

    def payable(self, seat: int) -> list[int]:
        return self._game.payable(seat)

    def worth(self, seat: int) -> int:
        return self._game.worth(seat)

    # --- sizes and piles
    def hand_size(self, seat: int) -> int:
        return len(self._game.hands[seat])

    @property
    def draw_size(self) -> int:
        return len(self._game.draw)

    @property
    def discard(self) -> Sequence[int]:
        return self._game.discard

    # --- the moment
    @property
    def phase(self) -> int:
        return self._game.phase

    @property
    def turn_seat(self) -> int:
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
        return self._game.legal_actions(self.seat)


class DealBot(Protocol):
    """A Deal player: picks one concrete legal action from its seat's view."""

    name: str

    def choose(self, view: SeatView, legal: list[LegalEntry]) -> Action: ...


# ------------------------------------------------------------------------ shared helpers


def _bank_value(view: SeatView, seat: int) -> int:
    value = view.deck.value
    return sum(value[c] for c in view.banks[seat])


def _payable_value(view: SeatView, seat: int) -> int:
    value = view.deck.value
    return sum(value[c] for c in view.payable(seat))


def _pay_in_order(view: SeatView, template: PayTemplate, order: Sequence[int]) -> Pay:
    """Cards taken in ``order`` until the debt is covered; a house brings its hotel."""
    deck = view.deck
    seat = view.seat
    chosen: list[int] = []
    total = 0
    for c in order:
        if total >= template.amount:
            break
        if c in chosen:
            continue
        colour = view.pile_colour(c)
        if deck.action[c] == HOUSE and colour != NONE and view.house[seat][colour] == c:
            hotel = view.hotel[seat][colour]
            if hotel != NONE and hotel not in chosen:
                chosen.append(hotel)
                total += deck.value[hotel]
        chosen.append(c)
        total += deck.value[c]
    return Pay(tuple(chosen))


# ------------------------------------------------------------------------ random


class RandomBot:
    """Uniform over the kinds of legal entries, then over the entries of that kind."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, legal: list[LegalEntry]) -> Action:
        entry = pick(legal, self.rng)
        if isinstance(entry, PayTemplate):
            order = list(entry.cards)
            self.rng.shuffle(order)
            return _pay_in_order(view, entry, order)
        if isinstance(entry, DiscardTemplate):
            return Discard(tuple(self.rng.sample(entry.cards, entry.count)))
        return entry


# ------------------------------------------------------------------------ greedy


class GreedyBot:
    """The issue's greedy player: properties and money first (a property that completes a
    set before any other), then the largest rent it can charge, then the action cards
    that take something; it says no to everything aimed at it and pays with its bank
    before its properties, the cheapest cards first. It never moves wildcards. (It is the
    benchmark's player: one pass over the legal entries, dispatching on their type.)"""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SeatView, legal: list[LegalEntry]) -> Action:
        deck = view.deck
        seat = view.seat
        phase = view.phase
        if phase == RESPOND:
            base: LegalEntry | None = None
            for a in legal:
                if type(a) is SayNo:
                    return a
                if base is None:
                    base = a
            if isinstance(base, PayTemplate):
                bank = set(view.banks[seat])
                order = sorted(base.cards, key=lambda c: (c not in bank, deck.value[c]))
                return _pay_in_order(view, base, order)
            if isinstance(base, (Accept, Pay)):
                return base
            raise ValueError("no answer among the legal actions")  # pragma: no cover
        if phase == DISCARD:
            for a in legal:
                if isinstance(a, DiscardTemplate):
                    cheap = sorted(a.cards, key=lambda c: deck.value[c])
                    return Discard(tuple(cheap[:a.count]))
        best: Action = END
        best_score = 0
        value = deck.value
        piles = view.piles[seat]
        set_size = deck.set_size
        for a in legal:
            t = type(a)
            if t is MoveWild or t is EndTurn:
                continue
            if isinstance(a, PlayProperty):
                size = len(piles[a.colour])
                need = set_size[a.colour]
                score = 150 if size >= need else (200 if size + 1 == need else 170 + size)
            elif isinstance(a, PlayBank):
                score = 100 + value[a.card] if deck.kind[a.card] == MONEY else 0
            elif isinstance(a, PlayRent):
                score = 60 + min(30, view.rent_of(seat, a.colour) << len(a.doubles))
            elif isinstance(a, (PayTemplate, DiscardTemplate)):
                continue  # pragma: no cover - never in the play phase
            else:
                score = _GREEDY_FLAT.get(t, 0)
            if score > best_score:
                best, best_score = a, score
        return best


# the greedy player's order of the other plays (DEAL.md § Deck, action cards)
_GREEDY_FLAT: dict[type, int] = {
    PlayBreaker: 59, PlayHouse: 58, PlayHotel: 58, PlaySly: 50, PlayForced: 50,
    PlayDebt: 45, PlayBirthday: 45, PlayPassGo: 44,
}


# ------------------------------------------------------------------------ strong: values

WIN = 100_000.0
NEVER = -1e9


def _set_progress(deck: Deck, piles: Sequence[Sequence[int]], colour: int) -> int:
    """Cards counted towards the set: any-colour wilds count only beside a real card."""
    pile = piles[colour]
    if not pile:
        return 0
    any_colour = deck.any_colour
    for c in pile:
        if not any_colour[c]:
            return len(pile)
    return 0


def _colour_worth(deck: Deck, count: int, colour: int) -> float:
    """What ``count`` cards of one colour are worth to their owner towards the win: a full
    set is a third of the game; a set one card short is most of the way there."""
    size = deck.set_size[colour]
    if count <= 0:
        return 0.0
    if count >= size:
        return 30.0 + deck.ladder[colour][-1]
    share = count / size
    return 14.0 * share * share + 2.0 * count + (6.0 if count == size - 1 else 0.0)


def _loss_of_card(view: SeatView, seat: int, c: int) -> float:
    """What losing property ``c`` (on ``seat``'s table) costs its owner."""
    deck = view.deck
    colour = view.pile_colour(c)
    if colour == NONE:
        return float(deck.value[c])
    pile = view.piles[seat][colour]
    count = _set_progress(deck, view.piles[seat], colour)
    rest = [x for x in pile if x != c]
    after = len(rest) if any(not deck.any_colour[x] for x in rest) else 0
    loss = _colour_worth(deck, count, colour) - _colour_worth(deck, after, colour)
    if count >= deck.set_size[colour] > after:
        if view.house[seat][colour] != NONE:
            loss += 3.0
        if view.hotel[seat][colour] != NONE:
            loss += 4.0
    return loss + 0.5 * deck.value[c]


def _gain_of_card(view: SeatView, seat: int, colour: int, card_is_any: bool = False) -> float:
    """What one more property of ``colour`` is worth to ``seat``."""
    if colour == NONE:
        return 0.0
    deck = view.deck
    count = _set_progress(deck, view.piles[seat], colour)
    if card_is_any and count == 0:
        return 1.0
    return _colour_worth(deck, count + 1, colour) - _colour_worth(deck, count, colour)


def _wins_with(view: SeatView, seat: int, colour: int) -> bool:
    """Would one more card of ``colour`` complete a set that gives ``seat`` the win?"""
    if colour == NONE or view.is_full(seat, colour):
        return False
    deck = view.deck
    count = _set_progress(deck, view.piles[seat], colour)
    return (count + 1 >= deck.set_size[colour]
            and view.full_sets(seat) + 1 >= view.rules.sets_to_win)


def best_payment(view: SeatView, amount: int, cards: Sequence[int],
                 payee: int = NONE) -> tuple[tuple[int, ...], float]:
    """The payment of at least ``amount`` from ``cards`` that costs the payer least
    (DEAL.md § Paying: the payer chooses, no change is given): money before properties,
    properties of far-from-full sets before near-full ones, little overpayment, and a
    property the payee needs to fill a set costs more. A small knapsack over the amount;
    a house goes with its hotel. Returns the cards and their cost."""
    deck = view.deck
    seat = view.seat
    items: list[tuple[tuple[int, ...], int, float]] = []
    for c in cards:
        v = deck.value[c]
        if v <= 0:
            continue
        colour = view.pile_colour(c)
        kind = deck.kind[c]
        if kind in (PROPERTY, WILD):
            cost = _loss_of_card(view, seat, c) + v
            if payee != NONE and colour != NONE:
                cost += 0.5 * _gain_of_card(view, payee, colour)
            items.append(((c,), v, cost))
        elif colour != NONE:  # a building standing on a set
            # a house goes only after its hotel: while the hotel stands, only the hotel is
            # offered (a house with a hotel is kept out of the knapsack, never paid alone)
            if deck.action[c] == HOUSE and view.hotel[seat][colour] != NONE:
                continue
            items.append(((c,), v, v + 2.0))
        else:
            items.append(((c,), v, float(v)))
    total = sum(v for _, v, _ in items)
    if total <= amount:
        # short (or just enough without the houses kept out): everything on the table
        every = tuple(c for c in cards if deck.value[c] > 0)
        return every, sum(cost for _, _, cost in items)
    # dp[x]: the cheapest cost of a choice worth at least x (x capped at the amount)
    inf = float("inf")
    dp: list[float] = [0.0] + [inf] * amount
    choice: list[tuple[int, ...]] = [()] * (amount + 1)
    for idx, (_, v, cost) in enumerate(items):
        for x in range(amount, -1, -1):
            base = dp[x]
            if base == inf:
                continue
            y = min(amount, x + v)
            if base + cost < dp[y] - 1e-9:
                dp[y] = base + cost
                choice[y] = (*choice[x], idx)
    out: list[int] = []
    for idx in choice[amount]:
        for c in items[idx][0]:
            if c not in out:
                out.append(c)
    return tuple(out), dp[amount]


# ------------------------------------------------------------------------ strong


class StrongBot:
    """Heuristics plus determinized Monte Carlo search (information-set Monte Carlo).

    ``budget``: rollouts per play decision shared among the candidate plays (0: the
    heuristics alone); ``horizon``: turns each rollout plays beyond the current one;
    ``candidates``: how many of the best plays by the heuristics the search compares.
    Just Say No is kept for what matters (a Deal Breaker, a rent or debt that would cost
    properties or much money, a Sly or Forced Deal of a card from a set close to full);
    payments use :func:`best_payment`."""

    name = "strong"

    def __init__(self, seed: int = 0, budget: int = 24, horizon: int = 1,
                 candidates: int = 3) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.horizon = horizon
        self.candidates = candidates
        self._turn = -1
        self._moves = 0  # wildcard moves this turn (at most two: no endless shuffling)

    # ---------------------------------------------------------------- the decision
    def choose(self, view: SeatView, legal: list[LegalEntry]) -> Action:
        phase = view.phase
        if phase == RESPOND:
            return self._answer(view, legal)
        if phase == DISCARD:
            for a in legal:
                if isinstance(a, DiscardTemplate):
                    return self._discard(view, a)
        if view.turn_number != self._turn:
            self._turn = view.turn_number
            self._moves = 0
        action = self._play(view, legal)
        if isinstance(action, MoveWild):
            self._moves += 1
        return action

    # ---------------------------------------------------------------- answers
    def _answer(self, view: SeatView, legal: list[LegalEntry]) -> Action:
        req = view.request
        say_no: SayNo | None = None
        base: LegalEntry | None = None
        for a in legal:
            if isinstance(a, SayNo):
                say_no = a
            elif base is None:
                base = a
        if base is None:  # pragma: no cover - an answer always has a base
            return say_no if say_no is not None else ACCEPT
        if req is None:  # pragma: no cover
            return self._concrete(view, base, NONE)
        attacking = req.nos % 2 == 1  # my action was answered with a Just Say No
        if say_no is not None and self._stake(view, req, attacking) >= self._jsn_bar(view):
            return say_no
        return self._concrete(view, base, req.attacker)

    @staticmethod
    def _jsn_bar(view: SeatView) -> float:
        """The stake worth a Just Say No: lower with two of them in the hand."""
        action = view.deck.action
        held = sum(1 for c in view.hand if action[c] == JUST_SAY_NO)
        return 9.0 if held <= 1 else 5.0

    def _stake(self, view: SeatView, req: Request, attacking: bool) -> float:
        """How much the action at stake matters to me (as its target, or as the attacker
        whose action was cancelled): what it would cost or gain (DEAL.md § Actions)."""
        deck = view.deck
        me = view.seat
        target = req.targets[0]
        kind = req.kind
        need = view.rules.sets_to_win
        if kind == R_BREAKER:
            count = _set_progress(deck, view.piles[target], req.colour)
            value = _colour_worth(deck, count, req.colour) + 10.0
            if view.full_sets(req.attacker) + 1 >= need:
                value += WIN
            return value
        if kind in (R_SLY, R_FORCED):
            take = req.take
            colour = view.pile_colour(take)
            stake = _loss_of_card(view, target, take) + _gain_of_card(
                view, req.attacker, colour, deck.any_colour[take])
            if _wins_with(view, req.attacker, colour):
                stake += WIN
            if kind == R_FORCED and req.give != NONE:
                stake -= _gain_of_card(view, target, view.pile_colour(req.give),
                                       deck.any_colour[req.give])
            return stake
        # a payment: what it costs the target
        if attacking:
            return 1.2 * min(req.amount, _payable_value(view, target))
        cost = best_payment(view, req.amount, view.payable(me), req.attacker)[1]
        return 0.7 * cost if kind == R_BIRTHDAY else cost

    def _concrete(self, view: SeatView, entry: LegalEntry, payee: int) -> Action:
        if isinstance(entry, PayTemplate):
            cards, _ = best_payment(view, entry.amount, entry.cards, payee)
            return Pay(cards)
        if isinstance(entry, DiscardTemplate):
            return self._discard(view, entry)
        return entry

    # ---------------------------------------------------------------- discards
    def _keep_value(self, view: SeatView, c: int) -> float:
        """How much a card in the hand is worth keeping (DEAL.md § Turn 4: the extra
        cards are lost)."""
        deck = view.deck
        kind = deck.kind[c]
        me = view.seat
        if kind in (PROPERTY, WILD):
            best = max(_gain_of_card(view, me, colour, deck.any_colour[c])
                       for colour in deck.colours[c])
            return 5.0 + best
        if kind == MONEY:
            return 2.0 + deck.value[c]
        if kind == RENT:
            best_rent = max((view.rent_of(me, colour) for colour in deck.colours[c]), default=0)
            return 1.0 + deck.value[c] + 0.5 * best_rent
        code = deck.action[c]
        if code == JUST_SAY_NO:
            return 30.0
        if code == DEAL_BREAKER:
            return 25.0
        if code in (SLY_DEAL, FORCED_DEAL):
            return 9.0
        if code == PASS_GO:
            return 4.0
        return 2.0 + deck.value[c]

    def _discard(self, view: SeatView, entry: DiscardTemplate) -> Discard:
        order = sorted(entry.cards, key=lambda c: (self._keep_value(view, c), c))
        return Discard(tuple(order[:entry.count]))

    # ---------------------------------------------------------------- plays
    def _play(self, view: SeatView, legal: list[LegalEntry]) -> Action:
        scored: list[tuple[float, int, LegalEntry]] = []
        for i, a in enumerate(legal):
            score = self._score(view, a)
            if score > NEVER / 2:
                scored.append((score, i, a))
        scored.sort(key=lambda x: (-x[0], x[1]))
        best_score, _, best = scored[0]
        if best_score >= WIN or self.budget <= 0 or len(scored) < 2:
            return self._concrete(view, best, NONE)
        top = [a for s, _, a in scored[:self.candidates] if s >= best_score - 60.0]
        if len(top) < 2:
            return self._concrete(view, best, NONE)
        return self._search(view, [self._concrete(view, a, NONE) for a in top])

    def _score(self, view: SeatView, a: LegalEntry) -> float:
        """A heuristic score of one play; NEVER: not worth it; END scores 0, the bar the
        other plays must clear."""
        deck = view.deck
        me = view.seat
        if isinstance(a, EndTurn):
            return 0.0
        if isinstance(a, MoveWild):
            return self._move_score(view, a)
        if isinstance(a, PlayPassGo):
            return 500.0 if len(view.hand) <= 6 or view.plays_left >= 2 else 40.0
        if isinstance(a, PlayProperty):
            if _wins_with(view, me, a.colour):
                return WIN
            return 200.0 + _gain_of_card(view, me, a.colour, deck.any_colour[a.card])
        if isinstance(a, PlayBreaker):
            mine = view.is_full(me, a.colour)
            if not mine and view.full_sets(me) + 1 >= view.rules.sets_to_win:
                return WIN
            count = _set_progress(deck, view.piles[a.target], a.colour)
            value = _colour_worth(deck, count, a.colour)
            if view.house[a.target][a.colour] != NONE:
                value += 3
            if view.hotel[a.target][a.colour] != NONE:
                value += 4
            return 300.0 + value - (25.0 if mine else 0.0) + 3.0 * view.full_sets(a.target)
        if isinstance(a, PlaySly):
            colour = view.pile_colour(a.take)
            if _wins_with(view, me, colour):
                return WIN
            owner = _owner_of(view, a.take)
            gain = _gain_of_card(view, me, colour, deck.any_colour[a.take])
            deny = _loss_of_card(view, owner, a.take) if owner != NONE else 0.0
            lead = 2.0 * view.full_sets(owner) if owner != NONE else 0.0
            return 120.0 + gain + 0.6 * deny + lead
        if isinstance(a, PlayForced):
            return self._forced_score(view, a)
        if isinstance(a, PlayRent):
            return self._rent_score(view, a)
        if isinstance(a, PlayDebt):
            return (95.0 + 2.0 * min(5, _payable_value(view, a.target))
                    + 1.5 * view.full_sets(a.target))
        if isinstance(a, PlayBirthday):
            got = sum(min(2, _payable_value(view, t)) for t in range(view.n) if t != me)
            return 90.0 + 2.0 * got
        if isinstance(a, (PlayHouse, PlayHotel)):
            return 150.0 + view.rent_of(me, a.colour)
        if isinstance(a, PlayBank):
            return self._bank_score(view, a.card)
        return NEVER

    def _move_score(self, view: SeatView, a: MoveWild) -> float:
        """A wildcard moves only to complete a set, from a pile that is not full or has a
        card to spare, at most twice a turn (a move and its way back never both look
        good; DEAL.md § Turn 3: moves are free)."""
        deck = view.deck
        me = view.seat
        if self._moves >= 2:
            return NEVER
        count = _set_progress(deck, view.piles[me], a.colour)
        if count + 1 < deck.set_size[a.colour] or view.is_full(me, a.colour):
            return NEVER
        if deck.any_colour[a.card] and count == 0:
            return NEVER
        was = view.pile_colour(a.card)
        if (was != NONE and view.is_full(me, was)
                and len(view.piles[me][was]) <= deck.set_size[was]):
            return NEVER
        if _wins_with(view, me, a.colour):
            return WIN
        return 400.0

    @staticmethod
    def _forced_score(view: SeatView, a: PlayForced) -> float:
        deck = view.deck
        me = view.seat
        colour = view.pile_colour(a.take)
        gcol = view.pile_colour(a.give)
        if gcol != colour and _wins_with(view, me, colour):
            return WIN
        owner = _owner_of(view, a.take)
        gain = _gain_of_card(view, me, colour, deck.any_colour[a.take])
        loss = _loss_of_card(view, me, a.give)
        deny = _loss_of_card(view, owner, a.take) if owner != NONE else 0.0
        given = _gain_of_card(view, owner, gcol) if owner != NONE else 0.0
        net = gain - loss + 0.5 * (deny - given)
        return 110.0 + net if net > 4.0 else NEVER

    @staticmethod
    def _rent_score(view: SeatView, a: PlayRent) -> float:
        """Rent with the colour that charges most, doubled when the double adds at least
        2M (DEAL.md § Actions: rent plus Double The Rent is two plays)."""
        me = view.seat
        rent = view.rent_of(me, a.colour)
        amount = rent << len(a.doubles)
        targets = [a.target] if a.target != NO_TARGET else [t for t in range(view.n) if t != me]
        payable = [_payable_value(view, t) for t in targets]
        got = sum(min(amount, p) for p in payable)
        if got <= 0:
            return NEVER
        if a.doubles:
            single = sum(min(rent, p) for p in payable)
            if got - single < 2 * len(a.doubles):
                return NEVER
        lead = 1.5 * view.full_sets(a.target) if a.target != NO_TARGET else 0.0
        return 60.0 + 2.5 * got - 1.0 * len(a.doubles) + lead

    def _bank_score(self, view: SeatView, c: int) -> float:
        deck = view.deck
        me = view.seat
        kind = deck.kind[c]
        low_bank = 8.0 if _bank_value(view, me) < 6 else 0.0
        if kind == MONEY:
            return 100.0 + deck.value[c] + low_bank
        # an action or rent card into the bank is money for good (DEAL.md § Turn 2)
        over = len(view.hand) - (view.rules.hand_limit + view.plays_left - 1)
        keep = self._keep_value(view, c)
        if kind == RENT:
            best_rent = max((view.rent_of(me, colour) for colour in deck.colours[c]), default=0)
            if best_rent > 0 and deck.value[c] < 3:
                return NEVER if over <= 0 else 10.0 - keep
            return 30.0 + deck.value[c] + low_bank - 0.5 * best_rent
        code = deck.action[c]
        if code in (JUST_SAY_NO, DEAL_BREAKER):
            return NEVER if over <= 0 else 5.0 - keep
        if code == DOUBLE_RENT:
            return 20.0 + low_bank if over <= 0 else 30.0
        if code in (HOUSE, HOTEL):
            return 40.0 + deck.value[c] + low_bank
        if code in (SLY_DEAL, FORCED_DEAL):
            return (15.0 + low_bank) if over <= 0 else 20.0
        if code == PASS_GO:
            return NEVER
        return 25.0 + deck.value[c] + low_bank

    # ---------------------------------------------------------------- search
    def _search(self, view: SeatView, candidates: list[Action]) -> Action:
        """Determinized Monte Carlo: every candidate is tried in the same sampled worlds
        (common random numbers), followed by a greedy rollout; the best mean score wins."""
        per = max(1, self.budget // len(candidates))
        totals = [0.0] * len(candidates)
        me = view.seat
        unseen = _unseen(view)
        until = view.turn_number + self.horizon * view.n
        for _ in range(per):
            world_seed = self.rng.getrandbits(48)
            sample = list(unseen)
            random.Random(world_seed).shuffle(sample)
            for i, action in enumerate(candidates):
                g = _world(view, sample, world_seed)
                try:
                    g.apply(me, action)
                except IllegalActionError:  # pragma: no cover - the public part is the same
                    totals[i] += NEVER
                    continue
                _rollout(g, until)
                totals[i] += _evaluate(g, me)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]


def _owner_of(view: SeatView, card: int) -> int:
    colour = view.pile_colour(card)
    if colour == NONE:
        return NONE
    for s in range(view.n):
        if card in view.piles[s][colour]:
            return s
    return NONE


# ------------------------------------------------------------------------ worlds


def _unseen(view: SeatView) -> list[int]:
    """The cards the seat cannot see (other hands and the draw pile), in id order."""
    seen = [False] * view.deck.size
    for c in view.hand:
        seen[c] = True
    for c in view.discard:
        seen[c] = True
    for s in range(view.n):
        for c in view.banks[s]:
            seen[c] = True
        for pile in view.piles[s]:
            for c in pile:
                seen[c] = True
        for b in view.house[s]:
            if b != NONE:
                seen[b] = True
        for b in view.hotel[s]:
            if b != NONE:
                seen[b] = True
    return [c for c in range(view.deck.size) if not seen[c]]


_FAST_RULES: dict[DealRules, DealRules] = {}


def _world(view: SeatView, sample: Sequence[int], seed: int) -> Game:
    """A copy of the public position with the unseen cards ``sample`` dealt: each other
    hand gets as many cards as it holds, the rest is the draw pile. Built from the view
    alone: nothing hidden is read."""
    rules = _FAST_RULES.get(view.rules)
    if rules is None:
        rules = view.rules.with_options(ask_without_choice=False, turn_cap=0)
        _FAST_RULES[view.rules] = rules
    deck = view.deck
    n = view.n
    size = deck.size
    g = Game(rules, n, 0, deck=deck, events=False, deal=False)
    g.rng = random.Random(seed)
    place = [P_DRAW] * size
    owner = [NONE] * size
    pile_colour = [NONE] * size
    me = view.seat
    pos = 0
    hands: list[list[int]] = []
    for s in range(n):
        if s == me:
            hand = list(view.hand)
        else:
            k = view.hand_size(s)
            hand = list(sample[pos:pos + k])
            pos += k
        for c in hand:
            place[c] = P_HAND
            owner[c] = s
        hands.append(hand)
    g.hands = hands
    g.draw = list(sample[pos:])
    g.discard = list(view.discard)
    for c in g.discard:
        place[c] = P_DISCARD
    g.banks = [list(b) for b in view.banks]
    g.piles = [[list(p) for p in ps] for ps in view.piles]
    g.house = [list(h) for h in view.house]
    g.hotel = [list(h) for h in view.hotel]
    for s in range(n):
        for c in g.banks[s]:
            place[c] = P_BANK
            owner[c] = s
        for colour, pile in enumerate(g.piles[s]):
            for c in pile:
                place[c] = P_PILE
                owner[c] = s
                pile_colour[c] = colour
            b = g.house[s][colour]
            if b != NONE:
                place[b] = P_HOUSE
                owner[b] = s
                pile_colour[b] = colour
            b = g.hotel[s][colour]
            if b != NONE:
                place[b] = P_HOTEL
                owner[b] = s
                pile_colour[b] = colour
    g.place = place
    g.owner = owner
    g.pile_colour = pile_colour
    g.phase = view.phase
    g.turn_seat = view.turn_seat
    g.turn_number = view.turn_number
    g.plays_left = view.plays_left
    req = view.request
    if req is not None:
        g.request = Request(req.kind, req.attacker, req.card, list(req.targets), req.amount,
                            req.take, req.give, req.colour, req.nos)
    return g


def _rollout(g: Game, until_turn: int) -> None:
    """Play on with the fast greedy player for every seat until turn ``until_turn`` ends
    or the game does."""
    limit = 400
    while g.phase != OVER and g.turn_number <= until_turn and limit > 0:
        limit -= 1
        seat = g.pending()
        if seat is None:  # pragma: no cover - only when over
            break
        g.apply(seat, greedy_action(g, seat))


def _evaluate(g: Game, me: int) -> float:
    """The position's value for ``me``: a win or a loss outright, else my progress towards
    three sets and my money against the best opponent's."""
    out = g.outcome
    if out is not None and out.winner is not None:
        return 1000.0 if out.winner == me else -1000.0
    mine = _progress(g, me)
    best_other = max(_progress(g, s) for s in range(g.n) if s != me)
    return mine - best_other


def _progress(g: Game, seat: int) -> float:
    deck = g.deck
    value = deck.value
    any_colour = deck.any_colour
    sets: list[float] = []
    for colour, pile in enumerate(g.piles[seat]):
        if not pile:
            continue
        count = len(pile) if any(not any_colour[c] for c in pile) else 0
        sets.append(_colour_worth(deck, count, colour))
    sets.sort(reverse=True)
    score = sum(sets[:3]) + 0.3 * sum(sets[3:])
    bank = sum(value[c] for c in g.banks[seat])
    score += min(bank, 15) + 0.3 * max(0, bank - 15)
    return score + 0.5 * len(g.hands[seat])


# ------------------------------------------------------------------------ factory


def make_deal_bot(name: str, seed: int = 0) -> RandomBot | GreedyBot | StrongBot:
    """The Deal bot called ``name`` with its own seeded generator; ValueError for an
    unknown name."""
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "strong":
        return StrongBot(seed)
    raise ValueError(f"unknown Deal bot {name!r}; bots: {', '.join(DEAL_BOT_NAMES)}")
