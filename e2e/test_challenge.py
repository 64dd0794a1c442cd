"""Challenge links in the page: a won game makes one; a fresh browser profile
opens it, shows the figures its replay gives, plays the challenge and shows
the result; a tampered, a cut and a 100 KB link each get their sentence
while the profile's saved game stays; the screens pass axe and work by keyboard.

The won game is the recorded 1-suit win in ``tests/data`` (tablekit's
``near_win``), opened from a save on its end screen.  The link the page
makes is read back here with the same module (``ui.game.challenge``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from axekit import axe_page, open_on_save, scan
from harness import READY_TIMEOUT_MS
from tablekit import DESKTOP, PHONE, TablePage, near_win, stored_game, table_browser, table_url, wait_stored

import engine
from ui.game import challenge
from ui.storage import settings as persist

__all__ = ["table_browser", "table_url"]

SHARE_STUB = "navigator.share = (data) => { window.__shared = data.text; return Promise.resolve(); };"


def make_link(t: TablePage, name: str) -> str:
    """On a game's end screen: Challenge a friend, a name, Share; the link shown."""
    t.page.click('.dialog [data-action="challenge"]')
    t.page.wait_for_selector('#table[data-dialog="challenge-make"]', state="attached")
    t.page.fill("#challenge-name", name)
    t.page.click('.dialog [data-action="share"]')
    t.page.wait_for_function("() => typeof window.__shared === 'string'")
    link = str(t.page.input_value("#challenge-link"))
    shared = str(t.page.evaluate("() => window.__shared"))
    assert shared.endswith("\n" + link)
    return link


def saved_game(t: TablePage) -> engine.Game:
    """A game in progress of 2-suit Spider, deal 3, with one move: the profile's own."""
    t.open("#spider-2/3")
    g = engine.new_game("spider-2", 3)
    move = next(m for m in g.legal_moves() if m.kind == "move")
    t.drag_move(g, move)
    g.play(move)
    t.wait_moves(1)
    wait_stored(t.page, "current")
    return g


def goto_challenge(t: TablePage, link: str) -> None:
    """Open a challenge link by its address, as a follow from a chat would."""
    t.page.goto("about:blank")
    t.page.goto(link)
    t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    t.loaded = True
    t.page.wait_for_function("() => (document.querySelector('#table').dataset.dialog || '').startsWith('challenge')")


def test_a_won_game_is_sent_and_the_friend_plays_it(table_browser: Any, table_url: str) -> None:
    won = near_win()[1]
    me = TablePage(table_browser, table_url, DESKTOP)
    try:
        me.page.add_init_script(SHARE_STUB)
        open_on_save(me, won)
        assert "Challenge a friend" in me.page.inner_text(".dialog")
        link = make_link(me, "Ann")
        assert "Ann" not in link and len(link) < 600
        assert not me.errors, me.errors
    finally:
        me.close()
    checked = challenge.check(challenge.decode(link.split("#challenge/", 1)[1]))
    assert (checked.preset, checked.deal, checked.won, checked.name) == (won.preset, won.deal, True, "Ann")
    assert checked.line == tuple(won.moves)

    friend = TablePage(table_browser, table_url, DESKTOP)  # a fresh profile
    try:
        friend.page.add_init_script(SHARE_STUB)
        saved_game(friend)
        goto_challenge(friend, link)
        assert friend.attr("dialog") == "challenge"
        figures = friend.page.locator(".challenge-figures")
        assert figures.get_attribute("data-moves") == str(len(won.moves))
        assert figures.get_attribute("data-score") == str(checked.score)
        assert figures.get_attribute("data-end") == "won"
        text = friend.page.inner_text(".dialog")
        assert (
            "A challenge from Ann" in text and f"deal {won.deal}" in text and f"Won in {len(won.moves)} moves" in text
        )
        # under the challenge, the profile's own game opened, and keeps its address
        assert friend.attr("preset") == "spider-2" and friend.attr("moves") == "1"
        assert friend.page.evaluate("() => location.hash") == "#spider-2/3"
        # Play: a new game of the deal (the 2-suit game is kept for later), the challenger's progress above
        friend.page.click('.dialog [data-action="play-challenge"]')
        friend.page.wait_for_function("() => document.querySelector('#table').dataset.preset === 'spider-1'")
        friend.idle()
        assert friend.attr("deal") == str(won.deal) and friend.attr("moves") == "0"
        progress = friend.page.locator(".bar .challenge-progress")
        assert progress.is_visible() and progress.inner_text() == "Ann: 0 runs by move 0"
        g = engine.new_game("spider-1", won.deal)
        move = next(m for m in g.legal_moves() if m.kind == "move")
        friend.drag_move(g, move)
        friend.wait_moves(1)
        assert progress.inner_text() == f"Ann: {checked.runs_at(1)} runs by move 1"
        # End the game: the honest verdict, and a link to send back
        friend.page.click('[data-action="more"]')
        friend.page.wait_for_selector('#table[data-dialog="menu"]', state="attached")
        friend.page.click('.dialog [data-action="end"]')
        friend.page.wait_for_selector('#table[data-dialog="confirm"]', state="attached")
        friend.page.click('.dialog [data-action="confirm"]')
        friend.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
        verdict = friend.page.inner_text(".challenge-verdict")
        assert verdict == "Ann’s challenge stands: they won, you did not this time."
        assert friend.page.inner_text('.dialog [data-action="challenge"]') == "Send yours back"
        back = make_link(friend, "")
        answer = challenge.check(challenge.decode(back.split("#challenge/", 1)[1]))
        assert (answer.end, answer.moves, answer.name) == ("resigned", 1, "")
        # it counted as a normal game of the deal; the 2-suit game waits, as it was
        stats = wait_stored(friend.page, "stats", "s => s !== null && s.includes('spider-1')")
        assert stats is not None and '"spider-1"' in stats
        # Back to the end screen, then Next deal: no challenge in play, no line in the header
        friend.page.click('.dialog [data-action="close"]')
        friend.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
        friend.page.click('.dialog [data-action="new-game"]')
        friend.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
        friend.idle()
        assert friend.attr("moves") == "0" and not progress.is_visible()
        unfinished = friend.page.evaluate(
            "() => spiderTable.service.unfinished().map(m => [m.preset, m.deal, m.moves])"
        )
        assert ["spider-2", 3, 1] in [list(u) for u in unfinished]
        assert not friend.errors, friend.errors
    finally:
        friend.close()


