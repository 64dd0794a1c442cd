"""Helpers and fixtures for the table's browser tests.

The tests drive the real page with real input (mouse through Playwright,
touch through CDP ``Input.dispatchTouchEvent``) and check the page against
the engine running here in CPython: the same preset and deal number give
the same cards, so the test knows every legal and illegal move.

They wait on the table's attributes, never on time: ``data-moves`` (moves
played), ``data-busy`` (animating), ``data-message`` (a message shown),
``data-dialog`` (a dialog open).

Site: ``SPIDER_BASE_URL`` if set (a running server), else the e2e harness's
``site_url`` fixture (e2e/conftest.py: the working tree built once and served
in-process); browser: the harness's shared Chromium.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import engine
from e2e.timeouts import READY_TIMEOUT_MS
from engine.moves import Move
from engine.piles import PileId

ROOT = Path(__file__).resolve().parent.parent

CHROMIUM = os.environ.get("SPIDER_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = ROOT / "e2e" / "artifacts" / "table"

DESKTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
PHONE_LANDSCAPE = {
    "viewport": {"width": 844, "height": 390},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}


@pytest.fixture(scope="session")
def table_url(request: pytest.FixtureRequest) -> str:
    """The site: ``SPIDER_BASE_URL`` if set, else the harness's build and server."""
    url = os.environ.get("SPIDER_BASE_URL") or request.getfixturevalue("site_url")
    return str(url).rstrip("/") + "/"


@pytest.fixture(scope="session")
def table_browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    """The harness's shared Chromium (e2e/conftest.py), or one of our own."""
    try:
        yield request.getfixturevalue("browser")
        return
    except pytest.FixtureLookupError:
        pass
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


class Held:
    """The runtime's download held back, so that a start stays before Python."""

    def __init__(self, t: TablePage) -> None:
        self.routes: list[Any] = []
        self.holding = True
        t.context.route("**/pyodide.asm.wasm", self._on)

    def _on(self, route: Any) -> None:
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def release(self) -> None:
        self.holding = False
        for route in self.routes:
            route.continue_()
        self.routes = []


