"""Statistics of the strategy lab: win rates with their uncertainty, and the run's summary.

A win rate from ``n`` games is an estimate; the Wilson score interval (Wilson 1927) gives
its 95 % confidence interval, which, unlike the textbook ``p ± 1.96·sqrt(p(1-p)/n)``,
stays inside [0, 1] and is honest for small ``n`` and for rates near 0 or 1.

Example::

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

__all__ = ["Z95", "bot_records", "summarize", "wilson_interval"]

# The two-sided 97.5 % quantile of the standard normal distribution.
Z95 = 1.959963984540054


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a success rate: ``wins`` successes in ``games`` trials.

    No games tell nothing: ``(0.0, 1.0)``."""
    if games < 0 or not 0 <= wins <= games:
        raise ValueError(f"need 0 <= wins <= games, got {wins} wins in {games} games")
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denominator
    low = 0.0 if wins == 0 else max(0.0, centre - half)  # exact at the ends, no rounding
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


def bot_records(results: Sequence[dict[str, Any]], bots: Sequence[str]) -> dict[str, Any]:
    """Per bot name: ``games`` (games where the bot held at least one seat), ``seats``
    (seats it held, all games together), ``wins`` (games won by one of its seats),
    ``win_rate`` and ``ci95`` (the Wilson interval of the win rate, ``[low, high]``)."""
    out: dict[str, Any] = {}
    for name in dict.fromkeys(bots):
        games = seats = wins = 0
        for r in results:
            held = r["seats"].count(name)
            if held:
                games += 1
                seats += held
                if r["winner_bot"] == name:
                    wins += 1
        low, high = wilson_interval(wins, games)
        out[name] = {
            "games": games,
            "seats": seats,
            "wins": wins,
            "win_rate": wins / games if games else 0.0,
            "ci95": [low, high],
        }
    return out


def summarize(
    results: Sequence[dict[str, Any]], bots: Sequence[str], seconds: float
) -> dict[str, Any]:
    """The summary of a run from its per-game results (in game order).

    ``draws`` are the games without a winner (stopped by the turn cap, or a tie for the
    top at a counted end); ``reasons`` counts the games by how they ended; ``seat_wins``
    counts the wins of each seat, first seat first (seats are rotated, so a first-seat
    advantage shows here and not in a bot's rate)."""
    turns = [int(r["turns"]) for r in results]
    reasons: dict[str, int] = {}
    seat_count = max((len(r["seats"]) for r in results), default=0)
    seat_wins = [0] * seat_count
    for r in results:
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
        if r["winner"] is not None:
            seat_wins[r["winner"]] += 1
    return {
        "games": len(results),
        "bots": bot_records(results, bots),
        "draws": sum(1 for r in results if r["winner"] is None),
        "reasons": dict(sorted(reasons.items())),
        "seat_wins": seat_wins,
        "turns": {
            "mean": statistics.fmean(turns) if turns else None,
            "median": statistics.median(turns) if turns else None,
        },
        "seconds": seconds,
        "games_per_second": len(results) / seconds if seconds > 0 else 0.0,
    }
