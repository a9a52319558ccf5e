"""The Monopoly Deal table as a player finds it, in the browser (a real server, Debian's
Chromium): every card's whole name in English, Czech and Russian, on a laptop (1366x768)
and on a phone (390x844); no sideways scrolling on phones (360-430 px); the table on turn
marked in words, each colour named, a full set marked as full; a game played for a few
turns with the keyboard only (Tab, Enter, Space, Escape, the arrow keys), every card a
button named by its whole name and value, the focus always visible.
Screenshots go to tests/artifacts/ (deal-cards-*, deal-table-*, deal-over-*).

The module is skipped where /usr/bin/chromium or Playwright is missing."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from browserkit import get_json, post_json, require_browser

require_browser()

from playwright.sync_api import Browser, Page  # noqa: E402

from monopoly.deal.deck import load_deck  # noqa: E402
from test_browser_play import artifacts, server, shot  # noqa: E402, F401

LANGS = ("en", "cs", "ru")
LAPTOP, PHONE = (1366, 768), (390, 844)
PHONES = (360, 390, 430)

# Problems with the card names drawn in `root` (none: every name whole): a name element
# wider than its box (text cut, or an ellipsis), a word (split at spaces, and after a
# slash, where a line may break) on two lines or outside its card.
CUT_NAMES = """(root) => {
  const bad = [];
  const scope = document.querySelector(root) || document;
  for (const el of scope.querySelectorAll('.dcard .dname, .dcard .dcolour')) {
    const text = el.textContent;
    const style = getComputedStyle(el);
    if (el.scrollWidth > el.clientWidth) {
      bad.push(`${text}: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    if (style.textOverflow === 'ellipsis' || style.whiteSpace === 'nowrap') {
      bad.push(`${text}: clipped by style`);
    }
    const card = el.closest('.dcard').getBoundingClientRect();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      let i = 0;
      for (const part of node.data.split(/(\\s+|(?<=\\/))/)) {
        if (part && part.trim()) {
          const r = document.createRange();
          r.setStart(node, i); r.setEnd(node, i + part.length);
          const rects = [...r.getClientRects()].filter((x) => x.width > 0);
          const lines = new Set(rects.map((x) => Math.round(x.top)));
          if (lines.size > 1) bad.push(`${text}: "${part}" broken`);
          for (const x of rects) {
            if (x.left < card.left - 0.5 || x.right > card.right + 0.5) {
              bad.push(`${text}: "${part}" out of its card`);
            }
          }
        }
        i += part ? part.length : 0;
      }
    }
  }
  return bad;
}"""

# Every card type of the deck drawn by the page's own code (deal.js) in the hand, in a pile
# and in a bank of the page's table; returns the names drawn.
DRAW_DECK = """async (lang) => {
  const m = await import('/deal.js');
  const S = { lang };
  await m.loadDeck(S, async (path) => (await fetch(path)).json());
  const ui = await (await fetch(`/api/ui?lang=${lang}`)).json();
  const t = (k, p = {}) => String(ui[k] ?? k)
    .replace(/\\{(\\w+)\\}/g, (x, n) => (n in p ? String(p[n]) : x));
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const ctx = { S, t, esc };
  const ids = [...new Map(S.deck.cards.map((c) => [c.key, c.id])).values()];
  const tiles = (opts) => ids.map((id) => m.cardTile(ctx, id, opts)).join('');
  document.querySelector('[data-testid=deal-hand] .dhand-cards').innerHTML = ids.map((id) =>
    `<button type="button" class="dhand-card" aria-label="${esc(m.cardLabel(ctx, id))}">`
    + `${m.cardTile(ctx, id)}</button>`).join('');
  document.querySelector('[data-testid=deal-table-0] .dpiles').innerHTML = `<div class="dpile">`
    + `<div class="dpile-cards">${tiles({ colour: false, line: true })}</div></div>`;
  document.querySelector('[data-testid=bank-0]').innerHTML = tiles({ line: true });
  m.fitCardNames(document.querySelector('.deal-game'));
  return ids.map((id) => S.deck.cards[id].name);
}"""

SIDEWAYS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def _open(browser: Browser, base: str, room: str, lang: str, size: tuple[int, int],
          token: str | None = None, errors: list[str] | None = None) -> Page:
    """The room's page in `lang` (a seat's page with its token, else a spectator's)."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    script = f"localStorage.setItem('monopoly.lang', {lang!r});"
    if token:
        script += f"localStorage.setItem('monopoly.token.{room}', {token!r});"
    context.add_init_script(script)
    page = context.new_page()
    if errors is not None:
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{base}/#/room/{room}")
    page.wait_for_selector("[data-testid=deal-table-0] h2")
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
    return page


def _deal_room(base: str, bots: dict[str, str], seats: int = 3) -> dict[str, Any]:
    made: dict[str, Any] = post_json(f"{base}/api/rooms", {
        "game": "deal", "preset": "official", "nickname": "Ann", "seats": seats, "bots": bots})
    post_json(f"{base}/api/rooms/{made['room']}/start", {}, made["host_token"])
    return made


def _state(page: Page) -> Any:
    return page.evaluate("() => window.monopolyClient.state")


def _my_turn(page: Page) -> bool:
    """The page's seat has a decision, and nothing is on its way."""
    return bool(page.evaluate(
        """() => { const st = window.monopolyClient.state;
             return !!st && !!st.view && (st.waiting || []).includes(st.view.seat)
               && !document.querySelector('[data-testid=controls] button[disabled]'); }"""))


def _tab_to(page: Page, selector: str, limit: int = 90) -> None:
    """Tab until the focus is on `selector`, and check that the focus shows."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(sel) => document.activeElement?.matches(sel) ?? false", selector):
            ring = page.evaluate("""() => { const a = document.activeElement;
                const s = getComputedStyle(a);
                return [a.matches(':focus-visible'), s.outlineStyle, parseFloat(s.outlineWidth)];
            }""")
            assert ring[0] and ring[1] != "none" and ring[2] >= 2, (selector, ring)
            return
    raise AssertionError(f"Tab never reached {selector}")


def _focused(page: Page) -> dict[str, Any]:
    focused: dict[str, Any] = page.evaluate("""() => { const a = document.activeElement;
        return { tag: a.tagName, testid: a.dataset.testid || null,
                 label: a.getAttribute('aria-label'), inGame: !!a.closest('.deal-game') }; }""")
    return focused


def _wait_settled(page: Page) -> None:
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=controls] button[disabled]')", timeout=10_000)


def test_every_card_name_is_whole_in_every_language_and_size(
    server: str, browser: Browser, artifacts: Path  # noqa: F811
) -> None:
    made = _deal_room(server, {"1": "easy", "2": "hard"})
    deck = load_deck()
    for lang in LANGS:
        want = [deck.name(deck.card_index(k), lang) for k in deck.type_keys]
        for size in (LAPTOP, PHONE):
            errors: list[str] = []
            page = _open(browser, server, made["room"], lang, size, made["token"], errors)
            page.wait_for_selector("[data-testid=deal-hand] .dname")
            assert page.evaluate(CUT_NAMES, ".deal-game") == [], (lang, size)  # the live page
            drawn = page.evaluate(DRAW_DECK, lang)
            assert drawn == want
            shown = page.eval_on_selector_all("[data-testid=deal-hand] .dname",
                                              "els => els.map(e => e.textContent)")
            assert shown == want, (lang, size)
            labels = page.eval_on_selector_all("[data-testid=deal-hand] .dhand-card",
                                               "els => els.map(e => e.getAttribute('aria-label'))")
            assert all(label.startswith(name) for label, name in zip(labels, want, strict=True))
            problems = page.evaluate(CUT_NAMES, ".deal-game")
            assert problems == [], (lang, size, problems)
            assert page.evaluate(SIDEWAYS) <= 0, (lang, size)
            shot(page, artifacts, f"deal-cards-{lang}-{size[0]}", full=True)
            assert not errors, errors
            page.context.close()


def _keyboard_step(page: Page, done: list[str], plays: int) -> bool:
    """One decision of the page's seat, by keyboard only; False when the state read
    offers none the page has drawn yet (a new state came after the turn was seen)."""
    st = _state(page)
    legal = st["legal"]
    kinds = {e["kind"] for e in legal}
    hand = st["view"]["hand"]
    if "pay" in kinds and page.locator("[data-testid=pay-form]").count():
        entry = next(e for e in legal if e["kind"] == "pay")
        total = 0
        for card in entry["cards"]:
            if total >= entry["amount"]:
                break
            _tab_to(page, f"[data-testid=pay-card-{card}]")
            page.keyboard.press("Space")
            assert page.is_checked(f"[data-testid=pay-card-{card}]")
            total += int(page.get_attribute(f"[data-testid=pay-card-{card}]", "data-value") or 0)
        _tab_to(page, "[data-testid=pay-submit]")
        page.keyboard.press("Enter")
        done.append("pay")
        return True
    if "discard" in kinds and page.locator("[data-testid=discard-form]").count():
        entry = next(e for e in legal if e["kind"] == "discard")
        for card in entry["cards"][: entry["count"]]:
            _tab_to(page, f"[data-testid=discard-card-{card}]")
            page.keyboard.press("Space")
        _tab_to(page, "[data-testid=discard-submit]")
        page.keyboard.press("Enter")
        done.append("discard")
        return True
    answer = next((e for e in legal if e["kind"] == "accept"), None)
    if answer is not None:
        _tab_to(page, f"button[data-action='{answer['text']}']")
        page.keyboard.press("Enter")
        done.append("accept")
        return True
    play = None
    if plays < 3:
        play = next((e for k in ("property", "bank") for e in legal
                     if e["kind"] == k and e.get("card") in hand), None)
    if play is None:
        end = next((e for e in legal if e["kind"] == "end"), None)
        if end is None:
            return False
        _tab_to(page, f"button[data-action='{end['text']}']")
        page.keyboard.press("Enter")
        done.append("end")
        return True
    card = f"[data-testid=hand-card-{play['card']}]"
    _tab_to(page, card)
    label = page.get_attribute(card, "aria-label") or ""
    name = page.inner_text(f"{card} .dname")
    assert (label.startswith(name) and label != name) or name.endswith(("M", "М")), label
    page.keyboard.press("Space" if len(done) % 2 else "Enter")
    page.wait_for_selector("[data-testid=card-plays]")
    assert _focused(page)["testid"] == "card-plays"  # the card's plays come next
    assert page.get_attribute(card, "aria-pressed") == "true"
    if "escape" not in done:  # Escape puts the card back, the focus on it
        page.keyboard.press("Escape")
        page.wait_for_selector("[data-testid=card-plays]", state="detached")
        assert page.evaluate("(sel) => document.activeElement.matches(sel)", card)
        done.append("escape")
        page.keyboard.press("Enter")
        page.wait_for_selector("[data-testid=card-plays]")
    _tab_to(page, f"[data-testid=card-plays] button[data-action='{play['text']}']", limit=12)
    page.keyboard.press("Enter")
    done.append(play["kind"])
    return True


def test_a_deal_game_by_keyboard_only(
    server: str, browser: Browser, artifacts: Path  # noqa: F811
) -> None:
    made = _deal_room(server, {"1": "easy", "2": "easy"})
    errors: list[str] = []
    page = _open(browser, server, made["room"], "en", LAPTOP, made["token"], errors)
    page.wait_for_selector("[data-testid=deal-hand] .dhand-card")
    # the arrow keys go along the hand
    _tab_to(page, "[data-testid=deal-hand] .dhand-card")
    first = _focused(page)["label"]
    page.keyboard.press("ArrowRight")
    assert _focused(page)["label"] is not None and _focused(page)["testid"] != first
    done: list[str] = []
    plays, ends = 0, 0
    deadline = time.monotonic() + 90
    while ends < 3:
        assert time.monotonic() < deadline, f"the game did not move on; done: {done}"
        if page.locator("[data-testid=game-over]").count():
            break
        if not _my_turn(page):
            page.wait_for_timeout(50)
            continue
        before = _state(page)["seq"]
        if not _keyboard_step(page, done, plays):
            page.wait_for_timeout(50)
            continue
        plays = 0 if done[-1] == "end" else plays + (done[-1] in ("property", "bank"))
        ends += done[-1] == "end"
        page.wait_for_function(f"() => window.monopolyClient.state.seq > {before}", timeout=10_000)
        _wait_settled(page)
        if _my_turn(page):  # the focus went on to the next thing to do, not lost
            page.wait_for_function("() => !!document.activeElement.closest('.deal-game')",
                                   timeout=5_000)
    assert ends == 3 or page.locator("[data-testid=game-over]").count(), done
    assert "property" in done or "bank" in done, done
    assert not page.evaluate("() => [...document.querySelectorAll('[data-hand-card]')]"
                             ".some(b => !b.getAttribute('aria-label'))")
    assert not errors, errors
    page.context.close()
    # the table after a few turns, as each reader sees it: whole names, no sideways scroll
    for lang in LANGS:
        for size in (LAPTOP, PHONE):
            seen = _open(browser, server, made["room"], lang, size, made["token"], errors)
            seen.wait_for_selector("[data-testid=deal-hand] .dname")
            assert seen.evaluate(CUT_NAMES, ".deal-game") == [], (lang, size)
            assert seen.evaluate(SIDEWAYS) <= 0, (lang, size)
            shot(seen, artifacts, f"deal-table-{lang}-{size[0]}")
            if size == PHONE:
                shot(seen, artifacts, f"deal-table-{lang}-{size[0]}-full", full=True)
            seen.context.close()
    assert not errors, errors


def test_a_finished_table_names_its_colours_and_marks_full_sets(
    server: str, browser: Browser, artifacts: Path  # noqa: F811
) -> None:
    made = _deal_room(server, {"0": "hard", "1": "easy", "2": "hard", "3": "easy"}, seats=4)
    room = made["room"]
    deadline = time.monotonic() + 60
    while get_json(f"{server}/api/rooms/{room}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.2)
    errors: list[str] = []
    for lang in LANGS:
        deck = get_json(f"{server}/api/deal/deck?lang={lang}")
        colours = {c["key"]: c["name"] for c in deck["colours"]}
        full_word = get_json(f"{server}/api/ui?lang={lang}")["deal_full"]
        for size in (LAPTOP, PHONE):
            page = _open(browser, server, room, lang, size, None, errors)
            page.wait_for_selector("[data-testid=game-over]")
            view = _state(page)["view"]
            for table in view["tables"]:
                for pile in table["piles"]:
                    key = list(colours)[pile["colour"]]
                    where = f"[data-testid=pile-{table['seat']}-{key}]"
                    # the colour in words, not by its colour alone
                    assert page.inner_text(f"{where} .dpile-colour") == colours[key]
                    full = page.locator(f"[data-testid=full-{table['seat']}-{key}]")
                    assert full.count() == int(pile["full"]), (where, pile)
                    if pile["full"]:
                        assert full_word in full.inner_text()
            assert any(p["full"] for tb in view["tables"] for p in tb["piles"])
            assert page.evaluate(CUT_NAMES, ".deal-game") == [], (lang, size)
            for width in PHONES if size == PHONE else ():
                page.set_viewport_size({"width": width, "height": size[1]})
                page.wait_for_timeout(100)
                assert page.evaluate(SIDEWAYS) <= 0, (lang, width)
                assert page.evaluate(CUT_NAMES, ".deal-game") == [], (lang, width)
            page.set_viewport_size({"width": size[0], "height": size[1]})
            shot(page, artifacts, f"deal-over-{lang}-{size[0]}", full=True)
            page.context.close()
    assert not errors, errors
