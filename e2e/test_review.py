"""The game review on a phone (390×844): a lost game reviewed and its slip
shown, "Retry from here" as practice, a replay stepped forwards and
backwards to its end, all by keyboard too, and the axe scan of both
screens (ui/screens/review_view.py, ui/game/replay_view.py).  On a phone
upright and on its side (844×390, 740×360, 667×375), no card of a replay
sits under its bar, at the deal (the stock full) or at the end.

The lost game is a small constructed one (two runs of spades): four moves
that change nothing, then a deal that leaves no move at all, where a win
was still there before it (the solver's review finds the slip at once).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from axekit import axe_page, open_on_save, scan
from tablekit import PHONE, PHONE_LANDSCAPE, TablePage, stored_text, table_browser, table_url

import engine
from ui.storage import settings as persist

START = "As/4s/As4s7s8s/Qs/6s8s/Ts/3s/Ts/QsJs/6s3s 9sKsKs9s2s5s5sJs2s7s -/-/-/-/-/-/-/-"
MOVES = ("c9>c4", "c4>c9", "c9>c4", "c4>c9", "deal")
SLIP = 4  # position 4 winnable, position 5 (after the deal) lost

__all__ = ["table_browser", "table_url"]


def lost_game() -> engine.Game:
    g = engine.game_from_notation("spider-1", START)
    for text in MOVES:
        g.play_text(text)
    assert g.status == "lost" and g.end_reason == "stuck"
    return g


@pytest.fixture
def phone_page(table_browser: Any, table_url: str) -> Iterator[TablePage]:
    t = axe_page(table_browser, table_url, PHONE, persist.Settings())
    try:
        open_on_save(t, lost_game())
        yield t
        assert not t.errors, t.errors
    finally:
        t.close()


def open_review(t: TablePage) -> None:
    """The end screen's Review, by keyboard."""
    t.page.focus('.dialog [data-action="review"]')
    t.page.keyboard.press("Enter")
    t.page.wait_for_selector('#table[data-dialog="review"] .review-screen[data-review="done"]', state="attached")


def test_a_lost_game_is_reviewed_and_its_slip_shown(phone_page: TablePage) -> None:
    t = phone_page
    open_review(t)
    slip = t.page.locator(".review-slip")
    assert slip.get_attribute("data-slip") == str(SLIP)
    assert slip.locator(".review-finding").inner_text() == (
        "Move 5, dealing a row from the stock, lost the game: before it a win was still there."
    )
    verdicts = t.page.eval_on_selector_all(
        ".review-timeline rect[data-verdict]", "rs => rs.map(r => r.dataset.verdict)"
    )
    assert verdicts == ["winnable", "lost"]
    assert "face down" in t.page.inner_text(".review-note")
    assert scan(t, "review") == []
    # kept with the game: a second look needs no search
    kept = json.loads(stored_text(t.page, "review." + current_id(t)) or "{}")
    assert kept.get("format") == "spider-review"
    t.page.keyboard.press("Escape")
    t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    open_review(t)
    assert t.page.get_attribute(".review-screen", "data-progress") is None  # no search ran
    # the replay's timeline is coloured by the verdicts kept
    t.page.keyboard.press("Escape")
    t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    t.page.click('.dialog [data-action="watch"]')
    t.page.wait_for_selector("#table[data-replay]", state="attached")
    track = t.page.eval_on_selector(".replay-range", "r => r.style.getPropertyValue('--replay-track')")
    assert "--replay-winnable" in track and "--replay-lost" in track


def current_id(t: TablePage) -> str:
    return str(stored_text(t.page, "current"))


def cards_under_the_bar(t: TablePage) -> list[str]:
    """The piles of the cards whose bottom edge is below the replay bar's top
    (on its side, the stock and the foundations stand at the right of the
    bar: they too are laid out above it)."""
    return list(
        t.page.evaluate(
            """() => {
                 const top = document.querySelector('.replay-bar').getBoundingClientRect().top;
                 return [...document.querySelectorAll('#table .card')]
                   .filter(c => c.getBoundingClientRect().bottom > top + 1)
                   .map(c => `${c.dataset.in} ${Math.round(c.getBoundingClientRect().bottom - top)}px`);
               }"""
        )
    )


@pytest.mark.parametrize(
    "size", [(390, 844), (844, 390), (740, 360), (667, 375)], ids=["upright", "844x390", "740x360", "667x375"]
)
def test_no_card_of_a_replay_sits_under_its_bar(table_browser: Any, table_url: str, size: tuple[int, int]) -> None:
    width, height = size
    context = {**(PHONE if width < height else PHONE_LANDSCAPE), "viewport": {"width": width, "height": height}}
    t = axe_page(table_browser, table_url, context, persist.Settings())
    try:
        open_on_save(t, lost_game())
        t.page.focus('.dialog [data-action="watch"]')
        t.page.keyboard.press("Enter")
        t.page.wait_for_selector("#table[data-replay]", state="attached")
        assert t.moves() == 0 and t.page.locator("#table .card[data-in=stock]").count() > 0
        assert cards_under_the_bar(t) == []  # the deal: the stock is full
        t.page.focus(".replay-range")
        t.page.keyboard.press("End")
        t.wait_moves(len(MOVES))
        assert cards_under_the_bar(t) == []
        assert not t.errors, t.errors
    finally:
        t.close()


