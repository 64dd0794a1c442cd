"""The pointer controller: mouse, pen and touch as one code path.

A press on the felt starts a :class:`ui.table.pointer.Drag`, kept in the
table state (pointer capture, ``touch-action:
none``); moving past a small threshold lifts the cards from the pressed
one down, if they can move together, and they follow the pointer (only
cached style objects are written while moving).  Letting go drops them on
the pile they overlap most (:func:`ui.table.pointer.choose_drop`) or sends them
home; a press without a drag is a tap, which the table decides.  A second
finger or button while one drag runs is ignored; a cancelled pointer, a
lost capture or the window losing focus send the cards home.

While cards are lifted, the pile a drop would go to now (a legal one:
:func:`ui.table.pointer.choose_drop`'s choice) is lit, and follows the
cards as they move.

Hooks for tests: ``#table[data-dragging]`` while cards are lifted,
``#table[data-drop]`` the lit pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import engine
from engine import CardId, Move, Outcome, PileId
from ui.browser.dom import Bindings, DomEvent, Element, Style, window
from ui.table import cards
from ui.table import pointer as targets
from ui.table.animate_view import tf
from ui.table.layout import Layout
from ui.table.pointer import Drag
from ui.table.render_view import CardRenderer
from ui.table.state import TableState


class View(Protocol):
    """What the pointer needs of the table."""

    @property
    def game(self) -> engine.Game | None: ...
    @property
    def tracker(self) -> cards.Tracker | None: ...
    @property
    def places(self) -> list[cards.Place | None]: ...
    def layout_now(self) -> Layout | None: ...
    def accepts_input(self) -> bool: ...
    def before_input(self, landed: Sequence[CardId] = ()) -> None: ...
    def dispatch(self, move: Move, how: str = ...) -> bool: ...
    def is_legal(self, move: Move) -> bool: ...
    def tap(self, pile: PileId | None, index: int | None) -> None: ...
    def refuse(self, reason: str, uids: Sequence[CardId], sound: bool = False) -> None: ...
    def why_not_movable(self, pile: PileId, index: int) -> str: ...
    def lifted(self) -> None: ...
    def redraw(self, animate: bool) -> None: ...


class Pointer:
    """Drags and taps on one table's felt."""

    def __init__(self, felt: Element, table: Element, view: View, renderer: CardRenderer, state: TableState) -> None:
        self.felt = felt
        self.table = table
        self.view = view
        self.renderer = renderer
        self.state = state  # the press in progress is kept there (state.drag), written here only
        self._styles: list[Style] = []  # the lifted cards' style objects, written while they move
        self.left = self.top = 0.0  # the felt's offset in the page
        self._bindings = Bindings()
        b = self._bindings
        b.on(felt, "pointerdown", self.on_down)
        b.on(felt, "pointermove", self.on_move)
        b.on(felt, "pointerup", self.on_up)
        b.on(felt, "pointercancel", self._on_end)
        b.on(felt, "lostpointercapture", self._on_end)
        b.on(felt, "contextmenu", lambda e: e.preventDefault())
        b.on(window, "blur", lambda e: self.cancel())

    def set_origin(self, left: float, top: float) -> None:
        """Where the felt's top-left corner is in the page."""
        self.left, self.top = left, top

    def _point(self, e: DomEvent) -> tuple[float, float]:
        return float(e.clientX) - self.left, float(e.clientY) - self.top

    def on_down(self, e: DomEvent) -> None:
        v = self.view
        if self.state.drag is not None or v.game is None or not v.accepts_input():
            e.preventDefault()  # a second finger or button: ignored
            return
        if int(e.button) > 0:
            return
        e.preventDefault()
        x, y = self._point(e)
        t, lay = v.tracker, v.layout_now()
        assert t is not None and lay is not None
        h = targets.hit(t, lay, v.places, x, y)
        # a card the deal has landed is picked up while the others still fly
        v.before_input(t.piles[h.pile][h.index :] if h is not None and h.index is not None else ())
        t, lay = v.tracker, v.layout_now()  # the same, unless settling played on (Finish)
        assert t is not None and lay is not None
        h = targets.hit(t, lay, v.places, x, y)
        touch = str(e.pointerType) == "touch"
        self.state.drag = Drag(int(e.pointerId), h.pile if h else None, h.index if h else None, x, y, touch)
        try:
            self.felt.setPointerCapture(e.pointerId)
        except Exception:
            pass

    def on_move(self, e: DomEvent) -> None:
        d = self.state.drag
        if d is None or int(e.pointerId) != d.pointer:
            return
        x, y = self._point(e)
        d.last_x, d.last_y = x, y
        if not d.active:
            if d.refused or abs(x - d.x0) + abs(y - d.y0) < d.threshold:
                return
            if not self._lift(d):
                d.refused = True  # not draggable: the press is neither drag nor tap
                d.pile = None
                return
        hx, hy = x - d.gx, y - d.gy
        for style, (rx, ry) in zip(self._styles, d.rel):
            style.transform = tf(hx + rx, hy + ry)
        self._light(d)

    def _target(self, d: Drag) -> tuple[PileId | None, bool]:
        """Where the cards would go if let go now (see ``choose_drop``)."""
        lay = self.view.layout_now()
        assert lay is not None
        hx, hy = d.last_x - d.gx, d.last_y - d.gy
        last = d.rel[-1]
        rect = targets.drag_rect(lay, (hx, hy), (hx + last[0], hy + last[1]))
        return targets.choose_drop(lay, rect, d.legal, d.illegal)

    def _light(self, d: Drag) -> None:
        """Light the legal pile a drop would go to now (none over no such pile)."""
        target, ok = self._target(d)
        lit = target if ok else None
        if lit != d.lit:
            d.lit = lit
            t = self.view.tracker
            uids = t.piles.get(lit, []) if t is not None and lit is not None else []
            self.renderer.mark_drop(lit, uids[-1] if uids else None)
            if lit is None:
                self.table.removeAttribute("data-drop")
            else:
                self.table.dataset.drop = str(lit)

    def _lift(self, d: Drag) -> bool:
        v = self.view
        g, t = v.game, v.tracker
        assert g is not None and t is not None
        if d.pile is None or d.index is None or g.status != Outcome.PLAYING:
            return False
        count = targets.drag_count(g.rules, g.position, d.pile, d.index)
        if count == 0:
            # The same answer as a tap: the reason, and a short shake of the cards.
            if cards.tableau_index(g.rules, d.pile) is not None:
                v.refuse(v.why_not_movable(d.pile, d.index), t.piles[d.pile][d.index :])
            return False
        v.lifted()
        d.count = count
        for pile in targets.drop_candidates(g.rules, d.pile, count):
            m = targets.move_to(g.rules, d.pile, count, pile)
            if m is not None:
                d.moves[pile] = m
                (d.legal if v.is_legal(m) else d.illegal).append(pile)
        d.uids = t.piles[d.pile][d.index :]
        self._styles = [self.renderer.style(u) for u in d.uids]
        d.active = True
        self.geometry(d)
        self.renderer.lift(d.uids)
        self.table.dataset.dragging = "1"
        return True

    def geometry(self, d: Drag, scale: float = 1.0) -> None:
        """Grab offset and the dragged cards' offsets from the head card."""
        places = self.view.places
        head = places[d.uids[0]]
        assert head is not None
        if scale == 1.0:
            d.gx, d.gy = d.x0 - head.x, d.y0 - head.y
        else:
            d.gx *= scale
            d.gy *= scale
        d.rel = []
        for u in d.uids:
            p = places[u]
            assert p is not None
            d.rel.append((p.x - head.x, p.y - head.y))

    def follow(self, scale: float) -> None:
        """The table was laid out again mid-drag: the lifted cards keep up."""
        d = self.state.drag
        if d is None or not d.active:
            return
        self.geometry(d, scale)
        hx, hy = d.last_x - d.gx, d.last_y - d.gy
        for style, (rx, ry) in zip(self._styles, d.rel):
            style.transform = tf(hx + rx, hy + ry)
        self._light(d)

    def on_up(self, e: DomEvent) -> None:
        d = self.state.drag
        if d is None or int(e.pointerId) != d.pointer:
            return
        self.state.drag = None
        x, y = self._point(e)
        if d.active:
            self._drop(d, x, y)
        elif d.pile is not None or d.index is None:
            self.view.tap(d.pile, d.index)

    def replay(self, press: tuple[float, float], release: tuple[float, float], touch: bool, moved: bool) -> None:
        """A gesture made before the table was ready (the welcome deal's first
        move, ``ui/table/first_move.py``), handled now as a live one: pressed
        at ``press`` and let go at ``release`` (points on the felt), having
        ``moved`` past the drag threshold or not, through the same hit test,
        lift, drop and tap as a pointer's.  The lifted cards start from where
        the page left them, at ``release``."""
        v = self.view
        if self.state.drag is not None or v.game is None or not v.accepts_input():
            return
        x, y = press
        t, lay = v.tracker, v.layout_now()
        assert t is not None and lay is not None
        h = targets.hit(t, lay, v.places, x, y)
        v.before_input(t.piles[h.pile][h.index :] if h is not None and h.index is not None else ())
        t, lay = v.tracker, v.layout_now()
        assert t is not None and lay is not None
        h = targets.hit(t, lay, v.places, x, y)
        d = Drag(-1, h.pile if h else None, h.index if h else None, x, y, touch)
        rx, ry = release
        if moved:
            d.last_x, d.last_y = rx, ry
            if not self._lift(d):
                return  # not draggable: neither drag nor tap (the reason was given)
            hx, hy = rx - d.gx, ry - d.gy
            for style, (ox, oy) in zip(self._styles, d.rel):
                style.transform = tf(hx + ox, hy + oy)
            self._drop(d, rx, ry)
        elif d.pile is not None or d.index is None:
            v.tap(d.pile, d.index)

    def _on_end(self, e: DomEvent) -> None:
        d = self.state.drag
        if d is not None and int(e.pointerId) == d.pointer:
            self.cancel()

    def cancel(self, animate: bool = True) -> None:
        """Send lifted cards home (a cancelled pointer, Escape, a dialog)."""
        d = self.state.drag
        self.state.drag = None
        if d is None or not d.active:
            return
        self._let_go(d, d.last_x, d.last_y)
        self.view.redraw(animate)

    def _let_go(self, d: Drag, x: float, y: float) -> None:
        """The cards are where the pointer left them."""
        hx, hy = x - d.gx, y - d.gy
        for uid, (rx, ry) in zip(d.uids, d.rel):
            self.renderer.moved_to(uid, hx + rx, hy + ry)
        self._styles = []
        self.renderer.put_down()
        self.renderer.mark_drop(None)
        self.table.removeAttribute("data-drop")
        self.table.removeAttribute("data-dragging")

    def _drop(self, d: Drag, x: float, y: float) -> None:
        v = self.view
        assert v.game is not None and d.pile is not None
        d.last_x, d.last_y = x, y
        target, ok = self._target(d)
        self._let_go(d, x, y)
        if target is not None and ok:
            v.dispatch(d.moves[target])
            return
        v.redraw(True)
        if target is not None:
            v.dispatch(d.moves[target])  # illegal: the engine says why (its one judgement)
