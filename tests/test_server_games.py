"""The server's game adapters (monopoly.web.games), in process: one per game of the core
registry, each giving the same shapes to the one generic room; a room of either game
played to the end by its bots, its state text always its state encoded, its turn clock
restarting when the game's decision changes."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

from monopoly.board.actions import parse_action
from monopoly.core.decision import Decision
from monopoly.core.registry import games
from monopoly.store import Store
from monopoly.tools.client import simple_choice
from monopoly.web.games import GamePlay, Setup, adapter, adapters
from monopoly.web.manager import RoomManager
from monopoly.web.protocol import ProtocolError, encode
from monopoly.web.room import Room

SEATS = {"board": 3, "deal": 3}


def _concrete(legal: list[dict[str, Any]]) -> str:
    """The first entry sendable as it is; else a Deal payment with every card offered or a
    discard of the first cards."""
    for entry in legal:
        if not entry["template"]:
            return str(entry["text"])
    entry = legal[0]
    cards = entry["cards"][: entry["count"]] if entry["kind"] == "discard" else entry["cards"]
    return f"{entry['kind']} " + ",".join(map(str, cards))


def test_every_game_of_the_core_registry_has_its_adapter() -> None:
    assert sorted(adapters()) == sorted(games())
    for name, found in adapters().items():
        assert found.name == name and adapter(name) is found
    with pytest.raises(ProtocolError):
        adapter("chess")


@pytest.mark.parametrize("name", ["board", "deal"])
def test_an_adapter_gives_the_defaults_and_refuses_what_its_game_does_not_take(
    name: str,
) -> None:
    found = adapter(name)
    settings = found.settings(None, None, {}, 3)
    assert settings.preset == ("classic" if name == "board" else "official")
    assert settings.edition == "standard" and settings.seats == 3
    for bad in (dict(preset_name="nope"), dict(edition="nope"),
                dict(options={"no_such_option": 1}), dict(seats=9)):
        args = {"preset_name": None, "edition": None, "options": {}, "seats": 3, **bad}
        with pytest.raises(ProtocolError) as refused:
            found.settings(**args)  # type: ignore[arg-type]
        assert refused.value.code == "invalid"


@pytest.mark.parametrize("name", ["board", "deal"])
def test_a_play_gives_every_seat_its_state_and_the_record_its_head(name: str) -> None:
    found = adapter(name)
    setup = Setup(("Ann", "Bob", "Cleo"), 11, found.settings(None, None, {}, 3), time.time())
    play = found.begin(setup)
    assert isinstance(play, GamePlay) and isinstance(play.game.decision(), Decision)
    for seat in (0, 1, 2, None):
        for lang in ("en", "cs", "ru"):
            state = play.state(seat, lang, seq=0, status="playing", clock=None)
            assert state["type"] == "state" and state["waiting"] == play.game.pending_seats()
            text = play.state_text(seat, lang, seq=0, status="playing", clock=None)
            assert text == encode(state)
    assert play.record_head() == found.record_head(setup)
    again = found.resume(setup, play.snapshot())
    assert again.game.state_hash() == play.game.state_hash()
    idle = found.idle_state(setup.settings, "open")
    assert idle["view"] is None and idle["legal"] == [] and idle["status"] == "open"


@pytest.mark.parametrize("name", ["board", "deal"])
def test_a_room_of_either_game_plays_to_the_end(name: str) -> None:
    """Bots in every seat, to the end; every state text is the state encoded."""

    async def run() -> Room:
        manager = RoomManager(Store("sqlite://"), bot_delay=0)
        try:
            options = {"end": "turn_limit", "turn_limit": 20} if name == "board" else {}
            room, _, _, _ = await manager.create(
                "classic" if name == "board" else "official", "standard", options,
                SEATS[name], {n: "easy" for n in range(SEATS[name])}, "", None, "bot", name)
            await manager.start(room)
            deadline = time.monotonic() + 120
            while room.status == "playing":
                assert time.monotonic() < deadline
                async with room.lock:
                    for seat in (0, None):
                        assert room.state_text(seat, "en") == encode(room.state(seat, "en"))
                await asyncio.sleep(0)
            return room
        finally:
            await manager.close()

    room = asyncio.run(run())
    assert room.over and room.public()["outcome"] is not None
    assert room.public()["game"] == name


@pytest.mark.parametrize("name", ["board", "deal"])
def test_the_turn_clock_restarts_exactly_when_the_decision_changes(name: str) -> None:
    """Two people, no bots: after each action the clock's start has moved exactly when
    ``game.decision()`` changed. The manager then closes at once, though the room's driver
    waits on the 30-second clock (a cancelled wait that has just been woken must not
    send it round again)."""

    async def run() -> int:
        manager = RoomManager(Store("sqlite://"), bot_delay=0)
        try:
            room, _, _, _ = await manager.create(
                "classic" if name == "board" else "official", "standard", {}, 2, {}, "Ann",
                30, "bot", name)
            await manager.join(room, "Bob", None)
            await manager.start(room)
            changed = 0
            for _ in range(40):
                async with room.lock:
                    game = room.game
                    assert game is not None and not game.is_over
                    room._track_decision()
                    before, since = game.decision(), room._decision_since
                    room._track_decision()
                    assert room._decision_since == since  # the same decision: no restart
                    seat = game.pending_seats()[0]
                    state = room.state(seat, "en")
                    text = _concrete(state["legal"])
                    await asyncio.sleep(0.002)
                    await room.act(seat, room.adapter.parse_action(text), by_person=True)
                    moved = room._decision_since != since
                    assert moved == (game.decision() != before), (text, before)
                    changed += moved
            return changed
        finally:
            await manager.close()

    began = time.monotonic()
    assert asyncio.run(run()) > 5
    assert time.monotonic() - began < 20


def _lines(conn: Any) -> list[dict[str, Any]]:
    """The messages queued on a connection, one per line (a batched connection's queued
    texts hold several)."""
    out = []
    while conn.outbox:
        text = conn.outbox.popleft()
        out.extend(json.loads(line) for line in text.split("\n"))
    return out


def _anns_choice(room: Room) -> str:
    """What Ann (seat 0, waited for) plays from her state in `room`: its simple choice."""
    choice = simple_choice(json.loads(room.state_text(0, "en")), 0)
    assert choice is not None
    return choice


async def _bot_room(manager: RoomManager, seats: int, turn_limit: int) -> tuple[Room, Any]:
    """A classic room of Ann (seat 0, a person, her connection batched) and easy bots in
    the other seats, started."""
    from monopoly.web.room import Connection

    room, _, _, _ = await manager.create(
        "classic", "standard", {"end": "turn_limit", "turn_limit": turn_limit}, seats,
        {seat: "easy" for seat in range(1, seats)}, "Ann", None, "bot")
    conn = Connection(0, "en", batch=True)
    room.conns.add(conn)
    await manager.start(room)
    return room, conn


def test_bots_without_a_delay_are_told_a_turn_at_a_time() -> None:
    """docs/protocol.md ("Bots without a delay"): the moves a room's bots make one after
    another without a delay are stored together and told together: each one's events, in
    order of seq, then one state, at the last seq. Every move is in the record exactly
    once, in order, and the record replays to the game the room holds."""
    from monopoly.web.room import BOT_CHAIN, Connection

    async def run() -> tuple[int, int]:
        manager = RoomManager(Store("sqlite://"), bot_delay=0)
        try:
            room, _, _, _ = await manager.create(
                "classic", "standard", {"end": "turn_limit", "turn_limit": 20}, 3,
                {1: "easy", 2: "easy"}, "Ann", None, "bot")
            conn = Connection(0, "en", batch=True)
            room.conns.add(conn)
            await manager.start(room)
            longest = told = 0
            deadline = time.monotonic() + 120
            while room.status == "playing":
                assert time.monotonic() < deadline
                await asyncio.sleep(0.01)
                async with room.lock:
                    messages = _lines(conn)
                    run_of: list[int] = []
                    for message in messages:
                        if message["type"] == "events":
                            run_of.append(message["seq"])
                            if message["seat"] > 0:
                                told += 1
                        elif message["type"] == "state" and run_of:
                            # consecutive seqs, then the state of the last one
                            assert run_of == list(range(run_of[0], run_of[0] + len(run_of)))
                            assert message["seq"] == run_of[-1]
                            longest = max(longest, len(run_of))
                            run_of = []
                    assert not run_of  # no events without their state after them
                    game = room.game
                    if room.status == "playing" and game is not None \
                            and 0 in game.pending_seats():
                        choice = _anns_choice(room)
                        await room.act(0, parse_action(choice), by_person=True)
            rows = manager.store.actions(room.id)
            assert [r.seq for r in rows] == list(range(1, room.seq + 1))
            manager.rooms.pop(room.id, None)
            rebuilt = await manager.get(room.id)  # the finished game, replayed from the store
            assert rebuilt is not room
            assert rebuilt.state_text(None, "en") == room.state_text(None, "en")
            assert 2 <= longest <= BOT_CHAIN
            return longest, told
        finally:
            await manager.close()

    longest, told = asyncio.run(run())
    assert longest >= 2
    assert told >= 10, told


def test_bots_moves_that_cannot_be_stored_are_not_kept() -> None:
    """Should the commit of the bots' moves fail, the room's copy, which has gone ahead of
    the store, is dropped (its connections closed with 1012, "service restart"); the room
    read again from the store is the game before those moves, and plays on. Whichever
    moves first: the bots' turn from the driver, or Ann's action that the bots answer at
    once, refused (``unavailable``, nothing acknowledged) since it is stored with them."""
    from monopoly.web.protocol import ProtocolError
    from monopoly.web.room import Connection

    async def run() -> None:
        manager = RoomManager(Store("sqlite://"), bot_delay=0)
        try:
            room, _, _, _ = await manager.create(
                "classic", "standard", {"end": "turn_limit", "turn_limit": 12}, 3,
                {1: "easy", 2: "easy"}, "Ann", None, "bot")
            conn = Connection(0, "en", batch=True)
            room.conns.add(conn)
            real = manager.writer.append_all

            async def refused(room_id: str, rows: list[tuple[int, int, str]]) -> None:
                raise OSError("disk full")

            manager.writer.append_all = refused  # type: ignore[method-assign]
            await manager.start(room)
            before = room.state_text(None, "en")  # the driver has not run yet
            deadline = time.monotonic() + 30
            while not room.moved:
                assert time.monotonic() < deadline
                await asyncio.sleep(0.01)
                async with room.lock:
                    game = room.game
                    if room.moved or game is None or 0 not in game.pending_seats():
                        continue
                    choice = _anns_choice(room)
                    with pytest.raises(ProtocolError) as refused:  # stored with the bots'
                        await room.act(0, parse_action(choice), by_person=True)
                    assert refused.value.code == "unavailable" and room.moved
            stored = len(manager.store.actions(room.id))
            assert conn.closed and conn.close_code == 1012
            assert room.id not in manager.rooms
            assert room.seq == stored  # the bots' moves were not told as made
            manager.writer.append_all = real  # type: ignore[method-assign]
            again = await manager.get(room.id)
            assert again is not room and again.seq == stored
            async with again.lock:
                assert again.state_text(None, "en") == before
            while again.seq == stored:  # the game plays on, from the stored game
                assert time.monotonic() < deadline
                await asyncio.sleep(0.01)
                async with again.lock:
                    game = again.game
                    if game is not None and 0 in game.pending_seats():  # Ann's turn first
                        choice = _anns_choice(again)
                        await again.act(0, parse_action(choice), by_person=True)
        finally:
            await manager.close()

    asyncio.run(run())


def test_a_persons_action_is_told_with_the_bots_moves_that_follow() -> None:
    """docs/protocol.md ("Bots without a delay", ``ack``): a person's action that the bots
    answer at once is stored and told with their moves: its events, the bots' events in
    order of seq, then one state at the last seq, all before the action's ack; the record
    holds every action once, in order, and replays to the room's game."""
    from monopoly.web.room import BOT_CHAIN

    async def run() -> int:
        manager = RoomManager(Store("sqlite://"), bot_delay=0)
        try:
            room, conn = await _bot_room(manager, 2, 16)
            folded = 0
            deadline = time.monotonic() + 120
            while room.status == "playing":
                assert time.monotonic() < deadline
                await asyncio.sleep(0.01)
                async with room.lock:
                    game = room.game
                    if room.status != "playing" or game is None \
                            or 0 not in game.pending_seats():
                        continue
                    _lines(conn)  # what came before
                    choice = _anns_choice(room)
                    seq = await room.act(0, parse_action(choice), by_person=True)
                    messages = _lines(conn)
                    events = [m for m in messages if m["type"] == "events"]
                    states = [m for m in messages if m["type"] == "state"]
                    assert [m["seq"] for m in events] == list(range(seq, room.seq + 1))
                    assert events[0]["seat"] == 0 and events[0]["action"] == choice
                    assert all(m["seat"] == 1 for m in events[1:])
                    assert len(states) == 1 and states[0]["seq"] == room.seq
                    assert messages.index(states[0]) > messages.index(events[-1])
                    assert room.seq - seq < BOT_CHAIN
                    if room.seq > seq:
                        folded += 1
            rows = manager.store.actions(room.id)
            assert [r.seq for r in rows] == list(range(1, room.seq + 1))
            manager.rooms.pop(room.id, None)
            rebuilt = await manager.get(room.id)
            assert rebuilt.state_text(None, "en") == room.state_text(None, "en")
            return folded
        finally:
            await manager.close()

    assert asyncio.run(run()) >= 3  # the bot's turns came after Ann's


