"""A whole tournament of bots, offline: registration, seating, the rounds' games, the
sheets, the standings, by the same operations as a real event (the simulator is the
chief referee and the banker of every table).

Entrant ``i`` plays with the bot ``bots[i % len(bots)]``. The games run on a simulated
clock (:data:`~monopoly.lab.board.simulate.SECONDS_PER_ACTION` per action), so the game
time of the settings (45 minutes by the championship) is called with the
finish-your-turn rule without any waiting. Table ``k`` of round ``r`` has the game seed
``game_seed(round seed, k)``; the tables of a round are played in this process or in
`workers` processes (:func:`~monopoly.lab.runner.run_chunks`), with the same results.

Example::

    >>> out = simulate(8, 2, ["greedy", "random"], seed=1)
    >>> [len(r) for r in out["rounds"]], len(out["standings"])
    ([2, 2], 8)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from monopoly.board.clocks import StepClock, TableClock
from monopoly.board.edition import load_edition
from monopoly.board.game import Game
from monopoly.bots import make_bot
from monopoly.bots.board.driver import play_game
from monopoly.core.seeds import bot_seed, game_seed
from monopoly.lab.board.simulate import MAX_ACTIONS, SECONDS_PER_ACTION
from monopoly.lab.runner import run_chunks
from monopoly.tournament.desk import next_seating, round_seed
from monopoly.tournament.errors import TournamentError
from monopoly.tournament.scoring import as_number, scoring, table_points
from monopoly.tournament.seating import repeat_pairs
from monopoly.tournament.settings import Settings
from monopoly.tournament.state import CHIEF, SERVER, Op, Tournament

__all__ = ["game_lines", "simulate"]

# A safety net for a game that would never end on its own (no time limit in the preset).
MAX_TURNS = 1000


@dataclass(frozen=True)
class _RoundSetup:
    settings: dict[str, Any]
    seed: int  # the round's seed


def game_lines(game: Game, players: Sequence[int]) -> list[dict[str, Any]]:
    """The score-sheet lines of a finished (or stopped) game: seat ``s`` is entrant
    ``players[s]``; assets by docs/rules.md §11, the bankrupt in the order they fell."""
    from monopoly.narration.board.sheet import score_sheet

    sheet = score_sheet(game.seat_view(None), events=())
    fallen = list(game.seat_view(None).bankrupt_order)
    lines = []
    for s, row in enumerate(sheet["players"]):
        bankrupt = bool(row["bankrupt"])
        other = 0 if bankrupt else row["claims"] - row["debts"]
        cash = 0 if bankrupt else row["cash"]
        props = 0 if bankrupt else row["property_total"]
        build = 0 if bankrupt else row["buildings_total"]
        total = cash + props + build + other
        if total < 0:  # more owed than held at the very end: nothing left to count
            other -= total
            total = 0
        lines.append({"player": players[s], "cash": cash, "properties": props,
                      "buildings": build, "other": other, "total": total,
                      "bankrupt_order": fallen.index(s) + 1 if bankrupt else None})
    return lines


def _play_tables(setup: _RoundSetup, start: int,
                 seatings: Sequence[Sequence[str]]) -> list[dict[str, Any]]:
    settings = Settings.from_dict(setup.settings)
    rules = settings.rules()
    if rules.turn_limit is None:
        rules = rules.with_options(turn_limit=MAX_TURNS)
    edition = load_edition(settings.edition)
    out = []
    for k, bots in enumerate(seatings):
        index = start + k
        seed = game_seed(setup.seed, index)
        game = Game([f"seat {s + 1}" for s in range(len(bots))], seed, rules, edition,
                    events=False)
        players = [make_bot(name, bot_seed(seed, s)) for s, name in enumerate(bots)]
        clock: TableClock | None = TableClock(rules, StepClock(step=SECONDS_PER_ACTION))
        if clock is not None and not clock.active:
            clock = None
        play_game(game, players, max_actions=MAX_ACTIONS, clock=clock)
        outcome = game.outcome
        out.append({"index": index, "seed": seed, "turns": game.turn_number,
                    "actions": len(game.history),
                    "reason": outcome.reason if outcome is not None else "unfinished",
                    "lines": game_lines(game, list(range(len(bots))))})
    return out


def simulate(
    players: int,
    rounds: int,
    bots: Sequence[str],
    *,
    preset: str = "tournament",
    scoring_name: str = "championship",
    seed: int = 0,
    workers: int = 1,
    table_size: int = 4,
    format: str = "random",
    final_size: int = 0,
    game_minutes: int = 45,
    edition: str = "standard",
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Run a tournament of bots and return its rounds, tables and standings (JSON-ready):
    ``{"players", "rounds": [[[entrant, ...] per table] per round], "tables": [...],
    "standings": [{"player", "name", "bot", "points", "assets", "rank", ...}],
    "repeat_pairs", ...}``."""
    from monopoly.bots import BOT_NAMES

    if not bots:
        raise TournamentError("invalid", "name at least one bot")
    for name in bots:
        if name not in BOT_NAMES:
            raise TournamentError("invalid", "unknown bot {name}; the bots are: {names}",
                                  name=name, names=", ".join(BOT_NAMES))
    if not isinstance(players, int) or players < 3:
        raise TournamentError("invalid", "a tournament needs at least 3 players")
    settings = Settings.from_dict({
        "name": "Simulation", "date": "2000-01-01", "rounds": rounds, "preset": preset,
        "scoring": scoring_name, "seed": seed, "table_size": table_size, "format": format,
        "final_size": final_size, "game_minutes": game_minutes, "edition": edition,
        "options": dict(options or {}),
    })
    t = Tournament("simulation", settings)
    width = len(str(players))
    bot_of = [bots[i % len(bots)] for i in range(players)]
    for i in range(players):
        t.apply(Op("player_added", {"name": f"P{i + 1:0{width}} {bot_of[i]}"}), CHIEF, 0.0)
    scheme = scoring(settings.scoring)
    clock = 0.0
    tables_out: list[dict[str, Any]] = []
    total_rounds = rounds + (1 if final_size else 0)
    for number in range(1, total_rounds + 1):
        final = number > rounds
        tables = next_seating(t, final=final)
        t.apply(Op("round_seated", {"round": number, "tables": tables, "final": final}),
                CHIEF, clock)
        t.apply(Op("round_started", {"round": number}), CHIEF, clock)
        setup = _RoundSetup(settings.to_dict(), round_seed(seed ^ 0x5EED, number))
        played = run_chunks(setup, [[bot_of[p] for p in table] for table in tables],
                            _play_tables, workers=workers)
        clock += game_minutes * 60
        t.apply(Op("time_called", {"round": number}), CHIEF, clock)
        for k, (table, game) in enumerate(zip(tables, played, strict=True), start=1):
            lines = [{**line, "player": table[s]} for s, line in enumerate(game["lines"])]
            t.apply(Op("result_entered", {"round": number, "table": k, "lines": lines,
                                          "source": "online"}), SERVER, clock)
            for p in table:
                t.apply(Op("sheet_confirmed", {"round": number, "table": k, "player": p}),
                        CHIEF, clock)
            t.apply(Op("result_accepted", {"round": number, "table": k}), CHIEF, clock)
            result = t.round(number).table(k).result()
            points = table_points(result, scheme)
            tables_out.append({
                "round": number, "table": k, "final": final, "players": table,
                "bots": [bot_of[p] for p in table], "seed": game["seed"],
                "turns": game["turns"], "actions": game["actions"], "reason": game["reason"],
                "assets": [line["total"] for line in lines],
                "points": [as_number(points[p]) for p in table],
            })
        t.apply(Op("round_closed", {"round": number}), CHIEF, clock)
    standing = t.standings()
    seatings = [[list(tb.players) for tb in r.tables] for r in t.rounds if not r.final]
    return {
        "players": players,
        "rounds": seatings,
        "final": [list(r.tables[0].players) for r in t.rounds if r.final][:1] or None,
        "bots": list(bots),
        "preset": preset,
        "scoring": settings.scoring,
        "seed": seed,
        "repeat_pairs": repeat_pairs([tuple(tuple(tb) for tb in r) for r in seatings]),
        "tables": tables_out,
        "standings": [
            {"player": s.player, "name": t.entrants[s.player].name, "bot": bot_of[s.player],
             "points": as_number(s.points), "assets": s.assets, "rank": s.rank,
             "games": s.games, "wins": s.wins}
            for s in standing
        ],
        "by_bot": _by_bot(standing, bot_of),
    }


def _by_bot(standing: Sequence[Any], bot_of: Sequence[str]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for s in standing:
        row = out.setdefault(bot_of[s.player], {"players": 0, "points": Fraction(0),
                                                "rank": 0, "wins": 0})
        row["players"] += 1
        row["points"] += s.points
        row["rank"] += s.rank
        row["wins"] += s.wins
    return {bot: {"players": r["players"],
                  "mean_points": round(float(r["points"]) / r["players"], 3),
                  "mean_rank": round(r["rank"] / r["players"], 2), "wins": r["wins"]}
            for bot, r in sorted(out.items())}
