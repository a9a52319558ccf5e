"""The store's writer (monopoly/web/writer.py): while several rooms play, it waits a
moment so that their moves share a commit; one room alone never waits."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import event

from monopoly.store import Store
from monopoly.web import writer as writer_module
from monopoly.web.writer import Writer
from serverkit import sqlite_url


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The worker's waits for company, recorded (and still made)."""
    made: list[float] = []
    sleep = writer_module.time.sleep

    def record(seconds: float) -> None:
        made.append(seconds)
        sleep(seconds)

    monkeypatch.setattr(writer_module.time, "sleep", record)
    return made


def test_one_room_alone_never_waits(tmp_path: Path, waits: list[float]) -> None:
    store = Store(sqlite_url(tmp_path))
    writer = Writer(store, window=0.05)

    async def run() -> None:
        for seq in range(1, 31):  # a chain of moves: each waits for the one before
            await writer.append("r0", seq, 0, "roll")

    asyncio.run(run())
    writer.close()
    assert waits == []
    assert [a.seq for a in store.actions("r0")] == list(range(1, 31))


def test_moves_of_several_rooms_share_a_commit(tmp_path: Path, waits: list[float]) -> None:
    """Once rows of two rooms follow each other, the next batch waits the window, and
    the moves made meanwhile (in other passes of the event loop) share its commit; each
    caller still resumes only once its own row is stored."""
    store = Store(sqlite_url(tmp_path))
    commits: list[int] = []
    event.listen(store.engine, "commit", lambda conn: commits.append(1))
    writer = Writer(store, window=0.5)
    stored: list[bool] = []

    async def move(room: str, seq: int, after: float) -> None:
        await asyncio.sleep(after)
        await writer.append(room, seq, 0, "roll")
        stored.append(any(a.seq == seq for a in store.actions(room)))

    async def run() -> None:
        await writer.append("a", 1, 0, "roll")
        await writer.append("b", 1, 0, "roll")  # two rooms: several are playing
        assert waits == []
        commits.clear()
        await asyncio.gather(*(move(room, 2, 0.02 * n)
                               for n, room in enumerate(["a", "b", "c", "d"])))

    asyncio.run(run())
    writer.close()
    assert waits == [0.5] and len(commits) == 1  # four moves, 60 ms apart in all: one commit
    assert stored == [True] * 4


def test_without_a_window_every_batch_goes_at_once(tmp_path: Path,
                                                   waits: list[float]) -> None:
    store = Store(sqlite_url(tmp_path))
    writer = Writer(store, window=0.0)

    async def run() -> None:
        for seq in range(1, 6):
            await asyncio.gather(writer.append("a", seq, 0, "roll"),
                                 writer.append("b", seq, 0, "roll"))

    asyncio.run(run())
    writer.close()
    assert waits == []
    assert [a.seq for a in store.actions("b")] == [1, 2, 3, 4, 5]


def test_the_rows_of_one_pass_go_to_the_worker_together(tmp_path: Path) -> None:
    """Rows appended in one pass of the event loop reach the worker as one item: one
    transaction, one commit, even without a window; a call made after them is queued
    after them (the order of the writes is kept)."""
    store = Store(sqlite_url(tmp_path))
    commits: list[int] = []
    event.listen(store.engine, "commit", lambda conn: commits.append(1))
    writer = Writer(store, window=0.0)

    async def run() -> None:
        done = asyncio.gather(*(writer.append(f"r{n}", 1, 0, "roll") for n in range(10)))
        await asyncio.sleep(0)  # the appends run, and are handed over at the pass's end
        rows = await writer.call(store.actions, "r9")  # queued after them: sees them
        await done
        assert [a.seq for a in rows] == [1]

    asyncio.run(run())
    writer.close()
    assert len(commits) == 1  # the ten rows together (the read after them commits nothing)
