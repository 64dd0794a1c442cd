"""The card renderer: one DOM element per physical card and per pile, brought
to the tracker's state with only the changes written.

Cards are positioned by the pure layout (:mod:`ui.table.layout`, through
:func:`ui.table.cards.scene`) with ``translate3d`` transforms.  The renderer
remembers what it last wrote for every card (:class:`Drawn`) and writes
only what differs, including the stacking order, so a card lifted for a
drag always comes down again.  It asks the animator to fly the cards a plan
moves, and names the piles and face-up cards for screen readers.

Hooks for tests: every card has ``data-card`` (its text, or "" while face
down: a face-down card never shows its identity in the page), ``data-face``
(``up``/``down``), ``data-in`` (its pile) and ``data-pos`` (its index in the
pile); every pile placeholder has ``data-pile``; ``#table[data-moved]``
counts the cards outlined as moved (reduced motion).

Screen readers (:mod:`ui.chrome.messages`): every pile element is
``role="group"`` with an ``aria-label`` kept current (renamed only when its
cards changed), except a Spider game's run slots after the first, which are
``aria-hidden`` (the first names them all).  Every card element is
``aria-hidden="true"`` (set once, at creation); a face-up card also has
``role="img"`` and an ``aria-label`` ("7 of hearts, face up, 3rd of 6 in
column 3"), a face-down one neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import FREE_COLUMN, STOCK, Card, CardId, PileId, PileRole, Ruleset
from ui.browser.dom import Element, Style, el, mark, window
from ui.chrome import messages as say
from ui.i18n.text import _, language, p_
from ui.table import cards as model
from ui.table.animate_view import Animator, tf
from ui.table.layout import FoundationStyle, Layout
from ui.table.layout_types import DRAW_LABEL

FACES_MARK = "spider-faces"
"""The ``performance.mark`` of a dealt table showing its faces (bench/load.py)."""
DRAG_Z = 100000
FLY_Z = 50000


@dataclass
class Drawn:
    """What the renderer last wrote for one card."""

    x: float
    y: float
    z: int
    up: bool
    text: str
    pile: PileId | None
    index: int


@dataclass
class Scene:
    """What to draw: the tracker's cards at the layout's places."""

    tracker: model.Tracker
    layout: Layout
    places: list[model.Place | None]
    top: float = 0.0
    """The felt's top edge below the header (the layout leaves room for it)."""


FIT_STEPS = 5
FIT_SHRINK = 0.87
"""The draw piles' label shrinks at most five times by this much (to about half) to fit its room."""


