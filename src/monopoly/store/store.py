"""The store: tables and the few queries the server needs (see the package docstring).

Every method is synchronous and runs its own transaction, committed before it returns,
unless it is called inside :meth:`Store.batch`: then the batch's one transaction holds it,
committed when the batch ends (a group commit). The server calls them from one worker
thread (:mod:`monopoly.web.writer`), so the order of writes is the order of calls.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable, Iterator
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
    exc,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.pool import StaticPool

SNAPSHOT_EVERY: Final = 200
STATUSES: Final = ("open", "playing", "finished", "expired")

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

# the room's chat (monopoly.web.chat): not part of the game, never in its record
chat_lines = Table(
    "chat_lines",
    metadata,
    Column("room", String(64), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(64), nullable=False),  # the seat's nickname when it was said
    Column("kind", String(16), nullable=False),  # "text" or "reaction"
    Column("text", Text, nullable=False),  # the line, or the reaction's name
    Column("at", Float, nullable=False),
    Column("game_seq", Integer, nullable=False),  # the game's actions applied by then
)

# Several server processes over one PostgreSQL database (monopoly.store.leases): each
# process beats its heartbeat; a room is held by one process at a time, its lease valid
# while its owner's heartbeat is fresh
processes = Table(
    "processes",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("address", String(200), nullable=False),  # where it answers: http://HOST:PORT
    Column("started", Float, nullable=False),
    Column("heartbeat", Float, nullable=False),  # the database's clock, seconds
)

room_leases = Table(
    "room_leases",
    metadata,
    Column("room", String(64), primary_key=True),
    Column("owner", String(32), nullable=False, index=True),
    Column("since", Float, nullable=False),
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


@dataclass(frozen=True, slots=True)
class ChatRow:
    seq: int
    seat: int
    name: str
    kind: str  # "text" or "reaction"
    text: str  # the line, or the reaction's name
    at: float
    game_seq: int


def create_tables(tables: MetaData, engine: Engine) -> None:
    """Create the tables of `tables` that do not exist yet (several server processes may
    start at once: a table another one has just created is not created again)."""
    try:
        tables.create_all(engine)
    except exc.DBAPIError:
        tables.create_all(engine)


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


class LeaseLost(Exception):
    """Action rows of rooms this process no longer holds (another process took them over:
    :mod:`monopoly.store.leases`); nothing of the batch was stored."""

    def __init__(self, rooms: set[str]) -> None:
        super().__init__(f"the rooms {sorted(rooms)} are held by another process")
        self.rooms = rooms


class Store:
    """The rooms, seats, actions and snapshots of one database URL."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine: Engine = _engine(self.url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        create_tables(metadata, self.engine)
        self._insert_action_sql = _insert_sql(self.engine.dialect.paramstyle)
        self._local = threading.local()  # `tx`: the transaction open in the calling thread
        self._kept: list[Connection] = []  # the batches' connections (one per thread)
        self._kept_lock = threading.Lock()
        # the rooms of `rooms` this process still holds, asked in the transaction that
        # appends their actions (None: one process, no leases; monopoly.store.leases)
        self.fence: Callable[[Connection, set[str]], set[str]] | None = None

    def close(self) -> None:
        with self._kept_lock:
            for conn in self._kept:
                with contextlib.suppress(Exception):
                    conn.close()
            self._kept.clear()
        self.engine.dispose()

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Run the calls made in this block (by this thread) in one transaction, committed
        once at its end: one commit, one wait for the disk, for all of them. An exception
        rolls every one of them back."""
        if getattr(self._local, "tx", None) is not None:
            raise RuntimeError("a batch is already open in this thread")
        # the thread keeps its connection from batch to batch: checking one out of the pool
        # and back for every batch cost half again the Python work of a group commit (a
        # lost connection is invalidated by SQLAlchemy, and replaced when next used)
        conn: Connection | None = getattr(self._local, "conn", None)
        if conn is None or conn.closed:
            conn = self._local.conn = self.engine.connect()
            with self._kept_lock:
                self._kept.append(conn)
        with conn.begin():
            self._local.tx = conn
            try:
                yield
            finally:
                self._local.tx = None

    @contextlib.contextmanager
    def _begin(self) -> Iterator[Connection]:
        """The transaction open in this thread (a batch's), else a new one, which the
        calls made inside the block share, committed at its end."""
        tx: Connection | None = getattr(self._local, "tx", None)
        if tx is not None:
            yield tx
            return
        with self.engine.begin() as conn:
            self._local.tx = conn
            try:
                yield conn
            finally:
                self._local.tx = None

    @contextlib.contextmanager
    def _connect(self) -> Iterator[Connection]:
        """For reading: the open batch's connection (it sees the batch's writes), else a
        connection of its own."""
        tx: Connection | None = getattr(self._local, "tx", None)
        if tx is not None:
            yield tx
            return
        with self.engine.connect() as conn:
            yield conn

    # --- rooms and seats

    def create_room(self, room: RoomRow, seat_rows: list[SeatRow]) -> None:
        with self._begin() as conn:
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
        with self._begin() as conn:
            conn.execute(
                update(rooms).where(rooms.c.id == room).values(status=status, updated=time.time())
            )

    def set_config(self, room: str, config: dict[str, Any]) -> None:
        with self._begin() as conn:
            conn.execute(
                update(rooms)
                .where(rooms.c.id == room)
                .values(config=json.dumps(config, sort_keys=True), updated=time.time())
            )

    def touch(self, room: str, when: float) -> None:
        """Someone was in the room at `when` (its ``updated``: monopoly.web.expiry)."""
        with self._begin() as conn:
            conn.execute(update(rooms).where(rooms.c.id == room).values(updated=when))

    def put_seat(self, room: str, row: SeatRow) -> None:
        """Insert or replace one seat."""
        with self._begin() as conn:
            conn.execute(delete(seats).where(seats.c.room == room, seats.c.seat == row.seat))
            conn.execute(insert(seats).values(room=room, **_seat_values(row)))

    def start_room(self, room: str, config: dict[str, Any], seat_rows: list[SeatRow]) -> None:
        """A room's start in one transaction: the seats given to bots at the start, the
        configuration with its start time, the status ``playing``."""
        with self._begin():  # one transaction for the calls below
            for row in seat_rows:
                self.put_seat(room, row)
            self.set_config(room, config)
            self.set_status(room, "playing")

    def remove_seat(self, room: str, seat: int) -> None:
        with self._begin() as conn:
            conn.execute(delete(seats).where(seats.c.room == room, seats.c.seat == seat))

    def room(self, room: str) -> tuple[RoomRow, list[SeatRow]] | None:
        with self._connect() as conn:
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
        with self._connect() as conn:
            return [(_room(r), self._seats(conn, r.id)) for r in conn.execute(query)]

    @staticmethod
    def _seats(conn: Any, room: str) -> list[SeatRow]:
        rows = conn.execute(select(seats).where(seats.c.room == room).order_by(seats.c.seat))
        return [SeatRow(r.seat, r.nickname, r.bot, r.token_hash) for r in rows]

    # --- actions and snapshots

    def append_actions(self, rows: list[tuple[str, int, int, str]]) -> None:
        """Insert ``(room, seq, seat, text)`` rows in one transaction (or the open batch's);
        a duplicate ``(room, seq)`` fails them all, and so does a room that another
        process has taken over (:class:`LeaseLost`, with several processes).

        The server calls this for every action it accepts, from its store thread, while
        its event loop wants the same interpreter lock: so the rows go to the database
        driver as they are, in one ``executemany`` of an insert in the driver's own
        parameter style (SQLAlchemy's compiled insert costs Python work for every row)."""
        if not rows:
            return
        with self._begin() as conn:
            if self.fence is not None:  # several processes: only the rooms still held
                wanted = {row[0] for row in rows}
                lost = wanted - self.fence(conn, wanted)
                if lost:
                    raise LeaseLost(lost)
            conn.exec_driver_sql(self._insert_action_sql, rows)

    def actions(self, room: str, after: int = 0) -> list[ActionRow]:
        """The room's actions with ``seq > after``, in order."""
        with self._connect() as conn:
            rows = conn.execute(
                select(actions.c.seq, actions.c.seat, actions.c.text)
                .where(actions.c.room == room, actions.c.seq > after)
                .order_by(actions.c.seq)
            )
            return [ActionRow(r.seq, r.seat, r.text) for r in rows]

    def save_snapshot(self, room: str, seq: int, data: dict[str, Any]) -> None:
        with self._begin() as conn:
            conn.execute(
                insert(snapshots).values(
                    room=room, seq=seq, data=json.dumps(data, separators=(",", ":"))
                )
            )

    def latest_snapshot(self, room: str) -> tuple[int, dict[str, Any]] | None:
        with self._connect() as conn:
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

    # --- the chat

    def add_chat(self, room: str, row: ChatRow) -> None:
        """Store one chat line (a duplicate ``(room, seq)`` fails)."""
        with self._begin() as conn:
            conn.execute(insert(chat_lines).values(
                room=room, seq=row.seq, seat=row.seat, name=row.name, kind=row.kind,
                text=row.text, at=row.at, game_seq=row.game_seq))

    def chat(self, room: str, last: int | None = None) -> list[ChatRow]:
        """The room's chat lines in order: all, or the `last` ones."""
        query = select(chat_lines).where(chat_lines.c.room == room) \
            .order_by(chat_lines.c.seq.desc())
        if last is not None:
            query = query.limit(last)
        with self._connect() as conn:
            rows = [ChatRow(r.seq, r.seat, r.name, r.kind, r.text, float(r.at), r.game_seq)
                    for r in conn.execute(query)]
        rows.reverse()
        return rows


def _seat_values(s: SeatRow) -> dict[str, Any]:
    return {"seat": s.seat, "nickname": s.nickname, "bot": s.bot, "token_hash": s.token_hash}


def _room(r: Any) -> RoomRow:
    return RoomRow(
        r.id, json.loads(r.config), r.status, int(r.seed), r.seed_hash, r.host_hash,
        float(r.created), float(r.updated),
    )
