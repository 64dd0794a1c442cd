"""The layout's frames: the pile slots of each arrangement for one card size (pure).

A frame builder (:func:`frame_bar`, :func:`frame_side`, :func:`frame_rows`,
:func:`frame_wings`) reserves every pile's rectangle for a card width, or
says the table does not fit; :mod:`ui.table.layout` tries them and fills the
slots with cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import PileId, PileRole
from ui.table.layout_types import (
    BAR_GAP,
    COMPACT_STEP_ACROSS,
    COMPACT_STEP_DOWN,
    DRAW_EDGE,
    DRAW_EDGES,
    DRAW_LABEL,
    EPS,
    FACE_DOWN_MIN,
    FREE_SEPARATION,
    GAP,
    GROUP_SEPARATION,
    INDEX_STRIP,
    STOCK_SPREAD_ACROSS,
    STOCK_SPREAD_DOWN,
    Arrangement,
    Options,
)

# --- The frame: pile slots for a card size ----------------------------------

FAN = 0  # a column: cards fan downwards from the slot's top
SQUARE = 1  # a squared stack at the slot
STOCK = 2  # one squared stack per deal, stepping across the reserved room
EDGES = 3  # a draw pile: the top card at the slot's top, the cards under it show their lower edges


class Slot:
    """A pile's reserved geometry before the cards are placed (mutable)."""

    __slots__ = ("bottom", "dx", "dy", "h", "hh", "hw", "hx", "hy", "id", "kind", "w", "x", "y")

    def __init__(
        self,
        pid: PileId,
        x: float,
        y: float,
        w: float,
        h: float,
        kind: int,
        hit: tuple[float, float, float, float],
        bottom: float = 0.0,
        dx: float = 0.0,
        dy: float = 0.0,
    ) -> None:
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
class Shape:
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


class Frame:
    __slots__ = ("arrangement", "groups", "slots")

    def __init__(self, arrangement: Arrangement, slots: list[Slot], groups: list[list[Slot]]) -> None:
        self.arrangement = arrangement
        self.slots = slots
        self.groups = groups  # piles whose left-to-right order survives mirroring


def stack_extent(h: float, down: int, up: int, d: float, u: float) -> float:
    """Height of a fanned column of ``down`` face-down cards under ``up``
    face-up ones, with offsets ``d`` and ``u``."""
    n = down + up
    if n == 0:
        return h
    covered_up = up - 1 if up else 0
    covered_down = down if up else down - 1
    return h + covered_down * d + covered_up * u


def sizing_extent(shape: Shape, h: float) -> float:
    down, up = shape.sizing
    return stack_extent(h, down, up, FACE_DOWN_MIN * h, INDEX_STRIP * h)


def hit_box(x: float, y: float, w: float, h: float, pad_x: float, pad_y: float) -> tuple[float, float, float, float]:
    return (x - pad_x, y - pad_y, w + 2 * pad_x, h + 2 * pad_y)


def columns_block(shape: Shape, w: float, g: float) -> float:
    width = shape.columns * w + (shape.columns - 1) * g
    if shape.free:
        width += g + FREE_SEPARATION * w + w
    return width


def place_columns(
    x0: float,
    w: float,
    g: float,
    top: float,
    bottom: float,
    hit_top: float,
    hit_bottom: float,
    first: int,
    count: int,
    with_free: bool,
) -> list[Slot]:
    slots = []
    for k in range(count):
        x = x0 + k * (w + g)
        slots.append(
            Slot(
                PileId(PileRole.COLUMN, first + k),
                x,
                top,
                w,
                bottom - top,
                FAN,
                (x - g / 2, hit_top, w + g, hit_bottom - hit_top),
                bottom=bottom,
            )
        )
    if with_free:
        x = x0 + count * (w + g) + FREE_SEPARATION * w
        slots.append(
            Slot(
                PileId(PileRole.FREE_COLUMN),
                x,
                top,
                w,
                bottom - top,
                FAN,
                (x - g / 2, hit_top, w + g, hit_bottom - hit_top),
                bottom=bottom,
            )
        )
    return slots


