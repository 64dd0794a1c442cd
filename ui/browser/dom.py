"""The page's only contact with the browser: a few helpers over Pyodide's FFI.

``document``, ``window`` and the FFI are what PyScript's ``pyscript.*``
names are on the main thread (Pyodide's ``js`` and ``pyodide.ffi``), reached
directly: a start need not import PyScript's package (16 modules, about
60 ms of a desktop reload; shell/pyscript-package.mjs). PyScript still runs
the page and starts ``ui/main.py``.

The browser is reached on first use, not at import: every ``ui/`` module
imports without one, so the memory snapshot holds them imported.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

__all__ = [
    "Animation",
    "Bindings",
    "ClassList",
    "Dataset",
    "DomEvent",
    "Element",
    "Handler",
    "Style",
    "Timer",
    "Unbind",
    "create_proxy",
    "document",
    "download_text",
    "el",
    "fetch_text",
    "file_text",
    "first_move_done",
    "first_move_take",
    "full_stdlib_bytes",
    "is_none",
    "listener_count",
    "mark",
    "now_ms",
    "on",
    "stdlib_rest",
    "svg",
    "tab_get",
    "tab_set",
    "to_js",
    "window",
]

SVG_NS = "http://www.w3.org/2000/svg"


class _BrowserGlobal:
    """``document`` or ``window``, looked up on first use. Reading or writing
    an attribute reads or writes it there."""

    __slots__ = ("_name", "_target")

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_target", None)

    def _resolve(self) -> Any:
        target = self._target
        if target is None:
            import js  # type: ignore[import-not-found]  # Pyodide's: the page's globalThis

            target = js if self._name == "window" else getattr(js, self._name)
            object.__setattr__(self, "_target", target)
        return target

    def __getattr__(self, name: str) -> Any:
        return getattr(self._resolve(), name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._resolve(), name, value)

    def __repr__(self) -> str:
        return f"<browser {self._name}>"


document: Any = _BrowserGlobal("document")
window: Any = _BrowserGlobal("window")

_ffi: Any = None
_from_entries: Any = None


def _browser_ffi() -> Any:
    """Pyodide's ``pyodide.ffi``, which PyScript's ``pyscript.ffi`` wraps; looked up on first use."""
    global _ffi, _from_entries
    if _ffi is None:
        from pyodide import ffi  # type: ignore[import-not-found]

        _ffi, _from_entries = ffi, window.Object.fromEntries
    return _ffi


def create_proxy(func: Callable[..., Any]) -> Any:
    """A JavaScript function calling ``func`` that lives until destroyed."""
    return _browser_ffi().create_proxy(func)


def to_js(value: Any, **options: Any) -> Any:
    """``value`` as a JavaScript value, a dict as an Object (as ``pyscript.ffi.to_js``)."""
    ffi = _browser_ffi()
    options.setdefault("dict_converter", _from_entries)
    return ffi.to_js(value, **options)


def is_none(value: Any) -> bool:
    """Whether ``value`` is None or JavaScript's null."""
    return value is None or value is _browser_ffi().jsnull


# --- The browser objects the page uses, typed --------------------------------
# PyScript hands the page JS proxies, which Python sees as ``Any``.  These
# Protocols name the part of each object the page uses, so the rest of ui/
# is type-checked against them and ``Any`` stays in this file.


class Dataset(Protocol):
    """``element.dataset``: ``data-*`` attributes as string properties."""

    def __getattr__(self, name: str) -> str: ...
    def __setattr__(self, name: str, value: str) -> None: ...


class ClassList(Protocol):
    """``element.classList``."""

    def add(self, *names: str) -> None: ...
    def remove(self, *names: str) -> None: ...
    def toggle(self, name: str, force: bool = ..., /) -> bool: ...
    def contains(self, name: str) -> bool: ...


class Style(Protocol):
    """``element.style``: the inline properties the page writes."""

    transform: str
    zIndex: str
    width: str
    height: str
    backgroundImage: str

    def setProperty(self, name: str, value: str) -> None: ...
    def removeProperty(self, name: str) -> str: ...


class Animation(Protocol):
    """A Web Animations ``Animation``."""

    id: str
    onfinish: object
    playState: str

    def cancel(self) -> None: ...
    def finish(self) -> None: ...


class DOMRect(Protocol):
    """A ``DOMRect``."""

    x: float
    y: float
    left: float
    top: float
    width: float
    height: float


