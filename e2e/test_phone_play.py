"""Everyday play on a phone in portrait (390×844, real touch): fans that use
the free height, restarting a deal, resuming a deal by its address, and
honest dead ends.

Each test plays on the screen where a phone player met the problem and
checks what they see (card boxes, messages, dialogs), with the engine here
in CPython as the reference for every position.
"""

from __future__ import annotations

import itertools
from typing import Any

from harness import READY_TIMEOUT_MS, SEARCH_TIMEOUT_MS
from tablekit import PHONE, TablePage, first_drag_move, table_browser, table_url

import engine
from engine import Move
from ui.table.cards import tableau_pile

MIN_STEP = 22.0
"""The smallest face-up step a fingertip can pick mid-run (CSS px)."""
SPREAD = 30.0
"""A face-up step of a column with free height below it is larger than this."""


def column_boxes(t: TablePage) -> dict[str, list[dict[str, Any]]]:
    rows = t.page.evaluate(
        """() => [...document.querySelectorAll('#table .card')].map(c => {
            const r = c.getBoundingClientRect();
            return [c.dataset.in, +c.dataset.pos, c.dataset.face, r.x, r.y, r.width, r.height];
        })"""
    )
    out: dict[str, list[dict[str, Any]]] = {}
    for pile, pos, face, x, y, w, h in rows:
        out.setdefault(pile, []).append({"pos": pos, "up": face == "up", "x": x, "y": y, "w": w, "h": h})
    return {p: sorted(v, key=lambda c: c["pos"]) for p, v in out.items()}


def test_portrait_fans_use_the_free_height_after_four_deals(table_browser: Any, table_url: str) -> None:
    """Spider 2 suits at 390×844 after four deals from the stock: every
    face-up card of a column shows at least 22 px wherever the column fits
    at that step, nothing falls off the screen or under the header, and a
    card is picked by touching it 20 px below its top edge."""
    t = TablePage(table_browser, table_url, PHONE)
    try:
        g = engine.new_game("spider-2", 303)
        t.open("#spider-2/303")
        for k in range(4):
            t.tap_pile("stock")
            g.play(Move.deal())
            t.wait_moves(k + 1)
        t.expect_game(g)
        vw, vh = 390, 844
        header_bottom = t.page.evaluate(
            "() => Math.max(...[...document.querySelectorAll('#table header, #table .header')]"
            ".map(e => e.getBoundingClientRect().bottom), 0)"
        )
        piles = column_boxes(t)
        columns = {p: cards for p, cards in piles.items() if p.startswith("column")}
        assert len(columns) == 10
        longest = 0
        for pile, cards in columns.items():
            h = cards[0]["h"]
            longest = max(longest, len(cards))
            for c in cards:
                assert c["x"] >= 0 and c["x"] + c["w"] <= vw, (pile, c)
                assert c["y"] >= header_bottom and c["y"] + c["h"] <= vh, (pile, c)
            covered_up = sum(1 for c in cards[:-1] if c["up"])
            covered_down = len(cards) - 1 - covered_up
            fits = cards[0]["y"] + covered_down * 0.05 * h + covered_up * MIN_STEP + h <= vh - 4
            steps = [b["y"] - a["y"] for a, b in itertools.pairwise(cards) if a["up"]]
            if fits:
                assert all(s >= MIN_STEP - 0.5 for s in steps), (pile, steps)
            # The fans use the free height: a column is either spread at the
            # full step (over 30 px) or reaches down to the screen's bottom.
            if steps:
                bottom = cards[-1]["y"] + h
                assert min(steps) >= SPREAD - 0.5 or bottom >= vh - 4 - 1, (pile, steps, bottom)
        assert longest >= 10
        # A fingertip 20 px into a covered face-up card picks that card.
        runs = [m for m in g.legal_moves() if m.kind == "move" and m.count > 1]
        m = runs[0] if runs else first_drag_move(g)
        assert m is not None
        src = tableau_pile(g.rules, m.src)
        n = len(g.position.tableau[m.src])
        box = t.card_box(src, n - m.count)
        start = (box["x"] + box["width"] / 2, box["y"] + 20)
        end = t.pile_point(tableau_pile(g.rules, m.dst))
        t.touch_drag(start, (end[0], end[1] + 20))
        g.play(m)
        t.wait_moves(5)
        t.expect_game(g)
        assert not t.errors, t.errors
    finally:
        t.close()


