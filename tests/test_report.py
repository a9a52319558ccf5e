"""The strategy lab's report: per-game statistics and the HTML page with plots."""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import pytest

from monopoly.board import events as E
from monopoly.board.edition import load_edition
from monopoly.board.game import Game
from monopoly.board.testing import give, new_game, rig_dice, set_levels, stack_deck
from monopoly.bots import make_bot
from monopoly.bots.board.driver import play_game
from monopoly.lab.board import report
from monopoly.lab.board.gamestats import collect, group_keys
from monopoly.lab.board.report import (
    PLOTS,
    board_cells,
    landing_shares,
    markov_shares,
    roi_by_group,
    write_report,
)
from monopoly.lab.report import fair_shares, win_rate_rows

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _play(game: Game, script: list[tuple[int, str]]) -> None:
    for seat, action in script:
        game.apply(seat, action)


@pytest.fixture(scope="module")
def scripted() -> Game:
    """A short rigged game touching every kind of rent and investment.

    Seat 1 holds the browns (a house on Baltic); seat 0 holds Pennsylvania Railroad."""
    g = new_game(2)
    give(g, 1, 1, 3)
    set_levels(g, s3=1)  # set up, not bought: no Built event, no investment
    give(g, 0, 15)
    rig_dice(g, (1, 2), (2, 3), (2, 4), (1, 1), (1, 2), (1, 3))
    _play(g, [
        (0, "roll"),  # 0 -> 3 Baltic Avenue: rent 20 (one house) to seat 1, brown
        (0, "end"),
        (1, "roll"),  # 0 -> 5 Reading Railroad
        (1, "buy"),  # railroad: 200
        (1, "build 1"),  # brown: a house on Mediterranean Avenue, 50
        (1, "end"),
        (0, "roll"),  # 3 -> 9 Connecticut Avenue
        (0, "buy"),  # light blue: 120
        (0, "end"),
    ])
    stack_deck(g, "chance", "chance_advance_to_nearest_railroad_1")
    _play(g, [
        # 5 -> 7 Chance (doubles), the card: on to 15 Pennsylvania Railroad, twice the
        # rent of one railroad (25) to seat 0: 50, railroad
        (1, "roll"),
        (1, "roll"),  # doubles again: 15 -> 18 Tennessee Avenue, unowned
        (1, "decline"),  # auction of Tennessee Avenue
        (0, "pass"),
        (1, "bid 30"),  # seat 1 wins it for 30: orange 30
        (1, "mortgage 5"),
        (1, "unmortgage 5"),  # lifting a mortgage is no investment
        (1, "end"),
        (0, "roll"),  # 9 -> 13 States Avenue, unowned
        (0, "decline"),
        (1, "pass"),
        (0, "bid 1"),
    ])
    return g


def test_collect_counts_where_each_throw_leaves_the_token(scripted: Game) -> None:
    """One count per throw, where the token is once the throw is resolved: the throw onto
    Chance whose card moves on to Pennsylvania Railroad counts on 15, not on 7 (the measure
    of the Markov chain's long-run probabilities)."""
    stats = collect(scripted)
    assert len(stats["landings"]) == 40
    expected = [0] * 40
    for sq in (3, 5, 9, 15, 18, 13):
        expected[sq] += 1
    assert stats["landings"] == expected
    throws = [e for e in scripted.events or [] if isinstance(e, E.DiceRolled)]
    assert sum(stats["landings"]) == len(throws)


def test_collect_counts_a_failed_jail_throw_and_go_to_jail_on_the_jail_square() -> None:
    g = new_game(2)
    rig_dice(g, (2, 3), (1, 2))
    g.players[0].position = 25
    g.apply(0, "roll")  # 25 -> 30 Go To Jail -> 10
    g.apply(0, "end")
    g.players[1].position = 17
    g.apply(1, "roll")  # 17 -> 20 Free Parking
    g.apply(1, "end")
    rig_dice(g, (1, 2))
    g.apply(0, "roll")  # in jail, no doubles: stays
    g.apply(0, "end")
    landings = collect(g)["landings"]
    assert landings[10] == 2 and landings[30] == 0 and landings[20] == 1


