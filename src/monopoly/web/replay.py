"""The replay of a finished game, step by step, for the page's replay viewer (issue 5).

``GET /api/rooms/{id}/replay?lang=L`` replays the room's record with the engine and sends
one step per action: who acted, the action (canonical text and a label in words), the
narrated events in ``lang`` (the sentences the live game sends) and the public board after
it. Everything in a finished game is public (its seed is revealed at the end).

A Monopoly Deal room's replay (:func:`deal_replay_steps`) has the same shape: its board is
the Deal's spectator view (the tables and the piles) with every hand added (``hands``,
by seat): once the game is over nobody's hand is secret any more.

The board is the spectators' view (``Game.view(None)``, the ``view`` of a ``state``
message, so the page draws it with the same code), sent once in full (``start``, before
the first action) and then as **deltas**: a step's ``delta`` holds only the keys of the
view that changed; a list that kept its length is sent as ``{"index": new value}`` for the
changed items. A 300-turn game thus weighs well under a megabyte instead of tens::

    >>> apply_delta({"cash": [1, 2, 3], "turn": 4}, {"cash": {"1": 5}, "turn": 5})
    {'cash': [1, 5, 3], 'turn': 5}
"""

from __future__ import annotations

import asyncio
import gzip
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from monopoly.board import actions as A
from monopoly.board.game import TABLE, Game
from monopoly.board.record import moves as record_moves
from monopoly.board.record import replay
from monopoly.deal import actions as DA
from monopoly.deal.game import Game as DealGame
from monopoly.deal.record import moves as deal_moves
from monopoly.deal.record import replay as deal_replay
from monopoly.i18n import LANGUAGES
from monopoly.narration.board.narrate import Narrator
from monopoly.narration.board.prompts import label
from monopoly.narration.deal.narrate import DealNarrator
from monopoly.web.protocol import encode
from monopoly.web.room import ProtocolError, RoomManager

__all__ = ["apply_delta", "deal_replay_steps", "delta", "replay_router", "replay_steps"]

CACHED_REPLAYS: Final = 16  # (room, language) replays kept: a finished game never changes


