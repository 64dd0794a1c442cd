"""A whole won game by drags, reload mid-game, storage damage, wrong
addresses, and the hard cases of input: a second finger, a drag that leaves
the window, a cancelled touch, input during an animation, a resize during a
drag."""

from __future__ import annotations

import json

from harness import keep_picture
from tablekit import (
    DESKTOP,
    PHONE,
    ROOT,
    TablePage,
    close_settings,
    desk,
    first_drag_move,
    open_settings,
    seed,
    set_setting,
    table_browser,
    table_url,
)

import engine
from ui.table.cards import tableau_pile


def test_whole_spider_1_game_won_by_drags(desk: TablePage) -> None:
    data = json.loads((ROOT / "tests" / "data" / "spider-1-win.json").read_text())
    g = engine.new_game(data["preset"], data["deal"])
    desk.open(f"#{data['preset']}/{data['deal']}")
    for k, text in enumerate(data["moves"], 1):
        m = g.parse_move(text)
        if m.kind == "deal":
            desk.tap_pile("stock")
        else:
            desk.drag_move(g, m)
        g.play(m)
        desk.wait_moves(k)
        if k % 20 == 0:
            desk.expect_game(g)
    assert g.status == "won"
    desk.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    assert desk.attr("status") == "won"
    text = desk.page.inner_text(".dialog-end")
    assert "You won" in text and f"Score {g.score:,}" in text  # grouped, as the language writes numbers
    keep_picture(desk.page, ROOT / "e2e" / "artifacts" / "table" / "win.png")
    # Replay deal starts the same deal again
    desk.page.click('.dialog-end [data-action="replay"]')
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.status === 'playing'")
    desk.idle()
    desk.expect_game(engine.new_game(data["preset"], data["deal"]))


def test_reload_restores_position_and_history(desk: TablePage) -> None:
    g = engine.new_game("spider-2", 31)
    desk.open("#spider-2/31")
    for _k in range(4):
        m = first_drag_move(g)
        if m is None:
            break
        desk.drag_move(g, m)
        g.play(m)
        desk.wait_moves(len(g.moves))
    desk.page.click('[data-action="undo"]')
    g.undo()
    desk.wait_moves(len(g.moves))
    desk.expect_game(g)
    assert desk.page.is_enabled('[data-action="redo"]')
    desk.reload()
    desk.expect_game(g)
    assert desk.page.is_enabled('[data-action="undo"]') and desk.page.is_enabled('[data-action="redo"]')
    desk.page.click('[data-action="redo"]')
    g.redo()
    desk.wait_moves(len(g.moves))
    desk.expect_game(g)
    while g.can_undo:
        desk.page.keyboard.press("Control+z")
        g.undo()
        desk.wait_moves(len(g.moves))
    desk.expect_game(g)


def test_damaged_save_and_wrong_addresses(desk: TablePage) -> None:
    desk.open("#spider-4/8")
    # leave the page (it saves on the way out), damage the save, come back
    seed(desk.page, desk.base, {"spider.v1.current": '{"v":1,"game":"{broken'})
    desk.page.goto(desk.base)
    desk.errors.clear()  # the bare file page's favicon 404
    desk.page.wait_for_selector("html[data-ready]", state="attached")
    assert "could not be restored" in desk.wait_message()
    assert desk.attr("status") == "playing"
    desk.clear_message()
    desk.open("#no-such-game/12", preset="spider-1")
    assert "no-such-game" in desk.wait_message()
    assert desk.attr("preset") == "spider-1"
    assert desk.page.evaluate("() => location.hash").startswith("#spider-1/")
    desk.clear_message()
    desk.open("#spider-2/banana")
    assert "not a deal number" in desk.wait_message()
    assert desk.attr("preset") == "spider-2" and desk.attr("deal").isdigit()


