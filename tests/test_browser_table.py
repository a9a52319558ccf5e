"""The table as a new player finds it, in the browser (a real server, Debian's Chromium):
names in every reader's language, the board's street names the same for every seat,
street names in whole words, the language switch, the trade form's own messages and a
counter-offer that is never missed.

The module is skipped where /usr/bin/chromium or Playwright is missing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from browserkit import get_json, new_page, post_json, require_browser

require_browser()
pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, Page  # noqa: E402

from test_browser_play import artifacts, server, shot  # noqa: E402, F401

# Every word of every square's name on one line and inside its square (None: all are).
BROKEN_WORDS = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('#board .sq .name')) {
    const node = el.firstChild;
    if (!node || getComputedStyle(el).visibility === 'hidden') continue;  // left to the strip
    const box = el.closest('.sq').getBoundingClientRect();
    let i = 0;
    for (const part of el.textContent.split(/(\\s+)/)) {
      if (part.trim()) {
        const r = document.createRange();
        r.setStart(node, i); r.setEnd(node, i + part.length);
        const rects = [...r.getClientRects()].filter((x) => x.width > 0);
        const name = `${el.textContent}: "${part}"`;
        if (new Set(rects.map((x) => Math.round(x.top))).size > 1) bad.push(`${name} broken`);
        for (const x of rects) {
          if (x.left < box.left - 1 || x.right > box.right + 1) bad.push(`${name} overflows`);
        }
      }
      i += part.length;
    }
  }
  return bad;
}"""


def _seat_page(browser: Browser, base: str, room: str, seat: int, token: str, lang: str,
               size: tuple[int, int] = (1366, 768)) -> Page:
    page = new_page(browser, lang, size, (room, token, seat))
    page.goto(f"{base}/#/room/{room}")
    return page


def _texts(base: str, lang: str) -> dict[str, str]:
    data: dict[str, str] = get_json(f"{base}/api/ui?lang={lang}")
    return data


def _t(texts: dict[str, str], key: str, **params: str) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: params.get(m.group(1), m.group(0)), texts[key])


def test_names_the_board_and_the_language_switch(
    server: str, browser: Browser, artifacts: Path  # noqa: F811
) -> None:
    made = post_json(f"{server}/api/rooms", {"nickname": "Ann", "seats": 3, "bots": {"2": "hard"},
                                          "names": "ru"})
    bob = post_json(f"{server}/api/rooms/{made['room']}/join", {"nickname": "Bob"})
    room = made["room"]
    ann = _seat_page(browser, server, room, made["seat"], made["token"], "cs")
    bob_page = _seat_page(browser, server, room, bob["seat"], bob["token"], "ru", (390, 844))
    post_json(f"{server}/api/rooms/{room}/start", {}, made["host_token"])
    for page in (ann, bob_page):
        page.wait_for_selector("[data-testid=board] [data-sq='39'] .name")
        page.wait_for_function("() => document.querySelector('[data-testid=log] li:not(.muted)')")
    cs, ru = _texts(server, "cs"), _texts(server, "ru")
    # a bot's name in the reader's language: on the cards, in the log, nowhere in English
    czech_bot = _t(cs, "bot_name", number="3", level=cs["level_hard"])
    ann.wait_for_function("(name) => document.body.innerText.includes(name)", arg=czech_bot)
    assert "Bot 3 (hard)" not in ann.inner_text("body")
    bob_page.wait_for_function("(name) => document.body.innerText.includes(name)",
                               arg=_t(ru, "bot_name", number="3", level=ru["level_hard"]))
    # the board's names: Moscow's for the Czech and the Russian reader alike; Go is theirs
    assert ann.inner_text("[data-sq='39'] .name") == bob_page.inner_text("[data-sq='39'] .name")
    assert ann.inner_text("[data-sq='39'] .name") == "Улица Арбат"
    assert ann.inner_text("[data-sq='0'] .name") != bob_page.inner_text("[data-sq='0'] .name")
    # whole words on the board, on a laptop and on a phone
    for page in (ann, bob_page):
        assert page.evaluate(BROKEN_WORDS) == []
    shot(ann, artifacts, "table-names-cs")
    shot(bob_page, artifacts, "table-names-ru-phone")
    # the language switch: the badge, the log's heading and the earlier lines
    before = ann.locator("[data-testid=log] li").all_inner_texts()
    ann.click("[data-testid=lang-en]")
    en = _texts(server, "en")
    ann.wait_for_function("(h) => document.querySelector('#log-box h3').textContent === h",
                          arg=en["log"])
    assert ann.inner_text("[data-testid=connection]") == en["conn_online"]
    ann.wait_for_function(
        "(old) => { const now = [...document.querySelectorAll('[data-testid=log] li')]"
        ".map((li) => li.innerText); return now.length >= old.length"
        " && now.every((line) => !old.includes(line)); }", arg=before)
    assert "Bot 3 (hard)" in ann.inner_text("body")  # and the bot's name in English now


