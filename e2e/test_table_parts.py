"""The page's parts in the browser: listeners that go with their screens,
the answer to a drag that cannot move, and the stacking order after a drag
that came back."""

from __future__ import annotations

import json
import re

import pytest
from axekit import open_on_save
from harness import SEARCH_TIMEOUT_MS, keep_picture
from tablekit import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    TablePage,
    desk,
    face_sets,
    near_win,
    seed,
    stored_text,
    table_browser,
    table_url,
)

import engine
from engine.moves import Move
from engine.piles import PileId
from ui.table import pointer


def listeners(t: TablePage) -> int:
    return int(t.page.evaluate("() => +document.documentElement.dataset.listeners"))


def test_opening_and_closing_screens_leaves_no_listener_behind(desk: TablePage) -> None:
    desk.open("#spider-2/5")
    desk.page.click('[data-action="tip-skip"]')  # a new player's first-visit tip, and its listeners, go
    desk.page.wait_for_selector(".first-tip", state="detached")
    before = listeners(desk)
    assert before > 0
    # The count must come back exactly: one listener left behind by a round shows after that round.
    for _ in range(10):
        desk.page.click('#table .bar [data-action="games"]')
        desk.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
        desk.page.click('[data-choice="spider-4"]')  # Options builds the details (and binds again)
        desk.page.click('.dialog [data-action="back"]')
        desk.page.click('[data-choice="spider-1"]')  # and again, for another game
        desk.page.click('.overlay [data-action="stats"]')
        desk.page.wait_for_selector('#table[data-dialog="stats"]', state="attached")
        desk.page.click('[data-stats-open="spider-1"]')  # a game's figures, and back to the cards
        desk.page.click('.stats-details [data-action="back"]')
        desk.page.click('.overlay [data-action="close"]')  # back to the chooser
        desk.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
        desk.page.click('.overlay [data-action="cancel"]')
        desk.page.wait_for_selector("#table:not([data-dialog])", state="attached")
    assert listeners(desk) == before
    # Escape closes the keyboard help the same way.
    for _ in range(5):
        desk.page.keyboard.press("?")
        desk.page.wait_for_selector('#table[data-dialog="help"]', state="attached")
        desk.page.keyboard.press("Escape")
        desk.page.wait_for_selector("#table:not([data-dialog])", state="attached")
    assert listeners(desk) == before


def mixed_run(g: engine.Game) -> tuple[str, int] | None:
    """A face-up card that cannot be lifted with the cards on it."""
    pos = g.position
    for i, col in enumerate(pos.tableau):
        for k in range(pos.down[i], len(col) - 1):
            if pointer.drag_count(g.rules, pos, PileId.column(i), k) == 0:
                return f"column-{i + 1}", k
    return None


def test_a_drag_that_cannot_move_says_why_and_shakes(table_browser, table_url) -> None:
    t = TablePage(table_browser, table_url, PHONE, reduced=False)
    try:
        # Spider 2 suits: play until some column has a face-up card under an off-suit one.
        g = engine.new_game("spider-2", 1)
        for _ in range(60):
            if mixed_run(g) is not None:
                break
            moves = [m for m in g.legal_moves() if m.kind == "move"]
            g.play(moves[0] if moves else g.legal_moves()[0])
        assert mixed_run(g) is not None
        seed(
            t.page,
            t.base,
            {"spider.v1.current": __import__("ui.storage.settings", fromlist=["x"]).write_current(g, "parts-test")},
        )
        t.open("#spider-2/1")
        pile, index = mixed_run(g) or ("", 0)
        # The engine's reason for moving these cards anywhere, as a tap gives it.
        src = int(pile.split("-")[1]) - 1
        reason = g.why_illegal(Move.tableau(src, 1 if src == 0 else 0, len(g.position.tableau[src]) - index))
        assert reason
        t.page.evaluate("""() => { window.__shook = false; new MutationObserver(() => {
            if (document.querySelector('#table').dataset.busy) window.__shook = true;
          }).observe(document.querySelector('#table'), {attributes: true}); }""")
        start = t.grip(pile, index)
        t.touch_drag(start, (start[0] + 5, start[1] + 120))
        assert t.wait_message() == reason
        # Nothing was lifted or moved, and the cards shook (the table was busy meanwhile).
        t.idle()
        assert t.page.evaluate("() => window.__shook") is True
        assert t.attr("dragging") is None and t.moves() == len(g.moves)
    finally:
        t.close()