# -- Restart this deal, Undo to the last deal ----------------------------------------

DEAD_END_COLUMNS = ["*As6s5s", "*2s6s", "*3sKs", "*4sKs", "*5sKs", "*6sKs", "*7sKs", "*8sKs", "*9sKs", "*Ts9s"]
"""Spider 1 suit, the stock empty: a 5 can go back and forth between two 6s
and nothing else moves (e2e/test_table_helpers.py's dead end)."""


def phone_page(table_browser: Any, table_url: str) -> TablePage:
    return TablePage(table_browser, table_url, PHONE)


def open_more(t: TablePage) -> None:
    tap(t, '[data-action="more"]')
    t.page.wait_for_selector('#table[data-dialog="menu"]', state="attached")


def centre(t: TablePage, selector: str) -> tuple[float, float]:
    box = t.page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tap(t: TablePage, selector: str) -> None:
    """Press a button. A click: under CDP, Chromium takes the first tap after
    a touch drag for the end of a fling and sends no click (the drags and
    the cards are what these tests touch)."""
    t.page.click(selector)


def stats_book(t: TablePage) -> Any:
    from tablekit import stored_text

    from ui.storage import statistics as stats

    return stats.parse(stored_text(t.page, "stats") or '{"format": "spider-stats", "version": 1, "presets": {}}')


def test_restart_and_undo_to_the_last_deal_from_more_keep_one_game(table_browser: Any, table_url: str) -> None:
    """More → Restart this deal takes every move back in the same game (no
    loss counted, the address and the game's record unchanged); More → Undo
    to the last deal goes back to just after the last deal; a final End
    counts the deal once."""
    from tablekit import store

    t = phone_page(table_browser, table_url)
    try:
        store(t, {})
        g = engine.new_game("spider-2", 303)
        t.open("#spider-2/303")
        tap(t, '[data-action="tip-skip"]')  # a new player's first tip
        t.page.wait_for_selector(".first-tip", state="detached")
        open_more(t)  # nothing played yet: nothing to take back
        assert t.page.is_disabled('.dialog [data-action="restart"]')
        assert t.page.is_disabled('.dialog [data-action="undo-deal"]')
        tap(t, '.dialog [data-action="close"]')
        t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
        for played, step in enumerate(("move", "deal", "move", "move"), start=1):
            if step == "deal":
                t.tap_pile("stock")
                g.play(Move.deal())
            else:
                m = first_drag_move(g)
                assert m is not None
                t.drag_move(g, m, touch=True)
                g.play(m)
            t.wait_moves(played)
        t.expect_game(g)
        game_id = t.page.evaluate("() => sessionStorage.getItem('spider.tab.game')")
        open_more(t)
        assert not t.page.is_disabled('.dialog [data-action="undo-deal"]')
        tap(t, '.dialog [data-action="undo-deal"]')
        t.wait_moves(2)
        g.undo()
        g.undo()
        t.expect_game(g)
        assert "Back to the last deal" in t.wait_message()
        open_more(t)
        assert t.page.is_disabled('.dialog [data-action="undo-deal"]')  # nothing played since the deal
        tap(t, '.dialog [data-action="restart"]')
        t.wait_moves(0)
        t.expect_game(engine.new_game("spider-2", 303))
        assert "Back to the start of this deal" in (t.attr("message") or "")
        assert t.page.evaluate("() => location.hash") == "#spider-2/303"
        assert t.page.evaluate("() => sessionStorage.getItem('spider.tab.game')") == game_id
        assert stats_book(t).get("spider-2").played == 0  # a restart is no loss
        # Redo replays what the restart took back: it is the same game.
        tap(t, '[data-action="redo"]')
        t.wait_moves(1)
        assert not t.errors, t.errors
    finally:
        t.close()


