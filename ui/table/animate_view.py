"""The animator: every card flight, flip, shake, spider and the win, and the
busy flag while any of them runs.

Animations use the Web Animations API from the old transform to the new
one; the card's final style is set at once by the renderer, so cancelling
an animation (:meth:`Animator.settle`) leaves every card where it belongs.
Input that arrives during an animation first settles everything, so nothing
is lost or played twice — but a deal never holds play up: each card is
handed to ``landed`` as its own flight ends (the renderer shows its face
and puts it back in its stacking order), and a card that has landed can be
picked up while the others still fly (:meth:`Animator.in_flight`).  When
the last animation ends the animator hands the cards still flying to
``landed``, clears the busy flag and calls ``on_settled``.

Hook for tests: ``#table[data-busy]`` while anything moves.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import CardId
from ui.browser.dom import Animation, DomEvent, Element, Timer, create_proxy, el, to_js
from ui.table.celebration import Flight

SPIDER_DOWN_MS = 650
CASCADE_Z = 200000
"""Above every card of the table (and the renderer's flights) during the win cascade."""
SHAKE_MS = 220


def tf(x: float, y: float) -> str:
    """A card's CSS transform for its top-left corner at (x, y)."""
    return f"translate3d({x:.1f}px,{y:.1f}px,0)"


class Animator:
    """The running animations of one table."""

    def __init__(self, table: Element, felt: Element) -> None:
        self.table = table
        self.felt = felt
        self._landed: Callable[[list[CardId], bool], None] = lambda uids, every: None
        self._settled: list[Callable[[], None]] = []
        self._anims: list[Animation] = []
        self._spiders: list[Element] = []
        self.flying: list[CardId] = []
        """uids drawn above the others while they fly (their z is restored at settle)."""
        self._timer = Timer(self._timed)
        self._on_finish = create_proxy(self._finished)
        """One listener for the end of every card's flight (the flight's ``id`` is the card's uid)."""
        self.celebrating = False
        """The win's cascade is playing (any key or tap skips it)."""

    @property
    def running(self) -> bool:
        return bool(self._anims or self._spiders)

    def fly(
        self,
        uid: CardId,
        node: Element,
        start: tuple[float, float],
        end: tuple[float, float],
        delay: float,
        duration: float,
    ) -> None:
        """``node`` flies from ``start`` to ``end`` (its style already says ``end``);
        it lands (``landed``) when its flight ends."""
        anim = node.animate(
            to_js([{"transform": tf(*start)}, {"transform": tf(*end)}]),
            to_js({"duration": duration, "delay": delay, "easing": "cubic-bezier(.25,.8,.35,1)", "fill": "backwards"}),
        )
        anim.id = str(uid)
        anim.onfinish = self._on_finish
        self._anims.append(anim)
        self.flying.append(uid)

    def _finished(self, e: DomEvent) -> None:
        """One card's flight ended: it has landed, whatever still flies."""
        try:
            uid = CardId(int(str(e.target.id)))
        except ValueError:
            return
        if uid in self.flying:
            self.flying.remove(uid)
            self._landed([uid], False)

    def in_flight(self, uid: CardId) -> bool:
        """The card is still flying to its place (it cannot be picked up yet)."""
        return uid in self.flying

    def flip(self, node: Element, delay: float, duration: float) -> None:
        self._anims.append(
            node.animate(
                to_js([{"scale": "0.05 1"}, {"scale": "1 1"}]),
                to_js({"duration": duration, "delay": delay, "easing": "ease-out", "fill": "backwards"}),
            )
        )

    def shake(self, nodes: list[tuple[Element, float, float]]) -> None:
        """A short shake of cards that cannot move: (node, x, y) each."""
        for node, x, y in nodes:
            self._anims.append(
                node.animate(
                    to_js(
                        [
                            {"transform": tf(x, y)},
                            {"transform": tf(x - 4, y)},
                            {"transform": tf(x + 4, y)},
                            {"transform": tf(x, y)},
                        ]
                    ),
                    to_js({"duration": SHAKE_MS}),
                )
            )
        if nodes:
            self.busy_for(SHAKE_MS + 20)

    def spider(self, x: float, y_end: float, card_width: float, delay: float, speed: float) -> None:
        """A small spider descends on its thread to a finished run (``x``: the run's left edge)."""
        node = el("div", "spider", parent=self.felt, aria_hidden="true")
        el("div", "spider-body", parent=node)
        size = max(28.0, card_width * 0.8)
        node.style.setProperty("--size", f"{size:.0f}px")
        left = x + card_width / 2 - size / 2
        node.style.transform = tf(left, -size * 2)
        down = SPIDER_DOWN_MS / speed
        total = down * 2 + 300
        keyframes = [
            {"transform": tf(left, -size * 2), "offset": 0},
            {"transform": tf(left, y_end), "offset": down / total},
            {"transform": tf(left, y_end), "offset": (down + 300) / total},
            {"transform": tf(left, -size * 2), "offset": 1},
        ]
        self._anims.append(
            node.animate(
                to_js(keyframes), to_js({"duration": total, "delay": delay, "easing": "ease-in-out", "fill": "both"})
            )
        )
        self._spiders.append(node)
        self.busy_for(delay + total + 40)

    def cascade(self, flights: list[tuple[Element, Flight]]) -> None:
        """The win: the cards bounce off the table one after another
        (:mod:`ui.table.celebration`); a card that has left stays off until the
        celebration ends (any input ends it at once)."""
        end = 0.0
        for node, flight in flights:
            frames = [{"transform": tf(x, y), "zIndex": str(CASCADE_Z)} for x, y in flight.points]
            self._anims.append(
                node.animate(
                    to_js(frames),
                    to_js({"duration": flight.duration, "delay": flight.delay, "easing": "linear", "fill": "forwards"}),
                )
            )
            end = max(end, flight.delay + flight.duration)
        self.table.dataset.celebrating = "1"
        self.celebrating = True
        self.busy_for(end + 300)

    def busy_for(self, ms: float) -> None:
        """Busy until ``ms`` from now (or longer, if something else runs longer)."""
        self.table.dataset.busy = "1"
        self._timer.start(ms)

    def _timed(self) -> None:
        """The time the animations were given is up: settle, unless one still
        runs (a page whose animations run slow: each card lands as its own
        flight ends, and the table settles after the last)."""
        if any(str(anim.playState) == "running" for anim in self._anims):
            self._timer.start(50)
            return
        self.settle()

    def settle(self) -> None:
        """Every animation finished, or cut short: not busy any more."""
        self._timer.cancel()
        for anim in self._anims:
            try:
                anim.cancel()
            except Exception:
                pass
        self._anims = []
        flying, self.flying = self.flying, []
        self._landed(flying, True)
        for node in self._spiders:
            node.remove()
        self._spiders = []
        self.table.removeAttribute("data-busy")
        self.table.removeAttribute("data-celebrating")
        self.celebrating = False
        for fn in self._settled:
            fn()

    def when_landed(self, fn: Callable[[list[CardId], bool], None]) -> None:
        """``fn(uids, every)`` as each card lands (``every`` False), and at
        every settle with the cards still flying (``every`` True: every card
        has landed now) — the renderer's, which puts them back among the others."""
        self._landed = fn

    def when_settled(self, fn: Callable[[], None]) -> None:
        """``fn()`` once every animation is over or cut short, after the
        functions given before it (the end screen, the helpers, "Show me how")."""
        self._settled.append(fn)

    def finish(self) -> None:
        """Cut every animation short (before any input is handled)."""
        if self._anims or self._spiders or self.flying:
            self.settle()
