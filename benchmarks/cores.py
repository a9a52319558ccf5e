"""Does this machine give two cores' worth of work to two processes? (the yardstick for
the strategy lab's two-worker speed-up, `benchmarks/workers.py`).

A pure arithmetic loop (no memory traffic, nothing shared) runs alone, then as two
processes at once, in turn; for each round it prints the wall and CPU seconds and the
throughput ratio (2 x alone / together). On steady hardware the ratio is close to 2.0 and
the same loop takes the same CPU time every run; where it is not, the ratio of any
parallel job (``monopoly simulate --workers 2``) cannot be measured better than this.

    python benchmarks/cores.py [ITERATIONS] [ROUNDS]
"""

from __future__ import annotations

import multiprocessing
import sys
import time


def spin(n: int) -> float:
    """``n`` rounds of a linear congruential step; returns the CPU seconds taken."""
    x = 1
    start = time.process_time()
    for _ in range(n):
        x = (x * 1103515245 + 12345) & 0xFFFFFFFF
    return time.process_time() - start


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000_000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    for _ in range(rounds):
        start = time.perf_counter()
        alone_cpu = spin(n)
        alone = time.perf_counter() - start
        with multiprocessing.Pool(2) as pool:
            start = time.perf_counter()
            cpus = pool.map(spin, [n, n])
            together = time.perf_counter() - start
        print(f"alone {alone:.2f} s wall ({alone_cpu:.2f} CPU); two at once {together:.2f} s "
              f"wall (CPU {cpus[0]:.2f}, {cpus[1]:.2f}); throughput ratio "
              f"{2 * alone / together:.2f}", flush=True)


if __name__ == "__main__":
    main()
