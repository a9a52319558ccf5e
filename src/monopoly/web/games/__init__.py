"""The games the server plays: one adapter per game, registered by the name the core
registry gives it (:mod:`monopoly.core.registry`: ``"board"``, ``"deal"``).

The room (:mod:`monopoly.web.room`), the room manager and the routes are the same for
every game; what they know of a game is its :class:`GameAdapter`, in two parts:

- the adapter itself, one per game, without state: a room's settings (their defaults
  and their validation), a new game or one restored from a snapshot, the text of an
  action, the record, the replay and the results of a finished game, the game's part of
  the lobby's data and its own HTTP routes;
- the :class:`GamePlay` it opens for one room's game (:meth:`GameAdapter.begin`,
  :meth:`GameAdapter.resume`), holding that game and the caches of its texts: the
  ``state`` message of a seat in a language, the events in words, the bots of its seats
  (:class:`Player`), the caretaker's move for a seat whose clock ran out, the action that
  gives up a seat, the room's clock, the table's own actions.

Both are generic in the game's class (``G``, bound to
:class:`~monopoly.core.protocol.GameCore`), so that an adapter works with its own game's
types, while the room holds a ``GamePlay[GameCore]``: ``G`` appears only in what the
adapter gives (never in what it takes), so a ``GamePlay[board.Game]`` is one.

The pending decision is the core's :meth:`~monopoly.core.protocol.GameCore.decision`
(the room's turn clock restarts when it changes); the rest of what the room does with a
game (legality, applying, the outcome, snapshots) is the core protocol itself.

Example::

    >>> board = adapter("board")
    >>> board.settings(None, None, {}, 4).preset
    'classic'
    >>> play = board.begin(Setup(("Ann", "Bob"), 2, board.settings(None, None, {}, 2), 0.0))
    >>> play.game.pending_seats(), board.parse_action("roll").text()
    ([0], 'roll')
    >>> adapter("deal").settings(None, None, {}, 6)
    Traceback (most recent call last):
    ...
    monopoly.web.protocol.ProtocolError: invalid
    >>> sorted(adapters())
    ['board', 'deal']
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Final, Generic, Protocol, TypeVar

from fastapi import APIRouter

from monopoly.core.events import Event
from monopoly.core.protocol import GameCore
from monopoly.core.registry import make, restore, spec
from monopoly.i18n import gettext_noop as N_
from monopoly.i18n import translation
from monopoly.web.protocol import ProtocolError, encode

__all__ = [
    "JSON",
    "LEVELS",
    "TABLE",
    "GameAdapter",
    "GamePlay",
    "Move",
    "Player",
    "Settings",
    "Setup",
    "adapter",
    "adapters",
    "bot_name",
    "new_game",
    "register",
    "restored",
]

G = TypeVar("G", bound=GameCore, covariant=True)
T = TypeVar("T")

#: JSON data: a message, a snapshot, a record's header
JSON = dict[str, object]

#: The seat of the table's own actions (a rule set's clocks), in the store and the record.
TABLE: Final = -1
#: The lobby's bot levels; each adapter says which of its bots plays each.
LEVELS: Final = ("easy", "medium", "hard")


class Move(Protocol):
    """An action of a core, as the room stores it: its canonical text."""

    def text(self) -> str: ...


class Player(Protocol):
    """A bot in one seat of one game: its next move, chosen from the seat's view only."""

    def move(self) -> Move: ...


@dataclass(frozen=True, slots=True)
class Settings:
    """A room's game settings, checked by its adapter (:meth:`GameAdapter.settings`).
    ``edition``: the board's edition, or the Deal's deck."""

    preset: str
    edition: str
    options: Mapping[str, object]
    seats: int
    # the money's symbol instead of the edition's (a tournament's "M"); None: the edition's
    currency: str | None = None
    # the board's street names, the same for every seat: a language of the edition's name
    # sets (monopoly.board.naming: "en" US names, "ru" Moscow names); None: the game's own
    names: str | None = None

    @classmethod
    def of_config(cls, config: Mapping[str, object]) -> Settings:
        """The settings of a stored room's configuration."""
        options = config.get("options")
        currency = config.get("currency")
        names = config.get("names")
        return cls(str(config["preset"]), str(config.get("edition") or "standard"),
                   dict(options) if isinstance(options, dict) else {},
                   int(str(config["seats"])),
                   currency if isinstance(currency, str) and currency else None,
                   names if isinstance(names, str) and names else None)


@dataclass(frozen=True, slots=True)
class Setup:
    """What a room's game is made of: the seats' names, the seed, the settings, and when
    the game started (epoch seconds: the table's clocks count from it)."""

    names: tuple[str, ...]
    seed: int
    settings: Settings
    started: float
    # the lobby's bot level of each seat that plays under its default name ("Bot 2
    # (hard)"): those names are written in each reader's language (:meth:`names_in`)
    bot_names: Mapping[int, str] = field(default_factory=dict)

    def names_in(self, lang: str) -> tuple[str, ...]:
        """The seats' names as a reader of `lang` reads them: a person's nickname as it
        is, a bot's default name in `lang` ("Robot 2 (těžký)")."""
        if not self.bot_names:
            return self.names
        return tuple(
            bot_name(self.bot_names[n], n, lang) if n in self.bot_names else name
            for n, name in enumerate(self.names)
        )


