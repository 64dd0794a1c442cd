"""One action path: every move reaches the engine through the table's one
``dispatch`` (ui/table/table_view.py), the engine judges it once, and what
follows (said, sound, saved, counted) happens once.

A drop, a key move and a step of "Show me how" each cause exactly one
judgement (``why_illegal``, which ``Game.play`` runs), and so does an
illegal drop, refused with the engine's reason: the inputs look up what is
legal in the table state's move list (ui/table/state.py) instead of asking
the engine about every candidate pile.  The count is taken in the page, on
the engine's own function.  A game that ends is saved once (with its end),
besides its count, which the statistics write under the cross-tab lock."""

from __future__ import annotations

from typing import Any

from harness import SEARCH_TIMEOUT_MS
from tablekit import (
    TablePage,
    deal_with_moves,
    desk,
    first_drag_move,
    illegal_drop,
    near_win,
    store,
    table_browser,
    table_url,
    wait_stored,
)
from test_keyboard import Keys
from test_showme import ask_and_confirm, open_on, part_way

import engine
from ui.storage import settings

__all__ = ["desk", "table_browser", "table_url"]

COUNT = """
import engine.game as judged
if not hasattr(judged, "uncounted_why_illegal"):
    judged.uncounted_why_illegal = judged.why_illegal
    def counting(*args):
        judged.judgements += 1
        return judged.uncounted_why_illegal(*args)
    judged.why_illegal = counting
judged.judgements = 0
"""


def count_from_now(page: Any) -> None:
    page.evaluate("code => spiderShell.pyodide.runPython(code)", COUNT)


def judgements(page: Any) -> int:
    return int(
        page.evaluate("code => spiderShell.pyodide.runPython(code)", "import engine.game\nengine.game.judgements")
    )


def test_a_drop_is_judged_once_legal_or_not(desk: TablePage) -> None:
    t = desk
    deal = deal_with_moves("spider-1")
    t.open(f"#spider-1/{deal}")
    g = engine.new_game("spider-1", deal)
    bad = illegal_drop(g)
    assert bad is not None
    count_from_now(t.page)
    t.drag_move(g, bad)
    reason = g.why_illegal(bad)
    assert reason is not None and reason in t.wait_message()
    t.idle()
    assert t.moves() == 0 and judgements(t.page) == 1
    good = first_drag_move(g)
    assert good is not None
    count_from_now(t.page)
    t.drag_move(g, good)
    t.wait_moves(1)
    assert judgements(t.page) == 1


def test_a_key_move_is_judged_once(desk: TablePage) -> None:
    t = desk
    deal = deal_with_moves("spider-1")
    t.open(f"#spider-1/{deal}")
    g = engine.new_game("spider-1", deal)
    move = next(m for m in g.legal_moves() if m.kind == "move")
    keys = Keys(t)
    keys.enter_table()
    count_from_now(t.page)
    keys.play(g, move)  # the pick, the arrows past other piles (each said legal or not), the drop
    assert judgements(t.page) == 1


def test_a_step_of_show_me_is_judged_once(desk: TablePage) -> None:
    t = desk
    open_on(t, part_way(40))
    start = t.moves()
    ask_and_confirm(t, key=False)
    t.page.wait_for_selector('#table[data-show="playing"]', state="attached", timeout=SEARCH_TIMEOUT_MS)
    t.wait_moves(start + 1)
    t.page.keyboard.press("p")
    t.page.wait_for_selector('#table[data-show="paused"]', state="attached")
    t.idle()
    paused_at = t.moves()
    count_from_now(t.page)
    t.page.keyboard.press("ArrowRight")
    t.wait_moves(paused_at + 1)
    assert judgements(t.page) == 1


SAVES = """() => {
    // Every write of the won game: a commit, or the change a locked update commits.
    const store = window.spiderStore, commit = store.commit.bind(store), update = store.update.bind(store);
    window.endedSaves = 0;
    const count = (change) => {
        if (change && (change.games || []).some((g) => JSON.parse(g.meta).state === "won")) window.endedSaves += 1;
    };
    store.commit = (change, options) => {
        count(change);
        return commit(change, options);
    };
    store.update = (id, keys, fn) =>
        update(id, keys, (meta, texts) => {
            const change = fn(meta, texts);
            count(change);
            return change;
        });
}"""


def test_a_game_that_ends_is_saved_once(desk: TablePage) -> None:
    t = desk
    g, won = near_win()
    store(t, {settings.CURRENT_KEY: settings.write_current(g, "saved-once", False)})
    t.expect_game(g)
    t.page.evaluate(SAVES)
    t.drag_move(g, won.moves[-1])
    t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    wait_stored(t.page, "stats", "t => t !== null && JSON.parse(t).presets['spider-1']?.played === 1")
    t.idle()
    assert t.page.evaluate("() => window.endedSaves") == 1
