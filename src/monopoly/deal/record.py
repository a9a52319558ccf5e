"""Deal game records and position snapshots.

A record is text: a header line (JSON: format, deck, rules, seats, seed) and one line per
action, ``<seat> <action text>``; lines starting with ``#`` are comments (the outcome is
written as one). Replaying it reproduces the final state exactly; the reading is the
core's one replay driver (:func:`monopoly.core.record.replay_record`) with the Deal's
:data:`CODEC`. A snapshot is one JSON object holding the whole position, the generator's
state and the action history included; ``restore(snapshot(g))`` gives a game whose
snapshot is identical (like FEN in chess).

Example::

    >>> from monopoly.deal.game import Game
    >>> g = Game(["Ann", "Bob"], seed=7)
    >>> _ = g.apply(0, g.legal_actions(0)[0])
    >>> again = replay(record_text(g))
    >>> state_hash(again) == g.state_hash(), len(again.history)
    (True, 1)
    >>> restore(g.snapshot()).snapshot() == g.snapshot()
    True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from monopoly.core.errors import MonopolyError, RecordError
from monopoly.core.outcome import Outcome
from monopoly.core.record import RecordCodec, header_line, read_header, replay_record
from monopoly.core.record import moves as record_moves
from monopoly.core.text import Text
from monopoly.deal.actions import Action, parse_action
from monopoly.deal.deck import load_deck
from monopoly.deal.options import DealRules
from monopoly.deal.position import (
    NONE,
    OVER,
    P_BANK,
    P_DISCARD,
    P_DRAW,
    P_HAND,
    P_HOTEL,
    P_HOUSE,
    P_PILE,
    PHASE_KEYS,
    REQUEST_KEYS,
    RESPOND,
    Position,
    Request,
)

if TYPE_CHECKING:
    from monopoly.deal.game import Game

__all__ = [
    "CODEC", "RECORD_FORMAT", "SNAPSHOT_FORMAT", "header", "locate", "moves", "parse_move",
    "record_lines", "record_text", "replay", "restore", "snapshot", "snapshot_text",
    "state_hash",
]

RECORD_FORMAT = "monopoly-deal-record/1"
SNAPSHOT_FORMAT = "monopoly-deal-snapshot/1"


# ---------------------------------------------------------------------- snapshots

def snapshot(game: Position) -> dict[str, Any]:
    """The whole position as a JSON-ready object."""
    version, state, gauss = game.rng.getstate()
    req = game.request
    return {
        "format": SNAPSHOT_FORMAT,
        "deck": game.deck.key,
        "rules": game.rules.to_dict(),
        "seats": list(game.seat_names),
        "seed": game.seed,
        "rng": [version, list(state), gauss],
        "draw": list(game.draw),
        "discard": list(game.discard),
        "hands": [list(h) for h in game.hands],
        "banks": [list(b) for b in game.banks],
        "piles": [[list(p) for p in piles] for piles in game.piles],
        "house": [list(h) for h in game.house],
        "hotel": [list(h) for h in game.hotel],
        "phase": PHASE_KEYS[game.phase],
        "turn_seat": game.turn_seat,
        "turn_number": game.turn_number,
        "plays_left": game.plays_left,
        "request": None if req is None else req.to_dict(),
        "outcome": None if game.outcome is None else game.outcome.to_dict(),
        "log": [f"{seat} {action.text()}" for seat, action in game.history],
    }


def snapshot_text(game: Position) -> str:
    return json.dumps(snapshot(game), sort_keys=True, separators=(",", ":"))


def state_hash(game: Position) -> str:
    """A short hash of the position (the action history left out)."""
    data = snapshot(game)
    del data["log"]
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _ints(value: object, what: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise RecordError(Text("snapshot field {field} must be a list of integers", field=what))
    return list(value)


def restore(data: dict[str, Any], *, events: bool = True) -> Game:
    """Rebuild a game from :func:`snapshot` output; :class:`RecordError` when it is not one
    (every card must be in exactly one place)."""
    from monopoly.deal.game import Game

    if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
        got = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise RecordError(Text("not a Deal snapshot (format {format})", format=repr(got)))
    try:
        rules = DealRules.from_dict(data["rules"])
        game = Game(list(data["seats"]), data["seed"], rules, deck=load_deck(data["deck"]),
                    events=events, deal=False)
        n, cols = game.n, game.deck.n_colours
        version, state, gauss = data["rng"]
        game.rng.setstate((version, tuple(state), gauss))
        game.draw = _ints(data["draw"], "draw")
        game.discard = _ints(data["discard"], "discard")
        game.hands = [_ints(h, "hands") for h in data["hands"]]
        game.banks = [_ints(b, "banks") for b in data["banks"]]
        game.piles = [[_ints(p, "piles") for p in piles] for piles in data["piles"]]
        game.house = [_ints(h, "house") for h in data["house"]]
        game.hotel = [_ints(h, "hotel") for h in data["hotel"]]
        shapes = [len(game.hands), len(game.banks), len(game.piles), len(game.house),
                  len(game.hotel)]
        if shapes != [n] * 5 or any(len(p) != cols for p in game.piles) or any(
            len(h) != cols for h in (*game.house, *game.hotel)
        ):
            raise RecordError(Text("snapshot tables do not match the seats and colours"))
        locate(game)
        game.phase = PHASE_KEYS.index(data["phase"])
        game.turn_seat = int(data["turn_seat"])
        game.turn_number = int(data["turn_number"])
        game.plays_left = int(data["plays_left"])
        req = data["request"]
        if req is not None:
            game.request = Request(REQUEST_KEYS.index(req["kind"]), req["attacker"],
                                   req["card"], list(req["targets"]), req["amount"],
                                   req["take"], req["give"], req["colour"], req["nos"])
        if (game.phase == RESPOND) != (game.request is not None):
            raise RecordError(Text("snapshot of a phase {phase} with the wrong request",
                                   phase=data["phase"]))
        out = data["outcome"]
        if out is not None:
            game.outcome = Outcome.from_dict(out)
        elif game.phase == OVER:
            raise RecordError(Text("snapshot of a finished game without an outcome"))
        for line in data["log"]:
            seat, _, text = line.partition(" ")
            game.history.append((int(seat), parse_action(text)))
    except RecordError:
        raise
    except (MonopolyError, KeyError, ValueError, TypeError, IndexError) as exc:
        raise RecordError(Text("malformed Deal snapshot: {error}", error=repr(exc))) from None
    return game


def locate(game: Position) -> None:
    """Rebuild where every card is from the piles; every card exactly once."""
    size = game.deck.size
    seen = [0] * size

    def put(c: int, place: int, owner: int, colour: int) -> None:
        if not 0 <= c < size:
            raise RecordError(Text("no card {card} in the deck", card=c))
        seen[c] += 1
        game.place[c] = place
        game.owner[c] = owner
        game.pile_colour[c] = colour

    for c in game.draw:
        put(c, P_DRAW, NONE, NONE)
    for c in game.discard:
        put(c, P_DISCARD, NONE, NONE)
    for s in range(game.n):
        for c in game.hands[s]:
            put(c, P_HAND, s, NONE)
        for c in game.banks[s]:
            put(c, P_BANK, s, NONE)
        for colour, pile in enumerate(game.piles[s]):
            for c in pile:
                put(c, P_PILE, s, colour)
            if game.house[s][colour] != NONE:
                put(game.house[s][colour], P_HOUSE, s, colour)
            if game.hotel[s][colour] != NONE:
                put(game.hotel[s][colour], P_HOTEL, s, colour)
    bad = [c for c in range(size) if seen[c] != 1]
    if bad:
        raise RecordError(Text("cards not exactly once in the snapshot: {cards}",
                               cards=str(bad[:10])))


# ---------------------------------------------------------------------- records

def header(game: Position) -> dict[str, Any]:
    """The record's header: format, deck, rules, seats, seed."""
    return {"format": RECORD_FORMAT, "deck": game.deck.key, "rules": game.rules.to_dict(),
            "seats": list(game.seat_names), "seed": game.seed}


