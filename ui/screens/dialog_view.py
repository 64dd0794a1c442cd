"""The dialog host: one overlay, one dialog at a time, for every screen.

A screen opens a :class:`Dialog` with :meth:`DialogHost.open` (a kind and a
title), fills its ``box``, adds buttons with :meth:`Dialog.buttons` and binds
any other listener with :meth:`Dialog.on`: everything a dialog bound is
unbound when it closes, so opening screens again and again adds nothing.

The host keeps the focus where a keyboard or screen-reader player needs it:
it moves into the dialog as it opens (to :data:`DIALOG_FOCUS` of its kind,
else its first control), Tab and Shift+Tab stay inside (:meth:`trap`),
Escape presses its Close or Cancel (:meth:`escape`; the end screen has no
Escape), the rest of the page is ``inert`` meanwhile, and the focus returns
where it was when it closes.  Dialogs are ``role="dialog"`` with
``aria-modal`` and named by their title.

Hooks for tests: ``#table[data-dialog=<kind>]`` while one is open.
"""

from __future__ import annotations

from collections.abc import Callable

from ui.browser.dom import Bindings, DomEvent, Element, Handler, Timer, document, el, is_none, to_js

Action = Callable[[], object]
Button = tuple[str, str, Action, bool]
"""(action name, label, what it does, primary)"""

FOCUSABLE = (
    "button:not([disabled]), select:not([disabled]), input:not([disabled]), textarea:not([disabled]), "
    'summary, a[href], [tabindex]:not([tabindex="-1"])'
)

DIALOG_FOCUS = {
    "confirm": ".dialog-buttons .btn",  # the safe choice comes first ("Keep playing")
    "end": ".dialog-buttons .btn.primary",
    "chooser": ".game-tile.current .game-play",
    "stats": '.stats-card.current .stats-open, .stats-details [data-action="close"]',
    "help": ".dialog-buttons .btn",
    "menu": ".dialog-buttons .btn:not([disabled])",
    "deadend": ".dialog-buttons .btn.primary",
}
"""Where the focus goes when a dialog of a kind opens (else its first control)."""


class Dialog:
    """One open dialog: its box, its buttons' actions and its listeners."""

    def __init__(self, host: DialogHost, kind: str, box: Element) -> None:
        self.host = host
        self.kind = kind
        self.box = box
        self.actions: dict[str, Action] = {}
        self.bindings = Bindings()

    def buttons(self, parent: Element, buttons: list[Button]) -> Element:
        """A row of buttons in ``parent``; a click runs its action."""
        row = el("div", "dialog-buttons", parent=parent)
        for action, label, fn, primary in buttons:
            el("button", "btn" + (" primary" if primary else ""), label, parent=row, type="button", data_action=action)
            self.actions[action] = fn
        return row

    def on(self, target: Element, event: str, handler: Handler, **options: bool) -> None:
        """A listener that goes when the dialog closes."""
        self.bindings.on(target, event, handler, **options)

    @property
    def is_open(self) -> bool:
        return self.host.current is self

    def close(self) -> None:
        if self.is_open:
            self.host.close()


