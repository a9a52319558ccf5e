"""The ``monopoly`` command, driven through Typer's CliRunner."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from monopoly.board.edition import load_edition
from monopoly.cli import app
from monopoly.lab.board.landing import asymptotic_std, markov_without_jail_cards
from monopoly.lab.board.markov import landing_probabilities

runner = CliRunner()


def run_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


# --------------------------------------------------------------------------- demo / replay


def test_demo_is_reproducible_and_replays(tmp_path: Path) -> None:
    """Two demos with one seed: same state hash, byte-identical records; replay agrees."""
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a = run_json("demo", "--seed", "3", "--record", str(first))
    b = run_json("demo", "--seed", "3", "--record", str(second))
    assert a["state_hash"] == b["state_hash"]
    assert first.read_bytes() == second.read_bytes()
    for key in ("state_hash", "outcome", "turns", "throws", "seed", "players"):
        assert key in a
    assert a["seed"] == 3 and a["players"] == 4
    assert a["outcome"]["reason"] in ("last_player", "turn_limit")
    again = run_json("replay", str(first))
    assert again["state_hash"] == a["state_hash"]
    assert again["outcome"] == a["outcome"]
    assert again["actions"] == len(first.read_text(encoding="utf-8").splitlines()) - 1


def test_demo_narrates_in_sentences(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["demo", "--seed", "2", "--players", "3", "--record", str(record)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Turn 1:" in out and " rolls " in out and "Game over" in out
    # narration builds events, --json does not: the game must be the same either way
    quiet = tmp_path / "quiet.jsonl"
    run_json("demo", "--seed", "2", "--players", "3", "--record", str(quiet))
    assert quiet.read_bytes() == record.read_bytes()
    replayed = runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0, replayed.output
    assert " rolls " in replayed.stdout and "Game over" in replayed.stdout


# --------------------------------------------------------------------------- landing / markov


def test_landing_small_run_is_a_distribution() -> None:
    data = run_json("landing", "--throws", "2000", "--jail", "long", "--seed", "4")
    freq = data["frequencies"]
    assert data["throws"] == 2000
    assert len(freq) == 41
    assert math.isclose(sum(freq), 1.0, abs_tol=1e-9)
    assert freq[30] == 0.0  # nobody ever stays on Go To Jail
    assert all(f >= 0 for f in freq)


@pytest.mark.parametrize("jail", ["long", "short"])
def test_analyze_markov(jail: str) -> None:
    """docs/rules.md §5 and §7: by default the chain keeps drawn jail cards out of the decks, as
    the engine does; --jail-cards returned gives the textbook chain."""
    probs = run_json("analyze", "markov", "--jail", jail)["probabilities"]
    assert len(probs) == 41
    assert math.isclose(sum(probs), 1.0, abs_tol=1e-12)
    assert probs == pytest.approx(markov_without_jail_cards(jail))
    textbook = run_json("analyze", "markov", "--jail", jail, "--jail-cards", "returned")
    assert textbook["probabilities"] == pytest.approx(
        landing_probabilities(load_edition("standard"), jail)
    )


# Tolerance of the engine-vs-Markov comparison. For N throws of a Markov chain the frequency
# of an entry is asymptotically normal with standard deviation sigma_i / sqrt(N), where
# sigma_i^2 is the chain's CLT variance (asymptotic_std: it includes the correlation between
# successive throws; it comes out near the binomial sqrt(p(1-p)), slightly below it).
# Z = 5 standard deviations: 41 entries x 2 modes, so by Bonferroni a correct engine fails
# with probability below 82 * 5.7e-7 < 1e-4 for a random seed; the seed is fixed, so the test
# is deterministic. At N = 200,000 this is 0.10 to 0.22 percentage points per square, and
# 0.52 for the jail entry in "long" mode (jail throws come in runs of up to three, so its
# variance is the largest): an engine error of a few tenths of a point is caught.
#
# The engine keeps drawn Get Out of Jail Free cards out of their decks (docs/rules.md §5) and these
# players never use them, so the exact comparison is the chain without those cards (the
# default of `analyze markov`). The engine cycles each deck rather than drawing cards
# independently; `landing` shuffles afresh every 100,000 throws, so that no single deck
# order dominates (measured at 10 million throws: within 2.5 standard deviations of the
# chain in "long" mode).
N_THROWS = 200_000
Z = 5.0


@pytest.mark.parametrize("jail", ["long", "short"])
def test_landing_agrees_with_markov(jail: str) -> None:
    freq = run_json("landing", "--throws", str(N_THROWS), "--jail", jail, "--seed", "1")[
        "frequencies"
    ]
    exact = run_json("analyze", "markov", "--jail", jail)["probabilities"]
    sampling = [Z * s / math.sqrt(N_THROWS) for s in asymptotic_std(jail)]
    for i in range(41):
        assert abs(freq[i] - exact[i]) <= sampling[i] + 1e-12, (
            f"entry {i}: engine {freq[i]:.5f}, Markov {exact[i]:.5f}, allowed {sampling[i]:.5f}"
        )


# --------------------------------------------------------------------------- check / bench


def test_check_five_games() -> None:
    data = run_json("check", "--games", "5")
    assert data["games"] == 5
    assert data["violations"] == 0
    assert data["errors"] == 0


def test_bench_two_games() -> None:
    data = run_json("bench", "--games", "2", "--strong-games", "2")
    strong = data["strong"]
    assert strong["bot"] == "strong" and strong["games"] == 2
    assert strong["decisions"] > 0 and strong["decisions_per_cpu_second"] > 0
    assert 0 < strong["engine_cpu_seconds"] < strong["cpu_seconds"]
    assert 0 < strong["share_of_cpu_in_bots"] < 1
    postgame = data["postgame"]
    # a game of four hard bots capped at 200 turns (it may end sooner, by bankruptcies)
    assert 0 < postgame["turns"] <= 200 and postgame["actions"] > postgame["turns"]
    assert postgame["cpu_seconds_per_summary"] > 0
    for key in (
        "throws_per_cpu_second",
        "games_per_cpu_second",
        "actions_per_cpu_second",
        "games",
        "throws",
        "actions",
        "cpu_seconds",
        "finished_games",
    ):
        assert key in data
    assert data["games"] == 2
    assert data["throws"] > 0 and data["actions"] >= data["throws"]
    assert 0 <= data["finished_games"] <= 2


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["landing", "--throws", "10", "--jail", "medium", "--json"], "--jail"),
        (["analyze", "markov", "--jail", "forever", "--json"], "--jail"),
        (["landing", "--throws", "-5", "--jail", "long", "--json"], "--throws"),
        (["check", "--games", "-1", "--json"], "--games"),
        (["bench", "--games", "-2", "--json"], "--games"),
        (["bench", "--strong-games", "-1", "--json"], "--strong-games"),
        (["demo", "--players", "1", "--json"], "--players"),
        (["replay", "/nonexistent/record.jsonl", "--json"], "no such record"),
        # the terminal game's arguments, before any screen
        (["play", "--game", "chess"], "--game"),
        (["play", "--delay", "-1"], "--delay"),
        (["play", "--clock", "0"], "--clock"),
        (["play", "--players", "9"], "--players"),
        (["play", "--hotseat", "Ann,Ann"], "same name"),
        (["play", "--resume", "/nonexistent.record"], "cannot read"),
        (["play", "--replay", "/etc/hostname"], "not a record's header"),
        (["play", "--connect", "nourl"], "not an http"),
        (["play", "--connect", "http://127.0.0.1:1/#/nothing"], "has no room"),
        (["play", "--resume", "a", "--replay", "b"], "one at a time"),
        (["play", "--bots", "nosuchbot"], "unknown bot"),
        (["play", "--preset", "nosuch"], "nosuch"),
        (["play", "--edition", "nosuch"], "edition"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], needle: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    err = result.stderr.strip()
    assert needle in err
    assert len(err.splitlines()) == 1
    assert "Traceback" not in result.output
    assert result.stdout == ""


@pytest.mark.parametrize(
    "content",
    [
        "",
        "not json\n",
        '{"format": "something-else"}\n',
        '{"format": "monopoly-record/1", "rules": {}, "edition": "standard", '
        '"seats": ["Ann", "Bob"], "seed": 1}\n[0, "fly"]\n',
    ],
)
def test_invalid_record_is_one_line_and_exit_2(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content, encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 2
    err = result.stderr.strip()
    assert "invalid record" in err and len(err.splitlines()) == 1
    assert "Traceback" not in result.output


def test_markov_kept_jail_cards_model() -> None:
    """docs/rules.md §5: a Get Out of Jail Free card is kept until used; with both held for good
    the decks hold 15 cards, so card moves (and jail) change a little."""
    standard = run_json("analyze", "markov", "--jail", "long", "--jail-cards", "returned")[
        "probabilities"
    ]
    kept = run_json("analyze", "markov", "--jail", "long", "--jail-cards", "kept")
    probs = kept["probabilities"]
    assert kept["jail_cards"] == "kept"
    assert abs(sum(probs) - 1) < 1e-9 and probs[30] == 0
    # more Chance cards move the token when the jail card is out of the pile
    assert probs[36] < standard[36] and probs[22] < standard[22]
    assert probs != standard


def test_markov_rejects_an_unknown_jail_cards_value() -> None:
    result = runner.invoke(app, ["analyze", "markov", "--jail", "long", "--jail-cards", "lost"])
    assert result.exit_code == 2
    assert "--jail-cards" in result.output


def test_a_command_leaves_no_language_behind() -> None:
    """--lang holds for its command only: run in-process (as here), the caller's language
    is current again afterwards, also after a failing command."""
    from monopoly.i18n import current_language

    assert current_language() == "en"
    result = runner.invoke(app, ["rules", "--preset", "czech", "--lang", "ru"])
    assert result.exit_code == 0 and "Старые чешские правила" in result.output
    assert current_language() == "en"
    result = runner.invoke(app, ["rules", "--preset", "nope", "--lang", "cs"])
    assert result.exit_code == 2
    assert current_language() == "en"