def z_of(t: TablePage, pile: str, index: int) -> int:
    return int(
        t.page.evaluate(
            "([p, i]) => +getComputedStyle(document.querySelector(`#table .card[data-in='${p}'][data-pos='${i}']`)).zIndex",
            [pile, index],
        )
    )


@pytest.mark.parametrize("reduced", [True, False])
def test_a_card_dragged_and_returned_goes_back_to_its_stacking_order(table_browser, table_url, reduced: bool) -> None:
    t = TablePage(table_browser, table_url, PHONE, reduced=reduced)
    try:
        t.open("#spider-2/1")
        g = engine.new_game("spider-2", 1)
        # The top card of column 5: slide it down 30 px and back, then let go.
        n = len(g.position.tableau[4])
        before = z_of(t, "column-5", n - 1)
        x, y = t.grip("column-5", n - 1)
        s = t.cdp()
        s.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
        for dy in (10, 20, 30, 20, 10, 0):
            s.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y + dy, "id": 1}]})
        s.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        t.idle()
        assert z_of(t, "column-5", n - 1) == before < 50000
    finally:
        t.close()


SAMPLE_DEAL = """
window.__faceInStock = 0; window.__busyFrames = 0;
function sample() {
  const t = document.querySelector('#table');
  if (t && t.dataset.busy) {
    window.__busyFrames++;
    const stock = document.querySelector('#table [data-pile="stock"]');
    if (stock) {
      const s = stock.getBoundingClientRect();
      for (const c of document.querySelectorAll('#table .card[data-face="up"]')) {
        const r = c.getBoundingClientRect();
        if (r.left < s.right && r.right > s.left && r.top < s.bottom && r.bottom > s.top) { window.__faceInStock++; break; }
      }
    }
  }
  requestAnimationFrame(sample);
}
requestAnimationFrame(sample);
"""


@pytest.mark.parametrize("profile", ["desktop", "phone"])
def test_no_face_shows_in_the_stock_while_a_deal_flies(table_browser, table_url, profile: str) -> None:
    from tablekit import DESKTOP

    t = TablePage(table_browser, table_url, DESKTOP if profile == "desktop" else PHONE, reduced=False)
    try:
        t.page.add_init_script(SAMPLE_DEAL)
        t.open("#spider-2/3")
        assert t.page.evaluate("() => window.__busyFrames") > 0  # the deal was animated and sampled
        assert t.page.evaluate("() => window.__faceInStock") == 0
        # Once it has landed, every column's top card shows its face.
        assert t.page.locator('#table .card[data-face="up"]').count() == 10
    finally:
        t.close()


def test_empty_run_slots_draw_one_outline_not_a_row_of_boxes(desk: TablePage) -> None:
    desk.open("#spider-1/4")
    drawn = desk.page.evaluate(
        """() => [...document.querySelectorAll('#table .pile-run')].map(p =>
             [p.dataset.pile, p.hasAttribute('data-next'), getComputedStyle(p).backgroundImage !== 'none'])"""
    )
    assert len(drawn) == 8
    assert [pile for pile, _next, shown in drawn if shown] == ["foundation-1"]
    assert [pile for pile, nxt, _shown in drawn if nxt] == ["foundation-1"]


OVERLAPS = """() => {
  const m = document.querySelector('#table .message').getBoundingClientRect();
  return [...document.querySelectorAll('#table .card')].filter(c => {
    const r = c.getBoundingClientRect();
    return r.left < m.right && r.right > m.left && r.top < m.bottom && r.bottom > m.top;
  }).length;
}"""


