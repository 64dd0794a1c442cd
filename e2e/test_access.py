"""Motion, contrast and zoom in the real page.

* Reduced motion: the system's ``prefers-reduced-motion`` (changed while the
  page is open) and the "Motion" setting, which wins over it either way.
  Reduced, an action starts no animation at all (``document.getAnimations()``
  stays empty, ``#table[data-busy]`` is never set), even the run removal and
  the win, and the moved cards are outlined instead.
* High contrast: the "Contrast" setting and the system's wish
  (``prefers-contrast: more``, ``forced-colors: active``), with two- and
  four-colour faces; screenshots on a desktop, a phone and at 200 % zoom.
* 200 % browser zoom, emulated as a viewport of half the CSS size at device
  scale factor 2 (1366×768 → 683×384, 390×844 → 195×422): every header
  button visible and clickable, no text under a button, cards inside the
  table and no smaller on the screen than at 100 %, every dialog (chooser,
  settings, statistics, confirm, end, win) inside the viewport, never wider
  than it, and scrollable to its last control; on the phone also an axe scan.
  The same checks on a 320×568 phone at 100 %; every dialog includes the
  chooser's options, the statistics' cards and a game's figures, and each
  Help tab.

Screenshots go to e2e/artifacts/table/ for a person to look at.
"""

from __future__ import annotations

from typing import Any

import pytest
from axekit import MENUS, axe_page, close_dialog, open_dialog, open_on_save, scan, walk_screens, won_game
from harness import keep_picture
from tablekit import (
    ARTIFACTS,
    DESKTOP,
    TablePage,
    close_settings,
    deal_with_moves,
    first_drag_move,
    near_win,
    open_settings,
    set_setting,
    stored_text,
    table_browser,
    table_url,
)

import engine
from engine.moves import Move
from ui.storage import settings

# Counts, from now on, how often #table[data-busy] was set and how many
# animations ran when it was or when a move landed (a MutationObserver
# callback runs right after the page's handler, while its animations live).
RECORD = """() => {
  const t = document.querySelector('#table');
  window.__rec && window.__rec.obs.disconnect();
  const rec = {busy: 0, anims: 0, obs: null};
  rec.obs = new MutationObserver(() => {
    if (t.dataset.busy) rec.busy++;
    rec.anims = Math.max(rec.anims, document.getAnimations().length);
  });
  rec.obs.observe(t, {attributes: true, attributeFilter: ['data-busy', 'data-moves', 'data-dialog']});
  window.__rec = rec;
}"""
RECORDED = "() => ({busy: window.__rec.busy, anims: window.__rec.anims, now: document.getAnimations().length})"


def choose_setting(t: TablePage, name: str, value: str) -> None:
    """Set a setting on the Settings screen, as a player does (it stays open)."""
    if t.attr("dialog") != "settings":
        open_settings(t)
    set_setting(t, name, value)


def face_urls(t: TablePage) -> list[str | None]:
    """The face set each face-up card shows."""
    from tablekit import face_sets

    return face_sets(t.page)


def faces_up(g: engine.Game) -> dict[str, list[bool]]:
    """Whether each card of each pile shows its face, as the page shows it."""
    from ui.table.cards import Tracker

    tr = Tracker.from_view(g.rules, g.public_view())
    return {pile: [bool(tr.up[u]) for u in uids] for pile, uids in tr.piles.items()}


def moved_cards(t: TablePage) -> list[tuple[str, str]]:
    return [
        tuple(x)
        for x in t.page.evaluate(
            "() => [...document.querySelectorAll('#table .card.moved')].map(c => [c.dataset.in, c.dataset.pos])"
        )
    ]