def test_collect_attributes_rent_to_the_square_the_payer_stands_on(scripted: Game) -> None:
    rent = collect(scripted)["rent_by_group"]
    # Baltic with a house (20, brown) and the card's double railroad rent (50): the rent is
    # the railroad's, found from the card move, not from the Chance square
    assert rent["brown"] == 20
    assert rent["railroad"] == 50
    assert sum(rent.values()) == 70
    assert set(rent) == set(group_keys(scripted))


def test_collect_sums_the_investments_exactly(scripted: Game) -> None:
    invested = collect(scripted)["invested_by_group"]
    # purchases 200 (railroad) and 120 (light blue), a house 50 (brown), auctions won
    # for 30 (orange) and 1 (pink); the mortgage's lift (110) is not counted
    assert invested["railroad"] == 200
    assert invested["light_blue"] == 120
    assert invested["brown"] == 50
    assert invested["orange"] == 30
    assert invested["pink"] == 1
    assert sum(invested.values()) == 401
    json.dumps(collect(scripted))  # JSON-able


def test_collect_counts_dealt_deeds_at_the_price_paid() -> None:
    g = new_game(3, seed=5, starting_properties=2, starting_properties_paid=True)
    dealt = [e for e in g.events or [] if isinstance(e, E.PropertyDealt)]
    assert len(dealt) == 6
    invested = collect(g)["invested_by_group"]
    assert sum(invested.values()) == sum(e.price_paid for e in dealt) > 0
    for e in dealt:
        group = g.edition.squares[e.square].group
        assert group is not None and invested[group] >= e.price_paid


def test_collect_counts_a_housing_auction_once() -> None:
    """A building won at auction is a Built event with what was paid: the AuctionWon of a
    house lot is not counted again."""
    g = new_game(2)
    assert g.events is not None
    g.events.extend([
        E.AuctionWon(0, "house", 39, 230),
        E.Built(0, 39, 1, 230),
        E.AuctionWon(1, "property", 37, 310),
    ])
    invested = collect(g)["invested_by_group"]
    assert invested["dark_blue"] == 540


def test_collect_needs_events() -> None:
    g = Game(["a", "b"], 1, events=False)
    with pytest.raises(ValueError, match="events=True"):
        collect(g)


def test_group_keys_colours_first() -> None:
    g = new_game(2)
    keys = group_keys(g)
    assert keys[:8] == ["brown", "light_blue", "pink", "orange", "red", "yellow", "green",
                        "dark_blue"]
    assert keys[8:] == ["railroad", "utility"]


# --- the numbers behind the plots


def test_board_cells_put_go_at_the_bottom_right() -> None:
    cells = board_cells(40)
    assert len(set(cells)) == 40
    assert cells[0] == (10, 10)  # GO
    assert cells[10] == (10, 0)  # jail
    assert cells[20] == (0, 0)  # Free Parking
    assert cells[30] == (0, 10)  # Go To Jail
    assert cells[1] == (10, 9) and cells[11] == (9, 0) and cells[21] == (0, 1)
    assert cells[39] == (9, 10)
    # every cell lies on the ring, and neighbours on the board touch on the grid
    for i, (r, c) in enumerate(cells):
        assert r in (0, 10) or c in (0, 10)
        nr, nc = cells[(i + 1) % 40]
        assert abs(nr - r) + abs(nc - c) == 1


def test_roi_is_rent_over_investment() -> None:
    edition = load_edition("standard")
    results = [
        {"stats": {"rent_by_group": {"brown": 100, "railroad": 50},
                   "invested_by_group": {"brown": 200, "railroad": 25}}},
        {"stats": {"rent_by_group": {"brown": 20, "red": 5},
                   "invested_by_group": {"brown": 40}}},
        {},  # a game without stats is skipped
    ]
    rows = {r["group"]: r for r in roi_by_group(results, edition)}
    assert rows["brown"]["roi"] == pytest.approx(120 / 240)
    assert rows["railroad"]["roi"] == pytest.approx(2.0)
    assert rows["red"]["rent"] == 5 and rows["red"]["roi"] is None  # nothing invested
    assert [r["group"] for r in roi_by_group(results, edition)][-2:] == ["railroad", "utility"]


