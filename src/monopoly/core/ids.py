"""Named id types: what an integer stands for where ids are passed around.

They are aliases of ``int`` (``TypeAlias``), not ``NewType``: a seat is an index into the
game's seats, a square an index into the board, and both are used as list indices and
loop variables on the hot path; an alias names them in signatures at no cost at run time,
under mypyc too.

- :data:`PlayerId`: a seat, ``0 .. players-1`` in the order the seats were given;
  negative values name the bank (``-1``) and other non-players where a game says so.
- :data:`SquareIndex`: a board square, ``0`` (GO) to ``39``.
- :data:`CardId`: a Monopoly Deal card, an index into its deck (``0 .. 105``).
- :data:`ColourId`: a colour of a game's colour groups, an index into the edition's or
  deck's colour table.
- :data:`Money`: an amount of money, always integer (dollars, pounds, M...).
- :data:`ActionId`: an entry of a game's integer action table (``0 .. num_actions-1``).
"""

from __future__ import annotations

from typing import TypeAlias

__all__ = ["ActionId", "CardId", "ColourId", "Money", "PlayerId", "SquareIndex"]

PlayerId: TypeAlias = int
SquareIndex: TypeAlias = int
CardId: TypeAlias = int
ColourId: TypeAlias = int
Money: TypeAlias = int
ActionId: TypeAlias = int
