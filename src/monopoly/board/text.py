"""The board game's name for :mod:`monopoly.core.text` (the cores' translatable texts)."""

from monopoly.core.text import MONEY_PARAMS, N_, Text, reason

__all__ = ["MONEY_PARAMS", "N_", "Text", "reason"]
