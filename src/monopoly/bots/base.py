"""The bot protocol and the registry of bots by name.

A bot sees a seat's :class:`~monopoly.board.view.SeatView` and the seat's legal entries
(``game.legal_actions(seat)``) and returns one concrete action that is legal for that
seat: templates (:class:`~monopoly.board.actions.BidRange`, ``TradeTemplate``,
``RaiseFundsTemplate``) must be turned into concrete actions. Every bot owns its own
``random.Random(seed)``; none touches the global generator, so a game driven by bots is
reproducible from the game's seed and the bots' seeds alone.

Example::

    >>> bot = make_bot("greedy", seed=1)
    >>> make_bot("nope", seed=1)
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'nope'; known bots: greedy, random
"""

from __future__ import annotations

from typing import Protocol

from monopoly.board.actions import Action, LegalEntry
from monopoly.board.view import SeatView

BOT_NAMES: tuple[str, ...] = ("greedy", "random")


class Bot(Protocol):
    """A player: chooses one concrete legal action for the seat of `view`."""

    def choose(self, view: SeatView, legal: list[LegalEntry]) -> Action:
        """Return an action legal for ``view.seat`` now; `legal` is never empty."""
        ...


def make_bot(name: str, seed: int) -> Bot:
    """The bot called `name`, with its own generator seeded by `seed`.

    Raises :class:`ValueError` naming the known bots when `name` is unknown.
    """
    if name == "random":
        from monopoly.bots.random_bot import RandomBot

        return RandomBot(seed)
    if name == "greedy":
        from monopoly.bots.greedy import GreedyBot

        return GreedyBot(seed)
    raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(BOT_NAMES)}")
