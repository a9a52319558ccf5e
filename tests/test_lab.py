"""The strategy lab: statistics, seat rotation, reproducibility for any number of
workers, the JSON of `monopoly simulate`, its report hand-off and its bad input."""

from __future__ import annotations

import importlib.util
import inspect
import json
import sys
import types
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from monopoly.cli import app
from monopoly.lab.board.simulate import LabSetup, play_one, run_games
from monopoly.lab.runner import game_seed, rotated_seats
from monopoly.lab.stats import bot_records, summarize, wilson_interval

runner = CliRunner()
# Small, quick runs: the bots that exist on every branch, a low turn cap.
BOTS = "greedy,random"
TIMING = ("seconds", "games_per_second", "workers", "backend")


def simulate_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["simulate", *args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in TIMING}


# --------------------------------------------------------------------------- statistics


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # Wilson (1927) score interval, z = 1.96; values as in the textbook tables
        (50, 100, 0.4038, 0.5962),
        (1, 10, 0.0179, 0.4042),
        (9, 10, 0.5958, 0.9821),
        (0, 10, 0.0, 0.2775),  # z^2 / (n + z^2)
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_interval_known_values(wins: int, games: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(wins, games)
    assert lo == pytest.approx(low, abs=1e-4)
    assert hi == pytest.approx(high, abs=1e-4)
    assert 0.0 <= lo <= wins / games <= hi <= 1.0


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 5)[0] == 0.0 and wilson_interval(5, 5)[1] == 1.0
    for bad in ((-1, 5), (6, 5), (0, -1)):
        with pytest.raises(ValueError):
            wilson_interval(*bad)
    # more games, a narrower interval around the same rate
    small, large = wilson_interval(5, 10), wilson_interval(500, 1000)
    assert large[1] - large[0] < small[1] - small[0]


def test_bot_records_count_games_seats_and_wins() -> None:
    results = [
        {"seats": ["a", "b", "a"], "winner": 2, "winner_bot": "a", "turns": 10,
         "reason": "last_player"},
        {"seats": ["b", "a", "b"], "winner": None, "winner_bot": None, "turns": 30,
         "reason": "turn_limit"},
        {"seats": ["a", "b", "a"], "winner": 1, "winner_bot": "b", "turns": 20,
         "reason": "last_player"},
    ]
    records = bot_records(results, ["a", "b", "c"])
    assert records["a"]["games"] == 3 and records["a"]["seats"] == 5
    assert records["a"]["wins"] == 1 and records["b"]["wins"] == 1
    assert records["a"]["win_rate"] == pytest.approx(1 / 3)
    assert records["c"] == {"games": 0, "seats": 0, "wins": 0, "win_rate": 0.0,
                            "ci95": [0.0, 1.0]}
    summary = summarize(results, ["a", "b"], seconds=2.0)
    assert summary["draws"] == 1
    assert summary["turns"] == {"mean": 20.0, "median": 20}
    assert summary["seat_wins"] == [0, 1, 1]
    assert summary["reasons"] == {"last_player": 2, "turn_limit": 1}
    assert summary["games_per_second"] == 1.5
    empty = summarize([], ["a"], seconds=0.0)
    assert empty["games"] == 0 and empty["turns"] == {"mean": None, "median": None}


# --------------------------------------------------------------------------- seats and seeds


def test_seats_are_rotated_so_that_every_bot_sits_first_as_often() -> None:
    assert rotated_seats(["a", "b", "c"], 4, 0) == ("a", "b", "c", "a")
    assert rotated_seats(["a", "b", "c"], 4, 1) == ("b", "c", "a", "b")
    assert rotated_seats(["a", "b", "c"], 4, 2) == ("c", "a", "b", "c")
    assert rotated_seats(["a", "b"], 2, 1) == ("b", "a")
    # more bots than seats: each game seats the next ones
    assert rotated_seats(["a", "b", "c", "d", "e"], 2, 3) == ("d", "e")
    bots = ["a", "b", "c"]
    games = 3 * 7
    for seat in range(4):
        firsts = Counter(rotated_seats(bots, 4, i)[seat] for i in range(games))
        assert set(firsts.values()) == {7}, (seat, firsts)
    with pytest.raises(ValueError):
        rotated_seats([], 4, 0)


def test_game_seeds_depend_on_the_seed_and_the_index() -> None:
    seeds = {game_seed(s, i) for s in range(5) for i in range(50)}
    assert len(seeds) == 250
    assert game_seed(3, 7) == game_seed(3, 7)
    assert game_seed(-1, 0) >= 0 and game_seed(0, 1) < 2**63


