"""The Monopoly Deal strategy lab: many games between Deal bots, on one machine or on Ray.

The same machinery as the board game's lab (:mod:`monopoly.lab.runner`): game ``i`` of a run
with seed ``S`` has the game seed ``game_seed(S, i)`` and the bot of seat ``s`` the seed
``bot_seed(game_seed, s)``; it seats the bot list rotated by ``i``
(:func:`~monopoly.lab.runner.rotated_seats`), so that no bot gains from playing first
(docs/deal-rules.md
§ Turn: the first seat starts); games are played in chunks by this process, a pool of
processes or Ray tasks (:func:`~monopoly.lab.runner.run_chunks`), and the results are the same
for any number of workers and either backend. Every game is capped at ``max_turns`` turns
(the rule set's ``turn_cap``): a capped game is a draw (docs/deal-rules.md § End).

Example::

    >>> setup = DealLabSetup(bots=("greedy", "random"), players=2, max_turns=50)
    >>> [r["seats"] for r in run_deal_games(setup, 2)]
    [['greedy', 'random'], ['random', 'greedy']]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from monopoly.bots.deal import make_deal_bot
from monopoly.core.seeds import bot_seed, game_seed
from monopoly.deal.game import Game
from monopoly.deal.options import DealRules, deal_preset
from monopoly.lab.runner import (
    SEAT_NAMES,
    Progress,
    rotated_seats,
    run_chunks,
)

__all__ = [
    "DEFAULT_MAX_TURNS",
    "MAX_ACTIONS",
    "DealLabSetup",
    "deal_play_one",
    "run_deal_games",
]

# Deal games between sensible bots end in 15-60 turns; the cap stops the rare stalled one.
DEFAULT_MAX_TURNS = 400
# A safety net, in actions, beyond the turn cap.
MAX_ACTIONS = 200_000


def _simulation_rules() -> DealRules:
    return deal_preset("simulation")


@dataclass(frozen=True)
class DealLabSetup:
    """What every game of a Deal run shares (picklable: it travels to the workers).

    ``rules`` default to the ``simulation`` preset (no decision is asked without a choice);
    they are capped at ``max_turns`` turns. ``report`` adds each game's full sets and, for
    game 0, the value on every seat's table at the start of every turn."""

    bots: tuple[str, ...] = ("greedy",)
    players: int = 2
    seed: int = 0
    rules: DealRules = field(default_factory=_simulation_rules)
    max_turns: int = DEFAULT_MAX_TURNS
    report: bool = False

    def capped_rules(self) -> DealRules:
        return self.rules.with_options(turn_cap=self.max_turns)


def deal_play_one(setup: DealLabSetup, index: int, seats: Sequence[str]) -> dict[str, Any]:
    """Play game ``index`` with the bots named by ``seats`` and return its result:
    ``index``, ``seed``, ``seats``, ``winner`` (a seat or None), ``winner_bot``, ``turns``,
    ``actions``, ``reason`` ("win" or "turn_cap"), ``ranking`` (seats, best first),
    ``net_worth`` (bank and property value by seat, docs/deal-rules.md § End's results table) and
    ``full_sets`` by seat; with ``setup.report`` and for game 0 also ``worth_history``
    (every seat's value on the table at the start of every turn)."""
    rules = setup.capped_rules()
    seed = game_seed(setup.seed, index)
    n = len(seats)
    game = Game(list(SEAT_NAMES[:n]), seed, rules, events=False)
    bots = [make_deal_bot(name, bot_seed(seed, s)) for s, name in enumerate(seats)]
    views = [game.seat_view(s) for s in range(n)]
    history: list[list[int]] | None = [] if setup.report and index == 0 else None
    turn = -1
    actions = 0
    while actions < MAX_ACTIONS:
        seat = game.pending
        if seat is None:
            break
        if history is not None and game.turn_number != turn:
            turn = game.turn_number
            history.append([game.worth(s) for s in range(n)])
        game.apply(seat, bots[seat].choose(views[seat], game.legal_actions(seat)))
        actions += 1
    outcome = game.outcome
    winner = outcome.winner if outcome is not None else None
    result: dict[str, Any] = {
        "index": index,
        "seed": seed,
        "seats": list(seats),
        "winner": winner,
        "winner_bot": seats[winner] if winner is not None else None,
        "turns": game.turn_number,
        "actions": actions,
        "reason": outcome.reason if outcome is not None else "unfinished",
        "ranking": list(outcome.ranking) if outcome is not None else [],
        "net_worth": [game.worth(s) for s in range(n)],
        "full_sets": [game.full_sets(s) for s in range(n)],
    }
    if history is not None:
        history.append([game.worth(s) for s in range(n)])
        result["worth_history"] = history
    return result


def _deal_play_chunk(
    setup: DealLabSetup, start: int, seatings: Sequence[Sequence[str]]
) -> list[dict[str, Any]]:
    return [deal_play_one(setup, start + k, seats) for k, seats in enumerate(seatings)]


def run_deal_games(
    setup: DealLabSetup,
    games: int,
    *,
    workers: int = 1,
    backend: str = "process",
    address: str | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Play ``games`` games of the run and return the per-game results in index order
    (``workers``: processes, 1 for this one, or Ray's CPUs; ``address``: a Ray cluster)."""
    if games < 0:
        raise ValueError(f"games must not be negative, got {games}")
    seatings = [rotated_seats(setup.bots, setup.players, i) for i in range(games)]
    return run_chunks(setup, seatings, _deal_play_chunk, workers=workers, backend=backend,
                      address=address, progress=progress)
