"""The tournament desk: the organiser's operations on a stored tournament.

A :class:`Desk` holds one tournament's state (:class:`~monopoly.tournament.state.Tournament`)
and its store (:class:`~monopoly.store.tournaments.TournamentBook`); each operation is
checked, stored (committed) and only then applied, so what was answered survives a
restart and a refused operation changes nothing, neither in memory nor in the database.

The personal links are derived from the tournament's secret (HMAC-SHA256 of the role):
``chief`` (the organiser and chief referee), ``table:T`` (the referee of table ``T``),
``player:N`` (entrant ``N``); :meth:`Desk.role_of` turns a link's token back into its role.
No token is stored, and the chief referee can print every link again.

Example::

    >>> from monopoly.store import Store
    >>> from monopoly.store.tournaments import TournamentBook
    >>> book = TournamentBook(Store("sqlite://"))
    >>> desk = Desk.create(book, {"name": "Cup", "date": "2026-12-05", "seed": 3})
    >>> desk.import_csv("name,club\\nAnn,Brno\\nBob,\\nCyril,Praha\\nDana,\\n")
    4
    >>> desk.seat_next_round()
    1
    >>> again = Desk.load(book, desk.id)  # as after a restart: the log replayed
    >>> sorted(again.tournament.rounds[0].tables[0].players)
    [0, 1, 2, 3]
    >>> again.role_of(desk.token("player:2")), again.role_of("forged")
    ('player:2', None)
"""

from __future__ import annotations

import base64
import csv
import hashlib
import hmac
import io
import secrets
import threading
from collections.abc import Mapping, Sequence
from typing import Any

from monopoly.store.tournaments import TournamentBook
from monopoly.tournament.assets import Holding, count_table, holding_from_dict
from monopoly.tournament.errors import TournamentError
from monopoly.tournament.seating import SeatingError, seat_round
from monopoly.tournament.settings import Settings
from monopoly.tournament.state import CHIEF, Op, Tournament

__all__ = ["CSV_FIELDS", "Desk"]

CSV_FIELDS = ("name", "club", "city", "rating", "bot")
MAX_CSV = 1 << 20


