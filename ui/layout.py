"""Table layout: where every pile and card goes, as a pure function.

:func:`layout_table` maps a :class:`Table` (which piles exist and, for each
pile, the face-up/face-down flags of its cards, bottom card first) and a
viewport size in CSS pixels to a :class:`Layout`: the card size, each pile's
rectangle and drop (hit) rectangle, and each card's position and stacking
order. It has no browser imports and no state, so pytest tests it directly
and the table calls it again on every move, resize or rotation (also in the
middle of a drag: nothing here depends on the previous layout).

Card size
    Cards keep a 5:7 aspect (``height = width * 7 / 5``, :data:`ASPECT`),
    like a poker card and like the SVG art in ``assets/cards/``. The width is
    the largest whole number of pixels (capped by
    :attr:`Options.max_card_width`, 120 px by default, so desktop cards do
    not get absurd) for which the table fits the viewport and a column of the
    table's :attr:`Table.sizing_column` shape shows every face-up card's
    corner index. It depends only on the table's *shape* and the viewport,
    never on the cards, so cards do not resize after a move.

Arrangements (:class:`Arrangement`)
    ``TOP``: stock, draw piles and foundations in a bar one card high above
    the columns (``BOTTOM`` with :attr:`Options.bar_at_bottom`); this is the
    portrait phone layout, where 10 columns take the full width (cards of
    about 33 px on a 360 px phone). ``SIDE``: they stand in a strip beside
    the columns, which then get the full height; this wins on landscape
    phones and wide screens. The function tries both and keeps the one with
    the larger cards (``TOP`` on a tie). ``ROWS``: Little Spider's two rows
    of piles with the foundations (and the stock) in a row between them;
    where that would make cards smaller than
    :data:`COMFORTABLE_CARD_WIDTH` (landscape phones), ``WINGS`` puts the
    upper row at the left, the lower row at the right and the foundations
    and stock between them, if that gives larger cards. The table is centred
    horizontally.

Fanning and compression
    Columns fan downwards: face-down cards by :data:`FACE_DOWN_OFFSET` of the
    card height, face-up cards by :data:`FACE_UP_OFFSET`. A column that would
    run past the bottom first packs its face-down cards tighter (down to
    :data:`FACE_DOWN_MIN`), then its face-up cards down to
    :data:`INDEX_STRIP`, the strip that shows the card art's corner index
    (rank and suit); only if even that does not fit are both scaled down
    further, so every card stays on screen whatever the column's length.
    The offsets used are reported per pile (``down_offset``, ``up_offset``)
    so a drag can fan the cards it carries the same way.

Left-handed
    :attr:`Options.left_handed` mirrors the table horizontally: the stock,
    draw piles and Free Column move to the other side. Inside each group of
    piles (columns of a row, foundations, draw piles) the reading order is
    kept, so column 1 is still the leftmost column.

Mapping the games onto :class:`Table` (what the table code does):

=====================  ======================================================
spider-1/2/4, relaxed,  10 ``columns``; ``stock`` with ``stock_deal=10``;
easy                    8 ``foundations`` (completed runs, each a run's 13
                        flags or empty) with ``FoundationStyle.COMPACT``;
                        ``sizing_column=(5, 13)``
spidike                 the same with ``FoundationStyle.ROW`` (a foundation
                        row of 8)
tournament-1/2          8 ``columns``; ``free_column``; 5 ``draw_piles``
                        (7 down + the visible top card); 6 ``foundations``
                        (completed runs), ``COMPACT``; ``sizing_column=(4,
                        13)``; pass a taller ``Options.top_bar`` for the
                        header (countdown, score, End)
little-spider(-classic) 8 ``columns`` (upper row first), ``two_rows=True``;
                        4 ``foundations``; ``stock`` with ``stock_deal=8``;
                        ``sizing_column=(0, 8)``
spidike-classic         7 ``columns``; 4 ``foundations`` (``ROW``); ``stock``
                        with ``stock_deal=7``; ``sizing_column=(0, 13)``
=====================  ======================================================

Example (the opening of a Spider game on a 360 x 640 phone):

>>> spider = Table(
...     columns=tuple(pile_flags(5 if i < 4 else 4, 1) for i in range(10)),
...     stock=pile_flags(50, 0), stock_deal=10,
...     foundations=((),) * 8, foundation_style=FoundationStyle.COMPACT)
>>> lay = layout_table(spider, 360, 640)
>>> lay.arrangement, lay.card_width, lay.card_height
(<Arrangement.TOP: 'top'>, 33.0, 46.2)
>>> first = lay.pile(PileRole.COLUMN, 0)
>>> [round(card.y, 1) for card in first.cards]
[103.7, 108.8, 113.9, 119.0, 124.1, 129.2]
>>> first.cards[-1].face_up, first.hit.bottom
(True, 640.0)
>>> len({card.x for card in lay.pile(PileRole.STOCK).cards})  # one stack per deal left
5
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

__all__ = [
    "ASPECT", "INDEX_STRIP", "FACE_UP_OFFSET", "FACE_DOWN_OFFSET", "FACE_DOWN_MIN", "Z_STRIDE",
    "PileRole", "FoundationStyle", "Arrangement", "PileId", "Table", "Options", "Rect",
    "CardPlace", "PileLayout", "Layout", "layout_table", "pile_flags",
]

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
COMPACT_STEP_ACROSS = 0.25
"""Step between compact foundation slots in a bar, fraction of card width."""
COMPACT_STEP_DOWN = INDEX_STRIP
"""Step between compact foundation slots in a side strip (shows each index)."""
Z_STRIDE = 128
"""Card ``z`` is ``Z_STRIDE * pile_order + position_in_pile + 1``."""

_EPS = 1e-9


# --- Input -----------------------------------------------------------------

class PileRole(Enum):
    """What a pile is; with an index it names a pile (:class:`PileId`)."""

    COLUMN = "column"
    FREE_COLUMN = "free"
    FOUNDATION = "foundation"
    DRAW = "draw"
    STOCK = "stock"


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


@dataclass(frozen=True, slots=True)
class PileId:
    """A pile's name: its role and its index within the role (from 0)."""

    role: PileRole
    index: int = 0


