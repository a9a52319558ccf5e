"""What a tournament's pages and commands show: its state as one role may see it
(:func:`status_json`: the settings, the players, the rounds, the tables and their sheets,
the standings; for the chief referee also the links and the audit log, for a player also
where they sit), and what changes with the time alone (:func:`clocks_json`).

The server's pages poll them (``GET /api/tournaments/{id}``), the printouts are made from
them, and ``monopoly tournament show`` prints them.
"""

from __future__ import annotations

import time
from typing import Any, Final

from monopoly.tournament.desk import Desk
from monopoly.tournament.scoring import as_number, placements, scoring, table_points
from monopoly.tournament.state import CHIEF, EQUIPMENT, RoundState, TableState

__all__ = ["LOG_SHOWN", "clocks_json", "seat_of", "standings_json", "status_json"]

LOG_SHOWN: Final = 200  # operations of the audit log the console shows


def status_json(desk: Desk, role: str | None, *, base_url: str = "") -> dict[str, Any]:
    """What the tournament's pages show to `role` (see the API in docs/protocol.md):
    everyone sees the settings, players, rounds, tables, sheets and standings; the chief
    referee also the links and the audit log; a player also where they sit."""
    t = desk.tournament
    now = time.time()
    s = t.settings
    scheme = scoring(s.scoring)
    limit = s.game_minutes * 60
    rounds: list[dict[str, Any]] = []
    for r in t.rounds:
        tables: list[dict[str, Any]] = []
        for x in r.tables:
            lines = None
            if x.lines is not None:
                result = x.result()
                places, points = placements(result), table_points(result, scheme)
                lines = [{**ln.to_dict(), "place": as_number(places[ln.player]),
                          "points": as_number(points[ln.player])} for ln in x.lines]
            tables.append({
                "table": x.number, "players": list(x.players),
                "status": x.status(r, real=s.play == "real"),
                "counted": x.counted, "paused": x.paused,
                "replaced": {str(k): v for k, v in x.replaced.items()}, "room": x.room,
                "remaining": _remaining(r, x, now, limit), "lines": lines,
                "source": x.source, "confirmed": sorted(x.confirmed),
                "disputes": {str(k): v for k, v in x.disputes.items()},
            })
        rounds.append({
            "round": r.number, "final": r.final, "started_at": r.started_at,
            "time_called_at": r.time_called_at, "paused": r.paused, "closed": r.closed,
            "elapsed": round(r.elapsed(now), 1), "remaining": _remaining(r, None, now, limit),
            "tables": tables,
        })
    out: dict[str, Any] = {
        "id": t.id, "version": len(t.ops), "role": role, "now": now, "settings": s.to_dict(),
        "players": [e.to_dict() for e in t.entrants],
        "rounds": rounds,
        "standings": standings_json(desk),
        "finished": t.finished(), "equipment": list(EQUIPMENT),
    }
    if role == CHIEF:
        link = f"{base_url}/tournament/{t.id}?token="
        most = max((len(x.tables) for x in t.rounds), default=0)
        out["links"] = {
            "chief": link + desk.token(CHIEF),
            "projector": f"{base_url}/tournament/{t.id}/projector",
            "tables": {str(n): link + desk.token(f"table:{n}") for n in range(1, most + 1)},
            "players": {str(e.number): link + desk.token(f"player:{e.number}")
                        for e in t.entrants},
        }
        out["log"] = [op.to_dict() for op in t.ops[-LOG_SHOWN:]]
    elif role is not None and role.startswith("player:"):
        out["me"] = seat_of(desk, int(role.split(":")[1]))
    return out


def seat_of(desk: Desk, me: int) -> dict[str, Any]:
    """Where entrant `me` sits in the current round (their page's ``me``)."""
    where: dict[str, Any] = {"player": me, "round": None, "table": None, "seat": None,
                             "room": None, "room_url": None}
    now_round = desk.tournament.current
    if now_round is not None:
        for x in now_round.tables:
            if me in x.players:
                where.update(round=now_round.number, table=x.number,
                             seat=x.players.index(me), room=x.room,
                             room_url=f"/#/room/{x.room}" if x.room else None)
    return where


def standings_json(desk: Desk) -> list[dict[str, Any]]:
    """The standings over the accepted results, a row per player, best first."""
    t = desk.tournament
    return [{"rank": x.rank, "player": x.player, "name": t.entrants[x.player].name,
             "points": as_number(x.points), "assets": x.assets, "games": x.games,
             "wins": x.wins, "tiebreak": x.tiebreak} for x in t.standings()]


def clocks_json(desk: Desk) -> dict[str, Any]:
    """What changes with the time alone, for a page whose state is current (its
    ``version``): the server's time and every round's and table's clock."""
    t = desk.tournament
    now = time.time()
    limit = t.settings.game_minutes * 60
    return {
        "id": t.id, "version": len(t.ops), "unchanged": True, "now": now,
        "rounds": [{"round": r.number, "elapsed": round(r.elapsed(now), 1),
                    "remaining": _remaining(r, None, now, limit),
                    "tables": [_remaining(r, x, now, limit) for x in r.tables]}
                   for r in t.rounds],
    }


def _remaining(r: RoundState, table: TableState | None, now: float, limit: int) -> float:
    if r.time_called_at is not None:
        return 0.0
    return round(max(0.0, limit - r.elapsed(now, table)), 1)
