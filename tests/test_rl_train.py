"""The training example (examples/train_board.py): it trains, evaluates and counts games
right. Needs the ``train`` extra (torch, sb3-contrib); skipped without it."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("monopoly.rl")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "train_board.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_board", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


tb = _load()
from monopoly.board.action_ids import NUM_ACTIONS  # noqa: E402
from monopoly.rl.encoding import BoardEncoder  # noqa: E402

OBSERVATION = BoardEncoder().size
SETTING = tb.Setting(turn_limit=40)  # short games: the test is about the plumbing


@pytest.fixture(scope="module")
def trained() -> tuple[object, object, dict[str, float]]:
    return tb.train(SETTING, 256, seed=3, envs=2, eval_every=128, curve_games=2,
                    n_steps=64)


def test_training_runs_and_draws_its_curve(trained, tmp_path: Path) -> None:
    model, curve, times = trained
    assert model.num_timesteps >= 256
    assert curve.rows[0]["timesteps"] == 0  # the untrained policy first
    assert [r["timesteps"] for r in curve.rows] == [0, 128, 256]
    for row in curve.rows:
        assert set(row) == {"timesteps", "random", "greedy"}
        assert row["random"] in (0.0, 0.5, 1.0) and row["greedy"] in (0.0, 0.5, 1.0)
    assert times["train_cpu_s"] > 0
    png = tmp_path / "curve.png"
    tb.plot(curve.rows, {"random_vs_greedy": 0.0, "greedy_vs_greedy": 0.5}, SETTING, 2, png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_evaluation_counts_every_game(trained) -> None:
    model, _, _ = trained
    table = tb.evaluate(model, SETTING, 5, seed=0)
    assert set(table) == {"ppo_vs_random", "ppo_vs_greedy", "random_vs_random",
                          "random_vs_greedy", "greedy_vs_greedy"}
    for tally in table.values():
        assert tally.games == 5
        assert tally.wins + tally.losses + tally.draws == 5
        low, high = tally.ci95()
        assert low <= tally.win_rate <= high
    # seeded: the same games again give the same record
    again = tb.evaluate(model, SETTING, 5, seed=0)
    assert {k: t.row() for k, t in again.items()} == {k: t.row() for k, t in table.items()}


def test_play_counts_what_the_game_says() -> None:
    # greedy as the learner, reseeded each game as bots_share seeds seat 0's bot, plays
    # the very games bots_share plays on the core directly: the two counts must agree
    import gymnasium

    from monopoly.core.seeds import bot_seed
    from monopoly.rl.players import make_player

    env = gymnasium.make("monopoly/Board-v0", **SETTING.env_kwargs("greedy"))
    games = {"core": None, "g": -1, "bot": None}

    def greedy(obs: np.ndarray, mask: np.ndarray) -> int:
        core = env.unwrapped.aec.core
        if core is not games["core"]:
            games.update(core=core, g=games["g"] + 1)
            games["bot"] = make_player("board", "greedy",
                                       bot_seed(tb.EVAL_SEED_BASE + 2 + games["g"], 0))
        return int(core.action_id(games["bot"](core, 0), 0))

    tally = tb.play(greedy, SETTING, "greedy", 6, seed=2, env=env)
    direct = tb.bots_share(SETTING, "greedy", 6, seed=2)
    assert tally.games == direct.games == 6
    assert tally.row() == direct.row()
    assert 0 < tally.wins < 6  # both sides of the count are exercised


def test_numpy_policy_picks_what_the_model_picks(trained) -> None:
    model, _, _ = trained
    policy = tb.model_policy(model, deterministic=True)
    rng = np.random.default_rng(0)
    for _ in range(50):
        obs = rng.random(OBSERVATION).astype(np.float32)
        mask = rng.random(NUM_ACTIONS) < 0.05
        mask[0] = True
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        assert policy(obs, mask) == int(action)
    sampled = tb.model_policy(model, seed=1)
    assert all(mask[sampled(obs, mask)] for _ in range(50))


def test_the_learners_mask_leaves_out_resigning_and_proposals() -> None:
    import gymnasium

    env = gymnasium.make("monopoly/Board-v0", **SETTING.env_kwargs())
    env.reset(seed=5)
    seen = np.zeros(NUM_ACTIONS, dtype=bool)
    for _ in range(300):
        mask = tb.legal_ids(env)
        full = env.unwrapped.action_masks()
        assert not mask[tb.RESIGN_ID] and not mask[tb.PROPOSALS].any()
        assert (mask <= full).all() and mask.any()
        seen |= full
        _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(mask)[0]))
        if terminated or truncated:
            env.reset()
    assert seen[tb.RESIGN_ID]  # it was legal: the mask did take it out


def test_the_command_saves_the_model_and_the_results(tmp_path: Path) -> None:
    out, plot, results = tmp_path / "m.zip", tmp_path / "c.png", tmp_path / "r.json"
    assert tb.main(["--timesteps", "128", "--envs", "2", "--eval-games", "2",
                    "--curve-games", "1", "--turn-limit", "30", "--seed", "4",
                    "--out", str(out), "--plot", str(plot), "--json", str(results)]) == 0
    assert out.exists() and plot.exists()
    data = json.loads(results.read_text())
    assert data["seed"] == 4 and data["setting"]["turn_limit"] == 30
    assert all(row["games"] == 2 for row in data["table"].values())
    loaded = tb.MaskablePPO.load(out, device="cpu")
    assert loaded.observation_space.shape == (OBSERVATION,)


def test_bad_options_are_refused() -> None:
    with pytest.raises(SystemExit):
        tb.parse(["--opponent", "nobody"])
    with pytest.raises(SystemExit):
        tb.parse(["--timesteps", "0"])


def test_the_learners_mask_leaves_out_undoing_a_move_of_the_same_turn() -> None:
    """Mortgaging a deed keeps lifting that mortgage out of the mask for the rest of the
    turn (and building keeps selling that house out), never longer."""
    import gymnasium

    env = tb.NoUndo(gymnasium.make("monopoly/Board-v0", **SETTING.env_kwargs()))
    env.reset(seed=5)
    undone = 0
    for _ in range(3000):
        core = env.unwrapped.aec.core
        mask = tb.legal_ids(env)
        choice = next((int(i) for i in np.flatnonzero(mask) if int(i) in tb.UNDO), None)
        if choice is None:
            choice = int(np.flatnonzero(mask)[0])
        turn = core.turn_number
        _, _, terminated, truncated, _ = env.step(choice)
        if terminated or truncated:
            env.reset()
            continue
        if choice in tb.UNDO and env.unwrapped.aec.core.turn_number == turn \
                and env.unwrapped.action_masks()[tb.UNDO[choice]]:
            assert not tb.legal_ids(env)[tb.UNDO[choice]]  # legal, but out of the mask
            undone += 1
    assert undone > 0
