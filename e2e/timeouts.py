"""How long the browser tests wait, in one place for every importer.

Imported by its package name only (``from e2e.timeouts import ...``): the
tests import the kits by their short names (``harness``, ``tablekit``) and
``bench/`` by their package names (``e2e.harness``, ``e2e.tablekit``), so a
constant that one kit imported from the other would be one file under two
module names (mypy refuses that, and ``python -m bench.ui_bench`` could not
import the short name); this module has the one name in both.
"""

from __future__ import annotations

READY_TIMEOUT_MS = 90_000
"""How long a start may take: ``<html data-ready>`` (a card can be dragged)."""
SEARCH_TIMEOUT_MS = 90_000
"""A search the page runs (Show me, "Still winnable?", the dead end): its
budget is counted in positions, so on a busy machine (four browsers on two
cores) it takes longer in seconds."""