class TablePage:
    """One page with the table, and the input a player would give it."""

    def __init__(self, browser: Any, base: str, context: dict[str, Any], reduced: bool = True) -> None:
        self.context = browser.new_context(
            reduced_motion="reduce" if reduced else "no-preference", service_workers="block", **context
        )
        self._attach(self.context.new_page(), base, bool(context.get("has_touch")))

    def _attach(self, page: Any, base: str, touch: bool) -> None:
        self.page = page
        self.base = base
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        self.page.on("console", self._console)
        self.touch = touch
        self._cdp: Any = None
        self.loaded = False

    def tab(self) -> TablePage:
        """Another tab of the same browser profile (closed with this one's context)."""
        other = TablePage.__new__(TablePage)
        other.context = self.context
        other._attach(self.context.new_page(), self.base, self.touch)
        return other

    def _console(self, message: Any) -> None:
        # The bare file pages the tests seed storage from (the manifest) have no icon of their own, so
        # the browser asks for /favicon.ico; the game's page names its icons and never does.
        if message.type == "error" and not str(message.location.get("url", "")).endswith("/favicon.ico"):
            self.errors.append(f"console: {message.text}")

    def close(self) -> None:
        self.context.close()

    # -- navigation and waiting ------------------------------------------
    def open(self, fragment: str, preset: str | None = None) -> None:
        """Open ``#preset/deal`` (a hash change once the page is loaded);
        ``preset``: the game expected (default: the one named)."""
        if not self.loaded:
            self.page.goto(self.base + fragment)
            self.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
            self.loaded = True
        else:
            self.page.evaluate("f => { location.hash = f }", fragment)
        preset = preset or fragment.lstrip("#").split("/")[0]
        self.page.wait_for_function("p => document.querySelector('#table')?.dataset.preset === p", arg=preset)
        self.idle()

    def reload(self) -> None:
        self.page.reload()
        self.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        self.idle()

    def idle(self) -> None:
        self.page.wait_for_function(
            "() => { const t = document.querySelector('#table'); return t && !t.dataset.busy && !t.dataset.dragging }"
        )

    def attr(self, name: str) -> str | None:
        value = self.page.get_attribute("#table", f"data-{name}")
        return None if value is None else str(value)

    def moves(self) -> int:
        return int(self.attr("moves") or 0)

    def wait_moves(self, n: int) -> None:
        self.page.wait_for_function("n => +document.querySelector('#table').dataset.moves === n", arg=n)
        self.idle()

    def wait_message(self) -> str:
        self.page.wait_for_selector("#table[data-message]", state="attached")
        return self.attr("message") or ""

    def clear_message(self) -> None:
        self.page.evaluate("() => document.querySelector('#table').removeAttribute('data-message')")

    # -- reading the table ---------------------------------------------------
    def piles(self) -> dict[str, list[tuple[str, str]]]:
        """Every pile's cards (text, face) bottom first, as the page shows them."""
        rows = self.page.evaluate(
            "() => [...document.querySelectorAll('#table .card')].map(c => "
            "[c.dataset.in, +c.dataset.pos, c.dataset.card, c.dataset.face])"
        )
        out: dict[str, list[tuple[int, str, str]]] = {}
        for pile, pos, text, face in rows:
            out.setdefault(pile, []).append((pos, text, face))
        return {p: [(t, f) for _, t, f in sorted(v)] for p, v in out.items()}

    def expect_game(self, game: engine.Game) -> None:
        """The page shows exactly what ``game`` shows a player (and no hidden card)."""
        from ui.table.cards import Tracker

        want: dict[str, list[tuple[str, str]]] = {}
        t = Tracker.from_view(game.rules, game.public_view())
        for pile, uids in t.piles.items():
            if uids:
                want[pile] = [(t.text(u), "up" if t.up[u] else "down") for u in uids]
        have = {p: v for p, v in self.piles().items() if v}
        assert have == want
        assert self.attr("status") == game.status
        assert self.moves() == len(game.moves)

    # -- geometry --------------------------------------------------------------
    def card_box(self, pile: str, index: int) -> dict[str, float]:
        box = self.page.locator(f'#table .card[data-in="{pile}"][data-pos="{index}"]').bounding_box()
        assert box is not None, (pile, index)
        return {k: float(v) for k, v in box.items()}

    def grip(self, pile: str, index: int) -> tuple[float, float]:
        """A point on the visible part of a card (its top strip)."""
        b = self.card_box(pile, index)
        return b["x"] + b["width"] / 2, b["y"] + min(6.0, b["height"] / 8)

    def pile_point(self, pile: str) -> tuple[float, float]:
        """Where to drop on a pile: its top card, or its placeholder."""
        n = self.page.locator(f'#table .card[data-in="{pile}"]').count()
        if n:
            b = self.card_box(pile, n - 1)
        else:
            b = self.page.locator(f'#table [data-pile="{pile}"]').bounding_box()
            assert b is not None
        return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2

    # -- input ---------------------------------------------------------------------
    def mouse_drag(self, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
        m = self.page.mouse
        m.move(*start)
        m.down()
        m.move(start[0] + 6, start[1] + 6, steps=2)
        m.move(*end, steps=steps)
        m.up()

    def cdp(self) -> Any:
        if self._cdp is None:
            self._cdp = self.context.new_cdp_session(self.page)
        return self._cdp

    def touch_drag(
        self, start: tuple[float, float], end: tuple[float, float], steps: int = 8, end_touch: bool = True
    ) -> None:
        s = self.cdp()
        s.send(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1], "id": 1}]}
        )
        for k in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * k / steps
            y = start[1] + (end[1] - start[1]) * k / steps
            s.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y, "id": 1}]})
        if end_touch:
            s.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def tap_point(self, x: float, y: float) -> None:
        if self.touch:
            s = self.cdp()
            s.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
            s.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        else:
            self.page.mouse.click(x, y)

    def drag_move(self, game: engine.Game, move: Move, touch: bool = False) -> None:
        """Drag the cards of a tableau move (or a card to a foundation)."""
        from ui.table.cards import tableau_pile

        src = tableau_pile(game.rules, move.src)
        n = len(game.position.tableau[move.src])
        count = move.count if move.kind == "move" else 1
        dst = tableau_pile(game.rules, move.dst) if move.kind == "move" else f"foundation-{move.dst + 1}"
        start = self.grip(src, n - count)
        end = self.pile_point(dst)
        b = self.card_box(src, n - count)
        end = (end[0], end[1] + (start[1] - b["y"]))
        if touch:
            self.touch_drag(start, end)
        else:
            self.mouse_drag(start, end)

    def tap_pile(self, pile: str) -> None:
        n = self.page.locator(f'#table .card[data-in="{pile}"]').count()
        if n:
            x, y = self.grip(pile, n - 1)
        else:
            x, y = self.pile_point(pile)
        self.tap_point(x, y)


@contextmanager
def desk_page(browser: Any, url: str, context: dict[str, Any] = DESKTOP) -> Iterator[TablePage]:
    """A page of the table (the desktop's unless CONTEXT says otherwise)
    that must end with no page error; closed at the end, whatever happened."""
    t = TablePage(browser, url, context)
    try:
        yield t
        assert not t.errors, t.errors
    finally:
        t.close()


