"""Translatable texts of the rules cores (the board game's and the Deal's): an English
message that remembers its template.

A core does no I/O and knows no languages, yet its errors are read by players. A
:class:`Text` is a ``str`` (the English message, so ``str(exc)``, comparisons and substring
tests work as before) that also carries the msgid ``template`` and the named ``params``;
:mod:`monopoly.i18n` renders it in another language::

    >>> t = Text("not enough cash: the price is {price}", price=200)
    >>> t
    'not enough cash: the price is 200'
    >>> t.template, t.params
    ('not enough cash: the price is {price}', {'price': 200})

Conventions for params (the translation layer relies on them; the English value simply
formats every param with ``str``):

- ``square``: a square index (int); rendered as the index and the square's name in the
  target language when an edition is known, e.g. ``5 (Reading Railroad)``.
- names in :data:`MONEY_PARAMS`: an amount of money (int); rendered with the edition's
  currency in the locale's money format.
- ``phase`` (a ``Game.phase_name``) and ``lot`` (``house`` / ``hotel``): engine words,
  translated from a table in :mod:`monopoly.i18n`.
- a param that is itself a :class:`Text` (a reason inside a larger message) is rendered
  recursively.
- anything else (seat numbers, action notation, repr of a bad value) is shown as it is.

Templates never use ``!r`` or format specs: a caller wanting a repr passes ``repr(x)``.
"""

from __future__ import annotations

from typing import Final

__all__ = ["MONEY_PARAMS", "N_", "Text", "reason"]

#: Param names that hold an amount of money.
MONEY_PARAMS: Final = frozenset(
    {"amount", "price", "cost", "cash", "fine", "bid", "owed", "available", "fee"}
)


class Text(str):
    """An English message (the ``str`` value) with its msgid ``template`` and ``params``."""

    template: str
    params: dict[str, object]

    def __new__(cls, template: str, /, **params: object) -> Text:
        self = str.__new__(cls, template.format(**params) if params else template)
        self.template = template
        self.params = params
        return self

    def __reduce__(self) -> tuple[object, ...]:
        # pickling (e.g. exceptions crossing processes) keeps the template and params
        return (_rebuild, (self.template, self.params))


def _rebuild(template: str, params: dict[str, object]) -> Text:
    return Text(template, **params)


def reason(exc: BaseException) -> str:
    """The message of an exception: its :class:`Text` when it has one, else ``str(exc)``.

    Lets a wrapping error keep the inner message translatable (``line 3: {error}``).
    """
    if exc.args and isinstance(exc.args[0], Text) and len(exc.args) == 1:
        return exc.args[0]
    return str(exc)


def N_(template: str) -> str:
    """Mark a template kept in a table for the catalogs (it becomes a :class:`Text` where
    it is used); returns it unchanged."""
    return template
