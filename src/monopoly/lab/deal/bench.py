"""The Deal benchmark: whole games between greedy bots, timed in CPU seconds, and the
strong bot's decisions.

:func:`deal_bench` plays ``games`` games for 2 and for 4 players between the lab's
``greedy`` bots (:mod:`monopoly.bots.deal`, deciding from their seat's view), in one
process, events off, game seeds ``0 .. games-1`` (bot ``s`` of game ``g``: seed
``bot_seed(g, s)``), rules of the ``simulation`` preset capped at :data:`TURN_CAP` turns.
The time is ``time.process_time()`` around the games (setup included), so other load on
the machine changes the figures little. They measure the engine and the bots together.

:func:`strong_speed` times the ``strong`` bot (seat ``g % players``, against greedy bots):
the CPU time of the games less that of the same games replayed without bots
(``legal_actions`` and ``apply`` for every recorded action) is the time in the bots'
choices, nearly all of it the strong bot's.

Example::

    >>> result = deal_bench(games=2, strong_games=0)
    >>> sorted(result["2"])[:3]
    ['actions', 'actions_per_cpu_second', 'cpu_seconds']
"""

from __future__ import annotations

import time
from typing import Any

from monopoly.bots.deal import make_deal_bot
from monopoly.core.seeds import bot_seed
from monopoly.deal.game import Game
from monopoly.deal.options import DealRules, deal_preset
from monopoly.deal.players import greedy_action

__all__ = ["DEFAULT_GAMES", "STRONG_GAMES", "TURN_CAP", "deal_bench", "engine_speed",
           "greedy_speed", "strong_speed"]

TURN_CAP = 400
DEFAULT_GAMES = 1000  # about 20 CPU seconds in all, pure Python
STRONG_GAMES = 20


def _rules() -> DealRules:
    return deal_preset("simulation", turn_cap=TURN_CAP)


def _play(game: Game, names: list[str], seed: int) -> tuple[int, Any]:
    """Play a game to its end; returns the strong bot's decisions (or 0) and the bots."""
    bots = [make_deal_bot(name, bot_seed(seed, s)) for s, name in enumerate(names)]
    views = [game.seat_view(s) for s in range(game.n)]
    decisions = 0
    while True:
        seat = game.pending
        if seat is None:
            return decisions, bots
        if names[seat] == "strong":
            decisions += 1
        game.apply(seat, bots[seat].choose(views[seat], game.legal_actions(seat)))


def greedy_speed(players: int, games: int = DEFAULT_GAMES) -> dict[str, Any]:
    """Play ``games`` greedy games of ``players`` and return counts and rates per CPU
    second."""
    if games < 0:
        raise ValueError(f"games must not be negative, got {games}")
    rules = _rules()
    names = ["greedy"] * players
    turns = actions = finished = 0
    start = time.process_time()
    for seed in range(games):
        game = Game(players, seed, rules, events=False)
        _play(game, names, seed)
        turns += game.turn_number
        actions += len(game.history)
        if game.outcome is not None and game.outcome.winner is not None:
            finished += 1
    cpu = time.process_time() - start

    def rate(count: int) -> float:
        return count / cpu if cpu > 0 else 0.0

    return {
        "players": players,
        "games": games,
        "turn_cap": TURN_CAP,
        "finished_games": finished,
        "turns": turns,
        "actions": actions,
        "cpu_seconds": cpu,
        "games_per_cpu_second": rate(games),
        "actions_per_cpu_second": rate(actions),
    }


def engine_speed(players: int, games: int = DEFAULT_GAMES) -> float:
    """Games per CPU second of the engine's own benchmark player
    (:func:`monopoly.deal.players.greedy_action`, which reads the game directly and plays
    action cards before money), for comparison with the lab's greedy bot: same engine,
    another style of play (a hand that keeps its action cards makes longer legal lists)."""
    rules = _rules()
    start = time.process_time()
    for seed in range(games):
        game = Game(players, seed, rules, events=False)
        while True:
            seat = game.pending
            if seat is None:
                break
            game.apply(seat, greedy_action(game, seat))
    cpu = time.process_time() - start
    return games / cpu if cpu > 0 else 0.0


def strong_speed(players: int = 2, games: int = STRONG_GAMES) -> dict[str, Any]:
    """Games of ``strong`` against greedy bots; its decisions per CPU second of bot time."""
    if games < 0:
        raise ValueError(f"games must not be negative, got {games}")
    rules = _rules()
    decisions = 0
    logs: list[list[tuple[int, Any]]] = []
    start = time.process_time()
    for seed in range(games):
        names = ["greedy"] * players
        names[seed % players] = "strong"
        game = Game(players, seed, rules, events=False)
        made, _ = _play(game, names, seed)
        decisions += made
        logs.append(list(game.history))
    cpu = time.process_time() - start
    start = time.process_time()
    for seed, log in enumerate(logs):
        game = Game(players, seed, rules, events=False)
        for seat, action in log:
            game.legal_actions(seat)
            game.apply(seat, action)
    engine = time.process_time() - start
    in_bots = max(cpu - engine, 1e-9)
    return {
        "bot": "strong",
        "players": players,
        "games": games,
        "decisions": decisions,
        "cpu_seconds": cpu,
        "engine_cpu_seconds": engine,
        "decisions_per_cpu_second": decisions / in_bots if decisions else 0.0,
        "games_per_cpu_second": games / cpu if cpu > 0 else 0.0,
    }


def deal_bench(games: int = DEFAULT_GAMES, strong_games: int = STRONG_GAMES) -> dict[str, Any]:
    """The benchmark's JSON: ``"2"`` and ``"4"`` (greedy games of 2 and 4 players, with
    ``games_per_cpu_second``), ``games_per_cpu_second`` (``{"2": ..., "4": ...}``), the
    same for the engine's benchmark player (``engine_greedy_games_per_cpu_second``,
    :func:`engine_speed`) and ``"strong"`` (its decisions per CPU second, 2 players, when
    ``strong_games`` > 0)."""
    two = greedy_speed(2, games)
    four = greedy_speed(4, games)
    result: dict[str, Any] = {
        "2": two,
        "4": four,
        "games_per_cpu_second": {"2": two["games_per_cpu_second"],
                                 "4": four["games_per_cpu_second"]},
        "engine_greedy_games_per_cpu_second": {"2": engine_speed(2, games),
                                               "4": engine_speed(4, games)},
        "compiled": _compiled(),
    }
    if strong_games > 0:
        result["strong"] = strong_speed(2, strong_games)
    return result


def _compiled() -> bool:
    """Whether the Deal engine runs compiled (mypyc builds a .so beside the module)."""
    import monopoly.deal.game as module

    return not str(getattr(module, "__file__", "")).endswith(".py")
