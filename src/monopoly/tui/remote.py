"""A room of a server as the terminal game's table, over the play protocol's WebSocket
(docs/protocol.md).

``monopoly play --connect http://HOST:PORT/#/room/ROOM`` joins the room while it is open
(a free seat, under ``--name``), or watches it; ``#/room/ROOM/seat/TOKEN`` (the seat link
a browser shows) plays that seat again. The table keeps the latest ``state`` message and
the room's log; an action is sent as its canonical text, and the server's refusal comes
back as an ``error`` message shown under the prompt. A lost connection is said so under
the prompt and retried (with the log asked for again, so nothing is missed); the game
itself is the server's and goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any
from urllib.parse import urlencode, urlsplit

import aiohttp

from monopoly.tui.table import LogEntry, Table
from monopoly.tui.texts import tr

__all__ = ["ConnectError", "RemoteTable", "parse_room_url"]

RETRY_SECONDS = (0.5, 1.0, 2.0, 4.0)


class ConnectError(Exception):
    """The room cannot be reached or joined: the message says why."""


def parse_room_url(url: str) -> tuple[str, str, str | None]:
    """``(base, room, token)`` of a room's link ``http://HOST:PORT/#/room/ID`` (with
    ``/seat/TOKEN`` after it: that seat's token); :class:`ValueError` saying what is wrong.

    >>> parse_room_url("http://127.0.0.1:8000/#/room/abc/seat/XYZ")
    ('http://127.0.0.1:8000', 'abc', 'XYZ')
    """
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"{url!r} is not an http:// or https:// link of a server")
    path = [p for p in parts.fragment.split("/") if p]
    if len(path) < 2 or path[0] != "room":
        raise ValueError(f"{url!r} has no room: a room's link ends in #/room/ROOM_ID")
    token = path[3] if len(path) >= 4 and path[2] == "seat" else None
    return f"{parts.scheme}://{parts.netloc}", path[1], token


class RemoteTable(Table):
    """One seat (or a spectator) of a server's room (see the module docstring)."""

    def __init__(self, url: str, lang: str = "en", name: str | None = None) -> None:
        self.base, self.room, self.token = parse_room_url(url)
        self.url = url
        self.lang = lang
        self.nickname = name
        self.local_seats = ()
        self.names = []
        self.board = {}
        self.log = []
        self.error = None
        self.on_change = None
        self.game = "board"
        self.rules: dict[str, Any] | None = None
        self.room_info: dict[str, Any] = {}
        self._state: dict[str, Any] | None = None
        self._over: dict[str, Any] | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._session: aiohttp.ClientSession | None = None
        self._ids = 0
        self._sending: set[asyncio.Task[None]] = set()  # kept until sent (asyncio holds weak refs)
        self.connected = asyncio.Event()
        self._back = False  # the notice says "connected again" (cleared once play goes on)

    def tr(self, text_key: str, /, **params: Any) -> str:
        return tr(self.lang, text_key, **params)

    # ------------------------------------------------------------------ joining
    async def open(self) -> None:
        """Read the room, join it (or not), load its board and rules; ConnectError."""
        self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=15))
        room = await self._get(f"/api/rooms/{self.room}")
        free = [s for s in room.get("seats") or []
                if not s.get("taken") and s.get("bot") is None]
        if self.token is None and room.get("status") == "open" and self.nickname and free:
            joined = await self._post(f"/api/rooms/{self.room}/join",
                                      {"nickname": self.nickname})
            self.token = str(joined["token"])
            room = await self._get(f"/api/rooms/{self.room}")
        self.room_info = room
        self.game = str(room.get("game") or "board")
        lang = self.lang
        if self.game == "board":
            query = {"edition": room.get("edition") or "standard", "lang": lang}
            if room.get("names"):
                query["names"] = room["names"]
            self.board = await self._get("/api/board?" + urlencode(query))
        else:
            self.board = await self._get("/api/deal/deck?" + urlencode({"lang": lang}))
        rules_query = {"game": self.game, "preset": room.get("preset") or "",
                       "options": json.dumps(room.get("options") or {}), "lang": lang}
        if self.game == "board":
            rules_query["edition"] = room.get("edition") or "standard"
        with contextlib.suppress(ConnectError):
            self.rules = await self._get("/api/rules?" + urlencode(rules_query))

    async def _get(self, path: str) -> dict[str, Any]:
        return await self._call("GET", path, None)

    async def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        return await self._call("POST", path, body)

    async def _call(self, method: str, path: str, body: dict[str, Any] | None
                    ) -> dict[str, Any]:
        assert self._session is not None
        try:
            async with self._session.request(method, self.base + path, json=body) as r:
                data = await r.json(content_type=None)
        except (TimeoutError, aiohttp.ClientError, OSError, ValueError) as exc:
            raise ConnectError(self.tr("connection_failed", url=self.base,
                                       reason=str(exc) or type(exc).__name__)) from exc
        if not isinstance(data, dict):
            raise ConnectError(self.tr("connection_failed", url=self.base, reason=path))
        if "error" in data:
            error = data["error"]
            raise ConnectError(str(error.get("message") if isinstance(error, dict) else error))
        return data

    # ------------------------------------------------------------------ playing
    async def run(self) -> None:
        """Read the room's messages until the table is closed, connecting again after a
        lost connection (the log asked for again)."""
        attempt = 0
        while True:
            query = {"lang": self.lang, "batch": "1"}
            if self.token:
                query["token"] = self.token
            ws_url = self.base.replace("http", "ws", 1) + f"/ws/{self.room}?" + urlencode(query)
            assert self._session is not None
            try:
                async with self._session.ws_connect(ws_url, heartbeat=20) as ws:
                    self._ws = ws
                    if attempt:  # said until the game goes on (the log is read again)
                        self.notice, self._back = self.tr("connection_back"), True
                    attempt = 0
                    await ws.send_str(json.dumps({"type": "log"}))
                    self.connected.set()
                    async for message in ws:
                        if message.type != aiohttp.WSMsgType.TEXT:
                            break
                        for line in str(message.data).split("\n"):
                            if line.strip():
                                self._receive(json.loads(line))
                    if ws.close_code in (4401, 4404):  # not this room's seat, no room
                        self.notice = self.tr("connection_failed", url=self.base,
                                              reason=str(ws.close_code))
                        self.changed()
                        return
            except (TimeoutError, aiohttp.ClientError, OSError):
                pass
            self._ws = None
            self.connected.clear()
            self.notice = self.tr("connection_lost")
            self.changed()
            await asyncio.sleep(RETRY_SECONDS[min(attempt, len(RETRY_SECONDS) - 1)])
            attempt += 1

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "hello":
            seat = message.get("seat")
            self.local_seats = (int(seat),) if isinstance(seat, int) else ()
            return
        if kind == "state":
            self._state = message
            self.awaiting = False
            names = message.get("names")
            if names:
                self.names = list(names)
        elif kind == "events":
            if self._back:
                self.notice, self._back = None, False
            texts = tuple(message.get("texts") or ())
            if texts:
                self.log.append(LogEntry(int(message.get("seat", -1)), texts))
        elif kind == "log":
            self.log = [LogEntry(int(e.get("seat", -1)), tuple(e.get("texts") or ()))
                        for e in message.get("entries") or []]
        elif kind == "over":
            self._over = message
        elif kind == "error":
            self.error = str(message.get("message") or message.get("code"))
            self.awaiting = False
        elif kind == "ack":
            self.error = None
        else:
            return
        self.changed()

    def send(self, seat: int, text: str) -> str | None:
        """Send the action; the server's answer comes later (an error under the prompt)."""
        ws = self._ws
        if ws is None or ws.closed:
            self.notice = self.tr("connection_lost")
            self.changed()
            return self.notice
        self._ids += 1
        payload = json.dumps({"type": "action", "id": f"t{self._ids}", "action": text})
        self.awaiting = True
        self.changed()
        task = asyncio.get_running_loop().create_task(ws.send_str(payload))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)
        return None

    async def close(self) -> None:
        """Close the connection (and its session); again is harmless."""
        if self._ws is not None:
            await self._ws.close()
            self._ws = None
        if self._session is not None:
            await self._session.close()
            self._session = None

    # ------------------------------------------------------------------ reading
    def state(self, seat: int | None) -> dict[str, Any] | None:
        return self._state

    def waiting(self) -> list[int]:
        if self._state is None or self.over:
            return []
        return [int(s) for s in self._state.get("waiting") or []]

    @property
    def over(self) -> bool:
        return self._over is not None or (self._state or {}).get("status") == "finished"

    def outcome(self) -> dict[str, Any] | None:
        if self._over is not None:
            return dict(self._over.get("outcome") or {})
        view = (self._state or {}).get("view") or {}
        outcome = view.get("outcome")
        return dict(outcome) if isinstance(outcome, dict) else None
