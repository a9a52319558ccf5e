"""The replay viewer of a finished game (the lobby's list of finished games, each with
its replay): ``GET /api/rooms/{id}/replay`` against a real `monopoly serve` process, and the
page's viewer in Debian's Chromium driven by Playwright (skipped where either is missing).

A bot-only game is played to the end on the server; stepping through its replay to the
last step must give exactly the board a spectator is sent at the end, one step per action
of the record, the texts in the language asked for.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from monopoly.web.replay import apply_delta
from serverkit import Server, create_room, short, start_room, wait_finished

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(os.environ.get("MONOPOLY_ARTIFACTS", Path(__file__).parent / "artifacts"))
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


@pytest.fixture(scope="module")
def finished(server: Server) -> dict[str, Any]:
    """A bot-only game played to the end: its room, record lines and the spectator's last
    state message."""
    with server.http() as http:
        made = create_room(http, seats=3, bots={"0": "easy", "1": "medium", "2": "hard"},
                           options=short(24))
        room = made["room"]
        start_room(http, made)
        wait_finished(http, room)
        record = http.get(f"/api/rooms/{room}/record")
        assert record.status_code == 200
    return {"room": room, "lines": record.text.splitlines(),
            "state": asyncio.run(_spectator_state(server, room))}


async def _spectator_state(server: Server, room: str) -> dict[str, Any]:
    async with connect(f"{server.ws}/ws/{room}") as ws:
        while True:
            msg: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if msg["type"] == "state":
                return msg


def _views(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The board at every step, as the page rebuilds it: step 0, then after each action."""
    views = [data["start"]]
    for step in data["steps"]:
        views.append(apply_delta(views[-1], step["delta"]))
    return views


def _get(http: httpx.Client, room: str, lang: str = "en") -> dict[str, Any]:
    r = http.get(f"/api/rooms/{room}/replay", params={"lang": lang})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


# --------------------------------------------------------------------------- the API


def test_stepping_to_the_end_gives_the_final_board(
    http: httpx.Client, finished: dict[str, Any]
) -> None:
    data = _get(http, finished["room"])
    actions = [json.loads(line) for line in finished["lines"][1:]]
    assert len(data["steps"]) == len(actions) > 20
    assert [[s["seat"], s["action"]] for s in data["steps"]] == actions
    views = _views(data)
    final = dict(finished["state"]["view"])
    final.pop("seat")
    assert views[-1] == final  # exactly the spectator's board at the end
    assert [p["cash"] for p in views[-1]["players"]] == [p["cash"] for p in final["players"]]
    assert views[-1]["owner"] == final["owner"] and views[-1]["level"] == final["level"]
    assert views[-1]["mortgaged"] == final["mortgaged"]
    assert views[-1]["outcome"] == data["outcome"] is not None
    # the start: nobody owns anything, everyone has the starting cash
    assert all(o < 0 for o in views[0]["owner"])
    assert len({p["cash"] for p in views[0]["players"]}) == 1
    header = json.loads(finished["lines"][0])
    assert data["seats"] == header["seats"] and data["seed"] == header["seed"]
    assert data["room"] == finished["room"] and data["edition"] == "standard"


def test_the_texts_are_in_the_language_asked_for(
    http: httpx.Client, finished: dict[str, Any]
) -> None:
    replays = {lang: _get(http, finished["room"], lang) for lang in ("en", "cs", "ru")}
    texts = {lang: [t for s in r["steps"] for t in s["texts"]] for lang, r in replays.items()}
    labels = {lang: [s["label"] for s in r["steps"]] for lang, r in replays.items()}
    assert all(texts.values()) and len({len(t) for t in texts.values()}) == 1
    assert any(" rolls " in t for t in texts["en"])
    assert any(" hází " in t for t in texts["cs"])
    assert not any(CYRILLIC.search(t) for t in texts["en"] + texts["cs"])
    assert sum(bool(CYRILLIC.search(t)) for t in texts["ru"]) > len(texts["ru"]) // 2
    roll = [s["action"] for s in replays["en"]["steps"]].index("roll")
    assert labels["en"][roll] == "Roll the dice"
    assert labels["cs"][roll] == "Hodit kostkami"
    assert CYRILLIC.search(labels["ru"][roll])
    assert replays["en"]["lang"] == "en" and replays["ru"]["lang"] == "ru"
    # the board does not depend on the language
    assert _views(replays["cs"])[-1] == _views(replays["en"])[-1]


