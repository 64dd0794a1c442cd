"""The game in Firefox and in WebKit (Safari's engine): one list of
scenarios, run in order in one window of each browser (``conftest.py``).

Every action is checked against the engine: the cards the page shows are
exactly what the engine's game shows a player.  No page error and no
console error is allowed anywhere.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from conftest import Server
from driver import READY_S, Browser, wait
from tablekit import GAME_JSON, deal_with_moves, first_drag_move, illegal_drop

import engine
from engine.moves import Move
from ui.table.cards import Tracker, tableau_pile

PRESET = "spider-2"
DEAL = deal_with_moves(PRESET)

PILES = """[...document.querySelectorAll('#table .card')].map(c =>
  [c.dataset.in, +c.dataset.pos, c.dataset.card, c.dataset.face])"""


def table(b: Browser, name: str) -> str | None:
    value = b.js(f"document.querySelector('#table') && document.querySelector('#table').dataset.{name}")
    return None if value is None else str(value)


def ready(b: Browser) -> None:
    wait(b, "document.documentElement.dataset.ready !== undefined", READY_S, "the table to be ready")
    idle(b)


def idle(b: Browser) -> None:
    wait(
        b,
        "(() => { const t = document.querySelector('#table'); return !!t && !t.dataset.busy && !t.dataset.dragging })()",
        30,
        "the table to be still",
    )


def page_game(b: Browser) -> engine.Game:
    """The game the page's engine holds."""
    return engine.load_game(str(b.js(GAME_JSON)))


def expect(b: Browser, game: engine.Game) -> None:
    """The page shows exactly what ``game`` shows a player."""
    idle(b)
    want: dict[str, list[list[object]]] = {}
    t = Tracker.from_view(game.rules, game.public_view())
    for pile, uids in t.piles.items():
        if uids:
            want[pile] = [[t.text(u), "up" if t.up[u] else "down"] for u in uids]
    rows = b.js(PILES)
    assert isinstance(rows, list)
    have: dict[str, list[tuple[int, str, str]]] = {}
    for pile, pos, text, face in rows:
        have.setdefault(pile, []).append((pos, text, face))
    shown = {p: [[t, f] for _, t, f in sorted(v)] for p, v in have.items() if v}
    assert shown == want, b.name
    assert int(table(b, "moves") or 0) == len(game.moves)
    assert page_game(b).moves == game.moves


def wait_moves(b: Browser, n: int, what: str) -> None:
    """Wait until the page counts ``n`` moves (``what`` made it)."""
    wait(b, f"+document.querySelector('#table').dataset.moves === {n}", 10, what)


def no_errors(b: Browser) -> None:
    found = b.errors()
    assert not found, f"{b.name}: " + "\n".join(found)


def box(b: Browser, selector: str) -> dict[str, float]:
    r = b.js(
        f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
        " return {x: r.x, y: r.y, w: r.width, h: r.height} })()"
    )
    assert isinstance(r, dict), selector
    return {k: float(v) for k, v in r.items()}


def card(pile: str, index: int) -> str:
    return f'#table .card[data-in="{pile}"][data-pos="{index}"]'


def drag_points(b: Browser, g: engine.Game, m: Move) -> list[tuple[float, float]]:
    """From the grip of the moved cards to the top of the target pile, in steps."""
    src, dst = tableau_pile(g.rules, m.src), tableau_pile(g.rules, m.dst)
    n = len(g.position.tableau[m.src])
    start_box = box(b, card(src, n - m.count))
    x0, y0 = start_box["x"] + start_box["w"] / 2, start_box["y"] + min(6.0, start_box["h"] / 8)
    k = len(g.position.tableau[m.dst])
    end_box = box(b, card(dst, k - 1) if k else f'#table [data-pile="{dst}"]')
    x1, y1 = end_box["x"] + end_box["w"] / 2, end_box["y"] + end_box["h"] / 2 + (y0 - start_box["y"])
    return [(x0, y0), (x0 + 6, y0 + 6)] + [(x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8) for i in range(1, 9)]


