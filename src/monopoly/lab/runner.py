"""The strategy lab: many games between bots, on one machine or on a Ray cluster.

A run is a list of games by index. Game ``i`` of a run with seed ``S``

- has the game seed :func:`game_seed` ``(S, i)`` (a hash of both: runs with nearby seeds
  share no games), and the bot in seat ``s`` the seed ``game_seed * 16 + s``;
- seats the bot list rotated by ``i`` (:func:`rotated_seats`): with bots ``a, b, c`` and
  four players, game 0 seats ``a b c a``, game 1 ``b c a b``, game 2 ``c a b c``; so every
  bot sits first as often as the others, and no bot gains from the seat order;
- is capped at the rule set's ``turn_limit`` (the lab sets it: ``max_turns``), and timed
  rule sets run on a simulated clock (:data:`SECONDS_PER_ACTION` per action).

Games are played in chunks of consecutive indexes, by this process (one worker), by this
process and ``workers - 1`` ``spawn``-ed ones, or by Ray tasks; the per-game results are
put back in index order. Each game depends only on the run's settings and its index, so
the results are the same for any number of workers and either backend.

Example::

    >>> setup = LabSetup(bots=("greedy", "random"), players=2, max_turns=50)
    >>> [r["seats"] for r in run_games(setup, 2)]
    [['greedy', 'random'], ['random', 'greedy']]
"""

from __future__ import annotations

import collections
import hashlib
import importlib
import math
import multiprocessing
import queue
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from monopoly.board.clocks import StepClock, TableClock
from monopoly.board.edition import load_edition
from monopoly.board.game import Game
from monopoly.board.options import RuleSet
from monopoly.bots import make_bot
from monopoly.bots.board.driver import play_game

__all__ = [
    "BACKENDS",
    "DEFAULT_MAX_TURNS",
    "SEAT_NAMES",
    "LabSetup",
    "RayMissingError",
    "RayStartError",
    "bot_seed",
    "game_seed",
    "import_ray",
    "play_one",
    "rotated_seats",
    "run_chunks",
    "run_games",
]

BACKENDS = ("process", "ray")
DEFAULT_MAX_TURNS = 1000
# Timed rule sets (time limit, negotiation limit, turn clock) run on a simulated clock.
SECONDS_PER_ACTION = 5
# A safety net, in actions, beyond the turn cap (a game that stalls without turns advancing).
MAX_ACTIONS = 1_000_000
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


@dataclass(frozen=True)
class LabSetup:
    """What every game of a run shares (picklable: it travels to the workers).

    ``rules`` are capped at ``max_turns`` turns (its ``turn_limit``); ``report`` plays with
    events on and adds each game's statistics (:func:`monopoly.lab.board.gamestats.collect`)."""

    bots: tuple[str, ...] = ("greedy",)
    players: int = 4
    seed: int = 0
    rules: RuleSet = field(default_factory=RuleSet)
    edition: str = "standard"
    max_turns: int = DEFAULT_MAX_TURNS
    report: bool = False

    def capped_rules(self) -> RuleSet:
        return self.rules.with_options(turn_limit=self.max_turns)


