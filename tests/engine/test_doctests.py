"""The examples in the engine's docstrings run (here, so that they run in Pyodide too)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import engine

MODULES = sorted(name for _, name, _ in pkgutil.walk_packages(engine.__path__, "engine."))


def test_the_engine_modules_are_all_here() -> None:
    assert {
        "engine.cards",
        "engine.game",
        "engine.moves",
        "engine.play",
        "engine.position",
        "engine.rng",
        "engine.rules",
        "engine.saves",
        "engine.view",
    } <= set(MODULES)


@pytest.mark.parametrize("name", ["engine"] + MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_readme_examples() -> None:
    readme = Path(engine.__file__).with_name("README.md")
    if not readme.is_file():
        pytest.skip("engine/README.md is not in this file system")
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS, encoding="utf-8")
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in engine/README.md"
