"""The server on several processes over one PostgreSQL database (docs/scaling.md): the
leases (claims, the fence of the action rows, takeover from a dead process), sharding by
room behind HAProxy, the redirect of a client that reaches the wrong process, the hand-over
of a room, the lobby's list on every process (LISTEN/NOTIFY), the rate limit through the
front, and failover after kill -9 with real processes.

The tests behind HAProxy are skipped where it is not installed, except where
``MONOPOLY_REQUIRE_HAPROXY`` is set (CI installs Debian's package and sets it): there they
fail.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets
from sqlalchemy import text

from monopoly.store import LeaseLost, RoomRow, Store
from monopoly.store.leases import Leases
from monopoly.tools.deploy import Deployment, find_haproxy
from monopoly.tools.loadtest import free_ports, run_loadtest
from monopoly.web.cluster import FRONT_HEADER
from serverkit import pg_database

pytestmark = pytest.mark.postgresql


def _need_haproxy() -> None:
    if find_haproxy() is None:
        if os.environ.get("MONOPOLY_REQUIRE_HAPROXY"):
            pytest.fail("HAProxy is required here (MONOPOLY_REQUIRE_HAPROXY) but not found")
        pytest.skip("HAProxy is not installed (apt-get install haproxy)")


def _room(store: Store, room: str, status: str = "playing") -> None:
    store.create_room(RoomRow(room, {"seats": 2}, status, 7, "h", "x", 0.0, 0.0), [])


def _kill_heartbeat(store: Store, process: str) -> None:
    """`process` looks dead: its heartbeat is older than any lease's time to live."""
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE processes SET heartbeat = heartbeat - 60 WHERE id = :p"),
                     {"p": process})


@pytest.fixture
def two() -> Iterator[tuple[Store, Leases, Leases]]:
    """A fresh database's store and the leases of two live processes, a and b."""
    with pg_database() as url:
        store = Store(url)
        try:
            a, b = Leases(store, "a"), Leases(store, "b")
            a.register("http://host-a:1")
            b.register("http://host-b:2")
            yield store, a, b
        finally:
            store.close()


def test_a_room_is_held_by_one_process_and_taken_over_when_it_dies(
        two: tuple[Store, Leases, Leases]) -> None:
    store, a, b = two
    _room(store, "r1")
    assert a.claim("r1") is None  # free: a takes it
    assert a.claim("r1") is None  # its own: still a's
    assert b.claim("r1") == "http://host-a:1"  # a is alive: b is told where it is
    store.fence = a.held
    store.append_actions([("r1", 1, 0, "roll")])
    store.fence = b.held  # b does not hold it: nothing of b's batch is stored
    with pytest.raises(LeaseLost) as lost:
        store.append_actions([("r1", 2, 1, "roll")])
    assert lost.value.rooms == {"r1"}
    assert [row.seq for row in store.actions("r1")] == [1]
    assert a.orphans() == []  # held by a live process
    _kill_heartbeat(store, "a")
    assert a.orphans() == ["r1"]  # in play, its process dead
    assert b.claim("r1") is None  # a is dead: b takes it over
    store.fence = a.held  # a's late write is refused: the room is b's
    with pytest.raises(LeaseLost):
        store.append_actions([("r1", 2, 0, "roll")])
    assert b.orphans() == []
    b.release("r1")
    assert a.claim("r1") is None  # let go: free again


def test_a_process_that_leaves_frees_its_rooms_at_once(
        two: tuple[Store, Leases, Leases]) -> None:
    store, a, b = two
    _room(store, "r1")
    _room(store, "r2", "open")
    assert a.claim("r1") is None and a.claim("r2") is None
    assert b.orphans(status="open") == []
    a.retire()
    assert b.orphans() == ["r1"]  # the room in play waits for an owner now
    # the open room nobody holds, idle since before then: for the expiry's sweep
    assert b.orphans(status="open", before=1.0) == ["r2"]
    assert b.orphans(status="open", before=0.0) == []
    assert b.claim("r2") is None


# --- real processes behind HAProxy


@pytest.fixture(scope="module")
def deployment(postgresql: str) -> Iterator[Deployment]:
    _need_haproxy()
    with pg_database() as url, Deployment(url, 2, free_ports(3),
                                          serve_args=["--bot-delay", "0"],
                                          restart=False) as found:
        yield found


