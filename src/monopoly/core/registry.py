"""The games by name: ``make("board" | "deal", seats=[...], seed=S, rules=None, **options)``.

Like ``pgx.make`` or Gymnasium's registry: a game's package registers a :class:`GameSpec`
(its constructor, rule set class, presets, record and snapshot formats); the built-in
games are found by their entry points below, imported on first use, so the core imports
no game.

``rules`` may be a rule set of the game's class, a preset name, a dict of options, or
None (the game's defaults); ``options`` are the constructor's own keywords (the board's
``edition``, the Deal's ``deck``, ``events``) and, for the rest, rule options set on top
of ``rules``.

Example::

    >>> game = make("board", seats=["Ann", "Bob"], seed=3, rules="tournament")
    >>> game.rules.auction, game.seat_names
    ('sealed', ('Ann', 'Bob'))
    >>> make("deal", seats=["Ann", "Bob", "Cleo"], seed=3, sets_to_win=2).rules.sets_to_win
    2
    >>> make("chess", seats=["Ann", "Bob"], seed=1)
    Traceback (most recent call last):
    ...
    monopoly.core.errors.RulesError: unknown game 'chess'; games: board, deal
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from monopoly.core.errors import RecordError, RulesError
from monopoly.core.options import OptionSet, make_preset
from monopoly.core.protocol import GameCore
from monopoly.core.text import Text

__all__ = ["GameSpec", "games", "make", "register", "replay", "restore", "spec", "spec_of_format"]


@dataclass(frozen=True)
class GameSpec:
    """A game as the registry knows it."""

    name: str
    #: ``factory(seats, seed, rules, **constructor_options)``
    factory: Callable[..., GameCore]
    rules_class: type[OptionSet]
    presets: Mapping[str, Mapping[str, Any]]
    default_preset: str
    #: the constructor's own keywords (the rest of ``make``'s options are rule options)
    constructor_options: frozenset[str]
    record_format: str
    snapshot_format: str
    #: ``replay(lines, events=False)`` and ``restore(snapshot, events=True)``
    replay: Callable[..., GameCore]
    restore: Callable[..., GameCore]
    #: the game's action notation: text to an action
    parse_action: Callable[[str], Any]

    def rules(self, rules: object = None, **options: Any) -> OptionSet:
        """A rule set of this game from a rule set, a preset name, a dict or None, with
        `options` set on top."""
        if rules is None:
            base = self.rules_class()
        elif isinstance(rules, str):
            base = make_preset(self.rules_class, self.presets, rules)
        elif isinstance(rules, dict):
            base = self.rules_class.from_dict(rules)
        elif isinstance(rules, self.rules_class):
            base = rules
        else:
            raise RulesError(
                Text("rules for {game} must be a preset name, an object of options or a "
                     "{kind}, got {value}", game=self.name, kind=self.rules_class.__name__,
                     value=repr(rules))
            )
        return base.with_options(**options) if options else base


_SPECS: dict[str, GameSpec] = {}
#: The built-in games: the module whose import registers each.
_ENTRY_POINTS: dict[str, str] = {"board": "monopoly.board", "deal": "monopoly.deal"}


def register(game: GameSpec) -> None:
    """Make a game known by its name (a game's package calls this on import)."""
    _SPECS[game.name] = game


def games() -> tuple[str, ...]:
    """The names of the games there are."""
    return tuple(sorted({*_ENTRY_POINTS, *_SPECS}))


def spec(name: str) -> GameSpec:
    """The registered game called `name`; :class:`RulesError` for an unknown one."""
    found = _SPECS.get(name) if isinstance(name, str) else None
    if found is None and isinstance(name, str) and name in _ENTRY_POINTS:
        importlib.import_module(_ENTRY_POINTS[name])
        found = _SPECS.get(name)
    if found is None:
        raise RulesError(
            Text("unknown game {value}; games: {names}", value=repr(name),
                 names=", ".join(games()))
        )
    return found


def make(
    game: str, seats: Sequence[str] | int, seed: int, rules: object = None, **options: Any
) -> GameCore:
    """A new game of `game` (see the module docstring)."""
    found = spec(game)
    own = {k: options.pop(k) for k in list(options) if k in found.constructor_options}
    return found.factory(seats, seed, found.rules(rules, **options), **own)


def _all_specs() -> Iterator[GameSpec]:
    """The registered games, then the built-in ones not imported yet."""
    yield from list(_SPECS.values())
    for name in _ENTRY_POINTS:
        if name not in _SPECS:
            yield spec(name)


def spec_of_format(fmt: object) -> GameSpec:
    """The game whose record or snapshot has format `fmt`."""
    for found in _all_specs():
        if fmt in (found.record_format, found.snapshot_format):
            return found
    raise RecordError(Text("unknown record or snapshot format {value}", value=repr(fmt)))


def replay(lines: Iterable[str], *, events: bool = False) -> GameCore:
    """Replay any game's record (its header names the game)."""
    from monopoly.core.record import read_header

    lines = list(lines)
    if not lines:
        raise RecordError(Text("empty record"))
    head = read_header(lines[0])
    return spec_of_format(head.get("format")).replay(lines, events=events)


def restore(data: dict[str, Any], *, events: bool = True) -> GameCore:
    """Rebuild any game from its snapshot (its ``format`` names the game)."""
    if not isinstance(data, dict):
        raise RecordError(Text("a snapshot is a JSON object, got {value}",
                               value=type(data).__name__))
    return spec_of_format(data.get("format")).restore(data, events=events)
