"""The helpers in the real page: Hint (highlight, sentence, cycling,
a deal hint, "no move helps", the hints followed to legal moves), Finish
(offered only once every card is up, played out to the win screen, stopped
by any input), "Winnable deals" in the chooser, and the "Still
winnable?" badge.

Positions are set up the way a player's browser keeps them: a save
(``engine.Game.to_json()`` in the page's envelope) put in localStorage
before the page loads.  The proven-deals list is served by the test
(Playwright route) so the test knows it."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from harness import READY_TIMEOUT_MS, SEARCH_TIMEOUT_MS, keep_picture
from tablekit import (
    ARTIFACTS,
    DESKTOP,
    HINT_GAMES,
    PHONE,
    TablePage,
    close_settings,
    desk_page,
    open_settings,
    play_hint,
    press_hint,
    seed,
    set_setting,
    stored_text,
    table_browser,
    table_url,
)

import engine
from solver import autocomplete, hints
from ui.storage import settings as persist

EASY = "KsQsJs/Ts9s/*As8s7s6s5s4s3s2s/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-"
STUCK = "KsAs/QsAs/JsAs/TsAs/9sAs/8sAs/7sAs/6s5s/6s/3s {stock} -/-/-/-/-/-/-/-"
FAKE_LIST = {
    "version": 1,
    "presets": {
        "spider-1": {"deals": [11, 22, 33], "tried": 40},
        "spider-4": {"deals": [44], "tried": 90},
        "spider-2": {"deals": [], "tried": 5},
    },
}


def serve_list(t: TablePage, data: dict | None = None) -> None:
    body = json.dumps(data or FAKE_LIST)
    t.page.route(
        "**/assets/data/winnable.json",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )


def store_settings(t: TablePage, settings: persist.Settings) -> None:
    """The player's settings, stored before the page opens."""
    seed(t.page, t.base, {persist.SETTINGS_KEY: settings.to_text()})


def load_save(t: TablePage, game: engine.Game, settings: persist.Settings | None = None) -> None:
    """Open the page on ``game`` as if the player had left it there."""
    items = {persist.CURRENT_KEY: persist.write_current(game)}
    if settings is not None:
        items[persist.SETTINGS_KEY] = settings.to_text()
    seed(t.page, t.base, items)
    t.page.goto(t.base)
    t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    t.loaded = True
    t.idle()
    t.expect_game(game)


def marked(t: TablePage, cls: str) -> list[tuple[str | None, str | None]]:
    return [
        tuple(x)
        for x in t.page.evaluate(
            "c => [...document.querySelectorAll('#table .' + c)].map(n => [n.dataset.in || n.dataset.pile, n.dataset.pos])",
            cls,
        )
    ]


@pytest.fixture()
def desk(table_browser, table_url) -> Iterator[TablePage]:
    """A desktop page, with the test's list of proven deals."""
    with desk_page(table_browser, table_url) as t:
        serve_list(t)
        yield t


def test_hint_highlights_cycles_and_the_hinted_drag_is_legal(desk: TablePage) -> None:
    g = engine.new_game("spider-2", 5)
    desk.open("#spider-2/5")
    want = hints(g.rules, g.position)
    assert len(want) > 1
    # the button shows a drawn light bulb, not "?" (the key that lists the keys)
    button = desk.page.locator('[data-action="hint"]')
    assert button.inner_text().strip() == "" and button.locator("svg").count() == 1
    assert button.get_attribute("aria-label") == "Hint"
    assert button.bounding_box()["width"] >= 40
    first = press_hint(desk)
    m = g.parse_move(first["hint"])
    assert g.why_illegal(m) is None and m.kind == "move"
    col = g.position.tableau[m.src]
    assert first["hint-src"] == f"column-{m.src + 1}:{len(col) - m.count}"
    assert first["hint-dst"] == f"column-{m.dst + 1}"
    assert first["message"].startswith(next(h.reason for h in want if h.move == m))
    assert sorted(marked(desk, "hint-src")) == [
        (f"column-{m.src + 1}", str(k)) for k in range(len(col) - m.count, len(col))
    ]
    assert marked(desk, "hint-dst") == [(f"column-{m.dst + 1}", str(len(g.position.tableau[m.dst]) - 1))]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    keep_picture(desk.page, ARTIFACTS / "hint-desktop.png")
    # again: the next best, another legal move, then round again with H
    second = press_hint(desk)
    assert second["hint"] != first["hint"] and g.why_illegal(g.parse_move(second["hint"])) is None
    assert "Hint 2 of" in second["message"]
    seen = {first["hint"], second["hint"]}
    for _ in range(int(first["hint-count"]) - 1):
        seen.add(press_hint(desk, key=True)["hint"])
    assert first["hint"] in seen and len(seen) == int(first["hint-count"])
    # play the best one by a drag: legal, and the highlight goes
    while desk.attr("hint") != first["hint"]:
        press_hint(desk)
    desk.drag_move(g, m)
    g.play(m)
    desk.wait_moves(1)
    desk.expect_game(g)
    assert desk.attr("hint") is None and not marked(desk, "hint-src") and not marked(desk, "hint-dst")
    # undo clears a new hint too
    press_hint(desk)
    desk.page.keyboard.press("Control+z")
    desk.wait_moves(0)
    assert desk.attr("hint") is None and not marked(desk, "hint-src")


