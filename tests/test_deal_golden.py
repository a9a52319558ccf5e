"""Golden transcripts of whole Deal games (docs/architecture.md: replayed and compared).

Each file is the record of a game between greedy players, with its outcome as the last
(comment) line. A change to the rules core that changes any of these games must be a
deliberate one: regenerate the files with the snippet in :func:`_play` and say why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from monopoly.deal import DealRules, Game, record_text, replay
from monopoly.deal.players import greedy_action

GOLDEN = Path(__file__).parent / "golden"
GAMES = [(2, 2026), (4, 7)]


def _play(players: int, seed: int) -> Game:
    g = Game([f"P{i}" for i in range(players)], seed, DealRules())
    while not g.is_over:
        seat = g.pending
        assert seat is not None
        g.apply(seat, greedy_action(g, seat))
    return g


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_golden_game_replays_to_its_outcome(players: int, seed: int) -> None:
    """docs/deal-rules.md § End: the recorded game replays to the recorded winner and results."""
    text = (GOLDEN / f"deal_greedy_{players}p_seed{seed}.txt").read_text(encoding="utf-8")
    outcome = json.loads(text.splitlines()[-1].removeprefix("# outcome "))
    g = replay(text)
    assert g.outcome is not None and g.outcome.to_dict() == outcome
    assert outcome["reason"] == "win"


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_golden_game_is_played_again_identically(players: int, seed: int) -> None:
    """docs/architecture.md: same seed, same players, the same game, line for line."""
    text = (GOLDEN / f"deal_greedy_{players}p_seed{seed}.txt").read_text(encoding="utf-8")
    assert record_text(_play(players, seed)) == text
