"""ui/table/layout.py: the table layout is a pure function of the table and the
viewport that fits every game on every screen from a small phone to a large
desktop, keeps cards readable and mirrors for left-handed players."""

from __future__ import annotations

import doctest
import importlib.util
import itertools
import math
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

import ui.table.layout as layout_module  # noqa: E402
from tests.kit import fresh_python  # noqa: E402
from ui.table.layout import (  # noqa: E402
    ASPECT,
    FACE_DOWN_MIN,
    FACE_DOWN_OFFSET,
    FACE_UP_OFFSET,
    INDEX_STRIP,
    MIN_READABLE_CARD_WIDTH,
    TOUCH_STEP,
    Arrangement,
    FoundationStyle,
    Layout,
    Options,
    PileId,
    PileLayout,
    PileRole,
    Rect,
    TableShape,
    card_cap,
    fan_steps,
    layout_table,
    pile_flags,
    spread_step,
)

EPS = 1e-6
SIZES = [
    (320, 568),
    (360, 640),
    (390, 844),
    (844, 390),
    (768, 1024),
    (1366, 768),
    (1920, 1080),
    (2560, 1440),
    (568, 320),
]


# --- The games' tables: opening deals and longest possible columns ----------


def spider(worst: bool = False, style: FoundationStyle = FoundationStyle.COMPACT, completed: int = 0) -> TableShape:
    """Spider (10 columns, 5 deals of 10, 8 completed-run slots).

    Longest possible column: 5 face-down cards under six descending runs of
    up to 13 cards (the first up card and one card from each of 5 deals can
    each head a run; mixed-suit runs are not removed): 83 cards.
    """
    cols = [pile_flags(5 if i < 4 else 4, 1) for i in range(10)]
    if worst:
        cols[0] = pile_flags(5, 78)
        cols[9] = pile_flags(0, 13)
    return TableShape(
        columns=tuple(cols),
        stock=pile_flags(0 if worst else 50, 0),
        stock_deal=10,
        foundations=tuple(pile_flags(0, 13) if k < completed else () for k in range(8)),
        foundation_style=style,
        sizing_column=(5, 13),
    )


def spidike(worst: bool = False) -> TableShape:
    """Spidike (seed 004): Spider with a foundation row of 8."""
    return spider(worst, FoundationStyle.ROW, completed=3 if worst else 0)


def tournament(worst: bool = False) -> TableShape:
    """Tournament Spider: 8 columns, the Free Column, 5 draw piles of 8.

    Longest possible column: 4 face-down + six runs, but only 78 cards
    exist; 4 + 70 is beyond anything reachable.
    """
    cols = [pile_flags(4 if i < 6 else 3, 1) for i in range(8)]
    if worst:
        cols[0] = pile_flags(4, 70)
    return TableShape(
        columns=tuple(cols),
        free_column=pile_flags(0, 13 if worst else 0),
        draw_piles=tuple(() if worst else pile_flags(7, 1) for _ in range(5)),
        foundations=((),) * 6,
        foundation_style=FoundationStyle.COMPACT,
        sizing_column=(4, 13),
    )


def little_spider(worst: bool = False) -> TableShape:
    """Little Spider: two rows of four, 4 foundations between, stock of 44.

    Phase 2 builds up or down in any suit, so a pile can take most of the
    deck: 40 cards in the worst case here, in both rows.
    """
    cols = [pile_flags(0, 1) for _ in range(8)]
    if worst:
        cols[0] = pile_flags(0, 40)
        cols[7] = pile_flags(0, 40)
    return TableShape(
        columns=tuple(cols),
        two_rows=True,
        foundations=((),) * 4,
        stock=pile_flags(0 if worst else 44, 0),
        stock_deal=8,
        sizing_column=(0, 8),
    )


def spidike_classic(worst: bool = False) -> TableShape:
    """Traditional Spidike: 7 piles of 1..7 face-up cards, 4 foundations, 24
    stock dealt 7 at a time. Worst case: 7 + 4 deals + a King run = 24."""
    cols = [pile_flags(0, i + 1) for i in range(7)]
    if worst:
        cols[6] = pile_flags(0, 24)
        cols[0] = pile_flags(0, 13)
    return TableShape(
        columns=tuple(cols),
        foundations=((),) * 4,
        stock=pile_flags(0 if worst else 24, 0),
        stock_deal=7,
        sizing_column=(0, 13),
    )


GAMES: dict[str, Callable[[bool], TableShape]] = {
    "spider": spider,
    "spidike": spidike,
    "tournament": tournament,
    "little-spider": little_spider,
    "spidike-classic": spidike_classic,
}
OPTIONS = [Options(), Options(left_handed=True), Options(top_bar=56.0, bar_at_bottom=True)]


def cases() -> Iterator[tuple[str, bool, int, int, Options]]:
    for name, worst, (vw, vh), opts in itertools.product(GAMES, [False, True], SIZES, OPTIONS):
        yield name, worst, vw, vh, opts


def _id(case: tuple[str, bool, int, int, Options]) -> str:
    name, worst, vw, vh, opts = case
    extra = "-lh" if opts.left_handed else "-bottom" if opts.bar_at_bottom else ""
    return f"{name}{'-worst' if worst else ''}-{vw}x{vh}{extra}"


ALL_CASES = list(cases())


# --- Invariant checks shared by the fixed cases and the property test --------


def card_rect(lay: Layout, x: float, y: float) -> Rect:
    return Rect(x, y, lay.card_width, lay.card_height)