def test_the_pages_hints_followed_play_legal_moves(desk: TablePage) -> None:
    """Along games played by the hints themselves (a fresh search each
    time), every hint is a legal move of the engine's game, with a sentence
    and the search's time in milliseconds (bench/ui_bench.py measures it
    against its target)."""
    hinted = 0
    for preset, deal, presses in HINT_GAMES:
        g = engine.new_game(preset, deal)
        desk.open(f"#{preset}/{deal}")
        for _ in range(presses):
            answer = press_hint(desk, key=True)
            assert answer["message"], answer
            assert answer["hint-ms"] is not None and float(answer["hint-ms"]) >= 0, answer
            if answer["hint"] == "none":
                break
            assert answer["hint"] is not None
            assert g.why_illegal(g.parse_move(answer["hint"])) is None, (preset, answer)
            play_hint(desk, g, answer["hint"])
            hinted += 1
            if g.status != "playing":
                break
        desk.expect_game(g)
    assert hinted >= len(HINT_GAMES) * 3, hinted


def test_deal_hint_and_nothing_helps(desk: TablePage) -> None:
    g = engine.game_from_notation("spider-1", STUCK.format(stock="2s4s5s6s7s8s9sTsJsQs"))
    load_save(desk, g)
    answer = press_hint(desk)
    assert answer["hint"] == "deal" and answer["message"] == "Deal a new row from the stock."
    assert answer["hint-src"] == "stock:" and answer["hint-dst"] is None
    assert marked(desk, "hint-src") == [("stock", "9")]
    g = engine.game_from_notation("spider-1", STUCK.format(stock="-"))
    load_save(desk, g)
    # With the stock gone the background dead-end check proves it first: the
    # player keeps looking, and Hint then says the same at once.
    desk.page.wait_for_selector('#table[data-dialog="deadend"]', state="attached", timeout=SEARCH_TIMEOUT_MS)
    desk.page.click('.overlay [data-action="close"]')
    desk.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
    answer = press_hint(desk)
    assert answer["hint"] == "dead-end" and answer["message"].startswith("No more useful moves")
    assert not marked(desk, "hint-src")


def test_hint_with_an_empty_column_turns_up_a_card_or_fills_it_for_the_deal(desk: TablePage) -> None:
    """No deal while a column is empty: the hint spends it to turn up a card,
    or, with no card to turn up, fills it, and the hinted drag is legal."""
    g = engine.game_from_notation("spider-1", "*Ks*Ks9s/Ks/Js/3s/7s/Ks/Js/3s/7s/- AsAsAsAsAsAsAs2s2s2s -/-/-/-/-/-/-/-")
    load_save(desk, g)
    answer = press_hint(desk)
    assert answer["hint"] == "c1>c10" and answer["message"] == "Move the nine of spades to column 10 to turn up a card."
    assert answer["hint-dst"] == "column-10"
    desk.drag_move(g, g.parse_move("c1>c10"))
    g.play_text("c1>c10")
    desk.wait_moves(1)
    desk.expect_game(g)
    g = engine.game_from_notation("spider-1", "5s9s/Ks/Js/3s/7s/Ks/Js/3s/7s/- AsAsAsAsAsAsAs2s2s2s -/-/-/-/-/-/-/-")
    load_save(desk, g)
    answer = press_hint(desk)
    assert answer["hint"] == "c1>c10"
    assert answer["message"] == "Move the nine of spades to column 10: every column needs a card before you can deal."
    assert marked(desk, "hint-src") == [("column-1", "1")]


def reach_finish_offer(t: TablePage, check_hidden: bool = False) -> engine.Game:
    """Open EASY and drag the two moves that turn up its last hidden card, until
    Finish is offered; ``check_hidden``: first check it is not offered before."""
    g = engine.game_from_notation("spider-1", EASY)
    load_save(t, g)
    if check_hidden:
        t.page.wait_for_selector('#table[data-autocheck="hidden"]', state="attached")
        assert t.page.is_hidden('[data-action="finish"]')
    for text in ("c2:2>c1", "c3:7>c1"):  # the second turns up the last hidden card
        m = g.parse_move(text)
        t.drag_move(g, m)
        g.play(m)
        t.wait_moves(len(g.moves))
    t.page.wait_for_selector('#table[data-autocheck="offered"]', state="attached")
    return g


