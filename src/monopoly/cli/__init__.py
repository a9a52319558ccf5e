"""The command line: `monopoly ...` (Typer)."""

from monopoly.cli.board import app

__all__ = ["app"]