def click(b: Browser, selector: str, touch: bool = False) -> None:
    r = box(b, selector)
    b.tap(r["x"] + r["w"] / 2, r["y"] + r["h"] / 2, touch)


# -- the scenarios, in order ------------------------------------------------------------


def test_a_cold_load_and_a_reload_under_the_service_worker(browser: Browser, server: Server, artifacts: Path) -> None:
    b = browser
    t0 = time.monotonic()
    b.goto(server.url + f"#{PRESET}/{DEAL}")
    ready(b)
    cold = time.monotonic() - t0
    expect(b, engine.new_game(PRESET, DEAL))
    wait(
        b,
        "navigator.serviceWorker.getRegistration().then(r => !!r && !!r.active && r.active.state === 'activated')",
        300,
        "the service worker to hold the site",
    )
    wait(b, "document.documentElement.dataset.snapshot === 'saved'", 60, "the snapshot to be kept")
    t0 = time.monotonic()
    b.reload()
    ready(b)
    warm = time.monotonic() - t0
    assert b.js("!!navigator.serviceWorker.controller"), "the reload was not served by the service worker"
    expect(b, engine.new_game(PRESET, DEAL))
    boot = b.js("[document.documentElement.dataset.boot, document.documentElement.dataset.snapshot]")
    timing = {"browser": b.name, "first visit to a still table (s)": round(cold, 2)}
    timing |= {"reload under the service worker (s)": round(warm, 2), "start on the reload": boot}
    (artifacts / f"{b.name}-timing.json").write_text(json.dumps(timing, indent=1) + "\n")
    print(timing)
    # The reload started Python from the snapshot the first visit kept (its
    # memory written straight into the wasm's), not from a fallback.
    assert boot == ["snapshot", "loaded"], boot
    no_errors(b)


ABANDONED = "A ServiceWorker intercepted the request and encountered an unexpected error"
"""What Firefox logs for each request a page abandons while the service
worker answers it (a reload in the middle of loading)."""


RELOAD_AT_ONCE = """(() => {
  window.__xbOld = true;
  setTimeout(() => location.reload(), 0);
  return document.querySelectorAll('#table .card').length;
})()"""


def test_reloads_right_after_the_start_are_clean(browser: Browser) -> None:
    """Three reloads the moment the table is ready, under the service
    worker: nothing fails, and no request is left for the worker to abandon
    (the faces are one stylesheet per set, loaded with the page; before,
    Firefox reported each of the 52 face pictures a reload cut short:
    "A ServiceWorker intercepted the request and encountered an unexpected
    error")."""
    b = browser
    g = page_game(b)
    b.errors()
    for _ in range(3):
        assert int(str(b.js(RELOAD_AT_ONCE))) > 0
        wait(b, "!window.__xbOld && document.documentElement.dataset.ready !== undefined", READY_S, "the reload")
    ready(b)
    expect(b, g)
    found = b.errors()
    assert [e for e in found if ABANDONED in e] == [], found
    assert found == [], found


def test_mouse_play_is_the_engines_play(browser: Browser) -> None:
    b = browser
    g = page_game(b)
    # a legal drag
    m = first_drag_move(g)
    assert m is not None
    b.drag(drag_points(b, g, m), touch=False)
    g.play(m)
    wait_moves(b, len(g.moves), "the drag's move")
    expect(b, g)
    # an illegal drop goes back and changes nothing
    bad = illegal_drop(g)
    assert bad is not None
    b.drag(drag_points(b, g, bad), touch=False)
    expect(b, g)
    # a deal from the stock
    click(b, '#table [data-pile="stock"]')
    g.play(Move.deal())
    wait_moves(b, len(g.moves), "the deal")
    expect(b, g)
    # undo and redo
    click(b, '#table [data-action="undo"]')
    g.undo()
    wait_moves(b, len(g.moves), "the undo")
    expect(b, g)
    click(b, '#table [data-action="redo"]')
    g.redo()
    wait_moves(b, len(g.moves), "the redo")
    expect(b, g)
    no_errors(b)


