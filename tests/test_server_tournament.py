"""A tournament on the real server (SQLite; PostgreSQL: a throwaway cluster or
MONOPOLY_TEST_PG_URL): the chief referee's operations over HTTP, online tables as rooms of
the browser game on the tournament's clock, time called at every table, the results entered
by the server, the signatures, kill -9 during a round and during the signing. The championship rules
(seed 004): the chief referee starts and ends all games; a player who has thrown when time
is called finishes the turn; each player signs the score sheet."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest
from websockets.asyncio.client import connect

from serverkit import Server, database, db_params, free_port

NAMES = ["Ann", "Bob", "Cyril", "Dana", "Eva", "Filip", "Gita", "Hana"]


def op(http: httpx.Client, tid: str, token: str, kind: str, expect: int = 200,
       **data: Any) -> dict[str, Any]:
    r = http.post(f"/api/tournaments/{tid}/ops", params={"token": token},
                  json={"kind": kind, "data": data})
    assert r.status_code == expect, (kind, r.text)
    out: dict[str, Any] = r.json()
    return out


def status(http: httpx.Client, tid: str, token: str | None = None,
           lang: str = "en") -> dict[str, Any]:
    params = {"lang": lang, **({"token": token} if token else {})}
    r = http.get(f"/api/tournaments/{tid}", params=params)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def wait_for(check: Any, seconds: float = 60.0) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError("timed out")


def setup_round(http: httpx.Client) -> tuple[str, str]:
    r = http.post("/api/tournaments", json={"name": "Online cup", "date": "2026-12-05",
                                             "rounds": 2, "play": "online", "seed": 5,
                                             # long games: no table ends before time
                                             "options": {"starting_cash": 20000}})
    assert r.status_code == 201, r.text
    tid, chief = r.json()["id"], r.json()["chief_token"]
    r = http.post(f"/api/tournaments/{tid}/import", params={"token": chief},
                  json={"csv": "name,club\n" + "\n".join(f"{n},Brno" for n in NAMES)})
    assert r.json() == {"added": 8}
    r = http.post(f"/api/tournaments/{tid}/next-round", params={"token": chief}, json={})
    assert r.json() == {"round": 1}
    return tid, chief


async def first_messages(url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The hello and the first state of a WebSocket connection."""
    async with connect(url) as ws:
        hello = json.loads(await ws.recv())
        while True:
            state = json.loads(await ws.recv())
            if state.get("type") == "state":
                return hello, state


def token_of(link: str) -> str:
    return parse_qs(urlparse(link).query)["token"][0]


