"""What every `monopoly` command shares (the board game's in :mod:`monopoly.cli`, the
Deal's in :mod:`monopoly.cli.deal` and :mod:`monopoly.cli.deal_lab`): the ``--json``
option, bad input as one line on stderr and exit code 2, ``--set NAME=VALUE`` options,
JSON output, and the lab's progress bar."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Annotated, Any, NoReturn

import typer

from monopoly.i18n import gettext as _

JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead.")]


def fail(message: str, code: int = 2) -> NoReturn:
    """One line on stderr, then exit (2: bad input)."""
    typer.echo(f"monopoly: error: {message}", err=True)
    raise typer.Exit(code)


def check_count(name: str, value: int, low: int = 0) -> int:
    if value < low:
        fail(_("{name} must be at least {low}, got {value}").format(
            name=name, low=low, value=value))
    return value


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


def print_json(data: dict[str, Any], *, ensure_ascii: bool = True) -> None:
    typer.echo(json.dumps(data, sort_keys=True, ensure_ascii=ensure_ascii))


def show_progress(as_json: bool) -> bool:
    return not as_json and sys.stdout.isatty()


def run_lab(run: Callable[[Callable[[int], None] | None], Any], games: int,
            progress: bool) -> Any:
    """Call ``run(advance)``, with a Rich progress bar of `games` games when `progress`;
    Ray's absence or failure to start is one line and exit 2."""
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
