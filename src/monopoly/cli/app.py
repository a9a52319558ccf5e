"""The ``monopoly`` command (Typer): the app, its callback, and every command registered
in the order ``monopoly --help`` lists them.

The commands live by subject: :mod:`monopoly.cli.board` (demo, presets, rules, replay,
check), :mod:`monopoly.cli.lab` (landing, analyze markov, bench, simulate, ladder),
:mod:`monopoly.cli.serve` (serve, verify, loadtest), :mod:`monopoly.cli.play` (the
terminal game), and the ``deal`` sub-app of
:mod:`monopoly.cli.deal`; what they share is in :mod:`monopoly.cli.kit`.

Commands::

    monopoly play
    monopoly demo | presets | rules | replay | landing | check | bench | simulate | ladder
    monopoly serve | verify | loadtest
    monopoly analyze markov
    monopoly deal deck | check | simulate | bench
    monopoly rl bench
    monopoly tournament seat | simulate | create | add | import | next-round | start | ...

Bad input (an unknown jail rule, a negative count, a missing or unreadable record) is one
line on stderr and exit code 2; a failed conformance check is exit code 1.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer

from monopoly.cli import board, lab, play, serve
from monopoly.cli.deal import deal_app
from monopoly.cli.rl import rl_app
from monopoly.cli.tournament import tournament_app
from monopoly.i18n import current_language, reset_language, set_language

__all__ = ["analyze_app", "app", "command_scope"]

app = typer.Typer(
    name="monopoly",
    help="Monopoly: play demo games, replay records, simulate and analyse the board.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def command_scope(ctx: typer.Context) -> None:
    """Every command ends in the language it started in: a command run in-process (as the
    tests run them) leaves no language of its --lang behind."""
    token = set_language(current_language())
    ctx.call_on_close(lambda: reset_language(token))


# (name, command): the name is the function's unless given
_COMMANDS: tuple[tuple[str | None, Callable[..., Any]], ...] = (
    (None, play.play),
    (None, board.demo),
    (None, board.presets),
    ("rules", board.rules_cmd),
    ("replay", board.replay_cmd),
    (None, lab.landing),
    (None, board.check),
    (None, lab.bench),
    (None, lab.simulate),
    (None, lab.ladder),
    (None, serve.serve),
    (None, serve.verify),
    (None, serve.loadtest),
)
for _name, _command in _COMMANDS:
    app.command(_name)(_command)

analyze_app = typer.Typer(help="Exact analyses of the board.", no_args_is_help=True)
analyze_app.command()(lab.markov)
app.add_typer(analyze_app, name="analyze")
app.add_typer(deal_app, name="deal")
app.add_typer(tournament_app, name="tournament")
app.add_typer(rl_app, name="rl")
