"""The Deal lab's report: an HTML page with PNG plots of a ``monopoly deal simulate`` run.

:func:`write_deal_report` writes ``DIR/index.html`` and four plots beside it (matplotlib,
Agg; the page is the board lab's template, :mod:`monopoly.lab.report` draws the first three
plots):

1. ``win_rates.png``: each bot's win rate with its 95 % confidence interval, and the fair
   share (the bot's seats / players) as a line;
2. ``game_length.png``: game length in turns, games won and draws (turn cap) stacked;
3. ``table_value.png``: the value on every seat's table (bank and properties with their
   buildings, docs/deal-rules.md § End's results table) at the start of every turn of one game;
4. ``full_sets.png``: how many full sets each bot held when its games ended (the win
   needs three, docs/deal-rules.md § End), as the share of its seats with 0, 1, 2 and 3+ sets.

The page's labels are in English (the Deal lab's texts are not in the catalogs yet).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from monopoly.i18n import gettext_noop as N_
from monopoly.i18n import translation
from monopoly.lab.report import LABELS as BOARD_LABELS
from monopoly.lab.report import (
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
from monopoly.templates import environment

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["DEAL_PLOTS", "full_set_shares", "write_deal_report"]

DEAL_PLOTS: Final = ("win_rates.png", "game_length.png", "table_value.png", "full_sets.png")
_DPI: Final = 110

# the board report's page and plot texts where they say the same (one msgid each), then
# the Deal's own
_LABELS: Final[Mapping[str, str]] = {
    **{key: BOARD_LABELS[key] for key in (
        "parameters", "games", "players", "turns_mean", "turns_median", "speed", "other",
        "results", "bot", "wins", "win_rate", "ci95", "plots", "win_title", "win_axis",
        "win_error", "fair_share", "fair_share_seats", "length_title", "length_axis",
        "length_count", "length_won", "length_median", "worth_turn", "worth_seat",
        "worth_seat_named", "no_sample",
    )},
    "title": N_("Monopoly Deal strategy lab report"),
    "draws": N_("Draws (turn cap, no winner)"),
    "win_caption": N_(
        "Each bar is a bot's share of the games it won; the whiskers are its 95 % "
        "confidence interval (Wilson): a bar whose whiskers stay clear of the dashed "
        "fair-share line is truly better or worse than chance."
    ),
    "length_draws": N_("draws, turn cap ({count})"),
    "length_caption": N_(
        "How many turns the games lasted (a turn is one player's); games with a winner "
        "and draws stopped by the turn cap are stacked."
    ),
    "worth_title": N_("Value on the table over a sample game"),
    "worth_axis": N_("bank and properties ({currency})"),
    "worth_caption": N_(
        "Game 0 of the run, turn by turn: each line is a seat's bank plus the value of "
        "its properties and buildings (the results table of docs/deal-rules.md § End). Rent, "
        "Debt Collectors and Deal Breakers move value from one line to another."
    ),
    "no_stats": N_("No games were played."),
    "sets_title": N_("Full sets at the end of the game"),
    "sets_axis": N_("share of the bot's seats (%)"),
    "sets_caption": N_(
        "For each bot, the share of its seats that ended the game with 0, 1, 2 or 3 and "
        "more full sets of different colours (three win, docs/deal-rules.md § End)."
    ),
    "sets_legend": N_("{n} full sets"),
}

_SET_COLOURS: Final = ("#d9d9d9", "#9ecae1", "#4292c6", "#1f5c3a")


def full_set_shares(results: Sequence[Mapping[str, Any]],
                    bots: Sequence[str]) -> dict[str, list[float]]:
    """Per bot: the share of its seats that ended with 0, 1, 2 and 3+ full sets."""
    counts: dict[str, list[int]] = {name: [0, 0, 0, 0] for name in dict.fromkeys(bots)}
    for r in results:
        for name, sets in zip(r.get("seats") or [], r.get("full_sets") or [], strict=False):
            if name in counts:
                counts[name][min(3, int(sets))] += 1
    out: dict[str, list[float]] = {}
    for name, row in counts.items():
        total = sum(row)
        out[name] = [c / total if total else 0.0 for c in row]
    return out


def _plot_full_sets(labels: Mapping[str, str], shares: Mapping[str, list[float]]) -> Figure:
    fig = _figure(8, 4.5)
    ax = fig.add_subplot()
    ax.set_title(_mpl(labels["sets_title"]))
    names = [n for n, row in shares.items() if sum(row) > 0]
    if not names:
        _placeholder(ax, labels["no_stats"])
        return fig
    x = list(range(len(names)))
    bottom = [0.0] * len(names)
    for k, tag in enumerate(("0", "1", "2", "3+")):
        heights = [shares[n][k] * 100 for n in names]
        ax.bar(x, heights, bottom=bottom, width=0.6, color=_SET_COLOURS[k],
               edgecolor="white", label=_mpl(labels["sets_legend"].format(n=tag)))
        bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    ax.set_xticks(x, [_mpl(n) for n in names])
    ax.set_xlabel(_mpl(labels["bot"]))
    ax.set_ylabel(_mpl(labels["sets_axis"]))
    ax.set_ylim(0, 100)
    ax.legend(fontsize=9, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return fig


_KNOWN: Final = frozenset({"games", "bots", "draws", "turns", "games_per_second", "players"})


def write_deal_report(out_dir: Path, summary: dict[str, Any], results: list[dict[str, Any]],
                      sample: dict[str, Any] | None, lang: str = "en") -> Path:
    """Write ``out_dir/index.html`` and the plots of :data:`DEAL_PLOTS` beside it (the
    directory is created) and return the page's path. ``summary`` is ``monopoly deal
    simulate``'s JSON, ``results`` one dict per game (``seats``, ``winner``, ``turns``,
    ``full_sets``), ``sample`` one game's ``seats``, ``names`` and ``worth_history``."""
    t = translation(lang)
    labels = {key: t.gettext(text) for key, text in _LABELS.items()}
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    rows = win_rate_rows(summary)
    players = int(summary.get("players") or 0) or None
    bots = list(summary.get("bots") or {})
    figures = {
        "win_rates.png": _plot_win_rates(labels, rows, players,
                                         fair_shares(rows, summary, results, players)),
        "game_length.png": _plot_game_length(labels, t, results),
        "table_value.png": _plot_net_worth(labels, sample, "M"),
        "full_sets.png": _plot_full_sets(labels, full_set_shares(results, bots)),
    }
    for name, fig in figures.items():
        fig.savefig(out_dir / name, format="png", dpi=_DPI)
    turns = dict(summary.get("turns") or {})
    facts: list[tuple[str, str]] = [(labels["games"], str(summary.get("games", len(results))))]
    if players:
        facts.append((labels["players"], str(players)))
    facts.append((labels["draws"], str(summary.get("draws", 0))))
    if turns.get("mean") is not None:
        facts.append((labels["turns_mean"], f"{float(turns['mean']):.1f}"))
    if turns.get("median") is not None:
        facts.append((labels["turns_median"], f"{float(turns['median']):.1f}"))
    if summary.get("games_per_second") is not None:
        facts.append((labels["speed"], f"{float(summary['games_per_second']):.1f}"))
    others = [(str(k), "" if v is None else str(v)) for k, v in summary.items()
              if k not in _KNOWN and not isinstance(v, (dict, list, tuple))]
    table = [
        {
            "bot": r["bot"],
            "games": str(r["games"]),
            "wins": str(r["wins"]),
            "win_rate": _percent(t, r["win_rate"]),
            "ci95": f"{_percent(t, r['low'])} – {_percent(t, r['high'])}",
        }
        for r in rows
    ]
    plots = [
        {"file": name, "title": labels[f"{key}_title"], "caption": labels[f"{key}_caption"]}
        for name, key in zip(DEAL_PLOTS, ("win", "length", "worth", "sets"), strict=True)
    ]
    html = environment().get_template("report.html").render(
        lang=lang, labels=labels, facts=facts, others=others, table=table, plots=plots)
    index = out_dir / "index.html"
    index.write_text(html, encoding="utf-8")
    return index
