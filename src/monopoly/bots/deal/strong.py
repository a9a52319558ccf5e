"""The ``strong`` Deal bot: heuristics that know what a card is worth to the seat (sets
close to full, the win, what a payment costs), plus determinized Monte Carlo search
(information-set Monte Carlo) over the plays of its turn: the cards it cannot see (other
hands and the draw pile) are dealt at random, consistently with the hand sizes, into
copies of the public position (:mod:`monopoly.deal.worlds`); each candidate play is
followed by short rollouts of fast players and the positions reached are scored. It never
looks at the real hidden cards: the copies are built from the
:class:`~monopoly.deal.view.SeatView` alone.

Example::

    >>> from monopoly.deal.game import Game
    >>> g = Game(["Ann", "Bob"], seed=3)
    >>> g.is_legal(0, StrongBot(7).choose(g.seat_view(0), g.legal_actions(0)))
    True
"""

from __future__ import annotations

import random

from monopoly.bots.deal.common import (
    NEVER,
    WIN,
    bank_value,
    best_payment,
    colour_worth,
    gain_of_card,
    loss_of_card,
    owner_of,
    payable_value,
    set_progress,
    wins_with,
)
from monopoly.deal.actions import (
    ACCEPT,
    NO_TARGET,
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
)
from monopoly.deal.errors import IllegalActionError
from monopoly.deal.game import Game
from monopoly.deal.options import DealRules
from monopoly.deal.players import greedy_action
from monopoly.deal.position import (
    DISCARD,
    NONE,
    OVER,
    R_BIRTHDAY,
    R_BREAKER,
    R_FORCED,
    R_SLY,
    RESPOND,
    Request,
)
from monopoly.deal.view import SeatView
from monopoly.deal.worlds import sample_world, unseen

