"""Helpers shared by the CPython tests (``tests/``) and the browser tests
(``e2e/``) that need the page side's model, not a browser: import them as
``from tests.kit import ...``.  The engine's own test helpers, which run in
Pyodide too, are in ``tests/engine/enginetest.py``; the browser tests' in
``e2e/tablekit.py``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import engine
from ui.table.cards import Tracker

ROOT = Path(__file__).resolve().parent.parent


def public_piles(g: engine.Game) -> dict[str, list[int | None]]:
    """Each pile of G as a player sees it, bottom to top: a face-up card's
    number, None for a face-down card."""
    t = Tracker.from_view(g.rules, g.public_view())
    return {p: [t.cards[u] for u in uids] for p, uids in t.piles.items()}


def fresh_python(code: str, hash_seed: int) -> str:
    """What CODE prints when a new CPython runs it from the project folder
    with ``PYTHONHASHSEED=hash_seed``: another process, whose set and dict
    orders hashing decides differ from this one's.  Fails the test if it
    does not run."""
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed)}
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert run.returncode == 0, run.stderr
    return run.stdout
