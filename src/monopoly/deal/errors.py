"""Typed errors of the Monopoly Deal core. An error never leaves a half-changed state."""

from __future__ import annotations


class DealError(Exception):
    """Base class of every error the Deal core raises."""


class DeckError(DealError):
    """A deck data file is missing or malformed (wrong counts, wrong total value...)."""


class DealRulesError(DealError):
    """A Deal rule set has an unknown option or a value out of range."""


class IllegalActionError(DealError):
    """An action is not legal in the current position; the state is unchanged."""


class MalformedActionError(IllegalActionError):
    """An action's text cannot be parsed or its parameters have the wrong shape."""


class RecordError(DealError):
    """A Deal record or snapshot cannot be read."""
