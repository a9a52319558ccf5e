"""Train an agent on the board game with MaskablePPO (sb3-contrib), then measure it.

A learner in seat 0 of ``monopoly/Board-v0`` first imitates greedy (behaviour cloning:
its decisions in ``--imitate`` games, seen as the learner sees them, raise the policy's
masked log-likelihood of greedy's ids), then MaskablePPO trains it against our bots (by
default half the copies of the board against the random bot, half against greedy),
from where imitation left it; sb3-contrib's
``ActionMasker`` hands MaskablePPO the legal ids, so the policy only ever picks a legal
action. After training, the policy plays ``--eval-games`` games
against the random bot and against greedy, and so does a random learner (uniform over
the same legal ids) as the baseline; the win rates are printed with their 95 % Wilson
intervals. During training, the policy is measured every ``--eval-every`` steps against
both bots on the same seeded games; that curve is drawn to ``--plot``.

The setting (docs/rl.md, "Training an agent", says why):

- 2 players: one opponent, a decision of the learner's moves the result more than at a
  table of four, and a game is shorter;
- the classic rules ended at turn ``--turn-limit`` (200: about 100 turns each; the
  richer seat, by net worth, wins): a game without a limit between two careful players
  can go on for tens of thousands of actions;
- training against the random bot too: those games are won early and teach buying and
  building, where against greedy alone the first tens of thousands of steps win nothing;
- ``reward="worth"``: the change of the learner's net worth at every step, on top of
  the +1/-1 at the end, a signal long before the first win;
- resigning is out of the learner's mask (it never helps, and a random learner would
  resign within its first few decisions), as the random bot never resigns either; so
  are proposals of trades (rejected, they change nothing; answering an offer stays);
- imitation first: PPO from a random policy learns to beat the random bot but, in
  400,000 steps, not greedy (about 11 % of the games where greedy itself wins 52 %).

Needs the ``rl`` and ``train`` extras (``pip install -e '.[rl,train]'``; docs/rl.md says
why torch is pinned). Run::

    python examples/train_board.py --timesteps 100000 --seed 1 --out board_ppo.zip
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.torch_layers import FlattenExtractor
from stable_baselines3.common.vec_env import DummyVecEnv

import monopoly.rl  # noqa: F401  (registers monopoly/Board-v0)
from monopoly.board import actions as A
from monopoly.board.action_ids import BID_BASE, BUY_DEED_BASE, RAISE_BASE
from monopoly.core import make
from monopoly.core.errors import MalformedActionError
from monopoly.core.seeds import bot_seed
from monopoly.lab.stats import wilson_interval
from monopoly.rl.players import make_player

RESIGN_ID = A.ACTION_IDS[A.RESIGN]
# proposing a deal of one deed (or the jail card): ids BUY_DEED_BASE onwards, out of the
# learner's mask (answering a proposal stays: accept, reject)
PROPOSALS = slice(BUY_DEED_BASE, None)
EVAL_SEED_BASE = 1_000_000  # evaluation games never share a seed with training games
DEMO_SEED_BASE = 2_000_000  # nor do the teacher's games (imitation)

#: ``policy(observation, legal ids as booleans) -> id``
Policy = Callable[[np.ndarray, np.ndarray], int]


@dataclass(frozen=True)
class Setting:
    """The game the learner plays: the same for training and every evaluation."""

    players: int = 2
    opponent: str = "greedy"  # during training; "random,greedy": the copies take turns
    reward: str = "worth"
    turn_limit: int = 200
    max_steps: int = 20_000  # actions of all seats before truncation (a policy's loop)

    def env_kwargs(self, opponent: str | None = None) -> dict[str, Any]:
        return {"players": self.players,
                "opponents": [opponent or self.opponent.split(",")[0]] * (self.players - 1),
                "reward": self.reward, "max_steps": self.max_steps,
                **self.rules()}

    def rules(self) -> dict[str, Any]:
        return {"end": "turn_limit", "turn_limit": self.turn_limit}


def _undo_pairs() -> dict[int, int]:
    """Each id of mortgaging, lifting a mortgage, building and selling a building, and
    the id that undoes it on the same square."""
    pairs: dict[int, int] = {}
    for square in range(40):
        for do, undo in ((A.Mortgage(square), A.Unmortgage(square)),
                         (A.Build(square), A.SellBuilding(square))):
            if do in A.ACTION_IDS and undo in A.ACTION_IDS:
                pairs[A.ACTION_IDS[do]] = A.ACTION_IDS[undo]
                pairs[A.ACTION_IDS[undo]] = A.ACTION_IDS[do]
    return pairs


UNDO = _undo_pairs()


class NoUndo(gymnasium.Wrapper[Any, Any, Any, Any]):
    """Keeps, until the turn changes, the moves that would undo one the learner made in
    the turn: lifting the mortgage it has just taken on a deed, selling the house it has
    just built, and the other way round. Each such pair costs money (10 % interest, half
    a house's price) and changes nothing else; a policy offered them learns to loop
    through them, turn after turn, and no game is played (the first training runs spent
    more than four fifths of their steps there)."""

    def __init__(self, env: gymnasium.Env[Any, Any]) -> None:
        super().__init__(env)
        self.blocked: set[int] = set()
        self._turn = -1

    def _current(self) -> set[int]:
        turn = int(self.env.unwrapped.aec.core.turn_number)  # type: ignore[attr-defined]
        if turn != self._turn:
            self.blocked, self._turn = set(), turn
        return self.blocked

    def reset(self, **kwargs: Any) -> Any:
        self.blocked, self._turn = set(), -1
        return self.env.reset(**kwargs)

    def step(self, action: Any) -> Any:
        undo = UNDO.get(int(action))
        if undo is not None:
            self._current().add(undo)
        return self.env.step(action)


def legal_ids(env: gymnasium.Env[Any, Any]) -> np.ndarray:
    """The learner's legal ids as booleans: resigning, trade proposals and the undoing
    of a move made in the same turn (:class:`NoUndo`, when `env` has it) left out."""
    mask: np.ndarray = env.unwrapped.action_masks()  # type: ignore[attr-defined]
    mask = mask.copy()
    mask[PROPOSALS] = False
    layer: Any = env
    while layer is not None:
        if isinstance(layer, NoUndo):
            blocked = list(layer._current())
            if blocked:
                mask[blocked] = False
            break
        layer = getattr(layer, "env", None)
    if mask.sum() > 1:
        mask[RESIGN_ID] = False
    return mask


def make_env(setting: Setting, opponent: str | None = None) -> gymnasium.Env[Any, Any]:
    """``monopoly/Board-v0`` with the setting, the learner's masks for MaskablePPO
    (:func:`legal_ids`), and a Monitor (episode rewards and lengths)."""
    env = gymnasium.make("monopoly/Board-v0", **setting.env_kwargs(opponent))
    return Monitor(ActionMasker(NoUndo(env), legal_ids))


# ---------------------------------------------------------------------- evaluation
@dataclass
class Tally:
    """Games of the learner (seat 0) against one opponent."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0  # no winner: equal net worth at the limit, or truncated

    def add(self, winner: int | None) -> None:
        """One more game, won by seat `winner` (None: no winner)."""
        self.games += 1
        if winner is None:
            self.draws += 1
        elif winner == 0:
            self.wins += 1
        else:
            self.losses += 1

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def row(self) -> dict[str, Any]:
        low, high = self.ci95()
        return {**asdict(self), "win_rate": round(self.win_rate, 4),
                "ci95": [round(low, 4), round(high, 4)]}


def random_learner(seed: int) -> Policy:
    """Uniform over the legal ids (seeded)."""
    rng = np.random.default_rng(seed)

    def policy(obs: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return policy


#: the policy network as numpy arrays: (weights, bias) of a linear layer, or an activation
Layers = list[tuple[np.ndarray, np.ndarray] | Callable[[np.ndarray], np.ndarray]]


def frozen(model: MaskablePPO) -> Layers:
    """A copy of the model's policy network (its features to the action logits) as numpy
    arrays, which training no longer changes."""
    net: Any = model.policy
    if not isinstance(net.features_extractor, FlattenExtractor):
        raise ValueError("only the MlpPolicy's flat features are supported")
    layers: Layers = []
    for module in [*net.mlp_extractor.policy_net, net.action_net]:
        if isinstance(module, torch.nn.Linear):
            layers.append((module.weight.detach().numpy().T.copy(),
                           module.bias.detach().numpy().copy()))
        elif isinstance(module, torch.nn.Tanh):
            layers.append(np.tanh)
        elif isinstance(module, torch.nn.ReLU):
            layers.append(lambda x: np.maximum(x, 0.0))
        else:
            raise ValueError(f"unsupported layer in the policy network: {module!r}")
    return layers


def model_policy(model: MaskablePPO | Layers, deterministic: bool = False,
                 seed: int = 0) -> Policy:
    """The trained policy, masked: sampled from its distribution (a seeded generator), or
    its most likely id. The policy network is copied to numpy arrays (:func:`frozen`;
    `model` may be such a copy already): one decision costs microseconds, not the
    millisecond of ``model.predict`` (the same ids: checked in tests/test_rl_train.py)."""
    layers = model if isinstance(model, list) else frozen(model)
    rng = np.random.default_rng(seed)

    def policy(obs: np.ndarray, mask: np.ndarray) -> int:
        x = np.asarray(obs, dtype=np.float32)
        for layer in layers:
            x = layer(x) if callable(layer) else x @ layer[0] + layer[1]
        legal = np.flatnonzero(mask)
        logits = x[legal].astype(np.float64)
        if deterministic:
            return int(legal[np.argmax(logits)])
        p = np.exp(logits - logits.max())
        return int(legal[rng.choice(len(legal), p=p / p.sum())])

    return policy


def play(policy: Policy, setting: Setting, opponent: str, games: int,
         seed: int = 0, env: gymnasium.Env[Any, Any] | None = None) -> Tally:
    """`games` games of `policy` in seat 0 against `opponent` (in `env` if given, else a
    new ``monopoly/Board-v0``); game ``g`` has the seed ``EVAL_SEED_BASE + seed + g``, so
    two policies meet the same dice."""
    if env is None:
        env = NoUndo(gymnasium.make("monopoly/Board-v0", **setting.env_kwargs(opponent)))
    tally = Tally()
    for g in range(games):
        obs, _ = env.reset(seed=EVAL_SEED_BASE + seed + g)
        while True:
            obs, _, terminated, truncated, _ = env.step(policy(obs, legal_ids(env)))
            if terminated or truncated:
                break
        outcome: Any = env.unwrapped.aec.core.outcome  # type: ignore[attr-defined]
        tally.add(None if outcome is None or truncated else outcome.winner)
    env.close()
    return tally


def bots_share(setting: Setting, bot: str, games: int, seed: int = 0) -> Tally:
    """Seat 0's record when `bot` sits in every seat (the fair share of a learner as
    good as the bot), on the evaluation's seeds and rules."""
    tally = Tally()
    for g in range(games):
        game_seed = EVAL_SEED_BASE + seed + g
        core: Any = make("board", seats=[f"seat {i + 1}" for i in range(setting.players)],
                         seed=game_seed, **setting.rules())
        bots = [make_player("board", bot, bot_seed(game_seed, s))
                for s in range(setting.players)]
        steps = 0
        while not core.is_over and steps < setting.max_steps:
            seat = core.decision().seat
            core.apply(seat, bots[seat](core, seat))
            steps += 1
        tally.add(core.outcome.winner if core.is_over else None)
    return tally


# ---------------------------------------------------------------------- imitation
@dataclass
class Demonstrations:
    """Greedy's decisions in the learner's seat: the observation, the learner's mask
    and the id greedy chose, one row per decision."""

    observations: np.ndarray
    masks: np.ndarray
    ids: np.ndarray
    unnamed: int  # greedy's decisions with no id in the learner's mask (not kept)


def teacher_id(core: Any, seat: int, action: Any, mask: np.ndarray) -> int | None:
    """The learner's id for the teacher's `action`: its own id when the mask holds it;
    for a bid of an amount off the ladder, the legal rung nearest to it; None when no
    id in the mask names it (a move :class:`NoUndo` keeps from the learner)."""
    try:
        found = int(core.action_id(action, seat))
    except MalformedActionError:
        found = -1
    if found >= 0 and mask[found]:
        return found
    if isinstance(action, A.Bid):
        rungs = [(abs(core.action_from_id(i, seat).amount - action.amount), i)
                 for i in range(BID_BASE, RAISE_BASE) if mask[i]]
        return min(rungs)[1] if rungs else None
    return None


def demonstrations(setting: Setting, games: int, seed: int,
                   teacher: str = "greedy") -> Demonstrations:
    """`games` games of `teacher` in the learner's seat against greedy, every one of its
    decisions seen as the learner sees it (the same observation and mask); the game
    seeds are apart from training's and evaluation's."""
    env = NoUndo(gymnasium.make("monopoly/Board-v0", **setting.env_kwargs("greedy")))
    rows: tuple[list[np.ndarray], list[np.ndarray], list[int]] = ([], [], [])
    unnamed = 0
    for g in range(games):
        game_seed = DEMO_SEED_BASE + seed + g
        obs, _ = env.reset(seed=game_seed)
        bot = make_player("board", teacher, bot_seed(game_seed, 0))
        while True:
            mask = legal_ids(env)
            core: Any = env.unwrapped.aec.core
            chosen = teacher_id(core, 0, bot(core, 0), mask)
            if chosen is None:
                unnamed += 1
                chosen = int(np.flatnonzero(mask)[0])
            else:
                rows[0].append(obs)
                rows[1].append(mask)
                rows[2].append(chosen)
            obs, _, terminated, truncated, _ = env.step(chosen)
            if terminated or truncated:
                break
    env.close()
    return Demonstrations(np.array(rows[0], dtype=np.float32), np.array(rows[1], dtype=bool),
                          np.array(rows[2], dtype=np.int64), unnamed)


def imitate(model: MaskablePPO, demos: Demonstrations, epochs: int, seed: int,
            batch: int = 512, learning_rate: float = 1e-3) -> list[float]:
    """Behaviour cloning: the policy's masked log-likelihood of the teacher's ids, raised
    by Adam over `epochs` passes; the mean negative log-likelihood of each pass."""
    net: Any = model.policy
    optimiser = torch.optim.Adam(net.parameters(), lr=learning_rate)
    rng = np.random.default_rng(seed)
    n = len(demos.ids)
    losses: list[float] = []
    for _ in range(epochs):
        total = 0.0
        order = rng.permutation(n)
        for start in range(0, n, batch):
            rows = order[start:start + batch]
            _, log_p, _ = net.evaluate_actions(
                torch.as_tensor(demos.observations[rows]), torch.as_tensor(demos.ids[rows]),
                action_masks=demos.masks[rows])
            loss = -log_p.mean()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += float(loss.detach()) * len(rows)
        losses.append(total / max(1, n))
    return losses


# ---------------------------------------------------------------------- training
class CurveCallback(BaseCallback):
    """Every `every` steps, the policy (sampled) against each opponent on `games` seeded
    games; the time spent here is kept apart from the training's."""

    def __init__(self, setting: Setting, every: int, games: int,
                 opponents: Sequence[str], seed: int) -> None:
        super().__init__()
        self.setting = setting
        self.every = every
        self.games = games
        self.opponents = list(opponents)
        self.seed = seed
        self.rows: list[dict[str, Any]] = []
        self.eval_seconds = 0.0
        self.eval_cpu = 0.0
        self._next = 0

    def measure(self) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        row: dict[str, Any] = {"timesteps": self.num_timesteps}
        for name in self.opponents:
            policy = model_policy(self.model, seed=self.seed)  # type: ignore[arg-type]
            row[name] = play(policy, self.setting, name, self.games, self.seed).win_rate
        self.rows.append(row)
        self.eval_seconds += time.perf_counter() - wall
        self.eval_cpu += time.process_time() - cpu
        print(json.dumps(row), flush=True)

    def _on_training_start(self) -> None:
        self.measure()
        self._next = self.every

    def _on_step(self) -> bool:
        if self.num_timesteps >= self._next:
            self.measure()
            self._next += self.every
        return True


@dataclass
class Run:
    """A training run: the model, its curve, its times, and when it first imitated
    greedy, what that gave (the policy before PPO, frozen, and the cloning's figures)."""

    model: MaskablePPO
    curve: CurveCallback
    times: dict[str, float]
    imitated: Layers | None = None
    imitation: dict[str, Any] | None = None


def train(setting: Setting, timesteps: int, seed: int, envs: int = 8,
          eval_every: int = 0, curve_games: int = 40, n_steps: int = 256,
          imitation_games: int = 0, imitation_epochs: int = 8) -> Run:
    """MaskablePPO on `envs` copies of the board, stepped in turn in one process and one
    thread (several copies only batch the policy's forward passes); first, with
    `imitation_games`, behaviour cloning of greedy's decisions in that many games."""
    torch.set_num_threads(1)
    names = setting.opponent.split(",")  # the copies take the opponents in turn
    vec = DummyVecEnv([partial(make_env, setting, names[i % len(names)])
                       for i in range(envs)])
    vec.seed(seed)
    model = MaskablePPO(
        "MlpPolicy", vec, learning_rate=3e-4, n_steps=n_steps,
        batch_size=min(256, n_steps * envs), n_epochs=5, gamma=0.995, gae_lambda=0.95,
        ent_coef=0.01, policy_kwargs={"net_arch": [128, 128]}, seed=seed,
        device="cpu", verbose=0,
    )
    imitated, imitation = None, None
    if imitation_games:
        cpu = time.process_time()
        demos = demonstrations(setting, imitation_games, seed)
        losses = imitate(model, demos, imitation_epochs, seed)
        imitated = frozen(model)  # as it is before PPO changes it
        imitation = {"games": imitation_games, "decisions": len(demos.ids),
                     "unnamed": demos.unnamed, "epochs": imitation_epochs,
                     "nll": [round(x, 4) for x in losses],
                     "cpu_s": round(time.process_time() - cpu, 1)}
        print(json.dumps({"imitation": imitation}), flush=True)
    every = eval_every or max(1, timesteps // 10)
    curve = CurveCallback(setting, every, curve_games, ["random", "greedy"], seed)
    wall, cpu = time.perf_counter(), time.process_time()
    model.learn(total_timesteps=timesteps, callback=curve)
    if curve.rows[-1]["timesteps"] < timesteps:  # the last point: the trained policy
        curve.measure()
    times = {
        "train_wall_s": round(time.perf_counter() - wall - curve.eval_seconds, 1),
        "train_cpu_s": round(time.process_time() - cpu - curve.eval_cpu, 1),
        "curve_wall_s": round(curve.eval_seconds, 1),
    }
    vec.close()
    return Run(model, curve, times, imitated, imitation)


# ---------------------------------------------------------------------- the plot
def plot(rows: Sequence[dict[str, Any]], baselines: dict[str, float], setting: Setting,
         curve_games: int, path: Path, imitation_games: int = 0) -> None:
    """Win rate over training steps against each opponent, with the reference lines."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [r["timesteps"] / 1000 for r in rows]
    fig, ax = plt.subplots(figsize=(8, 5.6), dpi=110)
    styles = {"random": ("tab:blue", "the random bot"), "greedy": ("tab:red", "greedy")}
    for name, (colour, label) in styles.items():
        ax.plot(steps, [r[name] for r in rows], marker="o", color=colour, lw=2,
                label=f"PPO vs {label}")
    refs = [("random_vs_random", "tab:blue", "random learner vs the random bot"),
            ("random_vs_greedy", "tab:red", "random learner vs greedy"),
            ("greedy_vs_greedy", "tab:gray", "greedy vs greedy (fair share)")]
    for key, colour, label in refs:
        if key in baselines:
            ax.axhline(baselines[key], color=colour, ls="--", lw=1.2, alpha=0.8,
                       label=f"{label}: {baselines[key]:.0%}")
    ax.set_xlabel("PPO's training steps (thousands of learner decisions"
                  + ("; 0: the policy as imitation left it)" if imitation_games else ")"))
    ax.set_ylabel(f"win rate of seat 0 ({curve_games} games per point)")
    ax.set_ylim(-0.02, 1.02)
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    start = (f"greedy imitated ({imitation_games} games), then " if imitation_games
             else "")
    ax.set_title(f"{start}MaskablePPO on monopoly/Board-v0\n{setting.players} players, "
                 f"trained vs {setting.opponent}, reward '{setting.reward}', "
                 f"turn limit {setting.turn_limit}", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2,
              frameon=False)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


# ---------------------------------------------------------------------- the command
def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    p.add_argument("--timesteps", type=positive, default=100_000,
                   help="learner decisions to train on (default 100000)")
    p.add_argument("--players", type=int, choices=range(2, 9), default=2, metavar="2-8")
    p.add_argument("--opponent", default="random,greedy",
                   help="the bot in every other seat during training; several, comma "
                        "separated, share the copies of the board (default random,greedy)")
    p.add_argument("--reward", choices=("win", "worth"), default="worth")
    p.add_argument("--turn-limit", type=positive, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--envs", type=positive, default=8,
                   help="copies of the board, stepped in one process (default 8)")
    p.add_argument("--out", type=Path, default=Path("board_ppo.zip"),
                   help="where the trained model is saved")
    p.add_argument("--eval-games", type=positive, default=500,
                   help="games per line of the final table (default 500)")
    p.add_argument("--eval-every", type=int, default=0,
                   help="steps between the curve's points (default a tenth of --timesteps)")
    p.add_argument("--curve-games", type=positive, default=40)
    p.add_argument("--imitate", type=int, default=60, metavar="GAMES",
                   help="before PPO, clone greedy's decisions in this many games "
                        "(behaviour cloning; 0: PPO from a random policy; default 60)")
    p.add_argument("--imitate-epochs", type=positive, default=8)
    p.add_argument("--deterministic", action="store_true",
                   help="evaluate the policy's most likely id (default: sampled)")
    p.add_argument("--plot", type=Path, default=Path("docs/rl_training.png"))
    p.add_argument("--json", type=Path, help="also write the results here as JSON")
    args = p.parse_args(argv)
    if args.imitate < 0:
        p.error(f"--imitate: a number of games, 0 or more, got {args.imitate}")
    from monopoly.bots import BOT_NAMES
    from monopoly.bots.board.base import LEVELS

    for name in args.opponent.split(","):
        if name not in (*BOT_NAMES, *LEVELS):
            p.error(f"unknown bot {name!r}; known: {', '.join((*BOT_NAMES, *LEVELS))}")
    return args


def evaluate(model: MaskablePPO, setting: Setting, games: int, seed: int,
             deterministic: bool = False,
             imitated: Layers | None = None) -> dict[str, Tally]:
    """The final table: the trained policy and a random learner against each bot, the
    policy as imitation left it (before PPO) when there was one, and greedy in seat 0
    against greedy (the fair share)."""
    def policy(net: MaskablePPO | Layers) -> Policy:
        return model_policy(net, deterministic, seed)

    table = {
        "ppo_vs_random": play(policy(model), setting, "random", games, seed),
        "ppo_vs_greedy": play(policy(model), setting, "greedy", games, seed),
    }
    if imitated is not None:
        table["imitation_vs_random"] = play(policy(imitated), setting, "random", games, seed)
        table["imitation_vs_greedy"] = play(policy(imitated), setting, "greedy", games, seed)
    return {
        **table,
        "random_vs_random": play(random_learner(seed), setting, "random", games, seed),
        "random_vs_greedy": play(random_learner(seed), setting, "greedy", games, seed),
        "greedy_vs_greedy": bots_share(setting, "greedy", games, seed),
    }


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    setting = Setting(players=args.players, opponent=args.opponent, reward=args.reward,
                      turn_limit=args.turn_limit)
    torch.manual_seed(args.seed)
    run = train(setting, args.timesteps, args.seed, args.envs, args.eval_every,
                args.curve_games, imitation_games=args.imitate,
                imitation_epochs=args.imitate_epochs)
    model, curve, times = run.model, run.curve, run.times
    args.out.parent.mkdir(parents=True, exist_ok=True)
    model.save(args.out)
    print(json.dumps(times), flush=True)
    wall, cpu = time.perf_counter(), time.process_time()
    table = evaluate(model, setting, args.eval_games, args.seed, args.deterministic,
                     run.imitated)
    eval_time = {"eval_wall_s": round(time.perf_counter() - wall, 1),
                 "eval_cpu_s": round(time.process_time() - cpu, 1)}
    print(f"{'seat 0 vs opponent':<22} {'games':>5} {'wins':>5} {'draws':>5} "
          f"{'win rate':>8}  95 % interval")
    for key, tally in table.items():
        low, high = tally.ci95()
        print(f"{key:<22} {tally.games:>5} {tally.wins:>5} {tally.draws:>5} "
              f"{tally.win_rate:>8.1%}  [{low:.1%}, {high:.1%}]")
    print(json.dumps(eval_time))
    baselines = {k: table[k].win_rate
                 for k in ("random_vs_random", "random_vs_greedy", "greedy_vs_greedy")}
    plot(curve.rows, baselines, setting, args.curve_games, args.plot, args.imitate)
    if args.json:
        args.json.write_text(json.dumps({
            "setting": asdict(setting), "seed": args.seed, "timesteps": args.timesteps,
            "deterministic": args.deterministic, "imitation": run.imitation,
            **times, **eval_time,
            "table": {k: t.row() for k, t in table.items()}, "curve": curve.rows,
        }, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
