"""Deals graded by difficulty in the page: "Winnable deals: Easy" in the game
picker, chosen by keyboard, says how many Easy deals there are and gives an
Easy deal; the grade shows on the end
screen (also when it opens before the grades arrive), on the challenge
screen, and on a Saturday's daily deal (Expert, by the weekly rhythm);
these screens pass the axe scan."""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterator
from typing import Any

import pytest
from axekit import AXE, AXE_PATH, open_on_save, scan
from tablekit import DESKTOP, TablePage, near_win, stored_text, table_browser, table_url, wait_stored
from test_challenge import SHARE_STUB, goto_challenge, make_link

from ui.game import daily
from ui.helpers import grades, hints
from ui.storage import settings as persist

PROVEN = {"version": 1, "presets": {"spider-1": {"deals": [11, 22, 33, 44, 55], "tried": 40}}}
GRADED = {"version": 1, "presets": {"spider-1": {"grades": "HE.XE"}}}  # 22 and 55 are Easy; 33 has no grade


def serve(t: TablePage, path: str, data: dict[str, object]) -> None:
    body = json.dumps(data)
    t.page.route(f"**/{path}", lambda route: route.fulfill(status=200, content_type="application/json", body=body))


@pytest.fixture()
def desk(table_browser, table_url) -> Iterator[TablePage]:
    t = TablePage(table_browser, table_url, DESKTOP)
    try:
        serve(t, "assets/data/winnable.json", PROVEN)
        serve(t, "assets/data/grades.json", GRADED)
        body = AXE.read_bytes()
        t.page.route(
            f"**/{AXE_PATH}", lambda route: route.fulfill(status=200, content_type="text/javascript", body=body)
        )
        yield t
        assert not t.errors, t.errors
    finally:
        t.close()


def test_easy_in_the_picker_by_keyboard_deals_an_easy_deal_and_the_end_screen_says_so(desk: TablePage) -> None:
    desk.open("#spider-1/5")
    desk.page.wait_for_selector('#table[data-grades="loaded"]', state="attached")
    desk.page.click('[data-action="games"]')
    desk.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
    desk.page.focus('[data-choice="spider-1"]')
    desk.page.keyboard.press("Enter")
    choice = desk.page.locator("#winnable-deals")
    assert choice.input_value() == "off" and choice.is_enabled()
    labels = choice.locator("option").all_inner_texts()
    assert labels == ["Off", "Any", "Easy", "Medium", "Hard", "Expert"]
    # Medium has no deal in this list: it cannot be chosen, the others can
    disabled = choice.evaluate("s => [...s.options].filter(o => o.disabled).map(o => o.value)")
    assert disabled == ["M"]
    note = desk.page.locator("#winnable-note")
    assert note.inner_text().startswith("Random deals come from the 5 deals proven winnable.")
    problems = scan(desk, "picker: a game's options with grades")
    choice.focus()
    for _ in range(2):  # Off -> Any -> Easy, by the arrow keys
        desk.page.keyboard.press("ArrowDown")
    desk.page.wait_for_function("() => document.querySelector('#winnable-deals').value === 'E'")
    wait_stored(desk.page, "settings", """t => (t || '').includes('"spider-1":"E"')""")
    # the note says what the choice gives: the 2 Easy deals, not the 5 proven
    desk.page.wait_for_function("() => !document.querySelector('#winnable-note').textContent.includes(' 5 deals ')")
    assert note.inner_text().startswith("Random deals come from the 2 Easy deals proven winnable.")
    desk.page.focus('.dialog [data-action="play"]')
    desk.page.keyboard.press("Enter")
    desk.page.wait_for_function("() => ['22', '55'].includes(document.querySelector('#table').dataset.deal)")
    desk.idle()
    assert "Easy" in (desk.attr("message") or "")
    settings = persist.Settings.from_text(stored_text(desk.page, "settings"))
    assert settings.winnable_grade("spider-1") == "E"
    # New: another Easy deal
    first = desk.attr("deal")
    desk.page.click('[data-action="new"]')
    desk.page.wait_for_function("d => document.querySelector('#table').dataset.deal !== d", arg=first)
    assert desk.attr("deal") in ("22", "55")
    # the end screen names the grade
    desk.page.click('[data-action="more"]')
    desk.page.click('.dialog [data-action="end"]')
    if desk.page.locator('#table[data-dialog="confirm"]').count():
        desk.page.click('.dialog [data-action="confirm"]')
    desk.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    line = desk.page.locator(".end-deal")
    assert line.get_attribute("data-grade") == "Easy" and "Grade: Easy" in line.inner_text()
    problems += scan(desk, "end screen with a grade")
    assert not problems, "\n".join(problems)


