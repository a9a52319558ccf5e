"""What the strategy lab's reports share: the numbers, the formatting and the plots that
the board game's report (:mod:`monopoly.lab.board.report`) and the Deal's
(:mod:`monopoly.lab.deal.report`) both draw, and the page's texts they both say.

Each report is an HTML page (the ``report.html`` template) with PNG plots beside it
(matplotlib, the Agg renderer; no display is needed). The plots drawn here:

- :func:`_plot_win_rates`: each bot's win rate with its 95 % confidence interval, and the
  fair share (the bot's seats / players) as a line;
- :func:`_plot_game_length`: a histogram of game length in turns, games with a winner and
  draws stacked;
- :func:`_plot_net_worth`: every seat's value over the turns of one sample game.

Each takes the report's labels: :data:`LABELS` (translated) and the report's own texts
for the keys it draws and names (``no_stats``, ``length_draws``, ``worth_title``,
``worth_axis``). The numbers behind the win-rate plot are computed by small pure
functions (:func:`win_rate_rows`, :func:`fair_shares`) so that tests can check them.

Example::

    >>> summary = {"bots": {"a": {"games": 4, "wins": 3, "ci95": [0.3, 0.95]}}}
    >>> rows = win_rate_rows(summary)
    >>> rows[0]["win_rate"], rows[0]["low"]
    (0.75, 0.3)
    >>> fair_shares(rows, summary, [{"seats": ["a", "b"]}], 2)
    {'a': 0.5}
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from babel.numbers import format_decimal

from monopoly.i18n import Translator
from monopoly.i18n import gettext_noop as N_

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["LABELS", "fair_shares", "win_rate_rows"]

_DPI: Final = 110

# The texts of the page and the plots that every report says alike, translated when a
# report is written.
LABELS: Final[Mapping[str, str]] = {
    # the page
    "parameters": N_("The run"),
    "games": N_("Games"),
    "players": N_("Players per game"),
    "turns_mean": N_("Mean game length (turns)"),
    "turns_median": N_("Median game length (turns)"),
    "speed": N_("Games per second"),
    "other": N_("Other parameters"),
    "results": N_("Results by bot"),
    "bot": N_("Bot"),
    "wins": N_("Wins"),
    "win_rate": N_("Win rate"),
    "ci95": N_("confidence interval (95 %)"),
    "plots": N_("Plots"),
    # win rates
    "win_title": N_("Win rate by bot"),
    "win_axis": N_("win rate (%)"),
    "win_error": N_("confidence interval (95 %)"),
    "fair_share": N_("fair share: 1 of {players} players"),
    "fair_share_seats": N_("fair share: the bot's seats / {players} players"),
    # game length
    "length_title": N_("Game length"),
    "length_axis": N_("turns played"),
    "length_count": N_("games"),
    "length_won": N_("won ({count})"),
    "length_median": N_("median: {turns}"),
    # a sample game
    "worth_turn": N_("turn"),
    "worth_seat": N_("seat {seat}: {bot}"),
    "worth_seat_named": N_("seat {seat}: {name} ({bot})"),
    "no_sample": N_("No sample game was recorded."),
}


# --- the numbers behind the plots


def win_rate_rows(summary: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One row per bot of ``summary["bots"]``, in its order: name, games, wins, win rate
    and the 95 % interval (``low``, ``high``; the rate itself when the summary has none)."""
    rows: list[dict[str, Any]] = []
    for name, b in dict(summary.get("bots") or {}).items():
        games = int(b.get("games", 0))
        wins = int(b.get("wins", 0))
        rate = float(b.get("win_rate", wins / games if games else 0.0))
        ci = b.get("ci95") or [rate, rate]
        rows.append(
            {
                "bot": str(name),
                "games": games,
                "wins": wins,
                "win_rate": rate,
                "low": float(ci[0]),
                "high": float(ci[1]),
            }
        )
    return rows


def fair_shares(
    rows: Sequence[Mapping[str, Any]],
    summary: Mapping[str, Any],
    results: Sequence[Mapping[str, Any]],
    players: int | None,
) -> dict[str, float]:
    """The win rate each bot would have by chance: the share of the seats it held in its
    games (``1 / players`` for a bot in one seat; more for one in several seats of a
    game). From the summary's ``seats`` count, else counted from the results."""
    out: dict[str, float] = {}
    if not players:
        return out
    bots = dict(summary.get("bots") or {})
    for row in rows:
        name = row["bot"]
        seats = bots.get(name, {}).get("seats")
        games = row["games"]
        if not isinstance(seats, int):
            held = [list(r.get("seats") or []).count(name) for r in results]
            seats, games = sum(held), sum(1 for h in held if h) or games
        out[name] = seats / (games * players) if games and seats else 1 / players
    return out


# --- formatting


def _decimal(t: Translator, value: float, digits: int = 1) -> str:
    pattern = "#,##0." + "0" * digits if digits else "#,##0"
    return str(format_decimal(value, format=pattern, locale=t.locale))


def _percent(t: Translator, share: float, digits: int = 1) -> str:
    return _decimal(t, share * 100, digits) + "\u00a0%"


def _mpl(text: str) -> str:
    """A text for matplotlib, shown as it is (a ``$`` would start mathematics)."""
    return text.replace("$", r"\$")


# --- the plots


def _figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=_DPI, layout="constrained")


def _placeholder(ax: Axes, text: str) -> None:
    ax.text(0.5, 0.5, _mpl(text), ha="center", va="center", transform=ax.transAxes,
            fontsize=12, color="#555555")
    ax.set_xticks([])
    ax.set_yticks([])