Pile = tuple[bool, ...]
"""A pile's cards as face-up flags, bottom card first (True = face up)."""


def pile_flags(down: int, up: int) -> Pile:
    """Flags for ``down`` face-down cards under ``up`` face-up cards.

    >>> pile_flags(2, 1)
    (False, False, True)
    """
    return (False,) * down + (True,) * up


@dataclass(frozen=True, slots=True)
class Table:
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


# --- The frame: pile slots for a card size ----------------------------------

_FAN = 0     # a column: cards fan downwards from the slot's top
_SQUARE = 1  # a squared stack at the slot
_STOCK = 2   # one squared stack per deal, stepping across the reserved room


class _Slot:
    """A pile's reserved geometry before the cards are placed (mutable)."""

    __slots__ = ("id", "x", "y", "w", "h", "hx", "hy", "hw", "hh", "kind", "bottom", "dx", "dy")

    def __init__(self, pid: PileId, x: float, y: float, w: float, h: float, kind: int,
                 hit: tuple[float, float, float, float], bottom: float = 0.0,
                 dx: float = 0.0, dy: float = 0.0) -> None:
        self.id = pid
        self.x, self.y, self.w, self.h = x, y, w, h
        self.hx, self.hy, self.hw, self.hh = hit
        self.kind = kind
        self.bottom = bottom  # columns: lowest y a card's bottom edge may reach
        self.dx, self.dy = dx, dy  # stock: outward direction (towards the front stack)

    def mirror(self, width: float) -> None:
        self.x = width - self.x - self.w
        self.hx = width - self.hx - self.hw
        self.dx = -self.dx