def test_reduced_motion_follows_the_system_and_the_setting_and_moves_nothing(table_browser, table_url) -> None:
    t = TablePage(table_browser, table_url, DESKTOP, reduced=False)
    try:
        deal = deal_with_moves("spider-1")
        g = engine.new_game("spider-1", deal)
        t.open(f"#spider-1/{deal}")
        assert t.attr("motion") == "full"
        # the system asks for less motion while the page is open
        t.page.emulate_media(reduced_motion="reduce")
        t.page.wait_for_function("() => document.querySelector('#table').dataset.motion === 'reduce'")
        t.page.evaluate(RECORD)
        m = first_drag_move(g)
        assert m is not None and m.kind == "move"
        before = faces_up(g)
        t.drag_move(g, m)
        g.play(m)
        t.wait_moves(1)
        t.expect_game(g)
        assert t.page.evaluate(RECORDED) == {"busy": 0, "anims": 0, "now": 0}
        # outlined: the cards that moved, and the one they uncovered if it turned over
        dst = f"column-{m.dst + 1}"
        n = len(g.position.tableau[m.dst])
        want = [(dst, str(i)) for i in range(n - m.count, n)]
        src = f"column-{m.src + 1}"
        top = len(g.position.tableau[m.src]) - 1
        if top >= 0 and not before[src][top]:
            want.append((src, str(top)))
        assert sorted(moved_cards(t)) == sorted(want)
        assert (
            t.page.evaluate(
                "() => getComputedStyle(document.querySelector('#table .card.moved'), '::after').borderTopStyle"
            )
            == "dashed"
        )
        # a deal: ten cards land at once, outlined, nothing moves
        t.tap_pile("stock")
        g.play(Move.deal())
        t.wait_moves(2)
        t.expect_game(g)
        assert t.page.evaluate(RECORDED) == {"busy": 0, "anims": 0, "now": 0}
        assert sorted(moved_cards(t)) == sorted(
            (f"column-{k + 1}", str(len(col) - 1)) for k, col in enumerate(g.position.tableau)
        )
        keep_picture(t.page, ARTIFACTS / "reduced-motion-after-deal.png")
        # "Full" wins over the system: the next move animates, and nothing stays outlined
        choose_setting(t, "motion", "full")
        t.page.wait_for_function("() => document.querySelector('#table').dataset.motion === 'full'")
        close_dialog(t)
        t.page.evaluate(RECORD)
        m = first_drag_move(g)
        assert m is not None
        t.drag_move(g, m)
        g.play(m)
        t.wait_moves(3)
        rec = t.page.evaluate(RECORDED)
        assert rec["busy"] >= 1 and rec["anims"] >= 1, rec
        assert moved_cards(t) == []
        # "Reduce" wins over a system that asks for nothing
        choose_setting(t, "motion", "reduce")
        close_dialog(t)
        t.page.emulate_media(reduced_motion="no-preference")
        assert t.attr("motion") == "reduce"
        # ... and holds after a reload, through a run removal and a win:
        # no spider, no wave, a still win screen
        g, won = near_win()
        open_on_save(t, g)
        assert t.attr("motion") == "reduce"
        t.page.evaluate(RECORD)
        t.drag_move(g, won.moves[-1])
        t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
        assert t.attr("status") == "won"
        assert t.page.evaluate(RECORDED) == {"busy": 0, "anims": 0, "now": 0}
        assert t.page.locator(".win-spider").count() == 1  # shown, standing still
        assert settings.Settings.from_text(stored_text(t.page, "settings")).motion == "reduce"
        assert not t.errors, t.errors
    finally:
        t.close()


