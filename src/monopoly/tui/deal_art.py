"""Monopoly Deal's tables drawn as text: every seat's bank, its property sets (the cards
of each colour over the set's size, its house and hotel, ``✔`` for a full set) and its
hand's size; the player's own hand with the cards' names and values.

Colours are the board's (:data:`monopoly.tui.board_art.GROUP_STYLES`, the 16 ANSI
colours), and every set also says its colour by name and its count, so nothing is told
by colour alone.

Example::

    >>> from monopoly.web.games.deal import deck_json
    >>> deck = deck_json("standard", "en")
    >>> view = {"tables": [{"seat": 0, "name": "Ann", "hand_size": 5, "bank": [16],
    ...          "piles": [], "full_sets": 0, "worth": 4}], "turn_seat": 0}
    >>> [line.plain for line in table_lines(deck, view, ["Ann"], 60, "en")]
    ['1 Ann ◂', '   hand 5 · bank 4M (1) · full sets 0/3']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rich.text import Text

from monopoly.tui.board_art import GROUP_STYLES, seat_style
from monopoly.tui.texts import tr

__all__ = ["card_label", "hand_lines", "table_lines"]

DEAL_STYLES: Final = GROUP_STYLES
SETS_TO_WIN: Final = 3
INDENT: Final = "   "
BULLET: Final = "• "


def card_label(deck: dict[str, Any], card: int) -> str:
    """A card's name and bank value: "Sly Deal (3M)"; money: "4M"."""
    c = deck["cards"][card]
    if c["kind"] == "money":
        return str(c["name"])
    return f"{c['name']} ({c['value']}M)"


def _card_style(deck: dict[str, Any], card: int) -> str | None:
    colours = deck["cards"][card]["colours"]
    return DEAL_STYLES.get(colours[0]) if len(colours) == 1 else None


def table_lines(deck: dict[str, Any], view: dict[str, Any], names: Sequence[str],
                width: int, lang: str) -> list[Text]:
    """Every seat's table: its name (◂ on its turn), a line of its hand, bank and full
    sets, then its sets as coloured chips ("Brown 1/2", "Red 3/3 ✔ +house") wrapped to `width`."""
    colours = deck["colours"]
    out: list[Text] = []
    turn = view.get("turn_seat")
    for table in view.get("tables") or []:
        seat = int(table["seat"])
        name = names[seat] if seat < len(names) else str(table.get("name"))
        head = Text()
        head.append(f"{seat + 1} {name}", seat_style(seat))
        if seat == turn:
            head.append(" ◂", "bold")
        out.append(head)
        bank = table.get("bank") or []
        total = sum(int(deck["cards"][c]["value"]) for c in bank)
        out.append(Text(INDENT + tr(lang, "deal_table",
            hand=table.get("hand_size", 0), bank=f"{total}M", cards=len(bank),
            sets=table.get("full_sets", 0), need=SETS_TO_WIN)))
        line = Text(INDENT)
        for pile in table.get("piles") or []:
            colour = colours[int(pile["colour"])]
            chip = f" {colour['name']} {len(pile['cards'])}/{colour['set_size']}"
            if pile.get("full"):
                chip += " ✔"
            if int(pile.get("house", -1)) >= 0:
                chip += " +" + tr(lang, "house")
            if int(pile.get("hotel", -1)) >= 0:
                chip += " +" + tr(lang, "hotel")
            chip += " "
            if line.cell_len + len(chip) + 1 > width and line.plain.strip():
                out.append(line)
                line = Text(INDENT)
            line.append(chip, DEAL_STYLES.get(colour["key"]))
            line.append(" ")
        if line.plain.strip():
            out.append(line)
    return out


def hand_lines(deck: dict[str, Any], hand: Sequence[int], width: int) -> list[Text]:
    """The cards of a hand, one per line, a property's on its colour."""
    out = []
    for card in hand:
        label = card_label(deck, int(card))[: max(1, width - 2)]
        line = Text(BULLET)
        line.append(label, _card_style(deck, int(card)))
        out.append(line)
    return out