class Element(Protocol):
    """An HTML or SVG element."""

    style: Style
    classList: ClassList
    dataset: Dataset
    textContent: str
    className: str
    hidden: bool
    id: str
    value: str
    checked: bool
    disabled: bool
    files: Any
    innerHTML: str
    title: str
    selected: bool
    isConnected: bool
    inert: bool
    scrollWidth: int
    scrollHeight: int
    clientWidth: int
    clientHeight: int

    def setAttribute(self, name: str, value: str) -> None: ...
    def getAttribute(self, name: str) -> str | None: ...
    def removeAttribute(self, name: str) -> None: ...
    def toggleAttribute(self, name: str, force: bool = ..., /) -> bool: ...
    def appendChild(self, child: Element) -> Element: ...
    def append(self, *children: Element | str) -> None: ...
    def after(self, *nodes: Element | str) -> None: ...
    def replaceChildren(self, *children: Element | str) -> None: ...
    def remove(self) -> None: ...
    def contains(self, other: Element | None) -> bool: ...
    def querySelector(self, selector: str) -> Element: ...
    def querySelectorAll(self, selector: str) -> Any: ...
    def closest(self, selector: str) -> Element: ...
    def focus(self, options: object = ..., /) -> None: ...
    def click(self) -> None: ...
    def select(self) -> None: ...
    def animate(self, keyframes: object, options: object, /) -> Animation: ...
    def getBoundingClientRect(self) -> DOMRect: ...
    def scrollIntoView(self, options: object = ..., /) -> None: ...
    def getClientRects(self) -> Any: ...
    def setPointerCapture(self, pointer: int) -> None: ...
    def addEventListener(self, event: str, handler: object, options: object = ..., /) -> None: ...
    def removeEventListener(self, event: str, handler: object, options: object = ..., /) -> None: ...


class ImageElement(Element, Protocol):
    """An ``<img>`` (``new Image()``): its address and its load callbacks."""

    src: str
    onload: object
    onerror: object


class DomEvent(Protocol):
    """A DOM event: keyboard, pointer, focus, change or media-query event."""

    type: str
    target: Element
    relatedTarget: Element | None
    key: str
    repeat: bool
    ctrlKey: bool
    shiftKey: bool
    altKey: bool
    metaKey: bool
    pointerId: int
    pointerType: str
    button: int
    clientX: float
    clientY: float
    matches: bool
    persisted: bool
    """pageshow/pagehide: the page is (or comes back) from the back-forward cache."""

    def preventDefault(self) -> None: ...
    def stopPropagation(self) -> None: ...


Handler = Callable[[DomEvent], Any]
"""An event listener: called with the event, its result ignored."""

_keep: list[Any] = []


def el(tag: str, cls: str = "", text: str | None = None, parent: Element | None = None, **attrs: Any) -> Element:
    """A new element; ``attrs`` become attributes (``data_x`` -> ``data-x``)."""
    node: Element = document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = text
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        node.setAttribute(name.replace("_", "-"), "" if value is True else str(value))
    if parent is not None:
        parent.appendChild(node)
    return node


def svg(tag: str, parent: Element | None = None, **attrs: Any) -> Element:
    """A new SVG element (presentation attributes only: the CSP allows no inline style)."""
    node: Element = document.createElementNS(SVG_NS, tag)
    for name, value in attrs.items():
        if value is None:
            continue
        node.setAttribute("class" if name == "cls" else name.replace("_", "-"), str(value))
    if parent is not None:
        parent.appendChild(node)
    return node


def download_text(filename: str, text: str, mime: str = "application/json") -> None:
    """Offer ``text`` as a downloaded file (a Blob URL clicked through a link)."""
    blob = window.Blob.new(to_js([text]), to_js({"type": mime}))
    url = window.URL.createObjectURL(blob)
    link = el("a", "", href=url, download=filename, hidden=True)
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda *_: window.URL.revokeObjectURL(url)), 10000)


async def file_text(input_node: Element) -> tuple[str, str] | None:
    """(name, text) of the file chosen in an ``<input type=file>``, or None."""
    files = input_node.files
    if is_none(files) or int(files.length) == 0:
        return None
    f = files.item(0)
    return str(f.name), str(await f.text())


Unbind = Callable[[], None]
"""Removes the listener :func:`on` added (calling it again does nothing)."""

_live = 0  # listeners bound and not yet unbound, for tests (<html data-listeners>)


def _count(delta: int) -> None:
    global _live
    _live += delta
    document.documentElement.dataset.listeners = str(_live)


def listener_count() -> int:
    """Listeners bound through :func:`on` and not yet unbound."""
    return _live


