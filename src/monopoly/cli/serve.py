"""The server's commands: serve the game in the browser, verify a finished game's record,
and load-test a server (registered on the app by :mod:`monopoly.cli.app`).

Commands::

    monopoly serve [--host H] [--port P] [--db URL] [--bot-delay S] [--expire-after S]
                   [--commit-window MS] [--processes N] [--member URL] [--no-hall]
                   [--lang L]
    monopoly verify RECORD [--lang L] [--json]
    monopoly loadtest [--url URL] [--games N] [--duration S] [--think S] [--processes N]
                      [--kill-after S] [--lang L] [--json]
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Annotated

import typer

from monopoly.board.errors import MonopolyError
from monopoly.cli.kit import (
    JsonOpt,
    LangOpt,
    check_choice,
    check_count,
    fail,
    print_json,
    translation_error,
    use_language,
)
from monopoly.i18n import gettext as _

__all__ = ["loadtest", "serve", "verify"]


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="Database URL (sqlite:///FILE, postgresql+psycopg://...); default: SQLite "
        "in the user's data folder.")] = None,
    bot_delay: Annotated[float, typer.Option(
        help="Seconds a bot waits before it acts.")] = 0.5,
    expire_after: Annotated[float, typer.Option(
        help="Seconds before a room nobody is in is closed (0: never).")] = 24 * 3600.0,
    commit_window: Annotated[float, typer.Option(
        help="Milliseconds the store waits, while several rooms play, for more moves to "
        "share a commit (0: none).")] = 5.0,  # monopoly.web.writer.COMMIT_WINDOW, in ms
    processes: Annotated[int, typer.Option(
        help="Server processes (more than 1: HAProxy in front of them on --port, the "
        "processes on the ports after it; --db must be PostgreSQL).")] = 1,
    member: Annotated[str | None, typer.Option(
        help="This process's own address (http://HOST:PORT) in a deployment of several "
        "processes over one PostgreSQL database (docs/scaling.md).")] = None,
    hall: Annotated[bool, typer.Option(
        help="Run the tournaments in this process (in a deployment, one process does).")
        ] = True,
    lang: LangOpt = "en",
) -> None:
    """Play in the browser: serve rooms, the WebSocket protocol and the page."""
    use_language(lang)  # of this command's own messages; each client chooses its language
    top = 65535 - (processes if processes > 1 else 0)
    if not 0 <= port <= top:
        fail(_("{name} must be between {low} and {high}, got {value}").format(
            name="--port", low=0, high=top, value=port))
    check_count("--processes", processes, 1)
    for name, value in (("--bot-delay", bot_delay), ("--expire-after", expire_after),
                        ("--commit-window", commit_window)):
        if value < 0:
            fail(_("{name} must be at least {low}, got {value}").format(
                name=name, low=0, value=value))
    import uvicorn
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from monopoly.store import Store, default_url
    from monopoly.web.app import create_app
    from monopoly.web.protocol import MAX_READ

    url = db or default_url()
    try:
        Store(url).close()  # reachable, and the tables exist
    except (ArgumentError, ImportError, SQLAlchemyError) as exc:
        fail(_("--db: cannot use the database {url}: {error}").format(
            url=repr(url), error=str(exc).splitlines()[0]))
    several = processes > 1 or member is not None
    if several and not url.startswith("postgresql"):
        fail(_("several server processes share one PostgreSQL database: give --db "
               "postgresql+psycopg://..., got {url}").format(url=repr(url)))
    if processes > 1:
        _serve_several(url, host, port, processes, [
            "--bot-delay", str(bot_delay), "--expire-after", str(expire_after),
            "--commit-window", str(commit_window)])
        return
    typer.echo(_("Monopoly is served at {address} (database: {url})").format(
        address=f"http://{host}:{port}/", url=url.split("@")[-1]))
    uvicorn.run(create_app(url, bot_delay=bot_delay, expire_after=expire_after,
                           commit_window=commit_window / 1000, member=member, hall=hall),
                host=host, port=port,
                log_level="warning", ws_max_size=MAX_READ, timeout_keep_alive=30,
                # small messages: compressing each costs more CPU than it saves
                ws_per_message_deflate=False)


def _serve_several(url: str, host: str, port: int, processes: int, args: list[str]) -> None:
    """HAProxy on `port` in front of `processes` server processes; until interrupted."""
    import signal
    import threading

    from monopoly.tools.deploy import Deployment

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        with Deployment(url, processes, port, host, serve_args=args, quiet=False) as found:
            typer.echo(_("Monopoly is served at {address} by {n} processes (database: "
                         "{url})").format(address=f"http://{host}:{port}/", n=processes,
                                          url=url.split("@")[-1]))
            with contextlib.suppress(KeyboardInterrupt):
                stop.wait()
            typer.echo(_("stopping {n} processes").format(n=len(found.pids())))
    except RuntimeError as exc:
        fail(str(exc), 1)


def verify(
    record: Annotated[Path, typer.Argument(help="A game record (from the server or 'demo').")],
    lang: LangOpt = "en",
    as_json: JsonOpt = False,
) -> None:
    """Check a finished game: the seed against its published hash, the replay, and the
    outcome. Exit 1 when they do not match."""
    from monopoly.web.verify import VerifyError, verify_lines

    use_language(lang)
    try:
        with open(record, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except FileNotFoundError:
        fail(_("no such record file: {path}").format(path=repr(str(record))))
    except (OSError, UnicodeDecodeError) as exc:
        fail(_("cannot read the record {path}: {error}").format(
            path=repr(str(record)), error=exc))
    try:
        report = verify_lines(lines)
    except VerifyError as exc:
        fail(_("the record {path} does not verify: {error}").format(
            path=repr(str(record)), error=translation_error(exc)), 1)
    except MonopolyError as exc:
        fail(_("invalid record {path}: {error}").format(
            path=repr(str(record)), error=translation_error(exc)))
    if as_json:
        print_json(report)
        return
    typer.echo(_("The record verifies: seed {seed}, {n} actions, outcome {outcome}.").format(
        seed=report["seed"], n=report["actions"], outcome=json.dumps(report["outcome"])))


def loadtest(
    url: Annotated[str | None, typer.Option(
        help="A running server (http://HOST:PORT); default: start one on loopback.")] = None,
    games: Annotated[int, typer.Option(help="Concurrent games.")] = 20,
    duration: Annotated[float, typer.Option(help="Seconds to keep starting games.")] = 10.0,
    think: Annotated[float, typer.Option(help="Seconds a client waits before acting.")] = 0.25,
    ramp: Annotated[float | None, typer.Option(
        help="Seconds over which the games start (default: 10, at most a third of "
             "--duration).")] = None,
    processes: Annotated[int, typer.Option(
        help="Server processes of its own server (more than 1: behind HAProxy, on a "
        "throwaway PostgreSQL).")] = 1,
    store: Annotated[str | None, typer.Option(
        help="The own server's database: sqlite (one process's default) or postgresql "
        "(a throwaway cluster).")] = None,
    kill_after: Annotated[float | None, typer.Option(
        help="Kill one of several processes (SIGKILL) after this many seconds: the "
        "clients reconnect, and every game's record is checked after the run.")] = None,
    lang: LangOpt = "en",
    as_json: JsonOpt = False,
) -> None:
    """N concurrent games of bot clients over real WebSockets: action round trips
    (p50, p99), errors and the server's memory per game."""
    use_language(lang)
    check_count("--games", games, 1)
    if duration <= 0:
        fail(_("{name} must be at least {low}, got {value}").format(
            name="--duration", low=0, value=duration))
    if ramp is not None and not 0 <= ramp <= duration:
        fail(_("{name} must be between {low} and {high}, got {value}").format(
            name="--ramp", low=0, high=duration, value=ramp))
    check_count("--processes", processes, 1)
    if store is not None:
        check_choice("--store", store, ("sqlite", "postgresql"))
    if processes > 1 and store == "sqlite":
        fail(_("several server processes share one PostgreSQL database: give --db "
               "postgresql+psycopg://..., got {url}").format(url="sqlite"))
    if kill_after is not None and (processes < 2 or not 0 < kill_after < duration):
        fail(_("--kill-after needs --processes 2 or more and a time within --duration"))
    from monopoly.tools.loadtest import run_loadtest

    try:
        result = run_loadtest(url, games, duration, think, ramp=ramp, processes=processes,
                              store=store, kill_after=kill_after)
    except RuntimeError as exc:
        fail(str(exc), 1)
    if as_json:
        print_json(result)
        return
    for key, value in result.items():
        typer.echo(f"{key}: {value}")
