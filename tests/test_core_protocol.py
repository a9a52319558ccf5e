"""The core protocol, the same for both games (docs/architecture.md), through core.make.

For positions of random games of each game: legality agrees both ways (every id of the
action mask is legal by is_legal, every finite action the table names and the mask
leaves out is refused; the list of legal ids is the mask's), an illegal action changes
nothing, views carry nothing a seat may not see, records replay and snapshots
round-trip, and both cores satisfy GameCore.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from monopoly import core
from monopoly.core import Decision, GameCore, IllegalActionError, Outcome

GAMES = ("board", "deal")
# (game, seats, rules) for the random games: every preset of each game in turn
SETUPS: dict[str, list[tuple[int, str]]] = {
    "board": [(2, "classic"), (4, "tournament"), (3, "house"), (5, "czech"), (4, "short")],
    "deal": [(2, "official"), (3, "quick"), (5, "official"), (4, "simulation")],
}


def _concrete(game: GameCore, seat: int, rng: random.Random) -> Any:
    """A random legal action of `seat`, from its action mask (the ids cover every kind of
    decision), or None when the seat has none."""
    mask = game.legal_action_mask(seat)
    ids = [i for i, ok in enumerate(mask) if ok]
    if not ids:
        return None
    # prefer the pending decision's answers to trades, so that games move on
    plain = [i for i in ids if not _is_trade(game, i)]
    return game.action_from_id(rng.choice(plain or ids), seat)


def _is_trade(game: GameCore, i: int) -> bool:
    text = game.action_from_id(i).text()
    return text.startswith("propose")


def _hidden(game: Any, name: str, seat: int | None) -> list[str]:
    """What `seat`'s view must not contain, as JSON fragments."""
    if name == "board":
        # the order of the decks: the card indices in deck order
        return [json.dumps(list(d)) for d in game.decks if len(d) > 1]
    hidden = []
    for s, hand in enumerate(game.hands):
        if s != seat and hand:
            hidden.append(json.dumps(sorted(hand)))
    if len(game.draw) > 1:
        hidden.append(json.dumps(list(game.draw)))
    return hidden


def _check_position(game: Any, name: str, rng: random.Random) -> None:
    seats = len(game.seat_names)
    for seat in range(seats):
        mask = game.legal_action_mask(seat)
        assert len(mask) == game.num_actions
        assert game.legal_action_ids(seat) == [i for i, ok in enumerate(mask) if ok]
        assert game.legal_action_bytes(seat) == bytearray(mask)
        for i in range(game.num_actions):
            action = game.action_from_id(i, seat)
            assert mask[i] == game.is_legal(seat, action), (name, seat, i, action.text())
        for entry in game.legal_actions(seat):
            try:
                i = game.action_id(entry, seat)
            except core.MalformedActionError:
                continue  # a template, or an action the table does not name
            assert mask[i], (name, seat, entry)
        illegal = [i for i, ok in enumerate(mask) if not ok]
        if illegal:
            before = game.state_hash()
            action = game.action_from_id(rng.choice(illegal), seat)
            with pytest.raises(IllegalActionError):
                game.apply(seat, action)
            assert game.state_hash() == before
    for seat in [*range(seats), None]:
        text = json.dumps(game.view(seat).to_dict(), sort_keys=True, default=str)
        for fragment in _hidden(game, name, seat):
            assert fragment not in text, (name, seat)


@pytest.mark.parametrize("name", GAMES)
def test_make_gives_a_game_core(name: str) -> None:
    game = core.make(name, seats=["Ann", "Bob", "Cleo"], seed=5)
    assert isinstance(game, GameCore)
    assert game.seat_names == ("Ann", "Bob", "Cleo")
    decision = game.decision()
    assert isinstance(decision, Decision) and decision.seats == tuple(game.pending_seats())
    assert not game.is_over and game.outcome is None
    assert core.spec(name).rules_class is type(game.rules)


@pytest.mark.parametrize("name", GAMES)
def test_make_takes_presets_dicts_and_options(name: str) -> None:
    spec = core.spec(name)
    for preset in spec.presets:
        game = core.make(name, seats=3, seed=1, rules=preset)
        assert game.rules == spec.rules(preset)
    option = spec.rules_class.option_names()[0]
    value = getattr(spec.rules_class(), option)
    game = core.make(name, seats=2, seed=1, rules={option: value})
    assert getattr(game.rules, option) == value
    with pytest.raises(core.RulesError):
        core.make(name, seats=2, seed=1, no_such_option=1)


@pytest.mark.parametrize("name", GAMES)
def test_random_games_keep_the_protocol(name: str) -> None:
    """For every 7th position of random games of each preset: the mask agrees with
    is_legal both ways, an illegal action changes nothing, views hide what they must;
    at the end the record replays and the snapshot round-trips."""
    for n, (seats, preset) in enumerate(SETUPS[name]):
        rng = random.Random(n)
        game: Any = core.make(name, seats=seats, seed=100 + n, rules=preset)
        for step in range(400):
            if game.is_over:
                break
            if step % 7 == 0:
                _check_position(game, name, rng)
            waiting = game.pending_seats()
            seat = rng.choice(waiting)
            action = _concrete(game, seat, rng)
            assert action is not None, (name, preset, step, game.decision())
            events = game.apply(seat, action)
            assert all(isinstance(e, core.Event) for e in events)
        again = core.replay(game.record_lines())
        assert again.state_hash() == game.state_hash()
        restored = core.restore(game.snapshot())
        assert restored.snapshot() == game.snapshot()
        assert restored.state_hash() == game.state_hash()
        if game.outcome is not None:
            assert isinstance(game.outcome, Outcome)
            assert Outcome.from_dict(game.outcome.to_dict()) == game.outcome


@pytest.mark.parametrize("name", GAMES)
def test_the_decision_is_who_must_act(name: str) -> None:
    game: Any = core.make(name, seats=4, seed=3)
    rng = random.Random(3)
    for _ in range(200):
        decision = game.decision()
        if decision.is_over:
            assert game.pending_seats() == [] and game.pending is None
            break
        assert list(decision.seats) == game.pending_seats()
        assert decision.seat == game.pending
        seat = decision.seats[0]
        action = _concrete(game, seat, rng)
        assert action is not None
        game.apply(seat, action)
