"""The post-game summary of a finished board game (monopoly.web.postgame) and its route
``GET /api/rooms/{room}/summary``: the net-worth series, the rents, and the luck of the dice
against the exact odds of the game's Markov chain."""

from __future__ import annotations

import json
import os
import re
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

import httpx
import pytest

from monopoly.board import actions as A
from monopoly.board import events as E
from monopoly.board.game import Game
from monopoly.board.options import RuleSet
from monopoly.board.record import moves, record_lines, replay
from monopoly.board.testing import give, new_game, rig_dice, set_cash, set_levels
from monopoly.bots import make_bot
from monopoly.bots.board.driver import play_game
from monopoly.lab.board.gamestats import collect
from monopoly.lab.board.markov import transition_chain
from monopoly.web.postgame import IN_JAIL, rent_owed, summary, throw_landings, throw_rent
from monopoly.web.ui_text import ui_texts
from serverkit import Server, create_room, short, start_room, wait_finished

POSTGAME_JS = resources.files("monopoly.web").joinpath("static", "postgame.js").read_text("utf-8")
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(os.environ.get("MONOPOLY_ARTIFACTS", Path(__file__).parent / "artifacts"))


def _played(seed: int, seats: int = 4, **rules: Any) -> Game:
    game = Game([f"p{i}" for i in range(seats)], seed, RuleSet(**rules))
    return play_game(game, [make_bot("hard", seed * 10 + i) for i in range(seats)])


@pytest.fixture(scope="module")
def games() -> list[Game]:
    """Bot games played to their end: bankruptcies to the last player, and a turn limit."""
    found = [_played(1, turn_limit=400), _played(2, 3, end="turn_limit", turn_limit=60)]
    assert found[0].outcome is not None and found[0].outcome.reason == "last_player"
    assert found[1].outcome is not None and found[1].outcome.reason == "turn_limit"
    return found


# --------------------------------------------------------------------------- the summary


def test_the_net_worth_series_ends_on_the_final_net_worth(games: list[Game]) -> None:
    for game in games:
        data = summary(record_lines(game))
        assert game.outcome is not None
        turns = data["turns"]
        assert turns[0] == 0 and turns == sorted(set(turns))
        assert turns[-1] == game.turn_number
        assert all(len(series) == len(turns) for series in data["net_worth"])
        assert [series[-1] for series in data["net_worth"]] == list(game.outcome.net_worth)
        assert [series[-1] for series in data["net_worth"]] == [
            game.net_worth(s) for s in range(len(game.players))]
        start = game.rules.starting_cash
        assert [series[0] for series in data["net_worth"]] == [start] * len(game.players)
        assert data["outcome"] == game.outcome.to_dict()
        assert data["seats"] == [p.name for p in game.players]


def test_each_point_is_the_net_worth_when_that_turn_ended(games: list[Game]) -> None:
    game = games[1]
    lines = record_lines(game)
    data = summary(lines)
    again = replay(lines[:1])
    expected = {0: [again.net_worth(s) for s in range(len(again.players))]}
    for _line, seat, action in moves(lines[1:]):
        turn = again.turn_number
        again.apply(seat, action)
        if again.turn_number != turn:
            expected[turn] = [again.net_worth(s) for s in range(len(again.players))]
    for i, turn in enumerate(data["turns"][:-1]):
        assert [series[i] for series in data["net_worth"]] == expected[turn]


def test_rents_received_add_up_to_rents_paid(games: list[Game]) -> None:
    for game in games:
        data = summary(record_lines(game))
        players = data["players"]
        received = sum(p["rent_received"] for p in players)
        assert received == sum(p["rent_paid"] for p in players) > 0
        # the same total as the strategy lab's count of the game's rent payments
        assert received == sum(collect(game)["rent_by_group"].values())
        for p in players:
            assert p["rent_owed"] >= p["rent_paid"]
            if p["seat"] not in game.bankrupt_order:  # nobody is left owing rent
                assert p["rent_owed"] == p["rent_paid"]


