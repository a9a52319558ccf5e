"""No English left in a Czech or Russian page: the lobby, the waiting room, a board game
from its first turn to its end (auctions, cards, rents, jail, trades, the game-over panel
and its summary), the replay, and a Monopoly Deal game, watched and played in cs and ru.

Every text the page shows (text nodes, titles, labels, placeholders) is recorded as it
appears (a MutationObserver), and none may be the English of a catalog entry whose
translation differs: an entry is English when the text matches its English msgid (its
{placeholders} matching anything) and the page is not in English. Names of players and
the board's street names (the host chose English names) are not catalog entries.

The module is skipped where /usr/bin/chromium or Playwright is missing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from browserkit import new_page, post_json, require_browser

require_browser()
pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, Page  # noqa: E402

from test_browser_play import server  # noqa: E402, F401

LOCALE = Path(__file__).parent.parent / "src" / "monopoly" / "i18n" / "locale"

# Every text of the page, as it comes and goes (window.__seen), in the page's language.
RECORD = """(() => {
  const seen = new Set();
  window.__seen = seen;
  const take = (value) => {
    const text = (value || "").replace(/\\s+/g, " ").trim();
    if (text) seen.add(text);
  };
  const visit = (node) => {
    if (node.nodeType === Node.TEXT_NODE) { take(node.textContent); return; }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    if (node.tagName === "SCRIPT" || node.tagName === "STYLE") return;
    for (const a of ["title", "aria-label", "placeholder", "alt"]) take(node.getAttribute(a));
    if (node.tagName === "INPUT" && ["button", "submit"].includes(node.type)) take(node.value);
    for (const child of node.childNodes) visit(child);
  };
  new MutationObserver((changes) => {
    for (const c of changes) {
      if (c.type === "characterData") take(c.target.textContent);
      else if (c.type === "attributes") visit(c.target);
      else c.addedNodes.forEach(visit);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true,
                         attributeFilter: ["title", "aria-label", "placeholder", "alt"] });
  document.addEventListener("DOMContentLoaded", () => visit(document.documentElement));
})();"""


def english(lang: str) -> re.Pattern[str]:
    """The English msgids that are no `lang` translation of any entry, as one pattern
    (placeholders: anything); entries too short to tell ("{n} s", "OK") are left out."""
    with (LOCALE / lang / "LC_MESSAGES" / "monopoly.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    # a text that is some entry's translation is the page's language, whichever entry
    # (and context) it came from: Czech "hotel" is the translation of "hotel" although
    # the Disney edition's "hotel" is a castle
    translations = set()
    for m in catalog:
        translations.update([m.string] if isinstance(m.string, str) else list(m.string))
    parts = []
    for m in catalog:
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        for msgid in ids:
            if not msgid or msgid in translations:
                continue
            literal = re.sub(r"\{\w*\}", "", msgid)
            if len(re.findall(r"[A-Za-z]", literal)) < 5:
                continue
            pieces = re.split(r"(\{\w*\})", msgid)
            parts.append("".join(".+?" if re.fullmatch(r"\{\w*\}", p) else re.escape(p)
                                 for p in pieces))
    return re.compile("|".join(f"(?:{p})" for p in sorted(set(parts), key=len, reverse=True)))


def english_seen(page: Page, pattern: re.Pattern[str], names: set[str]) -> list[str]:
    seen: list[str] = page.evaluate("() => [...window.__seen]")
    return sorted(t for t in seen if t not in names and pattern.fullmatch(t))


def _page(browser: Browser, lang: str, size: tuple[int, int],
          seat: tuple[str, str, int] | None = None) -> Page:
    return new_page(browser, lang, size, seat, RECORD)


@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_no_english_in_a_board_game_from_the_lobby_to_the_replay(
    server: str, browser: Browser, lang: str  # noqa: F811
) -> None:
    pattern = english(lang)
    names = {"Ann", "Bob"}
    lobby = _page(browser, lang, (1366, 768))
    lobby.goto(f"{server}/")
    lobby.wait_for_selector("[data-testid=create-submit]")
    lobby.click(".advanced summary")
    lobby.select_option("[data-testid=create-game]", "deal")
    lobby.select_option("[data-testid=create-game]", "board")
    # a game of people and bots: the person's seat sees the prompts, the trade form,
    # the auction and the end; bots play quickly
    made = post_json(f"{server}/api/rooms", {
        "nickname": "Ann", "seats": 3, "bots": {"1": "hard", "2": "medium"}, "names": "en",
        "options": {"end": "turn_limit", "turn_limit": 14}})
    seat = _page(browser, lang, (390, 844), (made["room"], made["token"], made["seat"]))
    seat.goto(f"{server}/#/room/{made['room']}")
    seat.wait_for_selector("[data-testid=waiting-room]")
    post_json(f"{server}/api/rooms/{made['room']}/start", {}, made["host_token"])
    watcher = _page(browser, lang, (1366, 768))
    watcher.goto(f"{server}/#/room/{made['room']}")
    opened = False
    for _ in range(1200):  # the person plays: the first legal button, the trade form once
        if seat.locator("[data-testid=game-over]").count():
            break
        if not opened and seat.locator("[data-testid=tool-trade]").count():
            seat.click("[data-testid=tool-trade]")
            seat.fill("[data-testid=trade-take-cash]", "999999")
            seat.click("[data-testid=trade-submit]")
            seat.wait_for_selector("[data-testid=trade-take-cash-error]:not([hidden])")
            seat.click("[data-testid=tool-trade]")
            opened = True
        buttons = seat.locator("[data-testid=actions] button:not([disabled])")
        bid = seat.locator("[data-testid=bid-form]")
        try:
            if bid.count() and not buttons.count():
                seat.click("[data-testid=bid-submit]", timeout=2_000)
            elif buttons.count():
                buttons.first.click(timeout=2_000)
            else:
                seat.wait_for_timeout(100)
        except Exception:
            continue
    seat.wait_for_selector("[data-testid=game-over]", timeout=120_000)
    seat.wait_for_selector("[data-testid=postgame] svg", timeout=30_000)
    watcher.wait_for_selector("[data-testid=game-over]")
    replay = _page(browser, lang, (1366, 768))
    replay.goto(f"{server}/#/replay/{made['room']}")
    replay.wait_for_selector("[data-testid=replay]")
    for _ in range(5):
        replay.click("[data-testid=replay-next-turn]")
    replay.click("[data-testid=replay-last]")
    for page in (lobby, seat, watcher, replay):
        assert english_seen(page, pattern, names) == []


@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_no_english_in_a_deal_game(server: str, browser: Browser, lang: str) -> None:  # noqa: F811
    pattern = english(lang)
    made = post_json(f"{server}/api/rooms", {"game": "deal", "seats": 3,
                                          "bots": {"0": "easy", "1": "medium", "2": "hard"}})
    watcher = _page(browser, lang, (1366, 768))
    watcher.goto(f"{server}/#/room/{made['room']}")
    watcher.wait_for_selector("[data-testid=waiting-room]")
    post_json(f"{server}/api/rooms/{made['room']}/start", {}, made["host_token"])
    watcher.wait_for_selector("[data-testid=game-over]", timeout=180_000)
    assert english_seen(watcher, pattern, set()) == []
