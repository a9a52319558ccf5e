"""Monopoly Deal rooms on the server: the same lobby, seat tokens,
durable actions, bots, reconnection and crash recovery as the board game's rooms, with
the Deal's rules core; what a seat receives never holds another seat's hand or the draw
pile's order (docs/deal-rules.md § Players and hidden information)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner
from websockets.asyncio.client import connect

from monopoly.cli import app
from monopoly.deal.record import replay, state_hash
from monopoly.deal.view import deal_view
from monopoly.tools.client import SeatClient
from monopoly.web.replay import apply_delta
from serverkit import Server, create_room, database, db_params, free_port, sqlite_url, start_room

THINK = 0.0
# the kinds a simple Deal client prefers, most wanted first; a wildcard move only when
# nothing else is left would loop for ever, so it never moves one
PREFERENCE = ("accept", "pay", "discard", "property", "rent", "debt", "birthday", "passgo",
              "house", "hotel", "bank", "end")


def deal_choice(state: dict[str, Any], seat: int) -> str | None:
    """A legal action of a simple Deal player: lay properties, charge rent, bank money;
    pay with everything offered, discard the first cards of the hand."""
    if seat not in state.get("waiting", ()) or state.get("game") != "deal":
        return None
    legal = state.get("legal") or []
    for kind in PREFERENCE:
        for entry in legal:
            if entry["kind"] != kind:
                continue
            if not entry["template"]:
                return str(entry["text"])
            if kind == "pay":
                return "pay " + ",".join(map(str, entry["cards"]))
            if kind == "discard":
                return "discard " + ",".join(map(str, entry["cards"][: entry["count"]]))
    return None


def deal_room(http: httpx.Client, **body: Any) -> dict[str, Any]:
    return create_room(http, game="deal", preset="official", **body)


def play(clients: list[SeatClient], http: httpx.Client, made: dict[str, Any],
         timeout: float = 120) -> None:
    async def run() -> None:
        tasks = [asyncio.create_task(c.play(timeout)) for c in clients]
        await asyncio.sleep(0.2)
        start_room(http, made)
        await asyncio.gather(*tasks)

    asyncio.run(run())


@pytest.fixture(scope="module")
def deal_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    s = Server(sqlite_url(tmp_path_factory.mktemp("deal")), free_port()).start()
    yield s
    s.stop()


def test_a_person_plays_a_whole_deal_game_against_bots(deal_server: Server,
                                                         tmp_path: Path) -> None:
    """docs/deal-rules.md § Turn, § End: a seat plays to the end against an easy and a
    hard bot; the game ends with a winner (or the turn cap) and the results table; the
    record replays to the same outcome and `monopoly verify` accepts it (the seed against
    its hash)."""
    with deal_server.http() as http:
        made = deal_room(http, seats=3, bots={"1": "easy", "2": "hard"}, nickname="Ann")
        assert http.get(f"/api/rooms/{made['room']}").json()["game"] == "deal"
        client = SeatClient(f"{deal_server.ws}/ws/{made['room']}?token={made['token']}",
                            made["seat"], THINK, chooser=deal_choice)
        play([client], http, made)
        assert client.over is not None, client.errors
        assert not client.errors, client.errors[:3]
        outcome = client.over["outcome"]
        assert outcome["reason"] in ("win", "turn_cap")
        assert sorted(outcome["ranking"]) == [0, 1, 2]
        final = client.last_state
        assert final is not None and final["view"]["outcome"] == outcome
        assert final["prompt"]  # the results table in words
        record = http.get(f"/api/rooms/{made['room']}/record")
        assert record.status_code == 200
    lines = record.text.splitlines()
    game = replay(lines)
    assert game.is_over and game.outcome is not None
    assert game.outcome.to_dict() == outcome
    assert len(game.history) == len(lines) - 1
    assert state_hash(replay(lines)) == state_hash(game)
    path = tmp_path / "deal.jsonl"
    path.write_text(record.text)
    verified = CliRunner().invoke(app, ["verify", str(path), "--json"])
    assert verified.exit_code == 0, verified.output
    report = json.loads(verified.output)
    assert report["seed_hash_ok"] is True and report["outcome_ok"] is True
    with deal_server.http() as http:
        # the board game's score sheet is not for Deal rooms: said so
        res = http.get(f"/api/rooms/{made['room']}/sheet")
        assert res.status_code == 400 and res.json()["error"]["code"] == "invalid", res.text
        # the replay: one step per action of the record, each in words, the hands public
        data = http.get(f"/api/rooms/{made['room']}/replay").json()
        czech = http.get(f"/api/rooms/{made['room']}/replay", params={"lang": "cs"}).json()
    assert data["game"] == "deal" and data["lang"] == "en" and data["seed"] >= 0
    assert len(data["steps"]) == len(lines) - 1
    assert [s["action"] for s in data["steps"]] == [ln.split(" ", 1)[1] for ln in lines[1:]]
    assert all(s["label"] for s in data["steps"])
    # each step tells what the live game told its seats after that action
    told = {e["seq"]: e["texts"] for e in client.events}
    assert [s["texts"] for s in data["steps"]] == [told[k] for k in range(1, len(lines))]
    assert czech["lang"] == "cs" and len(czech["steps"]) == len(data["steps"])
    assert [s["label"] for s in czech["steps"]] != [s["label"] for s in data["steps"]]
    assert data["start_texts"]  # the deal of the hands
    view = data["start"]
    # five cards each, and the first seat has drawn its two (docs/deal-rules.md § Turn)
    assert [len(h) for h in view["hands"]] == [7 if s == view["turn_seat"] else 5
                                               for s in range(3)] and "hand" not in view
    for step in data["steps"]:
        view = apply_delta(view, step["delta"])
    final = deal_view(game, None).to_dict()
    assert view["tables"] == json.loads(json.dumps(final["tables"]))
    assert view["hands"] == [list(h) for h in game.hands]
    assert view["outcome"] == data["outcome"] == outcome


def test_no_seat_receives_another_hand_or_the_draw_order(deal_server: Server) -> None:
    """docs/deal-rules.md § Players and hidden information: two people and a spectator;
    every state a seat receives has its own hand only (the others' only as sizes), a
    spectator's none; the draw pile only as a size; events tell draws by count."""
    with deal_server.http() as http:
        made = deal_room(http, seats=3, bots={"2": "medium"}, nickname="Ann")
        joined = http.post(f"/api/rooms/{made['room']}/join",
                           json={"nickname": "Bob"}).json()
        base = f"{deal_server.ws}/ws/{made['room']}"
        a = SeatClient(f"{base}?token={made['token']}", made["seat"], THINK,
                       chooser=deal_choice, keep_states=True)
        b = SeatClient(f"{base}?token={joined['token']}", joined["seat"], THINK,
                       chooser=deal_choice, keep_states=True)
        watcher = SeatClient(base, -1, THINK, chooser=lambda state, seat: None,
                             keep_states=True)
        play([a, b, watcher], http, made)
    assert a.over is not None and b.over is not None and watcher.over is not None
    hands: dict[int, dict[int, list[int]]] = {}  # seq -> seat -> hand
    answers = 0
    for client in (a, b, watcher):
        assert client.states > 5
    for client, seat in ((a, made["seat"]), (b, joined["seat"]), (watcher, None)):
        for raw in client.state_history:
            msg = json.loads(raw)
            view = msg["view"]
            if view is None:
                continue
            assert view["seat"] == seat
            assert set(view) >= {"hand", "tables", "draw_size"}
            assert "draw" not in view and "hands" not in view
            for table in view["tables"]:
                assert set(table) == {"seat", "name", "hand_size", "bank", "piles",
                                      "full_sets", "worth"}
            if seat is None:
                assert view["hand"] is None and msg["legal"] == [] and msg["prompt"] is None
            else:
                hand = view["hand"]
                assert len(hand) == view["tables"][seat]["hand_size"]
                hands.setdefault(msg["seq"], {})[seat] = hand
                if view["request"] is not None and view["pending"] == seat:
                    # answering an action aimed at it: the countdown of the answer
                    answers += 1
                    assert msg["clock"] and msg["clock"]["seat"] == seat, msg["clock"]
    assert answers > 0  # the bots and the other person aimed actions at them
    # the two seats' hands at the same moment never share a card: each saw only its own
    for seq, by_seat in hands.items():
        if len(by_seat) == 2:
            first, second = by_seat.values()
            assert not set(first) & set(second), seq
    for raw in a.events_raw:
        assert "hand" not in json.loads(raw)


def test_illegal_and_malformed_deal_actions_are_refused_and_change_nothing(
    deal_server: Server,
) -> None:
    """An action out of turn, an illegal one and unreadable text: a clear error to that
    client only; the game's seq does not move."""
    with deal_server.http() as http:
        made = deal_room(http, seats=2, nickname="Ann")
        joined = http.post(f"/api/rooms/{made['room']}/join", json={"nickname": "Bob"}).json()
        start_room(http, made)
        base = f"{deal_server.ws}/ws/{made['room']}"

        async def run() -> list[dict[str, Any]]:
            answers = []
            async with connect(f"{base}?token={made['token']}") as ws_a, \
                    connect(f"{base}?token={joined['token']}") as ws_b:
                state = await _next_state(ws_a)
                turn = state["view"]["turn_seat"]
                other = ws_b if turn == made["seat"] else ws_a
                mine = ws_a if turn == made["seat"] else ws_b
                for ws, text in ((other, "end"), (mine, "play 999 bank"),
                                 (mine, "play 0 sly 1"), (mine, "dance"), (mine, "pay 1,2")):
                    await ws.send(json.dumps({"type": "action", "id": text, "action": text}))
                    answers.append(await _answer(ws, text))
            return answers

        answers = asyncio.run(run())
        assert [a["type"] for a in answers] == ["error"] * 5
        assert answers[0]["code"] == "illegal" and answers[3]["code"] == "malformed"
        assert all(a["message"] for a in answers)
        assert http.get(f"/api/rooms/{made['room']}").json()["seq"] == 0


async def _next_state(ws: Any) -> dict[str, Any]:
    while True:
        msg = json.loads(await ws.recv())
        if msg["type"] == "state" and msg.get("view"):
            return msg  # type: ignore[no-any-return]


async def _answer(ws: Any, msg_id: str) -> dict[str, Any]:
    while True:
        msg = json.loads(await ws.recv())
        if msg.get("id") == msg_id and msg["type"] in ("ack", "error"):
            return msg  # type: ignore[no-any-return]


def test_bad_deal_room_settings_are_refused(deal_server: Server) -> None:
    """docs/deal-rules.md § Players and hidden information: 2-5 players; an unknown preset
    or option is an error."""
    with deal_server.http() as http:
        for body, reason in (({"seats": 6}, "seats"), ({"seats": 1}, "seats"),
                             ({"preset": "classic"}, "preset"),
                             ({"options": {"sets_to_win": 0}}, "sets_to_win"),
                             ({"options": {"no_such": 1}}, "no_such"),
                             ({"edition": "uk"}, "edition")):
            payload = {"game": "deal", "preset": "official", "seats": 3, **body}
            res = http.post("/api/rooms", json=payload)
            assert res.status_code == 400 and reason in res.text, (body, res.text)
        assert http.post("/api/rooms", json={"game": "chess"}).status_code == 400


@pytest.mark.parametrize("kind", db_params())
def test_a_killed_server_restarts_and_the_deal_game_finishes(kind: str, tmp_path: Path) -> None:
    """Crash safety for Deal rooms, on SQLite and PostgreSQL: the server killed (SIGKILL)
    in the middle of a game, restarted on the same database, rebuilds the game by replay;
    the game finishes and its record holds every acknowledged action once, at its place."""
    with database(kind, tmp_path) as url:
        _kill_and_finish(url)


# The server is killed once this many actions are applied. The room's seed is random, and
# a game can end early (one in CI ended after 26 actions), but never before its 8th: the
# fewest property cards that make three full sets are six, laid at most three a turn,
# with the winner's first turn ended (4 actions) and the other's turn in between (1).
KILL_AT = 6


def _kill_and_finish(url: str) -> None:
    server = Server(url, free_port(), bot_delay=0.01).start()
    try:
        with server.http() as http:
            made = deal_room(http, seats=2, bots={"1": "medium"}, nickname="Ann")
            room = made["room"]
            first = SeatClient(f"{server.ws}/ws/{room}?token={made['token']}", made["seat"],
                               0.02, chooser=deal_choice)

            async def until_killed() -> None:
                task = asyncio.create_task(first.play(60))
                await asyncio.sleep(0.2)
                start_room(http, made)
                while first.seq < KILL_AT and not task.done():
                    await asyncio.sleep(0.01)
                server.kill()
                await task

            asyncio.run(until_killed())
        assert first.over is None and first.seq >= KILL_AT, (first.over, first.seq)
        server = Server(url, free_port(), bot_delay=0.01).start()
        with server.http() as http:
            public = http.get(f"/api/rooms/{room}").json()
            assert public["status"] == "playing" and public["seq"] >= first.acked[-1][0]
            second = SeatClient(f"{server.ws}/ws/{room}?token={made['token']}",
                                made["seat"], 0.0, chooser=deal_choice)
            asyncio.run(second.play(90))
            assert second.over is not None, second.errors
            record = http.get(f"/api/rooms/{room}/record")
    finally:
        server.stop()
    lines = record.text.splitlines()
    rows = [line.split(" ", 1) for line in lines[1:]]
    for seq, text in first.acked + second.acked:
        assert rows[seq - 1] == [str(made["seat"]), text]
    game = replay(lines)
    assert game.is_over and game.outcome is not None
    assert game.outcome.to_dict() == second.over["outcome"]
    assert len(game.history) == len(rows)


def test_the_clock_lets_the_caretaker_answer_then_a_bot_takes_the_seat(
    deal_server: Server,
) -> None:
    """Nobody plays seat 0 of a Deal room with a 1-second clock: the caretaker makes its
    moves (it ends the turn, discards the cheapest cards, pays least, never spends a Just
    Say No); after three time-outs in a row a bot keeps the seat (the Deal has no
    resignation, so the policy "forfeit" does the same) and the game ends."""
    with deal_server.http() as http:
        made = deal_room(http, seats=2, bots={"1": "medium"}, nickname="Ann", clock=1,
                         timeout_policy="forfeit")
        start_room(http, made)
        deadline = time.monotonic() + 60
        while http.get(f"/api/rooms/{made['room']}").json()["seats"][0]["bot"] is None:
            assert time.monotonic() < deadline
            time.sleep(0.3)
        while http.get(f"/api/rooms/{made['room']}").json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.3)
        lines = http.get(f"/api/rooms/{made['room']}/record").text.splitlines()
    first = [line.split(" ", 1)[1] for line in lines[1:] if line.startswith("0 ")][:3]
    assert first and all(not text.startswith("jsn") for text in first)
    assert replay(lines).is_over


def test_a_deal_room_without_a_preset_or_edition_takes_the_deals_defaults(
    deal_server: Server,
) -> None:
    """The room's settings left out are its game's defaults: the official rules and the
    standard deck (a board room's: classic and the standard edition)."""
    with deal_server.http() as http:
        for game, preset in (("deal", "official"), ("board", "classic")):
            made = http.post("/api/rooms", json={"game": game, "seats": 2, "preset": None,
                                                 "nickname": "Ann"}).json()
            room = http.get(f"/api/rooms/{made['room']}").json()
            assert (room["game"], room["preset"], room["edition"]) == (game, preset, "standard")
