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
def trained():
    return tb.train(SETTING, 256, seed=3, envs=2, eval_every=128, curve_games=2,
                    n_steps=64)


def test_training_runs_and_draws_its_curve(trained, tmp_path: Path) -> None:
    model, curve, times = trained.model, trained.curve, trained.times
    assert trained.imitated is None and trained.imitation is None
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
    model = trained.model
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
    model = trained.model
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
                    "--imitate", "2", "--imitate-epochs", "1",
                    "--out", str(out), "--plot", str(plot), "--json", str(results)]) == 0
    assert out.exists() and plot.exists()
    data = json.loads(results.read_text())
    assert data["seed"] == 4 and data["setting"]["turn_limit"] == 30
    assert data["imitation"]["games"] == 2 and data["imitation"]["decisions"] > 0
    assert {"imitation_vs_random", "imitation_vs_greedy"} <= set(data["table"])
    assert all(row["games"] == 2 for row in data["table"].values())
    loaded = tb.MaskablePPO.load(out, device="cpu")
    assert loaded.observation_space.shape == (OBSERVATION,)


def test_bad_options_are_refused() -> None:
    with pytest.raises(SystemExit):
        tb.parse(["--opponent", "nobody"])
    with pytest.raises(SystemExit):
        tb.parse(["--timesteps", "0"])
    with pytest.raises(SystemExit):
        tb.parse(["--imitate", "-1"])


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


def test_the_teacher_ids_are_greedys_own_decisions() -> None:
    """Each of greedy's decisions in the learner's seat becomes the id that names it,
    always in the mask; a bid off the ladder becomes the legal rung nearest to it."""
    import gymnasium

    from monopoly.board import actions as A
    from monopoly.rl.players import make_player

    env = tb.NoUndo(gymnasium.make("monopoly/Board-v0", **SETTING.env_kwargs("greedy")))
    greedy = make_player("board", "greedy", 7)
    named = off_ladder = unnamed = 0
    for game in range(6):
        env.reset(seed=40 + game)
        while True:
            core, mask = env.unwrapped.aec.core, tb.legal_ids(env)
            action = greedy(core, 0)
            chosen = tb.teacher_id(core, 0, action, mask)
            if chosen is None:
                unnamed += 1
                chosen = int(np.flatnonzero(mask)[0])
            else:
                assert mask[chosen] and core.action_from_id(chosen, 0) == action
                named += 1
            if isinstance(action, A.Bid):
                rungs = {core.action_from_id(i, 0).amount: i
                         for i in range(tb.BID_BASE, tb.RAISE_BASE) if mask[i]}
                for amount in range(min(rungs), max(rungs) + 1):
                    near = min(abs(amount - r) for r in rungs)
                    got = core.action_from_id(tb.teacher_id(core, 0, A.Bid(amount), mask), 0)
                    assert abs(got.amount - amount) == near
                    off_ladder += amount not in rungs
            _, _, terminated, truncated, _ = env.step(chosen)
            if terminated or truncated:
                break
    assert named > 200 and off_ladder > 0
    assert unnamed <= named // 50  # a move NoUndo keeps out, now and then


def test_imitation_learns_the_teachers_choices() -> None:
    demos = tb.demonstrations(SETTING, 4, seed=2)
    assert len(demos.ids) == len(demos.masks) == len(demos.observations) > 200
    assert demos.masks[np.arange(len(demos.ids)), demos.ids].all()
    model = tb.train(SETTING, 64, seed=5, envs=1, curve_games=1, n_steps=64).model

    def agreement() -> float:
        policy = tb.model_policy(model, deterministic=True)
        picks = [policy(o, m) for o, m in zip(demos.observations, demos.masks, strict=True)]
        return float(np.mean(np.array(picks) == demos.ids))

    before = agreement()
    losses = tb.imitate(model, demos, epochs=20, seed=0)
    assert losses[-1] < losses[0] / 3
    assert agreement() > max(0.9, before + 0.2)


def test_training_after_imitation_starts_from_the_imitated_policy() -> None:
    run = tb.train(SETTING, 128, seed=3, envs=2, eval_every=128, curve_games=3,
                   n_steps=64, imitation_games=2, imitation_epochs=2)
    assert run.imitated is not None and run.imitation is not None
    assert run.imitation["games"] == 2 and len(run.imitation["nll"]) == 2
    assert run.imitation["decisions"] > 0
    # the curve's first point is the imitated policy, frozen apart from PPO's changes
    frozen = tb.play(tb.model_policy(run.imitated, seed=3), SETTING, "greedy", 3, 3)
    assert run.curve.rows[0]["greedy"] == frozen.win_rate
    obs = np.random.default_rng(0).random(OBSERVATION).astype(np.float32)
    mask = np.ones(NUM_ACTIONS, dtype=bool)
    first = tb.model_policy(run.imitated, deterministic=True)
    assert first(obs, mask) == tb.model_policy(run.imitated, deterministic=True)(obs, mask)