def bot_name(level: str, seat: int, lang: str = "en") -> str:
    """The default name of a bot of the lobby's `level` in `seat`, in `lang`: "Bot 2
    (hard)" (the record keeps the English one)."""
    t = translation(lang)
    return t.gettext(BOT_NAME).format(number=seat + 1, level=t.gettext(level))


#: the default name of a seat's bot (the page's catalog has the same text, "bot_name")
BOT_NAME: Final = N_("Bot {number} ({level})")


class GamePlay(ABC, Generic[G]):
    """One room's game and the caches of its texts (see the module docstring). The room
    calls it with its lock held."""

    def __init__(self, game: G, setup: Setup) -> None:
        self._game = game
        self.setup = setup
        self._names: dict[str, tuple[str, ...]] = {}
        # the seats people play (no bot) now: the room sets it; the game's bots are
        # courteous to them (a board bot's trade offers: monopoly.web.games.offers)
        self.persons: Callable[[], Collection[int]] = _nobody

    def names_in(self, lang: str) -> tuple[str, ...]:
        """The seats' names in `lang` (:meth:`Setup.names_in`), written once per language:
        every state message carries them."""
        names = self._names.get(lang)
        if names is None:
            names = self._names[lang] = self.setup.names_in(lang)
        return names

    @property
    def game(self) -> G:
        return self._game

    def opening(self) -> Sequence[Event]:
        """The events of the game's set-up (the deeds dealt before the first turn, the
        cards dealt), once: the log shows them when the game starts."""
        return ()

    def use_clock(self, now: Callable[[], float]) -> None:
        """Run the table's clocks on `now` (seconds of net playing time since the game
        began: a tournament's clock, which stops while the table is paused). A game
        without table clocks ignores it."""

    def apply(self, seat: int, move: Move) -> Sequence[Event]:
        """Apply a legal move; its events (the game keeps no log of them: a long game
        would hold them all)."""
        events = self._game.apply(seat, move)
        self.forget_events()
        return events

    @abstractmethod
    def forget_events(self) -> None:
        """Drop the events the game has kept (those of its set-up, of a replay)."""

    # --- messages

    @abstractmethod
    def state(self, seat: int | None, lang: str, *, seq: int, status: str,
              clock: JSON | None) -> JSON:
        """The ``state`` message of `seat` (None: a spectator) in `lang`
        (docs/protocol.md)."""

    def state_text(self, seat: int | None, lang: str, *, seq: int, status: str,
                   clock: JSON | None) -> str:
        """:meth:`state` encoded (the same text; an adapter may build it faster)."""
        return encode(self.state(seat, lang, seq=seq, status=status, clock=clock))

    @abstractmethod
    def narrate(self, events: Sequence[Event], lang: str) -> list[str]:
        """An action's events in words, in `lang`."""

    def marks(self, events: Sequence[Event]) -> list[str | None] | None:
        """What each event is for the page's popups ("rent", "tax", "card", "auction",
        "jail", "bankrupt", or None for the rest), in the order of the narrated texts;
        None where the game marks none."""
        return None

    def reason(self, reason: str, lang: str) -> str:
        """The core's reason for refusing an action, in `lang` (seats by number from 1
        and name, as the players know them)."""
        return translation(lang).text(reason, seats=self.names_in(lang))

    # --- who plays for a seat

    @abstractmethod
    def bot(self, level: str, seat: int, seed: int) -> Player:
        """The bot of `seat` at the lobby's `level` (or a bot's own name)."""

    @abstractmethod
    def caretaker(self, seat: int, seed: int) -> Move:
        """The move made for a person whose turn clock ran out: a safe one."""

    def forfeit(self, seat: int) -> Move | None:
        """The move that gives up `seat` (the time-out policy "forfeit"); None where the
        game has none (a bot keeps the seat instead)."""
        return None

    # --- clocks

    def clock(self, seconds: int | None) -> int | None:
        """The seconds a person has for the decision waiting, given the room's turn clock
        (`seconds`, None: none)."""
        return seconds

    def table_move(self) -> Move | None:
        """An action of the table (seat :data:`TABLE`) that is due now, or None."""
        return None

    @property
    def table_poll(self) -> float | None:
        """How often the table's own clocks are looked at (seconds; None: none run)."""
        return None

    # --- the record

    def snapshot(self) -> JSON:
        return self._game.snapshot()

    @abstractmethod
    def record_head(self) -> JSON:
        """The record's header before the server's fields (seed hash, room, outcome)."""


