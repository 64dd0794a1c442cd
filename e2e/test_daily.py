"""Daily deals in the page: the Daily screen, a daily deal played and won,
the share text, and the calendar marked.

The page's clock is set (Playwright's clock) to 1 February 2026, whose
Spider 1-suit daily deal is deal 2 by the documented rule (``ui.game.daily``):
the deal of the recorded win in ``tests/data``, so the test can finish it.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from harness import READY_TIMEOUT_MS, SEARCH_TIMEOUT_MS, keep_picture
from tablekit import ARTIFACTS, DESKTOP, PHONE, ROOT, TablePage, near_win, table_browser, table_url, wait_stored

import engine
from ui.game import daily
from ui.helpers import hints
from ui.storage.games import GameMeta

__all__ = ["table_browser", "table_url"]

DAY = datetime.date(2026, 2, 1)
SHARE_STUB = "navigator.share = (data) => { window.__shared = data.text; return Promise.resolve(); };"


PUT_RECORD = """([id, meta, save]) => new Promise((ok, bad) => {
  const r = indexedDB.open('spider');
  r.onerror = () => bad(r.error);
  r.onsuccess = () => {
    const tx = r.result.transaction(['games'], 'readwrite');
    tx.objectStore('games').put({id, meta, save, at: Date.now()});
    tx.oncomplete = () => { r.result.close(); ok(); };
    tx.onerror = () => bad(tx.error);
  };
})"""


def proven() -> dict[str, tuple[int, ...]]:
    return hints.parse_winnable((ROOT / "assets" / "data" / "winnable.json").read_text())


def open_daily(t: TablePage) -> None:
    t.page.click('[data-action="more"]')
    t.page.wait_for_selector('#table[data-dialog="menu"]', state="attached")
    t.page.click('.dialog [data-action="daily"]')
    t.page.wait_for_selector('#table[data-dialog="daily"]', state="attached")
    t.page.wait_for_selector(".daily-list li[data-preset]", state="attached")


def rows(t: TablePage) -> dict[str, dict[str, Any]]:
    found = t.page.evaluate(
        "() => [...document.querySelectorAll('.daily-list li[data-preset]')].map(li => "
        "[li.dataset.preset, +li.dataset.deal, !!li.dataset.won])"
    )
    return {p: {"deal": d, "won": w} for p, d, w in found}


def test_a_daily_deal_is_played_won_shared_and_marked(table_browser: Any, table_url: str) -> None:
    assert daily.daily_deal("spider-1", DAY, proven()["spider-1"]) == 2
    t = TablePage(table_browser, table_url, DESKTOP)
    try:
        t.page.clock.install(time=datetime.datetime(2026, 2, 1, 12, 0))
        t.page.add_init_script(SHARE_STUB)
        t.open("#spider-2/3")
        open_daily(t)
        # today's deal of every game with proven deals, by the rule, none won yet
        lists = proven()
        want = {p: daily.daily_deal(p, DAY, lists[p]) for p in engine.PRESETS if lists.get(p)}
        assert {p: r["deal"] for p, r in rows(t).items()} == want
        assert not any(r["won"] for r in rows(t).values())
        assert t.page.get_attribute(".daily-month", "data-month") == "2026-02"
        assert t.page.get_attribute('[data-day="2026-02-01"]', "aria-pressed") == "true"
        assert t.page.get_attribute('[data-day="2026-02-02"]', "data-state") == "future"
        keep_picture(t.page, ARTIFACTS / "daily-desktop.png")
        # play Spider 1 suit's: a new game of deal 2, kept as the daily deal of the day
        t.page.click('.daily-list li[data-preset="spider-1"] [data-action="play-daily"]')
        t.page.wait_for_function("() => document.querySelector('#table').dataset.preset === 'spider-1'")
        t.idle()
        assert t.attr("deal") == "2"
        assert t.page.evaluate("() => spiderTable.service.daily") == "2026-02-01"
        game_id = t.page.evaluate("() => spiderTable.service.game_id")
        # the same game one move short of the win, stored under this id; the reload opens it
        near, won = near_win()
        meta = GameMeta.of(near, game_id, updated=1.0, daily="2026-02-01")
        t.page.goto(t.base + "manifest.webmanifest")  # away first: the table's pagehide save writes its own
        t.page.evaluate(PUT_RECORD, [game_id, meta.to_text(), near.to_json()])
        t.page.goto(t.base)
        t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        t.errors.clear()  # the bare manifest page's favicon
        t.idle()
        assert t.attr("moves") == str(len(near.moves))
        last = won.moves[-1]
        t.drag_move(near, last)
        t.page.wait_for_selector('#table[data-dialog="end"]', state="attached", timeout=SEARCH_TIMEOUT_MS)
        assert "The daily deal of 1 February 2026, won." in t.page.inner_text(".dialog")
        t.page.click('.dialog [data-action="share"]')
        t.page.wait_for_function("() => typeof window.__shared === 'string'")
        text = t.page.evaluate("() => window.__shared")
        first, link = text.split("\n")
        assert first.startswith("Spider · 1 suit, daily deal of 1 February 2026: won in ")
        assert first.endswith(f", {len(won.moves)} moves.")
        assert link.startswith("http") and link.endswith("/#spider-1/2")
        assert "@" not in text and "spider.tab" not in text  # nothing about the player
        t.page.click('.dialog [data-action="new-game"]')
        t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
        t.idle()
        # the Daily screen: the day won, the calendar marked, a streak of one
        wait_stored(t.page, "stats", "s => s !== null && JSON.parse(s).daily['2026-02-01'] !== undefined")
        open_daily(t)
        assert rows(t)["spider-1"]["won"]
        assert t.page.get_attribute('[data-day="2026-02-01"]', "data-state") == "won"
        assert t.page.get_attribute(".daily-streak", "data-current") == "1"
        assert t.page.locator('.daily-list li[data-preset="spider-1"] [data-action="share"]').count() == 1
        # an earlier month: January's days can be opened and played
        t.page.click('.daily-month [data-action="prev-month"]')
        assert t.page.get_attribute(".daily-month", "data-month") == "2026-01"
        assert t.page.is_disabled('.daily-month [data-action="prev-month"]')  # no daily deal before 2026
        t.page.click('[data-day="2026-01-15"]')
        assert "15 January 2026" in t.page.inner_text(".daily-day")
        jan = {p: daily.daily_deal(p, datetime.date(2026, 1, 15), lists[p]) for p in want}
        assert {p: r["deal"] for p, r in rows(t).items()} == jan
        t.page.click('.daily-month [data-action="next-month"]')
        assert t.page.get_attribute(".daily-month", "data-month") == "2026-02"
        assert t.page.is_disabled('.daily-month [data-action="next-month"]')
        assert not t.errors, t.errors
    finally:
        t.close()


def test_the_daily_screen_on_a_phone(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, PHONE)
    try:
        t.page.clock.install(time=datetime.datetime(2026, 2, 1, 12, 0))
        t.open("#spider-2/3")
        open_daily(t)
        keep_picture(t.page, ARTIFACTS / "daily-phone.png")
        # the calendar fits the screen and every day button is big enough to tap
        sizes = t.page.evaluate(
            "() => [...document.querySelectorAll('.daily-calendar button')].map(b => { const r = b.getBoundingClientRect(); return [r.right, r.width, r.height] })"
        )
        assert sizes and all(right <= 390 and w >= 30 and h >= 30 for right, w, h in sizes), sizes
        assert not t.errors, t.errors
    finally:
        t.close()


NO_SHARE = "delete Navigator.prototype.share; delete navigator.share;"


@pytest.mark.parametrize("clipboard", ["allowed", "refused"])
def test_share_without_a_share_sheet_copies_to_the_clipboard_or_says_the_text(
    table_browser: Any, table_url: str, clipboard: str
) -> None:
    """A desktop browser has no share sheet: Share copies the text; where the
    clipboard is refused too, the page says the text, so it can still be copied by hand."""
    from tablekit import store

    from ui.storage import statistics as stats

    book = stats.Book()
    assert book.record_daily("2026-02-01", "spider-1", 2, 184, 97)
    t = TablePage(table_browser, table_url, DESKTOP)
    try:
        t.page.clock.install(time=datetime.datetime(2026, 2, 1, 12, 0))
        t.page.add_init_script(NO_SHARE)
        if clipboard == "allowed":
            t.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=t.base.split("/#")[0])
        else:
            t.page.add_init_script(
                "navigator.clipboard.writeText = () => Promise.reject(new DOMException('no', 'NotAllowedError'));"
            )
        store(t, {stats.STATS_KEY: book.to_text()})
        assert t.page.evaluate("() => navigator.share === undefined")
        open_daily(t)
        assert rows(t)["spider-1"]["won"]
        t.page.click('.daily-list li[data-preset="spider-1"] [data-action="share"]')
        want = daily.share_text("Spider · 1 suit", DAY, 184, 97, "")
        first = want.splitlines()[0]
        if clipboard == "allowed":
            t.page.wait_for_function(
                "() => (document.querySelector('#table').dataset.message || '').startsWith('Copied')"
            )
            copied = t.page.evaluate("() => navigator.clipboard.readText()")
            assert copied.splitlines()[0] == first
            assert copied.splitlines()[1].endswith("/#spider-1/2")
            assert t.attr("message") == "Copied to the clipboard: " + first
        else:
            t.page.wait_for_function(
                "() => (document.querySelector('#table').dataset.message || '').startsWith('This browser')"
            )
            said = t.attr("message") or ""
            assert first in said and "#spider-1/2" in said
        assert not t.errors, t.errors
    finally:
        t.close()
