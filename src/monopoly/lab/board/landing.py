"""Landing frequencies measured by playing dice throws through the real rules engine.

:func:`landing_frequencies` is the empirical counterpart of
:func:`monopoly.lab.board.markov.landing_probabilities`: two players who never buy, bid or trade
throw the dice ``throws`` times in a real :class:`~monopoly.board.game.Game`, and after every
throw that moves a token or is a jail attempt we record where the thrower ended, once every
card move is resolved (entry 40: in jail). The engine is driven directly with its singleton
actions; no legal-action lists are built, so the cost is the engine's own.

The Get Out of Jail Free cards: in the engine a drawn one is *kept* and leaves its deck
until used or sold (docs/rules.md §5). These players never use one ("long" tries for doubles,
"short" pays the fine, exactly as the modes say) and never trade, so once both have been
drawn each deck holds 15 cards for the rest of the game; :func:`markov_without_jail_cards`
is the exact long-run limit of that, and ``monopoly analyze markov`` gives it by default.
The textbook chain, where every card is drawn with probability 1/16 and the jail card is
returned at once (:func:`monopoly.lab.board.markov.landing_probabilities`), differs from it by up
to 0.14 percentage points (the jail entry in "long" mode).

:func:`asymptotic_std` gives the sampling standard deviation of the frequencies of a Markov
chain run (the throws are correlated, so the binomial ``sqrt(p(1-p)/N)`` is not the right
scale); the tests derive their tolerance from it.

Example::

    >>> freq = landing_frequencies(1000, "long", seed=1)
    >>> len(freq), round(sum(freq), 9), freq[30]
    (41, 1.0, 0.0)
"""

from __future__ import annotations

import dataclasses
import math
import random

import numpy as np

from monopoly.board import actions as A
from monopoly.board.edition import Edition, EffectKind, load_edition
from monopoly.board.game import BUY, POST_ROLL, PRE_ROLL, Game
from monopoly.board.options import RuleSet
from monopoly.lab.board.markov import (
    JAIL_MODES,
    landing_probabilities,
    stationary_distribution,
    transition_chain,
)

__all__ = [
    "JAIL_MODES",
    "asymptotic_std",
    "landing_counts",
    "landing_frequencies",
    "markov_without_jail_cards",
]

# RuleSet caps starting_cash at 1,000,000; that is "infinite" here: without buying, the only
# costs are taxes, card payments and fines, and the GO salary outweighs them on average.
RICH = 1_000_000
# The engine keeps every action in game.history for the record; we need no record, so the
# list is emptied every this many throws to keep memory flat over millions of throws.
_HISTORY_FLUSH = 1 << 16
# Throws per game: each game shuffles the decks anew (see landing_counts).
GAME_THROWS = 100_000


def landing_counts(throws: int, jail: str, seed: int, edition: str = "standard") -> list[int]:
    """Counts behind :func:`landing_frequencies` (41 integers summing to ``throws``).

    The throws are played as a series of games of :data:`GAME_THROWS` throws each, every one
    with freshly shuffled decks (seeds drawn from ``seed``): a deck is cycled, not reshuffled,
    within a game (docs/rules.md §5), so one shuffle alone would tie certain cards to certain
    Chance squares for the whole run. Each game starts on GO; that start fades within a few
    dozen throws, a negligible share of a game."""
    if jail not in JAIL_MODES:
        raise ValueError(f"jail must be one of {', '.join(JAIL_MODES)}, not {jail!r}")
    if not isinstance(throws, int) or isinstance(throws, bool) or throws < 0:
        raise ValueError(f"throws must be a non-negative integer, got {throws!r}")
    seeds = random.Random(seed)
    counts: list[int] = []
    done = 0
    while done < throws or not counts:
        chunk = min(GAME_THROWS, throws - done)
        game = Game(
            ["A", "B"], seeds.getrandbits(63), RuleSet(starting_cash=RICH), edition, events=False
        )
        part = _play(game, chunk, jail)
        counts = part if not counts else [a + b for a, b in zip(counts, part, strict=True)]
        done += chunk
    return counts