def test_the_dice_are_counted_from_the_game(games: list[Game]) -> None:
    for game in games:
        data = summary(record_lines(game))
        rolls = [0] * len(game.players)
        for seat, action in game.history:
            if isinstance(action, A.Roll):
                rolls[seat] += 1
        assert [p["throws"] for p in data["players"]] == rolls
        log = replay(record_lines(game), events=True).events or []
        thrown = sum(isinstance(ev, E.DiceRolled) for ev in log)
        utility_cards = sum(isinstance(ev, E.CardDrawn) and "utility" in ev.card for ev in log)
        # every DiceRolled is a throw but for the fresh throws of the nearest-utility card
        assert thrown - utility_cards <= sum(rolls) <= thrown
        for p in data["players"]:
            n = p["throws"]
            assert p["doubles_expected"] == round(n / 6, 2)
            assert 2 <= p["pips_mean"] <= 12
            assert isinstance(p["pips_z"], float) and isinstance(p["doubles_z"], float)
            assert p["rent_luck"] == round(p["rent_expected"] - p["rent_owed"], 2)


def test_a_long_game_is_summed_up_whole(games: list[Game]) -> None:
    """A 200-turn game: every throw of every seat is counted (the time it takes is
    ``monopoly bench``'s "postgame" figure, not a test's)."""
    game = _played(3, turn_limit=200)
    data = summary(record_lines(game))
    thrown = sum(p["throws"] for p in data["players"])
    assert thrown >= game.turn_number - len(game.players)


# --------------------------------------------------------------------------- the odds


def _chain_row(chain: Any, state: tuple[str, int, int]) -> list[float]:
    return chain.project(chain.matrix[chain.index(state)])


def test_a_throw_lands_as_the_markov_chain_says() -> None:
    """From every state of the chain (a square and the doubles so far, or jail and the
    failed tries), the landings of a throw in a real game with full decks are the chain's
    transition, projected on the squares (entry 40: jail)."""
    game = new_game(2)
    chain = transition_chain(game.edition, "long")
    p = game.players[0]
    for state in chain.states:
        kind, a, b = state
        p.in_jail = kind == "jail"
        p.jail_turns = a if kind == "jail" else 0
        p.position = game.t.jail if kind == "jail" else a
        game.doubles = 0 if kind == "jail" else b
        landed = [0.0] * 41
        total = Fraction(0)
        for prob, square, _throw, _mode in throw_landings(game):
            landed[40 if square == IN_JAIL else square] += float(prob)
            total += prob
        assert total == 1
        row = _chain_row(chain, state)
        assert max(abs(x - y) for x, y in zip(landed, row, strict=True)) < 1e-12, state


