"""The store's writer: every write of the server, group-committed from one worker thread.

The rooms never call the :class:`~monopoly.store.Store` directly: they queue its calls on
one :class:`Writer`, in the order the rooms make them, and await their commit. The event
loop never waits for the disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from monopoly.store import Store

__all__ = ["Writer"]

log = logging.getLogger("monopoly.web")

T = TypeVar("T")

#: seconds the worker waits, when several rooms are playing, for more jobs to share a
#: commit (monopoly serve --commit-window)
COMMIT_WINDOW: Final = 0.005
#: rows of two rooms within this many seconds: several rooms are playing
BUSY: Final = 0.05


class Writer:
    """The store, used from one worker thread, in the order of the calls.

    Every write is group-committed: the worker takes every job queued since its last
    transaction (action rows, a new room, a seat, a status...) and runs them in one
    transaction (:meth:`Store.batch`), so the jobs that arrived while a commit (its fsync)
    ran share the next commit, and each caller's ``await`` returns only once its own job is
    committed. Should the batch fail, its jobs run again each alone, in order, so that one
    bad job fails no other. The event loop never waits for the disk: while the worker
    commits, the loop goes on serving the other rooms (a commit with ``synchronous=FULL``
    takes milliseconds of I/O wait, but little CPU). The worker hands its results back in
    one wake-up of the loop per batch.

    A transaction, its commit and the two thread switches cost about 0.4 ms of CPU
    whether it holds one row or twenty, and a commit is fast enough that, without a wait,
    almost every batch holds one row. So while several rooms are playing, the worker
    waits `window` seconds (5 ms) before it takes the jobs queued: they share the commit.
    The rows appended in one pass of the event loop are handed to the worker together.
    """

    def __init__(self, store: Store, window: float = COMMIT_WINDOW) -> None:
        self.store = store
        # each item: jobs to run in order (a call alone, or the rows of one pass of the
        # event loop); None: stop
        self._jobs: queue.SimpleQueue[list[_Job] | None] = queue.SimpleQueue()
        # the action rows appended in this pass of the event loop, not yet handed over:
        # they go to the worker together, at the end of the pass (:meth:`_hand_over`)
        self._rows: list[_Job] = []
        self.window = window
        self._last_room: str | None = None  # of the last action row committed
        self._busy_until = 0.0  # rows of several rooms came in lately: wait for company
        self._thread = threading.Thread(target=self._work, name="monopoly-store", daemon=True)
        self._thread.start()

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` (a :class:`Store` method) on the worker, after every job queued
        before it; returns once it is committed."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[T] = loop.create_future()
        self._hand_over()  # the rows appended before it go first
        self._jobs.put([_Job(loop, fut, fn, args)])
        return await fut

    async def append(self, room: str, seq: int, seat: int, text: str) -> None:
        """Store one action row; returns once it is committed (raises if it cannot be)."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        rows = self._rows
        if not rows:
            loop.call_soon(self._hand_over)
        rows.append(_Job(loop, fut, None, (room, seq, seat, text)))
        await fut

    async def append_all(self, room: str, rows: list[tuple[int, int, str]]) -> None:
        """Store the room's ``(seq, seat, text)`` rows, in order, in the same transaction
        (unless it fails: then each alone, in order); returns once all are committed,
        raising the first failure."""
        loop = asyncio.get_running_loop()
        pending = self._rows
        if not pending:
            loop.call_soon(self._hand_over)
        waits = []
        for seq, seat, text in rows:
            fut: asyncio.Future[None] = loop.create_future()
            pending.append(_Job(loop, fut, None, (room, seq, seat, text)))
            waits.append(fut)
        failure: BaseException | None = None
        for fut in waits:
            try:
                await fut
            except Exception as exc:
                failure = failure or exc
        if failure is not None:
            raise failure

    def _hand_over(self) -> None:
        """Queue the rows appended so far for the worker, as one item: a pass of the
        event loop that applies the actions of many rooms wakes the worker once, and
        their rows share a transaction, instead of a thread switch and a commit each."""
        if self._rows:
            rows, self._rows = self._rows, []
            self._jobs.put(rows)

    def _work(self) -> None:
        """The worker thread: run the queued jobs in one transaction and resolve their
        futures on their loops."""
        jobs = self._jobs
        while True:
            batch = [jobs.get()]
            if self.window and batch[0] is not None and time.monotonic() < self._busy_until:
                time.sleep(self.window)  # the loop goes on; what it queues meanwhile joins
            with contextlib.suppress(queue.Empty):
                while True:
                    batch.append(jobs.get_nowait())
            todo = [job for item in batch if item is not None for job in item]
            if todo:
                self._note_rooms(todo)
                _resolve_all(self._run(todo))
            if None in batch:
                return

    def _note_rooms(self, todo: list[_Job]) -> None:
        """Several rooms are playing when the action rows of two rooms follow each other:
        then the next batch waits :attr:`window` for company. One room's actions never
        do (each waits for the commit of the one before), so a game alone, or a chain of
        bot moves, is never slowed down."""
        last = self._last_room
        for job in todo:
            if job.fn is None:
                room = job.args[0]
                if room != last:
                    if last is not None:
                        self._busy_until = time.monotonic() + BUSY
                    last = room
        self._last_room = last

    def _run(self, todo: list[_Job]) -> list[tuple[_Job, Any, BaseException | None]]:
        """The results of `todo`: all in one transaction, else each alone."""
        if len(todo) == 1:
            return [self._alone(todo[0])]
        try:
            with self.store.batch():
                done: list[tuple[_Job, Any, BaseException | None]] = []
                rows: list[_Job] = []
                for job in todo:
                    if job.fn is None:  # consecutive action rows: one insert
                        rows.append(job)
                        continue
                    self._append(rows, done)
                    rows = []
                    done.append((job, job.fn(*job.args), None))
                self._append(rows, done)
            return done
        except Exception:
            return [self._alone(job) for job in todo]

    def _append(self, rows: list[_Job], done: list[tuple[_Job, Any, BaseException | None]]
                ) -> None:
        if rows:
            self.store.append_actions([job.args for job in rows])
            done.extend((job, None, None) for job in rows)

    def _alone(self, job: _Job) -> tuple[_Job, Any, BaseException | None]:
        """One job in a transaction of its own."""
        try:
            if job.fn is None:
                self.store.append_actions([job.args])
                return job, None, None
            return job, job.fn(*job.args), None
        except Exception as exc:
            if job.fn is None:
                log.error("cannot store action %s of room %s: %r", job.args[1], job.args[0],
                          exc)
            return job, None, exc

    def close(self) -> None:
        """Finish the queued jobs, stop the worker, close the store."""
        if self._thread.is_alive():
            self._hand_over()
            self._jobs.put(None)
            self._thread.join()
        self.store.close()


@dataclass(slots=True)
class _Job:
    """One call for the worker (`fn` None: an action row, `args` = (room, seq, seat,
    text)) and the future that gets its result on `loop`."""

    loop: asyncio.AbstractEventLoop
    fut: asyncio.Future[Any]
    fn: Callable[..., Any] | None
    args: tuple[Any, ...]


def _resolve_all(done: list[tuple[_Job, Any, BaseException | None]]) -> None:
    """Hand the results to their loops: one wake-up per loop for the whole batch."""
    by_loop: dict[asyncio.AbstractEventLoop, list[tuple[_Job, Any, BaseException | None]]] = {}
    for item in done:
        by_loop.setdefault(item[0].loop, []).append(item)
    for loop, items in by_loop.items():
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
            loop.call_soon_threadsafe(_resolve, items)


def _resolve(items: list[tuple[_Job, Any, BaseException | None]]) -> None:
    for job, result, exc in items:
        if job.fut.done():  # the caller was cancelled
            continue
        if exc is not None:
            job.fut.set_exception(exc)
        else:
            job.fut.set_result(result)
