"""Persistence of the server's rooms: SQLAlchemy 2 Core, SQLite by default,
PostgreSQL by URL (``postgresql+psycopg://...``), the same code for both.

A game is its record: a room row (its configuration, the seed and its hash), one row per
seat, one row per accepted action (``(room, seq)`` is the primary key, so nothing is ever
stored twice) and a snapshot every :data:`SNAPSHOT_EVERY` actions, so that a restart
rebuilds a room by replaying only the actions after its latest snapshot.

Example::

    >>> store = Store("sqlite://")
    >>> store.create_room(RoomRow("r1", {"seats": 2}, "open", 7, "h", "x", 0.0, 0.0), [])
    >>> store.append_actions([("r1", 1, 0, "roll")])
    >>> [a.text for a in store.actions("r1")]
    ['roll']
"""

from monopoly.store.store import (
    SNAPSHOT_EVERY,
    ActionRow,
    ChatRow,
    LeaseLost,
    RoomRow,
    SeatRow,
    Store,
    default_url,
)

__all__ = ["SNAPSHOT_EVERY", "ActionRow", "ChatRow", "LeaseLost", "RoomRow", "SeatRow", "Store",
           "default_url"]
