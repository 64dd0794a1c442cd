"""Screen-reader play in the real page: the piles' accessible
names, the live region's announcements (a move, a flip, a run removal,
the win, a deal, an illegal drop's reason, a hint, undo), the verbosity
setting (off says nothing, and survives a reload), the dialogs' names, and
no face-down card's identity anywhere in an aria attribute or the live text.

Expected names and sentences are computed here by ``ui/chrome/messages.py`` from
the engine's public view (the same code the page runs) and, for the main
ones, also checked against literal sentences, so a wrong shared function
fails too.  The tests wait on ``#table[data-announce-seq]`` (one more per
text said), never on time.
"""

from __future__ import annotations

import json
import re
from typing import Any

from harness import SEARCH_TIMEOUT_MS
from tablekit import (
    ROOT,
    TablePage,
    desk,
    illegal_drop,
    set_setting,
    setting_value,
    store,
    stored_text,
    table_browser,
    table_url,
)

import engine
from engine.cards import make_deck
from tests.kit import public_piles
from ui.chrome import messages as say
from ui.storage import settings
from ui.table.cards import Tracker


def seq(t: TablePage) -> int:
    return int(t.attr("announce-seq") or 0)


def said_after(t: TablePage, before: int) -> str:
    """The text said once the page has said something after ``before``."""
    t.page.wait_for_function("n => +(document.querySelector('#table').dataset.announceSeq || 0) > n", arg=before)
    t.idle()
    return t.attr("announced") or ""


def said_log(t: TablePage) -> list[str]:
    """The last few texts said (``#live[data-log]``), oldest first."""
    return json.loads(t.page.get_attribute("#live", "data-log") or "[]")


def live_text(t: TablePage) -> str:
    return t.page.evaluate("() => document.querySelector('#live').textContent").replace("\u00a0", "").strip()


def pile_names(t: TablePage) -> dict[str, str | None]:
    """Every pile element's accessible name (None: hidden from the reader)."""
    rows = t.page.evaluate(
        "() => [...document.querySelectorAll('#table [data-pile]')].map(n => "
        "[n.dataset.pile, n.getAttribute('aria-hidden') === 'true' ? null : n.getAttribute('aria-label'),"
        " n.getAttribute('role')])"
    )
    for pile, name, role in rows:
        assert (role == "group") == (name is not None), (pile, name, role)
    return {pile: name for pile, name, _ in rows}


def expect_names(t: TablePage, g: engine.Game) -> None:
    """Every pile's name is what the player can see of it, now."""
    want = say.pile_labels(g.rules, public_piles(g))
    assert pile_names(t) == want


def settings_with(**values: Any) -> str:
    s = settings.Settings()
    for k, v in values.items():
        setattr(s, k, v)
    return s.to_text()


def flipping_move(g: engine.Game) -> engine.Move:
    """A move that takes every face-up card off a column onto another column (a flip follows)."""
    pos = g.position
    for m in g.legal_moves():
        if (
            m.kind == "move"
            and pos.down[m.src]
            and m.count == len(pos.tableau[m.src]) - pos.down[m.src]
            and pos.tableau[m.dst]
        ):
            return m
    raise AssertionError("no flipping move")


def hidden_names(g: engine.Game) -> set[str]:
    """Names of the cards the player cannot see anywhere now (no copy face up)."""
    view = g.public_view()
    seen = {c for col in view.tableau for c in col if c is not None}
    seen |= {c for f in view.foundations for c in f}
    seen |= {c for c in view.draw_tops if c is not None}
    deck = set(make_deck(g.rules.suits, g.rules.copies))
    return {say.card_name(c) for c in deck - seen}


def aria_texts(t: TablePage) -> list[str]:
    """Every aria attribute's value in the page, and the live region's text."""
    return t.page.evaluate(
        "() => { const out = [document.querySelector('#live').textContent,"
        " document.querySelector('#table').dataset.announced || ''];"
        " for (const n of document.querySelectorAll('*')) for (const a of n.attributes)"
        " if (a.name.startsWith('aria-')) out.push(a.value); return out }"
    )


def assert_no_hidden_identity(t: TablePage, g: engine.Game) -> None:
    hidden = hidden_names(g)
    assert hidden  # the check means something: some cards are unseen
    for text in aria_texts(t):
        for name in hidden:
            assert not re.search(rf"(?<![\w]){re.escape(name)}", text), (name, text)
    # and no face-down card element carries a name or a role
    named_down = t.page.evaluate(
        "() => [...document.querySelectorAll('#table .card[data-face=down]')]"
        ".filter(n => n.hasAttribute('aria-label') || n.hasAttribute('role') || n.dataset.card).length"
    )
    assert named_down == 0


