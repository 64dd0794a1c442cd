"""A first move is never lost: on a new player's first visit the welcome
deal is on the table before Python has started (shell/welcome.js), and its
cards take a gesture then (shell/firstmove.js).  The drop is kept, the card
stays where it was let go, marked as waiting, and the pill says so; once the
game is ready, the table's own pointer code plays it if it is legal, or sends
the cards back with the engine's reason.  A tap, a deal from the stock and
Undo are kept the same way; a page closed while a move waits plays it at the
next start; a corrupt kept gesture is ignored.  Python is held back by
holding the runtime's download (``Held``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from harness import READY_TIMEOUT_MS, keep_picture
from tablekit import ARTIFACTS, DESKTOP, PHONE, Held, TablePage, table_browser, table_url

import engine
from ui.game.current import WELCOME_DEAL, WELCOME_PRESET

__all__ = ["table_browser", "table_url"]

KEY = "spider.firstmove"
PLAYED = "c9>c6"
"""The welcome deal's column 9 (its eight of spades) onto column 6's nine of spades: legal."""

WAITING_JS = """() => ({
  cards: [...document.querySelectorAll('#table-picture .card[data-waiting]')].map(c => [c.dataset.in, +c.dataset.pos]),
  state: document.documentElement.dataset.firstMove || null,
  words: document.querySelector('#loading-waiting')?.textContent || '',
  shown: !!document.querySelector('#loading-waiting') && !document.querySelector('#loading-waiting').hidden,
  ready: document.documentElement.hasAttribute('data-ready'),
})"""


def welcome_game() -> engine.Game:
    return engine.new_game(WELCOME_PRESET, WELCOME_DEAL)


def before_python(t: TablePage) -> Held:
    """The first visit's page, Python held back: the welcome deal drawn by the page."""
    held = Held(t)
    t.page.goto(t.base, wait_until="domcontentloaded")
    t.page.wait_for_selector('html[data-picture="welcome"] #table-picture .card', state="attached")
    return held


def game_ready(t: TablePage, held: Held) -> None:
    held.release()
    t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    t.loaded = True
    t.idle()


def box(t: TablePage, pile: str, pos: int, where: str = "#table-picture") -> dict[str, float]:
    b = t.page.locator(f'{where} .card[data-in="{pile}"][data-pos="{pos}"]').bounding_box()
    assert b is not None, (pile, pos)
    return {k: float(v) for k, v in b.items()}


def top(t: TablePage, pile: str) -> int:
    return int(t.page.locator(f'#table-picture .card[data-in="{pile}"]').count()) - 1


def drag_on_picture(t: TablePage, src: str, dst: str, touch: bool) -> tuple[float, float]:
    """Drag the top card of ``src`` onto ``dst``'s top card, on the picture; returns where its corner went."""
    b = box(t, src, top(t, src))
    start = (b["x"] + b["width"] / 2, b["y"] + 6)
    d = box(t, dst, top(t, dst))
    end = (d["x"] + d["width"] / 2, d["y"] + d["height"] * 0.45)
    if touch:
        t.touch_drag(start, end)
    else:
        t.mouse_drag(start, end)
    return end[0] - b["width"] / 2, end[1] - 6


def stored(t: TablePage) -> Any:
    return t.page.evaluate("k => localStorage.getItem(k)", KEY)


