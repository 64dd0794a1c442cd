"""The first-visit tip in the real page: three short steps for a player the
page has never seen, skippable, out of the way (a tap elsewhere puts it
away), and shown once: not after a reload, not to a returning player."""

from __future__ import annotations

from typing import Any

from harness import keep_picture
from tablekit import ARTIFACTS, PHONE, TablePage, store, table_browser, table_url

from ui.screens.help import FIRST_TIP

__all__ = ["table_browser", "table_url"]


def test_a_new_player_steps_through_the_tip_once(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        t.open("#spider-2/4")
        t.page.wait_for_selector('.first-tip[data-step="1"]', state="visible")
        assert FIRST_TIP[0] in t.page.inner_text(".first-tip")
        assert t.page.evaluate("() => !document.querySelector('.first-tip').contains(document.activeElement)")
        keep_picture(t.page, ARTIFACTS / "first-tip-phone.png")
        t.page.tap('[data-action="tip-next"]')
        assert t.page.get_attribute(".first-tip", "data-step") == "2"
        assert FIRST_TIP[1] in t.page.inner_text(".first-tip")
        t.page.tap('[data-action="tip-next"]')
        assert FIRST_TIP[2] in t.page.inner_text(".first-tip")
        assert t.page.locator('[data-action="tip-skip"]').count() == 0
        t.page.tap('[data-action="tip-done"]')
        assert t.page.locator(".first-tip").count() == 0
        t.page.wait_for_function("() => spiderStore.getText('tip').then(v => v === 'seen')")
        t.reload()
        assert t.page.locator(".first-tip").count() == 0  # shown once
        assert not t.errors, t.errors
    finally:
        t.close()


def test_a_tap_elsewhere_puts_it_away_and_a_returning_player_never_sees_it(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        t.open("#spider-1/4")
        t.page.wait_for_selector(".first-tip", state="visible")
        t.page.tap('[data-action="hint"]')  # the player gets on with the game
        assert t.page.locator(".first-tip").count() == 0
        t.page.wait_for_function("() => spiderStore.getText('tip').then(v => v === 'seen')")
        assert not t.errors, t.errors
    finally:
        t.close()
    # a returning player (statistics kept by an earlier version, no tip mark): no tip
    from ui.storage import statistics as stats

    book = stats.Book()
    book.record("spider-1", won=True, score=900, seconds=300, moves=120)
    t = TablePage(table_browser, table_url, PHONE)
    try:
        store(t, {stats.STATS_KEY: book.to_text()})
        t.open("#spider-1/5")
        assert t.page.locator(".first-tip").count() == 0
        assert not t.errors, t.errors
    finally:
        t.close()