def tampered_link(base: str) -> str:
    """The recorded win with one move changed and a good checksum: a forger's
    link, whose replay does not give the result it claims."""
    won = near_win()[1]
    claim = challenge.record_of(won, 200, "Ann")
    for i in range(len(claim.actions)):
        replay = engine.new_game(won.preset, won.deal)
        for m in won.moves[:i]:
            replay.play(m)
        other = (claim.actions[i] + 1) % len(challenge.symbols(replay))
        forged = dataclasses.replace(claim, actions=(*claim.actions[:i], other, *claim.actions[i + 1 :]))
        try:
            code = challenge.encode(forged)
            challenge.check(challenge.decode(code))
        except challenge.ChallengeError:
            return f"{base}#challenge/{code}"
        except (engine.IllegalMove, IndexError):
            continue
    raise AssertionError("no forged link found")


def test_bad_links_get_their_sentence_and_the_saved_game_stays(table_browser: Any, table_url: str) -> None:
    won = near_win()[1]
    good = challenge.encode(challenge.record_of(won, 200, "Ann"))
    bad = {
        "claim": (tampered_link(table_url), "does not add up"),
        "damaged": (f"{table_url}#challenge/{good[: len(good) // 2]}", "cut short"),
        "long": (f"{table_url}#challenge/{'A' * 100_000}", "far too long"),
    }
    t = TablePage(table_browser, table_url, DESKTOP)
    try:
        mine = saved_game(t)
        for kind, (link, words) in bad.items():
            # opened as the page starts, then as the address changes during play
            for how in ("start", "hash"):
                if how == "start":
                    goto_challenge(t, link)
                else:
                    t.page.evaluate("f => { location.hash = f }", link.split("#", 1)[1])
                    t.page.wait_for_selector('#table[data-dialog="challenge-refused"]', state="attached")
                assert t.attr("dialog") == "challenge-refused", (kind, how)
                error = t.page.locator(".challenge-error")
                assert error.get_attribute("data-kind") == kind and words in error.inner_text(), (kind, how)
                assert "Your game and your statistics are as they were." in t.page.inner_text(".dialog")
                t.page.keyboard.press("Escape")
                t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
                assert (t.attr("preset"), t.attr("deal"), t.attr("moves")) == ("spider-2", "3", "1"), (kind, how)
                assert t.page.evaluate("() => location.hash") == "#spider-2/3"
                assert stored_game(t.page).moves == mine.moves
        assert not t.errors, t.errors
    finally:
        t.close()


