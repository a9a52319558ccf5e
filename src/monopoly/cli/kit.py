"""What the ``monopoly`` commands share (the board game's in :mod:`monopoly.cli.board`,
:mod:`monopoly.cli.lab` and :mod:`monopoly.cli.serve`, the Deal's in
:mod:`monopoly.cli.deal` and :mod:`monopoly.cli.deal_lab`): the ``--json`` option, bad
input as one line on stderr and exit code 2, ``--set NAME=VALUE`` options, JSON output,
the options several board commands take (``--lang``, ``--preset``, ``--edition``,
``--bots``) and their checks, and the lab's progress bar."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from monopoly.board.edition import Edition, load_edition
from monopoly.board.errors import MonopolyError
from monopoly.board.options import PRESETS, RuleSet, preset
from monopoly.i18n import LANGUAGES, current_language, set_language, translation
from monopoly.i18n import gettext as _

__all__ = [
    "EditionOpt",
    "JsonOpt",
    "LangOpt",
    "PresetOpt",
    "SetOpt",
    "SheetJsonOpt",
    "SheetOpt",
    "board_edition",
    "board_rules",
    "bot_list",
    "check_choice",
    "check_count",
    "fail",
    "print_json",
    "print_lab_summary",
    "rate",
    "run_lab",
    "run_simulation",
    "seat_external",
    "set_options",
    "show_progress",
    "translation_error",
    "use_language",
]

JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead.")]
LangOpt = Annotated[str, typer.Option(help="Language: en, cs or ru.")]
PresetOpt = Annotated[
    str,
    typer.Option("--preset", help="Rule preset: " + ", ".join(PRESETS) + " (docs/rules.md §12)."),
]
EditionOpt = Annotated[str, typer.Option(help="Edition: standard, uk or disney.")]
SetOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help="Set one option on top of the preset: NAME=VALUE (90, true, sealed, null); "
        "repeatable.",
    ),
]
SheetOpt = Annotated[
    Path | None, typer.Option(help="Write the score sheet as a printable HTML page.")
]
SheetJsonOpt = Annotated[Path | None, typer.Option(help="Write the score sheet as JSON.")]


def fail(message: str, code: int = 2) -> NoReturn:
    """One line on stderr, then exit (2: bad input)."""
    typer.echo(f"monopoly: error: {message}", err=True)
    raise typer.Exit(code)


def check_count(name: str, value: int, low: int = 0) -> int:
    if value < low:
        fail(_("{name} must be at least {low}, got {value}").format(
            name=name, low=low, value=value))
    return value


def check_choice(option: str, value: str, choices: tuple[str, ...]) -> str:
    """`value` if it is one of `choices`, else one line and exit 2."""
    if value not in choices:
        fail(_("{option} must be one of {choices}, not {value}").format(
            option=option, choices=", ".join(choices), value=repr(value)))
    return value


def use_language(lang: str) -> str:
    """Check --lang and make it the language of every text that follows, until the
    command ends (the app's callback, :func:`monopoly.cli.app.command_scope`)."""
    check_choice("--lang", lang, LANGUAGES)
    set_language(lang)
    return lang


def translation_error(exc: BaseException) -> str:
    """An engine error in the current language."""
    return translation(current_language()).error(exc)


def set_options(settings: list[str] | None) -> dict[str, Any]:
    """--set NAME=VALUE pairs; a value is read as JSON (90, true, null), else as text."""
    out: dict[str, Any] = {}
    for item in settings or []:
        name, sep, raw = item.partition("=")
        if not sep or not name.strip():
            fail(_("--set takes NAME=VALUE, got {value}").format(value=repr(item)))
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        out[name.strip()] = value
    return out


def board_rules(name: str, settings: list[str] | None = None) -> RuleSet:
    """The board game's rule set of --preset `name` with the --set options on top."""
    options = set_options(settings)
    try:
        return preset(name, **options)
    except MonopolyError as exc:
        flag = "--set" if options else "--preset"
        fail(_("{option}: {error}").format(option=flag, error=translation_error(exc)))


def board_edition(name: str) -> Edition:
    """The board game's edition of --edition `name`."""
    try:
        return load_edition(name)
    except MonopolyError as exc:
        fail(_("--edition: {error}").format(error=translation_error(exc)))


def seat_external(name: str, make: Callable[[str, int], Any], option: str = "--bots") -> None:
    """Fail with the reason when the bot written elsewhere `name` (``module:attribute``,
    ``external:URL``: monopoly.bots.external) cannot be made by `make`."""
    from monopoly.bots.external import AgentError

    try:
        make(name, 0)
    except AgentError as exc:
        fail(_("{option}: the bot {name} cannot be seated: {error}").format(
            option=option, name=repr(name), error=exc))


def bot_list(value: str, option: str = "--bots") -> tuple[str, ...]:
    """A comma-separated list of board bot names, each one that can be made now."""
    from monopoly.bots import make_bot
    from monopoly.bots.board.base import BOT_NAMES, LEVELS

    names = tuple(name.strip() for name in value.split(",") if name.strip())
    if not names:
        fail(_("{option} needs at least one bot name").format(option=option))
    from monopoly.bots.external import is_external

    for name in dict.fromkeys(names):
        if is_external(name):
            seat_external(name, make_bot, option)
            continue
        try:
            make_bot(name, 0)
        except ValueError:
            fail(_("{option}: unknown bot {name}; known bots: {known}").format(
                option=option, name=repr(name), known=", ".join((*BOT_NAMES, *LEVELS))))
        except ImportError:
            fail(_("{option}: the bot {name} is not available in this version").format(
                option=option, name=repr(name)))
    return names


def print_json(data: dict[str, Any], *, ensure_ascii: bool = True) -> None:
    typer.echo(json.dumps(data, sort_keys=True, ensure_ascii=ensure_ascii))


def show_progress(as_json: bool) -> bool:
    return not as_json and sys.stdout.isatty()


def run_lab(run: Callable[[Callable[[int], None] | None], Any], games: int,
            progress: bool) -> Any:
    """Call ``run(advance)``, with a Rich progress bar of `games` games when `progress`;
    Ray's absence or failure to start, and an external bot's failure, are one line and
    exit 2."""
    from monopoly.bots.external import AgentError
    from monopoly.lab.runner import RayMissingError, RayStartError

    try:
        if not progress:
            return run(None)
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            transient=True,
        ) as bar:
            task = bar.add_task(_("Games"), total=games)
            return run(lambda n: bar.advance(task, n))
    except RayMissingError:
        fail(_("--backend ray needs Ray, which is not installed: pip install "
               "'monopoly[ray]'"))
    except RayStartError as exc:
        fail(_("Ray did not start: {error}").format(error=exc))
    except AgentError as exc:
        fail(_("An external bot failed, and the games stopped: {error}").format(error=exc))