def assert_inside_viewport(lay: Layout, opts: Options) -> None:
    def inside(r: Rect, what: str) -> None:
        assert r.x >= -EPS and r.right <= lay.width + EPS, f"{what} {r} sticks out sideways"
        assert r.y >= opts.top_bar - EPS, f"{what} {r} is under the top bar"
        assert r.bottom <= lay.height + EPS, f"{what} {r} runs off the bottom"

    for p in lay.piles:
        inside(p.rect, f"pile {p.id}")
        inside(p.hit, f"hit area of {p.id}")
        for i, c in enumerate(p.cards):
            inside(card_rect(lay, c.x, c.y), f"card {i} of {p.id}")


def compact_fan(a: PileLayout, b: PileLayout, table: TableShape) -> bool:
    return a.id.role is b.id.role is PileRole.FOUNDATION and table.foundation_style is FoundationStyle.COMPACT


def assert_piles_do_not_overlap(lay: Layout, table: TableShape) -> None:
    for a, b in itertools.combinations(lay.piles, 2):
        if compact_fan(a, b, table):
            continue
        assert a.rect.overlap_area(b.rect) < EPS, f"{a.id} and {b.id} overlap"
        assert a.hit.overlap_area(b.hit) < EPS, f"hit areas of {a.id} and {b.id} overlap"


def fanned(lay: Layout) -> list[PileLayout]:
    return [p for p in lay.piles if p.id.role in (PileRole.COLUMN, PileRole.FREE_COLUMN)]


def assert_columns_fan_down_in_order(lay: Layout) -> None:
    for p in fanned(lay):
        ys = [c.y for c in p.cards]
        assert all(c.x == p.rect.x for c in p.cards)
        assert ys == sorted(ys), f"{p.id} cards out of order"
        assert all(b > a for a, b in itertools.pairwise(ys)), f"{p.id} cards hide each other"
        zs = [c.z for c in p.cards]
        assert all(b > a for a, b in itertools.pairwise(zs))
        assert p.up_offset >= p.down_offset - EPS, f"{p.id}: face-up fanned tighter than face-down"


def assert_cards_match_input(lay: Layout, table: TableShape) -> None:
    def check(pid: PileId, flags: tuple[bool, ...]) -> None:
        assert tuple(c.face_up for c in lay.pile(pid.role, pid.index).cards) == flags

    for k, col in enumerate(table.columns):
        check(PileId(PileRole.COLUMN, k), col)
    for k, f in enumerate(table.foundations):
        check(PileId(PileRole.FOUNDATION, k), f)
    for k, d in enumerate(table.draw_piles):
        check(PileId(PileRole.DRAW, k), d)
    if table.free_column is not None:
        check(PileId(PileRole.FREE_COLUMN), table.free_column)
    if table.stock is not None:
        check(PileId(PileRole.STOCK), table.stock)
    zs = [c.z for p in lay.piles for c in p.cards]
    assert len(zs) == len(set(zs)), "two cards share a z"


def assert_all_invariants(lay: Layout, table: TableShape, opts: Options) -> None:
    assert_inside_viewport(lay, opts)
    assert_piles_do_not_overlap(lay, table)
    assert_columns_fan_down_in_order(lay)
    assert_cards_match_input(lay, table)
    assert lay.card_height == pytest.approx(lay.card_width * ASPECT)
    assert lay.card_width <= opts.max_card_width


# --- Every game at every reference size ---------------------------------------


@pytest.mark.parametrize("case", ALL_CASES, ids=_id)
def test_every_game_fits_the_viewport_without_overlaps(case: tuple[str, bool, int, int, Options]) -> None:
    name, worst, vw, vh, opts = case
    table = GAMES[name](worst)
    lay = layout_table(table, vw, vh, opts)
    assert_all_invariants(lay, table, opts)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("vw,vh", SIZES)
def test_face_up_corner_index_stays_visible_in_a_column_of_the_sizing_shape(name: str, vw: int, vh: int) -> None:
    base = GAMES[name](False)
    down, up = base.sizing_column
    columns = tuple(pile_flags(down, up) for _ in base.columns)
    free = pile_flags(down, up) if base.free_column is not None else None
    table = TableShape(
        columns=columns,
        stock=base.stock,
        stock_deal=base.stock_deal,
        draw_piles=base.draw_piles,
        foundations=base.foundations,
        foundation_style=base.foundation_style,
        free_column=free,
        two_rows=base.two_rows,
        sizing_column=base.sizing_column,
    )
    for opts in OPTIONS:
        lay = layout_table(table, vw, vh, opts)
        assert_all_invariants(lay, table, opts)
        for p in fanned(lay):
            assert p.up_offset >= lay.index_strip - EPS, p.id


@pytest.mark.parametrize("vw,vh", [(320, 568), (360, 640), (390, 844), (412, 915)])
def test_long_spider_columns_keep_their_corner_index_on_portrait_phones(vw: int, vh: int) -> None:
    cols = [pile_flags(5, 30)] + [pile_flags(5, 1)] * 9
    table = TableShape(
        columns=tuple(cols),
        stock=pile_flags(50, 0),
        stock_deal=10,
        foundations=((),) * 8,
        foundation_style=FoundationStyle.COMPACT,
    )
    lay = layout_table(table, vw, vh)
    assert lay.pile(PileRole.COLUMN, 0).up_offset >= lay.index_strip - EPS


def test_corner_index_strip_is_at_least_ten_pixels_on_a_360_px_phone() -> None:
    lay = layout_table(spider(), 360, 640)
    assert lay.index_strip >= 10.0


# --- Card size ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["spider", "spidike"])
def test_ten_columns_get_cards_at_least_32_px_wide_on_a_360x640_portrait_phone(name: str) -> None:
    lay = layout_table(GAMES[name](False), 360, 640)
    assert lay.card_width >= 32
    assert lay.arrangement is Arrangement.TOP
    cols = lay.piles_of(PileRole.COLUMN)
    used = cols[-1].rect.right - cols[0].rect.x
    assert used >= 0.95 * 360, "portrait columns should use the full width"


