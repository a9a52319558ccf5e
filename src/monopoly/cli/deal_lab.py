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

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from monopoly.bots.deal import DEAL_BOT_NAMES
from monopoly.cli.deal import check_players, deal_app, print_deal_json
from monopoly.cli.kit import (
    JsonOpt,
    check_choice,
    check_count,
    fail,
    print_lab_summary,
    run_simulation,
    seat_external,
    set_options,
    translation_error,
)
from monopoly.deal.errors import DealError
from monopoly.deal.options import PRESETS, DealRules, deal_preset
from monopoly.i18n import LANGUAGES, pgettext
from monopoly.i18n import gettext as _

__all__ = ["bench_cmd", "simulate_cmd"]


def _bot_list(value: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in value.split(",") if name.strip())
    if not names:
        fail(_("{option} needs at least one bot name").format(option="--bots"))
    from monopoly.bots.deal import make_deal_bot
    from monopoly.bots.external import is_external

    for name in names:
        if is_external(name):
            seat_external(name, make_deal_bot)
        elif name not in DEAL_BOT_NAMES:
            fail(_("{option}: unknown Deal bot {name}; known bots: {known}").format(
                option="--bots", name=repr(name), known=", ".join(DEAL_BOT_NAMES)))
    return names


def _rules(preset: str, settings: list[str] | None, max_turns: int) -> DealRules:
    check_choice("--preset", preset, PRESETS)
    try:
        rules = deal_preset(preset, **set_options(settings))
        rules.with_options(turn_cap=max_turns)
    except DealError as exc:
        if settings:
            fail(_("{option}: {error}").format(option="--set", error=translation_error(exc)))
        fail(translation_error(exc))
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

    check_count("--games", games)
    check_choice("--lang", lang, LANGUAGES)
    check_players(players)
    names = _bot_list(bots)
    check_count("--workers", workers, low=1)
    check_count("--max-turns", max_turns, low=1)
    check_choice("--backend", backend, BACKENDS)
    if address and backend != "ray":
        fail(_("--address needs --backend ray"))
    rules = _rules(preset, settings, max_turns)
    setup = DealLabSetup(bots=names, players=players, seed=seed, rules=rules,
                         max_turns=max_turns, report=report is not None)
    results, summary = run_simulation(
        lambda progress: run_deal_games(setup, games, workers=workers, backend=backend,
                                        address=address, progress=progress),
        games, as_json, names, {
            "players": players,
            "bot_list": list(names),
            "seed": seed,
            "preset": preset,
            "max_turns": max_turns,
            "rules": setup.capped_rules().to_dict(),
            "workers": workers,
            "backend": backend,
        })
    sample = take_sample(results)
    page = None
    if report is not None:
        from monopoly.lab.deal.report import write_deal_report

        try:
            page = write_deal_report(report, summary, results, sample, lang)
        except OSError as exc:
            fail(_("cannot write the report {path}: {error}").format(
                path=repr(str(report)), error=exc.strerror or exc))
    if as_json:
        if page is not None:
            summary["report"] = str(page)
        print_deal_json(summary)
        return
    print_lab_summary(
        summary,
        _("Deal strategy lab: {games} games, {players} players").format(
            games=games, players=players),
        _("Draws (turn cap): {n}"),
        page,
    )


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
        print_deal_json(result)
        return
    table = Table(title=_("Deal benchmark"))
    table.add_column(_("Measure"))
    table.add_column(_("Value"), justify="right")
    for group in ("2", "4", "strong"):
        for key, value in result.get(group, {}).items():
            shown = f"{value:,.1f}" if isinstance(value, float) else str(value)
            table.add_row(f"{group}.{key}", shown)
    table.add_row(pgettext("benchmark", "compiled"), str(result["compiled"]))
    Console().print(table)