def delta(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The keys of `after` that differ from `before`; a list of the same length as before
    is given as ``{"index": item}`` for its changed items only."""
    out: dict[str, Any] = {}
    for key, value in after.items():
        old = before.get(key)
        if value == old:
            continue
        if isinstance(value, list) and isinstance(old, list) and len(value) == len(old):
            pairs = enumerate(zip(value, old, strict=True))
            out[key] = {str(i): v for i, (v, o) in pairs if v != o}
        else:
            out[key] = value
    return out


def apply_delta(view: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """`view` with `change` (a :func:`delta`) applied; `view` itself is left as it was."""
    out = dict(view)
    for key, value in change.items():
        old = out.get(key)
        if isinstance(old, list) and isinstance(value, dict):
            items = list(old)
            for index, item in value.items():
                items[int(index)] = item
            out[key] = items
        else:
            out[key] = value
    return out


def _public_view(game: Game) -> dict[str, Any]:
    view = game.view(None).to_dict()
    view.pop("seat", None)
    return view


def _steps(
    game: Any,
    moves: Iterator[tuple[int, int, Any]],
    public_view: Callable[[Any], dict[str, Any]],
    label_of: Callable[[int, Any], str],
    sentences: Callable[[list[Any]], list[str]],
) -> dict[str, Any]:
    """Play `moves` (``(line, seat, action)``, the record's ``moves``) on `game` (set up, its
    events kept): ``start`` (the board before them), ``start_texts`` (the set-up's events
    in words), one step per move, and the ``outcome``. Either game's replay."""
    start_texts = sentences(game.events or [])
    if game.events is not None:
        game.events.clear()
    view = start = public_view(game)
    steps: list[dict[str, Any]] = []
    for _line, seat, action in moves:
        words = label_of(seat, action)
        events = game.apply(seat, action)
        if game.events is not None:
            game.events.clear()
        after = public_view(game)
        steps.append({
            "seat": seat,
            "action": action.text(),
            "label": words,
            "texts": sentences(events),
            "delta": delta(view, after),
        })
        view = after
    return {
        "start": start,
        "start_texts": start_texts,
        "steps": steps,
        "outcome": game.outcome.to_dict() if game.outcome is not None else None,
    }


def replay_steps(lines: list[str], lang: str) -> dict[str, Any]:
    """The replay of a record (its lines: a header, then ``[seat, "action"]`` lines) in
    `lang`: ``start`` (the board before the first action), ``start_texts`` (the events of
    the set-up) and ``steps``, one per action line."""
    game = replay(lines[:1], events=True)  # the set-up only: the actions follow one by one
    narrator = Narrator.for_game(game, lang)

    def label_of(seat: int, action: A.Action) -> str:
        if seat == TABLE:
            return action.text()
        return label(game.seat_view(seat), action, lang, narrator)

    return {
        "lang": lang,
        "edition": game.edition.key,
        "hotel_level": game.hotel_level,
        "seats": [p.name for p in game.players],
        **_steps(game, record_moves(lines[1:]), _public_view, label_of, narrator.sentences),
    }


def _deal_public_view(game: DealGame) -> dict[str, Any]:
    view = game.view(None).to_dict()
    view.pop("seat", None)
    view.pop("hand", None)
    view["hands"] = [list(hand) for hand in game.hands]  # the game is over: all public
    return view


def deal_replay_steps(lines: list[str], lang: str) -> dict[str, Any]:
    """The replay of a Monopoly Deal record (its lines: a header, then ``<seat> <action>``
    lines) in `lang`, shaped as :func:`replay_steps`'s: ``start``, ``start_texts`` (the
    deal of the hands), ``steps``; each step's ``label`` is the button text the acting
    seat had for its action."""
    game = deal_replay(lines[:1], events=True)  # the deal only: the actions follow
    narrator = DealNarrator(game.deck, game.seat_names, lang)

    def label_of(seat: int, action: DA.Action) -> str:
        return narrator.label(game.view(seat), action)

    return {
        "lang": lang,
        "game": "deal",
        "deck": game.deck.key,
        "seats": list(game.seat_names),
        **_steps(game, deal_moves(lines[1:]), _deal_public_view, label_of, narrator.sentences),
    }


def replay_router(manager: Callable[[], RoomManager]) -> APIRouter:
    """The replay route over the server's rooms (`manager`: the app's room manager)."""
    router = APIRouter()
    # (room, language) -> the replay as JSON, plain and gzipped: a finished game never changes
    cache: OrderedDict[tuple[str, str], tuple[bytes, bytes]] = OrderedDict()

    @router.get("/api/rooms/{room_id}/replay", response_class=JSONResponse)
    async def room_replay(room_id: str, request: Request, lang: str = "en") -> Response:
        """A finished game step by step (docs/protocol.md, "The replay of a finished
        game"): one step per action of its record, the events in words in `lang`, the
        public board after each as a delta of the one before."""
        if lang not in LANGUAGES:
            raise ProtocolError("invalid", 400, reason="lang")
        m = manager()
        room = await m.get(room_id)
        steps_of = deal_replay_steps if room.config.get("game") == "deal" else replay_steps
        key = (room.id, lang)
        found = cache.get(key)
        if found is None:
            lines = await m.finished_lines(room)
            data = {"room": room.id, "seed": room.seed, "seed_hash": room.seed_hash,
                    **await asyncio.to_thread(steps_of, lines, lang)}
            raw = encode(data).encode("utf-8")
            found = cache[key] = (raw, gzip.compress(raw, 6))
            while len(cache) > CACHED_REPLAYS:
                cache.popitem(last=False)
        cache.move_to_end(key)
        raw, packed = found
        if "gzip" in request.headers.get("accept-encoding", "").lower():
            return Response(packed, media_type="application/json",
                            headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
        return Response(raw, media_type="application/json", headers={"Vary": "Accept-Encoding"})

    return router
