#!/usr/bin/env python3
"""Page-load benchmark: the real site in headless Chromium on this machine.

Each profile (``--profile``, repeatable; all three by default) is a browser
profile with CDP network and CPU conditions: ``desktop`` (localhost, no
throttling), ``phone-4g`` (a phone, 9 Mbit/s down, 60 ms, CPU slowed 4×
through ``Emulation.setCPUThrottlingRate``) and ``slow-4g`` (a phone,
1.6 Mbit/s, 150 ms, CPU ×4).  For each, over several runs, it prints the
medians beside the targets:

* the first visit (a browser profile that has not seen the site: no HTTP
  cache, no service worker), from navigation start to ``<html data-ready>``, the moment a card
  can be dragged; its first paint; the first cards on screen (the welcome
  deal dealt before Python, ``spider-picture``; without it, the table Python
  draws); the dealt table showing its faces (that deal, or the table once
  its deal animation has landed every face: ``spider-faces``); the bytes on
  the wire of the requests made before then (CDP ``encodedDataLength``:
  compressed, as sent) and the ten largest downloads;
* offline play ready: how long after that playable table the service worker
  holds the whole site (``<html data-offline="ready">``);
* three reloads in the same profile (served by the service worker, booting
  from the stored snapshot), each to a playable table, each page closed at
  once (``--stay SECONDS`` keeps it open a while, as a player would: only
  then does Chromium keep the wasm's compiled code for the next reload);
* a gesture made at 1.0 s after navigation, on a first visit of its own: the
  welcome deal's column 9 dragged onto column 6 (touch on a phone, the mouse
  on the desktop), kept by the page while Python starts and played once the
  game is ready (``spider-first-move-answered``): when it was answered, and
  how long after the table was playable (a gesture that finds no table on
  screen at 1.0 s is counted apart; one that finds the game ready is played
  at once);
* on the desktop, for comparison, the same with a normal Python start
  (``?snapshot=off``), and the memory after the first visit.

It measures what a player's browser does, and not the measuring: Chromium
runs with a profile of its own on disk (a new one per run, which has first
opened a page of another origin), and is driven through bare CDP
(bench/cdp.py), not through Playwright, whose instrumentation of every page
(the Runtime and Network domains with each response body kept, workers held
at start, a script world of its own) made a reload on the phone profile
about 0.4 s slower (``--driver playwright`` measures that way, as this
benchmark did before).  It waits for the page's marks with one CDP
evaluation each (:func:`wait_quietly`), not with polling.

Usage::

    .venv/bin/python -m bench.load                          # 3 runs, every profile
    .venv/bin/python -m bench.load --profile phone-4g --runs 5 --json bench/results/load.json
    .venv/bin/python -m bench.load --site _site             # an existing build
    .venv/bin/python -m bench.load --quick --site _site     # a smoke run: one desktop run

Run it from the repository's root, as a module.  It builds the site into a
temporary folder unless ``--site`` is given (``python -m tools.build``), serves it
with ``tools/serve.py`` (the build's brotli and gzip copies, cache headers) on
a free port, and drives Chromium (``/usr/bin/chromium`` when present, else
Playwright's).  ``--quick`` is one run of the desktop profile: CI runs it to
see that the benchmark's steps work, not to read its figures, and it fails
when a step (:data:`SMOKE_STEPS`) gives none.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from bench.cdp import Browser
from e2e.harness import LAUNCH_ARGS, PROFILES, chromium_path, launch
from tools import serve

ROOT = Path(__file__).resolve().parent.parent

NETWORKS: dict[str, dict[str, Any]] = {
    # name -> browser profile, CDP network conditions (None: none) and CPU slow-down
    "desktop": {"browser": "desktop", "net": None, "cpu": 1},
    "phone-4g": {
        "browser": "phone",
        "net": {"latency": 60, "downloadThroughput": 9e6 / 8, "uploadThroughput": 3e6 / 8},
        "cpu": 4,
    },
    "slow-4g": {
        "browser": "phone",
        "net": {"latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 0.75e6 / 8},
        "cpu": 4,
    },
}

TARGETS = {  # (profile, metric) -> (target, unit)
    ("desktop", "cold"): (1.3, "s"),
    ("desktop", "reload_1"): (0.7, "s"),
    ("desktop", "reload_3"): (0.7, "s"),
    ("desktop", "cold_bytes"): (6e6, "B"),
    ("desktop", "first_paint_cold"): (0.3, "s"),
    ("phone-4g", "cold"): (7.0, "s"),
    ("phone-4g", "reload_1"): (2.0, "s"),
    ("phone-4g", "reload_3"): (2.0, "s"),
    ("phone-4g", "offline_after"): (15.0, "s"),
    ("phone-4g", "gesture_after"): (0.3, "s"),
}

LABELS = {
    "first_paint_cold": "first paint, loading screen (cold)",
    "first_cards_cold": "first cards on screen (cold)",
    "faces_cold": "dealt table with faces (cold)",
    "cold": "first visit to a playable table",
    "cold_bytes": "bytes on the wire, first visit",
    "cold_requests": "requests, first visit",
    "offline_after": "offline play ready, after the playable table",
    "reload_1": "first reload to a playable table",
    "reload_2": "second reload",
    "reload_3": "third reload",
    "first_paint_warm": "first paint, loading screen (reload)",
    "gesture_answered": "a gesture at 1.0 s: answered (first visit)",
    "gesture_after": "a gesture at 1.0 s: answered after playable",
    "gesture_no_table": "a gesture at 1.0 s: no table on screen yet (runs)",
    "gesture_lost": "a gesture at 1.0 s: LOST, no move played (runs)",
    "picture_warm": "the table shown as it was left (reload, a picture)",
    "loader_warm": "reload: the Pyodide loader runs",
    "restored_warm": "reload: Pyodide restored (then PyScript, the table)",
    "cold_normal": "first visit, normal start (no snapshot)",
    "warm_normal": "reload, normal start (no snapshot)",
    "js_heap_cold": "JS heap after the first visit",
    "wasm_memory_cold": "wasm memory after the first visit",
}

TIMES = """() => ({
    paint: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime,
    pyodideStart: (performance.getEntriesByName('spider-pyodide-start')[0] || {}).startTime,
    pyodideLoaded: (performance.getEntriesByName('spider-pyodide-loaded')[0] || {}).startTime,
    ready: (performance.getEntriesByName('spider-ready')[0] || {}).startTime,
    picture: (performance.getEntriesByName('spider-picture')[0] || {}).startTime,
    boot: document.documentElement.dataset.boot,
    wasm: spiderShell.pyodide ? spiderShell.pyodide._module.HEAPU8.length : null,
})"""


WAIT_FOR = """new Promise((resolve, reject) => {
  const html = document.documentElement;
  const found = () => html.hasAttribute("data-" + NAME) && (!VALUES.length || VALUES.includes(html.getAttribute("data-" + NAME)));
  if (found()) return resolve(true);
  const watcher = new MutationObserver(() => {
    if (found()) { watcher.disconnect(); clearTimeout(timer); resolve(true); }
  });
  watcher.observe(html, { attributes: true });
  const timer = setTimeout(() => { watcher.disconnect(); reject(new Error("no <html data-" + NAME + "> in time")); }, TIMEOUT);
})"""


FACES = """new Promise((resolve) => {
  const mark = () => (performance.getEntriesByName("spider-faces")[0] || {}).startTime;
  const table = document.querySelector("#table");
  if (mark() !== undefined) return resolve(mark());
  if (!table || !table.hasAttribute("data-busy")) return resolve(performance.now());
  const watch = new MutationObserver(() => {
    if (!table.hasAttribute("data-busy")) { watch.disconnect(); resolve(mark() ?? performance.now()); }
  });
  watch.observe(table, { attributes: true, attributeFilter: ["data-busy"] });
  setTimeout(() => resolve(null), 30000);
})"""
"""When the dealt table shows its faces: the page's ``spider-faces`` mark, or
(a build without it) the moment its deal animation ends (``data-busy`` goes)."""


def wait_quietly(cdp: Any, name: str, *values: str, timeout_ms: int = 180_000) -> None:
    """Wait until <html data-NAME> is present (or has one of VALUES), as the
    harness's ``wait_html`` does, but through one CDP ``Runtime.evaluate`` of
    a promise in the page: no Playwright script injected and compiled in the
    page, no polling at every frame.  Those cost the page's main thread what
    a player's browser never spends (about 85 ms of a reload on the phone
    profile, in interleaved runs)."""
    expression = (
        WAIT_FOR.replace("NAME", json.dumps(name))
        .replace("VALUES", json.dumps(list(values)))
        .replace("TIMEOUT", str(timeout_ms))
    )
    reply = cdp.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True})
    if "exceptionDetails" in reply:
        raise TimeoutError(reply["exceptionDetails"].get("exception", {}).get("description", f"data-{name}"))


# The Network domain as the benchmark needs it: conditions and byte counts, no
# copy of the response bodies (DevTools keeps them by default, up to 100 MB).
NETWORK_ENABLE = {"maxTotalBufferSize": 0, "maxResourceBufferSize": 0}


def throttle(cdp: Any, network: dict[str, Any]) -> None:
    """Apply a profile's network and CPU conditions to one page's CDP session.
    (The service worker's own downloads are not slowed: CDP conditions apply
    to the page's target, so the offline-ready time on a slow profile is a
    lower bound.)"""
    if network["net"] is not None:
        cdp.send("Network.enable", NETWORK_ENABLE)
        cdp.send("Network.emulateNetworkConditions", {"offline": False, **network["net"]})
    if network["cpu"] != 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": network["cpu"]})


def measure_page(page: Any, url: str, network: dict[str, Any], count_bytes: bool) -> dict[str, Any]:
    """Open URL in PAGE under NETWORK, wait for a playable table, return its figures."""
    sent: dict[str, float] = {}
    urls: dict[str, str] = {}
    started: dict[str, float] = {}  # request -> wall time sent, in ms
    if count_bytes:
        page.send("Network.enable", NETWORK_ENABLE)

        def will_send(event: dict[str, Any]) -> None:
            urls[event["requestId"]] = event["request"]["url"]
            started.setdefault(event["requestId"], event["wallTime"] * 1000)

        page.on("Network.requestWillBeSent", will_send)
        page.on("Network.loadingFinished", lambda e: sent.__setitem__(e["requestId"], e["encodedDataLength"]))
    throttle(page, network)
    page.navigate(url)
    wait_quietly(page, "ready")
    faces = page.evaluate(FACES)
    figures: dict[str, Any] = page.evaluate(f"({TIMES})()")
    figures["faces"] = faces
    if count_bytes:
        # What the playable table needed: the requests made before it was ready
        # (a download the page starts afterwards, such as the standard library
        # after a start from a snapshot, may finish before these lines run).
        ready_wall = page.evaluate("performance.timeOrigin") + figures["ready"]
        sent = {rid: size for rid, size in sent.items() if started.get(rid, 0) <= ready_wall}
        figures["bytes"] = sum(sent.values())
        figures["requests"] = len(sent)
        per_file: dict[str, float] = {}
        for rid, size in sent.items():
            name = urls.get(rid, "?").split("?")[0].rsplit("/", 1)[-1] or "(page)"
            per_file[name] = per_file.get(name, 0) + size
        figures["per_file"] = per_file
    figures["js_heap"] = page.send("Runtime.getHeapUsage")["usedSize"]
    return figures


GESTURE_AT_MS = 1000

GESTURE_POINTS = """(() => {
  const table = document.querySelector('#table-picture') || document.querySelector('#table');
  const top = (pile) => [...(table ? table.querySelectorAll(`.card[data-in="${pile}"]`) : [])]
    .sort((a, b) => +b.dataset.pos - +a.dataset.pos)[0];
  const from = top('column-9'), to = top('column-6');
  if (!from || !to) return null;
  const a = from.getBoundingClientRect(), b = to.getBoundingClientRect();
  return {picture: table.id === 'table-picture', ready: document.documentElement.hasAttribute('data-ready'),
          start: [a.left + a.width / 2, a.top + 6], end: [b.left + b.width / 2, b.top + b.height * 0.45]};
})()"""
"""Where the gesture presses and lets go: column 9's top card onto column 6's, on the table shown."""

POINTS_BY_GESTURE_TIME = f"""new Promise((resolve) => {{
  const look = () => {{
    const points = {GESTURE_POINTS};
    if (points) resolve({{...points, shown: performance.now()}});
    else if (performance.now() >= {GESTURE_AT_MS}) resolve(null);
    else requestAnimationFrame(look);
  }};
  look();
}})"""
"""The gesture's points as soon as a table with cards is on screen, or null
when there is none at the gesture's time."""