@pytest.mark.parametrize("name", GAMES)
def test_desktop_card_width_is_capped(name: str) -> None:
    table = GAMES[name](False)
    assert layout_table(table, 2560, 1440).card_width == 120
    assert layout_table(table, 2560, 1440, Options(max_card_width=90)).card_width == 90


@pytest.mark.parametrize("name", [g for g in GAMES if g != "little-spider"])
def test_large_screens_get_large_cards(name: str) -> None:
    """Cards were capped at 120 px: a 1920 x 1080 screen floated small cards in empty felt.
    (Little Spider's two rows are limited by the height: 108 px there.)"""
    assert card_cap(1366, 768) == 120 and card_cap(1920, 1080) == 200
    assert layout_table(GAMES[name](False), 1920, 1080, Options(max_card_width=card_cap(1920, 1080))).card_width > 120


@pytest.mark.parametrize("name", GAMES)
def test_capped_table_is_centred_horizontally(name: str) -> None:
    lay = layout_table(GAMES[name](False), 2560, 1440)
    left = min(p.rect.x for p in lay.piles)
    right = max(p.rect.right for p in lay.piles)
    assert left == pytest.approx(2560 - right, abs=1.0)


def test_card_aspect_ratio_is_5_by_7_and_width_is_whole_pixels() -> None:
    for vw, vh in SIZES:
        lay = layout_table(spider(), vw, vh)
        assert lay.card_width == int(lay.card_width)
        assert lay.card_height == lay.card_width * 7 / 5


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("vw,vh", SIZES)
def test_card_size_depends_on_the_cards_only_when_a_column_is_too_long_to_read(name: str, vw: int, vh: int) -> None:
    """The card size comes from the table's shape; the longest possible
    columns (``worst``) may only shrink the cards, and not below the readable
    floor, so that every face-up card keeps showing its index."""
    a = layout_table(GAMES[name](False), vw, vh)
    b = layout_table(GAMES[name](True), vw, vh)
    assert a.arrangement == b.arrangement
    assert b.card_width <= a.card_width
    assert b.card_width == a.card_width or b.card_width >= min(MIN_READABLE_CARD_WIDTH, a.card_width)


def test_card_art_index_fits_the_layout_index_strip() -> None:
    spec = importlib.util.spec_from_file_location("gen_cards_for_layout", ROOT / "tools" / "gen_cards.py")
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert pytest.approx(ASPECT) == gen.CARD_H / gen.CARD_W
    assert gen.INDEX_BOTTOM <= INDEX_STRIP * gen.CARD_H


# --- Fanning and compression -------------------------------------------------


def test_nominal_offsets_show_a_face_up_cards_index_and_less_of_a_face_down_card() -> None:
    """A fanned face-up card shows the whole index strip; a face-down one
    less than that, and at least the squeezed minimum."""
    assert FACE_DOWN_MIN < FACE_DOWN_OFFSET < INDEX_STRIP <= FACE_UP_OFFSET


@pytest.mark.parametrize("vw,vh", [(360, 640), (1366, 768)])
def test_short_columns_use_the_roomy_steps(vw: int, vh: int) -> None:
    """The opening's columns: the roomy face-down step, and the face-up
    step spread as far as :func:`spread_step` allows (36 px on a phone's
    small cards, the nominal step on a desktop's)."""
    lay = layout_table(spider(), vw, vh)
    down, _up = fan_steps(lay.card_height)
    for p in fanned(lay):
        assert p.down_offset == pytest.approx(down)
        assert p.up_offset == pytest.approx(spread_step(lay.card_height))
        ys = [c.y for c in p.cards]
        assert ys[1] - ys[0] == pytest.approx(down)
    assert (spread_step(lay.card_height) > fan_steps(lay.card_height)[1]) == (vw < vh)


@pytest.mark.parametrize("vw,vh,middling", [(390, 844, 20), (360, 640, 14)])
def test_portrait_fans_spread_over_the_free_height(vw: int, vh: int, middling: int) -> None:
    """On a phone upright, a column of a dozen face-up cards fills the free
    height below it at a step larger than the touch step (the lower felt is
    not left empty), and stays on screen; a longer one compresses, and only
    that column."""
    top_bar, margin = 84.0, 4.0
    for up in (6, middling, 30):
        cols = (pile_flags(4, up),) + (pile_flags(4, 1),) * 9
        table = TableShape(
            columns=cols,
            stock=pile_flags(10, 0),
            stock_deal=10,
            foundations=((),) * 8,
            foundation_style=FoundationStyle.COMPACT,
        )
        lay = layout_table(table, vw, vh, Options(top_bar=top_bar, margin=margin))
        h = lay.card_height
        col = lay.pile(PileRole.COLUMN, 0)
        assert col.cards[-1].y + h <= vh - margin + EPS
        others = [lay.pile(PileRole.COLUMN, k).up_offset for k in range(1, 10)]
        assert all(u == pytest.approx(spread_step(h)) for u in others)
        if up == 6:
            assert col.up_offset == pytest.approx(spread_step(h))
            assert col.up_offset >= 30.0
        elif up == middling:
            assert fan_steps(h)[1] < col.up_offset < spread_step(h)
            assert col.cards[-1].y + h == pytest.approx(vh - margin)  # fills the height
        else:
            assert col.up_offset < fan_steps(h)[1]