def test_a_game_is_reproducible_and_reports_its_result() -> None:
    setup = LabSetup(bots=("greedy", "random"), players=3, seed=5, max_turns=200)
    first = play_one(setup, 4, ("random", "greedy", "random"))
    assert first == play_one(setup, 4, ("random", "greedy", "random"))
    assert first["index"] == 4 and first["seed"] == game_seed(5, 4)
    assert first["seats"] == ["random", "greedy", "random"]
    assert first["turns"] <= 200
    assert len(first["net_worth"]) == 3 and len(first["bankrupt"]) == 3
    assert sorted(first["ranking"]) == [0, 1, 2]
    if first["winner"] is None:
        assert first["winner_bot"] is None
    else:
        assert first["winner_bot"] == first["seats"][first["winner"]]
    assert "stats" not in first and "worth_history" not in first


def test_results_are_identical_for_one_and_two_workers() -> None:
    setup = LabSetup(bots=("greedy", "random"), players=3, seed=11, max_turns=150)
    one = run_games(setup, 14, workers=1)
    two = run_games(setup, 14, workers=2)
    assert one == two
    assert [r["index"] for r in one] == list(range(14))
    assert [r["seats"] for r in one[:2]] == [
        ["greedy", "random", "greedy"], ["random", "greedy", "random"]]
    done: list[int] = []
    run_games(setup, 5, workers=1, progress=done.append)
    assert sum(done) == 5
    done.clear()
    assert run_games(setup, 40, workers=3, progress=done.append) == run_games(setup, 40)
    assert sum(done) == 40  # every chunk told once, whoever played it


def test_an_error_in_a_helper_process_reaches_the_caller() -> None:
    """The first chunk goes to a helper process (this one plays from the back): its error
    is raised here, not lost with the helper's thread."""
    setup = LabSetup(bots=("greedy",), players=2, seed=3, max_turns=30)
    seatings = [("no-such-bot", "greedy")] + [("greedy", "greedy")] * 39
    with pytest.raises(ValueError, match="no-such-bot"):
        run_games(setup, seatings=seatings, workers=2)


def test_a_timed_preset_runs_on_the_simulated_clock() -> None:
    data = simulate_json("--games", "3", "--bots", BOTS, "--preset", "timed",
                         "--players", "3")
    assert data["games"] == 3
    assert set(data["reasons"]) <= {"time_limit", "last_player", "turn_limit"}
    assert "time_limit" in data["reasons"]


# --------------------------------------------------------------------------- the command


def test_simulate_json_shape_and_worker_independence() -> None:
    args = ("--games", "12", "--bots", BOTS, "--players", "4", "--seed", "3",
            "--max-turns", "300")
    one = simulate_json(*args, "--workers", "1")
    two = simulate_json(*args, "--workers", "2")
    assert without_timing(one) == without_timing(two)
    assert one["games"] == 12 and one["players"] == 4 and one["seed"] == 3
    assert set(one["bots"]) == {"greedy", "random"}
    for rec in one["bots"].values():
        assert set(rec) >= {"games", "wins", "win_rate", "ci95"}
        low, high = rec["ci95"]
        assert 0.0 <= low <= rec["win_rate"] <= high <= 1.0
        assert rec["games"] == 12  # both bots sit at every table
    wins = sum(rec["wins"] for rec in one["bots"].values())
    assert wins + one["draws"] == 12
    assert set(one["turns"]) == {"mean", "median"}
    assert one["turns"]["mean"] <= 300
    assert one["games_per_second"] > 0
    assert one["rules"]["turn_limit"] == 300
    again = simulate_json(*args)
    assert without_timing(again) == without_timing(one)
    other = simulate_json("--games", "12", "--bots", BOTS, "--seed", "4", "--max-turns", "300")
    assert other["turns"] != one["turns"] or other["bots"] != one["bots"]


def test_simulate_prints_a_table() -> None:
    result = runner.invoke(app, ["simulate", "--games", "4", "--bots", BOTS, "--players", "2",
                                 "--max-turns", "100"])
    assert result.exit_code == 0, result.output
    assert "greedy" in result.stdout and "Win rate" in result.stdout
    assert "Draws (no winner)" in result.stdout and "games per second" in result.stdout
    czech = runner.invoke(app, ["simulate", "--games", "2", "--bots", BOTS, "--players", "2",
                                "--max-turns", "50", "--lang", "cs"])
    assert czech.exit_code == 0, czech.output
    assert "Win rate" not in czech.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--games", "2", "--bots", "greedy,nobody"], "unknown bot 'nobody'"),
        (["--games", "2", "--bots", " , "], "--bots"),
        (["--games", "2", "--bots", "greedy", "--players", "1"], "--players"),
        (["--games", "2", "--bots", "greedy", "--players", "9"], "--players"),
        (["--games", "-1", "--bots", "greedy"], "--games"),
        (["--games", "2", "--bots", "greedy", "--preset", "nope"], "nope"),
        (["--games", "2", "--bots", "greedy", "--edition", "nope"], "nope"),
        (["--games", "2", "--bots", "greedy", "--backend", "spark"], "--backend"),
        (["--games", "2", "--bots", "greedy", "--workers", "0"], "--workers"),
        (["--games", "2", "--bots", "greedy", "--max-turns", "0"], "--max-turns"),
        (["--games", "2", "--bots", "greedy", "--address", "auto"], "--address"),
        (["--games", "2", "--bots", "greedy", "--set", "nope=1"], "nope"),
        (["--games", "2", "--bots", "greedy", "--lang", "de"], "--lang"),
        # the short game deals 2 deeds to each of 8 players: not enough deeds? 16 <= 28;
        # 5 dealt deeds to 8 players are 40 > 28
        (["--games", "2", "--bots", "greedy", "--players", "8", "--set",
          "starting_properties=5"], "error"),
    ],
)
def test_simulate_bad_input_is_one_line_and_exit_2(args: list[str], needle: str) -> None:
    result = runner.invoke(app, ["simulate", *args, "--json"])
    assert result.exit_code == 2, result.output
    err = result.stderr.strip()
    assert needle in err
    assert len(err.splitlines()) == 1
    assert "Traceback" not in result.output
    assert result.stdout == ""


