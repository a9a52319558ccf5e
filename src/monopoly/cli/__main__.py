"""`python -m monopoly.cli`: the same command line as the `monopoly` script."""

from monopoly.cli import app

app()