@dataclass(frozen=True, slots=True)
class _Shape:
    """What the card size depends on: the table minus the cards."""

    columns: int
    free: bool
    two_rows: bool
    foundations: int
    compact: bool
    draws: int
    stock: bool
    stock_fanned: bool
    sizing: tuple[int, int]


class _Frame:
    __slots__ = ("arrangement", "slots", "groups")

    def __init__(self, arrangement: Arrangement, slots: list[_Slot],
                 groups: list[list[_Slot]]) -> None:
        self.arrangement = arrangement
        self.slots = slots
        self.groups = groups  # piles whose left-to-right order survives mirroring


def _stack_extent(h: float, down: int, up: int, d: float, u: float) -> float:
    """Height of a fanned column of ``down`` face-down cards under ``up``
    face-up ones, with offsets ``d`` and ``u``."""
    n = down + up
    if n == 0:
        return h
    covered_up = up - 1 if up else 0
    covered_down = down if up else down - 1
    return h + covered_down * d + covered_up * u


def _sizing_extent(shape: _Shape, h: float) -> float:
    down, up = shape.sizing
    return _stack_extent(h, down, up, FACE_DOWN_MIN * h, INDEX_STRIP * h)


def _hit(x: float, y: float, w: float, h: float, pad_x: float, pad_y: float
         ) -> tuple[float, float, float, float]:
    return (x - pad_x, y - pad_y, w + 2 * pad_x, h + 2 * pad_y)


def _columns_block(shape: _Shape, w: float, g: float) -> float:
    width = shape.columns * w + (shape.columns - 1) * g
    if shape.free:
        width += g + FREE_SEPARATION * w + w
    return width


def _place_columns(x0: float, w: float, g: float, top: float, bottom: float,
                   hit_top: float, hit_bottom: float, first: int, count: int,
                   with_free: bool) -> list[_Slot]:
    slots = []
    for k in range(count):
        x = x0 + k * (w + g)
        slots.append(_Slot(PileId(PileRole.COLUMN, first + k), x, top, w, bottom - top, _FAN,
                           (x - g / 2, hit_top, w + g, hit_bottom - hit_top), bottom=bottom))
    if with_free:
        x = x0 + count * (w + g) + FREE_SEPARATION * w
        slots.append(_Slot(PileId(PileRole.FREE_COLUMN), x, top, w, bottom - top, _FAN,
                           (x - g / 2, hit_top, w + g, hit_bottom - hit_top), bottom=bottom))
    return slots


