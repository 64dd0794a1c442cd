"""Shared set-up of the engine suite (CPython and Pyodide).

Hypothesis profiles: ``ci`` (the default) keeps the whole suite well under a
minute in CPython and a few minutes in Pyodide; ``dev`` explores more.  Pick
one with ``HYPOTHESIS_PROFILE=dev``.  Neither writes an example database, so
the suite writes no files (Pyodide's file system is a sandbox).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent

for name, examples in (("ci", 25), ("dev", 300)):
    settings.register_profile(
        name,
        max_examples=examples,
        database=None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "cpython_only: needs CPython (subprocess, files); the Pyodide runner deselects it"
    )
