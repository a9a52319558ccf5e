"""A tournament's operations (monopoly.tournament.state and .desk): registration, seating,
the round's clock, score sheets, signatures, acceptance, standings; every refused
operation says what was wrong and changes nothing; a restart replays the log to the same
state. The championship rules (seed 004, docs/rules.md §12 ``tournament``): the chief
referee opens and ends every game, a banker counts every player's assets, each player
signs the score sheet, the players leave when the chief referee says so."""

from __future__ import annotations

import json
from typing import Any

import pytest

from monopoly.store import Store
from monopoly.store.tournaments import TournamentBook
from monopoly.tournament.assets import Deed, Holding, count_assets, count_table
from monopoly.tournament.desk import Desk
from monopoly.tournament.errors import TournamentError
from monopoly.tournament.settings import Settings
from monopoly.tournament.state import EQUIPMENT

NAMES = ["Ann", "Bob", "Cyril", "Dana", "Eva", "Filip", "Gita", "Hana", "Ivan"]


def make_desk(players: int = 8, url: str = "sqlite://", **settings: Any) -> Desk:
    book = TournamentBook(Store(url))
    desk = Desk.create(book, {"name": "Brno open", "date": "2026-12-05", "seed": 7,
                              "play": "real", **settings})
    for name in NAMES[:players]:
        desk.add_player(name, club="Brno")
    return desk


def snapshot(desk: Desk) -> str:
    t = desk.tournament
    return json.dumps({"ops": [op.to_dict() for op in t.ops],
                       "entrants": [e.to_dict() for e in t.entrants],
                       "rounds": [[(x.players, x.counted, x.lines and [ln.to_dict() for ln
                                                                     in x.lines],
                                    sorted(x.confirmed), x.accepted) for x in r.tables]
                                  for r in t.rounds]}, default=str, sort_keys=True)


def refused(desk: Desk, code: str, kind: str, data: dict[str, Any], actor: str = "chief",
            words: str = "") -> str:
    """The operation is refused with `code` and a message containing `words`, and the
    tournament is exactly as before, in memory and in the store."""
    before = snapshot(desk)
    stored = len(desk.book.ops(desk.id))
    with pytest.raises(TournamentError) as info:
        desk.do(kind, data, actor)
    assert info.value.code == code, str(info.value)
    assert words in str(info.value)
    assert snapshot(desk) == before
    assert len(desk.book.ops(desk.id)) == stored
    return str(info.value)


def count_all(desk: Desk, number: int = 1) -> None:
    for x in desk.tournament.round(number).tables:
        desk.do("equipment_counted", {"round": number, "table": x.number,
                                      "items": list(EQUIPMENT)}, f"table:{x.number}")


def holdings(cash: list[int]) -> list[dict[str, Any]]:
    return [{"cash": c} for c in cash]


def play_round(desk: Desk, number: int, cash_of: dict[int, int] | None = None) -> None:
    """Seat, count, start, call time, enter sheets, sign, accept, close."""
    assert desk.seat_next_round() == number
    count_all(desk, number)
    desk.do("round_started", {"round": number})
    desk.do("time_called", {"round": number})
    for x in desk.tournament.round(number).tables:
        cash = [(cash_of or {}).get(p, 1000 + 10 * p) for p in x.players]
        desk.sheet(number, x.number, holdings(cash), f"table:{x.number}")
        for p in x.players:
            desk.do("sheet_confirmed", {"round": number, "table": x.number, "player": p},
                    f"player:{p}")
        desk.do("result_accepted", {"round": number, "table": x.number})
    desk.do("round_closed", {"round": number})


# --- settings and registration


def test_settings_default_to_the_championship() -> None:
    """Seed 004: 45 minutes net playing time, money in M, the tournament preset."""
    s = Settings.from_dict({"name": "x", "date": "2026-12-05"})
    assert (s.game_minutes, s.currency, s.preset, s.table_size) == (45, "M", "tournament", 4)
    rules = s.rules()
    assert rules.time_limit_minutes == 45 and rules.auction == "sealed"
    assert rules.starting_properties == 3 and rules.jail_card_max_price == 50


