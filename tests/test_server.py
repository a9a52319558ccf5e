"""The server (docs/protocol.md) against a real `monopoly serve` process on
loopback: HTTP with httpx, the WebSocket with the `websockets` library."""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError
from typer.testing import CliRunner
from websockets.asyncio.client import connect

from monopoly.board.actions import parse_action
from monopoly.cli import app
from monopoly.store import RoomRow, SeatRow, Store
from monopoly.tools.client import SeatClient, simple_choice, waits_for
from monopoly.web.manager import RoomManager
from monopoly.web.protocol import encode
from monopoly.web.writer import Writer
from serverkit import Server, create_room, next_message, short, sqlite_url, start_room

THINK = 0.05  # a test client acts at most 20 times a second: the protocol's rate limit


def _play(server: Server, made: dict[str, Any], http: httpx.Client,
          timeout: float = 90) -> SeatClient:
    """Connect the creator's seat, start the room, play to the end."""
    client = SeatClient(f"{server.ws}/ws/{made['room']}?token={made['token']}", made["seat"],
                        THINK)

    async def run() -> None:
        task = asyncio.create_task(client.play(timeout))
        await asyncio.sleep(0.2)
        start_room(http, made)
        await task

    asyncio.run(run())
    return client




# --------------------------------------------------------------------------- HTTP


def test_health_meta_board_and_ui(http: httpx.Client) -> None:
    assert http.get("/api/health").json() == {"ok": True}
    meta = http.get("/api/meta", params={"lang": "cs"}).json()
    assert meta["levels"] == ["easy", "medium", "hard"]
    assert {p["name"] for p in meta["presets"]} >= {"classic", "tournament"}
    assert meta["languages"] == ["en", "cs", "ru"]
    assert any(o["name"] == "auction" and "sealed" in o["choices"] for o in meta["options"])
    en = http.get("/api/board", params={"edition": "standard", "lang": "en"}).json()
    ru = http.get("/api/board", params={"edition": "standard", "lang": "ru"}).json()
    assert len(en["squares"]) == 40 and en["squares"][39]["name"] == "Boardwalk"
    assert ru["squares"][1]["name"] == "Житная улица"
    assert en["squares"][1]["group"] == "brown" and en["squares"][1]["price"] == 60
    assert http.get("/api/board", params={"edition": "nope"}).status_code == 400
    assert isinstance(http.get("/api/ui", params={"lang": "ru"}).json(), dict)
    assert http.get("/").status_code == 200
    assert "/api/rooms" in http.get("/openapi.json").json()["paths"]


def test_openapi_copy_in_docs_is_current() -> None:
    """docs/openapi.json is the app's OpenAPI description (regenerate it with
    `python -m monopoly.web.openapi > docs/openapi.json`)."""
    from monopoly.web.openapi import openapi_text

    path = Path(__file__).resolve().parents[1] / "docs" / "openapi.json"
    assert path.read_text(encoding="utf-8") == openapi_text()


