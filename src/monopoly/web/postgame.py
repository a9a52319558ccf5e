"""The post-game summary of a finished board game, from its record: the net worth of every
seat after every turn, the rent each seat received and paid, and the luck of each seat's
dice, measured exactly against the odds of the game's Markov chain.

``GET /api/rooms/{room}/summary?lang=L`` (:mod:`monopoly.web.routes.results`) answers
:func:`summary` of the room's record; the page draws it (``static/postgame.js``). The record
is replayed through the rules engine, action by action, with its events.

**Net worth** is the game's own (docs/rules.md §11, :meth:`monopoly.board.game.Game.
net_worth`: cash, printed prices, half for mortgaged deeds, buildings at cost, debts and
loans counted; 0 once bankrupt): one point before the first turn (turn 0), one after each
turn, and the last one when the game ended, which is the outcome's ``net_worth``.

**Rent** received and paid are the :class:`~monopoly.board.events.Paid` events of reason
``"rent"``, between players, so the rent received adds up to the rent paid.

**The luck of the dice: rent.** What matters of a player's dice is what they cost: the
rent they made the player owe. A throw (a turn's roll, or a try for doubles in jail) is one
transition of the chain of :func:`monopoly.lab.board.markov.transition_chain`: from the
square the thrower stands on and the doubles thrown so far this turn (in jail: the failed
tries), each of the 36 results of two dice leads, through the third doubles, Go To Jail and
every card move, to where the token comes to rest; each card of the deck drawn is equally
likely (the chain's model, with the deck as it stands: a kept Get Out of Jail Free card is
not in it). :func:`throw_landings` gives that distribution exactly, in fractions, from the
real position; :func:`throw_rent` the rent it makes the thrower owe, given who owned what
at that moment (buildings, mortgages, whole groups, "twice the rent" and "ten times a fresh
throw" of the nearest-railroad and nearest-utility cards, the ``no_rent_in_jail`` house
rule): its exact mean and second moment, with no sampling.

Summed over a seat's throws, the means are the rent its dice were expected to cost it
(``rent_expected``); ``rent_owed`` is the rent they really cost (paid at once, or a debt it
paid later or went bankrupt over: :func:`rent_owed`), and ``rent_luck`` = expected - owed:
"lucky by $X" when positive. Its scale is the square root of the summed per-throw
variances: ``rent_luck_z`` = (expected - owed) / that scale (each throw's variance is exact
given the position, so the summed differences are a martingale of that variance). Over all
the outcomes of one throw, each played through the engine, the luck averages exactly zero
(the tests check it, along real games). A "pay a fine or take a card" card is, as in the
chain, a card that does not move the token: rent after choosing to draw counts as owed.

The dice themselves are compared with a fair pair's exact odds: the mean of the pips
against 7 (variance 35/6 a throw) and the doubles against 1/6 of the throws, each with its
z-score.

Example::

    >>> from monopoly.board.game import Game
    >>> from monopoly.board.options import RuleSet
    >>> from monopoly.board.record import record_lines
    >>> from monopoly.bots import make_bot
    >>> from monopoly.bots.board.driver import play_game
    >>> game = Game(["Ann", "Bob"], 3, RuleSet(end="turn_limit", turn_limit=6))
    >>> data = summary(record_lines(play_game(game, [make_bot("easy", 1), make_bot("easy", 2)])))
    >>> data["turns"], [series[-1] for series in data["net_worth"]] == list(game.outcome.worth)
    ([0, 1, 2, 3, 4, 5, 6], True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.game import Game
from monopoly.board.position import BANK, Debt
from monopoly.board.record import moves, replay
from monopoly.board.tables import (
    E_ADVANCE_TO,
    E_BACK_TO,
    E_GO_TO_JAIL,
    E_MOVE_BACK,
    E_NEAREST,
    K_CHANCE,
    K_CHEST,
    K_GO_TO_JAIL,
    K_RAILROAD,
    K_STREET,
    K_UTILITY,
    RENT_DOUBLE_RAILROAD,
    RENT_NORMAL,
    RENT_TEN_TIMES_THROW,
)
from monopoly.core.ids import Money, PlayerId
from monopoly.lab.board.markov import dice_outcomes

__all__ = [
    "DICE",
    "IN_JAIL",
    "RentOdds",
    "rent_owed",
    "summary",
    "throw_landings",
    "throw_rent",
]

#: Where a throw leaves a token in jail (sent there, or a failed try for doubles).
IN_JAIL: Final = -1
#: The results of two fair dice: (total, doubles, probability), the chain's own.
DICE: Final[tuple[tuple[int, bool, Fraction], ...]] = tuple(dice_outcomes())
_MEAN_TOTAL: Final = Fraction(sum(p * t for t, _, p in DICE))  # 7
_MEAN_TOTAL_SQUARED: Final = Fraction(sum(p * t * t for t, _, p in DICE))  # 329/6
_PIPS_VARIANCE: Final = _MEAN_TOTAL_SQUARED - _MEAN_TOTAL**2  # 35/6
_DOUBLES: Final = Fraction(1, 6)
# card moves that end on another card square draw again; past this many draws in one throw
# (never on the printed boards) the token is counted where it stands
_MAX_DRAWS: Final = 8

# (probability, where the token ends: a square or IN_JAIL, the throw's total, rent mode)
Landing = tuple[Fraction, int, int, int]


@dataclass(frozen=True, slots=True)
class RentOdds:
    """The rent one throw makes the thrower owe, as exact odds."""

    mean: Fraction
    second: Fraction  # the mean of its square

    @property
    def variance(self) -> Fraction:
        return self.second - self.mean * self.mean


def throw_landings(game: Game) -> list[Landing]:
    """Where the next throw of the player on turn ends, with its odds (see the module
    docstring): ``(probability, square or IN_JAIL, total thrown, rent mode)``, the
    probabilities summing to 1. The mode is how a card changes the rent of the square it
    moved the token to (:data:`~monopoly.board.tables.RENT_NORMAL`, ``..._DOUBLE_RAILROAD``,
    ``..._TEN_TIMES_THROW``)."""
    p = game.players[game.turn_player]
    rules = game.rules
    n = len(game.t.kind)
    out: list[Landing] = []
    for total, dbl, prob in DICE:
        if p.in_jail:
            if not dbl and p.jail_turns + 1 < rules.max_jail_turns:
                out.append((prob, IN_JAIL, total, RENT_NORMAL))  # another failed try
                continue
            start = game.t.jail  # out by doubles, or the fine on the last try, and moves
        elif dbl and game.doubles + 1 >= rules.max_doubles:
            out.append((prob, IN_JAIL, total, RENT_NORMAL))
            continue
        else:
            start = p.position
        _land(game, (start + total) % n, total, RENT_NORMAL, prob, 0, out)
    return out


def _land(game: Game, sq: int, throw: int, mode: int, prob: Fraction, draws: int,
          out: list[Landing]) -> None:
    """The token reaches `sq` (with `prob`): where it comes to rest, cards followed."""
    t = game.t
    kind = t.kind[sq]
    if kind == K_GO_TO_JAIL:
        out.append((prob, IN_JAIL, throw, mode))
        return
    deck = t.deck_of_kind.get(kind) if kind in (K_CHANCE, K_CHEST) else None
    pile = game.decks[deck] if deck is not None else ()
    if deck is None or not pile or draws >= _MAX_DRAWS:
        out.append((prob, sq, throw, mode))
        return
    each = prob / len(pile)
    for idx in pile:
        card = t.cards[deck][idx]
        effect = card.effect
        if effect in (E_ADVANCE_TO, E_BACK_TO):
            _land(game, card.square, throw, RENT_NORMAL, each, draws + 1, out)
        elif effect == E_NEAREST:
            if card.nearest == K_RAILROAD:
                how = RENT_DOUBLE_RAILROAD if card.rent_multiplier == 2 else RENT_NORMAL
                _land(game, t.nearest_railroad[sq], throw, how, each, draws + 1, out)
            else:
                how = RENT_TEN_TIMES_THROW if card.dice_multiplier else RENT_NORMAL
                _land(game, t.nearest_utility[sq], throw, how, each, draws + 1, out)
        elif effect == E_MOVE_BACK:
            _land(game, (sq - card.spaces) % len(t.kind), throw, RENT_NORMAL, each,
                  draws + 1, out)
        elif effect == E_GO_TO_JAIL:
            out.append((each, IN_JAIL, throw, RENT_NORMAL))
        else:  # money, repairs, a jail card, pay-or-draw: the token stays on the card square
            out.append((each, sq, throw, mode))


def _rent_at(game: Game, seat: PlayerId, sq: int, throw: int, mode: int) -> tuple[
        Fraction, Fraction]:
    """The mean and mean square of the rent `seat` owes ending on `sq` (docs/rules.md §4,
    as :func:`monopoly.board.rules.moving.resolve` charges it)."""
    if sq == IN_JAIL:
        return Fraction(0), Fraction(0)
    kind = game.t.kind[sq]
    if kind not in (K_STREET, K_RAILROAD, K_UTILITY):
        return Fraction(0), Fraction(0)
    owner = game.owner[sq]
    if (owner in (BANK, seat) or game.mortgaged[sq]
            or (game.rules.no_rent_in_jail and game.players[owner].in_jail)):
        return Fraction(0), Fraction(0)
    if kind == K_UTILITY and mode == RENT_TEN_TIMES_THROW:  # ten times a fresh throw
        return 10 * _MEAN_TOTAL, 100 * _MEAN_TOTAL_SQUARED
    due = game.rent_of(sq, throw)
    if kind == K_RAILROAD and mode == RENT_DOUBLE_RAILROAD:
        due *= 2
    return Fraction(due), Fraction(due * due)


def throw_rent(game: Game) -> RentOdds:
    """The exact odds of the rent the next throw makes the player on turn owe, in the
    position as it stands (ownership, buildings, mortgages, the decks)."""
    seat = game.turn_player
    mean = second = Fraction(0)
    for prob, sq, throw, mode in throw_landings(game):
        m, s = _rent_at(game, seat, sq, throw, mode)
        if m:
            mean += prob * m
            second += prob * s
    return RentOdds(mean, second)


def rent_owed(before: Sequence[Debt], after: Sequence[Debt],
              events: Iterable[E.Event]) -> dict[PlayerId, Money]:
    """The rent charged by one action, by payer: what was paid at once and what became a
    debt (`before`, `after`: the game's debts around the action, `events` its events). A
    rent debt of an earlier action paid now is not charged again."""
    still = {id(d) for d in after}
    known = {id(d) for d in before}
    settled = [(d.debtor, d.creditor, d.amount) for d in before
               if d.reason == "rent" and id(d) not in still]
    owed: dict[PlayerId, Money] = {}
    for ev in events:
        if isinstance(ev, E.Paid) and ev.reason == "rent" and ev.payer >= 0:
            key = (ev.payer, ev.payee, ev.amount)
            if key in settled:
                settled.remove(key)  # an earlier action's debt, paid now
            else:
                owed[ev.payer] = owed.get(ev.payer, 0) + ev.amount
    for d in after:
        if d.reason == "rent" and id(d) not in known:
            owed[d.debtor] = owed.get(d.debtor, 0) + d.amount
    return owed


@dataclass(slots=True)
class _Seat:
    rent_received: Money = 0
    rent_paid: Money = 0
    throws: int = 0
    doubles: int = 0
    pips: int = 0
    rent_owed: Money = 0
    rent_mean: Fraction = Fraction(0)
    rent_variance: Fraction = Fraction(0)


def _z(observed: float, expected: float, variance: float) -> float | None:
    return round((observed - expected) / math.sqrt(variance), 2) if variance > 0 else None


def summary(lines: list[str]) -> dict[str, Any]:
    """The post-game summary of a board game's record (its lines: the header, then one
    ``[seat, "action"]`` line per action); see the module docstring. Raises
    :class:`~monopoly.core.errors.RecordError` for a record that does not replay."""
    game = replay(lines[:1], events=True)  # the set-up; the actions follow
    log = game.events
    if log is not None:
        log.clear()
    count = len(game.players)
    seats = [_Seat() for _ in range(count)]
    turns = [0]
    worth = [[game.net_worth(s)] for s in range(count)]
    for _line, seat, action in moves(lines[1:]):
        odds = throw_rent(game) if isinstance(action, A.Roll) and seat >= 0 else None
        turn = game.turn_number
        before = list(game.debts)
        events = game.apply(seat, action)
        if log is not None:
            log.clear()
        if odds is not None:
            mine = seats[seat]
            mine.rent_mean += odds.mean
            mine.rent_variance += odds.variance
            for ev in events:
                if isinstance(ev, E.DiceRolled):  # the throw (a card's fresh one follows)
                    mine.throws += 1
                    mine.pips += ev.die1 + ev.die2
                    mine.doubles += ev.die1 == ev.die2
                    break
        for payer, amount in rent_owed(before, game.debts, events).items():
            seats[payer].rent_owed += amount
        for ev in events:
            if (isinstance(ev, E.Paid) and ev.reason == "rent" and ev.payer >= 0
                    and ev.payee >= 0):
                seats[ev.payer].rent_paid += ev.amount
                seats[ev.payee].rent_received += ev.amount
        if game.turn_number != turn:
            _point(game, turns, worth, turn)
    _point(game, turns, worth, game.turn_number)  # the end, within its last turn
    return {
        "edition": game.edition.key,
        "seats": [p.name for p in game.players],
        "turns": turns,
        "net_worth": worth,
        "outcome": game.outcome.to_dict() if game.outcome is not None else None,
        "players": [_seat_json(s, stats) for s, stats in enumerate(seats)],
    }


def _point(game: Game, turns: list[int], worth: list[list[Money]], turn: int) -> None:
    turns.append(turn)
    for s, series in enumerate(worth):
        series.append(game.net_worth(s))


def _seat_json(seat: int, s: _Seat) -> dict[str, Any]:
    n = s.throws
    expected = float(s.rent_mean)
    return {
        "seat": seat,
        "rent_received": s.rent_received,
        "rent_paid": s.rent_paid,
        "throws": n,
        "doubles": s.doubles,
        "doubles_expected": round(n / 6, 2),
        "doubles_z": _z(s.doubles, n / 6, float(n * _DOUBLES * (1 - _DOUBLES))),
        "pips_mean": round(s.pips / n, 2) if n else None,
        "pips_z": _z(s.pips, 7 * n, float(n * _PIPS_VARIANCE)),
        "rent_owed": s.rent_owed,
        "rent_expected": round(expected, 2),
        "rent_luck": round(expected - s.rent_owed, 2),
        "rent_luck_z": _z(expected, s.rent_owed, float(s.rent_variance)),
    }