def test_high_contrast_theme_setting_system_and_forced_colours(table_browser, table_url) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t = TablePage(table_browser, table_url, DESKTOP)
    try:
        t.open("#spider-4/7")

        def theme(expected: str) -> None:
            t.page.wait_for_function("c => document.querySelector('#table').dataset.contrast === c", arg=expected)

        def look() -> dict[str, Any]:
            return t.page.evaluate("""() => {
              const t = document.querySelector('#table');
              const back = document.querySelector('#table .card[data-face=down]');
              return {table: getComputedStyle(t).backgroundColor, back: getComputedStyle(back).backgroundImage,
                      bar: getComputedStyle(t.querySelector('.bar')).borderBottomWidth}
            }""")

        assert t.attr("contrast") == "standard" and set(face_urls(t)) == {"large"}
        # (this context was opened with reduced_motion="reduce": followed from the start)
        assert t.attr("motion") == "reduce"
        # the system asks for more contrast
        t.page.emulate_media(contrast="more")
        theme("high")
        assert set(face_urls(t)) == {"hc-large"}, face_urls(t)
        seen = look()
        assert seen["table"] == "rgb(0, 0, 0)" and "backs/contrast.svg" in seen["back"] and seen["bar"] == "2px"
        t.page.emulate_media(contrast="no-preference")
        theme("standard")
        assert set(face_urls(t)) == {"large"}
        # forced colours (Windows high contrast): the theme, and the piles outlined in a system colour
        t.page.emulate_media(forced_colors="active")
        theme("high")
        assert (
            t.page.evaluate("() => getComputedStyle(document.querySelector('[data-pile=column-1]')).borderTopStyle")
            == "dashed"
        )
        keep_picture(t.page, ARTIFACTS / "forced-colours-desktop.png")
        t.page.emulate_media(forced_colors="none")
        theme("standard")
        # the setting, with four colours
        choose_setting(t, "contrast", "high")
        choose_setting(t, "faces", "fourcolour")
        theme("high")
        assert set(face_urls(t)) == {"hc-fourcolour"}
        keep_picture(t.page, ARTIFACTS / "high-contrast-settings-desktop.png")
        close_dialog(t)
        t.page.keyboard.press("h")  # a hint shows its rings
        t.page.wait_for_selector("#table .hint-src", state="attached")
        keep_picture(t.page, ARTIFACTS / "high-contrast-desktop.png")
        for name, w, h in [("phone", 390, 844), ("zoom-desktop", 683, 384), ("zoom-phone", 195, 422)]:
            t.page.set_viewport_size({"width": w, "height": h})
            t.page.wait_for_function("w => document.querySelector('#table').getBoundingClientRect().width === w", arg=w)
            t.idle()
            keep_picture(t.page, ARTIFACTS / f"high-contrast-{name}.png")
        t.page.set_viewport_size(DESKTOP["viewport"])
        # "Standard" wins over the system's wish
        choose_setting(t, "contrast", "standard")
        t.page.emulate_media(contrast="more")
        theme("standard")
        assert set(face_urls(t)) == {"fourcolour"}
        close_dialog(t)
        t.reload()
        assert t.attr("contrast") == "standard"
        saved = settings.Settings.from_text(stored_text(t.page, "settings"))
        assert (saved.contrast, saved.faces) == ("standard", "fourcolour")
        assert not t.errors, t.errors
    finally:
        t.close()


# --- 200 % zoom --------------------------------------------------------------------

ZOOM = {
    "desktop": {"viewport": {"width": 1366, "height": 768}, "device_scale_factor": 2},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    },
    "small-phone": {  # a 320×568 phone at 100 %
        "viewport": {"width": 320, "height": 568},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    },
}
ZOOMED = {"desktop": 2, "phone": 2, "small-phone": 1}
"""How far each screen is zoomed: the viewport is divided by it."""


def card_width(t: TablePage) -> float:
    return float(t.page.evaluate("() => document.querySelector('#table .card').getBoundingClientRect().width"))


def check_table(t: TablePage, vw: int, vh: int, width_at_100: float) -> None:
    """Cards inside the table below the bar, no smaller on the screen than at
    100 %; every header button inside the viewport, on top where it is, and
    clear of the title and the figures; nothing scrolls."""
    found = t.page.evaluate("""() => {
      const r = e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom] };
      const bar = document.querySelector('#table .bar');
      const buttons = [...bar.querySelectorAll('button')].filter(b => !b.hidden).map(b => {
        const [l, t, rr, bb] = r(b);
        const hit = document.elementFromPoint((l + rr) / 2, (t + bb) / 2);
        return {name: b.dataset.action, box: [l, t, rr, bb], top: !!hit && hit.closest('button') === b};
      });
      return {bar: r(bar), cards: [...document.querySelectorAll('#table .card')].map(r), buttons,
              texts: [...bar.querySelectorAll('.title, .stats')].map(r), scroll: [scrollX, scrollY]};
    }""")
    bar_bottom = found["bar"][3]
    for left, top, right, bottom in found["cards"]:
        assert left >= -0.5 and right <= vw + 0.5 and top >= bar_bottom - 0.5 and bottom <= vh + 0.5
    width = card_width(t)
    assert width * 2 >= 0.9 * width_at_100, f"cards {width:.1f} px at 200 % vs {width_at_100:.1f} px at 100 %"
    assert width >= 16
    assert {b["name"] for b in found["buttons"]} >= {"games", "undo", "redo", "new", "sound", "more"}
    for b in found["buttons"]:
        left, top, right, bottom = b["box"]
        assert left >= -0.5 and right <= vw + 0.5 and top >= -0.5 and bottom <= bar_bottom + 0.5, b
        assert right - left >= 24 and bottom - top >= 24, b  # WCAG 2.5.8 target size
        assert b["top"], f"{b['name']} is covered"
        for tl, tt, tr, tb in found["texts"]:
            assert tr <= left or tl >= right or tb <= top or tt >= bottom, f"text under {b['name']}"
    assert found["scroll"] == [0, 0]


