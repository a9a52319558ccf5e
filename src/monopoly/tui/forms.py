"""The windows of the terminal game for the choices that take parameters (the protocol's
templates, docs/protocol.md): an amount (a bid, a repayment), a trade (a proposal or a
counter-offer), raising funds in one batch, and the Deal's payments and discards; and
the help, the log and the curtain between the players of a hot seat.

Each form builds the action's canonical text and hands it to ``send`` (the table's), which
answers None when the action was applied or the engine's reason when it was refused: the
form then stays open with everything filled in and the reason under it, so nothing typed
is lost. Esc closes a form without acting.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, RichLog, Select, SelectionList, Static

from monopoly.tui.deal_art import card_label
from monopoly.tui.texts import tr

__all__ = ["AmountForm", "CardsForm", "CurtainScreen", "HelpScreen", "LogScreen",
           "RaiseForm", "TradeForm"]

Send = Callable[[str], "str | None"]


class _Form(ModalScreen[None]):
    """A form: its fields, an error line, Send and Cancel (Esc)."""

    BINDINGS = [Binding("escape", "cancel", show=False)]  # noqa: RUF012  (Textual's class attribute)
    DEFAULT_CSS = """
    _Form { align: center middle; }
    _Form > Vertical { width: 90%; max-width: 100; height: auto; max-height: 95%;
                       border: thick $accent; background: $panel; padding: 0 1; }
    _Form .title { text-style: bold; }
    _Form .error { color: $error; text-style: bold; }
    _Form Horizontal.buttons { height: auto; }
    _Form SelectionList { height: auto; max-height: 12; }
    """

    def __init__(self, lang: str, title: str, send: Send) -> None:
        super().__init__()
        self.lang = lang
        self.title_text = title
        self.send = send

    def tr(self, text_key: str, /, **params: Any) -> str:
        return tr(self.lang, text_key, **params)

    def fields(self) -> ComposeResult:
        yield from ()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A list reached by Tab has its first item highlighted, so Space chooses it at
        once (a list filled again, for another partner, has none)."""
        widget = event.widget
        if isinstance(widget, SelectionList) and widget.highlighted is None \
                and widget.option_count:
            widget.highlighted = 0

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title")
            yield from self.fields()
            yield Static("", classes="error", id="error")
            with Horizontal(classes="buttons"):
                yield Button(self.tr("key_submit"), variant="primary", id="submit")
                yield Button(self.tr("key_cancel"), id="cancel")

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "cancel":
            self.dismiss(None)
        else:
            self.submit()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    def fail(self, reason: str) -> None:
        self.query_one("#error", Static).update(reason)

    def text(self) -> str | None:
        """The action's text, or None (after :meth:`fail`) when a field is wrong."""
        raise NotImplementedError

    def submit(self) -> None:
        text = self.text()
        if text is None:
            return
        refused = self.send(text)
        if refused is None:
            self.dismiss(None)
        else:
            self.fail(refused)


class AmountForm(_Form):
    """A bid or a repayment: a whole amount from `low` to `high`."""

    def __init__(self, lang: str, title: str, send: Send, prefix: str, low: int,
                 high: int) -> None:
        super().__init__(lang, title, send)
        self.prefix, self.low, self.high = prefix, low, high

    def fields(self) -> ComposeResult:
        yield Label(self.tr("amount_range", low=self.low, high=self.high))
        yield Input(str(self.low), type="integer", id="amount")

    def text(self) -> str | None:
        raw = self.query_one("#amount", Input).value.strip()
        if not raw.isdigit() or not self.low <= int(raw) <= self.high:
            self.fail(self.tr("amount_bad", low=self.low, high=self.high))
            return None
        return f"{self.prefix} {int(raw)}"


def _cash(form: _Form, widget_id: str) -> int | None:
    raw = form.query_one(widget_id, Input).value.strip() or "0"
    if not raw.isdigit():
        form.fail(form.tr("cash_bad"))
        return None
    return int(raw)


