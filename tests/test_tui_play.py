"""The terminal game played by keys with Textual's pilot (docs/terminal.md): whole games of
both games against bots in each language, several people at one keyboard, save and
resume, a record replayed step by step, and bad input (a key that means nothing, a
terminal too small, a form filled in wrong): a clear message and nothing lost."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static

from monopoly.core.registry import replay
from monopoly.i18n import translation
from monopoly.tui.app import GameApp, ReplayApp
from monopoly.tui.forms import AmountForm, CurtainScreen, HelpScreen, LogScreen, TradeForm
from monopoly.tui.replay import ReplayTable
from monopoly.tui.table import LocalTable
from monopoly.tui.texts import TEXTS
from tuikit import advance, choose, focus, play_game, send_cards, take_turn

LANGS = ("en", "cs", "ru")
# each language a preset of its own: the classic rules, the Czech ones (the tax choice, the
# Czech money), the tournament's (dealt deeds, sealed bids); a turn limit ends them
PRESETS = {"en": "classic", "cs": "czech", "ru": "tournament"}
BOARD_KINDS = {"roll", "buy", "end", "propose", "mortgage"}
# the tournament deals three deeds to each player at the start (docs/rules.md §12): fewer
# are left for sale, and whether Ann lands on one in 20 turns is up to the dice
# (tests/test_tui_decisions.py takes every kind of decision on purpose)
DEALT_KINDS = BOARD_KINDS - {"buy"}
DEAL_KINDS = {"bank", "property", "end", "pay", "discard"}


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def board_table(lang: str, seed: int, **kw: Any) -> LocalTable:
    return LocalTable.new("board", people={0: "Ann"}, bots={1: "easy", 2: "medium", 3: "hard"},
                          seed=seed, preset=PRESETS[lang], lang=lang,
                          options={"end": "turn_limit", "turn_limit": 20}, **kw)


def replays_to_the_same_game(table: LocalTable) -> None:
    """The table's record (what it saves) replays to the game it played."""
    game = replay(table.lines, events=False)
    assert game.snapshot() == table.play.game.snapshot()


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_board_game_by_keys(lang: str) -> None:
    table = board_table(lang, seed=11)
    app = GameApp(table, delay=0)

    async def go() -> tuple[dict[str, int], str]:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            taken = await play_game(pilot, app, seed=11)
            return taken, str(app.query_one("#prompt", Static).render())

    taken, outcome = run(go())
    assert table.over
    assert set(taken) >= (DEALT_KINDS if PRESETS[lang] == "tournament" else BOARD_KINDS), taken
    assert "bid" in taken or "pass" in taken  # an auction, open (en, cs) or sealed (ru)
    replays_to_the_same_game(table)
    # the prompt is the outcome, in the table's language
    assert translation(lang).gettext(TEXTS["game_over"]) in outcome


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_deal_game_by_keys(lang: str) -> None:
    table = LocalTable.new("deal", people={0: "Ann"}, bots={1: "easy", 2: "medium"},
                           seed=5, lang=lang)
    app = GameApp(table, delay=0)

    async def go() -> dict[str, int]:
        async with app.run_test(size=(90, 30)) as pilot:
            await pilot.pause()
            return await play_game(pilot, app, seed=5)

    taken = run(go())
    assert table.over
    assert set(taken) >= DEAL_KINDS, taken
    replays_to_the_same_game(table)


def test_the_hot_seat_hides_a_hand_until_the_next_player_is_ready() -> None:
    """Two people at one keyboard in the Deal: between their turns a curtain covers the
    screen (the other's hand) until Enter."""
    table = LocalTable.new("deal", people={0: "Ann", 1: "Bob"}, bots={}, seed=3)
    app = GameApp(table, delay=0)
    curtains: list[str] = []
    rng = random.Random(3)

    async def go() -> None:
        async with app.run_test(size=(90, 30)) as pilot:
            await pilot.pause()
            seen = None
            for _ in range(300):
                if table.over:
                    break
                if isinstance(app.screen, CurtainScreen):
                    curtains.append(str(app.screen.text))
                    # behind the curtain nothing of the hand is drawn to be read
                    await pilot.press("enter")
                    await pilot.pause()
                    continue
                acting = table.waiting_local()
                if seen is not None and acting is not None and acting != seen:
                    raise AssertionError("the seat changed without a curtain")
                seen = acting
                await take_turn(pilot, app, rng, {})
                await pilot.pause()
                if isinstance(app.screen, CurtainScreen):
                    seen = None

    run(go())
    assert len(curtains) >= 3
    assert any("Bob" in c for c in curtains) and any("Ann" in c for c in curtains)


