"""Names a player reads in a room (docs/protocol.md, "The board's names"): a bot's default
name in each reader's language, the board's street names the same for every seat, and the
log of a game again in a new language, against a real server."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
from websockets.asyncio.client import connect

from monopoly.board.edition import load_edition
from monopoly.web.games import adapter, bot_name
from serverkit import Server, create_room, next_message, short, start_room

MOSCOW = load_edition("standard").squares[39].names["ru"]  # "Улица Арбат"
US = load_edition("standard").squares[39].names["en"]  # "Boardwalk"




def _bots_game(http: httpx.Client, **body: Any) -> dict[str, Any]:
    made = create_room(http, seats=3, bots={"0": "easy", "1": "medium", "2": "hard"},
                       options=short(8), **body)
    start_room(http, made)
    return made


def test_a_bots_default_name_is_written_in_each_readers_language(
    server: Server, http: httpx.Client
) -> None:
    made = create_room(http, seats=3, bots={"1": "hard", "2": "easy"}, nickname="Ann",
                       options=short(8))
    room = http.get(f"/api/rooms/{made['room']}").json()
    assert [s["default_name"] for s in room["seats"]] == [False, True, True]
    start_room(http, made)
    czech = bot_name("hard", 1, "cs")
    assert czech != "Bot 2 (hard)" and "2" in czech  # the catalog's Czech words

    async def run() -> dict[str, dict[str, Any]]:
        states = {}
        for lang in ("en", "cs", "ru"):
            async with connect(f"{server.ws}/ws/{made['room']}?token={made['token']}"
                               f"&lang={lang}") as ws:
                states[lang] = await next_message(ws, "state")
        return states

    states = asyncio.run(run())
    assert states["en"]["names"] == ["Ann", "Bot 2 (hard)", "Bot 3 (easy)"]
    assert states["cs"]["names"] == ["Ann", czech, bot_name("easy", 2, "cs")]
    assert states["ru"]["names"][1] == bot_name("hard", 1, "ru") != czech
    # the record keeps the English names; the state's view is the record's
    assert states["cs"]["view"]["players"][1]["name"] == "Bot 2 (hard)"


def test_the_log_and_the_score_sheet_name_bots_in_the_readers_language(
    server: Server, http: httpx.Client
) -> None:
    made = _bots_game(http)

    async def run() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        async with connect(f"{server.ws}/ws/{made['room']}?lang=cs") as ws:
            await next_message(ws, "over", 60)
            await ws.send(json.dumps({"type": "log"}))
            czech = await next_message(ws, "log")
            await ws.send(json.dumps({"type": "log"}))  # again at once: refused
            refused = await next_message(ws, "error")
            await asyncio.sleep(2.1)
            await ws.send(json.dumps({"type": "lang", "lang": "ru"}))
            await ws.send(json.dumps({"type": "log"}))
            russian = await next_message(ws, "log")
        return czech, refused, russian

    czech, refused, russian = asyncio.run(run())
    assert refused["code"] == "rate_limited"
    texts = [t for e in czech["entries"] for t in e["texts"]]
    assert any(bot_name("hard", 2, "cs") in t for t in texts)
    assert not any("Bot 3 (hard)" in t for t in texts)
    ru_texts = [t for e in russian["entries"] for t in e["texts"]]
    assert len(ru_texts) == len(texts) and ru_texts != texts
    assert any(bot_name("hard", 2, "ru") in t for t in ru_texts)
    # seq 0 (the set-up) first, then the actions in order, as the game told them
    seqs = [e["seq"] for e in czech["entries"]]
    assert seqs == sorted(seqs) and seqs[-1] == len(seqs) - (seqs[0] == 0)
    record = http.get(f"/api/rooms/{made['room']}/record").text.splitlines()
    assert json.loads(record[0])["seats"] == ["Bot 1 (easy)", "Bot 2 (medium)", "Bot 3 (hard)"]
    sheet = http.get(f"/api/rooms/{made['room']}/sheet", params={"lang": "ru"}).text
    assert bot_name("hard", 2, "ru") in sheet and "Bot 3 (hard)" not in sheet
    replay = http.get(f"/api/rooms/{made['room']}/replay", params={"lang": "cs"}).json()
    assert replay["seats"][2] == bot_name("hard", 2, "cs")


def test_every_seat_reads_the_boards_street_names(server: Server, http: httpx.Client) -> None:
    meta = http.get("/api/meta", params={"lang": "ru"}).json()
    standard = next(e for e in meta["editions"] if e["key"] == "standard")
    assert [n["key"] for n in standard["name_sets"]] == ["en", "ru"]
    assert standard["names"] == "ru"  # a Russian host gets the Moscow names unless they choose
    made = _bots_game(http, names="en")
    assert http.get(f"/api/rooms/{made['room']}").json()["names"] == "en"
    board = http.get("/api/board", params={"edition": "standard", "lang": "ru", "names": "en"})
    squares = board.json()["squares"]
    assert squares[39]["name"] == US and squares[0]["name"] == "Вперёд"  # Go: the reader's
    moscow = http.get("/api/board", params={"edition": "standard", "lang": "en",
                                            "names": "ru"}).json()["squares"]
    assert moscow[39]["name"] == MOSCOW and moscow[0]["name"] == "Go"

    async def run() -> list[str]:
        async with connect(f"{server.ws}/ws/{made['room']}?lang=ru") as ws:
            await next_message(ws, "over", 60)
            await ws.send(json.dumps({"type": "log"}))
            return [t for e in (await next_message(ws, "log"))["entries"] for t in e["texts"]]

    texts = asyncio.run(run())
    us_names = {sq.names["en"] for sq in load_edition("standard").squares if sq.is_property}
    ru_names = {sq.names["ru"] for sq in load_edition("standard").squares if sq.is_property}
    assert any(name in t for t in texts for name in us_names)
    assert not any(name in t for t in texts for name in ru_names)


def test_a_bad_set_of_names_is_refused(http: httpx.Client) -> None:
    for body in ({"names": "cs"}, {"names": "xx"}, {"edition": "uk", "names": "cs"},
                 {"game": "deal", "names": "en"}):
        r = http.post("/api/rooms", json={"nickname": "Ann", **body})
        assert r.status_code == 400, body
        assert r.json()["error"]["code"] == "invalid"
    r = http.get("/api/board", params={"edition": "standard", "names": "cs", "lang": "cs"})
    assert r.status_code == 400 and "názvů ulic" in r.json()["error"]["message"]  # in cs


def test_a_room_without_names_plays_as_before() -> None:
    # a room stored before the board's names were chosen has none: the game's own names
    board = adapter("board")
    settings = board.settings(None, None, {}, 2)
    assert settings.names == "en"
    from monopoly.web.games import Settings

    old = Settings.of_config({"preset": "classic", "edition": "standard", "seats": 2})
    assert old.names is None
