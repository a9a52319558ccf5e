"""Golden transcripts: whole recorded games replayed and compared with their stored final
state (docs/architecture.md). A change to any rule that alters play changes a hash here; if the
change
is intended, regenerate the records and hashes and say why in the commit.

The records: two greedy demos (seed 1 ends with a winner, seed 11 at the turn cap) and
1,500 actions of random play with trades, counter-offers, auctions, mortgages, received
mortgaged deeds, jail cards and a bankruptcy.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from monopoly.board.record import record_lines, replay, state_hash

GOLDEN = Path(__file__).parent / "golden"
EXPECTED: dict[str, str] = json.loads((GOLDEN / "expected.json").read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_record_replays_to_its_final_state(name: str) -> None:
    lines = (GOLDEN / name).read_text(encoding="utf-8").splitlines()
    game = replay(lines)
    assert state_hash(game) == EXPECTED[name]
    # the replayed game writes the same record back, byte for byte
    assert record_lines(game) == lines


def test_golden_demo_seed1_outcome() -> None:
    """docs/rules.md §11: the last player not bankrupt wins; the others rank by bankruptcy order."""
    game = replay((GOLDEN / "demo_seed1.jsonl").read_text(encoding="utf-8").splitlines())
    assert game.outcome is not None
    assert game.outcome.reason == "last_player"
    assert game.outcome.winner == game.outcome.ranking[0]
    assert [p.bankrupt for p in game.players].count(False) == 1
