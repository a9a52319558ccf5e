"""A room: one game the server runs, its seats, connections, bots and clocks; the same for
every game, which it knows only through its adapter (:mod:`monopoly.web.games`).

The engine runs here only. Each room has one :class:`asyncio.Lock`; an action (a
player's, a bot's, the caretaker's, the table's) is checked with the core's
``why_illegal``, **committed to the store**, then applied and acknowledged, all under the
lock, so the order in the database is the order of play (:meth:`Room.act`). A room's
driver task (:meth:`Room.drive`) lets the bots (and the caretaker of a timed-out seat, and
the table's clocks) act after each change, with a small delay for human eyes.

The turn clock of a person's seat restarts whenever the game's pending decision
(``game.decision()``, a :class:`~monopoly.core.decision.Decision`) changes.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from monopoly.core.decision import Decision
from monopoly.core.events import Event
from monopoly.core.protocol import GameCore
from monopoly.core.seeds import room_bot_seed
from monopoly.store import SNAPSHOT_EVERY, LeaseLost, RoomRow, SeatRow
from monopoly.web.chat import RoomChat
from monopoly.web.games import (
    TABLE,
    GameAdapter,
    GamePlay,
    Move,
    Player,
    Settings,
    Setup,
    bot_name,
)
from monopoly.web.protocol import AGENT_CLOCK, ProtocolError, encode

if TYPE_CHECKING:
    from monopoly.web.manager import RoomManager

__all__ = ["Connection", "Room", "Seat", "new_token", "token_hash", "token_matches"]

log = logging.getLogger("monopoly.web")

# an action applied: (seq, seat, action, its events)
Done = tuple[int, int, Move, Sequence[Event]]

TIMEOUTS_BEFORE_POLICY: Final = 3  # time-outs in a row before the room's policy applies
TAKEOVER_LEVEL: Final = "medium"  # the bot that keeps a seat (kicked, or policy "bot")
# the most actions stored and told together: bot moves made without a delay, after a
# person's action or a bot's (Room._follow)
BOT_CHAIN: Final = 8
SEND_QUEUE_LIMIT: Final = 2000  # messages waiting for a slow client before it is dropped


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_matches(token: str | None, stored: str | None) -> bool:
    if not token or not stored:
        return False
    return hmac.compare_digest(token_hash(token), stored)


@dataclass(eq=False)
class Connection:
    """One WebSocket: its seat (None: a spectator), language and outgoing messages (its
    `outbox`, sent in order by the connection's writer); `batch`: the client asked for the
    messages queued together in one frame, one per line."""

    seat: int | None
    lang: str = "en"
    batch: bool = False
    # the messages not yet sent (a deque and one waiting future: cheaper than an
    # asyncio.Queue, whose every put and get wakes and checks its waiters)
    outbox: collections.deque[str] = field(default_factory=collections.deque)
    closed: bool = False
    # the WebSocket's close code: 1000, or 1012 ("service restart": the room moved to
    # another server process; the client reconnects, through the front, to that one)
    close_code: int = 1000
    log_asked: float = float("-inf")  # when it last asked for the log (time.monotonic)
    _waiter: asyncio.Future[None] | None = field(default=None, init=False, repr=False)

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or one already encoded with :func:`encode`)."""
        if self.closed:
            return
        if len(self.outbox) > SEND_QUEUE_LIMIT:
            self.close()
            return
        self.outbox.append(message if isinstance(message, str) else encode(message))
        self._wake()

    def send_all(self, *texts: str) -> None:
        """Queue messages already encoded, in order: with `batch`, as one text (they go in
        one frame anyway, a line each)."""
        if self.batch:
            self.send("\n".join(texts))
        else:
            for text in texts:
                self.send(text)

    def close(self, code: int = 1000) -> None:
        """Close after the messages queued so far are sent."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self._wake()

    def _wake(self) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def next_frame(self) -> str | None:
        """The next text to send, once there is one: with `batch`, every message queued,
        one per line; None once closed and every message queued before is taken."""
        outbox = self.outbox
        while not outbox:
            if self.closed:
                return None
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        if self.batch and len(outbox) > 1:
            text = "\n".join(outbox)
            outbox.clear()
            return text
        return outbox.popleft()


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
    """One room: configuration, seats, connections and (once started) the game's play
    (:class:`~monopoly.web.games.GamePlay`, opened by the room's adapter)."""

    def __init__(self, manager: RoomManager, adapter: GameAdapter[GameCore], row: RoomRow,
                 seats: list[SeatRow]) -> None:
        self.manager = manager
        self.adapter = adapter
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
        self.play: GamePlay[GameCore] | None = None  # None before the start
        self.seq = 0
        self.bots: dict[int, Player] = {}
        self.driver: asyncio.Task[None] | None = None
        self._decision: Decision | None = None
        self._decision_since = time.time()
        self._decision_seq = -1  # the seq at which _decision was last read
        # a tournament table's referee has stopped play: nobody acts, no clock runs
        self.paused = False
        # another server process holds the room now (several processes: monopoly.web.
        # cluster); this copy of it is dropped and does nothing any more
        self.moved = False
        self.active = row.updated  # when someone was last in it (monopoly.web.expiry)
        self.touched = row.updated  # ... as the store has it (RoomManager.seen)
        self.chat = RoomChat()  # the players' chat: not part of the game

    # --- configuration

    @property
    def game(self) -> GameCore | None:
        """The rules core's game (None before the start)."""
        return None if self.play is None else self.play.game

    @property
    def settings(self) -> Settings:
        return Settings.of_config(self.config)

    def setup(self) -> Setup:
        """What the room's game is made of (the seats' names, the seed, the settings)."""
        names = tuple(self.seats[n].nickname for n in range(self.size))
        started = self.config.get("started")
        return Setup(names, self.seed, self.settings,
                     float(started) if started else time.time(), self.bot_names())

    def bot_names(self) -> dict[int, str]:
        """The bot level of each seat whose bot plays under its default name (each reader
        reads it in their language: :meth:`Setup.names_in`)."""
        return {n: s.bot for n, s in self.seats.items()
                if s.bot is not None and s.nickname == bot_name(s.bot, n)}

    @property
    def clock(self) -> int | None:
        """The seconds a person has for the decision waiting (None: no clock)."""
        value = self.config.get("clock")
        seconds = None if value is None else int(value)
        return seconds if self.play is None else self.play.clock(seconds)

    @property
    def agent_seats(self) -> frozenset[int]:
        """The seats programs play over the protocol (docs/agents.md)."""
        return frozenset(int(s) for s in self.config.get("agents") or ())

    @property
    def agent_clock(self) -> int:
        """The seconds an agent seat has for each decision."""
        return int(self.config.get("agent_clock") or AGENT_CLOCK)

    def seat_clock(self, seat: int) -> int | None:
        """The seconds `seat` (not a bot's) has for the decision waiting: an agent's clock
        for an agent seat, else the person's turn clock (None: no clock). Read after every
        action: the stored list of agent seats as it is, without a set built each time."""
        agents = self.config.get("agents")
        return self.agent_clock if agents and seat in agents else self.clock

    def public(self) -> dict[str, Any]:
        """The room as the lobby shows it (never the seed before the end, never tokens)."""
        connected = {c.seat for c in self.conns if c.seat is not None and not c.closed}
        defaults = self.bot_names()
        agents = self.agent_seats
        out: dict[str, Any] = {
            "id": self.id,
            "game": self.adapter.name,
            "preset": self.config["preset"],
            "edition": self.config["edition"],
            # the board's street names (a language of the edition's name sets), or null
            "names": self.config.get("names"),
            "options": self.config.get("options") or {},
            "size": self.size,
            "seats": [
                {
                    "seat": n,
                    "nickname": s.nickname if s else None,
                    "bot": s.bot if s else None,
                    # the name is the bot's default one, which each page writes in its language
                    "default_name": n in defaults,
                    "agent": n in agents,  # a program plays it (docs/agents.md)
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
            "agent_clock": self.agent_clock,
            "created": self.created,
            "seq": self.seq,
        }
        where = self.config.get("tournament")
        if where is not None:  # a tournament's table: its page shows the round's clock
            out["tournament"] = where
            out["paused"] = self.paused
        if self.status == "finished":
            out["seed"] = self.seed
            game = self.game
            if game is not None and game.outcome is not None:
                out["outcome"] = game.outcome.to_dict()
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

    # --- the game

    @property
    def over(self) -> bool:
        """The game has ended (False before it starts)."""
        game = self.game
        return game is not None and game.is_over

    def setup_play(self, play: GamePlay[GameCore], seq: int) -> None:
        """Play `play` (a new game, or one rebuilt from the store up to action `seq`)."""
        self.play = play
        self.seq = seq
        outside = self.manager.clock_for(self)
        if outside is not None:  # a tournament table plays on the tournament's clock
            play.use_clock(outside)
        self.bots = {
            s.seat: self.seat_bot(s.bot, s.seat) for s in self.seats.values() if s.bot is not None
        }
        play.persons = self.person_seats  # the bots do not flood people with offers
        self._decision = None
        self._decision_seq = -1

    def person_seats(self) -> frozenset[int]:
        """The seats people play now (no bot plays them)."""
        return frozenset(n for n, s in self.seats.items() if s.bot is None)

    def seat_bot(self, level: str, seat: int) -> Player:
        """The bot of `seat` (its seed: the room and the seat, the same after a restart)."""
        assert self.play is not None
        return self.play.bot(level, seat, room_bot_seed(self.id, seat))

    def bot_move(self, seat: int) -> Move:
        """The move of the bot of `seat` (it sees only the seat's view)."""
        try:
            return self.bots[seat].move()
        except Exception:  # a bot's bug must not stop the room: the caretaker plays
            log.exception("room %s: the bot of seat %s failed", self.id, seat)
            return self.caretaker_move(seat)

    def caretaker_move(self, seat: int) -> Move:
        """The move made for a person whose turn clock ran out (the adapter's caretaker)."""
        assert self.play is not None
        return self.play.caretaker(seat, room_bot_seed(self.id, seat))

    def record_lines(self, rows: list[tuple[int, str]]) -> list[str]:
        """The game's record: the adapter's header with the seed, its hash, the room and
        the outcome, then the adapter's line for each stored action."""
        game = self.game
        head = self.adapter.record_head(self.setup()) if self.play is None \
            else self.play.record_head()
        head["seed_hash"] = self.seed_hash
        head["room"] = self.id
        if game is not None and game.outcome is not None:
            head["outcome"] = game.outcome.to_dict()
        return [json.dumps(head, sort_keys=True, ensure_ascii=False),
                *self.adapter.record_rows(rows)]

    # --- messages

    def hello(self, conn: Connection) -> dict[str, Any]:
        return {
            "type": "hello",
            "room": self.public(),
            "seat": conn.seat,
            "seed_hash": self.seed_hash,
            "lang": conn.lang,
        }

    def over_message(self) -> dict[str, Any] | None:
        """The ``over`` message, once the game has ended."""
        game = self.game
        if game is None or game.outcome is None:
            return None
        return {"type": "over", "outcome": game.outcome.to_dict(), "seed": self.seed,
                "seed_hash": self.seed_hash}

    def clock_json(self) -> dict[str, object] | None:
        game = self.game
        if game is None or game.is_over:
            return None
        for s in game.pending_seats():
            seat = self.seats.get(s)
            if seat is not None and seat.bot is None:
                clock = self.seat_clock(s)
                if clock is not None:
                    return {"seat": s, "deadline": self._decision_since + clock}
        return None

    def state(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The `state` message of `seat` (None: a spectator) in `lang`."""
        if self.play is None:
            return self.adapter.idle_state(self.settings, self.status)
        return self.play.state(seat, lang, seq=self.seq, status=self.status,
                               clock=self.clock_json())

    def state_text(self, seat: int | None, lang: str) -> str:
        """:meth:`state` encoded (:func:`encode`: the same JSON text)."""
        if self.play is None:
            return encode(self.state(seat, lang))
        return self.play.state_text(seat, lang, seq=self.seq, status=self.status,
                                    clock=self.clock_json())

    def broadcast_room(self) -> None:
        self.manager.rooms_changed()  # the lobby's lists (on every process)
        message = {"type": "room", "room": self.public()}
        for c in self.conns:
            c.send(message)

    def broadcast_all(self, done: Sequence[Done]) -> None:
        """After actions applied one after another (``(seq, seat, action, events)``): each
        one's narrated events, then each connection's new state (one queued text for a
        connection that reads them in one frame)."""
        play = self.play
        assert play is not None
        told: dict[str, list[str]] = {}
        states: dict[tuple[int | None, str], str] = {}
        marks = [play.marks(events) for _, _, _, events in done]
        self._track_decision()
        clock = self.clock_json()
        seq, status = self.seq, self.status
        for c in self.conns:
            lang = c.lang
            said = told.get(lang)
            if said is None:
                said = told[lang] = []
                for (number, seat, action, events), marked in zip(done, marks, strict=True):
                    message: dict[str, Any] = {"type": "events", "seq": number, "seat": seat,
                                               "action": action.text(),
                                               "texts": play.narrate(events, lang)}
                    if marked is not None:
                        message["marks"] = marked
                    said.append(encode(message))
            key = (c.seat, lang)
            state = states.get(key)
            if state is None:
                state = states[key] = play.state_text(c.seat, lang, seq=seq, status=status,
                                                      clock=clock)
            c.send_all(*said, state)

    def send_opening(self, events: Sequence[Event]) -> None:
        """The game's set-up in words (the deeds dealt before the first turn), to every
        connection, as the events of no action (seq 0, the table's seat)."""
        play = self.play
        if play is None or not events:
            return
        told: dict[str, str] = {}
        for c in self.conns:
            if c.lang not in told:
                told[c.lang] = encode({"type": "events", "seq": 0, "seat": -1, "action": "",
                                       "texts": play.narrate(events, c.lang)})
            c.send(told[c.lang])

    def send_state_all(self) -> None:
        states: dict[tuple[int | None, str], str] = {}
        for c in self.conns:
            key = (c.seat, c.lang)
            if key not in states:
                states[key] = self.state_text(c.seat, c.lang)
            c.send(states[key])

    def _track_decision(self) -> None:
        """Restart the turn clock when the game's pending decision changes (only an action
        changes it: once per seq)."""
        game = self.game
        if game is None or self._decision_seq == self.seq:
            return
        self._decision_seq = self.seq
        decision = game.decision()
        if decision != self._decision:
            self._decision = decision
            self._decision_since = time.time()

    # --- acting

    def check_here(self) -> None:
        """Refuse (``busy``) a change to a room that has just moved to another server
        process: the client asks again, and the front sends it there."""
        if self.moved:
            raise ProtocolError("busy", 503)

    async def act(self, seat: int, action: Move, *, by_person: bool) -> int:
        """Check, commit, apply and broadcast one action of `seat` (TABLE: the table).
        Call with the lock held. Returns the action's seq. Raises :class:`ProtocolError`."""
        play = self.play
        self.check_here()
        if self.status == "expired":
            raise ProtocolError("conflict", 409, reason="expired")
        if self.status == "open" or play is None:
            raise ProtocolError("not_started")
        if self.status == "finished" or self.over:
            raise ProtocolError("over")
        if self.paused:
            raise ProtocolError("conflict", 409, reason="paused")
        why = play.game.why_illegal(seat, action)
        if why is not None:
            raise ProtocolError("illegal", reason=why)
        if by_person and self._bots_follow(seat):
            return await self._act_with_bots(seat, action)
        seq = self.seq + 1
        try:
            await self.manager.writer.append(self.id, seq, seat, action.text())  # durable first
        except LeaseLost as exc:  # another process took the room over: this copy goes
            self.manager.drop(self)
            raise ProtocolError("busy", 503) from exc
        except Exception as exc:  # not stored: not applied either
            raise ProtocolError("unavailable", 503) from exc
        events = play.apply(seat, action)
        if by_person and seat >= 0:
            self.person_acted(seat)
        await self._tell([(seq, seat, action, events)])
        self.wake_driver()
        return seq

    def wake_driver(self) -> None:
        """After an action: wake the driver when there is something for it, a bot or the
        table to move, a clock to set again, the end of the game. A person's action that
        leaves the game waiting for people without clocks lets it sleep on."""
        play = self.play
        if play is None or self.status != "playing" or play.table_poll is not None:
            self.wake.set()
            return
        for s in play.game.pending_seats():
            if s in self.bots or self.seat_clock(s) is not None:
                self.wake.set()
                return

    def _bots_follow(self, seat: int) -> bool:
        """Whether the bots' moves that follow a person's action are made with it (bots
        without a delay, the seat the person's own, not a bot's of a time-out takeover)."""
        s = self.seats.get(seat)
        return (self.manager.bot_delay <= 0 and bool(self.bots) and s is not None
                and not s.away)

    async def _act_with_bots(self, seat: int, action: Move) -> int:
        """A person's (legal) action and the bots' moves that follow it at once
        (:meth:`_chain`), so that the person's frame holds them all before its ``ack``.
        Should the commit fail, nothing is acknowledged. Returns the action's seq."""
        try:
            done = await self._chain(seat, action)
        except LeaseLost as exc:
            raise ProtocolError("busy", 503) from exc
        except Exception as exc:
            raise ProtocolError("unavailable", 503) from exc
        self.person_acted(seat)
        await self._tell(done)
        self.wake_driver()
        return done[0][0]

    async def _chain(self, seat: int, action: Move) -> list[Done]:
        """Apply `seat`'s legal `action` and the bots' moves that follow it at once
        (:meth:`_follow`), and store them in one commit. Should the commit fail, the game
        in memory has gone ahead of the store: this copy of the room goes
        (:meth:`RoomManager.drop`: its clients reconnect to the stored game), and the
        error is raised again."""
        play = self.play
        assert play is not None
        done: list[Done] = [(self.seq + 1, seat, action, play.apply(seat, action))]
        self._follow(done)
        try:
            await self.manager.writer.append_all(
                self.id, [(number, who, move.text()) for number, who, move, _ in done])
        except Exception as exc:
            if not isinstance(exc, LeaseLost):  # (lost: another process took the room)
                log.error("room %s: cannot store the actions %s-%s: %r", self.id,
                          done[0][0], done[-1][0], exc)
            self.manager.drop(self)
            raise
        return done

    def _follow(self, done: list[Done]) -> None:
        """Apply after `done` the moves of bots without a delay that follow at once (a
        bot's turn: roll, buy, end the turn), until :data:`BOT_CHAIN` actions are done."""
        play = self.play
        assert play is not None
        while not self.over and len(done) < BOT_CHAIN:
            after = self._next_move(choose=False)
            if not isinstance(after, tuple) or after[0] not in self.bots or after[2]:
                return
            seat = after[0]
            action = self.bot_move(seat)
            if play.game.why_illegal(seat, action) is not None:
                return  # the driver tries it again, and says so
            done.append((done[-1][0] + 1, seat, action, play.apply(seat, action)))

    async def _tell(self, done: Sequence[Done]) -> None:
        """After the commit of `done`: the room's seq and status, the broadcast, the
        snapshot when one is due, the end of the game."""
        play = self.play
        assert play is not None
        self.seq = done[-1][0]
        if self.over:
            self.status = "finished"
        self.broadcast_all(done)
        if any(number % SNAPSHOT_EVERY == 0 for number, _, _, _ in done):
            await self.manager.writer.call(
                self.manager.store.save_snapshot, self.id, self.seq, play.snapshot())
        if self.over:
            await self.finish()

    async def bot_turn(self, seat: int, action: Move) -> None:
        """A bot's move made without a delay, and the bots' moves that follow it at once
        (:meth:`_chain`): applied one after another, stored in one commit, told in one
        broadcast (each move's events, then one state). Nobody waits for them in between:
        they are told once stored. Call with the lock held, from the driver."""
        play = self.play
        assert play is not None
        if play.game.why_illegal(seat, action) is not None:
            log.error("room %s: the server's own move %s was refused", self.id, action.text())
            await asyncio.sleep(1.0)
            return
        try:
            done = await self._chain(seat, action)
        except Exception:  # told by _chain; the room's copy is gone
            return
        await self._tell(done)
        self.wake.set()

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
        message = self.over_message()
        assert message is not None
        self.status = "finished"  # in memory already; now in the store
        await self.manager.writer.call(self.manager.store.set_status, self.id, "finished")
        for c in self.conns:
            c.send(message)
        self.broadcast_room()
        for hook in self.manager.finish_hooks:
            self.manager.spawn(hook(self))
        self.manager.game_over(self)
        self.manager.forget_if_idle(self)  # nobody watching: rebuilt from the store on demand

    # --- the driver: bots, caretaker, the table's clocks

    def _next_move(self, choose: bool = True) -> tuple[int, Move | None, bool] | float | None:
        """The next action the server makes for this room: ``(seat, action, timed_out)``
        (with `choose` False, a bot's or the caretaker's action is left None: only who
        acts); else the seconds until a clock may run out (None: nothing to wait for)."""
        play = self.play
        if play is None or self.over or self.status != "playing" or self.paused:
            return None
        wait: float | None = None
        poll = play.table_poll
        if poll is not None:
            due = play.table_move()
            if due is not None:
                return TABLE, due, False
            wait = poll
        self._track_decision()
        waiting = play.game.pending_seats()
        for s in waiting:
            if s in self.bots:
                if not choose:
                    return s, None, False
                return s, self.bot_move(s), False
        now = time.time()
        for s in waiting:  # a person's turn clock, an agent's clock per decision
            clock = self.seat_clock(s)
            if clock is None:
                continue
            left = self._decision_since + clock - now
            if left <= 0:
                if not choose:
                    return s, None, True
                return s, self.caretaker_move(s), True
            wait = left if wait is None else min(wait, left)
        return wait

    async def _play(self, seat: int, action: Move | None, timed_out: bool) -> None:
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
        while self.status == "playing" and not self.manager.closing and not self.moved:
            async with self.lock:
                self.wake.clear()  # any change after this point wakes the driver again
                move = self._next_move(choose=delay <= 0)
                if (isinstance(move, tuple) and delay <= 0 and move[0] in self.bots
                        and move[1] is not None and not move[2]):
                    await self.bot_turn(move[0], move[1])
                    continue
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
            # (asyncio.timeout rather than wait_for: no task of its own for every wait, which
            # comes after every action)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(None if move is None else max(0.05, move)):
                    await self.wake.wait()

    async def timed_out(self, seat: int) -> None:
        """A caretaker move was made for `seat`: after three in a row, the room's policy."""
        s = self.seats[seat]
        s.timeouts += 1
        play = self.play
        if s.timeouts < TIMEOUTS_BEFORE_POLICY or play is None or self.over:
            return
        s.timeouts = 0
        forfeit = play.forfeit(seat)
        if self.config.get("timeout_policy", "bot") == "forfeit" and forfeit is not None:
            if play.game.is_legal(seat, forfeit):
                await self.act(seat, forfeit, by_person=False)
            return
        s.bot = TAKEOVER_LEVEL
        s.away = True
        self.bots[seat] = self.seat_bot(TAKEOVER_LEVEL, seat)
        await self.manager.writer.call(self.manager.store.put_seat, self.id, s.row())
        self.broadcast_room()

    def start_driver(self) -> None:
        if self.driver is None or self.driver.done():
            self.driver = self.manager.spawn(self.drive())
