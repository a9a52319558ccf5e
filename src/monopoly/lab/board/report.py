"""The board game's lab report: an HTML page with PNG plots of a simulation run.

``monopoly simulate --report DIR`` calls :func:`write_report`, which writes ``DIR/index.html``
and five plots beside it (matplotlib, the Agg renderer; no display is needed):

1. ``win_rates.png``: each bot's win rate with its 95 % confidence interval, and the fair
   share ``1 / players`` as a line;
2. ``game_length.png``: a histogram of game length in turns, games with a winner and
   draws (no single winner) stacked;
3. ``net_worth.png``: net worth over the turns of one sample game, one line per seat;
4. ``roi.png``: return on investment per group, rent collected / money invested
   (:mod:`monopoly.lab.board.gamestats`), bars in the group's colour;
5. ``board_heatmap.png``: the board as a ring of 40 cells (GO at the bottom right, as on a
   real board) coloured by the share of stops on each square in the games, beside the
   Markov chain's long-run probabilities
   (:func:`monopoly.lab.board.markov.landing_probabilities`).

The first three are the plots every lab report shares (:mod:`monopoly.lab.report`); the
last two are the board's. Every label is translated (en, cs, ru) through the catalogs. The
numbers behind the board's plots are computed by small pure functions
(:func:`roi_by_group`, :func:`landing_shares`, :func:`markov_shares`, :func:`board_cells`)
so that tests can check them.

Example::

    >>> board_cells(40)[:2], board_cells(40)[10], board_cells(40)[30]
    ([(10, 10), (10, 9)], (10, 0), (0, 10))
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from monopoly.board.edition import Edition, load_edition
from monopoly.i18n import Translator, translation
from monopoly.i18n import gettext_noop as N_
from monopoly.lab.report import (
    _DPI,
    _decimal,
    _figure,
    _mpl,
    _percent,
    _placeholder,
    _plot_game_length,
    _plot_net_worth,
    _plot_win_rates,
    fair_shares,
    win_rate_rows,
)
from monopoly.lab.report import LABELS as SHARED_LABELS
from monopoly.templates import environment

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "GROUP_COLOURS",
    "LABELS",
    "PLOTS",
    "board_cells",
    "landing_shares",
    "markov_shares",
    "roi_by_group",
    "write_report",
]

#: The plot files, in the order of the page.
PLOTS: Final = (
    "win_rates.png",
    "game_length.png",
    "net_worth.png",
    "roi.png",
    "board_heatmap.png",
)

#: The colours of the groups as printed on the board (railroads black, utilities grey).
GROUP_COLOURS: Final[Mapping[str, str]] = {
    "brown": "#8b4513",
    "light_blue": "#9fd6f0",
    "pink": "#d93a96",
    "orange": "#f7941d",
    "red": "#ed1b24",
    "yellow": "#fef200",
    "green": "#1fb25a",
    "dark_blue": "#0072bb",
    "railroad": "#2b2b2b",
    "utility": "#9a9a9a",
}
_OTHER_COLOUR: Final = "#b0b0b0"

# Every text of the page and the plots, translated when the report is written: the texts
# every lab report shares, then the board's own.
LABELS: Final[Mapping[str, str]] = {
    **SHARED_LABELS,
    "title": N_("Strategy lab report"),
    "edition": N_("Edition"),
    "draws": N_("Draws (no single winner)"),
    "no_stats": N_("No game statistics were collected."),
    # 1. win rates
    "win_caption": N_(
        "Each bar is a bot's share of the games it won; the whiskers are its confidence "
        "interval at 95 %, and a bar whose whiskers stay clear of the dashed fair-share "
        "line is truly better or worse than chance."
    ),
    # 2. game length
    "length_draws": N_("draws, no single winner ({count})"),
    "length_caption": N_(
        "How many turns the games lasted: games with a winner and draws are stacked; a "
        "pile of draws at the right end means the turn limit ended many games."
    ),
    # 3. net worth
    "worth_title": N_("Net worth over a sample game"),
    "worth_axis": N_("net worth ({currency})"),
    "worth_caption": N_(
        "One game, followed turn by turn: each line is a seat's net worth (cash, property "
        "and buildings, docs/rules.md §11); a line falling to zero is a bankruptcy."
    ),
    # 4. return on investment
    "roi_title": N_("Return on investment by group"),
    "roi_axis": N_("rent collected / money invested"),
    "roi_break_even": N_("break-even: rent equals the investment"),
    "roi_none": N_("nothing invested"),
    "roi_caption": N_(
        "Rent collected on each group's squares for every unit of money put into them "
        "(purchases, auctions and buildings), over all games: above the line a group paid "
        "for itself."
    ),
    # 5. the board
    "board_title": N_("Where the tokens stop"),
    "board_games": N_("In the games"),
    "board_markov": N_("Markov chain, long run"),
    "board_share": N_("share of stops (%)"),
    "board_caption": N_(
        "The board as it lies on the table (GO at the bottom right): the darker a square, "
        "the more often a throw left a token there (after any card or Go To Jail); on the "
        "left as counted in the games, on the right the Markov chain's exact long-run "
        "share (on both, the jail square includes the throws made in jail)."
    ),
}


# --- the numbers behind the plots


def _players(
    summary: Mapping[str, Any],
    results: Sequence[Mapping[str, Any]],
    sample: Mapping[str, Any] | None,
) -> int | None:
    for r in results:
        if r.get("seats"):
            return len(r["seats"])
    if sample and sample.get("seats"):
        return len(sample["seats"])
    players = summary.get("players")
    return int(players) if isinstance(players, int) and players > 0 else None


_NOT_COLOURS: Final = ("railroad", "utility")


def _group_order(edition: Edition) -> list[str]:
    """The colour groups in board order, then the railroads and the utilities."""
    keys = [g for g in edition.groups if g not in _NOT_COLOURS]
    return keys + [g for g in _NOT_COLOURS if g in edition.groups]


def roi_by_group(results: Sequence[Mapping[str, Any]], edition: Edition) -> list[dict[str, Any]]:
    """Rent collected, money invested and their ratio per group, over every game with
    ``stats``: one row per group of the edition (the colours in board order, then the
    railroads and the utilities); ``roi`` is None where nothing was invested."""
    keys = _group_order(edition)
    rent = dict.fromkeys(keys, 0)
    invested = dict.fromkeys(keys, 0)
    for r in results:
        stats = r.get("stats")
        if not stats:
            continue
        for g, v in dict(stats.get("rent_by_group") or {}).items():
            rent[g] = rent.get(g, 0) + int(v)
        for g, v in dict(stats.get("invested_by_group") or {}).items():
            invested[g] = invested.get(g, 0) + int(v)
    return [
        {
            "group": g,
            "rent": rent[g],
            "invested": invested.get(g, 0),
            "roi": rent[g] / invested[g] if invested.get(g) else None,
        }
        for g in rent
    ]


def landing_shares(results: Sequence[Mapping[str, Any]], squares: int = 40) -> list[float] | None:
    """The share of all stops on each square, over every game's ``stats["landings"]``;
    None when no game has any."""
    totals = [0] * squares
    for r in results:
        stats = r.get("stats")
        if not stats:
            continue
        for i, v in enumerate(list(stats.get("landings") or [])[:squares]):
            totals[i] += int(v)
    whole = sum(totals)
    if not whole:
        return None
    return [v / whole for v in totals]


def markov_shares(edition: Edition, jail: str = "long") -> list[float]:
    """The Markov chain's long-run share of throws ending on each square; the jail
    square's share is Just Visiting plus the throws that end in jail."""
    from monopoly.lab.board.markov import landing_probabilities

    probs = landing_probabilities(edition, jail)
    n = len(edition.squares)
    shares = list(probs[:n])
    shares[edition.jail_square] += probs[n]
    return shares


