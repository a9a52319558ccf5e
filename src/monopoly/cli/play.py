"""``monopoly play``: the terminal game (:mod:`monopoly.tui`).

Commands::

    monopoly play [--game board|deal] [--players N] [--bots L1,L2,...] [--preset P]
                  [--edition E] [--lang L] [--seed S] [--name NAME] [--hotseat NAMES]
                  [--delay S] [--save FILE]
    monopoly play --resume FILE        a saved game, where it was left
    monopoly play --replay FILE        a record, step by step
    monopoly play --connect URL#/room/ID [--name NAME]   a room of a server

Bad input (an unknown bot, preset or edition, a wrong number of players, an unreadable
file, a link without a room) is one line on stderr and exit code 2, before the screen
opens.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from monopoly.cli.kit import (
    EditionOpt,
    LangOpt,
    SetOpt,
    check_choice,
    fail,
    set_options,
    use_language,
)
from monopoly.core.errors import MonopolyError
from monopoly.i18n import gettext as _
from monopoly.web.protocol import ProtocolError

if TYPE_CHECKING:
    from monopoly.tui.table import LocalTable

__all__ = ["play"]


def play(
    game: Annotated[str, typer.Option(help="The game: board or deal.")] = "board",
    players: Annotated[int | None, typer.Option(
        help="Seats in all (the board 2-8, the Deal 2-5); default: the people and three "
        "bots (the Deal: one).")] = None,
    bots: Annotated[str, typer.Option(
        help="The bots' levels or names, comma-separated, cycled over the seats no person "
        "plays: easy, medium, hard, or a bot's name (greedy, strong...).")] = "medium",
    preset_name: Annotated[str | None, typer.Option(
        "--preset", help="Rule preset (monopoly presets; the Deal: official, quick...).")] = None,
    settings: SetOpt = None,
    edition: EditionOpt = "standard",
    lang: LangOpt = "en",
    seed: Annotated[int | None, typer.Option(help="Seed of the game (default: a new one).")] = None,
    name: Annotated[str | None, typer.Option(
        help="Your name at the table (and your nickname in a server's room).")] = None,
    hotseat: Annotated[str | None, typer.Option(
        help="Several people at this keyboard: their names, comma-separated.")] = None,
    delay: Annotated[float, typer.Option(help="Seconds between the bots' moves.")] = 0.4,
    clock: Annotated[int | None, typer.Option(
        help="A person's seconds for each decision, then the caretaker plays it (as a "
             "server's turn clock; the Deal gives 30 s to answer an action even without "
             "one).")] = None,
    save: Annotated[Path | None, typer.Option(
        help="Where s (and quitting) saves the game; default monopoly-game.record.")] = None,
    resume: Annotated[Path | None, typer.Option(help="Resume a saved game.")] = None,
    replay: Annotated[Path | None, typer.Option(
        help="Replay a record step by step.")] = None,
    connect: Annotated[str | None, typer.Option(
        help="Play or watch a room of a server: its link, http://HOST:PORT/#/room/ID.")] = None,
) -> None:
    """Play in the terminal: the board game or Monopoly Deal against bots, several people
    at one keyboard, or a room of a server."""
    from monopoly.tui.app import GameApp, ReplayApp

    lang = use_language(lang)
    check_choice("--game", game, ("board", "deal"))
    if delay < 0:
        fail(_("--delay must be 0 or more seconds, got {value}").format(value=delay))
    if clock is not None and not 1 <= clock <= 3600:
        fail(_("--clock must be 1 to 3600 seconds, got {value}").format(value=clock))
    if sum(x is not None for x in (resume, replay, connect)) > 1:
        fail(_("--resume, --replay and --connect go one at a time"))
    app: GameApp
    if replay is not None:
        from monopoly.tui.replay import ReplayTable

        try:
            app = ReplayApp(ReplayTable(replay, lang))
        except ValueError as exc:
            fail(str(exc))
    elif connect is not None:
        from monopoly.tui.remote import RemoteTable

        try:
            table = RemoteTable(connect, lang, name or _default_name(lang))
        except ValueError as exc:
            fail(str(exc))
        app = GameApp(table)
    else:
        from monopoly.tui.table import LocalTable

        try:
            if resume is not None:
                local = LocalTable.resume(resume, lang)
            else:
                local = _new_table(game, players, bots, preset_name, set_options(settings),
                                   edition, lang, seed, name, hotseat, clock)
        except ProtocolError as exc:
            fail(exc.text(lang))
        except (ValueError, KeyError, MonopolyError) as exc:
            fail(str(exc))
        app = GameApp(local, save_path=save or resume, delay=delay)
    app.run()
    if app.exit_note:
        typer.echo(app.exit_note, err=app.return_code not in (None, 0))
    if app.return_code:
        raise typer.Exit(app.return_code)


def _default_name(lang: str) -> str:
    from monopoly.tui.texts import tr

    return tr(lang, "you")


def _new_table(game: str, players: int | None, bots: str, preset: str | None,
               options: dict[str, object], edition: str, lang: str, seed: int | None,
               name: str | None, hotseat: str | None, clock: int | None) -> LocalTable:
    from monopoly.tui.table import LocalTable
    from monopoly.web.games import adapter

    people = [n.strip() for n in (hotseat or "").split(",") if n.strip()] if hotseat \
        else [name or _default_name(lang)]
    if hotseat is not None and not people:
        fail(_("--hotseat needs the names of the people, comma-separated"))
    if len(set(people)) != len(people):
        fail(_("--hotseat: two people have the same name"))
    low, high = adapter(game).seats
    total = players if players is not None else len(people) + (3 if game == "board" else 1)
    if not low <= total <= high:
        fail(_("--players: {game} takes {low} to {high} seats, got {n}").format(
            game=game, low=low, high=high, n=total))
    if total < len(people):
        fail(_("--players: {n} seats cannot take {people} people").format(
            n=total, people=len(people)))
    levels = [b.strip() for b in bots.split(",") if b.strip()]
    if not levels and total > len(people):
        fail(_("--bots needs at least one bot level or name"))
    seat_people = dict(enumerate(people))
    seat_bots = {s: levels[(s - len(people)) % len(levels)]
                 for s in range(len(people), total)}
    return LocalTable.new(
        game, people=seat_people, bots=seat_bots,
        seed=seed if seed is not None else secrets.randbelow(2**31), preset=preset,
        edition=None if game == "deal" and edition == "standard" else edition,
        options=options, lang=lang, clock=clock)
