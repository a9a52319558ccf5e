"""Bots written elsewhere, seated wherever a bot is made by name (docs/agents.md): the lab
(``monopoly simulate --bots``, ``monopoly deal simulate --bots``), the reinforcement-learning
environments' opponents, the tournament's simulations.

- ``module:attribute``: a Python entry point. The attribute is either a factory called with
  the seat's seed, ``factory(seed)``, that returns an object with ``choose(view, legal)``
  (the protocol of our own bots, :class:`monopoly.bots.Bot`), or a function
  ``choose(view, legal)`` itself. ``choose`` returns an action, or its text in the game's
  notation ("buy", "bid 120", "play 12 as money"), which is read as the game reads it.
- ``external:URL``: an agent behind an HTTP endpoint. For each decision it is sent, by POST,
  the seat's ``state`` message, the same JSON the server's WebSocket sends that seat
  (docs/protocol.md: ``view``, ``legal`` with its labels, ``prompt``, ``waiting``), and
  answers as a client does on the WebSocket: ``{"type": "action", "action": "buy"}``. It has
  :data:`DEFAULT_TIMEOUT` seconds per decision (``MONOPOLY_AGENT_TIMEOUT`` sets others).

An agent that does not answer in time, answers something that cannot be read, or answers an
action that is not legal stops the game with :class:`AgentError`, which says which agent,
seat and decision, and what was wrong: the lab reports it rather than play on with a
substitute. (On the server, an agent seat that runs out of time is played by the caretaker,
as a person's is.)
"""

from __future__ import annotations

import http.client
import importlib
import inspect
import json
import os
import urllib.parse
from collections.abc import Callable
from typing import Any

__all__ = ["DEFAULT_TIMEOUT", "EXTERNAL", "AgentError", "EntryPointBot", "HttpAgent",
           "is_external", "make_external"]

EXTERNAL = "external:"
DEFAULT_TIMEOUT = 10.0  # seconds an external agent has per decision


class AgentError(ValueError):
    """An external bot failed a decision (or could not be made): the message says why."""

    def __reduce__(self) -> tuple[type, tuple[str]]:  # crosses the lab's worker processes
        return (AgentError, (str(self),))


def is_external(name: str) -> bool:
    """Whether a bot's name is an entry point or an agent's URL, not one of ours."""
    return name.startswith(EXTERNAL) or ":" in name


def make_external(name: str, seed: int, game: str) -> Any:
    """The bot of `name` (``module:attribute`` or ``external:URL``) for `game` ("board"
    or "deal"); :class:`AgentError` (a ValueError) when it cannot be made."""
    if name.startswith(EXTERNAL):
        return HttpAgent(name[len(EXTERNAL):], game)
    return EntryPointBot(name, seed, game)


def _parser(game: str) -> Callable[[object], Any]:
    if game == "board":
        from monopoly.board import actions as board_actions

        return board_actions.parse_action
    from monopoly.deal import actions as deal_actions

    return deal_actions.parse_action


def _read(game: str, answer: Any, who: str, seat: int | None) -> Any:
    """An answer as an action: an action object as it is, a text parsed."""
    if not isinstance(answer, str):
        return answer
    from monopoly.core.errors import MonopolyError

    try:
        return _parser(game)(answer)
    except MonopolyError as exc:
        raise AgentError(f"{who} (seat {seat}): the answer {answer!r} cannot be read: "
                         f"{exc}") from exc


def _seat_of(view: Any) -> int | None:
    seat = getattr(view, "seat", None)
    return seat if isinstance(seat, int) else None


class EntryPointBot:
    """A bot loaded from ``module:attribute`` (see the module docstring)."""

    def __init__(self, spec: str, seed: int, game: str) -> None:
        self.name = spec
        self.game = game
        module_name, _, path = spec.partition(":")
        if not module_name or not path:
            raise AgentError(f"a bot's entry point is module:attribute, got {spec!r}")
        try:
            target: Any = importlib.import_module(module_name)
        except ImportError as exc:
            raise AgentError(f"the bot {spec!r}: cannot import {module_name!r}: {exc}") from exc
        for part in path.split("."):
            try:
                target = getattr(target, part)
            except AttributeError:
                raise AgentError(f"the bot {spec!r}: {module_name!r} has no {path!r}") from None
        if not callable(target):
            raise AgentError(f"the bot {spec!r}: {path!r} is not callable")
        if _positional(target) == 2:  # choose(view, legal) itself
            self._choose: Callable[[Any, list[Any]], Any] = target
            return
        made = target(seed)
        choose = getattr(made, "choose", None)
        if not callable(choose):
            raise AgentError(f"the bot {spec!r}: {path!r}(seed) must give an object with "
                             f"choose(view, legal), or be choose(view, legal) itself")
        self._choose = choose

    def choose(self, view: Any, legal: list[Any]) -> Any:
        return _read(self.game, self._choose(view, legal), self.name, _seat_of(view))


