"""The bot protocol and the registry of bots by name.

A bot sees a seat's :class:`~monopoly.board.view.SeatView` and the seat's legal entries
(``game.legal_actions(seat)``) and returns one concrete action that is legal for that
seat: templates (:class:`~monopoly.board.actions.BidRange`, ``TradeTemplate``,
``RaiseFundsTemplate``) must be turned into concrete actions. Every bot owns its own
``random.Random(seed)``; none touches the global generator, so a game driven by bots is
reproducible from the game's seed and the bots' seeds alone.

Example::

    >>> bot = make_bot("greedy", seed=1)
    >>> make_bot("nope", seed=1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'nope'; known bots: blocker, builder, cautious, greedy, ...
"""

from __future__ import annotations

import importlib
from typing import Protocol

from monopoly.board.actions import Action, LegalEntry
from monopoly.board.view import SeatView

# name -> (module, class): imported on first use
_REGISTRY: dict[str, tuple[str, str]] = {
    "random": ("monopoly.bots.board.random_bot", "RandomBot"),
    "greedy": ("monopoly.bots.board.greedy", "GreedyBot"),
    # the strategies the Russian seed recommends
    "cautious": ("monopoly.bots.board.cautious", "CautiousBot"),
    "railroads": ("monopoly.bots.board.railroads", "RailroadsBot"),
    "blocker": ("monopoly.bots.board.blocker", "BlockerBot"),
    "builder": ("monopoly.bots.board.builder", "BuilderBot"),
    # the best player we can build
    "strong": ("monopoly.bots.board.strong", "StrongBot"),
    # the server's turn clock: plays a timed-out seat safely
    "caretaker": ("monopoly.bots.board.caretaker", "CaretakerBot"),
}
# The server's helpers, not players to compare (kept out of BOT_NAMES: the ladder, check).
SERVICE_BOTS: tuple[str, ...] = ("caretaker",)
BOT_NAMES: tuple[str, ...] = tuple(sorted(n for n in _REGISTRY if n not in SERVICE_BOTS))
# Difficulty levels for human players: each is one of the bots above.
LEVELS: dict[str, str] = {"easy": "greedy", "medium": "builder", "hard": "strong"}


class Bot(Protocol):
    """A player: chooses one concrete legal action for the seat of `view`."""

    def choose(self, view: SeatView, legal: list[LegalEntry]) -> Action:
        """Return an action legal for ``view.seat`` now; `legal` is never empty."""
        ...


def make_bot(name: str, seed: int) -> Bot:
    """The bot called `name` (or a difficulty level: easy, medium, hard), with its own
    generator seeded by `seed`.

    A name ``module:attribute`` (a Python entry point) or ``external:URL`` (an agent behind
    an HTTP endpoint) seats a bot written elsewhere (:mod:`monopoly.bots.external`).

    Raises :class:`ValueError` naming the known bots when `name` is unknown.
    """
    from monopoly.bots.external import is_external, make_external

    if is_external(name):
        external: Bot = make_external(name, seed, "board")
        return external
    name = LEVELS.get(name, name)
    entry = _REGISTRY.get(name)
    if entry is None:
        known = ", ".join((*BOT_NAMES, *LEVELS))
        raise ValueError(f"unknown bot {name!r}; known bots: {known}")
    module = importlib.import_module(entry[0])
    bot: Bot = getattr(module, entry[1])(seed)
    return bot
