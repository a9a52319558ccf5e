"""The board game's lab commands: landing frequencies, the Markov chain, the engine
benchmark, the strategy lab and the ladder (registered on the app by
:mod:`monopoly.cli.app`).

Commands::

    monopoly landing --throws N --jail long|short [--seed S] [--json]
    monopoly analyze markov --jail long|short [--json]
    monopoly bench [--games G] [--json]
    monopoly simulate --games N --bots B1,B2,... [--players P] [--preset P] [--edition E]
                      [--seed S] [--workers W] [--backend process|ray] [--address ADDR]
                      [--max-turns T] [--report DIR] [--lang L] [--json]
    monopoly ladder [--games N] [--bots B1,B2,...] [--seed S] [--workers W] [--json]
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from monopoly.board.edition import load_edition
from monopoly.board.errors import MonopolyError
from monopoly.board.game import Game
from monopoly.cli.kit import (
    EditionOpt,
    JsonOpt,
    LangOpt,
    PresetOpt,
    SetOpt,
    board_edition,
    board_rules,
    bot_list,
    check_choice,
    check_count,
    fail,
    print_json,
    print_lab_summary,
    rate,
    run_lab,
    run_simulation,
    show_progress,
    translation_error,
    use_language,
)
from monopoly.i18n import gettext as _
from monopoly.lab.runner import BACKENDS, SEAT_NAMES

if TYPE_CHECKING:
    from monopoly.lab.board.simulate import LabSetup

__all__ = ["bench", "ladder", "landing", "markov", "simulate"]

JAIL_MODES = ("long", "short")

BackendOpt = Annotated[
    str, typer.Option(help="Where the games run: process (a pool of --workers processes) "
                      "or ray (Ray tasks; install monopoly[ray]).")
]
AddressOpt = Annotated[
    str | None, typer.Option(help="The Ray cluster to join (--backend ray; default: start "
                             "a local Ray instance with --workers CPUs).")
]
MaxTurnsOpt = Annotated[
    int, typer.Option(help="Stop a game after this many turns: a draw (the rule set's "
                      "turn_limit).")
]
WorkersOpt = Annotated[
    int, typer.Option(help="Worker processes (1: in this process) or Ray CPUs; the results "
                      "do not depend on it.")
]


# --------------------------------------------------------------------------- the dice


def _probability_table(title: str, values: list[float], header: str) -> Table:
    squares = load_edition("standard").squares
    table = Table(title=title)
    table.add_column("#", justify="right")
    table.add_column(_("Square"))
    table.add_column(header, justify="right")
    for i, v in enumerate(values):
        name = squares[i].names["en"] if i < len(squares) else _("In jail")
        table.add_row(str(i), name, f"{100 * v:.3f} %")
    return table


def landing(
    throws: Annotated[int, typer.Option(help="Number of dice throws to play.")],
    jail: Annotated[str, typer.Option(help="Jail rule: long (try for doubles) or short.")],
    seed: Annotated[int, typer.Option(help="Seed of the game.")] = 0,
    as_json: JsonOpt = False,
) -> None:
    """Landing frequencies measured by throwing the dice through the real engine."""
    from monopoly.lab.board.landing import landing_frequencies

    check_count("--throws", throws)
    check_choice("--jail", jail, JAIL_MODES)
    freq = landing_frequencies(throws, jail, seed)
    if as_json:
        print_json({"throws": throws, "jail": jail, "seed": seed, "frequencies": freq})
        return
    title = _("Landing frequencies, {n} throws, {jail} jail").format(n=throws, jail=jail)
    Console().print(_probability_table(title, freq, _("Frequency")))


def markov(
    jail: Annotated[str, typer.Option(help="Jail rule: long (try for doubles) or short.")],
    jail_cards: Annotated[
        str,
        typer.Option(
            help="kept: a drawn Get Out of Jail Free card stays with its holder, who never "
            "uses it (docs/rules.md §5; the exact limit of 'monopoly landing'); returned: the "
            "textbook chain, every card 1/16 and the jail card straight back."
        ),
    ] = "kept",
    as_json: JsonOpt = False,
) -> None:
    """Exact long-run landing probabilities from the Markov chain of dice throws."""
    from monopoly.lab.board.landing import markov_without_jail_cards
    from monopoly.lab.board.markov import landing_probabilities

    check_choice("--jail", jail, JAIL_MODES)
    check_choice("--jail-cards", jail_cards, ("returned", "kept"))
    if jail_cards == "kept":
        probs = markov_without_jail_cards(jail)
    else:
        probs = landing_probabilities(load_edition("standard"), jail)
    if as_json:
        print_json({"jail": jail, "jail_cards": jail_cards, "probabilities": probs})
        return
    title = _("Markov landing probabilities, {jail} jail").format(jail=jail)
    Console().print(_probability_table(title, probs, _("Probability")))


# --------------------------------------------------------------------------- the engine


def bench(
    games: Annotated[
        int | None, typer.Option(help="Number of games (default: about 10-20 CPU seconds).")
    ] = None,
    strong_games: Annotated[
        int | None,
        typer.Option(help="Games of the strong bot against three greedy ones, to time its "
                     "decisions (default: 200)."),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Time whole greedy-bot games (one process, events off, capped turns), the strong
    bot's decisions against three greedy bots, and the post-game summary of a long game."""
    if games is not None:
        check_count("--games", games)
    if strong_games is not None:
        check_count("--strong-games", strong_games)
    from monopoly.lab.board.bench import BOT_GAMES, DEFAULT_GAMES, bot_speed, postgame_speed
    from monopoly.lab.board.bench import bench as run_bench

    n = DEFAULT_GAMES if games is None else games
    result = run_bench(n)
    result["strong"] = bot_speed("strong", BOT_GAMES if strong_games is None else strong_games)
    result["postgame"] = postgame_speed()
    if as_json:
        print_json(result)
        return
    table = Table(title=_("Engine benchmark"))
    table.add_column(_("Measure"))
    table.add_column(_("Value"), justify="right")
    rows = [(k, v) for k, v in result.items() if k not in ("strong", "postgame")]
    rows += [(f"{part}.{k}", v) for part in ("strong", "postgame")
             for k, v in result[part].items()]
    for key, value in rows:
        table.add_row(key, f"{value:,.1f}" if isinstance(value, float) else str(value))
    Console().print(table)


