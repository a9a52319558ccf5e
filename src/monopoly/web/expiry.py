"""Rooms nobody is in are closed after a while (docs/protocol.md, "Rooms left alone").

A room gets the status ``expired`` when nobody has been in it for
:attr:`RoomManager.expire_after <monopoly.web.manager.RoomManager.expire_after>` seconds
(a day by default; ``monopoly serve --expire-after SECONDS``, 0: never):

- an open room (not started) with no connection open and nothing done in it (a seat
  joined or removed) for that long;
- a playing room that no connection (a seat's, a spectator's) has been open to for that
  long. Its people are gone; if only bots play, nobody watches them. A room of bots
  alone normally ends within minutes; one still playing after a day unwatched is one that
  does not end (no rule ends it and the bots never ruin each other), and its driver
  would spend the server's time on it for ever: it is closed like the others, not
  finished, since only the rules can give a game a result.

An expired room leaves the lobby's lists (it is listed only when asked for with
``status=expired``), its bots stop, nobody can join, start it or act in it any more
(``conflict``, reason "expired"); the store keeps its rows (the seats and the actions up
to then). A tournament's table is the tournament's: it never expires here.

The time of the room's last activity is :attr:`Room.active <monopoly.web.room.Room.active>`,
kept in the store as the room's ``updated``: written when a connection comes or goes and
at every sweep while one is open, so that a restart does not make an old room new again,
nor an active one old.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Final

from monopoly.web.protocol import ProtocolError

if TYPE_CHECKING:
    from monopoly.web.manager import RoomManager
    from monopoly.web.room import Room

__all__ = ["EXPIRE_AFTER", "LIVE", "expire", "not_open", "run", "sweep", "sweep_every"]

log = logging.getLogger("monopoly.web")

EXPIRE_AFTER: Final = 24 * 3600.0  # a day
LIVE: Final = ("open", "playing")  # the statuses a room can expire from


def sweep_every(age: float) -> float:
    """Seconds between two sweeps for rooms that expire after `age` seconds: a quarter
    of it, from 0.1 s (tests) to 10 minutes."""
    return min(600.0, max(0.1, age / 4))


def not_open(room: Room) -> str:
    """The reason a room that is not open refuses a join or a start."""
    return "expired" if room.status == "expired" else "not_open"


def _in_use(room: Room) -> bool:
    return any(not c.closed for c in room.conns)


async def sweep(manager: RoomManager) -> list[str]:
    """Expire the rooms nobody has been in for ``manager.expire_after`` seconds; note the
    others' connections as activity. Returns the ids of the rooms expired."""
    now = time.time()
    gone = []
    member = manager.member
    if member is not None:  # several processes: the open rooms nobody holds, idle too long
        idle = await manager.writer.call(member.leases.orphans, 100, "open",
                                         now - manager.expire_after)
        for room_id in idle:
            with contextlib.suppress(ProtocolError):
                await manager.get(room_id)  # held here now: expired below
    for room in list(manager.rooms.values()):
        if room.status not in LIVE or room.config.get("tournament") is not None:
            continue
        if _in_use(room):
            manager.seen(room)
        elif now - room.active >= manager.expire_after and await expire(manager, room):
            gone.append(room.id)
    return gone


async def expire(manager: RoomManager, room: Room) -> bool:
    """Close `room` (status ``expired``, in the store first) unless someone came back
    meanwhile. Returns whether it was closed."""
    async with room.lock:
        if room.status not in LIVE or _in_use(room):
            return False
        await manager.writer.call(manager.store.set_status, room.id, "expired")
        room.status = "expired"
    room.wake.set()  # its driver ends
    manager.rooms.pop(room.id, None)
    log.info("room %s expired: nobody was in it for %.0f s", room.id, manager.expire_after)
    return True


async def run(manager: RoomManager) -> None:
    """Sweep every :func:`sweep_every` seconds until the server closes."""
    every = sweep_every(manager.expire_after)
    while not manager.closing:
        await asyncio.sleep(every)
        try:
            await sweep(manager)
        except Exception:  # a failed write: the next sweep tries again
            log.exception("the sweep of expired rooms failed")
