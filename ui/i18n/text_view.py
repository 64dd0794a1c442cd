"""The player's language in the page: which one, its catalog fetched, ``<html lang>`` set.

At the start (:meth:`Language.start`, before the table is drawn) the
language is the ``language`` setting if the player chose one, else the
first of ``navigator.languages`` the page has, else English
(:func:`ui.i18n.text.choose`).  Only that language's catalog is fetched,
``i18n/<code>.json`` (compiled by ``python -m tools.build``, precached by the
service worker like every file, so it is there offline); English needs
none.  When the setting changes (:meth:`Language.follow`) the new catalog is
fetched, put in use, and the subscribers re-render their words at once.
A catalog that cannot be had leaves the page in English (or in the
language it was in), and the subscribers of :meth:`Language.when_failed`
are told, to say so.

Hooks for tests: ``<html lang>`` and ``<html data-language>`` (the code
in use, ``pt_BR``) once a catalog is in use.  The setting is copied to
``localStorage["spider.language"]`` (:data:`SHELL_KEY`), from which
``shell/early.js`` chooses the same language before Python starts.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from ui.browser.dom import document, fetch_text, keep_local, window
from ui.i18n import text
from ui.i18n.text import ENGLISH, ENGLISH_CATALOG, Catalog, _, catalog_from_json, choose, html_lang

CATALOG_URL = "i18n/{code}.json"
SHELL_KEY = "spider.language"
"""The ``language`` setting, copied to ``localStorage`` for ``shell/early.js``,
which picks the language before Python starts (the settings are in
IndexedDB, which it cannot read before the first paint)."""


def browser_languages() -> list[str]:
    """``navigator.languages`` (the player's languages, most wanted first)."""
    nav = window.navigator
    found = nav.languages
    tags = [str(t) for t in found] if found else []
    return tags or [str(nav.language or "")]


async def fetch_catalog(code: str) -> Catalog | None:
    """``code``'s compiled catalog, or None when it cannot be had or read."""
    body = await fetch_text(CATALOG_URL.format(code=code))
    if body is None:
        return None
    try:
        return catalog_from_json(json.loads(body), code)
    except ValueError:  # json's errors are ValueErrors too
        return None


class Language:
    """The page's language: chosen, loaded, followed."""

    def __init__(self) -> None:
        self._loaded: dict[str, Catalog] = {ENGLISH: ENGLISH_CATALOG}
        self._wanted = ENGLISH
        self._subscribers: list[Callable[[], None]] = []
        self._failed: list[Callable[[str], None]] = []
        self._tasks: set[asyncio.Future[None]] = set()  # kept alive until done

    @property
    def code(self) -> str:
        """The code of the language in use."""
        return text.language()

    async def start(self, setting: str) -> None:
        """Choose the language (the setting, else the browser's) and load it."""
        keep_local(SHELL_KEY, setting or None)
        await self._switch(choose(setting, browser_languages()))

    def follow(self, setting: str) -> None:
        """The ``language`` setting changed: load its language, then re-render."""
        keep_local(SHELL_KEY, setting or None)
        task = asyncio.ensure_future(self._switch(choose(setting, browser_languages())))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def subscribe(self, fn: Callable[[], None]) -> Callable[[], None]:
        """Call ``fn()`` after every change of language; returns the unsubscribe."""
        self._subscribers.append(fn)
        return lambda: self._subscribers.remove(fn) if fn in self._subscribers else None

    def when_failed(self, fn: Callable[[str], None]) -> None:
        """Call ``fn(code)`` when a chosen language's catalog cannot be had."""
        self._failed.append(fn)

    async def _switch(self, code: str) -> None:
        self._wanted = code
        catalog = self._loaded.get(code)
        if catalog is None:
            catalog = await fetch_catalog(code)
            if self._wanted != code:  # chosen again meanwhile: the later choice wins
                return
            if catalog is None:
                for fail in list(self._failed):
                    fail(code)
                self._mark()
                return
            self._loaded[code] = catalog
        changed = catalog is not text.current()
        text.use(catalog)
        self._mark()
        if changed:
            for fn in list(self._subscribers):
                fn()

    def _mark(self) -> None:
        root = document.documentElement
        root.lang = html_lang(text.language())
        root.dataset.language = text.language()
        page_words()


def page_words() -> None:
    """The page's own words (``index.html``'s, which ``shell/early.js`` said
    in the language of the start) in the language in use: the page's title,
    the table's region, the loading screen's and the update banner's."""
    document.title = _("Spider Solitaire")
    for selector, words, attribute in (
        ("#app", _("Spider Solitaire"), "aria-label"),
        ("#loading-progress", _("Loading"), "aria-label"),
        (".loading-title", _("Spider Solitaire"), ""),
        ("#update-banner span", _("A new version is ready."), ""),
        ("#update-reload", _("Reload"), ""),
        ("#update-later", _("Later"), ""),
    ):
        node = document.querySelector(selector)
        if node is None:
            continue
        if attribute:
            node.setAttribute(attribute, words)
        else:
            node.textContent = words
