"""The tournaments' tables: one row per tournament, one row per operation of its log.

A tournament is its log (:mod:`monopoly.tournament.state`): every accepted operation is one
row, ``(tournament, seq)`` its primary key, committed before the operation is answered, so
a restart at any moment (kill -9 included) loses nothing that was answered and replays to
the same state. The same tables work on SQLite and PostgreSQL (they share the database of
the server's rooms, :class:`~monopoly.store.store.Store`).

The tournament's secret (the key its personal links are derived from) stays in its row;
the links are never stored.

Example::

    >>> from monopoly.store import Store
    >>> book = TournamentBook(Store("sqlite://"))
    >>> book.create("cup", "Cup", b"k" * 32, {"seq": 1, "at": 0.0, "actor": "chief",
    ...             "kind": "created", "data": {}})
    >>> [op["kind"] for op in book.ops("cup")]
    ['created']
"""

from __future__ import annotations

import json
import time
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    insert,
    select,
    update,
)

from monopoly.store.store import Store, create_tables

__all__ = ["TournamentBook"]

metadata = MetaData()

tournaments = Table(
    "tournaments",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("name", String(160), nullable=False),
    Column("secret", LargeBinary, nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)

tournament_ops = Table(
    "tournament_ops",
    metadata,
    Column("tournament", String(64), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("at", Float, nullable=False),
    Column("actor", String(32), nullable=False),
    Column("kind", String(32), nullable=False),
    Column("data", Text, nullable=False),
)


class TournamentBook:
    """The tournaments of one store's database."""

    def __init__(self, store: Store) -> None:
        self.store = store
        create_tables(metadata, store.engine)

    def create(self, tid: str, name: str, secret: bytes, first: dict[str, Any]) -> None:
        """A new tournament with its first operation (``created``), in one transaction."""
        now = time.time()
        with self.store.engine.begin() as conn:
            conn.execute(insert(tournaments).values(
                id=tid, name=name, secret=secret, created=now, updated=now))
            conn.execute(insert(tournament_ops).values(tournament=tid, **_op_values(first)))

    def append(self, tid: str, op: dict[str, Any], name: str | None = None) -> None:
        """Store one operation (a duplicate seq fails: two writers never both succeed)."""
        with self.store.engine.begin() as conn:
            conn.execute(insert(tournament_ops).values(tournament=tid, **_op_values(op)))
            values: dict[str, Any] = {"updated": time.time()}
            if name is not None:
                values["name"] = name
            conn.execute(update(tournaments).where(tournaments.c.id == tid).values(**values))

    def secret(self, tid: str) -> bytes | None:
        with self.store.engine.connect() as conn:
            row = conn.execute(select(tournaments.c.secret)
                               .where(tournaments.c.id == tid)).first()
        return None if row is None else bytes(row.secret)

    def ops(self, tid: str) -> list[dict[str, Any]]:
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                select(tournament_ops).where(tournament_ops.c.tournament == tid)
                .order_by(tournament_ops.c.seq))
            return [{"seq": r.seq, "at": r.at, "actor": r.actor, "kind": r.kind,
                     "data": json.loads(r.data)} for r in rows]

    def listing(self) -> list[dict[str, Any]]:
        """Every tournament, newest first: id, name, created, updated."""
        with self.store.engine.connect() as conn:
            rows = conn.execute(select(tournaments.c.id, tournaments.c.name,
                                       tournaments.c.created, tournaments.c.updated)
                                .order_by(tournaments.c.created.desc()))
            return [{"id": r.id, "name": r.name, "created": r.created, "updated": r.updated}
                    for r in rows]


def _op_values(op: dict[str, Any]) -> dict[str, Any]:
    return {"seq": op["seq"], "at": op["at"], "actor": op["actor"], "kind": op["kind"],
            "data": json.dumps(op["data"], sort_keys=True, separators=(",", ":"))}