@pytest.mark.parametrize("profile", ["phone", "landscape", "desktop"])
def test_a_message_never_covers_a_card_and_an_action_withdraws_a_hint(table_browser, table_url, profile: str) -> None:
    from tablekit import DESKTOP, PHONE_LANDSCAPE

    t = TablePage(table_browser, table_url, {"phone": PHONE, "landscape": PHONE_LANDSCAPE, "desktop": DESKTOP}[profile])
    try:
        t.open("#spider-1/9")
        t.page.click('#table .bar [data-action="hint"]')
        hint = t.wait_message()
        assert hint and t.page.evaluate(OVERLAPS) == 0
        assert t.page.evaluate("() => document.querySelector('#table .message').classList.contains('shown')")
        # Any action takes the hint's sentence away: here a deal.
        t.tap_pile("stock")
        t.wait_moves(1)
        assert t.attr("message") != hint  # at once, not when its time is up
    finally:
        t.close()


def test_sound_can_be_muted_from_the_table_and_end_is_in_the_more_menu(desk: TablePage) -> None:
    desk.open("#spider-1/5")
    button = '#table .bar [data-action="sound"]'
    assert desk.page.get_attribute(button, "aria-pressed") == "true"
    desk.page.click(button)
    assert desk.page.get_attribute(button, "aria-pressed") == "false"
    stored = json.loads(stored_text(desk.page, "settings") or "{}")
    assert stored["muted"] is True
    desk.page.click(button)
    assert desk.page.get_attribute(button, "aria-pressed") == "true"
    # End is not beside New on the bar: it is in More, and asks first.
    assert desk.page.locator('#table .bar [data-action="end"]').count() == 0
    desk.page.click('#table .bar [data-action="more"]')
    desk.page.wait_for_selector('#table[data-dialog="menu"]', state="attached")
    assert desk.page.is_disabled('.dialog [data-action="end"]') is False
    desk.page.click('.dialog [data-action="end"]')
    desk.page.wait_for_selector('#table[data-dialog="confirm"]', state="attached")


PHONES = {
    "390": PHONE,
    "360": {**PHONE, "viewport": {"width": 360, "height": 640}},
    "320": {**PHONE, "viewport": {"width": 320, "height": 568}},
}


@pytest.mark.parametrize("contrast", ["standard", "high"])
@pytest.mark.parametrize("phone", list(PHONES))
def test_the_phone_header_shows_every_game_name_and_status_whole(table_browser, table_url, phone, contrast) -> None:
    """On a 390, 360 and 320 px phone, in both themes (high contrast's text
    is bolder): every game's name and figures whole, and the eight buttons
    in one row, none under 30 × 40 px."""
    from ui.storage import settings as persist

    t = TablePage(table_browser, table_url, PHONES[phone])
    try:
        seed(t.page, t.base, {persist.SETTINGS_KEY: persist.Settings(contrast=contrast).to_text()}, clear=True)
        for preset in engine.PRESETS:
            t.open(f"#{preset}/3")
            cut = t.page.evaluate(
                """() => [...document.querySelectorAll('#table .bar .title, #table .bar .stats')]
                     .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"""
            )
            assert cut == [], (preset, cut)
        boxes = t.page.eval_on_selector_all(
            "#table .bar button:not([hidden])",
            "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [r.top, r.width, r.height, r.right] })",
        )
        assert len(boxes) == 8 and len({round(top) for top, _, _, _ in boxes}) == 1, boxes
        assert all(w >= 30 and h >= 40 and right <= int(phone) for _, w, h, right in boxes), boxes
        keep_picture(t.page, ARTIFACTS / f"header-{phone}-{contrast}.png")
    finally:
        t.close()


