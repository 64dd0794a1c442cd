"""Shared set-up of the engine suite (CPython and Pyodide).  Its Hypothesis
profiles are set in ``tests/conftest.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "cpython_only: needs CPython (subprocess, files); the Pyodide runner deselects it"
    )
