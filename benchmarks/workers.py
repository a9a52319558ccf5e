"""The lab's scaling target: do two workers play at least 1.8 times the games per second of one?

``monopoly simulate`` (four greedy bots, four players) with one worker and with two, in
pairs; the order within a pair alternates (1-2, 2-1, 1-2, ...) so that a drift of the
machine's speed during the pairs does not favour either side. For each pair it prints both
figures (the command's own ``games_per_second``: wall time, the workers' start included)
and their ratio; at the end the median ratio and the ratio of the medians.

Run it on an idle machine: the figures are wall-clock throughput. Where the machine's
per-core speed varies (see ``benchmarks/cores.py``), single pairs spread widely and only
the median of several means anything.

    python benchmarks/workers.py [GAMES] [PAIRS]      (default: 20000 games, 6 pairs)
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys


def games_per_second(games: int, workers: int, seed: int) -> float:
    """One ``monopoly simulate --json`` run; its games per second."""
    out = subprocess.run(
        [sys.executable, "-m", "monopoly.cli", "simulate", "--games", str(games),
         "--players", "4", "--bots", "greedy", "--seed", str(seed),
         "--workers", str(workers), "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    return float(json.loads(out)["games_per_second"])


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    pairs = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    ones: list[float] = []
    twos: list[float] = []
    ratios: list[float] = []
    for k in range(pairs):
        order = (1, 2) if k % 2 == 0 else (2, 1)
        got = {w: games_per_second(games, w, seed=k) for w in order}
        ones.append(got[1])
        twos.append(got[2])
        ratios.append(got[2] / got[1])
        print(f"pair {k + 1}: 1 worker {got[1]:.0f} games/s, 2 workers {got[2]:.0f} games/s, "
              f"ratio {ratios[-1]:.2f}", flush=True)
    print(f"{games} games a run, {pairs} pairs: median ratio "
          f"{statistics.median(ratios):.2f}, ratio of the medians "
          f"{statistics.median(twos) / statistics.median(ones):.2f} "
          f"(ratios {min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    main()