@pytest.mark.parametrize(("data", "words"), [
    ({"name": "x", "date": "05.12.2026"}, "date"),
    ({"name": "", "date": "2026-12-05"}, "name"),
    ({"name": "x", "date": "2026-12-05", "table_size": 6}, "table_size"),
    ({"name": "x", "date": "2026-12-05", "scoring": "3,5"}, "scoring"),
    ({"name": "x", "date": "2026-12-05", "preset": "nope"}, "preset"),
    ({"name": "x", "date": "2026-12-05", "options": {"no_such": 1}}, "options"),
    ({"name": "x", "date": "2026-12-05", "final_size": 2}, "final_size"),
    ({"name": "x", "date": "2026-12-05", "tables": 4}, "unknown setting tables"),
    ({"date": "2026-12-05"}, "name"),
])
def test_bad_settings_are_named(data: dict[str, Any], words: str) -> None:
    with pytest.raises(TournamentError) as info:
        Settings.from_dict(data)
    assert words in str(info.value)


def test_registration_refuses_a_duplicate_name_and_bad_fields() -> None:
    desk = make_desk(3)
    refused(desk, "conflict", "player_added", {"name": "  ann "}, words="already registered")
    refused(desk, "invalid", "player_added", {"name": ""}, words="name")
    refused(desk, "invalid", "player_added", {"name": "Zoe", "rating": -5}, words="rating")
    refused(desk, "invalid", "player_added", {"name": "x" * 65}, words="longer")
    refused(desk, "forbidden", "player_added", {"name": "Zoe"}, actor="player:1")


def test_a_csv_import_is_all_or_nothing_and_names_the_broken_line() -> None:
    desk = make_desk(2)
    before = len(desk.tournament.entrants)
    for text, words in [
        ("name,club\nZoe,Brno\nYan,Praha,extra\n", "line 3"),
        ("name,rating\nZoe,12\nYan,high\n", "line 3"),
        ("name,club\nZoe,Brno\nzoe,Praha\n", "line 3"),
        ("name,club\nBob,Brno\n", "already registered"),
        ("club\nBrno\n", "name"),
        ("name,colour\nZoe,red\n", "unknown column colour"),
        ("", "empty"),
        ("name\n\n", "no players"),
    ]:
        with pytest.raises(TournamentError) as info:
            desk.import_csv(text)
        assert words in str(info.value), (text, str(info.value))
        assert len(desk.tournament.entrants) == before
    assert desk.import_csv("\ufeffname;club;city;rating\nZoe;Brno;Brno;1500\nYan;;;\n") == 2
    zoe = desk.tournament.entrants[-2]
    assert (zoe.name, zoe.city, zoe.rating) == ("Zoe", "Brno", 1500)


# --- seating


def test_rounds_seat_everyone_once_and_only_after_the_last_round_is_over() -> None:
    desk = make_desk(9)
    desk.seat_next_round()
    tables = desk.tournament.round(1).tables
    assert sorted(len(x.players) for x in tables) == [4, 5]
    assert sorted(p for x in tables for p in x.players) == list(range(9))
    refused(desk, "conflict", "round_seated", {"round": 2, "tables": [[0, 1, 2]]},
            words="not over")


def test_a_seating_is_checked_whole() -> None:
    desk = make_desk(8)
    refused(desk, "invalid", "round_seated", {"round": 1, "tables": [[0, 1, 2, 3, 4, 5, 6, 7]]},
            words="3 to 5")
    refused(desk, "invalid", "round_seated", {"round": 1, "tables": [[0, 1, 2, 3], [4, 5, 6, 6]]},
            words="twice")
    refused(desk, "invalid", "round_seated", {"round": 1, "tables": [[0, 1, 2, 3], [4, 5, 6]]},
            words="Hana has no seat")
    refused(desk, "not_found", "round_seated", {"round": 1, "tables": [[0, 1, 2, 3], [4, 5, 6, 9]]},
            words="no player 9")
    refused(desk, "conflict", "round_seated", {"round": 2, "tables": [[0, 1, 2, 3]]},
            words="round 1")


def test_swapping_two_players_before_the_start_only() -> None:
    desk = make_desk(8)
    desk.seat_next_round()
    tables = desk.tournament.round(1).tables
    a, b = tables[0].players[0], tables[1].players[0]
    desk.do("players_swapped", {"round": 1, "a": a, "b": b})
    assert desk.tournament.round(1).tables[0].players[0] == b
    count_all(desk)
    desk.do("round_started", {"round": 1})
    refused(desk, "conflict", "players_swapped", {"round": 1, "a": a, "b": b}, words="started")


