"""The layout's vocabulary: its proportions and value types (pure).

:mod:`ui.table.layout` computes a :class:`Layout` from a :class:`TableShape` and a
viewport; these are the pieces both sides use.  See :mod:`ui.table.layout` for
what they mean together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from engine import PileId, PileRole

# --- Proportions (fractions of the card width ``w`` or height ``h``) -------

ASPECT = 7 / 5
"""Card height / card width (5:7, like the SVG art)."""
INDEX_STRIP = 0.25
"""Height of the corner-index strip (rank and suit) as a fraction of the card
height: the card art draws the index above it, and face-up cards are never
fanned closer unless a column cannot fit otherwise."""
FACE_UP_OFFSET = 0.30
"""Nominal fan offset of a covered face-up card, fraction of card height."""
FACE_DOWN_OFFSET = 0.11
"""Nominal fan offset of a covered face-down card, fraction of card height."""
FACE_DOWN_MIN = 0.05
"""Face-down offset floor before face-up cards are compressed."""
TOUCH_STEP = 26.0
"""A fingertip's share of a face-up card, in CSS pixels: where the cards are
small (a phone in portrait, 10 columns across), a column with room fans its
face-up cards this far apart (up to :data:`FACE_UP_ROOMY` of the card
height) instead of :data:`FACE_UP_OFFSET`, so a card in the middle of a run
can be grabbed; a column compresses only when it needs to."""
FACE_UP_ROOMY = 0.5
"""Cap of the touch-sized face-up step, fraction of card height."""
TOUCH_STEP_DOWN = 8.0
"""The face-down step, in CSS pixels, of a column with room (up to
:data:`FACE_DOWN_ROOMY` of the card height): the count of hidden cards reads
at a glance on small cards too."""
FACE_DOWN_ROOMY = 0.18
"""Cap of the roomy face-down step, fraction of card height."""
SPREAD_STEP = 36.0
"""The face-up step, in CSS pixels, a column with free height below it
spreads to (up to :data:`SPREAD_ROOMY` of the card height, and never below
:func:`~ui.table.layout.fan_steps`): on a phone in portrait, where ten
columns make the cards small and leave the lower felt empty, a short or
middling column fills the free height, so a card mid-run is a whole
fingertip's target; large cards keep their proportions."""
SPREAD_ROOMY = 0.7
"""Cap of the spread face-up step, fraction of card height."""
GAP = 0.06
"""Horizontal gap between columns, fraction of card width."""
BAR_GAP = 0.12
"""Vertical gap between the bar (or the foundation row) and the columns,
fraction of card height."""
FREE_SEPARATION = 0.35
"""Extra space (fraction of card width) that sets the Free Column apart."""
GROUP_SEPARATION = 0.3
"""Minimum space (fraction of card width) between the columns and the side
strip, and between the two ends of the bar."""
STOCK_SPREAD_ACROSS = 0.45
"""Room (fraction of card width) reserved beside the stock in a bar to show
one stack per deal left."""
STOCK_SPREAD_DOWN = 0.3
"""The same in a side strip, fraction of card height."""
STOCK_STEP_MAX = 0.15
"""Largest step between stock stacks, fraction of the card's size along it."""
DRAW_EDGE = 0.025
"""Step (fraction of card height) by which each card under a draw pile's
top card shows its lower edge: the pile reads as a stack, not a loose card."""
DRAW_EDGES = 7
"""Card edges a draw pile can show under its top card (Tournament Spider's
piles hold 8 cards); their room is kept whatever the piles hold."""
DRAW_LABEL = 1.3
"""Width (fraction of card width) kept beside the draw piles' row for its
label ("Draw piles")."""
COMPACT_STEP_ACROSS = 0.25
"""Step between compact foundation slots in a bar, fraction of card width."""
COMPACT_STEP_DOWN = INDEX_STRIP
"""Step between compact foundation slots in a side strip (shows each index)."""
Z_STRIDE = 128
"""Card ``z`` is ``Z_STRIDE * pile_order + position_in_pile + 1``."""

EPS = 1e-9


# --- Input -----------------------------------------------------------------


class FoundationStyle(Enum):
    """How the foundations (or completed-run slots) are shown.

    ``ROW``: separate slots side by side (or in a grid in a side strip).
    ``COMPACT``: one overlapping fan (Spider's completed runs): each slot's
    left edge shows in a bar, each slot's index strip in a side strip.
    """

    ROW = "row"
    COMPACT = "compact"


class Arrangement(Enum):
    """Where the non-column piles stand; see the module docstring."""

    TOP = "top"
    BOTTOM = "bottom"
    SIDE = "side"
    ROWS = "rows"
    WINGS = "wings"


Pile = tuple[bool, ...]
"""A pile's cards as face-up flags, bottom card first (True = face up)."""


def pile_flags(down: int, up: int) -> Pile:
    """Flags for ``down`` face-down cards under ``up`` face-up cards.

    >>> pile_flags(2, 1)
    (False, False, True)
    """
    return (False,) * down + (True,) * up


