"""Gymnasium single-agent environments: the learner in one seat, our bots (or any
callables) in the others. Registered as ``monopoly/Board-v0`` and ``monopoly/Deal-v0``.

The observation is the learner's flat vector (:mod:`monopoly.rl.encoding`); the legal
ids are ``info["action_mask"]`` and :meth:`MonopolyEnv.action_masks` (the name
sb3-contrib's MaskablePPO calls). Rewards: +1 for a win, -1 for a loss, 0 for a game
without a winner, at the end; with ``reward="worth"`` also, at every step, the change of
the learner's net worth (board) or table value (Deal) over the starting cash, after the
opponents have played. An id out of the mask is refused (nothing changes,
``info["illegal"]`` says why, reward ``illegal_reward``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from monopoly.core.seeds import bot_seed
from monopoly.rl.aec import MonopolyAEC
from monopoly.rl.players import Player, make_player

__all__ = ["MonopolyEnv"]


class MonopolyEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a game against opponents (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012  (Gymnasium: an attribute)

    def __init__(self, game: str = "board", players: int | None = None,
                 opponents: Sequence[str | Player] | None = None, seat: int = 0,
                 reward: str = "win", max_steps: int = 100_000,
                 render_mode: str | None = None, **options: Any) -> None:
        if opponents is None:
            n = players or (4 if game == "board" else 2)
            opponents = ["greedy"] * (n - 1)
        if players is None:
            players = len(opponents) + 1
        if len(opponents) != players - 1:
            raise ValueError(f"{players} seats need {players - 1} opponents, "
                             f"got {len(opponents)}")
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0-{players - 1}, got {seat!r}")
        if reward not in ("win", "worth"):
            raise ValueError(f"reward must be 'win' or 'worth', got {reward!r}")
        self.aec = MonopolyAEC(game, players, max_cycles=max_steps, **options)
        self.game_name = game
        self.seat = seat
        self.reward_kind = reward
        self.opponent_specs = list(opponents)
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_spaces["seat_0"]["observation"]
        self.action_space = self.aec.action_spaces["seat_0"]
        self._mask = np.zeros(self.action_space.n, dtype=np.int8)
        self._players: list[Player | None] = []

    def _worth(self) -> float:
        core: Any = self.aec.core
        if self.game_name == "board":
            return float(core.net_worth(self.seat)) / 1500.0
        return float(core.worth(self.seat)) / 10.0

    def _out(self) -> bool:
        """Whether the learner has left the game (the board's bankruptcy or resignation)."""
        if self.game_name != "board":
            return False
        core: Any = self.aec.core
        return bool(core.players[self.seat].bankrupt)

    def _play_opponents(self) -> None:
        aec = self.aec
        core = aec.core
        me = self.seat
        players = self._players
        board = self.game_name == "board"
        state: Any = core
        learner: Any = state.players[me] if board else None  # the board's Player (bankrupt: out)
        while aec.steps < aec.max_cycles:
            seat = state.pending  # the seat the game waits for; None once it is over
            if seat is None or seat == me or (board and learner.bankrupt):
                return
            player = players[seat]
            assert player is not None
            core.apply(seat, player(core, seat))
            aec.steps += 1

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        obs = self.aec.observe(self.aec.possible_agents[self.seat])
        self._mask = obs["action_mask"]
        return obs["observation"], {"action_mask": self._mask}

    def action_masks(self) -> np.ndarray:
        """The legal ids now, as booleans (MaskablePPO's name)."""
        return self._mask.astype(bool)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**31 - 1))
        self.aec.reset(seed=seed)
        specs = iter(self.opponent_specs)
        self._players = [None if s == self.seat else
                         make_player(self.game_name, next(specs), bot_seed(seed, s))
                         for s in range(self.aec.n)]
        self._play_opponents()
        self._last_worth = self._worth()
        return self._observe()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        core = self.aec.core
        refused = self.aec.act(self.seat, action)
        self.aec.steps += 1
        reward = 0.0
        if refused:
            reward = self.aec.illegal_reward
        else:
            self._play_opponents()
        if self.reward_kind == "worth":
            worth = self._worth()
            reward, self._last_worth = worth - self._last_worth, worth
        out = self._out()
        terminated = core.is_over or out
        if terminated:
            outcome = core.outcome
            winner = None if outcome is None else outcome.winner
            if out:
                reward -= 1.0  # bankrupt or resigned: lost, whatever the others do next
            else:
                reward += 0.0 if winner is None else (1.0 if winner == self.seat else -1.0)
        truncated = not terminated and self.aec.steps >= self.aec.max_cycles
        obs, info = self._observe()
        if refused:
            info["illegal"] = refused
        return obs, reward, terminated, truncated, info

    def render(self) -> str | None:
        lines = self.aec.core.record_lines()
        return lines[-1] if lines else ""