def check_dialog(t: TablePage, vw: int, vh: int, shot: str) -> None:
    """The dialog lies inside the viewport, is never wider than it, and every
    control in it can be scrolled to and reached (the last one included)."""
    keep_picture(t.page, ARTIFACTS / f"zoom-{shot}.png")
    box = t.page.evaluate("""() => { const d = document.querySelector('.dialog'); const b = d.getBoundingClientRect();
      return [b.left, b.top, b.right, b.bottom, d.scrollWidth, d.clientWidth] }""")
    left, top, right, bottom, scroll_w, client_w = box
    assert left >= -0.5 and top >= -0.5 and right <= vw + 0.5 and bottom <= vh + 0.5, box
    assert scroll_w <= client_w + 1, f"{shot}: the dialog scrolls sideways ({scroll_w} > {client_w})"
    controls = t.page.locator(".dialog :is(button, select, input, summary):not(.visually-hidden):visible")
    n = controls.count()
    assert n >= 1
    for k in [*range(n - 1), n - 1]:  # the last one last: the dialog is left scrolled to its end
        c = controls.nth(k)
        c.scroll_into_view_if_needed()
        ok = c.evaluate("""e => { const b = e.getBoundingClientRect(), d = e.closest('.dialog').getBoundingClientRect();
          const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
          return b.left >= d.left - 0.5 && b.right <= d.right + 0.5 && b.top >= d.top - 0.5 && b.bottom <= d.bottom + 0.5
                 && !!hit && (hit === e || e.contains(hit) || hit.contains(e) || hit.closest('label') === e.closest('label')) }""")
        assert ok, f"{shot}: control {k} of {n} ({c.evaluate('e => e.outerHTML.slice(0, 80)')}) cannot be reached"
    keep_picture(t.page, ARTIFACTS / f"zoom-{shot}-end.png")


@pytest.mark.parametrize("screen", list(ZOOM))
def test_everything_usable_at_200_percent_zoom_and_on_a_small_phone(table_browser, table_url, screen: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = ZOOM[screen]
    t = axe_page(table_browser, table_url, context, settings.Settings())
    try:
        deal = deal_with_moves("spider-2")
        g = engine.new_game("spider-2", deal)
        t.open(f"#spider-2/{deal}")
        at_100 = card_width(t)
        zoom = ZOOMED[screen]
        vw, vh = context["viewport"]["width"] // zoom, context["viewport"]["height"] // zoom
        if zoom != 1:
            t.page.set_viewport_size({"width": vw, "height": vh})
            t.page.wait_for_function(
                "w => document.querySelector('#table').getBoundingClientRect().width === w", arg=vw
            )
            t.page.wait_for_function(
                "w => document.querySelector('#table .card').getBoundingClientRect().width !== w", arg=at_100
            )
        t.idle()
        keep_picture(t.page, ARTIFACTS / f"zoom-{screen}-table.png")
        check_table(t, vw, vh, at_100)
        problems = scan(t, "table") if screen != "desktop" else []
        # a move, then the header's Undo takes it back
        m = first_drag_move(g)
        assert m is not None
        t.drag_move(g, m)
        t.wait_moves(1)
        t.page.click('[data-action="undo"]')
        t.wait_moves(0)
        check_table(t, vw, vh, at_100)
        # the settings, the chooser, the statistics
        open_settings(t)
        check_dialog(t, vw, vh, f"{screen}-settings")
        if screen != "desktop":
            problems += scan(t, "settings")
        close_settings(t)

        def look(name: str) -> None:
            check_dialog(t, vw, vh, f"{screen}-{name}")
            if screen != "desktop":
                problems.extend(scan(t, name))

        # the chooser, its options, the statistics, Help's tabs, the More menu, the daily deals,
        # End's question (a game in progress) and the end screen of a lost game
        t.drag_move(g, m)
        t.wait_moves(1)
        walk_screens(t, look, (*MENUS, "more", "daily", "end-question", "end"))
        # the win screen
        open_on_save(t, won_game())
        check_dialog(t, vw, vh, f"{screen}-win")
        if screen != "desktop":
            problems += scan(t, "win screen")
        assert not problems, "\n".join(problems)
        assert not t.errors, t.errors
    finally:
        t.close()
