"""Keyboard play in real Chromium: a whole game won with the keys
alone, the focus ring, the keys dialog, an illegal drop, deal, undo and
redo, New asking first, Tournament Spider's Free Column and draw piles,
Little Spider's foundations, and dialogs that keep and give back the focus.

Only ``page.keyboard`` drives the table here; the engine in CPython says
what each press must have done, and the tests wait on the table's
attributes (``data-focus``, ``data-selected``, ``data-moves``,
``data-dialog``), never on time.
"""

from __future__ import annotations

import json
from typing import Any

from harness import READY_TIMEOUT_MS, keep_picture
from tablekit import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    ROOT,
    TablePage,
    desk,
    illegal_drop,
    seed,
    table_browser,
    table_url,
)

import engine
from engine.moves import Move
from ui.table.cards import tableau_pile


class Keys:
    """The keyboard of one table page, and where its focus is."""

    def __init__(self, t: TablePage) -> None:
        self.t = t
        self.page = t.page

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def focus(self) -> tuple[str, int | None]:
        text = self.t.attr("focus") or ":"
        pile, _, index = text.partition(":")
        return pile, int(index) if index else None

    def wait_focus(self, pile: str) -> None:
        self.page.wait_for_function(
            "p => (document.querySelector('#table').dataset.focus || '').split(':')[0] === p", arg=pile
        )

    def active_pile(self) -> str | None:
        return self.page.evaluate("() => document.activeElement && document.activeElement.dataset.pile || null")

    def enter_table(self) -> None:
        """Tab from the page's start until a pile of the table has the focus."""
        for _ in range(12):
            self.press("Tab")
            if self.active_pile():
                # The first focus shows a tip, said in this turn of the live region;
                # let the turn end (its zero-delay timer was queued before this one)
                # so that the next key's sentence is said on its own.
                self.page.evaluate("() => new Promise(done => setTimeout(done, 0))")
                return
        raise AssertionError("Tab never reached the table")

    def go_column(self, g: engine.Game, pile: str) -> None:
        """Along the row of columns (and the Free Column) with ← or →."""
        cols = [tableau_pile(g.rules, k) for k in range(g.rules.tableau_size)]
        here = self.focus()[0]
        if here not in cols:
            raise AssertionError(f"focus on {here}, not on a column")
        a, b = cols.index(here), cols.index(pile)
        for _ in range(abs(b - a)):
            self.press("ArrowRight" if b > a else "ArrowLeft")
        self.wait_focus(pile)
        assert self.active_pile() == pile

    def pick(self, g: engine.Game, pile: str, count: int) -> None:
        """Enter on ``pile``, then Shift+↓ / Shift+↑ until ``count`` cards are picked."""
        k = g.rules.tableau_size if pile == "free" else int(pile.split("-")[1]) - 1
        n = len(g.position.tableau[k])
        self.press("Enter")
        self.page.wait_for_selector("#table[data-selected]", state="attached")
        sel = self.t.attr("selected") or ""
        assert sel.startswith(pile + ":"), sel
        index = int(sel.split(":")[1])
        want = n - count
        key = "Shift+ArrowDown" if want > index else "Shift+ArrowUp"
        for _ in range(abs(want - index)):
            self.press(key)
        self.page.wait_for_function(
            "s => document.querySelector('#table').dataset.selected === s", arg=f"{pile}:{want}"
        )

    def play(self, g: engine.Game, m: Move) -> None:
        """One move of ``g`` by keys (Enter, Shift+arrows, ← →, Enter; D for a deal)."""
        before = len(g.moves)
        if m.kind == "deal":
            self.press("d")
        else:
            src = tableau_pile(g.rules, m.src)
            self.go_column(g, src)
            self.pick(g, src, m.count if m.kind == "move" else 1)
            dst = tableau_pile(g.rules, m.dst)
            self.go_column(g, dst)
            self.press("Enter")
        g.play(m)
        self.t.wait_moves(before + 1)