# ---------------------------------------------------------------------------


def test_pile_names_move_flip_undo_redo_and_no_hidden_identity(desk: TablePage) -> None:
    g = engine.new_game("spider-2", 1)
    desk.open("#spider-2/1")
    assert desk.attr("announced") == "New game: Spider, 2 suits, deal 1."
    expect_names(desk, g)
    assert pile_names(desk)["column-1"] == "Column 1, 6 cards, 5 face down, top: 7 of hearts"
    assert pile_names(desk)["stock"] == "Stock, 5 deals left"
    assert pile_names(desk)["foundation-1"] == "Foundations, no runs completed"
    # by role and name, as a screen reader finds them
    assert desk.page.get_by_role("group", name="Column 5, 5 cards, 4 face down, top: 8 of hearts").count() == 1
    # a move that turns up a card
    m = flipping_move(g)
    assert str(m) == "c1>c5"
    before = seq(desk)
    desk.drag_move(g, m)
    events = g.play(m)
    text = said_after(desk, before)
    assert text == "Moved 7 of hearts from column 1 to column 5. Turned up king of hearts in column 1."
    assert text == say.action_text(g.rules, events, public_piles(g))
    assert live_text(desk) == text
    expect_names(desk, g)
    assert pile_names(desk)["column-5"] == "Column 5, 6 cards, 4 face down, top: 7 of hearts, face up: 8 to 7 of hearts"
    # the face-up cards carry their own names, current after the move
    label = desk.page.get_attribute('#table .card[data-in="column-5"][data-pos="5"]', "aria-label")
    assert label == "7 of hearts, face up, 6th of 6 in column 5"
    assert_no_hidden_identity(desk, g)
    # undo: the king is face down again and is not named
    before = seq(desk)
    desk.page.click('[data-action="undo"]')
    g.undo()
    text = said_after(desk, before)
    assert text == "Undone: 7 of hearts back from column 5 to column 1. Turned a card face down in column 1."
    expect_names(desk, g)
    assert_no_hidden_identity(desk, g)
    before = seq(desk)
    desk.page.click('[data-action="redo"]')
    g.redo()
    assert said_after(desk, before).startswith("Redone: moved 7 of hearts from column 1 to column 5.")
    expect_names(desk, g)


def test_deal_illegal_drop_and_hint_are_said(desk: TablePage) -> None:
    g = engine.new_game("spider-2", 1)
    desk.open("#spider-2/1")
    # an illegal drop: the engine's reason, said (and shown) once
    m = illegal_drop(g)
    assert m is not None
    before = seq(desk)
    desk.drag_move(g, m)
    reason = g.why_illegal(m)
    assert reason and said_after(desk, before) == reason
    assert desk.attr("message") == reason
    assert desk.page.get_attribute(".message", "aria-live") is None  # said once, by #live only
    # a deal
    before = seq(desk)
    desk.tap_pile("stock")
    events = g.play_text("deal")
    desk.wait_moves(1)
    text = said_after(desk, before)
    assert text == "Dealt a row, 4 deals left."
    assert text == say.action_text(g.rules, events, public_piles(g))
    assert pile_names(desk)["stock"] == "Stock, 4 deals left"
    expect_names(desk, g)
    # a hint: its sentence, said
    before = seq(desk)
    desk.page.click('[data-action="hint"]')
    desk.page.wait_for_selector("#table[data-hint]", state="attached")
    text = said_after(desk, before)
    assert text == desk.attr("message") and text.startswith(("Move ", "Deal ", "No move helps"))


