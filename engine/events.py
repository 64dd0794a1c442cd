"""What an action caused, in order, for the UI to animate and announce.

Piles are named by their stable ids (``column-3``, ``free``, ``stock``,
``draw-2``, ``foundation-1``), the same ids the page puts in ``data-pile``.
Cards are card ints (:mod:`engine.cards`).
"""

from __future__ import annotations

from typing import NamedTuple, Union


class Moved(NamedTuple):
    """Cards went from one pile to another (tableau or foundation)."""

    src: str
    dst: str
    cards: tuple[int, ...]


class Dealt(NamedTuple):
    """A deal: each (pile, card) placement, in dealing order."""

    source: str
    placements: tuple[tuple[str, int], ...]


class Flipped(NamedTuple):
    """A face-down card was turned face up (or face down again, on undo)."""

    pile: str
    card: int
    up: bool = True


class RunRemoved(NamedTuple):
    """A completed King-to-Ace run left a column for a foundation slot."""

    pile: str
    cards: tuple[int, ...]
    slot: str


class ScoreChanged(NamedTuple):
    """The score went from ``before`` to ``after``."""

    before: int
    after: int


class StatusChanged(NamedTuple):
    """The game ended (or, by undo, resumed): status and a reason word."""

    status: str
    reason: str


Event = Union[Moved, Dealt, Flipped, RunRemoved, ScoreChanged, StatusChanged]