def test_save_and_resume_goes_on_where_it_was_left(tmp_path: Path) -> None:
    path = tmp_path / "game.record"
    table = board_table("en", seed=4)
    app = GameApp(table, delay=0, save_path=path)

    async def first() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            rng = random.Random(4)
            for _ in range(15):
                await take_turn(pilot, app, rng, {})
            await pilot.press("q")  # quitting saves first
            await pilot.pause()

    run(first())
    assert app.exit_note and str(path) in app.exit_note
    saved = path.read_text(encoding="utf-8").splitlines()
    assert saved == table.lines
    again = LocalTable.resume(path)
    assert again.play.game.snapshot() == table.play.game.snapshot()
    assert again.people == {0: "Ann"} and again.bot_levels == {1: "easy", 2: "medium", 3: "hard"}
    app2 = GameApp(again, delay=0, save_path=path)

    async def second() -> None:
        async with app2.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            await play_game(pilot, app2, seed=9)

    run(second())
    assert again.over
    replays_to_the_same_game(again)
    assert again.lines[: len(saved)] == saved  # the resumed record continues the saved one


def test_a_record_replayed_step_by_step(tmp_path: Path) -> None:
    table = board_table("cs", seed=2)
    table.play_bots()
    for _ in range(40):
        seat = table.waiting_local()
        if seat is None:
            break
        table.send(seat, table.state(seat)["legal"][0]["text"]
                   if not table.state(seat)["legal"][0]["template"] else "end")
        table.play_bots()
    path = tmp_path / "r.record"
    table.save(path)
    replaying = ReplayTable(path, "cs")
    app = ReplayApp(replaying)

    async def go() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            assert replaying.at == 0
            await pilot.press("right", "right", "n")
            assert replaying.at == 3
            await pilot.press("left")
            assert replaying.at == 2
            await pilot.press("pagedown")
            turn = replaying.state(None)["view"]["turn"]
            assert turn == 2 or replaying.at == replaying.steps
            await pilot.press("end")
            assert replaying.at == replaying.steps
            await pilot.press("home")
            assert replaying.at == 0
            await pilot.press("end")
            await pilot.pause()
            final = replaying.state(None)["view"]
            public = table.play.game.view(None).to_dict()
            public.pop("seat")  # the replay's board is nobody's
            assert final == public

    run(go())


def test_a_key_that_means_nothing_says_so_and_changes_nothing() -> None:
    table = board_table("ru", seed=1)
    app = GameApp(table, delay=0)

    async def go() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            before = list(table.lines)
            await pilot.press("z", "9")  # nothing, and a choice that is not there
            await pilot.pause()
            notes = [n.message for n in app._notifications]
            assert any("«z»" in n for n in notes), notes
            assert any("«9»" in n for n in notes), notes
            assert table.lines == before

    run(go())


def test_the_mouse_takes_a_choice_too() -> None:
    """Keyboard first, mouse optional: a click on a choice of the menu takes it."""
    table = board_table("en", seed=1)
    app = GameApp(table, delay=0)

    async def go() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            before = len(table.lines)
            first = app.entries[0]["text"]
            assert await pilot.click("#choices", offset=(3, 1))  # the first row in its border
            await pilot.pause()
            assert json.loads(table.lines[before]) == [0, first]

    run(go())


def test_a_terminal_too_small_says_so_and_loses_nothing() -> None:
    table = board_table("cs", seed=1)
    app = GameApp(table, delay=0)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            before = list(table.lines)
            await pilot.resize_terminal(60, 20)
            await pilot.pause()
            assert app.has_class("small")
            text = str(app.query_one("#too-small", Static).render())
            assert "60×20" in text and "80×24" in text and "Terminál" in text
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert not app.has_class("small")
            assert table.lines == before
            assert app.entries  # the choices are still there

    run(go())


def test_a_refused_form_keeps_what_was_typed_and_says_why() -> None:
    """A bid out of range, then a trade the engine refuses: the form stays open with its
    values and the reason; Esc closes it; the game is unchanged."""
    table = board_table("en", seed=3)
    app = GameApp(table, delay=0)

    async def go() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            before = list(table.lines)
            propose = next(i for i, e in enumerate(app.entries) if e["kind"] == "propose")
            await pilot.press(str(propose + 1))
            await pilot.pause()
            form = app.screen
            assert isinstance(form, TradeForm)
            await focus(pilot, app, "give-cash")
            form.query_one("#give-cash", Input).value = ""
            await pilot.press(*"99999")  # more than Ann has
            await focus(pilot, app, "submit")
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is form
            reason = str(form.query_one("#error", Static).render())
            assert reason.strip()
            assert form.query_one("#give-cash", Input).value == "99999"
            await pilot.press("escape")
            await pilot.pause()
            assert table.lines == before

    run(go())