class CardRenderer:
    """The card and pile elements of one table."""

    def __init__(self, table: Element, felt: Element, animator: Animator) -> None:
        self.table = table
        self.felt = felt
        self.animator = animator
        animator.when_landed(self.landed)
        self.cards: list[Element] = []
        self._styles: list[Style] = []
        self.drawn: list[Drawn | None] = []
        self.piles: dict[PileId, Element] = {}
        self.badge = el("div", "stock-count", parent=felt, aria_hidden="true")
        self.draw_label: Element | None = None  # "Draw piles", beside their row
        self._moved: set[CardId] = set()
        self._selected: set[CardId] = set()
        self._drop: list[Element] = []  # the lit drop target's pile and top card
        self._sig: dict[
            PileId, tuple[str, tuple[int, ...], tuple[int | None, ...]]
        ] = {}  # what each pile's name was made from, and in which language
        self._named: set[CardId] = set()  # uids whose element carries a name
        self.lifted: set[CardId] = set()
        self._backs: set[CardId] = set()  # dealt face up, still showing their back in flight

    # -- elements -----------------------------------------------------------
    def clear(self) -> None:
        """Remove every card and pile (a new game)."""
        if self.draw_label is not None:
            self.draw_label.remove()
            self.draw_label = None
        for node in self.cards:
            node.remove()
        for node in self.piles.values():
            node.remove()
        self.cards, self._styles, self.drawn, self.piles = [], [], [], {}
        self._sig, self._named, self._moved, self._selected, self.lifted = {}, set(), set(), set(), set()
        self._backs = set()
        self._drop = []

    def make_piles(self, rules: Ruleset) -> None:
        runs = model.is_spider_runs(rules)
        for pile in model.pile_ids(rules):
            role = pile.role
            kind = {
                PileRole.COLUMN: "column",
                PileRole.FREE_COLUMN: "free",
                PileRole.FOUNDATION: "run" if runs else "foundation",
                PileRole.DRAW: "draw",
                PileRole.STOCK: "stock",
            }[role]
            # A named group (aria-label set by label_piles); the completed runs of a
            # Spider game are named together, on the first slot, and the others are hidden.
            hidden = kind == "run" and pile.index != 0
            node = el(
                "div",
                f"pile pile-{kind}",
                parent=self.felt,
                data_pile=pile,
                role=None if hidden else "group",
                aria_hidden="true" if hidden else None,
            )
            if pile is FREE_COLUMN:
                # Translators: the short label under Tournament Spider's Free Column.
                el("span", "pile-label", p_("free column label", "Free"), parent=node, aria_hidden="true")
            self.piles[pile] = node
        self.felt.appendChild(self.badge)
        if rules.draw_piles:  # the piles' own names say "draw pile 3"; this reads them as one row
            self.draw_label = el("div", "row-label", _("Draw piles"), parent=self.felt, aria_hidden="true")
        self.felt.classList.toggle("compact-runs", model.foundation_style(rules) is FoundationStyle.COMPACT)

    def ensure(self, uid: CardId) -> None:
        while len(self.cards) <= uid:
            # Hidden from screen readers (the pile's name says what it holds); a face-up
            # card carries its own name for when it is focused (label_piles).
            node = el("div", "card", parent=self.felt, data_face="down", data_card="", aria_hidden="true")
            self.cards.append(node)
            self._styles.append(node.style)
            self.drawn.append(None)

    def start_at(self, uid: CardId, x: float, y: float) -> None:
        """The card is about to be dealt from (x, y): the next render flies it from there."""
        self.ensure(uid)
        self.drawn[uid] = Drawn(x, y, 0, False, "", None, -1)

    def card(self, uid: CardId) -> Element:
        return self.cards[uid]

    def style(self, uid: CardId) -> Style:
        return self._styles[uid]

    def set_z(self, uid: CardId, z: int) -> None:
        """Write a card's stacking order, and remember it (so render compares with the truth)."""
        self._styles[uid].zIndex = str(z)
        d = self.drawn[uid]
        if d is not None:
            d.z = z

    def moved_to(self, uid: CardId, x: float, y: float) -> None:
        """The card is drawn at (x, y) now (a drag let go): the next render moves it from there."""
        d = self.drawn[uid]
        if d is not None:
            d.x, d.y = x, y

    def lift(self, uids: Sequence[CardId]) -> None:
        """Cards picked up by a drag: above everything, in their order."""
        for k, uid in enumerate(uids):
            self.cards[uid].classList.add("lifted")
            self.set_z(uid, DRAG_Z + k)
        self.lifted = set(uids)

    def put_down(self) -> None:
        for uid in self.lifted:
            self.cards[uid].classList.remove("lifted")
        self.lifted = set()

    def show_backs(self, uids: list[CardId]) -> None:
        """Cards dealt face up show their back while they fly from the stock;
        their faces appear as the deal lands (:meth:`landed`)."""
        for uid in uids:
            node = self.cards[uid]
            node.dataset.face = "down"
            node.dataset.card = ""
            self._backs.add(uid)

    def landed(self, uids: list[CardId], every: bool = True) -> None:
        """Cards that flew (above the others) go back to their stacking order,
        and cards dealt face up show their faces: ``uids`` as each lands, every
        one left when the animations settle (``every``)."""
        backs = self._backs if every else self._backs & set(uids)
        for uid in backs:
            d = self.drawn[uid] if uid < len(self.drawn) else None
            if d is not None and d.up:
                node = self.cards[uid]
                node.dataset.face = "up"
                node.dataset.card = d.text
        self._backs = set() if every else self._backs - backs
        if backs and not self._backs:
            mark(FACES_MARK)  # the dealt table shows its faces
        for uid in uids:
            d = self.drawn[uid] if uid < len(self.drawn) else None
            if d is not None and uid not in self.lifted:
                self._styles[uid].zIndex = str(d.z)

    # -- drawing ------------------------------------------------------------
    def render(self, scene: Scene, plan: model.Plan | None = None, speed: float = 1.0, spiders: bool = True) -> None:
        """Bring the DOM to ``scene``; animate per ``plan`` (None: no animation).  A
        face-up card's picture comes from its ``data-card`` through the face
        set's stylesheet (``assets/cards/<set>/faces.css``, built by
        ``python -m tools.build``, ``tools/build/faces.py``; the table's ``faces-<set>`` class picks the set)."""
        t, places = scene.tracker, scene.places
        animate = plan is not None and speed > 0
        # Reduced motion: cards go straight to their place, and the ones that
        # changed pile (or turned over) keep an outline until the next action.
        mark = plan is not None and not animate
        moved_now: set[CardId] = set()
        for pile, uids in t.piles.items():
            for i, uid in enumerate(uids):
                self.ensure(uid)
                p = places[uid]
                if p is None:
                    continue
                self._draw(uid, p, t.text(uid), pile, i, plan if animate else None, speed, mark, moved_now)
        if animate:
            assert plan is not None
            for uid, delay in plan.flips:
                self.animator.flip(self.cards[uid], delay / speed, model.FLIP_MS / speed)
            if spiders:
                for pile, _slot, start in plan.spiders:
                    self._spider(scene, pile, start / speed, speed)
        self._mark_moved(moved_now)
        self._place_piles(scene)
        if animate and plan is not None and plan.total > 0 and self.animator.running:
            self.animator.busy_for(plan.total / speed + 40)

    def _draw(
        self,
        uid: CardId,
        p: model.Place,
        text: str,
        pile: PileId,
        i: int,
        plan: model.Plan | None,
        speed: float,
        mark: bool,
        moved_now: set[CardId],
    ) -> None:
        node = self.cards[uid]
        style = self._styles[uid]
        old = self.drawn[uid]
        if mark and old is not None and (old.pile != pile or old.up != p.up):
            moved_now.add(uid)
        if old is None or old.text != text or old.up != p.up:
            node.dataset.card = text
            node.dataset.face = "up" if p.up else "down"
        if old is None or old.pile != pile or old.index != i:
            node.setAttribute("data-in", pile)
            node.dataset.pos = str(i)
        if uid in self.lifted:  # a drag holds it: only remember where it belongs
            self.drawn[uid] = Drawn(old.x, old.y, old.z, p.up, text, pile, i) if old else None
            return
        moved = old is None or abs(old.x - p.x) > 0.05 or abs(old.y - p.y) > 0.05
        if moved:
            style.transform = tf(p.x, p.y)
        z = p.z
        if plan is not None and old is not None and (moved or uid in plan.motions):
            m = plan.motions.get(uid)
            delay, dur = (m.delay, m.duration) if m else (0.0, model.MOVE_MS)
            if moved:
                self.animator.fly(uid, node, (old.x, old.y), (p.x, p.y), delay / speed, dur / speed)
                style.zIndex = str(FLY_Z + p.z)
            elif old.z != p.z:
                style.zIndex = str(p.z)
        elif old is None or old.z != p.z:
            style.zIndex = str(p.z)
        self.drawn[uid] = Drawn(p.x, p.y, z, p.up, text, pile, i)

    def _spider(self, scene: Scene, pile: PileId, delay: float, speed: float) -> None:
        lay = scene.layout
        x, _ = model.pile_base(lay, pile)
        uids = scene.tracker.piles.get(pile, [])
        y_end = lay.card_height * 1.5 + scene.top
        if uids:
            p = scene.places[uids[-1]]
            if p:
                y_end = p.y + lay.card_height
        self.animator.spider(x, y_end, lay.card_width, delay, speed)

    def _mark_moved(self, uids: set[CardId]) -> None:
        """Outline the cards the last action moved (reduced motion only)."""
        for uid in self._moved - uids:
            if uid < len(self.cards):
                self.cards[uid].classList.remove("moved")
        for uid in uids - self._moved:
            self.cards[uid].classList.add("moved")
        self._moved = uids
        if uids:
            self.table.dataset.moved = str(len(uids))
        else:
            self.table.removeAttribute("data-moved")

    def _place_piles(self, scene: Scene) -> None:
        lay, t = scene.layout, scene.tracker
        runs = model.foundation_style(t.rules) is FoundationStyle.COMPACT
        next_run = next((p for p in self.piles if p.is_foundation and not t.piles.get(p)), None)
        for pile, node in self.piles.items():
            x, y = model.pile_base(lay, pile)
            node.style.transform = tf(x, y)
            if runs and pile.is_foundation:  # the felt carries .compact-runs
                # Completed runs: only the slot the next run goes to is drawn (an
                # outline); the others would overlap into a row of empty boxes.
                node.toggleAttribute("data-next", pile == next_run)
        if self.draw_label is not None:
            self._place_draw_label(lay)
        if STOCK not in t.piles:
            self.badge.hidden = True
            return
        uids = t.piles[STOCK]
        n = len(uids)
        per = len(t.rules.columns)
        deals = -(-n // per) if n else 0
        p = scene.places[uids[-1]] if uids else None
        x, y = (p.x, p.y) if p else model.pile_base(lay, STOCK)
        self.badge.textContent = str(deals)
        self.badge.style.transform = tf(x, y)
        self.badge.hidden = deals == 0
        self.badge.dataset.deals = str(deals)

    def _place_draw_label(self, lay: Layout) -> None:
        """The label in the room the layout keeps beside the draw piles' row
        (left of it; right of it when the table is mirrored)."""
        assert self.draw_label is not None
        draws = lay.piles_of(PileRole.DRAW)
        if not draws:
            self.draw_label.hidden = True
            return
        room = DRAW_LABEL * lay.card_width - lay.gap
        x = draws[-1].rect.right + lay.gap if lay.mirrored else draws[0].rect.x - lay.gap - room
        st = self.draw_label.style
        st.width = f"{room:.1f}px"
        st.height = f"{lay.card_height:.1f}px"
        st.transform = tf(x, draws[0].rect.y)
        self.draw_label.hidden = False
        self._fit_draw_label()

    def _fit_draw_label(self) -> None:
        """A label too long for its room (a long word, "Nachziehstapel" at
        320 px) gets a smaller font, a step at a time, rather than a word
        broken anywhere or lines past the card's height."""
        label = self.draw_label
        assert label is not None
        label.style.removeProperty("font-size")
        size = float(str(window.getComputedStyle(label).fontSize).removesuffix("px") or 0)
        for _step in range(FIT_STEPS):
            if label.scrollWidth <= label.clientWidth and label.scrollHeight <= label.clientHeight:
                return
            size *= FIT_SHRINK
            label.style.setProperty("font-size", f"{size:.1f}px")

    def label_piles(self, rules: Ruleset, t: model.Tracker) -> None:
        """Name the piles (and the face-up cards) whose contents changed since
        they were last named: a move touches two piles, a deal ten (all of
        them after a change of language)."""
        sig = self._sig
        words = language()
        runs = say.runs_game(rules)
        founds: list[list[Card]] | None = None
        for pile, uids in t.piles.items():
            cards = [t.cards[u] for u in uids]
            key = (words, tuple(uids), tuple(cards))
            if sig.get(pile) == key:
                continue
            sig[pile] = key
            if pile.is_foundation and runs:
                founds = []  # named together, below
            else:
                self.piles[pile].setAttribute("aria-label", say.pile_label(rules, pile, cards) or "")
            n = len(uids)
            for i, (uid, card) in enumerate(zip(uids, cards)):
                node = self.cards[uid]
                if card is not None:
                    node.setAttribute("role", "img")
                    node.setAttribute("aria-label", say.card_label(rules, pile, i, n, card))
                    self._named.add(uid)
                elif uid in self._named:  # face down: no name, no identity
                    node.removeAttribute("role")
                    node.removeAttribute("aria-label")
                    self._named.discard(uid)
        if founds is not None:
            for k in range(rules.foundations):
                founds.append([c for u in t.piles[PileId.foundation(k)] if (c := t.cards[u]) is not None])
            self.piles[PileId.foundation(0)].setAttribute("aria-label", say.runs_label(founds))

    def mark_drop(self, pile: PileId | None, top: CardId | None = None) -> None:
        """Light ``pile`` (its placeholder and its top card ``top``) as the
        drop target during a drag; None puts the light out."""
        for node in self._drop:
            node.classList.remove("drop-target")
        self._drop = []
        if pile is None:
            return
        self._drop.append(self.piles[pile])
        if top is not None and top < len(self.cards):
            self._drop.append(self.cards[top])
        for node in self._drop:
            node.classList.add("drop-target")

    def mark_selection(self, uids: set[CardId]) -> None:
        """The selected cards (a tap or the keyboard's pick) carry ``.selected``."""
        for uid in self._selected - uids:
            if uid < len(self.cards):
                self.cards[uid].classList.remove("selected")
        for uid in uids - self._selected:
            self.cards[uid].classList.add("selected")
        self._selected = set(uids)
