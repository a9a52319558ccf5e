"""Every kind of decision of both games taken by keys in the terminal game (docs/terminal.md).

A whole game against bots meets the common decisions by chance; these tests meet every
kind on purpose. The positions are those of the browser's test (tests/decisionkit.py:
random games searched for the first position offering seat 0 each kind): for the board
jail (§7), the tax as a choice (§6, CZ), a fine or a card (§5, UK), a received mortgage to
lift or keep (§9), loans (§9, RU house rule), raising funds (§9), open and sealed auctions
(§3), trades and counter-offers (§9), building and selling (§8), bankruptcy and
resignation (§11); for the Deal every play of every kind of card, moving a wildcard, the
discard, and the answers to an action aimed at the seat (Just Say No, letting it stand,
paying: docs/deal-rules.md). Each position is resumed from its record as a saved game
(``monopoly play --resume``), the key of a choice of that kind is pressed (its form filled
in by keys), and the record then holds seat 0's action of that kind.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from decisionkit import DEAL_KINDS, KINDS, find_deal_positions, find_positions
from monopoly.tui.app import GameApp
from monopoly.tui.table import SEATING_KEY, LocalTable
from monopoly.tui.texts import tr
from tuikit import choose, fill_form

LANGS = ("en", "cs", "ru")
# an entry's kind in the state message for each kind searched (the browser's test tells
# open and sealed bids apart; a house won at a shortage's auction is placed from a position
# made by hand, with no record to resume: the browser's test has it)
BOARD_KINDS = tuple(k for k in KINDS if k != "build-placing")
ENTRY_KIND = {"bid-open": "bid", "bid-sealed": "bid"}


@pytest.fixture(scope="module")
def board_positions() -> dict[str, Any]:
    return find_positions()


@pytest.fixture(scope="module")
def deal_positions() -> dict[str, Any]:
    return find_deal_positions()


def saved(tmp_path: Path, lines: list[str], seats: int, preset: str | None,
          options: dict[str, Any]) -> Path:
    """The record as the terminal saves a game: Ann at seat 0, the easy bot elsewhere."""
    head = json.loads(lines[0])
    head[SEATING_KEY] = {"people": [0], "bots": {str(s): "easy" for s in range(1, seats)},
                         "preset": preset, "options": options}
    path = tmp_path / "position.record"
    path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    return path


def row(line: str) -> tuple[int, str]:
    """A record's action line: the seat and the action's text (either game's format)."""
    if line.startswith("["):
        seat, text = json.loads(line)
        return int(seat), str(text)
    seat, text = line.split(" ", 1)
    return int(seat), text


def take_by_keys(table: LocalTable, kind: str) -> str:
    """At the table's position, the first choice of `kind` taken by keys (a form filled in
    by keys, again with other values while it is refused); the action seat 0 played."""
    app = GameApp(table, delay=0)
    before = len(table.lines)

    def played() -> list[str]:  # seat 0's actions since (bots may bid in the same auction)
        return [text for seat, text in map(row, table.lines[before:]) if seat == 0]

    async def go() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            assert table.waiting_local() == 0
            for attempt in range(8):
                index = next((i for i, e in enumerate(app.entries) if e["kind"] == kind),
                             None)
                assert index is not None, (kind, [e["kind"] for e in app.entries])
                await choose(pilot, app, index)
                if len(app.screen_stack) > 1:  # its form
                    await fill_form(pilot, app, random.Random(attempt))
                await pilot.pause()
                if played():
                    return
            raise AssertionError(f"{kind}: no action after 8 tries: {table.error}")

    asyncio.run(go())
    return played()[0]


@pytest.mark.parametrize("kind", BOARD_KINDS)
def test_every_board_decision_by_keys(kind: str, board_positions: dict[str, Any],
                                      tmp_path: Path) -> None:
    pos = board_positions[kind]
    name, _edition, options = pos.table
    lang = LANGS[BOARD_KINDS.index(kind) % 3]
    table = LocalTable.resume(saved(tmp_path, pos.lines, 4, name, options), lang)
    assert table.play.game.snapshot() == pos.game.snapshot()  # the position itself
    text = take_by_keys(table, ENTRY_KIND.get(kind, kind))
    assert text.split(" ", 1)[0] == ENTRY_KIND.get(kind, kind), text


@pytest.mark.parametrize("kind", DEAL_KINDS)
def test_every_deal_decision_by_keys(kind: str, deal_positions: dict[str, Any],
                                     tmp_path: Path) -> None:
    pos = deal_positions[kind]
    lang = LANGS[DEAL_KINDS.index(kind) % 3]
    table = LocalTable.resume(saved(tmp_path, pos.lines, pos.players, None, {}), lang)
    text = take_by_keys(table, kind)
    words = text.split(" ")
    assert (words[2] if words[0] == "play" else words[0]) == kind, text


def test_an_action_aimed_at_a_person_has_its_countdown(deal_positions: dict[str, Any],
                                                       tmp_path: Path) -> None:
    """docs/protocol.md, Monopoly Deal rooms: a person has 30 seconds to answer an action
    aimed at them (Just Say No, or let it stand), shown as a countdown; when it runs out
    the caretaker lets the action stand (or pays what costs least)."""
    pos = deal_positions["jsn"]
    table = LocalTable.resume(saved(tmp_path, pos.lines, pos.players, None, {}), "cs")
    app = GameApp(table, delay=0)
    seen: dict[str, str] = {}
    before = len(table.lines)

    async def go() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            assert "jsn" in [e["kind"] for e in app.entries]
            seen["clock"] = str(app.query_one("#clock", Static).render())
            clock = table.clock()
            assert clock is not None and clock["seat"] == 0
            # the countdown runs out (the table's clock read as if 31 s had passed)
            assert not table.expire(now=clock["deadline"] - 1)  # not yet
            decision = table.play.game.decision()
            assert table.expire(now=clock["deadline"] + 1)
            await pilot.pause()
            if table.play.game.decision() != decision:
                seen["decision"] = "moved on"

    asyncio.run(go())
    assert re.fullmatch(tr("cs", "clock_left", name=re.escape(table.names[0]),
                           seconds=r"(30|29)"),
                        seen["clock"]), seen["clock"]
    seat, text = row(table.lines[before])
    assert seat == 0 and text.split(" ")[0] in ("accept", "pay"), text
    assert seen["decision"] == "moved on"