def test_small_cards_fan_a_fingertip_apart_and_large_ones_keep_their_proportions() -> None:
    # A 36 px wide phone card (50.4 px high): 25.2 px per face-up card, not 15.
    assert fan_steps(50.4) == pytest.approx((8.0, 25.2))
    # A 33 px card (360 px phone): half its height, 23.1 px.
    assert fan_steps(46.2)[1] == pytest.approx(23.1)
    # Desktop cards keep the nominal fractions.
    assert fan_steps(168.0) == pytest.approx((FACE_DOWN_OFFSET * 168.0, FACE_UP_OFFSET * 168.0))
    for h in (30.0, 46.2, 50.4, 77.0, 100.0, 168.0, 280.0):
        down, up = fan_steps(h)
        assert FACE_DOWN_OFFSET * h <= down <= max(FACE_DOWN_OFFSET, 0.18) * h + EPS
        assert FACE_UP_OFFSET * h <= up <= max(FACE_UP_OFFSET * h, min(TOUCH_STEP, h / 2)) + EPS


@pytest.mark.parametrize("vw,vh", [(390, 844), (360, 640)])
def test_portrait_phone_face_up_step_is_a_fingertip_wherever_the_column_fits(vw: int, vh: int) -> None:
    """Spider on a phone in portrait (the two-row header): every column,
    from short to as long as the screen holds, fans its face-up cards at
    least 22 px apart while it fits at that step, and never leaves the screen."""
    top_bar, margin = 84.0, 4.0
    for down in (0, 3, 5):
        for up in range(1, 40):
            cols = (pile_flags(down, up),) + tuple(pile_flags(4 + (k % 2), 1 + k) for k in range(9))
            table = TableShape(
                columns=cols,
                stock=pile_flags(10, 0),
                stock_deal=10,
                foundations=((),) * 8,
                foundation_style=FoundationStyle.COMPACT,
            )
            lay = layout_table(table, vw, vh, Options(top_bar=top_bar, margin=margin))
            h = lay.card_height
            for p in fanned(lay):
                flags = [c.face_up for c in p.cards]
                n_up = sum(flags[:-1])
                n_down = len(flags) - 1 - n_up
                assert p.cards[-1].y + h <= vh - margin + EPS, p.id
                assert p.cards[0].y >= top_bar
                fits = p.cards[0].y + n_down * FACE_DOWN_MIN * h + n_up * 22.0 + h <= vh - margin + EPS
                if fits and n_up:
                    assert p.up_offset >= 22.0 - EPS, (vw, vh, down, up, p.id)


@pytest.mark.parametrize("vw,vh", [(360, 640), (844, 390), (1366, 768)])
def test_growing_column_packs_face_down_cards_first_then_face_up_then_both(vw: int, vh: int) -> None:
    """As a column grows: the roomy (or spread) steps; then face-down offsets shrink to
    their minimum while face-up ones stay nominal; then face-up offsets shrink
    to the index strip; only then both shrink below, and it always fits."""
    stages = []
    prev = (float("inf"), float("inf"))
    for up in range(1, 120):
        table = TableShape(
            columns=(pile_flags(5, up),) + (pile_flags(4, 1),) * 9,
            stock=pile_flags(10, 0),
            stock_deal=10,
            foundations=((),) * 8,
            foundation_style=FoundationStyle.COMPACT,
        )
        lay = layout_table(table, vw, vh)
        col = lay.pile(PileRole.COLUMN, 0)
        h = lay.card_height
        d, u = col.down_offset, col.up_offset
        assert d <= prev[0] + EPS and u <= prev[1] + EPS, "offsets grew with a longer column"
        prev = (d, u)
        assert col.cards[-1].y + h <= vh - 4 + EPS
        d0, u0 = fan_steps(h)
        if d == pytest.approx(d0) and u >= u0 - EPS:  # roomy, or spread over free height
            stage = 0
        elif u == pytest.approx(u0):
            assert d >= FACE_DOWN_MIN * h - EPS
            stage = 1
        elif u >= INDEX_STRIP * h - EPS:
            assert d == pytest.approx(FACE_DOWN_MIN * h)
            stage = 2
        else:
            assert u / d == pytest.approx(INDEX_STRIP / FACE_DOWN_MIN)
            stage = 3
        stages.append(stage)
    assert stages == sorted(stages), "compression stages out of order"
    assert stages[0] == 0 and stages[-1] == 3


def test_longest_possible_spider_column_fits_on_a_landscape_phone() -> None:
    table = spider(worst=True)
    lay = layout_table(table, 844, 390)
    col = lay.pile(PileRole.COLUMN, 0)
    assert len(col.cards) == 83
    assert col.cards[-1].y + lay.card_height <= 390
    assert col.up_offset > 0


def test_column_hit_area_reaches_the_bottom_of_the_screen_and_covers_the_gap() -> None:
    lay = layout_table(spider(), 360, 640)
    cols = lay.piles_of(PileRole.COLUMN)
    for p in cols:
        assert p.hit.bottom == 640
        assert p.hit.x < p.rect.x and p.hit.right > p.rect.right
    for a, b in itertools.pairwise(cols):
        assert a.hit.right == pytest.approx(b.hit.x)  # no dead gap between columns
    assert lay.pile_at(cols[3].rect.x + 1, 630) == PileId(PileRole.COLUMN, 3)


def test_best_drop_picks_the_pile_the_dragged_card_overlaps_most() -> None:
    lay = layout_table(spider(), 360, 640)
    c2, c3 = lay.pile(PileRole.COLUMN, 2), lay.pile(PileRole.COLUMN, 3)
    dragged = Rect(c2.rect.x + 0.7 * lay.card_width, 400, lay.card_width, lay.card_height)
    assert lay.best_drop(dragged) == c3.id
    assert lay.best_drop(dragged, [c2.id]) == c2.id
    assert lay.best_drop(Rect(-500, -500, 10, 10)) is None


# --- The games' particular piles ---------------------------------------------


