"""What every game's room says on the wire (docs/protocol.md): the limits of a message,
the error codes and their texts, and the encoding of a message.

Every player-visible text is a gettext message (marked with ``N_`` for ``make i18n``) and
is translated in the language of the connection or request. The game's own shapes (its
legal entries, its board or deck) are its adapter's (:mod:`monopoly.web.games`).

Example::

    >>> error_text("conflict", "en", reason="room_full")
    'Not possible now: every seat is taken'
    >>> encode({"type": "ack", "id": "c1", "seq": 3})
    '{"type":"ack","id":"c1","seq":3}'
"""

from __future__ import annotations

from typing import Any, Final

import orjson

from monopoly.i18n import LANGUAGES, translation
from monopoly.i18n import gettext_noop as N_

MAX_MESSAGE: Final = 16 * 1024  # bytes of one WebSocket message
# the largest message the server still reads to answer it `too_large` (the connection stays
# open); beyond it the WebSocket layer closes the connection (1009, message too big)
MAX_READ: Final = 16 * 1024 * 1024
TIMEOUT_POLICIES: Final = ("bot", "forfeit")
# The seconds an agent seat (a program playing over this protocol: docs/agents.md) has for
# each decision, unless the room says otherwise; its bounds.
AGENT_CLOCK: Final = 10
AGENT_CLOCK_RANGE: Final = (1, 600)

# The error codes of the protocol and their default texts (translated when sent).
ERRORS: Final[dict[str, str]] = {
    "illegal": N_("That action is not legal now: {reason}"),
    "malformed": N_("The message could not be read: {reason}"),
    "unauthorised": N_("This connection may not do that: {reason}"),
    "too_large": N_("The message is larger than {limit} bytes."),
    "rate_limited": N_("Too many messages: wait a moment and try again."),
    "not_started": N_("The game has not started yet."),
    "over": N_("The game is over."),
    "not_found": N_("There is no room {room}."),
    "invalid": N_("Invalid request: {reason}"),
    "conflict": N_("Not possible now: {reason}"),
    "forbidden": N_("Not allowed: {reason}"),
    "unavailable": N_("The server could not store the action; nothing changed. Try again."),
    # several server processes (docs/scaling.md): the room is another process's
    "moved": N_("This room is served at {address}: connect there."),
    "busy": N_("The room is moving to another server process: try again in a moment."),
    "slow_down": N_("Too many chat messages: slow down and write again in a few seconds."),
}

# Reasons used with the codes above.
REASONS: Final[dict[str, str]] = {
    "spectator": N_("spectators cannot act"),
    "token": N_("the seat token is not valid for this room"),
    "host": N_("only the host may do that"),
    "json": N_("not a JSON object"),
    "type": N_("unknown message type"),
    "field": N_("a field is missing or has the wrong type"),
    "lang": N_("unknown language"),
    "room_full": N_("every seat is taken"),
    "seat_taken": N_("that seat is taken"),
    "seat_range": N_("no such seat"),
    "not_open": N_("the game has already started"),
    "not_over": N_("the game is not over yet"),
    "nickname": N_("a nickname has 1 to 24 characters"),
    "seats": N_("a room has 2 to 8 seats"),
    "bots": N_("bots are given by seat number and level (easy, medium, hard)"),
    "clock": N_("the clock is a number of seconds from 1 to 3600, or null"),
    "agent_clock": N_("an agent's time per decision is a number of seconds from 1 to 600"),
    "policy": N_("the timeout policy is bot or forfeit"),
    "edition": N_("unknown edition"),
    "names": N_("the board has no such set of street names"),
    "started": N_("the game is running"),
    "paused": N_("the referee has paused this table"),
    # the host's removal of a seat, and a room left alone (monopoly.web.expiry)
    "seat_connected": N_("a player who is connected cannot be removed during the game"),
    "game_over": N_("the game is over"),
    "expired": N_("the room was closed: nobody had been in it for too long"),
    "board_only": N_("this is for the board game only"),  # the post-game summary
    "options": N_("the options are a JSON object of rule options"),  # GET /api/rules
    # the chat of a room (monopoly.web.chat)
    "chat_spectator": N_("spectators can read the chat but not write in it"),
    "chat_blank": N_("a chat message cannot be empty"),
    "chat_too_long": N_("a chat message has at most 200 characters"),
    "reaction": N_("unknown reaction"),
}


class ProtocolError(Exception):
    """A request refused with a protocol error code (docs/protocol.md)."""

    def __init__(self, code: str, status: int = 400, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.status = status
        self.params = params

    def text(self, lang: str) -> str:
        return error_text(self.code, lang, **self.params)


def check_lang(lang: object) -> str:
    """`lang` if the server speaks it (its catalog loaded); else ``malformed``."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ProtocolError("malformed", reason="lang")
    translation(lang)
    return lang


def error_text(code: str, lang: str, **params: Any) -> str:
    """The text of an error `code` in `lang`; a ``reason`` param that is a key of
    :data:`REASONS` is translated too."""
    t = translation(lang if lang in LANGUAGES else "en")
    reason = params.get("reason")
    if isinstance(reason, str) and reason in REASONS:
        params["reason"] = t.gettext(REASONS[reason])
    template = t.gettext(ERRORS.get(code, code))
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return template


def encode(message: object) -> str:
    """A message as compact JSON text (the dicts' keys in the order they were built, so
    ``"type"`` comes first), by orjson: the same text as ``json.dumps(message,
    ensure_ascii=False, separators=(",", ":"))`` for our messages, several times faster."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
