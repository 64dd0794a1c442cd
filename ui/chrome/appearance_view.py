"""Appearance: the settings, the system's wishes (media queries) and the
classes they put on the page.

One object holds the player's :class:`ui.storage.settings.Settings`, stores them on
every change, follows ``prefers-reduced-motion``, ``prefers-contrast`` and
``forced-colors`` while the page is open, and tells its subscribers which
settings changed (``"motion"`` and ``"contrast"`` also when the system's
answer changes).  Parts that depend on a setting subscribe instead of being
called from an if-chain.
"""

from __future__ import annotations

from collections.abc import Callable

from ui.browser.dom import Bindings, DomEvent, Element, document, window
from ui.storage import settings
from ui.storage.store import SETTINGS, Records

FACE_FOLDERS = tuple(f"{hc}{faces}" for hc in ("", "hc-") for faces in settings.FACE_SETS)
"""Every face set's folder (and its stylesheet's class, ``faces-<folder>``)."""

Subscriber = Callable[[frozenset[str]], None]


class Appearance:
    """The table's settings and the themes they choose."""

    def __init__(self, table: Element, records: Records) -> None:
        self.table = table
        self._records = records
        self.settings = settings.Settings.from_text(records.get(SETTINGS))
        self._subscribers: list[Subscriber] = []
        self._bindings = Bindings()
        self._motion_mq = window.matchMedia("(prefers-reduced-motion: reduce)")
        self._contrast_mqs = [
            window.matchMedia("(prefers-contrast: more)"),
            window.matchMedia("(forced-colors: active)"),
        ]
        self.system_reduced = bool(self._motion_mq.matches)
        self.system_contrast = any(bool(mq.matches) for mq in self._contrast_mqs)
        self._bindings.on(self._motion_mq, "change", self._motion_changed)
        for mq in self._contrast_mqs:
            self._bindings.on(mq, "change", self._contrast_changed)
        self.apply_classes()

    # -- what the settings mean ---------------------------------------------
    @property
    def reduced(self) -> bool:
        """Nothing moves: the "Reduce motion" setting, or the system's when it follows it."""
        return settings.reduce_motion(self.settings.motion, self.system_reduced)

    @property
    def high_contrast(self) -> bool:
        """The high-contrast theme: the setting, or the system's wish when it follows it."""
        return settings.high_contrast(self.settings.contrast, self.system_contrast)

    @property
    def face_set(self) -> str:
        """The folder of the card faces shown: the chosen set, in its
        high-contrast version when the theme is on."""
        return ("hc-" if self.high_contrast else "") + self.settings.faces

    @property
    def speed(self) -> float:
        """Animation speed: 0 with reduced motion, faster in simple mode."""
        if self.reduced:
            return 0.0
        return 1.4 if self.settings.simple else 1.0

    # -- changes --------------------------------------------------------------
    def subscribe(self, fn: Subscriber) -> Callable[[], None]:
        """Call ``fn(changed names)`` after every change; returns the unsubscribe."""
        self._subscribers.append(fn)
        return lambda: self._subscribers.remove(fn) if fn in self._subscribers else None

    def change(self, **values: object) -> None:
        """Set and store settings, then tell the subscribers."""
        for name, value in values.items():
            setattr(self.settings, name, value)
        self._records.set(SETTINGS, self.settings.to_text())
        self.apply_classes()
        self._tell(frozenset(values))

    def _tell(self, names: frozenset[str]) -> None:
        for fn in list(self._subscribers):
            fn(names)

    def _motion_changed(self, e: DomEvent) -> None:
        self.system_reduced = bool(e.matches)
        self.apply_classes()
        self._tell(frozenset({"motion"}))

    def _contrast_changed(self, e: DomEvent) -> None:
        before = self.high_contrast
        self.system_contrast = any(bool(mq.matches) for mq in self._contrast_mqs)
        if self.high_contrast != before:
            self.apply_classes()
            self._tell(frozenset({"contrast"}))

    def apply_classes(self) -> None:
        s = self.settings
        cls = self.table.classList
        cls.toggle("simple", bool(s.simple))
        for b in settings.BACKS:
            cls.toggle(f"back-{b}", s.back == b)
        for f in settings.FELTS:
            cls.toggle(f"felt-{f}", s.felt == f)
        shown = self.face_set  # the faces' stylesheets key on this class
        for faces in FACE_FOLDERS:
            cls.toggle(f"faces-{faces}", faces == shown)
        cls.toggle("reduce-motion", self.reduced)
        cls.toggle("hc", self.high_contrast)
        self.table.dataset.motion = "reduce" if self.reduced else "full"
        self.table.dataset.contrast = "high" if self.high_contrast else "standard"
        document.documentElement.classList.toggle("hc", self.high_contrast)
        document.documentElement.classList.toggle("reduce-motion", self.reduced)