def test_an_amount_out_of_its_range_is_refused_in_the_form() -> None:
    app_sent: list[str] = []
    form = AmountForm("cs", "Bid", lambda text: app_sent.append(text) or None, "bid", 10, 50)

    class Host(GameApp):
        def on_mount(self) -> None:
            super().on_mount()
            self.push_screen(form)

    app = Host(board_table("cs", seed=1), delay=0)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            form.query_one("#amount", Input).value = ""
            await focus(pilot, app, "amount")
            await pilot.press(*"500", "enter")
            await pilot.pause()
            assert "10" in str(form.query_one("#error", Static).render())
            assert app_sent == []
            form.query_one("#amount", Input).value = ""
            await pilot.press(*"25", "enter")
            await pilot.pause()
            assert app_sent == ["bid 25"]

    run(go())


def test_help_shows_the_keys_and_the_rules_of_the_preset() -> None:
    table = board_table("ru", seed=1)
    app = GameApp(table, delay=0)

    async def go() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            texts = " ".join(str(w.render()) for w in app.screen.query(Static))
            assert "Справка" in str(app.screen.title_text)
            rules = table.rules()
            assert rules is not None and str(rules["sections"][0]["rules"][0]["text"]) in texts
            await pilot.press("escape", "l")
            await pilot.pause()
            assert isinstance(app.screen, LogScreen)
            await pilot.press("escape")

    run(go())


def test_the_cards_form_pays_a_debt_by_keys() -> None:
    """A Deal game played until the person owes a payment: the cards are chosen with the
    arrows and Space, and sent."""
    for seed in range(1, 30):
        table = LocalTable.new("deal", people={0: "Ann"}, bots={1: "hard"}, seed=seed)
        app = GameApp(table, delay=0)
        paid: list[str] = []

        async def go(app: GameApp = app, table: LocalTable = table,
                     paid: list[str] = paid) -> None:
            async with app.run_test(size=(90, 30)) as pilot:
                await pilot.pause()
                rng = random.Random(len(table.lines))
                for _ in range(200):
                    if table.over:
                        return
                    kinds = [e["kind"] for e in app.entries]
                    if "pay" in kinds and app.entries[kinds.index("pay")]["cards"]:
                        n = len(table.lines)
                        await pilot.press(str(kinds.index("pay") + 1))
                        await pilot.pause()
                        await send_cards(pilot, app)  # every card: more than the debt
                        await pilot.pause()
                        assert len(app.screen_stack) == 1
                        paid.append(json.loads(table.lines[n])[1] if table.lines[n].startswith(
                            "[") else table.lines[n])
                        return
                    await take_turn(pilot, app, rng, {"pay": 1})

        run(go())
        if paid:
            assert "pay" in paid[0]
            return
    raise AssertionError("no seed led to a payment")



def test_in_a_hot_seat_one_person_offers_a_trade_and_the_other_answers() -> None:
    """docs/rules.md §9: Ann proposes (her cash for a deed of Bob's) by the trade form;
    the game then waits for Bob, whose screen offers accept, reject and counter, and he
    accepts by a key: the deed changes hands."""
    table = LocalTable.new("board", people={0: "Ann", 1: "Bob"}, bots={}, seed=6)
    advance(table, 0)
    while not (table.waiting_local() == 0 and table.play.game.owner.count(1) >= 1
               and "propose" in [e["kind"] for e in table.state(0)["legal"]]):
        stand_in = table.play.bot("medium", table.waiting_local() or 0, 5)
        assert table.send(table.waiting_local() or 0, stand_in.move().text()) is None
    bobs = [sq for sq, owner in enumerate(table.play.game.owner) if owner == 1]
    app = GameApp(table, delay=0)
    seen: dict[str, Any] = {}

    async def go() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            index = [e["kind"] for e in app.entries].index("propose")
            await choose(pilot, app, index)
            assert isinstance(app.screen, TradeForm)
            await focus(pilot, app, "take")  # Bob, the only partner, is chosen
            await pilot.press("space")  # his first deed, highlighted
            await focus(pilot, app, "give-cash")
            app.screen.query_one("#give-cash", Input).value = ""
            await pilot.press("1", "0")
            await focus(pilot, app, "submit")
            await pilot.press("enter")
            await pilot.pause()
            assert app.acting == 1, table.error  # Bob's answer
            seen["kinds"] = [e["kind"] for e in app.entries]
            await choose(pilot, app, seen["kinds"].index("accept"))
            await pilot.pause()

    run(go())
    assert {"accept", "reject", "counter"} <= set(seen["kinds"])
    assert sum(table.play.game.owner[sq] == 0 for sq in bobs) == 1  # one deed went to Ann
