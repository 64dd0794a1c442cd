"""A new player's first visit: the welcome deal is dealt on the table before
Python has started (shell/welcome.js, from what the build ships), in the
table's own card elements and hooks and in the places the table's layout
gives them, for the window's size; the game that then starts is that deal,
its cards where they already lie.  A link to another game shows the
loading screen, as a player the page has seen does.  And the deal
animation never holds play up: a card that has landed shows its face and can
be dragged while the rest of the deal still flies."""

from __future__ import annotations

from typing import Any

import pytest
from harness import READY_TIMEOUT_MS, keep_picture
from tablekit import ARTIFACTS, DESKTOP, PHONE, PHONE_LANDSCAPE, Held, TablePage, table_browser, table_url

import engine
from ui.game.current import WELCOME_DEAL, WELCOME_PRESET

__all__ = ["table_browser", "table_url"]

CARDS_JS = """sel => [...document.querySelectorAll(sel)].map(c => {
  const r = c.getBoundingClientRect();
  return [c.dataset.in, +c.dataset.pos, c.dataset.card, c.dataset.face, r.left, r.top, r.width, r.height];
})"""

STORE_READ_JS = "() => spiderStore.ready.then(() => new Promise(r => requestAnimationFrame(() => r(true))))"
"""The storage has been read (the welcome deal is drawn then, if it is), and a frame has passed."""

WIDE = {"viewport": {"width": 2560, "height": 1440}}


@pytest.mark.parametrize(
    ("screen", "name"), [(PHONE, "phone"), (DESKTOP, "desktop"), (PHONE_LANDSCAPE, "landscape"), (WIDE, "wide")]
)
def test_a_first_visit_deals_the_welcome_deal_before_python(
    table_browser: Any, table_url: str, screen: dict[str, Any], name: str
) -> None:
    t = TablePage(table_browser, table_url, screen)
    try:
        held = Held(t)  # Python cannot start: what shows is the page's own
        t.page.goto(t.base, wait_until="domcontentloaded")
        t.page.wait_for_selector('html[data-picture="welcome"] #table-picture .card', state="attached")
        assert t.page.evaluate("() => !document.documentElement.hasAttribute('data-ready')")
        drawn = sorted(t.page.evaluate(CARDS_JS, "#table-picture .card"))
        vw, vh = screen["viewport"]["width"], screen["viewport"]["height"]
        assert len(drawn) == 104
        ups = [c for c in drawn if c[3] == "up"]
        assert len(ups) == 10 and all(c[2] for c in ups)
        assert not any(c[2] for c in drawn if c[3] == "down")  # a face-down card never shows what it is
        for pile, _pos, _card, _face, x, y, w, h in drawn:
            assert pile and w > 20 and abs(h - w * 1.4) < 1, (pile, w, h)
            assert x >= 0 and x + w <= vw and y >= 0 and y + h <= vh, (pile, x, y, w, h)
        assert t.page.is_visible("#loading-progress")
        assert t.page.inner_text("#table-picture .title")
        keep_picture(t.page, ARTIFACTS / f"welcome-before-python-{name}.png")
        held.release()
        t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        t.loaded = True
        t.idle()
        # the game is the welcome deal, every card where the page had dealt it: nothing jumps
        assert (t.attr("preset"), t.attr("deal")) == (WELCOME_PRESET, str(WELCOME_DEAL))
        assert t.page.evaluate("() => location.hash") == f"#{WELCOME_PRESET}/{WELCOME_DEAL}"
        t.expect_game(engine.new_game(WELCOME_PRESET, WELCOME_DEAL))
        real = sorted(t.page.evaluate(CARDS_JS, "#table .felt .card"))
        assert [c[:4] for c in real] == [c[:4] for c in drawn]
        for a, b in zip(drawn, real, strict=True):
            assert all(abs(p - q) < 0.6 for p, q in zip(a[4:], b[4:], strict=True)), (a, b)
        t.page.wait_for_selector("#table-picture", state="detached")  # one table in the page
        keep_picture(t.page, ARTIFACTS / f"welcome-after-python-{name}.png")
        assert not t.errors, t.errors
    finally:
        t.close()