def _positional(target: Callable[..., Any]) -> int | None:
    """How many positional parameters `target` takes (None: it cannot be told)."""
    if inspect.isclass(target):
        return None
    try:
        params = inspect.signature(target).parameters.values()
    except (TypeError, ValueError):
        return None
    return sum(1 for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
               and p.default is p.empty)


def _timeout() -> float:
    value = os.environ.get("MONOPOLY_AGENT_TIMEOUT")
    if not value:
        return DEFAULT_TIMEOUT
    try:
        seconds = float(value)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 3600:
        raise AgentError(f"MONOPOLY_AGENT_TIMEOUT is seconds from 0 to 3600, got {value!r}")
    return seconds


class HttpAgent:
    """An agent behind an HTTP endpoint (see the module docstring); one connection, kept
    open between decisions."""

    def __init__(self, url: str, game: str) -> None:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise AgentError(f"an external agent is external:http://host:port/path, got "
                             f"{EXTERNAL}{url}")
        self.name = f"{EXTERNAL}{url}"
        self.url = url
        self.game = game
        self.timeout = _timeout()
        self._parts = parts
        self._conn: http.client.HTTPConnection | None = None
        self._states: Any = None

    def _connection(self) -> http.client.HTTPConnection:
        if self._conn is None:
            kind = (http.client.HTTPSConnection if self._parts.scheme == "https"
                    else http.client.HTTPConnection)
            self._conn = kind(self._parts.hostname or "", self._parts.port,
                              timeout=self.timeout)
        return self._conn

    def _state(self, view: Any, seat: int) -> dict[str, Any]:
        game = _game_of(view)
        if game is None:
            raise AgentError(f"{self.name}: the seat's view does not lead to its game")
        if self._states is None or self._states[0] is not game:
            self._states = (game, _state_writer(self.game, game))
        return self._states[1](seat)  # type: ignore[no-any-return]

    def choose(self, view: Any, legal: list[Any]) -> Any:
        seat = _seat_of(view)
        if seat is None:
            raise AgentError(f"{self.name}: a decision without a seat")
        body = json.dumps(self._state(view, seat), ensure_ascii=False).encode()
        path = self._parts.path or "/"
        if self._parts.query:
            path += "?" + self._parts.query
        headers = {"Content-Type": "application/json"}
        for attempt in (1, 2):  # a kept connection the agent closed: open a new one once
            conn = self._connection()
            try:
                conn.request("POST", path, body, headers)
                response = conn.getresponse()
                raw = response.read()
                break
            except TimeoutError as exc:
                self.close()
                raise AgentError(f"{self.name} (seat {seat}) did not answer within "
                                 f"{self.timeout:g} s") from exc
            except (OSError, http.client.HTTPException) as exc:
                self.close()
                if attempt == 2 or not isinstance(
                        exc, (http.client.RemoteDisconnected, ConnectionResetError,
                              BrokenPipeError)):
                    raise AgentError(f"{self.name} (seat {seat}): {exc}") from exc
        if response.status != 200:
            raise AgentError(f"{self.name} (seat {seat}) answered HTTP {response.status}")
        try:
            message = json.loads(raw)
        except ValueError as exc:
            raise AgentError(f"{self.name} (seat {seat}) answered something that is not "
                             f"JSON: {raw[:80]!r}") from exc
        text = message.get("action") if isinstance(message, dict) else None
        if not isinstance(text, str):
            raise AgentError(f"{self.name} (seat {seat}) answered {message!r}; an answer is "
                             f'{{"type": "action", "action": "TEXT"}}')
        action = _read(self.game, text, self.name, seat)
        game = _game_of(view)
        if game is not None:
            why = game.why_illegal(seat, action)
            if why is not None:
                raise AgentError(f"{self.name} (seat {seat}) answered {text!r}, which is not "
                                 f"legal now: {why}")
        return action

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __getstate__(self) -> dict[str, Any]:  # a kept connection does not cross processes
        state = dict(self.__dict__)
        state["_conn"] = None
        state["_states"] = None
        return state


def _state_writer(name: str, game: Any) -> Callable[[int], dict[str, Any]]:
    """``writer(seat)``: the seat's ``state`` message as the server's WebSocket sends it
    (in English), for one game of the lab."""
    from monopoly.web.games import Settings, Setup

    if name == "board":
        from monopoly.web.games.board import LabelCache, state_message

        labels = LabelCache()

        def board_state(seat: int) -> dict[str, Any]:
            return state_message(game, seat, "en", seq=len(game.history), status="playing",
                                 labels=labels)

        return board_state
    from monopoly.web.games.deal import DealPlay

    names = tuple(game.seat_names)
    play = DealPlay(game, Setup(names, game.seed,
                                Settings("official", game.deck.key, {}, len(names)), 0.0))

    def deal_state(seat: int) -> dict[str, Any]:
        return play.state(seat, "en", seq=len(game.history), status="playing", clock=None)

    return deal_state


def _game_of(view: Any) -> Any:
    """The game behind a seat's view (the board's and the Deal's views keep it)."""
    for attribute in ("_g", "_game"):
        game = getattr(view, attribute, None)
        if game is not None:
            return game
    return None
