"""``monopoly deal simulate`` and ``monopoly deal bench``: the Deal strategy lab and
benchmark, registered on the ``deal`` sub-app of :mod:`monopoly.cli.deal`.

Commands::

    monopoly deal simulate --games N --bots B1,B2,... [--players P] [--seed S]
        [--workers W] [--backend process|ray] [--address A] [--max-turns T]
        [--preset NAME] [--set NAME=VALUE ...] [--report DIR] [--json]
    monopoly deal bench [--games N] [--strong-games N] [--json]

The options and the JSON mirror the board game's ``monopoly simulate`` and ``monopoly
bench``. Bad input is one line on stderr and exit code 2.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from monopoly.bots.deal import DEAL_BOT_NAMES
from monopoly.cli.deal import _print_json, deal_app
from monopoly.cli.kit import JsonOpt, check_count, run_lab, show_progress
from monopoly.cli.kit import fail as _fail
from monopoly.cli.kit import set_options as _options
from monopoly.deal.errors import DealError
from monopoly.deal.options import MAX_PLAYERS, MIN_PLAYERS, PRESETS, DealRules, deal_preset
from monopoly.i18n import LANGUAGES

__all__ = ["bench_cmd", "simulate_cmd"]


def _bot_list(value: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in value.split(",") if name.strip())
    if not names:
        _fail("--bots needs at least one bot name")
    for name in names:
        if name not in DEAL_BOT_NAMES:
            _fail(f"--bots: unknown Deal bot {name!r}; known bots: {', '.join(DEAL_BOT_NAMES)}")
    return names


def _rules(preset: str, settings: list[str] | None, max_turns: int) -> DealRules:
    if preset not in PRESETS:
        _fail(f"--preset must be one of {', '.join(PRESETS)}, not {preset!r}")
    try:
        rules = deal_preset(preset, **_options(settings))
        rules.with_options(turn_cap=max_turns)
    except DealError as exc:
        _fail(f"--set: {exc}" if settings else str(exc))
    return rules


@deal_app.command("simulate")
def simulate_cmd(
    games: Annotated[int, typer.Option(help="Number of games.")],
    bots: Annotated[
        str,
        typer.Option(help="Deal bots (random, greedy, strong), comma-separated: game i "
                     "seats this list rotated by i, cycled when there are fewer bots than "
                     "players."),
    ],
    players: Annotated[int, typer.Option(help="Seats per game, 2-5.")] = 2,
    seed: Annotated[int, typer.Option(help="Seed of the run: game i's seed comes from it "
                                      "and i.")] = 0,
    workers: Annotated[int, typer.Option(help="Worker processes (1: in this process) or Ray "
                                         "CPUs; the results do not depend on it.")] = 1,
    backend: Annotated[str, typer.Option(help="Where the games run: process or ray.")] = (
        "process"),
    address: Annotated[str | None, typer.Option(help="The Ray cluster to join (--backend "
                                                "ray; default: a local Ray instance).")] = None,
    max_turns: Annotated[int, typer.Option(help="Stop a game after this many turns: a draw "
                                           "(the rule set's turn_cap).")] = 400,
    preset: Annotated[str, typer.Option(help="Rule preset: official, quick or "
                                        "simulation.")] = "simulation",
    settings: Annotated[
        list[str] | None,
        typer.Option("--set", help="A rule option on top of the preset: NAME=VALUE; "
                     "repeatable."),
    ] = None,
    report: Annotated[
        Path | None, typer.Option(help="Write an HTML report with plots to this directory.")
    ] = None,
    lang: Annotated[str, typer.Option(help="The report's language: en, cs or ru.")] = "en",
    as_json: JsonOpt = False,
) -> None:
    """The Deal strategy lab: many games between Deal bots, win rates with 95 % intervals."""
    from monopoly.lab.deal.simulate import DealLabSetup, run_deal_games
    from monopoly.lab.runner import BACKENDS, take_sample
    from monopoly.lab.stats import summarize

    check_count("--games", games)
    if lang not in LANGUAGES:
        _fail(f"--lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        _fail(f"--players must be between {MIN_PLAYERS} and {MAX_PLAYERS}, got {players}")
    names = _bot_list(bots)
    check_count("--workers", workers, low=1)
    check_count("--max-turns", max_turns, low=1)
    if backend not in BACKENDS:
        _fail(f"--backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if address and backend != "ray":
        _fail("--address needs --backend ray")
    rules = _rules(preset, settings, max_turns)
    setup = DealLabSetup(bots=names, players=players, seed=seed, rules=rules,
                         max_turns=max_turns, report=report is not None)
    start = time.perf_counter()
    results: list[dict[str, Any]] = run_lab(
        lambda progress: run_deal_games(setup, games, workers=workers, backend=backend,
                                        address=address, progress=progress),
        games, show_progress(as_json))
    seconds = time.perf_counter() - start
    summary: dict[str, Any] = {
        **summarize(results, names, seconds),
        "players": players,
        "bot_list": list(names),
        "seed": seed,
        "preset": preset,
        "max_turns": max_turns,
        "rules": setup.capped_rules().to_dict(),
        "workers": workers,
        "backend": backend,
    }
    sample = take_sample(results)
    page = None
    if report is not None:
        from monopoly.lab.deal.report import write_deal_report

        try:
            page = write_deal_report(report, summary, results, sample, lang)
        except OSError as exc:
            _fail(f"cannot write the report {str(report)!r}: {exc.strerror or exc}")
    if as_json:
        if page is not None:
            summary["report"] = str(page)
        _print_json(summary)
        return
    console = Console(highlight=False, soft_wrap=True)
    table = Table(title=f"Deal strategy lab: {games} games, {players} players")
    for column, justify in (("Bot", "left"), ("Games", "right"), ("Wins", "right"),
                            ("Win rate", "right"), ("95 % interval", "right")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for name, rec in summary["bots"].items():
        low, high = rec["ci95"]
        table.add_row(name, str(rec["games"]), str(rec["wins"]),
                      f"{100 * rec['win_rate']:.1f} %", f"{100 * low:.1f} - {100 * high:.1f} %")
    console.print(table)
    console.print(f"Draws (turn cap): {summary['draws']}", markup=False)
    turns = summary["turns"]
    if turns["mean"] is not None:
        console.print(f"Turns per game: mean {turns['mean']:.1f}, median "
                      f"{turns['median']:.1f}", markup=False)
    console.print(f"{summary['games_per_second']:.1f} games per second", markup=False)
    if page is not None:
        console.print(f"Report written to {page}.", markup=False)


@deal_app.command("bench")
def bench_cmd(
    games: Annotated[
        int | None, typer.Option(help="Greedy games per player count (default: 1000).")
    ] = None,
    strong_games: Annotated[
        int | None, typer.Option(help="Two-player games of the strong bot against greedy, "
                                 "to time its decisions (default: 20; 0: none).")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Time whole greedy Deal games (2 and 4 players; one process, events off) and the
    strong bot's decisions."""
    from monopoly.lab.deal.bench import DEFAULT_GAMES, STRONG_GAMES, deal_bench

    if games is not None:
        check_count("--games", games)
    if strong_games is not None:
        check_count("--strong-games", strong_games)
    result = deal_bench(DEFAULT_GAMES if games is None else games,
                        STRONG_GAMES if strong_games is None else strong_games)
    if as_json:
        _print_json(result)
        return
    table = Table(title="Deal benchmark")
    table.add_column("Measure")
    table.add_column("Value", justify="right")
    for group in ("2", "4", "strong"):
        for key, value in result.get(group, {}).items():
            shown = f"{value:,.1f}" if isinstance(value, float) else str(value)
            table.add_row(f"{group}.{key}", shown)
    table.add_row("compiled", str(result["compiled"]))
    Console().print(table)
