"""Reinforcement learning: PettingZoo and Gymnasium environments of both games.

- :func:`board_env`, :func:`deal_env`: PettingZoo AEC environments (every seat an agent);
- ``gymnasium.make("monopoly/Board-v0")``, ``gymnasium.make("monopoly/Deal-v0")``: one
  learner against our bots (:class:`MonopolyEnv`);
- :func:`board_parallel_env`, :func:`deal_parallel_env`: PettingZoo's parallel API (every
  seat answers each cycle, the waiting seat's answer applies); the modules
  :mod:`monopoly.rl.board_v0` and :mod:`monopoly.rl.deal_v0` in PettingZoo's layout.

Needs the ``rl`` extra (``pip install -e '.[rl]'``). ``docs/rl.md`` documents the
observations, the actions and the rewards.
"""

from __future__ import annotations

import gymnasium

from monopoly.rl.aec import MonopolyAEC, board_env, deal_env
from monopoly.rl.parallel import MonopolyParallel, board_parallel_env, deal_parallel_env
from monopoly.rl.single import MonopolyEnv

__all__ = ["MonopolyAEC", "MonopolyEnv", "MonopolyParallel", "board_env",
           "board_parallel_env", "deal_env", "deal_parallel_env"]

for _id, _game in (("monopoly/Board-v0", "board"), ("monopoly/Deal-v0", "deal")):
    if _id not in gymnasium.registry:
        gymnasium.register(_id, entry_point="monopoly.rl.single:MonopolyEnv",
                           kwargs={"game": _game})