def test_the_challenge_screens_pass_axe_and_work_by_keyboard(table_browser: Any, table_url: str) -> None:
    won = near_win()[1]
    code = challenge.encode(challenge.record_of(won, 200, "Ann"))
    for context in (DESKTOP, PHONE):
        t = axe_page(table_browser, table_url, context, persist.Settings())
        try:
            t.page.add_init_script(SHARE_STUB)
            goto_challenge(t, f"{table_url}#challenge/{code}")
            found = scan(t, "challenge")
            # by keyboard: the focus is on Play; Tab reaches Watch their game, then Not now, Enter closes
            assert t.page.evaluate("() => document.activeElement.dataset.action") == "play-challenge"
            t.page.keyboard.press("Tab")
            assert t.page.evaluate("() => document.activeElement.dataset.action") == "watch-challenge"
            t.page.keyboard.press("Tab")
            assert t.page.evaluate("() => document.activeElement.dataset.action") == "close"
            t.page.keyboard.press("Enter")
            t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
            t.page.evaluate("f => { location.hash = f }", "challenge/" + code[:20])
            t.page.wait_for_selector('#table[data-dialog="challenge-refused"]', state="attached")
            found += scan(t, "challenge-refused")
            t.page.keyboard.press("Enter")  # the one button: Back to your game
            t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
            open_on_save(t, won)
            t.page.focus('.dialog [data-action="challenge"]')
            t.page.keyboard.press("Enter")
            t.page.wait_for_selector('#table[data-dialog="challenge-make"]', state="attached")
            assert t.page.evaluate("() => document.activeElement.id") == "challenge-name"
            t.page.keyboard.type("Bo")
            t.page.keyboard.press("Tab")
            t.page.keyboard.press("Enter")  # Share the link
            t.page.wait_for_selector(".challenge-link-row:not([hidden])", state="attached")
            found += scan(t, "challenge-make")
            assert "#challenge/" in t.page.input_value("#challenge-link")
            # Help's "Are the deals fair?", by keyboard: the tabs move with the arrows
            t.page.click('.dialog [data-action="close"]')
            t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
            t.page.click('.dialog [data-action="new-game"]')
            t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
            t.page.click('[data-action="help"]')
            t.page.wait_for_selector('#table[data-dialog="help"]', state="attached")
            t.page.focus('.help-tabs [data-tab="play"]')
            t.page.keyboard.press("ArrowRight")  # Gestures
            t.page.keyboard.press("ArrowRight")  # Fair deals
            assert t.page.get_attribute('.help-tabs [data-tab="fair"]', "aria-selected") == "true"
            fair = t.page.inner_text(".help-panel")
            assert "Are the deals fair?" in fair and "How a challenge is checked" in fair
            found += scan(t, "help-fair")
            assert not found, "\n".join(found)
            assert not t.errors, t.errors
        finally:
            t.close()


def test_watch_their_game_plays_it_to_the_end(table_browser: Any, table_url: str) -> None:
    """Watch their game: the review's replay of the challenger's checked moves, to their win;
    Close gives the profile's own game back as it was."""
    won = near_win()[1]
    code = challenge.encode(challenge.record_of(won, 300, "Ann"))
    friend = TablePage(table_browser, table_url, DESKTOP)
    try:
        saved_game(friend)
        goto_challenge(friend, f"{table_url}#challenge/{code}")
        friend.page.click('.dialog [data-action="watch-challenge"]')
        friend.page.wait_for_selector("#table[data-replay]", state="attached")
        assert friend.attr("preset") == "spider-1" and friend.attr("deal") == str(won.deal)
        assert (friend.attr("replay-at"), friend.attr("replay-total")) == ("0", str(len(won.moves)))
        friend.page.click('[data-action="replay-next"]')
        friend.wait_moves(1)
        friend.page.focus(".replay-range")
        friend.page.keyboard.press("End")
        friend.wait_moves(len(won.moves))
        assert (friend.attr("replay-at"), friend.attr("status")) == (str(len(won.moves)), "won")
        friend.page.keyboard.press("Escape")
        friend.page.wait_for_function("() => !document.querySelector('#table').dataset.replay")
        friend.idle()
        assert (friend.attr("preset"), friend.attr("deal"), friend.attr("moves")) == ("spider-2", "3", "1")
        assert not friend.errors, friend.errors
    finally:
        friend.close()
