"""Keyboard play on the page: the glue between key presses, the pure rules
of :mod:`ui.keyboard` and the table (:class:`ui.app.TableApp`).

* Roving tabindex: the table is one Tab stop; its piles (``[data-pile]``)
  are focused with the arrow keys, one of them with ``tabindex=0``.
* A focus ring (``.kbd-ring``, drawn above the cards) shows the focused pile
  and, in a column, the cards Enter would pick; with cards picked, it marks
  the target (``.target``).
* Picks reuse the tap selection (``TableApp.selected``, ``_select``,
  ``_mark_selection``), drops and "best place" reuse ``play`` and
  ``_send_best``; the engine's reason of an illegal move is shown by the
  page's message and the pick stays.
* Dialogs: focus moves into an opened dialog, Tab and Shift+Tab stay in it,
  Escape presses its Close or Cancel, and the focus returns where it was.
  The rest of the page is ``inert`` meanwhile.
* The help dialog (``?``) lists :data:`ui.keyboard.KEYS`.

Hooks for tests: ``#table[data-focus="column-3:4"]`` (pile and pick point,
also when the ring is hidden), ``#table[data-kbd]`` while the ring shows,
``#table[data-selected]`` (the pick, from the tap selection).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.moves import Move

from . import keyboard as kb
from . import targets
from .dom import Timer, document, el, is_none, on, to_js
from .model import pile_base, tableau_index

if TYPE_CHECKING:
    from .app import TableApp

FOCUSABLE = ('button:not([disabled]), select:not([disabled]), input:not([disabled]), textarea:not([disabled]), '
             'summary, a[href], [tabindex]:not([tabindex="-1"])')

# where the focus goes when a dialog opens (else its first focusable element)
DIALOG_FOCUS = {
    "confirm": ".dialog-buttons .btn",  # the safe choice comes first ("Keep playing")
    "end": ".dialog-buttons .btn.primary",
    "chooser": ".choice.chosen",
    "stats": "#stats-preset",
    "help": ".dialog-buttons .btn",
}


def _tf(x: float, y: float) -> str:
    return f"translate3d({x:.1f}px,{y:.1f}px,0)"


class Keys:
    """The keyboard of one table."""

    def __init__(self, app: "TableApp") -> None:
        self.app = app
        self.focus: kb.Focus | None = None
        self.came: tuple[str, str] | None = None  # (pile reached by Up/Down, pile it left)
        self.places: dict[str, Any] = {}
        self.shown = False  # the ring is drawn
        self.seen: tuple[int, int] = (-1, -1)  # (game id, moves) the focus was last fitted to
        self.return_to: Any = None
        self.ring = el("div", "kbd-ring", parent=app.felt, aria_hidden="true", hidden=True)
        self.dialog_timer = Timer(self._focus_dialog)
        on(app.felt, "focusin", self.on_focusin)
        on(app.felt, "focusout", self.on_focusout)
        on(app.felt, "pointerdown", lambda e: self._show(False), capture=True)
        self.told = False  # the tip about the keys was shown this visit
        for node, keys in ((app.btn_undo, "Control+Z"), (app.btn_redo, "Control+Shift+Z Control+Y"),
                           (app.btn_hint, "H"), (app.btn_new, "N"), (app.btn_end, "E")):
            node.setAttribute("aria-keyshortcuts", keys)

    # ------------------------------------------------------------------
    # the table's state
    # ------------------------------------------------------------------
    @property
    def picking(self) -> bool:
        return self.app.selected is not None

    def has_focus(self) -> bool:
        """A pile of the table holds the page's focus."""
        active = document.activeElement
        return not is_none(active) and bool(self.app.felt.contains(active)) and active != self.app.felt

    def piles_made(self, refocus: bool) -> None:
        """The pile elements of a new game exist: one Tab stop, the focus kept
        on the same pile when the game has it (else column 1)."""
        app = self.app
        g = app.game
        assert g is not None
        piles = kb.nav_piles(g.rules)
        if self.focus is None or self.focus.pile not in piles:
            self.focus = kb.arrive(g.rules, g.position, piles[0])
        self.came = None
        self.seen = (-1, -1)
        for pile, node in app.pile_els.items():
            # (their role and name come from ui/announce.py, set by the table)
            node.setAttribute("tabindex", "0" if pile == self.focus.pile else "-1")
        if refocus:
            self._focus_element()

    def rendered(self) -> None:
        """After every render: the focus fitted to the position (after an
        action the pick point goes back to the head of the run), the ring redrawn."""
        app = self.app
        g = app.game
        if g is None or app.layout is None or self.focus is None:
            return
        self.places = kb.slots(app.layout, kb.nav_piles(g.rules))
        seen = (id(g), len(g.moves))
        if seen != self.seen:
            self.seen = seen
            self.focus = kb.arrive(g.rules, g.position, self.focus.pile)
        else:
            self.focus = kb.clamp(g.rules, g.position, self.focus)
        app.table.dataset.focus = self.focus.text()
        self._draw_ring()

    # ------------------------------------------------------------------
    # focus and ring
    # ------------------------------------------------------------------
    def on_focusin(self, e: Any) -> None:
        node = e.target
        pile = None if is_none(node) else node.getAttribute("data-pile")
        g = self.app.game
        if pile is None or is_none(pile) or g is None:
            return
        pile = str(pile)
        if self.focus is None or self.focus.pile != pile:
            self._set_focus(kb.arrive(g.rules, g.position, pile), move_dom=False)
        self._show(True)
        if not self.told:  # the first time the table has the focus in a visit
            self.told = True
            self.app.show_message(kb.TIP, 5000)

    def on_focusout(self, e: Any) -> None:
        nxt = e.relatedTarget
        if is_none(nxt) or not bool(self.app.felt.contains(nxt)):
            self._show(False)

    def _show(self, shown: bool) -> None:
        self.shown = shown
        if shown:
            self.app.table.dataset.kbd = "1"
        else:
            self.app.table.removeAttribute("data-kbd")
        self._draw_ring()

    def _set_focus(self, focus: kb.Focus, move_dom: bool = True) -> None:
        old = self.focus
        self.focus = focus
        app = self.app
        if old is not None and old.pile != focus.pile and old.pile in app.pile_els:
            app.pile_els[old.pile].setAttribute("tabindex", "-1")
        app.table.dataset.focus = focus.text()
        if move_dom:
            self._focus_element()
        elif focus.pile in app.pile_els:
            app.pile_els[focus.pile].setAttribute("tabindex", "0")
        self._draw_ring()

    def _focus_element(self) -> None:
        assert self.focus is not None
        node = self.app.pile_els.get(self.focus.pile)
        if node is None:
            return
        node.setAttribute("tabindex", "0")
        if document.activeElement != node:
            node.focus(to_js({"preventScroll": True}))
        self._show(True)

    def _draw_ring(self) -> None:
        app = self.app
        ring = self.ring
        f = self.focus
        if not self.shown or f is None or app.layout is None or app.tracker is None or app.dialog_open:
            ring.hidden = True
            return
        lay = app.layout
        w, h = lay.card_width, lay.card_height
        uids = app.tracker.piles.get(f.pile, [])
        places = app.places
        target = self.picking and app.selected is not None and app.selected[0] != f.pile
        first = uids[f.index] if (f.index is not None and f.index < len(uids) and not target) else (
            uids[-1] if uids else None)
        head = places[first] if first is not None and first < len(places) else None
        if head is None:
            x, y = pile_base(lay, f.pile)
            bottom = y + h
        else:
            x, y = head.x, head.y
            last = places[uids[-1]]
            bottom = (last.y if last is not None else y) + h
        ring.style.transform = _tf(x, y)
        ring.style.width = f"{w:.1f}px"
        ring.style.height = f"{bottom - y:.1f}px"
        ring.classList.toggle("target", bool(target))
        ring.hidden = False

    # ------------------------------------------------------------------
    # keys
    # ------------------------------------------------------------------
    def _typing(self) -> bool:
        a = document.activeElement
        if is_none(a):
            return False
        tag = str(a.tagName).lower()
        return tag in ("input", "select", "textarea") or bool(a.isContentEditable)

    def _on_table(self) -> bool:
        """The focus is on the table or on nothing (not on a button, where
        Enter and Space are the button's)."""
        a = document.activeElement
        return is_none(a) or a == document.body or self.has_focus() or a == self.app.table

    def on_key(self, e: Any) -> None:
        app = self.app
        key = str(e.key)
        if key == "Tab":
            if app.dialog_open:
                self._trap(e)
            return
        act = kb.action_for(key, bool(e.ctrlKey), bool(e.shiftKey), bool(e.altKey), bool(e.metaKey))
        if act is None:
            return
        if app.dialog_open and act in (kb.LEFT, kb.RIGHT, kb.UP, kb.DOWN) and self._radio(act, e):
            return
        if act == kb.CANCEL:
            self.escape()
            return
        if app.dialog_open or self._typing() or app.game is None:
            return
        if bool(e.repeat) and act in (kb.PICK, kb.BEST, kb.DEAL, kb.NEW, kb.END_GAME, kb.HELP):
            e.preventDefault()
            return
        if act in kb.TABLE_KEYS or act.startswith(kb.COLUMN):
            if not self._on_table():
                return
            e.preventDefault()
            if not self.has_focus() and act not in (kb.EXTEND, kb.SHRINK) and not act.startswith(kb.COLUMN):
                self.enter()  # the first arrow (or Enter) only brings the focus to the table
                return
            if not self.shown and self.has_focus():
                self._show(True)  # hidden by the pointer: the first key shows where the focus is
                return
            if act in kb.NAVIGATION:
                self.navigate(act)
            elif act.startswith(kb.COLUMN):
                self.jump(int(act[len(kb.COLUMN):]))
            elif act == kb.PICK:
                self.pick()
            else:
                self.resize(act == kb.EXTEND)
            return
        e.preventDefault()
        if act == kb.UNDO:
            app.undo()
        elif act == kb.REDO:
            app.redo()
        elif act == kb.HINT:
            app.hint()
        elif act == kb.NEW:
            app.ask_new(lambda: app.new_random(app.game.preset, app._options()))
        elif act == kb.END_GAME:
            app.ask_end()
        elif act == kb.HELP:
            self.open_help()
        elif act == kb.DEAL:
            self.deal()
        elif act == kb.BEST:
            self.best()

    def _radio(self, act: str, e: Any) -> bool:
        """Arrows in a dialog's radio group (the chooser's games): the
        previous or next choice is focused and chosen, as a radio group does."""
        a = document.activeElement
        if is_none(a) or str(a.getAttribute("role")) != "radio":
            return False
        group = a.closest('[role="radiogroup"]')
        if is_none(group):
            return False
        items = list(group.querySelectorAll('[role="radio"]'))
        k = next((i for i, n in enumerate(items) if n == a), 0)
        k = (k + (1 if act in (kb.RIGHT, kb.DOWN) else -1)) % len(items)
        e.preventDefault()
        items[k].focus()
        items[k].click()
        return True

    def enter(self) -> None:
        g = self.app.game
        assert g is not None
        piles = kb.nav_piles(g.rules)
        f = self.focus if self.focus is not None and self.focus.pile in piles else kb.arrive(g.rules, g.position, piles[0])
        self._set_focus(kb.clamp(g.rules, g.position, f))

    def navigate(self, direction: str) -> None:
        app = self.app
        g = app.game
        assert g is not None and self.focus is not None
        prefer = self.came[1] if self.came is not None and self.came[0] == self.focus.pile else None
        step = kb.move(g.rules, g.position, self.places, self.focus, direction, self.picking, prefer)
        old = self.focus
        if step.focus.pile != old.pile:
            self.came = (step.focus.pile, old.pile) if step.left is not None else None
            self._set_focus(step.focus)
            self._say_target()
        elif step.focus != old:
            self._set_focus(step.focus)
            if step.focus.index is not None:
                app.announce(kb.point_sentence(g.rules, g.position, step.focus.pile, step.focus.index), tag="keys")

    def jump(self, number: int) -> None:
        app = self.app
        g = app.game
        assert g is not None
        pile = kb.column_key(g.rules, number)
        if pile is None:
            app.show_message(f"This game has no {'column' if g.rules.family == 'spider' else 'pile'} {number}.")
            return
        if self.focus is None or self.focus.pile != pile:
            self.came = None
            self._set_focus(kb.arrive(g.rules, g.position, pile))
            self._say_target()

    def _say_target(self) -> None:
        app = self.app
        g = app.game
        sel = app.selected
        if sel is None or g is None or self.focus is None or self.focus.pile == sel[0]:
            return
        m = targets.move_to(g.rules, sel[0], sel[2], self.focus.pile)
        legal = m is not None and (m.kind != "found" or sel[2] == 1) and g.why_illegal(m) is None
        app.announce(kb.target_sentence(g.rules, self.focus.pile, legal), tag="keys")

    def pick(self) -> None:
        """Enter or Space: pick, drop the picked cards, or deal."""
        app = self.app
        g = app.game
        assert g is not None and self.focus is not None
        if g.status != "playing":
            return
        pile, index = self.focus.pile, self.focus.index
        sel = app.selected
        stock = pile == "stock" or pile.startswith("draw-")
        if sel is not None:
            src, sidx, count = sel
            if pile == src:
                app._deselect()
                app.announce("Put back.", tag="keys")
                self._draw_ring()
                return
            if stock:
                app.show_message("Cards cannot be put on the stock." if pile == "stock"
                                 else "Cards cannot be put on a draw pile.")
                app.sound.effect("illegal")
                return
            if pile.startswith("foundation-") and count > 1:
                app.show_message("Cards go to a foundation one at a time.")
                app.sound.effect("illegal")
                return
            m = targets.move_to(g.rules, src, count, pile)
            if m is None:
                app.show_message(f"Cards cannot go to {kb.pile_words(g.rules, pile)}.")
                return
            app.play(m)  # illegal: the engine's reason is shown and the pick stays
            return
        if stock:
            self._deal(pile)
            return
        if tableau_index(g.rules, pile) is not None and index is None:
            app.show_message(f"{kb.pile_words(g.rules, pile).capitalize()} is empty.")
            return
        app._select(pile, index or 0)
        if app.selected is not None:
            app.announce(kb.picked_sentence(g.rules, g.position, pile, app.selected[1]), tag="keys")
        self._draw_ring()

    def resize(self, more: bool) -> None:
        """Shift+Up / + and Shift+Down / -: one card more or fewer in the pick
        (without a pick: the pick point, inside the column)."""
        app = self.app
        g = app.game
        assert g is not None and self.focus is not None
        sel = app.selected
        if sel is None:
            step = kb.move(g.rules, g.position, self.places, self.focus, kb.UP if more else kb.DOWN)
            if step.focus.pile == self.focus.pile and step.focus != self.focus:
                self.navigate(kb.UP if more else kb.DOWN)
            return
        pile, index, _ = sel
        new = (kb.extended if more else kb.shrunk)(g.rules, g.position, pile, index)
        if new is None:
            if more:
                k = tableau_index(g.rules, pile)
                assert k is not None
                reason = (app._why_not_movable(pile, index - 1) if index - 1 >= g.position.down[k]
                          else "No more cards can be picked here.")
                app.show_message(reason)
                app.sound.effect("illegal")
            else:
                app.show_message("One card is picked: Escape puts it back.")
            return
        k = tableau_index(g.rules, pile)
        assert k is not None
        app.selected = (pile, new, len(g.position.tableau[k]) - new)
        app._mark_selection()
        if self.focus.pile == pile:
            self._set_focus(kb.Focus(pile, new), move_dom=False)
        app.announce(kb.picked_sentence(g.rules, g.position, pile, new), tag="keys")

    def best(self) -> None:
        app = self.app
        g = app.game
        assert g is not None and self.focus is not None
        if g.status != "playing":
            return
        sel = app.selected
        if sel is not None:
            app._send_best(sel[0], sel[1])
            return
        pile, index = self.focus.pile, self.focus.index
        if pile == "stock" or pile.startswith("draw-"):
            self._deal(pile)
        elif index is None:
            app.show_message("Nothing to move here.")
        else:
            app._send_best(pile, index)

    def _deal(self, pile: str) -> None:
        self.app.play(Move.deal() if pile == "stock" else Move.draw(int(pile[5:]) - 1))

    def deal(self) -> None:
        """D: deal the stock; in Tournament Spider, deal the focused draw
        pile, else take the focus to the first one left."""
        app = self.app
        g = app.game
        assert g is not None
        if g.status != "playing":
            return
        if not g.rules.draw_piles:
            self._deal("stock")
            return
        if self.focus is not None and self.focus.pile.startswith("draw-") and self.has_focus():
            self._deal(self.focus.pile)
            return
        left = [k for k in range(g.rules.draw_piles) if g.position.stock[k]]
        if not left:
            app.play(Move.draw(0))  # the engine says why not
            return
        self.came = None
        self._set_focus(kb.arrive(g.rules, g.position, f"draw-{left[0] + 1}"))
        app.show_message("Choose a draw pile with the arrow keys, then press Enter or D.")

    def escape(self) -> None:
        app = self.app
        if app.dialog_open:
            if app.overlay.dataset.kind == "end":
                return
            actions = getattr(app, "_dialog_actions", {})
            fn = actions.get("close") or actions.get("cancel")
            (fn or app.close_dialog)()
        elif app.drag is not None:
            app.cancel_drag()
        elif app.selected is not None:
            app._deselect()
            app.announce("Put back.", tag="keys")
            self._draw_ring()
        else:
            app.helper.clear_hint()

    # ------------------------------------------------------------------
    # dialogs
    # ------------------------------------------------------------------
    def dialog_opening(self) -> None:
        """Called as a dialog opens (before its content exists)."""
        app = self.app
        if not app.dialog_open:
            active = document.activeElement
            self.return_to = None if is_none(active) or active == document.body else active
            self._inert(True)
        self.dialog_timer.start(0)  # once the builder has filled it

    def _focus_dialog(self) -> None:
        app = self.app
        if not app.dialog_open:
            return
        box = app.overlay.querySelector(".dialog")
        if is_none(box):
            return
        active = document.activeElement
        # Already on one of its controls (the box itself, focused as it opens so
        # that a screen reader reads its title, does not count).
        if not is_none(active) and active != box and bool(box.contains(active)):
            return
        want = DIALOG_FOCUS.get(str(app.overlay.dataset.kind))
        node = box.querySelector(want) if want else None
        if node is None or is_none(node):
            found = self._focusables(box)
            node = found[0] if found else None
        if node is None:
            box.setAttribute("tabindex", "-1")
            node = box
        node.focus(to_js({"preventScroll": True}))

    def after_dialog_action(self) -> None:
        """A dialog's button did its work: if it was replaced (the statistics'
        Reset… and its confirmation), the focus goes to the dialog's first button."""
        app = self.app
        if not app.dialog_open or self.dialog_timer.pending:  # pending: another dialog opened, it takes the focus
            return
        box = app.overlay.querySelector(".dialog")
        active = document.activeElement
        if is_none(box) or (not is_none(active) and bool(box.contains(active))):
            return
        node = box.querySelector(".dialog-buttons .btn")
        if not is_none(node):
            node.focus(to_js({"preventScroll": True}))

    def dialog_closed(self) -> None:
        self.dialog_timer.cancel()
        self._inert(False)
        back, self.return_to = self.return_to, None
        if back is not None and bool(back.isConnected):
            back.focus(to_js({"preventScroll": True}))
        self._draw_ring()

    def _inert(self, on_: bool) -> None:
        app = self.app
        for node in (app.table.querySelector(".bar"), app.felt, app.helper.btn_finish):
            if not is_none(node):
                node.inert = on_

    def _focusables(self, box: Any) -> list[Any]:
        out = []
        for node in box.querySelectorAll(FOCUSABLE):
            if int(node.getClientRects().length) > 0 or str(node.type) == "file":
                out.append(node)
        return out

    def _trap(self, e: Any) -> None:
        """Tab and Shift+Tab go round the dialog's controls."""
        box = self.app.overlay.querySelector(".dialog")
        if is_none(box):
            return
        items = self._focusables(box)
        if not items:
            e.preventDefault()
            return
        active = document.activeElement
        inside = not is_none(active) and bool(box.contains(active))
        back = bool(e.shiftKey)
        if back and (not inside or active == items[0]):
            e.preventDefault()
            items[-1].focus()
        elif not back and (not inside or active == items[-1]):
            e.preventDefault()
            items[0].focus()

    def open_help(self) -> None:
        app = self.app
        box = app._dialog("help", "Keyboard")
        box.classList.add("scroll")
        table = el("table", "keys", parent=box)
        body = el("tbody", "", parent=table)
        for k in kb.KEYS:
            row = el("tr", "", parent=body)
            th = el("th", "", parent=row, scope="row")
            for part in kb.key_parts(k.keys):
                if part in kb.JOINERS:
                    th.appendChild(document.createTextNode(part))
                else:
                    el("kbd", "", part, parent=th)
            el("td", "", k.what, parent=row)
        el("p", "keys-note", "Letters act only without Ctrl or Alt, so the browser's own shortcuts keep working.",
           parent=box)
        app._buttons(box, [("close", "Close", app.close_dialog, True)])

