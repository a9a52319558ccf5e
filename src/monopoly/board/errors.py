"""Typed errors of the board game core. An error never leaves a half-changed state."""

from __future__ import annotations


class MonopolyError(Exception):
    """Base class of every error the board core raises."""


class EditionError(MonopolyError):
    """An edition data file is missing or malformed."""


class RulesError(MonopolyError):
    """A rule set has an unknown option or a value out of range."""


class IllegalActionError(MonopolyError):
    """An action is not legal in the current position; the state is unchanged."""


class MalformedActionError(IllegalActionError):
    """An action's text or parameters cannot be parsed or are of the wrong shape."""


class RecordError(MonopolyError):
    """A game record or snapshot cannot be read."""
