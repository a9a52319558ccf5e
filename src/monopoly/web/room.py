"""Rooms: the games the server runs, their seats, connections, bots and clocks.

The engine runs here only. Each room has one :class:`asyncio.Lock`; an action (a
player's, a bot's, the table clock's) is checked with ``Game.is_legal``, **committed to
the store**, then applied and acknowledged, all under the lock, so the order in the
database is the order of play. A room's driver task lets the bots (and the caretaker of
a timed-out seat) act after each change, with a small delay for human eyes.

After a restart :meth:`RoomManager.load` rebuilds every unfinished room from its latest
snapshot and the actions after it; the drivers then carry on (bots resume).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import queue
import secrets
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from monopoly.board import actions as A
from monopoly.board.clocks import TableClock
from monopoly.board.edition import load_edition
from monopoly.board.errors import MonopolyError
from monopoly.board.game import TABLE, Game
from monopoly.board.options import RuleSet, preset
from monopoly.board.record import RECORD_FORMAT, header, restore, snapshot
from monopoly.board.view import SeatView
from monopoly.bots.board.base import Bot, make_bot
from monopoly.i18n import LANGUAGES, translation
from monopoly.narration.board.prompts import prompt
from monopoly.store import SNAPSHOT_EVERY, RoomRow, SeatRow, Store
from monopoly.web import gcpolicy
from monopoly.web.protocol import (
    EDITIONS,
    LabelCache,
    encode,
    error_text,
    legal_text,
    state_message,
)

log = logging.getLogger("monopoly.web")

T = TypeVar("T")

TIMEOUTS_BEFORE_POLICY: Final = 3  # time-outs in a row before the room's policy applies
TAKEOVER_LEVEL: Final = "medium"  # the bot that keeps a seat (kicked, or policy "bot")
FREE_SEAT_LEVEL: Final = "medium"  # the bot that fills a seat nobody took at the start
SEND_QUEUE_LIMIT: Final = 2000  # messages waiting for a slow client before it is dropped


def seed_hash(seed: int) -> str:
    """The published commitment to a game's seed (revealed when the game ends)."""
    return hashlib.sha256(f"monopoly-seed:{seed}".encode()).hexdigest()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_matches(token: str | None, stored: str | None) -> bool:
    if not token or not stored:
        return False
    return hmac.compare_digest(token_hash(token), stored)


