"""The browser client end to end: a real `monopoly serve` on loopback, Debian's Chromium
driven by Playwright.

- a human seat plays a whole game against three bots through clicks only;
- two browsers in one room trade with each other (the trade builder, then accept);
- a reload restores the game (the seat token is kept in localStorage);
- the language switch gives Czech and Russian texts;
- no WebSocket frame a page receives carries another seat's secrets (tokens, the seed
  before the end, sealed bids).

Screenshots go to ``tests/artifacts/`` (ignored by git; ``MONOPOLY_ARTIFACTS`` overrides).
The module is skipped where /usr/bin/chromium or Playwright is missing.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browserkit import check_controls, require_browser

require_browser()
sync_api = pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, BrowserContext, Page, WebSocket  # noqa: E402

ARTIFACTS = Path(os.environ.get("MONOPOLY_ARTIFACTS", Path(__file__).parent / "artifacts"))
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as res:
        return json.loads(res.read())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    db = tmp_path_factory.mktemp("browser") / "rooms.db"
    log = (tmp_path_factory.getbasetemp() / "serve.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "monopoly.cli", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--db", f"sqlite:///{db}", "--bot-delay", "0"],
        stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if _get_json(f"{base}/api/health").get("ok"):
                    break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"monopoly serve did not start (log: {log.name})")
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="module")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / ".gitignore").write_text("*\n")
    return ARTIFACTS


def shot(page: Page, artifacts: Path, name: str, full: bool = False) -> None:
    path = artifacts / f"{name}.png"
    page.screenshot(path=str(path), full_page=full)
    print(f"screenshot: {path}")


class Frames:
    """Every WebSocket message a page receives (the page asks for `batch=1` frames: one
    message per line, docs/protocol.md), as text and parsed."""

    def __init__(self, page: Page) -> None:
        self.raw: list[str] = []
        self.errors: list[str] = []
        page.on("websocket", self._socket)
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def _socket(self, ws: WebSocket) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        text = payload if isinstance(payload, str) else payload.decode()
        self.raw.extend(text.split("\n"))

    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(r) for r in self.raw]


def new_page(context: BrowserContext) -> tuple[Page, Frames]:
    page = context.new_page()
    return page, Frames(page)


def create_room(
    page: Page, base: str, nickname: str, seats: dict[int, str], *, preset: str = "classic",
    turn_limit: int | None = None,
) -> str:
    """Create a room through the lobby form; `seats`: seat -> "human" or a bot level.
    Returns the room id (from the address)."""
    page.goto(base + "/")
    page.wait_for_selector("[data-testid=create-submit]")
    page.fill("[data-testid=create-nickname]", nickname)
    page.select_option("[data-testid=create-preset]", preset)
    page.fill("[data-testid=create-seats]", str(len(seats) + 1))
    for seat, kind in seats.items():
        page.select_option(f"[data-testid=seat-kind-{seat}]", kind)
    if turn_limit is not None:
        page.click(".advanced summary")
        page.fill("[data-testid=create-turn-limit]", str(turn_limit))
    page.click("[data-testid=create-submit]")
    page.wait_for_selector("[data-testid=waiting-room]")
    m = re.search(r"#/room/([\w-]+)", page.url)
    assert m, page.url
    return m.group(1)


def state(page: Page) -> Any:
    return page.evaluate("() => window.monopolyClient.state")


def wait_idle(page: Page) -> None:
    """Until the last action is answered (the page enables its buttons again)."""
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=controls] button[disabled]')",
        timeout=10_000,
    )


# The clicks of a sensible, quick player: buy (after declining once, to see an auction),
# roll, end the turn; the cheapest answer to every other question.
PREFERENCE = ("roll", "end", "tax flat", "choose pay", "keep", "reject", "pay-fine",
              "use-card", "pass", "bankrupt")


class Player:
    def __init__(self, page: Page, artifacts: Path | None = None) -> None:
        self.page = page
        self.artifacts = artifacts
        self.declined = False
        self.bid = False
        self.clicks: list[str] = []

    def step(self) -> bool:
        """Make one decision by a click if the game waits for this seat."""
        page = self.page
        check_controls(page)
        actions: list[str] = page.locator(
            "[data-testid=actions] button:not([disabled])"
        ).evaluate_all("bs => bs.map(b => b.dataset.action)")
        choice = None
        if "buy" in actions:
            choice = "decline" if not self.declined else "buy"
            self.declined = True
        elif page.locator("[data-testid=bid-form]").count() and not self.bid:
            self.bid = True
            if self.artifacts is not None:
                shot(page, self.artifacts, "a-auction")
            page.fill("[data-testid=bid-amount]", page.get_attribute(
                "[data-testid=bid-amount]", "min") or "1")
            page.click("[data-testid=bid-submit]")
            self.clicks.append("bid")
            return True
        else:
            choice = next((a for a in PREFERENCE if a in actions), None)
            if choice is None:
                choice = next((a for a in actions if a.startswith(("build ", "lift "))), None)
        if choice is not None:
            try:  # the button may go away with an update that came meanwhile: look again
                page.click(f"[data-testid=actions] button[data-action='{choice}']",
                           timeout=3_000)
            except sync_api.TimeoutError:
                return False
            self.clicks.append(choice)
            return True
        return bool(page.locator("[data-testid=prompt].mine").count()) and self._raise_funds()

    def _raise_funds(self) -> bool:
        """In debt: sell a building, else mortgage a property (the managers' buttons)."""
        page = self.page
        for tool, verb in (("build", "sell"), ("mortgage", "mortgage")):
            if not page.locator(f"[data-testid=tool-{tool}]").count():
                continue
            if not page.locator("[data-testid=tool] .manager").count() or not page.locator(
                f"[data-testid=tool] button[data-action^='{verb} ']"
            ).count():
                page.click(f"[data-testid=tool-{tool}]")
            button = page.locator(f"[data-testid=tool] button[data-action^='{verb} ']")
            if button.count():
                button.first.click()
                self.clicks.append(verb)
                return True
        return False


def assert_no_secrets(frames: Frames, seat: int | None, secrets: list[str]) -> None:
    """What a page received holds no other seat's secrets: no token of another seat, no
    seed before the game is over, no sealed bid amount, no view but its own seat's."""
    over_at = next(
        (i for i, m in enumerate(frames.messages()) if m.get("type") == "over"), None
    )
    seed = None if over_at is None else str(frames.messages()[over_at]["seed"])
    for i, raw in enumerate(frames.raw):
        for secret in secrets:
            assert secret not in raw, f"frame {i} carries a secret"
        if seed is not None and over_at is not None and i < over_at:
            assert seed not in raw, f"frame {i} shows the seed before the end"
        msg = json.loads(raw)
        if msg.get("type") != "state" or not msg.get("view"):
            continue
        view = msg["view"]
        assert view["seat"] == seat
        if seat is None:
            assert msg["legal"] == [] and msg["prompt"] is None
        au = view.get("auction")
        if au and au["sealed"]:
            assert au["high_bid"] == 0 and au["high_bidder"] is None, au
        assert all(isinstance(n, int) for n in view["decks"].values())


# --------------------------------------------------------------------------- tests


def test_a_human_plays_a_whole_game_against_bots(
    server: str, browser: Browser, artifacts: Path
) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page, frames = new_page(context)
    room = create_room(page, server, "Ann", {1: "easy", 2: "medium", 3: "hard"},
                       preset="tournament", turn_limit=16)
    shot(page, artifacts, "a-waiting-room")
    page.click("[data-testid=start-game]")
    page.wait_for_selector("[data-testid=board]")
    player = Player(page, artifacts)
    reloaded = False
    deadline = time.monotonic() + 90
    while not page.locator("[data-testid=game-over]").count():
        assert time.monotonic() < deadline, f"the game did not end; clicks: {player.clicks}"
        if player.step():
            wait_idle(page)
        else:
            page.wait_for_timeout(30)
        if not reloaded and player.clicks.count("end") == 2:
            # (c) a reload in the middle of the game restores it
            before = state(page)["view"]
            shot(page, artifacts, "a-before-reload")
            page.reload()
            page.wait_for_selector("[data-testid=board]")
            page.wait_for_function("() => window.monopolyClient.state?.view")
            after = state(page)["view"]
            assert after["seat"] == 0 and after["players"][0]["name"] == "Ann"
            assert after["turn"] >= before["turn"]
            assert page.evaluate(f"() => localStorage.getItem('monopoly.token.{room}')")
            reloaded = True
    assert reloaded
    # the tokens walk to the squares of the final view
    page.wait_for_function(
        """() => window.monopolyClient.state.view.players.every((p) => p.bankrupt ||
            document.querySelector(
              `[data-testid=square-${p.position}] [data-testid=token-${p.seat}]`))""",
        timeout=5_000,
    )
    shot(page, artifacts, "a-game-over")
    assert page.locator("[data-testid=ranking] li").count() == 4
    # fair dice: the page checks the revealed seed against the published hash
    page.wait_for_selector("[data-testid=seed-check][data-match=true]")
    sheet = page.get_attribute("[data-testid=score-sheet-link]", "href")
    assert sheet
    res = page.request.get(server + sheet)
    assert res.status == 200 and "<html" in res.text().lower()
    assert {"roll", "end"} <= set(player.clicks)
    # (e) the seed only with the end, never a sealed bid before all are in
    over = [m for m in frames.messages() if m.get("type") == "over"]
    assert over and "seed" in over[0]
    assert_no_secrets(frames, 0, [])
    assert not frames.errors, frames.errors
    sealed = sum(
        1 for m in frames.messages()
        if m.get("type") == "state" and (m["view"] or {}).get("auction", {}) and
        m["view"]["auction"]["sealed"]
    )
    print(f"clicks: {len(player.clicks)}; states with a sealed auction: {sealed}")
    context.close()


def test_b_two_browsers_trade_reload_and_languages(
    server: str, browser: Browser, artifacts: Path
) -> None:
    ctx_a = browser.new_context(viewport={"width": 1280, "height": 860})
    ctx_b = browser.new_context(viewport={"width": 360, "height": 740})  # a phone
    ctx_c = browser.new_context(viewport={"width": 1024, "height": 768})
    page_a, frames_a = new_page(ctx_a)
    page_b, frames_b = new_page(ctx_b)
    page_c, frames_c = new_page(ctx_c)
    # Ann opens a short game (two dealt deeds each) for herself and a friend
    room = create_room(page_a, server, "Ann", {1: "human"}, preset="short")
    link = page_a.input_value("[data-testid=invite-link]")
    assert link.endswith(f"#/room/{room}")
    page_b.goto(link)
    page_b.fill("[data-testid=join-nickname]", "Bob")
    page_b.click("[data-testid=join-submit]")
    page_a.wait_for_selector("[data-testid=seat-1] >> text=Bob", timeout=10_000)
    shot(page_a, artifacts, "b-waiting-room-host")
    page_a.click("[data-testid=start-game]")
    page_a.wait_for_selector("[data-testid=board]")
    page_b.wait_for_selector("[data-testid=board]")
    page_c.goto(link)  # a spectator: no seat, no token
    page_c.wait_for_selector("[data-testid=board]")

    # Ann proposes: one of her deeds and $10 for one of Bob's
    page_a.click("[data-testid=tool-trade]")
    page_a.wait_for_selector("[data-testid=trade-builder]")
    give_box = page_a.locator("[data-testid=trade-give] input[data-give-sq]").first
    take_box = page_a.locator("[data-testid=trade-take] input[data-take-sq]").first
    give = int(give_box.get_attribute("data-give-sq") or -1)
    take = int(take_box.get_attribute("data-take-sq") or -1)
    give_box.check()
    take_box.check()
    page_a.fill("[data-testid=trade-give-cash]", "10")
    shot(page_a, artifacts, "b-trade-builder")
    page_a.click("[data-testid=trade-submit]")

    # Bob sees the offer and accepts it
    page_b.wait_for_selector("[data-testid=offer]")
    page_b.wait_for_selector("[data-testid=action-accept]:not([disabled])")
    shot(page_b, artifacts, "b-offer-phone", full=True)
    page_b.click("[data-testid=action-accept]")
    for page in (page_a, page_b, page_c):
        page.wait_for_selector(f"[data-testid=player-0] [data-sq-chip='{take}']")
        page.wait_for_selector(f"[data-testid=player-1] [data-sq-chip='{give}']")
    view = state(page_c)["view"]
    assert view["owner"][take] == 0 and view["owner"][give] == 1
    shot(page_a, artifacts, "b-after-trade")

    # (c) Bob reloads: the game, his seat and his deeds are back
    log = page_b.inner_text("[data-testid=log]")
    page_b.reload()
    page_b.wait_for_selector(f"[data-testid=player-1] [data-sq-chip='{give}']")
    assert page_b.inner_text("[data-testid=log]") == log  # the tab's log is kept
    assert page_b.evaluate("() => window.monopolyClient.seat") == 1
    shot(page_b, artifacts, "b-reloaded-phone", full=True)

    # Bob asks for $20 back; Ann counters with $5 and Bob accepts the counter-offer
    page_b.click("[data-testid=tool-trade]")
    page_b.wait_for_selector("[data-testid=trade-builder]")
    page_b.fill("[data-testid=trade-take-cash]", "20")
    page_b.click("[data-testid=trade-submit]")
    page_a.wait_for_selector("[data-testid=counter-offer]:not([disabled])")
    page_a.click("[data-testid=counter-offer]")
    page_a.wait_for_selector("[data-testid=trade-builder]")
    assert page_a.input_value("[data-testid=trade-give-cash]") == "20"  # the offer, turned round
    page_a.fill("[data-testid=trade-give-cash]", "5")
    shot(page_a, artifacts, "b-counter-offer")
    page_a.click("[data-testid=trade-submit]")
    page_b.wait_for_selector("[data-testid=action-accept]:not([disabled])")
    cash = [p["cash"] for p in state(page_b)["view"]["players"]]
    page_b.click("[data-testid=action-accept]")
    page_b.wait_for_function(
        f"() => window.monopolyClient.state.view.players[1].cash === {cash[1] + 5}"
    )
    assert state(page_b)["view"]["players"][0]["cash"] == cash[0] - 5

    # (d) languages: square names, the server's prompt and the page in cs and ru
    on_turn = page_a if state(page_a)["prompt"] else page_b
    english = on_turn.inner_text("[data-testid=prompt]")
    for lang, check in (("cs", None), ("ru", CYRILLIC)):
        names = _get_json(f"{server}/api/board?edition=standard&lang={lang}")["squares"]
        on_turn.click(f"[data-testid=lang-{lang}]")
        on_turn.wait_for_function(
            f"() => document.documentElement.lang === '{lang}' && "
            f"window.monopolyClient.state?.prompt && "
            f"window.monopolyClient.state.prompt !== {json.dumps(english)}"
        )
        # the square's name (its title: on a phone the strip, not the square, writes it)
        on_turn.wait_for_selector(
            f"[data-testid=square-2][title={json.dumps(names[2]['name'], ensure_ascii=False)}]",
            state="attached")
        prompt = on_turn.inner_text("[data-testid=prompt]")
        assert prompt != english
        if check is not None:
            assert check.search(prompt), prompt
        shot(on_turn, artifacts, f"d-lang-{lang}")
    on_turn.click("[data-testid=lang-en]")

    # (e) nobody received another seat's token, or the host's
    tokens = {
        name: page.evaluate(f"() => localStorage.getItem('monopoly.token.{room}')")
        for name, page in (("a", page_a), ("b", page_b))
    }
    host = page_a.evaluate(f"() => localStorage.getItem('monopoly.host.{room}')")
    assert tokens["a"] and tokens["b"] and host
    assert_no_secrets(frames_a, 0, [tokens["b"]])
    assert_no_secrets(frames_b, 1, [tokens["a"], host])
    assert_no_secrets(frames_c, None, [tokens["a"], tokens["b"], host])
    for frames in (frames_a, frames_b, frames_c):
        assert not frames.errors, frames.errors
    for ctx in (ctx_a, ctx_b, ctx_c):
        ctx.close()


def test_c_the_host_removes_a_player(server: str, browser: Browser, artifacts: Path) -> None:
    ctx_a = browser.new_context()
    ctx_b = browser.new_context()
    page_a, frames_a = new_page(ctx_a)
    page_b, frames_b = new_page(ctx_b)
    room = create_room(page_a, server, "Ann", {1: "human", 2: "easy"})
    page_b.goto(f"{server}/#/room/{room}")
    page_b.fill("[data-testid=join-nickname]", "Mallory")
    page_b.click("[data-testid=join-submit]")
    page_a.wait_for_selector("[data-testid=kick-1]", timeout=10_000)
    page_a.click("[data-testid=kick-1]")
    page_a.wait_for_selector("[data-testid=seat-1] >> text=Mallory", state="detached")
    # the removed player's page drops the dead token and offers to join again
    page_b.wait_for_selector("[data-testid=join-submit]", timeout=10_000)
    assert page_b.evaluate(f"() => localStorage.getItem('monopoly.token.{room}')") is None
    shot(page_a, artifacts, "c-after-kick")
    assert not frames_a.errors and not frames_b.errors
    ctx_a.close()
    ctx_b.close()


def test_d_lobby_on_a_phone_and_finished_games(
    server: str, browser: Browser, artifacts: Path
) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page, frames = new_page(context)
    page.goto(server + "/")
    page.wait_for_selector("[data-testid=rooms-finished] li:not(.loading)")
    shot(page, artifacts, "c-lobby-phone", full=True)
    # the page is no wider than the phone
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 362
    page.click("[data-testid=lang-ru]")
    page.wait_for_function("() => document.documentElement.lang === 'ru'")
    # the lobby speaks Russian: preset titles and rule options from the catalogs
    page.wait_for_function(
        "() => /[А-Яа-я]/.test(document.querySelector("
        "'[data-testid=create-preset] option[value=classic]').textContent)"
    )
    page.click(".advanced summary")
    assert CYRILLIC.search(page.inner_text(".options-grid"))
    shot(page, artifacts, "d-lobby-phone-ru", full=True)
    assert not frames.errors, frames.errors
    context.close()