def test_withdrawal_and_late_entry_between_rounds() -> None:
    desk = make_desk(9)
    play_round(desk, 1)
    desk.do("player_withdrawn", {"player": 0})
    desk.add_player("Jana")
    desk.seat_next_round()
    seated = desk.tournament.round(2).players()
    assert 0 not in seated and 9 in seated and len(seated) == 9
    refused(desk, "conflict", "player_withdrawn", {"player": 3}, words="seated in round 2")
    # the withdrawn player keeps their results in the standings
    assert 0 in [s.player for s in desk.tournament.standings()]


# --- the round: equipment, start, clock, pause, time


def test_real_tables_start_only_when_the_equipment_is_counted() -> None:
    """Seed 004: the count of equipment at all tables at once, before the start."""
    desk = make_desk(8)
    desk.seat_next_round()
    desk.do("equipment_counted", {"round": 1, "table": 1, "items": list(EQUIPMENT)}, "table:1")
    refused(desk, "conflict", "round_started", {"round": 1}, words="tables 2")
    refused(desk, "invalid", "equipment_counted", {"round": 1, "table": 2,
                                                   "items": list(EQUIPMENT[:-1])},
            actor="table:2", words="tick every item")
    refused(desk, "forbidden", "equipment_counted", {"round": 1, "table": 2,
                                                     "items": list(EQUIPMENT)}, actor="table:1")
    refused(desk, "not_found", "equipment_counted", {"round": 1, "table": 3,
                                                     "items": list(EQUIPMENT)}, words="table")
    desk.do("equipment_counted", {"round": 1, "table": 2, "items": list(EQUIPMENT)}, "table:2")
    refused(desk, "forbidden", "round_started", {"round": 1}, actor="table:1",
            words="chief referee")
    desk.do("round_started", {"round": 1})


def test_the_round_clock_counts_net_playing_time() -> None:
    """Seed 004: the net playing time is 45 minutes; a paused table gets its time back."""
    desk = make_desk(8)
    desk.seat_next_round()
    count_all(desk)
    desk.do("round_started", {"round": 1}, at=1000.0)
    desk.do("round_paused", {"round": 1}, at=1600.0)
    desk.do("round_resumed", {"round": 1}, at=1900.0)
    desk.do("table_paused", {"round": 1, "table": 2}, "table:2", at=2000.0)
    desk.do("table_resumed", {"round": 1, "table": 2}, "table:2", at=2120.0)
    r = desk.tournament.round(1)
    assert r.elapsed(2500.0) == 1200.0
    assert r.elapsed(2500.0, r.tables[1]) == 1080.0
    refused(desk, "conflict", "round_resumed", {"round": 1}, words="not paused")
    desk.do("time_called", {"round": 1}, at=3000.0)
    assert r.elapsed(9999.0) == 1700.0
    assert all(x.status(r) == "time_called" for x in r.tables)  # online: the turn ends
    assert all(x.status(r, real=True) == "counting" for x in r.tables)  # the banker counts
    refused(desk, "conflict", "time_called", {"round": 1}, words="time has been called")


# --- score sheets, signatures, acceptance


def started(players: int = 8) -> Desk:
    desk = make_desk(players)
    desk.seat_next_round()
    count_all(desk)
    desk.do("round_started", {"round": 1})
    return desk


def test_the_banker_counts_assets_as_the_score_sheet_does() -> None:
    """docs/rules.md §11: cash, deeds at printed price (mortgaged at half), buildings at
    cost, a hotel with the houses it replaced."""
    from monopoly.board.edition import load_edition

    ed = load_edition("standard")
    c = count_assets(ed, Holding(500, {1: Deed(houses=1), 3: Deed(houses=2),
                                       6: Deed(mortgaged=True), 39: Deed(hotel=True),
                                       37: Deed(houses=4)}))
    # 60+60 + 100/2 + 400+350; 50*1 + 50*2 + 200*5 + 200*4
    assert (c.cash, c.properties, c.buildings, c.total) == (500, 920, 1950, 3370)
    with pytest.raises(TournamentError, match="two players"):
        count_table(ed, [Holding(0, {1: Deed()}), Holding(0, {1: Deed()})])
    with pytest.raises(TournamentError, match="whole colour group"):
        count_table(ed, [Holding(0, {1: Deed(houses=1)}), Holding(0, {3: Deed()})])
    with pytest.raises(TournamentError, match="mortgaged"):
        count_table(ed, [Holding(0, {1: Deed(houses=1), 3: Deed(mortgaged=True)})])
    with pytest.raises(TournamentError, match="has no title deed"):
        count_assets(ed, Holding(0, {0: Deed()}))
    with pytest.raises(TournamentError, match="only streets"):
        count_assets(ed, Holding(0, {5: Deed(houses=1)}))