def _frame_bar(shape: _Shape, w: float, vw: float, vh: float, opts: Options) -> _Frame | None:
    """TOP/BOTTOM: a bar one card high with foundations at the left end and
    draw piles + stock at the right end."""
    h = w * 7 / 5
    g = GAP * w
    m = opts.margin
    left, top = m, opts.top_bar + m
    avail_w, bottom = vw - 2 * m, vh - m
    cols_w = _columns_block(shape, w, g)
    f_w = 0.0
    if shape.foundations:
        f_w = (w + (shape.foundations - 1) * COMPACT_STEP_ACROSS * w if shape.compact
               else shape.foundations * w + (shape.foundations - 1) * g)
    stock_w = (w + STOCK_SPREAD_ACROSS * w if shape.stock_fanned else w) if shape.stock else 0.0
    r_w = shape.draws * (w + g) + stock_w if shape.draws or shape.stock else 0.0
    if shape.draws and not shape.stock:
        r_w -= g
    bar_w = f_w + r_w + (GROUP_SEPARATION * w if f_w and r_w else 0.0)
    has_bar = bar_w > 0
    block_w = max(cols_w, bar_w)
    bar_h = h + BAR_GAP * h if has_bar else 0.0
    if block_w > avail_w + _EPS or bottom - top - bar_h < _sizing_extent(shape, h) - _EPS:
        return None
    x0 = left + (avail_w - block_w) / 2
    below = opts.bar_at_bottom and has_bar
    bar_y = bottom - h if below else top
    if below:
        col_top, col_bottom = top, bottom - bar_h
        hit_top, hit_bottom = opts.top_bar, bar_y - BAR_GAP * h / 2
    else:
        col_top, col_bottom = top + bar_h, bottom
        hit_top, hit_bottom = col_top - BAR_GAP * h / 2, vh
    cols_x = x0 + (block_w - cols_w) / 2
    columns = _place_columns(cols_x, w, g, col_top, col_bottom, hit_top, hit_bottom,
                             0, shape.columns, shape.free)
    groups: list[list[_Slot]] = [[s for s in columns if s.id.role is PileRole.COLUMN]]
    slots = list(columns)
    pad = g / 2
    founds: list[_Slot] = []
    for k in range(shape.foundations):
        step = COMPACT_STEP_ACROSS * w if shape.compact else w + g
        x = x0 + k * step
        founds.append(_Slot(PileId(PileRole.FOUNDATION, k), x, bar_y, w, h, _SQUARE,
                            _hit(x, bar_y, w, h, pad, pad)))
    right = x0 + block_w
    stock: list[_Slot] = []
    if shape.stock:
        right -= stock_w
        stock.append(_Slot(PileId(PileRole.STOCK), right, bar_y, stock_w, h, _STOCK,
                           _hit(right, bar_y, stock_w, h, pad, pad), dx=1.0))
        right -= g
    draws: list[_Slot] = []
    for k in range(shape.draws):
        x = right - (shape.draws - k) * (w + g) + g
        draws.append(_Slot(PileId(PileRole.DRAW, k), x, bar_y, w, h, _SQUARE,
                           _hit(x, bar_y, w, h, pad, pad)))
    slots += founds + draws + stock
    groups += [founds, draws]
    return _Frame(Arrangement.BOTTOM if below else Arrangement.TOP, slots, groups)


def _frame_side(shape: _Shape, w: float, vw: float, vh: float, opts: Options) -> _Frame | None:
    """SIDE: columns get the full height; foundations, draw piles and the
    stock stand in a strip on the right, packed top-down into as many strip
    columns as needed, the stock at the bottom of the outermost one."""
    h = w * 7 / 5
    g = GAP * w
    m = opts.margin
    left, top = m, opts.top_bar + m
    avail_w, bottom = vw - 2 * m, vh - m
    avail_h = bottom - top
    if avail_h < _sizing_extent(shape, h) - _EPS:
        return None
    # Items: (pile id or None for a compact fan, height, kind).
    items: list[tuple[PileId | None, float, int]] = []
    if shape.foundations:
        if shape.compact:
            items.append((None, h + (shape.foundations - 1) * COMPACT_STEP_DOWN * h, _SQUARE))
        else:
            items += [(PileId(PileRole.FOUNDATION, k), h, _SQUARE)
                      for k in range(shape.foundations)]
    items += [(PileId(PileRole.DRAW, k), h, _SQUARE) for k in range(shape.draws)]
    if shape.stock:
        items.append((PileId(PileRole.STOCK),
                      h + STOCK_SPREAD_DOWN * h if shape.stock_fanned else h, _STOCK))
    # Pack into strip columns: (strip column, y offset) per item.
    placed: list[tuple[int, float]] = []
    col, used = 0, 0.0
    for _pid, ih, _kind in items:
        if ih > avail_h + _EPS:
            return None
        if used and used + g + ih > avail_h + _EPS:
            col, used = col + 1, 0.0
        placed.append((col, used + (g if used else 0.0)))
        used = placed[-1][1] + ih
    strips = col + 1
    cols_w = _columns_block(shape, w, g)
    block_w = cols_w + GROUP_SEPARATION * w + strips * w + (strips - 1) * g
    if block_w > avail_w + _EPS:
        return None
    x0 = left + (avail_w - block_w) / 2
    columns = _place_columns(x0, w, g, top, bottom, opts.top_bar, vh,
                             0, shape.columns, shape.free)
    slots = list(columns)
    groups: list[list[_Slot]] = [[s for s in columns if s.id.role is PileRole.COLUMN]]
    founds: list[_Slot] = []
    draws: list[_Slot] = []
    strip_x = x0 + cols_w + GROUP_SEPARATION * w
    pad = g / 2
    for (pid, ih, kind), (c, dy) in zip(items, placed):
        x = strip_x + c * (w + g)
        y = top + dy
        if kind == _STOCK:
            y = bottom - ih  # the stock sits at the bottom, within thumb reach
            slots.append(_Slot(PileId(PileRole.STOCK), x, y, w, ih, _STOCK,
                               _hit(x, y, w, ih, pad, pad), dy=1.0))
        elif pid is None:
            for k in range(shape.foundations):
                fy = y + k * COMPACT_STEP_DOWN * h
                founds.append(_Slot(PileId(PileRole.FOUNDATION, k), x, fy, w, h, _SQUARE,
                                    _hit(x, fy, w, h, pad, pad)))
        else:
            target = founds if pid.role is PileRole.FOUNDATION else draws
            target.append(_Slot(pid, x, y, w, h, _SQUARE, _hit(x, y, w, h, pad, pad)))
    slots += founds + draws
    groups += [founds, draws]
    return _Frame(Arrangement.SIDE, slots, groups)


