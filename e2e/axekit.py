"""axe-core in the table's browser tests: a page that serves the
pinned ``node_modules/axe-core/axe.min.js`` at a same-origin address, and a
scan that returns the serious and critical violations, described.

The page's Content Security Policy (``script-src 'self'``) allows a
same-origin ``<script src>``, so axe runs under the shipped CSP with no
bypass (Playwright's ``bypass_csp`` would also work, but would scan a page
whose CSP is off).  The script is served by a Playwright route: nothing is
added to the site.  Screens are opened with the helpers here too, and walked by
:func:`walk_screens`: every screen state, a check on each.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest
from harness import READY_TIMEOUT_MS
from tablekit import ROOT, TablePage, near_win, open_settings, seed

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


SCREENS = (
    "settings",
    "table",
    "chooser",
    "options",
    "statistics",
    "statistics-game",
    "help-play",
    "help-gestures",
    "help-fair",
    "help-keys",
    "more",
    "daily",
    "table-dealt",
    "show-me-question",
    "show-me",
    "end-question",
    "end",
    "review",
    "replay",
    "replay-move",
)
"""Every screen state :func:`walk_screens` can visit, in its order."""
MENUS = ("chooser", "options", "statistics", "statistics-game", "help-play", "help-gestures", "help-keys")
"""The chooser, a game's options, the statistics' cards and a game's figures, and Help's tabs."""


def walk_screens(
    t: TablePage, look: Callable[[str], None], screens: Iterable[str] = SCREENS, language: str | None = None
) -> None:
    """The screens a player meets, opened as a player opens them, with
    ``look(name)`` on each of ``screens`` (names from :data:`SCREENS`),
    visited in that order; a screen not asked for is not opened unless the
    way to a later one goes through it.  From the table, no dialog open,
    a game in play:

    * ``settings`` (``language``, if given, chosen there first, without a
      reload), ``table``;
    * ``chooser``, a game's ``options``, the ``statistics``' cards and
      ``statistics-game`` (Close goes back to the chooser, then closed);
    * Help's tabs ``help-play``, ``help-gestures``, ``help-fair``, ``help-keys``;
    * ``more`` (the header's menu) and the ``daily`` deals with their calendar;
    * ``table-dealt`` (a deal from the stock: a move to replay, a sentence
      said), Show me's question and its bar (``show-me-question``,
      ``show-me``, stopped);
    * End's question (``end-question``), the lost game's ``end`` screen, its
      ``review``, the ``replay``'s bar and a move of it (``replay-move``),
      back to the review, closed; then a new game.

    It ends where it began: on the table, no dialog open, a game in play."""
    want = set(screens)
    unknown = want - set(SCREENS)
    assert not unknown, f"no such screen: {sorted(unknown)}"

    def see(name: str) -> None:
        if name in want:
            look(name)

    def last(chain: tuple[str, ...]) -> int:
        """How far along ``chain`` the walk must go: one past its last screen asked for."""
        return max((i + 1 for i, name in enumerate(chain) if name in want), default=0)

    if "settings" in want or language:
        open_settings(t)
        if language:
            t.page.select_option('[data-setting="language"]', language)
            t.page.wait_for_function("l => document.documentElement.lang === l", arg=language.replace("_", "-"))
        see("settings")
        t.page.click('.dialog [data-action="done"]')
        t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
        t.idle()
    see("table")

    menus = last(("chooser", "options", "statistics", "statistics-game"))
    if menus:
        open_dialog(t, '[data-action="games"]', "chooser")
        see("chooser")
        if menus > 1:
            t.page.click('[data-choice="tournament-2"]')
            t.page.wait_for_selector('.choice-details:not([hidden]) [data-action="play"]', state="attached")
            see("options")
        if menus > 2:
            open_dialog(t, '.dialog [data-action="stats"]', "stats")
            see("statistics")
            if menus > 3:
                t.page.click('[data-stats-open="spider-1"]')
                t.page.wait_for_selector('.stats-details[data-preset="spider-1"]', state="attached")
                see("statistics-game")
            open_dialog(t, '.dialog [data-action="close"]', "chooser")  # opened from the chooser: back to it
        close_dialog(t)

    tabs = [tab for tab in ("play", "gestures", "fair", "keys") if f"help-{tab}" in want]
    if tabs:
        open_dialog(t, '[data-action="help"]', "help")
        for tab in tabs:
            t.page.click(f'.help-tabs [data-tab="{tab}"]')
            t.page.wait_for_selector(f'.help-panel[data-tab="{tab}"]', state="attached")
            look(f"help-{tab}")
        close_dialog(t)

    if want & {"more", "daily"}:
        open_dialog(t, '[data-action="more"]', "menu")
        see("more")
        if "daily" in want:
            open_dialog(t, '.dialog [data-action="daily"]', "daily")
            t.page.wait_for_selector(".daily-list li[data-preset]", state="attached")
            see("daily")
        close_dialog(t)

    if "table-dealt" in want:
        moves = t.moves()
        t.page.keyboard.press("d")
        t.wait_moves(moves + 1)
        t.idle()
        look("table-dealt")

    if want & {"show-me-question", "show-me"}:
        open_dialog(t, '[data-action="more"]', "menu")
        open_dialog(t, '.dialog [data-action="show-me"]', "show")
        see("show-me-question")
        if "show-me" in want:
            t.page.click('.dialog [data-action="confirm"]')
            t.page.wait_for_selector("#table[data-show]", state="attached")
            look("show-me")
            t.page.click('[data-action="show-stop"]')
            t.page.wait_for_selector("#table:not([data-show])", state="attached")
        else:
            close_dialog(t)

    ending = last(("end-question", "end", "review", "replay", "replay-move"))
    if not ending:
        return
    open_dialog(t, '[data-action="more"]', "menu")
    open_dialog(t, '.dialog [data-action="end"]', "confirm")
    see("end-question")
    if ending == 1:
        close_dialog(t)
        return
    open_dialog(t, '.dialog [data-action="confirm"]', "end")
    see("end")
    if ending > 2:
        open_dialog(t, '.dialog [data-action="review"]', "review")
        see("review")
        if ending > 3:
            t.page.click('.dialog [data-action="watch"]')
            t.page.wait_for_selector("#table[data-replay]", state="attached")
            see("replay")
            if ending > 4:
                at = t.attr("replay-at")
                forward = t.page.get_attribute('[data-action="replay-next"]', "aria-disabled") != "true"
                t.page.click(f'[data-action="replay-{"next" if forward else "back"}"]')  # a move's sentence
                t.page.wait_for_function("at => document.querySelector('#table').dataset.replayAt !== at", arg=at)
                look("replay-move")
            t.page.click('[data-action="replay-close"]')
            t.page.wait_for_selector("#table:not([data-replay])", state="attached")
            t.page.wait_for_selector('#table[data-dialog="review"]', state="attached")  # back where it was watched from
        t.page.click('.dialog [data-action="close"]')
        t.page.wait_for_function("() => document.querySelector('#table').dataset.dialog !== 'review'")
        if t.attr("dialog") != "end":
            open_dialog(t, '[data-action="more"]', "menu")
    t.page.click('.dialog [data-action="new-game"]')
    t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")
    t.idle()
