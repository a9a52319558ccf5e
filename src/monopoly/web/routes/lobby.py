"""The lobby's HTTP routes (docs/protocol.md, "HTTP"): the public data and the rooms.

A room's game settings are checked by its game's adapter (:mod:`monopoly.web.games`:
the presets, editions, options and seat counts it takes, and its defaults for what the
request leaves out); the rest (bots, the clock, the time-out policy, the nickname) is the
same for every game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Header, Query
from pydantic import BaseModel, Field

from monopoly.i18n import LANGUAGES
from monopoly.web.games import LEVELS, adapter, adapters
from monopoly.web.manager import RoomManager
from monopoly.web.protocol import (
    AGENT_CLOCK,
    AGENT_CLOCK_RANGE,
    MAX_MESSAGE,
    TIMEOUT_POLICIES,
    ProtocolError,
)
from monopoly.web.room import Room

__all__ = ["CreateRoom", "lobby_router", "meta_json"]


class CreateRoom(BaseModel):
    game: str = "board"  # or "deal": Monopoly Deal (preset official/quick, 2-5 seats)
    preset: str | None = Field(
        None, description="the game's preset; none: its default (classic; the Deal: official)")
    edition: str | None = Field(
        None, description="the board's edition, or the Deal's deck; none: standard")
    options: dict[str, Any] = Field(default_factory=dict)
    seats: int = 4
    bots: dict[str, str] = Field(default_factory=dict)
    nickname: str = ""
    clock: int | None = None
    timeout_policy: str = "bot"
    agent_clock: int = Field(
        AGENT_CLOCK, description="the seconds an agent seat has for each decision (1-600; "
        "docs/agents.md): then the caretaker plays for it")
    names: str | None = Field(
        None, description="the board's street names, the same for every seat: a language of "
        "the edition's name sets (GET /api/meta: editions[].name_sets); none: its English names")


class JoinRoom(BaseModel):
    nickname: str = ""
    seat: int | None = None
    agent: bool = Field(False, description="a program takes the seat (docs/agents.md): it "
                        "plays on the room's agent clock, and the room shows it as an agent")


class KickSeat(BaseModel):
    seat: int


def meta_json(lang: str) -> dict[str, Any]:
    """What the lobby offers: the games, bot levels, languages, time-out policies, and
    each game's own part (the board's presets, editions and rule options at the top
    level, the Deal's under ``deal``)."""
    games = adapters()
    out: dict[str, Any] = {
        "levels": list(LEVELS),
        "languages": list(LANGUAGES),
        "timeout_policies": list(TIMEOUT_POLICIES),
        "max_message": MAX_MESSAGE,
        "games": list(games),
    }
    for found in games.values():
        out.update(found.meta(lang))
    return out


def bearer(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return None


def nickname(value: str, *, required: bool = True) -> str:
    """A person's nickname, its spaces collapsed: 1 to 24 characters (a blank one is
    refused here, not only by the page; `required` False: none is needed)."""
    name = " ".join(value.split())
    if len(name) > 24 or (required and not name):
        raise ProtocolError("invalid", 400, reason="nickname")
    return name


def lobby_router(manager: Callable[[], RoomManager]) -> APIRouter:
    """The public data and the rooms (`manager`: the app's room manager)."""
    router = APIRouter()

    @router.get("/api/health")
    async def health() -> dict[str, bool]:
        return {"ok": True}

    @router.get("/api/meta")
    async def meta(lang: str = "en") -> dict[str, Any]:
        return meta_json(lang if lang in LANGUAGES else "en")

    @router.get("/api/ui")
    async def ui(lang: str = "en") -> dict[str, Any]:
        try:  # the client's texts (monopoly.web.ui_text), written with the client
            module = importlib.import_module("monopoly.web.ui_text")
        except ImportError:
            return {}
        texts: dict[str, Any] = module.ui_texts(lang if lang in LANGUAGES else "en")
        return texts

    for found in adapters().values():  # each game's own data: its board, its deck
        routes = found.routes()
        if routes is not None:
            router.include_router(routes)

    @router.post("/api/rooms")
    async def create_room(body: CreateRoom) -> dict[str, Any]:
        game = adapter(body.game)
        settings = game.settings(body.preset, body.edition, body.options, body.seats,
                                 body.names)
        bots: dict[int, str] = {}
        for key, level in body.bots.items():
            if not key.isdigit() or not 0 <= int(key) < body.seats or level not in LEVELS:
                raise ProtocolError("invalid", 400, reason="bots")
            bots[int(key)] = level
        if body.clock is not None and not 1 <= body.clock <= 3600:
            raise ProtocolError("invalid", 400, reason="clock")
        if body.timeout_policy not in TIMEOUT_POLICIES:
            raise ProtocolError("invalid", 400, reason="policy")
        low, high = AGENT_CLOCK_RANGE
        if not low <= body.agent_clock <= high:
            raise ProtocolError("invalid", 400, reason="agent_clock")
        takes_a_seat = len(bots) < settings.seats  # the creator sits in the first free seat
        room, host, seat, token = await manager().create(
            settings.preset, settings.edition, settings.options, settings.seats, bots,
            nickname(body.nickname, required=takes_a_seat), body.clock, body.timeout_policy,
            game.name, settings.names, agent_clock=body.agent_clock,
        )
        return {"room": room.id, "host_token": host, "seat": seat, "token": token}

    @router.get("/api/rooms")
    async def list_rooms(
        status: str | None = Query(None), limit: int = Query(100, ge=1, le=500)
    ) -> dict[str, Any]:
        if status is not None and status not in ("open", "playing", "finished", "expired"):
            raise ProtocolError("invalid", 400, reason=f"status {status!r}")
        return {"rooms": await manager().listing(status, limit)}

    @router.get("/api/rooms/{room_id}")
    async def get_room(room_id: str) -> dict[str, Any]:
        return (await manager().get(room_id)).public()

    @router.post("/api/rooms/{room_id}/join")
    async def join(room_id: str, body: JoinRoom) -> dict[str, Any]:
        room = await manager().get(room_id)
        seat, token = await manager().join(room, nickname(body.nickname), body.seat,
                                           agent=body.agent)
        return {"seat": seat, "token": token}

    def host(room: Room, authorization: str | None) -> None:
        if not room.is_host(bearer(authorization)):
            raise ProtocolError("forbidden", 403, reason="host")

    @router.post("/api/rooms/{room_id}/start")
    async def start(
        room_id: str, authorization: str | None = Header(None)
    ) -> dict[str, Any]:
        room = await manager().get(room_id)
        host(room, authorization)
        await manager().start(room)
        return room.public()

    @router.post("/api/rooms/{room_id}/kick")
    async def kick(
        room_id: str, body: KickSeat, authorization: str | None = Header(None)
    ) -> dict[str, Any]:
        room = await manager().get(room_id)
        host(room, authorization)
        await manager().kick(room, body.seat, by_host=True)
        return room.public()

    return router