def frame_bar(shape: Shape, w: float, vw: float, vh: float, opts: Options) -> Frame | None:
    """TOP/BOTTOM: a bar one card high with foundations at the left end and
    draw piles + stock at the right end."""
    h = w * 7 / 5
    g = GAP * w
    m = opts.margin
    left, top = m, opts.top_bar + m
    avail_w, bottom = vw - 2 * m, vh - m
    cols_w = columns_block(shape, w, g)
    f_w = 0.0
    if shape.foundations:
        f_w = (
            w + (shape.foundations - 1) * COMPACT_STEP_ACROSS * w
            if shape.compact
            else shape.foundations * w + (shape.foundations - 1) * g
        )
    stock_w = (w + STOCK_SPREAD_ACROSS * w if shape.stock_fanned else w) if shape.stock else 0.0
    r_w = shape.draws * (w + g) + stock_w if shape.draws or shape.stock else 0.0
    if shape.draws and not shape.stock:
        r_w -= g
    label_w = DRAW_LABEL * w if shape.draws else 0.0
    bar_w = f_w + r_w + max(GROUP_SEPARATION * w if f_w and r_w else 0.0, label_w)
    has_bar = bar_w > 0
    block_w = max(cols_w, bar_w)
    card_h = h + (DRAW_EDGES * DRAW_EDGE * h if shape.draws else 0.0)  # the draw piles' edges
    bar_h = card_h + BAR_GAP * h if has_bar else 0.0
    if block_w > avail_w + EPS or bottom - top - bar_h < sizing_extent(shape, h) - EPS:
        return None
    x0 = left + (avail_w - block_w) / 2
    below = opts.bar_at_bottom and has_bar
    bar_y = bottom - card_h if below else top
    if below:
        col_top, col_bottom = top, bottom - bar_h
        hit_top, hit_bottom = opts.top_bar, bar_y - BAR_GAP * h / 2
    else:
        col_top, col_bottom = top + bar_h, bottom
        hit_top, hit_bottom = col_top - BAR_GAP * h / 2, vh
    cols_x = x0 + (block_w - cols_w) / 2
    columns = place_columns(cols_x, w, g, col_top, col_bottom, hit_top, hit_bottom, 0, shape.columns, shape.free)
    groups: list[list[Slot]] = [[s for s in columns if s.id.role is PileRole.COLUMN]]
    slots = list(columns)
    pad = g / 2
    founds: list[Slot] = []
    for k in range(shape.foundations):
        step = COMPACT_STEP_ACROSS * w if shape.compact else w + g
        x = x0 + k * step
        founds.append(Slot(PileId(PileRole.FOUNDATION, k), x, bar_y, w, h, SQUARE, hit_box(x, bar_y, w, h, pad, pad)))
    right = x0 + block_w
    stock: list[Slot] = []
    if shape.stock:
        right -= stock_w
        stock.append(
            Slot(
                PileId(PileRole.STOCK),
                right,
                bar_y,
                stock_w,
                h,
                STOCK,
                hit_box(right, bar_y, stock_w, h, pad, pad),
                dx=1.0,
            )
        )
        right -= g
    draws: list[Slot] = []
    for k in range(shape.draws):
        x = right - (shape.draws - k) * (w + g) + g
        draws.append(Slot(PileId(PileRole.DRAW, k), x, bar_y, w, card_h, EDGES, hit_box(x, bar_y, w, card_h, pad, pad)))
    slots += founds + draws + stock
    groups += [founds, draws]
    return Frame(Arrangement.BOTTOM if below else Arrangement.TOP, slots, groups)


def frame_side(shape: Shape, w: float, vw: float, vh: float, opts: Options) -> Frame | None:
    """SIDE: columns get the full height; foundations, draw piles and the
    stock stand in a strip on the right, packed top-down into as many strip
    columns as needed, the stock at the bottom of the outermost one."""
    h = w * 7 / 5
    g = GAP * w
    m = opts.margin
    left, top = m, opts.top_bar + m
    avail_w, bottom = vw - 2 * m, vh - m
    avail_h = bottom - top
    if avail_h < sizing_extent(shape, h) - EPS:
        return None
    # Items: (pile id or None for a compact fan, height, kind).
    items: list[tuple[PileId | None, float, int]] = []
    if shape.foundations:
        if shape.compact:
            items.append((None, h + (shape.foundations - 1) * COMPACT_STEP_DOWN * h, SQUARE))
        else:
            items += [(PileId(PileRole.FOUNDATION, k), h, SQUARE) for k in range(shape.foundations)]
    items += [(PileId(PileRole.DRAW, k), h, SQUARE) for k in range(shape.draws)]
    if shape.stock:
        items.append((PileId(PileRole.STOCK), h + STOCK_SPREAD_DOWN * h if shape.stock_fanned else h, STOCK))
    # Pack into strip columns: (strip column, y offset) per item.
    placed: list[tuple[int, float]] = []
    col, used = 0, 0.0
    for _pid, ih, _kind in items:
        if ih > avail_h + EPS:
            return None
        if used and used + g + ih > avail_h + EPS:
            col, used = col + 1, 0.0
        placed.append((col, used + (g if used else 0.0)))
        used = placed[-1][1] + ih
    strips = col + 1
    cols_w = columns_block(shape, w, g)
    block_w = cols_w + GROUP_SEPARATION * w + strips * w + (strips - 1) * g
    if block_w > avail_w + EPS:
        return None
    x0 = left + (avail_w - block_w) / 2
    columns = place_columns(x0, w, g, top, bottom, opts.top_bar, vh, 0, shape.columns, shape.free)
    slots = list(columns)
    groups: list[list[Slot]] = [[s for s in columns if s.id.role is PileRole.COLUMN]]
    founds: list[Slot] = []
    draws: list[Slot] = []
    strip_x = x0 + cols_w + GROUP_SEPARATION * w
    pad = g / 2
    for (pid, ih, kind), (c, dy) in zip(items, placed):
        x = strip_x + c * (w + g)
        y = top + dy
        if kind == STOCK:
            y = bottom - ih  # the stock sits at the bottom, within thumb reach
            slots.append(Slot(PileId(PileRole.STOCK), x, y, w, ih, STOCK, hit_box(x, y, w, ih, pad, pad), dy=1.0))
        elif pid is None:
            for k in range(shape.foundations):
                fy = y + k * COMPACT_STEP_DOWN * h
                founds.append(Slot(PileId(PileRole.FOUNDATION, k), x, fy, w, h, SQUARE, hit_box(x, fy, w, h, pad, pad)))
        else:
            target = founds if pid.role is PileRole.FOUNDATION else draws
            target.append(Slot(pid, x, y, w, h, SQUARE, hit_box(x, y, w, h, pad, pad)))
    slots += founds + draws
    groups += [founds, draws]
    return Frame(Arrangement.SIDE, slots, groups)