class ProtocolError(Exception):
    """A request refused with a protocol error code (docs/protocol.md)."""

    def __init__(self, code: str, status: int = 400, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.status = status
        self.params = params

    def text(self, lang: str) -> str:
        return error_text(self.code, lang, **self.params)


# --------------------------------------------------------------------------- the store


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


# --------------------------------------------------------------------------- rooms


class ViewParts:
    """Encodes a ``{"view": ...}`` message, reusing the text of the view's 40-square lists
    (owner, level, mortgaged: most of a view, and rarely changed by an action) when they
    equal the previous ones. The lists are the same for every seat."""

    SHARED: Final = ("owner", "level", "mortgaged")
    # stands in for a list while the rest is encoded: a string no view contains
    MARK: Final = f"view-part-{secrets.token_hex(16)}-"

    def __init__(self) -> None:
        self._last: dict[str, tuple[list[Any], str]] = {}

    def encode(self, message: dict[str, Any]) -> str:
        view = message.get("view")
        if not isinstance(view, dict):
            return encode(message)
        view = dict(view)
        parts = []
        for key in self.SHARED:
            value = view.get(key)
            if type(value) is not list:
                continue
            last = self._last.get(key)
            if last is None or last[0] != value:
                last = self._last[key] = (list(value), encode(value))
            view[key] = self.MARK + key
            parts.append((f'"{self.MARK}{key}"', last[1]))
        text = encode({**message, "view": view})
        for mark, part in parts:
            text = text.replace(mark, part, 1)
        return text


@dataclass(eq=False)
class Connection:
    """One WebSocket: its seat (None: a spectator), language and outgoing queue; `batch`:
    the client asked for the messages queued together in one frame, one per line."""

    seat: int | None
    lang: str = "en"
    batch: bool = False
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    closed: bool = False

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or one already encoded with :func:`encode`)."""
        if self.closed:
            return
        if self.queue.qsize() > SEND_QUEUE_LIMIT:
            self.close()
            return
        self.queue.put_nowait(message if isinstance(message, str) else encode(message))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)


@dataclass
class Seat:
    seat: int
    nickname: str
    bot: str | None  # a bot level; None: a person
    token_hash: str | None
    away: bool = False  # a bot took the seat after time-outs; the person may come back
    timeouts: int = 0  # time-outs in a row

    def row(self) -> SeatRow:
        return SeatRow(self.seat, self.nickname, self.bot, self.token_hash)


class Room:
    """One room: configuration, seats, and (once started) the game.

    This class plays the board game; a room of another game (:class:`DealRoom` in
    :mod:`monopoly.web.games.deal`) overrides the methods of the "game" section: how the
    game is built, restored, read from text, shown to a seat, told in words and played
    by bots."""

    def __init__(self, manager: RoomManager, row: RoomRow, seats: list[SeatRow]) -> None:
        self.manager = manager
        self.id = row.id
        self.config = row.config
        self.status = row.status
        self.seed = row.seed
        self.seed_hash = row.seed_hash
        self.host_hash = row.host_hash
        self.created = row.created
        self.size: int = int(self.config["seats"])
        self.seats: dict[int, Seat] = {
            s.seat: Seat(s.seat, s.nickname, s.bot, s.token_hash) for s in seats
        }
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.conns: set[Connection] = set()
        self.game: Any = None  # the rules core's game (board: Game); None before the start
        self.seq = 0
        self.bots: dict[int, Bot] = {}
        self.labels = LabelCache()  # and the narrators: the seats' names are fixed
        self._view_parts = ViewParts()
        self.table: TableClock | None = None
        self.driver: asyncio.Task[None] | None = None
        self._decision: tuple[object, ...] | None = None
        self._decision_since = time.time()

    # --- configuration

    @property
    def rules(self) -> RuleSet:
        return preset(str(self.config["preset"]), **dict(self.config.get("options") or {}))

    @property
    def clock(self) -> int | None:
        value = self.config.get("clock")
        return None if value is None else int(value)

    def public(self) -> dict[str, Any]:
        """The room as the lobby shows it (never the seed before the end, never tokens)."""
        connected = {c.seat for c in self.conns if c.seat is not None and not c.closed}
        out: dict[str, Any] = {
            "id": self.id,
            "game": self.config.get("game", "board"),
            "preset": self.config["preset"],
            "edition": self.config["edition"],
            "options": self.config.get("options") or {},
            "size": self.size,
            "seats": [
                {
                    "seat": n,
                    "nickname": s.nickname if s else None,
                    "bot": s.bot if s else None,
                    "connected": n in connected,
                    "taken": s is not None,
                }
                for n in range(self.size)
                for s in [self.seats.get(n)]
            ],
            "status": self.status,
            "seed_hash": self.seed_hash,
            "clock": self.clock,
            "timeout_policy": self.config.get("timeout_policy", "bot"),
            "created": self.created,
            "seq": self.seq,
        }
        if self.status == "finished":
            out["seed"] = self.seed
            if self.game is not None and self.game.outcome is not None:
                out["outcome"] = self.game.outcome.to_dict()
        return out

    def free_seats(self) -> list[int]:
        return [n for n in range(self.size) if n not in self.seats]

    def unique_nickname(self, nickname: str) -> str:
        """`nickname`, made distinct from the other seats' ("Ann (2)")."""
        taken = {s.nickname for s in self.seats.values()}
        name = nickname.strip() or f"Player {len(self.seats) + 1}"
        if name not in taken:
            return name
        k = 2
        while f"{name} ({k})" in taken:
            k += 1
        return f"{name} ({k})"

    def seat_of_token(self, token: str | None) -> int | None:
        for s in self.seats.values():
            if token_matches(token, s.token_hash):
                return s.seat
        return None

    def is_host(self, token: str | None) -> bool:
        return token_matches(token, self.host_hash)

    # --- the game (what another game's room overrides)

    @property
    def over(self) -> bool:
        """The game has ended (False before it starts)."""
        return self.game is not None and bool(self.game.is_over)

    def parse_action(self, text: str) -> Any:
        """An action from its text; the core's typed error when it cannot be read."""
        return A.parse_action(text)

    def restore(self, data: dict[str, Any]) -> Any:
        """The game from a snapshot of the store."""
        return restore(data, events=True)

    def snapshot(self) -> dict[str, Any]:
        return snapshot(self.game)

    def record_head(self) -> dict[str, Any]:
        """The record's header before the common fields (seed hash, room, outcome)."""
        if self.game is not None:
            return header(self.game)
        return {
            "format": RECORD_FORMAT,
            "rules": self.rules.record_dict(),
            "edition": self.config["edition"],
            "seats": [self.seats[n].nickname for n in range(self.size)],
            "seed": self.seed,
        }

    def narrate(self, events: list[Any], lang: str) -> list[str]:
        """The action's events in words, in `lang`."""
        return self.labels.narrator(self.game, lang).sentences(events)

    def seat_view(self, seat: int) -> Any:
        """What the bots of `seat` see of the game."""
        return SeatView(self.game, seat)

    def bot_move(self, seat: int) -> Any:
        """The move of the bot of `seat` (it sees only the seat's view)."""
        try:
            return self.bots[seat].choose(self.seat_view(seat), self.game.legal_actions(seat))
        except Exception:  # a bot's bug must not stop the room: the caretaker plays
            log.exception("room %s: the bot of seat %s failed", self.id, seat)
            return self.caretaker_move(seat)

    def caretaker_move(self, seat: int) -> Any:
        """The move made for a person whose turn clock ran out: never bids the seat's
        money away, mortgages only what a debt needs (monopoly.bots.board.caretaker)."""
        caretaker = make_bot("caretaker", bot_seed(self.id, seat))
        return caretaker.choose(self.seat_view(seat), self.game.legal_actions(seat))

    def make_seat_bot(self, level: str, seat: int) -> Any:
        return make_bot(level, bot_seed(self.id, seat))

    def forfeit_action(self) -> Any:
        """The action that gives up the seat (the time-out policy "forfeit"), or None."""
        return A.RESIGN

    def decision_key(self) -> tuple[object, ...]:
        return _decision_key(self.game)

    def build_game(self) -> Any:
        names = [self.seats[n].nickname for n in range(self.size)]
        return Game(names, self.seed, self.rules, str(self.config["edition"]), events=True)

    def setup_play(self, game: Game, seq: int) -> None:
        self.game = game
        self.seq = seq
        self.bots = {}
        self.labels = LabelCache()
        for s in self.seats.values():
            if s.bot is not None:
                self.bots[s.seat] = self.make_seat_bot(s.bot, s.seat)
        rules = game.rules
        self.table = TableClock(rules, time.time)
        self.table.start = float(self.config.get("started") or time.time())
        self._decision = None

    def record_lines(self, rows: list[tuple[int, str]]) -> list[str]:
        """The game's record (RECORD_FORMAT): a header with the seed, its hash and the
        outcome, then one ``[seat, "action"]`` line per stored action."""
        game = self.game
        head = self.record_head()
        head["seed_hash"] = self.seed_hash
        head["room"] = self.id
        if game is not None and game.outcome is not None:
            head["outcome"] = game.outcome.to_dict()
        return [json.dumps(head, sort_keys=True, ensure_ascii=False), *self.record_rows(rows)]

    def record_rows(self, rows: list[tuple[int, str]]) -> list[str]:
        """The record's action lines: ``[seat, "action"]`` (JSON)."""
        return [json.dumps([seat, text], ensure_ascii=False) for seat, text in rows]

    # --- messages

    def hello(self, conn: Connection) -> dict[str, Any]:
        return {
            "type": "hello",
            "room": self.public(),
            "seat": conn.seat,
            "seed_hash": self.seed_hash,
            "lang": conn.lang,
        }

    def clock_json(self) -> dict[str, Any] | None:
        clock = self.clock
        game = self.game
        if clock is None or game is None or self.over:
            return None
        for s in game.pending_seats():
            seat = self.seats.get(s)
            if seat is not None and seat.bot is None:
                return {"seat": s, "deadline": self._decision_since + clock}
        return None

    def state(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The `state` message of `seat` (None: a spectator) in `lang`."""
        game = self.game
        if game is None:
            return {
                "type": "state", "seq": 0, "status": self.status, "view": None, "legal": [],
                "prompt": None, "waiting": [], "board": {"edition": self.config["edition"]},
                "clock": None,
            }
        return state_message(game, seat, lang, seq=self.seq, status=self.status,
                             labels=self.labels, narrator=self.labels.narrator(game, lang),
                             clock=self.clock_json())

    def state_text(self, seat: int | None, lang: str) -> str:
        """:meth:`state` encoded (:func:`encode`: the same JSON text), with the legal
        entries' texts taken from the room's cache (:func:`legal_text`)."""
        game = self.game
        if game is None:
            return encode(self.state(seat, lang))
        waiting = game.pending_seats()
        head = self._view_parts.encode({
            "type": "state",
            "seq": self.seq,
            "status": self.status,
            "view": game.view(seat).to_dict(),
        })
        tail = encode({
            "prompt": self._prompt(game, seat, lang, waiting),
            "waiting": waiting,
            "board": {"edition": game.edition.key},
            "clock": self.clock_json(),
        })
        return f'{head[:-1]},"legal":{legal_text(game, seat, lang, self.labels)},{tail[1:]}'

    def _prompt(self, game: Game, seat: int | None, lang: str, waiting: list[int]) -> str | None:
        # prompts.prompt is None for a seat the game does not wait for: not asked at all
        if seat is None or not (game.is_over or seat in waiting):
            return None
        return prompt(game.seat_view(seat), lang, self.labels.narrator(game, lang))

    def broadcast_room(self) -> None:
        message = {"type": "room", "room": self.public()}
        for c in self.conns:
            c.send(message)

    def broadcast(self, seat: int, action: A.Action, events: list[Any]) -> None:
        """After an action: its narrated events, then each connection's new state."""
        game = self.game
        assert game is not None
        told: dict[str, str] = {}
        states: dict[tuple[int | None, str], str] = {}
        self._track_decision()
        for c in self.conns:
            if c.lang not in told:
                told[c.lang] = encode({"type": "events", "seq": self.seq, "seat": seat,
                                       "action": action.text(),
                                       "texts": self.narrate(events, c.lang)})
            c.send(told[c.lang])
            key = (c.seat, c.lang)
            if key not in states:
                states[key] = self.state_text(c.seat, c.lang)
            c.send(states[key])

    def send_state_all(self) -> None:
        states: dict[tuple[int | None, str], str] = {}
        for c in self.conns:
            key = (c.seat, c.lang)
            if key not in states:
                states[key] = self.state_text(c.seat, c.lang)
            c.send(states[key])

    def _track_decision(self) -> None:
        game = self.game
        if game is None:
            return
        key = self.decision_key()
        if key != self._decision:
            self._decision = key
            self._decision_since = time.time()

    # --- acting

    async def act(self, seat: int, action: A.Action, *, by_person: bool) -> int:
        """Check, commit, apply and broadcast one action of `seat` (TABLE: the table).
        Call with the lock held. Returns the action's seq. Raises :class:`ProtocolError`."""
        game = self.game
        if self.status == "open" or game is None:
            raise ProtocolError("not_started")
        if self.status == "finished" or self.over:
            raise ProtocolError("over")
        why = game.why_illegal(seat, action)
        if why is not None:
            raise ProtocolError("illegal", reason=why)
        seq = self.seq + 1
        try:
            await self.manager.writer.append(self.id, seq, seat, action.text())  # durable first
        except Exception as exc:  # not stored: not applied either
            raise ProtocolError("unavailable", 503) from exc
        events = game.apply(seat, action)
        if game.events is not None:
            game.events.clear()  # the narration was returned; a long game keeps no log
        self.seq = seq
        if by_person and seat >= 0:
            self.person_acted(seat)
        if self.over:
            self.status = "finished"
        self.broadcast(seat, action, events)
        if seq % SNAPSHOT_EVERY == 0:
            await self.manager.writer.call(
                self.manager.store.save_snapshot, self.id, seq, self.snapshot()
            )
        if self.over:
            await self.finish()
        self.wake.set()
        return seq

    def person_acted(self, seat: int) -> None:
        s = self.seats.get(seat)
        if s is None:
            return
        s.timeouts = 0
        if s.away:  # back from a time-out takeover: the seat is the person's again
            s.away = False
            s.bot = None
            self.bots.pop(seat, None)
            self.manager.spawn(self.manager.writer.call(
                self.manager.store.put_seat, self.id, s.row()))

    async def finish(self) -> None:
        game = self.game
        assert game is not None and game.outcome is not None
        self.status = "finished"  # in memory already; now in the store
        await self.manager.writer.call(self.manager.store.set_status, self.id, "finished")
        message = {"type": "over", "outcome": game.outcome.to_dict(), "seed": self.seed,
                   "seed_hash": self.seed_hash}
        for c in self.conns:
            c.send(message)
        self.broadcast_room()
        self.manager.forget_if_idle(self)  # nobody watching: rebuilt from the store on demand

    # --- the driver: bots, caretaker, the table's clocks

    def _next_move(self, choose: bool = True) -> tuple[int, A.Action | None, bool] | float | None:
        """The next action the server makes for this room: ``(seat, action, timed_out)``
        (with `choose` False, a bot's or the caretaker's action is left None: only who
        acts); else the seconds until a clock may run out (None: nothing to wait for)."""
        game = self.game
        if game is None or self.over or self.status != "playing":
            return None
        table = self.table
        wait: float | None = None
        if table is not None and table.active:
            for action in table.due(game):
                if game.is_legal(TABLE, action):
                    return TABLE, action, False
            wait = 1.0
        self._track_decision()
        waiting = game.pending_seats()
        for s in waiting:
            if s in self.bots:
                if not choose:
                    return s, None, False
                return s, self.bot_move(s), False
        clock = self.clock
        if clock is not None and waiting:
            left = self._decision_since + clock - time.time()
            if left <= 0:
                s = waiting[0]
                if not choose:
                    return s, None, True
                return s, self.caretaker_move(s), True
            wait = left if wait is None else min(wait, left)
        return wait

    async def _play(self, seat: int, action: A.Action | None, timed_out: bool) -> None:
        """Make the server's own move (the lock held)."""
        if action is None:
            return
        try:
            await self.act(seat, action, by_person=False)
        except ProtocolError as exc:
            log.error("room %s: the server's own move %s was refused: %s",
                      self.id, action.text(), exc.code)
            await asyncio.sleep(1.0)
            return
        if timed_out:
            await self.timed_out(seat)

    async def drive(self) -> None:
        """Let the bots, the caretaker and the table's clocks act while the game waits for
        them; otherwise sleep until woken (a change) or until a clock may run out."""
        delay = self.manager.bot_delay
        while self.status == "playing":
            async with self.lock:
                self.wake.clear()  # any change after this point wakes the driver again
                move = self._next_move(choose=delay <= 0)
                if isinstance(move, tuple) and (delay <= 0 or move[0] == TABLE):
                    await self._play(*move)
                    continue
            if isinstance(move, tuple):
                await asyncio.sleep(delay)  # for human eyes
                async with self.lock:
                    move = self._next_move()  # the position may have changed meanwhile
                    if isinstance(move, tuple):
                        await self._play(*move)
                continue
            timeout = None if move is None else max(0.05, move)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), timeout)

    async def timed_out(self, seat: int) -> None:
        """A caretaker move was made for `seat`: after three in a row, the room's policy."""
        s = self.seats[seat]
        s.timeouts += 1
        if s.timeouts < TIMEOUTS_BEFORE_POLICY or self.game is None or self.over:
            return
        s.timeouts = 0
        forfeit = self.forfeit_action()
        if self.config.get("timeout_policy", "bot") == "forfeit" and forfeit is not None:
            if self.game.is_legal(seat, forfeit):
                await self.act(seat, forfeit, by_person=False)
            return
        s.bot = TAKEOVER_LEVEL
        s.away = True
        self.bots[seat] = self.make_seat_bot(TAKEOVER_LEVEL, seat)
        await self.manager.writer.call(self.manager.store.put_seat, self.id, s.row())
        self.broadcast_room()

    def start_driver(self) -> None:
        if self.driver is None or self.driver.done():
            self.driver = self.manager.spawn(self.drive())


