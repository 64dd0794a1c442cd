"""A bare Chrome DevTools Protocol client: the page-load benchmark's driver.

Playwright instruments every page it drives, and a player's browser has none
of it: it enables the Runtime and Network domains (DevTools then keeps a copy
of each response body, Pyodide's 9 MB of wasm included), attaches to every
worker (the service worker too) and holds it until it has answered, and
injects a script world of its own into each document.  On the phone profile
that made a reload of this site about 0.5 s slower than the same reload
driven with only what a measurement needs (interleaved runs,
docs/benchmark-log.md).  So the benchmark starts Chromium itself, with a profile
of its own on disk as a player's is, and sends only:

* ``Target`` — a page, a closed page;
* ``Emulation`` — the screen (size, pixel ratio, mobile, touch) and the CPU
  slow-down;
* ``Network`` — the network conditions and the bytes of each request, with
  no body kept (``maxTotalBufferSize`` 0);
* ``Page`` — the navigation and its ``DOMContentLoaded``;
* ``Runtime.evaluate`` and ``Runtime.getHeapUsage``.

Example (not run as a doctest: it starts a browser)::

    with Browser(chromium_path(), LAUNCH_ARGS) as browser:
        page = browser.new_page(PROFILES["desktop"])
        page.navigate("http://127.0.0.1:8000/")
        page.evaluate("document.title")
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import websocket


class CDPError(RuntimeError):
    """Chromium did not start, or answered a command with an error."""


class Browser:
    """Headless Chromium with a new, empty profile (deleted on close)."""

    def __init__(self, executable: str, args: list[str], timeout_s: float = 300) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="spider-bench-"))
        self.process = subprocess.Popen(
            [executable, "--headless", f"--user-data-dir={self.folder}", "--remote-debugging-port=0", *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # its own process group: close() ends every helper process too
        )
        self._ids = itertools.count(1)
        self._handlers: dict[tuple[str | None, str], Callable[[dict[str, Any]], None]] = {}
        port_file = self.folder / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.exists() and len(port_file.read_text().split()) == 2):
            if self.process.poll() is not None:
                self.close()
                raise CDPError(f"{executable} exited with {self.process.returncode}")
            if time.monotonic() > deadline:
                self.close()
                raise CDPError(f"{executable} gave no DevTools port in 30 s")
            time.sleep(0.05)  # Chromium writes the file once it listens
        port, path = port_file.read_text().split()
        try:
            self.socket: websocket.WebSocket | None = websocket.create_connection(
                f"ws://127.0.0.1:{port}{path}", timeout=timeout_s
            )
        except Exception:
            self.close()
            raise

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        socket, self.socket = getattr(self, "socket", None), None
        if socket is not None:
            socket.close()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        # The browser's helper processes (renderer, GPU, utility) can outlive it
        # for a moment and write into the profile while it is being deleted.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        for _ in range(50):  # a process in its last write may still add a file: delete again
            shutil.rmtree(self.folder, ignore_errors=True)
            if not self.folder.exists():
                break
            time.sleep(0.05)

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> dict[str, Any]:
        """Send a command and return its result; events that come meanwhile
        go to their handlers (:meth:`on`)."""
        number = next(self._ids)
        message: dict[str, Any] = {"id": number, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        if self.socket is None:
            raise CDPError("the browser is closed")
        self.socket.send(json.dumps(message))
        while True:
            reply = self._receive()
            if reply.get("id") == number:
                if "error" in reply:
                    raise CDPError(f"{method}: {reply['error'].get('message')}")
                result: dict[str, Any] = reply.get("result", {})
                return result

    def on(self, session: str | None, event: str, handler: Callable[[dict[str, Any]], None]) -> None:
        self._handlers[(session, event)] = handler

    def wait_for(self, done: Callable[[], bool]) -> None:
        """Handle events until DONE() (which a handler makes true)."""
        while not done():
            self._receive()

    def _receive(self) -> dict[str, Any]:
        if self.socket is None:
            raise CDPError("the browser is closed")
        message: dict[str, Any] = json.loads(self.socket.recv())
        if "method" in message:
            handler = self._handlers.get((message.get("sessionId"), message["method"]))
            if handler:
                handler(message.get("params", {}))
        return message

    def new_page(self, screen: dict[str, Any]) -> Page:
        """A new tab with SCREEN (a Playwright-style context profile:
        viewport, device_scale_factor, is_mobile, has_touch)."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, target, session)
        viewport = screen.get("viewport", {"width": 1280, "height": 720})
        page.send(
            "Emulation.setDeviceMetricsOverride",
            {
                "width": viewport["width"],
                "height": viewport["height"],
                "deviceScaleFactor": screen.get("device_scale_factor", 1),
                "mobile": bool(screen.get("is_mobile")),
            },
        )
        if screen.get("has_touch"):
            page.send("Emulation.setTouchEmulationEnabled", {"enabled": True})
        page.send("Page.enable")
        return page


class Page:
    """One tab of a :class:`Browser`, through its own CDP session.  Its
    ``send(method, params)`` is the same call as a Playwright CDP session's."""

    def __init__(self, browser: Browser, target: str, session: str) -> None:
        self.browser, self.target, self.session = browser, target, session

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return self.browser.send(method, params, self.session)

    def on(self, event: str, handler: Callable[[dict[str, Any]], None]) -> None:
        self.browser.on(self.session, event, handler)

    def navigate(self, url: str) -> None:
        """Go to URL and return at its document's DOMContentLoaded (the new
        document is there to evaluate in; a late event of the page before,
        such as the first about:blank's, is told apart by its loader)."""
        committed: list[str] = []  # loaders of the main frame's documents, in order
        loaded: list[str] = []  # the committed loader at each DOMContentLoaded

        def navigated(event: dict[str, Any]) -> None:
            if not event["frame"].get("parentId"):
                committed.append(event["frame"]["loaderId"])

        self.on("Page.frameNavigated", navigated)
        self.on("Page.domContentEventFired", lambda _: loaded.append(committed[-1] if committed else ""))
        reply = self.send("Page.navigate", {"url": url})
        if reply.get("errorText"):
            raise CDPError(f"{url}: {reply['errorText']}")
        loader = reply.get("loaderId", "")
        self.browser.wait_for(lambda: loader in loaded)

    def evaluate(self, expression: str) -> Any:
        """The value of EXPRESSION (a promise is awaited), as JSON."""
        reply = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in reply:
            details = reply["exceptionDetails"]
            raise CDPError(details.get("exception", {}).get("description") or details.get("text", expression))
        return reply["result"].get("value")

    def close(self) -> None:
        self.browser.send("Target.closeTarget", {"targetId": self.target})