def board_cells(squares: int = 40) -> list[tuple[int, int]]:
    """(row, column) of each square on a square ring of ``squares // 4 + 1`` cells a side,
    row 0 at the top: GO at the bottom right, then leftwards to the jail corner, up to Free
    Parking, right to Go To Jail and down again, as on a real board."""
    if squares % 4:
        raise ValueError(f"a square board has a multiple of 4 squares, not {squares}")
    side = squares // 4  # squares per side, one corner included
    last = side  # the last row / column index
    cells: list[tuple[int, int]] = []
    for i in range(squares):
        k, j = divmod(i, side)
        if k == 0:
            cells.append((last, last - j))
        elif k == 1:
            cells.append((last - j, 0))
        elif k == 2:
            cells.append((0, j))
        else:
            cells.append((j, last))
    return cells


def _short_name(name: str, width: int = 10) -> str:
    lines = textwrap.wrap(name, width, break_long_words=False) or [name]
    if len(lines) > 2:
        lines = [lines[0], lines[1][: width - 1] + "…"]
    return "\n".join(line if len(line) <= width + 1 else line[:width] + "…" for line in lines)


# --- the plots


def _group_name(edition: Edition, group: str, lang: str) -> str:
    names = edition.group_names.get(group, {})
    return names.get(lang) or names.get("en") or group