def test_dead_end_offers_restart_first(table_browser: Any, table_url: str) -> None:
    """On a proven dead end with moves played, the dialog offers Restart
    this deal as its default, and it takes the game back to the start."""
    from tablekit import store

    from ui.storage import settings as persist

    g = engine.game_from_notation("spider-1", f"{'/'.join(DEAD_END_COLUMNS)} - -/-/-/-/-/-/-/-")
    t = phone_page(table_browser, table_url)
    try:
        store(t, {persist.CURRENT_KEY: persist.write_current(g, "dead-end-restart")})
        t.page.wait_for_selector('#table[data-dialog="deadend"]', state="attached", timeout=SEARCH_TIMEOUT_MS)
        tap(t, '.dialog [data-action="close"]')  # Keep looking: the 5 goes to the other 6
        t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
        t.clear_message()
        m = g.parse_move("c1>c2")
        t.drag_move(g, m, touch=True)
        g.play(m)
        t.wait_moves(1)
        t.page.wait_for_selector('#table[data-dialog="deadend"]', state="attached", timeout=SEARCH_TIMEOUT_MS)
        actions = t.page.eval_on_selector_all(".dialog [data-action]", "bs => bs.map(b => b.dataset.action)")
        assert actions == ["close", "undo", "restart", "new-game", "end"]
        assert t.page.eval_on_selector_all(".dialog .primary", "bs => bs.map(b => b.dataset.action)") == ["restart"]
        tap(t, '.dialog [data-action="restart"]')
        t.wait_moves(0)
        g.undo()
        t.expect_game(g)
        assert not t.errors, t.errors
    finally:
        t.close()


# -- Resume by address -------------------------------------------------------------


def play_moves(t: TablePage, g: engine.Game, n: int) -> None:
    start = len(g.moves)
    for k in range(n):
        m = first_drag_move(g)
        assert m is not None
        t.drag_move(g, m, touch=True)
        g.play(m)
        t.wait_moves(start + k + 1)


def test_a_deals_address_resumes_the_unfinished_game_of_it_and_offers_to_start_over(
    table_browser: Any, table_url: str
) -> None:
    """2 moves at #spider-2/303, another game, then #spider-2/303 again (typed,
    or a link someone shared): the table shows the 2-move game and says so,
    with Start over? beside it; Start over restarts that same game."""
    from tablekit import store

    t = phone_page(table_browser, table_url)
    try:
        store(t, {"spider.v1.settings": '{"confirm": true}'})
        g = engine.new_game("spider-2", 303)
        t.open("#spider-2/303")
        if t.page.locator('[data-action="tip-skip"]').count():
            tap(t, '[data-action="tip-skip"]')
        play_moves(t, g, 2)
        game_id = t.page.evaluate("() => sessionStorage.getItem('spider.tab.game')")
        other = engine.new_game("spider-1", 5)
        t.open("#spider-1/5")
        play_moves(t, other, 1)
        t.clear_message()
        t.open("#spider-2/303")  # the address typed again (a hash change)
        t.wait_moves(2)
        t.expect_game(g)
        assert t.wait_message().startswith("Resumed deal 303 · 2 moves ·")
        assert t.attr("offer") == "Start over?"
        assert t.page.evaluate("() => sessionStorage.getItem('spider.tab.game')") == game_id
        # the shared link opened in a new visit: the same game, the same offer
        t.open("#spider-1/5")
        t.page.goto("about:blank")
        t.loaded = False
        t.open("#spider-2/303")
        t.wait_moves(2)
        assert (t.attr("message") or "").startswith("Resumed deal 303 · 2 moves ·")
        box = t.page.locator('[data-action="message-offer"]').bounding_box()
        assert box is not None and box["width"] >= 40 and box["height"] >= 32  # a fingertip's button
        assert box["x"] + box["width"] <= 390
        tap(t, '[data-action="message-offer"]')
        t.wait_moves(0)
        t.expect_game(engine.new_game("spider-2", 303))
        assert t.page.evaluate("() => sessionStorage.getItem('spider.tab.game')") == game_id
        assert stats_book(t).get("spider-2").played == 0  # started over: the same game, no loss
        assert not t.errors, t.errors
    finally:
        t.close()


