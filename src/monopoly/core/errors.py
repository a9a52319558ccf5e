"""One error hierarchy for every core (the board game's and the Deal's).

An error never leaves a half-changed state: a core checks an action completely before it
changes anything. Every message is a :class:`~monopoly.core.text.Text`, so that a player
reads it in their language.

Example::

    >>> from monopoly.core.errors import IllegalActionError, MonopolyError
    >>> issubclass(IllegalActionError, MonopolyError)
    True
"""

from __future__ import annotations

__all__ = [
    "DataError",
    "IllegalActionError",
    "MalformedActionError",
    "MonopolyError",
    "RecordError",
    "RulesError",
]


class MonopolyError(Exception):
    """Base class of every error a core raises."""


class DataError(MonopolyError):
    """A game's data file (a board edition, a card deck) is missing or malformed."""


class RulesError(MonopolyError):
    """A rule set has an unknown option, a value of the wrong type or out of range, or
    names an unknown preset."""


class IllegalActionError(MonopolyError):
    """An action is not legal in the current position; the state is unchanged."""


class MalformedActionError(IllegalActionError):
    """An action's text or parameters cannot be parsed or are of the wrong shape."""


class RecordError(MonopolyError):
    """A game record or position snapshot cannot be read or does not replay."""
