"""Bots written elsewhere (docs/agents.md): Python entry points and HTTP agents in the lab
(monopoly.bots.external), and agent seats in a room of the server over the WebSocket
protocol, with their clock per decision."""

from __future__ import annotations

import asyncio
import json
import sys
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner
from websockets.asyncio.client import connect

from monopoly.board import Game, RuleSet
from monopoly.bots import make_bot
from monopoly.bots.board.driver import play_game
from monopoly.bots.deal import make_deal_bot
from monopoly.bots.external import AgentError
from monopoly.cli import app
from monopoly.tools.client import simple_choice
from serverkit import Server, create_room, next_message, short, start_room

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
from agent_http import choose as example_choice

AGENT_MODULE = '''
import random
from monopoly.bots import make_bot

def choose(view, legal):
    """A plain function: answers a text, as an LLM agent would."""
    texts = [e.text() for e in legal if e.text() in ("roll", "buy", "end", "pay fine")]
    if texts:
        return texts[0]
    return make_bot("random", 0).choose(view, legal)

class Agent:
    """A factory: called with the seat's seed, it gives an object with choose()."""
    def __init__(self, seed):
        self.bot = make_bot("greedy", seed)
    def choose(self, view, legal):
        return self.bot.choose(view, legal)

NOT_CALLABLE = 3
'''