def test_only_a_new_player_without_a_link_gets_the_welcome_deal(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        held = Held(t)
        # a link to another game: the loading screen, then that game
        t.page.goto(t.base + "#spider-2/5", wait_until="domcontentloaded")
        assert t.page.evaluate(STORE_READ_JS)
        assert t.page.locator("#table-picture").count() == 0
        assert t.page.is_visible(".loading-title")
        held.release()
        t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        t.loaded = True
        assert (t.attr("preset"), t.attr("deal")) == ("spider-2", "5")
        t.idle()
        # the player has a game now: with nothing of it in localStorage (the kept picture gone),
        # the welcome deal may be dealt at once, but the storage's first read takes it away
        t.page.goto(t.base + "manifest.webmanifest")
        t.page.evaluate("() => localStorage.clear()")
        held.holding = True
        t.page.goto(t.base, wait_until="domcontentloaded")
        assert t.page.evaluate(STORE_READ_JS)
        assert t.page.locator("#table-picture").count() == 0
        assert t.page.evaluate("() => !document.documentElement.hasAttribute('data-picture')")
        held.release()
        t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        t.idle()
        assert (t.attr("preset"), t.attr("deal")) == ("spider-2", "5")
        errors = [e for e in t.errors if "404" not in e]  # the bare manifest page's favicon
        assert not errors, errors
    finally:
        t.close()


DEAL_JS = """() => {
  const card = (pile, pos) => document.querySelector(`#table .card[data-in="${pile}"][data-pos="${pos}"]`);
  const table = document.querySelector('#table');
  return {
    busy: table.hasAttribute('data-busy'),
    landed: card('column-5', 4)?.dataset.face,
    last: card('column-4', 5)?.dataset.face,
    dragging: table.hasAttribute('data-dragging'),
  };
}"""
"""Column 5's face-up card lands nine cards before the deal's last, column 4's
(the deal goes row by row, and columns 1 to 4 have one card more)."""


def test_a_card_that_has_landed_is_dragged_while_the_deal_still_flies(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, DESKTOP, reduced=False)
    try:
        t.open("#spider-2/9")
        # The deal slowed down (the page's animations, not its clock), so that
        # the test has the time to press while it flies: about 2 s between the
        # two cards' landings.
        cdp = t.cdp()
        cdp.send("Animation.enable")
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.07})
        g = engine.new_game("spider-1", 3)
        move = engine.Move.parse("c5>c6")
        assert move in g.legal_moves()
        t.page.evaluate("f => { location.hash = f }", "#spider-1/3")
        t.page.wait_for_function("() => document.querySelector('#table')?.dataset.deal === '3'")
        # the faces show as the cards land, not once the whole deal has landed
        t.page.wait_for_function(
            f"() => {{ const s = ({DEAL_JS})(); return s.landed === 'up'; }}", polling=20, timeout=60000
        )
        start = t.grip("column-5", 4)
        t.page.mouse.move(*start)
        t.page.mouse.down()
        t.page.mouse.move(start[0] + 8, start[1] + 8, steps=2)
        state = t.page.evaluate(DEAL_JS)
        assert state == {"busy": True, "landed": "up", "last": "down", "dragging": True}, state
        end = t.pile_point("column-6")
        t.page.mouse.move(*end, steps=6)
        t.page.mouse.up()
        t.wait_moves(1)
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
        t.idle()
        g.play(move)
        t.expect_game(g)
        assert not t.errors, t.errors
    finally:
        t.close()


def test_a_window_turned_before_python_is_dealt_again_for_its_size(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        held = Held(t)
        t.page.goto(t.base, wait_until="domcontentloaded")
        t.page.wait_for_selector('#table-picture[data-arrangement="top"] .card', state="attached")
        t.page.set_viewport_size({"width": 844, "height": 390})  # the phone turned
        t.page.wait_for_selector('#table-picture[data-arrangement="side"] .card', state="attached")
        assert t.page.locator("#table-picture").count() == 1
        drawn = sorted(t.page.evaluate(CARDS_JS, "#table-picture .card"))
        held.release()
        t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        t.loaded = True
        t.idle()
        real = sorted(t.page.evaluate(CARDS_JS, "#table .felt .card"))
        assert [c[:4] for c in real] == [c[:4] for c in drawn]
        for a, b in zip(drawn, real, strict=True):
            assert all(abs(p - q) < 0.6 for p, q in zip(a[4:], b[4:], strict=True)), (a, b)
        assert not t.errors, t.errors
    finally:
        t.close()
