"""The player's games in the page: two tabs on one game, addresses that
never throw a game away, and the chooser's Continue list.

Each test uses a fresh browser profile (a new context); a second tab is a
second page of the same profile, as a player opens one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from harness import READY_TIMEOUT_MS, keep_picture
from tablekit import DESKTOP, TablePage, first_drag_move, stored_text, table_browser, table_url, wait_stored

import engine
from ui.storage import statistics
from ui.storage.games import GameMeta

__all__ = ["table_browser", "table_url"]


@pytest.fixture()
def tab_a(table_browser: Any, table_url: str) -> Iterator[TablePage]:
    t = TablePage(table_browser, table_url, DESKTOP)
    yield t
    assert not t.errors, t.errors
    t.close()


def play_one(t: TablePage, g: engine.Game) -> None:
    """Play one move of ``g`` on the page, and in ``g``: the first drag move,
    or a deal from the stock when the deal has none (a random deal can open
    with no two cards in sequence)."""
    m = first_drag_move(g)
    n = len(g.moves)
    if m is None:
        m = next(d for d in g.legal_moves() if d.kind == "deal")
        t.tap_pile("stock")
    else:
        t.drag_move(g, m)
    g.play(m)
    t.wait_moves(n + 1)


def holding(t: TablePage) -> bool:
    return t.attr("holding") is not None


def wait_dialog(t: TablePage, kind: str) -> None:
    t.page.wait_for_selector(f"#table[data-dialog={kind}]", state="attached")


def no_dialog(t: TablePage) -> None:
    t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")


def stored_book(t: TablePage) -> statistics.Book:
    text = stored_text(t.page, "stats")
    return statistics.parse(text) if text else statistics.Book()


def test_two_tabs_play_one_game_at_a_time_and_lose_nothing(tab_a: TablePage) -> None:
    a = tab_a
    a.open("#spider-2/1")
    g = engine.new_game("spider-2", 1)
    play_one(a, g)
    a.page.wait_for_selector("#table[data-holding]", state="attached")
    # the second tab opens the same game: it shows it, writes nothing, and offers it
    b = a.tab()
    b.page.goto(b.base)
    b.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    wait_dialog(b, "elsewhere")
    assert "open in another tab" in b.page.inner_text(".dialog h2")
    assert not holding(b)
    b.expect_game(g)
    # take it over: that tab stops and says so
    b.page.click('.dialog [data-action="take"]')
    b.page.wait_for_selector("#table[data-holding]", state="attached")
    no_dialog(b)
    wait_dialog(a, "elsewhere")
    assert "went on in another tab" in a.page.inner_text(".dialog h2")
    assert not holding(a)
    play_one(b, g)
    # and back: the first tab goes on from the move the second one made
    a.page.click('.dialog [data-action="take"]')
    a.page.wait_for_function("() => document.querySelector('#table').dataset.moves === '2'")
    a.idle()
    a.expect_game(g)
    wait_dialog(b, "elsewhere")
    play_one(a, g)
    # a reload of either tab keeps its game; nothing was counted in the statistics
    a.reload()
    a.page.wait_for_selector("#table[data-holding]", state="attached")
    a.expect_game(g)
    assert stored_book(a).games == 0
    assert not b.errors, b.errors


def test_a_write_left_in_flight_is_written_back_at_the_next_start(tab_a: TablePage) -> None:
    """A page that goes away while a write is in flight (Chromium aborts the
    transaction) leaves a copy in localStorage; the next start writes it back
    unless the database has a later write, and ignores damaged copies."""
    a = tab_a
    a.open("#spider-2/1")
    g = engine.new_game("spider-2", 1)
    play_one(a, g)
    game_id = a.page.evaluate("() => sessionStorage.getItem('spider.tab.game')")
    stored = a.page.evaluate("id => spiderStore.getGame(id)", game_id)
    meta = GameMeta.parse(stored["meta"])
    older = engine.new_game("spider-2", 1)
    later = engine.load_game(g.to_json())
    later.play(first_drag_move(later) or "deal")
    copies = {
        "spider.inflight.gone": {"games": [record(later, meta, 60_000)], "kv": {"stats": "not restored"}},
        "spider.inflight.stale": {"games": [record(older, meta, -(10**9))], "kv": {}},
    }
    a.page.evaluate(
        """([copies, junk]) => {
            for (const [key, copy] of Object.entries(copies)) {
                for (const g of copy.games) g.at += Date.now();
                localStorage.setItem(key, JSON.stringify(copy));
            }
            localStorage.setItem('spider.inflight.junk', junk);
        }""",
        [copies, "[" * 20000],
    )
    a.reload()
    a.page.wait_for_selector("#table[data-holding]", state="attached")
    a.expect_game(later)
    assert stored_text(a.page, "stats") is None
    assert a.page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('spider.inflight.'))") == []


def record(game: engine.Game, meta: GameMeta, at: int) -> dict[str, object]:
    """A game record as the store keeps it, written ``at`` ms from now."""
    again = GameMeta.of(game, meta.id, updated=meta.updated + 1)
    return {"id": meta.id, "meta": again.to_text(), "save": game.to_json(), "at": at}


@pytest.mark.parametrize("address", ["#nonexistent/1", "#%00%00", "#spider-2/%C2%B2"])
def test_a_wrong_address_keeps_the_game_in_play(tab_a: TablePage, address: str) -> None:
    a = tab_a
    a.open("#spider-2/1")
    g = engine.new_game("spider-2", 1)
    play_one(a, g)
    # as a hash change during play
    a.clear_message()
    a.page.evaluate("f => { location.hash = f }", address)
    text = a.wait_message()
    a.page.wait_for_function("() => location.hash === '#spider-2/1'")
    a.idle()
    a.expect_game(g)
    assert "Your game goes on" in text or "the game you were playing" in text
    # and when the page opens on it
    a.page.goto(a.base + "manifest.webmanifest")
    a.page.goto(a.base + address)
    a.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    a.idle()
    a.expect_game(g)
    assert "the game you were playing" in (a.attr("message") or "")
    assert a.page.evaluate("() => location.hash") == "#spider-2/1"
    assert stored_book(a).games == 0
    a.errors.clear()  # the bare manifest page's favicon


def choose(t: TablePage, preset: str) -> None:
    t.page.click('[data-action="games"]')
    wait_dialog(t, "chooser")
    t.page.click(f'[data-choice="{preset}"]')
    t.page.click('.dialog [data-action="play"]')
    t.page.wait_for_function("p => document.querySelector('#table').dataset.preset === p", arg=preset)
    t.idle()


def test_the_continue_list_brings_a_game_back_and_abandons_one(tab_a: TablePage) -> None:
    a = tab_a
    a.open("#spider-2/1")
    two = engine.new_game("spider-2", 1)
    play_one(a, two)
    # another game: no question, the game left is kept
    choose(a, "spider-1")
    assert "is kept" in (a.attr("message") or "")
    one = engine.new_game("spider-1", int(a.attr("deal") or 0))
    play_one(a, one)
    a.page.click('[data-action="games"]')
    wait_dialog(a, "chooser")
    rows = a.page.locator(".continue-list li[data-game-id]")
    assert rows.count() == 1
    assert "Spider · 2 suits, deal 1" in rows.first.inner_text()
    assert "1 move" in rows.first.inner_text()
    keep_picture(a.page, __import__("tablekit").ARTIFACTS / "continue-list-desktop.png")
    rows.first.locator('[data-action="continue"]').click()
    a.page.wait_for_function("() => document.querySelector('#table').dataset.preset === 'spider-2'")
    a.idle()
    a.expect_game(two)
    # the spider-1 game waits now; abandon it from the list, after saying so
    a.page.click('[data-action="games"]')
    wait_dialog(a, "chooser")
    row = a.page.locator(".continue-list li[data-game-id]").first
    assert "Spider · 1 suit" in row.inner_text()
    row.locator('[data-action="abandon"]').click()
    assert "counts as a loss" in a.page.locator(".continue-list li").first.inner_text()
    a.page.locator('.continue-list [data-action="keep"]').click()
    a.page.locator('.continue-list [data-action="abandon"]').click()
    a.page.locator('.continue-list [data-action="confirm-abandon"]').click()
    assert a.page.locator(".continue-list").count() == 0
    wait_stored(a.page, "stats", "t => t !== null && JSON.parse(t).presets['spider-1'] !== undefined")
    book = stored_book(a)
    assert (book.get("spider-1").played, book.get("spider-1").lost, book.get("spider-2").played) == (1, 1, 0)
    # a reload: the game on the table is the spider-2 one, the list is empty
    a.page.keyboard.press("Escape")
    a.reload()
    a.expect_game(two)
    a.page.click('[data-action="games"]')
    wait_dialog(a, "chooser")
    assert a.page.locator(".continue-list").count() == 0


def test_a_new_deal_of_the_same_game_asks_and_counts_it_once(tab_a: TablePage) -> None:
    a = tab_a
    a.open("#spider-1/2")
    g = engine.new_game("spider-1", 2)
    play_one(a, g)
    a.page.click('[data-action="new"]')
    wait_dialog(a, "confirm")
    a.page.click('.dialog [data-action="confirm"]')
    a.page.wait_for_function("() => document.querySelector('#table').dataset.moves === '0'")
    wait_stored(a.page, "stats")
    book = stored_book(a)
    assert (book.get("spider-1").played, book.get("spider-1").lost) == (1, 1)
    games = a.page.evaluate("() => spiderStore.listGames()")
    states = sorted(json.loads(r["meta"])["state"] for r in games)
    assert states == ["abandoned", "playing"]


def test_the_clock_stops_while_the_tab_is_hidden(table_browser: Any, table_url: str) -> None:
    t = TablePage(table_browser, table_url, DESKTOP)
    try:
        t.page.clock.install()  # Playwright's clock: time still flows, and run_for() moves it on
        t.open("#spider-1/5")
        g = engine.new_game("spider-1", 5)
        play_one(t, g)
        t.page.clock.run_for(3_500)  # the header ticks whole seconds from the first move: 3 of them, whatever the phase
        start = int(t.attr("seconds") or 0)
        assert start >= 3
        t.page.evaluate(
            "() => { Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});"
            " document.dispatchEvent(new Event('visibilitychange')); }"
        )
        t.page.clock.run_for(120_000)  # two minutes away from the tab
        t.page.evaluate(
            "() => { Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});"
            " document.dispatchEvent(new Event('visibilitychange')); }"
        )
        t.page.clock.run_for(10_000)
        now = int(t.attr("seconds") or 0)
        assert start + 9 <= now <= start + 13, (start, now)  # the ten seconds in view, not the two minutes
        saved = t.page.evaluate(
            "() => spiderStore.getText('current').then(id => spiderStore.getGame(id)).then(r => JSON.parse(r.meta))"
        )
        assert saved["seconds"] >= start + 4  # the clock is kept as it runs
        assert not t.errors, t.errors
    finally:
        t.close()


FULL = """full => {
    // A full disk: the database refuses every write as the browser does when
    // the origin is over its quota (CDP's quota override does not reach an
    // incognito profile's database).
    const proto = IDBObjectStore.prototype;
    if (!proto.__put) proto.__put = proto.put;
    proto.put = full
        ? function () { throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); }
        : proto.__put;
}"""


def test_a_full_storage_is_said_once_and_loses_nothing_stored(tab_a: TablePage) -> None:
    """When every write is refused for lack of room, the player is told once,
    the stored game stays as it was last written, and writing resumes once
    there is room."""
    a = tab_a
    a.open("#spider-2/1")
    g = engine.new_game("spider-2", 1)
    play_one(a, g)
    game_id = a.page.evaluate("() => sessionStorage.getItem('spider.tab.game')")

    def stored_moves() -> int:
        text = a.page.evaluate("id => spiderStore.getGame(id).then(r => r.save)", game_id)
        return len(engine.load_game(text).moves)

    assert stored_moves() == 1
    a.page.evaluate(FULL, True)
    a.clear_message()
    play_one(a, g)
    assert a.wait_message() == "This browser is not keeping your games: the browser's storage is full."
    a.clear_message()
    play_one(a, g)
    assert stored_moves() == 1  # refused writes change nothing stored
    assert a.attr("message") is None  # said once a visit (the read above came after the refusal)
    a.page.evaluate(FULL, False)
    play_one(a, g)
    assert stored_moves() == 4