class Desk:
    """One stored tournament (see the module docstring)."""

    def __init__(self, book: TournamentBook, tournament: Tournament, secret: bytes) -> None:
        self.book = book
        self.tournament = tournament
        self._secret = secret
        self._lock = threading.Lock()
        self._roles: dict[str, str] = {}  # token -> role
        self._roles_for: tuple[int, int] | None = None

    @property
    def id(self) -> str:
        return self.tournament.id

    @classmethod
    def create(cls, book: TournamentBook, settings: Mapping[str, Any],
               tid: str | None = None) -> Desk:
        s = Settings.from_dict(settings)
        tid = tid or secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        secret = secrets.token_bytes(32)
        t = Tournament(tid, s)
        book.create(tid, s.name, secret, t.ops[0].to_dict())
        return cls(book, t, secret)

    @classmethod
    def load(cls, book: TournamentBook, tid: str) -> Desk:
        secret = book.secret(tid)
        if secret is None:
            raise TournamentError("not_found", "no tournament {id}", id=tid)
        ops = [Op(o["kind"], o["data"], o["seq"], o["at"], o["actor"]) for o in book.ops(tid)]
        return cls(book, Tournament.replay(tid, ops), secret)

    # --- links

    def token(self, role: str) -> str:
        mac = hmac.new(self._secret, f"{self.id}:{role}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac[:16]).decode().rstrip("=")

    def role_of(self, token: str | None) -> str | None:
        """The role whose link carries `token` (None: no role)."""
        if not token:
            return None
        t = self.tournament
        tables = max(max((len(r.tables) for r in t.rounds), default=0), 60)
        key = (len(t.entrants), tables)
        if self._roles_for != key:  # every link's token, made once (an HMAC each)
            roles = [CHIEF] + [f"player:{e.number}" for e in t.entrants]
            roles += [f"table:{n}" for n in range(1, tables + 1)]
            self._roles = {self.token(role): role for role in roles}
            self._roles_for = key
        return self._roles.get(token)

    # --- operations

    def do(self, kind: str, data: Mapping[str, Any], actor: str = CHIEF,
           at: float | None = None) -> Op:
        """Check and apply one operation, then store it (a TournamentError changes
        nothing; a failed write puts the state back as the log has it)."""
        with self._lock:
            t = self.tournament
            done = t.apply(Op(kind, dict(data)), actor, at)  # checked before it applies
            try:
                name = t.settings.name if kind == "settings_changed" else None
                self.book.append(self.id, done.to_dict(), name)
            except Exception:
                # not stored: rebuild the state from the log, as it was before
                self.tournament = Desk.load(self.book, self.id).tournament
                raise
            return done

    def add_player(self, name: str, club: str = "", city: str = "", rating: int = 0,
                   bot: str | None = None) -> int:
        data: dict[str, Any] = {"name": name, "club": club, "city": city, "rating": rating}
        if bot is not None:
            data["bot"] = bot
        self.do("player_added", data)
        return len(self.tournament.entrants) - 1

    def import_csv(self, text: str) -> int:
        """Add the players of a CSV file (a header row naming ``name`` and any of ``club``,
        ``city``, ``rating``). The whole file is checked first: a broken row is an error
        naming its line, and then no player of the file is added."""
        if len(text) > MAX_CSV:
            raise TournamentError("invalid", "the file is larger than 1 MiB")
        rows = _csv_rows(text)
        names = {e.name.casefold() for e in self.tournament.entrants}
        probe = Tournament(self.id, self.tournament.settings)  # checks a row's fields alone
        for line, row in rows:
            key = row["name"].casefold()
            if key in names:
                raise TournamentError("conflict", "line {line}: a player named {name} is "
                                      "already registered", line=line, name=row["name"])
            names.add(key)
            try:
                probe.check(Op("player_added", row), CHIEF)
            except TournamentError as exc:
                raise TournamentError("invalid", "line {line}: {error}", line=line,
                                      error=exc.args[0]) from None
        for _line, row in rows:
            self.do("player_added", row)
        return len(rows)

    def seat_next_round(self, *, final: bool = False) -> int:
        """Seat the next round (or the final) by the format (:func:`next_seating`);
        returns its number."""
        number = len(self.tournament.rounds) + 1
        tables = next_seating(self.tournament, final=final)
        self.do("round_seated", {"round": number, "tables": tables, "final": final})
        return number

    def sheet(self, round_number: int, table: int, holdings: Sequence[Mapping[str, Any]],
              actor: str = CHIEF, *, correct_reason: str | None = None,
              bankrupt_order: Mapping[int, int] | None = None) -> Op:
        """Enter a real table's score sheet from the banker's count: one holding per player
        in seat order (see :func:`~monopoly.tournament.assets.holding_from_dict`), counted
        with the edition's prices (a correction, by the chief referee, needs a reason)."""
        from monopoly.board.edition import load_edition

        t = self.tournament
        tbl = t.round(round_number).table(table)
        if not isinstance(holdings, Sequence) or len(holdings) != len(tbl.players):
            raise TournamentError("invalid", "the sheet of table {table} needs one line for "
                                  "each of its players", table=table)
        parsed: list[Holding] = [holding_from_dict(h) for h in holdings]
        rules = t.settings.rules()
        counts = count_table(load_edition(t.settings.edition), parsed,
                             houses_for_hotel=rules.houses_for_hotel)
        orders = dict(bankrupt_order or {})
        lines = []
        for player, holding, count in zip(tbl.players, parsed, counts, strict=True):
            line: dict[str, Any] = {"player": player, **count.to_dict(),
                                    "bankrupt_order": orders.get(player)}
            if holding.bankrupt and line["bankrupt_order"] is None:
                raise TournamentError("invalid", "give the order in which {name} went bankrupt",
                                      name=t.entrants[player].name)
            lines.append(line)
        data = {"round": round_number, "table": table, "lines": lines}
        if correct_reason is not None:
            return self.do("result_corrected", {**data, "reason": correct_reason}, actor)
        return self.do("result_entered", {**data, "source": "sheet"}, actor)


def next_seating(t: Tournament, *, final: bool = False) -> list[list[int]]:
    """The tables of the next round of `t`: the final's one table of the top players, in
    the order of the standings; otherwise at random avoiding repeats, or from round 2 by
    the standings (the ``swiss`` format), first seats rotated
    (:func:`~monopoly.tournament.seating.seat_round`, seeded by the tournament's seed and
    the round)."""
    number = len(t.rounds) + 1
    s = t.settings
    if final:
        return [[x.player for x in t.standings()[: s.final_size]]]
    active = t.active()
    by_standings = None
    if s.format == "swiss" and t.rounds:
        present = set(active)
        by_standings = [x.player for x in t.standings() if x.player in present]
        by_standings += [p for p in active if p not in set(by_standings)]
    try:
        seated = seat_round(active, history=t.history(), seed=round_seed(s.seed, number),
                            table_size=s.table_size, standings=by_standings)
    except SeatingError as exc:
        raise TournamentError("invalid", "{error}", error=str(exc)) from None
    return [list(table) for table in seated]


def round_seed(seed: int, number: int) -> int:
    """The seed of round `number` of a tournament with `seed`."""
    digest = hashlib.blake2b(f"monopoly-tournament:{seed}:{number}".encode(),
                             digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def _csv_rows(text: str) -> list[tuple[int, dict[str, Any]]]:
    sample = text.lstrip("\ufeff")
    try:
        dialect: Any = csv.Sniffer().sniff(sample.split("\n", 1)[0], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(sample), dialect)
    try:
        header = [h.strip().lower() for h in next(reader)]
    except StopIteration:
        raise TournamentError("invalid", "the file is empty") from None
    if "name" not in header:
        raise TournamentError("invalid", "the first row must name the columns, name among them")
    unknown = [h for h in header if h not in CSV_FIELDS]
    if unknown:
        raise TournamentError("invalid", "unknown column {name}; the columns are: {names}",
                              name=unknown[0], names=", ".join(CSV_FIELDS))
    rows: list[tuple[int, dict[str, Any]]] = []
    try:
        for values in reader:
            line = reader.line_num
            if not any(v.strip() for v in values):
                continue
            if len(values) != len(header):
                raise TournamentError("invalid", "line {line}: {count} values for {columns} "
                                      "columns", line=line, count=len(values),
                                      columns=len(header))
            row: dict[str, Any] = dict(zip(header, (v.strip() for v in values), strict=True))
            if "rating" in row:
                raw = row["rating"] or "0"
                if not raw.isdigit():
                    raise TournamentError("invalid", "line {line}: the rating must be a whole "
                                          "number", line=line)
                row["rating"] = int(raw)
            if "bot" in row and not row["bot"]:
                del row["bot"]
            rows.append((line, row))
    except csv.Error as exc:
        raise TournamentError("invalid", "the file is not CSV: {error}", error=str(exc)) from None
    if not rows:
        raise TournamentError("invalid", "the file names no players")
    return rows
