"""The seat link in the browser (static/seatlink.js): a player copies the link of their own
seat in one browser, opens it in another (a second context: another device), and plays
the seat there. The token travels in the URL's fragment only: no HTTP request the second
browser makes carries it, and it leaves the address bar once kept.

The module is skipped where /usr/bin/chromium or Playwright is missing."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from browserkit import require_browser
from serverkit import Server, free_port, sqlite_url

require_browser()
sync_api = pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, Page  # noqa: E402


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    s = Server(sqlite_url(tmp_path_factory.mktemp("seatlink")), free_port()).start()
    yield s.base
    s.stop()


def _errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def _copied_link(page: Page) -> str:
    """Open the seat link's box, press its copy button; the link from the clipboard, or
    from the text field the page selects where the clipboard cannot be written."""
    if not page.evaluate("() => document.querySelector('[data-testid=seat-link]').open"):
        page.click("[data-testid=seat-link-open]")
    page.click("[data-testid=copy-seat-link]")
    page.wait_for_selector("[data-testid=toast]:not([hidden])")
    link: str = page.evaluate(
        """async () => {
          const field = document.querySelector('[data-testid=seat-link-text]');
          if (!field.hidden) return window.getSelection().toString() || field.value;
          return await navigator.clipboard.readText();
        }"""
    )
    return link


def test_a_seat_link_opened_in_another_browser_plays_the_seat(
    base: str, browser: Browser
) -> None:
    here = browser.new_context()
    here.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    page = here.new_page()
    errors = _errors(page)
    page.goto(base + "/")
    page.wait_for_selector("[data-testid=create-submit]")
    page.fill("[data-testid=create-nickname]", "Ann")
    page.fill("[data-testid=create-seats]", "2")
    page.select_option("[data-testid=seat-kind-1]", "easy")
    page.click("[data-testid=create-submit]")
    page.wait_for_selector("[data-testid=waiting-room] [data-testid=seat-link]")
    room = re.search(r"#/room/([\w-]+)$", page.url)
    assert room, page.url
    token = page.evaluate(f"() => localStorage.getItem('monopoly.token.{room[1]}')")
    # the waiting room: the link of Ann's own seat, with the warning
    link = _copied_link(page)
    assert "Whoever has this link plays your seat" in page.inner_text(
        "[data-testid=seat-link-warning]")
    assert link == f"{base}/#/room/{room[1]}/seat/{token}"
    page.click("[data-testid=start-game]")
    page.wait_for_selector("[data-testid=game]")
    # during play the box is in the panel, with the same link
    page.wait_for_selector(".panel [data-testid=seat-link]")
    assert _copied_link(page) == link

    there = browser.new_context()  # another device: nothing in its storage
    other = there.new_page()
    other_errors = _errors(other)
    requested: list[str] = []
    other.on("request", lambda r: requested.append(r.url))
    other.goto(link)
    other.wait_for_selector("[data-testid=game]")
    other.wait_for_function("() => window.monopolyClient.seat === 0")
    assert other.url == f"{base}/#/room/{room[1]}"  # the token left the address bar
    assert other.evaluate(f"() => localStorage.getItem('monopoly.token.{room[1]}')") == token
    assert other.evaluate("() => location.href").find(token) < 0
    assert requested and not [u for u in requested if token in u]
    # the second browser acts as the seat: a click, then the server's next state
    other.wait_for_selector("[data-testid=actions] button:not([disabled])", timeout=20_000)
    before = other.evaluate("() => window.monopolyClient.state.seq")
    other.locator("[data-testid=actions] button:not([disabled])").first.click()
    other.wait_for_function(f"() => window.monopolyClient.state.seq > {before}")
    assert other.evaluate("() => window.monopolyClient.state.view.seat") == 0
    # and the first browser still holds the seat too (two devices, one seat)
    page.wait_for_function(f"() => window.monopolyClient.state.seq > {before}")
    assert page.evaluate("() => window.monopolyClient.seat") == 0
    assert errors == [] and other_errors == []
    here.close()
    there.close()


def test_without_a_clipboard_the_link_is_selected_and_a_spectator_has_none(
    base: str, browser: Browser
) -> None:
    context = browser.new_context()
    # a page served over plain http on another address has no navigator.clipboard
    context.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined})")
    page = context.new_page()
    page.goto(base + "/")
    page.wait_for_selector("[data-testid=create-submit]")
    page.fill("[data-testid=create-nickname]", "Ann")
    page.fill("[data-testid=create-seats]", "2")
    page.click("[data-testid=create-submit]")
    page.wait_for_selector("[data-testid=waiting-room] [data-testid=seat-link]")
    url = page.url
    page.click("[data-testid=seat-link-open]")
    page.click("[data-testid=copy-seat-link]")
    page.wait_for_selector("[data-testid=seat-link-text]", state="visible")
    selected = page.evaluate("""() => {
      const f = document.querySelector('[data-testid=seat-link-text]');
      return [document.activeElement === f, f.value.slice(f.selectionStart, f.selectionEnd)];
    }""")
    room = url.split("#/room/")[1]
    token = page.evaluate(f"() => localStorage.getItem('monopoly.token.{room}')")
    assert selected == [True, f"{base}/#/room/{room}/seat/{token}"]
    watcher = browser.new_context().new_page()
    watcher.goto(url)
    watcher.wait_for_selector("[data-testid=waiting-room]")
    watcher.wait_for_selector("[data-testid=join-submit]")
    assert watcher.locator("[data-testid=seat-link]").count() == 0
    watcher.context.close()
    context.close()