def _holder(deployment: Deployment, room: str) -> int | None:
    """The index of the process that holds `room`, from the database."""
    store = Store(deployment.db_url)
    try:
        with store.engine.connect() as conn:
            address = conn.execute(text(
                "SELECT p.address FROM room_leases l JOIN processes p ON p.id = l.owner "
                "WHERE l.room = :room"), {"room": room}).scalar()
    finally:
        store.close()
    addresses = [deployment.address(n) for n in range(len(deployment.ports))]
    return addresses.index(address) if address in addresses else None


def _create(base: str, **body: Any) -> dict[str, Any]:
    answer = httpx.post(f"{base}/api/rooms", json={"seats": 2, "nickname": "Ann", **body},
                        timeout=10)
    assert answer.status_code == 200, answer.text
    made: dict[str, Any] = answer.json()
    return made


def test_rooms_are_sharded_and_each_is_served_by_its_process(
        deployment: Deployment) -> None:
    rooms = [_create(deployment.url)["room"] for _ in range(12)]
    for room in rooms:  # through the front: the room's process claims it
        answer = httpx.get(f"{deployment.url}/api/rooms/{room}", timeout=10)
        assert answer.status_code == 200 and answer.json()["id"] == room
    holders = [_holder(deployment, room) for room in rooms]
    assert None not in holders
    assert set(holders) == {0, 1}, holders  # both processes hold rooms (a hash, not one)
    for room, n in zip(rooms, holders, strict=True):  # the front keeps each on its process
        for _ in range(3):
            assert httpx.get(f"{deployment.url}/api/rooms/{room}", timeout=10
                             ).status_code == 200
        assert _holder(deployment, room) == n


def test_a_client_of_the_wrong_process_is_redirected_never_served(
        deployment: Deployment) -> None:
    room = _create(deployment.url)["room"]
    assert httpx.get(f"{deployment.url}/api/rooms/{room}", timeout=10).status_code == 200
    n = _holder(deployment, room)
    assert n is not None
    other = deployment.address(1 - n)
    answer = httpx.get(f"{other}/api/rooms/{room}", timeout=10)  # straight to the other
    assert answer.status_code == 307
    assert answer.headers["location"] == f"{deployment.address(n)}/api/rooms/{room}"
    assert answer.json()["error"]["code"] == "moved"
    followed = httpx.get(f"{other}/api/rooms/{room}", timeout=10, follow_redirects=True)
    assert followed.status_code == 200 and followed.json()["id"] == room

    async def over_websocket() -> tuple[dict[str, Any], int | None]:
        ws_url = other.replace("http://", "ws://") + f"/ws/{room}"
        async with websockets.connect(ws_url) as ws:
            first = json.loads(await asyncio.wait_for(ws.recv(), 10))
            with pytest.raises(websockets.ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 10)
            return first, ws.close_code

    error, code = asyncio.run(over_websocket())
    assert error["code"] == "moved" and error["address"] == deployment.address(n)
    assert code == 4307
    assert _holder(deployment, room) == n  # nothing moved


def test_a_room_is_handed_over_and_its_clients_told_to_reconnect(
        deployment: Deployment) -> None:
    made = _create(deployment.url)
    room = made["room"]
    assert httpx.get(f"{deployment.address(0)}/api/rooms/{room}", timeout=10
                     ).status_code == 200  # process 0 holds it (a claim, straight there)
    assert _holder(deployment, room) == 0

    async def hand_over() -> int | None:
        ws_url = deployment.address(0).replace("http://", "ws://") + \
            f"/ws/{room}?token={made['token']}"
        async with websockets.connect(ws_url) as ws:
            await asyncio.wait_for(ws.recv(), 10)  # hello
            # as the front does: process 1 is sent the room, and asks for it
            answer = await asyncio.to_thread(
                httpx.get, f"{deployment.address(1)}/api/rooms/{room}",
                headers={FRONT_HEADER: "1"}, timeout=10)
            assert answer.status_code == 200 and answer.json()["id"] == room
            with pytest.raises(websockets.ConnectionClosed):
                while True:
                    await asyncio.wait_for(ws.recv(), 10)
            return ws.close_code

    assert asyncio.run(hand_over()) == 1012  # "service restart": reconnect
    assert _holder(deployment, room) == 1
    joined = httpx.post(f"{deployment.address(1)}/api/rooms/{room}/join",
                        json={"nickname": "Bob"}, timeout=10)
    assert joined.status_code == 200, joined.text  # the room goes on, on process 1


