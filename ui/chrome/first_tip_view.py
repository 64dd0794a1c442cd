"""The first-visit tip: three short steps at the bottom of the table, shown
once to a player the page has never seen (nothing stored yet), on their
first new game.

It never stands in the way: it is not modal, it takes no focus and says
nothing to a screen reader (whose player has the keyboard's own tip), and
any tap or key outside it, or the first move, puts it away.  Next steps
through it, Skip (or "Got it" at the end) closes it.  Once it has been put
away it is marked seen in the storage (the text ``tip``) and never shown
again, in any tab.

Hooks for tests: ``.first-tip`` (``data-step``: 1 to 3),
``[data-action=tip-next]``, ``[data-action=tip-skip]``.
"""

from __future__ import annotations

from ui.browser.dom import Bindings, DomEvent, Element, document, el
from ui.i18n.text import _
from ui.screens.help import FIRST_TIP
from ui.storage.store import Records

TIP_KEY = "tip"
"""The stored text that marks the tip seen."""


class FirstTip:
    """The tip of one visit: offered once, put away for good."""

    def __init__(self, table: Element, records: Records) -> None:
        self.table = table
        self.records = records
        # checked before anything is written (the store's own "migrated" mark aside)
        self.new_player = not (set(records.kv) - {"migrated"}) and not records.metas
        self.node: Element | None = None
        self.step = 0
        self._bindings = Bindings()

    def offer(self, restored: bool) -> None:
        """The first game is on the table: the tip, if this player never saw it."""
        if self.node is not None or restored or not self.new_player or self.records.get(TIP_KEY):
            return
        self.new_player = False
        self.node = el("section", "first-tip", parent=self.table, aria_label=_("Tip"))
        self._bindings.on(document, "pointerdown", self._outside, capture=True)
        self._bindings.on(document, "keydown", self._outside, capture=True)
        self._draw()

    def _draw(self) -> None:
        node = self.node
        if node is None:
            return
        node.replaceChildren()
        node.dataset.step = str(self.step + 1)
        count = _("Tip {number} of {total}").format(number=self.step + 1, total=len(FIRST_TIP))
        el("p", "first-tip-count", count, parent=node)
        el("p", "first-tip-text", _(FIRST_TIP[self.step]), parent=node)
        row = el("div", "first-tip-buttons", parent=node)
        last = self.step == len(FIRST_TIP) - 1
        if not last:
            skip = el("button", "btn", _("Skip"), parent=row, type="button", data_action="tip-skip")
            self._bindings.on(skip, "click", lambda e: self.close())
        go = el(
            "button",
            "btn primary",
            _("Got it") if last else _("Next"),
            parent=row,
            type="button",
            data_action="tip-done" if last else "tip-next",
        )
        self._bindings.on(go, "click", lambda e: self.close() if last else self.next())

    def next(self) -> None:
        if self.node is None:
            return
        self.step = min(self.step + 1, len(FIRST_TIP) - 1)
        self._draw()

    def _outside(self, e: DomEvent) -> None:
        node = self.node
        if node is None or node.contains(e.target):
            return
        if e.type == "keydown" and str(e.key) in ("Shift", "Control", "Alt", "Meta", "Tab"):
            return
        self.close()

    def close(self) -> None:
        """Put the tip away for good (Skip, Got it, a tap or key elsewhere, a move)."""
        if self.node is None:
            return
        self._bindings.clear()
        self.node.remove()
        self.node = None
        self.records.set(TIP_KEY, "seen")
