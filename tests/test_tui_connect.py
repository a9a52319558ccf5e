"""The terminal game in a room of a real server (``monopoly play --connect``,
docs/terminal.md): it joins the room under a name, plays its seat by keys over the
WebSocket, says so when the server goes away (killed mid-game), connects again when it is
back and plays the game to the end; without a seat it watches. The room's record replays
to the game the terminal saw end."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from monopoly.core.registry import replay
from monopoly.tui.app import GameApp
from monopoly.tui.remote import RemoteTable
from monopoly.tui.texts import tr
from serverkit import Server, create_room, free_port, short, sqlite_url, start_room
from tuikit import take_turn


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(sqlite_url(tmp_path), free_port()).start()
    yield s
    s.stop()


async def until(pilot: Pilot[Any], done: Callable[[], Any], what: str,
                timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"waited {timeout} s for {what}"
        await pilot.pause(0.05)


async def play(pilot: Pilot[Any], app: GameApp, rng: random.Random, taken: dict[str, int],
               done: Callable[[], bool], timeout: float = 120) -> None:
    """The terminal's seat played by keys until `done` (the bots answer on the server)."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"the game did not get on in {timeout} s"
        if not await take_turn(pilot, app, rng, taken):
            await pilot.pause(0.05)


def error_line(app: GameApp) -> str:
    return str(app.query_one("#error", Static).render())


def test_a_room_joined_by_name_and_played_by_keys_through_a_lost_connection(
        server: Server) -> None:
    with server.http() as http:
        made = create_room(http, seats=2, nickname="Host", options=short(10))
    room = made["room"]
    table = RemoteTable(f"{server.base}/#/room/{room}", "cs", "Tui")
    app = GameApp(table, delay=0)
    rng = random.Random(4)
    taken: dict[str, int] = {}
    seen: dict[str, str] = {}

    async def go() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: table.local_seats == (1,), "the join to seat 1")
            with server.http() as http:  # the host frees its seat: a bot takes it
                r = http.post(f"/api/rooms/{room}/kick", json={"seat": 0},
                              headers={"Authorization": f"Bearer {made['host_token']}"})
                assert r.status_code == 200, r.text
                start_room(http, made)
            await play(pilot, app, rng, taken, lambda: sum(taken.values()) >= 8)
            server.kill()
            await until(pilot, lambda: tr("cs", "connection_lost") in error_line(app),
                        "the lost connection said")
            seen["lost"] = error_line(app)
            assert table.send(1, "roll") is not None  # nothing is sent meanwhile
            server.start()
            await until(pilot, lambda: table.connected.is_set(), "the connection again",
                        timeout=30)
            await until(pilot, lambda: table.state(1) is not None
                        and tr("cs", "connection_lost") not in error_line(app),
                        "the room's state again")
            await play(pilot, app, rng, taken, lambda: table.over)
            await until(pilot, lambda: table.outcome() is not None, "the outcome")
            seen["prompt"] = str(app.query_one("#prompt", Static).render())
            await table.close()

    asyncio.run(go())
    assert set(taken) >= {"roll", "end"}, taken
    assert tr("cs", "game_over") in seen["prompt"]
    with server.http() as http:
        record = http.get(f"/api/rooms/{room}/record")
        assert record.status_code == 200, record.text
    game = replay(record.text.splitlines(), events=False)
    assert game.outcome is not None and game.outcome.to_dict() == table.outcome()
    # the log the terminal shows is the room's whole log, read again after the restart
    assert len(table.log) >= len(record.text.splitlines()) // 2


def test_a_room_of_bots_is_watched(server: Server) -> None:
    with server.http() as http:
        made = create_room(http, seats=2, bots={"0": "easy", "1": "hard"},
                           options=short(6))
    room = made["room"]
    table = RemoteTable(f"{server.base}/#/room/{room}", "ru", "Tui")
    app = GameApp(table, delay=0)
    seen: dict[str, str] = {}

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: table.state(None) is not None, "the room's state")
            assert table.local_seats == ()
            with server.http() as http:
                start_room(http, made)
            await until(pilot, lambda: table.over and table.outcome() is not None,
                        "the bots' game to end")
            seen["prompt"] = str(app.query_one("#prompt", Static).render())
            await table.close()

    asyncio.run(go())
    assert tr("ru", "game_over") in seen["prompt"]
    assert table.log, "the watcher reads the game's log"


def test_a_server_that_cannot_be_reached_is_said_so() -> None:
    port = free_port()  # nothing listens there
    table = RemoteTable(f"http://127.0.0.1:{port}/#/room/abc", "en", "Tui")
    app = GameApp(table, delay=0)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.return_code is not None, "the app to stop")

    asyncio.run(go())
    assert app.return_code == 2
    assert app.exit_note is not None
    assert app.exit_note.startswith(tr("en", "connection_failed", url=f"http://127.0.0.1:{port}",
                                       reason="")), app.exit_note
