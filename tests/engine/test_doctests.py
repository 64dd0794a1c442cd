"""The engine README's examples run (the docstrings' examples run with
``pytest engine/ --doctest-modules``, as tools/test.sh does, in CPython and
in Pyodide)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import engine


def test_readme_examples() -> None:
    readme = Path(engine.__file__).with_name("README.md")
    if not readme.is_file():
        pytest.skip("engine/README.md is not in this file system")
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS, encoding="utf-8")
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in engine/README.md"
