"""The board game's strategy lab: many games between board bots, played by the lab's
machinery (:mod:`monopoly.lab.runner`).

Game ``i`` of a run with seed ``S`` has the game seed ``game_seed(S, i)`` and the bot in
seat ``s`` the seed ``bot_seed(game_seed, s)``; it seats the bot list rotated by ``i``
(:func:`~monopoly.lab.runner.rotated_seats`); it is capped at the rule set's
``turn_limit`` (the lab sets it: ``max_turns``), and timed rule sets run on a simulated
clock (:data:`SECONDS_PER_ACTION` per action). The games are played in chunks by this
process, a pool of processes or Ray tasks (:func:`~monopoly.lab.runner.run_chunks`), and
the results are the same for any number of workers and either backend.

Example::

    >>> setup = LabSetup(bots=("greedy", "random"), players=2, max_turns=50)
    >>> [r["seats"] for r in run_games(setup, 2)]
    [['greedy', 'random'], ['random', 'greedy']]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from monopoly.board.clocks import StepClock, TableClock
from monopoly.board.edition import load_edition
from monopoly.board.game import Game
from monopoly.board.options import RuleSet
from monopoly.bots import make_bot
from monopoly.bots.board.driver import play_game
from monopoly.lab.runner import (
    SEAT_NAMES,
    Progress,
    bot_seed,
    game_seed,
    rotated_seats,
    run_chunks,
)

__all__ = [
    "DEFAULT_MAX_TURNS",
    "MAX_ACTIONS",
    "SECONDS_PER_ACTION",
    "LabSetup",
    "play_one",
    "run_games",
]

DEFAULT_MAX_TURNS = 1000
# Timed rule sets (time limit, negotiation limit, turn clock) run on a simulated clock.
SECONDS_PER_ACTION = 5
# A safety net, in actions, beyond the turn cap (a game that stalls without turns advancing).
MAX_ACTIONS = 1_000_000


@dataclass(frozen=True)
class LabSetup:
    """What every game of a run shares (picklable: it travels to the workers).

    ``rules`` are capped at ``max_turns`` turns (its ``turn_limit``); ``report`` plays with
    events on and adds each game's statistics (:func:`monopoly.lab.board.gamestats.collect`)."""

    bots: tuple[str, ...] = ("greedy",)
    players: int = 4
    seed: int = 0
    rules: RuleSet = field(default_factory=RuleSet)
    edition: str = "standard"
    max_turns: int = DEFAULT_MAX_TURNS
    report: bool = False

    def capped_rules(self) -> RuleSet:
        return self.rules.with_options(turn_limit=self.max_turns)


class _TurnRecorder(TableClock):
    """A table clock that also notes every seat's net worth at the start of every turn.

    :func:`~monopoly.bots.board.driver.play_game` asks an active clock what is due before every
    decision, so the game is played exactly as without it (no table action is ever due
    when the rules have no clocks)."""

    def __init__(self, rules: RuleSet, now: StepClock) -> None:
        super().__init__(rules, now)
        self.timed = super().active
        self.turn = -1
        self.worth: list[list[int]] = []

    @property
    def active(self) -> bool:
        return True

    def due(self, game: Game) -> list[Any]:
        if game.turn_number != self.turn and not game.is_over:
            self.turn = game.turn_number
            self.worth.append([game.net_worth(s) for s in range(len(game.players))])
        return super().due(game) if self.timed else []


def play_one(setup: LabSetup, index: int, seats: Sequence[str]) -> dict[str, Any]:
    """Play game `index` with the bots named by `seats` (one per seat) and return its
    result: ``index``, ``seed``, ``seats``, ``winner`` (a seat or None), ``winner_bot``,
    ``turns``, ``actions``, ``reason``, ``ranking`` (seats, best first), ``net_worth`` and
    ``bankrupt`` (by seat); with ``setup.report`` also ``stats``, and for game 0
    ``worth_history`` (every seat's net worth at the start of every turn)."""
    rules = setup.capped_rules()
    seed = game_seed(setup.seed, index)
    game = Game(
        SEAT_NAMES[: len(seats)], seed, rules, load_edition(setup.edition), events=setup.report
    )
    bots = [make_bot(name, bot_seed(seed, s)) for s, name in enumerate(seats)]
    step = StepClock(step=SECONDS_PER_ACTION)
    recorder = _TurnRecorder(rules, step) if setup.report and index == 0 else None
    clock: TableClock | None = recorder or TableClock(rules, step)
    if clock is not None and not clock.active:
        clock = None
    play_game(game, bots, max_actions=MAX_ACTIONS, clock=clock)
    outcome = game.outcome
    winner = outcome.winner if outcome is not None else None
    result: dict[str, Any] = {
        "index": index,
        "seed": seed,
        "seats": list(seats),
        "winner": winner,
        "winner_bot": seats[winner] if winner is not None else None,
        "turns": game.turn_number,
        "actions": len(game.history),
        "reason": outcome.reason if outcome is not None else "unfinished",
        "ranking": list(outcome.ranking) if outcome is not None else [],
        "net_worth": [game.net_worth(s) for s in range(len(seats))],
        "bankrupt": [p.bankrupt for p in game.players],
    }
    if setup.report:
        from monopoly.lab.board.gamestats import collect

        result["stats"] = collect(game)
    if recorder is not None:
        result["worth_history"] = recorder.worth
    return result


def _play_chunk(
    setup: LabSetup, start: int, seatings: Sequence[Sequence[str]]
) -> list[dict[str, Any]]:
    return [play_one(setup, start + k, seats) for k, seats in enumerate(seatings)]


def run_games(
    setup: LabSetup,
    games: int | None = None,
    *,
    seatings: Sequence[Sequence[str]] | None = None,
    workers: int = 1,
    backend: str = "process",
    address: str | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Play a run and return the per-game results in index order.

    The bots of game ``i`` are ``seatings[i]``, or without `seatings` the rotation of
    ``setup.bots`` (:func:`~monopoly.lab.runner.rotated_seats`) for ``games`` games.
    `workers`: processes (1: this one) or Ray's CPUs; `address`: a Ray cluster to join
    (default: a local one). `progress` is called with the number of games finished after
    each chunk (:func:`~monopoly.lab.runner.run_chunks`).
    """
    if seatings is None:
        if games is None:
            raise ValueError("give the number of games or the seatings")
        seatings = [rotated_seats(setup.bots, setup.players, i) for i in range(games)]
    return run_chunks(setup, seatings, _play_chunk, workers=workers, backend=backend,
                      address=address, progress=progress)

