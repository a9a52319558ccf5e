"""The engine's throws per CPU second against a bare dice-and-move loop of plain Python.

The bare loop is the least a Monopoly engine must do per throw: two dice from
``random.Random``, move the token round 40 squares, pay the salary on passing GO, go to
jail on a third doubles. Its speed depends only on the interpreter and the machine, so
the ratio ``engine / bare`` compares builds and versions of the engine measured on a
noisy machine, or on two machines: compare their ratios.

The engine's figure is ``monopoly bench``'s (:func:`monopoly.lab.board.bench.bench`:
whole games among four greedy bots, events off); run it on each tree to compare, e.g.
``PYTHONPATH=../before/src python benchmarks/dice_loop.py``, alternating the trees and
taking medians.

Usage::

    python benchmarks/dice_loop.py [--games G] [--throws N] [--rounds R] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any


def bare_loop(throws: int, seed: int = 1) -> float:
    """Throws per CPU second of the bare loop (see the module docstring)."""
    rng = random.Random(seed)
    rand = rng.random
    position = [0, 0]
    cash = [1500, 1500]
    jailed = [False, False]
    player = 0
    doubles = 0
    start = time.process_time()
    for _ in range(throws):
        d1 = int(rand() * 6) + 1
        d2 = int(rand() * 6) + 1
        if d1 == d2:
            doubles += 1
            if doubles == 3:
                position[player] = 10
                jailed[player] = True
                doubles = 0
                player = 1 - player
                continue
        new = position[player] + d1 + d2
        if new >= 40:
            new -= 40
            cash[player] += 200
        position[player] = new
        jailed[player] = False
        if d1 != d2:
            doubles = 0
            player = 1 - player
    cpu = time.process_time() - start
    return throws / cpu if cpu > 0 else 0.0


def engine(games: int) -> float:
    """The engine's throws per CPU second (``monopoly bench``)."""
    try:
        from monopoly.lab.board.bench import bench
    except ImportError:  # a checkout from before the lab package (sim/)
        from monopoly.sim.bench import bench  # type: ignore[import-not-found, no-redef]
    return float(bench(games)["throws_per_cpu_second"])


def measure(games: int, throws: int, rounds: int) -> dict[str, Any]:
    """`rounds` alternating measurements of both; medians and their ratio."""
    bare: list[float] = []
    eng: list[float] = []
    for _ in range(rounds):
        bare.append(bare_loop(throws))
        eng.append(engine(games))
    b, e = statistics.median(bare), statistics.median(eng)
    return {
        "bare_throws_per_cpu_second": b,
        "engine_throws_per_cpu_second": e,
        "engine_over_bare": e / b if b else 0.0,
        "rounds": rounds,
        "bare": bare,
        "engine": eng,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="engine games per round")
    parser.add_argument("--throws", type=int, default=2_000_000, help="bare throws per round")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.games < 1 or args.throws < 1 or args.rounds < 1:
        parser.error("--games, --throws and --rounds must be at least 1")
    result = measure(args.games, args.throws, args.rounds)
    if args.json:
        print(json.dumps(result, sort_keys=True))
        return
    for key in ("bare_throws_per_cpu_second", "engine_throws_per_cpu_second",
                "engine_over_bare"):
        print(f"{key:>30}: {result[key]:,.3f}")


if __name__ == "__main__":
    main()
