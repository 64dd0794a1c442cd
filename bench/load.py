#!/usr/bin/env python3
"""Page-load benchmark: the real site in headless Chromium on this machine.

Measures, over several runs, and prints the medians beside the targets:

* first paint: the loading screen's first contentful paint (cold and warm);
* cold load to interactive: an empty browser profile (no HTTP cache, no
  service worker), from navigation start to ``<html data-ready>`` — the moment
  the table says a card can be dragged (``spiderShell.ready()``); it boots from
  the snapshot shipped with the build, and for comparison the same with a
  normal start (``?snapshot=off``);
* warm load to interactive: the app started again in the same profile, served
  by the service worker, booting from the Pyodide memory snapshot — and, for
  comparison, the same with the snapshot switched off (``?snapshot=off``);
* bytes transferred on a cold load up to interactive (CDP
  ``Network.loadingFinished`` encodedDataLength, i.e. compressed, as sent);
* memory after load: the JavaScript heap (CDP ``Runtime.getHeapUsage``) and
  Pyodide's WebAssembly memory.

Usage::

    .venv/bin/python bench/load.py                # 5 runs of each
    .venv/bin/python bench/load.py --runs 3 --json bench/results/load.json
    .venv/bin/python bench/load.py --site _site   # an existing build

It builds the site into a temporary folder unless ``--site`` is given, serves
it with ``tools/serve.py`` (gzip, cache headers) on a free port, and drives
Chromium (``/usr/bin/chromium`` when present) through Playwright.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT / "tools", ROOT / "e2e"):
    sys.path.insert(0, str(path))

import build as site_build  # noqa: E402
import serve  # noqa: E402
from harness import PROFILES, launch, wait_html  # noqa: E402

TARGETS = {  # metric -> (target, unit)
    "first_paint_cold": (0.3, "s"),
    "first_paint_warm": (0.3, "s"),
    "warm_snapshot": (1.5, "s"),
    "cold": (3.0, "s"),
}

LABELS = {
    "first_paint_cold": "first paint, loading screen (cold)",
    "first_paint_warm": "first paint, loading screen (warm)",
    "cold": "cold load to interactive",
    "cold_normal": "cold load, normal start (no snapshot)",
    "warm_snapshot": "warm load to interactive (snapshot)",
    "warm_normal": "warm load to interactive (no snapshot)",
    "cold_bytes": "bytes transferred, cold load",
    "cold_requests": "requests, cold load",
    "js_heap_cold": "JS heap after cold load",
    "wasm_memory_cold": "wasm memory after cold load",
    "js_heap_warm": "JS heap after warm load (snapshot)",
    "wasm_memory_warm": "wasm memory after warm load (snapshot)",
}

TIMES = """() => ({
    paint: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime,
    pyodideStart: (performance.getEntriesByName('spider-pyodide-start')[0] || {}).startTime,
    pyodideLoaded: (performance.getEntriesByName('spider-pyodide-loaded')[0] || {}).startTime,
    ready: (performance.getEntriesByName('spider-ready')[0] || {}).startTime,
    boot: document.documentElement.dataset.boot,
    wasm: spiderShell.pyodide ? spiderShell.pyodide._module.HEAPU8.length : null,
})"""


def measure_page(page: Any, url: str, count_bytes: bool) -> dict[str, Any]:
    """Open URL in PAGE, wait for interactive, return its figures."""
    cdp = page.context.new_cdp_session(page)
    sent: dict[str, float] = {}
    if count_bytes:
        cdp.send("Network.enable")
        cdp.on("Network.loadingFinished", lambda e: sent.__setitem__(e["requestId"], e["encodedDataLength"]))
    page.goto(url)
    wait_html(page, "ready")
    figures: dict[str, Any] = page.evaluate(TIMES)
    if count_bytes:
        figures["bytes"] = sum(sent.values())
        figures["requests"] = len(sent)
        cdp.send("Network.disable")
    heap = cdp.send("Runtime.getHeapUsage")
    figures["js_heap"] = heap["usedSize"]
    cdp.detach()
    return figures


def run(site: Path, runs: int, verbose: bool) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    results: dict[str, list[float]] = {key: [] for key in LABELS}
    server = serve.start(site)
    server.warm()  # compress everything first, as a static host has it ready
    url = server.url
    try:
        with sync_playwright() as p:
            browser = launch(p)
            for i in range(runs):
                # Cold: a new, empty profile.
                context = browser.new_context(**PROFILES["desktop"])
                page = context.new_page()
                cold = measure_page(page, url, count_bytes=True)
                results["cold"].append(cold["ready"] / 1000)
                results["first_paint_cold"].append(cold["paint"] / 1000)
                results["cold_bytes"].append(cold["bytes"])
                results["cold_requests"].append(cold["requests"])
                results["js_heap_cold"].append(cold["js_heap"])
                results["wasm_memory_cold"].append(cold["wasm"])
                # Let the service worker finish its precache and the snapshot be made.
                wait_html(page, "offline", "ready")
                wait_html(page, "snapshot", "saved", "failed", "too-big")
                page.close()
                # Warm: the app started again, from the service worker.
                page = context.new_page()
                warm = measure_page(page, url, count_bytes=False)
                page.close()
                page = context.new_page()
                plain = measure_page(page, url + "?snapshot=off", count_bytes=False)
                page.close()
                results["warm_snapshot"].append(warm["ready"] / 1000)
                results["first_paint_warm"].append(warm["paint"] / 1000)
                results["js_heap_warm"].append(warm["js_heap"])
                results["wasm_memory_warm"].append(warm["wasm"])
                results["warm_normal"].append(plain["ready"] / 1000)
                if verbose:
                    print(
                        f"run {i + 1}: cold {cold['ready'] / 1000:.2f} s ({cold['boot']}),"
                        f" warm {warm['ready'] / 1000:.2f} s ({warm['boot']}),"
                        f" warm without snapshot {plain['ready'] / 1000:.2f} s ({plain['boot']}),"
                        f" cold bytes {cold['bytes'] / 1e6:.2f} MB",
                        flush=True,
                    )
                context.close()
                # For comparison: a first visit that starts Python normally.
                context = browser.new_context(**PROFILES["desktop"])
                page = context.new_page()
                normal = measure_page(page, url + "?snapshot=off", count_bytes=False)
                results["cold_normal"].append(normal["ready"] / 1000)
                if verbose:
                    print(
                        f"        cold with a normal start {normal['ready'] / 1000:.2f} s ({normal['boot']})",
                        flush=True,
                    )
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return results


def fmt(key: str, value: float) -> str:
    if "bytes" in key:
        return f"{value / 1e6:.2f} MB"
    if "heap" in key or "memory" in key:
        return f"{value / 1048576:.1f} MiB"
    if "requests" in key:
        return f"{value:.0f}"
    return f"{value:.2f} s"


def report(results: dict[str, list[float]]) -> tuple[str, bool]:
    rows = [("metric", "median", "min – max", "target", "")]
    ok = True
    for key, label in LABELS.items():
        values = results.get(key) or []
        if not values:
            continue
        median = statistics.median(values)
        spread = f"{fmt(key, min(values))} – {fmt(key, max(values))}"
        target, verdict = "", ""
        if key in TARGETS:
            limit, _ = TARGETS[key]
            target = f"≤ {limit:.1f} s"
            verdict = "pass" if median <= limit else "FAIL"
            ok = ok and median <= limit
        rows.append((label, fmt(key, median), spread, target, verdict))
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines), ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, help="an existing build (default: build into a temporary folder)")
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    parser.add_argument("-q", "--quiet", action="store_true", help="no per-run lines")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            info = site_build.build(site)
            print(f"built site {info['build']} ({int(str(info['bytes'])) / 1e6:.1f} MB uncompressed)")
        print(f"{args.runs} runs, headless Chromium, {PROFILES['desktop']['viewport']} desktop profile\n", flush=True)
        results = run(site, args.runs, verbose=not args.quiet)
    table, ok = report(results)
    print()
    print(table)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print("\nall targets met" if ok else "\nsome targets missed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
