"""The game picker in the real page, as a new player meets it on a phone:
a tile per game with a drawing of its table, its difficulty and the
player's record; one tap starts a game; Options holds the rest."""

from __future__ import annotations

from typing import Any

import pytest
from harness import keep_picture
from tablekit import ARTIFACTS, DESKTOP, PHONE, TablePage, seed, store, table_browser, table_url

import engine
from ui.storage import settings, statistics

__all__ = ["table_browser", "table_url"]


def test_a_new_player_on_a_phone_is_playing_spider_2_suits_in_two_taps(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        t.open("#spider-1/4")
        t.page.tap('[data-action="games"]')  # 1
        t.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
        tiles = t.page.eval_on_selector_all(".game-tile", "ts => ts.map(t => t.dataset.preset)")
        assert tiles == list(engine.PRESETS)
        tile = t.page.locator('[data-play="spider-2"]')
        assert tile.locator("svg.game-picture rect").count() >= 104  # its table, drawn
        assert "Medium" in tile.inner_text() and "Not played yet" in tile.inner_text()
        assert t.page.get_by_role("button", name="Play Spider · 2 suits").count() == 1
        # the start control is on screen without scrolling
        box = tile.bounding_box()
        assert box["y"] + box["height"] <= 844
        keep_picture(t.page, ARTIFACTS / "picker-phone.png")
        tile.tap()  # 2
        t.page.wait_for_function("() => document.querySelector('#table').dataset.preset === 'spider-2'")
        t.idle()
        assert t.attr("dialog") is None and t.attr("status") == "playing"
        assert not t.errors, t.errors
    finally:
        t.close()


def test_tiles_show_the_players_record_and_options_hold_the_deal_number(table_browser: Any, table_url: str) -> None:
    book = statistics.Book()
    for won in (True, False, True):
        book.record("little-spider", won=won, score=52, seconds=200, moves=60)
    t = TablePage(table_browser, table_url, DESKTOP)
    try:
        t.open("#spider-1/4")
        store(t, {statistics.STATS_KEY: book.to_text()})
        t.page.click('[data-action="games"]')
        t.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
        assert "Won 2 of 3 · 67%" in t.page.inner_text('[data-play="little-spider"]')
        # Options: the rules, the options, a deal number, and Play
        t.page.click('[data-choice="little-spider"]')
        assert t.page.is_hidden(".game-grid")
        assert "One deck, eight piles" in t.page.inner_text(".choice-details")
        t.page.fill("#deal-input", "77")
        t.page.click('.dialog [data-action="play"]')
        t.page.wait_for_function("() => document.querySelector('#table').dataset.deal === '77'")
        assert t.attr("preset") == "little-spider"
        assert not t.errors, t.errors
    finally:
        t.close()


@pytest.mark.parametrize("contrast", ["standard", "high"])
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_picker_screenshots(table_browser: Any, table_url: str, device: str, contrast: str) -> None:
    """Screenshots for a person to look at (e2e/artifacts/table/picker-*.png)."""
    t = TablePage(table_browser, table_url, PHONE if device == "phone" else DESKTOP)
    try:
        seed(t.page, t.base, {settings.SETTINGS_KEY: settings.Settings(contrast=contrast).to_text()}, clear=True)
        t.open("#spider-2/4")
        t.errors[:] = [e for e in t.errors if "404" not in e]
        t.page.click('[data-action="games"]')
        t.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
        keep_picture(t.page, ARTIFACTS / f"picker-{device}-{contrast}.png")
        t.page.click('[data-choice="tournament-2"]')
        keep_picture(t.page, ARTIFACTS / f"picker-options-{device}-{contrast}.png")
        assert not t.errors, t.errors
    finally:
        t.close()
