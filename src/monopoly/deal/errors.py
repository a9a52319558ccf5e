"""The Deal core's errors: the core's one hierarchy (:mod:`monopoly.core.errors`), under
the names the Deal's callers know. An error never leaves a half-changed state.

- :data:`DealError` is :class:`~monopoly.core.errors.MonopolyError`, the base of every
  error a core raises; :data:`DealRulesError` is
  :class:`~monopoly.core.errors.RulesError` (an unknown option, a value out of range,
  an unknown preset, a seat count the Deal does not take);
- :class:`DeckError`: a deck data file is missing or malformed (wrong counts, wrong total
  value...), a :class:`~monopoly.core.errors.DataError`;
- :class:`~monopoly.core.errors.IllegalActionError`,
  :class:`~monopoly.core.errors.MalformedActionError`,
  :class:`~monopoly.core.errors.RecordError` as they are.

Example::

    >>> issubclass(DeckError, DealError) and DealRulesError is RulesError
    True
"""

from __future__ import annotations

from monopoly.core.errors import (
    DataError,
    IllegalActionError,
    MalformedActionError,
    MonopolyError,
    RecordError,
    RulesError,
)

__all__ = [
    "DealError",
    "DealRulesError",
    "DeckError",
    "IllegalActionError",
    "MalformedActionError",
    "RecordError",
]

DealError = MonopolyError
DealRulesError = RulesError


class DeckError(DataError):
    """A deck data file is missing or malformed (wrong counts, wrong total value...)."""
