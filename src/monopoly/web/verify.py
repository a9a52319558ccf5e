"""Check a finished game's record: the seed against its published hash, the replay, and
the outcome (``monopoly verify RECORD``), of the board game or of Monopoly Deal.

A record downloaded from the server (``/api/rooms/ROOM/record``) has ``seed_hash`` and
``outcome`` in its header line; a record without them (``monopoly demo --record``) is
replayed and reported, with ``seed_hash_ok`` and ``outcome_ok`` null.
"""

from __future__ import annotations

import json
from typing import Any

from monopoly.board.errors import RecordError
from monopoly.board.record import replay, state_hash
from monopoly.core.seeds import seed_hash
from monopoly.core.text import Text
from monopoly.deal.errors import DealError
from monopoly.deal.record import RECORD_FORMAT as DEAL_RECORD_FORMAT
from monopoly.deal.record import replay as deal_replay
from monopoly.deal.record import state_hash as deal_state_hash


class VerifyError(RecordError):
    """The record does not hold: its seed, its actions or its outcome."""


def verify_lines(lines: list[str]) -> dict[str, Any]:
    """Verify a record; returns a report. Raises :class:`RecordError` (a bad file) or
    :class:`VerifyError` (a hash or outcome that does not match)."""
    if not lines or not lines[0].strip():
        raise RecordError(Text("empty record"))
    try:
        head = json.loads(lines[0])
    except json.JSONDecodeError as exc:
        raise RecordError(Text("line 1: bad header: {error}", error=str(exc))) from exc
    if not isinstance(head, dict):
        raise RecordError(Text("line 1: bad header: {error}", error="not an object"))
    if head.get("format") == DEAL_RECORD_FORMAT:
        return _verify_deal(lines, head)
    game = replay(lines)  # RecordError naming the line that fails
    return _report(game.seed, head, game.outcome.to_dict() if game.outcome else None, {
        "actions": len(game.history), "over": game.is_over, "state_hash": state_hash(game)})


def _verify_deal(lines: list[str], head: dict[str, Any]) -> dict[str, Any]:
    """A Monopoly Deal room's record (monopoly.deal.record), checked the same way."""
    try:
        game = deal_replay(lines)
    except DealError as exc:
        raise RecordError(Text("{error}", error=str(exc))) from exc
    return _report(game.seed, head, game.outcome.to_dict() if game.outcome else None, {
        "actions": len(game.history), "over": game.is_over,
        "state_hash": deal_state_hash(game)})


def _report(seed: int, head: dict[str, Any], outcome: dict[str, Any] | None,
            facts: dict[str, Any]) -> dict[str, Any]:
    """Check the seed against the published hash and the outcome against the recorded
    one (VerifyError when either differs); the report."""
    published = head.get("seed_hash")
    seed_ok: bool | None = None
    if published is not None:
        seed_ok = seed_hash(seed) == published
        if not seed_ok:
            raise VerifyError(Text("the seed {seed} does not match the published hash {hash}",
                                   seed=seed, hash=str(published)))
    recorded = head.get("outcome")
    outcome_ok: bool | None = None
    if recorded is not None:
        outcome_ok = recorded == outcome
        if not outcome_ok:
            raise VerifyError(Text("the replay ends with {actual}, the record says {recorded}",
                                   actual=json.dumps(outcome), recorded=json.dumps(recorded)))
    return {
        "ok": True,
        "seed": seed,
        "seed_hash": seed_hash(seed),
        "seed_hash_ok": seed_ok,
        "actions": facts["actions"],
        "over": facts["over"],
        "outcome": outcome,
        "outcome_ok": outcome_ok,
        "state_hash": facts["state_hash"],
    }