def test_http_errors_are_one_shape(http: httpx.Client) -> None:
    for body in ({"preset": "nope"}, {"seats": 9}, {"bots": {"0": "genius"}},
                 {"options": {"no_such_option": 1}}, {"timeout_policy": "x"}, {"seats": "x"},
                 # a person's seat needs a nickname, not a blank one (not only the page says)
                 {"nickname": "   "}, {}, {"nickname": "x" * 25}):
        r = http.post("/api/rooms", json=body)
        assert r.status_code == 400, body
        err = r.json()["error"]
        assert err["code"] == "invalid" and err["message"]
    r = http.get("/api/rooms/nope")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    made = create_room(http, seats=2, nickname="Ann")
    room = made["room"]
    assert len(room) == 22 and len(made["token"]) == 43 and len(made["host_token"]) == 43
    # start and kick need the host token
    for headers in ({}, {"Authorization": f"Bearer {made['token']}"},
                    {"Authorization": "Bearer " + "x" * 43}):
        assert http.post(f"/api/rooms/{room}/start", headers=headers).status_code == 403
        assert http.post(f"/api/rooms/{room}/kick", json={"seat": 0},
                         headers=headers).status_code == 403
    blank = http.post(f"/api/rooms/{room}/join", json={"nickname": " \t "})
    assert blank.status_code == 400 and blank.json()["error"]["code"] == "invalid"
    assert "nickname" in blank.json()["error"]["message"]
    # a room of bots only needs no nickname
    assert http.post("/api/rooms", json={"seats": 2, "bots": {"0": "easy", "1": "easy"}}
                     ).status_code == 200
    joined = http.post(f"/api/rooms/{room}/join", json={"nickname": "Ann"}).json()
    assert joined["seat"] == 1
    full = http.post(f"/api/rooms/{room}/join", json={"nickname": "Cleo"})
    assert full.status_code == 409 and full.json()["error"]["code"] == "conflict"
    public = http.get(f"/api/rooms/{room}").json()
    assert [s["nickname"] for s in public["seats"]] == ["Ann", "Ann (2)"]
    assert "seed" not in public and len(public["seed_hash"]) == 64
    assert "token" not in json.dumps(public).lower().replace("taken", "")
    # the record and the sheet only once the game is over
    assert http.get(f"/api/rooms/{room}/record").status_code == 403
    assert http.get(f"/api/rooms/{room}/sheet").status_code == 403
    listed = http.get("/api/rooms", params={"status": "open"}).json()["rooms"]
    assert room in [r["id"] for r in listed]


def test_kick_frees_a_seat_before_the_start_and_gives_it_to_a_bot_after(
    server: Server, http: httpx.Client
) -> None:
    made = create_room(http, seats=3, nickname="Ann", options=short(200))
    room, auth = made["room"], {"Authorization": f"Bearer {made['host_token']}"}
    bob = http.post(f"/api/rooms/{room}/join", json={"nickname": "Bob"}).json()
    kicked = http.post(f"/api/rooms/{room}/kick", json={"seat": bob["seat"]}, headers=auth)
    assert kicked.status_code == 200
    assert kicked.json()["seats"][bob["seat"]]["taken"] is False
    cleo = http.post(f"/api/rooms/{room}/join", json={"nickname": "Cleo"}).json()
    started = start_room(http, made)
    assert started["status"] == "playing"
    assert started["seats"][2]["bot"] == "medium"  # the free seat got a bot at the start
    after = http.post(f"/api/rooms/{room}/kick", json={"seat": cleo["seat"]}, headers=auth)
    assert after.json()["seats"][cleo["seat"]]["bot"] == "medium"

    async def refused() -> dict[str, Any]:
        async with connect(f"{server.ws}/ws/{room}?token={cleo['token']}") as ws:
            msg: dict[str, Any] = json.loads(await ws.recv())
            return msg

    assert asyncio.run(refused())["code"] == "unauthorised"


# --------------------------------------------------------------------------- a whole game


