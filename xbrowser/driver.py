"""What a scenario of the cross-browser suite asks of a browser.

The scenarios (``test_browsers.py``) are written once against
:class:`Browser`; each browser has a small adapter: Firefox over WebDriver
BiDi (``firefox.py``), WebKitGTK over classic WebDriver with Selenium
(``webkit.py``).  Everything a scenario reads from the page goes through
:meth:`Browser.js`, an expression whose value (awaited if a promise) comes
back as JSON.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Protocol

READY_S = 120.0
"""The longest a start may take (a cold load compiles Pyodide)."""

ERRORS_HOOK = """(() => {
  if (window.__xbErrors) return;
  window.__xbErrors = [];
  const keep = (text) => { if (window.__xbErrors.length < 50) window.__xbErrors.push(String(text)); };
  addEventListener('error', (e) => keep('error: ' + (e.message || (e.target && (e.target.src || e.target.href)) || e)), true);
  addEventListener('unhandledrejection', (e) => keep('rejection: ' + (e.reason && e.reason.stack || e.reason)));
  const error = console.error.bind(console);
  console.error = (...a) => { keep('console.error: ' + a.join(' ')); error(...a); };
})()"""
"""Page errors and console errors, kept in the page (a driver that cannot
read the console reads these; hooked as soon as a page can be scripted)."""


class Browser(Protocol):
    """One browser window, driven by one adapter."""

    name: str

    def goto(self, url: str) -> None:
        """Navigate and wait for the document's load."""

    def js(self, expression: str) -> object:
        """The JSON value of ``expression`` in the page (a promise is awaited)."""

    def drag(self, points: list[tuple[float, float]], touch: bool) -> None:
        """Press at the first point, move through the others, release at the last."""

    def tap(self, x: float, y: float, touch: bool) -> None: ...

    def key(self, key: str, shift: bool = False) -> None:
        """One key press (``Enter``, ``ArrowLeft``, ``Tab``, a letter)."""

    def viewport(self, width: int, height: int) -> None: ...

    def screenshot(self, path: Path) -> None: ...

    def errors(self) -> list[str]:
        """Page and console errors since the last call."""

    def close(self) -> None: ...


def wait(b: Browser, expression: str, timeout: float = 30.0, what: str = "") -> object:
    """Poll ``expression`` until it is truthy; its value."""
    until = time.monotonic() + timeout
    while True:
        try:
            value = b.js(expression)
        except Exception:  # the page is navigating: try again
            value = None
        if value:
            return value
        if time.monotonic() > until:
            raise AssertionError(f"{b.name}: waited {timeout:.0f} s for {what or expression}")
        time.sleep(0.05)


def js_value(text: object) -> object:
    """The JSON text a page's expression gave, as Python."""
    return None if text is None else json.loads(str(text))