def test_run_removal_and_win_are_said(desk: TablePage) -> None:
    data = json.loads((ROOT / "tests" / "data" / "spider-1-win.json").read_text())
    g = engine.new_game(data["preset"], data["deal"])
    for text in data["moves"][:-1]:
        g.play_text(text)
    store(desk, {settings.CURRENT_KEY: settings.write_current(g, "near-win", False)})
    desk.expect_game(g)
    resumed = f"Resumed Spider, 1 suit, deal {data['deal']}, {len(g.moves)} moves played."
    assert said_log(desk)[0] == resumed  # (then, maybe, the Finish offer)
    runs = g.runs_removed()
    assert pile_names(desk)["foundation-1"] == f"Foundations, {runs} runs completed: " + ", ".join(["spades"] * runs)
    last = g.parse_move(data["moves"][-1])
    before = seq(desk)
    desk.drag_move(g, last)
    events = g.play(last)
    assert g.status == "won"
    desk.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    text = said_after(desk, before)
    assert "Completed a run of spades, 8 of 8." in text
    assert text.endswith(f"You won in {len(g.moves)} moves, score {g.score:,}.")
    assert text == say.action_text(g.rules, events, public_piles(g), moves=len(g.moves), score=g.score)
    assert pile_names(desk)["foundation-1"] == "Foundations, 8 runs completed: " + ", ".join(["spades"] * 8)
    # the win screen is a dialog named by its title, and has the focus
    dialog = desk.page.get_by_role("dialog", name="You won!")
    assert dialog.count() == 1 and dialog.get_attribute("aria-modal") == "true"
    # (the focus goes to its first button, ui/table/keyboard_view.py; a reader says the
    # dialog's name as the focus enters it)
    desk.page.wait_for_function("() => document.activeElement.dataset.action === 'new-game'")
    assert desk.page.evaluate("() => document.activeElement.closest('[role=dialog]') !== null")


def test_verbosity_off_says_nothing_and_survives_reload_full_says_more(desk: TablePage) -> None:
    g = engine.new_game("spider-2", 1)
    desk.open("#spider-2/1")
    # the setting, in the Games dialog
    desk.page.click('[data-action="games"]')
    desk.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
    assert desk.page.get_by_role("dialog", name="Choose a game").count() == 1
    desk.page.click('.dialog [data-action="settings"]')
    desk.page.wait_for_selector('#table[data-dialog="settings"]', state="attached")
    assert setting_value(desk, "verbosity") == "brief"
    set_setting(desk, "verbosity", "off")
    desk.page.click('.dialog [data-action="done"]')  # back to the chooser
    desk.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
    desk.page.click('.dialog [data-action="cancel"]')
    desk.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
    stored = stored_text(desk.page, "settings")
    assert settings.Settings.from_text(stored).verbosity == "off"
    before, said = seq(desk), desk.attr("announced")
    m = flipping_move(g)
    desk.drag_move(g, m)
    g.play(m)
    desk.wait_moves(1)
    desk.tap_pile("stock")
    g.play_text("deal")
    desk.wait_moves(2)
    n = illegal_drop(g)
    assert n is not None
    desk.clear_message()
    desk.drag_move(g, n)
    desk.wait_message()  # shown, not said
    assert seq(desk) == before and desk.attr("announced") == said
    # a reload keeps it off: nothing said on the way in either
    desk.reload()
    desk.expect_game(g)
    assert desk.attr("announce-seq") is None and live_text(desk) == ""
    desk.page.click('[data-action="undo"]')
    g.undo()
    desk.wait_moves(1)
    assert desk.attr("announce-seq") is None and live_text(desk) == ""
    # names stay on the piles whatever the verbosity
    expect_names(desk, g)
    # full: the move, then the piles it changed and the score
    desk.page.click('[data-action="games"]')
    desk.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
    desk.page.click('.dialog [data-action="settings"]')
    desk.page.wait_for_selector('#table[data-dialog="settings"]', state="attached")
    assert setting_value(desk, "verbosity") == "off"
    set_setting(desk, "verbosity", "full")
    desk.page.click('.dialog [data-action="done"]')
    desk.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
    desk.page.click('.dialog [data-action="cancel"]')
    desk.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
    before = seq(desk)
    desk.page.click('[data-action="redo"]')
    events = g.redo()
    text = said_after(desk, before)
    assert text.startswith("Redone: dealt a row, 4 deals left.")
    assert f"Score {g.score}." in text and "Column 10, " in text
    assert text == say.action_text(g.rules, events, public_piles(g), how="redo", level="full", score=g.score)
    assert_no_hidden_identity(desk, g)


def test_every_game_names_its_piles(desk: TablePage) -> None:
    for preset in ("tournament-2", "little-spider", "spidike", "spidike-classic", "spider-easy"):
        g = engine.new_game(preset, 3)
        desk.open(f"#{preset}/3")
        expect_names(desk, g)
        names = pile_names(desk)
        if preset == "tournament-2":
            assert names["free"] == "Free Column, empty"
            assert names["draw-1"].startswith("Draw pile 1, 8 cards, top: ")
            assert names["foundation-2"] is None  # the runs are named together on the first slot
        if preset == "little-spider":
            assert names["column-6"].startswith("Pile 6, lower row, 1 card, top: ")
            assert names["foundation-1"] == "Foundation 1, empty"
        # a move in each, said and renamed
        moves = [m for m in g.legal_moves() if m.kind in ("move", "found")]
        if not moves:
            continue
        m = moves[0]
        before = seq(desk)
        desk.drag_move(g, m)
        events = g.play(m)
        text = said_after(desk, before)
        assert text == say.action_text(g.rules, events, public_piles(g))
        assert text.startswith(("Moved ", "Played "))
        expect_names(desk, g)
        assert_no_hidden_identity(desk, g) if any(g.position.down) else None


