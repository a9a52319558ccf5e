"""The score sheet (TOUR "hrací listina"; docs/rules.md §11 net worth)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from monopoly.board import Game
from monopoly.board.record import replay
from monopoly.board.testing import give, new_game, set_levels
from monopoly.narration.board.sheet import SHEET_FORMAT, render_sheet_html, score_sheet

GOLDEN = Path(__file__).parent / "golden"


def _golden(name: str, actions: int | None = None) -> Game:
    lines = (GOLDEN / name).read_text(encoding="utf-8").splitlines()
    if actions is not None:
        lines = lines[: actions + 1]
    return replay(lines, events=True)


def _assert_totals_add_up(sheet: dict[str, Any]) -> None:
    for p in sheet["players"]:
        assert p["property_total"] == sum(q["value"] for q in p["properties"])
        assert p["buildings_total"] == sum(q["buildings_value"] for q in p["properties"])
        if p["bankrupt"]:
            assert p["total"] == 0
        else:
            assert p["total"] == (
                p["cash"] + p["property_total"] + p["buildings_total"] + p["claims"] - p["debts"]
            )
        # docs/rules.md §11: the sheet counts what the engine counts
        assert p["total"] == p["net_worth"]


@pytest.mark.parametrize("name", ["demo_seed1.jsonl", "demo_seed11.jsonl", "random_seed2024.jsonl"])
def test_rules_11_totals_add_up_and_equal_the_engine_net_worth(name: str) -> None:
    game = _golden(name)
    sheet = score_sheet(game, lang="en")
    _assert_totals_add_up(sheet)
    for p in sheet["players"]:
        assert p["net_worth"] == game.net_worth(p["seat"])


def test_a_finished_game_ranks_as_its_outcome() -> None:
    game = _golden("demo_seed1.jsonl")
    assert game.outcome is not None
    sheet = score_sheet(game, lang="cs")
    assert sheet["status"] == "over"
    assert sheet["outcome"]["reason"] == "last_player"
    assert sheet["outcome"]["winner"] == game.outcome.winner
    assert sheet["outcome"]["winner_name"] == game.players[game.outcome.winner].name
    assert [r["seat"] for r in sheet["ranking"]] == list(game.outcome.ranking)
    assert [r["rank"] for r in sheet["ranking"]] == list(range(1, len(game.players) + 1))
    assert sheet["outcome"]["reason_text"] == "vítězí poslední hráč, který nezbankrotoval"


def test_a_stopped_game_gets_a_sheet_ranked_by_net_worth() -> None:
    game = _golden("random_seed2024.jsonl", actions=400)
    assert not game.is_over
    sheet = score_sheet(game, lang="en")
    assert sheet["status"] == "stopped"
    assert sheet["outcome"]["reason"] == "stopped"
    assert sheet["outcome"]["winner"] is None
    _assert_totals_add_up(sheet)
    alive = [r for r in sheet["ranking"] if not r["bankrupt"]]
    assert [r["total"] for r in alive] == sorted((r["total"] for r in alive), reverse=True)
    assert {r["seat"] for r in sheet["ranking"]} == set(range(len(game.players)))


def test_the_events_are_the_narrated_story_in_the_language() -> None:
    game = _golden("demo_seed11.jsonl", actions=60)
    en = score_sheet(game, lang="en")["events"]
    ru = score_sheet(game, lang="ru")["events"]
    assert len(en) == len(ru) > 10
    assert en[0].startswith("The playing order is")
    assert ru[0].startswith("Порядок ходов:")
    # explicit events win over the game's own list
    assert score_sheet(game, events=[], lang="en")["events"] == []


def test_rules_11_hotel_counts_its_price_and_the_houses_it_replaced() -> None:
    game = new_game(2)
    give(game, 0, 37, 39)  # Park Place, Boardwalk: house cost 200
    set_levels(game, s37=4, s39=5)
    sheet = score_sheet(game, lang="en")
    props = {q["square"]: q for q in sheet["players"][0]["properties"]}
    assert props[37]["houses"] == 4 and props[37]["hotels"] == 0
    assert props[37]["buildings_value"] == 4 * 200
    assert props[39]["houses"] == 0 and props[39]["hotels"] == 1
    assert props[39]["buildings_value"] == 200 + 4 * 200  # the hotel and its 4 houses
    assert props[39]["buildings"] == "hotel"
    assert props[37]["buildings"] == "4 houses"
    assert sheet["players"][0]["total"] == 1500 + 350 + 400 + 800 + 1000
    _assert_totals_add_up(sheet)
    cs = score_sheet(game, lang="cs")["players"][0]["properties"]
    assert [q["buildings"] for q in cs] == ["4 domy", "hotel"]


def test_rules_11_hotel_after_three_houses() -> None:
    """The short game's hotel replaces 3 houses: it counts 4 times the house cost."""
    game = new_game(2, houses_for_hotel=3)
    give(game, 0, 37, 39)
    set_levels(game, s37=4, s39=4)
    props = score_sheet(game)["players"][0]["properties"]
    assert [q["hotels"] for q in props] == [1, 1]
    assert [q["buildings_value"] for q in props] == [800, 800]
    _assert_totals_add_up(score_sheet(game))


