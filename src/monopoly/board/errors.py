"""The board game core's errors: the shared hierarchy of :mod:`monopoly.core.errors`, and
the error of its edition data."""

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
    "EditionError",
    "IllegalActionError",
    "MalformedActionError",
    "MonopolyError",
    "RecordError",
    "RulesError",
]


class EditionError(DataError):
    """An edition data file is missing or malformed."""