def test_no_more_useful_moves_is_said_on_a_dead_end(desk: TablePage) -> None:
    from tablekit import store

    from ui.storage import settings as persist

    # Spider 1 suit, the stock empty: a 5 can go back and forth between two 6s,
    # and nothing else can move (no empty column; eight Kings and a 9 on top).
    cols = ["*As6s5s", "*2s6s", "*3sKs", "*4sKs", "*5sKs", "*6sKs", "*7sKs", "*8sKs", "*9sKs", "*Ts9s"]
    g = engine.game_from_notation("spider-1", f"{'/'.join(cols)} - -/-/-/-/-/-/-/-")
    assert g.status == "playing" and g.legal_moves()
    store(desk, {persist.CURRENT_KEY: persist.write_current(g, "dead-end-test")})
    desk.page.wait_for_selector('#table[data-dialog="deadend"]', state="attached", timeout=SEARCH_TIMEOUT_MS)
    assert desk.attr("deadend") == "dead-end"
    text = desk.page.inner_text(".dialog")
    assert "No more useful moves" in text
    actions = desk.page.eval_on_selector_all(".dialog [data-action]", "bs => bs.map(b => b.dataset.action)")
    assert actions == ["close", "new-game", "end"]  # nothing to undo in this game
    # the dialog passes the axe scan (no serious or critical violation)
    from axekit import AXE, AXE_PATH, scan

    body = AXE.read_bytes()
    desk.page.route(
        f"**/{AXE_PATH}", lambda route: route.fulfill(status=200, content_type="text/javascript", body=body)
    )
    assert scan(desk, "no more useful moves") == []
    desk.page.click('.dialog [data-action="end"]')
    desk.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    assert desk.attr("status") == "lost"


def test_a_position_with_something_to_do_is_not_a_dead_end(desk: TablePage) -> None:
    from tablekit import store

    from ui.storage import settings as persist

    cols = ["*As6s5s", "*2s6s", "*3s7s", "*4sKs", "*5sKs", "*6sKs", "*7sKs", "*8sKs", "*9sKs", "*Ts9s"]
    g = engine.game_from_notation("spider-1", f"{'/'.join(cols)} - -/-/-/-/-/-/-/-")
    store(desk, {persist.CURRENT_KEY: persist.write_current(g, "not-dead-test")})
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.deadend === 'progress'")
    assert desk.attr("dialog") is None


OFF_TABLE = """() => [...document.querySelectorAll('#table .card')].filter(c => {
    const r = c.getBoundingClientRect();
    return r.right <= 0 || r.left >= innerWidth;
}).length"""


