"""The board drawn as a board: the 40 squares around the edge, the centre for the dice,
the turn and the latest events.

Each square is a cell of ``cell_w`` x ``cell_h`` characters (its last column a gap): its
short name on the colour of its group, then its owner (the seat's number in the seat's
colour), its houses (``▪`` each, ``H`` a hotel), ``m`` when mortgaged and the tokens of
the players standing on it (their numbers, reversed). Colours are the terminal's 16 ANSI
colours, each with a text colour that stays readable on it, and nothing is told by colour
alone: owners and tokens are numbers.

Example::

    >>> from monopoly.web.games.board import board_json
    >>> board = board_json("standard", "en")
    >>> view = {"owner": [-1] * 40, "level": [0] * 40, "mortgaged": [False] * 40,
    ...         "players": [{"seat": 0, "position": 0, "bankrupt": False}]}
    >>> lines = board_lines(board, view, 55, 22, [])
    >>> len(lines), {len(line.plain) for line in lines}
    (22, {55})
    >>> lines[20].plain[50:54], lines[21].plain[50:54]  # GO, and the token of seat 1
    ('Go  ', '   1')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from rich._palettes import EIGHT_BIT_PALETTE, STANDARD_PALETTE
from rich.color import Color, ColorSystem
from rich.style import Style
from rich.text import Text

__all__ = ["GROUP_COLOURS", "GROUP_STYLES", "SEAT_COLOURS", "board_lines", "cell_origin",
           "contrast", "short_names"]

# The groups' colours (the browser's); each is written on with black or white, whichever
# stands out more from it, both as it is and as a 16-colour terminal shows it (Rich
# downgrades it to the nearest of the 16 ANSI colours: :func:`contrast`).
GROUP_COLOURS: Final[dict[str, str]] = {
    "brown": "#8b4513", "light_blue": "#9fd6f2", "pink": "#d93a96", "orange": "#f7941d",
    "red": "#e31b23", "yellow": "#f5d800", "green": "#1fb25a", "dark_blue": "#0b4ea2",
    "railroad": "#3a3a3a", "utility": "#b9b48a",
}


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _rgb(colour: str, system: ColorSystem) -> tuple[int, int, int]:
    """The colour as a terminal of `system` shows it (the 16 ANSI colours: Rich's palette)."""
    c = Color.parse(colour).downgrade(system)
    if c.triplet is not None:
        triplet = c.triplet
    else:
        assert c.number is not None
        triplet = (STANDARD_PALETTE if c.number < 16 else EIGHT_BIT_PALETTE)[c.number]
    return triplet.red, triplet.green, triplet.blue


def contrast(fg: str, bg: str, system: ColorSystem = ColorSystem.TRUECOLOR) -> float:
    """The WCAG contrast ratio of `fg` on `bg` as a terminal of `system` shows them."""
    a, b = _luminance(_rgb(fg, system)), _luminance(_rgb(bg, system))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


SYSTEMS: Final = (ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT, ColorSystem.STANDARD)


def _text_on(bg: str) -> str:
    return max(("black", "bright_white"),
               key=lambda fg: min(contrast(fg, bg, system) for system in SYSTEMS))


GROUP_STYLES: Final[dict[str, str]] = {
    group: f"{_text_on(colour)} on {colour}" for group, colour in GROUP_COLOURS.items()
}
# The seats' colours, readable on the dark background in every colour system (a seat's
# number is always written too: seats 1 and 7 share a colour in 16-colour terminals).
SEAT_COLOURS: Final = ("bright_red", "bright_cyan", "bright_green", "bright_yellow",
                       "bright_magenta", "bright_white", "#ff9f1a", "#9d8cff")
BACKGROUND: Final = "#121212"  # the screen's (Textual's dark theme)
CORNER_STYLE: Final = "bold"


def seat_style(seat: int) -> str:
    return f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}"


def cell_origin(index: int, cell_w: int, cell_h: int) -> tuple[int, int]:
    """The top-left character (x, y) of square `index`: GO in the bottom-right corner,
    then clockwise round the board as it is printed (jail bottom-left, free parking
    top-left, go to jail top-right)."""
    if index <= 10:  # the bottom row, right to left
        col, row = 10 - index, 10
    elif index <= 20:  # the left column, bottom to top
        col, row = 0, 10 - (index - 10)
    elif index <= 30:  # the top row, left to right
        col, row = index - 20, 0
    else:  # the right column, top to bottom
        col, row = 10, index - 30
    return col * cell_w, row * cell_h