def test_rent_odds_worked_out_by_hand() -> None:
    # seat 1 owns Reading Railroad (25 rent); seat 0 throws from GO, the decks full (16).
    # Reading is 5 away (4 of the 36 results); Chance is 7 away (6 of 36), where "take a
    # trip to Reading" (1 card of 16) costs 25 too (the nearest-railroad cards go to the
    # unowned Pennsylvania Railroad, nothing else reaches a railroad)
    game = new_game(2)
    give(game, 1, 5)
    assert throw_rent(game).mean == Fraction(4, 36) * 25 + Fraction(6, 36) * Fraction(1, 16) * 25
    assert throw_rent(game).mean == Fraction(875, 288)
    # a mortgaged railroad, or one of your own, asks no rent
    game.mortgaged[5] = True
    assert throw_rent(game).mean == 0
    game.mortgaged[5] = False
    game.turn_player = 1
    game.players[1].position = 0
    assert throw_rent(game).mean == 0

    # seat 1 owns both utilities: 10 times the throw. A 12 (1 in 36) lands on Electric
    # Company: 120; Chance's nearest-utility card (1 of 16, 6 in 36 to reach Chance) costs
    # ten times a fresh throw, 70 on average, and its square 100 * (329/6) on average
    game = new_game(2)
    give(game, 1, 12, 28)
    odds = throw_rent(game)
    assert odds.mean == Fraction(1, 36) * 120 + Fraction(6, 36) * Fraction(1, 16) * 70
    assert odds.mean == Fraction(65, 16)
    second = Fraction(1, 36) * 120**2 + Fraction(6, 36 * 16) * 100 * Fraction(329, 6)
    assert odds.second == second and odds.variance == second - odds.mean**2

    # in jail, seat 0 moves only on doubles: 2 + 2 reaches Virginia Avenue (1 in 36); on
    # the last try every throw moves, and a 4 is 3 of the 36 results
    game = new_game(2)
    give(game, 1, 14)
    rent = game.t.rents[14][0]
    p = game.players[0]
    p.position, p.in_jail = game.t.jail, True
    assert throw_rent(game).mean == Fraction(1, 36) * rent
    p.jail_turns = game.rules.max_jail_turns - 1
    assert throw_rent(game).mean == Fraction(3, 36) * rent
    # Virginia Avenue is 2 away from Electric Company: 1 + 1 only, but the third doubles
    # of a turn go to jail instead
    p.in_jail, p.jail_turns, p.position = False, 0, 12
    assert throw_rent(game).mean == Fraction(1, 36) * rent
    game.doubles = game.rules.max_doubles - 1
    assert throw_rent(game).mean == 0


def _engine_odds(game: Game) -> tuple[Fraction, Fraction]:
    """The rent the next throw makes the player on turn owe, averaged exactly over every
    result of the dice, every card on top of each deck drawn and every fresh throw a card
    asks for, each outcome played through the engine from a copy of the position."""
    snap = game.snapshot()
    seat = game.turn_player
    sums = [Fraction(0), Fraction(0)]

    def play(dice: tuple[int, int], fresh: tuple[int, int],
             tops: tuple[tuple[int, int], ...]) -> tuple[int, list[int], bool]:
        g = Game.from_snapshot(snap)
        for deck, idx in tops:
            g.decks[deck].remove(idx)
            g.decks[deck].appendleft(idx)
        rig = rig_dice(g, dice, fresh)
        before = list(g.debts)
        events = g.apply(seat, A.ROLL)
        drawn = [g.t.deck_keys.index(ev.deck) for ev in events if isinstance(ev, E.CardDrawn)]
        return rent_owed(before, g.debts, events).get(seat, 0), drawn, rig.left == 0

    def explore(dice: tuple[int, int], fresh: tuple[int, int] | None,
                tops: tuple[tuple[int, int], ...], weight: Fraction) -> None:
        owed, drawn, used_fresh = play(dice, fresh or (1, 1), tops)
        assert len(drawn) == len(set(drawn)), "a deck drawn twice in one throw"
        for deck in drawn:
            if deck not in {d for d, _ in tops}:
                pile = list(game.decks[deck])
                for idx in pile:
                    explore(dice, fresh, (*tops, (deck, idx)), weight / len(pile))
                return
        if used_fresh and fresh is None:
            for f1 in range(1, 7):
                for f2 in range(1, 7):
                    explore(dice, (f1, f2), tops, weight / 36)
            return
        sums[0] += weight * owed
        sums[1] += weight * owed * owed

    for d1 in range(1, 7):
        for d2 in range(1, 7):
            explore((d1, d2), None, (), Fraction(1, 36))
    return sums[0], sums[1]


