"""A new player's first minutes on a phone, in one go, as the menus are
meant to be met: the page opened bare (no deal in the address, nothing
stored), a game of Spider 2 suits being played within two taps, the card
back changed in Settings and seen on the table at once, "How to play" for
Little Spider opened and closed, and the statistics reached from the
picker.  Each step is tested in more detail in test_picker.py,
test_settings.py, test_help.py and test_table_stats.py; this is the chain."""

from __future__ import annotations

from typing import Any

from harness import READY_TIMEOUT_MS, keep_picture
from tablekit import ARTIFACTS, PHONE, TablePage, table_browser, table_url

import engine

__all__ = ["table_browser", "table_url"]


def back_image(t: TablePage, selector: str) -> str:
    return str(t.page.eval_on_selector(selector, "n => getComputedStyle(n).backgroundImage"))


def test_a_new_player_on_a_phone_plays_changes_the_back_and_reads_how_to_play(
    table_browser: Any, table_url: str
) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        t.page.goto(t.base)  # a first visit: no game named, nothing stored
        t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        t.loaded = True
        t.idle()
        assert t.attr("status") == "playing"
        # 1. Spider 2 suits in at most two taps: Games, then its tile (a tip for
        # a new player may be up: the first tap puts it away and still counts)
        taps = 0
        t.page.tap('[data-action="games"]')
        taps += 1
        t.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
        tile = t.page.locator('[data-play="spider-2"]')
        box = tile.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844, "the tile is on screen without scrolling"
        tile.tap()
        taps += 1
        t.page.wait_for_function("() => document.querySelector('#table').dataset.preset === 'spider-2'")
        t.idle()
        assert taps <= 2 and t.attr("dialog") is None and t.attr("status") == "playing"
        assert t.page.locator(".felt .card").count() == 104
        # 2. Settings from the header's More; the card back changes on the table at once
        t.page.tap('[data-action="more"]')
        t.page.tap('.dialog [data-action="settings"]')
        t.page.wait_for_selector('#table[data-dialog="settings"]', state="attached")
        down = ".felt .card[data-face=down]"
        assert "green.svg" not in back_image(t, down)
        green = t.page.locator('[data-setting-of="back"][data-value="green"]')
        green.scroll_into_view_if_needed()
        green.tap()
        assert "green.svg" in back_image(t, ".settings-preview .card[data-face=down]")
        assert "green.svg" in back_image(t, down)  # behind the open screen, before Done
        keep_picture(t.page, ARTIFACTS / "new-player-settings-phone.png")
        t.page.tap('.dialog [data-action="done"]')
        t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
        assert "green.svg" in back_image(t, down)
        # 3. How to play for Little Spider, from the header's Help, then closed
        t.page.tap('[data-action="help"]')
        t.page.wait_for_selector('#table[data-dialog="help"]', state="attached")
        assert t.page.get_attribute(".howto", "data-preset") == "spider-2"
        t.page.select_option("#help-game", "little-spider")
        t.page.wait_for_selector('.howto[data-preset="little-spider"]', state="attached")
        assert engine.PRESETS["little-spider"].name in t.page.inner_text(".howto")
        assert t.page.locator(".howto svg.howto-diagram rect").count() >= 6
        keep_picture(t.page, ARTIFACTS / "new-player-howto-phone.png")
        t.page.tap('.dialog [data-action="close"]')
        t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
        assert t.attr("preset") == "spider-2" and t.attr("status") == "playing"
        # 4. The statistics from the picker: a card per game, nothing played yet
        t.page.tap('[data-action="games"]')
        t.page.tap('.dialog [data-action="stats"]')
        t.page.wait_for_selector('#table[data-dialog="stats"]', state="attached")
        assert t.page.locator(".stats-card").count() == len(engine.PRESETS)
        assert t.page.locator(".stats-card.current").get_attribute("data-preset") == "spider-2"
        assert t.page.inner_text('[data-stat="all-played"]') == "0"
        t.page.tap('[data-stats-open="little-spider"]')
        t.page.wait_for_selector('.stats-details[data-preset="little-spider"]', state="attached")
        assert "No games finished yet" in t.page.inner_text(".stats-details")
        t.page.tap('.dialog [data-action="close"]')
        t.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
        assert not t.errors, t.errors
    finally:
        t.close()
