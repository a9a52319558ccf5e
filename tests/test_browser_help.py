"""The page's help and the lobby's presets in the browser (static/help.js), against a real
`monopoly serve` on loopback with Debian's Chromium:

- in a game, the "?" of the top bar opens the help dialog, focus inside it, with the room's
  rules in Czech (what its preset and options change, then every rule), the keys and the
  controls; Escape closes it and the focus goes back to the button;
- the key ? opens it too, but not while typing in a field; its close button closes it;
- the lobby describes each preset of both games under the choice, in Czech and Russian;
- no label of the lobby's form overflows or is cut, in Czech and Russian, at 1366x768 and
  at 390x844 (and on the desktop every choice of every select fits it).

Screenshots go to ``tests/artifacts/`` (``MONOPOLY_ARTIFACTS`` overrides).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from browserkit import require_browser
from monopoly.board.options import PRESETS, option_names, preset
from monopoly.deal.options import PRESETS as DEAL_PRESETS
from monopoly.i18n import translation
from monopoly.narration.board.rules_text import PRESET_TITLES, describe
from monopoly.web.ui_text import ui_texts
from serverkit import Server, create_room, free_port, sqlite_url, start_room

require_browser()
from playwright.sync_api import Browser, BrowserContext, Page  # noqa: E402

ARTIFACTS = Path(os.environ.get("MONOPOLY_ARTIFACTS", Path(__file__).parent / "artifacts"))
DESKTOP = (1366, 768)
PHONE = (390, 844)
OPTIONS = {"end": "turn_limit", "turn_limit": 12}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(sqlite_url(tmp_path_factory.mktemp("help")), free_port()).start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / ".gitignore").write_text("*\n")
    return ARTIFACTS


def _context(browser: Browser, lang: str, size: tuple[int, int] = DESKTOP,
             storage: dict[str, str] | None = None) -> BrowserContext:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    items = {"monopoly.lang": lang, **(storage or {})}
    ctx.add_init_script("".join(f"localStorage.setItem({k!r}, {v!r});" for k, v in items.items()))
    return ctx


def _lobby(ctx: BrowserContext, base: str, lang: str) -> Page:
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(base + "/")
    page.wait_for_selector("[data-testid=preset-about]:not(:empty)")
    page.wait_for_function("t => document.querySelector('[data-testid=help-open]').title === t",
                           arg=ui_texts(lang)["help_button"])
    assert not errors, errors
    return page


def _dialog_open(page: Page) -> bool:
    return bool(page.evaluate("() => document.querySelector('dialog.help')?.open ?? false"))


def _focus_in_dialog(page: Page) -> bool:
    return bool(page.evaluate(
        "() => document.querySelector('dialog.help').contains(document.activeElement)"))


def _focused_testid(page: Page) -> str | None:
    found: str | None = page.evaluate("() => document.activeElement?.dataset?.testid ?? null")
    return found


def test_the_help_shows_the_rooms_rules_in_czech_and_escape_closes_it(
        server: Server, browser: Browser, artifacts: Path) -> None:
    with httpx.Client(base_url=server.base, timeout=30) as http:
        made = create_room(http, preset="short", options=OPTIONS, nickname="Ann",
                           bots={"1": "easy", "2": "easy", "3": "easy"})
        start_room(http, made)
    room = made["room"]
    ctx = _context(browser, "cs", storage={f"monopoly.token.{room}": made["token"],
                                           f"monopoly.seat.{room}": str(made["seat"])})
    page = ctx.new_page()
    page.goto(f"{server.base}/#/room/{room}")
    page.wait_for_selector("[data-testid=game]")
    cs = ui_texts("cs")
    button = page.get_by_test_id("help-open")
    page.wait_for_function("t => document.querySelector('[data-testid=help-open]').title === t",
                           arg=cs["help_button"])
    assert button.get_attribute("aria-label") == cs["help_button"]

    button.click()
    dialog = page.get_by_role("dialog", name=cs["help"])
    dialog.wait_for()
    assert _dialog_open(page) and _focus_in_dialog(page)
    assert page.get_by_test_id("help-close").get_attribute("aria-label") == cs["help_close"]
    page.get_by_test_id("help-preset").wait_for()
    rules = preset("short", **OPTIONS)
    czech = [line["text"] for line in describe(rules, "cs") if line["changed"]]
    english = [line["text"] for line in describe(rules, "en") if line["changed"]]
    assert czech != english  # the rules really are in Czech
    assert page.get_by_test_id("help-changes").locator("li").all_inner_texts() == czech
    assert translation("cs").gettext(PRESET_TITLES["short"]) in (
        page.get_by_test_id("help-preset").inner_text())
    assert cs["preset_about_short"] in page.get_by_test_id("help-preset").inner_text()
    page.get_by_test_id("help-all-rules").locator("summary").click()
    every = page.get_by_test_id("help-all-rules").locator("li")
    assert every.count() == len(option_names())
    assert page.get_by_test_id("help-all-rules").locator("li.changed").count() == len(czech)
    assert cs["help_key_help"] in page.get_by_test_id("help-keys").inner_text()
    assert cs["tool_trade"] in page.get_by_test_id("help-controls").inner_text()
    page.screenshot(path=str(artifacts / "help-room-cs.png"))

    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('dialog.help').open")
    assert _focused_testid(page) == "help-open"
    ctx.close()


def test_the_question_mark_opens_the_help_but_not_while_typing(
        server: Server, browser: Browser, artifacts: Path) -> None:
    ctx = _context(browser, "ru", PHONE)
    page = _lobby(ctx, server.base, "ru")
    ru = ui_texts("ru")
    page.get_by_test_id("create-nickname").fill("")
    page.get_by_test_id("create-nickname").type("Аня?")
    assert page.get_by_test_id("create-nickname").input_value() == "Аня?"
    assert not _dialog_open(page)

    page.get_by_test_id("lang-ru").focus()
    page.keyboard.press("?")
    page.get_by_role("dialog", name=ru["help"]).wait_for()
    assert _focus_in_dialog(page)
    presets = page.get_by_test_id("help-presets").inner_text()  # the lobby's help: every preset
    for name in PRESETS:
        assert ru[f"preset_{name}"] in presets and ru[f"preset_about_{name}"] in presets
    for name in DEAL_PRESETS:
        assert ru[f"deal_preset_{name}"] in presets
    page.screenshot(path=str(artifacts / "help-lobby-ru-phone.png"))
    page.get_by_test_id("help-close").click()
    assert not _dialog_open(page)
    assert _focused_testid(page) == "lang-ru"
    ctx.close()


@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_the_lobby_describes_each_preset(server: Server, browser: Browser, lang: str) -> None:
    ctx = _context(browser, lang)
    page = _lobby(ctx, server.base, lang)
    texts, english = ui_texts(lang), ui_texts("en")
    about = page.get_by_test_id("preset-about")
    select = page.get_by_test_id("create-preset")
    assert select.get_attribute("aria-describedby") == about.get_attribute("id")
    assert not page.evaluate("() => document.querySelector('.advanced').open")  # folded
    for game, names, key in (("board", PRESETS, "preset_about_"),
                             ("deal", DEAL_PRESETS, "deal_preset_about_")):
        page.get_by_test_id("create-game").select_option(game)
        for name in names:
            select.select_option(name)
            assert about.inner_text() == texts[key + name], (game, name)
            assert texts[key + name] != english[key + name], (lang, name)
    # another language keeps the chosen game and preset, described in the new language
    page.get_by_test_id("create-game").select_option("board")
    select.select_option("timed")
    page.get_by_test_id("lang-en").click()
    page.wait_for_function("t => document.querySelector('[data-testid=preset-about]')"
                           ".textContent === t", arg=english["preset_about_timed"])
    assert page.get_by_test_id("create-preset").input_value() == "timed"
    ctx.close()


# Every label, legend and summary of the form, the preset's line and the fields stay inside
# the form and show their whole text; the page never scrolls sideways. A select's choices
# are measured on the desktop: on a phone a closed select shows what the screen's width
# allows and its picker the whole words.
MEASURE = """(selects) => {
  const form = document.querySelector("#create-form");
  const box = form.getBoundingClientRect();
  const bad = [];
  for (const el of form.querySelectorAll("label, legend, summary, p, button, select, input")) {
    if (!el.offsetParent) continue;
    const r = el.getBoundingClientRect();
    const name = (el.textContent || el.name || el.tagName).trim().slice(0, 60);
    if (r.left < box.left - 1 || r.right > box.right + 1) bad.push(`outside the form: ${name}`);
    if (el.tagName !== "SELECT" && el.scrollWidth > el.clientWidth + 1) {
      bad.push(`overflows: ${name}`);
    }
    if (el.tagName === "SELECT" && selects) {
      for (const o of el.options) {
        const probe = document.createElement("select");
        probe.className = el.className;
        probe.style.cssText = "position:absolute;visibility:hidden;width:auto;"
          + "max-width:none;min-width:0;flex:none";
        probe.append(new Option(o.textContent));
        el.parentNode.append(probe);
        const need = probe.offsetWidth;
        probe.remove();
        if (need > el.offsetWidth + 0.5) {
          bad.push(`cut: ${el.name || el.dataset.testid}: ${o.textContent}`);
        }
      }
    }
  }
  if (document.documentElement.scrollWidth > window.innerWidth) {
    bad.push("the page scrolls sideways");
  }
  return bad;
}"""


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1366x768", "390x844"])
@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_no_lobby_label_overflows(server: Server, browser: Browser, artifacts: Path,
                                  lang: str, size: tuple[int, int]) -> None:
    ctx = _context(browser, lang, size)
    page = _lobby(ctx, server.base, lang)
    page.locator(".advanced summary").click()
    page.get_by_test_id("create-seats").fill("8")
    page.get_by_test_id("create-seats").dispatch_event("input")
    assert page.locator("[data-seat-kind]").count() == 8
    bad: list[str] = []
    for game in ("deal", "board"):
        page.get_by_test_id("create-game").select_option(game)
        bad += [f"{game}: {x}" for x in page.evaluate(MEASURE, size == DESKTOP)]
    page.screenshot(path=str(artifacts / f"lobby-{lang}-{size[0]}x{size[1]}.png"), full_page=True)
    assert not bad, bad
    ctx.close()
