"""What a phone player met besides the fans, on the screen where each was seen:
Tournament's draw piles as one labelled row of stacks, the drop target lit
during a drag, a refused move's reason clear of the clock and long enough
to read, Help's diagram arc, Little Spider upright.

Each test plays the real page (real touch through CDP where touch matters)
with the engine here in CPython as the reference for every position.
"""

from __future__ import annotations

from typing import Any

import pytest
from tablekit import (
    DESKTOP,
    PHONE,
    PHONE_LANDSCAPE,
    TablePage,
    deal_with_moves,
    first_drag_move,
    illegal_drop,
    table_browser,
    table_url,
)

import engine
from ui.chrome.messages import reading_ms
from ui.table.cards import tableau_pile

__all__ = ["table_browser", "table_url"]

SCREENS = {"desktop": DESKTOP, "landscape": PHONE_LANDSCAPE, "portrait": PHONE}


def boxes(t: TablePage, selector: str) -> list[dict[str, Any]]:
    return list(
        t.page.evaluate(
            """s => [...document.querySelectorAll(s)].map(e => {
                const r = e.getBoundingClientRect();
                return {x: r.x, y: r.y, w: r.width, h: r.height, right: r.right, bottom: r.bottom,
                        in: e.dataset.in, pos: +e.dataset.pos, pile: e.dataset.pile, face: e.dataset.face};
            })""",
            selector,
        )
    )


@pytest.mark.parametrize("screen", list(SCREENS))
def test_tournament_draw_piles_are_one_labelled_row_of_stacks_on_every_screen(
    table_browser: Any, table_url: str, screen: str
) -> None:
    """Desktop, landscape phone and portrait phone alike: the five draw
    piles stand in one row above the columns (not an L in a side strip, not
    a row that reads as foundations), labelled "Draw piles" beside the row,
    and each shows the edges of the cards under its top card."""
    t = TablePage(table_browser, table_url, SCREENS[screen])
    try:
        t.open("#tournament-1/303")
        vw = t.page.viewport_size["width"]
        piles = boxes(t, "#table .pile-draw")
        assert len(piles) == 5
        assert len({round(p["y"]) for p in piles}) == 1, piles
        assert [p["pile"] for p in sorted(piles, key=lambda p: p["x"])] == [f"draw-{k}" for k in range(1, 6)]
        cards = boxes(t, '#table .card[data-in^="draw-"]')
        columns = boxes(t, '#table .card[data-in^="column-"], #table .pile-column, #table .pile-free')
        assert max(c["bottom"] for c in cards) <= min(c["y"] for c in columns) + 0.5
        for k in range(1, 6):
            pile = sorted((c for c in cards if c["in"] == f"draw-{k}"), key=lambda c: c["pos"])
            assert len(pile) == 8 and pile[-1]["face"] == "up"
            ys = [c["y"] for c in pile]
            assert ys == sorted(ys, reverse=True) and ys[0] - ys[-1] >= 6, (k, ys)  # one edge a card
        label = t.page.locator("#table .row-label")
        assert label.is_visible() and label.inner_text().strip() == "Draw piles"
        lb = label.bounding_box()
        assert lb is not None
        first = min(piles, key=lambda p: p["x"])
        assert lb["x"] >= 0 and lb["x"] + lb["width"] <= first["x"] + 0.5 and lb["x"] + lb["width"] <= vw
        assert abs(lb["y"] - first["y"]) < 1
        # No card or pile covers the label.
        covered = t.page.evaluate(
            """() => {
                const l = document.querySelector('#table .row-label').getBoundingClientRect();
                return [...document.querySelectorAll('#table .card, #table .pile')].filter(e => {
                    const r = e.getBoundingClientRect();
                    return r.right > l.left + 0.5 && r.left < l.right - 0.5 && r.bottom > l.top + 0.5 && r.top < l.bottom - 0.5;
                }).map(e => e.dataset.in || e.dataset.pile);
            }"""
        )
        assert covered == [], covered
        assert not t.errors, t.errors
    finally:
        t.close()