def test_landing_shares_add_up_games() -> None:
    a = [0] * 40
    b = [0] * 40
    a[5], b[5], b[10] = 2, 1, 1
    shares = landing_shares([{"stats": {"landings": a}}, {"stats": {"landings": b}}])
    assert shares is not None
    assert shares[5] == pytest.approx(0.75) and shares[10] == pytest.approx(0.25)
    assert landing_shares([{}]) is None


def test_markov_shares_fold_jail_into_its_square() -> None:
    shares = markov_shares(load_edition("standard"))
    assert len(shares) == 40
    assert sum(shares) == pytest.approx(1.0)
    assert shares[30] == 0  # nobody rests on Go To Jail
    assert shares[10] == max(shares)


def test_win_rate_rows_keep_the_summary() -> None:
    rows = win_rate_rows(SUMMARY)
    assert [r["bot"] for r in rows] == ["greedy", "<b>Evil & Co</b>"]
    assert rows[1]["low"] == 0.38 and rows[1]["high"] == 0.62


def test_fair_share_counts_the_seats_a_bot_holds() -> None:
    results = [{"seats": ["greedy", "random", "greedy"]}, {"seats": ["random", "greedy", "random"]}]
    rows = [{"bot": "greedy", "games": 2}, {"bot": "random", "games": 2}]
    fair = fair_shares(rows, {"bots": {}}, results, 3)
    assert fair["greedy"] == pytest.approx(3 / 6) and fair["random"] == pytest.approx(3 / 6)
    # the summary's own seat counts win
    summary = {"bots": {"greedy": {"seats": 2}, "random": {"seats": 4}}}
    fair = fair_shares(rows, summary, results, 3)
    assert fair["greedy"] == pytest.approx(1 / 3) and fair["random"] == pytest.approx(2 / 3)
    assert fair_shares(win_rate_rows(SUMMARY), SUMMARY, _synthetic_results(), 3) == {
        "greedy": pytest.approx(4 / 6), "<b>Evil & Co</b>": pytest.approx(1 / 3)}


# --- the page

SUMMARY: dict[str, Any] = {
    "games": 4,
    "bots": {
        "greedy": {"games": 6, "wins": 1, "win_rate": 1 / 6, "ci95": [0.03, 0.56]},
        "<b>Evil & Co</b>": {"games": 6, "wins": 3, "win_rate": 0.5, "ci95": [0.38, 0.62]},
    },
    "draws": 1,
    "turns": {"mean": 150.0, "median": 140.0},
    "games_per_second": 12.5,
    "seed": 42,
}


def _synthetic_results() -> list[dict[str, Any]]:
    out = []
    for i, (winner, turns) in enumerate([(0, 120), (2, 140), (None, 200), (1, 160)]):
        landings = [i + 1] * 40
        landings[10] = 20
        out.append({
            "index": i, "seed": i, "seats": ["greedy", "<b>Evil & Co</b>", "greedy"],
            "winner": winner, "winner_bot": None, "turns": turns, "reason": "x",
            "net_worth": [1, 2, 3],
            "stats": {"landings": landings,
                      "rent_by_group": {"brown": 10 * i, "railroad": 100},
                      "invested_by_group": {"brown": 60, "railroad": 200, "green": 300}},
        })
    return out


SAMPLE: dict[str, Any] = {
    "seats": ["greedy", "<b>Evil & Co</b>", "greedy"],
    "names": ["Ann", "Bob", "Cid"],
    "worth_history": [[1500, 1500, 1500], [1600, 1400, 1500], [1800, 900, 1450],
                      [2400, 0, 1300]],
}


