"""``monopoly rl``: the reinforcement-learning environments' command (the ``rl`` extra)."""

from __future__ import annotations

from typing import Annotated

import typer

from monopoly.cli.kit import JsonOpt, check_count, fail, print_json
from monopoly.i18n import gettext as _

rl_app = typer.Typer(help="Reinforcement-learning environments (docs/rl.md).",
                     no_args_is_help=True)


@rl_app.command("bench")
def rl_bench(
    steps: Annotated[int, typer.Option(help="Learner steps per game.")] = 20_000,
    seed: Annotated[int, typer.Option(help="Seed of the games and the learner.")] = 0,
    players: Annotated[int, typer.Option(help="Board seats (the Deal plays 2).")] = 4,
    as_json: JsonOpt = False,
) -> None:
    """Steps per CPU second of monopoly/Board-v0 and monopoly/Deal-v0 against greedy bots,
    printed as JSON (with or without --json: a researcher's figures)."""
    check_count("--steps", steps, 1)
    if not 2 <= players <= 8:
        fail(_("--players must be between {low} and {high}, got {players}").format(
            low=2, high=8, players=players))
    from monopoly.rl.bench import bench

    print_json(bench(steps, seed, board_players=players))
