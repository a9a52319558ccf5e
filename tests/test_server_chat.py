"""The chat of a room (docs/protocol.md, "Chat") against a real `monopoly serve` process:
seats write and every connection reads, spectators only read, lines are checked and
limited per seat, kept in the store over a restart, and never part of the game's record."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from monopoly.store import ChatRow, Store
from monopoly.tools.client import SeatClient
from monopoly.web.chat import CHAT_BURST, HISTORY, MAX_CHAT
from serverkit import Server, create_room, free_port, next_message, short, sqlite_url, start_room

THINK = 0.05


def _seats(http: httpx.Client, start: bool = False, **body: Any) -> tuple[str, str, str]:
    """A new room of two people (Ann in seat 0, Bob in seat 1), started or still open:
    (room, Ann's token, Bob's)."""
    made = create_room(http, seats=2, nickname="Ann", **body)
    bob = http.post(f"/api/rooms/{made['room']}/join", json={"nickname": "Bob"})
    assert bob.status_code == 200, bob.text
    if start:
        start_room(http, made)
    return made["room"], made["token"], bob.json()["token"]


def _url(server: Server, room: str, token: str | None = None) -> str:
    return f"{server.ws}/ws/{room}" + (f"?token={token}" if token else "")




async def _none(ws: ClientConnection, kind: str, wait: float = 0.6) -> None:
    """No message of type `kind` comes within `wait` seconds."""
    deadline = time.monotonic() + wait
    while (left := deadline - time.monotonic()) > 0:
        try:
            msg = json.loads(await asyncio.wait_for(ws.recv(), left))
        except TimeoutError:
            return
        assert msg["type"] != kind, msg


async def _opened(ws: ClientConnection) -> dict[str, Any] | None:
    """Read a connection's opening (hello, state...) up to its chat history, if any."""
    await next_message(ws, "state")
    try:
        return await next_message(ws, "chat", timeout=0.6)
    except TimeoutError:
        return None


async def _chat(ws: ClientConnection, **body: Any) -> None:
    await ws.send(json.dumps({"type": "chat", **body}))


def _stored(server: Server, room: str) -> list[ChatRow]:
    store = Store(server.db_url)
    try:
        return store.chat(room)
    finally:
        store.close()


def test_a_line_reaches_every_connection_of_the_room(server: Server, http: httpx.Client
                                                     ) -> None:
    room, ann, bob = _seats(http)

    async def run() -> None:
        async with connect(_url(server, room, ann)) as a, \
                connect(_url(server, room, bob)) as b, connect(_url(server, room)) as spy:
            for ws in (a, b, spy):
                assert await _opened(ws) is None  # nothing said yet: no history
            await _chat(a, text="  good luck, Bob!  ")
            got = [await next_message(ws, "chat") for ws in (a, b, spy)]
            assert got[0] == got[1] == got[2]
            (line,) = got[0]["lines"]
            assert line["seat"] == 0 and line["name"] == "Ann" and line["seq"] == 1
            assert line["text"] == "good luck, Bob!" and "reaction" not in line
            assert abs(line["at"] - time.time()) < 30 and line["game_seq"] == 0
            await _chat(b, reaction="party")
            (line,) = (await next_message(spy, "chat"))["lines"]
            assert line == {**line, "seat": 1, "name": "Bob", "reaction": "party", "seq": 2}
            assert "text" not in line
            # a newcomer gets what was said, in order
            async with connect(_url(server, room)) as late:
                history = await _opened(late)
                assert history is not None and history["history"] is True
                assert [x["seq"] for x in history["lines"]] == [1, 2]
                assert history["lines"][0]["text"] == "good luck, Bob!"

    asyncio.run(run())
    assert [(r.seq, r.seat, r.kind, r.text) for r in _stored(server, room)] == [
        (1, 0, "text", "good luck, Bob!"), (2, 1, "reaction", "party")]