def test_a_drag_on_the_phone_lights_the_pile_it_would_drop_on(table_browser: Any, table_url: str) -> None:
    """Portrait phone, real touch: while a finger carries a card over the
    pile it may go to, that pile's top card is lit; over a pile where it may
    not go, nothing is; letting go plays the move and puts the light out."""
    t = TablePage(table_browser, table_url, PHONE)
    try:
        g = engine.new_game("spider-2", 303)
        t.open("#spider-2/303")
        m = first_drag_move(g)
        bad = illegal_drop(g)
        assert m is not None and m.kind == "move" and bad is not None
        src, dst = tableau_pile(g.rules, m.src), tableau_pile(g.rules, m.dst)
        n = len(g.position.tableau[m.src])
        start = t.grip(src, n - m.count)
        offset = start[1] - t.card_box(src, n - m.count)["y"]
        over_bad = t.pile_point(tableau_pile(g.rules, bad.dst))
        if tableau_pile(g.rules, bad.dst) in (src, dst):
            over_bad = None
        if over_bad is not None:
            t.touch_drag(start, (over_bad[0], over_bad[1] + offset), end_touch=False)
            t.page.wait_for_selector("#table[data-dragging]", state="attached")
            assert t.attr("drop") is None
            assert t.page.locator("#table .drop-target").count() == 0
            start = (over_bad[0], over_bad[1] + offset)
            t.touch_drag(start, start, steps=1, end_touch=False)  # the finger stays down
        end = t.pile_point(dst)
        t.touch_drag(start, (end[0], end[1] + offset), end_touch=False)
        t.page.wait_for_function("p => document.querySelector('#table').dataset.drop === p", arg=dst)
        lit = t.page.evaluate(
            """p => [...document.querySelectorAll('#table .drop-target')].map(e =>
                [e.dataset.in || e.dataset.pile, +(e.dataset.pos ?? -1), getComputedStyle(e).boxShadow])""",
            dst,
        )
        top = len(g.position.tableau[m.dst]) - 1
        assert [dst, top] in [[p, i] for p, i, _ in lit], lit
        assert all(shadow and shadow != "none" for _, _, shadow in lit), lit
        t.cdp().send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        g.play(m)
        t.wait_moves(1)
        t.expect_game(g)
        assert t.attr("drop") is None and t.page.locator("#table .drop-target").count() == 0
        assert not t.errors, t.errors
    finally:
        t.close()


@pytest.mark.parametrize("preset", ["spider-2", "tournament-1"])
def test_a_refused_moves_reason_leaves_the_clock_in_view_and_stays_to_be_read(
    table_browser: Any, table_url: str, preset: str
) -> None:
    """Portrait phone: a card dropped where it may not go says why in the
    header, beside the clock (which stays in view, uncovered), and the
    sentence stays long enough to read it (not 2.6 s) until the next one."""
    t = TablePage(table_browser, table_url, PHONE)
    try:
        t.page.clock.install()
        g = engine.new_game(preset, 303)
        t.open(f"#{preset}/303")
        bad = illegal_drop(g)
        assert bad is not None
        # The page's own clock says when the message came and went.
        t.page.evaluate(
            """() => {
                const table = document.querySelector('#table');
                window.__said = [];
                new MutationObserver(() => window.__said.push([Date.now(), table.dataset.message ?? null]))
                    .observe(table, {attributes: true, attributeFilter: ['data-message']});
            }"""
        )
        t.drag_move(g, bad, touch=True)
        text = t.wait_message()
        assert text == g.why_illegal(bad)
        assert reading_ms(text) > 2600 + 1000  # longer than messages used to stay
        seen = t.page.evaluate(
            """() => {
                const clock = document.querySelector('#table .bar .clock');
                const c = clock.getBoundingClientRect();
                const m = document.querySelector('#table .message').getBoundingClientRect();
                const top = document.elementFromPoint(c.x + c.width - 3, c.y + c.height / 2);
                return {hidden: clock.hidden, text: clock.textContent, cw: c.width, right: c.right,
                        overlap: Math.max(0, Math.min(m.right, c.right) - Math.max(m.left, c.left))
                                 * (m.bottom > c.top && m.top < c.bottom),
                        top: top && top.className, msgw: m.width};
            }"""
        )
        assert not seen["hidden"] and ":" in seen["text"], seen
        assert seen["overlap"] == 0 and seen["top"] == "clock", seen
        assert seen["right"] <= 390 and seen["msgw"] > 150, seen
        t.page.clock.run_for(reading_ms(text) + 1000)
        t.page.wait_for_function("() => !document.querySelector('#table').dataset.message")
        said = t.page.evaluate("() => window.__said")
        shown = [at for at, value in said if value == text]
        gone = [at for at, value in said if value is None and shown and at > shown[0]]
        assert shown and gone, said
        # (the observer sees the message once the task that showed it ends: a little late)
        assert gone[0] - shown[0] >= reading_ms(text) - 500, said  # stayed long enough to read
        assert t.moves() == 0
        assert not t.errors, t.errors
    finally:
        t.close()


