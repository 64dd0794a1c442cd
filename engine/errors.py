"""The engine's typed errors.  Each is a :class:`ValueError` with a readable message."""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalMove(EngineError):
    """A move that the rules do not allow here; ``reason`` is a sentence for the player."""

    def __init__(self, reason: str, move: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.move = move


class NotationError(EngineError):
    """Text that is not a valid card, move or position."""


class SaveError(EngineError):
    """A saved game that cannot be loaded (corrupt, truncated, unknown version, tampered)."""


class OptionError(EngineError):
    """An unknown preset, an unknown option or an option value out of range."""
