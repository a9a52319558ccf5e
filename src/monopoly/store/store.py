"""The store: tables and the few queries the server needs (see the package docstring).

Every method is synchronous and runs its own transaction, committed before it returns;
the server calls them from one worker thread (:mod:`monopoly.web.rooms`), so the order of
writes is the order of calls.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import PoolProxiedConnection, StaticPool

SNAPSHOT_EVERY: Final = 200
STATUSES: Final = ("open", "playing", "finished")

metadata = MetaData()

rooms = Table(
    "rooms",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("config", Text, nullable=False),  # JSON: preset, edition, options, seats, ...
    Column("status", String(16), nullable=False, index=True),
    Column("seed", BigInteger, nullable=False),
    Column("seed_hash", String(64), nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)

seats = Table(
    "seats",
    metadata,
    Column("room", String(64), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("nickname", String(64), nullable=False),
    Column("bot", String(32), nullable=True),  # a bot level (easy, medium, hard) or None
    Column("token_hash", String(64), nullable=True),
)

actions = Table(
    "actions",
    metadata,
    Column("room", String(64), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("room", String(64), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("data", Text, nullable=False),
)



def _insert_sql(paramstyle: str) -> str:
    """The action insert in the driver's own parameter style (sqlite3: qmark; psycopg:
    format or pyformat), for :meth:`Store.append_actions`."""
    marks = {"qmark": "?", "format": "%s", "pyformat": "%s", "numeric": ":{n}"}
    if paramstyle not in marks:
        raise ValueError(f"unsupported DB-API parameter style {paramstyle!r}")
    names = [c.name for c in actions.columns]
    values = ", ".join(marks[paramstyle].format(n=n) for n in range(1, len(names) + 1))
    return f"INSERT INTO {actions.name} ({', '.join(names)}) VALUES ({values})"


@dataclass(slots=True)
class RoomRow:
    id: str
    config: dict[str, Any]
    status: str
    seed: int
    seed_hash: str
    host_hash: str
    created: float
    updated: float


@dataclass(slots=True)
class SeatRow:
    seat: int
    nickname: str
    bot: str | None
    token_hash: str | None


@dataclass(frozen=True, slots=True)
class ActionRow:
    seq: int
    seat: int
    text: str


def default_url() -> str:
    """SQLite in the user's data folder: ``.../monopoly/monopoly.sqlite3``."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("monopoly"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'monopoly.sqlite3'}"


def _engine(url: str) -> Engine:
    """The engine of `url`. An in-memory SQLite database is one connection shared by every
    thread (the server writes from a worker thread; a pool per thread would give each
    thread a database of its own)."""
    made = make_url(url)
    if made.get_backend_name() == "sqlite" and made.database in (None, "", ":memory:"):
        return create_engine(url, poolclass=StaticPool,
                             connect_args={"check_same_thread": False})
    return create_engine(url)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # WAL: readers do not block the writer; FULL: a commit survives a power cut.
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()