def gesture(page: Any, touch: bool, start: list[float], end: list[float]) -> None:
    """A drag from START to END, by touch or by the mouse, as CDP input."""
    steps = [(start[0] + (end[0] - start[0]) * k / 6, start[1] + (end[1] - start[1]) * k / 6) for k in range(1, 7)]
    if touch:
        page.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]})
        for x, y in steps:
            page.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        page.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        return
    mouse = {"button": "left", "clickCount": 1}
    page.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": start[0], "y": start[1]})
    page.send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": start[0], "y": start[1], **mouse})
    for x, y in steps:
        page.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y, "button": "left", "buttons": 1})
    page.send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": end[0], "y": end[1], **mouse})


def measure_gesture(page: Any, url: str, network: dict[str, Any], touch: bool) -> dict[str, Any]:
    """A first visit with a gesture at 1.0 s after navigation.  The points
    are read as soon as a table shows (the page is free then), and the
    gesture is sent at 1.0 s by the clock, as a player's finger comes: the
    browser holds it until the page's main thread is free.  (Read at 1.0 s
    instead, a main thread busy starting Python answered late, and a gesture
    handled after the table was ready counted as "no table on screen".)

    ``gesture`` says what became of it: "answered" (``answered``: when, from
    the kept move's answer, or the playable table's time for a gesture the
    ready table took as it came), "no table" (nothing on screen to touch at
    1.0 s) or "lost" (the game was ready and no move had been played)."""
    throttle(page, network)
    page.navigate(url)
    origin = page.evaluate("performance.timeOrigin")  # ms since the epoch, as time.time() counts
    points = page.evaluate(POINTS_BY_GESTURE_TIME)
    wait = (origin + GESTURE_AT_MS) / 1000 - time.time()
    if wait > 0:
        time.sleep(wait)  # the experiment: the finger comes at 1.0 s
    at = time.time() * 1000 - origin
    if points is not None:
        gesture(page, touch, points["start"], points["end"])
    wait_quietly(page, "ready")
    figures: dict[str, Any] = page.evaluate(f"({TIMES})()")
    mark = page.evaluate("(performance.getEntriesByName('spider-first-move-answered')[0] || {}).startTime")
    # The input events are in once the game is ready: it came in before, or the table took it.
    played = page.evaluate("document.querySelector('#table').dataset.moves") == "1"
    if points is None:
        figures["gesture"], answered = "no table", None
    elif mark is not None:
        figures["gesture"], answered = "answered", mark
    elif played:  # the table was ready when the page got to the gesture: it played it as it came
        figures["gesture"], answered = "answered", max(at, figures["ready"])
    else:
        figures["gesture"], answered = "lost", None
    figures["gesture_at"] = at
    figures["answered"] = answered
    return figures


