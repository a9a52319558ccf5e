"""The board game's own commands: a demo game, the rule presets and rules, replaying a
record, and the conformance check (registered on the app by :mod:`monopoly.cli.app`).

Commands::

    monopoly demo [--seed S] [--players N] [--preset P] [--set NAME=VALUE ...] [--edition E]
                  [--lang L]
                  [--record FILE] [--sheet FILE.html] [--sheet-json FILE] [--json]
    monopoly presets [--json]
    monopoly rules --preset P [--set NAME=VALUE ...] [--lang L] [--json]
    monopoly replay FILE [--lang L] [--sheet FILE.html] [--sheet-json FILE] [--json]
    monopoly check --games N [--seed S] [--workers W] [--preset P] [--edition E]
                   [--bots B1,B2,...] [--json]
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from monopoly.board.errors import MonopolyError
from monopoly.board.game import Game
from monopoly.board.options import PRESETS, preset
from monopoly.board.record import record_text, replay, state_hash
from monopoly.cli.kit import (
    EditionOpt,
    JsonOpt,
    LangOpt,
    PresetOpt,
    SetOpt,
    SheetJsonOpt,
    SheetOpt,
    board_edition,
    board_rules,
    bot_list,
    check_count,
    fail,
    print_json,
    set_options,
    translation_error,
    use_language,
)
from monopoly.core.seeds import bot_seed
from monopoly.i18n import gettext as _
from monopoly.lab.runner import SEAT_NAMES
from monopoly.narration.board.narrate import Narrator

__all__ = ["check", "demo", "presets", "replay_cmd", "rules_cmd"]

# Greedy bots never trade, so two of them can hold a standoff forever: demo games stop after
# this many turns (docs/rules.md §11 ends a game only when one player is left).
DEMO_TURN_LIMIT = 2000
# A second safety net, in actions, in case a game stalls without turns advancing.
DEMO_MAX_ACTIONS = 1_000_000
# Demo games of timed presets run on a simulated clock: each action takes this long.
DEMO_SECONDS_PER_ACTION = 5


def demo(
    seed: Annotated[int, typer.Option(help="Seed of the game and of the bots.")] = 1,
    players: Annotated[int, typer.Option(help="Number of greedy bots, 2-8.")] = 4,
    preset_name: PresetOpt = "classic",
    settings: SetOpt = None,
    edition: EditionOpt = "standard",
    lang: LangOpt = "en",
    record: Annotated[
        Path | None, typer.Option(help="Write the game record (JSON lines) to this file.")
    ] = None,
    sheet: SheetOpt = None,
    sheet_json: SheetJsonOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Play a whole game among greedy bots and narrate it."""
    use_language(lang)
    if not 2 <= players <= len(SEAT_NAMES):
        fail(_("--players must be between 2 and {n}, got {players}").format(
            n=len(SEAT_NAMES), players=players))
    from monopoly.board.clocks import StepClock, TableClock
    from monopoly.bots import make_bot
    from monopoly.bots.board.driver import play_game

    rules = board_rules(preset_name, settings)
    if rules.turn_limit is None:
        rules = rules.with_options(turn_limit=DEMO_TURN_LIMIT)
    ed = board_edition(edition)
    seats = SEAT_NAMES[:players]
    try:
        game = Game(seats, seed, rules, ed, events=True)
    except (MonopolyError, ValueError) as exc:
        fail(translation_error(exc))
    bots = [make_bot("greedy", bot_seed(seed, s)) for s in range(players)]
    clock = TableClock(rules, StepClock(step=DEMO_SECONDS_PER_ACTION))
    play_game(game, bots, max_actions=DEMO_MAX_ACTIONS, clock=clock)
    if record is not None:
        _write(record, record_text(game), _("record"))
    _write_sheets(game, lang, sheet, sheet_json)
    outcome = game.outcome.to_dict() if game.outcome else None
    if as_json:
        print_json(
            {
                "seed": seed,
                "players": players,
                "preset": preset_name,
                "edition": edition,
                "seats": list(seats),
                "state_hash": state_hash(game),
                "outcome": outcome,
                "turns": game.turn_number,
                "throws": game.throws,
                "actions": len(game.history),
                "record": str(record) if record is not None else None,
                "sheet": str(sheet) if sheet is not None else None,
            }
        )
        return
    console = Console(highlight=False, soft_wrap=True)
    _narrate(console, game, lang)
    if not game.is_over:
        console.print(
            _("The demo stopped after {n} actions without an end.").format(n=len(game.history))
        )
    elif outcome and outcome["reason"] == "turn_limit":
        console.print(
            _(
                "The safety cap of {limit} turns ended the game: greedy bots never trade, "
                "so a game between them may never end."
            ).format(limit=DEMO_TURN_LIMIT)
        )
    if record is not None:
        console.print(_("Record written to {path}.").format(path=record), markup=False)
    if sheet is not None:
        console.print(_("Score sheet written to {path}.").format(path=sheet), markup=False)


def _write_sheets(game: Game, lang: str, html: Path | None, as_json: Path | None) -> None:
    """The score sheet (TOUR "hrací listina") as a printable HTML page and/or JSON."""
    if html is None and as_json is None:
        return
    from monopoly.narration.board.sheet import render_sheet_html, score_sheet

    data = score_sheet(game, game.events or [], lang)
    if html is not None:
        _write(html, render_sheet_html(data, lang), _("score sheet"))
    if as_json is not None:
        _write(as_json, json.dumps(data, ensure_ascii=False, indent=2) + "\n", _("score sheet"))


