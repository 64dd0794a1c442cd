"""axe-core in the table's browser tests: a page that serves the
pinned ``node_modules/axe-core/axe.min.js`` at a same-origin address, and a
scan that returns the serious and critical violations, described.

The page's Content Security Policy (``script-src 'self'``) allows a
same-origin ``<script src>``, so axe runs under the shipped CSP with no
bypass (Playwright's ``bypass_csp`` would also work, but would scan a page
whose CSP is off).  The script is served by a Playwright route: nothing is
added to the site.  Screens are opened with the helpers here too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from harness import READY_TIMEOUT_MS
from tablekit import ROOT, TablePage, near_win, seed

import engine
from ui.storage import settings as persist

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_PATH = "__test__/axe.min.js"
BLOCKING = ("serious", "critical")


def axe_page(browser: Any, base: str, context: dict[str, Any], settings: persist.Settings) -> TablePage:
    """A table page with ``settings`` stored, serving axe-core at ``AXE_PATH``."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci` (axe-core is pinned in package.json)")
    t = TablePage(browser, base, context)
    body = AXE.read_bytes()
    t.page.route(f"**/{AXE_PATH}", lambda route: route.fulfill(status=200, content_type="text/javascript", body=body))
    seed(t.page, base, {persist.SETTINGS_KEY: settings.to_text()}, clear=True)
    t.errors.clear()  # the bare manifest page's favicon
    return t


def scan(t: TablePage, screen: str) -> list[str]:
    """Run axe on the whole document; the serious and critical violations, described."""
    if not t.page.evaluate("() => typeof window.axe === 'object'"):
        t.page.add_script_tag(url=t.base + AXE_PATH)
    found = t.page.evaluate(
        """() => axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v => ({
             id: v.id, impact: v.impact, help: v.help, url: v.helpUrl,
             nodes: v.nodes.map(n => n.target.join(' ') + (n.failureSummary ? ' — ' + n.failureSummary.replace(/\\s+/g, ' ') : ''))
           })))"""
    )
    out = []
    for v in found:
        if v["impact"] in BLOCKING:
            nodes = "\n      ".join(v["nodes"][:8]) + (
                f"\n      … and {len(v['nodes']) - 8} more" if len(v["nodes"]) > 8 else ""
            )
            out.append(f"[{screen}] {v['id']} ({v['impact']}): {v['help']} <{v['url']}>\n      {nodes}")
    return out


def open_dialog(t: TablePage, selector: str, kind: str) -> None:
    t.page.click(selector)
    t.page.wait_for_selector(f'#table[data-dialog="{kind}"]', state="attached")


def close_dialog(t: TablePage) -> None:
    t.page.keyboard.press("Escape")
    t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")


def open_on_save(t: TablePage, game: engine.Game) -> None:
    """Open the page on ``game`` as the player left it (a finished one shows its end screen)."""
    # Leave the page first: from base#preset/deal, going to base could stay in the same document.
    seed(t.page, t.base, {persist.CURRENT_KEY: persist.write_current(game)})
    t.page.goto(t.base)
    t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    t.errors[:] = [e for e in t.errors if "404" not in e]  # the bare manifest page's favicon
    t.loaded = True
    assert t.attr("moves") == str(len(game.moves)), "the page did not open the stored game"
    if game.status != "playing":
        t.page.wait_for_selector('#table[data-dialog="end"]', state="attached")
    else:
        t.idle()


def won_game() -> engine.Game:
    return near_win()[1]


def walk_the_menus(t: TablePage, look: Callable[[str], None]) -> None:
    """The chooser, a game's options, the statistics' cards and a game's
    figures (Close goes back to the chooser, then closed), and Help's three
    tabs, as a player opens them: ``look(name)`` on each screen (``chooser``,
    ``options``, ``statistics``, ``statistics-game``, ``help-play``,
    ``help-gestures``, ``help-keys``)."""
    open_dialog(t, '[data-action="games"]', "chooser")
    look("chooser")
    t.page.click('[data-choice="tournament-2"]')
    t.page.wait_for_selector('.choice-details:not([hidden]) [data-action="play"]', state="attached")
    look("options")
    t.page.click('.dialog [data-action="stats"]')
    t.page.wait_for_selector('#table[data-dialog="stats"]', state="attached")
    look("statistics")
    t.page.click('[data-stats-open="spider-1"]')
    t.page.wait_for_selector('.stats-details[data-preset="spider-1"]', state="attached")
    look("statistics-game")
    open_dialog(t, '.dialog [data-action="close"]', "chooser")  # opened from the chooser: back to it
    close_dialog(t)
    open_dialog(t, '[data-action="help"]', "help")
    for tab in ("play", "gestures", "keys"):
        t.page.click(f'.help-tabs [data-tab="{tab}"]')
        t.page.wait_for_selector(f'.help-panel[data-tab="{tab}"]', state="attached")
        look(f"help-{tab}")
    close_dialog(t)