def test_a_deal_with_no_grade_shows_none_on_the_end_screen(desk: TablePage) -> None:
    desk.open("#spider-1/33")  # proven, not graded
    desk.page.wait_for_selector('#table[data-grades="loaded"]', state="attached")
    desk.page.click('[data-action="more"]')
    desk.page.click('.dialog [data-action="end"]')
    if desk.page.locator('#table[data-dialog="confirm"]').count():
        desk.page.click('.dialog [data-action="confirm"]')
    desk.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    line = desk.page.locator(".end-deal")
    assert line.get_attribute("data-grade") is None and "Grade" not in line.inner_text()


def test_the_daily_deal_of_a_saturday_is_expert_and_says_so(desk: TablePage) -> None:
    saturday = datetime.date(2026, 12, 5)
    # enough Expert deals to pick from (a smaller grade would be joined by its neighbours)
    listed = list(range(100, 100 + daily.MIN_DAILY_POOL + 10))
    letters = "X" * daily.MIN_DAILY_POOL + "E" * 10
    proven = {"version": 1, "presets": {"spider-1": {"deals": listed, "tried": 80}}}
    serve(desk, "assets/data/winnable.json", proven)
    serve(desk, "assets/data/grades.json", {"version": 1, "presets": {"spider-1": {"grades": letters}}})
    graded = grades.parse_grades(
        json.dumps({"version": 1, "presets": {"spider-1": {"grades": letters}}}), {"spider-1": tuple(listed)}
    )
    want = daily.daily_deal("spider-1", saturday, listed, graded["spider-1"])
    assert want is not None and graded["spider-1"][want] == "X"
    desk.page.clock.install(time=datetime.datetime(2026, 12, 5, 12, 0))
    desk.open("#spider-1/5")
    desk.page.click('[data-action="more"]')
    desk.page.wait_for_selector('#table[data-dialog="menu"]', state="attached")
    desk.page.click('.dialog [data-action="daily"]')
    desk.page.wait_for_selector('.daily-list li[data-preset="spider-1"]', state="attached")
    row = desk.page.locator('.daily-list li[data-preset="spider-1"]')
    assert row.get_attribute("data-deal") == str(want) and row.get_attribute("data-grade") == "Expert"
    assert "Expert" in row.inner_text()
    problems = scan(desk, "daily deals with grades")
    assert not problems, "\n".join(problems)


WON_LIST = {"version": 1, "presets": {"spider-1": {"deals": [2, 11], "tried": 40}}}
WON_GRADES = {"version": 1, "presets": {"spider-1": {"grades": "XE"}}}  # deal 2, the recorded win: Expert


def test_the_grade_comes_to_screens_shown_before_the_grades_and_to_a_challenge(
    table_browser: Any, table_url: str
) -> None:
    won = near_win()[1]
    assert won.deal == 2
    me = TablePage(table_browser, table_url, DESKTOP)
    try:
        me.page.add_init_script(SHARE_STUB)
        serve(me, "assets/data/winnable.json", WON_LIST)
        serve(me, "assets/data/grades.json", WON_GRADES)
        open_on_save(me, won)  # the end screen opens at the start, before the grades come
        me.page.wait_for_selector('.end-deal[data-grade="Expert"]', state="attached")
        assert "Grade: Expert" in me.page.inner_text(".end-deal")
        link = make_link(me, "Ann")
        assert not me.errors, me.errors
    finally:
        me.close()
    friend = TablePage(table_browser, table_url, DESKTOP)
    try:
        serve(friend, "assets/data/winnable.json", WON_LIST)
        serve(friend, "assets/data/grades.json", WON_GRADES)
        goto_challenge(friend, link)
        friend.page.wait_for_selector('.challenge-deal[data-grade="Expert"]', state="attached")
        assert "Grade: Expert." in friend.page.inner_text(".challenge-deal")
        assert not friend.errors, friend.errors
    finally:
        friend.close()
