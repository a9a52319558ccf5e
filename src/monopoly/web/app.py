"""The FastAPI application: the routes of docs/protocol.md over one database.

``create_app(db_url)`` builds an app over one database; uvicorn serves it
(``monopoly serve``). On start-up every unfinished room is rebuilt from the store and its
bots carry on. The routes are in :mod:`monopoly.web.routes` (the lobby, the results of
finished games, the WebSocket); this module puts them together with the room manager, the
error answers and the browser client (``static/``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from monopoly.i18n import LANGUAGES
from monopoly.store import Store
from monopoly.web.chat import chat_router
from monopoly.web.cluster import FRONT_HEADER
from monopoly.web.expiry import EXPIRE_AFTER
from monopoly.web.manager import VIA_FRONT, RoomManager, settle_for_serving
from monopoly.web.protocol import ProtocolError, error_text
from monopoly.web.ratelimit import BURST, RATE
from monopoly.web.routes.lobby import lobby_router
from monopoly.web.routes.play import play_router
from monopoly.web.routes.results import results_router
from monopoly.web.routes.rules import rules_router
from monopoly.web.routes.tournament import tournament_router
from monopoly.web.tournament import Hall
from monopoly.web.writer import COMMIT_WINDOW

__all__ = ["create_app"]

STATIC: Final = Path(str(resources.files("monopoly.web").joinpath("static")))
_FRONT: Final = FRONT_HEADER.encode()
GZIP_MINIMUM: Final = 1024  # bytes: smaller responses go out as they are
PLACEHOLDER: Final = """<!doctype html><html><head><meta charset="utf-8">
<title>Monopoly</title></head><body><h1>Monopoly</h1>
<p>The server is running; the browser client is not installed.</p></body></html>"""


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    return lang if lang in LANGUAGES else "en"


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def create_app(
    db_url: str | None = None,
    *,
    bot_delay: float = 0.5,
    rate: float = RATE,
    burst: float = BURST,
    expire_after: float = EXPIRE_AFTER,
    commit_window: float = COMMIT_WINDOW,
    member: str | None = None,
    hall: bool = True,
) -> FastAPI:
    """The server over the database at `db_url` (default: SQLite in the user's data
    folder). `bot_delay`: seconds a bot waits before acting (0 in tests); `rate` and
    `burst`: each WebSocket's token bucket (messages per second, burst size);
    `expire_after`: seconds before a room nobody is in is closed (a day; 0: never;
    :mod:`monopoly.web.expiry`); `commit_window`: seconds the store's writer waits, while
    several rooms play, for more writes to share a commit (:class:`Writer`; 0: none);
    `member`: this process's address (``http://HOST:PORT``) in a deployment of several
    processes over one PostgreSQL database (:mod:`monopoly.web.cluster`), else None;
    `hall`: whether this process runs the tournaments (with several processes, one does:
    the front sends it their pages and their tables)."""
    state: dict[str, Any] = {}

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        settle_for_serving()
        store = Store(db_url)
        joined = None
        if member is not None:
            from monopoly.web.cluster import Member

            joined = Member(store, member)
            joined.start()
        manager = RoomManager(store, bot_delay=bot_delay, expire_after=expire_after,
                              commit_window=commit_window, member=joined)
        tournaments = Hall(manager, manager.store)
        if hall:
            tournaments.preload()  # the tournaments first: their tables play on their clocks
        await manager.load()
        if hall:
            await tournaments.settle()
        manager.start_expiry()
        manager.start_cluster()
        state["manager"] = manager
        state["hall"] = tournaments
        try:
            yield
        finally:
            await manager.close()
            if joined is not None:
                joined.stop()

    app = FastAPI(
        title="Monopoly",
        summary="Play Monopoly in the browser: rooms, seats, records (docs/protocol.md).",
        version="1",
        lifespan=lifespan,
    )

    def manager() -> RoomManager:
        found: RoomManager = state["manager"]
        return found

    def the_hall() -> Hall:
        found: Hall = state["hall"]
        return found

    @app.exception_handler(ProtocolError)
    async def protocol_error(request: Request, exc: ProtocolError) -> JSONResponse:
        if exc.code == "moved":  # the room is another process's: the same request there
            answer = _error(exc.code, exc.text(_lang(request)), exc.status)
            target = str(exc.params["address"]).rstrip("/") + request.url.path
            if request.url.query:
                target += "?" + request.url.query
            answer.headers["location"] = target
            return answer
        return _error(exc.code, exc.text(_lang(request)), exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        reason = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}"
            for e in exc.errors()
        )
        return _error("invalid", error_text("invalid", _lang(request), reason=reason), 400)

    if member is not None:
        app.add_middleware(FrontMark)

    # gzip for the page's modules, its JSON and the printouts over 1 KB (the WebSockets are
    # not compressed; a response already encoded, as the replay, is sent as it is)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM, compresslevel=6)

    app.include_router(lobby_router(manager))
    app.include_router(results_router(manager))  # a finished game: record, sheet, replay
    app.include_router(rules_router())  # a room's rules in words (the page's help)
    app.include_router(play_router(manager, rate, burst))
    app.include_router(chat_router(manager))  # a room's chat (a finished room's, whole)
    app.include_router(tournament_router(the_hall))  # tournaments: console, tables, printouts

    # --- the browser client (written beside this module, in static/)

    if (STATIC / "index.html").is_file():
        app.mount("/", StaticFiles(directory=STATIC, html=True), name="static")
    else:

        @app.get("/", include_in_schema=False)
        async def placeholder() -> HTMLResponse:
            return HTMLResponse(PLACEHOLDER)

    return app


class FrontMark:
    """Notes whether a request came through the front (its header, which the front sets:
    :data:`monopoly.web.cluster.FRONT_HEADER`) in :data:`VIA_FRONT`, for the request's
    handler (plain ASGI: the WebSockets pass through it too)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            VIA_FRONT.set(any(name == _FRONT for name, _ in scope["headers"]))
        await self.app(scope, receive, send)
