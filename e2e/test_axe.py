"""An axe-core scan of every screen: the table of every preset,
the chooser, its settings, the statistics, the confirm dialog, the win
screen and the end screen of a lost game, in the standard theme and in the
high-contrast theme with four-colour faces (e2e/test_access.py scans a
phone at 200 % zoom).  Zero violations of impact "serious" or "critical"
are allowed; each one found is printed with its rule, impact, help text
and target nodes.  How axe gets into the page under its CSP: e2e/axekit.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from axekit import MENUS, axe_page, close_dialog, open_dialog, open_on_save, scan, walk_screens, won_game
from tablekit import (
    DESKTOP,
    TablePage,
    close_settings,
    first_drag_move,
    open_settings,
    table_browser,
    table_url,
)

import engine
from ui.storage import settings as persist


def scan_every_screen(t: TablePage, presets: list[str]) -> list[str]:
    problems: list[str] = []
    for preset in presets:
        t.open(f"#{preset}/7")
        problems += scan(t, f"table {preset}")
    # the confirm dialog: a game in progress, then New
    g = engine.new_game(presets[-1], 7)
    move = first_drag_move(g)
    assert move is not None
    t.drag_move(g, move)
    t.wait_moves(1)
    open_dialog(t, '[data-action="new"]', "confirm")
    problems += scan(t, "confirm dialog")
    close_dialog(t)
    open_settings(t)
    problems += scan(t, "settings")
    t.page.click('.dialog [data-action="reset"]')  # the question before a reset
    problems += scan(t, "settings: reset?")
    t.page.click('.dialog [data-action="reset-cancel"]')
    close_settings(t)
    # the chooser, a game's options, the statistics (cards, a game), Help's tabs, the
    # More menu, the daily deals and the end screen of a lost game (End, then confirm)
    walk_screens(t, lambda name: problems.extend(scan(t, name)), (*MENUS, "more", "daily", "end"))
    # the win screen
    open_on_save(t, won_game())
    problems += scan(t, "win screen")
    return problems


PROFILES = {
    "standard": (DESKTOP, persist.Settings()),
    "high-contrast-four-colours": (DESKTOP, persist.Settings(contrast="high", faces="fourcolour")),
}


@pytest.mark.parametrize("profile", list(PROFILES))
def test_axe_finds_nothing_serious_on_any_screen(table_browser: Any, table_url: str, profile: str) -> None:
    context, settings = PROFILES[profile]
    t = axe_page(table_browser, table_url, context, settings)
    try:
        problems = scan_every_screen(t, list(engine.PRESETS))
        assert t.attr("contrast") == ("high" if settings.contrast == "high" else "standard")
        assert not problems, f"{len(problems)} serious or critical axe violations:\n" + "\n".join(problems)
        assert not t.errors, t.errors
        if profile == "standard":  # the scan does see problems: a nameless button is reported
            t.page.evaluate(
                "() => { const b = document.createElement('button'); b.id = 'nameless'; document.body.append(b) }"
            )  # (not in the bar: inert while a dialog is open)
            planted = scan(t, "planted")
            assert any("button-name (critical)" in p and "#nameless" in p for p in planted), planted
    finally:
        t.close()
