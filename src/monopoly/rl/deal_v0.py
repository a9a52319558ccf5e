"""Monopoly Deal as a PettingZoo environment module, in PettingZoo's layout:
``env()`` (the AEC form of the parallel API, every seat selected once a cycle),
``parallel_env()`` and ``raw_env()`` (the turn-based AEC environment that selects only the
seat the game waits for: :func:`monopoly.rl.deal_env`). See :mod:`monopoly.rl.parallel`.
"""

from __future__ import annotations

from monopoly.rl.aec import deal_env as raw_env
from monopoly.rl.parallel import deal_cycle_env as env
from monopoly.rl.parallel import deal_parallel_env as parallel_env

__all__ = ["env", "parallel_env", "raw_env"]