@pytest.fixture()
def desk(table_browser: Any, table_url: str) -> Iterator[TablePage]:
    """A desktop page of the table for one test; it must end with no page error."""
    with desk_page(table_browser, table_url) as t:
        yield t


def press_hint(t: TablePage, key: bool = False) -> dict[str, str | None]:
    """Press Hint (its button, or KEY: the ``h`` key) and wait for its answer:
    the table's ``hint`` (the move, ``deal``, ``none``), ``hint-src``,
    ``hint-dst``, ``hint-count``, ``hint-ms`` (the search's time, measured in
    the page) and ``message``."""
    seq = int(t.attr("hint-seq") or 0)
    if key:
        t.page.keyboard.press("h")
    else:
        t.page.click('[data-action="hint"]')
    t.page.wait_for_function("n => +document.querySelector('#table').dataset.hintSeq === n", arg=seq + 1)
    return {a: t.attr(a) for a in ("hint", "hint-src", "hint-dst", "hint-count", "hint-ms", "message")}


HINT_GAMES = (("tournament-1", 4, 11), ("spider-2", 8, 10), ("little-spider", 5, 4))
"""(preset, deal, presses): games played by following the page's hints
(e2e/test_table_helpers.py checks them, bench/ui_bench.py times them)."""


def play_hint(t: TablePage, g: engine.Game, hint: str) -> None:
    """Play the hinted move (a drag, a tap on the stock or a draw pile) in
    the page and in G, and wait for the page to count it."""
    m = g.parse_move(hint)
    if m.kind == "deal":
        t.tap_pile("stock")
    elif m.kind == "draw":
        t.tap_pile(f"draw-{m.src + 1}")
    else:
        t.drag_move(g, m)
    g.play(m)
    t.wait_moves(len(g.moves))


GAME_JSON = "spiderTable.service.game.to_json()"
"""The page's expression for the game its engine holds, as a save."""
STORED_SAVE = "() => spiderStore.getText('current').then(id => spiderStore.getGame(id)).then(r => r && r.save)"
"""The page's function for the current game as its database holds it (null if none)."""


def page_game(page: Any) -> engine.Game:
    """The game the page's engine holds."""
    return engine.load_game(page.evaluate(f"() => {GAME_JSON}"))


def stored_game(page: Any) -> engine.Game:
    """The game on the table, as the page's database holds it."""
    text = page.evaluate(STORED_SAVE)
    assert text, "no game stored"
    return engine.load_game(text)


def deal_with_moves(preset: str, start: int = 1) -> int:
    """A deal number whose first position has a drag move and an illegal one."""
    for deal in range(start, start + 200):
        g = engine.new_game(preset, deal)
        if first_drag_move(g) is not None and illegal_drop(g) is not None:
            return deal
    raise AssertionError(f"no deal of {preset} with moves")


def first_drag_move(g: engine.Game) -> Move | None:
    for m in g.legal_moves():
        if m.kind == "move":
            col = g.position.tableau[m.src]
            if m.count < len(col) or g.position.tableau[m.dst]:
                return m
        if m.kind == "found":
            return m
    return None


def illegal_drop(g: engine.Game) -> Move | None:
    """A single-card move between two non-empty columns that the rules refuse."""
    from ui.table import pointer as targets

    pos = g.position
    for i, col in enumerate(pos.tableau):
        if not col or targets.drag_count(g.rules, pos, PileId.column(i), len(col) - 1) == 0:
            continue
        for j, other in enumerate(pos.tableau[: len(g.rules.columns)]):
            if j != i and other:
                m = Move.tableau(i, j, 1)
                if g.why_illegal(m):
                    return m
    return None


# -- shared by the statistics, screen-reader and accessibility tests ---------------------

SEED_JS = """async ([items, clear]) => {
  if (clear) localStorage.clear();
  for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  sessionStorage.clear();
  await new Promise((ok, bad) => {
    const r = indexedDB.deleteDatabase('spider');
    r.onsuccess = () => ok();
    r.onerror = () => bad(r.error);
  });
}"""


def seed(page: Any, base: str, items: dict[str, str], clear: bool = False) -> None:
    """Start the site's storage again from ``items``, stored under the keys
    of the one-slot storage of earlier versions (``ui.storage.settings``): the next
    start moves them into the database, as it does for a returning player.
    ``clear``: drop every other localStorage key too; else the settings the
    page holds now are kept.  Leaves ``page`` on a bare file of the site."""
    if not clear and "spider.v1.settings" not in items:
        held = page.evaluate("() => window.spiderStore ? spiderStore.getText('settings') : null")
        if held:
            items = {**items, "spider.v1.settings": held}
    page.goto(base + "manifest.webmanifest")
    page.evaluate(SEED_JS, [items, clear])


