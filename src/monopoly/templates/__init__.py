"""Jinja2 templates: the printable score sheet (:mod:`monopoly.narration.board.sheet`) and the
strategy
lab's report (:mod:`monopoly.lab.report`), rendered through one shared environment."""

from __future__ import annotations

from functools import cache

from jinja2 import Environment, PackageLoader, select_autoescape

__all__ = ["environment"]


@cache
def environment() -> Environment:
    """The templates of this package, HTML autoescaped."""
    return Environment(
        loader=PackageLoader("monopoly", "templates"),
        autoescape=select_autoescape(["html"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
