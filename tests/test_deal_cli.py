"""The ``monopoly deal`` commands, driven through Typer's CliRunner."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from monopoly.cli import app

runner = CliRunner()


def test_deal_deck_json() -> None:
    """docs/deal-rules.md § Deck: `monopoly deal deck --json` gives 106 cards worth 252M, per
    card."""
    result = runner.invoke(app, ["deal", "deck", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["cards"] == 106 and data["bank_value"] == 252
    assert data["counts"]["pass_go"] == 10 and data["counts"]["forced_deal"] == 3
    assert data["kinds"] == {"money": 20, "action": 34, "rent": 13, "property": 28, "wild": 11}
    assert sum(t["count"] for t in data["card_types"]) == 106
    assert len(data["colours"]) == 10


def test_deal_deck_table_in_czech() -> None:
    """Names are data in three languages: the table in Czech."""
    result = runner.invoke(app, ["deal", "deck", "--lang", "cs"])
    assert result.exit_code == 0
    assert "Prostě řekni ne!" in result.output and "252M" in result.output


def test_deal_check_json() -> None:
    """`monopoly deal check --games N --json`: the harness's counts, exit 0."""
    result = runner.invoke(app, ["deal", "check", "--games", "4", "--seed", "3",
                                 "--players", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["games"], data["violations"], data["errors"]) == (4, 0, 0)
    assert data["players"] == 2


def test_deal_check_with_an_option() -> None:
    """`--set NAME=VALUE` plays every game with that option."""
    result = runner.invoke(app, ["deal", "check", "--games", "2", "--set", "sets_to_win=1"])
    assert result.exit_code == 0, result.output
    assert "2 Deal games checked: 0 violations, 0 errors" in result.output


def test_deal_bad_arguments() -> None:
    """Bad arguments: one clear line on stderr, exit code 2."""
    for args, message in (
        (["deal", "check", "--games", "2", "--players", "6"], "--players must be between"),
        (["deal", "check", "--games", "-1"], "--games must be at least 0"),
        (["deal", "check", "--games", "1", "--set", "nonsense=1"], "unknown option"),
        (["deal", "check", "--games", "1", "--set", "oops"], "NAME=VALUE"),
        (["deal", "deck", "--lang", "de"], "--lang must be one of"),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert message in result.output or message in (result.stderr or "")
