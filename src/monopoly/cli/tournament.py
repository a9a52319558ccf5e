"""The ``monopoly tournament`` commands (Typer): plan a seating, simulate a tournament of
bots, and run a stored tournament from the command line (the same operations as the
chief referee's console in the browser).

Commands::

    monopoly tournament seat --players N --rounds R [--table-size 4] [--seed S] [--json]
    monopoly tournament simulate --players N --rounds R --bots B1,B2 [--preset P]
                                 [--scoring NAME] [--seed S] [--workers W] [--json]
    monopoly tournament create --name NAME --date D [--set NAME=VALUE ...] [--db URL]
    monopoly tournament list | show ID | links ID
    monopoly tournament add ID NAME [--club C] [--city C] [--rating R]
    monopoly tournament import ID FILE.csv
    monopoly tournament withdraw ID PLAYER
    monopoly tournament next-round ID [--final] | swap ID ROUND A B
    monopoly tournament start ID ROUND | call-time ID ROUND | close ID ROUND
    monopoly tournament sheet ID ROUND TABLE FILE.json   (a real table's count)
    monopoly tournament confirm ID ROUND TABLE PLAYER | accept ID ROUND TABLE
    monopoly tournament standings ID [--json] | export ID

Bad input (an unknown setting, a broken CSV row, a result for a table that does not exist,
a second confirmation) is one line on stderr saying what was wrong, exit code 2, and
nothing changed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from monopoly.cli.kit import (
    JsonOpt,
    LangOpt,
    SetOpt,
    bot_list,
    check_count,
    fail,
    print_json,
    set_options,
    translation_error,
    use_language,
)
from monopoly.i18n import gettext as _
from monopoly.tournament.errors import TournamentError

__all__ = ["tournament_app"]

tournament_app = typer.Typer(
    help="Tournaments: seat the rounds, simulate with bots, run an event and its standings.",
    no_args_is_help=True,
)

DbOpt = Annotated[str | None, typer.Option(
    help="Database URL (sqlite:///FILE, postgresql+psycopg://...); default: SQLite in the "
    "user's data folder.")]


@contextmanager
def _refused() -> Iterator[None]:
    """A refused operation: one line on stderr in the current language, exit code 2."""
    try:
        yield
    except TournamentError as exc:
        fail(translation_error(exc))


def _book(db: str | None) -> Any:
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from monopoly.store import Store, default_url
    from monopoly.store.tournaments import TournamentBook

    url = db or default_url()
    try:
        return TournamentBook(Store(url))
    except (ArgumentError, ImportError, SQLAlchemyError) as exc:
        fail(_("--db: cannot use the database {url}: {error}").format(
            url=repr(url), error=str(exc).splitlines()[0]))


def _desk(tid: str, db: str | None) -> Any:
    from monopoly.tournament.desk import Desk

    with _refused():
        return Desk.load(_book(db), tid)


@tournament_app.command()
def seat(
    players: Annotated[int, typer.Option(help="Players, numbered 0..N-1.")],
    rounds: Annotated[int, typer.Option(help="Rounds to seat.")] = 3,
    table_size: Annotated[int, typer.Option(help="The preferred table size (3-5).")] = 4,
    seed: Annotated[int, typer.Option(help="Seed of the seating.")] = 0,
    as_json: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Seat N players over R rounds: tables of 3-5, no two players meeting twice where
    possible, first seats rotated."""
    use_language(lang)
    from monopoly.tournament.seating import (
        SeatingError,
        first_seats,
        repeat_pairs,
        seat_rounds,
    )

    check_count("--rounds", rounds, 1)
    try:
        plan = seat_rounds(players, rounds, seed=seed, table_size=table_size)
    except SeatingError as exc:
        fail(str(exc))
    firsts = first_seats(plan)
    counts = [firsts.get(p, 0) for p in range(players)]
    out = {
        "players": players,
        "rounds": [[list(table) for table in r] for r in plan],
        "repeat_pairs": repeat_pairs(plan),
        "table_size": table_size,
        "seed": seed,
        "tables": [len(r) for r in plan],
        "first_seats": {"min": min(counts), "max": max(counts)},
    }
    if as_json:
        print_json(out)
        return
    console = Console()
    for number, r in enumerate(plan, start=1):
        table = Table(title=_("Round {round}").format(round=number))
        table.add_column(_("Table"), justify="right")
        table.add_column(_("Players (first seat first)"))
        for k, players_at in enumerate(r, start=1):
            table.add_row(str(k), ", ".join(str(p) for p in players_at))
        console.print(table)
    console.print(_("Pairs that meet again: {count}").format(count=out["repeat_pairs"]))


