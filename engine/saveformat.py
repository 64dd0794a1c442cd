"""The save format's identity: its name, its version and its fields.

:meth:`engine.Game.to_dict` writes it and :func:`engine.saves.load_game`
reads it; both import these from here, so neither imports the other's
module back (the game knows nothing of loading).
"""

from __future__ import annotations

FORMAT = "spider-save"
VERSION = 1
KEYS = frozenset(
    {
        "format",
        "version",
        "preset",
        "options",
        "deal",
        "start",
        "moves",
        "redo",
        "penalties",
        "undos",
        "elapsed",
        "result",
    }
)
"""Every field of a save, each required."""
