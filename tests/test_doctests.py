"""Every ``>>>`` example in the package's docstrings runs and gives what it shows.

The modules are found by their source (any ``.py`` under ``src/monopoly`` with a ``>>>``),
so a new example is tested without being listed here.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import monopoly

PACKAGE = Path(monopoly.__file__).parent


def _modules_with_examples() -> list[str]:
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if ">>>" not in path.read_text(encoding="utf-8"):
            continue
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


MODULES = _modules_with_examples()


def test_the_examples_are_found() -> None:
    assert "monopoly.core.registry" in MODULES and "monopoly.board.game" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=False)
    if result.failed:
        # run again, reporting, so that the failure is in the test's output
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        for test in doctest.DocTestFinder().find(module):
            runner.run(test)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed"
    assert result.attempted > 0