def test_retry_from_here_is_a_practice_game_at_that_move(phone_page: TablePage) -> None:
    t = phone_page
    open_review(t)
    t.page.focus('[data-action="retry"]')
    t.page.keyboard.press("Enter")
    t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
    t.wait_moves(SLIP)
    assert t.attr("status") == "playing"
    meta = json.loads(t.page.evaluate("id => spiderStore.getGame(id).then(r => r.meta)", current_id(t)))
    assert meta["practice"] is True and meta["moves"] == SLIP
    # ended: counted nowhere, and listed as practice
    t.page.keyboard.press("e")
    t.page.wait_for_selector('#table[data-dialog="confirm"]', state="attached")
    t.page.click('.dialog [data-action="confirm"]')
    t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    assert "practice game" in t.page.inner_text(".dialog-end")
    stats = json.loads(stored_text(t.page, "stats") or '{"presets": {}}')
    assert stats["presets"].get("spider-1", {}).get("played", 0) == 0
    t.page.click('.dialog [data-action="stats"]')
    t.page.wait_for_selector(".stats-details .stats-game.practice", state="attached")
    assert "practice" in t.page.inner_text(".stats-game.practice")


def test_a_replay_steps_forwards_and_backwards_and_reaches_the_end(phone_page: TablePage) -> None:
    t = phone_page
    t.page.focus('.dialog [data-action="watch"]')
    t.page.keyboard.press("Enter")
    t.page.wait_for_selector("#table[data-replay]", state="attached")
    assert (t.attr("replay-at"), t.attr("replay-total"), t.moves()) == ("0", str(len(MOVES)), 0)
    assert scan(t, "replay") == []
    t.page.click('[data-action="replay-next"]')
    t.wait_moves(1)
    t.page.click('[data-action="replay-next"]')
    t.wait_moves(2)
    t.page.click('[data-action="replay-back"]')
    t.wait_moves(1)
    assert t.attr("replay-at") == "1"
    # the keys, with the focus on the table's bar: → and ←, then the timeline's End
    t.page.focus('[data-action="replay-toggle"]')
    t.page.keyboard.press("ArrowRight")
    t.wait_moves(2)
    t.page.keyboard.press("ArrowLeft")
    t.wait_moves(1)
    t.page.focus(".replay-range")
    t.page.keyboard.press("End")
    t.wait_moves(len(MOVES))
    assert (t.attr("replay-at"), t.attr("status")) == (str(len(MOVES)), "lost")
    said = t.page.inner_text(".replay-text")
    assert said == "Move 5 of 5: Dealt a row, no deals left."  # words, not the engine's notation
    head = t.page.inner_text(".replay-head")  # the header's place: what is replayed, and where
    assert "Replay · Spider · 1 suit" in head and "Move 5 of 5" in head
    assert cards_under_the_bar(t) == []  # the cards are laid out above it
    # play from the deal to the end at the fastest speed
    t.page.keyboard.press("Home")
    t.wait_moves(0)
    t.page.click('[data-action="replay-speed"]')
    t.page.click('[data-action="replay-speed"]')
    t.page.focus('[data-action="replay-toggle"]')
    t.page.keyboard.press("p")
    t.page.wait_for_function(
        "n => document.querySelector('#table').dataset.replay === 'paused' && "
        "document.querySelector('#table').dataset.replayAt === String(n)",
        arg=len(MOVES),
    )
    # Escape: the player's game is back as it was, and so is its end screen
    t.page.keyboard.press("Escape")
    t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    assert t.attr("replay") is None and t.moves() == len(MOVES)
    stored = json.loads(t.page.evaluate("id => spiderStore.getGame(id).then(r => r.save)", current_id(t)))
    assert stored["moves"] == list(MOVES)


def test_a_review_left_goes_on_where_it_stopped(table_browser: Any, table_url: str) -> None:
    g = engine.new_game("spider-2", 21)
    for _ in range(40):
        g.play(g.legal_moves()[0])
    g.resign()
    t = axe_page(table_browser, table_url, PHONE, persist.Settings())
    try:
        open_on_save(t, g)
        t.page.click('.dialog [data-action="review"]')
        t.page.wait_for_function("() => +(document.querySelector('.review-screen')?.dataset.progress || 0) >= 3")
        t.page.keyboard.press("Escape")  # left: back to the end screen
        t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
        t.page.click('.dialog [data-action="review"]')
        t.page.wait_for_selector(".review-screen", state="attached")
        again = t.page.get_attribute(".review-screen", "data-progress")
        done = t.page.get_attribute(".review-screen", "data-review") == "done"  # finished as it was left
        assert done or (again is not None and int(again) >= 3), "the review started again from the beginning"
        assert not t.errors, t.errors
    finally:
        t.close()
