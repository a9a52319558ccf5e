"""Each operation of a tournament's log: who may make it, its check (a
:class:`~monopoly.tournament.errors.TournamentError` saying what was wrong, nothing
changed) and its effect on the state (:class:`~monopoly.tournament.state.Tournament`
applies them, checked first).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from monopoly.tournament.errors import TournamentError
from monopoly.tournament.model import (
    BOT_LEVELS,
    EQUIPMENT,
    MAX_NAME,
    Entrant,
    Line,
    Op,
    RoundState,
    TableState,
    is_int,
)

if TYPE_CHECKING:
    from monopoly.tournament.state import Tournament

__all__ = ["CHIEF", "HANDLERS", "KINDS", "SERVER", "authorise"]

# --------------------------------------------------------------------------- permissions

CHIEF: Final = "chief"
SERVER: Final = "server"


def authorise(t: Tournament, who: str, actor: str, data: Mapping[str, Any]) -> None:
    if actor == CHIEF or (actor == SERVER and who in ("server", "chief_or_server", "sheet")):
        return
    if who == "sheet" and actor == f"table:{data.get('table')}":
        return  # a table's referee, for their own table
    if who == "player" and actor == f"player:{data.get('player')}":
        return
    if who == "player" and actor == f"table:{data.get('table')}":
        return  # the table referee confirms for a player who cannot
    if who in ("chief", "chief_or_server"):
        raise TournamentError("forbidden", "only the chief referee may do this")
    if who == "server":
        raise TournamentError("forbidden", "only the server may do this")
    raise TournamentError("forbidden", "this link may not do this")


# --------------------------------------------------------------------------- the checks



def _text(data: Mapping[str, Any], key: str, *, required: bool = False) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise TournamentError("invalid", "{name} must be text", name=key)
    value = " ".join(value.split())
    if required and not value:
        raise TournamentError("invalid", "{name} must not be empty", name=key)
    if len(value) > MAX_NAME:
        raise TournamentError("invalid", "{name} is longer than {most} characters",
                              name=key, most=MAX_NAME)
    return value


def _rating(data: Mapping[str, Any]) -> int:
    rating = data.get("rating", 0)
    if not is_int(rating) or not 0 <= rating <= 100_000:
        raise TournamentError("invalid", "the rating must be a whole number from 0 to 100000")
    return int(rating)


def _unique_name(t: Tournament, name: str, but: int | None = None) -> None:
    key = name.casefold()
    for e in t.entrants:
        if e.number != but and e.name.casefold() == key:
            raise TournamentError("conflict", "a player named {name} is already registered",
                                  name=name)


def _open_round(t: Tournament) -> RoundState | None:
    r = t.current
    return r if r is not None and not r.closed else None


def _check_settings(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    changes = data.get("changes")
    if not isinstance(changes, Mapping) or not changes:
        raise TournamentError("invalid", "give the settings to change")
    late = {"name", "date", "language", "currency", "last_resort", "scoring", "final_size",
            "rounds"}
    if t.rounds and set(changes) - late:
        raise TournamentError(
            "conflict", "once a round is seated only these settings may change: {names}",
            names=", ".join(sorted(late)))
    new = t.settings.replace(**dict(changes))
    done = sum(1 for r in t.rounds if not r.final)
    if new.rounds < done:
        raise TournamentError("conflict", "{count} rounds are already seated", count=done)


def _do_settings(t: Tournament, op: Op) -> None:
    t.settings = t.settings.replace(**dict(op.data["changes"]))


def _check_add(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    unknown = set(data) - {"name", "club", "city", "rating", "bot"}
    if unknown:
        raise TournamentError("invalid", "unknown field {name}", name=sorted(unknown)[0])
    name = _text(data, "name", required=True)
    _text(data, "club")
    _text(data, "city")
    _rating(data)
    _unique_name(t, name)
    bot = data.get("bot")
    if bot is not None and bot not in BOT_LEVELS:
        raise TournamentError("invalid", "a bot entrant's level is one of {choices}",
                              choices=", ".join(BOT_LEVELS))
    if bot is not None and t.settings.play == "real":
        raise TournamentError("invalid", "a bot plays only at an online table")
    if t.finished():
        raise TournamentError("conflict", "the tournament is over")


def _do_add(t: Tournament, op: Op) -> None:
    d = op.data
    seated = sum(1 for r in t.rounds if not r.final)
    t.entrants.append(Entrant(len(t.entrants), _text(d, "name"), _text(d, "club"),
                              _text(d, "city"), _rating(d), joined_round=seated + 1,
                              bot=d.get("bot")))


def _check_edit(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    e = t.entrant(data.get("player"))
    if "name" in data:
        _unique_name(t, _text(data, "name", required=True), but=e.number)
    for key in ("club", "city"):
        if key in data:
            _text(data, key)
    if "rating" in data:
        _rating(data)
    unknown = set(data) - {"player", "name", "club", "city", "rating"}
    if unknown:
        raise TournamentError("invalid", "unknown field {name}", name=sorted(unknown)[0])


def _do_edit(t: Tournament, op: Op) -> None:
    d = op.data
    e = t.entrants[d["player"]]
    if "name" in d:
        e.name = _text(d, "name")
    if "club" in d:
        e.club = _text(d, "club")
    if "city" in d:
        e.city = _text(d, "city")
    if "rating" in d:
        e.rating = _rating(d)


def _check_withdraw(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    e = t.entrant(data.get("player"))
    if e.withdrawn:
        raise TournamentError("conflict", "{name} has already withdrawn", name=e.name)
    r = _open_round(t)
    if r is not None and e.number in r.players():
        raise TournamentError(
            "conflict",
            "{name} is seated in round {round}: mark them absent or replace them by a bot "
            "there, or cancel the seating", name=e.name, round=r.number)


def _do_withdraw(t: Tournament, op: Op) -> None:
    t.entrants[op.data["player"]].withdrawn = True


def _check_return(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    e = t.entrant(data.get("player"))
    if not e.withdrawn:
        raise TournamentError("conflict", "{name} has not withdrawn", name=e.name)


def _do_return(t: Tournament, op: Op) -> None:
    t.entrants[op.data["player"]].withdrawn = False


def _check_seated(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    number = data.get("round")
    expected = len(t.rounds) + 1
    if number != expected:
        raise TournamentError("conflict", "the next round to seat is round {round}",
                              round=expected)
    if t.rounds and not t.rounds[-1].closed:
        raise TournamentError("conflict", "round {round} is not over yet",
                              round=t.rounds[-1].number)
    final = bool(data.get("final", False))
    if final:
        if not t.settings.final_size:
            raise TournamentError("conflict", "this tournament has no final")
        if not t.preliminary_done():
            raise TournamentError("conflict", "the final comes after the preliminary rounds")
        if any(r.final for r in t.rounds):
            raise TournamentError("conflict", "the final is already seated")
    elif t.preliminary_done():
        raise TournamentError("conflict", "all {count} rounds have been played",
                              count=t.settings.rounds)
    tables = data.get("tables")
    if not isinstance(tables, list) or not tables:
        raise TournamentError("invalid", "give the tables of the round")
    seen: set[int] = set()
    for table in tables:
        if not isinstance(table, list) or not 3 <= len(table) <= 5:
            raise TournamentError("invalid", "a table seats 3 to 5 players")
        for p in table:
            e = t.entrant(p)
            if p in seen:
                raise TournamentError("invalid", "{name} is seated twice", name=e.name)
            if e.withdrawn:
                raise TournamentError("conflict", "{name} has withdrawn", name=e.name)
            seen.add(p)
    if final:
        top = [s.player for s in t.standings()[: t.settings.final_size]]
        if len(tables) != 1 or sorted(tables[0]) != sorted(top):
            raise TournamentError("invalid", "the final table seats the top {count} players",
                                  count=t.settings.final_size)
    else:
        missing = [p for p in t.active() if p not in seen]
        if missing:
            raise TournamentError("invalid", "{name} has no seat",
                                  name=t.entrants[missing[0]].name)


def _do_seated(t: Tournament, op: Op) -> None:
    number = op.data["round"]
    tables = [TableState(number, k + 1, list(players))
              for k, players in enumerate(op.data["tables"])]
    for table in tables:  # a bot entrant plays from the start and signs nothing
        table.replaced.update({p: "bot" for p in table.players if t.entrants[p].bot})
    t.rounds.append(RoundState(number, tables, final=bool(op.data.get("final"))))


def _not_started(t: Tournament, data: Mapping[str, Any]) -> RoundState:
    r = t.round(data.get("round"))
    if r.started_at is not None:
        raise TournamentError("conflict", "round {round} has already started", round=r.number)
    return r


def _check_cancel(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    r = _not_started(t, data)
    if r is not t.rounds[-1]:
        raise TournamentError("conflict", "only the last round's seating can be cancelled")


def _do_cancel(t: Tournament, op: Op) -> None:
    t.rounds.pop()


def _check_swap(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    r = _not_started(t, data)
    a, b = t.entrant(data.get("a")), t.entrant(data.get("b"))
    seated = r.players()
    for e in (a, b):
        if e.number not in seated:
            raise TournamentError("invalid", "{name} is not seated in round {round}",
                                  name=e.name, round=r.number)
    if a.number == b.number:
        raise TournamentError("invalid", "choose two different players")


def _do_swap(t: Tournament, op: Op) -> None:
    r = t.round(op.data["round"])
    a, b = op.data["a"], op.data["b"]
    for table in r.tables:
        table.players = [b if p == a else a if p == b else p for p in table.players]
        table.counted = False if (a in table.players) != (b in table.players) else table.counted


def _check_counted(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    r = _not_started(t, data)
    table = r.table(data.get("table"))
    items = data.get("items")
    if not isinstance(items, list) or sorted(map(str, items)) != sorted(EQUIPMENT):
        raise TournamentError("invalid", "tick every item of the equipment count: {items}",
                              items=", ".join(EQUIPMENT))
    if table.counted:
        raise TournamentError("conflict", "table {table} is already counted",
                              table=table.number)


def _do_counted(t: Tournament, op: Op) -> None:
    t.round(op.data["round"]).table(op.data["table"]).counted = True


def _check_started(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    r = _not_started(t, data)
    if t.settings.play == "real":
        missing = [str(x.number) for x in r.tables if not x.counted]
        if missing:
            raise TournamentError(
                "conflict", "the equipment is not counted at tables {tables}",
                tables=", ".join(missing))


def _do_started(t: Tournament, op: Op) -> None:
    t.round(op.data["round"]).started_at = op.at


def _running(t: Tournament, data: Mapping[str, Any]) -> RoundState:
    r = t.round(data.get("round"))
    if r.started_at is None:
        raise TournamentError("conflict", "round {round} has not started", round=r.number)
    if r.time_called_at is not None:
        raise TournamentError("conflict", "time has been called in round {round}",
                              round=r.number)
    return r


def _check_round_pause(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    if _running(t, data).paused:
        raise TournamentError("conflict", "the round is already paused")


def _check_round_resume(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    if not _running(t, data).paused:
        raise TournamentError("conflict", "the round is not paused")


def _pause(spans: list[list[float]], at: float) -> None:
    spans.append([at, -1.0])


def _resume(spans: list[list[float]], at: float) -> None:
    spans[-1][1] = at


def _do_round_pause(t: Tournament, op: Op) -> None:
    _pause(t.round(op.data["round"]).pauses, op.at)


def _do_round_resume(t: Tournament, op: Op) -> None:
    _resume(t.round(op.data["round"]).pauses, op.at)


def _playing_table(t: Tournament, data: Mapping[str, Any]) -> TableState:
    table = _running(t, data).table(data.get("table"))
    if table.lines is not None:
        raise TournamentError("conflict", "table {table} has finished", table=table.number)
    return table


def _check_table_pause(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    if _playing_table(t, data).paused:
        raise TournamentError("conflict", "table {table} is already paused",
                              table=data.get("table"))


def _check_table_resume(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    if not _playing_table(t, data).paused:
        raise TournamentError("conflict", "table {table} is not paused", table=data.get("table"))


def _do_table_pause(t: Tournament, op: Op) -> None:
    _pause(t.round(op.data["round"]).table(op.data["table"]).pauses, op.at)


def _do_table_resume(t: Tournament, op: Op) -> None:
    _resume(t.round(op.data["round"]).table(op.data["table"]).pauses, op.at)


def _check_time(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    _running(t, data)


def _do_time(t: Tournament, op: Op) -> None:
    r = t.round(op.data["round"])
    r.time_called_at = op.at
    for spans in [r.pauses] + [x.pauses for x in r.tables]:
        if spans and spans[-1][1] < 0:
            spans[-1][1] = op.at


def _check_replace(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    r = t.round(data.get("round"))
    table = r.table(data.get("table"))
    e = t.entrant(data.get("player"))
    if e.number not in table.players:
        raise TournamentError("invalid", "{name} does not sit at table {table}",
                              name=e.name, table=table.number)
    if data.get("by") not in ("bot", "absent"):
        raise TournamentError("invalid", "replace a player by a bot or mark them absent")
    if data.get("by") == "bot" and t.settings.play == "real":
        raise TournamentError("invalid", "a bot plays only at an online table")
    if r.started_at is None:
        raise TournamentError("conflict", "before the start, swap the player or cancel the "
                              "seating instead")
    if table.lines is not None:
        raise TournamentError("conflict", "table {table} has finished", table=table.number)
    if e.number in table.replaced:
        raise TournamentError("conflict", "{name} is already replaced", name=e.name)


def _do_replace(t: Tournament, op: Op) -> None:
    d = op.data
    t.round(d["round"]).table(d["table"]).replaced[d["player"]] = d["by"]


def _lines(t: Tournament, table: TableState, raw: object) -> list[Line]:
    if not isinstance(raw, list):
        raise TournamentError("invalid", "give one line per player of the table")
    lines: list[Line] = []
    for item in raw:
        if not isinstance(item, Mapping):
            raise TournamentError("invalid", "give one line per player of the table")
        values = {k: item.get(k, 0) for k in ("cash", "properties", "buildings", "total")}
        other = item.get("other", 0)
        order = item.get("bankrupt_order")
        player = item.get("player")
        if not all(is_int(v) and v >= 0 for v in values.values()) or not is_int(other):
            raise TournamentError("invalid", "assets are whole numbers, not negative")
        if values["total"] != (values["cash"] + values["properties"] + values["buildings"]
                               + other):
            raise TournamentError("invalid", "the total is not the sum of the assets")
        if order is not None and (not is_int(order) or order < 1):
            raise TournamentError("invalid", "the order of bankruptcy counts from 1")
        if order is not None and values["total"]:
            raise TournamentError("invalid", "a bankrupt player's assets are 0")
        lines.append(Line(player, values["cash"], values["properties"],  # type: ignore[arg-type]
                          values["buildings"], values["total"], order, other))
    if sorted(str(x.player) for x in lines) != sorted(str(p) for p in table.players) or \
            len(lines) != len(table.players):
        raise TournamentError("invalid", "the sheet of table {table} needs one line for each "
                              "of its players", table=table.number)
    orders = sorted(x.bankrupt_order for x in lines if x.bankrupt_order is not None)
    if orders != list(range(1, len(orders) + 1)):
        raise TournamentError("invalid", "the orders of bankruptcy must be 1, 2, ... in turn")
    if len(orders) == len(lines):
        raise TournamentError("invalid", "at least one player is not bankrupt at the end of a game")
    by_player = {x.player: x for x in lines}
    return [by_player[p] for p in table.players]


def _started_table(t: Tournament, data: Mapping[str, Any]) -> TableState:
    r = t.round(data.get("round"))
    table = r.table(data.get("table"))
    if r.started_at is None:
        raise TournamentError("conflict", "round {round} has not started", round=r.number)
    return table


def _check_result(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    table = _started_table(t, data)
    source = data.get("source")
    if source not in ("online", "sheet"):
        raise TournamentError("invalid", "a result comes from the online game or the sheet")
    if source == "online" and actor not in (SERVER, CHIEF):
        raise TournamentError("forbidden", "only the server may do this")
    if table.confirmed or table.accepted:
        raise TournamentError(
            "conflict", "the sheet of table {table} is signed: only the chief referee can "
            "correct it", table=table.number)
    _lines(t, table, data.get("lines"))


def _do_result(t: Tournament, op: Op) -> None:
    table = t.round(op.data["round"]).table(op.data["table"])
    table.lines = _lines(t, table, op.data["lines"])
    table.source = op.data["source"]
    table.finished_at = op.at
    table.disputes.clear()


def _check_correct(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    table = _started_table(t, data)
    if table.lines is None:
        raise TournamentError("conflict", "table {table} has no result yet", table=table.number)
    _text(data, "reason", required=True)
    _lines(t, table, data.get("lines"))


def _do_correct(t: Tournament, op: Op) -> None:
    table = t.round(op.data["round"]).table(op.data["table"])
    # the chief referee's word is final: the signatures and the acceptance stand, the
    # change and its reason are in the log
    table.lines = _lines(t, table, op.data["lines"])
    table.disputes.clear()


def _sheet(t: Tournament, data: Mapping[str, Any]) -> tuple[TableState, Entrant]:
    table = _started_table(t, data)
    e = t.entrant(data.get("player"))
    if e.number not in table.players:
        raise TournamentError("invalid", "{name} does not sit at table {table}",
                              name=e.name, table=table.number)
    if table.lines is None:
        raise TournamentError("conflict", "the sheet of table {table} is not written yet",
                              table=table.number)
    if table.accepted:
        raise TournamentError("conflict", "the result of table {table} is accepted",
                              table=table.number)
    return table, e


def _check_confirm(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    table, e = _sheet(t, data)
    if e.number in table.confirmed:
        raise TournamentError("conflict", "{name} has already confirmed the sheet", name=e.name)


def _do_confirm(t: Tournament, op: Op) -> None:
    table = t.round(op.data["round"]).table(op.data["table"])
    table.confirmed[op.data["player"]] = op.actor
    table.disputes.pop(op.data["player"], None)


def _check_dispute(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    table, e = _sheet(t, data)
    _text(data, "reason", required=True)
    if e.number in table.confirmed:
        raise TournamentError("conflict", "{name} has already confirmed the sheet", name=e.name)


def _do_dispute(t: Tournament, op: Op) -> None:
    table = t.round(op.data["round"]).table(op.data["table"])
    table.disputes[op.data["player"]] = _text(op.data, "reason")


def _check_resolve(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    table = _started_table(t, data)
    if not table.disputes:
        raise TournamentError("conflict", "table {table} has no open dispute", table=table.number)


def _do_resolve(t: Tournament, op: Op) -> None:
    t.round(op.data["round"]).table(op.data["table"]).disputes.clear()


def _check_accept(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    table = _started_table(t, data)
    if table.accepted:
        raise TournamentError("conflict", "the result of table {table} is accepted",
                              table=table.number)
    if table.lines is None:
        raise TournamentError("conflict", "table {table} has no result yet", table=table.number)
    if table.disputes:
        raise TournamentError("conflict", "the sheet of table {table} is disputed",
                              table=table.number)
    unsigned = [t.entrants[p].name for p in table.must_sign() if p not in table.confirmed]
    if unsigned:
        raise TournamentError("conflict", "not signed yet by {names}", names=", ".join(unsigned))


def _do_accept(t: Tournament, op: Op) -> None:
    t.round(op.data["round"]).table(op.data["table"]).accepted = True


def _check_close(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    r = t.round(data.get("round"))
    if r.closed:
        raise TournamentError("conflict", "round {round} is already over", round=r.number)
    waiting = [str(x.number) for x in r.tables if not x.accepted]
    if waiting:
        raise TournamentError("conflict", "the results of tables {tables} are not accepted",
                              tables=", ".join(waiting))


def _do_close(t: Tournament, op: Op) -> None:
    t.round(op.data["round"]).closed = True


def _check_room(t: Tournament, data: Mapping[str, Any], actor: str) -> None:
    table = _started_table(t, data)
    if not isinstance(data.get("room"), str) or not data["room"]:
        raise TournamentError("invalid", "give the room of the table")
    if table.room is not None:
        raise TournamentError("conflict", "table {table} already has a room", table=table.number)


def _do_room(t: Tournament, op: Op) -> None:
    t.round(op.data["round"]).table(op.data["table"]).room = op.data["room"]


# the state's class is only named here (it imports this module): aliases as strings
Check = Callable[["Tournament", Mapping[str, Any], str], None]
Do = Callable[["Tournament", Op], None]

# kind -> (check, apply, who may: "chief", "sheet" (a table's referee too), "player"
# (the player themself, or their table's referee), "server", "chief_or_server")
HANDLERS: Final[dict[str, tuple[Check, Do, str]]] = {
    "settings_changed": (_check_settings, _do_settings, "chief"),
    "player_added": (_check_add, _do_add, "chief"),
    "player_edited": (_check_edit, _do_edit, "chief"),
    "player_withdrawn": (_check_withdraw, _do_withdraw, "chief"),
    "player_returned": (_check_return, _do_return, "chief"),
    "round_seated": (_check_seated, _do_seated, "chief_or_server"),
    "seating_cancelled": (_check_cancel, _do_cancel, "chief"),
    "players_swapped": (_check_swap, _do_swap, "chief"),
    "equipment_counted": (_check_counted, _do_counted, "sheet"),
    "round_started": (_check_started, _do_started, "chief_or_server"),
    "round_paused": (_check_round_pause, _do_round_pause, "chief"),
    "round_resumed": (_check_round_resume, _do_round_resume, "chief"),
    "table_paused": (_check_table_pause, _do_table_pause, "sheet"),
    "table_resumed": (_check_table_resume, _do_table_resume, "sheet"),
    "time_called": (_check_time, _do_time, "chief_or_server"),
    "seat_replaced": (_check_replace, _do_replace, "sheet"),  # a stuck table's referee
    "table_room": (_check_room, _do_room, "server"),
    "result_entered": (_check_result, _do_result, "sheet"),
    "result_corrected": (_check_correct, _do_correct, "chief"),
    "sheet_confirmed": (_check_confirm, _do_confirm, "player"),
    "sheet_disputed": (_check_dispute, _do_dispute, "player"),
    "dispute_resolved": (_check_resolve, _do_resolve, "chief"),
    "result_accepted": (_check_accept, _do_accept, "chief_or_server"),
    "round_closed": (_check_close, _do_close, "chief_or_server"),
}
KINDS: Final = ("created", *HANDLERS)
