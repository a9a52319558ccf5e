"""The tournament hall: the server's tournaments, and their online tables as rooms of the
browser game.

Each tournament is a :class:`~monopoly.tournament.desk.Desk` (its log in the store). The
hall adds what only a server can do:

- when the chief referee starts a round of an online tournament, every table becomes a
  room of the board game under the tournament's rules, each player's seat opened by their
  personal link (the room keeps the hash of their token), the chief referee its host; the
  server is the banker-referee of the championship rules;
- the rooms play on the tournament's clock (net playing time: a paused round or table
  stops it), so time is called at every table at the game time, and the chief referee's
  "call time" applies the rules' time call (:class:`~monopoly.board.actions.CallTime`) at
  every table at once: a player who has thrown finishes the turn, then the game ends;
- a paused table refuses every action and its bots wait;
- a player replaced by a bot (or marked absent) gets the server's bot in their seat;
- when a table's game ends, its assets are counted (:func:`~monopoly.tournament.simulate.
  game_lines`) and entered as the table's score sheet, for the players to confirm.

After a restart the tournaments are loaded before the rooms (the rooms need their clocks),
then every room that ended while its result was not yet entered gets it now.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, Final

from monopoly.board import actions as A
from monopoly.board.edition import load_edition
from monopoly.board.naming import default_names
from monopoly.board.position import TABLE
from monopoly.store import SeatRow, Store
from monopoly.store.tournaments import TournamentBook
from monopoly.tournament.desk import Desk
from monopoly.tournament.errors import TournamentError
from monopoly.tournament.state import CHIEF, SERVER, Op, RoundState, TableState
from monopoly.tournament.status import clocks_json, seat_of, status_json
from monopoly.web.manager import RoomManager
from monopoly.web.protocol import ProtocolError
from monopoly.web.room import Room, token_hash

__all__ = ["Hall"]

log = logging.getLogger("monopoly.web")

STATUSES_KEPT: Final = 64  # statuses kept built (Hall.status)


class Hall:
    """Every tournament of one server (see the module docstring)."""

    def __init__(self, manager: RoomManager, store: Store) -> None:
        self.manager = manager
        self.book = TournamentBook(store)
        self.desks: dict[str, Desk] = {}
        self.lock = asyncio.Lock()
        # (tournament, version, chief or None, base URL) -> its status (Hall.status)
        self._statuses: dict[tuple[str, int, str | None, str], dict[str, Any]] = {}
        manager.finish_hooks.append(self.room_finished)
        manager.clock_for = self.clock_for

    # --- loading

    def preload(self) -> int:
        """Load every stored tournament (before the rooms: they read its clock)."""
        for row in self.book.listing():
            try:
                self.desks[row["id"]] = Desk.load(self.book, row["id"])
            except TournamentError:
                log.exception("tournament %s could not be loaded", row["id"])
        return len(self.desks)

    async def settle(self) -> None:
        """After the rooms are loaded: pause the paused tables, enter the results of the
        games that ended while the server was down."""
        for desk in list(self.desks.values()):
            r = desk.tournament.current
            if r is None or r.started_at is None:
                continue
            for table in r.tables:
                room = self.manager.rooms.get(table.room or "")
                if room is not None:
                    room.paused = table.paused or r.paused
                if table.room and table.lines is None:
                    try:
                        room = await self.manager.get(table.room)
                    except ProtocolError:
                        continue
                    if room.over:
                        await self.room_finished(room)

    async def desk(self, tid: str) -> Desk:
        desk = self.desks.get(tid)
        if desk is None:
            desk = await asyncio.to_thread(Desk.load, self.book, tid)
            self.desks.setdefault(tid, desk)
        return self.desks[tid]

    async def create(self, settings: dict[str, Any]) -> Desk:
        desk = await asyncio.to_thread(Desk.create, self.book, settings)
        self.desks[desk.id] = desk
        return desk

    # --- reading

    def status(self, desk: Desk, role: str | None, base_url: str) -> dict[str, Any]:
        """:func:`status_json` for `role`, built once per version of the tournament for
        everyone alike (the chief referee's apart), then given this moment's clocks and the
        player's own seat: after an operation, every page of the hall asks at once."""
        kind = CHIEF if role == CHIEF else None
        key = (desk.id, len(desk.tournament.ops), kind, base_url)
        found = self._statuses.get(key)
        if found is None:
            found = status_json(desk, kind, base_url=base_url)
            self._statuses[key] = found
            while len(self._statuses) > STATUSES_KEPT:
                self._statuses.pop(next(iter(self._statuses)))
        clocks = clocks_json(desk)
        out = {**found, "role": role, "now": clocks["now"], "rounds": [
            {**r, "elapsed": c["elapsed"], "remaining": c["remaining"],
             "tables": [{**x, "remaining": left} for x, left in zip(r["tables"], c["tables"],
                                                                     strict=True)]}
            for r, c in zip(found["rounds"], clocks["rounds"], strict=True)]}
        if role is not None and role.startswith("player:"):
            out["me"] = seat_of(desk, int(role.split(":")[1]))
        return out

    # --- operations

    async def do(self, desk: Desk, kind: str, data: dict[str, Any], actor: str) -> Op:
        """One operation on the tournament, and what it means for its online tables."""
        async with self.lock:
            t = desk.tournament
            # checked, stored and applied before any room is made, on the event loop's
            # thread: the pages read the state there, never half changed (one small commit)
            op = desk.do(kind, data, actor)
            if t.settings.play == "online":
                await self._online(desk, op)
            return op

    async def _online(self, desk: Desk, op: Op) -> None:
        t = desk.tournament
        d = op.data
        if op.kind == "round_started":
            r = t.round(d["round"])
            for table in r.tables:
                await self._open_table(desk, r, table)
        elif op.kind in ("round_paused", "round_resumed"):
            r = t.round(d["round"])
            for table in r.tables:
                self._set_paused(table, r)
        elif op.kind in ("table_paused", "table_resumed"):
            r = t.round(d["round"])
            self._set_paused(r.table(d["table"]), r)
        elif op.kind == "time_called":
            r = t.round(d["round"])
            for table in r.tables:
                self._set_paused(table, r)
                room = self.manager.rooms.get(table.room or "")
                if room is None or room.over:
                    continue
                async with room.lock:
                    game = room.game
                    if game is not None and game.is_legal(TABLE, A.CALL_TIME):
                        await room.act(TABLE, A.CALL_TIME, by_person=False)
        elif op.kind == "seat_replaced":
            r = t.round(d["round"])
            room = self.manager.rooms.get(r.table(d["table"]).room or "")
            if room is not None:
                seat = r.table(d["table"]).players.index(d["player"])
                await self.manager.kick(room, seat)  # the server's bot keeps the seat

    async def _open_table(self, desk: Desk, r: RoundState, table: TableState) -> None:
        """The table's room: made, seated, started (the server is its banker)."""
        t = desk.tournament
        s = t.settings
        if table.room is not None:
            return
        seats = [SeatRow(n, t.entrants[p].name[:24], t.entrants[p].bot, None)
                 if t.entrants[p].bot else
                 SeatRow(n, t.entrants[p].name[:24], None,
                         token_hash(desk.token(f"player:{p}")))
                 for n, p in enumerate(table.players)]
        config = {
            "game": "board", "preset": s.preset, "edition": s.edition,
            "options": s.game_options(),  # the games' rules: as the simulator's
            "seats": len(table.players),
            "currency": s.currency,  # the championship's "M"
            # every table reads the same street names: the edition's English ones
            "names": default_names(load_edition(s.edition), "en"),
            "tournament": {"id": t.id, "round": r.number, "table": table.number},
        }
        room = await self.manager.create_seated(config, seats, token_hash(desk.token(CHIEF)))
        desk.do("table_room", {"round": r.number, "table": table.number, "room": room.id},
                SERVER)
        await self.manager.start(room)

    def _set_paused(self, table: TableState, r: RoundState) -> None:
        room = self.manager.rooms.get(table.room or "")
        if room is None:
            return
        room.paused = (table.paused or r.paused) and r.time_called_at is None
        room.wake.set()
        room.broadcast_room()

    def clock_for(self, room: Room) -> Callable[[], float] | None:
        """A tournament room's clock: the net playing time of its table."""
        where = room.config.get("tournament")
        if not isinstance(where, dict):
            return None
        desk = self.desks.get(str(where.get("id")))
        if desk is None:
            return None
        t = desk.tournament
        number, table_number = int(where["round"]), int(where["table"])

        def now() -> float:
            r = t.round(number)
            return r.elapsed(time.time(), r.table(table_number))

        return now

    async def room_finished(self, room: Room) -> None:
        """A tournament table's game has ended: its score sheet, from the game."""
        where = room.config.get("tournament")
        game = room.game
        if not isinstance(where, dict) or game is None:
            return
        from monopoly.board.game import Game
        from monopoly.tournament.simulate import game_lines

        try:
            desk = await self.desk(str(where["id"]))
            table = desk.tournament.round(int(where["round"])).table(int(where["table"]))
        except (TournamentError, KeyError, ValueError):
            log.exception("room %s: its tournament table is unknown", room.id)
            return
        if table.lines is not None or not isinstance(game, Game):
            return
        lines = game_lines(game, table.players)
        async with self.lock:
            try:
                desk.do("result_entered", {
                    "round": table.round, "table": table.number, "lines": lines,
                    "source": "online"}, SERVER)
            except TournamentError:
                log.exception("room %s: its result was refused", room.id)