@pytest.mark.parametrize("context", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_win_throws_the_cards_off_in_a_bouncing_cascade_that_a_tap_skips(table_browser, table_url, context) -> None:
    t = TablePage(table_browser, table_url, context, reduced=False)
    try:
        t.page.clock.install()  # Playwright's clock: time flows as usual until it is paused
        g, won = near_win()
        open_on_save(t, g)
        t.drag_move(g, won.moves[-1])
        t.page.wait_for_selector("#table[data-celebrating]", state="attached")
        # The page's timers stop here: the cascade's own end, a timer seconds
        # away, cannot come; only a skip can end it.  (Its cards fly on:
        # Web Animations keep the document's time, not the page's clock.)
        t.page.clock.pause_at((t.page.evaluate("() => Date.now()") + 2000) / 1000)  # in seconds
        # The cards leave the table one after another, over the sides ...
        t.page.wait_for_function(f"() => ({OFF_TABLE})() >= 10")
        assert t.attr("dialog") is None  # ... before the end screen
        keep_picture(t.page, ARTIFACTS / f"win-cascade-{'phone' if context is PHONE else 'desktop'}.png")
        # A tap (on the phone) or a key (on the desktop) skips it: the end
        # screen, every card back in its place, with the clock still stopped.
        if context is PHONE:
            t.page.touchscreen.tap(20, 600)
        else:
            t.page.keyboard.press("Space")
        t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
        assert t.attr("celebrating") is None
        assert t.page.evaluate(OFF_TABLE) == 0
        assert not t.errors, t.errors
    finally:
        t.close()


CARD_LOADS = """() => performance.getEntriesByType('resource')
  .filter(e => /\\/cards\\//.test(e.name)).map(e => [new URL(e.name).pathname, e.responseEnd])"""


def test_the_faces_are_there_before_python_starts_in_one_stylesheet_per_set(desk: TablePage) -> None:
    """No face picture is ever fetched: each face set is one stylesheet of
    data URLs, loaded with the page (before Python starts), so no flip
    waits and no blank card shows; the stylesheet of every set draws every
    card, and a face-down card shows no face."""
    desk.open("#spider-2/5")
    loads = desk.page.evaluate(CARD_LOADS)
    paths = {path for path, _ in loads}
    assert not [p for p in paths if re.search(r"/cards/[^/]+/[2-9TJQKA][shdc]\.svg$", p)], paths
    css = {p for p in paths if p.endswith("/faces.css")}
    assert css == {f"/assets/cards/{s}/faces.css" for s in ("large", "fourcolour", "hc-large", "hc-fourcolour")}
    started = desk.page.evaluate("() => performance.getEntriesByName('spider-pyodide-loaded')[0].startTime")
    assert all(end < started for path, end in loads if path.endswith("/faces.css")), (loads, started)
    # the back too: no card of the first deal is ever blank
    assert [end < started for path, end in loads if path == "/assets/cards/backs/blue.svg"] == [True], loads
    up = desk.page.locator("#table .card[data-face=up]").count()
    assert up == 10 and face_sets(desk.page) == ["large"] * up
    names = [r + s for r in "A23456789TJQK" for s in "shdc"]
    for face_set in ("large", "fourcolour", "hc-large", "hc-fourcolour"):
        drawn = desk.page.evaluate(
            """([set, names]) => names.map(n => {
                 const w = document.createElement('div'); w.className = 'faces-' + set;
                 const c = document.createElement('div'); c.className = 'card'; c.dataset.face = 'up'; c.dataset.card = n;
                 w.appendChild(c); document.body.appendChild(w);
                 const img = getComputedStyle(c).backgroundImage; w.remove(); return img })""",
            [face_set, names],
        )
        assert all(d.startswith('url("data:image/svg+xml') for d in drawn) and len(set(drawn)) == 52, face_set
    down = desk.page.evaluate(
        "() => getComputedStyle(document.querySelector('#table .card[data-face=down]')).backgroundImage"
    )
    assert "backs/blue.svg" in down


CONTENT_OFFSETS = """() => [...document.querySelectorAll('.bar .btn')].filter(b => b.offsetParent).map(b => {
  const box = b.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(b);
  const inner = range.getBoundingClientRect();
  return [b.dataset.action || b.textContent.trim(), Math.round(box.height),
          Math.abs((inner.left + inner.right) / 2 - (box.left + box.right) / 2),
          inner.left >= box.left && inner.right <= box.right];
})"""


@pytest.mark.parametrize("size", [(1366, 768), (2560, 1440)], ids=["desktop", "large"])
def test_the_header_buttons_hold_their_icons_in_the_middle(desk: TablePage, size: tuple[int, int]) -> None:
    """On a large screen the header grows; its icon buttons once kept the
    text buttons' side padding and pushed their icons off-centre, the "more"
    dots against the border."""
    width, height = size
    desk.open("#spider-1/4")
    desk.page.set_viewport_size({"width": width, "height": height})
    desk.page.wait_for_function("w => document.querySelector('#table').getBoundingClientRect().width === w", arg=width)
    desk.idle()
    buttons = desk.page.evaluate(CONTENT_OFFSETS)
    assert len(buttons) >= 8, buttons
    for name, _height, off_centre, inside in buttons:
        assert inside and off_centre <= 1.5, (name, off_centre, buttons)
    assert len({h for _name, h, _off, _inside in buttons}) == 1, buttons  # one height for all
    desk.page.set_viewport_size(DESKTOP["viewport"])
