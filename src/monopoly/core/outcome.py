"""The result of a finished game, the same value in every game.

- ``reason``: why it ended, in the game's own words (the board game: ``last_player``,
  ``bankruptcies``, ``time_limit``, ``turn_limit``, ``target_worth``, ``stopped``; the Deal:
  ``win``, ``turn_cap``);
- ``winner``: the winning seat, or None (a draw, a tie for the top, a stopped game);
- ``ranking``: every seat, best first;
- ``worth``: per seat, what the game ranks the players by at the end: the net worth in the
  board game (docs/rules.md §11), the table value (bank and properties) in the Deal
  (docs/deal-rules.md § End). ``measure`` names it: ``net_worth`` or ``worth``, the key of
  the serialised form, so that both games' records and messages keep their field names.

Example::

    >>> o = Outcome("last_player", 1, (1, 0), (0, 3200), measure="net_worth")
    >>> o.to_dict()
    {'reason': 'last_player', 'winner': 1, 'ranking': [1, 0], 'net_worth': [0, 3200]}
    >>> Outcome.from_dict(o.to_dict()) == o
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monopoly.core.ids import Money, PlayerId

__all__ = ["MEASURES", "Outcome"]

#: The names a game may give its end-of-game worth.
MEASURES: tuple[str, ...] = ("net_worth", "worth")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended (see the module docstring)."""

    reason: str
    winner: PlayerId | None
    ranking: tuple[PlayerId, ...]
    worth: tuple[Money, ...]
    measure: str = "worth"

    @property
    def net_worth(self) -> tuple[Money, ...]:
        """The board game's name of :attr:`worth`."""
        return self.worth

    def to_dict(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "winner": self.winner,
            "ranking": list(self.ranking),
            self.measure: list(self.worth),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Outcome:
        """The inverse of :meth:`to_dict` (either measure)."""
        measure = "net_worth" if "net_worth" in data else "worth"
        winner = data["winner"]
        return cls(
            str(data["reason"]),
            None if winner is None else int(winner),
            tuple(int(s) for s in data["ranking"]),
            tuple(int(w) for w in data[measure]),
            measure,
        )