def test_rules_11_a_mortgaged_property_counts_half_its_price() -> None:
    game = new_game(2)
    give(game, 1, 5, 6)
    game.apply(1, "mortgage 5")
    sheet = score_sheet(game, lang="en")
    props = {q["square"]: q for q in sheet["players"][1]["properties"]}
    assert props[5]["mortgaged"] and props[5]["price"] == 200 and props[5]["value"] == 100
    assert not props[6]["mortgaged"] and props[6]["value"] == 100
    assert sheet["players"][1]["cash"] == 1500 + 100  # the bank's mortgage loan
    _assert_totals_add_up(sheet)


def test_rules_11_debts_include_loans_between_players() -> None:
    """docs/rules.md §9 house rule: a loan is a debt of the borrower and a claim of the lender."""
    game = new_game(2, player_loans=True)
    game.loans[(0, 1)] = 300  # seat 0 owes seat 1
    sheet = score_sheet(game)
    p0, p1 = sheet["players"]
    assert p0["debts"] == 300 and p0["loans_owed"] == 300 and p0["total"] == 1200
    assert p1["claims"] == 300 and p1["loan_claims"] == 300 and p1["total"] == 1800
    _assert_totals_add_up(sheet)


def test_debts_are_zero_without_loans() -> None:
    sheet = score_sheet(new_game(3))
    assert [p["debts"] for p in sheet["players"]] == [0, 0, 0]


def test_the_sheet_round_trips_through_json() -> None:
    game = _golden("random_seed2024.jsonl")
    for lang in ("en", "cs", "ru"):
        sheet = score_sheet(game, lang=lang)
        assert sheet["format"] == SHEET_FORMAT
        assert sheet["lang"] == lang
        assert json.loads(json.dumps(sheet, ensure_ascii=False)) == sheet


def test_the_sheet_records_edition_rules_and_seats() -> None:
    game = new_game(3, luxury_tax=75)
    sheet = score_sheet(game, lang="cs")
    assert sheet["edition"]["key"] == "standard" and sheet["edition"]["currency"] == "$"
    assert sheet["rules"]["luxury_tax"] == 75
    assert sheet["rules_changed"]["luxury_tax"] == 75
    assert [s["name"] for s in sheet["seats"]] == ["p0", "p1", "p2"]
    assert sheet["rules_text"] == ["Kdo začíná: pořadí u stolu", "Daň z luxusu: 75\xa0$"]
    page = render_sheet_html(sheet)
    assert "Daň z luxusu: 75\xa0$" in page


def test_html_escapes_player_names() -> None:
    game = Game(["<script>alert(1)</script>", "Tom & Jerry"], seed=3)
    page = render_sheet_html(score_sheet(game, lang="en"))
    assert "<script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Tom &amp; Jerry" in page
    assert "Tom & Jerry" not in page


def test_html_is_a_printable_self_contained_page() -> None:
    page = render_sheet_html(score_sheet(_golden("demo_seed1.jsonl"), lang="en"))
    assert page.startswith("<!DOCTYPE html>")
    assert '<html lang="en">' in page
    assert "@media print" in page
    assert "<link" not in page and "<script" not in page and "src=" not in page
    assert "Score sheet" in page and "Player's signature" not in page  # escaped apostrophe
    assert "Player&#39;s signature" in page
    assert "$9,496" in page


@pytest.mark.parametrize(
    ("lang", "labels"),
    [
        ("cs", ["Hrací listina", "Hotovost", "Dluhy", "Celkem", "Pořadí", "Podpis hráče"]),
        ("ru", ["Протокол игры", "Наличные", "Долги", "Итого", "Места", "Подпись игрока"]),
    ],
)
def test_html_in_czech_and_russian_has_the_translated_labels(
    lang: str, labels: list[str]
) -> None:
    game = _golden("demo_seed1.jsonl")
    page = render_sheet_html(score_sheet(game, lang=lang))
    assert f'<html lang="{lang}">' in page
    for label in labels:
        assert label in page
    for english in ("Score sheet", "Cash", "Debts", "Ranking"):
        assert english not in page
    assert "9\xa0496\xa0$" in page  # the locale's money format


def test_disney_sheet_names_cottages_and_castles() -> None:
    """docs/rules.md §10 disney: the score sheet counts White Rabbit Cottages and Sleeping
    Beauty Castles in the edition's words, in every language."""
    from monopoly.board.options import RuleSet

    g = Game(["a", "b"], 1, RuleSet(first_player="fixed"), "disney")
    give(g, 0, 37, 39)
    set_levels(g, s37=5, s39=3)
    expected = {
        "en": ["Sleeping Beauty Castle", "3 White Rabbit Cottages"],
        "cs": ["zámek Šípkové Růženky", "3 chaloupky Bílého králíka"],
        "ru": ["замок Спящей красавицы", "3 дома Белого кролика"],
    }
    for lang, words in expected.items():
        sheet = score_sheet(g, [], lang)
        assert [p["buildings"] for p in sheet["players"][0]["properties"]] == words


def test_the_printed_sheet_cites_no_documentation_to_players() -> None:
    """A player reads the rules' words on the sheet, never a file of the project."""
    g = Game(["Ann", "Bob"], 3)
    for lang in ("en", "cs", "ru"):
        page = render_sheet_html(score_sheet(g, [], lang), lang)
        assert "docs/" not in page and "RULES.md" not in page and "§" not in page, lang
