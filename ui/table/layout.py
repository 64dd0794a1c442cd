"""Table layout: where every pile and card goes, as a pure function.

:func:`layout_table` maps a :class:`TableShape` (which piles exist and, for each
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
    :attr:`Options.max_card_width`, 120 px by default, :func:`card_cap` on large screens, so desktop cards do
    not get absurd) for which the table fits the viewport and a column of the
    table's :attr:`TableShape.sizing_column` shape shows every face-up card's
    corner index. It depends only on the table's *shape* and the viewport,
    never on the cards, so cards do not resize after a move.

Arrangements (:class:`Arrangement`)
    ``TOP``: stock, draw piles and foundations in a bar one card high above
    the columns (``BOTTOM`` with :attr:`Options.bar_at_bottom`); this is the
    portrait phone layout, where 10 columns take the full width (cards of
    about 33 px on a 360 px phone). ``SIDE``: they stand in a strip beside
    the columns, which then get the full height; this wins on landscape
    phones and wide screens. The function tries both and keeps the one with
    the larger cards (``TOP`` on a tie). A table with draw piles (Tournament
    Spider) is always ``TOP``: its draw piles stand in one row above the
    columns on every screen, beside a label's room, each
    showing the edges of the cards under its top card (:data:`DRAW_EDGE`). ``ROWS``: Little Spider's two rows
    of piles with the foundations (and the stock) in a row between them;
    where ``WINGS`` gives clearly larger cards (:data:`ROWS_PREFERENCE`:
    landscape phones and desktops), ``WINGS`` puts the
    upper row at the left, the lower row at the right and the foundations
    and stock between them, if that gives larger cards. The table is centred
    horizontally.

Fanning and compression
    Columns fan downwards: face-down cards by :data:`FACE_DOWN_OFFSET` of the
    card height, face-up cards by :data:`FACE_UP_OFFSET`; small cards (a
    phone upright) by :func:`fan_steps`' touch-sized steps (26 px face up, at
    most half a card): a card mid-run is a fingertip's target. A column with
    free height below it spreads its face-up cards further, up to
    :func:`spread_step` (36 px on small cards), so the fans fill a phone's
    upright screen instead of leaving its lower half empty. A column that would
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

Mapping the games onto :class:`TableShape` (what the table code does):

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

>>> spider = TableShape(
...     columns=tuple(pile_flags(5 if i < 4 else 4, 1) for i in range(10)),
...     stock=pile_flags(50, 0), stock_deal=10,
...     foundations=((),) * 8, foundation_style=FoundationStyle.COMPACT)
>>> lay = layout_table(spider, 360, 640)
>>> lay.arrangement, lay.card_width, lay.card_height
(<Arrangement.TOP: 'top'>, 33.0, 46.2)
>>> first = lay.pile(PileRole.COLUMN, 0)
>>> [round(card.y, 1) for card in first.cards]
[103.7, 111.7, 119.7, 127.7, 135.7, 143.7]
>>> first.cards[-1].face_up, first.hit.bottom
(True, 640.0)
>>> len({card.x for card in lay.pile(PileRole.STOCK).cards})  # one stack per deal left
5
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

from engine import PileId, PileRole
from ui.table.layout_frames import (
    EDGES,
    FAN,
    STOCK,
    Frame,
    Shape,
    Slot,
    frame_bar,
    frame_rows,
    frame_side,
    frame_wings,
)
from ui.table.layout_types import (
    ASPECT,
    DEFAULT_OPTIONS,
    DRAW_EDGE,
    FACE_DOWN_MIN,
    FACE_DOWN_OFFSET,
    FACE_DOWN_ROOMY,
    FACE_UP_OFFSET,
    FACE_UP_ROOMY,
    GAP,
    INDEX_STRIP,
    SPREAD_ROOMY,
    SPREAD_STEP,
    STOCK_STEP_MAX,
    TOUCH_STEP,
    TOUCH_STEP_DOWN,
    Z_STRIDE,
    Arrangement,
    CardPlace,
    FoundationStyle,
    Layout,
    Options,
    Pile,
    PileLayout,
    Rect,
    TableShape,
    pile_flags,
)

__all__ = [
    "ASPECT",
    "DRAW_EDGE",
    "FACE_DOWN_MIN",
    "FACE_DOWN_OFFSET",
    "FACE_DOWN_ROOMY",
    "FACE_UP_OFFSET",
    "FACE_UP_ROOMY",
    "INDEX_STRIP",
    "MIN_READABLE_CARD_WIDTH",
    "SPREAD_ROOMY",
    "SPREAD_STEP",
    "TOUCH_STEP",
    "TOUCH_STEP_DOWN",
    "Z_STRIDE",
    "Arrangement",
    "CardPlace",
    "FoundationStyle",
    "Layout",
    "Options",
    "PileId",
    "PileLayout",
    "PileRole",
    "Rect",
    "TableShape",
    "card_cap",
    "fan_steps",
    "layout_table",
    "pile_flags",
    "spread_step",
    "table_margin",
]

ROWS_PREFERENCE = 1.15
"""Little Spider keeps its canonical ``ROWS`` arrangement unless ``WINGS``
gives cards this many times wider: on a landscape screen the two rows must
each leave room for a fanned column, so ``ROWS`` gets small cards floating
in empty felt (75 px on 1366×768, where ``WINGS`` gives 120 px)."""

ROWS_ROOM_STEPS = 3
"""``ROWS`` keeps room under the upper row's longest column for this many
more face-up steps at a time (see :func:`_fit_rows`)."""

_Builder = Callable[[Shape, float, float, float, Options], "Frame | None"]


def _best_width(build: _Builder, shape: Shape, vw: float, vh: float, opts: Options) -> float:
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
def _choose(shape: Shape, vw: float, vh: float, opts: Options) -> tuple[Arrangement, float]:
    """The arrangement and card width for a table shape and viewport."""
    if shape.two_rows:
        rows = _best_width(frame_rows, shape, vw, vh, opts)
        if opts.portrait:
            return Arrangement.ROWS, rows
        wings = _best_width(frame_wings, shape, vw, vh, opts)
        if rows * ROWS_PREFERENCE >= wings:
            return Arrangement.ROWS, rows
        return Arrangement.WINGS, wings
    else:
        candidates = [(Arrangement.TOP, frame_bar)]
        # Draw piles stand in one row above the columns on every screen.
        if (shape.foundations or shape.stock) and not shape.draws and not opts.portrait:
            candidates.append((Arrangement.SIDE, frame_side))
    best: tuple[Arrangement, float] | None = None
    for arrangement, build in candidates:
        w = _best_width(build, shape, vw, vh, opts)
        if best is None or w > best[1]:
            best = (arrangement, w)
    assert best is not None
    return best


def _build(arrangement: Arrangement, shape: Shape, w: float, vw: float, vh: float, opts: Options) -> Frame:
    if arrangement is Arrangement.ROWS:
        frame = frame_rows(shape, w, vw, vh, opts)
    elif arrangement is Arrangement.WINGS:
        frame = frame_wings(shape, w, vw, vh, opts)
    elif arrangement is Arrangement.SIDE:
        frame = frame_side(shape, w, vw, vh, opts)
    else:
        frame = frame_bar(shape, w, vw, vh, opts)
    if frame is None:  # viewport too small for any card: squeeze a zero-width table
        raise ValueError(f"viewport {vw}x{vh} is too small for this table")
    return frame


# --- Filling the slots with cards -------------------------------------------


def fan_steps(h: float) -> tuple[float, float]:
    """The (face-down, face-up) steps of a column with room, for cards ``h``
    pixels high: the nominal fractions of the card height, or the touch-sized
    steps where larger (capped at :data:`FACE_DOWN_ROOMY`, :data:`FACE_UP_ROOMY`).

    >>> [round(s, 1) for s in fan_steps(50.4) + fan_steps(168.0)]  # a 390 px phone's card, a desktop's
    [8.0, 25.2, 18.5, 50.4]
    """
    down = max(FACE_DOWN_OFFSET * h, min(FACE_DOWN_ROOMY * h, TOUCH_STEP_DOWN))
    up = max(FACE_UP_OFFSET * h, min(FACE_UP_ROOMY * h, TOUCH_STEP))
    return down, up


def spread_step(h: float) -> float:
    """The face-up step of a column with free height below it, for cards
    ``h`` pixels high: :data:`SPREAD_STEP` (up to :data:`SPREAD_ROOMY` of
    the card height) on small cards, :func:`fan_steps`' step on large ones.

    >>> [round(spread_step(h), 1) for h in (46.2, 50.4, 168.0)]  # 360 and 390 px phones, a desktop
    [32.3, 35.3, 50.4]
    """
    return max(fan_steps(h)[1], min(SPREAD_ROOMY * h, SPREAD_STEP))


def _fan_offsets(flags: Sequence[bool], h: float, room: float) -> tuple[float, float]:
    """Offsets (face-down, face-up) for a column with ``room`` pixels below
    its top card slot's top edge minus one card height: face-up cards as
    far apart as :func:`spread_step` allows, filling the free height (not
    closer than :func:`fan_steps`) when it fits; else face-down cards pack
    first (down to :data:`FACE_DOWN_MIN`), then face-up cards (down to the
    index strip), then both."""
    d0, u0 = fan_steps(h)
    n = len(flags)
    if n < 2:
        return d0, u0
    up = sum(1 for f in flags[:-1] if f)  # covered face-up cards
    down = n - 1 - up  # covered face-down cards
    room = max(room, 0.0)
    if down * d0 + up * u0 <= room:
        # No covered face-up card yet: the step the next one would get.
        return d0, max(u0, min(spread_step(h), (room - down * d0) / max(up, 1)))
    d_min, u_min = FACE_DOWN_MIN * h, INDEX_STRIP * h
    if down * d_min + up * u0 <= room:
        return (room - up * u0) / down, u0
    if down * d_min + up * u_min <= room:
        return d_min, (room - down * d_min) / up
    scale = room / (down * d_min + up * u_min)
    return d_min * scale, u_min * scale


def _fill(
    slot: Slot, flags: Sequence[bool], w: float, h: float, z0: int, vw: float, vh: float, top_bar: float, deal: int
) -> PileLayout:
    cards: list[CardPlace] = []
    hx, hy = max(slot.hx, 0.0), max(slot.hy, top_bar)
    hit = Rect(hx, hy, min(slot.hx + slot.hw, vw) - hx, min(slot.hy + slot.hh, vh) - hy)
    d = u = 0.0
    if slot.kind == FAN:
        d, u = _fan_offsets(flags, h, slot.bottom - slot.y - h)
        y = slot.y
        for i, up in enumerate(flags):
            cards.append(CardPlace(slot.x, y, z0 + i + 1, up))
            y += u if up else d
        extent = (cards[-1].y + h if cards else slot.y + h) - slot.y
        rect = Rect(slot.x, slot.y, w, max(h, extent))
    elif slot.kind == STOCK:
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
            cards.append(CardPlace(fx - behind * step * slot.dx, fy - behind * step * slot.dy, z0 + i + 1, up))
        rect = Rect(slot.x, slot.y, slot.w, slot.h)
    elif slot.kind == EDGES:
        # The top card at the slot's top; each card under it a step lower, so
        # the pile's edges show below the top card, one per card.
        n = len(flags)
        step = min(DRAW_EDGE * h, (slot.h - h) / (n - 1)) if n > 1 else 0.0
        cards = [CardPlace(slot.x, slot.y + (n - 1 - i) * step, z0 + i + 1, up) for i, up in enumerate(flags)]
        rect = Rect(slot.x, slot.y, w, h)
    else:
        cards = [CardPlace(slot.x, slot.y, z0 + i + 1, up) for i, up in enumerate(flags)]
        rect = Rect(slot.x, slot.y, w, h)
    return PileLayout(slot.id, rect, hit, tuple(cards), d, u)


def _fit_rows(frame: Frame, table: TableShape, shape: Shape, h: float) -> None:
    """``ROWS``: the middle row (foundations, stock) and the lower row move up
    under the upper row's longest column, when the lower row has room
    enough for its own columns below: no empty band between the rows (an
    opening's single cards leave none); they move down again as the upper
    row grows, down to the frame's even split at most."""
    upper = (shape.columns + 1) // 2
    up_slots = [s for s in frame.slots if s.kind == FAN and s.id.index < upper]
    low_slots = [s for s in frame.slots if s.kind == FAN and s.id.index >= upper]
    if not up_slots or not low_slots:
        return
    band = up_slots[0].bottom - up_slots[0].y
    d0, u0 = fan_steps(h)

    def need(flags: Sequence[bool]) -> float:
        covered_up = sum(1 for f in flags[:-1] if f)
        covered_down = max(len(flags) - 1 - covered_up, 0)
        return h + covered_down * d0 + covered_up * u0

    # Room for the upper row's longest column and a few more cards (three
    # steps at a time), so the rows below move seldom as the game goes on.
    longest = max(need(table.columns[s.id.index]) for s in up_slots)
    up_need = h + math.ceil((round((longest - h) / u0) + 1) / ROWS_ROOM_STEPS) * ROWS_ROOM_STEPS * u0
    low_need = max(need(table.columns[s.id.index]) for s in low_slots)
    low_band = low_slots[0].bottom - low_slots[0].y
    shift = min(band - up_need, band + low_band - low_need - up_need)
    if shift <= 0:
        return
    for s in up_slots:
        s.bottom -= shift
        s.h -= shift
        s.hh -= shift
    for s in frame.slots:
        if s in up_slots:
            continue
        if s in low_slots:  # the lower row's top moves up; its bottom stays
            s.y -= shift
            s.h += shift
            s.hy -= shift
            s.hh += shift
        else:
            s.y -= shift
            s.hy -= shift


def _shape(table: TableShape) -> Shape:
    return Shape(
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


LARGE_SCREEN = (1600.0, 900.0)
"""A viewport at least this wide and tall is a large screen: its cards may grow to 200 px."""


def card_cap(width: float, height: float) -> float:
    """The largest card width for a viewport: 120 px, or 200 px on a large screen.

    >>> card_cap(1366, 768), card_cap(1920, 1080)
    (120.0, 200.0)
    """
    return 200.0 if width >= LARGE_SCREEN[0] and height >= LARGE_SCREEN[1] else 120.0


def table_margin(width: float, height: float) -> float:
    """The empty felt around the table: 4 px, more on a large screen so the
    cards do not touch its edges.

    >>> table_margin(1366, 768), table_margin(1920, 1080), table_margin(2560, 1440)
    (4.0, 16.0, 22.0)
    """
    if width >= LARGE_SCREEN[0] and height >= LARGE_SCREEN[1]:
        return float(round(min(width, height) * 0.015))
    return 4.0


MIN_READABLE_CARD_WIDTH = 24.0
"""Long columns shrink the cards down to this width (an index strip of
about 8 px) before face-up cards are fanned closer than their index."""


def _readable(lay: Layout) -> bool:
    """Every column shows each face-up card's corner index."""
    strip = INDEX_STRIP * lay.card_height * (1 - 1e-9)
    return all(p.up_offset >= strip for p in lay.piles if p.id.role in (PileRole.COLUMN, PileRole.FREE_COLUMN))


def layout_table(table: TableShape, width: float, height: float, options: Options = DEFAULT_OPTIONS) -> Layout:
    """Lay out ``table`` in a ``width`` x ``height`` CSS-pixel viewport.

    Everything returned lies inside the viewport, below ``options.top_bar``
    (hit rectangles are clipped to that area). Piles do not overlap, except the
    slots of a ``COMPACT`` foundation fan. The card size comes from the
    table's shape, except when a column grows too long to show every face-up
    card's index at that size: then the cards shrink until it does (down to
    :data:`MIN_READABLE_CARD_WIDTH`). Cost: O(piles + cards), plus a small
    cached search for the card size per table shape and viewport (and a
    short search when a column is that long).
    Raises ValueError only when no area is left below the top bar; any
    other viewport gets a layout that fits (tiny cards if need be).
    """
    shape = _shape(table)
    arrangement, w = _choose(shape, float(width), float(height), options)
    if w <= 0:
        raise ValueError(f"viewport {width}x{height} is too small for this table")
    lay = _layout_at(table, shape, arrangement, w, float(width), float(height), options)
    floor = min(MIN_READABLE_CARD_WIDTH, w)
    if _readable(lay) or w <= floor:
        return lay
    # A long column: the largest whole-pixel width at which every index shows.
    lo, hi = math.floor(floor), math.floor(w)
    best = _layout_at(table, shape, arrangement, float(lo), float(width), float(height), options)
    if not _readable(best):
        return best
    while hi - lo > 1:
        mid = (lo + hi) // 2
        trial = _layout_at(table, shape, arrangement, float(mid), float(width), float(height), options)
        if _readable(trial):
            lo, best = mid, trial
        else:
            hi = mid
    return best


def _layout_at(
    table: TableShape, shape: Shape, arrangement: Arrangement, w: float, width: float, height: float, options: Options
) -> Layout:
    """The layout with cards ``w`` wide in ``arrangement``."""
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
    for role, role_piles in ((PileRole.FOUNDATION, table.foundations), (PileRole.DRAW, table.draw_piles)):
        for k, p in enumerate(role_piles):
            order.append(PileId(role, k))
            contents[order[-1]] = p
    if table.stock is not None:
        order.append(PileId(PileRole.STOCK))
        contents[order[-1]] = table.stock
    if arrangement is Arrangement.ROWS:
        _fit_rows(frame, table, shape, h)
    by_id = {s.id: s for s in frame.slots}
    piles = tuple(
        _fill(
            by_id[pid],
            contents[pid],
            w,
            h,
            Z_STRIDE * k,
            float(width),
            float(height),
            options.top_bar,
            table.stock_deal,
        )
        for k, pid in enumerate(order)
    )
    return Layout(float(width), float(height), w, h, GAP * w, INDEX_STRIP * h, arrangement, options.left_handed, piles)