def _check_pngs(out: Path) -> None:
    for name in PLOTS:
        data = (out / name).read_bytes()
        assert data[:8] == PNG_SIGNATURE, name
        width, height = struct.unpack(">II", data[16:24])
        assert width >= 400 and height >= 300, name
        assert len(data) > 10_000, name


@pytest.mark.parametrize("lang", ["en", "cs", "ru"])
def test_write_report_writes_the_page_and_five_plots(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, Any] = {}
    plot_roi = report._plot_roi

    def spy(labels: Any, t: Any, rows: Any, edition: Any, lang: str) -> Any:
        seen["roi"] = rows
        return plot_roi(labels, t, rows, edition, lang)

    monkeypatch.setattr(report, "_plot_roi", spy)
    out = tmp_path / "report"
    index = write_report(out, SUMMARY, _synthetic_results(), SAMPLE, "standard", lang)
    # the ROI plot's bars are rent / investment of the games' stats
    roi = {r["group"]: r["roi"] for r in seen["roi"]}
    assert roi["brown"] == pytest.approx((0 + 10 + 20 + 30) / 240)
    assert roi["railroad"] == pytest.approx(400 / 800)
    assert roi["green"] == 0
    assert roi["red"] is None
    assert index == out / "index.html"
    _check_pngs(out)
    html = index.read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in html
    for name in PLOTS:
        assert f'src="{name}"' in html
    # the bot's name is escaped, never markup
    assert "<b>Evil" not in html
    assert "&lt;b&gt;Evil &amp; Co&lt;/b&gt;" in html
    assert html.count("<figcaption>") == 5
    labels = {
        "en": ("Strategy lab report", "Win rate"),
        "cs": ("Zpráva strategické laboratoře", "Podíl výher"),
        "ru": ("Отчёт стратегической лаборатории", "Доля побед"),
    }[lang]
    for text in labels:
        assert text in html
    assert "42" in html  # the run's other parameters (the seed)


def test_write_report_without_sample_or_stats(tmp_path: Path) -> None:
    results = [{k: v for k, v in r.items() if k != "stats"} for r in _synthetic_results()]
    index = write_report(tmp_path, SUMMARY, results, None, "uk")
    _check_pngs(tmp_path)
    assert index.exists()


def test_write_report_on_real_games(tmp_path: Path) -> None:
    results: list[dict[str, Any]] = []
    wins = [0, 0, 0]
    for i in range(3):
        game = new_game(3, seed=100 + i, turn_limit=120)
        play_game(game, [make_bot("greedy", 10 * i + s) for s in range(3)], max_actions=20_000)
        outcome = game.outcome
        winner = outcome.winner if outcome else None
        if winner is not None:
            wins[winner] += 1
        results.append({
            "index": i, "seed": 100 + i, "seats": ["greedy"] * 3, "winner": winner,
            "winner_bot": None if winner is None else "greedy", "turns": game.turn_number,
            "reason": outcome.reason if outcome else "capped",
            "net_worth": [game.net_worth(s) for s in range(3)], "stats": collect(game),
        })
    json.dumps(results)
    total = sum(wins)
    summary = {
        "games": 3,
        "bots": {"greedy": {"games": 9, "wins": total, "win_rate": total / 9,
                            "ci95": [0.0, min(1.0, total / 9 + 0.3)]}},
        "draws": 3 - total,
        "turns": {"mean": sum(r["turns"] for r in results) / 3, "median": results[1]["turns"]},
        "games_per_second": 10.0,
    }
    sample = {"seats": ["greedy"] * 3, "names": ["p0", "p1", "p2"],
              "worth_history": [[1500, 1500, 1500], [1450, 1600, 1500]]}
    index = write_report(tmp_path, summary, results, sample, "standard", "cs")
    _check_pngs(tmp_path)
    html = index.read_text(encoding="utf-8")
    assert all(f'src="{name}"' in html for name in PLOTS)
    # the heat map's numbers are the games' landings
    shares = landing_shares(results)
    assert shares is not None and sum(shares) == pytest.approx(1.0)
