"""The garbage collector's settings for a busy event loop: the server's, and the load
benchmark's clients (``monopoly loadtest``), which share its machine.

CPython collects its youngest generation every 700 net allocations of container objects
by default. In a server with hundreds of WebSockets most young objects are in flight (each
connection's pending receive and send, an action's coroutines and futures), so every
collection scanned the same few thousand live objects again, and promoted them, which
made the older generations' collections (a pause of the whole loop: 20-30 ms for the
middle one, 50-120 ms for a full one with 200 games) come every second or so. Measured
with 200 games (``monopoly loadtest``): 300 collections took 0.8 s of the server's 30 s;
with the youngest generation collected every 50,000 allocations, 3 took 0.1 s, and the
rare full collections come minutes apart instead of seconds. Cyclic garbage waits longer
to be freed; it is a few megabytes at most.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from typing import Final

YOUNG_THRESHOLD: Final = 50_000  # net container allocations between young collections


def settle() -> None:
    """Freeze everything alive now (modules, catalogs, editions: never collected again,
    and never scanned again) and collect the young generation less often. Call once the
    process has loaded what it shares."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)


@contextlib.contextmanager
def settled() -> Iterator[None]:
    """:func:`settle` for the block, then the collector as it was (thresholds, nothing
    frozen)."""
    before = gc.get_threshold()
    settle()
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