def test_spider_stock_shows_one_stack_per_deal_left() -> None:
    for deals in range(0, 6):
        table = TableShape(
            columns=spider().columns,
            stock=pile_flags(10 * deals, 0),
            stock_deal=10,
            foundations=((),) * 8,
            foundation_style=FoundationStyle.COMPACT,
        )
        for vw, vh in [(360, 640), (844, 390)]:
            stock = layout_table(table, vw, vh).pile(PileRole.STOCK)
            assert len({(c.x, c.y) for c in stock.cards}) == deals
            # the next deal (top cards) is drawn in front
            assert stock.cards == tuple(sorted(stock.cards, key=lambda c: c.z))


def test_spidike_classic_stock_groups_a_short_last_deal() -> None:
    stock = layout_table(spidike_classic(), 360, 640).pile(PileRole.STOCK)
    positions = [(c.x, c.y) for c in stock.cards]
    assert len(set(positions)) == 4  # 24 = 3 (last deal) + 7 + 7 + 7
    assert len(set(positions[:3])) == 1 and positions[3] != positions[2]


def test_spider_portrait_puts_stock_and_completed_runs_in_a_bar_above_the_columns() -> None:
    lay = layout_table(spider(completed=3), 360, 640)
    top_of_columns = min(p.rect.y for p in lay.piles_of(PileRole.COLUMN))
    for p in lay.piles_of(PileRole.FOUNDATION) + (lay.pile(PileRole.STOCK),):
        assert p.rect.bottom < top_of_columns
    assert lay.pile(PileRole.STOCK).rect.x > 180  # right-handed: stock at the right


def test_spider_landscape_phone_moves_the_bar_beside_the_columns() -> None:
    lay = layout_table(spider(), 844, 390)
    assert lay.arrangement is Arrangement.SIDE
    right_of_columns = max(p.rect.right for p in lay.piles_of(PileRole.COLUMN))
    assert lay.pile(PileRole.STOCK).rect.x > right_of_columns
    assert lay.card_width > layout_table(spider(), 390, 844).card_width


def test_spidike_foundation_row_has_separate_slots_and_spider_fans_completed_runs() -> None:
    row = layout_table(spidike(), 360, 640).piles_of(PileRole.FOUNDATION)
    assert len(row) == 8
    for a, b in itertools.pairwise(row):
        assert a.rect.overlap_area(b.rect) == 0
        assert b.rect.x > a.rect.right
    fan = layout_table(spider(), 360, 640).piles_of(PileRole.FOUNDATION)
    assert len(fan) == 8
    for a, b in itertools.pairwise(fan):
        assert 0 < b.rect.x - a.rect.x < fan[0].rect.width  # overlapping, left edges visible
        assert b.cards == () or a.cards == () or b.cards[0].z > a.cards[-1].z


def test_compact_fan_in_a_side_strip_shows_each_slots_index_strip() -> None:
    lay = layout_table(spider(completed=8), 844, 390)
    fan = lay.piles_of(PileRole.FOUNDATION)
    for a, b in itertools.pairwise(fan):
        assert b.rect.y - a.rect.y >= lay.index_strip - EPS


def test_tournament_free_column_is_set_apart_after_the_eight_columns() -> None:
    lay = layout_table(tournament(), 360, 640)
    cols = lay.piles_of(PileRole.COLUMN)
    free = lay.pile(PileRole.FREE_COLUMN)
    normal_gap = cols[1].rect.x - cols[0].rect.right
    assert free.rect.x - cols[-1].rect.right > 2 * normal_gap
    assert free.rect.y == cols[0].rect.y
    mirrored = layout_table(tournament(), 360, 640, Options(left_handed=True))
    assert mirrored.pile(PileRole.FREE_COLUMN).rect.right < mirrored.pile(PileRole.COLUMN, 0).rect.x


def test_tournament_draw_piles_show_their_top_card_whole() -> None:
    for vw, vh in SIZES:
        lay = layout_table(tournament(), vw, vh, Options(top_bar=56.0))
        draws = lay.piles_of(PileRole.DRAW)
        assert len(draws) == 5
        for d in draws:
            top = d.cards[-1]
            assert top.face_up
            assert all(c.x == top.x and c.y >= top.y for c in d.cards)
            top_rect = card_rect(lay, top.x, top.y)
            for other in lay.piles:
                if other is d:
                    continue
                for c in other.cards:
                    assert card_rect(lay, c.x, c.y).overlap_area(top_rect) < EPS


@pytest.mark.parametrize("vw,vh", [(390, 844), (360, 640), (844, 390), (1366, 768), (2560, 1440)])
@pytest.mark.parametrize("left_handed", [False, True])
def test_tournament_draw_piles_are_one_row_of_stacks_above_the_columns_on_every_screen(
    vw: int, vh: int, left_handed: bool
) -> None:
    """Desktop, landscape and portrait alike: the five draw piles stand in
    one row above the columns (not in an L in a side strip), in reading
    order, with the label's room beside the row on the side away from the
    screen's edge, and each pile shows one edge per card under its top card."""
    opts = Options(top_bar=56.0, left_handed=left_handed, max_card_width=card_cap(vw, vh))
    lay = layout_table(tournament(), vw, vh, opts)
    assert lay.arrangement is Arrangement.TOP
    draws = lay.piles_of(PileRole.DRAW)
    cols = lay.piles_of(PileRole.COLUMN) + (lay.pile(PileRole.FREE_COLUMN),)
    assert len({d.rect.y for d in draws}) == 1
    assert [d.rect.x for d in draws] == sorted(d.rect.x for d in draws)
    lowest = max(c.y for d in draws for c in d.cards) + lay.card_height
    assert lowest <= min(c.rect.y for c in cols)
    room = 1.3 * lay.card_width
    others = [p.rect for p in lay.piles if p.id.role is PileRole.FOUNDATION]
    if left_handed:
        label = Rect(draws[-1].rect.right + lay.gap, draws[0].rect.y, room - lay.gap, lay.card_height)
    else:
        label = Rect(draws[0].rect.x - room, draws[0].rect.y, room - lay.gap, lay.card_height)
    assert label.x >= 0 and label.right <= vw
    assert all(label.overlap_area(r) < EPS for r in others + [d.rect for d in draws])
    for d in draws:
        ys = [c.y for c in d.cards]
        assert ys == sorted(ys, reverse=True)  # the top card highest, each under it a step lower
        assert len(set(ys)) == len(ys)
        assert ys[0] - ys[-1] >= len(ys) - 1  # at least a pixel an edge