class TradeForm(_Form):
    """A trade: the partner (a proposal), what each side gives (deeds, cash, Get Out of
    Jail Free cards). A counter-offer goes to the proposer only."""

    def __init__(self, lang: str, title: str, send: Send, *, counter: bool,
                 partners: Sequence[int], me: int, view: dict[str, Any],
                 board: dict[str, Any], names: Sequence[str]) -> None:
        super().__init__(lang, title, send)
        self.counter, self.partners, self.me = counter, list(partners), me
        self.view, self.board, self.names = view, board, names

    def _deeds(self, seat: int) -> list[tuple[str, str]]:
        owner = self.view.get("owner") or []
        out = []
        for sq in self.board["squares"]:
            i = int(sq["index"])
            if i < len(owner) and owner[i] == seat:
                out.append((sq["name"], str(i)))
        for p in self.view.get("players") or []:
            if int(p["seat"]) == seat:
                for deck in p.get("jail_cards") or []:
                    out.append((self.tr("jail_card", deck=deck), f"card:{deck}"))
        return out

    def fields(self) -> ComposeResult:
        first = self.partners[0]
        if not self.counter:
            yield Label(self.tr("trade_with"))
            yield Select([(f"{s + 1} {self.names[s]}", s) for s in self.partners],
                         value=first, allow_blank=False, id="partner")
        with Horizontal():
            with Vertical():
                yield Label(self.tr("you_give"), classes="title")
                yield SelectionList[str](*self._deeds(self.me), id="give")
                yield Label(self.tr("cash"))
                yield Input("0", type="integer", id="give-cash")
            with Vertical():
                yield Label(self.tr("you_get"), classes="title")
                yield SelectionList[str](*self._deeds(first), id="take")
                yield Label(self.tr("cash"))
                yield Input("0", type="integer", id="take-cash")

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        take = self.query_one("#take", SelectionList)
        take.clear_options()
        if isinstance(event.value, int):
            take.add_options(self._deeds(event.value))

    def text(self) -> str | None:
        give_cash = _cash(self, "#give-cash")
        take_cash = _cash(self, "#take-cash")
        if give_cash is None or take_cash is None:
            return None
        give = _bundle(give_cash, self.query_one("#give", SelectionList).selected)
        take = _bundle(take_cash, self.query_one("#take", SelectionList).selected)
        if give == "-" and take == "-":
            self.fail(self.tr("trade_empty"))
            return None
        if self.counter:
            return f"counter give={give} take={take}"
        partner = self.query_one("#partner", Select).value
        return f"propose {partner} give={give} take={take}"


def _bundle(cash: int, items: Sequence[str]) -> str:
    parts = ([f"${cash}"] if cash else []) + [i for i in items if not i.startswith("card:")]
    parts += [i for i in items if i.startswith("card:")]
    return ",".join(parts) or "-"


class RaiseForm(_Form):
    """Raising funds in one batch: sell every building of chosen groups, mortgage chosen
    deeds (the engine checks the batch, even selling included)."""

    def __init__(self, lang: str, title: str, send: Send, *, me: int, view: dict[str, Any],
                 board: dict[str, Any]) -> None:
        super().__init__(lang, title, send)
        self.me, self.view, self.board = me, view, board

    def _items(self) -> list[tuple[str, str]]:
        owner = self.view.get("owner") or []
        level = self.view.get("level") or []
        mortgaged = self.view.get("mortgaged") or []
        squares = self.board["squares"]
        out = []
        for group, members in self.board["groups"].items():
            built = [i for i in members if owner[i] == self.me and level[i] > 0]
            if built:
                name = squares[built[0]].get("group_name") or group
                out.append((self.tr("sell_group", group=name), "sell:" + ",".join(
                    str(i) for i in built)))
        for sq in squares:
            i = int(sq["index"])
            if owner[i] == self.me and not mortgaged[i] and level[i] == 0:
                out.append((self.tr("mortgage", name=sq["name"]), f"mortgage:{i}"))
        return out

    def fields(self) -> ComposeResult:
        yield SelectionList[str](*self._items(), id="items")

    def text(self) -> str | None:
        chosen = self.query_one("#items", SelectionList).selected
        sells = [f"{sq}:0" for item in chosen if item.startswith("sell:")
                 for sq in item[5:].split(",")]
        mortgages = [item[9:] for item in chosen if item.startswith("mortgage:")]
        if not sells and not mortgages:
            self.fail(self.tr("raise_empty"))
            return None
        return f"raise sell={','.join(sells) or '-'} mortgage={','.join(mortgages) or '-'}"


