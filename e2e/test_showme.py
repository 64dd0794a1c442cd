"""'Show me how' in the real page: asked first, searched in slices, played
out on the table with the table's own moves, paused, stepped and stopped
by buttons and by keys, never a win in the statistics, and a plain answer
where no win is found.

The games start part-way along a solver's line of a 1-suit deal (a save put
in the browser's storage before the page opens), so the show to the end
takes seconds, not minutes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from harness import READY_TIMEOUT_MS, SEARCH_TIMEOUT_MS, keep_picture
from tablekit import ARTIFACTS, DESKTOP, PHONE, TablePage, desk, store, table_browser, table_url

import engine
from solver import SOLVED, solve
from ui.storage import settings as persist
from ui.storage.settings import Settings

__all__ = ["desk", "table_browser", "table_url"]


def part_way(moves_left: int) -> engine.Game:
    """Spider 1 suit, deal 3, played along a solver's win until ``moves_left`` remain."""
    g = engine.new_game("spider-1", deal=3)
    found = solve(g.rules, g.position, max_nodes=80_000)
    assert found.status == SOLVED and len(found.moves) > moves_left
    for move in found.moves[: len(found.moves) - moves_left]:
        g.play(move)
    assert g.status == "playing"
    return g


def open_on(t: TablePage, g: engine.Game, settings: Settings | None = None) -> None:
    t.page.goto(t.base)
    t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    t.loaded = True
    items = {persist.CURRENT_KEY: persist.write_current(g, "show-me-test")}
    if settings is not None:
        items[persist.SETTINGS_KEY] = settings.to_text()
    store(t, items)
    t.expect_game(g)


def ask_and_confirm(t: TablePage, key: bool) -> None:
    if key:
        t.page.keyboard.press("s")
    else:
        t.page.click('[data-action="more"]')
        t.page.click('.dialog [data-action="show-me"]')
    t.page.wait_for_selector('#table[data-dialog="show"]', state="attached")
    assert "no longer counts as a win" in t.page.inner_text(".dialog")
    t.page.click('.dialog [data-action="confirm"]')


def show_state(t: TablePage) -> str | None:
    return t.attr("show")


def test_show_me_is_paused_stepped_stopped_and_played_to_the_end(desk: TablePage) -> None:
    t = desk
    g = part_way(40)
    open_on(t, g)
    start = t.moves()
    ask_and_confirm(t, key=False)
    t.page.wait_for_selector('#table[data-show="playing"]', state="attached", timeout=SEARCH_TIMEOUT_MS)
    assert t.page.is_visible(".show-bar") and t.attr("show-total") is not None
    total = int(t.attr("show-total") or 0)
    assert 0 < total <= 60
    t.wait_moves(start + 1)  # the table plays the line itself
    # P pauses; the right arrow plays exactly one move and stays paused
    t.page.keyboard.press("p")
    t.page.wait_for_selector('#table[data-show="paused"]', state="attached")
    t.idle()
    paused_at = t.moves()
    assert "Paused at move" in t.page.inner_text(".show-bar .show-text")
    t.page.keyboard.press("ArrowRight")
    t.wait_moves(paused_at + 1)
    assert show_state(t) == "paused" and int(t.attr("show-at") or 0) == paused_at + 1 - start
    # the Play button plays on
    t.page.click('[data-action="show-toggle"]')
    t.page.wait_for_selector('#table[data-show="playing"]', state="attached")
    t.wait_moves(paused_at + 2)
    # Escape stops it: the bar goes, the game stays as it stands, still playing
    t.page.keyboard.press("Escape")
    t.page.wait_for_selector("#table:not([data-show])", state="attached")
    t.idle()
    assert t.attr("show-end") == "stopped" and t.attr("status") == "playing"
    assert not t.page.is_visible(".show-bar")
    assert "Show me stopped" in (t.attr("message") or "")
    stopped_at = t.moves()
    assert stopped_at < start + total
    # S asks again; the Fast speed plays the rest to the end screen
    ask_and_confirm(t, key=True)
    t.page.wait_for_selector('#table[data-show="playing"]', state="attached", timeout=SEARCH_TIMEOUT_MS)
    assert t.page.inner_text('[data-action="show-speed"]') == "Speed: Normal"
    t.page.click('[data-action="show-speed"]')
    assert t.page.inner_text('[data-action="show-speed"]') == "Speed: Fast"
    t.page.wait_for_selector('#table[data-dialog="end"]', state="attached", timeout=60000)
    assert t.attr("status") == "won" and t.attr("show-end") == "done"
    text = t.page.inner_text(".dialog")
    assert "Shown to the end" in text and "not a win" in text and "You won" not in text
    keep_picture(t.page, ARTIFACTS / "show-me-end-desktop.png")
    # the statistics: no game played, no win
    t.page.click('.dialog [data-action="stats"]')
    t.page.wait_for_selector('#table[data-dialog="stats"]', state="attached")
    assert t.page.inner_text("[data-stat=shown]") == "1"
    assert t.page.inner_text("[data-stat=played]") == "0"