def test_finish_offered_only_when_all_is_up_and_plays_to_the_win(table_browser, table_url) -> None:
    t = TablePage(table_browser, table_url, DESKTOP, reduced=False)
    serve_list(t)
    try:
        g = reach_finish_offer(t, check_hidden=True)
        assert t.page.is_visible('[data-action="finish"]')
        assert "Finish plays the game out" in (t.attr("message") or "")
        assert autocomplete(g.rules, g.position)
        t.page.click('[data-action="finish"]')
        t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
        assert t.attr("status") == "won" and "You won" in t.page.inner_text(".dialog-end")
        assert t.attr("autoplay") is None
        assert not t.errors, t.errors
    finally:
        t.close()


def test_finish_offer_sentence_goes_when_the_player_wins_by_hand(table_browser, table_url) -> None:
    # the offer's sentence must not linger under the win screen (it showed for 2.6 s)
    t = TablePage(table_browser, table_url, DESKTOP, reduced=True)
    serve_list(t)
    try:
        g = reach_finish_offer(t)
        assert "Finish plays the game out" in (t.attr("message") or "")
        m = g.parse_move("c3>c1")  # the Ace completes the run by hand
        t.drag_move(g, m)
        g.play(m)
        t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
        assert t.attr("status") == "won"
        assert "Finish plays the game out" not in (t.attr("message") or "")
        assert not t.errors, t.errors
    finally:
        t.close()


def test_finish_is_stopped_by_any_input(table_browser, table_url) -> None:
    t = TablePage(table_browser, table_url, DESKTOP, reduced=False)
    serve_list(t)
    try:
        # every card up, eight moves out
        g = engine.game_from_notation(
            "spider-1", "KsQs/JsTs/9s8s/7s6s/5s4s/3s2s/As/KsQsJs/Ts9s8s7s/6s5s4s3s2sAs - -/-/-/-/-/-/-/-"
        )
        moves = autocomplete(g.rules, g.position)
        assert moves and len(moves) >= 6
        load_save(t, g)
        played = 0
        for interrupt in ("key", "tap"):
            t.page.wait_for_selector('#table[data-autocheck="offered"]', state="attached")
            moves = autocomplete(g.rules, g.position)
            t.page.click('[data-action="finish"]')
            t.page.wait_for_function("n => +document.querySelector('#table').dataset.moves > n", arg=played)
            if interrupt == "key":
                t.page.keyboard.press("Escape")
            else:
                t.page.mouse.click(40, 700)  # the empty felt
            t.page.wait_for_function("() => !document.querySelector('#table').dataset.autoplay")
            t.idle()
            now = t.moves()
            assert played < now < played + len(moves), interrupt
            for m in moves[: now - played]:
                g.play(m)
            played = now
            t.expect_game(g)  # a consistent game, stopped between two moves
        assert t.attr("status") == "playing"
        assert not t.errors, t.errors
    finally:
        t.close()


def test_winnable_deals_only_in_the_chooser(desk: TablePage) -> None:
    desk.open("#spider-1/5")
    desk.page.wait_for_selector('#table[data-winnable="loaded"]', state="attached")

    def choose(preset: str) -> None:
        desk.page.click('[data-action="games"]')
        desk.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
        desk.page.click(f'[data-choice="{preset}"]')

    # a game without proven deals: shown, disabled, explained
    choose("spider-2")
    assert desk.page.is_disabled("#winnable-deals")
    assert desk.page.inner_text("#winnable-note") == "No proven deals for this game yet."
    # Spider · 1 suit: off by default; ticked, the random deal comes from the list
    desk.page.click('.dialog [data-action="back"]')  # back to every game
    desk.page.click('[data-choice="spider-1"]')
    assert desk.page.is_enabled("#winnable-deals") and desk.page.input_value("#winnable-deals") == "off"
    desk.page.select_option("#winnable-deals", "any")
    desk.page.click('.dialog [data-action="play"]')
    desk.page.wait_for_function("() => ['11', '22', '33'].includes(document.querySelector('#table').dataset.deal)")
    desk.idle()
    first = desk.attr("deal")
    assert "proven winnable" in (desk.attr("message") or "")
    # New: another deal from the list, remembered for this game
    desk.page.click('[data-action="new"]')
    desk.page.wait_for_function("d => document.querySelector('#table').dataset.deal !== d", arg=first)
    assert desk.attr("deal") in ("11", "22", "33")
    settings = persist.Settings.from_text(stored_text(desk.page, "settings"))
    assert settings.winnable_only("spider-1")
    # a typed deal is always played
    choose("spider-1")
    assert desk.page.input_value("#winnable-deals") == "any"
    desk.page.fill("#deal-input", "123")
    desk.page.click('.dialog [data-action="play"]')
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.deal === '123'")
    # Spider · 4 suits: on by default, even for the first game of a visit (the list comes after the start)
    seed(desk.page, desk.base, {}, clear=True)
    desk.page.goto(desk.base + "#spider-4")
    desk.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.deal === '44'")
    desk.idle()
    assert desk.page.evaluate("() => location.hash") == "#spider-4/44"
    choose("spider-4")
    assert desk.page.input_value("#winnable-deals") == "any"
    # the address's deal is always played
    desk.page.click('.dialog [data-action="cancel"]')
    desk.page.evaluate("() => { location.hash = '#spider-4/7' }")
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.deal === '7'")