def _plot_roi(labels: Mapping[str, str], t: Translator, rows: list[dict[str, Any]],
              edition: Edition, lang: str) -> Figure:
    fig = _figure(8.5, 4.8)
    ax = fig.add_subplot()
    ax.set_title(_mpl(labels["roi_title"]))
    if not any(r["invested"] or r["rent"] for r in rows):
        _placeholder(ax, labels["no_stats"])
        return fig
    x = list(range(len(rows)))
    values = [r["roi"] if r["roi"] is not None else 0.0 for r in rows]
    colours = [GROUP_COLOURS.get(r["group"], _OTHER_COLOUR) for r in rows]
    ax.bar(x, values, color=colours, edgecolor="#1b1b1b", linewidth=0.8, width=0.7)
    ax.axhline(1.0, color="#b22222", linestyle="--", linewidth=1.2,
               label=_mpl(labels["roi_break_even"]))
    for xi, r in zip(x, rows, strict=True):
        text = labels["roi_none"] if r["roi"] is None else _decimal(t, r["roi"], 2)
        ax.annotate(_mpl(text), (xi, values[xi]), textcoords="offset points", xytext=(0, 3),
                    ha="center", fontsize=8)
    ax.set_xticks(x, [_mpl(_group_name(edition, r["group"], lang)) for r in rows],
                  rotation=35, ha="right")
    ax.set_ylabel(_mpl(labels["roi_axis"]))
    ax.set_ylim(0, max([*values, 1.0]) * 1.15)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=9)
    return fig


def _draw_board(ax: Axes, shares: Sequence[float], vmax: float, edition: Edition, lang: str,
                t: Translator, title: str, centre: str) -> Any:
    import numpy as np
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Rectangle

    n = len(edition.squares)
    side = n // 4 + 1
    cells = board_cells(n)
    grid = np.full((side, side), np.nan)
    for sq, (r, c) in enumerate(cells):
        grid[r, c] = shares[sq] * 100
    vmin = 50 / n  # half the share of an evenly visited board; paler squares are rare
    image = ax.imshow(np.ma.masked_invalid(grid), cmap="YlOrRd", vmin=vmin, vmax=vmax * 100,
                      interpolation="nearest")
    last = side - 1
    band = 0.16
    frames: list[Rectangle] = []
    bands: list[Rectangle] = []
    for sq, (r, c) in enumerate(cells):
        frames.append(Rectangle((c - 0.5, r - 0.5), 1, 1))
        colour = GROUP_COLOURS.get(edition.squares[sq].group or "")
        if colour and edition.squares[sq].kind == "street":
            # the colour band on the inner edge of the cell, as printed on the board
            if r == last:
                xy, w, h = (c - 0.5, r - 0.5), 1.0, band
            elif c == 0:
                xy, w, h = (c + 0.5 - band, r - 0.5), band, 1.0
            elif r == 0:
                xy, w, h = (c - 0.5, r + 0.5 - band), 1.0, band
            else:
                xy, w, h = (c - 0.5, r - 0.5), band, 1.0
            bands.append(Rectangle(xy, w, h, facecolor=colour, linewidth=0))
        names = edition.squares[sq].names
        name = _short_name(names.get(lang) or names["en"])
        value = shares[sq] * 100
        ink = "white" if value > vmin + (vmax * 100 - vmin) * 0.7 else "#1b1b1b"
        label = ax.text(c, r, _mpl(f"{name}\n{_decimal(t, value, 2)}"), ha="center",
                        va="center", fontsize=5.2, color=ink, linespacing=1.05)
        label.set_in_layout(False)  # inside the axes: the layout need not measure it
    # one collection each (adding patches one by one is slow)
    ax.add_collection(PatchCollection(frames, facecolor="none", edgecolor="#555555",
                                      linewidth=0.6))
    ax.add_collection(PatchCollection(bands, match_original=True))
    ax.text(last / 2, last / 2, _mpl(centre), ha="center", va="center", fontsize=10,
            color="#333333", wrap=True)
    ax.set_title(_mpl(title))
    ax.set_xlim(-0.5, last + 0.5)
    ax.set_ylim(last + 0.5, -0.5)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_aspect("equal")
    for spine in ax.spines.values():
        spine.set_visible(False)
    return image


def _plot_board(labels: Mapping[str, str], t: Translator, games: list[float] | None,
                stops: int, chain: list[float], edition: Edition, lang: str) -> Figure:
    fig = _figure(15, 8)
    fig.suptitle(_mpl(labels["board_title"]), fontsize=14)
    left, right = fig.subplots(1, 2)
    # the scale ends at the busiest square but jail (which would wash out the rest; it
    # shows in the darkest colour) and starts at half the share of an even board
    jail = edition.jail_square
    vmax = max(v for i, v in enumerate([*chain, *(games or [])]) if i % len(chain) != jail)
    vmax = vmax * 1.05 or 1.0
    if games is None:
        _placeholder(left, labels["no_stats"])
        left.set_title(_mpl(labels["board_games"]))
        for spine in left.spines.values():
            spine.set_visible(False)
    else:
        counted = t.ngettext("{count} stop", "{count} stops", stops)
        _draw_board(left, games, vmax, edition, lang, t, labels["board_games"],
                    counted.format(count=t.number(stops)))
    image = _draw_board(right, chain, vmax, edition, lang, t, labels["board_markov"],
                        edition.names.get(lang) or edition.names["en"])
    bar = fig.colorbar(image, ax=[left, right], orientation="horizontal", shrink=0.5,
                       aspect=40, extend="both")
    bar.set_label(_mpl(labels["board_share"]))
    return fig


