"""The table: the controller that owns the :class:`engine.Game`, and its view.

The view renders the tracker's cards (:mod:`ui.model`) into one keyed DOM
element per physical card, positioned by the pure layout (:mod:`ui.layout`)
with ``translate3d`` transforms, and touches only what changed.  Animations
use the Web Animations API from the old transform to the new one (the final
style is set at once, so cancelling an animation settles the card where it
belongs): input that arrives during an animation first settles everything,
so nothing is lost or played twice.

Input is one code path for mouse, pen and touch (pointer events delegated
from the table, pointer capture, ``touch-action: none``).  The decisions are
pure functions in :mod:`ui.targets`; the move handler only writes cached
style objects.

Hooks for tests: every card has ``data-card`` (its text, or "" while face
down: a face-down card never shows its identity in the page), ``data-face``
(``up``/``down``), ``data-in`` (its pile) and ``data-pos`` (its index in the
pile); every pile placeholder has ``data-pile``; ``#table`` has
``data-preset``, ``data-deal``, ``data-status``, ``data-moves`` (moves
played), ``data-busy`` (while animating) and ``data-arrangement``.

Screen readers (:mod:`ui.announce`): every pile element is
``role="group"`` with an ``aria-label`` kept current (renamed only when its
cards changed), except a Spider game's run slots after the first, which are
``aria-hidden`` (the first names them all).  Every card element is
``aria-hidden="true"`` (set once, at creation, and never touched again, so
a keyboard layer that focuses a card may lift it while the card has the
focus); a face-up card also has ``role="img"`` and an ``aria-label``
("7 of hearts, face up, 3rd of 6 in column 3"), a face-down one neither.
What is said goes through :meth:`TableApp.announce` into ``#live``.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

import engine
from engine.events import RunRemoved, StatusChanged
from engine.moves import Move

from . import announce as say
from . import model, persist, routing, targets
from .helper import Helper
from .keycontrol import Keys
from .dom import Timer, create_proxy, document, el, is_none, on, storage_get, storage_set, to_js, window
from .sound import Sound
from .statsview import Keeper, end_summary, open_stats
from .layout import Layout, Options, PileRole, layout_table

TOP_BAR = 52.0
"""Header height (one row); on narrow screens it takes two rows (:data:`TOP_BAR_NARROW`)."""
TOP_BAR_NARROW = 84.0
NARROW = 560.0
DRAG_Z = 100000
FLY_Z = 50000
MESSAGE_MS = 2600
LIVE_LOG = 6

ASSET = "./assets/cards"


def _tf(x: float, y: float) -> str:
    return f"translate3d({x:.1f}px,{y:.1f}px,0)"


def _fmt_time(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


class Drag:
    """A press on the table, and the drag it may become."""

    __slots__ = (
        "pointer", "pile", "index", "count", "uids", "styles", "x0", "y0", "gx", "gy",
        "rel", "active", "last_x", "last_y", "threshold", "touch",
    )

    def __init__(self, pointer: int, pile: str | None, index: int | None, x0: float, y0: float, touch: bool) -> None:
        self.pointer = pointer
        self.pile = pile
        self.index = index
        self.count = 0
        self.uids: list[int] = []
        self.styles: list[Any] = []
        self.x0 = x0
        self.y0 = y0
        self.gx = 0.0  # grab offset from the head card's corner
        self.gy = 0.0
        self.rel: list[tuple[float, float]] = []
        self.active = False
        self.last_x = x0
        self.last_y = y0
        self.touch = touch
        self.threshold = 9.0 if touch else 4.0


HINT_ICON = (
    '<svg class="icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">'
    '<path fill="currentColor" d="M12 2a7 7 0 0 0-4 12.74V17a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1v-2.26A7 7 0 0 0 12 2zm'
    '2.5 11.5-.5.36V16h-4v-2.14l-.5-.36a5 5 0 1 1 5 0zM9 20h6v2H9z"/></svg>'
)
"""The Hint button's glyph: a light bulb, drawn here (no font has to have it)."""