class CardsForm(_Form):
    """The Deal's payment (cards worth the debt, or all of them) or discard (exactly
    `count` cards of the hand)."""

    def __init__(self, lang: str, title: str, send: Send, *, kind: str,
                 entry: dict[str, Any], deck: dict[str, Any]) -> None:
        super().__init__(lang, title, send)
        self.kind, self.entry, self.deck = kind, entry, deck

    def _summary(self, chosen: Sequence[int]) -> str:
        if self.kind == "pay":
            total = sum(int(self.deck["cards"][c]["value"]) for c in chosen)
            return self.tr("cards_pay", amount=f"{self.entry['amount']}M", total=f"{total}M")
        return self.tr("cards_discard", count=self.entry["count"], chosen=len(chosen))

    def fields(self) -> ComposeResult:
        yield Label(self._summary([]), id="summary")
        yield SelectionList[int](*[(card_label(self.deck, int(c)), int(c))
                                   for c in self.entry["cards"]], id="cards")

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged[int]
                                           ) -> None:
        event.stop()
        self.query_one("#summary", Label).update(self._summary(event.selection_list.selected))

    def text(self) -> str | None:
        chosen = list(self.query_one("#cards", SelectionList).selected)
        if self.kind == "discard" and len(chosen) != int(self.entry["count"]):
            self.fail(self.tr("cards_count", count=self.entry["count"]))
            return None
        return f"{self.kind} {','.join(str(c) for c in chosen) or '-'}"


class HelpScreen(ModalScreen[None]):
    """The keys and the rules of the game's preset in words."""

    BINDINGS = [Binding("escape,q,question_mark", "close", show=False)]  # noqa: RUF012
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 95%; height: 95%; border: thick $accent;
                                  background: $panel; padding: 0 1; }
    HelpScreen .title { text-style: bold; }
    """

    def __init__(self, title: str, keys: str, rules: dict[str, Any] | None) -> None:
        super().__init__()
        self.title_text, self.keys, self.rules = title, keys, rules

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Label(self.title_text, classes="title")
            yield Static(self.keys)
            if self.rules:
                yield Label(str(self.rules.get("title", "")), classes="title")
                yield Static(str(self.rules.get("about", "")))
                for section in self.rules.get("sections") or []:
                    yield Label(str(section["title"]), classes="title")
                    yield Static("\n".join("• " + str(line["text"])
                                           for line in section["rules"]))

    def action_close(self) -> None:
        self.dismiss(None)


class LogScreen(ModalScreen[None]):
    """The whole log of the game."""

    BINDINGS = [Binding("escape,q,l", "close", show=False)]  # noqa: RUF012
    DEFAULT_CSS = """
    LogScreen { align: center middle; }
    LogScreen > RichLog { width: 95%; height: 95%; border: thick $accent; background: $panel; }
    """

    def __init__(self, lines: Sequence[Text | str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield RichLog(wrap=True, markup=False, id="full-log")

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for line in self.lines:
            log.write(line)

    def action_close(self) -> None:
        self.dismiss(None)


class CurtainScreen(Screen[None]):
    """Between two players of a hot seat when the next decision shows what the last
    player may not see (a hand of the Deal, a sealed bid): the whole screen hidden until
    the next player presses Enter."""

    BINDINGS = [Binding("enter", "ready", show=False)]  # noqa: RUF012
    DEFAULT_CSS = """
    CurtainScreen { align: center middle; background: $background; }
    CurtainScreen Label { text-style: bold; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Label(self.text)

    def action_ready(self) -> None:
        self.dismiss(None)