@pytest.mark.parametrize("kind", db_params())
def test_an_online_round_from_start_to_accepted_results(kind: str, tmp_path: Path) -> None:
    with database(kind, tmp_path) as url:
        server = Server(url, free_port(), bot_delay=0.0).start()
        try:
            with server.http() as http:
                tid, chief = setup_round(http)
                links = status(http, tid, chief)["links"]
                ann = token_of(links["players"]["0"])
                # a player's link may not start the round; nothing changes
                err = op(http, tid, ann, "round_started", 403, round=1)
                assert err["error"]["code"] == "forbidden"
                op(http, tid, chief, "round_started", round=1)
                s = status(http, tid, ann)
                rooms = [x["room"] for x in s["rounds"][0]["tables"]]
                assert all(rooms), rooms
                assert s["me"]["room_url"] == f"/#/room/{s['me']['room']}"
                assert http.get(f"/api/rooms/{rooms[0]}").json()["status"] == "playing"
                # Ann's personal token opens her seat in her table's room
                room = http.get(f"/api/rooms/{s['me']['room']}").json()
                assert room["seats"][s["me"]["seat"]]["nickname"] == "Ann"
                assert room["tournament"] == {"id": tid, "round": 1,
                                              "table": s["me"]["table"]}
                hello, state = asyncio.run(first_messages(
                    f"{server.ws}/ws/{s['me']['room']}?token={ann}&lang=cs"))
                assert hello["seat"] == s["me"]["seat"]
                assert state["board"]["currency"] == "M"  # the championship's money
                # every seat to a bot (the players "dropped out"): the games run
                for x in s["rounds"][0]["tables"]:
                    for p in x["players"]:
                        op(http, tid, chief, "seat_replaced", round=1, table=x["table"],
                           player=p, by="bot")
                wait_for(lambda: http.get(f"/api/rooms/{rooms[0]}").json()["seq"] > 20)
                # a paused table stands still
                op(http, tid, chief, "table_paused", round=1, table=1)
                time.sleep(0.3)
                frozen = http.get(f"/api/rooms/{rooms[0]}").json()["seq"]
                time.sleep(0.5)
                assert http.get(f"/api/rooms/{rooms[0]}").json()["seq"] == frozen
                op(http, tid, chief, "table_resumed", round=1, table=1)
                op(http, tid, chief, "time_called", round=1)

                def all_counted() -> dict[str, Any] | None:
                    st = status(http, tid, chief)
                    tables = st["rounds"][0]["tables"]
                    return st if all(x["lines"] for x in tables) else None

                st = wait_for(all_counted)
                for x in st["rounds"][0]["tables"]:
                    assert x["source"] == "online" and x["status"] == "signed"
                    # the championship scoring: 4/3/2/1, shared places split
                    assert sum(ln["points"] for ln in x["lines"]) == 10
                    assert sum(ln["place"] for ln in x["lines"]) == 10
                    game = http.get(f"/api/rooms/{x['room']}").json()
                    assert game["status"] == "finished"
                    op(http, tid, chief, "result_accepted", round=1, table=x["table"])
                op(http, tid, chief, "round_closed", round=1)
                final = status(http, tid, lang="cs")
                assert len(final["standings"]) == 8
                assert [r["rank"] for r in final["standings"]] == \
                    sorted(r["rank"] for r in final["standings"])
                assert "links" not in final and "log" not in final
        finally:
            server.stop()


@pytest.mark.parametrize("kind", db_params())
def test_kill_9_during_a_round_and_during_the_signing(kind: str, tmp_path: Path) -> None:
    with database(kind, tmp_path) as url:
        server = Server(url, free_port(), bot_delay=0.0).start()
        try:
            with server.http() as http:
                tid, chief = setup_round(http)
                op(http, tid, chief, "round_started", round=1)
                s = status(http, tid, chief)
                tables = s["rounds"][0]["tables"]
                # table 1: bots; table 2: its players stay (their games wait for them)
                for p in tables[0]["players"]:
                    op(http, tid, chief, "seat_replaced", round=1, table=1, player=p, by="bot")
                room = tables[0]["room"]
                wait_for(lambda: http.get(f"/api/rooms/{room}").json()["seq"] > 10)
            server.kill()  # mid-round
            server = Server(url, free_port(), bot_delay=0.0).start()
            with server.http() as http:
                s = status(http, tid, chief)
                assert s["rounds"][0]["started_at"] and s["rounds"][0]["time_called_at"] is None
                assert http.get(f"/api/rooms/{room}").json()["status"] == "playing"
                before = http.get(f"/api/rooms/{room}").json()["seq"]
                wait_for(lambda: http.get(f"/api/rooms/{room}").json()["seq"] > before + 5)
                op(http, tid, chief, "time_called", round=1)
                # table 2 had not thrown: its game ends at once; table 1 finishes its turn
                wait_for(lambda: all(x["lines"] for x in
                                     status(http, tid, chief)["rounds"][0]["tables"]))
                links = status(http, tid, chief)["links"]
                humans = tables[1]["players"]
                for p in humans[:2]:  # two players sign from their own links
                    op(http, tid, token_of(links["players"][str(p)]), "sheet_confirmed",
                       round=1, table=2, player=p)
            server.kill()  # during the signing
            server = Server(url, free_port(), bot_delay=0.0).start()
            with server.http() as http:
                s = status(http, tid, chief)
                one, two = s["rounds"][0]["tables"]
                assert one["status"] == "signed" and two["status"] == "signing"
                assert two["confirmed"] == sorted(humans[:2])
                again = op(http, tid, token_of(links["players"][str(humans[0])]),
                           "sheet_confirmed", 409, round=1, table=2, player=humans[0])
                assert "already confirmed" in again["error"]["message"]
                err = op(http, tid, chief, "result_accepted", 409, round=1, table=2)
                assert "not signed" in err["error"]["message"]
                referee = token_of(links["tables"]["2"])
                for p in humans[2:]:  # the table referee records the others' signatures
                    op(http, tid, referee, "sheet_confirmed", round=1, table=2, player=p)
                for x in (one, two):
                    op(http, tid, chief, "result_accepted", round=1, table=x["table"])
                err = op(http, tid, chief, "result_accepted", 409, round=1, table=1)
                assert "accepted" in err["error"]["message"]
                op(http, tid, chief, "round_closed", round=1)
                assert len(status(http, tid)["standings"]) == 8
        finally:
            server.stop()