def rate(value: float) -> str:
    """A rate as a percentage with one decimal ("53.1 %")."""
    return f"{100 * value:.1f} %"


def run_simulation(
    run: Callable[[Callable[[int], None] | None], list[dict[str, Any]]],
    games: int,
    as_json: bool,
    names: tuple[str, ...],
    fields: dict[str, Any],
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Run a lab's games (``run(advance)``, with a progress bar unless `as_json`) and
    sum them up: (the per-game results, the run's summary with `fields` added). Both
    games' ``simulate`` commands."""
    from monopoly.lab.stats import summarize

    start = time.perf_counter()
    results: list[dict[str, Any]] = run_lab(run, games, show_progress(as_json))
    seconds = time.perf_counter() - start
    return results, {**summarize(results, names, seconds), **fields}


def print_lab_summary(summary: dict[str, Any], title: str, draws: str,
                      page: Path | None) -> None:
    """A lab run's summary as a table (each bot's games, wins, win rate and 95 %
    interval) and lines; `draws` is the draws' sentence with ``{n}``."""
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False, soft_wrap=True)
    table = Table(title=title)
    table.add_column(_("Bot"))
    table.add_column(_("Games"), justify="right")
    table.add_column(_("Wins"), justify="right")
    table.add_column(_("Win rate"), justify="right")
    table.add_column(_("95 % interval"), justify="right")
    for name, rec in summary["bots"].items():
        low, high = rec["ci95"]
        table.add_row(name, str(rec["games"]), str(rec["wins"]), rate(rec["win_rate"]),
                      f"{rate(low)} - {rate(high)}")
    console.print(table)
    turns = summary["turns"]
    console.print(draws.format(n=summary["draws"]), markup=False)
    if turns["mean"] is not None:
        console.print(_("Turns per game: mean {mean:.1f}, median {median:.1f}").format(
            mean=turns["mean"], median=turns["median"]), markup=False)
    console.print(_("{rate:.1f} games per second").format(rate=summary["games_per_second"]),
                  markup=False)
    if page is not None:
        console.print(_("Report written to {path}.").format(path=page), markup=False)
