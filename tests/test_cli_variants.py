"""The rule-variant commands (a contract: scripts depend on these shapes): presets, rules,
check --preset/--edition, demo --preset/--edition/--lang/--sheet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monopoly.board.options import PRESETS, preset
from monopoly.cli import app

runner = CliRunner()


def test_presets_json_lists_every_preset_with_its_full_rule_set() -> None:
    """docs/rules.md §12: one object per preset with "name" and the full effective "options"."""
    result = runner.invoke(app, ["presets", "--json"])
    assert result.exit_code == 0, result.output
    items = json.loads(result.output)
    assert [i["name"] for i in items] == list(PRESETS)
    for item in items:
        assert item["options"] == preset(item["name"]).to_dict()


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Auctions: sealed bids"),
        ("cs", "Dražby"),
        ("ru", "Аукцион"),
    ],
)
def test_rules_of_a_preset_in_a_language(lang: str, expected: str) -> None:
    """docs/rules.md §12: the effective rules of a preset, readable, in that language."""
    result = runner.invoke(app, ["rules", "--preset", "tournament", "--lang", lang])
    assert result.exit_code == 0, result.output
    assert expected in result.output
    assert "50" in result.output  # the jail card price cap


def test_rules_json_marks_the_changed_options() -> None:
    result = runner.invoke(app, ["rules", "--preset", "short", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    changed = {line["option"] for line in data["rules"] if line["changed"]}
    assert changed == set(preset("short").changed())


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "--preset", "bogus"],
        ["rules", "--preset", "classic", "--lang", "de"],
        ["check", "--games", "1", "--preset", "nope"],
        ["check", "--games", "1", "--edition", "monaco"],
        ["demo", "--edition", "../etc/passwd"],
        ["demo", "--lang", "xx"],
    ],
)
def test_bad_preset_edition_or_language_is_one_line_and_exit_2(args: list[str]) -> None:
    """Bad input: a clear one-line error that names what was wrong, exit code 2."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("monopoly: error:")


@pytest.mark.parametrize("name", PRESETS)
def test_check_holds_for_every_preset(name: str) -> None:
    """The conformance harness passes for every preset (a few games here; CI runs more)."""
    result = runner.invoke(app, ["check", "--preset", name, "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["violations"] == 0 and data["errors"] == 0


@pytest.mark.parametrize("edition", ["uk", "disney"])
def test_check_holds_for_every_edition(edition: str) -> None:
    result = runner.invoke(app, ["check", "--edition", edition, "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["violations"] == 0


def test_demo_in_czech_with_the_score_sheet(tmp_path: Path) -> None:
    """The demo plays and narrates in the chosen language and writes the score sheet."""
    sheet = tmp_path / "sheet.html"
    record = tmp_path / "game.jsonl"
    result = runner.invoke(
        app,
        [
            "demo", "--preset", "tournament", "--edition", "uk", "--lang", "cs",
            "--seed", "3", "--sheet", str(sheet), "--record", str(record),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "hází" in result.output  # Czech narration ("rolls")
    html = sheet.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and 'lang="cs"' in html
    # the record replays (the table's clock actions included)
    replayed = runner.invoke(app, ["replay", str(record), "--json"])
    assert replayed.exit_code == 0, replayed.output


def test_demo_json_names_preset_and_edition() -> None:
    result = runner.invoke(
        app, ["demo", "--preset", "short", "--edition", "disney", "--seed", "2", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["preset"], data["edition"]) == ("short", "disney")
    assert data["outcome"] is not None


def test_options_set_one_by_one_on_top_of_a_preset() -> None:
    """docs/rules.md §12: presets are starting points; every option can be set on top."""
    result = runner.invoke(
        app,
        ["rules", "--preset", "timed", "--set", "time_limit_minutes=90", "--set",
         "auction=sealed", "--json"],
    )
    assert result.exit_code == 0, result.output
    lines = {line["option"]: line for line in json.loads(result.output)["rules"]}
    assert lines["time_limit_minutes"]["value"] == "90"
    assert lines["auction"]["changed"]


@pytest.mark.parametrize(
    ("setting", "named"),
    [("foo=1", "foo"), ("houses_for_hotel=9", "houses_for_hotel"), ("auction", "NAME=VALUE")],
)
def test_bad_option_on_the_command_line_names_it(setting: str, named: str) -> None:
    result = runner.invoke(app, ["check", "--games", "1", "--set", setting])
    assert result.exit_code == 2
    assert named in result.output and result.output.count("\n") == 1


def test_check_with_options_on_top() -> None:
    result = runner.invoke(
        app, ["check", "--games", "2", "--set", "auction=sealed", "--set", "player_loans=true",
              "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["violations"] == 0


def test_replay_writes_the_score_sheet_of_a_stopped_game(tmp_path: Path) -> None:
    """The score sheet exists for every finished or stopped game: a record cut short is a
    stopped game, counted by net worth."""
    record = tmp_path / "game.jsonl"
    played = runner.invoke(
        app, ["demo", "--preset", "short", "--seed", "3", "--record", str(record), "--json"]
    )
    assert played.exit_code == 0, played.output
    lines = record.read_text(encoding="utf-8").splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:60]) + "\n", encoding="utf-8")
    out = tmp_path / "sheet.json"
    html = tmp_path / "sheet.html"
    result = runner.invoke(
        app, ["replay", str(cut), "--lang", "ru", "--sheet-json", str(out), "--sheet", str(html)]
    )
    assert result.exit_code == 0, result.output
    sheet = json.loads(out.read_text(encoding="utf-8"))
    assert sheet["status"] == "stopped" and sheet["lang"] == "ru"
    assert [r["rank"] for r in sheet["ranking"]] == [1, 2, 3, 4]
    assert 'lang="ru"' in html.read_text(encoding="utf-8")