def record_lines(game: Position) -> list[str]:
    """The game's record: the header, one line per action, the outcome as a comment."""
    lines = [header_line(header(game))]
    lines.extend(f"{seat} {action.text()}" for seat, action in game.history)
    if game.outcome is not None:
        lines.append("# outcome " + json.dumps(game.outcome.to_dict(), sort_keys=True))
    return lines


def record_text(game: Position) -> str:
    return "\n".join(record_lines(game)) + "\n"


def parse_move(line: str) -> tuple[int, Action] | None:
    """One action line, ``<seat> <action>``; None for a blank line or a ``#`` comment."""
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    seat_text, _, text = line.partition(" ")
    if not seat_text.isdigit():
        raise RecordError(Text("expected '<seat> <action>', got {line}", line=repr(line)))
    return int(seat_text), parse_action(text)


def _new_game(head: dict[str, Any], events: bool) -> Game:
    from monopoly.deal.game import Game

    rules = DealRules.from_dict(head["rules"])
    seats = list(head["seats"])
    return Game(seats, head["seed"], rules, deck=load_deck(head.get("deck", "standard")),
                events=events)


def _apply(game: Game, seat: int, action: Any) -> object:
    return game.apply(seat, action)


#: How the core's replay driver reads and writes the Deal's records.
CODEC: RecordCodec[Game] = RecordCodec(
    format=RECORD_FORMAT, title="Deal", new_game=_new_game, parse_move=parse_move,
    apply=_apply,
)


def replay(record: str | Iterable[str], *, events: bool = False) -> Game:
    """Replay a record (its text or its lines); :class:`RecordError` names the bad line."""
    lines = record.splitlines() if isinstance(record, str) else list(record)
    if lines and read_header(lines[0]).get("format") != RECORD_FORMAT:
        raise RecordError(Text("line 1: not a Deal record (format {format} expected)",
                               format=RECORD_FORMAT))
    return replay_record(CODEC, lines, events=events)


def moves(lines: Iterable[str]) -> Iterator[tuple[int, int, Action]]:
    """The action lines of a record (the lines after its header): ``(line number, seat,
    action)``, blank lines and ``#`` comments skipped; :class:`RecordError` names a line
    that is not ``<seat> <action>``."""
    return record_moves(CODEC, lines)