def test_a_spectator_reads_but_cannot_write(server: Server, http: httpx.Client) -> None:
    room, ann, _bob = _seats(http)

    async def run() -> None:
        async with connect(_url(server, room, ann)) as a, connect(_url(server, room)) as spy:
            await _opened(a)
            await _opened(spy)
            for body in ({"text": "hello from the stands"}, {"reaction": "thumbs_up"}):
                await _chat(spy, id="s1", **body)
                err = await next_message(spy, "error")
                assert err["code"] == "unauthorised" and err["id"] == "s1"
                assert "spectators can read the chat" in err["message"]
            await _none(a, "chat")
            await _chat(a, text="only seats write")
            assert (await next_message(spy, "chat"))["lines"][0]["text"] == "only seats write"

    asyncio.run(run())
    assert [r.text for r in _stored(server, room)] == ["only seats write"]


def test_blank_too_long_and_odd_lines_are_refused(server: Server, http: httpx.Client) -> None:
    room, ann, bob = _seats(http)
    longest = "é" * MAX_CHAT

    async def run() -> None:
        async with connect(_url(server, room, ann)) as a, connect(_url(server, room, bob)) as b:
            await _opened(a)
            await _opened(b)
            refused = [
                ({"text": "x" * (MAX_CHAT + 1)}, "invalid", "at most 200 characters"),
                ({"text": " \t\n "}, "invalid", "cannot be empty"),
                ({"text": ""}, "invalid", "cannot be empty"),
                ({"reaction": "shrug"}, "invalid", "unknown reaction"),
                ({"text": "hi", "reaction": "sad"}, "malformed", "field"),
                ({}, "malformed", "field"),
                ({"text": 5}, "malformed", "field"),
                ({"reaction": ["sad"]}, "malformed", "field"),
            ]
            for body, code, words in refused:
                await _chat(a, id="c", **body)
                err = await next_message(a, "error")
                assert err["code"] == code and words in err["message"], (body, err)
            await _none(b, "chat")
            # the limit counts characters once trimmed; line breaks become spaces
            await _chat(a, text=f"   {longest}   ")
            assert (await next_message(b, "chat"))["lines"][0]["text"] == longest
            await _chat(a, text="two\nlines")
            assert (await next_message(b, "chat"))["lines"][0]["text"] == "two lines"

    asyncio.run(run())
    assert [r.text for r in _stored(server, room)] == [longest, "two lines"]


def test_each_seat_is_limited_to_a_few_lines_at_once(server: Server, http: httpx.Client
                                                     ) -> None:
    room, ann, bob = _seats(http)

    async def run() -> None:
        async with connect(_url(server, room, ann)) as a, \
                connect(_url(server, room, ann)) as a2, connect(_url(server, room, bob)) as b:
            for ws in (a, a2, b):
                await _opened(ws)
            for k in range(int(CHAT_BURST)):
                await _chat(a, text=f"line {k}")
                await next_message(b, "chat")
            # the seat's limit, not the connection's: Ann's second tab is limited too
            for ws in (a, a2):
                await _chat(ws, id="more", text="one too many")
                err = await next_message(ws, "error")
                assert err["code"] == "slow_down" and "slow down" in err["message"]
            await _none(b, "chat")
            await _chat(b, text="Bob still may")  # another seat has its own limit
            for ws in (a, b):
                assert (await next_message(ws, "chat"))["lines"][0]["text"] == "Bob still may"
            await asyncio.sleep(2.2)  # one line every 2 seconds after the burst
            await _chat(a, text="later")
            assert (await next_message(b, "chat"))["lines"][0]["text"] == "later"

    asyncio.run(run())
    texts = [r.text for r in _stored(server, room)]
    assert texts == [f"line {k}" for k in range(int(CHAT_BURST))] + ["Bob still may", "later"]


def test_html_in_a_line_arrives_as_text(server: Server, http: httpx.Client) -> None:
    room, ann, bob = _seats(http)
    markup = '<img src=x onerror="alert(1)"><b>bold</b> & <script>x()</script>'

    async def run() -> None:
        async with connect(_url(server, room, ann)) as a, connect(_url(server, room, bob)) as b:
            await _opened(a)
            await _opened(b)
            await _chat(a, text=markup)
            assert (await next_message(b, "chat"))["lines"][0]["text"] == markup

    asyncio.run(run())


