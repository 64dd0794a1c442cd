"""The browser-test harness: Chromium through Playwright for Python.

Used by ``e2e/conftest.py`` (fixtures) and ``bench/load.py``; importable by any
browser test (``from harness import touch_drag, open_game``).

* :func:`chromium_path` — Debian's Chromium (``/usr/bin/chromium``) when it is
  there, else ``$SPIDER_CHROMIUM``, else Playwright's own browser (``None``).
* :data:`LAUNCH_ARGS` — headless flags for this machine (no sandbox as root;
  no background networking: the machine has no network but the registries; no
  address-bar popup renderer per context).
* :data:`PROFILES` — desktop (1366×768, mouse), phone in portrait (390×844,
  touch, mobile) and phone in landscape (844×390).
* :class:`Watch` — console errors, page errors, CSP violations, failed and
  foreign requests of every page and worker of a context.
* :func:`keep_picture` — a screenshot for a person to look at, taken only
  with ``SPIDER_PICTURES=1``.
* :func:`touch_drag` — a real touch drag through the Chrome DevTools Protocol
  (``Input.dispatchTouchEvent``).
* :func:`open_game` and :func:`wait_html` — wait on the page's attributes, never
  on time: ``<html data-ready>`` (a card can be dragged), ``data-boot``,
  ``data-snapshot``, ``data-offline``, ``data-update``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from e2e.timeouts import READY_TIMEOUT_MS as READY_TIMEOUT_MS  # the tests' `from harness import`
from e2e.timeouts import SEARCH_TIMEOUT_MS as SEARCH_TIMEOUT_MS

# Playwright's own --disable-features list (playwright-core's chromiumSwitches.ts, for the
# Playwright pinned in requirements-dev.txt; tests/test_e2e_harness.py checks it against the
# installed one). Chromium reads only the last --disable-features, so ours repeats it.
PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
# Headless Chromium loads the address bar's popup (chrome://omnibox-popup.top-chrome/, a WebUI)
# in a renderer of its own for every browser context: about 1 s of CPU per context on this
# machine, a fifth of a page start, in a browser stage whose two workers keep both cores busy.
NO_OMNIBOX_POPUP = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]

LAUNCH_ARGS = [
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + NO_OMNIBOX_POPUP),
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-gpu",
    "--no-first-run",
    "--disable-quic",
]
if hasattr(os, "geteuid") and os.geteuid() == 0:
    LAUNCH_ARGS.append("--no-sandbox")

PROFILES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 3,
    },
    "phone_landscape": {
        "viewport": {"width": 844, "height": 390},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 3,
    },
}

# Reports CSP violations on the console (init scripts run whatever the CSP).
CSP_REPORTER = """
addEventListener('securitypolicyviolation', (e) => console.error(
  'CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || e.sample) +
  ' at ' + e.sourceFile + ':' + e.lineNumber));
"""


def chromium_path() -> str | None:
    explicit = os.environ.get("SPIDER_CHROMIUM")
    if explicit:
        return explicit
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    return None  # Playwright's own Chromium (python -m playwright install chromium)


def launch(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS, headless=True)


# Pictures for a person to look at (e2e/artifacts/): taken only with SPIDER_PICTURES=1. Each costs
# 0.3 s (the desktop) to 0.9 s (a phone's 3x pixels) of a browser stage that is CPU-bound and that
# no one looks at in CI; a failing test's pages are saved whatever this says (conftest.py).
PICTURES = os.environ.get("SPIDER_PICTURES") == "1"


def keep_picture(page: Any, path: str | Path) -> None:
    """Save a screenshot of ``page`` at ``path`` when pictures are asked for (``SPIDER_PICTURES=1``)."""
    if PICTURES:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path))


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class Watch:
    """What went wrong in a browser context: attach it before the first page."""

    origin: str
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def attach(self, context: Any) -> None:
        context.add_init_script(CSP_REPORTER)
        context.on("request", self._on_request)
        context.on("requestfailed", self._on_failed)
        context.on("page", self._on_page)
        for page in context.pages:
            self._on_page(page)

    def _on_page(self, page: Any) -> None:
        page.on("console", self._on_console)
        page.on("pageerror", lambda e: self.page_errors.append(str(e)))

    def _on_console(self, message: Any) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def _on_request(self, request: Any) -> None:
        url = request.url
        self.requests.append(url)
        if url.startswith(("data:", "blob:")):
            return
        if origin(url) != self.origin:
            self.foreign_requests.append(url)

    def _on_failed(self, request: Any) -> None:
        # A request cut short because the page went away (a reload while the
        # table preloads card faces) is not a failure of the site.
        if request.failure and "ERR_ABORTED" in request.failure:
            return
        self.failed_requests.append(f"{request.url}: {request.failure}")

    def same_origin_paths(self) -> list[str]:
        return [urlsplit(u).path for u in self.requests if origin(u) == self.origin]

    def problems(self, allow_failed: bool = False) -> list[str]:
        found = [f"console error: {m}" for m in self.console_errors]
        found += [f"page error: {m}" for m in self.page_errors]
        found += [f"foreign request: {u}" for u in self.foreign_requests]
        if not allow_failed:
            found += [f"failed request: {u}" for u in self.failed_requests]
        return found

    def assert_clean(self, allow_failed: bool = False) -> None:
        problems = self.problems(allow_failed)
        assert not problems, "\n".join(problems)


def html_attr(page: Any, name: str) -> str | None:
    value: str | None = page.evaluate("n => document.documentElement.getAttribute(n)", f"data-{name}")
    return value


def wait_html(page: Any, name: str, *values: str, timeout: float = READY_TIMEOUT_MS) -> str | None:
    """Wait until <html data-NAME> is present (no values) or has one of VALUES."""
    if values:
        selector = ",".join(f'html[data-{name}="{v}"]' for v in values)
    else:
        selector = f"html[data-{name}]"
    page.wait_for_selector(selector, state="attached", timeout=timeout)
    return html_attr(page, name)


def open_game(page: Any, url: str, wait_until: str = "load") -> None:
    """Navigate and wait until the game can be played (<html data-ready>)."""
    page.goto(url, wait_until=wait_until)
    wait_html(page, "ready")


def reload_game(page: Any) -> None:
    page.reload()
    wait_html(page, "ready")


def touch_drag(
    page: Any,
    start: tuple[float, float],
    end: tuple[float, float],
    steps: int = 10,
    release: bool = True,
) -> None:
    """Drag one finger from START to END (CSS pixels) in STEPS moves, through
    CDP Input.dispatchTouchEvent: real touch events, as a phone sends them."""
    session = page.context.new_cdp_session(page)
    try:
        send = session.send
        send(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1], "id": 1}]}
        )
        for k in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * k / steps
            y = start[1] + (end[1] - start[1]) * k / steps
            send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y, "id": 1}]})
        if release:
            send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        session.detach()
