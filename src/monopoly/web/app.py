"""The FastAPI application: the HTTP routes and the WebSocket of docs/protocol.md.

``create_app(db_url)`` builds an app over one database; uvicorn serves it
(``monopoly serve``). On start-up every unfinished room is rebuilt from the store and its
bots carry on.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Final

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from monopoly.board.errors import MonopolyError
from monopoly.board.options import PRESETS, preset
from monopoly.board.record import replay
from monopoly.bots.board.base import LEVELS
from monopoly.deal.errors import DealError
from monopoly.deal.options import PRESETS as DEAL_PRESETS
from monopoly.deal.options import deal_preset
from monopoly.i18n import LANGUAGES, translation
from monopoly.store import Store
from monopoly.web.protocol import (
    EDITIONS,
    MAX_MESSAGE,
    TIMEOUT_POLICIES,
    board_json,
    error_text,
    meta_json,
)
from monopoly.web.ratelimit import BURST, RATE, TokenBucket
from monopoly.web.replay import replay_router
from monopoly.web.room import (
    Connection,
    ProtocolError,
    Room,
    RoomManager,
    check_lang,
    settle_for_serving,
)

STATIC: Final = Path(str(resources.files("monopoly.web").joinpath("static")))
PLACEHOLDER: Final = """<!doctype html><html><head><meta charset="utf-8">
<title>Monopoly</title></head><body><h1>Monopoly</h1>
<p>The server is running; the browser client is not installed.</p></body></html>"""


class CreateRoom(BaseModel):
    game: str = "board"  # or "deal": Monopoly Deal (preset official/quick, 2-5 seats)
    preset: str = "classic"
    edition: str = "standard"
    options: dict[str, Any] = Field(default_factory=dict)
    seats: int = 4
    bots: dict[str, str] = Field(default_factory=dict)
    nickname: str = ""
    clock: int | None = None
    timeout_policy: str = "bot"


def _check_deal_room(body: CreateRoom) -> None:
    """A Monopoly Deal room's configuration: a preset of the Deal, its options, the
    standard deck, 2-5 seats (DEAL.md § Players)."""
    if body.preset not in DEAL_PRESETS:
        raise ProtocolError("invalid", 400, reason=f"preset {body.preset!r}")
    if body.edition != "standard":
        raise ProtocolError("invalid", 400, reason="edition")
    try:
        deal_preset(body.preset, **body.options)
    except (DealError, TypeError) as exc:
        raise ProtocolError("invalid", 400, reason=str(exc)) from exc
    if not 2 <= body.seats <= 5:
        raise ProtocolError("invalid", 400, reason="seats")


class JoinRoom(BaseModel):
    nickname: str = ""
    seat: int | None = None


class KickSeat(BaseModel):
    seat: int


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    return lang if lang in LANGUAGES else "en"


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _bearer(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return None


def _nickname(value: str) -> str:
    name = " ".join(value.split())
    if len(name) > 24:
        raise ProtocolError("invalid", 400, reason="nickname")
    return name


def create_app(
    db_url: str | None = None,
    *,
    bot_delay: float = 0.5,
    rate: float = RATE,
    burst: float = BURST,
) -> FastAPI:
    """The server over the database at `db_url` (default: SQLite in the user's data
    folder). `bot_delay`: seconds a bot waits before acting (0 in tests); `rate` and
    `burst`: each WebSocket's token bucket (messages per second, burst size)."""
    state: dict[str, RoomManager] = {}

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        settle_for_serving()
        manager = RoomManager(Store(db_url), bot_delay=bot_delay)
        await manager.load()
        state["manager"] = manager
        try:
            yield
        finally:
            await manager.close()

    app = FastAPI(
        title="Monopoly",
        summary="Play Monopoly in the browser: rooms, seats, records (docs/protocol.md).",
        version="1",
        lifespan=lifespan,
    )

    def manager() -> RoomManager:
        return state["manager"]

    @app.exception_handler(ProtocolError)
    async def protocol_error(request: Request, exc: ProtocolError) -> JSONResponse:
        return _error(exc.code, exc.text(_lang(request)), exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        reason = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}"
            for e in exc.errors()
        )
        return _error("invalid", error_text("invalid", _lang(request), reason=reason), 400)

    # --- public data

    @app.get("/api/health")
    async def health() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/api/meta")
    async def meta(lang: str = "en") -> dict[str, Any]:
        return meta_json(lang if lang in LANGUAGES else "en")

    @app.get("/api/ui")
    async def ui(lang: str = "en") -> dict[str, Any]:
        try:  # the client's texts (monopoly.web.ui_text), written with the client
            module = importlib.import_module("monopoly.web.ui_text")
        except ImportError:
            return {}
        texts: dict[str, Any] = module.ui_texts(lang if lang in LANGUAGES else "en")
        return texts

    @app.get("/api/board")
    async def board(edition: str = "standard", lang: str = "en") -> dict[str, Any]:
        if edition not in EDITIONS:
            raise ProtocolError("invalid", 400, reason="edition")
        return board_json(edition, lang if lang in LANGUAGES else "en")

    @app.get("/api/deal/deck")
    async def deal_deck(lang: str = "en") -> dict[str, Any]:
        """Monopoly Deal's cards and colours, named in `lang` (issue 6)."""
        from monopoly.web.games.deal import deck_json

        return deck_json("standard", lang if lang in LANGUAGES else "en")

    # --- rooms

    @app.post("/api/rooms")
    async def create_room(body: CreateRoom) -> dict[str, Any]:
        if body.game == "deal":
            _check_deal_room(body)
        elif body.game != "board":
            raise ProtocolError("invalid", 400, reason=f"game {body.game!r}")
        else:
            if body.preset not in PRESETS:
                raise ProtocolError("invalid", 400, reason=f"preset {body.preset!r}")
            if body.edition not in EDITIONS:
                raise ProtocolError("invalid", 400, reason="edition")
            try:
                preset(body.preset, **body.options)
            except (MonopolyError, TypeError) as exc:
                raise ProtocolError("invalid", 400,
                                    reason=translation("en").error(exc)) from exc
            if not 2 <= body.seats <= 8:
                raise ProtocolError("invalid", 400, reason="seats")
        bots: dict[int, str] = {}
        for key, level in body.bots.items():
            if not key.isdigit() or not 0 <= int(key) < body.seats or level not in LEVELS:
                raise ProtocolError("invalid", 400, reason="bots")
            bots[int(key)] = level
        if body.clock is not None and not 1 <= body.clock <= 3600:
            raise ProtocolError("invalid", 400, reason="clock")
        if body.timeout_policy not in TIMEOUT_POLICIES:
            raise ProtocolError("invalid", 400, reason="policy")
        room, host, seat, token = await manager().create(
            body.preset, body.edition, body.options, body.seats, bots,
            _nickname(body.nickname), body.clock, body.timeout_policy, body.game,
        )
        return {"room": room.id, "host_token": host, "seat": seat, "token": token}

    @app.get("/api/rooms")
    async def list_rooms(
        status: str | None = Query(None), limit: int = Query(100, ge=1, le=500)
    ) -> dict[str, Any]:
        if status is not None and status not in ("open", "playing", "finished"):
            raise ProtocolError("invalid", 400, reason=f"status {status!r}")
        return {"rooms": await manager().listing(status, limit)}

    @app.get("/api/rooms/{room_id}")
    async def get_room(room_id: str) -> dict[str, Any]:
        return (await manager().get(room_id)).public()

    @app.post("/api/rooms/{room_id}/join")
    async def join(room_id: str, body: JoinRoom) -> dict[str, Any]:
        room = await manager().get(room_id)
        seat, token = await manager().join(room, _nickname(body.nickname), body.seat)
        return {"seat": seat, "token": token}

    def _host(room: Room, authorization: str | None) -> None:
        if not room.is_host(_bearer(authorization)):
            raise ProtocolError("forbidden", 403, reason="host")

    @app.post("/api/rooms/{room_id}/start")
    async def start(
        room_id: str, authorization: str | None = Header(None)
    ) -> dict[str, Any]:
        room = await manager().get(room_id)
        _host(room, authorization)
        await manager().start(room)
        return room.public()

    @app.post("/api/rooms/{room_id}/kick")
    async def kick(
        room_id: str, body: KickSeat, authorization: str | None = Header(None)
    ) -> dict[str, Any]:
        room = await manager().get(room_id)
        _host(room, authorization)
        await manager().kick(room, body.seat)
        return room.public()

    @app.get("/api/rooms/{room_id}/record")
    async def record(room_id: str) -> Response:
        lines = await manager().finished_lines(await manager().get(room_id))
        return Response("\n".join(lines) + "\n", media_type="application/x-ndjson",
                        headers={"Content-Disposition":
                                 f'attachment; filename="monopoly-{room_id}.jsonl"'})

    @app.get("/api/rooms/{room_id}/sheet")
    async def sheet(room_id: str, lang: str = "en") -> HTMLResponse:
        from monopoly.narration.board.sheet import render_sheet_html, score_sheet

        room = await manager().get(room_id)
        if room.config.get("game") == "deal":  # its results table is in the game's end
            raise ProtocolError("invalid", 400, reason="a score sheet is for the board game")
        lines = await manager().finished_lines(room)
        game = await asyncio.to_thread(replay, lines, events=True)
        lang = lang if lang in LANGUAGES else "en"
        return HTMLResponse(render_sheet_html(score_sheet(game, lang=lang), lang))

    # --- the WebSocket

    @app.websocket("/ws/{room_id}")
    async def play(websocket: WebSocket, room_id: str, token: str | None = None,
                   lang: str = "en", batch: bool = False) -> None:
        await websocket.accept()
        lang = lang if lang in LANGUAGES else "en"
        try:
            room = await manager().get(room_id)
        except ProtocolError as exc:
            await websocket.send_text(json.dumps(
                {"type": "error", "id": None, "code": exc.code, "message": exc.text(lang)}))
            await websocket.close(code=4404)
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
        async with room.lock:
            room.conns.add(conn)
            conn.send(room.hello(conn))
            conn.send(room.state(seat, lang))
            if room.status == "finished" and room.game is not None and room.game.outcome:
                conn.send({"type": "over", "outcome": room.game.outcome.to_dict(),
                           "seed": room.seed, "seed_hash": room.seed_hash})
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
            with contextlib.suppress(Exception):
                await writer
            room.broadcast_room()
            manager().forget_if_idle(room)

    app.include_router(replay_router(manager))  # a finished game step by step

    # --- the browser client (written beside this module, in static/)

    if (STATIC / "index.html").is_file():
        app.mount("/", StaticFiles(directory=STATIC, html=True), name="static")
    else:

        @app.get("/", include_in_schema=False)
        async def placeholder() -> HTMLResponse:
            return HTMLResponse(PLACEHOLDER)

    return app


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
    queue = conn.queue
    try:
        while True:
            text = await queue.get()
            if text is None:
                break
            if conn.batch and not queue.empty():
                lines = [text]
                while not queue.empty() and (more := queue.get_nowait()) is not None:
                    lines.append(more)
                await websocket.send_text("\n".join(lines))
                if more is None:
                    break
                continue
            await websocket.send_text(text)
    except Exception:
        conn.closed = True
    with contextlib.suppress(Exception):
        await websocket.close()


async def _handle(room: Room, conn: Connection, raw: str | bytes) -> None:
    """One client message; every refusal is an `error` to this connection only."""
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
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
        action = room.parse_action(text)
    except (MonopolyError, DealError, ValueError) as exc:
        conn.send(_err(conn, msg_id, "malformed", reason=translation(conn.lang).error(exc)))
        return
    async with room.lock:  # the table's actions (time, timeout...) are illegal for a seat
        try:
            seq = await room.act(conn.seat, action, by_person=True)
        except ProtocolError as exc:
            params = dict(exc.params)
            if "reason" in params and room.game is not None:
                params["reason"] = translation(conn.lang).text(
                    params["reason"], getattr(room.game, "edition", None))
            conn.send(_err(conn, msg_id, exc.code, **params))
            return
        conn.send({"type": "ack", "id": msg_id, "seq": seq})