def test_a_refused_moves_reason_goes_at_the_next_move(table_browser: Any, table_url: str) -> None:
    """Portrait phone: the reason stays to be read, but a move played meanwhile ends it (a stale
    "cannot go there" beside a move that went is wrong)."""
    t = TablePage(table_browser, table_url, PHONE)
    try:
        deal = deal_with_moves("spider-2")
        g = engine.new_game("spider-2", deal)
        t.open(f"#spider-2/{deal}")
        bad, good = illegal_drop(g), first_drag_move(g)
        assert bad is not None and good is not None
        t.drag_move(g, bad, touch=True)
        assert t.wait_message() == g.why_illegal(bad)
        t.drag_move(g, good, touch=True)
        t.wait_moves(1)
        assert t.attr("message") is None
        assert not t.errors, t.errors
    finally:
        t.close()


def test_helps_diagram_arc_leaves_every_index_in_view_and_ends_in_an_arrowhead(
    table_browser: Any, table_url: str
) -> None:
    """Phone, Help → How to play: the arrow from the 8♠ to the 9 crosses
    no card's index (the 8♠'s neither), and it ends in an arrowhead at the
    target card."""
    t = TablePage(table_browser, table_url, PHONE)
    try:
        t.open("#spider-2/4")
        t.page.click('[data-action="help"]')
        t.page.wait_for_selector('#table[data-dialog="help"]', state="attached")
        for preset in ("spider-2", "spider-1", "tournament-1", "little-spider", "spidike"):
            t.page.select_option("#help-game", preset)
            t.page.wait_for_selector(f'.howto[data-preset="{preset}"]', state="attached")
            found = t.page.evaluate(
                """() => {
                    const svg = document.querySelector('.howto-diagram');
                    const arc = svg.querySelector('.hd-arrow');
                    if (!arc) return null;
                    const texts = [...svg.querySelectorAll('text')].map(e => {
                        const b = e.getBBox(); return {t: e.textContent, x: b.x, y: b.y, w: b.width, h: b.height};
                    });
                    const n = arc.getTotalLength(), pts = [];
                    for (let k = 0; k <= 60; k++) { const p = arc.getPointAtLength(n * k / 60); pts.push([p.x, p.y]); }
                    const head = svg.querySelector('.hd-arrow-head');
                    const box = svg.viewBox.baseVal;
                    return {texts, pts, head: head && head.getAttribute('points'), fill: head && getComputedStyle(head).fill,
                            view: [box.x, box.y, box.width, box.height]};
                }"""
            )
            if found is None:
                continue
            for x, y in found["pts"]:
                assert found["view"][1] <= y <= found["view"][3], (preset, y)  # not clipped off the top
                for b in found["texts"]:
                    inside = b["x"] - 1 <= x <= b["x"] + b["w"] + 1 and b["y"] - 1 <= y <= b["y"] + b["h"] + 1
                    assert not inside, (preset, b["t"], x, y)
            assert found["head"], preset
            tip = [float(v) for v in found["head"].split()[0].split(",")]
            assert abs(tip[0] - found["pts"][-1][0]) < 0.2 and abs(tip[1] - found["pts"][-1][1]) < 0.2
            assert found["fill"] not in ("none", "rgba(0, 0, 0, 0)")
        assert not t.errors, t.errors
    finally:
        t.close()