def test_little_spider_foundations_sit_between_the_two_rows() -> None:
    for vw, vh in [(320, 568), (360, 640), (390, 844), (768, 1024), (800, 1280)]:
        lay = layout_table(little_spider(), vw, vh)
        assert lay.arrangement is Arrangement.ROWS
        upper = [lay.pile(PileRole.COLUMN, k) for k in range(4)]
        lower = [lay.pile(PileRole.COLUMN, k) for k in range(4, 8)]
        founds = lay.piles_of(PileRole.FOUNDATION)
        assert len({p.rect.y for p in founds}) == 1
        for u, f, lo in zip(upper, founds, lower):
            assert u.rect.x == f.rect.x == lo.rect.x  # aligned in columns
            assert u.hit.bottom <= f.hit.y + EPS and f.hit.bottom <= lo.hit.y + EPS


@pytest.mark.parametrize("vw,vh", [(390, 844), (360, 640)])
def test_little_spider_upright_leaves_no_empty_band_between_its_rows(vw: int, vh: int) -> None:
    """On a phone upright, the upper row of the opening (one card a pile)
    is followed closely by the foundations and the lower row (room for a
    few more cards, not half the screen); as the upper row grows the rows
    below move down, never over its cards; and the rows take most of the
    width."""
    top_bar = 84.0
    prev_mid = 0.0
    for up in range(1, 9):
        cols = (pile_flags(0, up),) + (pile_flags(0, 1),) * 7
        table = TableShape(
            columns=cols,
            stock=pile_flags(44, 0),
            stock_deal=8,
            foundations=((),) * 4,
            two_rows=True,
            sizing_column=(0, 8),
        )
        lay = layout_table(table, vw, vh, Options(top_bar=top_bar))
        assert lay.arrangement is Arrangement.ROWS
        h = lay.card_height
        upper = [lay.pile(PileRole.COLUMN, k) for k in range(4)]
        lower = [lay.pile(PileRole.COLUMN, k) for k in range(4, 8)]
        mid = min(p.rect.y for p in lay.piles_of(PileRole.FOUNDATION))
        lowest_upper = max(c.y for p in upper for c in p.cards) + h
        assert lowest_upper <= mid - 0.05 * h
        assert all(p.hit.bottom <= f.hit.y + EPS for p in upper for f in lay.piles_of(PileRole.FOUNDATION))
        assert mid >= prev_mid - EPS  # the rows below only move down as the upper row grows
        prev_mid = mid
        assert max(c.y for p in lower for c in p.cards) + h <= vh - 4 + EPS
        if up == 1:
            assert (
                mid - lowest_upper <= 3 * fan_steps(h)[1] + 0.15 * h
            )  # a few cards' room, not a band of half the felt
            row_w = upper[-1].rect.right - upper[0].rect.x
            assert row_w >= 0.6 * vw
    assert prev_mid > lowest_upper - h  # grown: moved down


@pytest.mark.parametrize("vw, vh, at_least", [(844, 390, 64), (1366, 768, 110), (1920, 1080, 160), (1024, 768, 88)])
def test_little_spider_on_a_landscape_screen_uses_wings_for_larger_cards(vw: int, vh: int, at_least: float) -> None:
    """Two rows would leave the cards small in empty felt on a landscape
    screen (75 px on 1366×768): the rows go to the sides instead."""
    lay = layout_table(little_spider(), vw, vh, Options(max_card_width=card_cap(vw, vh)))
    assert lay.arrangement is Arrangement.WINGS
    assert lay.card_width >= at_least
    upper = [lay.pile(PileRole.COLUMN, k) for k in range(4)]
    lower = [lay.pile(PileRole.COLUMN, k) for k in range(4, 8)]
    founds = lay.piles_of(PileRole.FOUNDATION)
    assert max(p.rect.right for p in upper) < min(p.rect.x for p in founds)
    assert max(p.rect.right for p in founds) < min(p.rect.x for p in lower)


# --- Left-handed mirror --------------------------------------------------------


def uniform(table: TableShape) -> TableShape:
    """The table with every pile of a group holding the same cards, so that
    the mirror image of its layout is again a layout of the same table."""
    col = max(table.columns, key=len)
    found = max(table.foundations, key=len, default=())
    draw = max(table.draw_piles, key=len, default=())
    return TableShape(
        columns=(col,) * len(table.columns),
        stock=table.stock,
        stock_deal=table.stock_deal,
        draw_piles=(draw,) * len(table.draw_piles),
        foundations=(found,) * len(table.foundations),
        foundation_style=table.foundation_style,
        free_column=table.free_column,
        two_rows=table.two_rows,
        sizing_column=table.sizing_column,
    )


def mirror_image(lay: Layout) -> set[tuple[str, Rect, Rect, tuple[tuple[float, float, bool], ...]]]:
    """Per pile: role, rect, hit and card positions, mirrored, rounded."""
    out = set()
    w = lay.width
    for p in lay.piles:
        cards = tuple((round(w - c.x - lay.card_width, 6), round(c.y, 6), c.face_up) for c in p.cards)
        out.add((p.id.role.value, _round(p.rect.mirrored(w)), _round(p.hit.mirrored(w)), cards))
    return out


