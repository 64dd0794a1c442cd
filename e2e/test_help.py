"""Help in the real page, as a new player meets it: a Help button on every
device, "How to play" for the game in play and for any other (goal, moves,
deals and a diagram written from the game's rules), the gestures under the
player's tap setting, the keys, by touch and by keyboard."""

from __future__ import annotations

from typing import Any

import pytest
from harness import keep_picture
from tablekit import ARTIFACTS, DESKTOP, PHONE, TablePage, seed, table_browser, table_url

import engine
from ui.screens.help import how_to_play
from ui.storage import settings as persist

__all__ = ["table_browser", "table_url"]


def open_page(t: TablePage, fragment: str, settings: persist.Settings | None = None) -> None:
    if settings is not None:
        seed(t.page, t.base, {persist.SETTINGS_KEY: settings.to_text()}, clear=True)
    t.open(fragment)
    t.errors[:] = [e for e in t.errors if "404" not in e]  # the bare manifest page's favicon


def test_a_new_player_on_a_phone_opens_how_to_play_for_little_spider_and_closes_it(
    table_browser: Any, table_url: str
) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        open_page(t, "#spider-2/4")
        button = t.page.locator('[data-action="help"]')
        assert button.is_visible() and button.get_attribute("aria-label") == "Help"
        box = button.bounding_box()
        assert box["x"] + box["width"] <= 390 and box["width"] >= 32
        tops = t.page.eval_on_selector_all(
            ".bar button",
            "bs => bs.filter(b => b.getClientRects().length).map(b => Math.round(b.getBoundingClientRect().top))",
        )
        # Games, the six icons and New in one row (the badge and "Start over?" are hidden here)
        assert len(tops) == 8 and len(set(tops)) == 1, tops
        t.page.tap('[data-action="help"]')
        t.page.wait_for_selector('#table[data-dialog="help"]', state="attached")
        # How to play opens on the game in play
        assert t.page.get_attribute(".howto", "data-preset") == "spider-2"
        assert t.page.get_attribute('.help-tabs [data-tab="play"]', "aria-selected") == "true"
        text = t.page.inner_text(".howto")
        want = how_to_play(engine.PRESETS["spider-2"])
        assert want.goal in text and all(m in text for m in want.moves) and all(d in text for d in want.deals)
        assert t.page.inner_text(".howto figcaption") == want.diagram.caption
        assert t.page.locator(".howto svg.howto-diagram rect").count() >= 6
        keep_picture(t.page, ARTIFACTS / "help-howto-phone.png")
        # Little Spider
        t.page.select_option("#help-game", "little-spider")
        t.page.wait_for_selector('.howto[data-preset="little-spider"]', state="attached")
        little = how_to_play(engine.PRESETS["little-spider"])
        text = t.page.inner_text(".howto")
        assert "Little Spider" in text and little.goal in text and little.deals[0] in text
        assert t.page.locator(".howto-diagram rect").count() >= 6
        keep_picture(t.page, ARTIFACTS / "help-little-spider-phone.png")
        # the gestures say what a tap does under the player's setting (auto: the best place)
        t.page.tap('.help-tabs [data-tab="gestures"]')
        assert "sends it, with the cards on it, to its best place" in t.page.inner_text(".help-panel")
        t.page.tap('.help-tabs [data-tab="keys"]')
        assert t.page.locator(".help-panel table.keys tr").count() > 10
        # Close: back to the table, nothing changed
        t.page.tap('.dialog [data-action="close"]')
        t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
        assert t.attr("preset") == "spider-2" and t.moves() == 0
        assert not t.errors, t.errors
    finally:
        t.close()


def test_help_by_keyboard_tabs_move_with_the_arrows(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, DESKTOP)
    try:
        open_page(t, "#little-spider/3", persist.Settings(tap="select"))
        t.page.keyboard.press("?")  # the keys
        t.page.wait_for_selector('#table[data-dialog="help"]', state="attached")
        assert t.page.get_attribute('.help-tabs [data-tab="keys"]', "aria-selected") == "true"
        t.page.focus('.help-tabs [data-tab="keys"]')
        t.page.keyboard.press("ArrowRight")  # wraps round to How to play
        assert t.page.get_attribute('.help-tabs [data-tab="play"]', "aria-selected") == "true"
        assert t.page.evaluate("() => document.activeElement.dataset.tab") == "play"
        assert t.page.get_attribute(".howto", "data-preset") == "little-spider"
        t.page.keyboard.press("ArrowRight")
        assert "a tap on another pile puts them there" in t.page.inner_text(".help-panel")  # the select setting
        t.page.keyboard.press("Escape")
        t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
        assert not t.errors, t.errors
    finally:
        t.close()


@pytest.mark.parametrize("contrast", ["standard", "high"])
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_help_screenshots(table_browser: Any, table_url: str, device: str, contrast: str) -> None:
    """Screenshots for a person to look at (e2e/artifacts/table/help-*.png)."""
    t = TablePage(table_browser, table_url, PHONE if device == "phone" else DESKTOP)
    try:
        open_page(t, "#tournament-2/5", persist.Settings(contrast=contrast))
        t.page.click('[data-action="help"]')
        t.page.wait_for_selector('.howto[data-preset="tournament-2"]', state="attached")
        keep_picture(t.page, ARTIFACTS / f"help-{device}-{contrast}.png")
        t.page.click('.help-tabs [data-tab="gestures"]')
        keep_picture(t.page, ARTIFACTS / f"help-gestures-{device}-{contrast}.png")
        assert not t.errors, t.errors
    finally:
        t.close()
