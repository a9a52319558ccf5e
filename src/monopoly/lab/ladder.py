"""The ladder: every bot against every other, and a rating with its uncertainty.

The tables are all the 4-bot combinations of the bot list (with fewer than four bots, the
one table of all of them); each table plays ``games_per_table`` games, its bots' seats
rotated from game to game, so a ladder of ``b`` bots plays ``C(b, 4) * games_per_table``
games. Games are numbered table by table and played by the strategy lab
(:func:`monopoly.lab.board.simulate.run_games`), so the ladder is reproducible from its
seed and does not depend on the workers.

Ratings are the Weng-Lin Bayesian rating of the ``openskill`` library (Plackett-Luce
model): every bot starts at ``mu = 25, sigma = 25/3``; each game ranks its seats by the
outcome's ranking. A bot's strength does not change from game to game, so the model adds
no drift between games (``tau = 0``: with openskill's default drift, sigma never falls
below about 1.6 and the ratings follow the last few hundred games, i.e. the last tables
played); and the games are rated round-robin over the tables (the first game of every
table, then the second, ...), so no table weighs more for being played last. A game
without a winner (stopped by the turn cap) ranks its surviving seats as tied, above the
bankrupt ones. The ``ordinal`` ``mu - 3 sigma`` is a conservative rating (the bot is very
likely at least this good); the table is sorted by it, best first.

Example::

    >>> ladder_tables(("a", "b", "c", "d", "e"))[:2]
    [('a', 'b', 'c', 'd'), ('a', 'b', 'c', 'e')]
    >>> game_ranks({"winner": None, "ranking": [2, 0, 1], "bankrupt": [False, True, False]})
    [1, 2, 1]
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from typing import Any

from monopoly.lab.board.simulate import LabSetup, run_games
from monopoly.lab.runner import Progress, rotated_seats
from monopoly.lab.stats import bot_records

__all__ = [
    "TABLE_SIZE",
    "game_ranks",
    "ladder_seatings",
    "ladder_tables",
    "rate",
    "round_robin",
    "run_ladder",
]

TABLE_SIZE = 4


def ladder_tables(bots: Sequence[str], size: int = TABLE_SIZE) -> list[tuple[str, ...]]:
    """Every combination of `size` distinct bots (all of them when there are fewer)."""
    names = tuple(dict.fromkeys(bots))
    if len(names) < 2:
        raise ValueError("a ladder needs at least two different bots")
    return list(itertools.combinations(names, min(size, len(names))))


def ladder_seatings(
    tables: Sequence[tuple[str, ...]], games_per_table: int
) -> list[tuple[str, ...]]:
    """The bots by seat of every game: table after table, seats rotated by game."""
    return [
        rotated_seats(table, len(table), j) for table in tables for j in range(games_per_table)
    ]


def game_ranks(result: dict[str, Any]) -> list[int]:
    """The rank of every seat (1: best) for the rating: the outcome's ranking; without a
    winner the surviving seats share the first rank and the bankrupt follow."""
    ranking: list[int] = list(result["ranking"])
    bankrupt: list[bool] = list(result["bankrupt"])
    ranks = [0] * len(bankrupt)
    if result["winner"] is not None:
        for place, seat in enumerate(ranking, start=1):
            ranks[seat] = place
        return ranks
    place = 1
    for seat in ranking:
        if bankrupt[seat]:
            place += 1
            ranks[seat] = place
        else:
            ranks[seat] = 1
    return ranks


def round_robin(results: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The games interleaved over their tables (a table: the set of bots seated), in
    index order within each table: the first game of each table, then the second, ..."""
    tables: dict[frozenset[str], list[dict[str, Any]]] = {}
    for r in sorted(results, key=lambda r: int(r.get("index", 0))):
        tables.setdefault(frozenset(r["seats"]), []).append(r)
    out: list[dict[str, Any]] = []
    for games in itertools.zip_longest(*tables.values()):
        out.extend(g for g in games if g is not None)
    return out


def rate(results: Sequence[dict[str, Any]], bots: Sequence[str]) -> list[dict[str, Any]]:
    """The rating table, best first: per bot ``mu``, ``sigma``, ``ordinal`` (mu - 3 sigma)
    and its record (``games``, ``wins``, ``win_rate``, ``ci95``)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(tau=0.0)
    names = tuple(dict.fromkeys(bots))
    ratings = {name: model.rating(name=name) for name in names}
    for r in round_robin(results):
        seats: list[str] = r["seats"]
        teams = [[ratings[name]] for name in seats]
        updated = model.rate(teams, ranks=[float(x) for x in game_ranks(r)])
        for name, team in zip(seats, updated, strict=True):
            ratings[name] = team[0]
    records = bot_records(results, names)
    table = [
        {
            "bot": name,
            "mu": ratings[name].mu,
            "sigma": ratings[name].sigma,
            "ordinal": ratings[name].ordinal(),
            **records[name],
        }
        for name in names
    ]
    table.sort(key=lambda row: (-row["ordinal"], row["bot"]))
    return table


def run_ladder(
    setup: LabSetup,
    games_per_table: int,
    *,
    workers: int = 1,
    backend: str = "process",
    address: str | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play the ladder of ``setup.bots`` (``setup.players`` is ignored: tables of four)
    and rate them. Returns ``games``, ``games_per_table``, ``tables``, ``draws``,
    ``ratings`` (see :func:`rate`), ``seconds`` and ``games_per_second``."""
    if games_per_table < 0:
        raise ValueError(f"games per table must not be negative, got {games_per_table}")
    tables = ladder_tables(setup.bots)
    seatings = ladder_seatings(tables, games_per_table)
    start = time.perf_counter()
    results = run_games(
        setup, seatings=seatings, workers=workers, backend=backend, address=address,
        progress=progress,
    )
    seconds = time.perf_counter() - start
    return {
        "games": len(results),
        "games_per_table": games_per_table,
        "tables": [list(t) for t in tables],
        "draws": sum(1 for r in results if r["winner"] is None),
        "ratings": rate(results, setup.bots),
        "seconds": seconds,
        "games_per_second": len(results) / seconds if seconds > 0 else 0.0,
    }