def stored_text(page: Any, key: str) -> str | None:
    """A text the page keeps (``ui.storage.store`` keys: ``settings``, ``stats``...)."""
    text = page.evaluate("k => spiderStore.getText(k)", key)
    return None if text is None else str(text)


def wait_stored(page: Any, key: str, test: str = "t => t !== null") -> str | None:
    """Wait until the text the page keeps under ``key`` passes ``test`` (a
    JavaScript function of the text), for writes that finish after a lock."""
    text = page.evaluate(
        """async ([key, test]) => {
            const ok = eval(test);
            const until = performance.now() + 10000;
            for (;;) {
                const t = await spiderStore.getText(key);
                if (ok(t)) return t;
                if (performance.now() > until) throw new Error("the stored " + key + " never passed " + test);
                await new Promise((r) => setTimeout(r, 20));
            }
        }""",
        [key, test],
    )
    return None if text is None else str(text)


def store(t: TablePage, items: dict[str, str]) -> None:
    """Put ``items`` in the page's storage, then open the page on them."""
    seed(t.page, t.base, items, clear=True)
    t.page.goto(t.base)
    t.errors.clear()  # the bare file page's favicon 404
    t.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    t.loaded = True
    t.idle()


def near_win() -> tuple[engine.Game, engine.Game]:
    """The recorded spider-1 win one move short (its last move completes a
    run and wins), and the same game won."""
    data = json.loads((ROOT / "tests" / "data" / "spider-1-win.json").read_text())
    g = engine.new_game(data["preset"], data["deal"])
    for text in data["moves"][:-1]:
        g.play_text(text)
    won = engine.load_game(g.to_json())
    won.play_text(data["moves"][-1])
    assert won.status == "won"
    return g, won


# -- the Settings screen (ui/screens/settings_view.py) ------------------------------------
def open_settings(t: TablePage) -> None:
    """The Settings screen, from the header's More menu, as a player opens it."""
    t.page.click('[data-action="more"]')
    t.page.wait_for_selector('#table[data-dialog="menu"]', state="attached")
    t.page.click('.dialog [data-action="settings"]')
    t.page.wait_for_selector('#table[data-dialog="settings"]', state="attached")


def setting_value(t: TablePage, name: str) -> str:
    """A setting as its control on the open Settings screen shows it (``on``/``off`` for a flag)."""
    node = t.page.locator(f'[data-setting="{name}"]')
    role = node.get_attribute("role")
    if role == "switch":
        on = node.get_attribute("aria-checked") == "true"
        return "on" if on != (name == "muted") else "off"  # the Sound switch is on when not muted
    if role == "radiogroup":
        return str(node.locator('[aria-checked="true"]').get_attribute("data-value"))
    return str(node.input_value())


def set_setting(t: TablePage, name: str, value: str) -> None:
    """Set a setting on the open Settings screen by its control, as a player does
    (``value`` as stored: ``on``/``off`` for a flag)."""
    node = t.page.locator(f'[data-setting="{name}"]')
    node.scroll_into_view_if_needed()
    role = node.get_attribute("role")
    if role == "switch":
        if setting_value(t, name) != value:
            node.click()
    elif role == "radiogroup":
        t.page.click(f'[data-setting-of="{name}"][data-value="{value}"]')
    else:
        node.fill(value)
        node.dispatch_event("change")
    assert setting_value(t, name) == value, (name, value)


def close_settings(t: TablePage) -> None:
    t.page.click('.dialog [data-action="done"]')
    t.page.wait_for_function("() => !document.querySelector('#table').dataset.dialog")


# -- the card faces (one stylesheet per face set: assets/cards/<set>/faces.css) ---------
FACE_SET_JS = """sel => [...document.querySelectorAll(sel)].map(card => {
  // the set its table names (faces-<set>), if the card shows that set's picture of it
  const holder = card.closest('[class*="faces-"]');
  const set = holder && [...holder.classList].find(c => c.startsWith('faces-'));
  if (!set) return null;
  const wrap = document.createElement('div');
  wrap.className = set;
  const probe = document.createElement('div');
  probe.className = 'card';
  probe.dataset.face = 'up';
  probe.dataset.card = card.dataset.card;
  wrap.appendChild(probe);
  document.body.appendChild(wrap);
  const drawn = getComputedStyle(probe).backgroundImage;
  wrap.remove();
  const shown = getComputedStyle(card).backgroundImage;
  return drawn === shown && shown.startsWith('url("data:image/svg+xml') ? set.slice(6) : null;
})"""


def face_sets(page: Any, selector: str = "#table .card[data-face=up]") -> list[str | None]:
    """The face set each card matching ``selector`` shows (None: no face picture)."""
    return list(page.evaluate(FACE_SET_JS, selector))