def test_header_is_not_a_live_region(desk: TablePage) -> None:
    desk.open("#tournament-1/3")
    live = desk.page.evaluate(
        "() => [...document.querySelectorAll('[aria-live], [role=status], [role=alert], [role=log]')]"
        ".filter(n => !n.hidden && !n.closest('[aria-hidden=true]')).map(n => n.id || n.className)"
    )
    assert live == ["live"]


def test_the_clock_is_not_said_but_time_running_out_is(desk: TablePage) -> None:
    g = engine.new_game("tournament-1", 3, time_limit=300)
    g.set_elapsed(300 - 11.6)
    store(desk, {settings.CURRENT_KEY: settings.write_current(g, "late", False)})
    desk.expect_game(g)
    assert desk.page.get_attribute(".bar .stats", "aria-live") is None
    desk.page.wait_for_selector('#table[data-status="lost"]', state="attached", timeout=SEARCH_TIMEOUT_MS)
    ended = engine.load_game(g.to_json())
    ended.set_elapsed(300.0)
    # from the page's start to the end, the header's clock ticked a dozen times; three things were said
    assert said_log(desk) == [
        "Tournament Spider, 1 suit, deal 3.",
        "Ten seconds left.",
        f"Time is up. Score {ended.score:,}.",
    ]
    assert seq(desk) == 3


def test_the_still_winnable_answer_is_said_once_when_the_proven_list_comes_late(desk: TablePage) -> None:
    # The proven list arriving after the answer starts the check again; the same answer for the same
    # position is not said a second time.
    held: list[Any] = []
    desk.context.route("**/winnable.json", lambda route: held.append(route))
    g = engine.game_from_notation("spider-1", "KsQsJs/Ts9s/8s7s6s5s4s3s2s/As/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    store(
        desk,
        {
            settings.CURRENT_KEY: settings.write_current(g, "late-list", False),
            settings.SETTINGS_KEY: settings_with(indicator=True),
        },
    )
    desk.page.wait_for_selector('#table[data-still-answers="1"]', state="attached")
    assert desk.attr("still") == "winnable" and desk.attr("winnable") is None
    desk.page.wait_for_function("() => document.querySelector('#live').dataset.log.includes('Still winnable?')")
    assert len(held) == 1
    held[0].continue_()
    desk.page.wait_for_selector('#table[data-still-answers="2"]', state="attached")
    assert desk.attr("winnable") == "loaded" and desk.attr("still") == "winnable"
    assert " ".join(said_log(desk)).count("Still winnable? Winnable.") == 1


def test_finish_and_the_still_winnable_answer_are_said(desk: TablePage) -> None:
    g = engine.game_from_notation("spider-1", "KsQsJs/Ts9s/8s7s6s5s4s3s2s/As/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    store(
        desk,
        {
            settings.CURRENT_KEY: settings.write_current(g, "finish", False),
            settings.SETTINGS_KEY: settings_with(indicator=True),
        },
    )
    desk.page.wait_for_selector('#table[data-autocheck="offered"]', state="attached")
    desk.page.wait_for_selector('#table[data-still="winnable"]', state="attached")
    # the offer, then the "Still winnable?" answer (the badge is not a live region: the answer is said
    # once); they may come in one turn, said together
    said = " ".join(said_log(desk))
    assert said.endswith("Every card is face up: Finish plays the game out. Still winnable? Winnable.")
    assert desk.page.get_attribute(".still", "aria-live") is None
    before = seq(desk)
    desk.page.click('[data-action="finish"]')
    desk.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    log = said_log(desk)
    assert seq(desk) > before
    for text in ("c2:2>c1", "c3:7>c1", "c4>c1"):
        g.play_text(text)
    assert g.status == "won"
    assert log[-1] == f"Completed a run of spades, 1 of 8. You won in 3 moves, score {g.score:,}."
    assert any(text.startswith("Finish: playing the last ") for text in log)
    assert not any(text.startswith("Moved ") for text in log)  # Finish's moves are not said one by one