def serve_axe(t: TablePage) -> None:
    from axekit import AXE, AXE_PATH

    body = AXE.read_bytes()
    t.page.route(f"**/{AXE_PATH}", lambda route: route.fulfill(status=200, content_type="text/javascript", body=body))


def test_a_move_of_the_players_own_stops_the_show(table_browser, table_url) -> None:
    from axekit import scan

    t = TablePage(table_browser, table_url, PHONE)
    serve_axe(t)
    try:
        g = part_way(40)
        open_on(t, g)
        t.page.click('[data-action="more"]')
        t.page.click('.dialog [data-action="show-me"]')
        t.page.wait_for_selector('#table[data-dialog="show"]', state="attached")
        assert scan(t, "show me: the question") == []
        t.page.click('.dialog [data-action="confirm"]')
        t.page.wait_for_selector('#table[data-show="playing"]', state="attached", timeout=SEARCH_TIMEOUT_MS)
        t.page.click('[data-action="show-toggle"]')  # paused, then the player plays an Undo
        t.page.wait_for_selector('#table[data-show="paused"]', state="attached")
        assert scan(t, "show me: the bar") == []
        keep_picture(t.page, ARTIFACTS / "show-me-paused-phone.png")
        box = t.page.locator(".show-bar").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
        t.page.click('[data-action="undo"]')
        t.page.wait_for_selector("#table:not([data-show])", state="attached")
        assert "you played on" in (t.attr("message") or "")
        assert not t.errors, t.errors
    finally:
        t.close()


def test_show_me_says_so_when_there_is_no_win(desk: TablePage) -> None:
    # the stock empty and nothing to do but move a 5 between two 6s (the dead-end test's position)
    cols = ["*As6s5s", "*2s6s", "*3sKs", "*4sKs", "*5sKs", "*6sKs", "*7sKs", "*8sKs", "*9sKs", "*Ts9s"]
    g = engine.game_from_notation("spider-1", f"{'/'.join(cols)} - -/-/-/-/-/-/-/-")
    open_on(desk, g)
    desk.page.wait_for_selector('#table[data-dialog="deadend"]', state="attached", timeout=SEARCH_TIMEOUT_MS)
    desk.page.click('.dialog [data-action="close"]')  # "Keep looking"
    # a proven dead end: Show me says so at once, with no question and no search
    desk.page.keyboard.press("s")
    desk.page.wait_for_selector('#table[data-show-end="dead-end"]', state="attached")
    assert (desk.attr("message") or "").startswith("No more useful moves")
    assert desk.attr("dialog") is None
    assert desk.attr("show") is None and desk.moves() == 0 and desk.attr("status") == "playing"


def test_show_me_starts_from_the_badges_win_and_the_badge_remembers_the_line(desk: TablePage) -> None:
    t = desk
    g = part_way(40)
    open_on(t, g, Settings(indicator=True))
    t.page.wait_for_selector('#table[data-still="winnable"]', state="attached", timeout=SEARCH_TIMEOUT_MS)
    assert int(t.attr("still-nodes") or 0) > 0  # searched
    start = t.moves()
    ask_and_confirm(t, key=True)
    t.page.wait_for_selector('#table[data-show="playing"]', state="attached")  # the badge's line: no search
    t.page.keyboard.press("p")
    t.page.wait_for_selector('#table[data-show="paused"]', state="attached")
    t.idle()
    at = t.moves()
    assert at >= start
    t.page.keyboard.press("ArrowRight")
    t.wait_moves(at + 1)
    t.page.keyboard.press("Escape")  # the helpers are free again: the badge answers from the line it found
    t.page.wait_for_selector("#table:not([data-show])", state="attached")
    t.page.wait_for_selector('#table[data-still="winnable"][data-still-nodes="0"]', state="attached")
