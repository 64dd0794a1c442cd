"""A return visit shows the table as the player left it while Python starts
(shell/picture.js): drawn from what the page kept when it was left, under a
small progress pill, the same cards in the same places as the real table
that replaces it; nothing is drawn from a corrupt or hostile picture, nor
for a window of another size."""

from __future__ import annotations

import json
from typing import Any

from harness import READY_TIMEOUT_MS, keep_picture
from tablekit import ARTIFACTS, PHONE, Held, TablePage, first_drag_move, table_browser, table_url

import engine

__all__ = ["table_browser", "table_url"]

CARDS_JS = """sel => [...document.querySelectorAll(sel)].map(c => {
  const r = c.getBoundingClientRect();
  return [c.dataset.face === 'up' ? c.dataset.card : '', Math.round(r.left), Math.round(r.top)];
})"""


def test_a_return_visit_draws_the_table_as_it_was_left(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        g = engine.new_game("spider-2", 4)
        t.open("#spider-2/4")
        tip = t.page.locator('[data-action="tip-skip"]')
        if tip.count():
            tip.tap()
        m = first_drag_move(g)
        assert m is not None
        t.drag_move(g, m, touch=True)
        t.wait_moves(1)
        t.idle()
        real = sorted(t.page.evaluate(CARDS_JS, "#table .felt .card"))
        title = t.page.inner_text("#table .bar .title")
        held = Held(t)
        t.page.reload(wait_until="domcontentloaded")
        t.page.wait_for_selector("#table-picture .card", state="attached")
        assert t.page.evaluate("() => !document.documentElement.hasAttribute('data-ready')")
        assert t.page.evaluate("() => document.documentElement.hasAttribute('data-picture')")
        drawn = sorted(t.page.evaluate(CARDS_JS, "#table-picture .card"))
        assert drawn == real  # every card, face and place as the player left them
        assert t.page.inner_text("#table-picture .title") == title
        assert t.page.is_visible("#loading-progress")
        keep_picture(t.page, ARTIFACTS / "picture-while-starting-phone.png")
        held.release()
        t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        # ready: the picture is gone at once, one table in the page
        assert t.page.evaluate("() => document.querySelectorAll('.felt').length") == 1
        t.loaded = True
        t.idle()
        assert sorted(t.page.evaluate(CARDS_JS, "#table .felt .card")) == real
        t.page.wait_for_selector("#loading", state="hidden")
        t.page.wait_for_selector("#table-picture", state="detached")  # one table in the page again
        assert not t.errors, t.errors
    finally:
        t.close()


GOOD: dict[str, Any] = {
    "v": 1,
    "address": "#spider-1/4",
    "w": 390,
    "h": 844,
    "top": 0,
    "cw": 33,
    "ch": 46,
    "classes": ["felt-wine", "faces-large"],
    "bar": 84,
    "info": [6, 50, 378, 20],
    "buttons": [[6, 6, 60, 40]],
    "title": "Spider",
    "stats": "0:00",
    "cards": [["As", 5, 144, 1], ["", 45, 144, 2]],
    "piles": [["column", 5, 144]],
}
"""A picture that is drawn; each hostile one below differs from it in one thing."""
HOSTILE = [
    {**GOOD, "classes": ["felt-wine", "faces-../../x"]},
    {**GOOD, "classes": ["felt-wine"]},  # faces up, but no face set
    {**GOOD, "classes": ['x" onload="alert(1)']},
    {**GOOD, "cards": [["<img src=x onerror=alert(1)>", 0, 0, 1]]},
    {**GOOD, "cards": [["As", 1e9, 0, 1]]},
    {**GOOD, "piles": [["evil", 0, 0]]},
    {**GOOD, "buttons": [[0, 0, "100%", 1]]},
    {**GOOD, "w": 800, "h": 600},  # a window of another size
    {**GOOD, "v": 2},
    {**GOOD, "address": "#spider-2/9"},  # the address names another game
    {**GOOD, "address": None},
    "not an object",
    "{not json",
]


def test_a_corrupt_hostile_or_other_size_picture_draws_nothing(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        t.open("#spider-1/4")
        held = Held(t)
        for bad in [GOOD, *HOSTILE]:
            text = bad if bad == "{not json" else json.dumps(bad)
            # from a page of the site without the game (leaving the game keeps its own picture)
            t.page.goto(t.base + "manifest.webmanifest")
            t.page.evaluate("s => localStorage.setItem('spider.picture', s)", text)
            held.holding = True
            t.page.goto(t.base + "#spider-1/4", wait_until="domcontentloaded")
            t.page.wait_for_selector("html[data-progress]", state="attached")  # the shell's scripts ran
            drawn = t.page.locator("#table-picture .card").count()
            assert drawn == (2 if bad is GOOD else 0), bad
            has = t.page.evaluate("() => document.documentElement.hasAttribute('data-picture')")
            assert has == (bad is GOOD), bad
            held.release()
            t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
            t.idle()
        errors = [e for e in t.errors if "404" not in e]  # the bare manifest page's favicon
        assert not errors, errors
    finally:
        t.close()
