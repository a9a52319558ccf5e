"""A tournament's settings: what the organiser decides before the first round.

The defaults are the Czech championship's (the championship rules, docs/rules.md §12
``tournament``): 45-minute games under the ``tournament`` preset, tables of four (3 to 5
allowed), the championship's scoring, printouts in Czech and money in "M", the
championship's banknotes (1,500 M to start). Every setting can be changed; an unknown
or bad one is a :class:`~monopoly.tournament.errors.TournamentError` that names it::

    >>> s = Settings.from_dict({"name": "Praha open", "date": "2026-12-05", "rounds": 4})
    >>> s.rounds, s.table_size, s.preset, s.game_minutes, s.currency
    (4, 4, 'tournament', 45, 'M')
    >>> Settings.from_dict({"name": "x", "date": "2026-12-05", "tables": 4})
    Traceback (most recent call last):
    ...
    monopoly.tournament.errors.TournamentError: unknown setting tables; the settings are: ...
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, TypeGuard

from monopoly.core.text import Text, reason
from monopoly.tournament.errors import TournamentError

__all__ = ["FORMATS", "PLAY_MODES", "Settings"]

#: How tables are seated after the first round: at random (avoiding repeats) or by the
#: standings (Swiss-style: the leaders play each other), repeats avoided in both.
FORMATS: Final = ("random", "swiss")
#: Where the games are played: in the browser game (the server is the banker), or on real
#: boards with a banker-referee who enters the assets into the score-sheet form.
PLAY_MODES: Final = ("online", "real")
LAST_RESORTS: Final = ("draw", "rating", "name")
LANGUAGES: Final = ("cs", "en", "ru")


@dataclass(frozen=True, slots=True)
class Settings:
    """A tournament's settings (see the module docstring)."""

    name: str
    date: str  # ISO date of the event, 2026-12-05
    rounds: int = 3  # preliminary rounds
    table_size: int = 4  # the preferred size; tables of 3 to 5 are made as needed
    format: str = "random"  # FORMATS
    scoring: str = "championship"  # a scheme of monopoly.tournament.scoring, or "6,4,2,1"
    final_size: int = 0  # the top N of the standings play a final table (0: no final)
    last_resort: str = "draw"  # the last tie-break: a seeded draw, the seed rating, the name
    preset: str = "tournament"
    options: Mapping[str, Any] = field(default_factory=dict)  # rule options on the preset
    game_minutes: int = 45  # the net playing time of a game
    edition: str = "standard"
    language: str = "cs"  # of the printouts and the projector
    currency: str = "M"
    play: str = "online"  # PLAY_MODES
    seed: int = 0

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Settings:
        """Settings from plain data (a form, a JSON file, the command line), checked."""
        known = cls.names()
        for key in data:
            if key not in known:
                raise TournamentError(
                    "invalid", "unknown setting {name}; the settings are: {names}",
                    name=key, names=", ".join(known))
        for key in ("name", "date"):
            if key not in data:
                raise TournamentError("invalid", "the setting {name} is required", name=key)
        settings = cls(**dict(data))
        settings.check()
        return settings

    def to_dict(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["options"] = dict(self.options)
        return out

    def replace(self, **changes: Any) -> Settings:
        """These settings with `changes`, checked."""
        for key in changes:
            if key not in self.names():
                raise TournamentError(
                    "invalid", "unknown setting {name}; the settings are: {names}",
                    name=key, names=", ".join(self.names()))
        settings = dataclasses.replace(self, **changes)
        settings.check()
        return settings

    def check(self) -> None:
        """Raise a TournamentError naming the first bad setting."""

        def bad(name: str, why: object) -> TournamentError:
            return TournamentError("invalid", "bad setting {name}: {why}", name=name, why=why)

        if not isinstance(self.name, str) or not self.name.strip() or len(self.name) > 120:
            raise bad("name", Text("1 to 120 characters"))
        try:
            datetime.date.fromisoformat(str(self.date))
        except ValueError:
            raise bad("date", Text("an ISO date such as 2026-12-05")) from None
        for name, low, high in (("rounds", 1, 20), ("table_size", 3, 5),
                                ("game_minutes", 1, 600)):
            value = getattr(self, name)
            if not _is_int(value) or not low <= value <= high:
                raise bad(name, Text("a whole number from {low} to {high}", low=low, high=high))
        if not _is_int(self.final_size) or not (self.final_size == 0
                                                or 3 <= self.final_size <= 5):
            raise bad("final_size", Text("0 (no final) or a table of 3 to 5"))
        if not _is_int(self.seed):
            raise bad("seed", Text("a whole number"))
        for name, allowed in (("format", FORMATS), ("play", PLAY_MODES),
                              ("last_resort", LAST_RESORTS), ("language", LANGUAGES)):
            if getattr(self, name) not in allowed:
                raise bad(name, Text("one of {choices}", choices=", ".join(allowed)))
        if not isinstance(self.currency, str) or not 0 < len(self.currency.strip()) <= 8:
            raise bad("currency", Text("a symbol of 1 to 8 characters"))
        from monopoly.tournament.scoring import ScoringError, scoring

        try:
            scoring(self.scoring)
        except ScoringError as exc:
            raise bad("scoring", str(exc)) from None
        if not isinstance(self.options, Mapping):
            raise bad("options", Text("a table of rule options"))
        self.rules()  # the preset, the options and the edition

    def game_options(self) -> dict[str, Any]:
        """The rule options of a game on top of the preset: the tournament's own, and the
        game time as its time limit unless they set one (the finish-your-turn rule)."""
        options = dict(self.options)
        options.setdefault("time_limit_minutes", self.game_minutes)
        options.setdefault("end", "time_limit")
        return options

    def rules(self) -> Any:
        """The rule set of the games: the preset with the options on top, and the game
        time as its time limit (the finish-your-turn rule of the championship)."""
        from monopoly.board.edition import edition_names
        from monopoly.board.options import PRESETS, preset
        from monopoly.core.errors import MonopolyError

        if self.preset not in PRESETS:
            raise TournamentError("invalid", "bad setting {name}: {why}", name="preset",
                                  why=Text("one of {choices}", choices=", ".join(PRESETS)))
        if self.edition not in edition_names():
            raise TournamentError("invalid", "bad setting {name}: {why}", name="edition",
                                  why=Text("one of {choices}", choices=", ".join(edition_names())))
        try:
            return preset(self.preset, **self.game_options())
        except (ValueError, TypeError, MonopolyError) as exc:
            raise TournamentError("invalid", "bad setting {name}: {why}", name="options",
                                  why=reason(exc)) from None


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