def test_new_game_asks_first_and_end_resigns(desk: TablePage) -> None:
    g = engine.new_game("spider-1", 44)
    desk.open("#spider-1/44")
    m = first_drag_move(g)
    desk.drag_move(g, m)
    desk.wait_moves(1)
    desk.page.click('[data-action="new"]')
    desk.page.wait_for_selector('#table[data-dialog="confirm"]', state="attached")
    desk.page.click('.dialog [data-action="cancel"]')
    assert desk.moves() == 1 and desk.attr("deal") == "44"
    desk.page.click('[data-action="more"]')  # End is in the More menu
    desk.page.click('.dialog [data-action="end"]')
    desk.page.click('.dialog [data-action="confirm"]')
    desk.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    assert desk.attr("status") == "lost"
    desk.page.click('.dialog-end [data-action="new-game"]')
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.status === 'playing'")
    assert desk.attr("deal") != "44" and desk.moves() == 0


def test_chooser_starts_a_game_with_options_and_deal(desk: TablePage) -> None:
    desk.open("#spider-1/3")
    desk.page.click('[data-action="games"]')
    for preset in engine.PRESETS:
        assert desk.page.locator(f'[data-choice="{preset}"]').count() == 1
    desk.page.click('[data-choice="tournament-2"]')
    shown = " ".join(desk.page.inner_text(".choice-details").split())
    assert " ".join(engine.PRESETS["tournament-2"].summary.split()) in shown
    desk.page.select_option('[data-option="time_limit"]', label="5 minutes")
    desk.page.fill("#deal-input", "abc")
    desk.page.click('.dialog [data-action="play"]')
    assert desk.page.is_visible("#deal-error")
    desk.page.fill("#deal-input", "4242")
    desk.page.click('.dialog [data-action="play"]')
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.preset === 'tournament-2'")
    desk.idle()
    assert desk.attr("deal") == "4242"
    assert desk.page.evaluate("() => location.hash") == "#tournament-2/4242/time_limit=300"
    assert "Time 5:00" in desk.page.inner_text(".stats") or "Time 4:5" in desk.page.inner_text(".stats")
    desk.expect_game(engine.new_game("tournament-2", 4242, time_limit=300))


def test_select_mode_tap_then_target(desk: TablePage) -> None:
    desk.open("#spider-2/9")
    open_settings(desk)
    set_setting(desk, "tap", "select")
    close_settings(desk)
    g = engine.new_game("spider-2", 9)
    m = first_drag_move(g)
    src = tableau_pile(g.rules, m.src)
    n = len(g.position.tableau[m.src])
    desk.tap_point(*desk.grip(src, n - m.count))
    assert desk.attr("selected") == f"{src}:{n - m.count}"
    desk.tap_pile(tableau_pile(g.rules, m.dst))
    g.play(m)
    desk.wait_moves(1)
    desk.expect_game(g)
    desk.page.evaluate("() => spiderStore.putText('settings', '{}')")


# -- hard input cases ---------------------------------------------------------------


