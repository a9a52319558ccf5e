"""The parallel form of the environments (monopoly.rl.parallel, board_v0, deal_v0;
docs/rl.md "Parallel API"): PettingZoo's parallel, max-cycles and seed checks, and that
only the waiting seat's answer is applied."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, parallel_seed_test

from monopoly.core import restore
from monopoly.rl import board_v0, deal_v0

MODULES = {"board": board_v0, "deal": deal_v0}


@pytest.mark.parametrize("game", ["board", "deal"])
def test_pettingzoo_max_cycles_parallel_api_and_seed_tests_pass(game: str) -> None:
    module = MODULES[game]
    max_cycles_test(module)
    parallel_api_test(module.parallel_env(), num_cycles=300)
    parallel_seed_test(lambda: module.parallel_env(), num_cycles=100)
    api_test(module.env(), num_cycles=100)


@pytest.mark.parametrize("game", ["board", "deal"])
def test_only_the_waiting_seats_answer_is_applied(game: str) -> None:
    env = MODULES[game].parallel_env(players=3)
    obs, infos = env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(150):
        active = infos[env.agents[0]]["active_agent"]
        assert all(info["active_agent"] == active for info in infos.values())
        for agent in env.agents:
            if agent != active:
                assert not obs[agent]["action_mask"].any(), "an idle seat has no legal id"
        mask = obs[active]["action_mask"]
        legal = int(rng.choice(np.flatnonzero(mask)))
        # Every idle seat answers an id that would be legal for the waiting seat: ignored.
        actions = {a: legal for a in env.agents}
        core = env.core
        seat = env.possible_agents.index(active)
        expected = core.snapshot()
        twin = restore(expected)
        twin.apply(seat, twin.action_from_id(legal, seat))
        obs, _, terms, truncs, infos = env.step(actions)
        assert core.state_hash() == twin.state_hash()
        if any(terms.values()) or any(truncs.values()):
            break


def test_a_missing_answer_of_the_waiting_seat_is_an_error_and_refusals_count_cycles() -> None:
    env = board_v0.parallel_env(players=2, max_cycles=3)
    obs, infos = env.reset(seed=1)
    active = infos["seat_0"]["active_agent"]
    idle = next(a for a in env.agents if a != active)
    before = env.core.state_hash()
    with pytest.raises(ValueError, match=f"waits for {active}"):
        env.step({idle: 0})
    assert env.core.state_hash() == before
    bad = int(np.flatnonzero(obs[active]["action_mask"] == 0)[0])
    for _ in range(3):
        obs, _, _, truncs, infos = env.step({a: bad for a in env.agents})
        assert infos[active]["illegal"], "a masked-out id is refused with a reason"
        assert env.core.state_hash() == before
    assert all(truncs.values()) and env.agents == [], "truncated after max_cycles cycles"
    with pytest.raises(ValueError, match="reset"):
        env.step({})
