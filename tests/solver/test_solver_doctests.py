"""The examples in the solver's docstrings run (here, so that they run in Pyodide too)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import solver

MODULES = sorted(name for _, name, _ in pkgutil.walk_packages(solver.__path__, "solver."))


def test_the_solver_modules_are_all_here() -> None:
    assert {"solver.spider", "solver.little", "solver.spidike", "solver.base"} <= set(MODULES)


@pytest.mark.parametrize("name", ["solver"] + MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
