"""The engine benchmark: whole games among greedy bots, timed in CPU seconds.

One process, four greedy bots, game seeds ``0 .. games-1`` (bot ``i`` of game ``s`` has seed
``bot_seed(s, i)`` of :mod:`monopoly.core.seeds`), events off. Greedy bots never trade, so
some games would never end: the rule set caps every game at :data:`TURN_LIMIT` turns
(``RuleSet(turn_limit=...)``); games stopped by the cap are counted and reported apart
(``finished_games`` are those that ended with a winner). The time is
``time.process_time()`` around the games only (bot construction included, game setup
included), so other load on the machine does not change the figures much. The figures
measure the engine *and* the bots' choices, since both run for every action.

:func:`bot_speed` times one bot's decisions: ``strong`` in one seat (rotated) against three
greedy bots, the CPU time of its choices apart from the engine's, so that a slow bot shows up as a
bottleneck (``monopoly bench`` reports it under ``"strong"``). :func:`postgame_speed` times
the browser's post-game summary of a long game (``"postgame"``). The engine's share is
measured by replaying the same games without bots (reading the clock around every decision
would cost as much as a decision: ``process_time`` takes about 14 microseconds here).

Example::

    >>> result = bench(games=1)
    >>> sorted(result)[:3]
    ['actions', 'actions_per_cpu_second', 'cpu_seconds']
"""

from __future__ import annotations

import time
from typing import Any

from monopoly.board.game import Game
from monopoly.board.options import RuleSet
from monopoly.bots import make_bot
from monopoly.bots.board.driver import play_game
from monopoly.core.seeds import bot_seed
from monopoly.lab.runner import SEAT_NAMES

__all__ = [
    "BOT_GAMES",
    "DEFAULT_GAMES",
    "PLAYERS",
    "TURN_LIMIT",
    "bench",
    "bot_speed",
    "postgame_speed",
]

PLAYERS = 4
# 1000 turns is 250 rounds of 4 players. Greedy bots never trade, so most games stall once
# the deeds are spread out (seeds 0-199: 51 of 200 games ended before the cap); the cap
# bounds the work per game, and stalled play still exercises rent, cards, jail and building.
TURN_LIMIT = 1000
# Chosen so that the default run takes roughly 10-20 CPU seconds (about 13 s here).
DEFAULT_GAMES = 1000
# Games of the timed bot against three greedy ones (strong's games end in about 150 turns).
BOT_GAMES = 200


def bench(games: int = DEFAULT_GAMES, turn_limit: int = TURN_LIMIT) -> dict[str, Any]:
    """Play `games` greedy games and return counts and rates per CPU second."""
    if games < 0:
        raise ValueError(f"games must not be negative, got {games}")
    rules = RuleSet(turn_limit=turn_limit)
    seats = SEAT_NAMES[:PLAYERS]
    throws = actions = turns = finished = 0
    start = time.process_time()
    for seed in range(games):
        game = Game(seats, seed, rules, events=False)
        bots = [make_bot("greedy", bot_seed(seed, s)) for s in range(PLAYERS)]
        play_game(game, bots)
        throws += game.throws
        actions += len(game.history)
        turns += game.turn_number
        if game.outcome is not None and game.outcome.reason != "turn_limit":
            finished += 1
    cpu = time.process_time() - start

    def rate(count: int) -> float:
        return count / cpu if cpu > 0 else 0.0

    return {
        "games": games,
        "players": PLAYERS,
        "turn_limit": turn_limit,
        "finished_games": finished,
        "turns": turns,
        "throws": throws,
        "actions": actions,
        "cpu_seconds": cpu,
        "games_per_cpu_second": rate(games),
        "throws_per_cpu_second": rate(throws),
        "actions_per_cpu_second": rate(actions),
    }


class _Counted:
    """A bot whose decisions are counted."""

    __slots__ = ("bot", "decisions")

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.decisions = 0

    def choose(self, view: Any, legal: Any) -> Any:
        self.decisions += 1
        return self.bot.choose(view, legal)


def bot_speed(
    name: str = "strong", games: int = BOT_GAMES, turn_limit: int = TURN_LIMIT
) -> dict[str, Any]:
    """Play `games` games of bot `name` (seat ``seed % 4``) against three greedy bots and
    return its decisions and what they cost: the CPU seconds of the games, less those of
    the engine alone doing the same work (the games replayed: ``legal_actions`` and
    ``apply`` for every recorded action), is the time in the bots' choices (the greedy
    bots' share is small: a few microseconds a decision)."""
    if games < 0:
        raise ValueError(f"games must not be negative, got {games}")
    rules = RuleSet(turn_limit=turn_limit)
    seats = SEAT_NAMES[:PLAYERS]
    decisions = 0
    histories: list[list[tuple[int, Any]]] = []
    start = time.process_time()
    for seed in range(games):
        game = Game(seats, seed, rules, events=False)
        bots: list[Any] = [make_bot("greedy", bot_seed(seed, s)) for s in range(PLAYERS)]
        counted = _Counted(make_bot(name, bot_seed(seed, seed % PLAYERS)))
        bots[seed % PLAYERS] = counted
        play_game(game, bots)
        decisions += counted.decisions
        histories.append(game.history)
    cpu = time.process_time() - start
    start = time.process_time()
    for seed, history in enumerate(histories):
        game = Game(seats, seed, rules, events=False)
        for seat, action in history:
            game.legal_actions(seat)
            game.apply(seat, action)
    engine = time.process_time() - start
    in_bots = max(cpu - engine, 1e-9)
    return {
        "bot": name,
        "games": games,
        "decisions": decisions,
        "cpu_seconds": cpu,
        "engine_cpu_seconds": engine,
        "decisions_per_cpu_second": decisions / in_bots,
        "games_per_cpu_second": games / cpu if cpu > 0 else 0.0,
        "share_of_cpu_in_bots": in_bots / cpu if cpu > 0 else 0.0,
    }


def postgame_speed(turns: int = 200, seed: int = 3, runs: int = 5) -> dict[str, Any]:
    """The CPU time of the browser's post-game summary (:func:`monopoly.web.postgame.
    summary`) of one recorded game of four ``hard`` bots capped at ``turns`` turns: the
    median of ``runs`` summaries of the same record."""
    from monopoly.board.record import record_lines
    from monopoly.web.postgame import summary

    seats = SEAT_NAMES[:PLAYERS]
    game = Game(seats, seed, RuleSet(turn_limit=turns))
    play_game(game, [make_bot("hard", seed * 10 + s) for s in range(PLAYERS)])
    lines = record_lines(game)
    times = []
    for _ in range(runs):
        start = time.process_time()
        summary(lines)
        times.append(time.process_time() - start)
    times.sort()
    return {"turns": game.turn_number, "actions": len(lines) - 1,
            "cpu_seconds_per_summary": times[len(times) // 2]}