def _frame_rows(shape: _Shape, w: float, vw: float, vh: float, opts: Options) -> _Frame | None:
    """ROWS (Little Spider): upper row, foundation row (with the stock at its
    right end), lower row; each row of piles gets half the height left."""
    h = w * 7 / 5
    g = GAP * w
    m = opts.margin
    left, top = m, opts.top_bar + m
    avail_w, bottom = vw - 2 * m, vh - m
    upper = (shape.columns + 1) // 2
    lower = shape.columns - upper
    row_w = upper * w + (upper - 1) * g
    f_w = shape.foundations * w + (shape.foundations - 1) * g if shape.foundations else 0.0
    core_w = max(row_w, f_w)
    stock_w = (w + STOCK_SPREAD_ACROSS * w if shape.stock_fanned else w) if shape.stock else 0.0
    block_w = core_w + (GROUP_SEPARATION * w + stock_w if shape.stock else 0.0)
    bar_gap = BAR_GAP * h
    middle_h = h + 2 * bar_gap
    band = (bottom - top - middle_h) / 2
    if block_w > avail_w + _EPS or band < _sizing_extent(shape, h) - _EPS:
        return None
    x0 = left + (avail_w - block_w) / 2
    mid_y = top + band + bar_gap
    pad = g / 2
    rows_x = x0 + (core_w - row_w) / 2
    up_cols = _place_columns(rows_x, w, g, top, top + band, opts.top_bar,
                             mid_y - bar_gap / 2, 0, upper, False)
    low_top = mid_y + h + bar_gap
    low_cols = _place_columns(rows_x, w, g, low_top, bottom, low_top - bar_gap / 2, vh,
                              upper, lower, False)
    founds: list[_Slot] = []
    f_x = x0 + (core_w - f_w) / 2
    for k in range(shape.foundations):
        x = f_x + k * (w + g)
        founds.append(_Slot(PileId(PileRole.FOUNDATION, k), x, mid_y, w, h, _SQUARE,
                            _hit(x, mid_y, w, h, pad, pad)))
    slots = up_cols + low_cols + founds
    if shape.stock:
        x = x0 + block_w - stock_w
        slots.append(_Slot(PileId(PileRole.STOCK), x, mid_y, stock_w, h, _STOCK,
                           _hit(x, mid_y, stock_w, h, pad, pad), dx=1.0))
    return _Frame(Arrangement.ROWS, slots, [up_cols, low_cols, founds])