def _plot_win_rates(labels: Mapping[str, str], rows: list[dict[str, Any]],
                    players: int | None, fair: Mapping[str, float]) -> Figure:
    fig = _figure(8, 4.8)
    ax = fig.add_subplot()
    ax.set_title(_mpl(labels["win_title"]))
    if not rows:
        _placeholder(ax, labels["no_stats"])
        return fig
    x = list(range(len(rows)))
    rates = [r["win_rate"] * 100 for r in rows]
    below = [max(0.0, (r["win_rate"] - r["low"]) * 100) for r in rows]
    above = [max(0.0, (r["high"] - r["win_rate"]) * 100) for r in rows]
    ax.bar(x, rates, color="#2f7d4f", alpha=0.85, width=0.6)
    ax.errorbar(x, rates, yerr=[below, above], fmt="none", ecolor="#1b1b1b", capsize=6,
                linewidth=1.5, label=_mpl(labels["win_error"]))
    shares = [fair.get(r["bot"], 1 / players) * 100 if players else math.nan for r in rows]
    if players and all(math.isclose(v, 100 / players) for v in shares):
        ax.axhline(100 / players, color="#b22222", linestyle="--", linewidth=1.2,
                   label=_mpl(labels["fair_share"].format(players=players)))
    elif players:
        # a bot holding several seats of a game wins more often by chance alone
        ax.hlines(shares, [xi - 0.4 for xi in x], [xi + 0.4 for xi in x], color="#b22222",
                  linestyle="--", linewidth=1.2,
                  label=_mpl(labels["fair_share_seats"].format(players=players)))
    for xi, r in zip(x, rows, strict=True):
        ax.annotate(f"{r['win_rate'] * 100:.1f}", (xi, r["high"] * 100),
                    textcoords="offset points", xytext=(0, 4), ha="center", fontsize=9)
    ax.set_xticks(x, [_mpl(r["bot"]) for r in rows], rotation=20 if len(rows) > 4 else 0)
    ax.set_xlabel(_mpl(labels["bot"]))
    ax.set_ylabel(_mpl(labels["win_axis"]))
    top = max([r["high"] * 100 for r in rows] + [v for v in shares if not math.isnan(v)])
    ax.set_ylim(0, min(112.0, top * 1.15 + 5))  # room for the values above the whiskers
    ax.set_yticks([v for v in ax.get_yticks() if 0 <= v <= 100])
    ax.grid(axis="y", alpha=0.3)
    ax.legend(loc="upper right", fontsize=9)
    return fig


def _plot_game_length(labels: Mapping[str, str], t: Translator,
                      results: Sequence[Mapping[str, Any]]) -> Figure:
    import numpy as np

    fig = _figure(8, 4.5)
    ax = fig.add_subplot()
    ax.set_title(_mpl(labels["length_title"]))
    won = [int(r["turns"]) for r in results if r.get("winner") is not None and "turns" in r]
    draws = [int(r["turns"]) for r in results if r.get("winner") is None and "turns" in r]
    every = won + draws
    if not every:
        _placeholder(ax, labels["no_stats"])
        return fig
    edges = np.histogram_bin_edges(np.array(every, dtype=float), bins="auto")
    if len(edges) > 41:
        edges = np.histogram_bin_edges(np.array(every, dtype=float), bins=40)
    ax.hist(
        [won, draws],
        bins=[float(e) for e in edges],
        stacked=True,
        color=["#2f7d4f", "#d08c1a"],
        edgecolor="white",
        label=[
            _mpl(labels["length_won"].format(count=t.number(len(won)))),
            _mpl(labels["length_draws"].format(count=t.number(len(draws)))),
        ],
    )
    median = float(np.median(np.array(every, dtype=float)))
    ax.axvline(median, color="#1b1b1b", linestyle=":", linewidth=1.2,
               label=_mpl(labels["length_median"].format(turns=_decimal(t, median, 0))))
    ax.set_xlabel(_mpl(labels["length_axis"]))
    ax.set_ylabel(_mpl(labels["length_count"]))
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=9)
    return fig


def _plot_net_worth(labels: Mapping[str, str], sample: Mapping[str, Any] | None,
                    currency: str) -> Figure:
    fig = _figure(8, 4.8)
    ax = fig.add_subplot()
    ax.set_title(_mpl(labels["worth_title"]))
    history = list((sample or {}).get("worth_history") or [])
    if not history:
        _placeholder(ax, labels["no_sample"])
        return fig
    assert sample is not None
    seats = int(max(len(row) for row in history))
    bots = list(sample.get("seats") or [])
    names = list(sample.get("names") or [])
    for s in range(seats):
        ys = [row[s] if s < len(row) else math.nan for row in history]
        bot = str(bots[s]) if s < len(bots) else "?"
        if s < len(names) and str(names[s]) != bot:
            label = labels["worth_seat_named"].format(seat=s + 1, name=names[s], bot=bot)
        else:
            label = labels["worth_seat"].format(seat=s + 1, bot=bot)
        ax.plot(range(len(history)), ys, linewidth=1.6, label=_mpl(label))
    ax.set_xlabel(_mpl(labels["worth_turn"]))
    ax.set_ylabel(_mpl(labels["worth_axis"].format(currency=currency)))
    ax.set_xlim(0, max(1, len(history) - 1))
    ax.set_ylim(bottom=min([0.0, *(float(v) for row in history for v in row)]))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=9)
    return fig
