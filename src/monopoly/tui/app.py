"""The terminal game (Textual): the board (or the Deal's tables), the players, the prompt
with the legal choices as keys and a menu, the log, help, save and quit.

It draws only what a table gives (:mod:`monopoly.tui.table`): the state messages of the
seat whose turn it is at this keyboard, and the events in words. The choices are the
state's legal entries in their order (the pending decision first): keys 1-9 take the
first nine, the arrows and Enter any of them; a choice with parameters opens its form
(:mod:`monopoly.tui.forms`).
"""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import Any, ClassVar, Final

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from monopoly.i18n import translation
from monopoly.tui.board_art import board_lines, seat_style
from monopoly.tui.deal_art import hand_lines, table_lines
from monopoly.tui.forms import (
    AmountForm,
    CardsForm,
    CurtainScreen,
    HelpScreen,
    LogScreen,
    RaiseForm,
    TradeForm,
)
from monopoly.tui.remote import ConnectError, RemoteTable
from monopoly.tui.replay import ReplayTable
from monopoly.tui.table import LocalTable, Table
from monopoly.tui.texts import tr

__all__ = ["MIN_SIZE", "GameApp", "ReplayApp"]

MIN_SIZE: Final = (80, 24)
SIDE_WIDTH: Final = {"board": 25, "deal": 34}
NEWLINE: Final = "\n"
LOG_TAIL: Final = 40  # the actions whose texts the board's centre may show


class ArtPane(Widget):
    """The board, or the Deal's tables: lines drawn for the pane's size."""

    DEFAULT_CSS = "ArtPane { height: 1fr; }"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lines: Any = lambda width, height: []

    def render(self) -> Text:
        return Text(NEWLINE).join(self.lines(self.size.width, self.size.height))


