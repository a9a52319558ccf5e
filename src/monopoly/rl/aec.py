"""PettingZoo AEC environments of both games (``board_env``, ``deal_env``).

An agent is a seat, named ``seat_0`` ... ; the agent that acts is the seat the game waits
for (``game.decision()``). Each observation is a dict: ``observation`` (the flat vector of
:mod:`monopoly.rl.encoding`, from that seat's view only) and ``action_mask`` (int8, the
core's ``legal_action_bytes``: its ``legal_action_mask`` as bytes, never a second
legality check); with
``raw_view=True`` also ``view`` (the seat's view as a dict, in ``infos``). Actions are the
core's integer action table (docs/architecture.md). Rewards come at the end: +1 to the
winner, -1 to every other seat, 0 to all when the game ends without a winner (a turn
limit) or is truncated after ``max_cycles`` actions. An id out of the mask is refused:
nothing changes, ``infos[agent]["illegal"]`` says why, the agent gets ``illegal_reward``
(0) and acts again (``illegal="raise"``: the core's IllegalActionError instead).
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from monopoly.core.errors import MonopolyError
from monopoly.core.protocol import GameCore
from monopoly.core.registry import spec
from monopoly.rl.encoding import BoardEncoder, DealEncoder
from monopoly.rl.payments import CardPayments

__all__ = ["MonopolyAEC", "board_env", "deal_env", "encoder_for"]

SEATS = {"board": (2, 8), "deal": (2, 5)}


def refuse(core: GameCore, seat: int, action: Any, illegal: str,
           payments: CardPayments | None = None) -> str | None:
    """Apply the action of id `action` for `seat` (through `payments` when the Deal's
    payments are card by card); an id out of the mask changes nothing and gives the core's
    reason (or raises the core's error with ``illegal="raise"``)."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise ValueError(f"an action is an integer id, got {action!r}")
    try:
        if payments is not None:
            payments.act(core, seat, int(action))
        else:
            core.apply(seat, core.action_from_id(int(action), seat))
    except MonopolyError as err:
        if illegal == "raise":
            raise
        return str(err)
    return None


def encoder_for(game: GameCore, name: str) -> BoardEncoder | DealEncoder:
    """The observation encoder of a game (the Deal's depends on its deck)."""
    if name == "board":
        return BoardEncoder()
    deck = game.deck  # type: ignore[attr-defined]
    return DealEncoder(deck.type_of, deck.value, deck.n_colours)


class MonopolyAEC(AECEnv):  # type: ignore[misc]
    """One game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"], "name": "monopoly_v0", "is_parallelizable": False,
    }

    def __init__(self, game: str = "board", players: int = 4, rules: Any = None,
                 max_cycles: int = 100_000, raw_view: bool = False,
                 illegal: str = "refuse", illegal_reward: float = 0.0,
                 render_mode: str | None = None, payment: str = "policies",
                 **options: Any) -> None:
        super().__init__()
        low, high = SEATS[game]
        if not isinstance(players, int) or not low <= players <= high:
            raise ValueError(f"{game}: players must be {low}-{high}, got {players!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if illegal not in ("refuse", "raise"):
            raise ValueError(f"illegal must be 'refuse' or 'raise', got {illegal!r}")
        if payment not in ("policies", "cards") or (payment == "cards" and game != "deal"):
            raise ValueError("payment must be 'policies' or, in the Deal, 'cards'; "
                             f"got {payment!r}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.game_name = game
        self.n = players
        self.max_cycles = max_cycles
        self.raw_view = raw_view
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{i}" for i in range(players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self._seed = 0
        # what every episode shares: the game's spec, its rule set (validated once), the
        # seats' names
        self._spec = spec(game)
        own = {k: v for k, v in options.items() if k in self._spec.constructor_options}
        if "events" in self._spec.constructor_options:
            own.setdefault("events", False)  # no typed events: nothing here reads them
        self._own_options = own
        self._rule_set = self._spec.rules(
            rules, **{k: v for k, v in options.items() if k not in own})
        self._seat_names = [f"seat {i + 1}" for i in range(players)]
        self.core: GameCore = self._new_game(0)
        self.encoder = encoder_for(self.core, game)
        # the Deal's payments card by card (monopoly.rl.payments): more ids, more slots
        self.payments = CardPayments(self.core) if payment == "cards" else None
        n_actions = self.core.num_actions
        obs_size = self.encoder.size
        if self.payments is not None:
            n_actions = self.payments.num_actions
            obs_size += self.payments.obs_size
        self._n_actions = n_actions
        obs = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, (obs_size,),
                                                np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (n_actions,), np.int8),
        })
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(n_actions)
                              for a in self.possible_agents}

    def _new_game(self, seed: int) -> GameCore:
        """``make(game, seats, seed, rules, **options)``, from what ``__init__`` made."""
        return self._spec.factory(list(self._seat_names), seed, self._rule_set,
                                  **self._own_options)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the game
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = int(seed)
        else:
            self._seed += 1
        self.core = self._new_game(self._seed)
        if self.payments is not None:
            self.payments.reset()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self.agent_selection = self._seat_agent()

    def _seat_agent(self) -> str:
        seat = self.core.decision().seat
        return self.possible_agents[0 if seat is None else seat]

    def mask(self, seat: int) -> np.ndarray:
        if self.payments is None:  # the core's bytes, as they are
            return np.frombuffer(self.core.legal_action_bytes(seat), dtype=np.int8)
        mask = np.zeros(self._n_actions, dtype=np.int8)
        mask[self.payments.ids(self.core, seat, self.core.legal_action_ids(seat))] = 1
        return mask

    def act(self, seat: int, action: Any) -> str | None:
        """Apply id `action` for `seat` (see :func:`refuse`): None, or why it was refused."""
        return refuse(self.core, seat, action, self.illegal, self.payments)

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.agent_name_mapping[agent]
        core = self.core
        decision = core.decision()
        deciding = decision.seat == seat
        # the encoder's vector of core.view(seat), written from the state without the view
        obs = self.encoder.observe(core, seat, decision.kind, deciding, self.n)
        if self.payments is not None:
            obs = np.concatenate((obs, self.payments.observe(core, seat)))
        if self.raw_view:
            self.infos[agent]["view"] = core.view(seat).to_dict()
        if deciding and not core.is_over:
            mask = self.mask(seat)
        else:
            mask = np.zeros(self._n_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_name_mapping[agent]
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        refused = self.act(seat, action)
        self.infos[agent] = {"illegal": refused} if refused else {}
        self.steps += 1
        if refused:
            self.rewards[agent] = self.illegal_reward
        if self.core.is_over:
            outcome = self.core.outcome
            winner = None if outcome is None else outcome.winner
            for a in self.agents:
                i = self.agent_name_mapping[a]
                self.rewards[a] = 0.0 if winner is None else (1.0 if i == winner else -1.0)
                self.terminations[a] = True
        elif self.steps >= self.max_cycles:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self.agent_selection = self._seat_agent()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode")
            return None
        lines = self.core.record_lines()
        text = lines[-1] if lines else ""
        return text

    def close(self) -> None:
        pass


def board_env(players: int = 4, **options: Any) -> MonopolyAEC:
    """The board game (2-8 seats): ``rules`` a preset name or options, ``edition``, any
    rule option by name (``board_env(4, rules="tournament", edition="uk")``)."""
    return MonopolyAEC("board", players, **options)


def deal_env(players: int = 2, **options: Any) -> MonopolyAEC:
    """Monopoly Deal (2-5 seats): ``rules`` a preset or options, ``deck``, rule options;
    ``payment="cards"`` for payments card by card (:mod:`monopoly.rl.payments`)."""
    return MonopolyAEC("deal", players, **options)
