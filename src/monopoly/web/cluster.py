"""One server process among several over one PostgreSQL database (docs/scaling.md).

The front (HAProxy: :mod:`monopoly.web.front`) sends every request of a room to the same
process, by a consistent hash of the room's id; the process holds the room through its
lease (:mod:`monopoly.store.leases`). A :class:`Member` keeps this process in the
deployment:

- a heartbeat thread renews the process's heartbeat every :data:`HEARTBEAT` seconds;
- a listener thread hears the other processes' notices (PostgreSQL LISTEN/NOTIFY):
  ``rooms`` (the room list changed: the lobby's cached list is dropped),
  ``release ROOM`` (another process was sent the room: this one lets it go) and
  ``released ROOM`` (the room is free: a process waiting for it claims it now);
- a sweeper adopts, every second, the rooms in play whose owner died (kill -9, a lost
  host): it claims their leases and replays their records, and their bots play on.

A request for a room the process does not hold claims it; if a live process holds it,
a request that came through the front asks that process to let the room go and waits
for it (a hand-over: the room's connections there are closed with 1012, "service
restart", and the clients reconnect through the front), and a request that came
straight to this process is told where the room is (``moved``, with the address).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any, Final

from sqlalchemy.engine import Connection, make_url

from monopoly.store import Store
from monopoly.store.leases import LEASE_TTL, NOTICES, Leases
from monopoly.web.protocol import ProtocolError

__all__ = ["FRONT_HEADER", "HANDOVER_WAIT", "HEARTBEAT", "Member"]

log = logging.getLogger("monopoly.web")

HEARTBEAT: Final = 1.0  # seconds between two heartbeats (and two sweeps)
HANDOVER_WAIT: Final = 3.0  # seconds a request waits for the room's holder to let it go
FRONT_HEADER: Final = "x-monopoly-front"  # set by the front on every request it passes on
ADOPT_PER_SWEEP: Final = 200  # rooms adopted by one sweep, at most


class Member:
    """This process in a deployment of several: its id, its leases, its heartbeat and
    its notices. `address`: where the other processes, and redirected clients, reach
    it (``http://HOST:PORT``)."""

    def __init__(self, store: Store, address: str, ttl: float = LEASE_TTL,
                 heartbeat: float = HEARTBEAT) -> None:
        self.id = secrets.token_hex(8)
        self.address = address
        self.leases = Leases(store, self.id, ttl)
        self.heartbeat = heartbeat
        self._stop = threading.Event()
        self._beaten = time.monotonic()  # the last heartbeat stored
        self._threads: list[threading.Thread] = []
        self._released: dict[str, asyncio.Event] = {}  # the rooms waited for
        self._loop: asyncio.AbstractEventLoop | None = None
        self.on_release: Callable[[str], object] = lambda room: None
        self.on_rooms: Callable[[], None] = lambda: None

    def start(self) -> None:
        """Register, fence the store's action rows, start the heartbeat and the listener
        (call from the event loop that serves the rooms)."""
        self._loop = asyncio.get_running_loop()
        self.leases.register(self.address)
        self.leases.store.fence = self.leases.held
        for target, name in ((self._beat, "heartbeat"), (self._listen, "notices")):
            thread = threading.Thread(target=target, name=f"monopoly-{name}", daemon=True)
            thread.start()
            self._threads.append(thread)

    def stop(self) -> None:
        """Leave the deployment: every room held is free at once."""
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=5)
        with contextlib.suppress(Exception):
            self.leases.retire()

    def trusted(self) -> bool:
        """Whether this process's heartbeat is recent enough (half a lease) for its rooms
        in memory to be surely its own: after a freeze, or a lost database, another
        process may have taken them over meanwhile."""
        return time.monotonic() - self._beaten < self.leases.ttl / 2

    # --- the threads

    def _beat(self) -> None:
        engine = self.leases.store.engine
        conn: Connection | None = None  # kept from beat to beat
        while not self._stop.wait(self.heartbeat):
            try:
                conn = conn or engine.connect()
                if not self.leases.beat(conn):
                    log.error("this process was taken for dead: registering again")
                    self.leases.register(self.address)
                self._beaten = time.monotonic()
            except Exception as exc:  # the database is away: a new connection next beat
                log.error("heartbeat failed: %r", exc)
                if conn is not None:
                    with contextlib.suppress(Exception):
                        conn.close()
                conn = None
        if conn is not None:
            conn.close()

    def _listen(self) -> None:
        import psycopg

        url = make_url(self.leases.store.url).set(drivername="postgresql")
        dsn = url.render_as_string(hide_password=False)
        while not self._stop.is_set():
            try:
                with psycopg.connect(dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTICES}")
                    self._call(self.on_rooms)  # what was said while away is not known
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=0.5):
                            self._call(self._heard, notice.payload)
            except Exception as exc:
                log.error("notices lost: %r", exc)
                self._stop.wait(self.heartbeat)

    def _call(self, fn: Callable[..., None], *args: object) -> None:
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closed
                loop.call_soon_threadsafe(fn, *args)

    def _heard(self, payload: str) -> None:
        kind, _, room = payload.partition(" ")
        if kind == "rooms":
            self.on_rooms()
        elif kind == "release":
            room, _, wanted_by = room.partition(" ")
            if wanted_by != self.id:
                self.on_release(room)
        elif kind == "released":
            event = self._released.get(room)
            if event is not None:
                event.set()

    # --- rooms

    async def acquire(self, room: str, run: Callable[..., Awaitable[Any]], *,
                      via_front: bool = True) -> None:
        """Hold `room` (a claim; else a hand-over from its live holder, for a request
        that came through the front), the lease queries made by `run` (the store's
        writer: :meth:`Writer.call`). Raises ``moved`` (307, with the holder's address)
        for a request that came straight here, ``busy`` (503: try again) when the holder
        does not let the room go in :data:`HANDOVER_WAIT` seconds."""
        holder = await run(self.leases.claim, room)
        if holder is None:
            return
        if not via_front:
            raise ProtocolError("moved", 307, address=str(holder))
        event = self._released.setdefault(room, asyncio.Event())
        try:
            await run(self.leases.notify, f"release {room} {self.id}")
            deadline = asyncio.get_running_loop().time() + HANDOVER_WAIT
            while (left := deadline - asyncio.get_running_loop().time()) > 0:
                event.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), min(left, 0.25))
                if await run(self.leases.claim, room) is None:
                    return
        finally:
            self._released.pop(room, None)
        raise ProtocolError("busy", 503)

