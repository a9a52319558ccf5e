"""One base for every game's rule set: a frozen, validated dataclass of named options.

A game's rules are one ``@dataclass(frozen=True, slots=True)`` subclass of
:class:`OptionSet` whose fields are the options, with the official defaults, each made
with :func:`option` (its section of the rules reference, and a range or a list of
choices). The base gives every rule set the same behaviour (OpenSpiel's parameter
checks): an unknown option, a value of the wrong type or out of range is a
:class:`~monopoly.core.errors.RulesError` that names it, never silently ignored.

Supported option types: ``int``, ``bool``, ``str`` and ``int | None`` (None: "off", or
"the edition's value"). A subclass checks what concerns several options together in
:meth:`OptionSet.check`.

Example::

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Toy(OptionSet):
    ...     cash: int = option(100, 0, 1000, section="1")
    ...     colour: str = option("red", choices=("red", "blue"), section="2")
    >>> Toy.from_dict({"cash": 5}).changed()
    {'cash': 5}
    >>> Toy(cash=-1)
    Traceback (most recent call last):
    ...
    monopoly.core.errors.RulesError: option cash must be between 0 and 1000, got -1
    >>> Toy().with_options(size=3)
    Traceback (most recent call last):
    ...
    monopoly.core.errors.RulesError: unknown option(s): size
    >>> Toy.option_section("colour")
    '2'
    >>> make_preset(Toy, {"blue": {"colour": "blue"}}, "blue", cash=7)
    Toy(cash=7, colour='blue')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, field, fields, replace
from typing import Any, ClassVar, TypeVar

from monopoly.core.errors import RulesError
from monopoly.core.text import N_, Text

__all__ = ["OptionSet", "make_preset", "option"]

_TYPE_CHECKS: dict[str, Callable[[object], bool]] = {
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "bool": lambda v: isinstance(v, bool),
    "str": lambda v: isinstance(v, str),
}
_TYPE_ERRORS: dict[str, str] = {
    "int": N_("option {name} must be an integer, got {value}"),
    "bool": N_("option {name} must be true or false, got {value}"),
    "str": N_("option {name} must be a string, got {value}"),
}

Opts = TypeVar("Opts", bound="OptionSet")


def option(
    default: Any,
    low: int | None = None,
    high: int | None = None,
    choices: tuple[str, ...] | None = None,
    section: str = "",
) -> Any:
    """A field of a rule set: its default, its allowed range or choices, and the section
    of the rules reference it comes from."""
    meta: dict[str, Any] = {"section": section}
    if low is not None:
        meta["range"] = (low, high)
    if choices is not None:
        meta["choices"] = choices
    return field(default=default, metadata=meta)


class OptionSet:
    """The behaviour every rule set shares (see the module docstring)."""

    __slots__ = ()

    #: Options added after the game's record and snapshot formats were fixed: while at
    #: their default they are left out of records and snapshots (:meth:`record_dict`),
    #: so that older records write back byte for byte and positions keep their hashes.
    LATER: ClassVar[frozenset[str]] = frozenset()

    def __post_init__(self) -> None:
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            kind = str(f.type)
            if kind.endswith(" | None"):
                if value is None:
                    continue
                kind = kind[: -len(" | None")]
            check = _TYPE_CHECKS.get(kind)
            if check is None:
                raise TypeError(f"option {f.name}: unsupported option type {f.type}")
            if not check(value):
                raise RulesError(Text(_TYPE_ERRORS[kind], name=f.name, value=repr(value)))
            bounds = f.metadata.get("range")
            if bounds is not None and not bounds[0] <= value <= bounds[1]:
                raise RulesError(
                    Text("option {name} must be between {low} and {high}, got {value}",
                         name=f.name, low=bounds[0], high=bounds[1], value=value)
                )
            choices = f.metadata.get("choices")
            if choices is not None and value not in choices:
                raise RulesError(
                    Text("option {name} must be one of {choices}; got {value}",
                         name=f.name, choices=", ".join(choices), value=repr(value))
                )
        self.check()

    def check(self) -> None:
        """Checks that concern several options together (a subclass's own)."""

    @classmethod
    def from_dict(cls: type[Opts], options: object) -> Opts:
        """Build a rule set from option names and values; unknown names are errors."""
        if not isinstance(options, dict):
            raise RulesError(Text("rules must be an object of option names and values"))
        return cls().with_options(**options)

    def with_options(self: Opts, **options: Any) -> Opts:
        """A copy with some options changed; unknown names are errors."""
        known = set(self.option_names())
        unknown = sorted(set(options) - known)
        if unknown:
            raise RulesError(Text("unknown option(s): {names}", names=", ".join(unknown)))
        return replace(self, **options)  # type: ignore[type-var]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)  # type: ignore[call-overload, no-any-return]

    def record_dict(self) -> dict[str, Any]:
        """The options as records and snapshots hold them: :meth:`to_dict` less the
        :attr:`LATER` options that are at their default."""
        data = self.to_dict()
        if self.LATER:
            base = type(self)()
            for name in self.LATER:
                if data[name] == getattr(base, name):
                    del data[name]
        return data

    def changed(self) -> dict[str, Any]:
        """The options that differ from the official defaults."""
        base = type(self)()
        return {k: v for k, v in self.to_dict().items() if getattr(base, k) != v}

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))  # type: ignore[arg-type]

    @classmethod
    def option_section(cls, name: str) -> str:
        """The section of the rules reference an option comes from."""
        for f in fields(cls):  # type: ignore[arg-type]
            if f.name == name:
                return str(f.metadata.get("section", ""))
        raise RulesError(Text("unknown option {name}", name=name))


def make_preset(
    cls: type[Opts], table: Mapping[str, Mapping[str, Any]], name: str, **options: Any
) -> Opts:
    """The rule set of preset `name` of `table` (option changes on top of the defaults),
    with `options` set one by one on top of it."""
    if name not in table:
        raise RulesError(
            Text("unknown preset {name}; presets: {names}", name=name, names=", ".join(table))
        )
    return cls().with_options(**{**table[name], **options})