def test_bad_requests_are_clear_errors_and_change_nothing(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'm.sqlite3'}", free_port(), bot_delay=0.0).start()
    try:
        with server.http() as http:
            tid, chief = setup_round(http)
            before = status(http, tid, chief)["log"]
            r = http.post(f"/api/tournaments/{tid}/import", params={"token": chief, "lang": "cs"},
                          json={"csv": "name,rating\nZoe,1\nYan,x\n"})
            assert r.status_code == 400 and "3" in r.json()["error"]["message"]
            err = op(http, tid, chief, "result_entered", 404, round=1, table=7, lines=[],
                     source="sheet")
            assert "7" in err["error"]["message"]
            err = op(http, tid, "forged", "round_started", 403, round=1)
            err = op(http, tid, chief, "table_room", 403, round=1, table=1, room="x")
            r = http.post("/api/tournaments", json={"name": "x", "date": "tomorrow"})
            assert r.status_code == 400 and "date" in r.json()["error"]["message"]
            r = http.get("/api/tournaments/nope")
            assert r.status_code == 404
            assert status(http, tid, chief)["log"] == before
    finally:
        server.stop()


def test_a_page_with_the_current_state_gets_only_the_clocks(tmp_path: Path) -> None:
    """A hall of players polls every 2 seconds: a page that sends the version of the state
    it has gets the clocks alone; after an operation, the whole state again."""
    server = Server(f"sqlite:///{tmp_path / 'm.sqlite3'}", free_port(), bot_delay=0.0).start()
    try:
        with server.http() as http:
            tid, chief = setup_round(http)
            links = status(http, tid, chief)["links"]
            ann = token_of(links["players"]["0"])
            full = status(http, tid, ann)
            assert full["me"]["player"] == 0 and full["role"] == "player:0"
            op(http, tid, chief, "round_started", round=1)
            full = status(http, tid, ann)
            version = full["version"]
            small = http.get(f"/api/tournaments/{tid}",
                             params={"token": ann, "v": str(version)}).json()
            assert small["unchanged"] is True and small["version"] == version
            assert [len(r["tables"]) for r in small["rounds"]] == [len(full["rounds"][0]["tables"])]
            assert 0 < small["rounds"][0]["remaining"] <= 45 * 60
            assert "players" not in small and "standings" not in small
            op(http, tid, chief, "round_paused", round=1)
            again = http.get(f"/api/tournaments/{tid}",
                             params={"token": ann, "v": str(version)}).json()
            assert "unchanged" not in again and again["version"] == version + 1
            assert again["rounds"][0]["paused"] is True and again["me"] == full["me"]
            # the chief's state (links, log) is never the one the others get
            assert "links" not in again and "links" in status(http, tid, chief)
    finally:
        server.stop()