def frame_rows(shape: Shape, w: float, vw: float, vh: float, opts: Options) -> Frame | None:
    """ROWS (Little Spider): upper row, foundation row (with the stock, one
    squared stack, at its right end), lower row; each row of piles gets half
    the height left (:mod:`ui.table.layout` then moves the lower rows up
    under the upper row's cards)."""
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
    # One squared stack (its badge counts the deals): the rows get the width.
    stock_w = w if shape.stock else 0.0
    block_w = core_w + (GROUP_SEPARATION * w + stock_w if shape.stock else 0.0)
    bar_gap = BAR_GAP * h
    middle_h = h + 2 * bar_gap
    band = (bottom - top - middle_h) / 2
    if block_w > avail_w + EPS or band < sizing_extent(shape, h) - EPS:
        return None
    x0 = left + (avail_w - block_w) / 2
    mid_y = top + band + bar_gap
    pad = g / 2
    rows_x = x0 + (core_w - row_w) / 2
    up_cols = place_columns(rows_x, w, g, top, top + band, opts.top_bar, mid_y - bar_gap / 2, 0, upper, False)
    low_top = mid_y + h + bar_gap
    low_cols = place_columns(rows_x, w, g, low_top, bottom, low_top - bar_gap / 2, vh, upper, lower, False)
    founds: list[Slot] = []
    f_x = x0 + (core_w - f_w) / 2
    for k in range(shape.foundations):
        x = f_x + k * (w + g)
        founds.append(Slot(PileId(PileRole.FOUNDATION, k), x, mid_y, w, h, SQUARE, hit_box(x, mid_y, w, h, pad, pad)))
    slots = up_cols + low_cols + founds
    if shape.stock:
        x = x0 + block_w - stock_w
        slots.append(
            Slot(PileId(PileRole.STOCK), x, mid_y, stock_w, h, STOCK, hit_box(x, mid_y, stock_w, h, pad, pad), dx=1.0)
        )
    return Frame(Arrangement.ROWS, slots, [up_cols, low_cols, founds])


def frame_wings(shape: Shape, w: float, vw: float, vh: float, opts: Options) -> Frame | None:
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
    if block_w > avail_w + EPS or bottom - top < sizing_extent(shape, h) - EPS or mid_h > bottom - top + EPS:
        return None
    x0 = left + (avail_w - block_w) / 2
    mid_x = x0 + row_w + sep
    cols = place_columns(x0, w, g, top, bottom, opts.top_bar, vh, 0, upper, False) + place_columns(
        mid_x + mid_w + sep, w, g, top, bottom, opts.top_bar, vh, upper, lower, False
    )
    pad = g / 2
    founds: list[Slot] = []
    f_x = mid_x + (mid_w - f_w) / 2
    for k in range(shape.foundations):
        x = f_x + (k // f_rows) * (w + g)
        y = top + (k % f_rows) * (h + g)
        founds.append(Slot(PileId(PileRole.FOUNDATION, k), x, y, w, h, SQUARE, hit_box(x, y, w, h, pad, pad)))
    slots = cols + founds
    if shape.stock:
        x = mid_x + (mid_w - stock_w) / 2
        y = top + mid_h - h
        slots.append(Slot(PileId(PileRole.STOCK), x, y, stock_w, h, STOCK, hit_box(x, y, stock_w, h, pad, pad), dx=1.0))
    # One group for both wings: the upper row stays at the left when mirrored.
    return Frame(Arrangement.WINGS, slots, [cols, founds])
