"""The tournament's seating: seconds to seat whole tournaments, and the repeats it leaves.

Times :func:`monopoly.tournament.seating.seat_rounds` (random rounds, each seated given
the ones before) for a few sizes, 200 players over 4 rounds the championship's largest,
and a Swiss tournament (:func:`~monopoly.tournament.seating.seat_round` with standings,
reshuffled every round); each figure is the median of several runs (seeds 0..RUNS-1),
wall (``time.perf_counter``) and CPU (``time.process_time``) seconds. The repeat pairs
(:func:`~monopoly.tournament.seating.repeat_pairs`) and the spread of the first seats
(most minus fewest times in seat 0) are those of the run with seed 0.

Usage::

    python benchmarks/seating.py [--runs RUNS] [--json]
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import time
from collections.abc import Callable

from monopoly.tournament.seating import Round, first_seats, repeat_pairs, seat_round, seat_rounds

SIZES = [(200, 4), (200, 8), (100, 6), (64, 5), (32, 5), (16, 4), (12, 3), (10, 5)]
SWISS = [(200, 4), (40, 5)]


def plain(players: int, rounds: int, seed: int) -> list[Round]:
    """Random rounds (not Swiss)."""
    return seat_rounds(players, rounds, seed=seed)


def swiss(players: int, rounds: int, seed: int) -> list[Round]:
    """A Swiss tournament: standings reshuffled (seeded) before every round."""
    rng = random.Random(seed)
    out: list[Round] = []
    for r in range(rounds):
        standings = list(range(players))
        rng.shuffle(standings)
        out.append(seat_round(standings, history=out, seed=seed * 1000 + r, standings=standings))
    return out


def measure(make: Callable[[int], list[Round]], runs: int) -> dict[str, float | int]:
    walls, cpus = [], []
    first: list[Round] = []
    for seed in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        rounds = make(seed)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        if seed == 0:
            first = rounds
    counts = first_seats(first).values()
    return {
        "wall_s": statistics.median(walls),
        "cpu_s": statistics.median(cpus),
        "repeat_pairs": repeat_pairs(first),
        "first_seat_spread": max(counts) - min(counts),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per size (median)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    results: dict[str, dict[str, float | int]] = {}
    for players, rounds in SIZES:
        results[f"random {players}x{rounds}"] = measure(
            functools.partial(plain, players, rounds), args.runs
        )
    for players, rounds in SWISS:
        results[f"swiss {players}x{rounds}"] = measure(
            functools.partial(swiss, players, rounds), args.runs
        )
    if args.json:
        print(json.dumps(results, sort_keys=True))
        return
    print(f"{'tournament':>16} {'wall s':>8} {'CPU s':>8} {'repeats':>8} {'1st spread':>10}")
    for name, row in results.items():
        print(
            f"{name:>16} {row['wall_s']:>8.3f} {row['cpu_s']:>8.3f} "
            f"{row['repeat_pairs']:>8} {row['first_seat_spread']:>10}"
        )


if __name__ == "__main__":
    main()
