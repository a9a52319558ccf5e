"""The strategy lab's machinery, shared by the board game's lab
(:mod:`monopoly.lab.board.simulate`) and the Deal's (:mod:`monopoly.lab.deal.simulate`):
many games between bots, on one machine or on a Ray cluster.

A run is a list of games by index. Game ``i`` of a run with seed ``S``

- has the game seed :func:`game_seed` ``(S, i)`` (a hash of both: runs with nearby seeds
  share no games), and the bot in seat ``s`` the seed :func:`bot_seed` ``(game_seed, s)``
  (both from :mod:`monopoly.core.seeds`);
- seats the bot list rotated by ``i`` (:func:`rotated_seats`): with bots ``a, b, c`` and
  four players, game 0 seats ``a b c a``, game 1 ``b c a b``, game 2 ``c a b c``; so every
  bot sits first as often as the others, and no bot gains from the seat order.

Games are played in chunks of consecutive indexes (:func:`run_chunks`), by this process
(one worker), by this process and ``workers - 1`` ``spawn``-ed ones, or by Ray tasks; the
per-game results are put back in index order. Each game depends only on the run's settings
and its index, so the results are the same for any number of workers and either backend.

Example::

    >>> rotated_seats(("a", "b", "c"), 4, 1)
    ('b', 'c', 'a', 'b')
    >>> def play(setup, start, seatings):
    ...     return [{"index": start + k, "seats": list(s)} for k, s in enumerate(seatings)]
    >>> [r["seats"] for r in run_chunks(None, [("a", "b"), ("b", "a")], play)]
    [['a', 'b'], ['b', 'a']]
"""

from __future__ import annotations

import collections
import importlib
import math
import multiprocessing
import queue
import threading
from collections.abc import Callable, Sequence
from typing import Any

from monopoly.core.seeds import bot_seed, game_seed

__all__ = [
    "BACKENDS",
    "SEAT_NAMES",
    "PlayChunk",
    "Progress",
    "RayMissingError",
    "RayStartError",
    "bot_seed",
    "game_seed",
    "import_ray",
    "rotated_seats",
    "run_chunks",
    "take_sample",
]