def test_every_process_answers_the_lobby_and_hears_of_new_rooms(
        deployment: Deployment) -> None:
    first = _create(deployment.address(0), nickname="Cy")["room"]
    for n in range(2):  # every process lists it (and keeps its list)
        listed = httpx.get(f"{deployment.address(n)}/api/rooms?status=open", timeout=10)
        assert first in {r["id"] for r in listed.json()["rooms"]}
    second = _create(deployment.address(0), nickname="Di")["room"]
    deadline = time.monotonic() + 5
    while True:  # process 1's kept list is dropped when process 0 tells it (NOTIFY)
        listed = httpx.get(f"{deployment.address(1)}/api/rooms?status=open", timeout=10)
        if second in {r["id"] for r in listed.json()["rooms"]}:
            break
        assert time.monotonic() < deadline, "process 1 never heard of the new room"
        time.sleep(0.1)


def test_the_rate_limit_holds_per_connection_through_the_front(
        deployment: Deployment) -> None:
    room = _create(deployment.url)["room"]
    ws_url = deployment.url.replace("http://", "ws://") + f"/ws/{room}"

    async def flood() -> list[str]:
        async with websockets.connect(ws_url) as ws:
            for n in range(200):
                await ws.send(json.dumps({"type": "ping", "id": n}))
            kinds: list[str] = []
            while len(kinds) < 200:
                try:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 2))
                except TimeoutError:
                    break
                kinds.append(msg.get("code", msg["type"]))
            return kinds

    kinds = asyncio.run(flood())
    assert "rate_limited" in kinds and "pong" in kinds


def test_failover_after_kill_9_every_game_finishes_and_every_record_verifies() -> None:
    _need_haproxy()
    result = run_loadtest(None, games=12, duration=10, think=0.05, processes=2,
                          kill_after=4)
    assert result["processes"] == 2
    assert result["games_unfinished"] == 0
    assert result["games_finished"] >= 12
    assert result["reconnects"] > 0  # the killed process held rooms: their clients moved
    records = result["records"]
    assert records["problems"] == []
    assert records["records"] == records["verified"] == records["games"] \
        == result["games_finished"]
    assert records["acknowledged_actions"] == result["actions"]
    assert result["longest_pause_ms"] is not None and result["longest_pause_ms"] < 5000
    # the front's and the database's CPU are measured and in the machine's per action
    assert result["front_cpu_s"] > 0 and result["db_cpu_s"] > 0
    spent = result["server_cpu_s"] + result["client_cpu_s"] + result["front_cpu_s"] \
        + result["db_cpu_s"]
    assert result["machine_cpu_ms_per_action"] == pytest.approx(  # (each rounded to 0.005 s)
        spent * 1000 / result["actions"], abs=4 * 5 / result["actions"] + 0.001)


def test_serve_and_loadtest_refuse_several_processes_without_postgresql() -> None:
    from typer.testing import CliRunner

    from monopoly.cli.app import app

    runner = CliRunner()
    for args in (["serve", "--processes", "2", "--db", "sqlite:///:memory:"],
                 ["serve", "--member", "http://127.0.0.1:9", "--db", "sqlite:///:memory:"],
                 ["serve", "--processes", "0"],
                 ["loadtest", "--processes", "2", "--store", "sqlite"],
                 ["loadtest", "--store", "mysql"],
                 ["loadtest", "--kill-after", "3"],  # one process: nothing to fail over to
                 ["loadtest", "--processes", "2", "--duration", "5", "--kill-after", "6"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.output.startswith("monopoly: error:"), (args, result.output)


def test_serve_processes_runs_the_front_and_stops_everything(postgresql: str) -> None:
    import signal
    import subprocess
    import sys

    _need_haproxy()
    port = free_ports(3)
    with pg_database() as url:
        proc = subprocess.Popen([sys.executable, "-m", "monopoly.cli", "serve", "--processes",
                                 "2", "--port", str(port), "--db", url],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1
                                 ).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert proc.poll() is None and time.monotonic() < deadline
                time.sleep(0.2)
            made = _create(f"http://127.0.0.1:{port}")  # through the front
            got = httpx.get(f"http://127.0.0.1:{port}/api/rooms/{made['room']}", timeout=10)
            assert got.status_code == 200
            for n in (1, 2):  # both processes answer
                assert httpx.get(f"http://127.0.0.1:{port + n}/api/health",
                                 timeout=5).status_code == 200
        finally:
            proc.send_signal(signal.SIGTERM)
            out, _err = proc.communicate(timeout=30)
        assert proc.returncode == 0
        assert b"2 processes" in out
        for n in range(3):  # the front and both processes are gone
            with pytest.raises(httpx.HTTPError):
                httpx.get(f"http://127.0.0.1:{port + n}/api/health", timeout=1)