class PlaywrightPage:
    """A page driven through Playwright (``--driver playwright``), with the
    calls of :class:`cdp.Page`: the benchmark as it measured before, with
    Playwright's instrumentation of the page (see bench/cdp.py)."""

    def __init__(self, context: Any) -> None:
        self.page = context.new_page()
        self.cdp = context.new_cdp_session(self.page)

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        result: dict[str, Any] = self.cdp.send(method, params or {})
        return result

    def on(self, event: str, handler: Callable[[dict[str, Any]], None]) -> None:
        self.cdp.on(event, handler)

    def navigate(self, url: str) -> None:
        self.page.goto(url)

    def evaluate(self, expression: str) -> Any:
        return self.page.evaluate(expression)

    def close(self) -> None:
        self.cdp.detach()
        self.page.close()


class Profiles:
    """New, empty browser profiles (no HTTP cache, no service worker) through
    the chosen driver: "cdp", a Chromium of its own per profile, its profile
    on disk (bench/cdp.py); or "playwright", a new context of one browser."""

    def __init__(self, driver: str, stack: ExitStack, lang: str | None = None) -> None:
        self.playwright_browser = None
        self.lang = lang
        # The browser's language (--lang): its UI and navigator.languages; headless takes --accept-lang.
        self.args = [*LAUNCH_ARGS, f"--lang={lang}", f"--accept-lang={lang}"] if lang else list(LAUNCH_ARGS)
        self.executable = chromium_path()
        if driver == "playwright" or self.executable is None:
            from playwright.sync_api import sync_playwright

            playwright = stack.enter_context(sync_playwright())
            self.executable = self.executable or playwright.chromium.executable_path
            if driver == "playwright":
                self.playwright_browser = launch(playwright)

    @contextmanager
    def fresh(self, screen: dict[str, Any], elsewhere: str) -> Iterator[Callable[[], Any]]:
        """A new profile for SCREEN (a harness profile); yields new_page().
        A new Chromium first opens ELSEWHERE, a page of another origin, as a
        player's browser has been used before it comes to this site (nothing
        of it serves this origin: storage and caches are kept per site)."""
        if self.playwright_browser is None:
            with Browser(str(self.executable), self.args) as browser:
                page = browser.new_page(screen)
                page.navigate(elsewhere)
                page.close()
                yield lambda: browser.new_page(screen)
        else:
            context = self.playwright_browser.new_context(**screen, **({"locale": self.lang} if self.lang else {}))
            try:
                yield lambda: PlaywrightPage(context)
            finally:
                context.close()


