"""Accessibility of the pages (axe-core in Chromium, through axe-playwright-python): no
serious or critical finding on the lobby, a board game, a Monopoly Deal game and the
replay, in English and Czech, at 1366x768 and 390x844.

The module is skipped where /usr/bin/chromium or Playwright is missing."""

from __future__ import annotations

from typing import Any

import pytest

from browserkit import new_page, post_json, require_browser

require_browser()
pytest.importorskip("playwright.sync_api")
axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")

from playwright.sync_api import Browser, Page  # noqa: E402

from test_browser_play import server  # noqa: E402, F401

SIZES = [(1366, 768), (390, 844)]


def findings(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page, one line each."""
    results: Any = axe_sync.Axe().run(page)
    out = []
    for v in results.response["violations"]:
        if v["impact"] in ("serious", "critical"):
            targets = [", ".join(n["target"]) for n in v["nodes"][:4]]
            out.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])}): {v['help']} {targets}")
    return out


def _page(browser: Browser, lang: str, size: tuple[int, int],
          seat: tuple[str, str, int] | None = None) -> Page:
    return new_page(browser, lang, size, seat)


@pytest.mark.parametrize("size", SIZES, ids=["laptop", "phone"])
@pytest.mark.parametrize("lang", ["en", "cs"])
def test_no_serious_finding_on_any_page(
    server: str, browser: Browser, lang: str, size: tuple[int, int]  # noqa: F811
) -> None:
    found: dict[str, list[str]] = {}
    lobby = _page(browser, lang, size)
    lobby.goto(f"{server}/")
    lobby.wait_for_selector("[data-testid=create-submit]")
    lobby.wait_for_selector("[data-testid=rooms-open] li:not(.loading)")
    found["lobby"] = findings(lobby)
    lobby.click(".advanced summary")
    found["lobby, advanced"] = findings(lobby)
    made = post_json(f"{server}/api/rooms", {
        "nickname": "Ann", "seats": 3, "bots": {"1": "hard", "2": "medium"},
        "options": {"end": "turn_limit", "turn_limit": 6}})
    seat = _page(browser, lang, size, (made["room"], made["token"], made["seat"]))
    seat.goto(f"{server}/#/room/{made['room']}")
    seat.wait_for_selector("[data-testid=waiting-room]")
    found["waiting room"] = findings(seat)
    post_json(f"{server}/api/rooms/{made['room']}/start", {}, made["host_token"])
    seat.wait_for_selector("[data-testid=actions] button:not([disabled])")
    found["board game"] = findings(seat)
    if seat.locator("[data-testid=tool-trade]").count():
        seat.click("[data-testid=tool-trade]")
        found["trade form"] = findings(seat)
    deal = post_json(f"{server}/api/rooms", {"game": "deal", "nickname": "Ann", "seats": 2,
                                          "bots": {"1": "medium"}})
    cards = _page(browser, lang, size, (deal["room"], deal["token"], deal["seat"]))
    cards.goto(f"{server}/#/room/{deal['room']}")
    cards.wait_for_selector("[data-testid=waiting-room]")
    post_json(f"{server}/api/rooms/{deal['room']}/start", {}, deal["host_token"])
    cards.wait_for_selector("[data-testid=deal-area]")
    cards.wait_for_timeout(500)
    found["deal game"] = findings(cards)
    bots = post_json(f"{server}/api/rooms", {"seats": 2, "bots": {"0": "easy", "1": "easy"},
                                          "options": {"end": "turn_limit", "turn_limit": 4}})
    post_json(f"{server}/api/rooms/{bots['room']}/start", {}, bots["host_token"])
    replay = _page(browser, lang, size)
    replay.goto(f"{server}/#/room/{bots['room']}")
    replay.wait_for_selector("[data-testid=game-over]", timeout=60_000)
    found["game over"] = findings(replay)
    replay.goto(f"{server}/#/replay/{bots['room']}")
    replay.wait_for_selector("[data-testid=replay]")
    replay.click("[data-testid=replay-next]")
    found["replay"] = findings(replay)
    bad = [f"{page}: {line}" for page, lines in found.items() for line in lines]
    assert not bad, "\n".join(bad)