# -- A proven dead end: Hint and Show me agree with it -------------------------------

TURNS_UP_THE_LAST_CARD = "*As6s5s/*2s6s/*3sKs/*4sKs/*5sKs/*6sKs/*7sKs/*8sKs/*9s*Ks4s/*Ts9s - -/-/-/-/-/-/-/-"
"""The 4 of column 9 onto the 5 of column 1 turns up a King; after it only a
5-4 shuffles between two 6s: a dead end one move after a useful one."""


def test_on_a_proven_dead_end_hint_and_show_me_say_so_at_once_and_point_back(
    table_browser: Any, table_url: str
) -> None:
    from tablekit import store

    from ui.storage import settings as persist

    g = engine.game_from_notation("spider-1", TURNS_UP_THE_LAST_CARD)
    t = phone_page(table_browser, table_url)
    try:
        store(t, {persist.CURRENT_KEY: persist.write_current(g, "dead-end-back")})
        m = g.parse_move("c9>c1")
        t.drag_move(g, m, touch=True)
        g.play(m)
        t.wait_moves(1)
        t.page.wait_for_selector('#table[data-dialog="deadend"]', state="attached", timeout=SEARCH_TIMEOUT_MS)
        assert t.attr("deadend-back") == "0"
        tap(t, '.dialog [data-action="close"]')  # Keep looking
        t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
        # Hint: no move that leads nowhere; the dead end, and the way back
        seq = int(t.attr("hint-seq") or 0)
        tap(t, '[data-action="hint"]')
        t.page.wait_for_selector('#table[data-hint="dead-end"]', state="attached")
        assert int(t.attr("hint-seq") or 0) == seq + 1 and t.attr("hint-pending") is None  # no search
        message = t.attr("message") or ""
        assert message.startswith("No more useful moves") and "1 move back" in message
        assert t.attr("offer") == "Undo to there"
        assert t.page.locator("#table .hint-src").count() == 0
        # Show me: no question, no search; the same answer at once, and the
        # dead-end dialog does not come back
        open_more(t)
        tap(t, '.dialog [data-action="show-me"]')
        t.page.wait_for_selector('#table[data-show-end="dead-end"]', state="attached")
        assert t.attr("dialog") is None and t.attr("show") is None
        assert (t.attr("message") or "").startswith("No more useful moves")
        t.idle()
        assert t.attr("dialog") is None
        tap(t, '[data-action="message-offer"]')  # Undo to there
        t.wait_moves(0)
        t.expect_game(engine.game_from_notation("spider-1", TURNS_UP_THE_LAST_CARD))
        assert "Back to the start of this deal" in (t.attr("message") or "")
        assert not t.errors, t.errors
    finally:
        t.close()


# -- The win celebration plays once ---------------------------------------------------

COUNT_CELEBRATIONS = """() => {
  window.__celebrations = 0;
  new MutationObserver(() => {
    const on = document.querySelector('#table').hasAttribute('data-celebrating');
    if (on && !window.__celebrating) window.__celebrations += 1;
    window.__celebrating = on;
  }).observe(document.querySelector('#table'), {attributes: true, attributeFilter: ['data-celebrating']});
}"""


def test_the_win_celebration_plays_once_and_close_goes_back(table_browser: Any, table_url: str) -> None:
    """On the phone: the win's cascade plays; Settings opened over it stops
    it (no card flies behind), and closing Settings shows the win screen;
    Statistics opened from the win screen closes back to the win screen at
    once, with no second cascade."""
    from axekit import open_on_save
    from tablekit import near_win, open_settings

    t = TablePage(table_browser, table_url, PHONE, reduced=False)
    try:
        g, won = near_win()
        open_on_save(t, g)
        t.page.evaluate(COUNT_CELEBRATIONS)
        t.drag_move(g, won.moves[-1], touch=True)
        t.page.wait_for_selector("#table[data-celebrating]", state="attached")
        open_settings(t)  # over the cascade: it ends, and the Settings screen stays
        assert t.attr("celebrating") is None
        assert t.attr("dialog") == "settings"
        tap(t, '.dialog [data-action="done"]')
        t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
        assert "You won" in t.page.inner_text(".dialog-end")
        tap(t, '.dialog-end [data-action="stats"]')
        t.page.wait_for_selector('#table[data-dialog="stats"]', state="attached")
        tap(t, '.dialog [data-action="close"]')
        t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
        assert t.attr("celebrating") is None and t.attr("busy") is None
        assert t.page.evaluate("() => window.__celebrations") == 1
        assert not t.errors, t.errors
    finally:
        t.close()