# The steps a smoke run (--quick) must give a figure for, or it fails: the first visit and
# its bytes, the offline start, the three reloads, and the normal start's visit and reload.
SMOKE_STEPS = ("cold", "cold_bytes", "offline_after", "reload_1", "reload_2", "reload_3", "warm_normal", "cold_normal")


def run(
    site: Path,
    runs: int,
    profile: str,
    verbose: bool,
    stay: float = 0,
    driver: str = "cdp",
    normal_start: bool = True,
    gestures: bool = True,
    lang: str | None = None,
) -> tuple[dict[str, list[float]], dict[str, float]]:
    """The figures of RUNS runs of PROFILE, and the first visit's largest
    downloads; ``normal_start``: on the desktop, also a first visit and a
    reload that start Python normally (``?snapshot=off``), for comparison;
    ``gestures``: also a first visit with a gesture at 1.0 s."""
    network = NETWORKS[profile]
    screen = PROFILES[network["browser"]]
    results: dict[str, list[float]] = {key: [] for key in LABELS}
    largest: dict[str, float] = {}
    server = serve.start(site)
    server.warm()  # compress everything first, as a static host has it ready
    url = server.url
    elsewhere = url.replace("//127.0.0.1:", "//localhost:", 1) + "manifest.webmanifest"
    try:
        with ExitStack() as stack:
            profiles = Profiles(driver, stack, lang)
            for i in range(runs):
                with profiles.fresh(screen, elsewhere) as new_page:
                    # The first visit.
                    page = new_page()
                    cold = measure_page(page, url, network, count_bytes=True)
                    if lang:
                        chosen = page.evaluate("document.documentElement.lang")
                        if not lang.lower().startswith(chosen.lower()):
                            raise RuntimeError(f"the page chose {chosen!r}, not the browser's {lang!r}")
                    results["cold"].append(cold["ready"] / 1000)
                    results["first_paint_cold"].append(cold["paint"] / 1000)
                    # the first cards: the welcome deal's picture, else the table Python draws
                    results["first_cards_cold"].append((cold.get("picture") or cold["ready"]) / 1000)
                    faces = [t for t in (cold.get("picture"), cold.get("faces")) if t is not None]
                    if faces:
                        results["faces_cold"].append(min(faces) / 1000)
                    results["cold_bytes"].append(cold["bytes"])
                    results["cold_requests"].append(cold["requests"])
                    results["js_heap_cold"].append(cold["js_heap"])
                    results["wasm_memory_cold"].append(cold["wasm"])
                    largest = cold["per_file"]
                    # The service worker holds the whole site: offline play is ready.
                    wait_quietly(page, "offline", "ready")
                    results["offline_after"].append(page.evaluate("performance.now()") / 1000 - cold["ready"] / 1000)
                    wait_quietly(page, "snapshot", "saved", "failed", "too-big")
                    page.close()
                    # Three reloads: the app started again, from the service worker.
                    reloads = []
                    for k in (1, 2, 3):
                        page = new_page()
                        warm = measure_page(page, url, network, count_bytes=False)
                        if stay:  # a player who looks at the table a while (see --stay)
                            page.evaluate(f"new Promise((resolve) => setTimeout(resolve, {stay * 1000:.0f}))")
                        page.close()
                        results[f"reload_{k}"].append(warm["ready"] / 1000)
                        if k == 1:
                            results["first_paint_warm"].append(warm["paint"] / 1000)
                            if warm.get("picture") is not None:
                                results["picture_warm"].append(warm["picture"] / 1000)
                            results["loader_warm"].append(warm["pyodideStart"] / 1000)
                            results["restored_warm"].append(warm["pyodideLoaded"] / 1000)
                        reloads.append(f"{warm['ready'] / 1000:.2f} s ({warm['boot']})")
                    if profile == "desktop" and normal_start:
                        page = new_page()
                        plain = measure_page(page, url + "?snapshot=off", network, count_bytes=False)
                        page.close()
                        results["warm_normal"].append(plain["ready"] / 1000)
                if gestures:  # in a profile of its own: its first visit is a new player's
                    with profiles.fresh(screen, elsewhere) as new_page:
                        page = new_page()
                        kept = measure_gesture(page, url, network, touch=network["browser"] == "phone")
                        page.close()
                    if kept["gesture"] == "no table":
                        results["gesture_no_table"].append(1)
                    elif kept["gesture"] == "lost":
                        results["gesture_lost"].append(1)
                    else:
                        results["gesture_answered"].append(kept["answered"] / 1000)
                        results["gesture_after"].append((kept["answered"] - kept["ready"]) / 1000)
                if verbose:
                    print(
                        f"run {i + 1}: first cards {results['first_cards_cold'][-1]:.2f} s,"
                        f" first visit {cold['ready'] / 1000:.2f} s ({cold['boot']}),"
                        f" {cold['bytes'] / 1e6:.2f} MB; offline ready {results['offline_after'][-1]:.1f} s later;"
                        f" reloads "
                        + ", ".join(reloads)
                        + (
                            f"; a gesture at 1.0 s answered at {kept['answered'] / 1000:.2f} s"
                            f" ({(kept['answered'] - kept['ready']) / 1000:+.2f} s from playable)"
                            if gestures and kept["answered"] is not None
                            else f"; a gesture at 1.0 s: {kept['gesture']}"
                            if gestures
                            else ""
                        ),
                        flush=True,
                    )
                if profile == "desktop" and normal_start:  # for comparison: a first visit that starts Python normally
                    with profiles.fresh(screen, elsewhere) as new_page:
                        page = new_page()
                        normal = measure_page(page, url + "?snapshot=off", network, count_bytes=False)
                        page.close()
                        results["cold_normal"].append(normal["ready"] / 1000)
    finally:
        server.shutdown()
        server.server_close()
    return results, largest