def as_is(lay: Layout) -> set[tuple[str, Rect, Rect, tuple[tuple[float, float, bool], ...]]]:
    return {
        (
            p.id.role.value,
            _round(p.rect),
            _round(p.hit),
            tuple((round(c.x, 6), round(c.y, 6), c.face_up) for c in p.cards),
        )
        for p in lay.piles
    }


def _round(r: Rect) -> Rect:
    return Rect(round(r.x, 6), round(r.y, 6), round(r.width, 6), round(r.height, 6))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("vw,vh", SIZES)
def test_left_handed_layout_is_the_mirror_image(name: str, vw: int, vh: int) -> None:
    for worst in (False, True):
        table = uniform(GAMES[name](worst))
        right = layout_table(table, vw, vh)
        left = layout_table(table, vw, vh, Options(left_handed=True))
        assert left.mirrored and not right.mirrored
        assert (left.card_width, left.arrangement) == (right.card_width, right.arrangement)
        assert as_is(left) == mirror_image(right)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("vw,vh", SIZES)
def test_left_handed_keeps_columns_in_reading_order_and_moves_the_stock_across(name: str, vw: int, vh: int) -> None:
    table = GAMES[name](False)
    right = layout_table(table, vw, vh)
    left = layout_table(table, vw, vh, Options(left_handed=True))
    for lay in (right, left):
        cols = lay.piles_of(PileRole.COLUMN)
        rows = [cols[:4], cols[4:]] if table.two_rows else [cols]
        for row in rows:
            assert all(a.rect.x < b.rect.x for a, b in itertools.pairwise(row))
        # a column's own fan does not depend on the side it is on
        for k, p in enumerate(cols):
            other = (left if lay is right else right).pile(PileRole.COLUMN, k)
            assert [c.y - p.rect.y for c in p.cards] == [c.y - other.rect.y for c in other.cards]
    if table.stock is not None and right.arrangement is not Arrangement.WINGS:
        assert right.pile(PileRole.STOCK).rect.x > vw / 2 > left.pile(PileRole.STOCK).rect.right


# --- Reflow ------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_rotation_reflows_the_same_piles_to_fit_the_new_viewport(name: str) -> None:
    table = GAMES[name](True)
    portrait = layout_table(table, 390, 844)
    landscape = layout_table(table, 844, 390)
    assert [p.id for p in portrait.piles] == [p.id for p in landscape.piles]
    assert_all_invariants(landscape, table, Options())
    assert_all_invariants(portrait, table, Options())


def test_layout_is_the_same_from_the_cache_and_in_every_process() -> None:
    """A layout is a value: the same whether the card size comes from the
    cache or a new search, and the same in fresh Pythons with other hash
    seeds."""
    first = layout_table(spider(True), 390, 844)
    layout_module._choose.cache_clear()
    again = layout_table(spider(True), 390, 844)
    assert again == first and again is not first
    code = "from tests.test_layout import spider; from ui.table.layout import layout_table;"
    code += " print(repr(layout_table(spider(True), 390, 844)))"
    assert {fresh_python(code, seed).strip() for seed in (1, 2)} == {repr(first)}


