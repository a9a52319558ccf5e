"""The chat of a room: its players' lines and quick reactions, the same for every game
(docs/protocol.md, "Chat").

A seated connection writes ``{"type": "chat", "text": "..."}`` or ``{"type": "chat",
"reaction": "thumbs_up"}``; a spectator reads only. A line is checked (at most
:data:`MAX_CHAT` characters once trimmed, not blank, one of :data:`REACTIONS`), limited
per seat (:data:`CHAT_BURST` lines at once, then one every ``1 / CHAT_RATE`` seconds),
**committed to the store** (the ``chat_lines`` table, through the room's writer), then
sent to every connection of the room as ``{"type": "chat", "lines": [line]}``. A
connection gets the last :data:`HISTORY` lines when it connects. The chat is not part of
the game: it never enters the game's record, and saying something changes nothing in
play.

Example::

    >>> read_chat({"type": "chat", "text": "  good luck!  "})
    ('text', 'good luck!')
    >>> read_chat({"type": "chat", "reaction": "party"})
    ('reaction', 'party')
    >>> read_chat({"type": "chat", "text": "   "})
    Traceback (most recent call last):
    ...
    monopoly.web.protocol.ProtocolError: invalid
"""

from __future__ import annotations

import asyncio
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from fastapi import APIRouter

from monopoly.store import ChatRow
from monopoly.web.protocol import ProtocolError, encode
from monopoly.web.ratelimit import TokenBucket

if TYPE_CHECKING:
    from monopoly.web.manager import RoomManager
    from monopoly.web.room import Room

__all__ = ["CHAT_BURST", "CHAT_RATE", "HISTORY", "MAX_CHAT", "REACTIONS", "RoomChat",
           "chat_router", "line_json", "read_chat"]

MAX_CHAT: Final = 200  # characters of a line, once trimmed
HISTORY: Final = 100  # the lines a connection gets when it connects
CHAT_BURST: Final = 5.0  # a seat's lines at once...
CHAT_RATE: Final = 0.5  # ...then this many a second (5 in 10 seconds)
# the quick reactions, by name (the page draws them: 👍 😂 😮 😢 😡 🎉)
REACTIONS: Final = ("thumbs_up", "laugh", "wow", "sad", "angry", "party")


def read_chat(data: dict[str, Any]) -> tuple[str, str]:
    """The ``(kind, text)`` of a client's chat message: ``("text", the trimmed line)``
    or ``("reaction", its name)``. Raises :class:`ProtocolError`: ``malformed`` (neither
    field, both, not a string), ``invalid`` (blank, too long, an unknown reaction)."""
    text, reaction = data.get("text"), data.get("reaction")
    if (text is None) == (reaction is None):
        raise ProtocolError("malformed", reason="field")
    if reaction is not None:
        if not isinstance(reaction, str):
            raise ProtocolError("malformed", reason="field")
        if reaction not in REACTIONS:
            raise ProtocolError("invalid", reason="reaction")
        return "reaction", reaction
    if not isinstance(text, str):
        raise ProtocolError("malformed", reason="field")
    # control characters (line breaks, tabs...) become spaces: a line is one line
    line = "".join(" " if unicodedata.category(ch) == "Cc" else ch for ch in text).strip()
    if not line:
        raise ProtocolError("invalid", reason="chat_blank")
    if len(line) > MAX_CHAT:
        raise ProtocolError("invalid", reason="chat_too_long")
    return "text", line


def line_json(row: ChatRow) -> dict[str, Any]:
    """A line as the protocol sends it: ``{"seq", "seat", "name", "text" | "reaction",
    "at", "game_seq"}``."""
    return {"seq": row.seq, "seat": row.seat, "name": row.name,
            ("reaction" if row.kind == "reaction" else "text"): row.text,
            "at": row.at, "game_seq": row.game_seq}


class RoomChat:
    """The chat of one room: its last lines (loaded from the store on first use), the
    next line's number and each seat's token bucket."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.lines: deque[ChatRow] = deque(maxlen=HISTORY)
        self.next_seq = 0  # 0: not loaded yet
        self.buckets: dict[int, TokenBucket] = {}
        self.lock = asyncio.Lock()  # one line stored at a time, in the order of its seq
        self.now = now

    def said_nothing(self) -> None:
        """A new room's chat: nothing said yet, nothing to load."""
        self.next_seq = self.next_seq or 1

    async def load(self, room: Room) -> None:
        """The room's last lines from the store, once."""
        if self.next_seq:
            return
        async with self.lock:
            if self.next_seq:
                return
            manager = room.manager
            rows = await manager.writer.call(manager.store.chat, room.id, HISTORY)
            self.lines.extend(rows)
            self.next_seq = rows[-1].seq + 1 if rows else 1

    def history(self) -> dict[str, Any] | None:
        """The ``chat`` message of the last lines, marked ``"history": true`` (None:
        nothing was said yet)."""
        if not self.lines:
            return None
        return {"type": "chat", "lines": [line_json(row) for row in self.lines],
                "history": True}

    async def say(self, room: Room, seat: int | None, data: dict[str, Any]) -> None:
        """A connection's chat message (`seat` None: a spectator's): checked, limited,
        stored, then sent to every connection of the room. Raises
        :class:`ProtocolError`, and then nothing is stored or sent."""
        if seat is None:
            raise ProtocolError("unauthorised", reason="chat_spectator")
        kind, text = read_chat(data)
        bucket = self.buckets.get(seat)
        if bucket is None:
            bucket = self.buckets[seat] = TokenBucket(CHAT_RATE, CHAT_BURST, self.now)
        if not bucket.take():
            raise ProtocolError("slow_down")
        await self.load(room)
        held = room.seats.get(seat)
        name = held.nickname if held is not None else f"#{seat + 1}"
        async with self.lock:
            row = ChatRow(self.next_seq, seat, name, kind, text, time.time(), room.seq)
            manager = room.manager
            try:
                await manager.writer.call(manager.store.add_chat, room.id, row)
            except Exception as exc:  # not stored: not sent either
                raise ProtocolError("unavailable", 503) from exc
            self.next_seq += 1
            self.lines.append(row)
            message = encode({"type": "chat", "lines": [line_json(row)]})
            for conn in room.conns:
                conn.send(message)


def chat_router(manager: Callable[[], RoomManager]) -> APIRouter:
    """``GET /api/rooms/{room}/chat``: the whole chat of a finished room."""
    router = APIRouter()

    @router.get("/api/rooms/{room_id}/chat")
    async def room_chat(room_id: str) -> dict[str, Any]:
        """Every chat line of a finished room, in order (403 before the end)."""
        m = manager()
        room = await m.get(room_id)
        if room.status != "finished":
            raise ProtocolError("forbidden", 403, reason="not_over")
        rows = await m.writer.call(m.store.chat, room.id, None)
        return {"room": room.id, "lines": [line_json(row) for row in rows]}

    return router
