"""Driving the terminal game with Textual's pilot, by keys only: the player at the keyboard
takes, at each decision, a choice of a kind it has not taken yet where there is one (so a
game goes through every kind of decision it offers), else one drawn from a seeded
generator; the forms (an amount, a trade, raising funds, the Deal's cards) are filled in
with keys too."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Button, Input, SelectionList

from monopoly.tui.app import GameApp
from monopoly.tui.forms import AmountForm, CardsForm, CurtainScreen, RaiseForm, TradeForm
from monopoly.tui.table import LocalTable

# Kinds taken only when nothing else is left (they end the player's game).
LAST_RESORT = frozenset({"resign", "bankrupt"})


async def focus(pilot: Pilot[Any], app: GameApp, widget_id: str, limit: int = 12) -> None:
    """Press Tab until the widget `widget_id` of the open window has the focus."""
    for _ in range(limit):
        focused = app.focused
        if focused is not None and focused.id == widget_id:
            return
        await pilot.press("tab")
    raise AssertionError(f"Tab never reached #{widget_id}")


async def fill_form(pilot: Pilot[Any], app: GameApp, rng: random.Random) -> None:
    """Fill the open form by keys and send it (a refused one is closed with Esc)."""
    form = app.screen
    if isinstance(form, AmountForm):
        await focus(pilot, app, "amount")
        value = rng.randint(form.low, min(form.high, form.low + 40))
        app.screen.query_one("#amount", Input).value = ""
        await pilot.press(*str(value), "enter")
    elif isinstance(form, TradeForm):
        take = form.query_one("#take", SelectionList)
        give = form.query_one("#give", SelectionList)
        if take.option_count and rng.random() < 0.7:
            await focus(pilot, app, "take")
            await pilot.press("space")
        elif give.option_count:
            await focus(pilot, app, "give")
            await pilot.press("space")
        await focus(pilot, app, "give-cash")
        form.query_one("#give-cash", Input).value = ""
        await pilot.press(*str(rng.choice([0, 10, 50, 200])))
        await focus(pilot, app, "submit")
        await pilot.press("enter")
    elif isinstance(form, RaiseForm):
        await focus(pilot, app, "items")
        await pilot.press("space")
        await focus(pilot, app, "submit")
        await pilot.press("enter")
    elif isinstance(form, CardsForm):
        if form.kind == "discard":
            await send_cards(pilot, app, lambda chosen: len(chosen) >= int(form.entry["count"]))
        else:
            await send_cards(pilot, app, lambda chosen: _paid(form, chosen))
    await pilot.pause()
    if app.screen is form:  # refused: the reason is shown; close it
        assert str(form.query_one("#error").render()).strip(), (
            f"{type(form).__name__} still open without a reason; focus {app.focused}")
        await pilot.press("escape")
        await pilot.pause()


async def send_cards(pilot: Pilot[Any], app: GameApp,
                     enough: Callable[[list[int]], bool] = lambda chosen: False) -> None:
    """In the open cards form: Space on each card from the top (the arrows between) until
    `enough` of them are chosen, or all; then Send."""
    await focus(pilot, app, "cards")
    cards = app.screen.query_one("#cards", SelectionList)
    for k in range(cards.option_count):
        if enough(list(cards.selected)):
            break
        if k:
            await pilot.press("down")
        await pilot.press("space")
    await focus(pilot, app, "submit")
    await pilot.press("enter")


def _paid(form: CardsForm, chosen: list[int]) -> bool:
    cards = form.deck["cards"]
    return sum(int(cards[c]["value"]) for c in chosen) >= int(form.entry["amount"])


async def take_turn(pilot: Pilot[Any], app: GameApp, rng: random.Random,
                    taken: dict[str, int]) -> bool:
    """One decision of the player at the keyboard, by keys; False when there is none."""
    if isinstance(app.screen, CurtainScreen):
        await pilot.press("enter")
        await pilot.pause()
        return True
    entries = app.entries
    if app.acting is None or not entries:
        return False
    fresh = [i for i, e in enumerate(entries) if e["kind"] not in taken
             and e["kind"] not in LAST_RESORT]
    if fresh:
        index = rng.choice(fresh)
    elif rng.random() < 0.75:  # the pending decision, whatever it is
        index = 0
    else:
        usual = [i for i, e in enumerate(entries) if e["kind"] not in LAST_RESORT]
        index = rng.choice(usual or [0])
    kind = entries[index]["kind"]
    taken[kind] = taken.get(kind, 0) + 1
    await choose(pilot, app, index)
    if entries[index].get("template") and len(app.screen_stack) > 1:
        await fill_form(pilot, app, rng)
    return True


async def choose(pilot: Pilot[Any], app: GameApp, index: int) -> None:
    """Take the choice `index` of the list by keys: its number, or the arrows and Enter."""
    if index < 9:
        await pilot.press(str(index + 1))
    else:
        app.query_one("#choices").focus()
        await pilot.press("home", *["down"] * index, "enter")
    await pilot.pause()


async def play_game(pilot: Pilot[Any], app: GameApp, seed: int, limit: int = 3000
                    ) -> dict[str, int]:
    """Play the keyboard's seats to the end of the game; the kinds taken and how often."""
    rng = random.Random(seed)
    taken: dict[str, int] = {}
    for _ in range(limit):
        if app.table.over:
            break
        if not await take_turn(pilot, app, rng, taken):
            await pilot.pause()
    assert app.table.over, f"the game did not end in {limit} decisions"
    return taken


def submit_button(app: GameApp) -> Button:
    return app.screen.query_one("#submit", Button)


def advance(table: LocalTable, actions: int, level: str = "hard") -> None:
    """Play `actions` actions of the table, the people's seats by the bot `level` too (a
    position of a game in progress, the same on every run)."""
    stand_ins = {seat: table.play.bot(level, seat, 1000 + seat) for seat in table.local_seats}
    for _ in range(actions):
        if table.over:
            return
        if not table.play_bot():
            seat = table.waiting_local()
            assert seat is not None
            refused = table.send(seat, stand_ins[seat].move().text())
            assert refused is None, refused
    table.play_bots()  # up to a person's decision
