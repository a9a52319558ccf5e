"""Snapshots of the terminal game (pytest-textual-snapshot, docs/terminal.md): the board
and the Deal's tables of a game in progress at 80x24 (the least it draws at) and 120x40,
in English, Czech and Russian. The positions are the same on every run (seeded games,
the people's seats played by the hard bot up to a decision of theirs).

A change to what the game draws fails here until the new pictures are looked at and
accepted: ``pytest tests/test_tui_snapshots.py --snapshot-update``; the pictures are
``tests/__snapshots__/test_tui_snapshots/*.svg`` (a browser shows them)."""

from __future__ import annotations

from typing import Any

import pytest

from monopoly.tui.app import GameApp
from monopoly.tui.table import LocalTable
from tuikit import advance

LANGS = ("en", "cs", "ru")
SIZES = ((80, 24), (120, 40))
# each language a preset of its own, as in tests/test_tui_play.py
PRESETS = {"en": "classic", "cs": "czech", "ru": "tournament"}


def board_position(lang: str) -> LocalTable:
    """About 60-80 turns into a four-player game: deeds of every owner, houses, mortgages,
    a player in jail (en, cs)."""
    table = LocalTable.new("board", people={0: "Ann"},
                           bots={1: "easy", 2: "medium", 3: "hard"}, seed=11,
                           preset=PRESETS[lang], lang=lang)
    advance(table, 220)
    return table


def deal_position(lang: str) -> LocalTable:
    """Thirteen turns into a three-player Deal: sets on the tables, a house, a bank."""
    table = LocalTable.new("deal", people={0: "Ann"}, bots={1: "easy", 2: "hard"}, seed=4,
                           lang=lang)
    advance(table, 60)
    return table


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["board", "deal"])
def test_the_screen(game: str, lang: str, size: tuple[int, int], snap_compare: Any) -> None:
    table = board_position(lang) if game == "board" else deal_position(lang)
    assert table.waiting_local() == 0 and not table.over
    assert snap_compare(GameApp(table, delay=0), terminal_size=size)
