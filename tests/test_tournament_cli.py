"""The ``monopoly tournament`` commands, driven through Typer's CliRunner: the seating
plan, a whole simulated tournament of bots, and a stored tournament run from the command
line from registration to standings (the championship rules, seed 004)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from monopoly.cli import app
from monopoly.tournament.seating import meetings

runner = CliRunner()


def run(*args: str, code: int = 0) -> str:
    result = runner.invoke(app, ["tournament", *args])
    assert result.exit_code == code, result.output
    return result.output


def test_seat_prints_the_plan_as_json() -> None:
    """Tables of 3-5, everyone once a round, the repeat count as measured."""
    out = json.loads(run("seat", "--players", "22", "--rounds", "3", "--seed", "4", "--json"))
    assert out["players"] == 22 and len(out["rounds"]) == 3
    for r in out["rounds"]:
        assert sorted(p for table in r for p in table) == list(range(22))
        assert all(3 <= len(table) <= 5 for table in r)
        assert [len(t) for t in r].count(4) == 4  # 4+4+4+4+3+3: as many 4s as possible
    plan = [tuple(tuple(t) for t in r) for r in out["rounds"]]
    assert out["repeat_pairs"] == sum(max(0, n - 1) for n in meetings(plan).values())
    again = json.loads(run("seat", "--players", "22", "--rounds", "3", "--seed", "4", "--json"))
    assert again == out
    assert out["first_seats"]["max"] - out["first_seats"]["min"] <= 1


def test_seat_refuses_impossible_input() -> None:
    assert "error" in run("seat", "--players", "2", "--rounds", "1", code=2)
    assert "error" in run("seat", "--players", "10", "--table-size", "7", code=2)


def test_simulate_a_tournament_of_bots(tmp_path: Path) -> None:
    args = ("simulate", "--players", "12", "--rounds", "2", "--bots", "strong,greedy,random",
            "--seed", "3", "--json")
    out = json.loads(run(*args))
    assert len(out["rounds"]) == 2 and len(out["tables"]) == 6
    ranks = [s["rank"] for s in out["standings"]]
    assert ranks == sorted(ranks) and ranks[0] == 1 and len(ranks) == 12
    assert {s["bot"] for s in out["standings"]} == {"strong", "greedy", "random"}
    for s in out["standings"]:
        assert {"player", "name", "points", "assets", "rank"} <= set(s)
    for table in out["tables"]:
        # the championship scoring: 4/3/2/1 (0 for a fifth), shared places split
        assert sum(table["points"]) == sum([4, 3, 2, 1, 0][: len(table["players"])])
    # the same seed, more workers: the same tournament
    assert json.loads(run(*args, "--workers", "2")) == out
    assert run("simulate", "--players", "12", "--bots", "nobody", code=2)
    assert "scoring" in run("simulate", "--players", "12", "--scoring", "1,5", code=2)


def test_a_stored_tournament_from_the_command_line(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 't.sqlite3'}"
    made = json.loads(run("create", "--name", "Ostrava", "--date", "2026-12-05",
                          "--set", "play=real", "--set", "rounds=1", "--db", db, "--json"))
    tid = made["id"]
    csv = tmp_path / "players.csv"
    csv.write_text("name,club,city,rating\nAnn,A,Brno,1\nBob,,,\nCyril,,,\nDana,,,\n"
                   "Eva,,,\nFilip,,,\nGita,,,\nHana,,,\n", encoding="utf-8")
    assert "8" in run("import", tid, str(csv), "--db", db)
    broken = tmp_path / "broken.csv"
    broken.write_text("name,rating\nZoe,x\n", encoding="utf-8")
    assert "line 2" in run("import", tid, str(broken), "--db", db, code=2)
    seated = json.loads(run("next-round", tid, "--db", db, "--json"))
    assert seated["round"] == 1
    assert "equipment" in run("start", tid, "1", "--db", db, code=2)
    show: dict[str, Any] = json.loads(run("show", tid, "--db", db))
    assert [t["status"] for t in show["rounds"][0]["tables"]] == ["seated", "seated"]
    links = json.loads(run("links", tid, "--db", db))
    assert set(links) >= {"chief", "table:1", "table:2", "player:0", "player:7"}
    lines = tmp_path / "sheet.json"
    lines.write_text(json.dumps([{"cash": 1500}] * 4))
    assert "table 3" in run("sheet", tid, "1", "3", str(lines), "--db", db, code=2)
    assert "cannot read" in run("sheet", tid, "1", "1", str(csv), "--db", db, code=2)


def test_standings_and_export_after_a_round(tmp_path: Path) -> None:
    from monopoly.store import Store
    from monopoly.store.tournaments import TournamentBook
    from monopoly.tournament.desk import Desk
    from monopoly.tournament.state import EQUIPMENT

    db = f"sqlite:///{tmp_path / 't.sqlite3'}"
    desk = Desk.create(TournamentBook(Store(db)), {"name": "x", "date": "2026-12-05",
                                                   "play": "real", "rounds": 1})
    for name in ["Ann", "Bob", "Cyril", "Dana"]:
        desk.add_player(name)
    desk.seat_next_round()
    desk.do("equipment_counted", {"round": 1, "table": 1, "items": list(EQUIPMENT)})
    run("start", desk.id, "1", "--db", db)
    run("call-time", desk.id, "1", "--db", db)
    sheet = tmp_path / "sheet.json"
    sheet.write_text(json.dumps([{"cash": 100 * (k + 1)} for k in range(4)]))
    run("sheet", desk.id, "1", "1", str(sheet), "--db", db)
    players = desk.tournament.round(1).tables[0].players
    for p in players:
        run("confirm", desk.id, "1", "1", str(p), "--db", db)
    assert "already confirmed" in run("confirm", desk.id, "1", "1", str(players[0]), "--db", db,
                                      code=2)
    run("accept", desk.id, "1", "1", "--db", db)
    run("close", desk.id, "1", "--db", db)
    rows = json.loads(run("standings", desk.id, "--db", db, "--json"))["standings"]
    assert rows[0]["player"] == players[3] and rows[0]["points"] == 4
    out = json.loads(run("export", desk.id, "--db", db))
    assert out["log"][0]["kind"] == "created" and out["log"][-1]["kind"] == "round_closed"
    assert len(out["standings"]) == 4
