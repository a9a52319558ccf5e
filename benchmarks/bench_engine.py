"""Engine benchmark: whole greedy-bot games, timed in CPU seconds.

Runs the same function as ``monopoly bench`` (:func:`monopoly.lab.board.bench.bench`): one
process, four greedy bots, game seeds 0..G-1, events off, every game capped at
``monopoly.lab.board.bench.TURN_LIMIT`` turns.

Usage::

    python benchmarks/bench_engine.py [--games G] [--json]
"""

from __future__ import annotations

import argparse
import json

from monopoly.lab.board.bench import DEFAULT_GAMES, bench


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="number of games")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.games < 0:
        parser.error("--games must not be negative")
    result = bench(args.games)
    if args.json:
        print(json.dumps(result, sort_keys=True))
        return
    for key, value in result.items():
        print(f"{key:>24}: {value:,.1f}" if isinstance(value, float) else f"{key:>24}: {value}")


if __name__ == "__main__":
    main()