# --------------------------------------------------------------------------- the strategy lab


def _lab_setup(
    bots: tuple[str, ...],
    players: int,
    seed: int,
    preset_name: str,
    settings: list[str] | None,
    edition: str,
    max_turns: int,
    workers: int,
    backend: str,
    address: str | None,
    report: bool = False,
) -> LabSetup:
    """Check the options of a lab run (one line and exit 2 for bad input); its LabSetup."""
    from monopoly.lab.board.simulate import LabSetup

    check_count("--workers", workers, low=1)
    check_count("--max-turns", max_turns, low=1)
    check_choice("--backend", backend, BACKENDS)
    if address and backend != "ray":
        fail(_("--address needs --backend ray"))
    rules = board_rules(preset_name, settings)
    ed = board_edition(edition)
    try:
        capped = rules.with_options(turn_limit=max_turns)
    except MonopolyError as exc:
        fail(_("{option}: {error}").format(option="--max-turns", error=translation_error(exc)))
    try:  # a rule set that cannot seat this many players (dealt deeds) fails here, once
        Game(SEAT_NAMES[:players], 0, capped, ed, events=False)
    except (MonopolyError, ValueError) as exc:
        fail(translation_error(exc))
    return LabSetup(
        bots=bots, players=players, seed=seed, rules=rules, edition=edition,
        max_turns=max_turns, report=report,
    )