class TableApp:
    """The whole table page: header, felt, cards, dialogs."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.settings = persist.Settings.from_text(storage_get(persist.SETTINGS_KEY))
        self._motion_mq = window.matchMedia("(prefers-reduced-motion: reduce)")
        self._contrast_mqs = [window.matchMedia("(prefers-contrast: more)"),
                              window.matchMedia("(forced-colors: active)")]
        self.system_reduced = bool(self._motion_mq.matches)
        self.system_contrast = any(bool(mq.matches) for mq in self._contrast_mqs)
        self._moved_marked: set[int] = set()
        self.game: engine.Game | None = None
        self.game_id = ""  # the save's id: statistics count a game once
        self.recorded = False  # this game's result is in the statistics
        self.stats = Keeper()
        self.tracker: model.Tracker | None = None
        self.layout: Layout | None = None
        self.places: list[model.Place | None] = []
        self.cur: list[tuple[float, float, int, bool, str, str, int] | None] = []
        self.card_els: list[Any] = []
        self.card_styles: list[Any] = []
        self.pile_els: dict[str, Any] = {}
        self.anims: list[Any] = []
        self.flying: list[int] = []
        self.spider_els: list[Any] = []
        self.drag: Drag | None = None
        self.selected: tuple[str, int, int] | None = None
        self.width = 0.0
        self.top_bar = TOP_BAR
        self.height = 0.0
        self.left = 0.0
        self.top = 0.0
        self.dialog_open = False
        self.clock_last = time.monotonic()
        self.saved_at = 0.0
        self.pending_end = False
        self._shown_stats = ""
        self.settle_timer = Timer(self.settle)
        self.message_timer = Timer(self._hide_message)
        self.end_timer = Timer(self._show_end)
        self._build()

    # ------------------------------------------------------------------
    # skeleton
    # ------------------------------------------------------------------
    def _build(self) -> None:
        table = el("div", "table", id="table", data_status="loading")
        self.table = table
        bar = el("header", "bar", parent=table)
        self.bar = bar
        self.btn_games = el("button", "btn btn-games", "Games", parent=bar, type="button",
                            data_action="games", title="Choose a game and settings")
        info = el("div", "info", parent=bar)
        self.title_el = el("div", "title", parent=info)
        # Not a live region: a clock ticking every second would keep a screen reader talking.
        # The time and score are read on request (they are text), and said at the end of a game.
        self.info_el = el("div", "stats", parent=info)
        tools = el("div", "tools", parent=bar)
        self.btn_undo = el("button", "btn btn-icon", "↶", parent=tools, type="button", data_action="undo",
                           title="Undo (Ctrl+Z)", aria_label="Undo")
        self.btn_redo = el("button", "btn btn-icon", "↷", parent=tools, type="button", data_action="redo",
                           title="Redo (Ctrl+Shift+Z)", aria_label="Redo")
        # The Hint button: shown by the helper (ui/helper.py), which also adds Finish.
        # A light bulb, not "?": "?" is the key that lists the keys.
        self.btn_hint = el("button", "btn btn-icon", "", parent=tools, type="button", data_action="hint",
                           title="Hint", aria_label="Hint", hidden=True)
        self.btn_hint.innerHTML = HINT_ICON
        self.btn_new = el("button", "btn", "New", parent=tools, type="button", data_action="new",
                          title="New deal of this game (N)")
        self.btn_end = el("button", "btn btn-end", "End", parent=tools, type="button", data_action="end",
                          title="End this game (E)")
        # role=application: a screen reader in browse mode would otherwise take the
        # arrows and letter keys (ui/keyboard.py) before the page sees them.
        felt = el("div", "felt", parent=table, role="application", aria_label="Card table")
        self.felt = felt
        self.badge = el("div", "stock-count", parent=felt, aria_hidden="true")
        # Not live either: every message is also said through #live (show_message), once.
        self.message_el = el("div", "message", parent=table, aria_hidden="true")
        self.overlay = el("div", "overlay", parent=table, hidden=True)
        # What a screen reader says: visually hidden, polite, read whole (see announce).
        self.live_el = el("div", "visually-hidden", parent=table, id="live", role="status", aria_live="polite",
                          aria_atomic="true")
        self._live_parts: list[str] = []
        self._live_seq = 0
        self._live_log: list[str] = []  # the last LIVE_LOG texts said, for tests (#live[data-log])
        self._live_tags: dict[str, str] = {}  # tag -> its sentence in this turn
        self._live_turn = Timer(self._end_live_turn)  # sentences of one turn are said together
        self._pile_sig: dict[str, Any] = {}  # what each pile's name was made from
        self._card_named: set[int] = set()  # uids whose element carries a name
        self.root.replaceChildren(table)
        self._apply_setting_classes()
        self.helper = Helper(self)
        self.sound = Sound(self)
        self.keys = Keys(self)  # keyboard play (ui/keycontrol.py)
        on(document, "pointerdown", lambda e: self.sound.gesture(), capture=True)  # audio after a gesture only

        on(felt, "pointerdown", self.on_down)
        on(felt, "pointermove", self.on_move)
        on(felt, "pointerup", self.on_up)
        on(felt, "pointercancel", self.on_cancel)
        on(felt, "lostpointercapture", self.on_lost)
        on(felt, "contextmenu", lambda e: e.preventDefault())
        on(bar, "click", self.on_bar)
        on(self.overlay, "click", self.on_overlay_click)
        on(document, "keydown", self.on_key)
        on(window, "blur", lambda e: self.cancel_drag())
        on(window, "hashchange", self.on_hash)
        on(document, "visibilitychange", self.on_visibility)
        on(window, "pagehide", lambda e: self.save())
        self._resize_proxy = create_proxy(self.on_resize)
        window.ResizeObserver.new(self._resize_proxy).observe(self.root)
        on(window, "resize", self.on_resize)
        on(self._motion_mq, "change", self._motion_changed)
        for mq in self._contrast_mqs:
            on(mq, "change", self._contrast_changed)
        self._tick_proxy = create_proxy(self.tick)
        window.setInterval(self._tick_proxy, 500)
        self.measure()

    def _motion_changed(self, e: Any) -> None:
        self.system_reduced = bool(e.matches)
        self._apply_setting_classes()
        if self.reduced:
            self.finish_animations()

    def _contrast_changed(self, e: Any) -> None:
        before = self.high_contrast
        self.system_contrast = any(bool(mq.matches) for mq in self._contrast_mqs)
        if self.high_contrast != before:
            self._apply_setting_classes()
            self._refresh_faces()

    @property
    def reduced(self) -> bool:
        """Nothing moves: the "Reduce motion" setting, or the system's when it follows it."""
        return persist.reduce_motion(self.settings.motion, self.system_reduced)

    @property
    def high_contrast(self) -> bool:
        """The high-contrast theme: the setting, or the system's wish when it follows it."""
        return persist.high_contrast(self.settings.contrast, self.system_contrast)

    @property
    def face_set(self) -> str:
        """The folder of the card faces shown: the chosen set, in its
        high-contrast version when the theme is on."""
        return ("hc-" if self.high_contrast else "") + self.settings.faces

    def _apply_setting_classes(self) -> None:
        s = self.settings
        cls = self.table.classList
        cls.toggle("simple", bool(s.simple))
        for b in persist.BACKS:
            cls.toggle(f"back-{b}", s.back == b)
        cls.toggle("reduce-motion", self.reduced)
        cls.toggle("hc", self.high_contrast)
        self.table.dataset.motion = "reduce" if self.reduced else "full"
        self.table.dataset.contrast = "high" if self.high_contrast else "standard"
        document.documentElement.classList.toggle("hc", self.high_contrast)
        document.documentElement.classList.toggle("reduce-motion", self.reduced)

    def _refresh_faces(self) -> None:
        """Show every face-up card in the current face set."""
        if self.tracker is None:
            return
        for uid in range(len(self.cur)):
            self.cur[uid] = None if self.cur[uid] is None else self.cur[uid][:4] + ("\0",) + self.cur[uid][5:]  # type: ignore[assignment]
        self.render(None)
        self.preload_faces()

    @property
    def speed(self) -> float:
        if self.reduced:
            return 0.0
        return 1.4 if self.settings.simple else 1.0

    # ------------------------------------------------------------------
    # starting a game
    # ------------------------------------------------------------------
    def start(self) -> None:
        """Open the game the address names, else resume the saved one, else a new one."""
        self.helper.load_winnable()
        route = routing.parse_route(str(window.location.hash))
        raw = storage_get(persist.CURRENT_KEY)
        slot = persist.read_slot(raw)
        saved, error = slot.game, slot.error
        if error and raw is not None:  # set aside, never dropped
            storage_set(persist.CURRENT_KEY + persist.UNREADABLE_SUFFIX, raw)
        if saved is not None:
            self.game_id, self.recorded = slot.game_id, slot.recorded
        message = " ".join(m for m in (error, self.stats.error) if m) or None
        if route is None:
            if saved is not None:
                self.set_game(saved, restored=True)
            else:
                self.new_random(routing.DEFAULT_PRESET, {})
        else:
            left = False
            if (
                saved is not None
                and saved.preset == route.preset
                and (route.deal is None or saved.deal == route.deal)
                and routing.changed_options(saved.preset, saved.rules.option_values())
                == routing.changed_options(route.preset, dict(route.options))
            ):
                self.set_game(saved, restored=True)
            else:
                # The address names another game: the saved one is left behind, and
                # an unfinished one counts as a loss, as when leaving it from the page.
                self.game = saved
                left = self._in_progress()
                self._new_routed(route)
            if route.error:
                message = route.error + (" " + error if error else "")
            if left:
                message = " ".join(m for m in (message, "The unfinished game you left counted as a loss.") if m)
        if message:
            self.show_message(message, 6000)

    def _new_routed(self, route: routing.Route) -> None:
        """The game an address names: its deal, always; else a random one."""
        if route.deal is None:
            self.new_random(route.preset, dict(route.options))
        else:
            self.set_game(self._new_from(route.preset, route.deal, route.options))

    def with_defaults(self, preset: str, options: dict[str, Any]) -> dict[str, Any]:
        """``options`` with the settings' scoring style and time limit where they are not given."""
        rules = engine.PRESETS.get(preset)
        names = [spec.name for spec in rules.options] if rules is not None else []
        return {**self.settings.game_defaults(names), **options}

    def _new_from(self, preset: str, deal: int | None, options: dict[str, Any]) -> engine.Game:
        options = self.with_defaults(preset, options)
        try:
            return engine.new_game(preset, deal, **options)
        except engine.EngineError as e:
            self.show_message(f"{e}. A random deal of {engine.PRESETS[preset].name} has started.", 6000)
            return engine.new_game(preset)

    def set_game(self, game: engine.Game, restored: bool = False) -> None:
        self.finish_animations()
        self.cancel_drag(animate=False)
        self.end_timer.cancel()
        self.close_dialog()
        if not restored:
            self.stats.leaving(self)  # an abandoned game counts as a loss
            self.game_id, self.recorded = persist.new_game_id(), False
        elif not self.game_id:
            self.game_id = persist.new_game_id()
        self.game = game
        self.selected = None
        self.helper.changed()
        self.tracker = model.Tracker.from_view(game.rules, game.public_view())
        refocus = self.keys.has_focus()
        for node in self.card_els:
            node.remove()
        for node in self.pile_els.values():
            node.remove()
        self.card_els, self.card_styles, self.cur, self.pile_els = [], [], [], {}
        self._pile_sig, self._card_named = {}, set()
        rules = game.rules
        t = self.table
        t.dataset.preset = rules.id
        t.dataset.deal = str(game.deal if game.deal is not None else "")
        t.dataset.family = rules.family
        self._make_piles()
        self.keys.piles_made(refocus)
        self.clock_last = time.monotonic()
        self.relayout()
        plan = None
        if not restored and self.speed > 0:
            plan = self._opening_plan()
        self.render(plan)
        self.announce(say.game_text(rules, game.deal, self._public_piles(), restored=restored,
                                    moves=len(game.moves), level=self.settings.verbosity))
        self._update_url()
        self.save()
        if game.status != "playing":
            self.stats.game_over(self)
            self.save()
            self.pending_end = True
            self._show_end()

    def _opening_plan(self) -> model.Plan:
        """New game: every dealt card flies from the stock (or draw piles)."""
        assert self.tracker is not None and self.layout is not None
        t = self.tracker
        src = "stock" if "stock" in t.piles else "draw-1"
        sx, sy = model.pile_base(self.layout, src)
        motions = {}
        k = 0
        for pile, uids in t.piles.items():
            if not pile.startswith(("column-",)):
                continue
        order: list[int] = []
        cols = [p for p in t.piles if p.startswith("column-")]
        depth = max((len(t.piles[p]) for p in cols), default=0)
        for row in range(depth):
            for p in cols:
                if row < len(t.piles[p]):
                    order.append(t.piles[p][row])
        step = min(18.0, 900.0 / max(1, len(order)))
        for k, uid in enumerate(order):
            self._ensure(uid)
            self.cur[uid] = (sx, sy, 0, False, "", "", -1)
            motions[uid] = model.Motion(uid, k * step, model.DEAL_MS)
        total = len(order) * step + model.DEAL_MS
        return model.Plan(motions, [], [], total)

    def _make_piles(self) -> None:
        assert self.game is not None
        rules = self.game.rules
        runs = model.is_spider_runs(rules)
        for pile in model.pile_ids(rules):
            role = targets.pile_role(pile)
            kind = {
                PileRole.COLUMN: "column",
                PileRole.FREE_COLUMN: "free",
                PileRole.FOUNDATION: "run" if runs else "foundation",
                PileRole.DRAW: "draw",
                PileRole.STOCK: "stock",
            }[role]
            # A named group (aria-label set by _label_piles); the completed runs of a
            # Spider game are named together, on the first slot, and the others are hidden.
            hidden = kind == "run" and pile != "foundation-1"
            node = el("div", f"pile pile-{kind}", parent=self.felt, data_pile=pile,
                      role=None if hidden else "group", aria_hidden="true" if hidden else None)
            if pile == "free":
                el("span", "pile-label", "Free", parent=node, aria_hidden="true")
            self.pile_els[pile] = node
        self.felt.appendChild(self.badge)

    # ------------------------------------------------------------------
    # layout and rendering
    # ------------------------------------------------------------------
    def measure(self) -> bool:
        r = self.root.getBoundingClientRect()
        w, h = float(r.width), float(r.height)
        self.left, self.top = float(r.left), float(r.top)
        changed = (w, h) != (self.width, self.height)
        self.width, self.height = w, h
        return changed

    def relayout(self) -> None:
        assert self.tracker is not None
        w = max(self.width, 100.0)
        h = max(self.height, 200.0)
        self.table.classList.toggle("narrow", w < NARROW)
        # The bar's buttons wrap onto more rows on a very narrow screen (a
        # phone at 200 % zoom): the table starts below the bar as it is.
        nominal = TOP_BAR_NARROW if w < NARROW else TOP_BAR
        self.top_bar = max(nominal, math.ceil(float(self.bar.getBoundingClientRect().height)))
        try:
            self.layout = layout_table(model.table_shape(self.tracker), w, h, self._layout_options())
        except ValueError:
            self.layout = layout_table(model.table_shape(self.tracker), max(w, 320.0), max(h, 480.0),
                                       self._layout_options())
        lay = self.layout
        self.places = model.scene(self.tracker, lay)
        s = self.felt.style
        s.setProperty("--cw", f"{lay.card_width:.2f}px")
        s.setProperty("--ch", f"{lay.card_height:.2f}px")
        s.setProperty("--radius", f"{max(2.0, lay.card_width * 0.07):.1f}px")
        self.table.dataset.arrangement = lay.arrangement.value

    def _layout_options(self) -> Options:
        return Options(top_bar=self.top_bar, left_handed=self.settings.left_handed, portrait=self.settings.portrait)

    def _ensure(self, uid: int) -> None:
        while len(self.card_els) <= uid:
            # Hidden from screen readers (the pile's name says what it holds); a face-up
            # card carries its own name for when it is focused (_label_piles).
            node = el("div", "card", parent=self.felt, data_face="down", data_card="", aria_hidden="true")
            self.card_els.append(node)
            self.card_styles.append(node.style)
            self.cur.append(None)

    def render(self, plan: model.Plan | None = None) -> None:
        """Bring the DOM to the tracker's state; animate per ``plan``."""
        assert self.game is not None and self.tracker is not None and self.layout is not None
        t = self.tracker
        places = self.places
        dragging = set(self.drag.uids) if self.drag and self.drag.active else set()
        faces = self.face_set
        animate = plan is not None and self.speed > 0
        # Reduced motion: cards go straight to their place, and the ones that
        # changed pile (or turned over) keep an outline until the next action.
        mark = plan is not None and not animate
        moved_now: set[int] = set()
        opts = None
        for pile, uids in t.piles.items():
            for i, uid in enumerate(uids):
                self._ensure(uid)
                p = places[uid]
                if p is None:
                    continue
                node = self.card_els[uid]
                style = self.card_styles[uid]
                old = self.cur[uid]
                text = t.text(uid)
                face = "up" if p.up else "down"
                if mark and old is not None and (old[5] != pile or old[3] != p.up):
                    moved_now.add(uid)
                if old is None or old[4] != text or old[3] != p.up:
                    node.dataset.card = text
                    node.dataset.face = face
                    style.backgroundImage = f'url("{ASSET}/{faces}/{text}.svg")' if text else ""
                if old is None or old[5] != pile or old[6] != i:
                    node.setAttribute("data-in", pile)
                    node.dataset.pos = str(i)
                if uid in dragging:
                    self.cur[uid] = (old[0], old[1], p.z, p.up, text, pile, i) if old else None
                    continue
                moved = old is None or abs(old[0] - p.x) > 0.05 or abs(old[1] - p.y) > 0.05
                if moved:
                    style.transform = _tf(p.x, p.y)
                if animate and old is not None and (moved or uid in plan.motions):  # type: ignore[union-attr]
                    m = plan.motions.get(uid)  # type: ignore[union-attr]
                    delay, dur = (m.delay, m.duration) if m else (0.0, model.MOVE_MS)
                    if moved:
                        anim = node.animate(
                            to_js([{"transform": _tf(old[0], old[1])}, {"transform": _tf(p.x, p.y)}]),
                            to_js({"duration": dur / self.speed, "delay": delay / self.speed,
                                   "easing": "cubic-bezier(.25,.8,.35,1)", "fill": "backwards"}),
                        )
                        self.anims.append(anim)
                        style.zIndex = str(FLY_Z + p.z)
                        self.flying.append(uid)
                    elif old[2] != p.z:
                        style.zIndex = str(p.z)
                elif old is None or old[2] != p.z:
                    style.zIndex = str(p.z)
                self.cur[uid] = (p.x, p.y, p.z, p.up, text, pile, i)
        if animate:
            assert plan is not None
            for uid, delay in plan.flips:
                node = self.card_els[uid]
                self.anims.append(node.animate(
                    to_js([{"scale": "0.05 1"}, {"scale": "1 1"}]),
                    to_js({"duration": model.FLIP_MS / self.speed, "delay": delay / self.speed,
                           "easing": "ease-out", "fill": "backwards"}),
                ))
            if not self.settings.simple:
                for pile, slot, start in plan.spiders:
                    self._spider(pile, start / self.speed)
        self._mark_moved(moved_now)
        self._place_piles()
        self._label_piles()
        self._update_header()
        self._mark_selection()
        self.table.dataset.moves = str(len(self.game.moves))
        self.table.dataset.status = self.game.status
        if animate and plan is not None and plan.total > 0 and (self.anims or self.spider_els):
            self.table.dataset.busy = "1"
            self.settle_timer.start(plan.total / self.speed + 40)
        elif not self.anims:
            self.settle()
        self.keys.rendered()

    def _mark_moved(self, uids: set[int]) -> None:
        """Outline the cards the last action moved (reduced motion only)."""
        for uid in self._moved_marked - uids:
            if uid < len(self.card_els):
                self.card_els[uid].classList.remove("moved")
        for uid in uids - self._moved_marked:
            self.card_els[uid].classList.add("moved")
        self._moved_marked = uids
        if uids:
            self.table.dataset.moved = str(len(uids))
        else:
            self.table.removeAttribute("data-moved")

    def _place_piles(self) -> None:
        lay = self.layout
        assert lay is not None and self.tracker is not None
        for pile, node in self.pile_els.items():
            x, y = model.pile_base(lay, pile)
            node.style.transform = _tf(x, y)
        t = self.tracker
        if "stock" in t.piles and self.game is not None:
            n = len(t.piles["stock"])
            per = len(self.game.rules.columns)
            deals = -(-n // per) if n else 0
            uids = t.piles["stock"]
            if uids:
                p = self.places[uids[-1]]
                x, y = (p.x, p.y) if p else model.pile_base(lay, "stock")
            else:
                x, y = model.pile_base(lay, "stock")
            self.badge.textContent = str(deals)
            self.badge.style.transform = _tf(x, y)
            self.badge.hidden = deals == 0
            self.badge.dataset.deals = str(deals)
        else:
            self.badge.hidden = True

    def _label_piles(self) -> None:
        """Name the piles (and the face-up cards) whose contents changed since
        they were last named: a move touches two piles, a deal ten."""
        g, t = self.game, self.tracker
        assert g is not None and t is not None
        rules = g.rules
        sig = self._pile_sig
        runs = say.runs_game(rules)
        founds: list[list[int]] | None = None
        for pile, uids in t.piles.items():
            cards = [t.cards[u] for u in uids]
            key = (tuple(uids), tuple(cards))
            if sig.get(pile) == key:
                continue
            sig[pile] = key
            if pile.startswith("foundation-") and runs:
                founds = []  # named together, below
            else:
                self.pile_els[pile].setAttribute("aria-label", say.pile_label(rules, pile, cards) or "")
            n = len(uids)
            for i, (uid, card) in enumerate(zip(uids, cards)):
                node = self.card_els[uid]
                if card is not None:
                    node.setAttribute("role", "img")
                    node.setAttribute("aria-label", say.card_label(rules, pile, i, n, card))
                    self._card_named.add(uid)
                elif uid in self._card_named:  # face down: no name, no identity
                    node.removeAttribute("role")
                    node.removeAttribute("aria-label")
                    self._card_named.discard(uid)
        if founds is not None:
            for k in range(rules.foundations):
                founds.append([c for u in t.piles[f"foundation-{k + 1}"] if (c := t.cards[u]) is not None])
            self.pile_els["foundation-1"].setAttribute("aria-label", say.runs_label(founds))

    def _spider(self, pile: str, delay: float) -> None:
        """Seed 000: a small spider descends on its thread to the finished run."""
        lay = self.layout
        assert lay is not None
        x, _ = model.pile_base(lay, pile)
        uids = self.tracker.piles.get(pile, []) if self.tracker else []
        y_end = lay.card_height * 1.5 + self.top_bar
        if uids:
            p = self.places[uids[-1]]
            if p:
                y_end = p.y + lay.card_height
        node = el("div", "spider", parent=self.felt, aria_hidden="true")
        el("div", "spider-body", parent=node)
        size = max(28.0, lay.card_width * 0.8)
        node.style.setProperty("--size", f"{size:.0f}px")
        node.style.transform = _tf(x + lay.card_width / 2 - size / 2, -size * 2)
        down = model.SPIDER_DOWN_MS / self.speed
        total = down * 2 + 300
        keyframes = [
            {"transform": _tf(x + lay.card_width / 2 - size / 2, -size * 2), "offset": 0},
            {"transform": _tf(x + lay.card_width / 2 - size / 2, y_end), "offset": down / total},
            {"transform": _tf(x + lay.card_width / 2 - size / 2, y_end), "offset": (down + 300) / total},
            {"transform": _tf(x + lay.card_width / 2 - size / 2, -size * 2), "offset": 1},
        ]
        anim = node.animate(to_js(keyframes), to_js({"duration": total, "delay": delay, "easing": "ease-in-out",
                                                     "fill": "both"}))
        self.anims.append(anim)
        self.spider_els.append(node)
        self.settle_timer.start(delay + total + 40)

    def settle(self) -> None:
        """Every animation finished (or cut short): final z-order, not busy."""
        self.settle_timer.cancel()
        for anim in self.anims:
            try:
                anim.cancel()
            except Exception:
                pass
        self.anims = []
        for uid in self.flying:
            c = self.cur[uid]
            if c is not None and not (self.drag and self.drag.active and uid in self.drag.uids):
                self.card_styles[uid].zIndex = str(c[2])
        self.flying = []
        for node in self.spider_els:
            node.remove()
        self.spider_els = []
        self.table.removeAttribute("data-busy")
        if self.pending_end and not self.end_timer.pending and not self.dialog_open:
            self._show_end()
        self.helper.settled()

    def finish_animations(self) -> None:
        if self.anims or self.spider_els or self.flying:
            self.settle()

    # ------------------------------------------------------------------
    # header
    # ------------------------------------------------------------------
    def _update_header(self) -> None:
        g = self.game
        assert g is not None
        rules = g.rules
        self.title_el.textContent = f"{rules.name}"
        self.title_el.title = f"{rules.name}, deal {g.deal}" if g.deal is not None else rules.name
        self.info_el.textContent = self._shown_stats = self._stats_text()
        self.btn_undo.disabled = not g.can_undo
        self.btn_redo.disabled = not g.can_redo
        self.btn_end.disabled = g.status != "playing"
        self.table.dataset.score = str(g.score)

    def _stats_text(self) -> str:
        g = self.game
        assert g is not None and self.tracker is not None
        rules = g.rules
        parts: list[str] = []
        narrow = self.width < NARROW  # the stock's badge and the draw piles show what is left
        if rules.time_limit is not None:  # the tournament counts down
            parts.append(f"Time {_fmt_time(g.time_left or 0)}")
        else:  # the clock counts up
            parts.append(("" if narrow else "Time ") + _fmt_time(int(g.elapsed)))
        parts.append(f"Score {g.score}")
        view_stock = sum(len(self.tracker.piles.get(p, [])) for p in self.tracker.piles if p == "stock" or p.startswith("draw-"))
        if rules.family == "spider":
            parts.append(f"Runs {g.runs_removed()}/{rules.runs_to_win}")
            if not rules.draw_piles:
                per = len(rules.columns)
                parts.append(f"Deals {-(-view_stock // per)}")
            else:
                left = sum(1 for k in range(rules.draw_piles) if self.tracker.piles[f"draw-{k + 1}"])
                parts.append(f"Piles {left}")
        elif rules.family == "little-spider":
            phase = 1 if view_stock else 2
            parts.insert(0, f"Phase {phase}")
            parts.append(f"Deals {-(-view_stock // len(rules.columns))}")
        else:
            parts.append(f"Deals {-(-view_stock // len(rules.columns))}")
        self.table.dataset.phase = str(1 if view_stock else 2) if rules.family == "little-spider" else ""
        if narrow:
            parts = [p for p in parts if not p.startswith(("Deals", "Piles"))]
        return " · ".join(parts)

    def tick(self, *_: Any) -> None:
        now = time.monotonic()
        dt = now - self.clock_last
        self.clock_last = now
        g = self.game
        if g is None or g.status != "playing" or str(document.visibilityState) != "visible":
            return
        self.helper.tick()
        if dt > 5:  # the page slept: do not charge the player for it
            dt = 0.5
        left = g.time_left
        events = g.set_elapsed(g.elapsed + dt)
        if events:
            self._after(events, [], reverse=False, how="clock")
            return
        self.announce(say.time_warning(left, g.time_left))
        text = self._stats_text()
        if text != self._shown_stats:
            self.info_el.textContent = self._shown_stats = text
        if now - self.saved_at > 5:
            self.save()

    def on_visibility(self, *_: Any) -> None:
        self.clock_last = time.monotonic()
        self.sound.visibility(str(document.visibilityState) != "visible")
        if str(document.visibilityState) != "visible":
            self.save()

    # ------------------------------------------------------------------
    # acting
    # ------------------------------------------------------------------
    def play(self, move: Move) -> bool:
        """Play a move; show why not if it is illegal."""
        g = self.game
        assert g is not None
        self.finish_animations()
        reason = g.why_illegal(move)
        if reason is not None:
            self.show_message(reason)
            self.sound.effect("illegal")
            return False
        self._act(lambda: g.play(move), reverse=False)
        return True

    def undo(self) -> None:
        g = self.game
        assert g is not None
        self.finish_animations()
        self.cancel_drag(animate=False)
        if not g.can_undo:
            if g.status == "playing" and len(g.moves):
                self.show_message("Dealing a draw pile and clearing a run cannot be undone.")
            return
        self.close_dialog()
        self.pending_end = False
        self._act(g.undo, reverse=True, how="undo")

    def redo(self) -> None:
        g = self.game
        assert g is not None
        self.finish_animations()
        self.cancel_drag(animate=False)
        if not g.can_redo:
            return
        self._act(g.redo, reverse=False, how="redo")

    def _act(self, fn: Any, reverse: bool, how: str = "play") -> None:
        assert self.tracker is not None
        self.selected = None
        before = model.copy_tracker(self.tracker)
        try:
            events = fn()
        except engine.IllegalMove as e:
            self.show_message(e.reason if getattr(e, "reason", None) else str(e))
            return
        self._after(events, before, reverse, how)

    def _after(self, events: list[Any], before: Any, reverse: bool, how: str = "play") -> None:
        g = self.game
        assert g is not None and self.tracker is not None
        self.helper.changed()
        if not before:
            before = model.copy_tracker(self.tracker)
        self.tracker.apply(events, reverse)
        rebuilt = self.tracker.sync(g.public_view())
        if rebuilt:
            window.console.warn(f"table: rebuilt piles {rebuilt}")
        self.relayout()
        plan = model.plan(before, self.tracker, events, reverse, 1.0, spiders=not self.settings.simple)
        self.render(plan)
        self._announce_action(events, how)
        self.sound.events(events, reverse)
        self.save()
        if any(isinstance(e, StatusChanged) and e.status != "playing" for e in events):
            self.stats.game_over(self)
            self.save()
            self.pending_end = True
            if not self.anims and not self.spider_els:
                self._show_end()

    def save(self) -> None:
        if self.game is None:
            return
        self.saved_at = time.monotonic()
        if not storage_set(persist.CURRENT_KEY, persist.write_current(self.game, self.game_id, self.recorded)):
            if not getattr(self, "_unsaved_told", False):  # said once a visit
                self._unsaved_told = True
                self.show_message("This browser is not keeping the game: its storage is full or turned off.", 6000)

    def _update_url(self) -> None:
        g = self.game
        assert g is not None
        url = routing.format_route(g.preset, g.deal, routing.changed_options(g.preset, g.rules.option_values()))
        if str(window.location.hash) != url:
            window.history.replaceState(None, "", url)

    def on_hash(self, *_: Any) -> None:
        route = routing.parse_route(str(window.location.hash))
        g = self.game
        if route is None or g is None:
            if g is not None:
                self._update_url()
            return
        same = (g.preset == route.preset and (route.deal is None or route.deal == g.deal)
                and routing.changed_options(g.preset, g.rules.option_values())
                == routing.changed_options(route.preset, dict(route.options)))
        if not same:
            left = self._in_progress()
            self._new_routed(route)
            if left:
                self.show_message("The game you left counted as a loss.")
        else:
            self._update_url()
        if route.error:
            self.show_message(route.error, 6000)

    # ------------------------------------------------------------------
    # messages
    # ------------------------------------------------------------------
    def _end_live_turn(self) -> None:
        self._live_parts.clear()
        self._live_tags.clear()

    def announce(self, text: str, level: str = say.BRIEF, tag: str = "") -> None:
        """Say ``text`` through the live region (screen readers only), if the
        verbosity setting says sentences of ``level`` (``brief``: said unless
        the setting is off; ``full``: only at full).

        Sentences of one turn (one task: an action, its message) are said
        together, in order: the region is atomic and a screen reader reads
        its last text only.  The same sentence twice in a row is still read:
        the region's text alternates a trailing no-break space so that it
        always changes.  ``#table[data-announced]`` is the latest text,
        ``data-announce-seq`` counts the texts written (tests wait on it) and
        ``#live[data-log]`` holds the last :data:`LIVE_LOG` texts (JSON).
        A sentence with a ``tag`` replaces the same turn's earlier sentence of
        that tag (the keyboard's focus and pick: only the latest matters).
        """
        if not text or not say.says(self.settings.verbosity, level):
            return
        parts = self._live_parts
        if text in parts:
            return
        earlier = self._live_tags.get(tag) if tag else None
        if earlier is not None and earlier in parts:
            parts[parts.index(earlier)] = text
        else:
            parts.append(text)
        if tag:
            self._live_tags[tag] = text
        if not self._live_turn.pending:
            self._live_turn.start(0)
        whole = " ".join(parts)
        previous = str(self.live_el.textContent)
        self.live_el.textContent = whole + "\u00a0" if previous == whole else whole
        self._live_seq += 1
        log = self._live_log
        if len(parts) > 1 and log:
            log.pop()  # the same turn's text, grown
        log.append(whole)
        del log[:-LIVE_LOG]
        self.live_el.dataset.log = json.dumps(log)
        self.table.dataset.announced = whole
        self.table.dataset.announceSeq = str(self._live_seq)

    def _announce_action(self, events: list[Any], how: str) -> None:
        g, t = self.game, self.tracker
        assert g is not None and t is not None
        level = self.settings.verbosity
        if not say.says(level):
            return
        quiet = bool(self.helper.autoplay) or self.helper.autoplay_own  # Finish: what the moves cause
        self.announce(say.action_text(g.rules, events, self._public_piles(), how=how, level=level,
                                      moves=len(g.moves), score=g.score, quiet_moves=quiet))

    def _public_piles(self) -> dict[str, list[int | None]]:
        """Every pile as the player sees it (None: a face-down card)."""
        t = self.tracker
        assert t is not None
        return {pile: [t.cards[u] for u in uids] for pile, uids in t.piles.items()}

    def show_message(self, text: str, ms: int = MESSAGE_MS) -> None:
        """Show ``text`` for ``ms`` and say it (the message area itself is not live)."""
        self.message_el.textContent = text
        self.message_el.classList.add("shown")
        self.message_el.removeAttribute("aria-hidden")
        self.table.dataset.message = text
        self.message_timer.start(ms)
        self.announce(text)

    def _hide_message(self) -> None:
        self.message_el.classList.remove("shown")
        self.message_el.setAttribute("aria-hidden", "true")  # no stale sentence for a reader to find
        self.table.removeAttribute("data-message")

    def withdraw_message(self, text: str) -> None:
        """Hide the message now if it is still ``text`` (an offer that no longer holds)."""
        if self.table.getAttribute("data-message") == text:
            self.message_timer.cancel()
            self._hide_message()

    # ------------------------------------------------------------------
    # pointer input
    # ------------------------------------------------------------------
    def _point(self, e: Any) -> tuple[float, float]:
        return float(e.clientX) - self.left, float(e.clientY) - self.top

    def on_down(self, e: Any) -> None:
        if self.drag is not None or self.game is None or self.dialog_open:
            e.preventDefault()  # a second finger or button: ignored
            return
        if int(e.button) > 0:
            return
        e.preventDefault()
        self.finish_animations()
        self.helper.interrupt()  # after settling, which would carry Finish on
        x, y = self._point(e)
        assert self.tracker is not None and self.layout is not None
        h = targets.hit(self.tracker, self.layout, self.places, x, y)
        touch = str(e.pointerType) == "touch"
        self.drag = Drag(int(e.pointerId), h.pile if h else None, h.index if h else None, x, y, touch)
        try:
            self.felt.setPointerCapture(e.pointerId)
        except Exception:
            pass

    def on_move(self, e: Any) -> None:
        d = self.drag
        if d is None or int(e.pointerId) != d.pointer:
            return
        x = float(e.clientX) - self.left
        y = float(e.clientY) - self.top
        d.last_x, d.last_y = x, y
        if not d.active:
            if abs(x - d.x0) + abs(y - d.y0) < d.threshold:
                return
            if not self._lift(d):
                d.pile = None  # not draggable: the press is neither drag nor tap
                return
        hx = x - d.gx
        hy = y - d.gy
        for style, (rx, ry) in zip(d.styles, d.rel):
            style.transform = f"translate3d({hx + rx:.1f}px,{hy + ry:.1f}px,0)"

    def _lift(self, d: Drag) -> bool:
        g, t = self.game, self.tracker
        assert g is not None and t is not None
        if d.pile is None or d.index is None or g.status != "playing":
            return False
        count = targets.drag_count(g.rules, g.position, d.pile, d.index)
        if count == 0:
            return False
        self.selected = None
        self._mark_selection()
        d.count = count
        d.uids = t.piles[d.pile][d.index:]
        d.styles = [self.card_styles[u] for u in d.uids]
        d.active = True
        self._drag_geometry(d)
        for k, uid in enumerate(d.uids):
            node = self.card_els[uid]
            node.classList.add("lifted")
            self.card_styles[uid].zIndex = str(DRAG_Z + k)
        self.table.dataset.dragging = "1"
        return True

    def _drag_geometry(self, d: Drag, scale: float = 1.0) -> None:
        """Grab offset and the dragged cards' offsets from the head card."""
        head = self.places[d.uids[0]]
        assert head is not None
        if scale == 1.0:
            d.gx, d.gy = d.x0 - head.x, d.y0 - head.y
        else:
            d.gx *= scale
            d.gy *= scale
        d.rel = []
        for u in d.uids:
            p = self.places[u]
            assert p is not None
            d.rel.append((p.x - head.x, p.y - head.y))

    def on_up(self, e: Any) -> None:
        d = self.drag
        if d is None or int(e.pointerId) != d.pointer:
            return
        self.drag = None
        x, y = self._point(e)
        if d.active:
            self._drop(d, x, y)
        elif d.pile is not None or d.index is None:
            self._tap(d)

    def on_cancel(self, e: Any) -> None:
        d = self.drag
        if d is not None and int(e.pointerId) == d.pointer:
            self.cancel_drag()

    def on_lost(self, e: Any) -> None:
        d = self.drag
        if d is not None and int(e.pointerId) == d.pointer:
            self.cancel_drag()

    def cancel_drag(self, animate: bool = True) -> None:
        d = self.drag
        self.drag = None
        if d is None or not d.active:
            return
        self._return(d, animate)

    def _return(self, d: Drag, animate: bool = True) -> None:
        """Send dragged cards home (from where they are now)."""
        hx, hy = d.last_x - d.gx, d.last_y - d.gy
        for uid, (rx, ry) in zip(d.uids, d.rel):
            c = self.cur[uid]
            if c is not None:
                self.cur[uid] = (hx + rx, hy + ry, c[2]) + c[3:]  # type: ignore[assignment]
            self.card_els[uid].classList.remove("lifted")
        self.table.removeAttribute("data-dragging")
        self.render(model.Plan({}, [], [], model.MOVE_MS) if animate else None)

    def _drop(self, d: Drag, x: float, y: float) -> None:
        g, lay = self.game, self.layout
        assert g is not None and lay is not None and d.pile is not None
        d.last_x, d.last_y = x, y
        hx, hy = x - d.gx, y - d.gy
        last = d.rel[-1]
        rect = targets.drag_rect(lay, (hx, hy), (hx + last[0], hy + last[1]))
        rules = g.rules
        legal, illegal = [], []
        moves: dict[str, Move] = {}
        for pile in targets.drop_candidates(rules, d.pile, d.count):
            m = targets.move_to(rules, d.pile, d.count, pile)
            if m is None:
                continue
            moves[pile] = m
            (legal if g.why_illegal(m) is None else illegal).append(pile)
        target, ok = targets.choose_drop(lay, rect, legal, illegal)
        if target is not None and ok:
            for uid, (rx, ry) in zip(d.uids, d.rel):
                c = self.cur[uid]
                if c is not None:
                    self.cur[uid] = (hx + rx, hy + ry, c[2]) + c[3:]  # type: ignore[assignment]
                self.card_els[uid].classList.remove("lifted")
            self.table.removeAttribute("data-dragging")
            self.play(moves[target])
            return
        self._return(d)
        if target is not None:
            reason = g.why_illegal(moves[target])
            if reason:
                self.show_message(reason)
                self.sound.effect("illegal")

    # ------------------------------------------------------------------
    # taps
    # ------------------------------------------------------------------
    def _tap(self, d: Drag) -> None:
        g = self.game
        assert g is not None
        if g.status != "playing":
            return
        rules = g.rules
        pile, index = d.pile, d.index
        if pile is None:
            self._deselect()
            return
        if pile == "stock" or pile.startswith("draw-"):
            self._deselect()
            self.play(Move.deal() if pile == "stock" else Move.draw(int(pile[5:]) - 1))
            return
        sel = self.selected
        if sel is not None and self.settings.tap == "select":
            src, sidx, count = sel
            if pile == src and index is not None and index >= sidx:
                self._send_best(src, sidx)
                return
            if pile == src and index is not None:
                self._select(pile, index)
                return
            m = targets.move_to(rules, src, count, pile)
            self._deselect()
            if m is not None:
                self.play(m)
            return
        if index is None:
            self._deselect()
            return
        if self.settings.tap == "select":
            self._select(pile, index)
        else:
            self._send_best(pile, index)

    def _why_not_movable(self, pile: str, index: int) -> str:
        g = self.game
        assert g is not None
        rules = g.rules
        src = model.tableau_index(rules, pile)
        if src is None:
            return "Cards on a foundation stay there."
        col = g.position.tableau[src]
        other = 0 if src != 0 else 1
        reason = g.why_illegal(Move.tableau(src, other, len(col) - index))
        return reason or "These cards cannot move together."

    def _select(self, pile: str, index: int) -> None:
        g = self.game
        assert g is not None
        count = targets.drag_count(g.rules, g.position, pile, index)
        if not count:
            self.show_message(self._why_not_movable(pile, index))
            self._deselect()
            return
        self.selected = (pile, index, count)
        self._mark_selection()

    def _deselect(self) -> None:
        if self.selected is not None:
            self.selected = None
            self._mark_selection()

    def _mark_selection(self) -> None:
        t = self.tracker
        if t is None:
            return
        chosen: set[int] = set()
        if self.selected is not None:
            pile, index, _ = self.selected
            chosen = set(t.piles.get(pile, [])[index:])
        prev = getattr(self, "_marked", set())
        for uid in prev - chosen:
            if uid < len(self.card_els):
                self.card_els[uid].classList.remove("selected")
        for uid in chosen - prev:
            self.card_els[uid].classList.add("selected")
        self._marked = chosen
        if self.selected:
            self.table.dataset.selected = f"{self.selected[0]}:{self.selected[1]}"
        else:
            self.table.removeAttribute("data-selected")

    def _send_best(self, pile: str, index: int) -> None:
        g = self.game
        assert g is not None
        self._deselect()
        count = targets.drag_count(g.rules, g.position, pile, index)
        if not count:
            self.show_message(self._why_not_movable(pile, index))
            return
        src = model.tableau_index(g.rules, pile)
        assert src is not None
        m = targets.best_move(g.rules, g.position, g.legal_moves(), src, count)
        if m is None:
            self.show_message("These cards have nowhere to go." if count > 1 else "This card has nowhere to go.")
            self._shake([u for u in self.tracker.piles[pile][index:]] if self.tracker else [])
            return
        self.play(m)

    def _shake(self, uids: list[int]) -> None:
        if self.speed <= 0:
            return
        for uid in uids:
            c = self.cur[uid]
            if c is None:
                continue
            x, y = c[0], c[1]
            self.anims.append(self.card_els[uid].animate(
                to_js([{"transform": _tf(x, y)}, {"transform": _tf(x - 4, y)}, {"transform": _tf(x + 4, y)},
                       {"transform": _tf(x, y)}]),
                to_js({"duration": 220}),
            ))
        self.table.dataset.busy = "1"
        self.settle_timer.start(240)

    # ------------------------------------------------------------------
    # resize
    # ------------------------------------------------------------------
    def on_resize(self, *_: Any) -> None:
        if self.game is None:
            self.measure()
            return
        if not self.measure():
            return
        old_w = self.layout.card_width if self.layout else 0.0
        self.finish_animations()
        self.relayout()
        d = self.drag
        if d is not None and d.active and self.layout is not None:
            self._drag_geometry(d, self.layout.card_width / old_w if old_w else 1.0)
            hx, hy = d.last_x - d.gx, d.last_y - d.gy
            for style, (rx, ry) in zip(d.styles, d.rel):
                style.transform = _tf(hx + rx, hy + ry)
        self.render(None)

    # ------------------------------------------------------------------
    # header buttons and keys
    # ------------------------------------------------------------------
    def on_bar(self, e: Any) -> None:
        target = e.target.closest("[data-action]")
        if is_none(target) or target.disabled:
            return
        action = str(target.dataset.action)
        self.helper.interrupt()
        if action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()
        elif action == "games":
            self.open_chooser()
        elif action == "new":
            self.ask_new(lambda: self.new_random(self.game.preset, self._options()))
        elif action == "end":
            self.ask_end()
        elif action == "hint":
            self.hint()

    def hint(self) -> None:
        self.helper.hint()

    def new_random(self, preset: str, options: dict[str, Any]) -> None:
        """A new game of ``preset`` with a random deal (a proven winnable one
        when "Winnable deals only" is on for it)."""
        options = self.with_defaults(preset, options)
        deal, note = self.helper.random_deal(preset, options)
        self.set_game(self._new_from(preset, deal, options))
        if note:
            self.show_message(note)

    def _options(self) -> dict[str, Any]:
        """The options of a new deal of this game: the current game's, with
        the scoring style and time limit from the settings."""
        g = self.game
        assert g is not None
        values = g.rules.option_values()
        return {**values, **self.settings.game_defaults(list(values))}

    def on_key(self, e: Any) -> None:
        if str(e.key) in ("Shift", "Control", "Alt", "Meta"):
            return
        self.helper.interrupt()  # any key stops Finish and the background search
        self.sound.gesture()
        self.keys.on_key(e)  # every key: ui/keycontrol.py (rules in ui/keyboard.py)

    # ------------------------------------------------------------------
    # dialogs: confirm, end screen, chooser
    # ------------------------------------------------------------------
    def _dialog(self, kind: str, title: str) -> Any:
        self.cancel_drag(animate=False)
        self.keys.dialog_opening()  # focus into the dialog, back when it closes
        self.overlay.replaceChildren()
        self.overlay.dataset.kind = kind
        box = el("div", f"dialog dialog-{kind}", parent=self.overlay, role="dialog", aria_modal="true",
                 aria_labelledby="dialog-title", tabindex="-1")
        el("h2", "", title, parent=box, id="dialog-title")
        self.overlay.hidden = False
        self.dialog_open = True
        self.table.dataset.dialog = kind
        self._dialog_actions: dict[str, Any] = {}
        box.focus(to_js({"preventScroll": True}))  # a screen reader reads the dialog by its title
        return box

    def _buttons(self, box: Any, buttons: list[tuple[str, str, Any, bool]]) -> None:
        row = el("div", "dialog-buttons", parent=box)
        for action, label, fn, primary in buttons:
            el("button", "btn" + (" primary" if primary else ""), label, parent=row, type="button",
               data_action=action)
            self._dialog_actions[action] = fn

    def close_dialog(self) -> None:
        if not self.dialog_open:
            return
        self.overlay.hidden = True
        self.overlay.replaceChildren()
        self.dialog_open = False
        self.table.removeAttribute("data-dialog")
        self.clock_last = time.monotonic()
        self.keys.dialog_closed()

    def on_overlay_click(self, e: Any) -> None:
        target = e.target.closest("[data-action]")
        if is_none(target):
            if e.target == self.overlay and self.overlay.dataset.kind not in ("end",):
                self.close_dialog()
            return
        fn = self._dialog_actions.get(str(target.dataset.action))
        if fn is not None:
            fn()
            self.keys.after_dialog_action()  # a button that replaced itself leaves the focus in the dialog

    def _in_progress(self) -> bool:
        g = self.game
        return g is not None and g.status == "playing" and len(g.moves) > 0

    def ask_new(self, then: Any) -> None:
        if not self._in_progress():
            then()
            return
        if not self.settings.confirm:  # confirmations off: said afterwards
            then()
            self.show_message("The game you left counted as a loss.")
            return
        box = self._dialog("confirm", "Start a new game?")
        el("p", "", "The game in progress will be abandoned and count as a loss.", parent=box)
        self._buttons(box, [("cancel", "Keep playing", self.close_dialog, False),
                            ("confirm", "New game", then, True)])

    def ask_end(self) -> None:
        g = self.game
        if g is None or g.status != "playing":
            return
        if not self.settings.confirm:
            self._act(g.resign, reverse=False)
            return
        box = self._dialog("confirm", "End this game?")
        extra = " Your score is posted with its time bonus." if g.rules.time_limit is not None else ""
        el("p", "", "It counts as a loss." + extra, parent=box)

        def end() -> None:
            self.close_dialog()
            self._act(g.resign, reverse=False)

        self._buttons(box, [("cancel", "Keep playing", self.close_dialog, False), ("confirm", "End game", end, True)])

    def _show_end(self) -> None:
        g = self.game
        if g is None or g.status == "playing":
            self.pending_end = False
            return
        if self.anims or self.spider_els:
            return  # settle() calls back
        self.pending_end = False
        won = g.status == "won"
        if won and self.speed > 0 and not self.settings.simple and not getattr(self, "_waved", False):
            self._waved = True
            self._win_wave()
            return
        self._waved = False
        reason = g.end_reason
        title = {
            "won": "You won!",
            "stuck": "No moves left",
            "resigned": "Game ended",
            "time": "Time is up",
        }.get(reason or "", "Game over")
        box = self._dialog("end", title)
        box.classList.add("won" if won else "lost")
        if won and not self.settings.simple:
            el("div", "win-spider", parent=box, aria_hidden="true")
        el("p", "end-score", f"Score {g.score}", parent=box)
        parts = g.score_breakdown()
        lines = el("ul", "breakdown", parent=box)
        for name, value in parts.items():
            el("li", "", f"{name.replace('_', ' ').capitalize()}: {value:+d}" if name != "start" else f"Start: {value}",
               parent=lines)
        el("p", "end-deal", f"{g.rules.name}, deal {g.deal}", parent=box)
        end_summary(self, box)
        if reason == "stuck" and not self.recorded:
            el("p", "end-note", "Undo to play on; another game counts this one as a loss.", parent=box)
        buttons: list[tuple[str, str, Any, bool]] = []
        if reason == "stuck" and g.can_undo:
            buttons.append(("undo", "Undo", self.undo, False))
        buttons += [
            ("stats", "Statistics", lambda: open_stats(self), False),
            ("replay", "Replay this deal", lambda: self.set_game(engine.new_game(g.preset, g.deal, **g.rules.option_values())), False),
            ("games", "Choose game", self.open_chooser, False),
            ("new-game", "Next deal", lambda: self.new_random(g.preset, self._options()), True),
        ]
        self._buttons(box, buttons)

    def _win_wave(self) -> None:
        """The win: every card leaps in a wave, then the win screen."""
        assert self.tracker is not None and self.layout is not None
        k = 0
        amp = self.layout.card_height * 0.8
        for pile, uids in self.tracker.piles.items():
            for uid in uids:
                c = self.cur[uid]
                if c is None:
                    continue
                x, y = c[0], c[1]
                self.anims.append(self.card_els[uid].animate(
                    to_js([{"transform": _tf(x, y)}, {"transform": _tf(x, y - amp) + " rotate(8deg)"},
                           {"transform": _tf(x, y)}]),
                    to_js({"duration": 520, "delay": k * 9, "easing": "ease-in-out"}),
                ))
                k += 1
        self.table.dataset.busy = "1"
        self.pending_end = True
        self.settle_timer.start(k * 9 + 560)

    def open_chooser(self) -> None:
        from .chooser import build_chooser

        build_chooser(self)

    def start_chosen(self, preset: str, deal: int | None, options: dict[str, Any]) -> None:
        chosen = {k: v for k, v in options.items() if k in ("scoring", "time_limit")}
        if chosen:  # the chooser's choice becomes the default of new games
            self.change_settings(**chosen)
        def go() -> None:
            if deal is None:
                self.new_random(preset, options)
            else:  # a deal the player typed is always played
                self.set_game(self._new_from(preset, deal, options))

        if self._in_progress():
            self.ask_new(go)
        else:
            go()

    def change_settings(self, **values: Any) -> None:
        for k, v in values.items():
            setattr(self.settings, k, v)
        storage_set(persist.SETTINGS_KEY, self.settings.to_text())
        self._apply_setting_classes()
        if "indicator" in values:
            self.helper.settings_changed()
        if {"volume", "music", "muted"} & set(values):
            self.sound.update()
        if {"left_handed", "portrait"} & set(values) and self.tracker is not None:
            self.finish_animations()
            self.relayout()
            self.render(None)
        if "motion" in values and self.reduced:
            self.finish_animations()
        if {"faces", "contrast"} & set(values):
            self._refresh_faces()

    def preload_faces(self) -> None:
        """Fetch every face once, so a flip never waits for its picture."""
        self._preloaded = []
        for r in "A23456789TJQK":
            for s in "shdc":
                img = window.Image.new()
                img.src = f"{ASSET}/{self.face_set}/{r}{s}.svg"
                self._preloaded.append(img)