def bot_seed(room: str, seat: int) -> int:
    """The seed of the bot of `seat` in `room` (the same after a restart)."""
    return int.from_bytes(hashlib.sha256(f"{room}:{seat}".encode()).digest()[:8], "big")


def _decision_key(game: Game) -> tuple[object, ...]:
    """What identifies the decision the game waits for (a new one restarts the clock)."""
    au = game.auction
    return (
        tuple(game.pending_seats()), game.turn_number, game.phase, game.offer, game.choice,
        len(game.debts), len(game.receipts), game.placement, id(au),
        len(au.sealed or ()) if au is not None else -1,
    )


def room_for(manager: RoomManager, row: RoomRow, seats: list[SeatRow]) -> Room:
    """The room of a stored row: a board game's, or a Monopoly Deal room."""
    if row.config.get("game") == "deal":
        from monopoly.web.games.deal import DealRoom

        return DealRoom(manager, row, seats)
    return Room(manager, row, seats)


# --------------------------------------------------------------------------- the manager


class RoomManager:
    """Every room of one server: created, joined, started, played, and rebuilt after a
    restart. All writes go through one :class:`Writer`."""

    def __init__(self, store: Store, bot_delay: float = 0.5) -> None:
        self.store = store
        self.writer = Writer(store)
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Awaitable[T]) -> asyncio.Task[T]:
        task: asyncio.Task[T] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a room task failed", exc_info=task.exception())

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        self.writer.close()

    # --- loading

    async def load(self) -> int:
        """Rebuild every unfinished room (replay from the latest snapshot); start the
        drivers. Returns the number of rooms loaded."""
        rows = await self.writer.call(self.store.rooms, None)
        n = 0
        for row, seat_rows in rows:
            if row.status == "finished":
                continue
            room = room_for(self, row, seat_rows)
            if row.status == "playing":
                await self._rebuild(room)
                room.start_driver()
            self.rooms[room.id] = room
            n += 1
        return n

    async def _rebuild(self, room: Room) -> None:
        snap = await self.writer.call(self.store.latest_snapshot, room.id)
        if snap is None:
            game, seq = room.build_game(), 0
        else:
            seq, data = snap
            game = room.restore(data)
        for row in await self.writer.call(self.store.actions, room.id, seq):
            if row.seq != seq + 1:
                raise MonopolyError(f"room {room.id}: action {seq + 1} is missing")
            game.apply(row.seat, room.parse_action(row.text))
            seq = row.seq
        if game.events is not None:
            game.events.clear()
        room.setup_play(game, seq)
        if room.over and room.status != "finished":
            room.status = "finished"
            await self.writer.call(self.store.set_status, room.id, "finished")

    async def finished_lines(self, room: Room) -> list[str]:
        """The record of `room`'s game, once it is over (else ``forbidden``)."""
        if room.status != "finished":
            raise ProtocolError("forbidden", 403, reason="not_over")
        rows = await self.writer.call(self.store.actions, room.id, 0)
        return room.record_lines([(r.seat, r.text) for r in rows])

    async def get(self, room_id: str) -> Room:
        """The room (a finished one is rebuilt from the store). Raises not_found."""
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        found = await self.writer.call(self.store.room, room_id)
        if found is None:
            raise ProtocolError("not_found", 404, room=room_id)
        room = room_for(self, found[0], found[1])
        if room.status == "playing":  # another server process started it: not ours
            await self._rebuild(room)
            room.start_driver()
        elif room.status == "finished":
            await self._rebuild(room)
        self.rooms[room.id] = room
        return room

    def forget_if_idle(self, room: Room) -> None:
        """Drop a finished room nobody watches (it is rebuilt from the store on demand)."""
        if room.status == "finished" and not room.conns:
            self.rooms.pop(room.id, None)

    async def listing(self, status: str | None, limit: int = 100) -> list[dict[str, Any]]:
        rows = await self.writer.call(self.store.rooms, status, limit)
        out = []
        for row, seat_rows in rows:
            room = self.rooms.get(row.id) or room_for(self, row, seat_rows)
            out.append(room.public())
        return out

    # --- the lobby

    async def create(
        self,
        preset_name: str,
        edition: str,
        options: dict[str, Any],
        size: int,
        bots: dict[int, str],
        nickname: str,
        clock: int | None,
        timeout_policy: str,
        game: str = "board",
    ) -> tuple[Room, str, int | None, str | None]:
        """A new open room; the creator takes the first free seat (unless every seat is a
        bot). Returns (room, host token, seat, seat token)."""
        now = time.time()
        seed = secrets.randbits(62)
        host = new_token()
        config = {
            "game": game,
            "preset": preset_name,
            "edition": edition,
            "options": options,
            "seats": size,
            "bots": {str(k): v for k, v in sorted(bots.items())},
            "clock": clock,
            "timeout_policy": timeout_policy,
            "started": None,
        }
        row = RoomRow(secrets.token_urlsafe(16), config, "open", seed, seed_hash(seed),
                      token_hash(host), now, now)
        seat_rows = [
            SeatRow(n, _bot_name(level, n), level, None) for n, level in sorted(bots.items())
        ]
        room = room_for(self, row, seat_rows)
        seat = token = None
        free = room.free_seats()
        if free:
            seat, token = free[0], new_token()
            name = room.unique_nickname(nickname)
            room.seats[seat] = Seat(seat, name, None, token_hash(token))
            seat_rows.append(room.seats[seat].row())
        await self.writer.call(self.store.create_room, row, seat_rows)
        self.rooms[room.id] = room
        return room, host, seat, token

    async def join(self, room: Room, nickname: str, seat: int | None) -> tuple[int, str]:
        async with room.lock:
            if room.status != "open":
                raise ProtocolError("conflict", 409, reason="not_open")
            free = room.free_seats()
            if seat is None:
                if not free:
                    raise ProtocolError("conflict", 409, reason="room_full")
                seat = free[0]
            elif not 0 <= seat < room.size:
                raise ProtocolError("invalid", 400, reason="seat_range")
            elif seat not in free:
                raise ProtocolError("conflict", 409, reason="seat_taken")
            token = new_token()
            s = Seat(seat, room.unique_nickname(nickname), None, token_hash(token))
            room.seats[seat] = s
            await self.writer.call(self.store.put_seat, room.id, s.row())
        room.broadcast_room()
        return seat, token

    async def start(self, room: Room) -> None:
        async with room.lock:
            if room.status != "open":
                raise ProtocolError("conflict", 409, reason="not_open")
            filled = [Seat(n, _bot_name(FREE_SEAT_LEVEL, n), FREE_SEAT_LEVEL, None)
                      for n in room.free_seats()]
            config = {**room.config, "started": time.time()}
            await self.writer.call(self.store.start_room, room.id, config,
                                   [s.row() for s in filled])
            room.seats.update((s.seat, s) for s in filled)
            room.config = config
            room.status = "playing"
            room.setup_play(room.build_game(), 0)
            room.broadcast_room()
            room.send_state_all()
        room.start_driver()

    async def kick(self, room: Room, seat: int) -> None:
        async with room.lock:
            s = room.seats.get(seat)
            if s is None or not 0 <= seat < room.size:
                raise ProtocolError("invalid", 400, reason="seat_range")
            for c in list(room.conns):
                if c.seat == seat:
                    c.send({"type": "error", "id": None, "code": "unauthorised",
                            "message": error_text("unauthorised", c.lang, reason="host")})
                    c.close()
            if room.status == "open":
                del room.seats[seat]
                await self.writer.call(self.store.remove_seat, room.id, seat)
            else:  # a bot keeps the seat; the person's token no longer works
                s.bot, s.token_hash, s.away = TAKEOVER_LEVEL, None, False
                room.bots[seat] = room.make_seat_bot(TAKEOVER_LEVEL, seat)
                await self.writer.call(self.store.put_seat, room.id, s.row())
        room.broadcast_room()
        room.wake.set()


def settle_for_serving() -> None:
    """Load what every room shares (the translations, the editions), then settle the
    garbage collector (:func:`monopoly.web.gcpolicy.settle`: all of that frozen out of its
    scans, the young generation collected less often). Call once at start-up.

    Also shortens the interpreter's thread switch interval (5 ms by default) to 1 ms: the
    store's worker thread, woken when a commit is flushed, waits that long for the event
    loop to hand over the interpreter before it can acknowledge the batch."""
    sys.setswitchinterval(0.001)
    for lang in LANGUAGES:
        translation(lang)
    for edition in EDITIONS:
        load_edition(edition)
    gcpolicy.settle()


def _bot_name(level: str, seat: int) -> str:
    return f"Bot {seat + 1} ({level})"


def check_lang(lang: object) -> str:
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ProtocolError("malformed", reason="lang")
    translation(lang)
    return lang
