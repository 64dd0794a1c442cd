"""Card faces fetched ahead of the first flip, and cancelled when the page goes away.

Every face is loaded once into an ``Image`` so that turning a card never
waits for its picture.  The loads still running when the page goes away
(``pagehide``: a reload in the middle of the preload) are cancelled: Firefox
reports each load a page abandons under a service worker as a page error
("A ServiceWorker intercepted the request and encountered an unexpected
error").

All 52 load at once (:data:`AT_ONCE`).  Two at a time left fewer loads to
abandon, but the loads then went on long enough that Chromium held back the
waiting service worker's ``skipWaiting`` for good: "Update ready → Reload"
did nothing (``e2e/test_shell.py``'s update test, 3 failures in 4).
"""

from __future__ import annotations

from .dom import DomEvent, ImageElement, create_proxy, on, window

AT_ONCE = 52
"""How many faces load together: all of them (see the module doc)."""
RANKS = "A23456789TJQK"
SUITS = "shdc"


def face_urls(folder: str) -> list[str]:
    """The 52 face pictures of a face set's folder.

    >>> face_urls("assets/cards/large")[:2]
    ['assets/cards/large/As.svg', 'assets/cards/large/Ah.svg']
    """
    return [f"{folder}/{r}{s}.svg" for r in RANKS for s in SUITS]


class FacePreloader:
    """Loads a list of pictures, :data:`AT_ONCE` at a time, cancelled at ``pagehide``."""

    def __init__(self) -> None:
        self._queue: list[str] = []
        self._running: dict[str, ImageElement] = {}
        self._next = 0
        self.loaded: list[ImageElement] = []
        """The loaded images, kept so the browser keeps them decoded."""
        self._stopped = False
        # one pair of callbacks for every picture (a proxy each would be 104)
        self._loaded = create_proxy(lambda e: self._finished(e, True))
        self._failed = create_proxy(lambda e: self._finished(e, False))
        on(window, "pagehide", lambda e: self.stop())
        on(window, "pageshow", lambda e: self._resume(e))

    def start(self, urls: list[str]) -> None:
        """Load ``urls`` (instead of what was still waiting)."""
        self._queue = list(urls)
        self.loaded = []
        self._stopped = False
        self._fill()

    def stop(self) -> None:
        """Cancel the loads running and drop the waiting ones."""
        self._stopped = True
        for img in self._running.values():
            img.onload = img.onerror = None
            img.src = ""
        self._running.clear()

    @property
    def pending(self) -> int:
        """Pictures not loaded yet (running or waiting)."""
        return len(self._queue) + len(self._running)

    def _resume(self, event: DomEvent) -> None:
        if bool(event.persisted) and self._stopped:
            self._stopped = False
            self._fill()

    def _fill(self) -> None:
        while not self._stopped and self._queue and len(self._running) < AT_ONCE:
            self._load(self._queue.pop(0))

    def _load(self, url: str) -> None:
        key = str(self._next)
        self._next += 1
        img: ImageElement = window.Image.new()
        img.dataset.preload = key
        img.onload = self._loaded
        img.onerror = self._failed
        self._running[key] = img
        img.src = url

    def _finished(self, event: DomEvent, ok: bool) -> None:
        img = self._running.pop(str(event.target.dataset.preload), None)
        if img is None:
            return  # cancelled
        img.onload = img.onerror = None
        if ok:
            self.loaded.append(img)
        self._fill()