@pytest.mark.parametrize("screen", ["portrait", "landscape"])
def test_game_tiles_say_how_games_differ_and_draw_the_table_as_the_phone_holds_it(
    table_browser: Any, table_url: str, screen: str
) -> None:
    """Games on a phone: every tile has a one-line subtitle in plain words
    (Relaxed and 4 suits no longer read alike), and its drawing of the
    table is upright on an upright phone, wide on a phone held sideways."""
    from ui.screens.tile import subtitle

    t = TablePage(table_browser, table_url, SCREENS[screen])
    try:
        t.open("#spider-1/4")
        t.page.click('[data-action="games"]')
        t.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
        for preset in engine.PRESETS:
            tile = t.page.locator(f'[data-play="{preset}"]')
            line = tile.locator(".game-subtitle")
            assert line.inner_text().strip() == subtitle(preset) + "."
            shown = t.page.evaluate(
                """p => [...document.querySelectorAll(`[data-play="${p}"] svg.game-picture`)]
                    .filter(s => s.getClientRects().length)
                    .map(s => { const r = s.getBoundingClientRect(); return [s.getAttribute('class'), r.width, r.height]; })""",
                preset,
            )
            assert len(shown) == 1, (preset, shown)
            cls, w, h = shown[0]
            if screen == "portrait":
                assert "tall-picture" in cls and h > w, (preset, shown)
            else:
                assert "wide-picture" in cls and w > h, (preset, shown)
        relaxed = t.page.inner_text('[data-play="spider-relaxed"] .game-subtitle')
        assert relaxed != t.page.inner_text('[data-play="spider-4"] .game-subtitle')
        assert not t.errors, t.errors
    finally:
        t.close()


def test_the_loading_bar_follows_the_bytes_and_the_last_steps_have_their_own_share(
    table_browser: Any, table_url: str
) -> None:
    """A phone's first visit: while the downloads run, the bar stands where
    the megabytes say (their share of it), and the count stays in view
    whatever step begins meanwhile; after them, unpacking, starting the
    game, setting up the table and dealing each move the bar on, none
    parked at 95 %."""
    import re

    t = TablePage(table_browser, table_url, PHONE)
    try:
        t.open("#spider-2/303")
        log = t.page.evaluate("() => spiderShell.bootLog")
        values = [v for _, v, _ in log]
        assert values == sorted(values) and values[-1] == 100, log
        counting = False
        done_at = None
        for k, (_, value, text) in enumerate(log):
            m = re.search(r"([\d.]+) of ([\d.]+) MB$", text)
            if m:
                counting = True
                loaded, total = float(m.group(1)), float(m.group(2))
                want = 5 + 65 * loaded / total
                assert abs(value - want) <= 2.5, (value, want, text)  # the bar follows the bytes
                if loaded >= total:
                    done_at = k
                    break
            elif counting:
                raise AssertionError(f"the byte count left the loading line: {text!r}")
        assert done_at is not None, log
        after = log[done_at + 1 :]
        steps = {text: value for _, value, text in after}
        for step in ("Unpacking the cards…", "Starting the game…", "Setting up the table…", "Dealing…"):
            assert step in steps, (step, after)
        assert steps["Unpacking the cards…"] <= 72 and steps["Dealing…"] <= 96, steps
        assert len({v for _, v, _ in after}) >= 4, after
        assert not [x for x in log if "Python" in x[2] or "Pyodide" in x[2]], log
        assert not t.errors, t.errors
    finally:
        t.close()
