from typing import Any
from axekit import axe_page, close_dialog, open_dialog, open_on_save, won_game
from tablekit import ARTIFACTS, PHONE, table_browser, table_url
from ui.storage import settings as persist
__all__ = ["table_browser", "table_url"]

def test_shots(table_browser: Any, table_url: str) -> None:
    t = axe_page(table_browser, table_url, PHONE, persist.Settings(language="de"))
    try:
        open_on_save(t, won_game())
        t.page.screenshot(path=str(ARTIFACTS / "de390-end.png"))
        t.page.click('.dialog [data-action="games"]')
        t.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
        t.page.screenshot(path=str(ARTIFACTS / "de390-chooser.png"))
        open_dialog(t, '.dialog [data-action="stats"]', "stats")
        t.page.screenshot(path=str(ARTIFACTS / "de390-stats.png"))
        t.page.click('[data-stats-open="spider-1"]')
        t.page.wait_for_selector('.stats-details[data-preset="spider-1"]', state="attached")
        t.page.screenshot(path=str(ARTIFACTS / "de390-stats-game.png"))
        t.page.locator(".stats-details h4").last.scroll_into_view_if_needed()
        t.page.screenshot(path=str(ARTIFACTS / "de390-stats-game2.png"))
        open_dialog(t, '.dialog [data-action="close"]', "chooser")
        close_dialog(t)
        open_dialog(t, '[data-action="help"]', "help")
        t.page.screenshot(path=str(ARTIFACTS / "de390-help.png"))
        t.page.click('.help-tabs [data-tab="gestures"]')
        t.page.screenshot(path=str(ARTIFACTS / "de390-help-gestures.png"))
        close_dialog(t)
        open_dialog(t, '[data-action="more"]', "menu")
        t.page.screenshot(path=str(ARTIFACTS / "de390-more.png"))
        open_dialog(t, '.dialog [data-action="daily"]', "daily")
        t.page.wait_for_selector(".daily-list li[data-preset]", state="attached")
        t.page.locator(".daily-calendar").scroll_into_view_if_needed()
        t.page.screenshot(path=str(ARTIFACTS / "de390-daily.png"))
        t.page.click('[data-action="prev-month"]')
        t.page.locator(".daily-calendar").scroll_into_view_if_needed()
        t.page.screenshot(path=str(ARTIFACTS / "de390-daily-prev.png"))
    finally:
        t.close()