def test_still_winnable_badge(desk: TablePage) -> None:
    g = engine.game_from_notation("spider-1", EASY)
    load_save(desk, g, persist.Settings(indicator=True))
    desk.page.wait_for_selector('#table[data-still="winnable"]', state="attached")
    assert desk.page.inner_text(".still") == "Winnable"
    # a move restarts it, and it answers again
    m = g.parse_move("c2:2>c1")
    desk.drag_move(g, m)
    desk.wait_moves(1)
    desk.page.wait_for_selector('#table[data-still="winnable"]', state="attached")
    # off in the settings: gone
    open_settings(desk)
    set_setting(desk, "indicator", "off")
    close_settings(desk)
    assert desk.attr("still") is None and desk.page.is_hidden(".still")


def test_the_badge_answers_a_proven_deal_at_its_start_without_a_search(desk: TablePage) -> None:
    store_settings(desk, persist.Settings(indicator=True))
    desk.page.goto(desk.base + "#spider-1/22")  # on the served list
    desk.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    desk.loaded = True
    desk.page.wait_for_selector('#table[data-winnable="loaded"]', state="attached")
    desk.page.wait_for_selector('#table[data-still="winnable"]', state="attached")
    assert desk.attr("still-nodes") == "0"
    # a deal not on the list is searched
    desk.open("#spider-1/23")
    desk.page.wait_for_selector('#table[data-still="winnable"]', state="attached", timeout=SEARCH_TIMEOUT_MS)
    assert int(desk.attr("still-nodes") or 0) > 0


def test_hint_and_badge_on_a_phone(table_browser, table_url) -> None:
    """A screenshot for a person to look at (e2e/artifacts/table/hint-phone.png);
    the desktop one is taken by the first test."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t = TablePage(table_browser, table_url, PHONE)
    serve_list(t)
    try:
        store_settings(t, persist.Settings(indicator=True))
        t.open("#spider-2/5")
        t.page.wait_for_selector("#table[data-still]", state="attached")
        answer = press_hint(t)
        assert answer["hint"] and marked(t, "hint-src")
        keep_picture(t.page, ARTIFACTS / "hint-phone.png")
        assert not t.errors, t.errors
    finally:
        t.close()


def test_the_shipped_list_enables_winnable_deals_exactly_for_its_presets(table_browser, table_url) -> None:
    """The real assets/data/winnable.json, not a served one: a game with proven
    deals offers "Winnable deals", every other says why not."""
    from pathlib import Path

    from ui.helpers import hints as assist

    shipped = assist.parse_winnable((Path(__file__).resolve().parent.parent / "assets/data/winnable.json").read_text())
    assert {"spider-1", "tournament-1", "tournament-2"} <= set(shipped)
    t = TablePage(table_browser, table_url, DESKTOP)
    try:
        t.open("#spider-1/5")
        t.page.wait_for_selector('#table[data-winnable="loaded"]', state="attached")
        t.page.click('[data-action="games"]')
        t.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
        for preset in engine.PRESETS:
            t.page.click(f'[data-choice="{preset}"]')
            note = t.page.inner_text("#winnable-note")
            if preset in shipped:
                assert t.page.is_enabled("#winnable-deals"), (preset, note)
                assert "proven winnable" in note, (preset, note)
            else:
                assert t.page.is_disabled("#winnable-deals"), preset
                assert note == "No proven deals for this game yet.", (preset, note)
            t.page.click('.dialog [data-action="back"]')
        assert not t.errors, t.errors
    finally:
        t.close()


@pytest.mark.parametrize("address", ["#little-spider/19", "#spidike-classic/1"])
def test_the_badge_answers_with_the_family_search_of_little_spider_and_traditional_spidike(
    desk: TablePage, address: str
) -> None:
    """These games have searches of their own (solver/little.py,
    solver/spidike.py), in the page: the badge's
    search finds the win of a deal the engine's tests solve."""
    store_settings(desk, persist.Settings(indicator=True))
    desk.open(address)
    desk.page.wait_for_selector('#table[data-still="winnable"]', state="attached", timeout=60000)
    assert desk.page.inner_text(".still") == "Winnable"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    keep_picture(desk.page, ARTIFACTS / f"badge-{address[1:].split('/')[0]}-desktop.png")
