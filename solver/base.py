"""What every search of the solver shares: the answers, the protocol a
family's search implements, and the replay that checks a solution.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from engine import IllegalMove, Move, Position, Ruleset, next_position, why_illegal

SOLVED, UNSOLVABLE, UNKNOWN, CANCELLED = "solved", "unsolvable", "unknown", "cancelled"
"""A search's answers: a win found (its moves replay legally), proven
impossible (only the complete modes say so), not found within the budget,
stopped from outside."""


class FamilySearch(Protocol):
    """A budgeted, anytime search for a win: what :func:`solver.make_search` returns.

    :meth:`step` explores up to ``max_nodes`` positions and returns the
    answer once there is one (``None`` meanwhile); ``nodes`` counts the
    positions explored, ``moves`` holds the win once ``status`` is
    :data:`SOLVED`.  ``levelled``: a search that gives up may be tried
    again wider (:func:`solver.tries`).
    """

    nodes: int
    status: str | None
    moves: tuple[Move, ...]

    @property
    def levelled(self) -> bool: ...

    def step(self, max_nodes: int) -> str | None: ...


def replay(rules: Ruleset, pos: Position, moves: Iterable[Move]) -> Position:
    """Play ``moves`` from ``pos`` checking each is legal (raises ``IllegalMove``)."""
    for m in moves:
        reason = why_illegal(rules, pos, m)
        if reason is not None:
            raise IllegalMove(reason, m)
        pos = next_position(rules, pos, m)
    return pos