class Store:
    """The rooms, seats, actions and snapshots of one database URL."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine: Engine = _engine(self.url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)
        self._append_conn: PoolProxiedConnection | None = None  # see append_actions
        self._insert_action_sql = _insert_sql(self.engine.dialect.paramstyle)
        self._dbapi_error = self.engine.dialect.loaded_dbapi.Error
        self._append_lock = threading.Lock()

    def close(self) -> None:
        with self._append_lock:
            if self._append_conn is not None:
                with contextlib.suppress(Exception):
                    self._append_conn.close()
                self._append_conn = None
        self.engine.dispose()

    # --- rooms and seats

    def create_room(self, room: RoomRow, seat_rows: list[SeatRow]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(rooms).values(
                    id=room.id,
                    config=json.dumps(room.config, sort_keys=True),
                    status=room.status,
                    seed=room.seed,
                    seed_hash=room.seed_hash,
                    host_hash=room.host_hash,
                    created=room.created,
                    updated=room.updated,
                )
            )
            for s in seat_rows:
                conn.execute(insert(seats).values(room=room.id, **_seat_values(s)))

    def set_status(self, room: str, status: str) -> None:
        if status not in STATUSES:
            raise ValueError(f"unknown room status {status!r}")
        with self.engine.begin() as conn:
            conn.execute(
                update(rooms).where(rooms.c.id == room).values(status=status, updated=time.time())
            )

    def set_config(self, room: str, config: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(rooms)
                .where(rooms.c.id == room)
                .values(config=json.dumps(config, sort_keys=True), updated=time.time())
            )

    def put_seat(self, room: str, row: SeatRow) -> None:
        """Insert or replace one seat."""
        with self.engine.begin() as conn:
            conn.execute(delete(seats).where(seats.c.room == room, seats.c.seat == row.seat))
            conn.execute(insert(seats).values(room=room, **_seat_values(row)))

    def remove_seat(self, room: str, seat: int) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(seats).where(seats.c.room == room, seats.c.seat == seat))

    def room(self, room: str) -> tuple[RoomRow, list[SeatRow]] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(rooms).where(rooms.c.id == room)).first()
            if row is None:
                return None
            return _room(row), self._seats(conn, room)

    def rooms(
        self, status: str | None = None, limit: int | None = None
    ) -> list[tuple[RoomRow, list[SeatRow]]]:
        """Rooms, newest first (all, or those with `status`; at most `limit`)."""
        query = select(rooms).order_by(rooms.c.created.desc())
        if limit is not None:
            query = query.limit(limit)
        if status is not None:
            query = query.where(rooms.c.status == status)
        with self.engine.connect() as conn:
            return [(_room(r), self._seats(conn, r.id)) for r in conn.execute(query)]

    @staticmethod
    def _seats(conn: Any, room: str) -> list[SeatRow]:
        rows = conn.execute(select(seats).where(seats.c.room == room).order_by(seats.c.seat))
        return [SeatRow(r.seat, r.nickname, r.bot, r.token_hash) for r in rows]

    # --- actions and snapshots

    def append_actions(self, rows: list[tuple[str, int, int, str]]) -> None:
        """Insert ``(room, seq, seat, text)`` rows in one transaction (a group commit); a
        duplicate ``(room, seq)`` fails the whole batch.

        The server calls this for every action it accepts, from its store thread, while
        its event loop wants the same interpreter lock: so this one statement goes straight
        to the database driver (DB-API ``executemany`` and ``commit``) on a connection kept
        for it. Through SQLAlchemy's Core it cost several times the Python work, and each
        step of it a wait for the lock (the loop holds it for up to the switch interval)."""
        if not rows:
            return
        with self._append_lock:
            conn = self._append_conn
            if conn is None:
                conn = self._append_conn = self.engine.raw_connection()
            dbapi_error = self._dbapi_error
            try:
                cur = conn.cursor()
                try:
                    cur.executemany(self._insert_action_sql, rows)
                finally:
                    cur.close()
                conn.commit()
            except Exception as exc:
                # a refused row leaves the connection usable (rolled back, back to the
                # pool); a lost one is discarded, as SQLAlchemy's Connection would do
                self._append_conn = None
                lost = isinstance(exc, dbapi_error) and self.engine.dialect.is_disconnect(
                    exc, conn.dbapi_connection, None)
                with contextlib.suppress(Exception):
                    if lost:
                        conn.invalidate(exc)
                    else:
                        conn.rollback()
                        conn.close()
                if isinstance(exc, dbapi_error):  # as SQLAlchemy raises it (IntegrityError...)
                    raise DBAPIError.instance(self._insert_action_sql, rows, exc, dbapi_error,
                                              connection_invalidated=lost,
                                              dialect=self.engine.dialect) from exc
                raise

    def actions(self, room: str, after: int = 0) -> list[ActionRow]:
        """The room's actions with ``seq > after``, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions.c.seq, actions.c.seat, actions.c.text)
                .where(actions.c.room == room, actions.c.seq > after)
                .order_by(actions.c.seq)
            )
            return [ActionRow(r.seq, r.seat, r.text) for r in rows]

    def save_snapshot(self, room: str, seq: int, data: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(snapshots).values(
                    room=room, seq=seq, data=json.dumps(data, separators=(",", ":"))
                )
            )

    def latest_snapshot(self, room: str) -> tuple[int, dict[str, Any]] | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(snapshots.c.seq, snapshots.c.data)
                .where(snapshots.c.room == room)
                .order_by(snapshots.c.seq.desc())
                .limit(1)
            ).first()
        if row is None:
            return None
        data: dict[str, Any] = json.loads(row.data)
        return int(row.seq), data


def _seat_values(s: SeatRow) -> dict[str, Any]:
    return {"seat": s.seat, "nickname": s.nickname, "bot": s.bot, "token_hash": s.token_hash}


def _room(r: Any) -> RoomRow:
    return RoomRow(
        r.id, json.loads(r.config), r.status, int(r.seed), r.seed_hash, r.host_hash,
        float(r.created), float(r.updated),
    )
