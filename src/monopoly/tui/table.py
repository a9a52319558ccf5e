"""The table the terminal game plays at: where its state messages come from and where its
actions go.

The terminal game draws what the server's protocol says (docs/protocol.md): ``state``
messages (a seat's view, its legal entries with their labels, the prompt, the seats the
game waits for) and the events of every action in words. Two tables give them:

- :class:`LocalTable`: a game in this process, through the server's own game adapter
  (:mod:`monopoly.web.games`), with our bots in the seats no person plays; it keeps the
  game's record, so a game can be saved and resumed (``monopoly play --resume FILE``);
- :class:`~monopoly.tui.remote.RemoteTable`: a room of a server, over its WebSocket.

So the terminal shows exactly the entries a browser shows, labelled by the same
catalogs, and sends the same canonical action texts.

Example::

    >>> table = LocalTable.new("board", people={0: "Ann"}, bots={1: "easy"}, seed=3)
    >>> table.waiting(), table.waiting_local()  # the bot first
    ([1], None)
    >>> table.play_bots()  # the bots' moves up to the next decision of a person
    3
    >>> table.waiting_local(), [e["kind"] for e in table.state(0)["legal"]]
    (0, ['roll', 'propose', 'resign'])
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from monopoly.core.errors import MonopolyError
from monopoly.core.registry import replay
from monopoly.core.seeds import bot_seed
from monopoly.i18n import translation
from monopoly.tui.texts import tr
from monopoly.web.games import LEVELS, TABLE, GamePlay, Player, Setup, adapter, bot_name

__all__ = ["LocalTable", "LogEntry", "Table", "board_data", "read_saved"]

# The header key of a saved game that says who plays each seat (the rest is the record's).
SEATING_KEY = "terminal"


@dataclass(frozen=True, slots=True)
class LogEntry:
    """What one action did, in words: the seat that acted (-1: the set-up or the table)."""

    seat: int
    texts: tuple[str, ...]


class Table:
    """What the terminal game reads and sends (see the module docstring).

    ``local_seats`` are the seats played at this keyboard (none: watching);
    ``on_change`` is called after every change (a state, events, an error, the end)."""

    game: str  # "board" or "deal"
    lang: str
    local_seats: tuple[int, ...]
    names: list[str]
    board: dict[str, Any]  # the board's squares (GET /api/board) or the Deal's deck
    log: list[LogEntry]
    error: str | None  # why the last action was refused, in words
    notice: str | None = None  # trouble with the connection to a server, in words
    on_change: Callable[[], None] | None
    awaiting: bool = False  # an action sent, its answer not yet come (a server's table)

    def state(self, seat: int | None) -> dict[str, Any] | None:
        """The latest ``state`` message of `seat` (None: a spectator's)."""
        raise NotImplementedError

    def waiting(self) -> list[int]:
        """The seats the game waits for now."""
        raise NotImplementedError

    def waiting_local(self) -> int | None:
        """The first seat played at this keyboard that the game waits for, if any."""
        for seat in self.waiting():
            if seat in self.local_seats:
                return seat
        return None

    @property
    def over(self) -> bool:
        raise NotImplementedError

    def outcome(self) -> dict[str, Any] | None:
        raise NotImplementedError

    def send(self, seat: int, text: str) -> str | None:
        """Play the action `text` for `seat`: None, or why it was refused."""
        raise NotImplementedError

    def changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    @contextmanager
    def quiet(self) -> Iterator[None]:
        """No `on_change` calls inside (the caller draws once, after)."""
        kept, self.on_change = self.on_change, None
        try:
            yield
        finally:
            self.on_change = kept


class LocalTable(Table):
    """A game in this process: the people's seats at this keyboard, bots in the others."""

    def __init__(self, game: str, play: GamePlay[Any], setup: Setup,
                 people: Mapping[int, str], bots: Mapping[int, str], lang: str,
                 lines: list[str]) -> None:
        self.game = game
        self.adapter = adapter(game)
        self.play = play
        self.setup = setup
        self.lang = lang
        self.people = dict(people)
        self.bot_levels = dict(bots)
        self.local_seats = tuple(sorted(people))
        self.names = list(setup.names)
        self.bots: dict[int, Player] = {
            seat: play.bot(level, seat, bot_seed(setup.seed, seat))
            for seat, level in bots.items()
        }
        self.lines = lines  # the record: its header, then one line per action
        people_seats = frozenset(people)
        play.persons = lambda: people_seats  # the bots' offers are courteous to people
        self.log = []
        self.error = None
        self.on_change = None
        self.turn_clock: int | None = None  # a person's seconds per decision (--clock)
        self._decision: object = None
        self._decision_since = time.time()
        self._track_decision()
        self.board = board_data(game, setup.settings.edition, lang, setup.settings.names)
        opening = play.opening()
        if opening:
            self.log.append(LogEntry(-1, tuple(play.narrate(opening, lang))))

    # ------------------------------------------------------------------ making one
    @classmethod
    def new(cls, game: str, *, people: Mapping[int, str], bots: Mapping[int, str],
            seed: int, preset: str | None = None, edition: str | None = None,
            options: Mapping[str, object] | None = None, lang: str = "en",
            clock: int | None = None) -> LocalTable:
        """A new game: `people` and `bots` by seat (together every seat from 0); a bot by
        the lobby's level (easy, medium, hard) or by its own name (greedy, strong...);
        `clock`: a person's seconds for each decision (:meth:`clock`)."""
        seats = len(people) + len(bots)
        found = adapter(game)
        if sorted([*people, *bots]) != list(range(seats)):
            raise ValueError("every seat from 0 needs a person or a bot")
        settings = found.settings(preset, edition, dict(options or {}), seats)
        names = tuple(people.get(s) or bot_name(bots[s], s) for s in range(seats))
        setup = Setup(names, seed, settings, time.time(), _lobby_bots(bots))
        play = found.begin(setup)
        head = play.record_head()
        head[SEATING_KEY] = {"people": sorted(people), "bots": {str(s): b for s, b in bots.items()},
                             "preset": settings.preset, "options": dict(settings.options),
                 "clock": clock}
        lines = [json.dumps(head, sort_keys=True, ensure_ascii=False)]
        table = cls(game, play, setup, people, bots, lang, lines)
        table.turn_clock = clock
        return table

    @classmethod
    def resume(cls, path: Path, lang: str = "en") -> LocalTable:
        """A saved game (:meth:`save`), where it was left: the same people and bots."""
        lines, head = read_saved(path)
        seating = head[SEATING_KEY]
        game = replay(lines, events=False)
        name = "deal" if "deck" in head else "board"
        found = adapter(name)
        names = tuple(str(n) for n in head["seats"])
        edition = str(head.get("deck") or head.get("edition") or "standard")
        settings = found.settings(seating.get("preset"), edition,
                                  dict(seating.get("options") or {}), len(names))
        people = {int(s): names[int(s)] for s in seating["people"]}
        bots = {int(s): str(b) for s, b in seating["bots"].items()}
        setup = Setup(names, int(head["seed"]), settings, time.time(), _lobby_bots(bots))
        play = found.resume(setup, game.snapshot())
        table = cls(name, play, setup, people, bots, lang, lines)
        clock = seating.get("clock")
        table.turn_clock = None if clock is None else int(clock)
        table.log.append(LogEntry(-1, (tr(lang, "resumed", n=len(lines) - 1),)))
        return table

    def rules(self) -> dict[str, Any] | None:
        """The rules of the game's preset in words (the help's, as the browser's)."""
        from monopoly.web.protocol import ProtocolError
        from monopoly.web.routes.rules import rules_in_words

        settings = self.setup.settings
        try:
            return rules_in_words(self.game, settings.preset, settings.options,
                                  settings.edition if self.game == "board" else None,
                                  self.lang)
        except ProtocolError:
            return None

    def save(self, path: Path) -> None:
        """Write the game's record (and who plays each seat) to `path`: ``--resume`` it,
        or read it with ``monopoly replay``."""
        path.write_text("\n".join(self.lines) + "\n", encoding="utf-8")

    # ------------------------------------------------------------------ reading
    def state(self, seat: int | None) -> dict[str, Any]:
        status = "finished" if self.over else "playing"
        return self.play.state(seat, self.lang, seq=len(self.lines) - 1, status=status,
                               clock=self.clock())

    def clock(self) -> dict[str, Any] | None:
        """The countdown of a person's decision, as a server's room gives it: ``{"seat",
        "deadline"}`` (epoch seconds) with a turn clock, and in the Deal for answering an
        action aimed at a person (its Just Say No) even without one; else None."""
        seconds = None if self.over else self.play.clock(self.turn_clock)
        if seconds is None:
            return None
        for seat in self.play.game.pending_seats():
            if seat in self.people:
                return {"seat": seat, "deadline": self._decision_since + seconds}
        return None

    def expire(self, now: float | None = None) -> bool:
        """When a person's countdown has run out: the caretaker's move for them (the
        server's: it lets an action stand, ends a turn, pays what costs least); whether
        one was made."""
        clock = self.clock()
        if clock is None or (time.time() if now is None else now) < clock["deadline"]:
            return False
        seat = int(clock["seat"])
        self._apply(seat, self.play.caretaker(seat, bot_seed(self.setup.seed, seat)))
        return True

    def _track_decision(self) -> None:
        """The countdown starts again whenever the decision the game waits for changes."""
        decision = self.play.game.decision()
        if decision != self._decision:
            self._decision = decision
            self._decision_since = time.time()

    def waiting(self) -> list[int]:
        return [] if self.over else list(self.play.game.pending_seats())

    @property
    def over(self) -> bool:
        return bool(self.play.game.is_over)

    def outcome(self) -> dict[str, Any] | None:
        outcome = self.play.game.outcome
        return None if outcome is None else dict(outcome.to_dict())

    # ------------------------------------------------------------------ acting
    def send(self, seat: int, text: str) -> str | None:
        """Play the action `text` for `seat`: None when it was applied, else why not (in
        the table's language; nothing changed)."""
        t = translation(self.lang)
        try:
            move = self.adapter.parse_action(text)
        except (MonopolyError, ValueError) as exc:
            self.error = t.error(exc)
            self.changed()
            return self.error
        why = self.play.game.why_illegal(seat, move)
        if why is not None:
            self.error = self.play.reason(why, self.lang)
            self.changed()
            return self.error
        self.error = None
        self._apply(seat, move)
        return None

    def _apply(self, seat: int, move: Any) -> None:
        events = self.play.apply(seat, move)
        self._track_decision()
        self.lines.extend(self.adapter.record_rows([(seat, move.text())]))
        texts = self.play.narrate(events, self.lang)
        if texts:
            self.log.append(LogEntry(seat, tuple(texts)))
        self.changed()

    def bot_to_move(self) -> int | None:
        """The seat of a bot the game waits for (or the table's clocks' seat), if any."""
        if self.over:
            return None
        if self.play.table_poll is not None and self.play.table_move() is not None:
            return int(TABLE)
        for seat in self.play.game.pending_seats():
            if seat in self.bots:
                return int(seat)
        return None

    def play_bot(self) -> bool:
        """One move of a bot (or of the table's clocks) the game waits for; False when the
        game waits for none."""
        seat = self.bot_to_move()
        if seat is None:
            return False
        if seat == TABLE:
            move = self.play.table_move()
            assert move is not None
        else:
            move = self.bots[seat].move()
        self._apply(seat, move)
        return True

    def play_bots(self, limit: int = 100_000) -> int:
        """The bots' moves until the game waits for a person (or ends); how many."""
        n = 0
        while n < limit and self.play_bot():
            n += 1
        return n


def read_saved(path: Path) -> tuple[list[str], dict[str, Any]]:
    """A saved game's lines and header; :class:`ValueError` saying what is wrong."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from exc
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise ValueError(f"{path} is empty: no game record")
    try:
        head = json.loads(lines[0])
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: line 1 is not a record's header ({exc.msg})") from exc
    if not isinstance(head, dict) or "seats" not in head or "seed" not in head:
        raise ValueError(f"{path}: line 1 is not a record's header")
    return lines, head


def _lobby_bots(bots: Mapping[int, str]) -> dict[int, str]:
    """The bots of the lobby's levels: their names are written in each reader's language."""
    return {seat: level for seat, level in bots.items() if level in LEVELS}


def board_data(game: str, edition: str, lang: str, names: str | None = None
               ) -> dict[str, Any]:
    """The board's squares (the server's ``GET /api/board``) or the Deal's deck (``GET
    /api/deal/deck``), named in `lang`."""
    if game == "board":
        from monopoly.web.games.board import board_json

        return board_json(edition, lang, names)
    from monopoly.web.games.deal import deck_json

    return deck_json(edition, lang)