def test_layout_of_a_full_two_deck_table_takes_few_trial_layouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cost :func:`layout_table` promises, in steps: the card size is
    found by bisection (at most 1 + log2(width) trial frames an arrangement),
    kept per table shape and viewport, and a column too long for its
    indices shrinks the cards by bisection too (at most 2 + log2(width)
    trial layouts).  (How long a layout takes: ``bench/layout_bench.py``.)"""
    frames: list[str] = []
    layouts: list[float] = []
    for name in ("frame_rows", "frame_wings", "frame_side", "frame_bar"):
        real = getattr(layout_module, name)

        def counted(*args: object, _real: Callable[..., object] = real, _name: str = name) -> object:
            frames.append(_name)
            return _real(*args)

        monkeypatch.setattr(layout_module, name, counted)
    real_layout_at = layout_module._layout_at

    def counted_layout_at(
        table: TableShape, shape: object, arrangement: Arrangement, w: float, *rest: object
    ) -> object:
        layouts.append(w)
        return real_layout_at(table, shape, arrangement, w, *rest)

    monkeypatch.setattr(layout_module, "_layout_at", counted_layout_at)
    layout_module._choose.cache_clear()
    table = spider(worst=True)
    shrunk = 0
    for i in range(100):
        width = 360 + i  # a resize every call: no cached card size
        frames.clear()
        layouts.clear()
        lay = layout_table(table, width, 640)
        bisection = 1 + math.ceil(math.log2(width))
        searched = len(frames) - len(layouts)  # each trial layout builds its frame once
        assert 0 < searched <= 2 * bisection, (width, frames)
        assert 1 <= len(layouts) <= 1 + bisection, (width, layouts)
        shrunk += len(layouts) > 1
        # the same viewport again: the card size is remembered, no search for it
        trials = list(layouts)
        frames.clear()
        layouts.clear()
        assert layout_table(table, width, 640) == lay
        assert len(frames) == len(layouts) and layouts == trials
    assert shrunk > 0, "no column of the worst table was too long for its indices: the test needs one"


# --- Input validation and docs ------------------------------------------------


def test_table_without_columns_is_rejected() -> None:
    with pytest.raises(ValueError):
        TableShape(columns=())


def test_tiny_viewport_still_gets_a_layout_that_fits() -> None:
    lay = layout_table(spider(True), 100, 80)
    assert 0 < lay.card_width < 10
    assert_all_invariants(lay, spider(True), Options())


def test_viewport_with_no_room_below_the_top_bar_is_an_error() -> None:
    with pytest.raises(ValueError):
        layout_table(spider(), 360, 50)


def test_module_doctests_pass() -> None:
    result = doctest.testmod(layout_module)
    assert result.attempted >= 5 and result.failed == 0


# --- Property: random viewports, random piles ----------------------------------

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

flags = st.lists(st.booleans(), max_size=90).map(tuple)


@st.composite
def random_tables(draw: st.DrawFn) -> TableShape:
    base = GAMES[draw(st.sampled_from(sorted(GAMES)))](False)
    cols = tuple(draw(flags) for _ in base.columns)
    return TableShape(
        columns=cols,
        stock=None if base.stock is None else draw(st.lists(st.just(False), max_size=50).map(tuple)),
        stock_deal=base.stock_deal,
        draw_piles=tuple(draw(st.lists(st.booleans(), max_size=8).map(tuple)) for _ in base.draw_piles),
        foundations=tuple(draw(st.lists(st.booleans(), max_size=13).map(tuple)) for _ in base.foundations),
        foundation_style=base.foundation_style,
        free_column=None if base.free_column is None else draw(flags),
        two_rows=base.two_rows,
        sizing_column=base.sizing_column,
    )


@settings(max_examples=300, deadline=None)
@given(
    table=random_tables(),
    vw=st.integers(320, 2560),
    vh=st.integers(320, 1440),
    left_handed=st.booleans(),
    bar_at_bottom=st.booleans(),
    top_bar=st.sampled_from([44.0, 48.0, 56.0]),
)
def test_any_viewport_and_any_piles_fit_without_overlap(
    table: TableShape, vw: int, vh: int, left_handed: bool, bar_at_bottom: bool, top_bar: float
) -> None:
    opts = Options(top_bar=top_bar, left_handed=left_handed, bar_at_bottom=bar_at_bottom)
    lay = layout_table(table, vw, vh, opts)
    assert_all_invariants(lay, table, opts)


# --- 200 % browser zoom ------------------------------------------------
# At 200 % a 1366x768 screen is 683x384 CSS px and a 390x844 phone 195x422,
# where the header's buttons wrap onto more rows (ui/app.py measures the bar:
# up to about 150 px on the phone).

ZOOMED = [(683, 384, 52.0), (195, 422, 150.0), (422, 195, 84.0), (640, 360, 52.0)]


@pytest.mark.parametrize("vw,vh,top_bar", ZOOMED)
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("worst", [False, True])
@pytest.mark.parametrize("portrait", [False, True])
def test_every_game_fits_a_viewport_zoomed_to_200_percent(
    name: str, worst: bool, vw: int, vh: int, top_bar: float, portrait: bool
) -> None:
    opts = Options(top_bar=top_bar, portrait=portrait)
    table = GAMES[name](worst)
    lay = layout_table(table, vw, vh, opts)
    assert_all_invariants(lay, table, opts)
    # On the desktop and the portrait phone, zoom does not make the cards much
    # smaller on the screen: their CSS width is nearly half of what they get
    # at 100 %.  (A landscape phone at 200 % is only 195 px tall and the two-row
    # bar takes 84 of them: its cards are small: docs/manual.md, "Accessibility options".)
    full = layout_table(table, vw * 2, vh * 2, Options(top_bar=top_bar if top_bar <= 56 else 84.0, portrait=portrait))
    if not worst and (vw, vh) in ((683, 384), (195, 422)):
        assert lay.card_width * 2 >= 0.75 * full.card_width, (lay.card_width, full.card_width)


@settings(max_examples=150, deadline=None)
@given(
    table=random_tables(),
    vw=st.integers(150, 420),
    vh=st.integers(180, 480),
    left_handed=st.booleans(),
    top_bar=st.sampled_from([52.0, 84.0, 130.0, 150.0]),
)
def test_small_zoomed_viewports_and_tall_bars_fit_without_overlap(
    table: TableShape, vw: int, vh: int, left_handed: bool, top_bar: float
) -> None:
    if vh - top_bar < 40:
        return  # no room left below the bar: the page keeps a minimum size instead
    opts = Options(top_bar=top_bar, left_handed=left_handed)
    lay = layout_table(table, vw, vh, opts)
    assert_all_invariants(lay, table, opts)


FORTY = [(320, 568), (360, 640), (390, 844), (844, 390), (1366, 768), (1920, 1080)]


@pytest.mark.parametrize("vw,vh", FORTY)
def test_a_forty_card_column_shows_every_face_up_index(vw: int, vh: int) -> None:
    """On a landscape phone a 33-card column overlapped its face-up cards to
    9 px and cut their ranks in half: the cards now shrink instead."""
    table = TableShape(
        columns=(pile_flags(5, 35),) + (pile_flags(4, 1),) * 9,
        stock=pile_flags(10, 0),
        stock_deal=10,
        foundations=((),) * 8,
        foundation_style=FoundationStyle.COMPACT,
        sizing_column=(5, 13),
    )
    lay = layout_table(table, vw, vh)
    col = lay.pile(PileRole.COLUMN, 0)
    h = lay.card_height
    assert len(col.cards) == 40
    ups = [c for c in col.cards if c.face_up]
    gaps = [b.y - a.y for a, b in itertools.pairwise(ups)]
    assert min(gaps) >= INDEX_STRIP * h - EPS, (vw, vh, min(gaps), INDEX_STRIP * h)
    assert col.cards[-1].y + h <= vh + EPS
    # the same table with short columns keeps its size (only the long column shrinks the cards)
    short = layout_table(spider(), vw, vh)
    assert lay.card_width <= short.card_width