def _frame_wings(shape: _Shape, w: float, vw: float, vh: float, opts: Options) -> _Frame | None:
    """WINGS (Little Spider on wide, short screens): the upper row's piles
    at the left, the lower row's at the right, both with the full height;
    between them the foundations in two columns (foundations 0, 1, ... down
    the left one first) and the stock below them."""
    h = w * 7 / 5
    g = GAP * w
    m = opts.margin
    left, top = m, opts.top_bar + m
    avail_w, bottom = vw - 2 * m, vh - m
    upper = (shape.columns + 1) // 2
    lower = shape.columns - upper
    row_w = upper * w + (upper - 1) * g
    f_rows = (shape.foundations + 1) // 2
    f_cols = min(shape.foundations, 2)
    f_w = f_cols * w + (f_cols - 1) * g if f_cols else 0.0
    f_h = f_rows * h + (f_rows - 1) * g if f_rows else 0.0
    stock_w = (w + STOCK_SPREAD_ACROSS * w if shape.stock_fanned else w) if shape.stock else 0.0
    mid_w = max(f_w, stock_w)
    mid_h = f_h + (BAR_GAP * h if f_h and shape.stock else 0.0) + (h if shape.stock else 0.0)
    sep = GROUP_SEPARATION * w
    block_w = row_w + sep + mid_w + sep + row_w
    if (block_w > avail_w + _EPS or bottom - top < _sizing_extent(shape, h) - _EPS
            or mid_h > bottom - top + _EPS):
        return None
    x0 = left + (avail_w - block_w) / 2
    mid_x = x0 + row_w + sep
    cols = (_place_columns(x0, w, g, top, bottom, opts.top_bar, vh, 0, upper, False)
            + _place_columns(mid_x + mid_w + sep, w, g, top, bottom, opts.top_bar, vh,
                             upper, lower, False))
    pad = g / 2
    founds: list[_Slot] = []
    f_x = mid_x + (mid_w - f_w) / 2
    for k in range(shape.foundations):
        x = f_x + (k // f_rows) * (w + g)
        y = top + (k % f_rows) * (h + g)
        founds.append(_Slot(PileId(PileRole.FOUNDATION, k), x, y, w, h, _SQUARE,
                            _hit(x, y, w, h, pad, pad)))
    slots = cols + founds
    if shape.stock:
        x = mid_x + (mid_w - stock_w) / 2
        y = top + mid_h - h
        slots.append(_Slot(PileId(PileRole.STOCK), x, y, stock_w, h, _STOCK,
                           _hit(x, y, stock_w, h, pad, pad), dx=1.0))
    # One group for both wings: the upper row stays at the left when mirrored.
    return _Frame(Arrangement.WINGS, slots, [cols, founds])


COMFORTABLE_CARD_WIDTH = 64.0
"""Little Spider keeps its canonical ``ROWS`` arrangement whenever that gives
cards at least this wide (or as wide as ``WINGS``)."""

_Builder = Callable[[_Shape, float, float, float, Options], "_Frame | None"]


def _best_width(build: _Builder, shape: _Shape, vw: float, vh: float, opts: Options) -> float:
    """Largest card width (whole pixels when possible) the builder accepts;
    0 when none does."""
    cap = min(opts.max_card_width, vw)
    hi = math.floor(cap)
    if hi >= 1 and build(shape, float(hi), vw, vh, opts) is not None:
        return float(hi)
    lo = 0
    # Invariant: lo fits (or is 0), hi does not.
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if build(shape, float(mid), vw, vh, opts) is not None:
            lo = mid
        else:
            hi = mid
    if lo >= 1:
        return float(lo)
    # Absurdly small viewport: fall back to a fractional width.
    flo, fhi = 0.0, min(1.0, cap)
    for _ in range(30):
        mid_f = (flo + fhi) / 2
        if build(shape, mid_f, vw, vh, opts) is not None:
            flo = mid_f
        else:
            fhi = mid_f
    return flo


@lru_cache(maxsize=64)
def _choose(shape: _Shape, vw: float, vh: float, opts: Options) -> tuple[Arrangement, float]:
    """The arrangement and card width for a table shape and viewport."""
    if shape.two_rows:
        rows = _best_width(_frame_rows, shape, vw, vh, opts)
        if opts.portrait:
            return Arrangement.ROWS, rows
        wings = _best_width(_frame_wings, shape, vw, vh, opts)
        if rows >= min(wings, COMFORTABLE_CARD_WIDTH):
            return Arrangement.ROWS, rows
        return Arrangement.WINGS, wings
    else:
        candidates = [(Arrangement.TOP, _frame_bar)]
        if (shape.foundations or shape.draws or shape.stock) and not opts.portrait:
            candidates.append((Arrangement.SIDE, _frame_side))
    best: tuple[Arrangement, float] | None = None
    for arrangement, build in candidates:
        w = _best_width(build, shape, vw, vh, opts)
        if best is None or w > best[1]:
            best = (arrangement, w)
    assert best is not None
    return best


def _build(arrangement: Arrangement, shape: _Shape, w: float, vw: float, vh: float,
           opts: Options) -> _Frame:
    if arrangement is Arrangement.ROWS:
        frame = _frame_rows(shape, w, vw, vh, opts)
    elif arrangement is Arrangement.WINGS:
        frame = _frame_wings(shape, w, vw, vh, opts)
    elif arrangement is Arrangement.SIDE:
        frame = _frame_side(shape, w, vw, vh, opts)
    else:
        frame = _frame_bar(shape, w, vw, vh, opts)
    if frame is None:  # viewport too small for any card: squeeze a zero-width table
        raise ValueError(f"viewport {vw}x{vh} is too small for this table")
    return frame


# --- Filling the slots with cards -------------------------------------------

def _fan_offsets(flags: Sequence[bool], h: float, room: float) -> tuple[float, float]:
    """Offsets (face-down, face-up) for a column with ``room`` pixels below
    its top card slot's top edge minus one card height."""
    d0, u0 = FACE_DOWN_OFFSET * h, FACE_UP_OFFSET * h
    n = len(flags)
    if n < 2:
        return d0, u0
    up = sum(1 for f in flags[:-1] if f)  # covered face-up cards
    down = n - 1 - up  # covered face-down cards
    room = max(room, 0.0)
    if down * d0 + up * u0 <= room:
        return d0, u0
    d_min, u_min = FACE_DOWN_MIN * h, INDEX_STRIP * h
    if down * d_min + up * u0 <= room:
        return (room - up * u0) / down, u0
    if down * d_min + up * u_min <= room:
        return d_min, (room - down * d_min) / up
    scale = room / (down * d_min + up * u_min)
    return d_min * scale, u_min * scale


def _fill(slot: _Slot, flags: Sequence[bool], w: float, h: float, z0: int, vw: float,
          vh: float, top_bar: float, deal: int) -> PileLayout:
    cards: list[CardPlace] = []
    hx, hy = max(slot.hx, 0.0), max(slot.hy, top_bar)
    hit = Rect(hx, hy, min(slot.hx + slot.hw, vw) - hx, min(slot.hy + slot.hh, vh) - hy)
    d = u = 0.0
    if slot.kind == _FAN:
        d, u = _fan_offsets(flags, h, slot.bottom - slot.y - h)
        y = slot.y
        for i, up in enumerate(flags):
            cards.append(CardPlace(slot.x, y, z0 + i + 1, up))
            y += u if up else d
        extent = (cards[-1].y + h if cards else slot.y + h) - slot.y
        rect = Rect(slot.x, slot.y, w, max(h, extent))
    elif slot.kind == _STOCK:
        # One squared stack per deal left. The front stack (the next deal,
        # drawn last) sits at the outer end of the reserved room; earlier
        # deals peek out behind it, towards the table.
        n = len(flags)
        along = w if slot.dx else h
        spread = (slot.w - w) if slot.dx else (slot.h - h)
        groups = 1 if deal <= 0 or n == 0 else -(-n // deal)
        step = min(STOCK_STEP_MAX * along, spread / (groups - 1)) if groups > 1 else 0.0
        fx = slot.x + slot.w - w if slot.dx > 0 else slot.x
        fy = slot.y + slot.h - h if slot.dy > 0 else slot.y
        for i, up in enumerate(flags):
            behind = (n - 1 - i) // deal if deal > 0 else 0  # deals before this card's
            cards.append(CardPlace(fx - behind * step * slot.dx, fy - behind * step * slot.dy,
                                   z0 + i + 1, up))
        rect = Rect(slot.x, slot.y, slot.w, slot.h)
    else:
        cards = [CardPlace(slot.x, slot.y, z0 + i + 1, up) for i, up in enumerate(flags)]
        rect = Rect(slot.x, slot.y, w, h)
    return PileLayout(slot.id, rect, hit, tuple(cards), d, u)


def _shape(table: Table) -> _Shape:
    return _Shape(
        columns=len(table.columns),
        free=table.free_column is not None,
        two_rows=table.two_rows,
        foundations=len(table.foundations),
        compact=table.foundation_style is FoundationStyle.COMPACT,
        draws=len(table.draw_piles),
        stock=table.stock is not None,
        stock_fanned=table.stock is not None and table.stock_deal > 0,
        sizing=table.sizing_column,
    )


def layout_table(table: Table, width: float, height: float,
                 options: Options = DEFAULT_OPTIONS) -> Layout:
    """Lay out ``table`` in a ``width`` x ``height`` CSS-pixel viewport.

    Everything returned lies inside the viewport, below ``options.top_bar``
    (hit rectangles are clipped to that area). Piles do not overlap, except the
    slots of a ``COMPACT`` foundation fan. Cost: O(piles + cards), plus a
    small cached search for the card size per table shape and viewport.
    Raises ValueError only when no area is left below the top bar; any
    other viewport gets a layout that fits (tiny cards if need be).
    """
    shape = _shape(table)
    arrangement, w = _choose(shape, float(width), float(height), options)
    if w <= 0:
        raise ValueError(f"viewport {width}x{height} is too small for this table")
    frame = _build(arrangement, shape, w, float(width), float(height), options)
    h = w * 7 / 5
    if options.left_handed:
        for slot in frame.slots:
            slot.mirror(float(width))
        for group in frame.groups:  # keep the reading order inside each group
            ids = [s.id for s in group]
            for pid, s in zip(ids, sorted(group, key=lambda s: (s.x, s.y))):
                s.id = pid
    contents: dict[PileId, Pile] = {}
    order: list[PileId] = []
    for k, col in enumerate(table.columns):
        order.append(PileId(PileRole.COLUMN, k))
        contents[order[-1]] = col
    if table.free_column is not None:
        order.append(PileId(PileRole.FREE_COLUMN))
        contents[order[-1]] = table.free_column
    for role, role_piles in ((PileRole.FOUNDATION, table.foundations),
                             (PileRole.DRAW, table.draw_piles)):
        for k, p in enumerate(role_piles):
            order.append(PileId(role, k))
            contents[order[-1]] = p
    if table.stock is not None:
        order.append(PileId(PileRole.STOCK))
        contents[order[-1]] = table.stock
    by_id = {s.id: s for s in frame.slots}
    piles = tuple(_fill(by_id[pid], contents[pid], w, h, Z_STRIDE * k, float(width),
                        float(height), options.top_bar, table.stock_deal)
                  for k, pid in enumerate(order))
    return Layout(float(width), float(height), w, h, GAP * w, INDEX_STRIP * h, arrangement,
                  options.left_handed, piles)
