"""A token bucket: at most `rate` messages a second on average, in bursts of `burst`.

Example::

    >>> now = [0.0]
    >>> bucket = TokenBucket(rate=1, burst=2, now=lambda: now[0])
    >>> [bucket.take() for _ in range(3)]
    [True, True, False]
    >>> now[0] = 1.0
    >>> bucket.take()
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

# The server's limit per WebSocket (docs/protocol.md): messages a second, and the burst.
RATE: Final = 20.0
BURST: Final = 40.0


class TokenBucket:
    __slots__ = ("burst", "now", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float, now: Callable[[], float]) -> None:
        self.rate = rate
        self.burst = burst
        self.now = now
        self.tokens = burst
        self.stamp = now()

    def take(self) -> bool:
        """Spend one token if there is one (True), else refuse (False)."""
        t = self.now()
        self.tokens = min(self.burst, self.tokens + (t - self.stamp) * self.rate)
        self.stamp = t
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
