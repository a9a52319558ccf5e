"""The WebSocket of a seat (or a spectator): ``/ws/{room}?token=T&lang=L[&batch=1]``
(docs/protocol.md, "WebSocket").

A connection is authorised once, by its seat token (none: a spectator); then it receives
the room's messages (:class:`~monopoly.web.room.Connection`: one queue, written in order
by :func:`_write`) and sends its own, each handled by :func:`_handle`: an action is read
by the room's game adapter (``parse_action``) and played by :meth:`Room.act
<monopoly.web.room.Room.act>` under the room's lock, which stores it before it is applied
and acknowledged.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from monopoly.core.errors import MonopolyError
from monopoly.i18n import LANGUAGES, translation
from monopoly.web.manager import RoomManager
from monopoly.web.protocol import MAX_MESSAGE, ProtocolError, check_lang, error_text
from monopoly.web.ratelimit import TokenBucket
from monopoly.web.room import Connection, Room

__all__ = ["play_router"]


LOG_EVERY = 2.0  # seconds between two log messages asked by one connection (each a replay)


def play_router(manager: Callable[[], RoomManager], rate: float, burst: float) -> APIRouter:
    """The WebSocket route over the app's rooms; `rate` and `burst`: each connection's
    token bucket (messages per second, burst size)."""
    router = APIRouter()

    @router.websocket("/ws/{room_id}")
    async def play(websocket: WebSocket, room_id: str, token: str | None = None,
                   lang: str = "en", batch: bool = False) -> None:
        await websocket.accept()
        lang = lang if lang in LANGUAGES else "en"
        try:
            room = await manager().get(room_id)
        except ProtocolError as exc:
            error = {"type": "error", "id": None, "code": exc.code, "message": exc.text(lang)}
            if exc.code == "moved":  # another process holds the room: where it is
                error["address"] = exc.params["address"]
            await websocket.send_text(json.dumps(error))
            # 4404: no such room; 4307: it is served elsewhere; 1013: try again later
            await websocket.close(code={"not_found": 4404, "moved": 4307}.get(exc.code, 1013))
            return
        seat: int | None = None
        if token:
            seat = room.seat_of_token(token)
            if seat is None:
                await websocket.send_text(json.dumps({
                    "type": "error", "id": None, "code": "unauthorised",
                    "message": error_text("unauthorised", lang, reason="token")}))
                await websocket.close(code=4401)
                return
        conn = Connection(seat, lang, batch)
        writer = asyncio.create_task(_write(websocket, conn))
        with contextlib.suppress(Exception):  # no history then; a line said loads it again
            await room.chat.load(room)
        async with room.lock:
            if room.moved:  # another process took the room meanwhile: connect there
                conn.close(1012)
                with contextlib.suppress(Exception):
                    await writer
                return
            room.conns.add(conn)
            conn.send(room.hello(conn))
            conn.send(room.state(seat, lang))
            over = room.over_message()
            if room.status == "finished" and over is not None:
                conn.send(over)
            said = room.chat.history()  # the chat's last lines
            if said is not None:
                conn.send(said)
        room.broadcast_room()
        bucket = TokenBucket(rate, burst, time.monotonic)
        try:
            while not conn.closed:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    data_bytes = message.get("bytes") or b""
                    size = len(data_bytes)
                else:
                    size = len(raw.encode("utf-8"))
                if not bucket.take():
                    conn.send(_err(conn, None, "rate_limited"))
                    continue
                if size > MAX_MESSAGE:
                    conn.send(_err(conn, None, "too_large", limit=MAX_MESSAGE))
                    continue
                await _handle(room, conn, raw if raw is not None else data_bytes)
        except WebSocketDisconnect:
            pass
        finally:
            conn.close()
            room.conns.discard(conn)
            manager().seen(room)  # the room's age (monopoly.web.expiry) counts from now
            with contextlib.suppress(Exception):
                await writer
            room.broadcast_room()
            manager().forget_if_idle(room)

    return router


def _err(conn: Connection, msg_id: object, code: str, **params: Any) -> dict[str, Any]:
    return {
        "type": "error",
        "id": msg_id if isinstance(msg_id, str | int) else None,
        "code": code,
        "message": error_text(code, conn.lang, **params),
    }


async def _write(websocket: WebSocket, conn: Connection) -> None:
    """Send the connection's queued messages in order until it closes. With `batch`, the
    messages queued together (an action's events, the new state, the ack) go in one frame,
    one per line: a frame costs the server and the client far more than its length."""
    try:
        while (text := await conn.next_frame()) is not None:
            await websocket.send_text(text)
    except Exception:
        conn.closed = True
    with contextlib.suppress(Exception):
        await websocket.close(code=conn.close_code)


async def _handle(room: Room, conn: Connection, raw: str | bytes) -> None:
    """One client message; every refusal is an `error` to this connection only."""
    try:
        # orjson refuses what would raise elsewhere in the handler: JSON nested deeper
        # than 1,024 levels, integers past 64 bits (Python's json would recurse past its
        # limit, or fail converting a 10,000-digit number), invalid UTF-8
        data = orjson.loads(raw)
    except (orjson.JSONDecodeError, ValueError, RecursionError):
        conn.send(_err(conn, None, "malformed", reason="json"))
        return
    if not isinstance(data, dict):
        conn.send(_err(conn, None, "malformed", reason="json"))
        return
    msg_id = data.get("id")
    kind = data.get("type")
    if kind == "ping":
        conn.send({"type": "pong"})
        return
    if kind == "lang":
        try:
            conn.lang = check_lang(data.get("lang"))
        except ProtocolError as exc:
            conn.send(_err(conn, msg_id, exc.code, **exc.params))
            return
        async with room.lock:
            conn.send(room.state(conn.seat, conn.lang))
        return
    if kind == "log":  # the log in the connection's language (a replay: once in a while)
        now = time.monotonic()
        if now - conn.log_asked < LOG_EVERY:
            conn.send(_err(conn, msg_id, "rate_limited"))
            return
        conn.log_asked = now
        conn.send(await room.manager.history(room, conn.lang))
        return
    if kind == "chat":
        try:
            await room.chat.say(room, conn.seat, data)
        except ProtocolError as exc:
            conn.send(_err(conn, msg_id, exc.code, **exc.params))
        return
    if kind != "action":
        conn.send(_err(conn, msg_id, "malformed", reason="type"))
        return
    text = data.get("action")
    if not isinstance(text, str):
        conn.send(_err(conn, msg_id, "malformed", reason="field"))
        return
    if conn.seat is None:
        conn.send(_err(conn, msg_id, "unauthorised", reason="spectator"))
        return
    try:
        action = room.adapter.parse_action(text)
    except (MonopolyError, ValueError) as exc:
        conn.send(_err(conn, msg_id, "malformed", reason=translation(conn.lang).error(exc)))
        return
    async with room.lock:  # the table's actions (time, timeout...) are illegal for a seat
        try:
            seq = await room.act(conn.seat, action, by_person=True)
        except ProtocolError as exc:
            params = dict(exc.params)
            if "reason" in params and room.play is not None:
                params["reason"] = room.play.reason(params["reason"], conn.lang)
            conn.send(_err(conn, msg_id, exc.code, **params))
            return
        conn.send({"type": "ack", "id": msg_id, "seq": seq})
