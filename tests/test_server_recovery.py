"""Durability and recovery: the store on SQLite and PostgreSQL (a throwaway cluster or
MONOPOLY_TEST_PG_URL), and a server killed with SIGKILL in the middle of a game, restarted on
the same database, finishing the game with nothing lost or doubled."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path

import pytest
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from monopoly.board.game import Game
from monopoly.board.record import record_lines, replay, snapshot, state_hash
from monopoly.board.view import SeatView
from monopoly.bots.board.base import make_bot
from monopoly.store import RoomRow, SeatRow, Store
from monopoly.tools.client import SeatClient
from serverkit import Server, create_room, database, db_params, free_port, short, start_room

THINK = 0.05


@pytest.mark.parametrize("kind", db_params())
def test_the_store_keeps_rooms_actions_and_snapshots(kind: str, tmp_path: Path) -> None:
    with database(kind, tmp_path) as url:
        store = Store(url)
        try:
            row = RoomRow("room-1", {"seats": 2, "preset": "classic"}, "open", 2**61 + 5,
                          "h" * 64, "x" * 64, 1.0, 1.0)
            store.create_room(row, [SeatRow(0, "Ann", None, "t" * 64)])
            store.put_seat("room-1", SeatRow(1, "Bot", "easy", None))
            store.set_status("room-1", "playing")
            got = store.room("room-1")
            assert got is not None
            assert got[0].seed == 2**61 + 5 and got[0].status == "playing"
            assert [(s.seat, s.nickname, s.bot) for s in got[1]] == [
                (0, "Ann", None), (1, "Bot", "easy")]
            store.append_actions([("room-1", 1, 0, "roll"), ("room-1", 2, 0, "buy")])
            with pytest.raises(IntegrityError):  # (room, seq) is the primary key
                store.append_actions([("room-1", 3, 0, "end"), ("room-1", 2, 0, "end")])
            assert [(a.seq, a.text) for a in store.actions("room-1")] == [(1, "roll"),
                                                                          (2, "buy")]
            assert [a.seq for a in store.actions("room-1", after=1)] == [2]
            game = Game(["Ann", "Bot"], 5)
            store.save_snapshot("room-1", 200, snapshot(game))
            latest = store.latest_snapshot("room-1")
            assert latest is not None and latest[0] == 200
            assert latest[1] == json.loads(json.dumps(snapshot(game)))
            assert [r.id for r, _ in store.rooms("playing")] == ["room-1"]
            # a start is one transaction: the seats filled by bots, the config, the status
            store.create_room(RoomRow("room-2", {"seats": 3}, "open", 1, "h" * 64, "x" * 64,
                                      2.0, 2.0), [SeatRow(0, "Ann", None, "t" * 64)])
            commits: list[int] = []
            event.listen(store.engine, "commit", lambda conn: commits.append(1))
            store.start_room("room-2", {"seats": 3, "started": 5.0},
                             [SeatRow(1, "Bot 2", "medium", None),
                              SeatRow(2, "Bot 3", "medium", None)])
            started = store.room("room-2")
            assert started is not None and len(commits) == 1
            assert started[0].status == "playing" and started[0].config["started"] == 5.0
            assert [(s.seat, s.bot) for s in started[1]] == [
                (0, None), (1, "medium"), (2, "medium")]
        finally:
            store.close()


def test_the_caretaker_plays_only_legal_actions_and_never_bids() -> None:
    for seed in range(4):
        n = 2 + seed
        g = Game([f"p{i}" for i in range(n)], seed, events=False)
        bots = [make_bot("caretaker" if s == 0 else "greedy", s) for s in range(n)]
        for _ in range(3000):
            seat = g.pending
            if seat is None:
                break
            action = bots[seat].choose(SeatView(g, seat), g.legal_actions(seat))
            assert g.is_legal(seat, action), action.text()
            if seat == 0:
                assert not action.text().startswith(("bid", "propose", "build", "unmortgage"))
                if action.text().startswith(("mortgage", "sell")):
                    assert g.debts and g.debts[0].debtor == 0  # only to pay a debt
            g.apply(seat, action)


@pytest.mark.parametrize("kind", db_params())
def test_a_killed_server_restarts_and_the_game_finishes(kind: str, tmp_path: Path) -> None:
    with database(kind, tmp_path) as url:
        port = free_port()
        server = Server(url, port, bot_delay=0.01).start()
        try:
            with server.http() as http:
                made = create_room(http, seats=2, bots={"1": "hard"}, nickname="Ann",
                                   options=short(400, starting_cash=20000))
                room = made["room"]
                ws_url = f"{server.ws}/ws/{room}?token={made['token']}"
                first = SeatClient(ws_url, made["seat"], THINK)

                async def until_killed() -> None:
                    task = asyncio.create_task(first.play(60))
                    await asyncio.sleep(0.2)
                    start_room(http, made)
                    # past the first snapshot (200 actions): the restart replays from it
                    while first.seq < 215 and not task.done():
                        await asyncio.sleep(0.01)
                    # mid-game, with bots acting: no shutdown, nothing flushed on the way out
                    await asyncio.sleep(random.Random(len(url)).uniform(0, 0.05))
                    server.kill()
                    await task

                asyncio.run(until_killed())
            assert first.over is None and first.seq >= 215, (first.over, first.seq)
            # the same database, a new process: the room is rebuilt and the bots go on
            server = Server(url, free_port(), bot_delay=0.01).start()
            with server.http() as http:
                public = http.get(f"/api/rooms/{room}").json()
                assert public["status"] == "playing"
                assert public["seq"] >= first.acked[-1][0]
                second = SeatClient(f"{server.ws}/ws/{room}?token={made['token']}",
                                    made["seat"], THINK)

                async def finish() -> None:
                    """Play on with the bots for a while, then resign (the game is long)."""
                    task = asyncio.create_task(second.play(90))
                    while len(second.acked) < 10 and not task.done():
                        await asyncio.sleep(0.01)
                    with contextlib.suppress(ConnectionClosed):
                        async with connect(f"{server.ws}/ws/{room}?token={made['token']}") as ws:
                            await ws.send(json.dumps({"type": "action", "id": "r",
                                                      "action": "resign"}))
                            await task

                asyncio.run(finish())
                assert second.over is not None, second.errors
                record = http.get(f"/api/rooms/{room}/record")
                assert record.status_code == 200
        finally:
            server.stop()
        lines = record.text.splitlines()
        actions = [json.loads(line) for line in lines[1:]]
        # every acknowledged action is in the record, at its seq, once
        for seq, text in first.acked + second.acked:
            assert actions[seq - 1] == [made["seat"], text]
        assert any(seat != made["seat"] for seat, _ in actions[second.acked[0][0]:])
        # no gap, no duplicate: the record replays to the outcome the server announced
        game = replay(lines)
        assert game.is_over and game.outcome is not None
        assert game.outcome.to_dict() == second.over["outcome"]
        assert len(game.history) == len(actions)
        assert state_hash(replay(record_lines(game))) == state_hash(game)