def test_the_luck_of_a_throw_averages_exactly_zero() -> None:
    """Played through the engine over all its outcomes, the rent a throw costs averages
    exactly the expectation (and its square the second moment): the luck, owed less
    expected, is exactly 0 on average, in hand-built positions and along a real game."""
    game = new_game(3)
    give(game, 1, 5, 15, 25, 35, 12, 28)  # the railroads and utilities: every card counts
    give(game, 2, 6, 8, 9)
    set_levels(game, s6=3, s8=3, s9=4)
    give(game, 2, 21, 23, 24)
    game.mortgaged[23] = True
    for start in (0, 2, 7, 22, 33, 36):
        game.players[0].position = start
        odds = throw_rent(game)
        assert odds.mean > 0
        assert _engine_odds(game) == (odds.mean, odds.second), start
    p = game.players[0]
    p.position, p.in_jail = game.t.jail, True  # out of jail on doubles only
    assert _engine_odds(game) == (throw_rent(game).mean, throw_rent(game).second)
    p.jail_turns = game.rules.max_jail_turns - 1  # the last try: the fine, and a move
    assert _engine_odds(game) == (throw_rent(game).mean, throw_rent(game).second)
    p.in_jail, p.jail_turns, p.position = False, 0, 36
    set_cash(game, 0, 5)  # the rent becomes a debt: owed all the same
    assert _engine_odds(game) == (throw_rent(game).mean, throw_rent(game).second)

    # along a real game: every few throws, in the position as it stood
    played = _played(4, 3, end="turn_limit", turn_limit=90)
    lines = record_lines(played)
    again = replay(lines[:1])
    checked = 0
    for number, (_line, seat, action) in enumerate(moves(lines[1:])):
        p = again.players[again.turn_player]
        last_try = p.in_jail and p.jail_turns + 1 >= again.rules.max_jail_turns
        if (isinstance(action, A.Roll) and number % 3 == 0 and not last_try
                and throw_rent(again).mean > 0):
            odds = throw_rent(again)
            assert _engine_odds(again) == (odds.mean, odds.second), number
            checked += 1
        again.apply(seat, action)
    assert checked >= 10


def test_rent_owed_counts_a_debt_once() -> None:
    """Rent a player cannot pay at once is owed as a debt; paying it later is not a
    second charge."""
    game = new_game(2)
    give(game, 1, 39)
    give(game, 0, 1, 3)
    set_cash(game, 0, 10)
    rent = game.t.rents[39][0]
    game.players[0].position = 35
    rig_dice(game, (1, 3))
    before = list(game.debts)
    events = game.apply(0, A.ROLL)
    assert rent_owed(before, game.debts, events) == {0: rent}
    assert game.debts and game.debts[0].reason == "rent"
    before = list(game.debts)
    events = game.apply(0, A.RaiseFunds((), (1, 3)))
    assert any(isinstance(ev, E.Paid) and ev.reason == "rent" for ev in events)
    assert not game.debts
    assert rent_owed(before, game.debts, events) == {}


# --------------------------------------------------------------------------- the route


@pytest.fixture(scope="module")
def finished(server: Server) -> dict[str, Any]:
    with server.http() as http:
        made = create_room(http, seats=3, bots={"0": "easy", "1": "medium", "2": "hard"},
                           options=short(16))
        start_room(http, made)
        room = made["room"]
        wait_finished(http, room)
        record = http.get(f"/api/rooms/{room}/record")
        assert record.status_code == 200
        return {"room": room, "lines": record.text.splitlines(),
                "info": http.get(f"/api/rooms/{room}").json()}


def test_the_route_answers_the_summary_of_a_finished_game(
    http: httpx.Client, finished: dict[str, Any]
) -> None:
    r = http.get(f"/api/rooms/{finished['room']}/summary", params={"lang": "cs"})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["room"] == finished["room"]
    assert {k: v for k, v in data.items() if k != "room"} == json.loads(
        json.dumps(summary(finished["lines"])))
    worth = finished["info"]["outcome"]["net_worth"]
    assert [series[-1] for series in data["net_worth"]] == worth
    assert len(data["players"]) == 3 and len(data["turns"]) > 10
    assert http.get(f"/api/rooms/{finished['room']}/summary").json() == data  # any language