def test_ray_backend_without_ray_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    result = runner.invoke(app, ["simulate", "--games", "2", "--bots", "greedy",
                                 "--backend", "ray", "--json"])
    assert result.exit_code == 2
    err = result.stderr.strip()
    assert "monopoly[ray]" in err and len(err.splitlines()) == 1
    assert result.stdout == ""


# --------------------------------------------------------------------------- the report


def _stub_module(monkeypatch: pytest.MonkeyPatch, name: str, **attrs: Any) -> None:
    module = types.ModuleType(name)
    module.__spec__ = importlib.util.spec_from_loader(name, loader=None)
    for key, value in attrs.items():
        setattr(module, key, value)
    monkeypatch.setitem(sys.modules, name, module)
    parent, _, child = name.rpartition(".")
    monkeypatch.setattr(sys.modules[parent], child, module, raising=False)


def test_report_gets_the_summary_results_and_a_sample(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What `simulate --report` hands to write_report; the real report and game statistics
    where they exist, stubs only while they are missing."""
    if importlib.util.find_spec("monopoly.lab.board.gamestats") is None:
        _stub_module(monkeypatch, "monopoly.lab.board.gamestats",
                     collect=lambda game: {"events": len(game.events or [])})
    calls: list[tuple[Any, ...]] = []
    if importlib.util.find_spec("monopoly.lab.board.report") is None:
        def write_report(*args: Any) -> Path:
            calls.append(args)
            out = Path(args[0]) / "index.html"
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text("<html></html>", encoding="utf-8")
            return out
        _stub_module(monkeypatch, "monopoly.lab.board.report", write_report=write_report)
    else:
        import monopoly.lab.board.report as report

        real = report.write_report

        def spy(*args: Any) -> Path:
            calls.append(args)
            return real(*args)

        monkeypatch.setattr(report, "write_report", spy)
    out = tmp_path / "report"
    data = simulate_json("--games", "3", "--bots", BOTS, "--players", "3", "--max-turns",
                         "80", "--report", str(out), "--lang", "cs")
    assert (out / "index.html").is_file()
    assert data["report"] == str(out / "index.html")
    (out_dir, summary, results, sample, edition, lang), = calls
    assert Path(out_dir) == out and edition == "standard" and lang == "cs"
    assert summary["games"] == 3 and "bots" in summary
    assert [r["index"] for r in results] == [0, 1, 2]
    for r in results:
        assert isinstance(r["stats"], dict)
        assert set(r) >= {"index", "seed", "seats", "winner", "winner_bot", "turns", "reason",
                          "net_worth"}
        assert "worth_history" not in r
    assert sample["seats"] == results[0]["seats"]
    assert len(sample["names"]) == 3
    history = sample["worth_history"]
    assert len(history) == results[0]["turns"] or len(history) == results[0]["turns"] + 1
    assert all(len(row) == 3 for row in history)
    assert history[0] == [1500, 1500, 1500]
    # playing with events and the turn recorder changes nothing in the games
    plain = simulate_json("--games", "3", "--bots", BOTS, "--players", "3", "--max-turns", "80")
    assert plain["bots"] == data["bots"] and plain["turns"] == data["turns"]


# --------------------------------------------------------------------------- check --bots


def _conformance_takes_bots() -> bool:
    from monopoly.lab.board.conformance import run_conformance

    return "bots" in inspect.signature(run_conformance).parameters


@pytest.mark.skipif(not _conformance_takes_bots(), reason="run_conformance(bots=...) not yet")
def test_check_with_bots() -> None:
    result = runner.invoke(app, ["check", "--games", "3", "--bots", "greedy,random", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 3 and data["violations"] == 0 and data["errors"] == 0


def test_check_with_an_unknown_bot_is_exit_2() -> None:
    result = runner.invoke(app, ["check", "--games", "3", "--bots", "greedy,nobody", "--json"])
    assert result.exit_code == 2
    assert "unknown bot 'nobody'" in result.stderr and len(result.stderr.splitlines()) == 1
