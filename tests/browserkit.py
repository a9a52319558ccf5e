"""Helpers of the browser tests: Debian's Chromium driven by Playwright, and the check
that a page offers exactly the server's legal entries.

A browser test module calls :func:`require_browser` before importing Playwright: the
module is skipped where /usr/bin/chromium or Playwright is missing."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

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
