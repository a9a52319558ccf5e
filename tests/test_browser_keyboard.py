"""A whole board game by the keyboard alone (Tab to a control, Enter or Space to use it,
typing into the bid field), at 1366x768 and at 390x844, and the phone layout: no
horizontal scroll on the lobby, the waiting room and the game; the actions within reach
below the board; animations off when the system asks for reduced motion.

The module is skipped where /usr/bin/chromium or Playwright is missing."""

from __future__ import annotations

import pytest

from browserkit import new_page, post_json, require_browser

require_browser()
pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, Page  # noqa: E402

from test_browser_play import server  # noqa: E402, F401

# the answers of a quick player, first found first taken
PREFERENCE = ("roll", "buy", "end", "tax flat", "choose pay", "keep", "reject", "pay-fine",
              "use-card", "pass", "bankrupt")
NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= window.innerWidth"


def _tab_to(page: Page, selector: str, most: int = 120) -> bool:
    """Tab (forward) until the focused element matches `selector`."""
    for _ in range(most):
        if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
            return True
        page.keyboard.press("Tab")
    return False


def _play_by_keys(page: Page) -> list[str]:
    """Play the seat's decisions with keys until the game is over; the keys' actions."""
    done: list[str] = []
    for _ in range(2000):
        if page.locator("[data-testid=game-over]").count():
            return done
        actions: list[str] = page.locator(
            "[data-testid=actions] button:not([disabled])").evaluate_all(
            "bs => bs.map(b => b.dataset.action)")
        choice = next((a for a in PREFERENCE if a in actions), actions[0] if actions else None)
        if choice is None and page.locator("[data-testid=bid-amount]").count():
            if _tab_to(page, "[data-testid=bid-amount]"):
                low = page.get_attribute("[data-testid=bid-amount]", "min") or "1"
                page.keyboard.press("Control+A")
                page.keyboard.type(low)
                page.keyboard.press("Enter")
                done.append("bid")
            continue
        if choice is None:
            page.wait_for_timeout(100)
            continue
        if _tab_to(page, f"[data-testid=actions] button[data-action='{choice}']:not([disabled])"):
            page.keyboard.press("Enter" if len(done) % 2 else "Space")
            done.append(choice)
            page.wait_for_timeout(50)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["laptop", "phone"])
def test_a_whole_game_by_the_keyboard_alone(
    server: str, browser: Browser, size: tuple[int, int]  # noqa: F811
) -> None:
    made = post_json(f"{server}/api/rooms", {
        "nickname": "Ann", "seats": 2, "bots": {"1": "medium"},
        "options": {"end": "turn_limit", "turn_limit": 8}})
    page = new_page(browser, "en", size, (made["room"], made["token"], made["seat"]),
                    reduced_motion=True)
    lobby = page.context.new_page()
    lobby.goto(f"{server}/")
    lobby.wait_for_selector("[data-testid=create-submit]")
    assert lobby.evaluate(NO_SIDEWAYS)
    page.goto(f"{server}/#/room/{made['room']}")
    page.wait_for_selector("[data-testid=waiting-room]")
    assert page.evaluate(NO_SIDEWAYS)
    post_json(f"{server}/api/rooms/{made['room']}/start", {}, made["host_token"])
    page.wait_for_selector("[data-testid=board]")
    # reduced motion: the page animates nothing
    assert page.evaluate("() => document.documentElement.classList.contains('no-motion')")
    page.wait_for_selector("[data-testid=actions] button:not([disabled])")
    assert page.evaluate(NO_SIDEWAYS)
    if size[0] < 500:  # a phone: the actions just below the board and its strip
        board = page.locator("[data-testid=board]").bounding_box()
        actions = page.locator("[data-testid=actions]").bounding_box()
        assert board is not None and actions is not None
        assert actions["y"] - (board["y"] + board["height"]) < 300
    keys = _play_by_keys(page)
    assert "roll" in keys and "end" in keys
    assert page.evaluate(NO_SIDEWAYS)