def _write(path: Path, text: str, what: str) -> None:
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    except OSError as exc:
        fail(_("cannot write the {what} {path}: {error}").format(
            what=what, path=repr(str(path)), error=exc.strerror or exc))


def _narrate(console: Console, game: Game, lang: str = "en") -> None:
    for sentence in Narrator.for_game(game, lang).story(game.events or ()):
        console.print(sentence, markup=False)


def presets(as_json: JsonOpt = False, lang: LangOpt = "en") -> None:
    """The rule presets of docs/rules.md §12 with their full effective rule sets."""
    use_language(lang)
    from monopoly.narration.board.rules_text import preset_title

    items: list[dict[str, Any]] = [
        {
            "name": name,
            "title": preset_title(name, lang),
            "options": preset(name).to_dict(),
            "changes": preset(name).changed(),
        }
        for name in PRESETS
    ]
    if as_json:
        typer.echo(json.dumps(items, sort_keys=True, ensure_ascii=False))
        return
    table = Table(title=_("Rule presets"))
    table.add_column(_("Preset"))
    table.add_column(_("Rules"))
    table.add_column(_("Changes from the classic rules"))
    for item in items:
        changes = ", ".join(f"{k}={v}" for k, v in sorted(item["changes"].items()))
        table.add_row(item["name"], item["title"], changes or "-")
    Console().print(table)


def rules_cmd(
    preset_name: Annotated[
        str, typer.Option("--preset", help="Rule preset: " + ", ".join(PRESETS) + ".")
    ],
    settings: SetOpt = None,
    lang: LangOpt = "en",
    edition: EditionOpt = "standard",
    as_json: JsonOpt = False,
) -> None:
    """The effective rules of a preset, readable, in a language."""
    use_language(lang)
    from monopoly.narration.board.rules_text import preset_rules

    rules = board_rules(preset_name, settings)
    words = preset_rules(preset_name, rules, lang, board_edition(edition).currency)
    if as_json:
        typer.echo(json.dumps(words, ensure_ascii=False, sort_keys=True))
        return
    console = Console(highlight=False, soft_wrap=True)
    console.print(words["title"], style="bold", markup=False)
    for line in words["rules"]:
        mark = "*" if line["changed"] else " "
        console.print(f"{mark} §{line['section']:<3} {line['text']}", markup=False)
    console.print(_("* differs from the classic rules"), markup=False)


def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A game record written by 'demo --record'.")],
    lang: LangOpt = "en",
    sheet: SheetOpt = None,
    sheet_json: SheetJsonOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Replay a game record and narrate it (or print its final state hash); write the
    score sheet of the game, finished or stopped."""
    use_language(lang)
    try:
        with open(file, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except FileNotFoundError:
        fail(_("no such record file: {path}").format(path=repr(str(file))))
    except (OSError, UnicodeDecodeError) as exc:
        fail(_("cannot read the record {path}: {error}").format(path=repr(str(file)), error=exc))
    try:
        game = replay(lines, events=not as_json or sheet is not None or sheet_json is not None)
    except MonopolyError as exc:
        fail(_("invalid record {path}: {error}").format(
            path=repr(str(file)), error=translation_error(exc)))
    _write_sheets(game, lang, sheet, sheet_json)
    if as_json:
        print_json(
            {
                "state_hash": state_hash(game),
                "outcome": game.outcome.to_dict() if game.outcome else None,
                "actions": len(game.history),
                "turns": game.turn_number,
                "throws": game.throws,
            }
        )
        return
    _narrate(Console(highlight=False, soft_wrap=True), game, lang)


def check(
    games: Annotated[int, typer.Option(help="Number of random games to check.")],
    seed: Annotated[int, typer.Option(help="Seed of the first game.")] = 0,
    workers: Annotated[int, typer.Option(help="Worker processes (1: in this process).")] = 1,
    preset_name: Annotated[
        str | None,
        typer.Option("--preset", help="Play every game by this preset (default: classic "
                     "with varied options)."),
    ] = None,
    settings: SetOpt = None,
    edition: EditionOpt = "standard",
    bots: Annotated[
        str | None,
        typer.Option(help="Bots to play the games, comma-separated, cycled over the seats "
                     "(default: random bots)."),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Run the conformance harness: random legal play, invariants after every action."""
    check_count("--games", games)
    check_count("--workers", workers, low=1)
    from monopoly.lab.board.conformance import run_conformance

    options = set_options(settings)
    if preset_name is not None or options:
        board_rules(preset_name or "classic", settings)
    board_edition(edition)
    bot_names = bot_list(bots) if bots is not None else None
    result = run_conformance(
        games,
        seed=seed,
        players=4,
        workers=workers,
        preset_name=preset_name,
        edition=edition,
        options=options,
        bots=bot_names,
    )
    violations, errors = int(result["violations"]), int(result["errors"])
    if as_json:
        print_json(result)
    else:
        console = Console(highlight=False, soft_wrap=True)
        console.print(
            _("{games} games checked: {v} violations, {e} errors.").format(
                games=result["games"], v=violations, e=errors
            )
        )
        for line in result.get("details", []):
            console.print(line, markup=False)
    if violations or errors:
        raise typer.Exit(1)