# -- The clock starts at the first move; nothing covers the countdown -----------------


def test_tournament_countdown_starts_at_the_first_move_and_is_never_covered(table_browser: Any, table_url: str) -> None:
    """Tournament on the phone: the countdown waits for the first move (the
    tips and a look at the deal cost nothing), and a message in the header
    leaves it in view."""
    t = phone_page(table_browser, table_url)
    try:
        t.page.clock.install()  # Playwright's clock: time still flows, and run_for() moves it on
        g = engine.new_game("tournament-1", 303)
        t.open("#tournament-1/303")
        t.page.clock.run_for(5_000)
        assert int(t.attr("seconds") or 0) == 0
        assert t.page.inner_text("#table .bar .clock") == "10:00"
        m = first_drag_move(g)
        assert m is not None
        t.drag_move(g, m, touch=True)
        g.play(m)
        t.wait_moves(1)
        t.page.clock.run_for(3_500)
        assert int(t.attr("seconds") or 0) >= 3
        assert t.page.inner_text("#table .bar .clock").startswith("9:5")
        # a message (the hint's) shows in the header; the countdown stays in view, uncovered
        tap(t, '[data-action="hint"]')
        t.wait_message()
        seen = t.page.evaluate(
            """() => {
                const clock = document.querySelector('#table .bar .clock').getBoundingClientRect();
                const msg = document.querySelector('#table .message').getBoundingClientRect();
                const top = document.elementFromPoint(clock.x + clock.width - 4, clock.y + clock.height / 2);
                return {overlap: Math.max(0, msg.right - clock.left) * (msg.bottom > clock.top && msg.top < clock.bottom),
                        top: top && top.className, right: clock.right, width: clock.width};
            }"""
        )
        assert seen["overlap"] == 0 and seen["top"] == "clock", seen
        assert seen["right"] <= 390 and seen["width"] > 20, seen
        assert not t.errors, t.errors
    finally:
        t.close()


# -- Daily deals at the top of Games ------------------------------------------------------


def test_games_opens_on_todays_daily_deals_and_a_daily_game_says_so(table_browser: Any, table_url: str) -> None:
    """On the phone, Games starts with a Daily row (today's date and
    state); a tap opens the daily deals; during a daily game the header
    says "Daily · 27 Nov"; once one is won today the row says so."""
    import datetime

    from tablekit import store

    from ui.storage import statistics as stats

    t = phone_page(table_browser, table_url)
    try:
        t.page.clock.install(time=datetime.datetime(2026, 11, 27, 12, 0))
        t.open("#spider-2/3")
        tap(t, '[data-action="games"]')
        t.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
        first = t.page.evaluate("() => document.querySelector('.chooser-home').firstElementChild.className")
        assert first == "games-daily"
        assert t.page.inner_text(".games-daily .games-daily-title") == "Daily deals · 27 Nov"
        assert t.page.inner_text(".games-daily .games-daily-state") == "Not played yet"
        box = t.page.locator(".games-daily").bounding_box()
        assert box is not None and box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 390
        tap(t, ".games-daily")
        t.page.wait_for_selector('#table[data-dialog="daily"]', state="attached")
        t.page.wait_for_selector('.daily-list li[data-preset="spider-1"]', state="attached")
        tap(t, '.daily-list li[data-preset="spider-1"] [data-action="play-daily"]')
        t.page.wait_for_function("() => document.querySelector('#table').dataset.preset === 'spider-1'")
        t.idle()
        assert t.page.inner_text("#table .bar .title") == "Daily · 27 Nov"
        # another day's state: one of today's deals won
        book = stats.Book()
        book.record_daily("2026-11-27", "spider-1", 2, 300.0, 120)
        store(t, {stats.STATS_KEY: book.to_text()})
        tap(t, '[data-action="games"]')
        t.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
        assert t.page.get_attribute(".games-daily", "class") == "games-daily done"
        assert t.page.inner_text(".games-daily .games-daily-state") == "Won today: Spider · 1 suit ✓"
        assert not t.errors, t.errors
    finally:
        t.close()


