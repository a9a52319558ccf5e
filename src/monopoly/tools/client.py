"""A minimal protocol client: one seat over one WebSocket, choosing simple legal actions.

Used by ``monopoly loadtest`` and the server's tests; it shows how little a client needs:
read ``state`` messages, and when the seat is in ``waiting``, send one of its ``legal``
entries (a concrete one as it is; a template filled in).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import orjson

from monopoly.web.ratelimit import BURST, RATE, TokenBucket


def waits_for(raw: str, seat: int) -> bool:
    """Whether the `state` message `raw` (its text) waits for `seat`, read from its
    ``"waiting"`` list without parsing the rest: the server writes that key at the top
    level after the view and the legal entries, and every string in the message is
    escaped, so its last occurrence is that key. True when it is not found (parse it)."""
    at = raw.rfind(',"waiting":[')
    if at < 0:
        return True
    end = raw.find("]", at)
    return str(seat) in raw[at + 12:end].split(",")


def simple_choice(state: dict[str, Any], seat: int) -> str | None:
    """The first concrete legal entry (the pending decision comes first), never a
    resignation while anything else is possible; None when the game does not wait for
    `seat`."""
    if seat not in state.get("waiting", ()):
        return None
    legal = state.get("legal") or []
    for entry in legal:
        if not entry["template"] and entry["kind"] != "resign":
            return str(entry["text"])
    for entry in legal:
        if entry["kind"] == "bid":
            return f"bid {entry['low']}"
    for entry in legal:
        if entry["kind"] == "resign":
            return str(entry["text"])
    return None


@dataclass
class SeatClient:
    """Plays `seat` of a room until the game is over; records every action's round trip
    (from the send to the moment its ``ack`` is read) in `round_trips`: ``(sent, seconds)``,
    `sent` by ``time.perf_counter``.

    It acts only when the game waits for its seat: `chooser` is asked then (with the
    latest state) and never for a state whose ``waiting`` list lacks the seat."""

    url: str  # ws://host:port/ws/ROOM?token=...
    seat: int
    think: float = 0.0
    batch: bool = True  # ask for the messages queued together in one frame (docs/protocol.md)
    round_trips: list[tuple[float, float]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    events_raw: list[str] = field(default_factory=list)  # parsed on demand: `events`
    acked: list[tuple[int, str]] = field(default_factory=list)  # (seq, action) acknowledged
    over: dict[str, Any] | None = None
    hello: dict[str, Any] | None = None
    states: int = 0
    seq: int = 0  # of the latest events message: the actions applied so far
    state_raw: str | None = None  # the latest state, parsed on demand: `last_state`
    keep_states: bool = False  # keep every state message's text in `state_history`
    state_history: list[str] = field(default_factory=list)
    chooser: Callable[[dict[str, Any], int], str | None] = simple_choice
    # a tenth below the server's limit per connection (monopoly.web.ratelimit: a margin
    # for the network's jitter): the client waits rather than send beyond it, where its
    # message would be dropped with a `rate_limited` error
    rate: float = 0.9 * RATE
    burst: float = 0.9 * BURST
    _rng: random.Random = field(default_factory=random.Random)
    # with :meth:`play_through`: the connections lost before the end, and each pause (the
    # seconds from the last message of a lost connection to the first of the next)
    reconnects: int = 0
    pauses: list[float] = field(default_factory=list)
    last_message: float | None = None  # time.perf_counter() of the latest message read

    _parsed: tuple[str, dict[str, Any]] | None = None

    @property
    def last_state(self) -> dict[str, Any] | None:
        """The latest `state` message (parsed only when asked for: a client that acts on
        the latest state need not read the ones in between)."""
        raw = self.state_raw
        if raw is None:
            return None
        if self._parsed is None or self._parsed[0] is not raw:
            self._parsed = (raw, orjson.loads(raw))
        return self._parsed[1]

    @property
    def events(self) -> list[dict[str, Any]]:
        return [json.loads(raw) for raw in self.events_raw]

    def _choice(self) -> str | None:
        """The chooser's action for the latest state, when it waits for this seat."""
        raw = self.state_raw
        if raw is None or not waits_for(raw, self.seat):
            return None
        state = self.last_state
        return None if state is None else self.chooser(state, self.seat)

    async def play(self, timeout: float = 120.0,
                   session: aiohttp.ClientSession | None = None) -> None:
        """Play until the game is over, or until the connection is lost (then `over` is
        None: reconnect with a new client). Many clients may share one `session` (its
        connector without a limit: each WebSocket holds a connection)."""
        url = self.url
        if self.batch:
            url += ("&" if "?" in url else "?") + "batch=1"
        async with contextlib.AsyncExitStack() as stack:
            if session is None:
                session = await stack.enter_async_context(aiohttp.ClientSession(
                    connector=aiohttp.TCPConnector(limit=0)))
            with contextlib.suppress(aiohttp.ClientError, OSError):
                ws = await stack.enter_async_context(session.ws_connect(
                    url, max_msg_size=2**22, compress=0,
                    timeout=aiohttp.ClientWSTimeout(ws_close=10)))
                await asyncio.wait_for(self._play(ws), timeout)

    async def play_through(self, timeout: float = 120.0,
                           session: aiohttp.ClientSession | None = None,
                           retry_for: float = 30.0) -> None:
        """Play until the game is over, connecting again whenever the connection is lost
        (a server process that stopped: the front sends the new connection to the room's
        next process); give up after `retry_for` seconds without a state."""
        deadline = time.monotonic() + timeout
        lost_at: float | None = None  # the last message before the connection was lost
        heard = time.monotonic()
        while self.over is None:
            now = time.monotonic()
            if now >= deadline or now - heard > retry_for:
                return
            self._first_state = None
            # a lost connection's last state may be behind the room's (an action stored
            # but not acknowledged before the loss): act only on the new connection's
            self.state_raw = None
            await self.play(deadline - now, session)
            if self._first_state is not None:  # this connection played
                heard = time.monotonic()
                if lost_at is not None:
                    self.pauses.append(self._first_state - lost_at)
                if self.over is None:
                    self.reconnects += 1
                    lost_at = self.last_message
            if self.over is None:
                await asyncio.sleep(0.1)

    _first_state: float | None = None  # when the latest connection's first state came

    async def _play(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        # One reader task per connection and this loop, which sleeps on a plain future that
        # the reader resolves on every message (no task or wait set per wake-up: a load
        # test runs hundreds of these clients in one process, beside the server).
        loop = asyncio.get_running_loop()
        wake: asyncio.Future[None] | None = None
        # the actions sent and not answered yet: their answer's future, when they were sent
        waiting_ack: dict[str, tuple[asyncio.Future[dict[str, Any] | None], float]] = {}

        def poke() -> None:
            if wake is not None and not wake.done():
                wake.set_result(None)

        async def read() -> None:
            try:
                async for frame in ws:
                    if frame.type == aiohttp.WSMsgType.TEXT:
                        data = frame.data
                    elif frame.type == aiohttp.WSMsgType.BINARY:
                        data = frame.data.decode()
                    else:
                        continue
                    for text in data.split("\n"):
                        if handle(text):
                            return
            finally:  # over, or the connection is lost: nobody waits any more
                for fut, _sent in waiting_ack.values():
                    if not fut.done():
                        fut.set_result(None)
                poke()

        def handle(text: str) -> bool:
            """One message; True once the game is over."""
            self.last_message = time.perf_counter()
            # the server writes "type" first: states and events are kept as text
            if text.startswith('{"type":"state"'):
                if self._first_state is None:
                    self._first_state = self.last_message
                self.state_raw = text
                self.states += 1
                if self.keep_states:
                    self.state_history.append(text)
                poke()
                return False
            if text.startswith('{"type":"events","seq":'):
                self.events_raw.append(text)
                self.seq = int(text[23:text.index(",", 23)])
                return False
            msg = orjson.loads(text)
            kind = msg.get("type")
            if kind == "state":
                self.state_raw = text
                self.states += 1
                if self.keep_states:
                    self.state_history.append(text)
            elif kind == "events":
                self.events_raw.append(text)
            elif kind == "hello":
                self.hello = msg
            elif kind == "over":
                self.over = msg
            elif kind in ("ack", "error"):
                pending = waiting_ack.pop(str(msg.get("id")), None)
                if kind == "error":
                    self.errors.append(msg)
                elif pending is not None:  # the round trip ends when the ack is read
                    self.round_trips.append((pending[1], time.perf_counter() - pending[1]))
                if pending is not None and not pending[0].done():
                    pending[0].set_result(msg)
            poke()
            return self.over is not None

        reader: asyncio.Task[None] = asyncio.create_task(read())
        bucket = TokenBucket(self.rate, self.burst, time.monotonic)
        n = 0
        try:
            while self.over is None and not reader.done():
                choice = self._choice()
                if choice is None:
                    wake = loop.create_future()  # the next message, or the reader's end
                    await wake
                    continue
                if self.think:  # people do not act in step: 0.5 to 1.5 times `think`
                    await asyncio.sleep(self.think * (0.5 + self._rng.random()))
                    choice = self._choice()
                    if choice is None or self.over is not None or reader.done():
                        continue
                while not bucket.take():  # at the rate limit: wait for the next token
                    await asyncio.sleep(1 / self.rate)
                n += 1
                msg_id = f"s{self.seat}-{n}"
                fut: asyncio.Future[dict[str, Any] | None] = loop.create_future()
                waiting_ack[msg_id] = (fut, time.perf_counter())
                await ws.send_str(json.dumps({"type": "action", "id": msg_id, "action": choice}))
                answer = await fut
                if answer is None:  # the reader ended first
                    break
                if answer["type"] == "ack":
                    self.acked.append((int(answer["seq"]), choice))
                else:  # refused: wait for the next state before trying again
                    wake = loop.create_future()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(wake, 1.0)
        finally:
            if not reader.done():
                reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reader
