"""Exact long-run landing probabilities of a Monopoly board, from a Markov chain.

One transition is one dice throw (a movement throw or an attempt to throw doubles in jail).
The chain lives on an expanded state space that carries the hidden state the rules need
(docs/rules.md §2 and §7):

* ``("sq", s, d)``: the token stands on square ``s`` after a throw, every card move resolved,
  and ``d`` (0, 1 or 2) consecutive doubles have been thrown so far this turn; ``d == 0``
  means the next throw starts a new turn.
* ``("jail", t)``: the throw ended with the token in jail; ``t`` (0, 1 or 2) failed attempts
  to throw doubles have been made since arriving ("long" jail rule; "short" uses ``t == 0``
  only).

The stationary distribution is projected onto 41 numbers: entry ``i < 40`` is the share of
throws after which the token stands on square ``i`` (the jail square's entry is Just
Visiting, the Go To Jail square's entry is 0) and entry 40 is the share of throws that end in
jail.

Everything is derived from the :class:`~monopoly.board.edition.Edition`: the square kinds,
the card decks and their typed effects. Each card of a deck is drawn with probability
``1 / len(deck)``, independently (the standard model; Get Out of Jail Free is a card that does
not move the token).

Example::

    >>> from monopoly.board.edition import load_edition
    >>> probs = landing_probabilities(load_edition("standard"), "long")
    >>> len(probs), round(sum(probs), 12)
    (41, 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from monopoly.board.edition import Card, Edition, EffectKind, SquareKind

__all__ = [
    "JAIL_MODES",
    "Chain",
    "State",
    "dice_outcomes",
    "landing_probabilities",
    "resolution_matrix",
    "stationary_distribution",
    "transition_chain",
]

JAIL_MODES: tuple[str, ...] = ("long", "short")

# ("sq", square, doubles so far this turn) or ("jail", failed attempts so far, 0)
State = tuple[str, int, int]

FloatArray = npt.NDArray[np.float64]

_MAX_DOUBLES = 3  # the third consecutive doubles sends the token to jail
_JAIL_ATTEMPTS = 3  # "long": up to three turns trying for doubles, then pay and move


def dice_outcomes() -> list[tuple[int, bool, Fraction]]:
    """(sum, is doubles, probability) for every distinct result of two fair dice."""
    out: dict[tuple[int, bool], Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            key = (a + b, a == b)
            out[key] = out.get(key, Fraction(0)) + Fraction(1, 36)
    return [(total, dbl, p) for (total, dbl), p in sorted(out.items())]


def _card_destination(edition: Edition, card: Card, pos: int) -> int | None:
    """Square a card moves the token to from ``pos``; -1 for jail; None if it does not move."""
    n = len(edition.squares)
    eff = card.effect
    if eff.kind == EffectKind.GO_TO_JAIL:
        return -1
    if eff.kind in (EffectKind.ADVANCE_TO, EffectKind.BACK_TO):
        if not 0 <= eff.square < n:
            raise ValueError(f"card {card.key!r}: square {eff.square} is not on the board")
        return eff.square
    if eff.kind == EffectKind.MOVE_BACK:
        return (pos - eff.spaces) % n
    if eff.kind == EffectKind.ADVANCE_TO_NEAREST:
        for step in range(1, n + 1):
            target = (pos + step) % n
            if edition.squares[target].kind == eff.nearest:
                return target
        raise ValueError(f"card {card.key!r}: the board has no square of kind {eff.nearest}")
    return None  # collect, pay, repairs, Get Out of Jail Free, pay-or-draw, ...


def resolution_matrix(edition: Edition) -> FloatArray:
    """R[s, o]: probability that landing on square ``s`` ends, once every card move has been
    resolved, with the token on square ``o`` (``o < n``) or in jail (``o == n``).

    Landing on Go To Jail, or a go-to-jail card, ends in jail. A card that moves the token to a
    card square draws again from that square's deck; any cycles are solved exactly as an
    absorbing chain.
    """
    n = len(edition.squares)
    jail = n
    card_squares = [
        sq.index
        for sq in edition.squares
        if sq.kind in (SquareKind.CHANCE, SquareKind.COMMUNITY_CHEST)
        and edition.decks.get(sq.kind.value)
    ]
    slot = {s: k for k, s in enumerate(card_squares)}
    m = len(card_squares)
    # X = B + Q X, X[k] the outcome distribution of landing on card square card_squares[k]
    b = np.zeros((m, n + 1))
    q = np.zeros((m, m))

    def land(dest: int, weight: float, row: int) -> None:
        if dest == -1 or edition.squares[dest].kind == SquareKind.GO_TO_JAIL:
            b[row, jail] += weight
        elif dest in slot:
            q[row, slot[dest]] += weight
        else:
            b[row, dest] += weight

    for k, s in enumerate(card_squares):
        deck = edition.decks[edition.squares[s].kind.value]
        w = 1.0 / len(deck)
        for card in deck:
            dest = _card_destination(edition, card, s)
            if dest is None:
                b[k, s] += w  # the token stays on the card square
            else:
                land(dest, w, k)
    try:
        x = np.linalg.solve(np.eye(m) - q, b) if m else b
    except np.linalg.LinAlgError:
        raise ValueError(f"edition {edition.key!r}: card moves never come to rest") from None
    r = np.zeros((n, n + 1))
    for sq in edition.squares:
        if sq.index in slot:
            r[sq.index] = x[slot[sq.index]]
        elif sq.kind == SquareKind.GO_TO_JAIL:
            r[sq.index, jail] = 1.0
        else:
            r[sq.index, sq.index] = 1.0
    return r


@dataclass(frozen=True)
class Chain:
    """The throw-by-throw Markov chain over the expanded states reachable from GO."""

    states: tuple[State, ...]
    matrix: FloatArray  # row-stochastic: matrix[i, j] = P(next state j | state i)
    n_squares: int

    def index(self, state: State) -> int:
        return self.states.index(state)

    def project(self, pi: FloatArray) -> list[float]:
        """Collapse a distribution over the expanded states onto squares + jail (n + 1)."""
        out = [0.0] * (self.n_squares + 1)
        for state, p in zip(self.states, pi, strict=True):
            out[self.n_squares if state[0] == "jail" else state[1]] += float(p)
        return out


def transition_chain(edition: Edition, jail: str) -> Chain:
    """Build the transition matrix of one dice throw for jail rule ``jail`` ("long"/"short")."""
    if jail not in JAIL_MODES:
        raise ValueError(f"jail must be one of {', '.join(JAIL_MODES)}, not {jail!r}")
    n = len(edition.squares)
    res = resolution_matrix(edition)
    dice = [(total, dbl, float(p)) for total, dbl, p in dice_outcomes()]
    jail_sq = edition.jail_square

    def after_move(start: int, total: int, doubles: int) -> dict[State, float]:
        """Outcome of moving ``total`` from ``start``; ``doubles`` carried into the next throw."""
        out: dict[State, float] = {}
        for o, p in enumerate(res[(start + total) % n]):
            if p == 0.0:
                continue
            state: State = ("jail", 0, 0) if o == n else ("sq", o, doubles)
            out[state] = out.get(state, 0.0) + float(p)
        return out

    def throw_from_square(s: int, d: int) -> dict[State, float]:
        out: dict[State, float] = {}
        for total, dbl, p in dice:
            if dbl and d + 1 >= _MAX_DOUBLES:
                moves: dict[State, float] = {("jail", 0, 0): 1.0}
            else:
                moves = after_move(s, total, d + 1 if dbl else 0)
            for state, q in moves.items():
                out[state] = out.get(state, 0.0) + p * q
        return out

    def throw_from_jail(t: int) -> dict[State, float]:
        if jail == "short":  # pay at once, then an ordinary turn from the jail square
            return throw_from_square(jail_sq, 0)
        out: dict[State, float] = {}
        for total, dbl, p in dice:
            if dbl or t + 1 >= _JAIL_ATTEMPTS:  # out by doubles (no extra throw) or pay & move
                moves = after_move(jail_sq, total, 0)
            else:
                moves = {("jail", t + 1, 0): 1.0}
            for state, q in moves.items():
                out[state] = out.get(state, 0.0) + p * q
        return out

    def successors(state: State) -> dict[State, float]:
        kind, a, b = state
        return throw_from_jail(a) if kind == "jail" else throw_from_square(a, b)

    # enumerate the states reachable from the start of a game (GO, new turn)
    start: State = ("sq", 0, 0)
    rows: dict[State, dict[State, float]] = {}
    todo = [start]
    while todo:
        state = todo.pop()
        if state in rows:
            continue
        rows[state] = successors(state)
        todo.extend(nxt for nxt in rows[state] if nxt not in rows)
    states = tuple(sorted(rows))
    pos = {state: i for i, state in enumerate(states)}
    matrix = np.zeros((len(states), len(states)))
    for state, row in rows.items():
        for nxt, p in row.items():
            matrix[pos[state], pos[nxt]] += p
    return Chain(states=states, matrix=matrix, n_squares=n)


def stationary_distribution(matrix: FloatArray) -> FloatArray:
    """The stationary distribution ``pi`` (``pi @ matrix == pi``, ``sum(pi) == 1``).

    Solves ``(P^T - I) pi = 0`` with one equation replaced by the normalisation, then checks
    that the result is a probability vector and a fixed point.
    """
    size = matrix.shape[0]
    a = matrix.T - np.eye(size)
    a[-1, :] = 1.0
    rhs = np.zeros(size)
    rhs[-1] = 1.0
    pi = np.asarray(np.linalg.solve(a, rhs), dtype=np.float64)
    if pi.min() < -1e-12 or np.abs(pi @ matrix - pi).max() > 1e-12:
        raise ArithmeticError("the stationary distribution did not solve cleanly")
    pi = np.maximum(pi, 0.0)
    return np.asarray(pi / pi.sum(), dtype=np.float64)


def landing_probabilities(edition: Edition, jail: str) -> list[float]:
    """Long-run share of dice throws ending on each square (0..n-1) and in jail (entry n).

    ``jail`` is "long" (up to three turns trying for doubles) or "short" (pay at once on the
    next turn); anything else raises :class:`ValueError`.
    """
    chain = transition_chain(edition, jail)
    return chain.project(stationary_distribution(chain.matrix))
