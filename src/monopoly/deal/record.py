"""Deal game records and position snapshots.

A record is text: a header line (JSON: format, deck, rules, seats, seed) and one line per
action, ``<seat> <action text>``; lines starting with ``#`` are comments (the outcome is
written as one). Replaying it reproduces the final state exactly. A snapshot is one JSON
object holding the whole position, the generator's state and the action log included;
``restore(snapshot(g))`` gives a game whose snapshot is identical (like FEN in chess).

Example::

    text = record_text(game)
    again = replay(text)
    assert state_hash(again) == state_hash(game)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from typing import Any

from monopoly.deal.actions import Action, parse_action
from monopoly.deal.deck import load_deck
from monopoly.deal.errors import DealError, RecordError
from monopoly.deal.game import (
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
    Game,
    Outcome,
    Request,
)
from monopoly.deal.options import DealRules

RECORD_FORMAT = "monopoly-deal-record/1"
SNAPSHOT_FORMAT = "monopoly-deal-snapshot/1"


def snapshot(game: Game) -> dict[str, Any]:
    """The whole position as a JSON-ready object."""
    version, state, gauss = game.rng.getstate()
    req = game.request
    return {
        "format": SNAPSHOT_FORMAT,
        "deck": game.deck.key,
        "rules": game.rules.to_dict(),
        "seats": list(game.names),
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
        "log": [f"{seat} {action.text()}" for seat, action in game.log],
    }


def snapshot_text(game: Game) -> str:
    return json.dumps(snapshot(game), sort_keys=True, separators=(",", ":"))


def state_hash(game: Game) -> str:
    """A short hash of the position (the action log left out)."""
    data = snapshot(game)
    del data["log"]
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _ints(value: object, what: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise RecordError(f"snapshot field {what} must be a list of integers")
    return list(value)


def restore(data: dict[str, Any], *, events: bool = True) -> Game:
    """Rebuild a game from :func:`snapshot` output; :class:`RecordError` when it is not one
    (every card must be in exactly one place)."""
    if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
        got = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise RecordError(f"not a Deal snapshot (format {got!r})")
    try:
        game = Game(DealRules.from_dict(data["rules"]), list(data["seats"]), data["seed"],
                    deck=load_deck(data["deck"]), events=events, deal=False)
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
            raise RecordError("snapshot tables do not match the seats and colours")
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
        out = data["outcome"]
        if out is not None:
            game.outcome = Outcome(out["reason"], out["winner"], list(out["ranking"]),
                                   list(out["worth"]))
        elif game.phase == OVER:
            raise RecordError("snapshot of a finished game without an outcome")
        for line in data["log"]:
            seat, _, text = line.partition(" ")
            game.log.append((int(seat), parse_action(text)))
    except RecordError:
        raise
    except (DealError, KeyError, ValueError, TypeError, IndexError) as exc:
        raise RecordError(f"malformed Deal snapshot: {exc!r}") from None
    return game


def locate(game: Game) -> None:
    """Rebuild where every card is from the piles; every card exactly once."""
    size = game.deck.size
    seen = [0] * size

    def put(c: int, place: int, owner: int, colour: int) -> None:
        if not 0 <= c < size:
            raise RecordError(f"no card {c} in the deck")
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
        raise RecordError(f"cards not exactly once in the snapshot: {bad[:10]}")


def record_lines(game: Game) -> list[str]:
    """The game's record: the header, one line per action, the outcome as a comment."""
    header = {"format": RECORD_FORMAT, "deck": game.deck.key, "rules": game.rules.to_dict(),
              "seats": list(game.names), "seed": game.seed}
    lines = [json.dumps(header, sort_keys=True)]
    lines.extend(f"{seat} {action.text()}" for seat, action in game.log)
    if game.outcome is not None:
        lines.append("# outcome " + json.dumps(game.outcome.to_dict(), sort_keys=True))
    return lines


def record_text(game: Game) -> str:
    return "\n".join(record_lines(game)) + "\n"


def replay(record: str | Iterable[str], *, events: bool = False) -> Game:
    """Replay a record (its text or its lines); :class:`RecordError` names the bad line."""
    lines = record.splitlines() if isinstance(record, str) else list(record)
    if not lines:
        raise RecordError("empty record")
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        raise RecordError("line 1: the header must be a JSON object") from None
    if not isinstance(header, dict) or header.get("format") != RECORD_FORMAT:
        raise RecordError(f"line 1: not a Deal record (format {RECORD_FORMAT} expected)")
    try:
        game = Game(DealRules.from_dict(header["rules"]), list(header["seats"]),
                    header["seed"], deck=load_deck(header.get("deck", "standard")),
                    events=events)
    except (DealError, KeyError, TypeError) as exc:
        raise RecordError(f"line 1: bad header: {exc}") from None
    for number, seat, action in moves(lines[1:]):
        try:
            game.apply(seat, action)
        except DealError as exc:
            raise RecordError(f"line {number}: {exc}") from None
    return game


def moves(lines: Iterable[str]) -> Iterator[tuple[int, int, Action]]:
    """The action lines of a record (the lines after its header): ``(line number, seat,
    action)``, blank lines and ``#`` comments skipped; :class:`RecordError` names a line
    that is not ``<seat> <action>``."""
    for number, line in enumerate(lines, start=2):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        seat_text, _, text = line.partition(" ")
        if not seat_text.isdigit():
            raise RecordError(f"line {number}: expected '<seat> <action>', got {line!r}")
        try:
            action = parse_action(text)
        except DealError as exc:
            raise RecordError(f"line {number}: {exc}") from None
        yield number, int(seat_text), action
