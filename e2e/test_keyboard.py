"""Keyboard play in real Chromium (issue 7): a whole game won with the keys
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

from tablekit import (  # noqa: F401  (fixtures)
    ARTIFACTS,
    DESKTOP,
    PHONE,
    ROOT,
    TablePage,
    desk,
    illegal_drop,
    table_browser,
    table_url,
)

import engine  # noqa: E402
from engine.moves import Move  # noqa: E402
from ui.model import tableau_pile  # noqa: E402


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
            "p => (document.querySelector('#table').dataset.focus || '').split(':')[0] === p", arg=pile)

    def active_pile(self) -> str | None:
        return self.page.evaluate("() => document.activeElement && document.activeElement.dataset.pile || null")

    def enter_table(self) -> None:
        """Tab from the page's start until a pile of the table has the focus."""
        for _ in range(12):
            self.press("Tab")
            if self.active_pile():
                return
        raise AssertionError("Tab never reached the table")

    def go_column(self, g: engine.Game, pile: str) -> None:
        """Along the row of columns with ← and → (the shorter way round)."""
        cols = [tableau_pile(g.rules, k) for k in range(g.rules.tableau_size)]
        here = self.focus()[0]
        if here not in cols:
            raise AssertionError(f"focus on {here}, not on a column")
        a, b = cols.index(here), cols.index(pile)
        right = (b - a) % len(cols)
        key, n = ("ArrowRight", right) if right <= len(cols) - right else ("ArrowLeft", len(cols) - right)
        for _ in range(n):
            self.press(key)
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
        self.page.wait_for_function("s => document.querySelector('#table').dataset.selected === s",
                                    arg=f"{pile}:{want}")

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
    assert "You won" in text and f"Score {g.score}" in text
    # the end screen has the focus: Enter on its primary button deals the next game
    desk.page.wait_for_function("() => document.activeElement.dataset.action === 'new-game'")
    keys.press("Enter")
    desk.page.wait_for_function("() => document.querySelector('#table').dataset.status === 'playing'"
                                " && !document.querySelector('#table').dataset.dialog")
    assert desk.moves() == 0