def restore(t: TablePage, preset: str, notation: str) -> engine.Game:
    """Open the page on a game set up from ``notation`` (a save in storage, no address)."""
    from ui.storage import settings as persist

    g = engine.game_from_notation(preset, notation)
    saved = persist.write_current(g, "kbd-test", False)
    seed(t.page, t.base, {persist.CURRENT_KEY: saved})
    t.page.goto(t.base)  # no address: the saved game is restored
    t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    t.loaded = True
    t.idle()
    t.expect_game(g)
    return g


RUN_POSITION = "*Ks*QsJh9hTs9s8s/Js/Kh/Kh/Kh/Ks/Ks/Ks/Qh/Qs - -/-/-/-/-/-/-/-"
"""Spider · 2 suits: column 1 has two face-down cards, Jh 9h (no run) and
the run Ts 9s 8s; column 2 a Js to put it on."""


def _ring(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => {
        const r = document.querySelector('.kbd-ring');
        const s = getComputedStyle(r);
        const b = r.getBoundingClientRect();
        return {hidden: r.hidden, display: s.display, outline: parseFloat(s.outlineWidth),
                style: s.outlineStyle, color: s.outlineColor, shadow: s.boxShadow,
                x: b.x, y: b.y, w: b.width, h: b.height, target: r.classList.contains('target')};
    }""")


# -- a whole game ------------------------------------------------------------------------


def test_whole_spider_1_game_won_by_keys_alone(desk: TablePage) -> None:
    data = json.loads((ROOT / "tests" / "data" / "spider-1-win.json").read_text())
    g = engine.new_game(data["preset"], data["deal"])
    desk.open(f"#{data['preset']}/{data['deal']}")
    keys = Keys(desk)
    keys.enter_table()
    assert keys.focus()[0] == "column-1"
    for k, text in enumerate(data["moves"], 1):
        keys.play(g, g.parse_move(text))
        if k % 20 == 0:
            desk.expect_game(g)
    assert g.status == "won"
    desk.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    assert desk.attr("status") == "won"
    text = desk.page.inner_text(".dialog-end")
    assert "You won" in text and f"Score {g.score:,}" in text  # grouped, as the language writes numbers
    # the end screen has the focus: Enter on its primary button deals the next game
    desk.page.wait_for_function("() => document.activeElement.dataset.action === 'new-game'")
    keys.press("Enter")
    desk.page.wait_for_function(
        "() => document.querySelector('#table').dataset.status === 'playing'"
        " && !document.querySelector('#table').dataset.dialog"
    )
    assert desk.moves() == 0
    desk.page.wait_for_function("() => !!document.activeElement.dataset.pile")  # back on the new table


# -- focus, ring, pick point ------------------------------------------------------------


def test_focus_ring_is_visible_and_covers_what_enter_picks(desk: TablePage) -> None:
    desk.open("#spider-2/1")
    g = engine.new_game("spider-2", 1)
    keys = Keys(desk)
    assert desk.attr("kbd") is None and _ring(desk.page)["hidden"]
    keys.enter_table()
    # one Tab stop: exactly one pile has tabindex 0, the focused one
    stops = desk.page.evaluate(
        "() => [...document.querySelectorAll('[data-pile]')].filter(n => n.tabIndex === 0).map(n => n.dataset.pile)"
    )
    assert stops == ["column-1"]
    assert desk.attr("kbd") == "1"
    from ui.table.keyboard import TIP

    assert desk.attr("message") == TIP  # said once, when the table first takes the focus
    assert desk.page.get_attribute('[data-action="undo"]', "aria-keyshortcuts") == "Control+Z"
    ring = _ring(desk.page)
    assert not ring["hidden"] and ring["display"] != "none"
    assert ring["outline"] >= 3 and ring["style"] == "solid" and ring["color"] == "rgb(255, 255, 255)"
    assert "8px" in ring["shadow"]  # the dark rings inside and outside the light one
    n = len(g.position.tableau[0])
    head = desk.card_box("column-1", n - 1)
    assert abs(ring["x"] - head["x"]) < 1 and abs(ring["y"] - head["y"]) < 1
    assert abs(ring["y"] + ring["h"] - (head["y"] + head["height"])) < 1
    # → moves the focus (and the page's focus) along the row; Tab leaves the table, Shift+Tab comes back
    keys.press("ArrowRight")
    keys.wait_focus("column-2")
    assert keys.active_pile() == "column-2"
    keys.press("Shift+Tab")
    desk.page.wait_for_function("() => !document.querySelector('#table').dataset.kbd")
    assert _ring(desk.page)["hidden"]
    keys.press("Tab")
    desk.page.wait_for_selector("#table[data-kbd]", state="attached")
    assert keys.active_pile() == "column-2"
    # a number key jumps; 0 is column 10
    keys.press("0")
    keys.wait_focus("column-10")
    keys.press("Home")
    keys.wait_focus("column-1")
    keys.press("End")
    keys.wait_focus("column-10")
    # a pointer hides the ring; the next key shows it again where it was, the one after moves it
    desk.page.mouse.click(600, 700)
    desk.page.wait_for_function("() => !document.querySelector('#table').dataset.kbd")
    assert _ring(desk.page)["hidden"]
    keys.press("ArrowLeft")
    desk.page.wait_for_selector("#table[data-kbd]", state="attached")
    assert keys.focus()[0] == "column-10" and keys.active_pile() == "column-10"
    keys.press("ArrowLeft")
    keys.wait_focus("column-9")
    keys.press("ArrowRight")
    keys.wait_focus("column-10")
    # a relayout (a window made smaller) keeps the focus, and the ring follows the cards
    desk.page.set_viewport_size({"width": 700, "height": 600})
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.arrangement === 'top'")
    desk.idle()
    assert keys.focus()[0] == "column-10" and keys.active_pile() == "column-10"
    n = len(g.position.tableau[9])
    box = desk.card_box("column-10", n - 1)
    ring = _ring(desk.page)
    assert abs(ring["x"] - box["x"]) < 1 and abs(ring["y"] - box["y"]) < 1 and abs(ring["w"] - box["width"]) < 1


def test_up_and_down_move_the_pick_point_and_say_the_card(desk: TablePage) -> None:
    # column 1: two face-down cards, then Jh 9h (no run), then Ts 9s 8s (a run)
    restore(desk, "spider-2", RUN_POSITION)
    keys = Keys(desk)
    keys.enter_table()
    assert keys.focus() == ("column-1", 4)  # the head of the run Ts 9s 8s
    keys.press("ArrowUp")
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.focus === 'column-1:3'")
    assert desk.attr("announced") == "9 of hearts, does not move"
    keys.press("ArrowDown")
    keys.press("ArrowDown")
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.focus === 'column-1:5'")
    assert desk.attr("announced") == "9 of spades, 2 cards"
    ring = _ring(desk.page)
    box = desk.card_box("column-1", 5)
    assert abs(ring["y"] - box["y"]) < 1
    # Enter picks from the pick point; Shift+↑ one more, then no more (9h does not go on Ts)
    keys.press("Enter")
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.selected === 'column-1:5'")
    assert desk.attr("announced") == "Picked 2 cards: 9 to 8 of spades, from column 1."
    assert desk.page.locator("#table .card.selected").count() == 2
    keys.press("Shift+ArrowUp")
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.selected === 'column-1:4'")
    desk.clear_message()
    keys.press("+")
    reason = desk.wait_message()
    assert reason and desk.attr("selected") == "column-1:4"
    # Let that turn of the live region end (its zero-delay timer was queued before
    # this one), so that the next keys' sentences are said on their own.
    desk.page.evaluate("() => new Promise(done => setTimeout(done, 0))")
    keys.press("-")
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.selected === 'column-1:5'")
    keys.press("Escape")
    desk.page.wait_for_function("() => !document.querySelector('#table').dataset.selected")
    assert desk.attr("announced") == "Put back."
    assert desk.page.locator("#table .card.selected").count() == 0


# -- the keys dialog ---------------------------------------------------------------------


def test_question_mark_opens_the_keys_and_escape_gives_the_focus_back(desk: TablePage) -> None:
    from ui.table.keyboard import KEYS

    desk.open("#spider-1/5")
    keys = Keys(desk)
    keys.enter_table()
    keys.press("ArrowRight")
    keys.wait_focus("column-2")
    keys.press("?")
    desk.page.wait_for_selector('#table[data-dialog="help"]', state="attached")
    desk.page.wait_for_function("() => document.activeElement.closest('.dialog-help') !== null")
    rows = desk.page.eval_on_selector_all(".dialog-help tr", "rs => rs.map(r => r.innerText)")
    assert len(rows) == len(KEYS)
    for row, k in zip(rows, KEYS):
        assert k.what in row
    assert desk.page.get_attribute(".dialog-help", "role") == "dialog"
    # the page behind is inert while it is open; a letter does nothing there
    assert desk.page.evaluate("() => document.querySelector('.felt').inert && document.querySelector('.bar').inert")
    keys.press("d")
    assert desk.moves() == 0
    keys.press("Escape")
    desk.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
    desk.page.wait_for_function("() => document.activeElement.dataset.pile === 'column-2'")
    assert not desk.page.evaluate("() => document.querySelector('.felt').inert")
    assert desk.attr("kbd") == "1"


# -- legality, deal, undo, redo -----------------------------------------------------------


def test_illegal_keyboard_drop_says_why_and_changes_nothing(desk: TablePage) -> None:
    g = engine.new_game("spider-2", 1)
    m = illegal_drop(g)
    assert m is not None
    desk.open("#spider-2/1")
    keys = Keys(desk)
    keys.enter_table()
    src, dst = tableau_pile(g.rules, m.src), tableau_pile(g.rules, m.dst)
    keys.go_column(g, src)
    keys.pick(g, src, 1)
    keys.go_column(g, dst)
    assert desk.attr("announced") == f"Target column {m.dst + 1}, not legal."
    assert _ring(desk.page)["target"]
    desk.clear_message()
    keys.press("Enter")
    assert desk.wait_message() == g.why_illegal(m)
    assert desk.moves() == 0
    n = len(g.position.tableau[m.src])
    assert desk.attr("selected") == f"{src}:{n - 1}"  # the pick stays
    desk.expect_game(g)
    # the legal move the pick still allows
    legal = next(x for x in g.legal_moves() if x.kind == "move" and x.src == m.src and x.count == 1)
    keys.go_column(g, tableau_pile(g.rules, legal.dst))
    keys.press("Enter")
    g.play(legal)
    desk.wait_moves(1)
    desk.expect_game(g)
    assert keys.focus()[0] == tableau_pile(g.rules, legal.dst)  # the focus stays on the target


def test_deal_undo_redo_by_keys_keep_the_focus(desk: TablePage) -> None:
    g = engine.new_game("spider-1", 7)
    desk.open("#spider-1/7")
    keys = Keys(desk)
    keys.enter_table()
    keys.press("3")
    keys.wait_focus("column-3")
    keys.press("d")
    g.play(Move.deal())
    desk.wait_moves(1)
    desk.expect_game(g)
    # the pick point goes to the new top run of the focused column
    assert keys.focus() == ("column-3", len(g.position.tableau[2]) - 1)
    assert keys.active_pile() == "column-3"
    keys.press("Control+z")
    g.undo()
    desk.wait_moves(0)
    desk.expect_game(g)
    assert keys.focus() == ("column-3", len(g.position.tableau[2]) - 1) and keys.active_pile() == "column-3"
    keys.press("Control+Shift+Z")
    g.redo()
    desk.wait_moves(1)
    desk.expect_game(g)
    keys.press("Control+z")
    g.undo()
    desk.wait_moves(0)
    keys.press("Control+y")
    g.redo()
    desk.wait_moves(1)
    desk.expect_game(g)
    # Enter on the stock deals too
    for _ in range(3):
        if keys.focus()[0] == "stock":
            break
        keys.press("End")
        keys.press("ArrowDown")  # desktop: the stock stands below the strip's runs
    keys.wait_focus("stock")
    keys.press("Enter")
    g.play(Move.deal())
    desk.wait_moves(2)
    desk.expect_game(g)
    # M sends the focused cards (the longest run) to their best place
    from engine.play import movable_count
    from ui.table import pointer as targets

    for k in range(10):
        col = g.position.tableau[k]
        count = movable_count(g.rules, col, g.position.down[k])
        best = targets.best_move(g.rules, g.position, g.legal_moves(), k, count) if col else None
        if best is not None:
            keys.press(str((k + 1) % 10))
            keys.wait_focus(f"column-{k + 1}")
            keys.press("m")
            g.play(best)
            desk.wait_moves(3)
            desk.expect_game(g)
            break
    else:
        raise AssertionError("no best move on the table")


def test_new_and_end_ask_first_by_keys(desk: TablePage) -> None:
    desk.open("#spider-1/44")
    keys = Keys(desk)
    keys.enter_table()
    keys.press("d")
    desk.wait_moves(1)
    keys.press("n")
    desk.page.wait_for_selector('#table[data-dialog="confirm"]', state="attached")
    desk.page.wait_for_function("() => document.activeElement.dataset.action === 'cancel'")  # Keep playing
    keys.press("Escape")
    desk.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
    assert desk.moves() == 1 and desk.attr("deal") == "44"
    desk.page.wait_for_function("() => document.activeElement.dataset.pile === 'column-1'")
    keys.press("e")
    desk.page.wait_for_selector('#table[data-dialog="confirm"]', state="attached")
    desk.page.wait_for_function("() => document.activeElement.dataset.action === 'cancel'")
    keys.press("Enter")  # Keep playing
    desk.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
    assert desk.attr("status") == "playing"
    keys.press("n")
    desk.page.wait_for_function("() => document.activeElement.dataset.action === 'cancel'")
    keys.press("Tab")
    desk.page.wait_for_function("() => document.activeElement.dataset.action === 'confirm'")
    keys.press("Enter")  # New game
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.deal !== '44'")
    desk.idle()
    assert desk.moves() == 0 and desk.attr("status") == "playing"
    assert keys.active_pile() == "column-1"  # the focus is on the new game's table


def test_letters_with_modifiers_and_keys_on_buttons_stay_theirs(desk: TablePage) -> None:
    desk.open("#spider-1/9")
    keys = Keys(desk)
    keys.enter_table()
    for key in ("Alt+d", "Shift+D", "Control+d", "Control+h", "Alt+ArrowLeft", "Control+ArrowUp"):
        keys.press(key)
    assert desk.moves() == 0 and desk.attr("hint") is None and keys.focus()[0] == "column-1"
    # a focused header button keeps its Enter: the Hint button gives a hint, nothing is picked
    desk.page.focus('[data-action="hint"]')
    keys.press("Enter")
    desk.page.wait_for_selector("#table[data-hint]", state="attached")
    assert desk.attr("selected") is None
    # the arrows do not take the focus from a button either
    keys.press("ArrowRight")
    assert desk.page.evaluate("() => document.activeElement.dataset.action") == "hint"


# -- dialogs ---------------------------------------------------------------------------------


def test_dialogs_take_keep_and_give_back_the_focus(desk: TablePage) -> None:
    desk.open("#spider-1/5")
    keys = Keys(desk)
    keys.press("Tab")  # the first Tab stop is the Games button
    assert desk.page.evaluate("() => document.activeElement.dataset.action") == "games"
    keys.press("Enter")
    desk.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
    desk.page.wait_for_function("() => document.activeElement.dataset.play === 'spider-1'")  # the game in play
    # Tab goes round the dialog and never leaves it
    seen = set()
    for _ in range(40):
        keys.press("Tab")
        inside = desk.page.evaluate("() => !!document.activeElement.closest('.dialog')")
        assert inside
        seen.add(desk.page.evaluate("() => document.activeElement.dataset.action || ''"))
    assert {"settings", "cancel", "stats"} <= seen
    keys.press("Shift+Tab")
    assert desk.page.evaluate("() => !!document.activeElement.closest('.dialog')")
    # a game's Options by keys: its options take the focus; All games gives it back to Options
    desk.page.focus('[data-choice="spider-2"]')
    keys.press("Enter")
    desk.page.wait_for_selector('.choice-details:not([hidden]) [data-action="play"]', state="attached")
    assert desk.page.evaluate("() => !!document.activeElement.closest('.choice-details')")
    desk.page.focus('.dialog [data-action="back"]')
    keys.press("Enter")
    desk.page.wait_for_function("() => document.activeElement.dataset.choice === 'spider-2'")
    keys.press("Escape")
    desk.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
    desk.page.wait_for_function("() => document.activeElement.dataset.action === 'games'")
    assert desk.attr("preset") == "spider-1"
    # Statistics from the chooser, then Escape: closed, the focus back on Games
    keys.press("Enter")
    desk.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
    desk.page.focus('.dialog [data-action="stats"]')
    keys.press("Enter")
    desk.page.wait_for_selector('#table[data-dialog="stats"]', state="attached")
    # the focus on the current game's card; Enter opens its figures, the focus on All games
    desk.page.wait_for_function("() => document.activeElement.dataset.statsOpen === 'spider-1'")
    keys.press("Enter")
    desk.page.wait_for_selector('.stats-details[data-preset="spider-1"]', state="attached")
    desk.page.wait_for_function("() => document.activeElement.dataset.action === 'back'")
    # Reset… replaces the buttons: the focus goes to the first new one (Keep them), not to nowhere
    desk.page.focus('.dialog [data-action="reset"]')
    keys.press("Enter")
    desk.page.wait_for_function("() => document.activeElement.dataset.action === 'reset-cancel'")
    keys.press("Enter")
    desk.page.wait_for_function("() => document.activeElement.dataset.action === 'reset'")
    # All games gives the focus back to the card
    desk.page.focus('.stats-details [data-action="back"]')
    keys.press("Enter")
    desk.page.wait_for_function("() => document.activeElement.dataset.statsOpen === 'spider-1'")
    # Escape: back to the chooser it was opened from, then closed, the focus back on Games
    keys.press("Escape")
    desk.page.wait_for_selector('#table[data-dialog="chooser"]', state="attached")
    keys.press("Escape")
    desk.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
    desk.page.wait_for_function("() => document.activeElement.dataset.action === 'games'")


# -- every family --------------------------------------------------------------------------


def test_tournament_free_column_and_draw_pile_by_keys(desk: TablePage) -> None:
    g = engine.new_game("tournament-1", 1)
    desk.open("#tournament-1/1")
    keys = Keys(desk)
    keys.enter_table()
    m = next(x for x in g.legal_moves() if x.kind == "move" and x.dst == g.rules.tableau_size - 1)
    src = tableau_pile(g.rules, m.src)
    keys.go_column(g, src)
    keys.pick(g, src, m.count)
    keys.go_column(g, "free")  # the Free Column is in the row, right of column 8
    assert desk.attr("announced") == "Target the Free Column, legal."
    keys.press("Enter")
    g.play(m)
    desk.wait_moves(1)
    desk.expect_game(g)
    assert keys.focus() == ("free", 0)
    keys.press("1")
    keys.wait_focus("column-1")
    keys.press("9")  # the number after the last column: the Free Column
    keys.wait_focus("free")
    # D takes the focus to the first draw pile; Enter deals it
    desk.clear_message()
    keys.press("d")
    keys.wait_focus("draw-1")
    assert "draw pile" in desk.wait_message()
    assert desk.moves() == 1
    keys.press("Enter")
    g.play(Move.draw(0))
    desk.wait_moves(2)
    desk.expect_game(g)
    # D on a dealt draw pile: the engine's reason
    desk.clear_message()
    keys.press("d")
    assert desk.wait_message() == g.why_illegal(Move.draw(0))
    # another draw pile by an arrow (the next in their row), then D deals the focused one
    keys.press("ArrowRight")
    desk.page.wait_for_function("() => /^draw-[2-5]:/.test(document.querySelector('#table').dataset.focus)")
    k = int(keys.focus()[0].split("-")[1]) - 1
    keys.press("d")
    g.play(Move.draw(k))
    desk.wait_moves(3)
    desk.expect_game(g)


def little_spider_by_keys(t: TablePage, arrangement: str) -> None:
    g = engine.new_game("little-spider", 2)
    t.open("#little-spider/2")
    assert t.attr("arrangement") == arrangement
    keys = Keys(t)
    keys.enter_table()
    m = next(x for x in g.legal_moves() if x.kind == "found")
    src = tableau_pile(g.rules, m.src)
    keys.press(str(m.src + 1))
    keys.wait_focus(src)
    keys.press("Enter")
    t.page.wait_for_selector("#table[data-selected]", state="attached")
    if arrangement == "rows":
        # Up (or Down, from the upper row): the foundations' row between the rows of piles
        keys.press("ArrowUp" if m.src >= 4 else "ArrowDown")
    else:
        # the wings: the foundations stand between the two wings, in the piles' row
        keys.press("ArrowLeft" if m.src >= 4 else "ArrowRight")
        for _ in range(4):
            if (keys.focus()[0] or "").startswith("foundation-"):
                break
            keys.press("ArrowLeft" if m.src >= 4 else "ArrowRight")
    t.page.wait_for_function("() => (document.querySelector('#table').dataset.focus || '').startsWith('foundation-')")
    want = f"foundation-{m.dst + 1}"
    for _ in range(6):  # towards the foundation wanted, by where it lies
        here = keys.focus()[0]
        if here == want:
            break
        (x0, y0), (x1, y1) = t.pile_point(here), t.pile_point(want)
        keys.press(
            ("ArrowDown" if y1 > y0 else "ArrowUp") if abs(y1 - y0) > 1 else ("ArrowRight" if x1 > x0 else "ArrowLeft")
        )
    keys.wait_focus(want)
    keys.press("Enter")
    g.play(m)
    t.wait_moves(1)
    t.expect_game(g)
    if arrangement == "rows":
        keys.press("End")  # the stock is at the end of the foundations' row
    else:
        for _ in range(4):  # the stock is under the foundations
            if keys.focus()[0] == "stock":
                break
            keys.press("ArrowDown")
    keys.wait_focus("stock")
    keys.press("Enter")
    g.play(Move.deal())
    t.wait_moves(2)
    t.expect_game(g)


def test_little_spider_to_a_foundation_and_the_stock_by_keys_on_a_desktop(desk: TablePage) -> None:
    little_spider_by_keys(desk, "wings")


def test_little_spider_to_a_foundation_and_the_stock_by_keys_in_two_rows(table_browser, table_url) -> None:
    t = TablePage(table_browser, table_url, {"viewport": {"width": 800, "height": 1000}})
    try:
        little_spider_by_keys(t, "rows")
    finally:
        t.close()


def test_spidike_classic_foundation_by_keys(desk: TablePage) -> None:
    g = engine.new_game("spidike-classic", 3)
    desk.open("#spidike-classic/3")
    keys = Keys(desk)
    keys.enter_table()
    m = next(x for x in g.legal_moves() if x.kind == "found")
    src = tableau_pile(g.rules, m.src)
    keys.go_column(g, src)
    keys.pick(g, src, 1)
    # on a desktop the foundations stand in a strip right of the columns:
    # End reaches the first (in the columns' row), Down the next ones
    keys.press("End")
    keys.wait_focus("foundation-1")
    for _ in range(m.dst):
        keys.press("ArrowDown")
    want = f"foundation-{m.dst + 1}"
    keys.wait_focus(want)
    keys.press("Enter")
    g.play(m)
    desk.wait_moves(1)
    desk.expect_game(g)


# -- screenshots -------------------------------------------------------------------------------


def test_screenshots_of_a_picked_run_and_the_keys(table_browser, table_url) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for name, ctx in (("desktop", DESKTOP), ("phone", PHONE)):
        t = TablePage(table_browser, table_url, ctx)
        try:
            g = restore(t, "spider-2", RUN_POSITION)
            keys = Keys(t)
            keys.enter_table()
            keep_picture(t.page, ARTIFACTS / f"keyboard-focus-{name}.png")
            keys.pick(g, "column-1", 3)
            keys.press("ArrowRight")
            keys.wait_focus("column-2")
            assert _ring(t.page)["target"]
            assert t.attr("announced") == "Target column 2, legal."
            keep_picture(t.page, ARTIFACTS / f"keyboard-picked-{name}.png")
            keys.press("Enter")
            g.play(g.parse_move("c1:3>c2"))
            t.wait_moves(1)
            t.expect_game(g)
            keep_picture(t.page, ARTIFACTS / f"keyboard-dropped-{name}.png")
            keys.press("?")
            t.page.wait_for_selector('#table[data-dialog="help"]', state="attached")
            keep_picture(t.page, ARTIFACTS / f"keyboard-help-{name}.png")
            assert not t.errors, t.errors
        finally:
            t.close()
