"""What the table says: the live region (screen readers) and the message area.

:class:`Messages` owns ``#live`` (one polite, atomic live region) and the
message area.  :meth:`Messages.announce` says a sentence to a screen reader
(if the verbosity setting allows it), :meth:`Messages.show` shows a sentence
on the page for a while and says it too, :meth:`Messages.withdraw` takes an
offer back that no longer holds.

Hooks for tests, on ``#table``: ``data-announced`` (the latest text said),
``data-announce-seq`` (one more per text), ``data-message`` (the message
shown), ``data-offer`` (the label of its button, ``[data-action=message-offer]``,
when the message offers an action); ``#live[data-log]`` holds the last :data:`LIVE_LOG` texts (JSON).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from ui.browser.dom import DomEvent, Element, Timer, el, on
from ui.chrome import messages as say

LIVE_LOG = 6


class Messages:
    """The live region and the message area of one table."""

    def __init__(self, table: Element, place: Element, verbosity: Callable[[], str]) -> None:
        self.table = table
        self._verbosity = verbosity
        # In the header (``place``), over the game's name and clock: a message never covers a card.
        # Not live: every message is also said through #live (show), once.
        self.message_el = el("div", "message", parent=place, aria_hidden="true")
        self._text_el = el("span", "message-text", parent=self.message_el)
        # An offer's button (Start over?): shown with an offer's message only.
        self._offer_el = el("button", "message-offer", parent=self.message_el, type="button", hidden="")
        self._offer_el.dataset.action = "message-offer"
        self._offer: Callable[[], None] | None = None
        on(self._offer_el, "click", self._take_offer)
        # What a screen reader says: visually hidden, polite, read whole (see announce).
        self.live_el = el(
            "div", "visually-hidden", parent=table, id="live", role="status", aria_live="polite", aria_atomic="true"
        )
        self._parts: list[str] = []
        self._seq = 0
        self._log: list[str] = []  # the last LIVE_LOG texts said, for tests (#live[data-log])
        self._tags: dict[str, str] = {}  # tag -> its sentence in this turn
        self._turn = Timer(self._end_turn)  # sentences of one turn are said together
        self._timer = Timer(self.hide)

    def _end_turn(self) -> None:
        self._parts.clear()
        self._tags.clear()

    def announce(self, text: str, level: str = say.BRIEF, tag: str = "") -> None:
        """Say ``text`` through the live region (screen readers only), if the
        verbosity setting says sentences of ``level`` (``brief``: said unless
        the setting is off; ``full``: only at full).

        Sentences of one turn (one task: an action, its message) are said
        together, in order: the region is atomic and a screen reader reads
        its last text only.  The same sentence twice in a row is still read:
        the region's text alternates a trailing no-break space so that it
        always changes.  A sentence with a ``tag`` replaces the same turn's
        earlier sentence of that tag (the keyboard's focus and pick: only the
        latest matters).
        """
        if not text or not say.says(self._verbosity(), level):
            return
        parts = self._parts
        if text in parts:
            return
        earlier = self._tags.get(tag) if tag else None
        if earlier is not None and earlier in parts:
            parts[parts.index(earlier)] = text
        else:
            parts.append(text)
        if tag:
            self._tags[tag] = text
        if not self._turn.pending:
            self._turn.start(0)
        whole = " ".join(parts)
        previous = str(self.live_el.textContent)
        self.live_el.textContent = whole + "\u00a0" if previous == whole else whole
        self._seq += 1
        log = self._log
        if len(parts) > 1 and log:
            log.pop()  # the same turn's text, grown
        log.append(whole)
        del log[:-LIVE_LOG]
        self.live_el.dataset.log = json.dumps(log)
        self.table.dataset.announced = whole
        self.table.dataset.announceSeq = str(self._seq)

    def offer(self, text: str, label: str, action: Callable[[], None], ms: int) -> None:
        """Show ``text`` with a button ``label`` that runs ``action`` (once),
        for ``ms`` or until the next message."""
        self.show(text, ms)
        self._offer = action
        self._offer_el.textContent = label
        self._offer_el.hidden = False
        self.message_el.classList.add("offering")
        self.table.dataset.offer = label

    def _take_offer(self, e: DomEvent) -> None:
        e.stopPropagation()
        action, self._offer = self._offer, None
        self._timer.cancel()
        self.hide()
        if action is not None:
            action()

    def show(self, text: str, ms: int | None = None) -> None:
        """Show ``text`` for ``ms`` (by default as long as it takes to read:
        :func:`ui.chrome.messages.reading_ms`) and say it (the message area
        itself is not live); the next message replaces it."""
        self._drop_offer()
        self._text_el.textContent = text
        self.message_el.classList.add("shown")
        self.message_el.removeAttribute("aria-hidden")
        self.table.dataset.message = text
        self._timer.start(say.reading_ms(text) if ms is None else ms)
        self.announce(text)

    def _drop_offer(self) -> None:
        self._offer = None
        self._offer_el.hidden = True
        self.message_el.classList.remove("offering")
        self.table.removeAttribute("data-offer")

    def hide(self) -> None:
        self._drop_offer()
        self.message_el.classList.remove("shown")
        self.message_el.setAttribute("aria-hidden", "true")  # no stale sentence for a reader to find
        self.table.removeAttribute("data-message")

    def forget(self) -> None:
        """Nothing said stays: the message hidden and the live region empty
        (another language is in use: a sentence of the one before would linger)."""
        self._timer.cancel()
        self.hide()
        self._text_el.textContent = ""
        self._end_turn()
        self.live_el.textContent = ""

    def withdraw(self, text: str) -> None:
        """Hide the message now if it is still ``text`` (an offer that no longer holds)."""
        if self.table.getAttribute("data-message") == text:
            self._timer.cancel()
            self.hide()
