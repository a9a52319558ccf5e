"""The room manager: every room of one server, created, joined, started, kicked, listed,
and rebuilt from the store after a restart.

Each room's game is known by its adapter (:func:`monopoly.web.games.adapter`, by the name
in the room's configuration; a room stored without one is a board game's). After a
restart :meth:`RoomManager.load` rebuilds every unfinished room from its latest snapshot
and the actions after it; the drivers then carry on (bots resume). All writes go through
one :class:`~monopoly.web.writer.Writer`.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import secrets
import sys
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any, Final, TypeVar

from monopoly.core.errors import RecordError
from monopoly.core.seeds import seed_hash
from monopoly.i18n import LANGUAGES, translation
from monopoly.store import ActionRow, RoomRow, SeatRow, Store
from monopoly.web import expiry, gcpolicy
from monopoly.web.games import TABLE, adapter, adapters, bot_name
from monopoly.web.protocol import AGENT_CLOCK, ProtocolError, error_text
from monopoly.web.room import TAKEOVER_LEVEL, Room, Seat, new_token, token_hash
from monopoly.web.writer import COMMIT_WINDOW, Writer

if TYPE_CHECKING:
    from monopoly.web.cluster import Member

__all__ = ["FREE_SEAT_LEVEL", "VIA_FRONT", "RoomManager", "settle_for_serving"]

log = logging.getLogger("monopoly.web")

T = TypeVar("T")

LOG_KEPT: Final = 150  # the actions whose events a page's log shows again (history)
FREE_SEAT_LEVEL: Final = "medium"  # the bot that fills a seat nobody took at the start
# the most seconds a room's stored age (RoomManager.seen) lags behind its last activity
# (a tenth of the expiry's wait, if that is shorter)
TOUCH_EVERY: Final = 10.0
ROOMS_NOTICE_EVERY: Final = 0.25  # seconds between two notices of the room list's changes

# whether the request being served came through the front (its header: set by the app's
# middleware); a process of several hands a room over only for such a request
VIA_FRONT: contextvars.ContextVar[bool] = contextvars.ContextVar("via_front", default=False)


def room_for(manager: RoomManager, row: RoomRow, seats: list[SeatRow]) -> Room:
    """The room of a stored row, playing the game its configuration names."""
    return Room(manager, adapter(row.config.get("game", "board")), row, seats)


class RoomManager:
    """Every room of one server: created, joined, started, played, and rebuilt after a
    restart. All writes go through one :class:`Writer`."""

    def __init__(self, store: Store, bot_delay: float = 0.5,
                 expire_after: float = expiry.EXPIRE_AFTER,
                 commit_window: float = COMMIT_WINDOW, member: Member | None = None) -> None:
        self.store = store
        # this process's part in a deployment of several (monopoly.web.cluster), else None
        self.member = member
        self._loading: dict[str, asyncio.Future[Room]] = {}  # rooms being loaded
        self._listed: dict[tuple[str | None, int], list[tuple[RoomRow, list[SeatRow]]]] = {}
        self._notice_due = False
        self.writer = Writer(store, commit_window)
        self.bot_delay = bot_delay
        # seconds a room nobody is in lives on (monopoly.web.expiry); 0: for ever
        self.expire_after = expire_after
        self.rooms: dict[str, Room] = {}
        self.closing = False  # the drivers stop (Python 3.11's wait_for may eat a cancel)
        self._tasks: set[asyncio.Task[Any]] = set()
        # called with every room whose game has just ended (a tournament records its result)
        self.finish_hooks: list[Callable[[Room], Awaitable[None]]] = []
        # the clock of a room that plays on an outside one (a tournament's), else None
        self.clock_for: Callable[[Room], Callable[[], float] | None] = lambda room: None

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
        self.closing = True
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        self.writer.close()

    # --- loading

    async def load(self) -> int:
        """Rebuild every unfinished room (replay from the latest snapshot); start the
        drivers. Returns the number of rooms loaded. (A process of several loads none
        here: it adopts the rooms in play nobody holds, and the others on demand.)"""
        if self.member is not None:
            return 0
        rows = await self.writer.call(self.store.rooms, None)
        n = 0
        for row, seat_rows in rows:
            if row.status in ("finished", "expired"):
                continue
            room = room_for(self, row, seat_rows)
            if row.status == "playing":
                await self._rebuild(room)
                room.start_driver()
            self.rooms[room.id] = room
            n += 1
        return n

    async def _rebuild(self, room: Room) -> None:
        """The room's game from the store: its latest snapshot (else a new game of its
        seed) and every action after it, replayed."""
        snap = await self.writer.call(self.store.latest_snapshot, room.id)
        setup = room.setup()
        if snap is None:
            play, seq = room.adapter.begin(setup), 0
        else:
            seq, data = snap
            play = room.adapter.resume(setup, data)
        for row in await self.writer.call(self.store.actions, room.id, seq):
            if row.seq != seq + 1:
                raise RecordError(f"room {room.id}: action {seq + 1} is missing")
            play.apply(row.seat, room.adapter.parse_action(row.text))
            seq = row.seq
        play.forget_events()
        room.setup_play(play, seq)
        if room.over and room.status != "finished":
            room.status = "finished"
            await self.writer.call(self.store.set_status, room.id, "finished")

    async def finished_lines(self, room: Room) -> list[str]:
        """The record of `room`'s game, once it is over (else ``forbidden``)."""
        if room.status != "finished":
            raise ProtocolError("forbidden", 403, reason="not_over")
        rows = await self.writer.call(self.store.actions, room.id, 0)
        return room.record_lines([(r.seat, r.text) for r in rows])

    async def history(self, room: Room, lang: str, last: int = LOG_KEPT) -> dict[str, Any]:
        """The ``log`` message of `room` in `lang` (docs/protocol.md): the events of its
        last `last` actions in words (seq 0: the set-up), as its connections were told
        them; a page that changes its language, or that has no log yet, asks for it.
        The game is replayed from the store (every action's events are public)."""
        if room.play is None:
            return {"type": "log", "entries": []}
        rows = await self.writer.call(self.store.actions, room.id, 0)
        return {"type": "log", "entries": await asyncio.to_thread(_history, room, rows, lang,
                                                                   last)}

    async def get(self, room_id: str) -> Room:
        """The room (a finished one is rebuilt from the store; with several processes, an
        unfinished one is claimed first: :meth:`Member.acquire`). Raises not_found."""
        room = self.rooms.get(room_id)
        if room is not None:
            member = self.member
            if member is None or member.trusted() or room.status not in ("open", "playing"):
                return room
            # this process was away (frozen, or its database was): is the room still its?
            if await self._still_ours(member, room):
                return room
        loading = self._loading.get(room_id)
        if loading is not None:  # another request loads it: the same room for both
            return await asyncio.shield(loading)
        fut: asyncio.Future[Room] = asyncio.get_running_loop().create_future()
        self._loading[room_id] = fut
        try:
            room = await self._load_one(room_id)
        except BaseException as exc:
            fut.set_exception(exc)
            fut.exception()  # retrieved: nobody else need wait for it
            raise
        finally:
            self._loading.pop(room_id, None)
        fut.set_result(room)
        return room

    async def _load_one(self, room_id: str) -> Room:
        found = await self.writer.call(self.store.room, room_id)
        if found is None:
            raise ProtocolError("not_found", 404, room=room_id)
        if self.member is not None and found[0].status in ("open", "playing"):
            await self.member.acquire(room_id, self.writer.call, via_front=VIA_FRONT.get())
            found = await self.writer.call(self.store.room, room_id)  # as its holder left it
            assert found is not None
        room = room_for(self, found[0], found[1])
        if room.status == "playing":  # started by another process (or before a restart)
            await self._rebuild(room)
            room.start_driver()
        elif room.status == "finished":
            await self._rebuild(room)
        self.rooms[room.id] = room
        return room

    # --- several processes (monopoly.web.cluster)

    def start_cluster(self) -> None:
        """Hear the other processes' notices; adopt the rooms in play nobody holds."""
        member = self.member
        if member is None:
            return
        member.on_release = lambda room_id: self.spawn(self._let_go(room_id))
        member.on_rooms = self._listed.clear
        self.spawn(self._adopt_orphans(member))

    async def _adopt_orphans(self, member: Member) -> None:
        from monopoly.web.cluster import ADOPT_PER_SWEEP

        token = VIA_FRONT.set(False)  # never a hand-over: only rooms nobody holds
        try:
            while not self.closing:
                await asyncio.sleep(member.heartbeat)
                try:
                    orphans = await self.writer.call(member.leases.orphans, ADOPT_PER_SWEEP)
                except Exception as exc:
                    log.error("cannot look for rooms nobody holds: %r", exc)
                    continue
                for room_id in orphans:
                    if room_id in self._loading:
                        continue
                    held = self.rooms.get(room_id)
                    try:
                        if held is not None:  # ours (claimed since the query), else lost
                            await self._still_ours(member, held)
                            continue
                        await self.get(room_id)
                        log.info("room %s adopted: its process is gone", room_id)
                    except ProtocolError:  # another process has it now
                        continue
                    except Exception as exc:  # the next sweep tries again
                        log.error("cannot adopt room %s: %r", room_id, exc)
        finally:
            VIA_FRONT.reset(token)

    async def _let_go(self, room_id: str) -> None:
        """Another process was sent `room_id`: drop it here (its writes are stored first:
        the lock waits for the move in progress), then free its lease."""
        member = self.member
        if member is None or room_id in self._loading:
            return
        room = self.rooms.get(room_id)
        if room is not None:
            async with room.lock:
                self.drop(room)
        await self.writer.call(member.leases.release, room_id)

    async def _still_ours(self, member: Member, room: Room) -> bool:
        """Claim `room`, held in memory, again; when another process has taken it over
        meanwhile, drop this copy (stale) and say so."""
        if await self.writer.call(member.leases.claim, room.id) is None:
            return True
        self.drop(room)
        return False

    def drop(self, room: Room) -> None:
        """This process no longer holds `room`: its driver stops, its connections close
        with 1012 ("service restart": the clients reconnect, to the room's new process)."""
        room.moved = True
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
        driver = room.driver
        if driver is not None and driver is not asyncio.current_task():
            driver.cancel()
        for conn in list(room.conns):
            conn.close(1012)

    def game_over(self, room: Room) -> None:
        """`room`'s game has ended: with several processes, its lease is let go (a finished
        room is only read, by whichever process is asked)."""
        if self.member is not None:
            self.spawn(self.writer.call(self.member.leases.release, room.id))

    def rooms_changed(self) -> None:
        """A room's line in the lobby's lists changed: with several processes, tell them
        all (at most one notice every :data:`ROOMS_NOTICE_EVERY` seconds)."""
        if self.member is None or self._notice_due or self.closing:
            return
        self._notice_due = True
        self.spawn(self._notify_rooms(self.member))

    async def _notify_rooms(self, member: Member) -> None:
        await asyncio.sleep(ROOMS_NOTICE_EVERY)
        self._notice_due = False
        with contextlib.suppress(Exception):  # the next change tells them again
            await self.writer.call(member.leases.notify, "rooms")

    def forget_if_idle(self, room: Room) -> None:
        """Drop a finished (or expired) room nobody watches (it is rebuilt from the store
        on demand)."""
        if room.status in ("finished", "expired") and not room.conns:
            self.rooms.pop(room.id, None)

    def seen(self, room: Room) -> None:
        """Someone was in `room` just now (a connection came or went, a seat was joined
        or removed): its age for :mod:`monopoly.web.expiry` starts again, in the store too
        (there at most every :data:`TOUCH_EVERY` seconds: a room's players come and go
        together, and its age in the store, read after a restart, need not be closer)."""
        now = room.active = time.time()
        if now - room.touched >= min(TOUCH_EVERY, self.expire_after / 10):
            room.touched = now
            self.spawn(self.writer.call(self.store.touch, room.id, now))

    def start_expiry(self) -> None:
        """Close the rooms nobody is in for :attr:`expire_after` seconds (none if 0)."""
        if self.expire_after > 0:
            self.spawn(expiry.run(self))

    async def listing(self, status: str | None, limit: int = 100) -> list[dict[str, Any]]:
        """The lobby's list of rooms (`status`: of that status only), newest first. With
        several processes the stored list is kept until a process says it changed."""
        rows = self._listed.get((status, limit))
        if rows is None:
            rows = await self.writer.call(self.store.rooms, status, limit)
            if self.member is not None:
                self._listed[(status, limit)] = rows
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
        options: Mapping[str, object],
        size: int,
        bots: dict[int, str],
        nickname: str,
        clock: int | None,
        timeout_policy: str,
        game: str = "board",
        names: str | None = None,
        agent_clock: int = AGENT_CLOCK,
    ) -> tuple[Room, str, int | None, str | None]:
        """A new open room of `game` (its settings checked by the routes); the creator
        takes the first free seat (unless every seat is a bot). Returns (room, host
        token, seat, seat token)."""
        now = time.time()
        seed = secrets.randbits(62)
        host = new_token()
        config = {
            "game": game,
            "preset": preset_name,
            "edition": edition,
            "options": dict(options),
            "seats": size,
            "bots": {str(k): v for k, v in sorted(bots.items())},
            "clock": clock,
            "timeout_policy": timeout_policy,
            "agent_clock": agent_clock,
            "started": None,
        }
        if names is not None:  # the board's street names (a record without it: the game's)
            config["names"] = names
        row = RoomRow(secrets.token_urlsafe(16), config, "open", seed, seed_hash(seed),
                      token_hash(host), now, now)
        seat_rows = [
            SeatRow(n, bot_name(level, n), level, None) for n, level in sorted(bots.items())
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
        self.rooms_changed()
        if self.member is None:  # with several processes, its process claims it when asked
            room.chat.said_nothing()  # a new room: no chat to read from the store
            self.rooms[room.id] = room
        return room, host, seat, token

    async def create_seated(self, config: Mapping[str, Any], seats: list[SeatRow],
                            host_hash: str) -> Room:
        """A new open room whose seats are already given (a tournament's table: each
        player's seat opens with their personal token, whose hash `seats` carry)."""
        now = time.time()
        seed = secrets.randbits(62)
        # "t_": the front sends a tournament's tables to the process of the tournaments
        row = RoomRow("t_" + secrets.token_urlsafe(16), {"clock": None, "timeout_policy": "bot",
                                                  "bots": {}, "started": None, **config},
                      "open", seed, seed_hash(seed), host_hash, now, now)
        room = room_for(self, row, seats)
        room.chat.said_nothing()
        await self.writer.call(self.store.create_room, row, seats)
        if self.member is not None:  # the tournament's process holds its tables
            await self.member.acquire(room.id, self.writer.call)
        self.rooms[room.id] = room
        self.rooms_changed()
        return room

    async def join(self, room: Room, nickname: str, seat: int | None, *,
                   agent: bool = False) -> tuple[int, str]:
        """A person (or, with `agent`, a program: docs/agents.md) takes a free seat of an
        open room; returns the seat and its token."""
        async with room.lock:
            room.check_here()
            if room.status != "open":
                raise ProtocolError("conflict", 409, reason=expiry.not_open(room))
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
            if agent:
                await self.set_agents(room, room.agent_seats | {seat})
        self.seen(room)
        room.broadcast_room()
        return seat, token

    async def start(self, room: Room) -> None:
        async with room.lock:
            room.check_here()
            if room.status != "open":
                raise ProtocolError("conflict", 409, reason=expiry.not_open(room))
            filled = [Seat(n, bot_name(FREE_SEAT_LEVEL, n), FREE_SEAT_LEVEL, None)
                      for n in room.free_seats()]
            config = {**room.config, "started": time.time()}
            await self.writer.call(self.store.start_room, room.id, config,
                                   [s.row() for s in filled])
            room.seats.update((s.seat, s) for s in filled)
            room.config = config
            room.status = "playing"
            play = room.adapter.begin(room.setup())
            opening = play.opening()  # the deeds dealt before the first turn...
            room.setup_play(play, 0)
            room.broadcast_room()
            room.send_opening(opening)
            room.send_state_all()
        room.start_driver()

    async def set_agents(self, room: Room, seats: frozenset[int]) -> None:
        """The seats programs play (the room's lock held), kept in its configuration."""
        room.config = {**room.config, "agents": sorted(seats)}
        await self.writer.call(self.store.set_config, room.id, room.config)

    async def kick(self, room: Room, seat: int, *, by_host: bool = False) -> None:
        """Remove the person of `seat`: before the start the seat is freed, after it a
        bot keeps it. `by_host`: the host's removal, refused (``conflict``) once the game
        is over, and during play for a seat a person is connected to (a tournament's
        referee may replace any player)."""
        async with room.lock:
            room.check_here()
            s = room.seats.get(seat)
            if s is None or not 0 <= seat < room.size:
                raise ProtocolError("invalid", 400, reason="seat_range")
            if by_host and room.status not in ("open", "playing"):
                reason = "expired" if room.status == "expired" else "game_over"
                raise ProtocolError("conflict", 409, reason=reason)
            if by_host and room.status == "playing" and any(
                    c.seat == seat and not c.closed for c in room.conns):
                raise ProtocolError("conflict", 409, reason="seat_connected")
            for c in list(room.conns):
                if c.seat == seat:
                    c.send({"type": "error", "id": None, "code": "unauthorised",
                            "message": error_text("unauthorised", c.lang, reason="host")})
                    c.close()
            if room.status == "open":
                del room.seats[seat]
                await self.writer.call(self.store.remove_seat, room.id, seat)
                if seat in room.agent_seats:
                    await self.set_agents(room, room.agent_seats - {seat})
            else:  # a bot keeps the seat; the person's token no longer works
                s.bot, s.token_hash, s.away = TAKEOVER_LEVEL, None, False
                room.bots[seat] = room.seat_bot(TAKEOVER_LEVEL, seat)
                await self.writer.call(self.store.put_seat, room.id, s.row())
        self.seen(room)
        room.broadcast_room()
        room.wake.set()


def _history(room: Room, rows: list[ActionRow], lang: str, last: int) -> list[dict[str, Any]]:
    """The narrated events of `rows` (a room's stored actions), the last `last` of them,
    after its set-up's."""
    play = room.adapter.begin(room.setup())
    entries: list[dict[str, Any]] = []
    opening = play.opening()
    if opening and len(rows) < last:
        entries.append({"seq": 0, "seat": TABLE, "action": "",
                        "texts": play.narrate(opening, lang)})
    first = len(rows) - last
    for n, row in enumerate(rows):
        events = play.apply(row.seat, room.adapter.parse_action(row.text))
        if n >= first:
            entries.append({"seq": row.seq, "seat": row.seat, "action": row.text,
                            "texts": play.narrate(events, lang)})
    return entries


def settle_for_serving() -> None:
    """Load what every room shares (the translations, each game's data: the editions, the
    deck), then settle the garbage collector (:func:`monopoly.web.gcpolicy.settle`: all of
    that frozen out of its scans, the young generation collected less often). Call once at
    start-up.

    Also shortens the interpreter's thread switch interval (5 ms by default) to 1 ms: the
    store's worker thread, woken when a commit is flushed, waits that long for the event
    loop to hand over the interpreter before it can acknowledge the batch."""
    sys.setswitchinterval(0.001)
    for lang in LANGUAGES:
        translation(lang)
    for found in adapters().values():
        found.warm_up()
    gcpolicy.settle()