def fmt(key: str, value: float) -> str:
    if "bytes" in key:
        return f"{value / 1e6:.2f} MB"
    if "heap" in key or "memory" in key:
        return f"{value / 1048576:.1f} MiB"
    if "requests" in key or "no_table" in key:
        return f"{value:.0f}"
    return f"{value:.2f} s"


def report(results: dict[str, list[float]], profile: str) -> tuple[str, bool]:
    rows = [("metric", "median", "min – max", "target", "")]
    ok = True
    for key, label in LABELS.items():
        values = results.get(key) or []
        if not values:
            continue
        median = statistics.median(values)
        spread = f"{fmt(key, min(values))} – {fmt(key, max(values))}"
        target, verdict = "", ""
        if (profile, key) in TARGETS:
            limit, _ = TARGETS[(profile, key)]
            target = "≤ " + fmt(key, limit)
            verdict = "pass" if median <= limit else "MISS"
            ok = ok and median <= limit
        rows.append((label, fmt(key, median), spread, target, verdict))
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines), ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--profile",
        action="append",
        choices=sorted(NETWORKS),
        help="network and CPU profile (repeatable; default: all three)",
    )
    parser.add_argument("--site", type=Path, help="an existing build (default: build into a temporary folder)")
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    parser.add_argument(
        "--stay",
        type=float,
        default=0,
        help="seconds each reload stays open once playable (default 0: closed at once). Chromium keeps"
        " the wasm's compiled code for the service worker's copy only about 2 s after a page compiled it,"
        " so a reload after a visit closed sooner compiles it again; a player's visit lasts longer",
    )
    parser.add_argument(
        "--driver",
        choices=["cdp", "playwright"],
        default="cdp",
        help="cdp (default): Chromium driven through bare CDP, as a player's browser runs (bench/cdp.py);"
        " playwright: through Playwright, whose instrumentation of each page made the reloads slower",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="no per-run lines")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a smoke run: one run of the desktop profile; fails when a step gives no figure",
    )
    parser.add_argument("--no-gesture", action="store_true", help="no first visit with a gesture at 1.0 s")
    parser.add_argument(
        "--lang",
        help="the browser's language, e.g. fr-FR (default: Chromium's, English): a first visit then"
        " fetches that language's catalog; the run fails if the page chooses another",
    )
    args = parser.parse_args(argv)
    profiles = args.profile or ["desktop", "phone-4g", "slow-4g"]
    if args.quick:
        args.runs, profiles = 1, ["desktop"]

    everything: dict[str, object] = {}
    all_ok = True
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            subprocess.run([sys.executable, "-m", "tools.build", "--out", str(site)], cwd=ROOT, check=True)
        for profile in profiles:
            net = NETWORKS[profile]
            conditions = (
                "localhost, no throttling"
                if net["net"] is None
                else f"{net['net']['downloadThroughput'] * 8 / 1e6:g} Mbit/s down,"
                f" {net['net']['latency']} ms, CPU ×{net['cpu']}"
            )
            stays = f"; each reload stays open {args.stay:g} s" if args.stay else ""
            stays += f"; browser language {args.lang}" if args.lang else ""
            print(
                f"\n== {profile}: {conditions}; {args.runs} runs{stays}, headless Chromium ({args.driver})", flush=True
            )
            results, largest = run(
                site,
                args.runs,
                profile,
                verbose=not args.quiet,
                stay=args.stay,
                driver=args.driver,
                gestures=not args.no_gesture,
                lang=args.lang,
            )
            if args.quick:
                missing = [key for key in SMOKE_STEPS if not (results[key] and results[key][0] > 0)]
                if missing:
                    print(f"FAILED: no figure for {', '.join(missing)}", flush=True)
                    return 1
            table, ok = report(results, profile)
            all_ok = all_ok and ok
            print()
            print(table)
            top = sorted(largest.items(), key=lambda kv: -kv[1])[:10]
            print("\nthe ten largest downloads of the first visit (as sent):")
            for name, size in top:
                print(f"  {size / 1e6:7.2f} MB  {name}")
            everything[profile] = {"results": results, "largest": dict(top)}
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(everything, indent=1) + "\n", encoding="utf-8")
    print("\nall targets met" if all_ok else "\nsome targets missed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