def test_the_chat_of_a_deal_game_in_play(server: Server, http: httpx.Client) -> None:
    room, ann, bob = _seats(http, start=True, game="deal")

    async def run() -> None:
        async with connect(_url(server, room, ann)) as a, connect(_url(server, room, bob)) as b:
            await _opened(a)
            await _opened(b)
            await _chat(b, reaction="wow")
            (line,) = (await next_message(a, "chat"))["lines"]
            assert line["reaction"] == "wow" and line["name"] == "Bob"
            assert (await next_message(b, "chat"))["lines"] == [line]

    asyncio.run(run())
    assert http.get(f"/api/rooms/{room}").json()["seq"] == 0  # the game did not move


def test_the_chat_survives_a_restart(tmp_path: Path) -> None:
    server = Server(sqlite_url(tmp_path), free_port()).start()
    try:
        with server.http() as http:
            room, ann, bob = _seats(http)

        async def before() -> None:
            async with connect(_url(server, room, ann)) as a:
                await _opened(a)
                for body in ({"text": "before"}, {"reaction": "laugh"}):
                    await _chat(a, **body)
                    await next_message(a, "chat")  # it is stored before it is sent

        asyncio.run(before())
        server.kill()  # kill -9: nothing but what was committed
        server.start()

        async def after() -> None:
            async with connect(_url(server, room, bob)) as b:
                history = await _opened(b)
                assert history is not None
                assert [(x["seq"], x["name"], x.get("text"), x.get("reaction"))
                        for x in history["lines"]] == [(1, "Ann", "before", None),
                                                       (2, "Ann", None, "laugh")]
                await _chat(b, text="after")
                assert (await next_message(b, "chat"))["lines"][0]["seq"] == 3  # numbering goes on

        asyncio.run(after())
        server.kill()
        # a long chat: a connection gets its last lines only
        store = Store(server.db_url)
        try:
            for seq in range(4, 131):
                store.add_chat(room, ChatRow(seq, 0, "Ann", "text", f"n{seq}", 1.0, 0))
        finally:
            store.close()
        server.start()

        async def long() -> None:
            async with connect(_url(server, room)) as spy:
                history = await _opened(spy)
                assert history is not None
                assert [x["seq"] for x in history["lines"]] == list(range(131 - HISTORY, 131))

        asyncio.run(long())
    finally:
        server.stop()


def test_the_record_is_the_same_with_a_chat(server: Server, http: httpx.Client) -> None:
    made = create_room(http, seats=2, bots={"1": "easy"}, nickname="Ann", options=short(8))
    room = made["room"]
    client = SeatClient(_url(server, room, made["token"]), made["seat"], THINK)
    said: list[dict[str, Any]] = []

    async def run() -> None:
        async with connect(_url(server, room, made["token"])) as tab:  # Ann's second tab
            await _opened(tab)
            task = asyncio.create_task(client.play(90))
            await asyncio.sleep(0.3)
            start_room(http, made)
            while client.seq < 3 and not task.done():
                await asyncio.sleep(0.05)
            await _chat(tab, text="in the middle of the game")
            said.append((await next_message(tab, "chat"))["lines"][0])
            await task

    asyncio.run(run())
    assert client.over is not None and client.errors == []
    assert said[0]["game_seq"] >= 3
    record = http.get(f"/api/rooms/{room}/record")
    assert record.status_code == 200
    lines = record.text.splitlines()
    assert "in the middle" not in record.text
    assert len(lines) == 1 + len(_actions(server, room))

    async def after() -> None:  # a word after the end
        async with connect(_url(server, room, made["token"])) as tab:
            history = await _opened(tab)
            assert history is not None and history["lines"] == said
            await _chat(tab, text="good game")
            said.append((await next_message(tab, "chat"))["lines"][0])

    asyncio.run(after())
    again = http.get(f"/api/rooms/{room}/record")
    assert again.content == record.content
    chat = http.get(f"/api/rooms/{room}/chat").json()
    assert chat == {"room": room, "lines": said}
    assert said[1]["game_seq"] == len(lines) - 1  # said once every action was played


def _actions(server: Server, room: str) -> list[Any]:
    store = Store(server.db_url)
    try:
        return list(store.actions(room))
    finally:
        store.close()


def test_the_chat_of_a_room_is_published_only_once_it_is_over(server: Server,
                                                              http: httpx.Client) -> None:
    room, _ann, _bob = _seats(http)
    r = http.get(f"/api/rooms/{room}/chat")
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    assert http.get("/api/rooms/nope/chat").status_code == 404
