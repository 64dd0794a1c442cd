"""What every search of the solver shares: the answers, the protocol a
family's search implements, and the replay that checks a solution.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Protocol

from engine import IllegalMove, Move, Position, Ruleset, next_position, why_illegal


class Status(StrEnum):
    """A search's answer; each member equals its word (``Status.SOLVED == "solved"``)."""

    SOLVED = "solved"
    """A win found: its moves replay legally in the engine."""
    UNSOLVABLE = "unsolvable"
    """Proven impossible (only the complete modes, and searches that prune nothing that could win, say so)."""
    UNKNOWN = "unknown"
    """Not found within the budget."""
    CANCELLED = "cancelled"
    """Stopped from outside."""


SOLVED, UNSOLVABLE, UNKNOWN, CANCELLED = Status.SOLVED, Status.UNSOLVABLE, Status.UNKNOWN, Status.CANCELLED


class FamilySearch(Protocol):
    """A budgeted, anytime search for a win: what :func:`solver.make_search` returns.

    :meth:`step` explores up to ``max_nodes`` positions and returns the
    answer once there is one (``None`` meanwhile); ``nodes`` counts the
    positions explored, ``moves`` holds the win once ``status`` is
    :data:`SOLVED`.  ``levelled``: a search that gives up may be tried
    again wider (:func:`solver.tries`).
    """

    nodes: int
    status: Status | None
    moves: tuple[Move, ...]

    @property
    def levelled(self) -> bool: ...

    def step(self, max_nodes: int) -> Status | None: ...


def replay(rules: Ruleset, pos: Position, moves: Iterable[Move]) -> Position:
    """Play ``moves`` from ``pos`` checking each is legal (raises ``IllegalMove``).

    >>> import engine
    >>> g = engine.game_from_notation("spider-1", "KsQsJs/Ts9s/*As8s7s6s5s4s3s2s/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    >>> replay(g.rules, g.position, [Move.tableau(1, 0, 2)]).tableau[:2]
    ((52, 48, 44, 40, 36), ())
    >>> replay(g.rules, g.position, [Move.tableau(0, 1)])
    Traceback (most recent call last):
    ...
    engine.errors.IllegalMove: The card must go on a queen (of any suit) or an empty column.
    """
    for m in moves:
        reason = why_illegal(rules, pos, m)
        if reason is not None:
            raise IllegalMove(reason, m)
        pos = next_position(rules, pos, m)
    return pos