@tournament_app.command()
def simulate(
    players: Annotated[int, typer.Option(help="Players (entrant i plays bot i mod len).")],
    rounds: Annotated[int, typer.Option(help="Preliminary rounds.")] = 3,
    bots: Annotated[str, typer.Option(help="Comma-separated bots.")] = "greedy,strong",
    preset: Annotated[str, typer.Option("--preset", help="Rule preset.")] = "tournament",
    scoring: Annotated[str, typer.Option(
        help="championship, hasbro, 5321, or points such as 6,4,2,1.")] = "championship",
    table_size: Annotated[int, typer.Option(help="The preferred table size (3-5).")] = 4,
    format: Annotated[str, typer.Option(help="Seating after round 1: random or swiss.")] = (
        "random"),
    final: Annotated[int, typer.Option(help="The top N play a final table (0: none).")] = 0,
    minutes: Annotated[int, typer.Option(help="Game time in minutes (simulated).")] = 45,
    seed: Annotated[int, typer.Option(help="Seed of the tournament.")] = 0,
    workers: Annotated[int, typer.Option(help="Processes playing the tables.")] = 1,
    settings: SetOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Run a whole tournament of bots offline (the game clock simulated, no waiting)."""
    use_language(lang)
    from monopoly.tournament.simulate import simulate as run

    check_count("--workers", workers, 1)
    names = bot_list(bots)
    with _refused():
        out = run(players, rounds, names, preset=preset, scoring_name=scoring, seed=seed,
                  workers=workers, table_size=table_size, format=format, final_size=final,
                  game_minutes=minutes, options=set_options(settings))
    if as_json:
        print_json(out)
        return
    _print_standings(out["standings"], extra=("bot",))
    console = Console()
    console.print(_("Pairs that meet again: {count}").format(count=out["repeat_pairs"]))


def _print_standings(rows: list[dict[str, Any]], extra: tuple[str, ...] = ()) -> None:
    table = Table(title=_("Standings"))
    table.add_column(_("Rank"), justify="right")
    table.add_column(_("Player"))
    if "bot" in extra:
        table.add_column(_("Bot"))
    table.add_column(_("Points"), justify="right")
    table.add_column(_("Assets"), justify="right")
    for row in rows:
        cells = [str(row["rank"]), row["name"]]
        if "bot" in extra:
            cells.append(row["bot"])
        cells += [str(row["points"]), str(row["assets"])]
        table.add_row(*cells)
    Console().print(table)


@tournament_app.command()
def create(
    name: Annotated[str, typer.Option(help="The tournament's name.")],
    date: Annotated[str, typer.Option(help="Its date, 2026-12-05.")],
    settings: SetOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Create a tournament (championship defaults; change any with --set NAME=VALUE:
    rounds, table_size, format, scoring, final_size, preset, game_minutes, edition,
    language, currency, play, seed) and print its id and the chief referee's link."""
    use_language(lang)
    from monopoly.tournament.desk import Desk

    with _refused():
        desk = Desk.create(_book(db), {"name": name, "date": date, **set_options(settings)})
    out = {"id": desk.id, "chief_token": desk.token("chief"),
           "settings": desk.tournament.settings.to_dict()}
    if as_json:
        print_json(out)
        return
    typer.echo(_("Tournament {id} created; the chief referee's token: {token}").format(
        id=desk.id, token=out["chief_token"]))


@tournament_app.command("list")
def list_cmd(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """The stored tournaments, newest first."""
    rows = _book(db).listing()
    if as_json:
        print_json({"tournaments": rows})
        return
    for row in rows:
        typer.echo(f"{row['id']}\t{row['name']}")


@tournament_app.command()
def show(tid: str, db: DbOpt = None, lang: LangOpt = "en") -> None:
    """A tournament's settings, players, rounds and tables as JSON."""
    use_language(lang)
    from monopoly.tournament.status import status_json

    print_json(status_json(_desk(tid, db), None))


@tournament_app.command()
def links(tid: str, db: DbOpt = None, base: Annotated[str, typer.Option(
        help="The server's address.")] = "http://127.0.0.1:8000") -> None:
    """The personal links: the chief referee's, each table referee's, each player's."""
    desk = _desk(tid, db)
    t = desk.tournament
    out = {"chief": f"{base}/tournament/{t.id}?token={desk.token('chief')}"}
    tables = max((len(r.tables) for r in t.rounds), default=0)
    out.update({f"table:{n}": f"{base}/tournament/{t.id}?token={desk.token(f'table:{n}')}"
                for n in range(1, tables + 1)})
    out.update({f"player:{e.number}": f"{base}/tournament/{t.id}?token="
                f"{desk.token(f'player:{e.number}')}" for e in t.entrants})
    print_json(out)


def _do(tid: str, db: str | None, kind: str, data: dict[str, Any], actor: str = "chief") -> Any:
    desk = _desk(tid, db)
    with _refused():
        return desk.do(kind, data, actor)


@tournament_app.command()
def add(
    tid: str,
    name: str,
    club: Annotated[str, typer.Option(help="Club.")] = "",
    city: Annotated[str, typer.Option(help="City.")] = "",
    rating: Annotated[int, typer.Option(help="Seed rating.")] = 0,
    db: DbOpt = None,
    lang: LangOpt = "en",
) -> None:
    """Register a player (between rounds: a late entry, seated from the next round)."""
    use_language(lang)
    _do(tid, db, "player_added", {"name": name, "club": club, "city": city, "rating": rating})
    typer.echo(_("{name} is registered").format(name=name))


@tournament_app.command("import")
def import_cmd(tid: str, file: Path, db: DbOpt = None, lang: LangOpt = "en") -> None:
    """Register the players of a CSV file (columns: name, club, city, rating); a broken row
    is reported with its line and no player of the file is added."""
    use_language(lang)
    try:
        text = file.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        fail(_("cannot read {path}: {error}").format(path=file, error=exc))
    desk = _desk(tid, db)
    with _refused():
        count = desk.import_csv(text)
    typer.echo(_("{count} players registered").format(count=count))


@tournament_app.command()
def withdraw(tid: str, player: int, db: DbOpt = None, lang: LangOpt = "en") -> None:
    """Withdraw a player between rounds."""
    use_language(lang)
    _do(tid, db, "player_withdrawn", {"player": player})


@tournament_app.command("next-round")
def next_round(tid: str, final: Annotated[bool, typer.Option(
        help="Seat the final table.")] = False, db: DbOpt = None, as_json: JsonOpt = False,
        lang: LangOpt = "en") -> None:
    """Seat the next round by the tournament's format (or the final)."""
    use_language(lang)
    desk = _desk(tid, db)
    with _refused():
        number = desk.seat_next_round(final=final)
    r = desk.tournament.round(number)
    out = {"round": number, "tables": [x.players for x in r.tables]}
    if as_json:
        print_json(out)
        return
    for x in r.tables:
        names = ", ".join(desk.tournament.entrants[p].name for p in x.players)
        typer.echo(_("Table {table}: {names}").format(table=x.number, names=names))


@tournament_app.command()
def swap(tid: str, round_number: int, a: int, b: int, db: DbOpt = None,
         lang: LangOpt = "en") -> None:
    """Swap two players' seats before the round starts."""
    use_language(lang)
    _do(tid, db, "players_swapped", {"round": round_number, "a": a, "b": b})


@tournament_app.command()
def start(tid: str, round_number: int, db: DbOpt = None, lang: LangOpt = "en") -> None:
    """Start every table of the round (the chief referee's word)."""
    use_language(lang)
    _do(tid, db, "round_started", {"round": round_number})


@tournament_app.command("call-time")
def call_time(tid: str, round_number: int, db: DbOpt = None, lang: LangOpt = "en") -> None:
    """Call time on every table of the round (a player who has thrown finishes the turn)."""
    use_language(lang)
    _do(tid, db, "time_called", {"round": round_number})


@tournament_app.command()
def sheet(tid: str, round_number: int, table: int, file: Path, db: DbOpt = None,
          lang: LangOpt = "en") -> None:
    """Enter a real table's score sheet: a JSON list, one holding per player in seat order
    ({"cash": 820, "deeds": {"39": {"houses": 2}}, "bankrupt": false}), with
    "bankrupt_order" on a bankrupt one."""
    use_language(lang)
    try:
        raw = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        fail(_("cannot read {path}: {error}").format(path=file, error=exc))
    if not isinstance(raw, list):
        fail(_("cannot read {path}: {error}").format(path=file, error="a JSON list"))
    desk = _desk(tid, db)
    with _refused():
        players = desk.tournament.round(round_number).table(table).players
        orders = {players[i]: h.pop("bankrupt_order") for i, h in enumerate(raw)
                  if isinstance(h, dict) and "bankrupt_order" in h and i < len(players)}
        desk.sheet(round_number, table, raw, bankrupt_order=orders)


@tournament_app.command()
def confirm(tid: str, round_number: int, table: int, player: int, db: DbOpt = None,
            lang: LangOpt = "en") -> None:
    """Record a player's signature of their table's sheet (as the chief referee)."""
    use_language(lang)
    _do(tid, db, "sheet_confirmed", {"round": round_number, "table": table, "player": player})


@tournament_app.command()
def accept(tid: str, round_number: int, table: int, db: DbOpt = None,
           lang: LangOpt = "en") -> None:
    """Accept a table's signed result."""
    use_language(lang)
    _do(tid, db, "result_accepted", {"round": round_number, "table": table})


@tournament_app.command()
def close(tid: str, round_number: int, db: DbOpt = None, lang: LangOpt = "en") -> None:
    """Close the round: every result accepted, the players may leave their tables."""
    use_language(lang)
    _do(tid, db, "round_closed", {"round": round_number})


@tournament_app.command()
def standings(tid: str, db: DbOpt = None, as_json: JsonOpt = False,
              lang: LangOpt = "en") -> None:
    """The standings over the accepted results."""
    use_language(lang)
    from monopoly.tournament.status import standings_json

    rows = standings_json(_desk(tid, db))
    if as_json:
        print_json({"standings": rows})
        return
    _print_standings(rows)


@tournament_app.command()
def export(tid: str, db: DbOpt = None) -> None:
    """Everything as one JSON object: settings, players, rounds, standings and the whole
    log of operations (the audit log)."""
    from monopoly.tournament.status import status_json

    desk = _desk(tid, db)
    out = status_json(desk, None)  # the public state: no personal links
    out["log"] = [op.to_dict() for op in desk.tournament.ops]  # all of it
    print_json(out)