def take_sample(results: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The report's sample game: game 0's seats, their names and its value history, taken
    out of its result (None when the games kept no history)."""
    if not results or "worth_history" not in results[0]:
        return None
    first = results[0]
    return {"seats": first["seats"], "names": list(SEAT_NAMES[: len(first["seats"])]),
            "worth_history": first.pop("worth_history")}


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run with `seed` (63 bits of a hash of both)."""
    digest = hashlib.blake2b(f"monopoly-lab:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def bot_seed(seed_of_game: int, seat: int) -> int:
    """The seed of the bot in `seat` of the game with seed `seed_of_game`."""
    return seed_of_game * 16 + seat


def rotated_seats(bots: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bot of every seat of game `index`: the list rotated by `index`, cycled over
    the seats when there are fewer bots than players."""
    if not bots:
        raise ValueError("the bot list is empty")
    n = len(bots)
    return tuple(bots[(index + s) % n] for s in range(players))


class _TurnRecorder(TableClock):
    """A table clock that also notes every seat's net worth at the start of every turn.

    :func:`~monopoly.bots.board.driver.play_game` asks an active clock what is due before every
    decision, so the game is played exactly as without it (no table action is ever due
    when the rules have no clocks)."""

    def __init__(self, rules: RuleSet, now: StepClock) -> None:
        super().__init__(rules, now)
        self.timed = super().active
        self.turn = -1
        self.worth: list[list[int]] = []

    @property
    def active(self) -> bool:
        return True

    def due(self, game: Game) -> list[Any]:
        if game.turn_number != self.turn and not game.is_over:
            self.turn = game.turn_number
            self.worth.append([game.net_worth(s) for s in range(len(game.players))])
        return super().due(game) if self.timed else []


def play_one(setup: LabSetup, index: int, seats: Sequence[str]) -> dict[str, Any]:
    """Play game `index` with the bots named by `seats` (one per seat) and return its
    result: ``index``, ``seed``, ``seats``, ``winner`` (a seat or None), ``winner_bot``,
    ``turns``, ``actions``, ``reason``, ``ranking`` (seats, best first), ``net_worth`` and
    ``bankrupt`` (by seat); with ``setup.report`` also ``stats``, and for game 0
    ``worth_history`` (every seat's net worth at the start of every turn)."""
    rules = setup.capped_rules()
    seed = game_seed(setup.seed, index)
    game = Game(
        SEAT_NAMES[: len(seats)], seed, rules, load_edition(setup.edition), events=setup.report
    )
    bots = [make_bot(name, bot_seed(seed, s)) for s, name in enumerate(seats)]
    step = StepClock(step=SECONDS_PER_ACTION)
    recorder = _TurnRecorder(rules, step) if setup.report and index == 0 else None
    clock: TableClock | None = recorder or TableClock(rules, step)
    if clock is not None and not clock.active:
        clock = None
    play_game(game, bots, max_actions=MAX_ACTIONS, clock=clock)
    outcome = game.outcome
    winner = outcome.winner if outcome is not None else None
    result: dict[str, Any] = {
        "index": index,
        "seed": seed,
        "seats": list(seats),
        "winner": winner,
        "winner_bot": seats[winner] if winner is not None else None,
        "turns": game.turn_number,
        "actions": len(game.history),
        "reason": outcome.reason if outcome is not None else "unfinished",
        "ranking": list(outcome.ranking) if outcome is not None else [],
        "net_worth": [game.net_worth(s) for s in range(len(seats))],
        "bankrupt": [p.bankrupt for p in game.players],
    }
    if setup.report:
        gamestats = importlib.import_module("monopoly.lab.board.gamestats")
        result["stats"] = gamestats.collect(game)
    if recorder is not None:
        result["worth_history"] = recorder.worth
    return result


def _play_chunk(
    setup: LabSetup, start: int, seatings: Sequence[Sequence[str]]
) -> list[dict[str, Any]]:
    return [play_one(setup, start + k, seats) for k, seats in enumerate(seatings)]


def _chunks(
    seatings: Sequence[tuple[str, ...]], workers: int
) -> list[tuple[int, list[tuple[str, ...]]]]:
    size = max(1, min(MAX_CHUNK, math.ceil(len(seatings) / (workers * 8))))
    return [(i, list(seatings[i : i + size])) for i in range(0, len(seatings), size)]


def run_games(
    setup: LabSetup,
    games: int | None = None,
    *,
    seatings: Sequence[Sequence[str]] | None = None,
    workers: int = 1,
    backend: str = "process",
    address: str | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Play a run and return the per-game results in index order.

    The bots of game ``i`` are ``seatings[i]``, or without `seatings` the rotation of
    ``setup.bots`` (:func:`rotated_seats`) for ``games`` games. `workers`: processes (1:
    this one) or Ray's CPUs; `address`: a Ray cluster to join (default: a local one).
    `progress` is called with the number of games finished after each chunk.
    """
    if seatings is None:
        if games is None:
            raise ValueError("give the number of games or the seatings")
        seatings = [rotated_seats(setup.bots, setup.players, i) for i in range(games)]
    return run_chunks(setup, seatings, _play_chunk, workers=workers, backend=backend,
                      address=address, progress=progress)


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
    in this process, a pool of processes or Ray tasks (see :func:`run_games`; the Deal lab
    shares this machinery)."""
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

    def done(chunk: list[dict[str, Any]] | BaseException) -> None:
        if isinstance(chunk, BaseException):
            raise chunk
        out.append(chunk)
        if progress is not None:
            progress(len(chunk))

    with ctx.Pool(helpers) as pool:

        def hand_out() -> None:
            try:
                start, part = todo.popleft()
            except IndexError:
                return
            pool.apply_async(play_chunk, (setup, start, part), callback=returned_chunk,
                             error_callback=returned.put)

        def returned_chunk(chunk: list[dict[str, Any]]) -> None:  # the pool's result thread
            returned.put(chunk)
            hand_out()

        for _ in range(QUEUED_PER_HELPER * helpers):
            hand_out()
        while len(out) < len(chunks):  # a helper's chunk if one is back, else one played here
            try:
                item = returned.get_nowait()
            except queue.Empty:
                try:
                    start, part = todo.pop()
                except IndexError:  # all handed out: wait for the helpers' last chunks
                    item = returned.get()
                else:
                    item = play_chunk(setup, start, part)
            done(item)
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