def short_names(board: dict[str, Any], width: int) -> list[str]:
    """Each square's name cut to `width` characters, told apart where they can be: a
    name's first word, or its last (the railroads' "Reading", not four "Readi"), or both
    words' heads."""
    squares = board["squares"]
    words = [sq["name"].replace(".", ". ").split() or ["?"] for sq in squares]

    def candidates(w: list[str]) -> list[str]:
        heads = "".join(x[: max(1, width // len(w))] for x in w)
        middle = [w[1][:width]] if len(w) > 2 else []
        return [w[0][:width], *middle, w[-1][:width], heads[:width]]

    options = [candidates(w) for w in words]
    distinct = [sq["kind"] not in _REPEATED for sq in squares]
    taken = Counter(o[0] for o, d in zip(options, distinct, strict=True) if d)
    out = []
    for i, (o, d) in enumerate(zip(options, distinct, strict=True)):
        chosen = o[0]
        if d and taken[chosen] > 1:  # the others of its clash: the same first word
            rivals = [options[j] for j in range(len(words))
                      if j != i and distinct[j] and options[j][0] == chosen]
            for option in o[1:]:
                if taken[option] == 0 and all(option not in r for r in rivals):
                    chosen = option
                    break
        out.append(chosen)
    return out


# Kinds whose squares may share a short name (the decks, the taxes); every other square's
# differs from the rest where it can.
_REPEATED: Final = frozenset({"chance", "community_chest", "tax"})
class _Canvas:
    """Characters and their styles, written anywhere, read as lines of rich Text."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[Style | None]] = [[None] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str | Style | None = None,
            limit: int | None = None) -> int:
        """Write `text` from (x, y), cut at `limit` characters and at the edge; how many
        were written."""
        if not 0 <= y < self.height:
            return 0
        s = Style.parse(style) if isinstance(style, str) else style
        n = 0
        for ch in text[: limit if limit is not None else len(text)]:
            if 0 <= x + n < self.width:
                self.chars[y][x + n] = ch
                self.styles[y][x + n] = s
            n += 1
        return n

    def lines(self) -> list[Text]:
        out = []
        for chars, styles in zip(self.chars, self.styles, strict=True):
            line = Text()
            run = ""
            style: Style | None = None
            for ch, st in zip(chars, styles, strict=True):
                if st != style and run:
                    line.append(run, style)
                    run = ""
                style = st
                run += ch
            if run:
                line.append(run, style)
            out.append(line)
        return out


def board_lines(board: dict[str, Any], view: dict[str, Any], width: int, height: int,
                centre: Sequence[Text | str], highlight: int | None = None) -> list[Text]:
    """The board as `height` lines of `width` characters (the cells as large as fit, at
    least 5 x 2; a smaller area is cut), with the lines of `centre` in the middle;
    `highlight`: a square drawn reversed (the one being decided on)."""
    cell_w = max(5, width // 11)
    cell_h = max(2, height // 11)
    canvas = _Canvas(width, height)
    names = short_names(board, cell_w - 1)
    squares = board["squares"]
    owner = view.get("owner") or [-1] * len(squares)
    level = view.get("level") or [0] * len(squares)
    mortgaged = view.get("mortgaged") or [False] * len(squares)
    here: dict[int, list[int]] = {}
    for p in view.get("players") or []:
        if not p.get("bankrupt"):
            here.setdefault(int(p["position"]), []).append(int(p["seat"]))
    for sq in squares:
        i = int(sq["index"])
        x, y = cell_origin(i, cell_w, cell_h)
        w = cell_w - 1
        group = sq.get("group")
        band = GROUP_STYLES.get(group) if sq["kind"] == "street" and group else None
        name_style = band or (CORNER_STYLE if i % 10 == 0 else None)
        if highlight == i:
            name_style = (name_style or "") + " reverse"
        canvas.put(x, y, names[i].ljust(w), name_style, w)
        if cell_h >= 3:
            price = sq.get("price") or sq.get("tax") or 0
            if price and owner[i] < 0:
                canvas.put(x, y + 1, str(price), "dim", w)
        bottom = y + cell_h - 1
        n = 0
        if owner[i] >= 0:
            n += canvas.put(x, bottom, str(owner[i] + 1), seat_style(owner[i]))
            lv = int(level[i])
            if lv >= 5:
                n += canvas.put(x + n, bottom, "H", "bold red")
            elif lv > 0:
                houses = "▪" * lv if w - n - len(here.get(i, ())) >= lv else str(lv)
                n += canvas.put(x + n, bottom, houses, "bold green")
            if mortgaged[i]:
                n += canvas.put(x + n, bottom, "m", "dim")
        tokens = here.get(i, [])
        if tokens:
            text = "".join(str(s + 1) for s in tokens)[: w]
            start = max(n, w - len(text))
            for k, s in enumerate(tokens[: w - start]):
                canvas.put(x + start + k, bottom, str(s + 1), f"reverse {seat_style(s)}")
    # the centre: between the rows and columns of squares
    inner_x, inner_y = cell_w + 1, cell_h
    inner_w = 9 * cell_w - 2
    inner_h = 9 * cell_h
    for k, line in enumerate(list(centre)[:inner_h]):
        rich_line = line if isinstance(line, Text) else Text(str(line))
        x = inner_x
        for span_text, style in _runs(rich_line):
            x += canvas.put(x, inner_y + k, span_text, style, inner_x + inner_w - x)
    return canvas.lines()


def _runs(text: Text) -> list[tuple[str, Style | None]]:
    """`text` as (characters, style) runs (its spans flattened)."""
    out: list[tuple[str, Style | None]] = []
    for segment in text.render(_CONSOLE):
        if segment.text and segment.text != "\n":
            out.append((segment.text, segment.style))
    return out


def _console() -> Any:
    from rich.console import Console

    return Console(width=10_000, color_system=None)


_CONSOLE: Final = _console()
