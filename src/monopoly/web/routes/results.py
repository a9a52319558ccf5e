"""A finished game's HTTP routes: its record, its score sheet, its replay step by step
(docs/protocol.md, "The replay of a finished game") and the board game's post-game summary
(:mod:`monopoly.web.postgame`). Each is its game's (the room's adapter:
:meth:`~monopoly.web.games.GameAdapter.record_rows`,
:meth:`~monopoly.web.games.GameAdapter.sheet`,
:meth:`~monopoly.web.games.GameAdapter.replay`), and only once the game is over.
"""

from __future__ import annotations

import asyncio
import gzip
from collections import OrderedDict
from collections.abc import Callable
from typing import Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from monopoly.i18n import LANGUAGES
from monopoly.web import postgame
from monopoly.web.manager import RoomManager
from monopoly.web.protocol import ProtocolError, encode

__all__ = ["CACHED_REPLAYS", "results_router"]

CACHED_REPLAYS: Final = 16  # (room, language) replays kept: a finished game never changes


def results_router(manager: Callable[[], RoomManager]) -> APIRouter:
    """The record, the score sheet and the replay of the server's finished rooms
    (`manager`: the app's room manager)."""
    router = APIRouter()
    # (room, language) -> the replay as JSON, plain and gzipped: a finished game never changes
    cache: OrderedDict[tuple[str, str], tuple[bytes, bytes]] = OrderedDict()
    summaries: OrderedDict[str, bytes] = OrderedDict()  # room -> its post-game summary

    @router.get("/api/rooms/{room_id}/record")
    async def record(room_id: str) -> Response:
        lines = await manager().finished_lines(await manager().get(room_id))
        return Response("\n".join(lines) + "\n", media_type="application/x-ndjson",
                        headers={"Content-Disposition":
                                 f'attachment; filename="monopoly-{room_id}.jsonl"'})

    @router.get("/api/rooms/{room_id}/sheet")
    async def sheet(room_id: str, lang: str = "en") -> HTMLResponse:
        room = await manager().get(room_id)
        if not room.adapter.has_sheet:  # the Deal's results table is in the game's end
            raise ProtocolError("invalid", 400, reason="a score sheet is for the board game")
        lines = await manager().finished_lines(room)
        lang = lang if lang in LANGUAGES else "en"
        return HTMLResponse(await asyncio.to_thread(room.adapter.sheet, lines, lang,
                                                    room.setup()))

    @router.get("/api/rooms/{room_id}/replay", response_class=JSONResponse)
    async def room_replay(room_id: str, request: Request, lang: str = "en") -> Response:
        """A finished game step by step (docs/protocol.md, "The replay of a finished
        game"): one step per action of its record, the events in words in `lang`, the
        public board after each as a delta of the one before."""
        if lang not in LANGUAGES:
            raise ProtocolError("invalid", 400, reason="lang")
        m = manager()
        room = await m.get(room_id)
        key = (room.id, lang)
        found = cache.get(key)
        if found is None:
            lines = await m.finished_lines(room)
            data = {"room": room.id, "seed": room.seed, "seed_hash": room.seed_hash,
                    **await asyncio.to_thread(room.adapter.replay, lines, lang, room.setup())}
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

    @router.get("/api/rooms/{room_id}/summary", response_class=JSONResponse)
    async def room_summary(room_id: str, lang: str = "en") -> Response:
        """A finished board game's post-game summary (docs/protocol.md, "The post-game
        summary"): each seat's net worth after every turn, its rent received and paid, and
        the luck of its dice against their exact odds. The same in every language (`lang`:
        the errors' own)."""
        if lang not in LANGUAGES:
            raise ProtocolError("invalid", 400, reason="lang")
        m = manager()
        room = await m.get(room_id)
        if room.adapter.name != "board":
            raise ProtocolError("invalid", 400, reason="board_only")
        raw = summaries.get(room.id)
        if raw is None:
            lines = await m.finished_lines(room)
            data = await asyncio.to_thread(postgame.summary, lines)
            raw = summaries[room.id] = encode({"room": room.id, **data}).encode("utf-8")
            while len(summaries) > CACHED_REPLAYS:
                summaries.popitem(last=False)
        summaries.move_to_end(room.id)
        return Response(raw, media_type="application/json")

    return router
