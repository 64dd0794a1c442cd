"""A monkey on every game: random touch and mouse input, and the table,
the engine and the storage must agree after every burst of it.

For each of the 11 presets, a seeded random player (so a failure replays)
drags cards to random piles (legal drops and refused ones), taps cards and
piles, deals, presses Undo and Redo while cards are still flying, resizes
the window in the middle of a drag, and lifts a second finger.  Odd
presets play with touch on a phone and reduced motion, even ones with a
mouse on a desktop, with animations.  After every burst, once the table is
still:

* what is on screen is the game the engine holds (every card, face, pile,
  the status and the move count);
* the stored game is that game (position and moves);
* no card is drawn above its neighbours: in every pile the z order follows
  the pile, and no card keeps a drag or flight z-index;

and at the end a reload brings the same game back.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from tablekit import DESKTOP, PHONE, TablePage, page_game, stored_game, table_browser, table_url

import engine

__all__ = ["table_browser", "table_url"]

BURSTS = 6
ACTIONS = 7
DRAG_Z = 100000  # ui/table/render_view.py: any z-index at or above this is a lifted or flying card


def settle(t: TablePage) -> None:
    """Close whatever dialog the game opened (an end screen, a dead end), then wait for stillness."""
    for _ in range(3):
        if not t.attr("dialog"):
            break
        t.page.keyboard.press("Escape")
        t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
    t.idle()
    t.page.wait_for_function("() => !document.querySelector('#table').dataset.busy")


def check(t: TablePage) -> engine.Game:
    settle(t)
    g = page_game(t.page)
    t.expect_game(g)
    # the page writes the game after every action; the database answers in order
    t.page.wait_for_function(
        "n => spiderStore.getText('current').then(id => spiderStore.getGame(id))"
        ".then(r => r && JSON.parse(r.meta).moves === n)",
        arg=len(g.moves),
    )
    s = stored_game(t.page)
    assert s.position == g.position and [str(m) for m in s.moves] == [str(m) for m in g.moves]
    rows = t.page.evaluate(
        "() => [...document.querySelectorAll('#table .card')].map(c => "
        "[c.dataset.in, +c.dataset.pos, +(getComputedStyle(c).zIndex || 0)])"
    )
    piles: dict[str, list[tuple[int, int]]] = {}
    for pile, pos, z in rows:
        assert z < DRAG_Z, f"a card of {pile} kept z-index {z}"
        piles.setdefault(pile, []).append((pos, z))
    for pile, cards in piles.items():
        zs = [z for _, z in sorted(cards)]
        assert zs == sorted(zs) and len(set(zs)) == len(zs), f"{pile} is drawn out of order: {zs}"
    return g


def card_points(t: TablePage) -> list[tuple[str, int, float, float]]:
    return t.page.evaluate(
        "() => [...document.querySelectorAll('#table .card')].map(c => { const b = c.getBoundingClientRect();"
        " return [c.dataset.in, +c.dataset.pos, b.x + b.width / 2, b.y + Math.min(6, b.height / 8)] })"
    )


def pile_points(t: TablePage) -> list[tuple[float, float]]:
    return t.page.evaluate(
        "() => [...document.querySelectorAll('#table [data-pile]')].map(p => { const b = p.getBoundingClientRect();"
        " return [b.x + b.width / 2, b.y + b.height / 2] })"
    )


def act(t: TablePage, rng: random.Random, size: dict[str, int]) -> None:
    """One random action; it does not wait for the table to be still."""
    cards = card_points(t)
    piles = pile_points(t)
    kind = rng.choice(["drag", "drag", "drag", "tap", "deal", "undo", "redo", "resize-drag", "two-fingers"])
    if kind in ("drag", "resize-drag", "two-fingers") and cards and piles:
        _, _, x, y = rng.choice(cards)
        tx, ty = rng.choice(piles)
        if kind == "drag" and not t.touch:
            t.mouse_drag((x, y), (tx, ty + rng.uniform(-10, 30)), steps=rng.randint(2, 8))
            return
        s = t.cdp()
        s.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
        s.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + 8, "y": y + 9, "id": 1}]})
        if kind == "resize-drag":
            w, h = (size["height"], size["width"]) if rng.random() < 0.5 else (size["width"], size["height"])
            t.page.set_viewport_size({"width": w, "height": h})
        if kind == "two-fingers":
            s.send(
                "Input.dispatchTouchEvent",
                {"type": "touchStart", "touchPoints": [{"x": x + 8, "y": y + 9, "id": 1}, {"x": tx, "y": ty, "id": 2}]},
            )
        s.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": tx, "y": ty, "id": 1}]})
        s.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    elif kind == "tap" and cards:
        _, _, x, y = rng.choice(cards)
        t.tap_point(x, y)
    elif kind == "deal":
        stock = t.page.locator('#table [data-pile="stock"]')
        if stock.count():
            box = stock.bounding_box()
            if box:
                t.tap_point(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    elif kind in ("undo", "redo"):
        t.page.keyboard.press("Control+Z" if kind == "undo" else "Control+Y")


@pytest.mark.parametrize("preset", list(engine.PRESETS))
def test_monkey(table_browser: Any, table_url: str, preset: str) -> None:
    index = list(engine.PRESETS).index(preset)
    touch = index % 2 == 1
    profile = PHONE if touch else DESKTOP
    t = TablePage(table_browser, table_url, profile, reduced=touch)
    rng = random.Random(f"monkey/{preset}")
    try:
        t.open(f"#{preset}/{rng.randint(1, 50_000)}")
        for _ in range(BURSTS):
            for _ in range(ACTIONS):
                act(t, rng, dict(profile["viewport"]))
            check(t)
            t.page.set_viewport_size(dict(profile["viewport"]))
        g = check(t)
        t.reload()
        t.expect_game(g)
        assert [str(m) for m in page_game(t.page).moves] == [str(m) for m in g.moves]
        assert not t.errors, t.errors
    finally:
        t.close()