class DialogHost:
    """The overlay of one table and the dialog open in it."""

    def __init__(self, table: Element) -> None:
        self.table = table
        self._inert_nodes: list[Element] = []
        self.overlay = el("div", "overlay", parent=table, hidden=True)
        self.current: Dialog | None = None
        self._listeners: list[Callable[[bool], None]] = []
        self._return_to: Element | None = None
        self._focus_timer = Timer(self._focus_dialog)
        self._bindings = Bindings()
        self._bindings.on(self.overlay, "click", self._on_click)

    @property
    def is_open(self) -> bool:
        return self.current is not None

    @property
    def kind(self) -> str | None:
        return self.current.kind if self.current is not None else None

    def keeps_behind(self, *nodes: Element) -> None:
        """``nodes`` are made inert while a dialog is open (the header, the
        felt, the Finish button, "Show me how"'s bar: each given as it is made)."""
        self._inert_nodes.extend(nodes)

    def subscribe(self, fn: Callable[[bool], None]) -> None:
        """``fn(True)`` before a dialog opens, ``fn(False)`` after one closes."""
        self._listeners.append(fn)

    def open(self, kind: str, title: str) -> Dialog:
        """A new dialog (any open one is replaced)."""
        for fn in self._listeners:
            fn(True)
        if self.current is None:
            active = document.activeElement
            self._return_to = None if is_none(active) or active == document.body else active
            self._inert(True)
        else:
            self.current.bindings.clear()
        self.overlay.replaceChildren()
        self.overlay.dataset.kind = kind
        box = el(
            "div",
            f"dialog dialog-{kind}",
            parent=self.overlay,
            role="dialog",
            aria_modal="true",
            aria_labelledby="dialog-title",
            tabindex="-1",
        )
        el("h2", "", title, parent=box, id="dialog-title")
        self.overlay.hidden = False
        self.table.dataset.dialog = kind
        dialog = Dialog(self, kind, box)
        self.current = dialog
        box.focus(to_js({"preventScroll": True}))  # a screen reader reads the dialog by its title
        self._focus_timer.start(0)  # once the screen has filled it
        return dialog

    def close(self) -> None:
        dialog = self.current
        if dialog is None:
            return
        dialog.bindings.clear()
        self.current = None
        self.overlay.hidden = True
        self.overlay.replaceChildren()
        self.table.removeAttribute("data-dialog")
        self._focus_timer.cancel()
        self._inert(False)
        back, self._return_to = self._return_to, None
        if back is not None and bool(back.isConnected):
            back.focus(to_js({"preventScroll": True}))
        for fn in self._listeners:
            fn(False)

    def escape(self) -> bool:
        """Escape: the dialog's Close or Cancel (not on the end screen).
        False when no dialog is open."""
        dialog = self.current
        if dialog is None:
            return False
        if dialog.kind == "end":
            return True
        fn = dialog.actions.get("close") or dialog.actions.get("cancel")
        (fn or self.close)()
        return True

    def _on_click(self, e: DomEvent) -> None:
        dialog = self.current
        if dialog is None:
            return
        target = e.target.closest("[data-action]")
        if is_none(target):
            if e.target == self.overlay and dialog.kind != "end":
                self.close()
            return
        fn = dialog.actions.get(str(target.dataset.action))
        if fn is not None:
            fn()
            self._after_action()

    # -- focus ----------------------------------------------------------------
    def _inert(self, on_: bool) -> None:
        for node in self._inert_nodes:
            if not is_none(node):
                node.inert = on_

    def _box(self) -> Element:
        return self.overlay.querySelector(".dialog")

    def _focus_dialog(self) -> None:
        if self.current is None:
            return
        box = self._box()
        if is_none(box):
            return
        active = document.activeElement
        # Already on one of its controls (the box itself, focused as it opens so
        # that a screen reader reads its title, does not count).
        if not is_none(active) and active != box and bool(box.contains(active)):
            return
        want = DIALOG_FOCUS.get(self.current.kind)
        node = box.querySelector(want) if want else None
        if node is None or is_none(node):
            found = self._focusables(box)
            node = found[0] if found else None
        if node is None:
            box.setAttribute("tabindex", "-1")
            node = box
        node.focus(to_js({"preventScroll": True}))

    def _after_action(self) -> None:
        """A dialog's button did its work: if it was replaced (the statistics'
        Reset… and its confirmation), the focus goes to the dialog's first button."""
        if self.current is None or self._focus_timer.pending:  # pending: another dialog opened, it takes the focus
            return
        box = self._box()
        active = document.activeElement
        if is_none(box) or (not is_none(active) and bool(box.contains(active))):
            return
        node = box.querySelector(".dialog-buttons .btn")
        if not is_none(node):
            node.focus(to_js({"preventScroll": True}))

    @staticmethod
    def _focusables(box: Element) -> list[Element]:
        out: list[Element] = []
        for node in box.querySelectorAll(FOCUSABLE):
            if int(node.getClientRects().length) > 0 or str(node.type) == "file":
                out.append(node)
        return out

    def trap(self, e: DomEvent) -> None:
        """Tab and Shift+Tab go round the dialog's controls."""
        box = self._box()
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