def test_a_persons_action_that_cannot_be_stored_with_the_bots_moves_is_refused() -> None:
    """Should the commit of a person's action and the bots' moves after it fail, nothing
    is acknowledged (``unavailable``), the room's copy, gone ahead of the store, is dropped,
    and the room read again from the store is the game before the action."""

    async def run() -> None:
        manager = RoomManager(Store("sqlite://"), bot_delay=0)
        try:
            room, conn = await _bot_room(manager, 2, 12)
            deadline = time.monotonic() + 30
            while True:
                assert time.monotonic() < deadline
                await asyncio.sleep(0.01)
                async with room.lock:
                    game = room.game
                    if game is not None and 0 in game.pending_seats():
                        break
            async with room.lock:
                before = room.state_text(None, "en")
                stored = len(manager.store.actions(room.id))

                async def refused(room_id: str, rows: list[tuple[int, int, str]]) -> None:
                    raise OSError("disk full")

                manager.writer.append_all = refused  # type: ignore[method-assign]
                choice = _anns_choice(room)
                with pytest.raises(ProtocolError) as refusal:
                    await room.act(0, parse_action(choice), by_person=True)
                assert refusal.value.code == "unavailable"
            assert room.moved and conn.closed and conn.close_code == 1012
            assert room.id not in manager.rooms
            assert len(manager.store.actions(room.id)) == stored
            del manager.writer.append_all
            again = await manager.get(room.id)
            async with again.lock:
                assert again.seq == stored
                assert again.state_text(None, "en") == before
        finally:
            await manager.close()

    asyncio.run(run())
