"""Drive a game with bots: ask the pending seat's bot, apply its action, repeat."""

from __future__ import annotations

from monopoly.board.clocks import TableClock
from monopoly.board.game import TABLE, Game
from monopoly.board.view import SeatView
from monopoly.bots.board.base import Bot


def play_game(
    game: Game,
    bots: list[Bot],
    max_actions: int | None = None,
    clock: TableClock | None = None,
) -> Game:
    """Play `game` on with one bot per seat until it is over or `max_actions` were applied.

    Only the pending seat is asked (bots act out of turn only through that decision).
    With a `clock` (docs/rules.md §9, §11 clocks), the table's actions that are due are
    applied before each decision, and the clock's ``now`` is ticked after each action
    when it is a :class:`~monopoly.board.clocks.StepClock`.
    Returns the same game object. An illegal choice raises the engine's
    :class:`~monopoly.board.errors.IllegalActionError`.
    """
    if len(bots) != len(game.players):
        raise ValueError(f"{len(game.players)} seats need as many bots, got {len(bots)}")
    if max_actions is not None and max_actions < 0:
        raise ValueError(f"max_actions must not be negative, got {max_actions}")
    views = [SeatView(game, s) for s in range(len(bots))]  # live windows, one per seat
    chooses = [bot.choose for bot in bots]  # bound once, not looked up on every decision
    done = 0
    limit = -1 if max_actions is None else max_actions
    if clock is not None and clock.active:
        tick = getattr(clock.now, "tick", None)
        while done != limit:
            for action in clock.due(game):
                if game.is_legal(TABLE, action):
                    game.apply(TABLE, action)
            seat = game.pending
            if seat is None:
                break
            game.apply(seat, chooses[seat](views[seat], game.legal_actions(seat)))
            done += 1
            if tick is not None:
                tick()
        return game
    while done != limit:
        seat = game.pending
        if seat is None:
            break
        # direct method calls: compiled (mypyc) they are native calls
        game.apply(seat, chooses[seat](views[seat], game.legal_actions(seat)))
        done += 1
    return game
