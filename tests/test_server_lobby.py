"""The lobby's housekeeping against a real `monopoly serve` process: rooms nobody is in
expire (monopoly.web.expiry, `--expire-after`), and the host removes a seat only before
the start or, during play, one nobody is connected to."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from monopoly.tools.loadtest import wait_healthy
from serverkit import Server, create_room, free_port, next_message, short, sqlite_url, start_room

AGE = 2.0  # seconds a room nobody is in lives on (the test server's --expire-after)


@dataclass
class ExpiringServer(Server):
    expire_after: float = AGE

    def start(self) -> ExpiringServer:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "monopoly.cli", "serve", "--host", "127.0.0.1",
             "--port", str(self.port), "--db", self.db_url, "--bot-delay", str(self.bot_delay),
             "--expire-after", str(self.expire_after)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        wait_healthy(self.base, self.proc)
        return self


@pytest.fixture(scope="module")
def expiring(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ExpiringServer]:
    # bots wait half a second: a room of bots alone is still playing when it expires
    s = ExpiringServer(sqlite_url(tmp_path_factory.mktemp("expiring")), free_port(),
                       bot_delay=0.5).start()
    yield s
    s.stop()


def _until(check: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def _status(http: httpx.Client, room: str) -> str:
    status: str = http.get(f"/api/rooms/{room}").json()["status"]
    return status


def _listed(http: httpx.Client, status: str) -> set[str]:
    return {r["id"] for r in http.get("/api/rooms", params={"status": status}).json()["rooms"]}




# --------------------------------------------------------------------------- expiry


def test_an_open_room_nobody_is_in_expires_and_one_with_a_connection_does_not(
    expiring: ExpiringServer,
) -> None:
    with expiring.http() as http:
        alone = create_room(http, seats=2, nickname="Ann")
        watched = create_room(http, seats=2, nickname="Bob")
        assert _status(http, alone["room"]) == "open"

        async def hold() -> None:  # Bob's page stays open for twice the age
            async with connect(f"{expiring.ws}/ws/{watched['room']}?token={watched['token']}"
                               ) as ws:
                await next_message(ws, "hello")
                await asyncio.sleep(2.5 * AGE)
                assert _status(http, watched["room"]) == "open"

        asyncio.run(hold())
        assert _status(http, alone["room"]) == "expired"
        assert alone["room"] not in _listed(http, "open")
        assert alone["room"] in _listed(http, "expired")
        # nobody joins or starts an expired room: the reason says why
        joined = http.post(f"/api/rooms/{alone['room']}/join", json={"nickname": "Cleo"})
        assert joined.status_code == 409 and joined.json()["error"]["code"] == "conflict"
        assert "nobody had been in it" in joined.json()["error"]["message"]
        started = http.post(f"/api/rooms/{alone['room']}/start",
                            headers={"Authorization": f"Bearer {alone['host_token']}"})
        assert started.status_code == 409
        # Bob has left: his room expires an age after he went
        _until(lambda: _status(http, watched["room"]) == "expired", 4 * AGE)


def test_a_playing_room_expires_once_its_people_are_gone(expiring: ExpiringServer) -> None:
    with expiring.http() as http:
        made = create_room(http, seats=2, bots={"1": "easy"}, nickname="Ann",
                           options=short(400))
        room = made["room"]
        start_room(http, made)
        url = f"{expiring.ws}/ws/{room}?token={made['token']}"

        async def present() -> None:  # Ann is there (she does not act): the room lives
            async with connect(url) as ws:
                await next_message(ws, "hello")
                await asyncio.sleep(2 * AGE)
                assert _status(http, room) == "playing"

        asyncio.run(present())
        _until(lambda: _status(http, room) == "expired", 4 * AGE)
        assert room not in _listed(http, "playing")

        async def back() -> dict[str, Any]:  # too late: she may look, not play
            async with connect(url) as ws:
                hello = await next_message(ws, "hello")
                assert hello["room"]["status"] == "expired"
                await ws.send(json.dumps({"type": "action", "id": "a1", "action": "roll"}))
                return await next_message(ws, "error")

        refused = asyncio.run(back())
        assert refused["id"] == "a1" and refused["code"] == "conflict"
        assert "closed" in refused["message"]


def test_a_room_of_bots_alone_nobody_watches_is_closed_and_its_record_kept(
    expiring: ExpiringServer,
) -> None:
    with expiring.http() as http:
        made = create_room(http, seats=2, bots={"0": "easy", "1": "easy"})
        room = made["room"]
        start_room(http, made)
        _until(lambda: _status(http, room) == "expired", 4 * AGE)
        # the bots stopped: no action is added any more, the ones made stay in the store
        db = expiring.db_url.removeprefix("sqlite:///")

        def stored() -> int:
            with contextlib.closing(sqlite3.connect(db)) as conn:
                n: int = conn.execute("SELECT COUNT(*) FROM actions WHERE room = ?",
                                      (room,)).fetchone()[0]
                return n

        made_then = stored()
        assert made_then > 0
        time.sleep(1.5)
        assert stored() == made_then
        with contextlib.closing(sqlite3.connect(db)) as conn:
            status = conn.execute("SELECT status FROM rooms WHERE id = ?", (room,)).fetchone()
        assert status == ("expired",)


def test_a_restart_keeps_a_room_expired(tmp_path: Path) -> None:
    server = ExpiringServer(sqlite_url(tmp_path), free_port(), expire_after=1.0).start()
    try:
        with server.http() as http:
            made = create_room(http, seats=2, nickname="Ann")
            _until(lambda: _status(http, made["room"]) == "expired", 8)
        server.stop()
        server.start()
        with server.http() as http:
            assert _status(http, made["room"]) == "expired"
            assert made["room"] not in _listed(http, "open")
    finally:
        server.stop()


def test_the_age_is_checked_on_the_command_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "monopoly.cli", "serve", "--db", sqlite_url(tmp_path),
         "--expire-after", "-1"], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "--expire-after" in done.stdout + done.stderr


# --------------------------------------------------------------------------- removing a seat


def test_the_host_removes_only_a_seat_nobody_is_connected_to_during_play(
    server: Server, http: httpx.Client
) -> None:
    made = create_room(http, seats=3, bots={"2": "easy"}, nickname="Ann", options=short(400))
    room, auth = made["room"], {"Authorization": f"Bearer {made['host_token']}"}
    bob = http.post(f"/api/rooms/{room}/join", json={"nickname": "Bob"}).json()
    cleo = http.post(f"/api/rooms/{room}/join", json={"nickname": "Cleo"})
    assert cleo.status_code == 409  # full: Ann, Bob and the bot
    start_room(http, made)
    bob_url = f"{server.ws}/ws/{room}?token={bob['token']}"

    async def connected_bob() -> httpx.Response:
        async with connect(bob_url) as ws:
            await next_message(ws, "hello")
            refused = http.post(f"/api/rooms/{room}/kick?lang=cs", json={"seat": bob["seat"]},
                                headers=auth)
            english = http.post(f"/api/rooms/{room}/kick", json={"seat": bob["seat"]},
                                headers=auth)
            assert english.status_code == 409
            assert "connected" in english.json()["error"]["message"]
            # Bob is still in his seat and still plays it
            await ws.send(json.dumps({"type": "ping"}))
            await next_message(ws, "pong")
            return refused

    refused = asyncio.run(connected_bob())
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "conflict"
    assert http.get(f"/api/rooms/{room}").json()["seats"][bob["seat"]]["bot"] is None
    # Bob has gone: now the host may give his seat to a bot
    _until(lambda: not http.get(f"/api/rooms/{room}").json()["seats"][bob["seat"]]["connected"])
    kicked = http.post(f"/api/rooms/{room}/kick", json={"seat": bob["seat"]}, headers=auth)
    assert kicked.status_code == 200, kicked.text
    assert kicked.json()["seats"][bob["seat"]]["bot"] == "medium"

    async def refused_token() -> dict[str, Any]:
        async with connect(bob_url) as ws:
            msg: dict[str, Any] = json.loads(await ws.recv())
            return msg

    assert asyncio.run(refused_token())["code"] == "unauthorised"


def test_before_the_start_the_host_removes_even_a_connected_player(
    server: Server, http: httpx.Client
) -> None:
    made = create_room(http, seats=3, nickname="Ann")
    room, auth = made["room"], {"Authorization": f"Bearer {made['host_token']}"}
    bob = http.post(f"/api/rooms/{room}/join", json={"nickname": "Bob"}).json()

    async def removed() -> dict[str, Any]:
        async with connect(f"{server.ws}/ws/{room}?token={bob['token']}") as ws:
            await next_message(ws, "hello")
            kicked = http.post(f"/api/rooms/{room}/kick", json={"seat": bob["seat"]},
                               headers=auth)
            assert kicked.status_code == 200
            assert kicked.json()["seats"][bob["seat"]]["taken"] is False
            return await next_message(ws, "error")

    assert asyncio.run(removed())["code"] == "unauthorised"


def test_nobody_is_removed_once_the_game_is_over(server: Server, http: httpx.Client) -> None:
    made = create_room(http, seats=2, bots={"0": "easy", "1": "easy"}, options=short(3))
    room = made["room"]
    start_room(http, made)
    _until(lambda: _status(http, room) == "finished", 60)
    after = http.post(f"/api/rooms/{room}/kick", json={"seat": 0},
                      headers={"Authorization": f"Bearer {made['host_token']}"})
    assert after.status_code == 409 and "over" in after.json()["error"]["message"]
    assert http.get(f"/api/rooms/{room}").json()["seats"][0]["bot"] == "easy"
