"""The ``monopoly`` command (Typer).

Commands::

    monopoly demo [--seed S] [--players N] [--preset P] [--set NAME=VALUE ...] [--edition E]
                  [--lang L]
                  [--record FILE] [--sheet FILE.html] [--sheet-json FILE] [--json]
    monopoly presets [--json]
    monopoly rules --preset P [--set NAME=VALUE ...] [--lang L] [--json]
    monopoly replay FILE [--lang L] [--sheet FILE.html] [--sheet-json FILE] [--json]
    monopoly landing --throws N --jail long|short [--seed S] [--json]
    monopoly analyze markov --jail long|short [--json]
    monopoly check --games N [--seed S] [--workers W] [--preset P] [--edition E]
                   [--bots B1,B2,...] [--json]
    monopoly bench [--games G] [--json]
    monopoly simulate --games N --bots B1,B2,... [--players P] [--preset P] [--edition E]
                      [--seed S] [--workers W] [--backend process|ray] [--address ADDR]
                      [--max-turns T] [--report DIR] [--lang L] [--json]
    monopoly ladder [--games N] [--bots B1,B2,...] [--seed S] [--workers W] [--json]
    monopoly serve [--host H] [--port P] [--db URL] [--bot-delay S] [--lang L]
    monopoly verify RECORD [--lang L] [--json]
    monopoly loadtest [--url URL] [--games N] [--duration S] [--think S] [--lang L] [--json]

Bad input (an unknown jail rule, a negative count, a missing or unreadable record) is one
line on stderr and exit code 2; a failed conformance check is exit code 1.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from monopoly.board.edition import Edition, load_edition
from monopoly.board.errors import MonopolyError
from monopoly.board.game import Game
from monopoly.board.options import PRESETS, RuleSet, preset
from monopoly.board.record import record_text, replay, state_hash
from monopoly.cli.deal import deal_app
from monopoly.cli.kit import JsonOpt
from monopoly.cli.kit import check_count as _check_count
from monopoly.cli.kit import fail as _fail
from monopoly.cli.kit import print_json as _print_json
from monopoly.cli.kit import run_lab as _run_lab
from monopoly.cli.kit import set_options as _options
from monopoly.cli.kit import show_progress as _show_progress
from monopoly.core.seeds import bot_seed
from monopoly.i18n import (
    LANGUAGES,
    current_language,
    reset_language,
    set_language,
    translation,
)
from monopoly.i18n import gettext as _
from monopoly.narration.board.narrate import Narrator

if TYPE_CHECKING:
    from monopoly.lab.board.simulate import LabSetup

app = typer.Typer(
    name="monopoly",
    help="Monopoly: play demo games, replay records, simulate and analyse the board.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _command_scope(ctx: typer.Context) -> None:
    """Every command ends in the language it started in: a command run in-process (as the
    tests run them) leaves no language of its --lang behind."""
    token = set_language(current_language())
    ctx.call_on_close(lambda: reset_language(token))


analyze_app = typer.Typer(help="Exact analyses of the board.", no_args_is_help=True)
app.add_typer(analyze_app, name="analyze")
app.add_typer(deal_app, name="deal")

JAIL_MODES = ("long", "short")
SEAT_NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hana")
# Greedy bots never trade, so two of them can hold a standoff forever: demo games stop after
# this many turns (RULES.md §11 ends a game only when one player is left).
DEMO_TURN_LIMIT = 2000
# A second safety net, in actions, in case a game stalls without turns advancing.
DEMO_MAX_ACTIONS = 1_000_000

LangOpt = Annotated[str, typer.Option(help="Language: en, cs or ru.")]
PresetOpt = Annotated[
    str, typer.Option("--preset", help="Rule preset: " + ", ".join(PRESETS) + " (RULES.md §12).")
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
# Demo games of timed presets run on a simulated clock: each action takes this long.
DEMO_SECONDS_PER_ACTION = 5


def _check_jail(jail: str) -> str:
    if jail not in JAIL_MODES:
        _fail(_("{option} must be one of {choices}, not {value}").format(
            option="--jail", choices=", ".join(JAIL_MODES), value=repr(jail)))
    return jail


def _lang(lang: str) -> str:
    """Check --lang and make it the language of every text that follows, until the
    command ends (:func:`_command_scope`)."""
    if lang not in LANGUAGES:
        _fail(_("{option} must be one of {choices}, not {value}").format(
            option="--lang", choices=", ".join(LANGUAGES), value=repr(lang)))
    set_language(lang)
    return lang


def _rules(name: str, settings: list[str] | None = None) -> RuleSet:
    options = _options(settings)
    try:
        return preset(name, **options)
    except MonopolyError as exc:
        flag = "--set" if options else "--preset"
        _fail(_("{option}: {error}").format(option=flag, error=translation_error(exc)))


def _edition(name: str) -> Edition:
    try:
        return load_edition(name)
    except MonopolyError as exc:
        _fail(_("--edition: {error}").format(error=translation_error(exc)))


def translation_error(exc: BaseException) -> str:
    """An engine error in the current language."""
    from monopoly.i18n import current_language

    return translation(current_language()).error(exc)


# --------------------------------------------------------------------------- demo / replay


@app.command()
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
    _lang(lang)
    if not 2 <= players <= len(SEAT_NAMES):
        _fail(_("--players must be between 2 and {n}, got {players}").format(
            n=len(SEAT_NAMES), players=players))
    from monopoly.board.clocks import StepClock, TableClock
    from monopoly.bots import make_bot
    from monopoly.bots.board.driver import play_game

    rules = _rules(preset_name, settings)
    if rules.turn_limit is None:
        rules = rules.with_options(turn_limit=DEMO_TURN_LIMIT)
    ed = _edition(edition)
    seats = SEAT_NAMES[:players]
    try:
        game = Game(seats, seed, rules, ed, events=True)
    except (MonopolyError, ValueError) as exc:
        _fail(translation_error(exc))
    bots = [make_bot("greedy", bot_seed(seed, s)) for s in range(players)]
    clock = TableClock(rules, StepClock(step=DEMO_SECONDS_PER_ACTION))
    play_game(game, bots, max_actions=DEMO_MAX_ACTIONS, clock=clock)
    if record is not None:
        _write(record, record_text(game), _("record"))
    _write_sheets(game, lang, sheet, sheet_json)
    outcome = game.outcome.to_dict() if game.outcome else None
    if as_json:
        _print_json(
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
        _fail(_("cannot write the {what} {path}: {error}").format(
            what=what, path=repr(str(path)), error=exc.strerror or exc))


def _narrate(console: Console, game: Game, lang: str = "en") -> None:
    for sentence in Narrator.for_game(game, lang).story(game.events or ()):
        console.print(sentence, markup=False)


@app.command()
def presets(as_json: JsonOpt = False, lang: LangOpt = "en") -> None:
    """The rule presets of RULES.md §12 with their full effective rule sets."""
    _lang(lang)
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


@app.command("rules")
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
    _lang(lang)
    from monopoly.narration.board.rules_text import describe, preset_title

    rules = _rules(preset_name, settings)
    ed = _edition(edition)
    lines = describe(rules, lang, ed.currency)
    if as_json:
        typer.echo(json.dumps(
            {"preset": preset_name, "title": preset_title(preset_name, lang), "lang": lang,
             "rules": lines}, ensure_ascii=False, sort_keys=True))
        return
    console = Console(highlight=False, soft_wrap=True)
    console.print(preset_title(preset_name, lang), style="bold", markup=False)
    for line in lines:
        mark = "*" if line["changed"] else " "
        console.print(f"{mark} §{line['section']:<3} {line['text']}", markup=False)
    console.print(_("* differs from the classic rules"), markup=False)


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A game record written by 'demo --record'.")],
    lang: LangOpt = "en",
    sheet: SheetOpt = None,
    sheet_json: SheetJsonOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Replay a game record and narrate it (or print its final state hash); write the
    score sheet of the game, finished or stopped."""
    _lang(lang)
    try:
        with open(file, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except FileNotFoundError:
        _fail(_("no such record file: {path}").format(path=repr(str(file))))
    except (OSError, UnicodeDecodeError) as exc:
        _fail(_("cannot read the record {path}: {error}").format(path=repr(str(file)), error=exc))
    try:
        game = replay(lines, events=not as_json or sheet is not None or sheet_json is not None)
    except MonopolyError as exc:
        _fail(_("invalid record {path}: {error}").format(
            path=repr(str(file)), error=translation_error(exc)))
    _write_sheets(game, lang, sheet, sheet_json)
    if as_json:
        _print_json(
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


# --------------------------------------------------------------------------- simulations


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


@app.command()
def landing(
    throws: Annotated[int, typer.Option(help="Number of dice throws to play.")],
    jail: Annotated[str, typer.Option(help="Jail rule: long (try for doubles) or short.")],
    seed: Annotated[int, typer.Option(help="Seed of the game.")] = 0,
    as_json: JsonOpt = False,
) -> None:
    """Landing frequencies measured by throwing the dice through the real engine."""
    from monopoly.lab.board.landing import landing_frequencies

    _check_count("--throws", throws)
    _check_jail(jail)
    freq = landing_frequencies(throws, jail, seed)
    if as_json:
        _print_json({"throws": throws, "jail": jail, "seed": seed, "frequencies": freq})
        return
    title = _("Landing frequencies, {n} throws, {jail} jail").format(n=throws, jail=jail)
    Console().print(_probability_table(title, freq, _("Frequency")))


@analyze_app.command()
def markov(
    jail: Annotated[str, typer.Option(help="Jail rule: long (try for doubles) or short.")],
    jail_cards: Annotated[
        str,
        typer.Option(
            help="kept: a drawn Get Out of Jail Free card stays with its holder, who never "
            "uses it (RULES.md §5; the exact limit of 'monopoly landing'); returned: the "
            "textbook chain, every card 1/16 and the jail card straight back."
        ),
    ] = "kept",
    as_json: JsonOpt = False,
) -> None:
    """Exact long-run landing probabilities from the Markov chain of dice throws."""
    from monopoly.lab.board.landing import markov_without_jail_cards
    from monopoly.lab.board.markov import landing_probabilities

    _check_jail(jail)
    if jail_cards not in ("returned", "kept"):
        _fail(_("{option} must be one of {choices}, not {value}").format(
            option="--jail-cards", choices="returned, kept", value=repr(jail_cards)))
    if jail_cards == "kept":
        probs = markov_without_jail_cards(jail)
    else:
        probs = landing_probabilities(load_edition("standard"), jail)
    if as_json:
        _print_json({"jail": jail, "jail_cards": jail_cards, "probabilities": probs})
        return
    title = _("Markov landing probabilities, {jail} jail").format(jail=jail)
    Console().print(_probability_table(title, probs, _("Probability")))


@app.command()
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
    _check_count("--games", games)
    _check_count("--workers", workers, low=1)
    from monopoly.lab.board.conformance import run_conformance

    options = _options(settings)
    if preset_name is not None or options:
        _rules(preset_name or "classic", settings)
    _edition(edition)
    bot_names = _bot_list(bots) if bots is not None else None
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
        _print_json(result)
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


@app.command()
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
    """Time whole greedy-bot games (one process, events off, capped turns), and the strong
    bot's decisions against three greedy bots."""
    if games is not None:
        _check_count("--games", games)
    if strong_games is not None:
        _check_count("--strong-games", strong_games)
    from monopoly.lab.board.bench import BOT_GAMES, DEFAULT_GAMES, bot_speed
    from monopoly.lab.board.bench import bench as run_bench

    n = DEFAULT_GAMES if games is None else games
    result = run_bench(n)
    result["strong"] = bot_speed("strong", BOT_GAMES if strong_games is None else strong_games)
    if as_json:
        _print_json(result)
        return
    table = Table(title=_("Engine benchmark"))
    table.add_column(_("Measure"))
    table.add_column(_("Value"), justify="right")
    rows = [(k, v) for k, v in result.items() if k != "strong"]
    rows += [(f"strong.{k}", v) for k, v in result["strong"].items()]
    for key, value in rows:
        table.add_row(key, f"{value:,.1f}" if isinstance(value, float) else str(value))
    Console().print(table)


# --------------------------------------------------------------------------- the strategy lab

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


def _bot_list(value: str, option: str = "--bots") -> tuple[str, ...]:
    """A comma-separated list of bot names, each one that can be made now."""
    from monopoly.bots import make_bot
    from monopoly.bots.board.base import BOT_NAMES, LEVELS

    names = tuple(name.strip() for name in value.split(",") if name.strip())
    if not names:
        _fail(_("{option} needs at least one bot name").format(option=option))
    for name in dict.fromkeys(names):
        try:
            make_bot(name, 0)
        except ValueError:
            _fail(_("{option}: unknown bot {name}; known bots: {known}").format(
                option=option, name=repr(name), known=", ".join((*BOT_NAMES, *LEVELS))))
        except ImportError:
            _fail(_("{option}: the bot {name} is not available in this version").format(
                option=option, name=repr(name)))
    return names


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
    from monopoly.lab.runner import BACKENDS, SEAT_NAMES

    _check_count("--workers", workers, low=1)
    _check_count("--max-turns", max_turns, low=1)
    if backend not in BACKENDS:
        _fail(_("{option} must be one of {choices}, not {value}").format(
            option="--backend", choices=", ".join(BACKENDS), value=repr(backend)))
    if address and backend != "ray":
        _fail(_("--address needs --backend ray"))
    rules = _rules(preset_name, settings)
    ed = _edition(edition)
    try:
        capped = rules.with_options(turn_limit=max_turns)
    except MonopolyError as exc:
        _fail(_("{option}: {error}").format(option="--max-turns", error=translation_error(exc)))
    try:  # a rule set that cannot seat this many players (dealt deeds) fails here, once
        Game(SEAT_NAMES[:players], 0, capped, ed, events=False)
    except (MonopolyError, ValueError) as exc:
        _fail(translation_error(exc))
    return LabSetup(
        bots=bots, players=players, seed=seed, rules=rules, edition=edition,
        max_turns=max_turns, report=report,
    )


def _rate(value: float) -> str:
    return f"{100 * value:.1f} %"


@app.command()
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
    import time

    _lang(lang)
    _check_count("--games", games)
    if not 2 <= players <= len(SEAT_NAMES):
        _fail(_("--players must be between 2 and {n}, got {players}").format(
            n=len(SEAT_NAMES), players=players))
    names = _bot_list(bots)
    setup = _lab_setup(names, players, seed, preset_name, settings, edition, max_turns,
                       workers, backend, address, report=report is not None)
    if report is not None:
        import importlib.util

        for module in ("monopoly.lab.board.report", "monopoly.lab.board.gamestats"):
            if importlib.util.find_spec(module) is None:
                _fail(_("--report: {module} is not available in this version").format(
                    module=module))
    from monopoly.lab.board.simulate import run_games
    from monopoly.lab.runner import take_sample
    from monopoly.lab.stats import summarize

    start = time.perf_counter()
    results: list[dict[str, Any]] = _run_lab(
        lambda progress: run_games(setup, games, workers=workers, backend=backend,
                                   address=address, progress=progress),
        games, _show_progress(as_json))
    seconds = time.perf_counter() - start
    summary: dict[str, Any] = {
        **summarize(results, names, seconds),
        "players": players,
        "bot_list": list(names),
        "seed": seed,
        "preset": preset_name,
        "edition": edition,
        "max_turns": max_turns,
        "rules": setup.capped_rules().to_dict(),
        "workers": workers,
        "backend": backend,
    }
    sample = take_sample(results)
    page = None
    if report is not None:
        from monopoly.lab.board.report import write_report

        try:
            page = write_report(report, summary, results, sample, edition, lang)
        except OSError as exc:
            _fail(_("cannot write the report {path}: {error}").format(
                path=repr(str(report)), error=exc.strerror or exc))
    if as_json:
        if page is not None:
            summary["report"] = str(page)
        _print_json(summary)
        return
    console = Console(highlight=False, soft_wrap=True)
    table = Table(title=_("Strategy lab: {games} games, {players} players").format(
        games=games, players=players))
    table.add_column(_("Bot"))
    table.add_column(_("Games"), justify="right")
    table.add_column(_("Wins"), justify="right")
    table.add_column(_("Win rate"), justify="right")
    table.add_column(_("95 % interval"), justify="right")
    for name, rec in summary["bots"].items():
        low, high = rec["ci95"]
        table.add_row(name, str(rec["games"]), str(rec["wins"]), _rate(rec["win_rate"]),
                      f"{_rate(low)} - {_rate(high)}")
    console.print(table)
    turns = summary["turns"]
    console.print(_("Draws (no winner): {n}").format(n=summary["draws"]), markup=False)
    if turns["mean"] is not None:
        console.print(_("Turns per game: mean {mean:.1f}, median {median:.1f}").format(
            mean=turns["mean"], median=turns["median"]), markup=False)
    console.print(_("{rate:.1f} games per second").format(rate=summary["games_per_second"]),
                  markup=False)
    if page is not None:
        console.print(_("Report written to {path}.").format(path=page), markup=False)


@app.command()
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

    _lang(lang)
    _check_count("--games", games)
    names = _bot_list(bots if bots is not None else ",".join(BOT_NAMES))
    if len(set(names)) < 2:
        _fail(_("--bots: a ladder needs at least two different bots"))
    from monopoly.lab.ladder import TABLE_SIZE, ladder_tables, run_ladder

    setup = _lab_setup(names, min(TABLE_SIZE, len(set(names))), seed, preset_name, None,
                       edition, max_turns, workers, backend, address)
    total = games * len(ladder_tables(names))
    result: dict[str, Any] = _run_lab(
        lambda progress: run_ladder(setup, games, workers=workers, backend=backend,
                                    address=address, progress=progress),
        total, _show_progress(as_json))
    result.update(seed=seed, preset=preset_name, edition=edition, max_turns=max_turns,
                  workers=workers, backend=backend)
    if as_json:
        _print_json(result)
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
                      f"{row['sigma']:.2f}", str(row["games"]), _rate(row["win_rate"]))
    console = Console(highlight=False, soft_wrap=True)
    console.print(table)
    console.print(_("Rating: mu - 3 sigma (openskill, Plackett-Luce); draws (no winner): "
                    "{n}").format(n=result["draws"]), markup=False)


# --------------------------------------------------------------------------- the server


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="Database URL (sqlite:///FILE, postgresql+psycopg://...); default: SQLite "
        "in the user's data folder.")] = None,
    bot_delay: Annotated[float, typer.Option(
        help="Seconds a bot waits before it acts.")] = 0.5,
    lang: LangOpt = "en",
) -> None:
    """Play in the browser: serve rooms, the WebSocket protocol and the page."""
    _lang(lang)  # of this command's own messages; each client chooses its language
    if not 0 <= port <= 65535:
        _fail(_("{name} must be between {low} and {high}, got {value}").format(
            name="--port", low=0, high=65535, value=port))
    if bot_delay < 0:
        _fail(_("{name} must be at least {low}, got {value}").format(
            name="--bot-delay", low=0, value=bot_delay))
    import uvicorn
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from monopoly.store import Store, default_url
    from monopoly.web.app import create_app

    url = db or default_url()
    try:
        Store(url).close()  # reachable, and the tables exist
    except (ArgumentError, ImportError, SQLAlchemyError) as exc:
        _fail(_("--db: cannot use the database {url}: {error}").format(
            url=repr(url), error=str(exc).splitlines()[0]))
    typer.echo(_("Monopoly is served at {address} (database: {url})").format(
        address=f"http://{host}:{port}/", url=url.split("@")[-1]))
    uvicorn.run(create_app(url, bot_delay=bot_delay), host=host, port=port,
                log_level="warning", ws_max_size=1 << 20, timeout_keep_alive=30,
                # small messages: compressing each costs more CPU than it saves
                ws_per_message_deflate=False)


