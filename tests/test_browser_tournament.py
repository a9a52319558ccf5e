"""A tournament in a real browser (Debian's Chromium driven by Playwright): a 16-player
online event, 12 bot entrants and 4 people in separate browser contexts, over 2 rounds:
the chief referee starts the round from the console, the clock runs, time is called at
every table, each person confirms the score sheet from their own link, the results are
accepted, and the standings page shows the right order. Then a real-table round whose
score sheet the table referee enters through the form. The championship rules (seed
004): the chief referee opens and ends every game, a player who has thrown finishes the
turn, the banker counts the assets, every player signs the sheet."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest

from browserkit import require_browser
from serverkit import Server, free_port

require_browser()

from playwright.sync_api import BrowserContext, Page, expect  # noqa: E402

from browserkit import launch  # noqa: E402

PEOPLE = ["Alena", "Boris", "Cecilie", "David"]
WAIT = 60_000  # ms


def token_of(link: str) -> str:
    return parse_qs(urlparse(link).query)["token"][0]


def api(http: httpx.Client, tid: str, token: str | None = None) -> dict[str, Any]:
    params = {"token": token} if token else {}
    data: dict[str, Any] = http.get(f"/api/tournaments/{tid}", params=params).json()
    return data


def chief_page(context: BrowserContext, base: str, tid: str, chief: str) -> Page:
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # "Call time on every table?" ...
    page.goto(f"{base}/tournament/{tid}?token={chief}&lang=en")
    expect(page.get_by_test_id("round-controls")).to_be_visible(timeout=WAIT)
    return page


def play_online_round(http: httpx.Client, base: str, tid: str, chief: str, number: int,
                      console: Page, people: dict[int, Page]) -> None:
    console.get_by_test_id("btn-seat-next").click()
    expect(console.get_by_test_id("round-title")).to_contain_text(str(number), timeout=WAIT)
    console.get_by_test_id("btn-start-round").click()
    clock = console.get_by_test_id("clock")
    expect(clock).to_have_attribute("data-state", "running", timeout=WAIT)
    first = clock.inner_text()
    console.wait_for_timeout(2500)
    assert clock.inner_text() != first  # the clock runs
    # each person reaches their seat in the game from their own page
    for player, page in people.items():
        page.reload()
        go = page.get_by_test_id("btn-go-table")
        expect(go).to_be_visible(timeout=WAIT)
        go.click()
        page.wait_for_url("**/#/room/**", timeout=WAIT)
        room = page.url.split("#/room/")[1]
        seat = page.evaluate(f"localStorage.getItem('monopoly.seat.{room}')")
        s = api(http, tid, token_of(page_link[player]))
        assert s["me"]["room"] == room and int(seat) == s["me"]["seat"]
        # the game's page shows the round's clock and the way back to the player's page
        bar = page.get_by_test_id("tournament-bar")
        expect(bar).to_contain_text(f"{number}", timeout=WAIT)
        assert page.evaluate("localStorage.getItem('monopoly.lang')") == "en"
        expect(page.get_by_test_id("tournament-clock")).to_contain_text(":", timeout=WAIT)
    console.get_by_test_id("btn-call-time").click()
    expect(clock).to_have_attribute("data-state", "time_called", timeout=WAIT)
    # the server counts every table's assets; the people confirm their lines
    for player, page in people.items():
        page.goto(page_link[player] + "&lang=en")
        confirm = page.get_by_test_id("btn-confirm")
        expect(confirm).to_be_visible(timeout=WAIT)
        confirm.click()
        expect(page.get_by_test_id("my-confirmed")).to_be_visible(timeout=WAIT)
    tables = api(http, tid, chief)["rounds"][number - 1]["tables"]
    for x in tables:
        tile = console.get_by_test_id(f"table-{x['table']}")
        expect(tile).to_have_attribute("data-status", "signed", timeout=WAIT)
        console.get_by_test_id(f"btn-accept-{x['table']}").click()
        expect(tile).to_have_attribute("data-status", "accepted", timeout=WAIT)
    console.get_by_test_id("btn-close-round").click()
    expect(clock).to_have_attribute("data-state", "closed", timeout=WAIT)


page_link: dict[int, str] = {}


def check_standings(page: Page, http: httpx.Client, tid: str) -> None:
    """The standings page lists the players by points, then assets, ranks in order."""
    truth = api(http, tid)["standings"]
    rows = page.get_by_test_id("standings").locator("tbody tr")
    expect(rows).to_have_count(len(truth), timeout=WAIT)
    shown = [int(p) for p in rows.evaluate_all("rs => rs.map(r => r.dataset.player)")]
    assert shown == [s["player"] for s in truth]
    keys = [(s["points"], s["assets"]) for s in truth]
    assert keys == sorted(keys, reverse=True)


def test_an_online_event_with_people_and_bots_over_two_rounds(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'm.sqlite3'}", free_port(), bot_delay=0.0).start()
    try:
        with server.http() as http, launch() as browser:
            r = http.post("/api/tournaments", json={
                "name": "Brno online", "date": "2026-12-05", "rounds": 2, "play": "online",
                "seed": 11, "options": {"starting_cash": 20000}})
            tid, chief = r.json()["id"], r.json()["chief_token"]
            csv = "name,club,bot\n" + "\n".join(f"{n},Brno," for n in PEOPLE) + "\n" + \
                "\n".join(f"Bot {k + 1},,hard" for k in range(12))
            assert http.post(f"/api/tournaments/{tid}/import", params={"token": chief},
                             json={"csv": csv}).json() == {"added": 16}
            links = api(http, tid, chief)["links"]["players"]
            page_link.clear()
            page_link.update({p: links[str(p)] for p in range(4)})
            console = chief_page(browser.new_context(), server.base, tid, chief)
            people = {}
            for p in range(4):  # each person in a browser context of their own
                context = browser.new_context()
                page = context.new_page()
                page.goto(page_link[p] + "&lang=en")
                expect(page.get_by_test_id("me")).to_contain_text(PEOPLE[p], timeout=WAIT)
                people[p] = page
            for number in (1, 2):
                play_online_round(http, server.base, tid, chief, number, console, people)
            public = browser.new_context().new_page()
            public.goto(f"{server.base}/tournament/{tid}?lang=cs")
            check_standings(public, http, tid)
            assert all(s["games"] == 2 for s in api(http, tid)["standings"])
    finally:
        server.stop()


def test_a_real_table_round_through_the_score_sheet_form(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'm.sqlite3'}", free_port(), bot_delay=0.0).start()
    try:
        with server.http() as http, launch() as browser:
            r = http.post("/api/tournaments", json={"name": "Ostrava", "date": "2026-12-05",
                                                     "rounds": 1, "play": "real"})
            tid, chief = r.json()["id"], r.json()["chief_token"]
            http.post(f"/api/tournaments/{tid}/import", params={"token": chief},
                      json={"csv": "name\nAnn\nBob\nCyril\nDana\n"})
            http.post(f"/api/tournaments/{tid}/next-round", params={"token": chief}, json={})
            s = api(http, tid, chief)
            referee = s["links"]["tables"]["1"]
            players = s["rounds"][0]["tables"][0]["players"]
            # the table referee counts the equipment on a phone
            phone = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
            phone.on("dialog", lambda dialog: dialog.accept())
            phone.goto(referee + "&lang=cs")
            form = phone.get_by_test_id("equipment-form")
            expect(form).to_be_visible(timeout=WAIT)
            for box in form.locator("input[type=checkbox]").all():
                box.check()
            phone.get_by_test_id("btn-equipment").click()
            expect(phone.get_by_test_id("equipment-done")).to_be_visible(timeout=WAIT)
            console = chief_page(browser.new_context(), server.base, tid, chief)
            console.get_by_test_id("btn-start-round").click()
            expect(console.get_by_test_id("clock")).to_have_attribute(
                "data-state", "running", timeout=WAIT)
            # a stuck table: its referee marks the fourth player absent (they sign nothing)
            phone.reload()
            phone.get_by_test_id("stuck-seats").locator("summary").click()
            phone.get_by_test_id(f"btn-stuck-{players[3]}").click()
            expect(phone.get_by_test_id(f"btn-stuck-{players[3]}")).to_have_count(0,
                                                                               timeout=WAIT)
            console.get_by_test_id("btn-call-time").click()
            expect(console.get_by_test_id("table-1")).to_have_attribute(
                "data-status", "counting", timeout=WAIT)  # the banker counts the assets
            # the banker's count: seat 1 holds Boardwalk (39) with 2 houses and Park Place
            phone.reload()
            sheet = phone.get_by_test_id("sheet-form")
            expect(sheet).to_be_visible(timeout=WAIT)
            cash = [1200, 900, 400, 2000]
            for i, amount in enumerate(cash):
                tab = phone.get_by_test_id(f"sheet-tab-{i}")
                if tab.count():
                    tab.click()
                phone.get_by_test_id(f"sheet-cash-{i}").fill(str(amount))
            tab = phone.get_by_test_id("sheet-tab-0")
            if tab.count():
                tab.click()
            phone.get_by_test_id("own-0-37").check()
            phone.get_by_test_id("own-0-39").check()
            phone.get_by_test_id("build-0-39").select_option("2")
            expect(phone.get_by_test_id("sheet-total-0")).to_contain_text("2", timeout=WAIT)
            phone.get_by_test_id("btn-save-sheet").click()
            expect(phone.get_by_test_id("sheet-lines")).to_be_visible(timeout=WAIT)
            x = api(http, tid, chief)["rounds"][0]["tables"][0]
            totals = {ln["player"]: ln["total"] for ln in x["lines"]}
            assert totals[players[0]] == 1200 + 350 + 400 + 2 * 200
            assert totals[players[3]] == 2000
            # everyone signs: the table referee records the signatures
            expect(phone.get_by_test_id(f"btn-confirm-{players[3]}")).to_have_count(0)
            for p in players[:3]:
                phone.get_by_test_id(f"btn-confirm-{p}").click()
                expect(phone.get_by_test_id(f"btn-confirm-{p}")).to_have_count(0, timeout=WAIT)
            tile = console.get_by_test_id("table-1")
            expect(tile).to_have_attribute("data-status", "signed", timeout=WAIT)
            console.get_by_test_id("btn-accept-1").click()
            console.get_by_test_id("btn-close-round").click()
            expect(console.get_by_test_id("clock")).to_have_attribute(
                "data-state", "closed", timeout=WAIT)
            check_standings(console, http, tid)
            assert api(http, tid)["standings"][0]["player"] == players[0]
    finally:
        server.stop()


@pytest.mark.parametrize("lang", ["en", "cs", "ru"])
def test_the_pages_show_no_dollar_and_no_untranslated_key(tmp_path: Path, lang: str) -> None:
    server = Server(f"sqlite:///{tmp_path / 'm.sqlite3'}", free_port(), bot_delay=0.0).start()
    try:
        with server.http() as http, launch() as browser:
            r = http.post("/api/tournaments", json={"name": "Praha", "date": "2026-12-05",
                                                     "play": "real"})
            tid, chief = r.json()["id"], r.json()["chief_token"]
            http.post(f"/api/tournaments/{tid}/import", params={"token": chief},
                      json={"csv": "name\nAnn\nBob\nCyril\nDana\nEva\n"})
            http.post(f"/api/tournaments/{tid}/next-round", params={"token": chief}, json={})
            page = browser.new_context().new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            for path in (f"/tournament/{tid}?token={chief}", f"/tournament/{tid}",
                         f"/tournament/{tid}/projector", "/tournament/new"):
                page.goto(f"{server.base}{path}{'&' if '?' in path else '?'}lang={lang}")
                page.wait_for_timeout(800)
                text = page.inner_text("body")
                assert "$" not in text, path
                assert "undefined" not in text and "[object" not in text, path
            assert not errors, errors
    finally:
        server.stop()