# -- A large screen's header grows with its cards -------------------------------------------


def test_a_large_screen_scales_the_header_and_the_stock_count_with_the_cards(
    table_browser: Any, table_url: str
) -> None:
    """At 2560×1440 the cards are 200 px wide: the header's buttons and the
    stock's count grow with them, and the cards start below the header."""
    t = TablePage(table_browser, table_url, {"viewport": {"width": 2560, "height": 1440}})
    try:
        t.open("#spider-4/303")
        sizes = t.page.evaluate(
            """() => {
                const bar = document.querySelector('#table .bar').getBoundingClientRect();
                const btn = document.querySelector('#table [data-action="games"]').getBoundingClientRect();
                const count = getComputedStyle(document.querySelector('#table .stock-count')).fontSize;
                const tops = [...document.querySelectorAll('#table .card')].map(c => c.getBoundingClientRect().top);
                const card = document.querySelector('#table .card').getBoundingClientRect();
                // the count's digits and the stock's top card: the digits sit inside its white edge
                const badge = document.querySelector('#table .stock-count');
                const range = document.createRange();
                range.selectNodeContents(badge);
                const digits = range.getBoundingClientRect();
                const stock = [...document.querySelectorAll('#table .card[data-in="stock"]')]
                    .map(c => c.getBoundingClientRect()).sort((a, b) => b.right - a.right || b.top - a.top)[0];
                const edge = stock.width * 0.06;
                const inside = digits.right <= stock.right - edge && digits.bottom <= stock.bottom - edge
                    && digits.left >= stock.left && digits.top >= stock.top;
                return {bar: bar.bottom, button: btn.height, count: parseFloat(count), top: Math.min(...tops),
                        card: card.width, inside, digits: [digits.right, digits.bottom],
                        stock: [stock.right, stock.bottom]};
            }"""
        )
        assert sizes["card"] >= 190, sizes
        assert sizes["button"] >= 55 and sizes["count"] >= 34, sizes
        assert sizes["inside"], sizes
        assert sizes["top"] >= sizes["bar"], sizes
        assert not t.errors, t.errors
    finally:
        t.close()


# -- "Still winnable?" on a phone held upright: a word, and a tap that explains ---------------


def test_the_still_winnable_badge_reads_and_explains_itself_on_a_phone(table_browser: Any, table_url: str) -> None:
    from tablekit import seed

    from ui.storage import settings as persist

    g = engine.game_from_notation("spider-1", "KsQsJsTs9s8s7s6s5s4s3s2s/As/-/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    t = phone_page(table_browser, table_url)
    try:
        items = {
            persist.CURRENT_KEY: persist.write_current(g),
            persist.SETTINGS_KEY: persist.Settings(indicator=True).to_text(),
        }
        seed(t.page, t.base, items)
        t.page.goto(t.base)
        t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        t.loaded = True
        t.errors.clear()  # the bare file page's favicon 404
        t.page.wait_for_selector('#table[data-still="winnable"]', state="attached", timeout=SEARCH_TIMEOUT_MS)
        shown = t.page.evaluate("() => getComputedStyle(document.querySelector('#table .still'), '::before').content")
        assert shown == '"✓ Win"'
        box = t.page.locator("#table .still").bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390
        t.clear_message()
        tap(t, "#table .still")
        assert t.wait_message().startswith("Still winnable: a search that knows every card")
        assert not t.errors, t.errors
    finally:
        t.close()
