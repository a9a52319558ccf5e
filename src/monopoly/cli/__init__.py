"""The command line: `monopoly ...` (Typer); the app and its commands are assembled in
:mod:`monopoly.cli.app`."""

from monopoly.cli.app import app

__all__ = ["app"]
