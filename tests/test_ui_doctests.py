"""The examples in the page side's docstrings run, and hold.

Every pure module of ``ui/`` (a module not named ``*_view``, outside
``ui/browser/``: it imports without a browser) has its doctests run here,
and so has ``ui/browser/stdlib.py``, which needs no browser either.  The
same runs by hand with ``pytest --doctest-modules -o
consider_namespace_packages=true ui/<package>`` (``ui`` is a namespace
package: without the option pytest imports its modules under a second name).
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _pure_modules() -> list[str]:
    out = ["ui.browser.stdlib"]
    for path in sorted((ROOT / "ui").glob("*/*.py")):
        package = path.parent.name
        if package == "browser" or path.stem.endswith("_view"):
            continue
        out.append(f"ui.{package}" if path.stem == "__init__" else f"ui.{package}.{path.stem}")
    return out


PURE = _pure_modules()


def test_the_pure_modules_hold_examples() -> None:
    finder = doctest.DocTestFinder()
    with_examples = {name for name in PURE if any(t.examples for t in finder.find(importlib.import_module(name)))}
    # the ones a reader meets first: the header's text, the help, the keys,
    # the address, the cards' tracker, the layout's vocabulary
    expected = {
        "ui.chrome.header",
        "ui.screens.help",
        "ui.table.keyboard",
        "ui.game.address",
        "ui.table.cards",
        "ui.table.layout_types",
    }
    assert expected <= with_examples


@pytest.mark.parametrize("name", PURE)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False, report=True)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"