@pytest.fixture
def agent_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "my_agent.py").write_text(AGENT_MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "my_agent"


def test_entry_points_play_in_the_lab_as_functions_and_factories(agent_module: str) -> None:
    result = CliRunner().invoke(app, [
        "simulate", "--games", "6", "--players", "3", "--workers", "1", "--seed", "4",
        "--bots", f"{agent_module}:choose,greedy,{agent_module}:Agent", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 6
    assert set(summary["bots"]) == {f"{agent_module}:choose", "greedy", f"{agent_module}:Agent"}
    assert sum(row["wins"] for row in summary["bots"].values()) + summary["draws"] == 6


@pytest.mark.parametrize("spec, says", [
    ("no_such_module_here:x", "cannot import 'no_such_module_here'"),
    ("my_agent:nope", "has no 'nope'"),
    ("my_agent:NOT_CALLABLE", "is not callable"),
    ("external:ftp://x", "external:http://host:port/path"),
])
def test_a_bot_that_cannot_be_seated_is_a_clear_error(agent_module: str, spec: str,
                                                      says: str) -> None:
    result = CliRunner().invoke(app, ["simulate", "--games", "1", "--players", "2",
                                      "--bots", f"{spec},greedy"])
    assert result.exit_code == 2
    assert says in result.output and "cannot be seated" in result.output


# ----------------------------------------------------------------- HTTP agents in the lab


class _Agent:
    """An HTTP agent on a free port whose answer is `answer(state)` (a JSON value, or
    bytes sent as they are); every state it received is kept."""

    def __init__(self, answer: Callable[[dict[str, Any]], Any], delay: float = 0.0) -> None:
        self.states: list[dict[str, Any]] = []
        agent = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:
                state = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                agent.states.append(state)
                time.sleep(delay)
                reply = answer(state)
                status = 500 if reply == "HTTP 500" else 200
                body = reply if isinstance(reply, bytes) else json.dumps(reply).encode()
                self.send_response(status)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/agent"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def random_agent() -> Iterator[_Agent]:
    import random

    rng = random.Random(1)
    agent = _Agent(lambda state: {"type": "action", "action": example_choice(state, rng)})
    yield agent
    agent.close()


def test_an_http_agent_gets_the_servers_state_message_and_plays_a_whole_game(
        random_agent: _Agent) -> None:
    game = Game(["Agent", "Greedy"], 3, RuleSet(end="turn_limit", turn_limit=40))
    agent = make_bot(f"external:{random_agent.url}", 1)
    play_game(game, [agent, make_bot("greedy", 2)])
    assert game.is_over
    assert len(random_agent.states) > 20
    for state in random_agent.states:
        # the WebSocket's state message of that seat (docs/protocol.md)
        assert state["type"] == "state" and state["status"] == "playing"
        assert 0 in state["waiting"] and state["view"]["seat"] == 0
        assert state["legal"] and {"text", "kind", "label", "template"} <= set(state["legal"][0])
        assert state["prompt"]


def test_an_http_agent_plays_the_deal_too(random_agent: _Agent) -> None:
    result = CliRunner().invoke(app, [
        "deal", "simulate", "--games", "3", "--players", "2", "--workers", "1", "--json",
        "--bots", f"external:{random_agent.url},greedy"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 3
    assert random_agent.states and all("hand" in s["view"] for s in random_agent.states)


@pytest.mark.parametrize("answer, says", [
    (lambda s: {"type": "action", "action": "hello there"}, "cannot be read"),
    (lambda s: {"type": "action", "action": "unmortgage 39"}, "not legal now"),
    (lambda s: {"type": "act"}, 'an answer is {"type": "action"'),
    (lambda s: b"<html>", "not JSON"),
    (lambda s: "HTTP 500", "answered HTTP 500"),
])
def test_a_bad_answer_stops_the_game_with_what_was_wrong(answer: Callable[[Any], Any],
                                                         says: str) -> None:
    agent = _Agent(answer)
    try:
        game = Game(["Agent", "Greedy"], 3)
        with pytest.raises(AgentError, match="seat 0") as caught:
            play_game(game, [make_bot(f"external:{agent.url}", 1), make_bot("greedy", 2)])
        assert says in str(caught.value)
        assert all(seat != 0 for seat, _ in game.history), "nothing of the agent's applied"
    finally:
        agent.close()


def test_an_agent_past_its_time_per_decision_stops_the_lab_with_one_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    agent = _Agent(lambda s: {"type": "action", "action": s["legal"][0]["text"]}, delay=1.0)
    monkeypatch.setenv("MONOPOLY_AGENT_TIMEOUT", "0.3")
    try:
        result = CliRunner().invoke(app, ["simulate", "--games", "1", "--players", "2",
                                          "--workers", "1",
                                          "--bots", f"external:{agent.url},greedy"])
        assert result.exit_code == 2
        assert "did not answer within 0.3 s" in result.output
        assert "Traceback" not in result.output
    finally:
        agent.close()
    monkeypatch.setenv("MONOPOLY_AGENT_TIMEOUT", "soon")
    with pytest.raises(AgentError, match="MONOPOLY_AGENT_TIMEOUT"):
        make_deal_bot("external:http://127.0.0.1:9/", 0)


# ------------------------------------------------------------- agent seats on the server


def test_an_agent_seat_plays_over_the_websocket_on_its_own_clock(
        server: Server, http: httpx.Client) -> None:
    """A room without a turn clock: an agent seat still has `agent_clock` seconds per
    decision, after which the caretaker plays for it (a person's seat would wait)."""
    made = create_room(http, seats=2, bots={"1": "easy"}, nickname="Host", agent_clock=1,
                       options=short(40, first_player="fixed"))
    room = made["room"]
    host = {"Authorization": f"Bearer {made['host_token']}"}
    assert http.post(f"/api/rooms/{room}/kick", json={"seat": 0}, headers=host).status_code \
        == 200
    joined = http.post(f"/api/rooms/{room}/join",
                       json={"nickname": "Agent", "agent": True}).json()
    seat = joined["seat"]
    public = http.get(f"/api/rooms/{room}").json()
    assert public["seats"][seat]["agent"] and not public["seats"][1]["agent"]
    assert public["agent_clock"] == 1 and public["clock"] is None
    start_room(http, made)

    async def play() -> tuple[int, list[dict[str, Any]]]:
        answered = 0
        async with connect(f"{server.ws}/ws/{room}?token={joined['token']}") as ws:
            while answered < 5:
                state = await next_message(ws, "state")
                choice = simple_choice(state, seat)
                if choice is not None:
                    assert state["clock"]["seat"] == seat, "the agent's deadline is sent"
                    await ws.send(json.dumps({"type": "action", "id": str(answered),
                                              "action": choice}))
                    assert (await next_message(ws, "ack"))["id"] == str(answered)
                    answered += 1
            # silent now: the caretaker plays the agent's decisions, a second each
            silent: list[dict[str, Any]] = []
            deadline = time.monotonic() + 6
            while len(silent) < 2 and time.monotonic() < deadline:
                try:
                    events = await next_message(ws, "events",
                                                timeout=deadline - time.monotonic())
                except TimeoutError:
                    break
                if events["seat"] == seat:
                    silent.append(events)
            return answered, silent

    answered, silent = asyncio.run(play())
    assert answered == 5
    assert len(silent) >= 2, "the caretaker played the silent agent's seat"


def test_a_bad_agent_clock_is_refused(http: httpx.Client) -> None:
    for value in (0, 601, "x", None):
        r = http.post("/api/rooms", json={"nickname": "Ann", "agent_clock": value})
        assert r.status_code == 400, r.text
        assert r.json()["error"]["code"] == "invalid"
    r = http.post("/api/rooms", json={"nickname": "Ann", "agent_clock": 0})
    assert "agent's time per decision" in r.json()["error"]["message"]
