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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from monopoly.store import Store

__all__ = ["Writer"]

log = logging.getLogger("monopoly.web")

T = TypeVar("T")


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
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._work, name="monopoly-store", daemon=True)
        self._thread.start()

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` (a :class:`Store` method) on the worker, after every job queued
        before it; returns once it is committed."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[T] = loop.create_future()
        self._jobs.put(_Job(loop, fut, fn, args))
        return await fut

    async def append(self, room: str, seq: int, seat: int, text: str) -> None:
        """Store one action row; returns once it is committed (raises if it cannot be)."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        self._jobs.put(_Job(loop, fut, None, (room, seq, seat, text)))
        await fut

    def _work(self) -> None:
        """The worker thread: run the queued jobs in one transaction and resolve their
        futures on their loops."""
        jobs = self._jobs
        while True:
            batch = [jobs.get()]
            with contextlib.suppress(queue.Empty):
                while True:
                    batch.append(jobs.get_nowait())
            todo = [job for job in batch if job is not None]
            if todo:
                _resolve_all(self._run(todo))
            if None in batch:
                return

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