def test_a_drag_made_before_python_is_played_when_the_game_is_ready(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        held = before_python(t)
        assert t.page.evaluate(WAITING_JS)["state"] is None
        home = box(t, "column-9", 4)
        corner = drag_on_picture(t, "column-9", "column-6", touch=True)
        t.page.wait_for_function("() => document.documentElement.dataset.firstMove === 'waiting'")
        state = t.page.evaluate(WAITING_JS)
        assert state["cards"] == [["column-9", 4]] and not state["ready"], state
        assert state["shown"] and state["words"] == "Your move will be played as soon as the game is ready."
        # the card stays where it was let go, marked as waiting
        now = box(t, "column-9", 4)
        assert abs(now["x"] - corner[0]) < 1.5 and abs(now["y"] - corner[1]) < 1.5, (now, corner)
        assert abs(now["x"] - home["x"]) > 50  # over column 6, three columns to the left
        assert json.loads(stored(t))["gestures"][0]["kind"] == "drag"
        keep_picture(t.page, ARTIFACTS / "first-move-waiting.png")
        game_ready(t, held)
        t.wait_moves(1)
        g = welcome_game()
        g.play(engine.Move.parse(PLAYED))
        t.expect_game(g)
        assert t.page.evaluate(WAITING_JS)["state"] == "answered"
        assert stored(t) is None  # answered: nothing kept for the next start
        assert t.page.evaluate("() => performance.getEntriesByName('spider-first-move-answered').length") == 1
        keep_picture(t.page, ARTIFACTS / "first-move-played.png")
        assert not t.errors, t.errors
    finally:
        t.close()


def test_an_illegal_drag_made_before_python_goes_back_with_its_reason(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        held = before_python(t)
        home = box(t, "column-1", 5)
        drag_on_picture(t, "column-1", "column-2", touch=True)  # a five of spades onto a queen
        t.page.wait_for_function("() => document.documentElement.dataset.firstMove === 'waiting'")
        game_ready(t, held)
        g = welcome_game()
        reason = g.why_illegal(engine.Move.parse("c1>c2"))
        assert reason
        assert t.wait_message() == reason
        # the reason's two lines are whole in the header, not cut by its row's height
        a, b = t.page.evaluate(
            """() => { const m = document.querySelector('#table .message');
            return [m, m.querySelector('.message-text')].map((n) => { const r = n.getBoundingClientRect();
            return [r.top, r.bottom]; }); }"""
        )
        assert b[1] - b[0] > 20 and b[0] >= a[0] - 0.5 and b[1] <= a[1] + 0.5, (a, b)
        keep_picture(t.page, ARTIFACTS / "first-move-refused.png")
        t.expect_game(g)
        back = box(t, "column-1", 5, "#table")
        assert abs(back["x"] - home["x"]) < 1 and abs(back["y"] - home["y"]) < 1, (back, home)
        assert stored(t) is None
        assert not t.errors, t.errors
    finally:
        t.close()


def test_a_deal_from_the_stock_made_before_python_is_played_once(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        held = before_python(t)
        b = box(t, "stock", top(t, "stock"))
        t.tap_point(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
        t.page.wait_for_function("() => document.documentElement.dataset.firstMove === 'waiting'")
        t.tap_point(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)  # a second tap while one waits: not kept
        assert len(json.loads(stored(t))["gestures"]) == 1
        assert t.page.evaluate(WAITING_JS)["cards"] == [["stock", top(t, "stock")]]
        keep_picture(t.page, ARTIFACTS / "first-move-deal-waiting.png")
        game_ready(t, held)
        t.wait_moves(1)
        g = welcome_game()
        g.play(engine.Move.deal())
        t.expect_game(g)  # dealt once: ten cards, one move, four deals left
        assert t.page.inner_text("#table .stock-count") == "4"
        assert not t.errors, t.errors
    finally:
        t.close()


@pytest.mark.parametrize("how", ["drag", "tap", "drag-undo"])
def test_a_mouse_gesture_made_before_python_is_played(table_browser: Any, table_url: str, how: str) -> None:
    t = TablePage(table_browser, table_url, DESKTOP)
    try:
        held = before_python(t)
        if how == "tap":  # a tap sends the card to its best place: the nine of spades
            b = box(t, "column-9", 4)
            t.page.mouse.click(b["x"] + b["width"] / 2, b["y"] + 6)
        else:
            drag_on_picture(t, "column-9", "column-6", touch=False)
        if how == "drag-undo":
            t.page.click('#table-picture [data-action="undo"]')
            t.page.wait_for_selector('#table-picture [data-action="undo"][data-waiting]', state="attached")
            words = t.page.evaluate(WAITING_JS)["words"]
            assert words == "Your move and its undo will be played as soon as the game is ready."
        t.page.wait_for_function("() => document.documentElement.dataset.firstMove === 'waiting'")
        game_ready(t, held)
        g = welcome_game()
        g.play(engine.Move.parse(PLAYED))
        if how == "drag-undo":
            t.page.wait_for_function("() => !document.querySelector('#table [data-action=redo]').disabled")
            t.idle()
            g.undo()
        else:
            t.wait_moves(1)
        t.expect_game(g)
        assert not t.errors, t.errors
    finally:
        t.close()


def test_a_move_waiting_when_the_page_closes_is_played_at_the_next_open(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        held = before_python(t)
        drag_on_picture(t, "column-9", "column-6", touch=True)
        t.page.wait_for_function("k => localStorage.getItem(k) !== null", arg=KEY)
        waiting = box(t, "column-9", 4)
        t.page.close()  # before Python was ever ready
        held.routes.clear()  # the closed page's held download went with it
        again = t.tab()
        again.page.goto(again.base, wait_until="domcontentloaded")
        again.page.wait_for_selector('#table-picture .card[data-waiting][data-in="column-9"]', state="attached")
        state = again.page.evaluate(WAITING_JS)
        assert state["cards"] == [["column-9", 4]] and state["shown"], state
        shown = box(again, "column-9", 4)
        assert abs(shown["x"] - waiting["x"]) < 0.6 and abs(shown["y"] - waiting["y"]) < 0.6, (shown, waiting)
        game_ready(again, held)
        again.wait_moves(1)
        g = welcome_game()
        g.play(engine.Move.parse(PLAYED))
        again.expect_game(g)
        assert stored(again) is None
        # played once: the next start restores the game, with its one move
        again.reload()
        again.expect_game(g)
        assert not again.errors, again.errors
    finally:
        t.close()


CORRUPT = [
    "{not json",
    json.dumps({"v": 1, "address": "#spider-1/140", "gestures": [{"kind": "drag", "card": "<b>", "pile": "column-9"}]}),
    json.dumps(
        {
            "v": 1,
            "address": "#spider-1/140",
            "gestures": [
                {
                    "kind": "drag",
                    "card": "Ks",  # not the card dealt there
                    "pile": "column-9",
                    "pos": 4,
                    "gx": 0.5,
                    "gy": 0.1,
                    "to": {"pile": "column-6", "dx": 0, "dy": 1},
                    "touch": True,
                    "t": 1,
                }
            ],
        }
    ),
    "x" * 10000,
]


def test_a_corrupt_kept_gesture_is_ignored(table_browser: Any, table_url: str) -> None:
    """Each kind of corrupt record in turn (bad JSON, a wrong shape, a card not
    where it says, a huge text), on one page with Python held back: each is
    ignored and removed; then the game starts as the welcome deal, no move played."""
    t = TablePage(table_browser, table_url, PHONE)
    try:
        held = Held(t)
        t.page.goto(t.base + "manifest.webmanifest")
        for kind, text in zip(["json", "shape", "card", "long"], CORRUPT, strict=True):
            t.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, text])
            t.page.goto(t.base, wait_until="domcontentloaded")
            t.page.wait_for_selector('html[data-picture="welcome"] #table-picture .card', state="attached")
            state = t.page.evaluate(WAITING_JS)
            assert state["cards"] == [] and state["state"] is None and not state["shown"], (kind, state)
            assert stored(t) is None, kind  # removed, not read again
        game_ready(t, held)
        t.expect_game(welcome_game())
        errors = [e for e in t.errors if "404" not in e]  # the bare manifest page's favicon
        assert not errors, errors
    finally:
        t.close()


def test_a_second_finger_is_ignored_and_a_turned_window_keeps_the_move(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        held = before_python(t)
        a = box(t, "column-9", 4)
        b = box(t, "column-1", 5)
        first = {"x": a["x"] + a["width"] / 2, "y": a["y"] + 6, "id": 1}
        second = {"x": b["x"] + b["width"] / 2, "y": b["y"] + 6, "id": 2}
        d = box(t, "column-6", 4)
        cdp = t.cdp()
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [first]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [first, second]})
        for k in range(1, 7):
            one = {**first, "x": first["x"] + (d["x"] - a["x"]) * k / 6, "y": first["y"] + d["height"] * 0.4 * k / 6}
            two = {**second, "x": second["x"] + 10 * k, "y": second["y"] + 12 * k}
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [one, two]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        t.page.wait_for_function("() => document.documentElement.dataset.firstMove === 'waiting'")
        kept = json.loads(stored(t))["gestures"]
        assert [(g["kind"], g["pile"]) for g in kept] == [("drag", "column-9")]
        still = box(t, "column-1", 5)
        assert (still["x"], still["y"]) == (b["x"], b["y"])  # the second finger moved nothing
        # the phone turned while the move waits: dealt again for its size, the card still waiting over column 6
        t.page.set_viewport_size({"width": 844, "height": 390})
        t.page.wait_for_selector('#table-picture[data-arrangement="side"] .card[data-waiting]', state="attached")
        w = box(t, "column-9", 4)
        six = box(t, "column-6", 4)
        assert abs(w["x"] - six["x"]) < w["width"] / 2, (w, six)
        game_ready(t, held)
        t.wait_moves(1)
        g = welcome_game()
        g.play(engine.Move.parse(PLAYED))
        t.expect_game(g)
        assert not t.errors, t.errors
    finally:
        t.close()