class GameAdapter(ABC, Generic[G]):
    """One game as the server plays it (see the module docstring)."""

    #: the game's name in the core registry (and in a room's configuration)
    name: ClassVar[str]
    #: the fewest and most seats of a room
    seats: ClassVar[tuple[int, int]]
    #: whether a finished game has a score sheet (:meth:`sheet`)
    has_sheet: ClassVar[bool] = False

    # --- the lobby

    @abstractmethod
    def settings(self, preset_name: str | None, edition: str | None,
                 options: Mapping[str, object], seats: int,
                 names: str | None = None) -> Settings:
        """A new room's settings, with the game's defaults for what is not given
        (`names`: the board's set of street names, where the game has a board);
        :class:`ProtocolError` ``invalid`` (naming what) for what the game does not take."""

    def check_seats(self, seats: int) -> None:
        low, high = self.seats
        if not low <= seats <= high:
            raise ProtocolError("invalid", 400, reason="seats")

    def meta(self, lang: str) -> JSON:
        """The game's part of ``GET /api/meta``."""
        return {}

    def routes(self) -> APIRouter | None:
        """The game's own HTTP routes (its board, its deck), if any."""
        return None

    def warm_up(self) -> None:
        """Load what every room of the game shares (called once, at the server's start)."""

    # --- a room's game

    @abstractmethod
    def begin(self, setup: Setup) -> GamePlay[G]:
        """A new game of a room (:func:`new_game`)."""

    @abstractmethod
    def resume(self, setup: Setup, snapshot: JSON) -> GamePlay[G]:
        """A room's game from its latest snapshot (:func:`restored`)."""

    @abstractmethod
    def parse_action(self, text: str) -> Move:
        """An action from its text; the core's
        :class:`~monopoly.core.errors.MalformedActionError` when it cannot be read."""

    @abstractmethod
    def idle_state(self, settings: Settings, status: str) -> JSON:
        """The ``state`` message of a room before its game starts."""

    # --- records and finished games

    @abstractmethod
    def record_head(self, setup: Setup) -> JSON:
        """The record's header of a room whose game was never built."""

    @abstractmethod
    def record_rows(self, rows: Sequence[tuple[int, str]]) -> list[str]:
        """The record's action lines, from the stored ``(seat, text)`` rows."""

    @abstractmethod
    def replay(self, lines: list[str], lang: str, setup: Setup | None = None) -> JSON:
        """A finished game's record step by step, in `lang` (docs/protocol.md, "The
        replay of a finished game"); with the room's `setup`, its seats' names and its
        board's names as a reader of `lang` reads them."""

    def sheet(self, lines: list[str], lang: str, setup: Setup | None = None) -> str:
        """The score sheet of a finished game (its record's lines) as an HTML page in
        `lang`, where the game has one (:attr:`has_sheet`); `setup` as for
        :meth:`replay`."""
        raise ProtocolError("invalid", 400, reason="a score sheet is for the board game")


def _nobody() -> tuple[int, ...]:
    return ()


def new_game(game_class: type[T], name: str, setup: Setup, rules: object,
             **options: object) -> T:
    """A new game of `setup` (:func:`monopoly.core.make` of the game `name`: its events
    kept), which must be a `game_class`."""
    return _checked(game_class, make(name, seats=list(setup.names), seed=setup.seed,
                                     rules=rules, events=True, **options))


def restored(game_class: type[T], snapshot: JSON) -> T:
    """The game of a snapshot (:func:`monopoly.core.restore`: its events kept), which
    must be a `game_class`."""
    return _checked(game_class, restore(dict(snapshot), events=True))


def _checked(game_class: type[T], game: GameCore) -> T:
    if not isinstance(game, game_class):
        raise TypeError(f"expected a {game_class.__module__} game, got {type(game).__name__}")
    return game


# The built-in adapters: the module of each, imported on first use.
_MODULES: Final = {"board": "monopoly.web.games.board", "deal": "monopoly.web.games.deal"}
_ADAPTERS: dict[str, GameAdapter[GameCore]] = {}


def register(found: GameAdapter[GameCore]) -> None:
    """Make a game's adapter known by its name (its module calls this on import); the name
    must be a game of the core registry (else :class:`~monopoly.core.errors.RulesError`)."""
    spec(found.name)
    _ADAPTERS[found.name] = found


def adapter(name: object) -> GameAdapter[GameCore]:
    """The adapter of the game called `name`; ``invalid`` for a game the server does not
    play."""
    if isinstance(name, str) and name not in _ADAPTERS and name in _MODULES:
        importlib.import_module(_MODULES[name])
    found = _ADAPTERS.get(name) if isinstance(name, str) else None
    if found is None:
        raise ProtocolError("invalid", 400, reason=f"game {name!r}")
    return found


def adapters() -> dict[str, GameAdapter[GameCore]]:
    """Every game the server plays, by name (in the order of the lobby)."""
    for name in _MODULES:
        adapter(name)
    return dict(_ADAPTERS)