def test_a_whole_game_against_bots_over_the_websocket(
    server: Server, http: httpx.Client, tmp_path: Path
) -> None:
    made = create_room(http, seats=3, bots={"1": "easy", "2": "medium"}, nickname="Ann",
                       options=short(16))
    client = _play(server, made, http)
    assert client.over is not None, client.errors
    assert client.errors == []
    assert client.hello is not None and client.hello["seat"] == made["seat"]
    seed, published = client.over["seed"], client.hello["seed_hash"]
    assert hashlib.sha256(f"monopoly-seed:{seed}".encode()).hexdigest() == published
    # events are narrated sentences; the game's set-up comes first (seq 0: no action),
    # then the seqs of the actions' events run 1..N without a gap
    seqs = [e["seq"] for e in client.events]
    assert seqs == list(range(len(seqs)))
    assert all(isinstance(t, str) and t for e in client.events for t in e["texts"])
    assert any(" rolls " in t for e in client.events for t in e["texts"])
    # nothing sent before the end held the seed
    assert client.last_state is not None and str(seed) not in json.dumps(client.last_state)
    record = http.get(f"/api/rooms/{made['room']}/record")
    assert record.status_code == 200
    lines = record.text.splitlines()
    assert len(lines) == 1 + seqs[-1]
    for seq, text in client.acked:
        assert json.loads(lines[seq]) == [made["seat"], text]
    path = tmp_path / "game.jsonl"
    path.write_text(record.text, encoding="utf-8")
    result = CliRunner().invoke(app, ["verify", str(path), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["seed_hash_ok"] is True and report["outcome_ok"] is True
    assert report["outcome"] == client.over["outcome"]
    sheet = http.get(f"/api/rooms/{made['room']}/sheet", params={"lang": "cs"})
    assert sheet.status_code == 200 and "<html" in sheet.text.lower()
    finished = http.get(f"/api/rooms/{made['room']}").json()
    assert finished["status"] == "finished" and finished["seed"] == seed


def test_batch_frames_carry_the_same_messages_in_the_same_order(
    server: Server, http: httpx.Client
) -> None:
    """docs/protocol.md, `batch=1`: the messages queued together come in one frame, one
    per line; a spectator with it sees exactly what one without it sees."""
    made = create_room(http, seats=2, bots={"1": "easy"}, nickname="Ann", options=short(12))
    client = SeatClient(f"{server.ws}/ws/{made['room']}?token={made['token']}", made["seat"],
                        THINK)
    frames: dict[bool, list[str]] = {False: [], True: []}

    async def watch(batch: bool) -> None:
        url = f"{server.ws}/ws/{made['room']}" + ("?batch=1" if batch else "")
        async with connect(url) as ws:
            async for raw in ws:
                assert isinstance(raw, str)
                frames[batch].append(raw)
                if '"type":"over"' in raw:
                    return

    async def run() -> None:
        watchers = [asyncio.create_task(watch(b)) for b in (False, True)]
        task = asyncio.create_task(client.play(90))
        await asyncio.sleep(0.3)
        start_room(http, made)
        await task
        await asyncio.wait_for(asyncio.gather(*watchers), 30)

    asyncio.run(run())
    assert client.over is not None and client.errors == []

    def game_messages(batch: bool) -> list[dict[str, Any]]:
        lines = [line for frame in frames[batch] for line in frame.split("\n")]
        msgs = [json.loads(line) for line in lines]
        return [m for m in msgs if m["type"] in ("events", "state", "over")]

    assert all("\n" not in frame for frame in frames[False])  # one message per frame
    assert game_messages(True) == game_messages(False)
    assert len(game_messages(True)) > 50
    assert any("\n" in frame for frame in frames[True])  # events and state together
    assert len(frames[True]) < len(frames[False])


def test_an_ack_comes_only_after_the_commit(server: Server, http: httpx.Client) -> None:
    made = create_room(http, seats=2, bots={"1": "easy"}, nickname="Ann",
                       options=short(50, first_player="fixed"))
    start_room(http, made)
    db = server.db_url.removeprefix("sqlite:///")

    async def run() -> None:
        async with connect(f"{server.ws}/ws/{made['room']}?token={made['token']}") as ws:
            state = await next_message(ws, "state")
            for n in range(6):
                while made["seat"] not in state["waiting"]:
                    state = await next_message(ws, "state")
                text = next(e["text"] for e in state["legal"] if not e["template"])
                await ws.send(json.dumps({"type": "action", "id": f"a{n}", "action": text}))
                while True:  # the action's events and new state come first, then the ack
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    if msg["type"] == "state":
                        state = msg
                    if msg["type"] == "ack":
                        ack = msg
                        break
                # a separate connection to the database sees the row at once
                with sqlite3.connect(db) as conn:
                    row = conn.execute("SELECT seat, text FROM actions WHERE room=? AND seq=?",
                                       (made["room"], ack["seq"])).fetchone()
                assert row == (made["seat"], text)
                assert ack["id"] == f"a{n}"
                await asyncio.sleep(THINK)

    asyncio.run(run())


# --------------------------------------------------------------------------- security


def test_bad_clients_are_refused_and_the_game_goes_on(server: Server, http: httpx.Client) -> None:
    """Another seat's token, none, a wrong one; out-of-turn actions; malformed, unknown,
    oversized messages; a flood: each gets an error, the game does not change, and a game
    in another room is played to its end meanwhile."""
    # the victim room: Ann (seat 0, fixed first player) is on turn; Bob is seat 1
    made = create_room(http, seats=3, bots={"2": "easy"}, nickname="Ann",
                       options=short(50, first_player="fixed"))
    room = made["room"]
    bob = http.post(f"/api/rooms/{room}/join", json={"nickname": "Bob"}).json()
    start_room(http, made)
    other = create_room(http, seats=2, bots={"1": "easy"}, nickname="Eve", options=short(12))

    async def attack() -> list[dict[str, Any]]:
        errors: list[dict[str, Any]] = []
        async with connect(f"{server.ws}/ws/{room}?token={bob['token']}") as ws:
            hello = await next_message(ws, "hello")
            assert hello["seat"] == bob["seat"]
            state = await next_message(ws, "state")
            assert state["waiting"] == [0] and state["seq"] == 0
            # Bob acts out of turn, or pretends to be seat 0 (the seat comes from the token)
            for n, text in enumerate(["roll", "end", "buy", "bid 10", "pay-fine", "accept",
                                      "timeout 0", "time", "stop", "mortgage 1"]):
                await ws.send(json.dumps({"type": "action", "id": f"x{n}", "action": text,
                                          "seat": 0}))
                err = await next_message(ws, "error")
                assert err["id"] == f"x{n}" and err["code"] == "illegal", err
                # no engine internals: seats from 1 with their names, no class names
                assert "CallTime" not in err["message"] and "seat 0" not in err["message"]
                assert "seat -1" not in err["message"], err
                errors.append(err)
            assert "it is seat 1 (Ann)'s turn, not seat 2 (Bob)'s" in errors[0]["message"]
            bad: list[tuple[str | bytes, str]] = [
                ("{not json", "malformed"),
                ("[1, 2]", "malformed"),
                (json.dumps({"type": "nope"}), "malformed"),
                (json.dumps({"type": "action", "action": 5}), "malformed"),
                (json.dumps({"type": "action", "action": "fly to 39"}), "malformed"),
                (json.dumps({"type": "lang", "lang": "xx"}), "malformed"),
                (json.dumps({"type": "action", "action": "x" * 20000}), "too_large"),
                # small, but hostile: nested 5,000 deep, a 10,000-digit number, bad UTF-8
                ("[" * 5000 + "]" * 5000, "malformed"),
                ('{"type": "action", "id": ' + "9" * 10000 + "}", "malformed"),
                (b'{"type": "ping", "x": "\xff"}', "malformed"),
                # over 1 MiB (the WebSocket layer's old limit): answered, not dropped
                (json.dumps({"type": "action", "action": "x" * (3 << 19)}), "too_large"),
            ]
            for raw, code in bad:
                await ws.send(raw)
                err = await next_message(ws, "error")
                assert err["code"] == code, (raw[:40], err)
                errors.append(err)
            # a flood: refused beyond the burst, then served again
            for _ in range(120):
                await ws.send(json.dumps({"type": "ping"}))
            answers = [json.loads(await asyncio.wait_for(ws.recv(), 10)) for _ in range(120)]
            limited = [a for a in answers if a["type"] == "error"]
            assert limited and all(a["code"] == "rate_limited" for a in limited)
            assert sum(a["type"] == "pong" for a in answers) <= 45
            await asyncio.sleep(1.5)
            await ws.send(json.dumps({"type": "ping"}))
            assert (await next_message(ws, "pong"))["type"] == "pong"
        # no token: a spectator, who cannot act; a wrong token: refused and closed
        async with connect(f"{server.ws}/ws/{room}") as ws:
            assert (await next_message(ws, "hello"))["seat"] is None
            spectator_state = await next_message(ws, "state")
            assert spectator_state["legal"] == [] and spectator_state["prompt"] is None
            await ws.send(json.dumps({"type": "action", "id": "s", "action": "roll"}))
            assert (await next_message(ws, "error"))["code"] == "unauthorised"
        for token in ("x" * 43, other["token"], made["host_token"]):
            async with connect(f"{server.ws}/ws/{room}?token={token}") as ws:
                msg = json.loads(await ws.recv())
                assert msg["type"] == "error" and msg["code"] == "unauthorised"
        return errors

    async def both() -> tuple[list[dict[str, Any]], SeatClient]:
        player = SeatClient(f"{server.ws}/ws/{other['room']}?token={other['token']}",
                            other["seat"], THINK)
        task = asyncio.create_task(player.play(90))
        await asyncio.sleep(0.2)
        start_room(http, other)
        errors = await attack()
        await task
        return errors, player

    errors, player = asyncio.run(both())
    assert all(e["message"] for e in errors)
    # the victim game did not move; the other game was played to its end
    assert http.get(f"/api/rooms/{room}").json()["seq"] == 0
    assert player.over is not None and player.errors == []


def test_a_seat_sees_only_what_it_may(server: Server, http: httpx.Client) -> None:
    """Every view a seat receives is the public view plus its own seat number: no seed, no
    deck order, no other bidder's sealed bid (tournament rules: sealed auctions)."""
    made = create_room(http, seats=3, bots={"1": "easy", "2": "easy"}, nickname="Ann",
                       preset="tournament", options=short(30))
    seen: list[dict[str, Any]] = []

    def decline_and_bid(state: dict[str, Any], seat: int) -> str | None:
        """Send every lot to a (sealed) auction and bid in it."""
        texts = [e["text"] for e in state["legal"]]
        if seat in state["waiting"] and "decline" in texts:
            return "decline"
        bids = [e for e in state["legal"] if e["kind"] == "bid"]
        if seat in state["waiting"] and bids:
            return f"bid {bids[0]['low']}"
        return simple_choice(state, seat)

    client = SeatClient(f"{server.ws}/ws/{made['room']}?token={made['token']}", made["seat"],
                        THINK, chooser=decline_and_bid)

    async def run() -> None:
        async def spy() -> None:  # a second connection of the same seat records everything
            async with connect(f"{server.ws}/ws/{made['room']}?token={made['token']}") as ws:
                async for raw in ws:
                    msg = json.loads(raw)
                    seen.append(msg)
                    if msg["type"] == "over":
                        return

        watcher = asyncio.create_task(spy())
        task = asyncio.create_task(client.play(90))
        await asyncio.sleep(0.2)
        start_room(http, made)
        await task
        await asyncio.wait_for(watcher, 30)

    asyncio.run(run())
    assert client.over is not None
    seed = str(client.over["seed"])
    before_end = [m for m in seen if m["type"] != "over"]
    text = json.dumps(before_end)
    assert seed not in text and "rng" not in text
    views = [m["view"] for m in seen if m["type"] == "state" and m["view"]]
    assert views
    rounds: dict[tuple[int, int, int], tuple[int, int | None]] = {}
    for view in views:
        assert all(isinstance(n, int) for n in view["decks"].values())  # sizes only
        au = view["auction"]
        if au is not None and au["sealed"]:
            assert set(au) == {"lot", "square", "bidders", "next", "high_bid", "high_bidder",
                               "sealed", "submitted", "round", "min_bid"}
            # bids handed in during a round change nothing anyone sees but who bid
            key = (view["turn"], au["square"], au["round"])
            shown = (au["high_bid"], au["high_bidder"])
            assert rounds.setdefault(key, shown) == shown
    assert rounds  # the test saw sealed auctions


# --------------------------------------------------------------------------- the clock


def test_the_turn_clock_lets_the_caretaker_play_then_applies_the_policy(
    server: Server, http: httpx.Client
) -> None:
    """Nobody plays seat 0: each decision is made by the caretaker after the clock runs out;
    after three in a row, `forfeit` makes the seat resign (2 seats: the game ends) and
    `bot` gives the seat to a bot."""
    forfeit = create_room(http, seats=2, bots={"1": "easy"}, nickname="Ann", clock=1,
                          timeout_policy="forfeit", options={"first_player": "fixed"})
    keep = create_room(http, seats=2, bots={"1": "easy"}, nickname="Ann", clock=1,
                       timeout_policy="bot", options=short(200, first_player="fixed"))
    start_room(http, forfeit)
    start_room(http, keep)

    async def watch() -> dict[str, Any]:
        async with connect(f"{server.ws}/ws/{forfeit['room']}") as ws:
            state = await next_message(ws, "state")
            assert state["clock"]["seat"] == 0 and state["clock"]["deadline"] > time.time() - 5
            return await next_message(ws, "over", timeout=30)

    over = asyncio.run(watch())
    assert over["outcome"]["winner"] == 1
    record = http.get(f"/api/rooms/{forfeit['room']}/record").text.splitlines()
    assert json.loads(record[-1]) == [0, "resign"]
    assert not any(json.loads(line)[1].startswith("bid") for line in record[1:])
    deadline = time.monotonic() + 30
    while http.get(f"/api/rooms/{keep['room']}").json()["seats"][0]["bot"] is None:
        assert time.monotonic() < deadline
        time.sleep(0.3)


# --------------------------------------------------------------------------- verify


def test_verify_refuses_bad_records(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(app, ["verify", str(tmp_path / "none.jsonl")])
    assert missing.exit_code == 2 and "no such record" in missing.output
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("hello\n", encoding="utf-8")
    assert runner.invoke(app, ["verify", str(garbage)]).exit_code == 2
    # a demo record verifies without a hash; a wrong hash or outcome does not
    demo = tmp_path / "demo.jsonl"
    assert runner.invoke(app, ["demo", "--seed", "2", "--players", "2", "--record", str(demo),
                               "--json"]).exit_code == 0
    ok = runner.invoke(app, ["verify", str(demo), "--json"])
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.stdout)["seed_hash_ok"] is None
    lines = demo.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    for change in ({"seed_hash": "0" * 64}, {"outcome": {"reason": "x"}}):
        bad = tmp_path / "bad.jsonl"
        bad.write_text("\n".join([json.dumps({**head, **change}), *lines[1:]]) + "\n",
                       encoding="utf-8")
        result = runner.invoke(app, ["verify", str(bad)])
        assert result.exit_code == 1 and "does not verify" in result.output


def test_serve_refuses_a_bad_database_and_port() -> None:
    runner = CliRunner()
    for args in (["--db", "nope://x"], ["--db", "sqlite:////nonexistent/folder/x.db"],
                 ["--port", "70000"], ["--bot-delay", "-1"], ["--commit-window", "-5"]):
        result = runner.invoke(app, ["serve", *args])
        assert result.exit_code == 2, (args, result.output)
        assert result.output.startswith("monopoly: error:")
        assert args[0] in result.output, result.output


def test_loadtest_plays_games_over_websockets_and_reports() -> None:
    collector = gc.get_threshold()
    result = CliRunner().invoke(app, ["loadtest", "--games", "2", "--duration", "0.5",
                                      "--think", "0.06", "--ramp", "0.2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 2 and data["games_finished"] >= 2 and data["errors"] == 0
    assert data["actions"] > 0 and 0 < data["p50_ms"] <= data["p99_ms"]
    assert data["ramp_s"] == 0.2 and 0 < data["p99_after_ramp_ms"] <= data["max_ms"]
    assert data["memory_per_game_kb"] is not None and data["own_server"] is True
    assert data["server_cpu_ms_per_action"] > 0 and data["client_cpu_s"] > 0
    # SQLite: no database of its own to measure; the machine's CPU per action is the
    # server's and the clients'
    assert data["db_cpu_s"] is None and data["front_cpu_s"] is None
    spent = (data["server_cpu_s"] + data["client_cpu_s"]) * 1000 / data["actions"]
    # (each CPU figure is rounded to 0.005 s)
    assert abs(data["machine_cpu_ms_per_action"] - spent) <= 2 * 5 / data["actions"] + 0.001
    # the clients' collector was settled for the run only
    assert gc.get_threshold() == collector and gc.get_freeze_count() == 0
    for args in (["--games", "0"], ["--ramp", "-1"], ["--duration", "5", "--ramp", "6"]):
        bad = CliRunner().invoke(app, ["loadtest", *args])
        assert bad.exit_code == 2 and "monopoly: error:" in bad.output, args


# --- in-process: the room's messages and the writer (no server process needed)


def test_a_state_message_is_the_state_encoded_in_every_position() -> None:
    """`state_text` (cached legal entries, prompts only where asked) is exactly the text of
    `state` encoded, for every seat, a spectator and each language, all game long."""

    async def run() -> int:
        manager = RoomManager(Store("sqlite://"), bot_delay=0)
        try:
            room, _, _, _ = await manager.create(
                "classic", "disney", {"end": "turn_limit", "turn_limit": 30}, 3,
                {1: "easy", 2: "medium"}, "Ann", None, "bot")
            await manager.start(room)  # the bots play every seat but Ann's
            checked = 0
            while room.status == "playing":
                async with room.lock:
                    for seat in (0, 1, 2, None):
                        for lang in ("en", "cs", "ru"):
                            assert room.state_text(seat, lang) == encode(room.state(seat, lang))
                            checked += 1
                    game = room.game
                    assert game is not None
                    if 0 in game.pending_seats():
                        choice = simple_choice(json.loads(room.state_text(0, "en")), 0)
                        assert choice is not None
                        await room.act(0, parse_action(choice), by_person=True)
                await asyncio.sleep(0)
            assert room.state_text(0, "en") == encode(room.state(0, "en"))
            return checked
        finally:
            await manager.close()

    assert asyncio.run(run()) > 100


def test_the_client_reads_whom_a_state_waits_for_without_parsing_it() -> None:
    """`waits_for` finds the top-level "waiting" list even when a player's name or a text
    holds the same characters (they are escaped inside a JSON string)."""
    trap = ',"waiting":[0,1]'
    for waiting in ([], [1], [0, 2], [10]):
        state = {"type": "state", "seq": 3, "view": {"players": [{"name": trap}]},
                 "legal": [{"label": trap}], "prompt": trap, "waiting": waiting,
                 "board": {"edition": "standard"}, "clock": None}
        raw = encode(state)
        for seat in range(3):
            assert waits_for(raw, seat) == (seat in waiting)
    assert waits_for('{"type":"state","seq":0}', 0)  # no list: the caller parses it


def test_the_writer_commits_each_action_before_its_await_returns(tmp_path: Path) -> None:
    """Group commit: actions stored together from many rooms, each caller resumed only
    once its row is in the database; a refused row fails only its own caller."""
    store = Store(sqlite_url(tmp_path))
    writer = Writer(store)
    seen: dict[tuple[str, int], bool] = {}

    async def one(room: str, seq: int) -> None:
        await writer.append(room, seq, 0, f"roll {seq}")
        seen[(room, seq)] = any(a.seq == seq for a in store.actions(room))

    async def run() -> list[BaseException | None]:
        tasks = [one(f"r{n}", seq) for seq in range(1, 6) for n in range(20)]
        ok = await asyncio.gather(*tasks, return_exceptions=True)
        again = await asyncio.gather(writer.append("r0", 1, 0, "dup"), one("r0", 6),
                                     return_exceptions=True)
        order = await writer.call(store.actions, "r0")
        assert [a.seq for a in order] == [1, 2, 3, 4, 5, 6]
        return [*ok, *again]

    results = asyncio.run(run())
    writer.close()
    assert all(r is None for r in results[:100]) and len(seen) == 101 and all(seen.values())
    assert isinstance(results[100], Exception) and results[101] is None


def test_the_writer_commits_the_jobs_queued_together_at_once(tmp_path: Path) -> None:
    """Every write queued while the worker was busy (a new room, its seats, a status, action
    rows of several rooms) goes into one transaction: one commit for all; when one of them
    is refused (a room id that exists), the others are still stored and only its caller
    gets the error."""
    store = Store(sqlite_url(tmp_path))
    commits: list[int] = []
    event.listen(store.engine, "commit", lambda conn: commits.append(1))
    writer = Writer(store)
    gate = threading.Event()

    def row(room: str) -> RoomRow:
        return RoomRow(room, {"seats": 2}, "open", 7, "h", "x", 0.0, 0.0)

    async def batch(bad: bool) -> list[BaseException | None]:
        held = asyncio.ensure_future(writer.call(gate.wait, 10))  # the worker is busy
        await asyncio.sleep(0.05)
        name = "a" if bad else "b"
        jobs = [
            writer.call(store.create_room, row(f"{name}1"), [SeatRow(0, "Ann", None, "t")]),
            writer.append("r0", 1 if bad else 2, 0, "roll"),
            writer.call(store.create_room, row("a1") if bad else row("b2"), []),
            writer.call(store.put_seat, f"{name}1", SeatRow(1, "Bob", "easy", None)),
            writer.call(store.set_status, f"{name}1", "playing"),
            writer.append("r1", 1 if bad else 2, 0, "roll"),
        ]
        started = asyncio.gather(*jobs, return_exceptions=True)
        await asyncio.sleep(0.05)
        commits.clear()
        gate.set()
        await held
        gate.clear()
        return list(await started)

    async def run() -> None:
        ok = await batch(bad=False)
        assert ok == [None] * 6 and len(commits) == 1  # one commit for the six
        got = store.room("b1")
        assert got is not None and got[0].status == "playing" and len(got[1]) == 2
        await writer.append("r0", 1, 0, "roll")
        await writer.append("r1", 1, 0, "roll")  # so that "a" repeats rows 1: refused
        mixed = await batch(bad=True)
        assert mixed[0] is None and mixed[3] is None and mixed[4] is None
        assert all(isinstance(mixed[k], IntegrityError) for k in (1, 2, 5))
        a1 = store.room("a1")
        assert a1 is not None and a1[0].status == "playing"
        assert [s.nickname for s in a1[1]] == ["Ann", "Bob"]  # the duplicate added none
        assert [a.seq for a in store.actions("r0")] == [1, 2]

    asyncio.run(run())
    writer.close()


def test_the_deeds_dealt_before_the_first_turn_are_in_the_log(server: Server,
                                                                http: httpx.Client) -> None:
    """docs/rules.md §1 `starting_properties` (the tournament deals 3 deeds each): the
    players read the dealing in the log when the game starts, in their language."""
    made = create_room(http, preset="tournament", seats=2, bots={"1": "easy"}, nickname="Ann")

    async def watch() -> dict[str, Any]:
        async with connect(f"{server.ws}/ws/{made['room']}?token={made['token']}&lang=cs"
                           ) as ws:
            await next_message(ws, "state")
            start_room(http, made)
            return await next_message(ws, "events")

    opening = asyncio.run(watch())
    assert opening["seq"] == 0 and opening["seat"] == -1
    dealt = [line for line in opening["texts"] if "při rozdávání" in line]  # "is dealt"
    assert len(dealt) == 6 and sum("Ann" in line for line in dealt) == 3, opening["texts"]
