"""Every preset, opened by its address: a legal move by mouse drag on the
desktop and by touch drag on a phone in portrait, a tap move, an illegal
drop that returns and explains, undo and redo, a deal."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tablekit import (
    DESKTOP,
    PHONE,
    TablePage,
    deal_with_moves,
    desk_page,
    first_drag_move,
    illegal_drop,
    table_browser,
    table_url,
)

import engine
from ui.table import pointer
from ui.table.cards import tableau_pile

PRESETS = list(engine.PRESETS)


@pytest.fixture(scope="module")
def desk(table_browser, table_url) -> Iterator[TablePage]:
    """One desktop page for the whole module."""
    with desk_page(table_browser, table_url) as t:
        yield t


@pytest.fixture(scope="module")
def phone(table_browser, table_url) -> Iterator[TablePage]:
    t = TablePage(table_browser, table_url, PHONE)
    yield t
    assert not t.errors, t.errors
    t.close()


def deal_action(g: engine.Game) -> tuple[str, engine.Move] | None:
    for m in g.legal_moves():
        if m.kind == "deal":
            return "stock", m
        if m.kind == "draw":
            return f"draw-{m.src + 1}", m
    return None


@pytest.mark.parametrize("preset", PRESETS)
def test_desktop_mouse(desk: TablePage, preset: str) -> None:
    deal = deal_with_moves(preset)
    desk.open(f"#{preset}/{deal}")
    g = engine.new_game(preset, deal)
    assert desk.attr("deal") == str(deal)
    desk.expect_game(g)

    # an illegal drop returns and says why
    bad = illegal_drop(g)
    assert bad is not None
    desk.clear_message()
    desk.drag_move(g, bad)
    assert desk.wait_message() == g.why_illegal(bad)
    desk.idle()
    desk.expect_game(g)

    # a legal move by mouse drag
    m = first_drag_move(g)
    assert m is not None
    desk.drag_move(g, m)
    g.play(m)
    desk.wait_moves(1)
    desk.expect_game(g)

    # undo by button, redo by keyboard
    desk.page.click('[data-action="undo"]')
    g.undo()
    desk.wait_moves(0)
    desk.expect_game(g)
    desk.page.keyboard.press("Control+Shift+Z")
    g.redo()
    desk.wait_moves(1)
    desk.expect_game(g)
    desk.page.keyboard.press("Control+Z")
    g.undo()
    desk.wait_moves(0)
    desk.page.keyboard.press("Control+Y")
    g.redo()
    desk.wait_moves(1)
    desk.expect_game(g)

    # a tap on a movable card sends it to its best place
    tap = None
    for cand in g.legal_moves():
        if cand.kind in ("move", "found"):
            col = g.position.tableau[cand.src]
            count = cand.count if cand.kind == "move" else 1
            best = pointer.best_move(g.rules, g.position, g.legal_moves(), cand.src, count)
            if best is not None:
                tap = (cand.src, len(col) - count, best)
                break
    if tap is not None:
        src, index, best = tap
        desk.tap_point(*desk.grip(tableau_pile(g.rules, src), index))
        g.play(best)
        desk.wait_moves(2)
        desk.expect_game(g)

    # a deal from the stock or a draw pile
    d = deal_action(g)
    if d is not None:
        n = desk.moves()
        desk.tap_pile(d[0])
        g.play(d[1])
        desk.wait_moves(n + 1)
        desk.expect_game(g)


@pytest.mark.parametrize("preset", PRESETS)
def test_phone_touch(phone: TablePage, preset: str) -> None:
    deal = deal_with_moves(preset, start=101)
    phone.open(f"#{preset}/{deal}")
    g = engine.new_game(preset, deal)
    phone.expect_game(g)
    m = first_drag_move(g)
    assert m is not None
    phone.drag_move(g, m, touch=True)
    g.play(m)
    phone.wait_moves(1)
    phone.expect_game(g)
    # the page never scrolled or zoomed
    assert phone.page.evaluate("() => [scrollX, scrollY, visualViewport.scale]") == [0, 0, 1]

    bad = illegal_drop(g)
    if bad is not None:
        phone.clear_message()
        phone.drag_move(g, bad, touch=True)
        assert phone.wait_message() == g.why_illegal(bad)
        phone.idle()
        phone.expect_game(g)

    # a tap deals
    d = deal_action(g)
    if d is not None:
        phone.tap_pile(d[0])
        g.play(d[1])
        phone.wait_moves(2)
        phone.expect_game(g)
    if g.can_undo:
        phone.page.click('[data-action="undo"]')
        g.undo()
        phone.wait_moves(len(g.moves))
        phone.expect_game(g)
    else:  # Tournament Spider: a draw-pile deal cannot be undone
        assert phone.page.is_disabled('[data-action="undo"]')
