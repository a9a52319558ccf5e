"""Every decision the rules can put to a player has its control on the page, and the
control sends exactly a legal action: every decision is a clear control, offering exactly
the legal actions.

A whole game against bots meets the common decisions by chance; this test meets every
kind on purpose. Random games of several presets and editions (docs/rules.md §12) are
searched for a position where seat 0 is offered each kind of entry: jail (§7), income
tax as a choice (§6, CZ), "pay a fine or take a card" (§5, UK), a received mortgage to
lift or keep (§9), loans between players (§9, RU house rule), raising funds (§9),
sealed and open auctions (§3), trades and counter-offers (§9), buildings (§8),
bankruptcy and resignation (§11). Each position goes to a real page as the server's
``state`` message (the same function builds it) over a WebSocket that the test plays
itself (Playwright's WebSocket routing); the test clicks or fills in the control and
checks the message the page sends with the engine (``Game.is_legal``).
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest

from browserkit import check_controls, require_browser
from decisionkit import KINDS, Position, find_positions
from serverkit import Server

require_browser()

from playwright.sync_api import Browser, Page, WebSocketRoute  # noqa: E402

from monopoly.board import actions as A  # noqa: E402
from monopoly.board.game import Game  # noqa: E402
from monopoly.web.games.board import TEMPLATES, state_message  # noqa: E402
from monopoly.web.protocol import encode  # noqa: E402


@pytest.fixture(scope="module")
def positions() -> dict[str, Position]:
    return find_positions()


class FakeServer:
    """The page's WebSocket, answered by the test: a hello for seat 0, then the states
    the test sends; every action the page sends is kept and acknowledged."""

    def __init__(self, room: dict[str, Any]) -> None:
        self.room = room
        self.ws: WebSocketRoute | None = None
        self.sent: list[str] = []
        self.seq = 0

    def handle(self, ws: WebSocketRoute) -> None:
        self.ws = ws
        ws.on_message(self._message)
        ws.send(encode({"type": "hello", "room": self.room, "seat": 0, "seed_hash": None,
                        "lang": "en"}))

    def _message(self, message: str | bytes) -> None:
        msg = json.loads(message)
        if msg.get("type") == "action":
            self.sent.append(msg["action"])
            assert self.ws is not None
            self.ws.send(encode({"type": "ack", "id": msg["id"], "seq": self.seq}))

    def show(self, page: Page, game: Game) -> None:
        """Send `game` as seat 0's state and wait until the page has drawn it."""
        assert self.ws is not None
        self.seq += 1
        self.sent.clear()
        self.ws.send(encode(state_message(game, 0, "en", seq=self.seq, status="playing")))
        page.wait_for_function(f"() => window.monopolyClient.state?.seq === {self.seq}")
        page.wait_for_function(
            "() => !document.querySelector('[data-testid=controls] button[disabled]')")

    def action(self, page: Page) -> str:
        """The action the page sent for the state shown last."""
        for _ in range(250):
            if self.sent:
                return self.sent[-1]
            page.wait_for_timeout(20)
        raise AssertionError("the page sent no action")


# the box each tool tab opens
TOOL_BOX = {"trade": "trade-builder", "build": "build-manager", "mortgage": "mortgage-manager",
            "raise": "raise-builder", "loans": "loans"}


def _open_tool(page: Page, tool: str) -> None:
    if not page.locator(f"[data-testid={TOOL_BOX[tool]}]").count():
        page.click(f"[data-testid=tool-{tool}]")
    page.wait_for_selector(f"[data-testid={TOOL_BOX[tool]}]")


def _click(page: Page, text: str) -> None:
    page.click(f"button[data-action='{text}']", timeout=5_000)


def _use(page: Page, pos: Position) -> None:
    """Click or fill in the control of the position's kind, as a person would."""
    entry = pos.entries()[0]
    kind = pos.kind
    if kind in ("bid-open", "bid-sealed"):
        page.fill("[data-testid=bid-amount]", str(entry.low))  # type: ignore[union-attr]
        page.click("[data-testid=bid-submit]")
    elif kind == "propose":
        _open_tool(page, "trade")
        page.fill("[data-testid=trade-give-cash]", "1")
        page.click("[data-testid=trade-submit]")
    elif kind == "counter":
        page.click("[data-testid=counter-offer]")
        page.fill("[data-testid=trade-give-cash]", "1")
        page.click("[data-testid=trade-submit]")
    elif kind == "raise":
        _open_tool(page, "raise")
        boxes = page.locator("[data-testid=raise-builder] input[data-raise-mortgage]")
        if boxes.count():
            boxes.first.check()
        else:
            select = page.locator("[data-testid=raise-builder] select[data-raise-sq]").first
            select.select_option(str(int(select.get_attribute("data-level") or "1") - 1))
        page.click("[data-testid=raise-submit]")
    elif kind == "repay":
        _open_tool(page, "loans")
        page.locator("[data-testid=loans] button[type=submit]").first.click()
    elif kind == "resign":
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("[data-testid=action-resign]")
    elif kind in ("build", "sell") and pos.game.placement is None:
        _open_tool(page, "build")
        _click(page, entry.text())
    elif kind in ("mortgage", "unmortgage"):
        _open_tool(page, "mortgage")
        _click(page, entry.text())
    else:  # a decision: a button of its own
        _click(page, entry.text())


def test_every_decision_has_a_control_that_sends_a_legal_action(
    server: Server, browser: Browser, positions: dict[str, Position]
) -> None:
    missing = [k for k in KINDS if k not in positions]
    assert not missing, f"no position found offering {missing}: search more games"
    with httpx.Client(base_url=server.base, timeout=30) as http:
        made = http.post("/api/rooms", json={
            "preset": "classic", "seats": 4, "nickname": "Ann",
            "bots": {"1": "easy", "2": "easy", "3": "easy"}}).raise_for_status().json()
        http.post(f"/api/rooms/{made['room']}/start", headers={
            "Authorization": f"Bearer {made['host_token']}"}).raise_for_status()
        room = http.get(f"/api/rooms/{made['room']}").raise_for_status().json()
    fake = FakeServer(room)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.route_web_socket(re.compile(r"/ws/"), fake.handle)
    page.goto(server.base + "/")
    page.evaluate(f"""() => {{
        localStorage.setItem('monopoly.token.{made['room']}', '{made['token']}');
        localStorage.setItem('monopoly.seat.{made['room']}', '0'); }}""")
    page.goto(f"{server.base}/#/room/{made['room']}")
    page.wait_for_function("() => window.monopolyClient.seat === 0")
    checked: dict[str, str] = {}
    for kind in KINDS:
        pos = positions[kind]
        fake.show(page, pos.game)
        check_controls(page)
        _use(page, pos)
        text = fake.action(page)
        why = pos.game.why_illegal(0, A.parse_action(text))
        assert why is None, f"{kind} ({pos.table}): the page sent {text!r}: {why}"
        if not isinstance(pos.entries()[0], TEMPLATES):  # a button sends its entry
            assert text == pos.entries()[0].text(), (kind, text)
        checked[kind] = text
    print("\n".join(f"{k}: {positions[k].table} -> {v}" for k, v in checked.items()))
    assert not errors, errors
    assert set(checked) == set(KINDS)
    context.close()
