"""The pending decision: who must act now, what kind of decision it is, with which bounds.

Every core computes one :class:`Decision` from its position (``Game.decision()``), with
the priority of its waiting decisions written once, in the core; the engine's legality,
the table clocks, the prompts and the web server all read it. Two decisions that compare
equal are the same decision (a turn clock restarts when the decision changes).

- ``kind``: the game's name for it (the board game's and the Deal's kinds are listed in
  ``docs/architecture.md``; :data:`OVER` when the game has ended);
- ``seats``: who must act now, in order (several only where the rules let several decide
  at once, e.g. every bidder of a sealed auction); empty when the game is over;
- ``turn``: the turn it belongs to;
- ``subject``: what it is about (a square, a card, a seat), or -1;
- ``low``, ``high``: the bounds of its open parameter (a bid, an amount to raise), or 0;
- ``step``: what tells apart successive decisions that are otherwise alike (an auction's
  round, the number of debts waiting), or 0.

Example::

    >>> d = Decision("bid", (2,), turn=7, subject=39, low=401, high=1200)
    >>> d.seat, d.is_over
    (2, False)
    >>> Decision(OVER, (), turn=9).seat is None
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from monopoly.core.ids import PlayerId

__all__ = ["OVER", "Decision"]

OVER: Final = "over"


@dataclass(frozen=True, slots=True)
class Decision:
    """The decision a game waits for (see the module docstring)."""

    kind: str
    seats: tuple[PlayerId, ...]
    turn: int
    subject: int = -1
    low: int = 0
    high: int = 0
    step: int = 0

    @property
    def seat(self) -> PlayerId | None:
        """The first seat that must act (None when the game is over)."""
        return self.seats[0] if self.seats else None

    @property
    def is_over(self) -> bool:
        return self.kind == OVER

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seats": list(self.seats),
            "turn": self.turn,
            "subject": self.subject,
            "low": self.low,
            "high": self.high,
            "step": self.step,
        }
