"""The opponents of a learner: our named bots, or any callable."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from monopoly.core.protocol import GameCore

__all__ = ["Player", "make_player"]

#: ``player(game, seat) -> action``: one concrete legal action for `seat`.
Player = Callable[[GameCore, int], Any]


def make_player(game: str, spec: str | Player, seed: int) -> Player:
    """A player for `game` ("board" or "deal"): a bot of ours by name (or level), or a
    callable ``(game, seat) -> action`` used as it is."""
    if callable(spec):
        return spec
    if not isinstance(spec, str):
        raise ValueError(f"an opponent is a bot's name or a callable, got {spec!r}")
    if game == "board":
        from monopoly.bots import make_bot

        bot: Any = make_bot(spec, seed)
    else:
        from monopoly.bots.deal import make_deal_bot

        bot = make_deal_bot(spec, seed)
    choose = bot.choose
    views: dict[int, tuple[GameCore, Any]] = {}

    def play(core: GameCore, seat: int) -> Any:
        known = views.get(seat)
        if known is None or known[0] is not core:
            known = (core, core.seat_view(seat))
            views[seat] = known
        return choose(known[1], list(core.legal_actions(seat)))

    return play
