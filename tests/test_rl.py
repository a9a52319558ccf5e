"""The reinforcement-learning environments (monopoly.rl, docs/rl.md): PettingZoo's and
Gymnasium's own checks, the mask against the core's legality, refusal of masked-out ids,
and seeded episodes that replay as records."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from monopoly.core import replay
from monopoly.rl import board_env, deal_env

ENVS = {"board": board_env, "deal": deal_env}


@pytest.mark.parametrize("game", ["board", "deal"])
def test_pettingzoo_api_and_seed_tests_pass(game: str) -> None:
    api_test(ENVS[game](), num_cycles=400)
    seed_test(lambda: ENVS[game](), num_cycles=200)


@pytest.mark.parametrize("env_id", ["monopoly/Board-v0", "monopoly/Deal-v0"])
def test_gymnasium_env_checker_passes(env_id: str) -> None:
    check_env(gymnasium.make(env_id).unwrapped)


@pytest.mark.parametrize("game", ["board", "deal"])
def test_mask_ones_are_accepted_and_zeros_refused_without_change(game: str) -> None:
    env = ENVS[game](players=3)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    checked = 0
    for n in range(200):
        if env.terminations[env.agent_selection] or env.truncations[env.agent_selection]:
            env.reset(seed=5 + n)
        agent = env.agent_selection
        seat = env.agent_name_mapping[agent]
        mask = env.observe(agent)["action_mask"]
        legal = np.flatnonzero(mask)
        assert legal.size, "the seat to act has a legal id"
        core = env.core
        before = core.state_hash()
        for i in rng.choice(np.flatnonzero(mask == 0), size=5, replace=False):
            assert not core.is_legal(seat, core.action_from_id(int(i), seat))
            env.step(int(i))
            assert env.infos[agent]["illegal"], "a masked-out id is refused with a reason"
            assert core.state_hash() == before and env.agent_selection == agent
            checked += 1
        for i in legal[:20]:
            assert core.is_legal(seat, core.action_from_id(int(i), seat))
        env.step(int(rng.choice(legal)))
        assert "illegal" not in env.infos[agent]
    assert checked >= 500


def test_raise_mode_raises_the_cores_error() -> None:
    from monopoly.core.errors import IllegalActionError

    env = board_env(players=2, illegal="raise")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(mask == 0)[0]))


@pytest.mark.parametrize("env_id,game", [("monopoly/Board-v0", "board"),
                                         ("monopoly/Deal-v0", "deal")])
def test_a_seeded_episode_replays_as_a_record(env_id: str, game: str) -> None:
    def episode() -> tuple[list[str], str]:
        env = gymnasium.make(env_id, players=3)
        _, info = env.reset(seed=11)
        rng = np.random.default_rng(3)
        for _ in range(300):
            _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            if term or trunc:
                break
        core = env.unwrapped.aec.core
        return core.record_lines(), core.state_hash()

    lines, digest = episode()
    again, digest_again = episode()
    assert lines == again and digest == digest_again
    assert replay(lines).state_hash() == digest


def test_bad_options_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="players must be 2-8"):
        board_env(players=9)
    with pytest.raises(ValueError, match="players must be 2-5"):
        deal_env(players=6)
    with pytest.raises(ValueError, match="need 2 opponents"):
        gymnasium.make("monopoly/Board-v0", players=3, opponents=["greedy"])
    with pytest.raises(ValueError, match="reward must be"):
        gymnasium.make("monopoly/Deal-v0", reward="money")


def _observe(core: object, game: str, seat: int) -> np.ndarray:
    """The environment's observation (written from the state), checked against the
    encoder's vector of the seat's view."""
    env = ENVS[game](players=3)
    env.core = core  # type: ignore[assignment]
    decision = env.core.decision()
    args = (decision.kind, decision.seat == seat, 3)
    from_state = env.encoder.observe(env.core, seat, *args)
    assert np.array_equal(from_state, env.encoder.encode(env.core.view(seat), *args))
    return from_state


@pytest.mark.parametrize(("game", "players", "rules"), [
    ("board", 2, "classic"), ("board", 4, "tournament"), ("board", 6, "house"),
    ("board", 8, "short"), ("deal", 2, "official"), ("deal", 3, "quick"),
    ("deal", 5, "simulation"),
])
def test_the_observation_from_the_state_is_the_one_from_the_view(
        game: str, players: int, rules: str) -> None:
    """Every seat's observation, written straight from the game's state (the
    environments' path), is the encoder's vector of that seat's view, bit for bit, over
    random games (their trades, auctions, debts and requests)."""
    from monopoly.core import make
    from monopoly.rl.aec import encoder_for

    rng = np.random.default_rng(5)
    compared = 0
    for seed in range(3):
        core = make(game, seats=players, seed=seed, rules=rules)
        encoder = encoder_for(core, game)
        for _ in range(150):
            decision = core.decision()
            if core.is_over or decision.seat is None:
                break
            for seat in range(players):
                args = (decision.kind, decision.seat == seat, players)
                a = encoder.observe(core, seat, *args)
                b = encoder.encode(core.view(seat), *args)
                assert a.dtype == b.dtype == np.float32
                assert a.tobytes() == b.tobytes(), (game, seed, seat, decision.kind)
                compared += 1
            ids = core.legal_action_ids(decision.seat)
            # on the board, rarely leave the game (bankrupt 7, resign 254): games go on
            keep = [i for i in ids if game == "deal" or i not in (7, 254)]
            if keep and rng.random() < 0.97:
                ids = keep
            core.apply(decision.seat, core.action_from_id(int(rng.choice(ids)), decision.seat))
    assert compared > 300


@pytest.mark.parametrize("game", ["board", "deal"])
def test_an_observation_does_not_depend_on_what_the_seat_cannot_see(game: str) -> None:
    """Shuffle what seat 0 may not see (the others' hands and the draw pile in the Deal,
    the order of the decks on the board; the generator too) and compare its observation."""
    from monopoly.core import restore

    env = ENVS[game](players=3)
    rng = np.random.default_rng(9)
    compared = 0
    for n in range(6):
        env.reset(seed=20 + n)
        for _ in range(int(rng.integers(5, 120))):
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                break
            env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))
        data = env.core.snapshot()
        if game == "deal":
            hidden = [c for h in data["hands"][1:] for c in h] + list(data["draw"])
            rng.shuffle(hidden)
            at = 0
            for s in (1, 2):
                size = len(data["hands"][s])
                data["hands"][s] = [int(c) for c in hidden[at:at + size]]
                at += size
            data["draw"] = [int(c) for c in hidden[at:]]
        else:
            data["decks"] = [[int(c) for c in rng.permutation(d)] for d in data["decks"]]
        other = restore(data)
        assert other.snapshot() != env.core.snapshot(), "the hidden part did change"
        assert np.array_equal(_observe(env.core, game, 0), _observe(other, game, 0))
        compared += 1
    assert compared == 6


def test_rl_bench_prints_steps_per_cpu_second_of_both_games() -> None:
    import json

    from typer.testing import CliRunner

    from monopoly.cli import app

    result = CliRunner().invoke(app, ["rl", "bench", "--steps", "300", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    for game in ("board", "deal"):
        assert data[game]["steps"] == 300 and data[game]["steps_per_cpu_second"] > 0
    bad = CliRunner().invoke(app, ["rl", "bench", "--players", "9"])
    assert bad.exit_code == 2 and "--players must be between 2 and 8" in bad.output