def test_the_replay_is_compact_and_gzipped(server: Server, finished: dict[str, Any]) -> None:
    url = f"{server.base}/api/rooms/{finished['room']}/replay"
    plain = httpx.get(url, headers={"Accept-Encoding": "identity"})
    packed = httpx.get(url, headers={"Accept-Encoding": "gzip"})
    assert plain.status_code == packed.status_code == 200
    assert packed.headers["content-encoding"] == "gzip"
    assert "content-encoding" not in plain.headers
    assert packed.json() == plain.json()
    steps = len(plain.json()["steps"])
    # deltas, not a whole board per action
    assert len(plain.content) < 700 * steps, (len(plain.content), steps)
    assert int(packed.headers["content-length"]) < len(plain.content) / 4


def test_bad_requests_are_clear_errors(http: httpx.Client, finished: dict[str, Any]) -> None:
    r = http.get("/api/rooms/no-such-room/replay")
    assert r.status_code == 404
    assert r.json()["error"]["code"] == "not_found"
    assert "no-such-room" in r.json()["error"]["message"]
    made = create_room(http, seats=2, bots={"1": "easy"}, nickname="Ann")
    r = http.get(f"/api/rooms/{made['room']}/replay")
    assert r.status_code == 403
    assert r.json()["error"] == {"code": "forbidden",
                                 "message": "Not allowed: the game is not over yet"}
    czech = http.get(f"/api/rooms/{made['room']}/replay", params={"lang": "cs"})
    assert czech.status_code == 403 and czech.json()["error"]["code"] == "forbidden"
    assert czech.json()["error"]["message"] != r.json()["error"]["message"]  # in Czech
    r = http.get(f"/api/rooms/{finished['room']}/replay", params={"lang": "de"})
    assert r.status_code == 400
    assert r.json()["error"] == {"code": "invalid",
                                 "message": "Invalid request: unknown language"}


# --------------------------------------------------------------------------- the page


def _money(amount: int) -> str:
    """An amount as the page writes it in English."""
    return f"{'-' if amount < 0 else ''}${abs(amount):,}"


@pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is not installed")
def test_the_viewer_steps_through_the_game_in_a_browser(
    server: Server, http: httpx.Client, finished: dict[str, Any]
) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    room = finished["room"]
    views = _views(_get(http, room))
    last = len(views) - 1
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / ".gitignore").write_text("*\n")

    def cash_shown(page: Any) -> list[str]:
        """The cash shown, as the page writes it in English (in another language: the
        same amount in the English form)."""
        texts = [page.inner_text(f"[data-testid=cash-{s}]") for s in range(3)]
        if page.evaluate("() => document.documentElement.lang") == "en":
            return texts
        return [_money(int(re.sub(r"[^0-9-]", "", text))) for text in texts]

    def board_shown(page: Any) -> tuple[list[int], list[bool], list[int]]:
        data: list[Any] = page.evaluate("""() => [...Array(40).keys()].map(i => {
              const el = document.querySelector(`[data-testid=square-${i}]`);
              const bld = el.querySelector('.bld');
              return [el.classList.contains('owned'), el.classList.contains('mortgaged'),
                      bld ? Number(bld.dataset.level || 0) : 0];
            })""")
        return ([i for i, d in enumerate(data) if d[0]], [d[1] for d in data],
                [d[2] for d in data])

    def expect(page: Any, step: int) -> None:
        page.wait_for_function(f"() => window.monopolyClient.replay?.step === {step}")
        view = views[step]
        assert cash_shown(page) == [_money(p["cash"]) for p in view["players"]]
        owned, mortgaged, levels = board_shown(page)
        assert owned == [i for i, o in enumerate(view["owner"]) if o >= 0]
        assert mortgaged == [bool(m) for m in view["mortgaged"]]
        assert [lv for lv, street in zip(levels, streets, strict=True) if street] == [
            lv for lv, street in zip(view["level"], streets, strict=True) if street]
        assert f"{step} " in page.inner_text("[data-testid=replay-step]")

    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.add_init_script("localStorage.setItem('monopoly.lang', 'en')")
            page.goto(server.base + "/")
            page.click(f"[data-testid=replay-link-{room}]")  # from the lobby's finished games
            page.wait_for_selector("[data-testid=replay]")
            assert page.url.endswith(f"#/replay/{room}")
            streets = page.evaluate("""() => [...Array(40).keys()].map(i =>
                !!document.querySelector(`[data-testid=square-${i}] .bld`))""")
            expect(page, 0)
            assert page.is_disabled("[data-testid=replay-prev]")
            assert page.is_disabled("[data-testid=replay-first]")
            # forward until the cash shown changes: a payment, a purchase...
            step = 0
            cash = [[p["cash"] for p in v["players"]] for v in views]
            while cash[step] == cash[0] or step < 2:
                page.click("[data-testid=replay-next]")
                step += 1
                expect(page, step)
            assert cash_shown(page) != [_money(p["cash"]) for p in views[0]["players"]]
            assert page.inner_text("[data-testid=replay-action]")
            log = page.locator("[data-testid=log] li")
            assert log.count() >= step
            page.click("[data-testid=replay-prev]")
            expect(page, step - 1)
            page.click("[data-testid=replay-last]")
            expect(page, last)
            assert page.is_disabled("[data-testid=replay-next]")
            final = finished["state"]["view"]
            assert cash_shown(page) == [_money(p["cash"]) for p in final["players"]]
            page.screenshot(path=str(ARTIFACTS / "replay-viewer-end.png"))
            # the slider and the keyboard
            page.fill("[data-testid=replay-slider]", str(last // 2))
            expect(page, last // 2)
            page.keyboard.press("Home")
            expect(page, 0)
            page.keyboard.press("ArrowRight")
            expect(page, 1)
            # a turn on, a turn back: to the first board of a turn
            turns = [v["turn"] for v in views]
            second = turns.index(turns[1] + 1)
            page.click("[data-testid=replay-next-turn]")
            expect(page, second)
            assert page.inner_text("[data-testid=replay-action]")
            page.click("[data-testid=replay-next-turn]")
            third = turns.index(turns[1] + 2)
            expect(page, third)
            page.click("[data-testid=replay-prev-turn]")
            expect(page, second)
            page.keyboard.press("PageUp")
            expect(page, 0)
            # the language switch keeps the step; the words follow the language
            page.click("[data-testid=replay-last]")
            page.click("[data-testid=lang-cs]")
            page.wait_for_function("() => document.documentElement.lang === 'cs'")
            page.wait_for_function(
                "() => /hází/.test(document.querySelector('[data-testid=log]').innerText)")
            expect(page, last)
            page.click("[data-testid=lang-ru]")
            page.wait_for_function(
                "() => /[А-Яа-я]/.test(document.querySelector('[data-testid=replay-step]')"
                ".innerText) && /[А-Яа-я]{3}/.test(document.querySelector("
                "'[data-testid=log]').innerText)")
            expect(page, last)
            page.screenshot(path=str(ARTIFACTS / "replay-viewer-ru.png"))
            # an unknown room: a clear error on the page
            page.goto(server.base + "/#/replay/no-such-room")
            page.wait_for_selector("[data-testid=replay-error]")
            assert "no-such-room" in page.inner_text("[data-testid=replay-error]")
            assert errors == []
        finally:
            browser.close()
