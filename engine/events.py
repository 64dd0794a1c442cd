"""What an action caused, in order, for the UI to animate and announce.

Piles are named by :class:`~engine.piles.PileId` (``column-3``, ``free``,
``stock``, ``draw-2``, ``foundation-1``), the same ids the page puts in
``data-pile``.
Cards are faces, :data:`engine.Card` (:mod:`engine.cards`): an event never names
a physical card; the page's card tracker (``ui.table.cards``) keeps which
:data:`engine.CardId` each one is.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .cards import Card
from .piles import PileId


class Moved(NamedTuple):
    """Cards went from one pile to another (tableau or foundation)."""

    src: PileId
    dst: PileId
    cards: tuple[Card, ...]


class Dealt(NamedTuple):
    """A deal: each (pile, card) placement, in dealing order."""

    source: PileId
    placements: tuple[tuple[PileId, Card], ...]


class Flipped(NamedTuple):
    """A face-down card was turned face up (or face down again, on undo)."""

    pile: PileId
    card: Card
    up: bool = True


class RunRemoved(NamedTuple):
    """A completed King-to-Ace run left a column for a foundation slot."""

    pile: PileId
    cards: tuple[Card, ...]
    slot: PileId


class ScoreChanged(NamedTuple):
    """The score went from ``before`` to ``after``."""

    before: int
    after: int


class Outcome(StrEnum):
    """Where a game stands: being played, won, or lost for good.

    A member is its word (``Outcome.WON == "won"``), so saves, page hooks
    and messages read the same as before.
    """

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class EndReason(StrEnum):
    """Why a game stopped: won, no move left (``stuck``: Undo can still
    resume it), ended by the player (``resigned``) or out of time."""

    WON = "won"
    STUCK = "stuck"
    RESIGNED = "resigned"
    TIME = "time"


class StatusChanged(NamedTuple):
    """The game ended, or an undo resumed a stuck game: its outcome, and
    why it ended (an :class:`EndReason`; None when play resumed)."""

    status: Outcome
    reason: EndReason | None


Event = Moved | Dealt | Flipped | RunRemoved | ScoreChanged | StatusChanged