@dataclass(frozen=True, slots=True)
class TableShape:
    """The piles of a game, each as face-up flags (bottom card first).

    ``columns``: the tableau piles that fan downwards, left to right (with
    ``two_rows``: the upper row, then the lower row; the upper row gets the
    extra pile of an odd count). ``stock``: the single stock or None;
    ``stock_deal``: cards per deal, so the stock shows one stack per deal
    left (``ceil(len(stock) / stock_deal)``; 0 shows one stack).
    ``draw_piles``: Tournament Spider's choosable draw piles (square stacks,
    top card visible). ``foundations``: foundations or completed-run slots,
    squared stacks, shown as ``foundation_style``. ``free_column``: the
    Tournament Free Column (a column set apart at the end of the row).
    ``sizing_column``: (face-down, face-up) counts of the column the card
    size is chosen for: it fits with every face-up index visible; longer
    columns are compressed further.

    Keep the number of piles of each kind constant through a game (an empty
    foundation, an emptied draw pile or an empty stock is ``()``, not
    missing): the card size depends on these counts, and on nothing else of
    the table, so cards keep their size from move to move.
    """

    columns: tuple[Pile, ...]
    stock: Pile | None = None
    stock_deal: int = 0
    draw_piles: tuple[Pile, ...] = ()
    foundations: tuple[Pile, ...] = ()
    foundation_style: FoundationStyle = FoundationStyle.ROW
    free_column: Pile | None = None
    two_rows: bool = False
    sizing_column: tuple[int, int] = (5, 13)

    def __post_init__(self) -> None:
        if not self.columns:
            raise ValueError("a table needs at least one column")
        if self.stock_deal < 0:
            raise ValueError("stock_deal must be >= 0")
        down, up = self.sizing_column
        if down < 0 or up < 0 or down + up < 1:
            raise ValueError("sizing_column needs at least one card and no negative count")


@dataclass(frozen=True, slots=True)
class Options:
    """Viewport-independent settings.

    ``top_bar``: height reserved at the top for the toolbar and status (and
    Tournament's header); nothing is placed above it. ``left_handed``:
    mirror the table. ``bar_at_bottom``: put the bar below the columns in the
    ``TOP`` arrangement (it becomes ``BOTTOM``). ``max_card_width``: cap on
    the card width. ``margin``: empty border around the table.
    ``portrait``: keep the portrait arrangements (``TOP``, ``ROWS``) whatever
    the viewport (seed 000's "Portrait Orientation" setting).
    """

    top_bar: float = 48.0
    left_handed: bool = False
    portrait: bool = False
    bar_at_bottom: bool = False
    max_card_width: float = 120.0
    margin: float = 4.0


DEFAULT_OPTIONS = Options()


# --- Output ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle in CSS pixels (y grows downwards)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def contains(self, px: float, py: float) -> bool:
        """Whether the point lies inside (left/top edges in, right/bottom out)."""
        return self.x <= px < self.right and self.y <= py < self.bottom

    def overlap_area(self, other: Rect) -> float:
        """Area of the intersection with ``other`` (0 when they only touch)."""
        w = min(self.right, other.right) - max(self.x, other.x)
        h = min(self.bottom, other.bottom) - max(self.y, other.y)
        return w * h if w > 0 and h > 0 else 0.0

    def mirrored(self, width: float) -> Rect:
        """This rectangle mirrored in a viewport ``width`` pixels wide."""
        return Rect(width - self.x - self.width, self.y, self.width, self.height)


@dataclass(frozen=True, slots=True)
class CardPlace:
    """Top-left corner of one card, its stacking order and face."""

    x: float
    y: float
    z: int
    face_up: bool


@dataclass(frozen=True, slots=True)
class PileLayout:
    """One pile's geometry.

    ``rect``: the area the pile owns: its empty-pile placeholder (the base
    card slot) and every card of it; for the stock, the whole room reserved
    for its stacks. ``hit``: the drop target, generous: a column's reaches
    down to the bottom of the viewport (or of its row) and spans half the gap
    on each side. ``cards``: one :class:`CardPlace` per input flag, in the
    same order (bottom card first). ``down_offset``/``up_offset``: the fan
    steps used for covered face-down/face-up cards (0 for squared piles).
    """

    id: PileId
    rect: Rect
    hit: Rect
    cards: tuple[CardPlace, ...]
    down_offset: float = 0.0
    up_offset: float = 0.0


@dataclass(frozen=True, slots=True)
class Layout:
    """The result of :func:`layout_table`.

    ``index_strip`` is the height in pixels of a card's corner-index strip
    (the floor of face-up fan offsets). ``piles`` are in a fixed order:
    columns, free column, foundations, draw piles, stock.
    """

    width: float
    height: float
    card_width: float
    card_height: float
    gap: float
    index_strip: float
    arrangement: Arrangement
    mirrored: bool
    piles: tuple[PileLayout, ...]

    def pile(self, role: PileRole, index: int = 0) -> PileLayout:
        """The pile with this role and index; KeyError if there is none."""
        for p in self.piles:
            if p.id.role is role and p.id.index == index:
                return p
        raise KeyError(PileId(role, index))

    def pile_of(self, pid: PileId) -> PileLayout:
        """The pile named ``pid``; KeyError if there is none."""
        return self.pile(pid.role, pid.index)

    def piles_of(self, role: PileRole) -> tuple[PileLayout, ...]:
        """Every pile of a role, by index."""
        return tuple(p for p in self.piles if p.id.role is role)

    def pile_at(self, px: float, py: float) -> PileId | None:
        """The pile whose hit rectangle contains the point (topmost slot of
        a compact fan), or None."""
        found: PileId | None = None
        for p in self.piles:
            if p.hit.contains(px, py):
                found = p.id
        return found

    def best_drop(self, card: Rect, candidates: Sequence[PileId] | None = None) -> PileId | None:
        """The pile whose hit rectangle overlaps ``card`` (e.g. the dragged
        card's rectangle) the most, among ``candidates`` if given; None when
        nothing overlaps."""
        allowed = None if candidates is None else set(candidates)
        best: PileId | None = None
        best_area = 0.0
        for p in self.piles:
            if allowed is not None and p.id not in allowed:
                continue
            area = p.hit.overlap_area(card)
            if area > best_area:
                best, best_area = p.id, area
        return best
