"""Helpers of the browser tests: Debian's Chromium driven by Playwright, and the check
that a page offers exactly the server's legal entries.

A browser test module calls :func:`require_browser` before importing Playwright: the
module is skipped where /usr/bin/chromium or Playwright is missing."""

from __future__ import annotations

import contextlib
import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# the entries a page shows in its managers (on demand), not as buttons of their own
MANAGED = ("build", "sell", "mortgage", "unmortgage", "resign")


def require_browser() -> None:
    """Skip the calling module where Chromium or Playwright is missing."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium (/usr/bin/chromium) is not installed",
                    allow_module_level=True)
    pytest.importorskip("playwright.sync_api")


@contextlib.contextmanager
def launch() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def post_json(url: str, body: dict[str, Any], token: str | None = None) -> Any:
    """POST `body` to the server (with a host's or seat's bearer `token`); its JSON."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, json.dumps(body).encode(), method="POST",
                                 headers=headers)
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.loads(res.read())


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as res:
        return json.loads(res.read())


def new_page(browser: Browser, lang: str, size: tuple[int, int],
             seat: tuple[str, str, int] | None = None, *scripts: str,
             reduced_motion: bool = False) -> Page:
    """A page of its own (a new context) in `lang` at `size`; with `seat` (room, token,
    seat number), the seat's token is in its storage, as the lobby leaves it; `scripts`
    run before the page's own."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  reduced_motion="reduce" if reduced_motion else None)
    script = f"localStorage.setItem('monopoly.lang', {lang!r});"
    if seat is not None:
        room, token, number = seat
        script += (f"localStorage.setItem('monopoly.token.{room}', {token!r});"
                   f"localStorage.setItem('monopoly.seat.{room}', '{number}');")
    context.add_init_script(script)
    for extra in scripts:
        context.add_init_script(extra)
    return context.new_page()


def check_controls(page: Page) -> None:
    """The page offers exactly the server's legal entries: every button is one of them,
    and every decision (not the managers' entries, shown on demand) has its button."""
    seen = page.evaluate(
        """() => {
          const st = window.monopolyClient.state;
          if (!st || !st.view) return null;
          return {
            shown: [...document.querySelectorAll('[data-action]')].map(b => b.dataset.action),
            legal: st.legal.filter(e => !e.template).map(e => [e.text, e.kind]),
          };
        }"""
    )
    if seen is None:
        return
    legal = {text for text, _ in seen["legal"]}
    assert set(seen["shown"]) <= legal, seen
    decisions = {text for text, kind in seen["legal"] if kind not in MANAGED}
    assert decisions <= set(seen["shown"]), seen
