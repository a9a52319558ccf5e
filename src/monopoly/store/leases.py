"""Which server process holds which room, when several share one PostgreSQL database
(docs/scaling.md).

Every process has a row in ``processes`` whose heartbeat it renews every second (the
database's own clock, so the hosts' clocks need not agree). A room is held through its
row in ``room_leases``: the lease is valid while its owner's heartbeat is younger than
`ttl` seconds. A process claims a room whose lease is free, its own, or its dead owner's,
in one statement (``INSERT ... ON CONFLICT DO UPDATE ... WHERE``), so two processes never
both get it. The fence (:meth:`Leases.held`) locks the lease rows of the rooms whose
actions a transaction appends (``FOR SHARE``): a takeover waits for that transaction,
and a transaction of a process that lost its lease stores nothing (:class:`LeaseLost`).

Example (on PostgreSQL)::

    leases = Leases(store, "p1", ttl=3.0)
    leases.register("http://10.0.0.5:8001")
    leases.claim("room-id")   # None: held now; else the address of its live holder
"""

from __future__ import annotations

import time
from typing import Final

from sqlalchemy import text
from sqlalchemy.engine import Connection

from monopoly.store.store import LeaseLost, Store

__all__ = ["LEASE_TTL", "NOTICES", "LeaseLost", "Leases"]

LEASE_TTL: Final = 3.0  # seconds without a heartbeat before a process counts as dead
NOTICES: Final = "monopoly"  # the LISTEN/NOTIFY channel of the processes

_NOW: Final = "EXTRACT(EPOCH FROM clock_timestamp())"

_CLAIM: Final = text(f"""
INSERT INTO room_leases (room, owner, since) VALUES (:room, :me, {_NOW})
ON CONFLICT (room) DO UPDATE SET owner = EXCLUDED.owner, since = EXCLUDED.since
WHERE room_leases.owner = EXCLUDED.owner OR NOT EXISTS (
    SELECT 1 FROM processes p
    WHERE p.id = room_leases.owner AND p.heartbeat > {_NOW} - :ttl)
RETURNING owner
""")

_HOLDER: Final = text("""
SELECT p.address FROM room_leases l JOIN processes p ON p.id = l.owner WHERE l.room = :room
""")

# the rooms of a status that no live process holds (in play: their bots wait for an
# owner; open and idle: nobody expires them), last changed before a time
_ORPHANS: Final = text(f"""
SELECT r.id FROM rooms r
LEFT JOIN room_leases l ON l.room = r.id
LEFT JOIN processes p ON p.id = l.owner AND p.heartbeat > {_NOW} - :ttl
WHERE r.status = :status AND p.id IS NULL AND r.updated < :before
ORDER BY r.created LIMIT :limit
""")

_HELD: Final = text("""
SELECT room FROM room_leases WHERE owner = :me AND room = ANY(:rooms) FOR SHARE
""")


class Leases:
    """The leases of process `me` over `store` (PostgreSQL): registration, heartbeat,
    claims, releases, the fence of its action rows, and notices to the other processes."""

    def __init__(self, store: Store, me: str, ttl: float = LEASE_TTL) -> None:
        if store.engine.dialect.name != "postgresql":
            raise ValueError("several server processes need PostgreSQL (--db "
                             "postgresql+psycopg://...)")
        self.store = store
        self.me = me
        self.ttl = ttl

    def register(self, address: str) -> None:
        """This process, reachable at `address`, alive from now."""
        with self.store.engine.begin() as conn:
            conn.execute(text(f"""
                INSERT INTO processes (id, address, started, heartbeat)
                VALUES (:me, :address, :started, {_NOW})
                ON CONFLICT (id) DO UPDATE SET address = EXCLUDED.address,
                    heartbeat = EXCLUDED.heartbeat"""),
                {"me": self.me, "address": address, "started": time.time()})

    def beat(self, conn: Connection) -> bool:
        """Renew the heartbeat (on the heartbeat thread's own connection); False when this
        process's row is gone (taken for dead and removed: its leases may be lost)."""
        done = conn.execute(text(f"UPDATE processes SET heartbeat = {_NOW} WHERE id = :me"),
                            {"me": self.me})
        conn.commit()
        return bool(done.rowcount)

    def claim(self, room: str) -> str | None:
        """Take `room` if it is free, ours, or its owner is dead: None. Else the address
        of the live process that holds it."""
        with self.store.engine.begin() as conn:
            got = conn.execute(_CLAIM, {"room": room, "me": self.me, "ttl": self.ttl}).first()
            if got is not None:
                return None
            holder = conn.execute(_HOLDER, {"room": room}).scalar()
            return str(holder) if holder is not None else ""

    def release(self, room: str) -> None:
        """Let `room` go (its writes before this call are committed: the store's worker
        runs the calls in order) and tell the other processes."""
        with self.store.engine.begin() as conn:
            conn.execute(text("DELETE FROM room_leases WHERE room = :room AND owner = :me"),
                         {"room": room, "me": self.me})
            self._notify(conn, f"released {room}")

    def retire(self) -> None:
        """This process stops: every room it holds is free at once (not in `ttl`)."""
        with self.store.engine.begin() as conn:
            conn.execute(text("DELETE FROM room_leases WHERE owner = :me"), {"me": self.me})
            conn.execute(text("DELETE FROM processes WHERE id = :me"), {"me": self.me})
            self._notify(conn, "rooms")

    def orphans(self, limit: int = 100, status: str = "playing",
                before: float = float("inf")) -> list[str]:
        """Rooms of `status` (in play: their owner died) that no live process holds,
        last changed before `before` (a time.time())."""
        with self.store.engine.connect() as conn:
            found = conn.execute(_ORPHANS, {"ttl": self.ttl, "limit": limit,
                                            "status": status, "before": before})
            return [str(r) for r in found.scalars()]

    def held(self, conn: Connection, rooms: set[str]) -> set[str]:
        """The fence (:attr:`Store.fence`): which of `rooms` this process holds, their
        leases locked until `conn`'s transaction ends."""
        found = conn.execute(_HELD, {"me": self.me, "rooms": sorted(rooms)}).scalars()
        return {str(r) for r in found}

    def notify(self, message: str) -> None:
        """Tell every process (this one too) `message` on :data:`NOTICES`."""
        with self.store.engine.begin() as conn:
            self._notify(conn, message)

    @staticmethod
    def _notify(conn: Connection, message: str) -> None:
        conn.execute(text("SELECT pg_notify(:channel, :message)"),
                     {"channel": NOTICES, "message": message})