class GameApp(App[None]):
    """A game at this keyboard, or a room of a server (see the module docstring)."""

    TITLE = "Monopoly"

    CSS = """
    #main { height: 1fr; }
    #art { width: 1fr; }
    #side { width: 25; padding-left: 1; }
    #players { height: auto; }
    #prompt { height: auto; color: $text; text-style: bold; }
    #clock { height: auto; color: $warning; }
    #error { height: auto; color: $error; }
    #choices { height: 1fr; }
    #too-small { display: none; padding: 1 2; }
    #keys { height: 1; background: $panel; }
    .small #too-small { display: block; }
    .small #main { display: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", show=False),
        Binding("l", "log", show=False),
        Binding("s", "save", show=False),
        Binding("q", "quit_game", show=False),
        *[Binding(str(k), f"choose({k})", show=False) for k in range(1, 10)],
    ]

    def __init__(self, table: Table, *, save_path: Path | None = None, delay: float = 0.4,
                 rules: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.table = table
        self.lang = table.lang
        self.t = translation(table.lang)  # money in the table's language
        self.save_path = save_path
        self.delay = delay
        self.rules = rules if rules is not None or not isinstance(table, LocalTable) \
            else table.rules()
        self.entries: list[dict[str, Any]] = []
        self.acting: int | None = None  # the seat at this keyboard the game waits for
        self.viewer: int | None = table.local_seats[0] if table.local_seats else None
        self.curtain_for: int | None = None
        self.exit_note: str | None = None
        self._bot_timer: Any = None
        self._state: dict[str, Any] = {}

    def tr(self, text_key: str, /, **params: Any) -> str:
        return tr(self.lang, text_key, **params)

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield ArtPane(id="art")
            with Vertical(id="side"):
                yield Static(id="players")
                yield Static(id="prompt")
                yield Static(id="clock")
                yield Static(id="error")
                yield OptionList(id="choices")
        yield Static(id="too-small")
        yield Static(self._keys_line(), id="keys")

    def _keys_line(self) -> Text:
        line = Text()
        for key, name in (("1-9", "key_choose"), ("?", "key_help"), ("l", "key_log"),
                          ("s", "key_save"), ("q", "key_quit")):
            line.append(f" {key} ", "bold reverse")
            line.append(f" {self.tr(name)}  ")
        return line

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.query_one("#side").styles.width = self._side_width(self.size.width)
        self.table.on_change = self.redraw
        if self.table.game == "board" and isinstance(self.table, LocalTable) \
                and self.table.play.table_poll is not None:
            self.set_interval(self.table.play.table_poll, self.schedule_bots)
        if isinstance(self.table, RemoteTable):
            self.run_worker(self._connect(self.table), exclusive=True)
        self.set_interval(1.0, self._tick)
        self.redraw()
        self.query_one("#choices", OptionList).focus()

    async def _connect(self, table: RemoteTable) -> None:
        """Open the room (its board, its rules, a seat), then read it until the end."""
        try:
            await table.open()
        except ConnectError as exc:
            await table.close()
            self.exit_note = str(exc)
            self.exit(return_code=2)
            return
        self.rules = table.rules
        self.redraw()
        await table.run()

    async def on_unmount(self) -> None:
        if isinstance(self.table, RemoteTable):
            await self.table.close()

    def on_resize(self, event: events.Resize) -> None:
        width, height = event.size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.set_class(small, "small")
        if small:
            self.query_one("#too-small", Static).update(self.tr(
                "too_small", width=width, height=height, min_width=MIN_SIZE[0],
                min_height=MIN_SIZE[1]))
        self.query_one("#side").styles.width = self._side_width(width)
        self._draw_players(self._state)

    def _side_width(self, width: int) -> int:
        """The side panel's columns in a terminal `width` columns wide (it grows by a
        third of what is beyond 80)."""
        return SIDE_WIDTH[self.table.game] + max(0, width - MIN_SIZE[0]) // 3

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        table = self.table
        self.acting = table.waiting_local()
        viewer = self.viewer if self.acting is None else self.acting
        state = table.state(viewer) or {}
        if (self.acting is not None and len(table.local_seats) > 1
                and self.acting != self.viewer and self.curtain_for != self.acting
                and self._hidden(state)):
            if len(self.screen_stack) > 1:  # a window is open: the curtain once closed
                return
            self.curtain_for = self.acting
            names = state.get("names") or table.names
            self.push_screen(CurtainScreen(self.tr("pass_to", name=names[self.acting])),
                             lambda _: self.redraw())
        self.viewer = viewer
        self._state = state
        self._draw_art(state)
        self._draw_players(state)
        self._draw_prompt(state)
        self._draw_choices(state)
        self.schedule_bots()

    def _hidden(self, state: dict[str, Any]) -> bool:
        """Whether a seat's screen (its `state`) shows what the other people here may not
        see: a Deal hand, a sealed bid."""
        if self.table.game == "deal":
            return True
        auction = (state.get("view") or {}).get("auction")
        return bool(auction and auction.get("sealed"))

    def _names(self) -> list[str]:
        names = self._state.get("names")
        return list(names) if names else list(self.table.names)

    def _log_lines(self, last: int | None = LOG_TAIL) -> list[Text]:
        """The log's texts (the last `last` actions')."""
        entries = self.table.log if last is None else self.table.log[-last:]
        return [Text(text) for entry in entries for text in entry.texts]

    def _draw_art(self, state: dict[str, Any]) -> None:
        pane = self.query_one("#art", ArtPane)
        view = state.get("view") or {}
        board = self.table.board
        names = self._names()
        if not board:  # a server's room, its board not yet read
            waiting = [Text(self.tr("connecting", url=getattr(self.table, "base", "")))]

            def lines(width: int, height: int) -> list[Text]:
                return waiting
        elif self.table.game == "board":
            def lines(width: int, height: int) -> list[Text]:
                return board_lines(board, view, width, height,
                                   self._centre(view, names, width, height),
                                   _square_of(state))
        else:
            def lines(width: int, height: int) -> list[Text]:
                out = table_lines(board, view, names, width, self.lang)
                out.append(Text(self.tr("draw_pile", n=view.get("draw_size", 0),
                                        plays=view.get("plays_left", 0)), "dim"))
                log = self._wrapped(self._log_lines(), width)
                room = max(0, height - len(out) - 1)
                return [*out, Text(), *log[-room:]] if room else out[:height]
        pane.lines = lines
        pane.refresh()

    def _wrapped(self, lines: list[Text], width: int) -> list[Text]:
        out: list[Text] = []
        for line in lines:
            out.extend(line.wrap(self.console, max(10, width)))
        return out

    def _centre(self, view: dict[str, Any], names: list[str], width: int,
                height: int) -> list[Text]:
        cell_w, cell_h = max(5, width // 11), max(2, height // 11)
        inner_w, inner_h = 9 * cell_w - 2, 9 * cell_h
        out: list[Text] = []
        if view:
            turn_seat = int(view.get("turn_player", 0))
            line = Text(self.tr("turn", turn=view.get("turn", 1), player=""))
            line.append(f"{turn_seat + 1} {names[turn_seat]}", seat_style(turn_seat))
            out.append(line)
            dice = view.get("dice") or [0, 0]
            if any(dice):
                out.append(Text(self.tr("dice", d1=dice[0], d2=dice[1])))
            out.append(Text(self.tr("houses_left", houses=view.get("houses_left", 0),
                                    hotels=view.get("hotels_left", 0)), "dim"))
            out.append(Text())
        log = self._wrapped(self._log_lines(), inner_w)
        room = max(0, inner_h - len(out))
        return out + (log[-room:] if room else [])

    def _draw_players(self, state: dict[str, Any]) -> None:
        view = state.get("view") or {}
        names = self._names()
        text = Text()
        if self.table.game == "board":
            currency = (state.get("board") or {}).get("currency") or self.table.board.get(
                "currency", "$")
            turn = view.get("pending")
            width = self._side_width(self.size.width) - 1  # its padding
            for p in view.get("players") or []:
                seat = int(p["seat"])
                status = Text()
                if p.get("bankrupt"):
                    status.append(" " + self.tr("out"), "dim")
                else:
                    status.append(" " + self.t.money(int(p["cash"]), currency))
                    if p.get("in_jail"):
                        status.append(" " + self.tr("in_jail"), "italic")
                line = Text()
                line.append("▸" if seat == turn else " ")
                # the name cut to what the line leaves, the money and the jail always shown
                room = width - 1 - len(status)
                line.append(_fit(f"{seat + 1} {names[seat]}", room), seat_style(seat))
                line.append_text(status)
                text.append_text(line)
                text.append("\n")
        else:
            hand = view.get("hand") or []
            if hand:
                text.append(self.tr("hand") + "\n", "bold")
                for line in hand_lines(self.table.board, hand,
                                      self._side_width(self.size.width) - 1):
                    text.append_text(line)
                    text.append("\n")
        self.query_one("#players", Static).update(text)

    def _draw_prompt(self, state: dict[str, Any]) -> None:
        table = self.table
        names = self._names()
        if isinstance(table, ReplayTable):
            prompt = str(state.get("prompt") or "")
            if table.over:
                prompt += "\n\n" + self._outcome_text(names)
        elif table.over:
            prompt = self._outcome_text(names)
        elif self.acting is not None and state.get("prompt"):
            prompt = str(state["prompt"])
        elif not table.local_seats:
            prompt = self.tr("watching")
        else:
            waiting = ", ".join(names[s] for s in table.waiting() if s < len(names))
            prompt = self.tr("waiting_for", names=waiting) if waiting else ""
        self.query_one("#prompt", Static).update(prompt)
        self._draw_clock()
        error = table.error
        self.query_one("#error", Static).update(
            self.tr("refused", reason=error) if error else table.notice or "")

    def _draw_clock(self) -> None:
        """The countdown of the decision waiting, when one runs (a turn clock; in the
        Deal, the seconds to answer an action aimed at a person)."""
        clock = self._state.get("clock")
        text = ""
        if isinstance(clock, dict) and not self.table.over:
            left = max(0, math.ceil(float(clock["deadline"]) - time.time()))
            names = self._names()
            seat = int(clock["seat"])
            text = self.tr("clock_left", name=names[seat] if seat < len(names) else seat,
                           seconds=left)
        widget = self.query_one("#clock", Static)
        widget.update(text)
        widget.display = bool(text)

    def _tick(self) -> None:
        """Each second: a local countdown that ran out gets the caretaker's move (which
        redraws); else the countdown shown goes down."""
        table = self.table
        if isinstance(table, LocalTable) and table.expire():
            # the decision is gone: a form of it open is closed (the curtain, help stay)
            while isinstance(self.screen, AmountForm | TradeForm | RaiseForm | CardsForm):
                self.pop_screen()
            return
        if self._state.get("clock"):
            self._draw_clock()

    def _outcome_text(self, names: list[str]) -> str:
        outcome = self.table.outcome() or {}
        lines = [self.tr("game_over")]
        winner = outcome.get("winner")
        lines.append(self.tr("winner", name=names[winner]) if winner is not None
                     else self.tr("no_winner"))
        worth = outcome.get("net_worth") or []
        currency = self.table.board.get("currency", "$")
        for place, seat in enumerate(outcome.get("ranking") or [], start=1):
            value = worth[seat] if seat < len(worth) else 0
            money = self.t.money(int(value), currency) if self.table.game == "board" \
                else f"{value}M"
            lines.append(self.tr("ranking", place=place, name=names[seat], worth=money))
        return "\n".join(lines)

    def _draw_choices(self, state: dict[str, Any]) -> None:
        choices = self.query_one("#choices", OptionList)
        # no choices while an action is on its way to a server (nothing is sent twice)
        entries = list(state.get("legal") or []) \
            if self.acting is not None and not self.table.awaiting else []
        if entries == self.entries:
            return
        self.entries = entries
        choices.clear_options()
        choices.add_options([Option(f"{k}) {e['label']}" if k <= 9 else f"   {e['label']}")
                             for k, e in enumerate(entries, start=1)])
        if entries:
            choices.highlighted = 0

    # ------------------------------------------------------------------ the bots
    def schedule_bots(self) -> None:
        table = self.table
        if not isinstance(table, LocalTable) or self._bot_timer is not None:
            return
        if table.bot_to_move() is None:
            return
        if self.delay <= 0:
            self._bot_timer = self.call_later(self._bots_at_once)
        else:
            self._bot_timer = self.set_timer(self.delay, self._bot_move)

    def _bots_at_once(self) -> None:
        assert isinstance(self.table, LocalTable)
        self._bot_timer = None
        with self.table.quiet():
            self.table.play_bots()
        self.redraw()

    def _bot_move(self) -> None:
        assert isinstance(self.table, LocalTable)
        self._bot_timer = None
        self.table.play_bot()  # redraws, which schedules the next

    # ------------------------------------------------------------------ choosing
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.take(event.option_index)

    def action_choose(self, number: int) -> None:
        if number - 1 < len(self.entries):
            self.take(number - 1)
        else:
            self.notify(self.tr("unknown_key", key=str(number)), severity="warning")

    def take(self, index: int) -> None:
        """Take the choice `index` of the list: send it, or open its form."""
        seat = self.acting
        if seat is None or not 0 <= index < len(self.entries):
            return
        entry = self.entries[index]
        table = self.table

        if not entry.get("template"):
            table.send(seat, str(entry["text"]))
            return

        def send(text: str) -> str | None:
            """The form's action: the screen is drawn again once the form is closed."""
            with table.quiet():
                refused = table.send(seat, text)
            if refused is None:
                self.call_after_refresh(self.redraw)
            return refused

        kind = entry["kind"]
        label = str(entry["label"])
        state = table.state(seat) or {}
        view = state.get("view") or {}
        if kind == "bid":
            self.push_screen(AmountForm(self.lang, label, send, "bid", int(entry["low"]),
                                        int(entry["high"])))
        elif kind == "repay":
            self.push_screen(AmountForm(self.lang, label, send, f"repay {entry['to']}",
                                        int(entry["low"]), int(entry["high"])))
        elif kind in ("propose", "counter"):
            self.push_screen(TradeForm(self.lang, label, send, counter=kind == "counter",
                                       partners=entry["partners"], me=seat, view=view,
                                       board=table.board, names=self._names()))
        elif kind == "raise":
            self.push_screen(RaiseForm(self.lang, label, send, me=seat, view=view,
                                       board=table.board))
        elif kind in ("pay", "discard"):
            self.push_screen(CardsForm(self.lang, label, send, kind=kind, entry=entry,
                                       deck=table.board))

    # ------------------------------------------------------------------ the other keys
    def on_key(self, event: events.Key) -> None:
        if event.is_printable and len(self.screen_stack) == 1 and event.character:
            self.notify(self.tr("unknown_key", key=event.character), severity="warning")

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.tr("help_title"), self.tr("help_keys"), self.rules),
                         lambda _: self.redraw())

    def action_log(self) -> None:
        self.push_screen(LogScreen(self._log_lines(None)), lambda _: self.redraw())

    def action_save(self) -> None:
        table = self.table
        if not isinstance(table, LocalTable):
            self.notify(self.tr("not_saved_remote"))
            return
        path = self.save_path or Path("monopoly-game.record")
        try:
            table.save(path)
        except OSError as exc:
            self.notify(self.tr("save_failed", path=path, reason=exc.strerror or exc),
                        severity="error")
            return
        self.notify(self.tr("saved", path=path))

    def action_quit_game(self) -> None:
        table = self.table
        if isinstance(table, LocalTable) and not table.over:
            path = self.save_path or Path("monopoly-game.record")
            try:
                table.save(path)
                self.exit_note = self.tr("saved", path=path)
            except OSError as exc:
                self.exit_note = self.tr("save_failed", path=path, reason=exc.strerror or exc)
        self.exit()


