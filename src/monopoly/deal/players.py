"""Two simple players for the Deal core: uniform random and greedy.

They see nothing hidden beyond their own hand (they read the public table through the
game's accessors) and choose only among ``legal_actions``. The conformance harness plays
with :func:`random_action`; :func:`greedy_action` is the speed benchmark's player and a
sparring partner until real Deal bots exist.
"""

from __future__ import annotations

import random

from monopoly.deal.actions import (
    END,
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
from monopoly.deal.game import Game
from monopoly.deal.payments import pay_in_order


def payment(game: Game, seat: int, template: PayTemplate, order: list[int]) -> Pay:
    """Cards taken in ``order`` until the debt is covered; a house brings its hotel."""
    return Pay(pay_in_order(game, seat, template.amount, order))


def concrete(game: Game, seat: int, entry: LegalEntry, rng: random.Random) -> Action:
    """A random concrete action for a legal entry (templates filled at random)."""
    if isinstance(entry, PayTemplate):
        order = list(entry.cards)
        rng.shuffle(order)
        return payment(game, seat, entry, order)
    if isinstance(entry, DiscardTemplate):
        return Discard(tuple(rng.sample(entry.cards, entry.count)))
    return entry


def random_action(game: Game, seat: int, rng: random.Random) -> Action:
    """A random legal entry, made concrete: first a kind of action (bank, property, rent,
    a wildcard move...) uniformly, then one entry of that kind, so that the many wildcard
    moves or Forced Deal pairs do not crowd out the rare actions (a hotel, a Just Say No)."""
    return concrete(game, seat, pick(game.legal_actions(seat), rng), rng)


def pick(legal: list[LegalEntry], rng: random.Random) -> LegalEntry:
    """A kind of entry uniformly, then one entry of that kind."""
    kinds: dict[type, list[LegalEntry]] = {}
    for entry in legal:
        kinds.setdefault(type(entry), []).append(entry)
    group = list(kinds.values())[rng.randrange(len(kinds))]
    return group[rng.randrange(len(group))]


_FLAT_SCORES: dict[type, int] = {
    PlayBreaker: 100, PlayHouse: 80, PlayHotel: 80, PlaySly: 60, PlayForced: 60,
    PlayDebt: 50, PlayBirthday: 50, PlayPassGo: 45,
}


def _greedy_score(game: Game, seat: int, a: LegalEntry) -> int:
    t = type(a)
    flat = _FLAT_SCORES.get(t)
    if flat is not None:
        return flat
    deck = game.deck
    if isinstance(a, PlayProperty):
        pile = game.piles[seat][a.colour]
        return 90 if len(pile) + 1 >= deck.set_size[a.colour] else 70 + len(pile)
    if isinstance(a, PlayRent):
        return 40 + min(30, game.rent_of(seat, a.colour) << len(a.doubles))
    if isinstance(a, PlayBank):
        return 20 + deck.value[a.card]
    return 0


def greedy_action(game: Game, seat: int) -> Action:
    """Lay properties, take sets, charge the best rent, bank money, pay with the least
    valuable cards (bank first), always say no when it can, discard the cheapest."""
    legal = game.legal_actions(seat)
    deck = game.deck
    best: LegalEntry = legal[0]
    best_score = -1
    can_end = False
    for a in legal:
        t = type(a)
        if t is MoveWild:
            continue  # never worth a look for this player
        if t is EndTurn:
            can_end = True
            continue
        if t is SayNo:
            return a  # type: ignore[return-value]
        if t is PayTemplate or t is DiscardTemplate or t is Pay:
            best = a
            best_score = 1
            continue
        score = _greedy_score(game, seat, a)
        if score > best_score:
            best, best_score = a, score
    if isinstance(best, PayTemplate):
        bank = set(game.banks[seat])
        order = sorted(best.cards, key=lambda c: (c not in bank, deck.value[c]))
        return payment(game, seat, best, order)
    if isinstance(best, DiscardTemplate):
        order = sorted(best.cards, key=lambda c: deck.value[c])
        return Discard(tuple(order[:best.count]))
    if best_score <= 0:
        return END if can_end else _first_concrete(legal)
    return best


def _first_concrete(legal: list[LegalEntry]) -> Action:
    for a in legal:
        if not isinstance(a, (PayTemplate, DiscardTemplate)):
            return a
    raise ValueError("no concrete action")  # pragma: no cover - answers are never all templates


__all__ = ["concrete", "greedy_action", "payment", "pick", "random_action"]