def on(target: Any, event: str, handler: Handler, **options: Any) -> Unbind:
    """Add an event listener; the returned function removes it (and frees its proxy).

    A listener on a node that is thrown away (a dialog's) must be unbound
    when the node goes (:class:`Bindings` collects them), or its proxy lives
    as long as the page.  ``<html data-listeners>`` counts the live ones.
    """
    proxy = create_proxy(handler)
    capture = bool(options.get("capture", False))
    if options:
        target.addEventListener(event, proxy, to_js(options))
    else:
        target.addEventListener(event, proxy)
    _count(1)
    done = False

    def unbind() -> None:
        nonlocal done
        if done:
            return
        done = True
        target.removeEventListener(event, proxy, capture)
        proxy.destroy()
        _count(-1)

    return unbind


class Bindings:
    """The listeners of one part or one screen, removed together by :meth:`clear`."""

    def __init__(self) -> None:
        self._unbinds: list[Unbind] = []

    def on(self, target: Any, event: str, handler: Handler, **options: Any) -> Unbind:
        unbind = on(target, event, handler, **options)
        self._unbinds.append(unbind)
        return unbind

    def clear(self) -> None:
        unbinds, self._unbinds = self._unbinds, []
        for unbind in unbinds:
            unbind()

    def __len__(self) -> int:
        return len(self._unbinds)


class Timer:
    """A reusable one-shot timer around one persistent proxy (no proxy per call)."""

    def __init__(self, callback: Callable[[], Any]) -> None:
        self._callback = callback
        self._id: Any = None
        self._proxy = create_proxy(self._fire)
        _keep.append(self._proxy)

    def _fire(self, *_: Any) -> None:
        self._id = None
        self._callback()

    def start(self, ms: float) -> None:
        self.cancel()
        self._id = window.setTimeout(self._proxy, max(0, int(ms)))

    def cancel(self) -> None:
        if self._id is not None:
            window.clearTimeout(self._id)
            self._id = None

    @property
    def pending(self) -> bool:
        return self._id is not None


def tab_get(key: str) -> str | None:
    """A text this tab keeps across a reload (``sessionStorage``)."""
    try:
        value = window.sessionStorage.getItem(key)
    except Exception:
        return None
    return None if is_none(value) else str(value)


def tab_set(key: str, value: str) -> None:
    try:
        window.sessionStorage.setItem(key, value)
    except Exception:  # refused: a reload opens the game played last instead
        pass


def keep_local(key: str, value: str | None) -> None:
    """A text kept in ``localStorage`` for the shell to read before Python
    starts (None removes it); refused storage keeps nothing."""
    try:
        if value is None:
            window.localStorage.removeItem(key)
        else:
            window.localStorage.setItem(key, value)
    except Exception:  # blocked or full: the shell follows the browser's languages
        pass


async def fetch_text(url: str) -> str | None:
    """The text at ``url`` (relative to the page), or None when it cannot be had."""
    try:
        response = await window.fetch(url)
        if not response.ok:
            return None
        return str(await response.text())
    except Exception:  # offline and not cached, or a network error
        return None


def full_stdlib_bytes() -> bytes | None:
    """The whole standard library's zip, fetched now (synchronously: an import
    is waiting), or None when it cannot be had (shell/pyodide-boot.mjs)."""
    data = window.spiderShell.fetchFullStdlib()
    return None if is_none(data) else bytes(data.to_bytes())


def stdlib_rest() -> list[str]:
    """The modules the whole standard library has and the shipped one lacks
    (``python -m tools.build``: ``tools/build/stdlib.py``).  One JSON string across: reading the list's 400-odd
    names one by one took 10 ms of a start on the desktop."""
    names: list[str] = json.loads(str(window.JSON.stringify(window.spiderShell.stdlibRest)))
    return names


def first_move_take() -> str | None:
    """The gestures the welcome deal kept while Python started
    (``shell/firstmove.js``: ``spiderShell.firstMove``), taken once: the
    page's own gestures stop there.  None when nothing was kept."""
    keeper = getattr(window.spiderShell, "firstMove", None)
    if keeper is None or is_none(keeper):
        return None
    text = keeper.take()
    return None if is_none(text) else str(text)


def first_move_done() -> None:
    """The kept gestures are answered: the shell forgets them (and its stored copy)."""
    keeper = getattr(window.spiderShell, "firstMove", None)
    if keeper is not None and not is_none(keeper):
        keeper.done()


def now_ms() -> float:
    """``performance.now()``: milliseconds, the clock the page's measurements use."""
    return float(window.performance.now())


def mark(name: str) -> None:
    """A ``performance.mark``: a moment the benchmarks read (bench/load.py)."""
    window.performance.mark(name)