def _fit(text: str, width: int) -> str:
    """`text` cut to `width` characters, an ellipsis marking the cut."""
    if len(text) <= width:
        return text
    return text[:max(0, width - 1)] + "…"


def _square_of(state: dict[str, Any]) -> int | None:
    """The square the pending decision is about (a purchase, an auction's lot)."""
    view = state.get("view") or {}
    square = view.get("buy_square")
    if isinstance(square, int) and square >= 0:
        return square
    auction = view.get("auction")
    if isinstance(auction, dict) and isinstance(auction.get("square"), int):
        return int(auction["square"])
    return None


class ReplayApp(GameApp):
    """A record step by step: the arrows (or n and p) an action, Page Down and Page Up a
    turn, Home and End the start and the end."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "step(1)", show=False, priority=True),
        Binding("left,p", "step(-1)", show=False, priority=True),
        Binding("pagedown", "turn(1)", show=False, priority=True),
        Binding("pageup", "turn(0)", show=False, priority=True),
        Binding("home", "edge(0)", show=False, priority=True),
        Binding("end", "edge(1)", show=False, priority=True),
    ]

    def __init__(self, table: ReplayTable) -> None:
        super().__init__(table, delay=0)
        self.replay = table

    def _keys_line(self) -> Text:
        line = Text()
        for key, name in (("→ n", "key_next"), ("← p", "key_back"), ("PgDn", "key_next_turn"),
                          ("PgUp", "key_back_turn"), ("Home", "key_first"),
                          ("End", "key_last"), ("q", "key_quit")):
            line.append(f" {key} ", "bold reverse")
            line.append(f" {self.tr(name)} ")
        return line

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.tr("help_title"), self.tr("help_replay"), None))

    def action_step(self, by: int) -> None:
        self.replay.go(self.replay.at + by)

    def action_turn(self, forward: int) -> None:
        self.replay.go(self.replay.turn_step(bool(forward)))

    def action_edge(self, end: int) -> None:
        self.replay.go(self.replay.steps if end else 0)
