"""Bots: players that see only what their seat may see (a SeatView) and the legal actions."""

from monopoly.bots.board.base import BOT_NAMES, Bot, make_bot

__all__ = ["BOT_NAMES", "Bot", "make_bot"]