def test_second_finger_and_cancel_are_clean(table_browser, table_url) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        g = engine.new_game("spider-1", 12)
        t.open("#spider-1/12")
        m = first_drag_move(g)
        src = tableau_pile(g.rules, m.src)
        n = len(g.position.tableau[m.src])
        start = t.grip(src, n - m.count)
        end = t.pile_point(tableau_pile(g.rules, m.dst))
        s = t.cdp()
        # finger 1 starts a drag; finger 2 lands and moves: ignored
        s.send(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1], "id": 1}]}
        )
        s.send(
            "Input.dispatchTouchEvent",
            {"type": "touchMove", "touchPoints": [{"x": start[0] + 20, "y": start[1] + 30, "id": 1}]},
        )
        s.send(
            "Input.dispatchTouchEvent",
            {
                "type": "touchStart",
                "touchPoints": [{"x": start[0] + 20, "y": start[1] + 30, "id": 1}, {"x": 50, "y": 600, "id": 2}],
            },
        )
        s.send(
            "Input.dispatchTouchEvent",
            {"type": "touchMove", "touchPoints": [{"x": end[0], "y": end[1], "id": 1}, {"x": 80, "y": 500, "id": 2}]},
        )
        s.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        g.play(m)
        t.wait_moves(1)
        t.expect_game(g)
        # a cancelled touch (the browser takes the gesture) puts the cards back
        m2 = first_drag_move(g)
        src = tableau_pile(g.rules, m2.src)
        n = len(g.position.tableau[m2.src])
        start = t.grip(src, n - m2.count)
        t.touch_drag(start, (start[0] + 80, start[1] + 120), end_touch=False)
        assert t.attr("dragging") == "1"
        s.send("Input.dispatchTouchEvent", {"type": "touchCancel", "touchPoints": []})
        t.idle()
        t.expect_game(g)
        assert t.page.evaluate("() => [scrollX, scrollY, visualViewport.scale]") == [0, 0, 1]
        assert not t.errors, t.errors
    finally:
        t.close()


def test_drag_out_of_window_returns(desk: TablePage) -> None:
    g = engine.new_game("spider-1", 12)
    desk.open("#spider-1/12")
    m = first_drag_move(g)
    src = tableau_pile(g.rules, m.src)
    n = len(g.position.tableau[m.src])
    start = desk.grip(src, n - m.count)
    mouse = desk.page.mouse
    mouse.move(*start)
    mouse.down()
    mouse.move(start[0] + 30, start[1] + 30, steps=3)
    mouse.move(-200, -150, steps=5)
    mouse.up()
    desk.idle()
    desk.expect_game(g)


def test_resize_during_drag(desk: TablePage) -> None:
    g = engine.new_game("spider-1", 12)
    desk.open("#spider-1/12")
    m = first_drag_move(g)
    src = tableau_pile(g.rules, m.src)
    n = len(g.position.tableau[m.src])
    start = desk.grip(src, n - m.count)
    mouse = desk.page.mouse
    mouse.move(*start)
    mouse.down()
    mouse.move(start[0] + 30, start[1] + 30, steps=3)
    cw = desk.page.evaluate("() => document.querySelector('#table .felt').style.getPropertyValue('--cw')")
    desk.page.set_viewport_size({"width": 900, "height": 700})
    # the table has been laid out again at the new size (the card width changed)
    desk.page.wait_for_function(
        "cw => document.querySelector('#table .felt').style.getPropertyValue('--cw') !== cw", arg=cw
    )
    end = desk.pile_point(tableau_pile(g.rules, m.dst))
    mouse.move(*end, steps=5)
    # the dragged card follows the pointer at the new size
    box = desk.page.locator(f'#table .card[data-in="{src}"][data-pos="{n - m.count}"]').bounding_box()
    assert abs(box["x"] + box["width"] / 2 - end[0]) < box["width"]
    mouse.up()
    g.play(m)
    desk.wait_moves(1)
    desk.expect_game(g)
    desk.page.set_viewport_size(DESKTOP["viewport"])


def test_input_during_animation_is_not_lost(table_browser, table_url) -> None:
    t = TablePage(table_browser, table_url, DESKTOP, reduced=False)
    try:
        g = engine.new_game("spider-1", 12)
        t.open("#spider-1/12")
        m = first_drag_move(g)
        t.drag_move(g, m)
        g.play(m)
        # at once, while the drop animates: a deal, then an undo and a redo
        t.page.wait_for_function("() => +document.querySelector('#table').dataset.moves === 1")
        t.tap_pile("stock")
        g.play_text("deal")
        t.page.click('[data-action="undo"]')
        g.undo()
        t.page.click('[data-action="redo"]')
        g.redo()
        t.wait_moves(2)
        t.expect_game(g)
        assert t.page.locator("#table .card").count() == g.rules.deck_size
        assert not t.errors, t.errors
    finally:
        t.close()