def _play(game: Game, throws: int, jail: str) -> list[int]:
    n = len(game.edition.squares)
    counts = [0] * (n + 1)
    short = jail == "short"
    apply = game.apply
    players = game.players
    roll, decline, pass_bid, end = A.ROLL, A.DECLINE, A.PASS_BID, A.END_TURN
    pay_fine = A.PAY_JAIL_FINE
    done = 0
    flush = _HISTORY_FLUSH
    while done < throws:
        au = game.auction
        if au is not None:  # nobody ever bids: everyone passes (docs/rules.md §3)
            apply(au.bidders[au.turn], pass_bid)
            continue
        seat = game.turn_player
        phase = game.phase
        if phase == PRE_ROLL:
            p = players[seat]
            if short and p.in_jail:  # docs/rules.md §7: pay the fine at once on the next turn
                apply(seat, pay_fine)
                continue
            before = game.throws
            apply(seat, roll)
            if game.throws != before:
                counts[n if p.in_jail else p.position] += 1
                done += 1
                if done % flush == 0:
                    game.history.clear()
        elif phase == BUY:
            apply(seat, decline)
        elif phase == POST_ROLL:
            apply(seat, end)
        else:  # pragma: no cover - nobody can go bankrupt with this much cash
            raise RuntimeError(f"the landing game ended unexpectedly: {game.outcome}")
    return counts


def landing_frequencies(throws: int, jail: str, seed: int) -> list[float]:
    """Share of ``throws`` dice throws ending on each square (0-39) and in jail (entry 40).

    Played through the real engine (classic rules, events off) by two players who never
    buy, bid or trade. ``jail``: "long" tries for doubles (up to three turns); "short" pays
    the fine at once on the next turn. Jail cards drawn are kept (see the module docstring).
    """
    counts = landing_counts(throws, jail, seed)
    if throws == 0:
        return [0.0] * len(counts)
    return [c / throws for c in counts]


def markov_without_jail_cards(jail: str, edition: str = "standard") -> list[float]:
    """Markov landing probabilities with the Get Out of Jail Free cards taken out of the
    decks: the exact limit of the engine in "long" mode, where drawn cards are never used."""
    ed = load_edition(edition)
    return landing_probabilities(_without_jail_cards(ed), jail)


def _without_jail_cards(ed: Edition) -> Edition:
    decks = {
        key: tuple(c for c in cards if c.effect.kind != EffectKind.JAIL_FREE)
        for key, cards in ed.decks.items()
    }
    return dataclasses.replace(ed, decks=decks)


def asymptotic_std(jail: str, edition: str = "standard") -> list[float]:
    """Per entry, ``sigma`` such that the frequency over N throws of a run of the Markov
    chain has standard deviation ``sigma / sqrt(N)`` for large N.

    The throws are correlated (doubles, jail, card moves), so this is the Markov-chain
    central limit variance, not the binomial one: for the indicator ``f`` of an entry,
    ``sigma^2 = <g, (2Z - I) g>_pi`` with ``g = f - pi(f)`` and the fundamental matrix
    ``Z = (I - P + 1 pi)^-1`` (Kemeny and Snell).
    """
    chain = transition_chain(load_edition(edition), jail)
    p = chain.matrix
    pi = stationary_distribution(p)
    size = len(pi)
    z = np.linalg.inv(np.eye(size) - p + np.outer(np.ones(size), pi))
    out = []
    n = chain.n_squares
    for entry in range(n + 1):
        f = np.array(
            [1.0 if (n if s[0] == "jail" else s[1]) == entry else 0.0 for s in chain.states]
        )
        g = f - float(pi @ f)
        var = float(pi @ (g * (2.0 * (z @ g) - g)))
        out.append(math.sqrt(max(var, 0.0)))
    return out
