"""``monopoly rl bench``: steps per CPU second of the Gymnasium environments, one learner
(uniformly random among its legal ids, seeded) against greedy bots. A step is one
learner's action with the opponents' actions up to its next decision, the mask and the
observation included."""

from __future__ import annotations

import time
from typing import Any

import numpy as np

__all__ = ["bench"]


def _compiled() -> bool:
    import monopoly.board.engine as engine

    return not str(getattr(engine, "__file__", "")).endswith(".py")


def _one(env_id: str, players: int, steps: int, seed: int) -> dict[str, Any]:
    import gymnasium

    import monopoly.rl  # noqa: F401  (registers the environments)

    env = gymnasium.make(env_id, players=players)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    episodes = 0
    start = time.process_time()
    for _ in range(steps):
        legal = info["action_mask"].nonzero()[0]  # np.flatnonzero, without its wrappers
        action = int(legal[rng.integers(0, len(legal))])  # what rng.choice(legal) draws
        _, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            episodes += 1
            _, info = env.reset(seed=seed + episodes)
    seconds = time.process_time() - start
    return {
        "players": players,
        "opponents": "greedy",
        "steps": steps,
        "episodes_ended": episodes,
        "cpu_seconds": round(seconds, 3),
        "steps_per_cpu_second": round(steps / seconds, 1) if seconds > 0 else None,
    }


def bench(steps: int = 20_000, seed: int = 0, board_players: int = 4,
          deal_players: int = 2) -> dict[str, Any]:
    """``{"board": {...}, "deal": {...}, "compiled": bool}``."""
    return {
        "board": _one("monopoly/Board-v0", board_players, steps, seed),
        "deal": _one("monopoly/Deal-v0", deal_players, steps, seed),
        "compiled": _compiled(),
    }