# --- the page


_KNOWN_KEYS: Final = frozenset(
    {"games", "bots", "draws", "turns", "games_per_second", "players", "edition"}
)


def _other_parameters(summary: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The summary's other scalar entries (seed, rules preset, ...) as (key, text)."""
    out: list[tuple[str, str]] = []
    for key, value in summary.items():
        if key in _KNOWN_KEYS or isinstance(value, (dict, list, tuple)):
            continue
        out.append((str(key), "" if value is None else str(value)))
    return out


def write_report(
    out_dir: Path,
    summary: dict[str, Any],
    results: list[dict[str, Any]],
    sample: dict[str, Any] | None,
    edition_key: str,
    lang: str = "en",
) -> Path:
    """Write ``out_dir/index.html`` and the plots of :data:`PLOTS` beside it (the
    directory is created); returns the path of the page.

    ``summary`` is ``monopoly simulate``'s JSON (``games``, ``bots`` with ``games``,
    ``wins``, ``win_rate`` and ``ci95`` each, ``draws``, ``turns``, ``games_per_second``),
    ``results`` one dict per game (``seats``, ``winner``, ``turns``, and ``stats`` from
    :func:`monopoly.lab.board.gamestats.collect` where collected), ``sample`` one game's
    ``seats``, ``names`` and ``worth_history`` (or None). Labels are in ``lang``."""
    t = translation(lang)
    labels = {key: t.gettext(msg) for key, msg in LABELS.items()}
    edition = load_edition(edition_key)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)

    rows = win_rate_rows(summary)
    players = _players(summary, results, sample)
    roi = roi_by_group(results, edition)
    n = len(edition.squares)
    games_shares = landing_shares(results, n)
    stops = sum(
        int(v) for r in results if r.get("stats") for v in r["stats"].get("landings") or []
    )
    rules = summary.get("rules")
    jail = "short" if isinstance(rules, Mapping) and rules.get("max_jail_turns") == 1 else "long"
    chain = markov_shares(edition, jail)

    figures = {
        "win_rates.png": _plot_win_rates(labels, rows, players,
                                         fair_shares(rows, summary, results, players)),
        "game_length.png": _plot_game_length(labels, t, results),
        "net_worth.png": _plot_net_worth(labels, sample, edition.currency),
        "roi.png": _plot_roi(labels, t, roi, edition, lang),
        "board_heatmap.png": _plot_board(labels, t, games_shares, stops, chain, edition, lang),
    }
    for name, fig in figures.items():
        fig.savefig(out_dir / name, format="png", dpi=_DPI)

    turns = dict(summary.get("turns") or {})
    facts: list[tuple[str, str]] = [
        (labels["edition"], edition.names.get(lang) or edition.names["en"]),
        (labels["games"], t.number(int(summary.get("games", len(results))))),
    ]
    if players:
        facts.append((labels["players"], t.number(players)))
    if "draws" in summary:
        facts.append((labels["draws"], t.number(int(summary["draws"]))))
    if turns.get("mean") is not None:
        facts.append((labels["turns_mean"], _decimal(t, float(turns["mean"]), 1)))
    if turns.get("median") is not None:
        facts.append((labels["turns_median"], _decimal(t, float(turns["median"]), 1)))
    if summary.get("games_per_second") is not None:
        facts.append((labels["speed"], _decimal(t, float(summary["games_per_second"]), 1)))

    table = [
        {
            "bot": r["bot"],
            "games": t.number(r["games"]),
            "wins": t.number(r["wins"]),
            "win_rate": _percent(t, r["win_rate"]),
            "ci95": f"{_percent(t, r['low'])} – {_percent(t, r['high'])}",
        }
        for r in rows
    ]
    captions = ("win", "length", "worth", "roi", "board")
    plots = [
        {"file": name, "title": labels[f"{key}_title"], "caption": labels[f"{key}_caption"]}
        for name, key in zip(PLOTS, captions, strict=True)
    ]
    html = environment().get_template("report.html").render(
        lang=lang,
        labels=labels,
        facts=facts,
        others=_other_parameters(summary),
        table=table,
        plots=plots,
    )
    index = out_dir / "index.html"
    index.write_text(html, encoding="utf-8")
    return index
