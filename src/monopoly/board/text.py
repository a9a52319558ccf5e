"""The board game's name for :mod:`monopoly.text` (the cores' translatable texts)."""

from monopoly.text import MONEY_PARAMS, N_, Text, reason

__all__ = ["MONEY_PARAMS", "N_", "Text", "reason"]