def test_a_sheet_is_signed_by_every_player_then_accepted() -> None:
    desk = started()
    t = desk.tournament
    x = t.round(1).tables[0]
    refused(desk, "conflict", "sheet_confirmed", {"round": 1, "table": 1, "player": x.players[0]},
            actor=f"player:{x.players[0]}", words="not written")
    refused(desk, "not_found", "result_entered", {"round": 1, "table": 9, "lines": [],
                                                  "source": "sheet"}, words="no table 9")
    desk.sheet(1, 1, [{"cash": 900, "deeds": {"37": {}, "39": {"houses": 2}}}, {"cash": 1500},
                      {"cash": 0, "bankrupt": True}, {"cash": 700}], "table:1",
               bankrupt_order={x.players[2]: 1})
    lines = {ln.player: ln for ln in x.lines or []}
    assert lines[x.players[0]].total == 900 + 350 + 400 + 2 * 200
    assert lines[x.players[2]].bankrupt_order == 1
    first = x.players[0]
    refused(desk, "forbidden", "sheet_confirmed", {"round": 1, "table": 1, "player": first},
            actor=f"player:{x.players[1]}")
    desk.do("sheet_confirmed", {"round": 1, "table": 1, "player": first}, f"player:{first}")
    refused(desk, "conflict", "sheet_confirmed", {"round": 1, "table": 1, "player": first},
            actor=f"player:{first}", words="already confirmed")
    # once signed, only the chief referee changes the sheet
    refused(desk, "conflict", "result_entered", {"round": 1, "table": 1, "source": "sheet",
            "lines": [ln.to_dict() for ln in x.lines or []]}, actor="table:1",
            words="only the chief referee")
    refused(desk, "conflict", "result_accepted", {"round": 1, "table": 1}, words="not signed")
    second = x.players[1]
    desk.do("sheet_disputed", {"round": 1, "table": 1, "player": second,
                               "reason": "my cash was 1600"}, f"player:{second}")
    assert x.status(t.round(1)) == "disputed"
    fixed = [{"cash": 900, "deeds": {"37": {}, "39": {"houses": 2}}}, {"cash": 1600},
             {"cash": 0, "bankrupt": True}, {"cash": 700}]
    with pytest.raises(TournamentError, match="chief"):
        desk.sheet(1, 1, fixed, "table:1", correct_reason="recount",
                   bankrupt_order={x.players[2]: 1})
    desk.sheet(1, 1, fixed, correct_reason="recounted the cash",
               bankrupt_order={x.players[2]: 1})
    for p in x.players[1:]:
        desk.do("sheet_confirmed", {"round": 1, "table": 1, "player": p}, "table:1")
    desk.do("result_accepted", {"round": 1, "table": 1})
    assert x.status(t.round(1)) == "accepted"
    # the audit log keeps the correction with its author and reason
    corrections = [op for op in t.ops if op.kind == "result_corrected"]
    assert corrections[0].actor == "chief" and corrections[0].data["reason"]
    refused(desk, "conflict", "round_closed", {"round": 1}, words="tables 2")


@pytest.mark.parametrize(("lines", "words"), [
    ("short", "one line for each"),
    ("negative", "not negative"),
    ("sum", "not the sum"),
    ("all_bankrupt", "at least one player is not bankrupt"),
    ("bad_order", "1, 2"),
])
def test_a_bad_sheet_is_refused(lines: str, words: str) -> None:
    desk = started()
    x = desk.tournament.round(1).tables[0]
    good = [{"player": p, "cash": 100, "properties": 0, "buildings": 0, "total": 100}
            for p in x.players]
    if lines == "short":
        good = good[:-1]
    elif lines == "negative":
        good[0] = {**good[0], "cash": -1, "total": -1}
    elif lines == "sum":
        good[0] = {**good[0], "total": 101}
    elif lines == "all_bankrupt":
        good = [{**g, "cash": 0, "total": 0, "bankrupt_order": k + 1}
                for k, g in enumerate(good)]
    elif lines == "bad_order":
        good[0] = {**good[0], "cash": 0, "total": 0, "bankrupt_order": 2}
    refused(desk, "invalid", "result_entered", {"round": 1, "table": 1, "lines": good,
                                                "source": "sheet"}, actor="table:1", words=words)


