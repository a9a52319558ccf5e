"""PettingZoo's parallel API for both games (``board_parallel_env``, ``deal_parallel_env``).

Monopoly is turn-based: at any moment one seat is waited for. In the parallel form every
live seat answers each cycle, and only the answer of the seat the game waits for (the
``active_agent`` in every seat's ``infos``) is applied; the other seats' answers are
ignored (their ``action_mask`` is all zeros). An id out of the waiting seat's mask is
refused as in the AEC environment: nothing changes, its ``infos`` say why, and it is
waited for again next cycle. ``max_cycles`` counts cycles, so every seat is truncated
after that many. The observations, masks and rewards are those of
:class:`monopoly.rl.aec.MonopolyAEC`, which this wraps (one AEC step per cycle).

The PettingZoo-style modules :mod:`monopoly.rl.board_v0` and :mod:`monopoly.rl.deal_v0`
give this form as ``parallel_env`` and its AEC conversion (every seat selected once per
cycle) as ``env``; for learning turn by turn, without the idle answers,
:func:`monopoly.rl.board_env` selects only the seat that is waited for.
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
from pettingzoo.utils.conversions import parallel_to_aec  # type: ignore[import-untyped]

from monopoly.rl.aec import MonopolyAEC

__all__ = ["MonopolyParallel", "board_cycle_env", "board_parallel_env", "deal_cycle_env",
           "deal_parallel_env"]


class MonopolyParallel(ParallelEnv):  # type: ignore[misc]
    """One game in PettingZoo's parallel API (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "monopoly_v0"}

    def __init__(self, game: str = "board", players: int = 4, max_cycles: int = 100_000,
                 **options: Any) -> None:
        self.aec = MonopolyAEC(game, players, max_cycles=max_cycles, **options)
        self.possible_agents = list(self.aec.possible_agents)
        self.agents: list[str] = []
        self.render_mode = self.aec.render_mode

    @property
    def max_cycles(self) -> int:
        return self.aec.max_cycles

    @max_cycles.setter
    def max_cycles(self, value: int) -> None:
        self.aec.max_cycles = value

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.aec.action_space(agent)

    @property
    def core(self) -> Any:
        """The game being played (the declared protocol of monopoly.core)."""
        return self.aec.core

    def _infos(self) -> dict[str, dict[str, Any]]:
        active = self.aec.agent_selection
        return {a: {**self.aec.infos.get(a, {}), "active_agent": active}
                for a in self.possible_agents}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.aec.agents)
        return {a: self.aec.observe(a) for a in self.agents}, self._infos()

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float],
                                                     dict[str, bool], dict[str, bool],
                                                     dict[str, dict[str, Any]]]:
        if not self.agents:
            raise ValueError("the episode is over: call reset()")
        active = self.aec.agent_selection
        if active not in actions:
            raise ValueError(f"the game waits for {active}, and actions has no entry for it")
        self.aec.step(actions[active])
        rewards = {a: float(self.aec.rewards[a]) for a in self.agents}
        terminations = {a: bool(self.aec.terminations[a]) for a in self.agents}
        truncations = {a: bool(self.aec.truncations[a]) for a in self.agents}
        observations = {a: self.aec.observe(a) for a in self.agents}
        infos = self._infos()
        self.agents = [a for a in self.agents if not (terminations[a] or truncations[a])]
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()


def board_parallel_env(players: int = 4, **options: Any) -> MonopolyParallel:
    """The board game (2-8 seats) in the parallel API; options as :func:`board_env`."""
    return MonopolyParallel("board", players, **options)


def deal_parallel_env(players: int = 2, **options: Any) -> MonopolyParallel:
    """Monopoly Deal (2-5 seats) in the parallel API; options as :func:`deal_env`."""
    return MonopolyParallel("deal", players, **options)


def board_cycle_env(players: int = 4, **options: Any) -> AECEnv:
    """The parallel form as an AEC environment: every seat is selected once a cycle."""
    return parallel_to_aec(board_parallel_env(players, **options))


def deal_cycle_env(players: int = 2, **options: Any) -> AECEnv:
    """The parallel form of the Deal as an AEC environment (every seat once a cycle)."""
    return parallel_to_aec(deal_parallel_env(players, **options))
