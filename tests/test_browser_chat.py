"""The chat panel in a real browser (Debian's Chromium driven by Playwright): two seats
and a spectator in a board game's room, then a Deal room. A seat writes (Enter sends),
the other seat and the spectator read it as text, never as markup; the spectator's panel
has no input; a quick reaction shows beside the player's card and in the chat.
Skipped where /usr/bin/chromium or Playwright is missing."""

from __future__ import annotations

import os
from pathlib import Path

import httpx

from browserkit import require_browser
from serverkit import Server, create_room, short, start_room

require_browser()

from playwright.sync_api import Browser, Page  # noqa: E402

ARTIFACTS = Path(os.environ.get("MONOPOLY_ARTIFACTS", Path(__file__).parent / "artifacts"))
MARKUP = '<img src=x onerror="window.hacked=1"><b>bold</b> & fun'


def _room(http: httpx.Client, **body: object) -> tuple[str, str, str]:
    """A started room of Ann (seat 0) and Bob (seat 1): (room, Ann's token, Bob's)."""
    made = create_room(http, seats=2, nickname="Ann", **body)
    bob = http.post(f"/api/rooms/{made['room']}/join", json={"nickname": "Bob"}).json()
    start_room(http, made)
    return made["room"], made["token"], bob["token"]


def _open(browser: Browser, server: Server, room: str, token: str | None,
          errors: list[str]) -> Page:
    """A page of the room in a browser of its own (with the seat's token, if any)."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    if token:
        context.add_init_script(f"localStorage.setItem('monopoly.token.{room}', '{token}')")
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.base}/#/room/{room}")
    page.wait_for_selector("[data-testid=chat] [data-testid=chat-lines]")
    return page


def test_two_seats_and_a_spectator_chat(server: Server, http: httpx.Client,
                                        browser: Browser) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    room, ann, bob = _room(http, options=short(200))
    page_a = _open(browser, server, room, ann, errors)
    page_b = _open(browser, server, room, bob, errors)
    page_c = _open(browser, server, room, None, errors)  # a spectator
    for page in (page_a, page_b, page_c):
        page.wait_for_selector("[data-testid=board]")
    # the spectator reads only: no input, a line that says so
    page_c.wait_for_selector("[data-testid=chat-readonly]:visible")
    assert page_c.locator("[data-testid=chat-input]").count() == 0
    assert "Spectators can read" in page_c.inner_text("[data-testid=chat-readonly]")
    # a seat's input: labelled, with the characters left
    box = page_a.locator("[data-testid=chat-input]")
    assert page_a.inner_text("label[for=chat-input]") == "Chat message"
    assert page_a.locator("[data-testid=chat-readonly]").is_hidden()
    box.fill("x" * 201)
    assert page_a.is_disabled("[data-testid=chat-send]")
    assert "at most 200" in page_a.inner_text("[data-testid=chat-left]")
    box.fill(MARKUP)
    assert page_a.inner_text("[data-testid=chat-left]") == f"{200 - len(MARKUP)} characters left"
    box.press("Enter")
    for page in (page_a, page_b, page_c):
        line = page.locator("[data-testid=chat-line]", has_text="bold")
        line.wait_for(timeout=10_000)
        assert line.locator("[data-testid=chat-text]").text_content() == MARKUP
        assert "Ann" in line.inner_text()
        assert page.locator("[data-testid=chat-lines] img, [data-testid=chat-lines] b:text('bold')"
                            ).count() == 0
        assert page.evaluate("() => window.hacked") is None
    page_a.wait_for_function(  # the server took the line: the box empties
        "() => document.querySelector('[data-testid=chat-input]').value === ''")
    # Bob's quick reaction: beside his card on the others' pages, and in the chat
    page_b.click("[data-testid=react-party]")
    for page in (page_a, page_c):
        page.wait_for_selector("[data-testid=player-1] [data-testid=reaction-1]:text('🎉')")
        page.locator("[data-testid=chat-line]", has_text="🎉").wait_for()
    page_a.screenshot(path=str(ARTIFACTS / "chat-board-seat.png"))
    page_c.screenshot(path=str(ARTIFACTS / "chat-board-spectator.png"))
    # a reload brings the chat back from the server
    page_c.reload()
    page_c.locator("[data-testid=chat-line]", has_text="bold").wait_for(timeout=10_000)
    assert page_c.locator("[data-testid=chat-line]").count() == 2

    # the same panel in a Deal room
    room, ann, bob = _room(http, game="deal")
    deal_a = _open(browser, server, room, ann, errors)
    deal_c = _open(browser, server, room, None, errors)
    deal_a.wait_for_selector("[data-testid=deal-game] [data-testid=chat-input]")
    deal_c.wait_for_selector("[data-testid=deal-game] [data-testid=chat-readonly]:visible")
    assert deal_c.locator("[data-testid=chat-input]").count() == 0
    deal_a.fill("[data-testid=chat-input]", "deal me in")
    deal_a.click("[data-testid=chat-send]")
    deal_c.locator("[data-testid=chat-line]", has_text="deal me in").wait_for(timeout=10_000)
    deal_a.click("[data-testid=react-thumbs_up]")
    deal_c.wait_for_selector("[data-testid=deal-table-0] [data-testid=reaction-0]")
    deal_c.screenshot(path=str(ARTIFACTS / "chat-deal-spectator.png"))
    assert errors == []