def test_the_route_refuses_clearly(http: httpx.Client, finished: dict[str, Any]) -> None:
    r = http.get("/api/rooms/no-such-room/summary")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    made = create_room(http, seats=2, bots={"1": "easy"}, nickname="Ann")
    r = http.get(f"/api/rooms/{made['room']}/summary")
    assert r.status_code == 403
    assert r.json()["error"] == {"code": "forbidden",
                                 "message": "Not allowed: the game is not over yet"}
    r = http.get(f"/api/rooms/{finished['room']}/summary", params={"lang": "de"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "invalid"
    deal = create_room(http, game="deal", preset="official", seats=2, bots={"1": "easy"},
                       nickname="Bob")
    r = http.get(f"/api/rooms/{deal['room']}/summary")
    assert r.status_code == 400
    assert r.json()["error"] == {"code": "invalid",
                                 "message": "Invalid request: this is for the board game only"}


# --------------------------------------------------------------------------- the page


def test_every_text_the_summary_page_uses_is_defined() -> None:
    used = set(re.findall(r"""\bt\("([a-z_]+)"\s*[,)]""", POSTGAME_JS))
    used |= set(re.findall(r'"(postgame_[a-z_]+)"', POSTGAME_JS))  # keys chosen, then t(key)
    assert {"postgame_title", "postgame_chart", "postgame_lucky"} <= used
    for lang in ("en", "cs", "ru"):
        assert not sorted(used - set(ui_texts(lang))), lang


def test_the_summary_is_drawn_at_phone_width(server: Server, finished: dict[str, Any]) -> None:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium (/usr/bin/chromium) is not installed")
    pytest.importorskip("playwright.sync_api")
    from browserkit import launch

    with launch() as browser:
        page = browser.new_page(viewport={"width": 390, "height": 900})
        page.goto(f"{server.base}/api/health")
        drawn = page.evaluate(
            """async (room) => {
              document.body.innerHTML = '<div id="box" style="padding:8px"></div>';
              const sheet = document.createElement("link");  // loaded before drawing
              sheet.rel = "stylesheet";
              sheet.href = "/postgame.css";
              await new Promise((loaded, failed) => {
                sheet.onload = loaded;
                sheet.onerror = failed;
                document.head.appendChild(sheet);
              });
              const { renderPostgame } = await import("/postgame.js");
              const box = document.getElementById("box");
              const colours = ["#e53935", "#1e88e5", "#43a047"];
              await renderPostgame(box, { roomId: room, lang: "en",
                t: (key, params) => key + (params ? JSON.stringify(params) : ""),
                money: (n) => "$" + n, playerName: (s) => "Seat " + (s + 1),
                playerColour: (s) => colours[s] });
              const svg = box.querySelector("svg.pg-chart");
              return {
                lines: box.querySelectorAll(".pg-line polyline").length,
                markers: [...box.querySelectorAll(".pg-line")]
                  .map(g => g.querySelectorAll("path").length),
                legend: [...box.querySelectorAll(".pg-legend li")].map(li => li.textContent.trim()),
                rents: [...box.querySelectorAll("[data-testid=postgame-rents] tbody tr")]
                  .map(tr => tr.textContent),
                dice: [...box.querySelectorAll("[data-testid=postgame-dice] tbody tr")]
                  .map(tr => tr.textContent),
                ticks: [...svg.querySelectorAll(".pg-tick")].map(x => x.textContent),
                width: svg.getBoundingClientRect().width,
                overflow: document.documentElement.scrollWidth > window.innerWidth,
              };
            }""",
            finished["room"],
        )
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "postgame-390.png"), full_page=True)
    assert drawn["lines"] == 3 and all(m >= 2 for m in drawn["markers"])
    assert drawn["legend"] == ["Seat 1", "Seat 2", "Seat 3"]
    assert len(drawn["rents"]) == 3 and len(drawn["dice"]) == 3
    assert all("postgame_" in row for row in drawn["rents"])  # the luck, in words
    assert "5" in drawn["ticks"] and any(x.startswith("$") for x in drawn["ticks"])
    assert 300 < drawn["width"] <= 390 and not drawn["overflow"]