@app.command()
def verify(
    record: Annotated[Path, typer.Argument(help="A game record (from the server or 'demo').")],
    lang: LangOpt = "en",
    as_json: JsonOpt = False,
) -> None:
    """Check a finished game: the seed against its published hash, the replay, and the
    outcome. Exit 1 when they do not match."""
    from monopoly.web.verify import VerifyError, verify_lines

    _lang(lang)
    try:
        with open(record, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except FileNotFoundError:
        _fail(_("no such record file: {path}").format(path=repr(str(record))))
    except (OSError, UnicodeDecodeError) as exc:
        _fail(_("cannot read the record {path}: {error}").format(
            path=repr(str(record)), error=exc))
    try:
        report = verify_lines(lines)
    except VerifyError as exc:
        _fail(_("the record {path} does not verify: {error}").format(
            path=repr(str(record)), error=translation_error(exc)), 1)
    except MonopolyError as exc:
        _fail(_("invalid record {path}: {error}").format(
            path=repr(str(record)), error=translation_error(exc)))
    if as_json:
        _print_json(report)
        return
    typer.echo(_("The record verifies: seed {seed}, {n} actions, outcome {outcome}.").format(
        seed=report["seed"], n=report["actions"], outcome=json.dumps(report["outcome"])))


@app.command()
def loadtest(
    url: Annotated[str | None, typer.Option(
        help="A running server (http://HOST:PORT); default: start one on loopback.")] = None,
    games: Annotated[int, typer.Option(help="Concurrent games.")] = 20,
    duration: Annotated[float, typer.Option(help="Seconds to keep starting games.")] = 10.0,
    think: Annotated[float, typer.Option(help="Seconds a client waits before acting.")] = 0.25,
    ramp: Annotated[float | None, typer.Option(
        help="Seconds over which the games start (default: 10, at most a third of "
             "--duration).")] = None,
    lang: LangOpt = "en",
    as_json: JsonOpt = False,
) -> None:
    """N concurrent games of bot clients over real WebSockets: action round trips
    (p50, p99), errors and the server's memory per game."""
    _lang(lang)
    _check_count("--games", games, 1)
    if duration <= 0:
        _fail(_("{name} must be at least {low}, got {value}").format(
            name="--duration", low=0, value=duration))
    if ramp is not None and not 0 <= ramp <= duration:
        _fail(_("{name} must be between {low} and {high}, got {value}").format(
            name="--ramp", low=0, high=duration, value=ramp))
    from monopoly.tools.loadtest import run_loadtest

    try:
        result = run_loadtest(url, games, duration, think, ramp=ramp)
    except RuntimeError as exc:
        _fail(str(exc), 1)
    if as_json:
        _print_json(result)
        return
    for key, value in result.items():
        typer.echo(f"{key}: {value}")


def main() -> None:  # pragma: no cover - the console script entry point is `app`
    app()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
