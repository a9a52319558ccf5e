"""The Deal's payments card by card in the environments (``payment="cards"``,
monopoly.rl.payments, docs/rl.md "Actions in detail"; the rules of paying:
docs/deal-rules.md § Paying)."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import monopoly.rl  # noqa: F401  (registers the environments)
from monopoly.core import replay
from monopoly.deal.actions import Pay, PlayDebt
from monopoly.deal.game import Game
from monopoly.deal.testing import arrange, card
from monopoly.rl import board_env, deal_env
from monopoly.rl.aec import MonopolyAEC

GREEN_SET = ["pacific_avenue", "north_carolina_avenue", "pennsylvania_avenue"]


def _env_at(g: Game) -> MonopolyAEC:
    """A card-by-card Deal environment playing the arranged game ``g``."""
    env = deal_env(players=len(g.hands), payment="cards")
    env.reset(seed=0)
    env.core = g
    env.agent_selection = f"seat_{g.decision().seat}"
    return env


def _debt(bank: list[str], piles: dict[str, list[str]] | None = None,
          buildings: dict[str, list[str]] | None = None) -> Game:
    """Seat 1 owes seat 0 a Debt Collector's 5M."""
    g = arrange(hands={0: ["debt_collector"]}, banks={1: bank}, piles={1: piles or {}},
                buildings={1: buildings or {}})
    g.apply(0, PlayDebt(card(g, "debt_collector"), 1))
    return g


def _ids(env: MonopolyAEC) -> list[int]:
    return [int(i) for i in env.observe(env.agent_selection)["action_mask"].nonzero()[0]]


def test_cards_are_given_one_by_one_until_the_debt_is_covered() -> None:
    """§ Paying: the payer chooses the cards; no change is given."""
    g = _debt(["money_1", "money_2", "money_3"], piles={"green": ["pacific_avenue"]})
    env = _env_at(g)
    pay = env.payments
    assert pay is not None
    first = pay.first
    m1, m2, m3 = (card(g, k) for k in ("money_1", "money_2", "money_3"))
    pacific = card(g, "pacific_avenue")
    ids = _ids(env)
    assert all(i not in ids for i in pay.pay_ids)  # no policies: the cards themselves
    assert sorted(i - first for i in ids if i >= first) == sorted([m1, m2, m3, pacific])
    env.step(first + m1)
    assert not env.infos["seat_1"] and pay.given == [m1]
    assert g.banks[0] == []  # nothing paid yet: the core still waits for seat 1
    obs = env.observe("seat_1")["observation"]
    tail = obs[-pay.obs_size:]
    assert tail[pay.size + m1] == 1.0 and tail[2 * pay.size] == pytest.approx(0.4)
    assert tail[m2] == tail[pacific] == 1.0
    # once begun, only the other cards of the table
    assert sorted(i - first for i in _ids(env)) == sorted([m2, m3, pacific])
    env.step(0)  # "end" is out of the mask now
    assert "has begun" in env.infos["seat_1"]["illegal"]
    env.step(first + m3)
    assert pay.given == [m1, m3] and g.banks[0] == []
    env.step(first + m2)  # 1 + 3 + 2 covers 5: paid with exactly these cards
    assert pay.given == [] and sorted(g.banks[0]) == sorted([m1, m2, m3])
    assert g.piles[1][6] == [pacific]
    assert g.history[-1] == (1, Pay((m1, m3, m2)))


def test_a_house_goes_only_with_its_hotel() -> None:
    """§ Paying: buildings pay with their value; the house cannot go while its hotel
    stands (the core's rule, kept by the mask)."""
    g = _debt(["money_1"], piles={"green": GREEN_SET}, buildings={"green": ["house", "hotel"]})
    env = _env_at(g)
    pay = env.payments
    assert pay is not None
    house, hotel = card(g, "house"), card(g, "hotel")
    assert pay.first + house not in _ids(env)
    env.step(pay.first + house)
    assert "hotel stands" in env.infos["seat_1"]["illegal"]
    env.step(pay.first + card(g, "money_1"))
    assert pay.first + house not in _ids(env)
    env.step(pay.first + hotel)  # 1 + 4 covers 5
    assert pay.given == [] and g.owner[hotel] == 0


def test_a_short_payer_has_one_id_that_pays_everything() -> None:
    """§ Paying: a player who cannot cover the debt pays everything on the table."""
    g = _debt(["money_1", "money_2"], piles={"brown": ["baltic_avenue"]})
    env = _env_at(g)
    pay = env.payments
    assert pay is not None
    assert _ids(env) == [pay.pay_ids[0]]
    env.step(pay.pay_ids[1])
    assert "everything pays" in env.infos["seat_1"]["illegal"] and g.worth(1) == 4
    env.step(pay.pay_ids[0])
    assert g.worth(1) == 0 and g.worth(0) == 4


def test_just_say_no_stays_until_the_first_card() -> None:
    """§ Just Say No answers a debt instead of paying it."""
    g = arrange(hands={0: ["debt_collector"], 1: ["just_say_no"]},
                banks={1: ["money_1", "money_5"]})
    g.apply(0, PlayDebt(card(g, "debt_collector"), 1))
    env = _env_at(g)
    assert env.payments is not None
    jsn = g.action_id(g.legal_actions(1)[-1])
    assert g.action_from_id(jsn, 1).text().startswith("jsn") and jsn in _ids(env)
    env.step(env.payments.first + card(g, "money_1"))
    assert jsn not in _ids(env)


def test_the_option_is_the_deals_only() -> None:
    with pytest.raises(ValueError, match="payment must be"):
        board_env(payment="cards")
    with pytest.raises(ValueError, match="payment must be"):
        deal_env(payment="some")


def test_pettingzoo_and_gymnasium_checks_pass_card_by_card() -> None:
    api_test(deal_env(payment="cards"), num_cycles=400)
    seed_test(lambda: deal_env(payment="cards"), num_cycles=200)
    env = gymnasium.make("monopoly/Deal-v0", payment="cards")
    check_env(env.unwrapped)
    obs, info = env.reset(seed=3)
    assert obs.shape == env.observation_space.shape
    assert info["action_mask"].shape == (env.action_space.n,)


def test_mask_agrees_with_acting_over_random_play_and_episodes_replay() -> None:
    """Every id with mask 1 is accepted and every id with mask 0 refused with nothing
    changed (the core's state and the cards given); many payments card by card are made,
    and the records replay (``monopoly replay``'s reader)."""
    env = deal_env(players=3, payment="cards")
    pay = env.payments
    assert pay is not None
    rng = np.random.default_rng(11)
    env.reset(seed=11)
    games, gives, paid, checked = 0, 0, 0, 0
    while games < 8:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            lines = env.core.record_lines()
            assert replay(lines).state_hash() == env.core.state_hash()
            games += 1
            env.reset(seed=11 + games)
            continue
        mask = env.observe(agent)["action_mask"]
        zeros = np.flatnonzero(mask == 0)
        for bad in rng.choice(zeros, 4, replace=False):
            before, given = env.core.state_hash(), list(pay.given)
            env.step(int(bad))
            assert env.infos[agent]["illegal"]
            assert env.core.state_hash() == before and pay.given == given
            checked += 1
        legal = mask.nonzero()[0]
        action = int(legal[rng.integers(len(legal))])
        history = len(env.core.history)
        env.step(action)
        assert not env.infos[agent].get("illegal"), env.infos[agent]
        if action >= pay.first:
            gives += 1
            paid += len(env.core.history) > history
    assert gives > 50 and paid > 10 and checked > 1000