BACKENDS = ("process", "ray")
SEAT_NAMES: tuple[str, ...] = ("Ann", "Bob", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hana")
# At most this many games in one chunk (one task of a worker): small enough for a live
# progress bar and an even load, large enough that handing out work costs little.
MAX_CHUNK = 25
# Chunks handed to each helper process at a time: one to play, one waiting for it.
QUEUED_PER_HELPER = 2

Progress = Callable[[int], None]  # told how many more games are done
# plays consecutive games: (setup, first index, the seats of each game) -> their results
PlayChunk = Callable[[Any, int, Sequence[Sequence[str]]], list[dict[str, Any]]]


class RayMissingError(RuntimeError):
    """``backend="ray"`` without Ray installed (``pip install 'monopoly[ray]'``)."""


class RayStartError(RuntimeError):
    """Ray could not start a local instance or join the cluster at the address."""


def take_sample(results: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The report's sample game: game 0's seats, their names and its value history, taken
    out of its result (None when the games kept no history)."""
    if not results or "worth_history" not in results[0]:
        return None
    first = results[0]
    return {"seats": first["seats"], "names": list(SEAT_NAMES[: len(first["seats"])]),
            "worth_history": first.pop("worth_history")}


def rotated_seats(bots: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bot of every seat of game `index`: the list rotated by `index`, cycled over
    the seats when there are fewer bots than players."""
    if not bots:
        raise ValueError("the bot list is empty")
    n = len(bots)
    return tuple(bots[(index + s) % n] for s in range(players))


def _chunks(
    seatings: Sequence[tuple[str, ...]], workers: int
) -> list[tuple[int, list[tuple[str, ...]]]]:
    size = max(1, min(MAX_CHUNK, math.ceil(len(seatings) / (workers * 8))))
    return [(i, list(seatings[i : i + size])) for i in range(0, len(seatings), size)]


def run_chunks(
    setup: Any,
    seatings: Sequence[Sequence[str]],
    play_chunk: PlayChunk,
    *,
    workers: int = 1,
    backend: str = "process",
    address: str | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Play game ``i`` with the bots ``seatings[i]`` for every ``i`` and return the
    per-game results in index order: ``play_chunk(setup, start, seatings[start:...])``
    plays consecutive games (a module-level function: it travels to the workers by name),
    in this process (one worker), in this process and ``workers - 1`` spawned ones, or as
    Ray tasks (``backend="ray"``: `workers` is Ray's CPUs, `address` a Ray cluster to join,
    by default a local one). `progress` is called with the number of games finished after
    each chunk."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    seats = [tuple(s) for s in seatings]
    chunks = _chunks(seats, workers)
    if backend == "ray":
        done = _run_ray(setup, chunks, workers, address, progress, play_chunk)
    elif workers > 1 and len(chunks) > 1:
        done = _run_pool(setup, chunks, workers, progress, play_chunk)
    else:
        done = []
        for start, part in chunks:
            done.append(play_chunk(setup, start, part))
            if progress is not None:
                progress(len(part))
    results = [r for chunk in done for r in chunk]
    results.sort(key=lambda r: int(r["index"]))
    return results


def _run_pool(
    setup: Any,
    chunks: list[tuple[int, list[tuple[str, ...]]]],
    workers: int,
    progress: Progress | None,
    play_chunk: PlayChunk,
) -> list[list[dict[str, Any]]]:
    """Chunks on this process and ``workers - 1`` spawned ones (spawn: the same start on
    every platform, no state inherited from this process).

    The helpers take chunks from the front of the list, this process from the back.
    Starting a process costs as much as a few hundred fast games (it imports the
    package), so this process plays meanwhile instead of waiting. Each helper has
    :data:`QUEUED_PER_HELPER` chunks handed to it at any time, and gets the next one the
    moment it returns one (from the pool's result thread, not when this process is
    between two chunks of its own): a helper never waits for work, and at the end this
    process waits for at most that many chunks."""
    ctx = multiprocessing.get_context("spawn")
    todo = collections.deque(chunks)  # popleft (helpers) and pop (here) are thread-safe
    helpers = min(workers - 1, len(chunks) - 1)
    returned: queue.SimpleQueue[list[dict[str, Any]] | BaseException] = queue.SimpleQueue()
    out: list[list[dict[str, Any]]] = []
    failed: list[BaseException] = []  # the first error of a chunk, here or in a helper
    sent = [0]  # chunks handed to the helpers (each comes back, as a result or an error)
    handing = threading.Lock()  # no chunk is handed out once a chunk failed
    pool = ctx.Pool(helpers)

    def hand_out() -> None:
        with handing:
            if failed:
                return
            try:
                start, part = todo.popleft()
            except IndexError:
                return
            sent[0] += 1
            pool.apply_async(play_chunk, (setup, start, part), callback=returned_chunk,
                             error_callback=returned.put)

    def returned_chunk(chunk: list[dict[str, Any]]) -> None:  # the pool's result thread
        returned.put(chunk)
        hand_out()

    def fail(exc: BaseException) -> None:
        with handing:
            if not failed:
                failed.append(exc)

    received = 0
    try:
        for _ in range(QUEUED_PER_HELPER * helpers):
            hand_out()
        while len(out) < len(chunks) and not failed:
            # a helper's chunk if one is back, else one played here
            try:
                item = returned.get_nowait()
                received += 1
            except queue.Empty:
                try:
                    start, part = todo.pop()
                except IndexError:  # all handed out: wait for the helpers' last chunks
                    item = returned.get()
                    received += 1
                else:
                    try:
                        item = play_chunk(setup, start, part)
                    except Exception as exc:  # raised below, once the pool is closed
                        item = exc
            if isinstance(item, BaseException):
                fail(item)
            else:
                out.append(item)
                if progress is not None:
                    progress(len(item))
        # after an error: the chunks still out come back before the pool closes (a pool
        # terminated while its task thread writes to a helper can hang in CPython)
        while received < sent[0]:
            returned.get()
            received += 1
    except BaseException:  # an interrupt: the helpers stop now
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()
    if failed:
        raise failed[0]
    return out


def import_ray() -> Any:
    """The ``ray`` module, or :class:`RayMissingError`."""
    try:
        return importlib.import_module("ray")
    except ImportError as exc:
        raise RayMissingError(
            "the ray backend needs Ray: pip install 'monopoly[ray]'"
        ) from exc


def _run_ray(
    setup: Any,
    chunks: list[tuple[int, list[tuple[str, ...]]]],
    workers: int,
    address: str | None,
    progress: Progress | None,
    play_chunk: PlayChunk,
) -> list[list[dict[str, Any]]]:
    """Chunks as Ray tasks, on a local Ray instance with `workers` CPUs or on the cluster
    at `address` (joined as it is). A Ray session already open in this process is used
    as it is and left open; one started here is shut down at the end."""
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {
            "address": address or None,
            "include_dashboard": False,
            "log_to_driver": False,
            "configure_logging": True,
            "logging_level": "ERROR",
        }
        if not address:
            options["num_cpus"] = workers
        try:
            ray.init(**options)
        except Exception as exc:  # Ray raises many kinds: a bad address, no resources
            raise RayStartError(str(exc).strip().splitlines()[0] if str(exc).strip()
                                else type(exc).__name__) from exc
    try:
        task = ray.remote(num_cpus=1)(play_chunk)
        config = ray.put(setup)
        pending = [task.remote(config, start, part) for start, part in chunks]
        out: list[list[dict[str, Any]]] = []
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                chunk = ray.get(ref)
                out.append(chunk)
                if progress is not None:
                    progress(len(chunk))
        return out
    finally:
        if started:
            ray.shutdown()