def test_a_referee_action_with_a_players_link_is_refused() -> None:
    desk = started()
    for kind, data in [("time_called", {"round": 1}), ("round_paused", {"round": 1}),
                       ("result_accepted", {"round": 1, "table": 1}),
                       ("player_withdrawn", {"player": 1}),
                       ("table_paused", {"round": 1, "table": 1})]:
        refused(desk, "forbidden", kind, data, actor="player:0")
    refused(desk, "invalid", "no_such_kind", {}, words="unknown operation")


# --- standings, the final, restarts


def test_standings_follow_the_accepted_results_and_the_final_decides_the_top() -> None:
    desk = make_desk(8, rounds=2, final_size=4)
    play_round(desk, 1, {p: 100 * (p + 1) for p in range(8)})
    play_round(desk, 2, {p: 100 * (p + 1) for p in range(8)})
    standing = desk.tournament.standings()
    assert [s.rank for s in standing] == sorted(s.rank for s in standing)
    assert standing[0].player == 7  # the richest at every table
    refused(desk, "conflict", "round_seated", {"round": 3, "tables": [[0, 1, 2, 3]]},
            words="all 2 rounds")
    desk.seat_next_round(final=True)
    final = desk.tournament.round(3)
    assert final.final and sorted(final.tables[0].players) == sorted(s.player for s in
                                                                      standing[:4])
    # the fourth of the preliminaries wins the final
    low = standing[3].player
    count_all(desk, 3)
    desk.do("round_started", {"round": 3})
    desk.sheet(3, 1, holdings([5000 if p == low else 100 for p in final.tables[0].players]))
    for p in final.tables[0].players:
        desk.do("sheet_confirmed", {"round": 3, "table": 1, "player": p}, f"player:{p}")
    desk.do("result_accepted", {"round": 3, "table": 1})
    desk.do("round_closed", {"round": 3})
    assert desk.tournament.standings()[0].player == low
    assert desk.tournament.finished()


def test_a_restart_replays_the_log_to_the_same_state(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 't.sqlite3'}"
    desk = make_desk(9, url=url)
    play_round(desk, 1)
    desk.seat_next_round()
    count_all(desk, 2)
    desk.do("round_started", {"round": 2})
    desk.sheet(2, 1, holdings([100] * len(desk.tournament.round(2).tables[0].players)),
               "table:1")
    p = desk.tournament.round(2).tables[0].players[0]
    desk.do("sheet_confirmed", {"round": 2, "table": 1, "player": p}, f"player:{p}")
    again = Desk.load(TournamentBook(Store(url)), desk.id)
    assert snapshot(again) == snapshot(desk)
    assert again.tournament.standings() == desk.tournament.standings()
    assert again.token("player:3") == desk.token("player:3")
    refused(again, "conflict", "sheet_confirmed", {"round": 2, "table": 1, "player": p},
            actor=f"player:{p}", words="already confirmed")


def test_bot_entrants_play_online_only_and_sign_nothing() -> None:
    """An online event may fill its tables with the server's bots (entrants of a level);
    a bot signs no sheet."""
    desk = make_desk(0, play="online")
    for name in NAMES[:4]:
        desk.add_player(name)
    for k in range(4):
        desk.add_player(f"Bot {k + 1}", bot="hard")
    refused(desk, "invalid", "player_added", {"name": "Zed", "bot": "genius"}, words="level")
    refused(desk, "invalid", "player_added", {"name": "Zed", "colour": "red"},
            words="unknown field colour")
    desk.seat_next_round()
    for x in desk.tournament.round(1).tables:
        assert x.must_sign() == [p for p in x.players if p < 4]
    real = make_desk(3)
    refused(real, "invalid", "player_added", {"name": "Zed", "bot": "easy"}, words="online")


def test_a_table_referee_resolves_a_stuck_seat_at_their_own_table_only() -> None:
    desk = make_desk(8)
    desk.seat_next_round()
    count_all(desk)
    desk.do("round_started", {"round": 1})
    one, two = desk.tournament.round(1).tables
    refused(desk, "forbidden", "seat_replaced", {"round": 1, "table": 2,
                                                 "player": two.players[0], "by": "absent"},
            actor="table:1")
    refused(desk, "invalid", "seat_replaced", {"round": 1, "table": 1,
                                               "player": one.players[0], "by": "bot"},
            actor="table:1", words="online")
    desk.do("seat_replaced", {"round": 1, "table": 1, "player": one.players[0], "by": "absent"},
            "table:1")
    assert one.must_sign() == one.players[1:]