def test_the_trade_form_speaks_the_pages_language_and_counters_are_answered(
    server: str, browser: Browser, artifacts: Path  # noqa: F811
) -> None:
    made = post_json(f"{server}/api/rooms", {"nickname": "Ann", "seats": 2})
    bob = post_json(f"{server}/api/rooms/{made['room']}/join", {"nickname": "Bob"})
    room = made["room"]
    pages = {made["seat"]: _seat_page(browser, server, room, made["seat"], made["token"], "cs"),
             bob["seat"]: _seat_page(browser, server, room, bob["seat"], bob["token"], "ru")}
    post_json(f"{server}/api/rooms/{room}/start", {}, made["host_token"])
    first = None
    for _ in range(100):  # the seat whose turn it is has the trade tool
        for seat, page in pages.items():
            if page.locator("[data-testid=tool-trade]").count():
                first = seat
        if first is not None:
            break
        pages[made["seat"]].wait_for_timeout(100)
    assert first is not None
    me, other = pages[first], pages[1 - first]
    lang = "cs" if first == made["seat"] else "ru"
    texts = _texts(server, lang)
    me.click("[data-testid=tool-trade]")
    me.fill("[data-testid=trade-take-cash]", "999999")
    me.click("[data-testid=trade-submit]")
    error = me.locator("[data-testid=trade-take-cash-error]")
    error.wait_for(state="visible")
    partner = "Bob" if first == made["seat"] else "Ann"
    assert error.inner_text().startswith(_t(texts, "trade_cash_over", player=partner,
                                            amount="")[:len(partner) + 2])
    assert me.get_attribute("[data-testid=trade-take-cash]", "aria-invalid") == "true"
    other.wait_for_timeout(500)
    assert other.locator("[data-testid=offer]").count() == 0  # nothing was sent
    shot(me, artifacts, f"trade-cash-error-{lang}")
    # a new state (here: the page's language switched, and back) keeps the draft and its
    # message, written again in the page's language: another player's move must not wipe
    # what the form says about the draft
    for switch, said in (("en", _texts(server, "en")), (lang, texts)):
        me.click(f"[data-testid=lang-{switch}]")
        me.wait_for_function(
            "(text) => { const e = document.querySelector("
            "'[data-testid=trade-take-cash-error]'); "
            "return e && !e.hidden && e.innerText.startsWith(text); }",
            arg=_t(said, "trade_cash_over", player=partner, amount="")[:len(partner) + 2])
        assert me.input_value("[data-testid=trade-take-cash]") == "999999"
        assert me.get_attribute("[data-testid=trade-take-cash]", "aria-invalid") == "true"
        shot(me, artifacts, f"trade-cash-error-kept-{lang}-{switch}")
    # a valid offer, countered: the proposer is told, in its language
    me.fill("[data-testid=trade-take-cash]", "10")
    me.click("[data-testid=trade-submit]")
    other.wait_for_selector("[data-testid=counter-offer]")
    other.click("[data-testid=counter-offer]")
    other.fill("[data-testid=trade-give-cash]", "20")
    other.click("[data-testid=trade-submit]")
    other_name = "Bob" if first == made["seat"] else "Ann"
    me.wait_for_function(
        "(text) => document.querySelector('[data-testid=toast]')?.innerText === text",
        arg=_t(texts, "offer_countered", player=other_name))
    me.wait_for_selector("[data-testid=offer]")
    me.click("[data-testid=actions] button[data-action='reject']")
    other_texts = _texts(server, "ru" if lang == "cs" else "cs")
    other.wait_for_function(
        "(text) => document.querySelector('[data-testid=toast]')?.innerText === text",
        arg=_t(other_texts, "offer_rejected", player=partner if False else
               ("Ann" if first == made["seat"] else "Bob")))


MONEY_CHANGE = """async () => {
  const { countMoney } = await import('/feedback.js');
  const card = document.createElement('div');
  card.className = 'player';
  const amount = document.createElement('span');
  card.appendChild(amount);
  document.body.appendChild(card);
  countMoney(amount, 1500, 1700, (n) => `$${n}`);
  const change = card.querySelector('.money-change');
  const style = getComputedStyle(change);
  const found = { shown: style.opacity === '1', text: change.textContent,
                  animation: style.animationName, there: null };
  if (found.animation !== 'none') {
    found.there = await new Promise((done) => change.addEventListener(
      'animationend', () => done(change.isConnected), { once: true }));
  }
  return found;
}"""


@pytest.mark.parametrize("reduced", [False, True])
def test_the_floating_money_change_goes_when_its_rise_ends(
    server: str, browser: Browser, reduced: bool  # noqa: F811
) -> None:
    """The change of a player's money floats up over the card (feedback.js countMoney,
    style.css's rise) at full opacity and is removed when its rise ends: never cut off by
    a timer mid-fade, never left on the card after it. Without motion it stands still for
    a moment, then goes."""
    page = new_page(browser, "en", (1366, 768), reduced_motion=reduced)
    page.goto(f"{server}/")
    page.wait_for_load_state("networkidle")
    found = page.evaluate(MONEY_CHANGE)
    assert found["shown"] and found["text"] == "+$200"
    if reduced:
        assert found["animation"] == "none"
        page.wait_for_function("() => !document.querySelector('.money-change')",
                               timeout=5000)
    else:
        assert found["animation"] == "rise"
        assert found["there"] is False  # removed by the rise's end, before this listener
    assert page.evaluate("() => document.querySelectorAll('.money-change').length") == 0
    page.context.close()