def test_a_tap_moves_a_card(browser: Browser) -> None:
    b = browser
    g = page_game(b)
    for col in range(len(g.position.tableau)):
        column = g.position.tableau[col]
        if column and any(m.kind == "move" and m.src == col and m.count == 1 for m in g.legal_moves()):
            break
    else:
        pytest.fail(f"{PRESET} deal {DEAL}, as the scenarios before left it, has no single-card move to tap")
    pile = tableau_pile(g.rules, col)
    r = box(b, card(pile, len(g.position.tableau[col]) - 1))
    b.tap(r["x"] + r["w"] / 2, r["y"] + min(6.0, r["h"] / 8), touch=False)
    wait_moves(b, len(g.moves) + 1, "the tap's move")
    after = page_game(b)
    last = after.moves[-1]
    assert last in g.legal_moves() and last.src == col
    g.play(last)
    expect(b, g)
    no_errors(b)


def test_a_reload_restores_the_game(browser: Browser) -> None:
    b = browser
    g = page_game(b)
    b.reload()
    ready(b)
    expect(b, g)
    no_errors(b)


def test_an_offline_reload_keeps_playing(browser: Browser, server: Server) -> None:
    b = browser
    g = page_game(b)
    server.stop()
    try:
        b.reload()
        ready(b)
        expect(b, g)
        m = first_drag_move(g)
        assert m is not None
        b.drag(drag_points(b, g, m), touch=False)
        g.play(m)
        wait_moves(b, len(g.moves), "the offline move")
        expect(b, g)
    finally:
        server.start()
    no_errors(b)


def test_a_move_by_keys(browser: Browser) -> None:
    b = browser
    g = page_game(b)
    m = next((m for m in g.legal_moves() if m.kind == "move" and m.count == 1), None)
    if m is None:
        pytest.fail(f"{PRESET} deal {DEAL}, as the scenarios before left it, has no single-card move")
    cols = [tableau_pile(g.rules, k) for k in range(g.rules.tableau_size)]
    for _ in range(14):
        b.key("Tab")
        if b.js("document.activeElement && document.activeElement.dataset.pile || null") in cols:
            break
    else:
        raise AssertionError(f"{b.name}: Tab never reached the table")
    if table(b, "kbd") is None:  # after pointer play, the first key only shows where the focus is
        b.key("ArrowUp")
        wait(b, "document.querySelector('#table').dataset.kbd === '1'", 5, "the focus ring")

    def go(pile: str) -> None:
        here = str(table(b, "focus") or ":").split(":")[0]
        a, c = cols.index(here), cols.index(pile)
        for _ in range(abs(c - a)):
            b.key("ArrowRight" if c > a else "ArrowLeft")
        wait(b, f"(document.querySelector('#table').dataset.focus || '').split(':')[0] === {json.dumps(pile)}", 5)

    src, dst = tableau_pile(g.rules, m.src), tableau_pile(g.rules, m.dst)
    go(src)
    b.key("Enter")
    wait(b, "!!document.querySelector('#table').dataset.selected", 5, "a pick")
    n = len(g.position.tableau[m.src])
    selected = str(table(b, "selected"))
    index = int(selected.split(":")[1])
    for _ in range(abs(n - 1 - index)):
        b.key("ArrowDown" if n - 1 > index else "ArrowUp", shift=True)
    go(dst)
    b.key("Enter")
    g.play(m)
    wait_moves(b, len(g.moves), "the keyboard move")
    expect(b, g)
    no_errors(b)


def test_a_phone_sized_window_plays_by_touch(browser: Browser, artifacts: Path) -> None:
    b = browser
    b.viewport(1366, 768)
    idle(b)
    b.screenshot(artifacts / f"{b.name}-desktop.png")
    b.viewport(390, 844)
    idle(b)
    g = page_game(b)
    expect(b, g)
    b.screenshot(artifacts / f"{b.name}-phone.png")
    m = first_drag_move(g)
    assert m is not None
    b.drag(drag_points(b, g, m), touch=True)
    g.play(m)
    wait_moves(b, len(g.moves), "the touch drag's move")
    expect(b, g)
    b.viewport(1366, 768)
    no_errors(b)