__all__ = ["StrongBot"]


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
        whose action was cancelled): what it would cost or gain (docs/deal-rules.md § Actions)."""
        deck = view.deck
        me = view.seat
        target = req.targets[0]
        kind = req.kind
        need = view.rules.sets_to_win
        if kind == R_BREAKER:
            count = set_progress(deck, view.piles[target], req.colour)
            value = colour_worth(deck, count, req.colour) + 10.0
            if view.full_sets(req.attacker) + 1 >= need:
                value += WIN
            return value
        if kind in (R_SLY, R_FORCED):
            take = req.take
            colour = view.pile_colour(take)
            stake = loss_of_card(view, target, take) + gain_of_card(
                view, req.attacker, colour, deck.any_colour[take])
            if wins_with(view, req.attacker, colour):
                stake += WIN
            if kind == R_FORCED and req.give != NONE:
                stake -= gain_of_card(view, target, view.pile_colour(req.give),
                                       deck.any_colour[req.give])
            return stake
        # a payment: what it costs the target
        if attacking:
            return 1.2 * min(req.amount, payable_value(view, target))
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
        """How much a card in the hand is worth keeping (docs/deal-rules.md § Turn 4: the extra
        cards are lost)."""
        deck = view.deck
        kind = deck.kind[c]
        me = view.seat
        if kind in (PROPERTY, WILD):
            best = max(gain_of_card(view, me, colour, deck.any_colour[c])
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
            if wins_with(view, me, a.colour):
                return WIN
            return 200.0 + gain_of_card(view, me, a.colour, deck.any_colour[a.card])
        if isinstance(a, PlayBreaker):
            mine = view.is_full(me, a.colour)
            if not mine and view.full_sets(me) + 1 >= view.rules.sets_to_win:
                return WIN
            count = set_progress(deck, view.piles[a.target], a.colour)
            value = colour_worth(deck, count, a.colour)
            if view.house[a.target][a.colour] != NONE:
                value += 3
            if view.hotel[a.target][a.colour] != NONE:
                value += 4
            return 300.0 + value - (25.0 if mine else 0.0) + 3.0 * view.full_sets(a.target)
        if isinstance(a, PlaySly):
            colour = view.pile_colour(a.take)
            if wins_with(view, me, colour):
                return WIN
            owner = owner_of(view, a.take)
            gain = gain_of_card(view, me, colour, deck.any_colour[a.take])
            deny = loss_of_card(view, owner, a.take) if owner != NONE else 0.0
            lead = 2.0 * view.full_sets(owner) if owner != NONE else 0.0
            return 120.0 + gain + 0.6 * deny + lead
        if isinstance(a, PlayForced):
            return self._forced_score(view, a)
        if isinstance(a, PlayRent):
            return self._rent_score(view, a)
        if isinstance(a, PlayDebt):
            return (95.0 + 2.0 * min(5, payable_value(view, a.target))
                    + 1.5 * view.full_sets(a.target))
        if isinstance(a, PlayBirthday):
            got = sum(min(2, payable_value(view, t)) for t in range(view.n) if t != me)
            return 90.0 + 2.0 * got
        if isinstance(a, (PlayHouse, PlayHotel)):
            return 150.0 + view.rent_of(me, a.colour)
        if isinstance(a, PlayBank):
            return self._bank_score(view, a.card)
        return NEVER

    def _move_score(self, view: SeatView, a: MoveWild) -> float:
        """A wildcard moves only to complete a set, from a pile that is not full or has a
        card to spare, at most twice a turn (a move and its way back never both look
        good; docs/deal-rules.md § Turn 3: moves are free)."""
        deck = view.deck
        me = view.seat
        if self._moves >= 2:
            return NEVER
        count = set_progress(deck, view.piles[me], a.colour)
        if count + 1 < deck.set_size[a.colour] or view.is_full(me, a.colour):
            return NEVER
        if deck.any_colour[a.card] and count == 0:
            return NEVER
        was = view.pile_colour(a.card)
        if (was != NONE and view.is_full(me, was)
                and len(view.piles[me][was]) <= deck.set_size[was]):
            return NEVER
        if wins_with(view, me, a.colour):
            return WIN
        return 400.0

    @staticmethod
    def _forced_score(view: SeatView, a: PlayForced) -> float:
        deck = view.deck
        me = view.seat
        colour = view.pile_colour(a.take)
        gcol = view.pile_colour(a.give)
        if gcol != colour and wins_with(view, me, colour):
            return WIN
        owner = owner_of(view, a.take)
        gain = gain_of_card(view, me, colour, deck.any_colour[a.take])
        loss = loss_of_card(view, me, a.give)
        deny = loss_of_card(view, owner, a.take) if owner != NONE else 0.0
        given = gain_of_card(view, owner, gcol) if owner != NONE else 0.0
        net = gain - loss + 0.5 * (deny - given)
        return 110.0 + net if net > 4.0 else NEVER

    @staticmethod
    def _rent_score(view: SeatView, a: PlayRent) -> float:
        """Rent with the colour that charges most, doubled when the double adds at least
        2M (docs/deal-rules.md § Actions: rent plus Double The Rent is two plays)."""
        me = view.seat
        rent = view.rent_of(me, a.colour)
        amount = rent << len(a.doubles)
        targets = [a.target] if a.target != NO_TARGET else [t for t in range(view.n) if t != me]
        payable = [payable_value(view, t) for t in targets]
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
        low_bank = 8.0 if bank_value(view, me) < 6 else 0.0
        if kind == MONEY:
            return 100.0 + deck.value[c] + low_bank
        # an action or rent card into the bank is money for good (docs/deal-rules.md § Turn 2)
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
        hidden = unseen(view)
        rules = fast_rules(view.rules)
        until = view.turn_number + self.horizon * view.n
        for _ in range(per):
            world_seed = self.rng.getrandbits(48)
            sample = list(hidden)
            random.Random(world_seed).shuffle(sample)
            for i, action in enumerate(candidates):
                g = sample_world(view, sample, world_seed, rules)
                try:
                    g.apply(me, action)
                except IllegalActionError:  # pragma: no cover - the public part is the same
                    totals[i] += NEVER
                    continue
                _rollout(g, until)
                totals[i] += _evaluate(g, me)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]


def _rollout(g: Game, until_turn: int) -> None:
    """Play on with the fast greedy player for every seat until turn ``until_turn`` ends
    or the game does."""
    limit = 400
    while g.phase != OVER and g.turn_number <= until_turn and limit > 0:
        limit -= 1
        seat = g.pending
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
        sets.append(colour_worth(deck, count, colour))
    sets.sort(reverse=True)
    score = sum(sets[:3]) + 0.3 * sum(sets[3:])
    bank = sum(value[c] for c in g.banks[seat])
    score += min(bank, 15) + 0.3 * max(0, bank - 15)
    return score + 0.5 * len(g.hands[seat])


_FAST_RULES: dict[DealRules, DealRules] = {}


def fast_rules(rules: DealRules) -> DealRules:
    """The rules of the rollouts: no decision without a choice, no turn cap."""
    fast = _FAST_RULES.get(rules)
    if fast is None:
        fast = _FAST_RULES[rules] = rules.with_options(ask_without_choice=False, turn_cap=0)
    return fast