def simulate(
    games: Annotated[int, typer.Option(help="Number of games.")],
    bots: Annotated[
        str,
        typer.Option(help="Bots, comma-separated: game i seats this list rotated by i, "
                     "cycled when there are fewer bots than players."),
    ],
    players: Annotated[int, typer.Option(help="Seats per game, 2-8.")] = 4,
    preset_name: PresetOpt = "classic",
    settings: SetOpt = None,
    edition: EditionOpt = "standard",
    seed: Annotated[int, typer.Option(help="Seed of the run: game i's seed comes from it "
                                      "and i.")] = 0,
    workers: WorkersOpt = 1,
    backend: BackendOpt = "process",
    address: AddressOpt = None,
    max_turns: MaxTurnsOpt = 1000,
    report: Annotated[
        Path | None, typer.Option(help="Write an HTML report with plots to this directory.")
    ] = None,
    lang: LangOpt = "en",
    as_json: JsonOpt = False,
) -> None:
    """The strategy lab: many games between bots, win rates with 95 % intervals."""

    use_language(lang)
    check_count("--games", games)
    if not 2 <= players <= len(SEAT_NAMES):
        fail(_("--players must be between 2 and {n}, got {players}").format(
            n=len(SEAT_NAMES), players=players))
    names = bot_list(bots)
    setup = _lab_setup(names, players, seed, preset_name, settings, edition, max_turns,
                       workers, backend, address, report=report is not None)
    if report is not None:
        import importlib.util

        for module in ("monopoly.lab.board.report", "monopoly.lab.board.gamestats"):
            if importlib.util.find_spec(module) is None:
                fail(_("--report: {module} is not available in this version").format(
                    module=module))
    from monopoly.lab.board.simulate import run_games
    from monopoly.lab.runner import take_sample

    results, summary = run_simulation(
        lambda progress: run_games(setup, games, workers=workers, backend=backend,
                                   address=address, progress=progress),
        games, as_json, names, {
            "players": players,
            "bot_list": list(names),
            "seed": seed,
            "preset": preset_name,
            "edition": edition,
            "max_turns": max_turns,
            "rules": setup.capped_rules().to_dict(),
            "workers": workers,
            "backend": backend,
        })
    sample = take_sample(results)
    page = None
    if report is not None:
        from monopoly.lab.board.report import write_report

        try:
            page = write_report(report, summary, results, sample, edition, lang)
        except OSError as exc:
            fail(_("cannot write the report {path}: {error}").format(
                path=repr(str(report)), error=exc.strerror or exc))
    if as_json:
        if page is not None:
            summary["report"] = str(page)
        print_json(summary)
        return
    print_lab_summary(
        summary,
        _("Strategy lab: {games} games, {players} players").format(games=games, players=players),
        _("Draws (no winner): {n}"),
        page,
    )


def ladder(
    games: Annotated[int, typer.Option(help="Games per table (every 4-bot combination "
                                       "of the bots is a table).")] = 40,
    bots: Annotated[
        str | None,
        typer.Option(help="Bots, comma-separated (default: every bot)."),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the ladder.")] = 0,
    workers: WorkersOpt = 1,
    backend: BackendOpt = "process",
    address: AddressOpt = None,
    preset_name: PresetOpt = "classic",
    edition: EditionOpt = "standard",
    max_turns: MaxTurnsOpt = 1000,
    lang: LangOpt = "en",
    as_json: JsonOpt = False,
) -> None:
    """Every bot against every other at 4-player tables; ratings (openskill) with their
    uncertainty, best first."""
    from monopoly.bots.board.base import BOT_NAMES

    use_language(lang)
    check_count("--games", games)
    names = bot_list(bots if bots is not None else ",".join(BOT_NAMES))
    if len(set(names)) < 2:
        fail(_("--bots: a ladder needs at least two different bots"))
    from monopoly.lab.ladder import TABLE_SIZE, ladder_tables, run_ladder

    setup = _lab_setup(names, min(TABLE_SIZE, len(set(names))), seed, preset_name, None,
                       edition, max_turns, workers, backend, address)
    total = games * len(ladder_tables(names))
    result: dict[str, Any] = run_lab(
        lambda progress: run_ladder(setup, games, workers=workers, backend=backend,
                                    address=address, progress=progress),
        total, show_progress(as_json))
    result.update(seed=seed, preset=preset_name, edition=edition, max_turns=max_turns,
                  workers=workers, backend=backend)
    if as_json:
        print_json(result)
        return
    table = Table(title=_("Ladder: {games} games at {tables} tables").format(
        games=result["games"], tables=len(result["tables"])))
    table.add_column("#", justify="right")
    table.add_column(_("Bot"))
    table.add_column(_("Rating"), justify="right")
    table.add_column("mu", justify="right")
    table.add_column("sigma", justify="right")
    table.add_column(_("Games"), justify="right")
    table.add_column(_("Win rate"), justify="right")
    for place, row in enumerate(result["ratings"], start=1):
        table.add_row(str(place), row["bot"], f"{row['ordinal']:.2f}", f"{row['mu']:.2f}",
                      f"{row['sigma']:.2f}", str(row["games"]), rate(row["win_rate"]))
    console = Console(highlight=False, soft_wrap=True)
    console.print(table)
    console.print(_("Rating: mu - 3 sigma (openskill, Plackett-Luce); draws (no winner): "
                    "{n}").format(n=result["draws"]), markup=False)
