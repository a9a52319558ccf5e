"""Every ``>>>`` example in the package's docstrings runs and gives what it shows.

The modules are found by their source (any ``.py`` under ``src/monopoly`` with a ``>>>``),
so a new example is tested without being listed here. The examples are read from the
source's docstrings and run in the imported module's namespace: a module compiled with
mypyc (``make native``) keeps no docstrings of its functions for ``doctest`` to find.
"""

from __future__ import annotations

import ast
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


def _docstrings(path: Path) -> list[tuple[str, str, int]]:
    """(qualified name, docstring, line) of the module and of each class and function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[str, str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}.{child.name}"
                doc = ast.get_docstring(child, clean=False)
                if doc:
                    out.append((name, doc, child.lineno))
                visit(child, name)

    doc = ast.get_docstring(tree, clean=False)
    if doc:
        out.append(("", doc, 1))
    visit(tree, "")
    return out


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    path = PACKAGE.parent / Path(*name.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    attempted = 0
    for qualname, doc, line in _docstrings(path):
        test = parser.get_doctest(doc, dict(vars(module)), name + qualname, str(path), line)
        if test.examples:
            attempted += len(test.examples)
            runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed"
    assert attempted > 0
