#!/usr/bin/env python3
"""The searches off the main thread: a Web Worker with a Pyodide of its own, measured.

The page runs its searches (a hint, "Still winnable?", Show me, the game
review) on its main thread, in slices of a few milliseconds
(``ui/helpers/sliced_search.py``).  This benchmark measures the other way:
a dedicated worker (``bench/search-worker.mjs``, copied beside the shell's
modules in a copy of the site, so same-origin) that restores the memory
snapshot the page keeps in Cache Storage and runs the same searches there.
For each profile (``desktop``; ``phone``: the phone's screen and its CPU
slowed 4× through CDP ``Emulation.setCPUThrottlingRate``, on the page and
on the worker's own target) it opens the site in a new Chromium profile (a
first visit: the service worker and the stored snapshot), reloads it (a
start from the stored snapshot, as a player's every later visit), and then,
over ``--runs`` rounds, the main thread and the worker interleaved:

* **search speed**: positions a second of the solver's search on a fixed
  deal (as ``bench/solver_bench.py``), run by the page's own
  :class:`~ui.helpers.sliced_search.SliceDriver` (8 ms slices, as the
  hints' background work) on the main thread, and in the worker (50 ms
  slices: a search that can still be told to stop between two);
* **the table's frames meanwhile**: ``requestAnimationFrame`` intervals in
  the page while the search runs (median, 95th percentile, longest, frames
  over 50 ms), beside the page at rest;
* **a hint**: ``hints(max_seconds=0.03)`` (the page's hint budget) at 12
  positions of a game: on the main thread, the call; in the worker, the
  round trip of a message from the page and back;
* **memory**: the proportional set size (PSS, from ``/proc``) of the
  browser's renderer processes, found through CDP ``SystemInfo.getProcessInfo``
  (a dedicated worker runs in its page's renderer), without the worker,
  with it started and after its searches, and once it is ended; the
  worker's wasm heap;
* **the worker's start**: from ``new Worker`` to a Pyodide ready to search
  (the stored snapshot read from Cache Storage, unpacked, restored), and the
  requests it makes: their bytes (read, and on the wire), each one
  same-origin or not, and any CSP violation the page reports.

Usage, from the repository's root::

    python -m bench.worker_bench --site _site                 # 3 rounds, desktop and phone
    python -m bench.worker_bench --site _site --runs 5 --profile phone
    python -m bench.worker_bench --quick --site _site         # a smoke run: desktop, one short round

Without ``--site`` it builds the site into a temporary folder first.  It
prints the figures beside what they mean and writes
``bench/results/worker.json``.  ``--quick`` checks that every step works;
its figures are too few to read.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bench.cdp import Browser, CDPError, Page
from bench.load import wait_quietly
from e2e.harness import LAUNCH_ARGS, PROFILES, chromium_path
from tools import serve

ROOT = Path(__file__).resolve().parent.parent
WORKER_FILE = "shell/search-worker-bench.mjs"
"""Where the benchmark puts ``bench/search-worker.mjs`` in its copy of the site."""

BENCH_PROFILES: dict[str, dict[str, Any]] = {
    "desktop": {"screen": "desktop", "cpu": 1},
    "phone": {"screen": "phone", "cpu": 4},
}

PAGE_SLICE_S = 0.008
"""The main thread's slices: the hints' background work's (``ui/helpers/hints_view.py``)."""
WORKER_SLICE_S = 0.05
"""The worker's slices: nothing to draw there; a search can still be stopped between two."""
HINT_POSITIONS = 12

PYTHON_SETUP = """
import json, time
import engine
from solver import Search, hints
from ui.helpers.sliced_search import SliceDriver

async def _bench_search(nodes, slice_s):
    g = engine.new_game("spider-2", deal=9)
    s = Search(g.rules, g.position, beam=1000, level_nodes=nodes * 2)

    class Job:
        def step(self, n):
            status = s.step(n)
            if status is not None:
                return str(status)
            return "enough" if s.nodes >= nodes else None

    driver = SliceDriver(slice_s, 4)
    t0 = time.perf_counter()
    status = await driver.run(Job())
    return json.dumps({"nodes": s.nodes, "s": time.perf_counter() - t0, "status": status,
                       "slice_max_ms": driver.slice_max})

_bench_positions = []
_g = engine.new_game("spider-2", deal=9)
for _ in range(HINT_POSITIONS):
    _bench_positions.append(_g.position)
    _hs = hints(_g.rules, _g.position, max_nodes=100)
    _g.play(_hs[0].move if _hs and _hs[0].move else _g.legal_moves()[0])

def _bench_hint(i):
    t0 = time.perf_counter()
    found = hints(_g.rules, _bench_positions[i], max_seconds=0.03)
    return json.dumps({"ms": (time.perf_counter() - t0) * 1000, "hints": len(found)})
""".replace("HINT_POSITIONS", str(HINT_POSITIONS))

PAGE_HELPERS = """(() => {
  window.__bench = {csp: []};
  document.addEventListener('securitypolicyviolation',
    (e) => window.__bench.csp.push(e.violatedDirective + ' ' + e.blockedURI));
  // Runs RUN() while counting the page's frames; its value and the frames' intervals.
  window.__bench.withFrames = async (run) => {
    const times = []; let on = true;
    const tick = (t) => { times.push(t); if (on) requestAnimationFrame(tick); };
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
    requestAnimationFrame(tick);
    const t0 = performance.now();
    const value = await run();
    const wall = performance.now() - t0;
    on = false;
    const intervals = times.slice(1).map((t, i) => t - times[i]);
    return {value, wall, intervals};
  };
  window.__bench.idle = (ms) => window.__bench.withFrames(
    () => new Promise((resolve) => setTimeout(() => resolve(null), ms)));
  window.__bench.main = (code) => spiderShell.pyodide.runPythonAsync(code);
})()"""

START_WORKER = """(async () => {
  const b = window.__bench;
  const wasm = performance.getEntriesByType('resource').map((e) => e.name)
    .find((n) => n.includes('/pyodide.asm.wasm')) || '';
  const indexURL = spiderShell.pyodide._api?.config?.indexURL || wasm.slice(0, wasm.lastIndexOf('/') + 1);
  const snapshotCache = (await caches.keys()).find((n) => n.startsWith('spider-snapshot-'));
  const snapshotURL = snapshotCache ? (await (await caches.open(snapshotCache)).keys())[0].url : null;
  const message = {
    indexURL: new URL(indexURL, location.href).href,
    shellURL: new URL('shell/', location.href).href,
    lockFile: JSON.stringify(spiderShell.pyodide.lockfile),
    snapshotCache, snapshotURL,
  };
  b.calls = new Map(); b.nextId = 1;
  b.t0 = performance.now();
  b.worker = new Worker(new URL('WORKER_FILE', location.href), {type: 'module', name: 'searches'});
  b.ready = new Promise((resolve) => {
    b.worker.onmessage = ({data}) => {
      if (!('id' in data)) { resolve({...data, pageMs: performance.now() - b.t0}); return; }
      const call = b.calls.get(data.id); b.calls.delete(data.id); call(data);
    };
    b.worker.onerror = (e) => resolve({ok: false, stage: 'worker', error: e.message || 'worker error'});
  });
  b.worker.postMessage(message);
  b.call = (code) => new Promise((resolve, reject) => {
    const id = b.nextId++;
    b.calls.set(id, (data) => data.ok ? resolve(data.value) : reject(new Error(data.error)));
    b.worker.postMessage({id, code});
  });
  return message;
})()""".replace("WORKER_FILE", WORKER_FILE)


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))] if s else 0.0


def frame_figures(intervals: list[float]) -> dict[str, float]:
    return {
        "frames": len(intervals),
        "median_ms": statistics.median(intervals) if intervals else 0.0,
        "p95_ms": pct(intervals, 95),
        "max_ms": max(intervals, default=0.0),
        "over_50ms": sum(1 for x in intervals if x > 50),
    }


def renderers(browser: Browser) -> list[int]:
    """The process ids of the browser's renderers (CDP ``SystemInfo.getProcessInfo``)."""
    return [
        int(i["id"]) for i in browser.send("SystemInfo.getProcessInfo")["processInfo"] if i.get("type") == "renderer"
    ]


def process_memory(pid: int) -> dict[str, float]:
    """PSS and RSS (MiB) of one process, from ``/proc``."""
    fields = {"Pss": 0.0, "Rss": 0.0}
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return {"pss_mib": 0.0, "rss_mib": 0.0}
    for line in text.splitlines():
        key, _, rest = line.partition(":")
        if key in fields:
            fields[key] = float(rest.split()[0]) / 1024
    return {"pss_mib": fields["Pss"], "rss_mib": fields["Rss"]}


def page_renderer(browser: Browser, page: Page) -> int:
    """The page's renderer process (where its dedicated workers run too): of
    the renderers, the one whose main thread works while the page runs a
    busy loop of 0.5 s.  (The process with the most memory can be another:
    the first visit's, which its service worker keeps alive.)"""
    pids = renderers(browser)
    before = {pid: thread_cpu(pid).get("main", (0.0, 0.0))[0] for pid in pids}
    page.evaluate("(() => { const end = performance.now() + 500; while (performance.now() < end); })()")
    return max(pids, key=lambda pid: thread_cpu(pid).get("main", (0.0, 0.0))[0] - before[pid])


def renderer_memory(browser: Browser, page: Page, pid: int, worker: str | None = None) -> dict[str, float]:
    """The page's renderer's memory (MiB), after a garbage collection in the
    page and in the worker (its CDP session WORKER, if any)."""
    page.send("HeapProfiler.collectGarbage")
    if worker is not None:
        browser.send("HeapProfiler.collectGarbage", {}, worker)
    return {**process_memory(pid), "renderers": len(renderers(browser))}


def thread_cpu(pid: int) -> dict[str, tuple[float, float]]:
    """Seconds each thread of process PID has run, and has waited to run (on
    a run queue, the machine busy with other work), by name: its main thread
    (``main``) and, when there is one, the dedicated worker's
    (``/proc/PID/task/*/schedstat``)."""
    out: dict[str, tuple[float, float]] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            ran, waited = (int(x) / 1e9 for x in (task / "schedstat").read_text().split()[:2])
            name = "main" if task.name == str(pid) else (task / "comm").read_text().strip()
        except (OSError, ValueError):
            continue
        had = out.get(name, (0.0, 0.0))
        out[name] = (had[0] + ran, had[1] + waited)
    return out


def cpu_used(
    before: dict[str, tuple[float, float]], after: dict[str, tuple[float, float]], thread: str
) -> tuple[float, float]:
    """Seconds THREAD ran, and waited to run, between two :func:`thread_cpu`
    readings (``worker``: every thread whose name says it is a dedicated
    worker's)."""
    names = ["main"] if thread == "main" else [k for k in after if "Worker" in k and "Service" not in k]
    ran = sum(after[k][0] - before.get(k, (0.0, 0.0))[0] for k in names if k in after)
    waited = sum(after[k][1] - before.get(k, (0.0, 0.0))[1] for k in names if k in after)
    return ran, waited


def search(page: Page, pid: int, call: str, slice_s: float, nodes: int, thread: str) -> dict[str, Any]:
    """One search, by CALL (``main`` or ``call``: the worker), with the page's
    frames meanwhile and the CPU time its thread used."""
    before = thread_cpu(pid)
    out = page.evaluate(
        f"window.__bench.withFrames(() => window.__bench.{call}('await _bench_search({nodes}, {slice_s})'))"
    )
    ran, waited = cpu_used(before, thread_cpu(pid), thread)
    return {
        **json.loads(out["value"]),
        "wall_ms": out["wall"],
        "cpu_s": ran,
        "wait_s": waited,
        "frames": frame_figures(out["intervals"]),
    }


def search_in_page(page: Page, pid: int, nodes: int) -> dict[str, Any]:
    return search(page, pid, "main", PAGE_SLICE_S, nodes, "main")


def search_in_worker(page: Page, pid: int, nodes: int) -> dict[str, Any]:
    return search(page, pid, "call", WORKER_SLICE_S, nodes, "worker")


def hints_in_page(page: Page) -> list[float]:
    """Each hint's time on the main thread, measured around the call in the page (ms)."""
    return list(
        page.evaluate(
            f"""(async () => {{ const out = [];
      for (let i = 0; i < {HINT_POSITIONS}; i++) {{
        const t0 = performance.now(); spiderShell.pyodide.runPython('_bench_hint(' + i + ')');
        out.push(performance.now() - t0); }}
      return out; }})()"""
        )
    )


def hints_in_worker(page: Page) -> list[float]:
    """Each hint's round trip: the page's message to the worker, the search, the answer (ms)."""
    return list(
        page.evaluate(
            f"""(async () => {{ const out = [];
      for (let i = 0; i < {HINT_POSITIONS}; i++) {{
        const t0 = performance.now(); await window.__bench.call('_bench_hint(' + i + ')');
        out.push(performance.now() - t0); }}
      return out; }})()"""
        )
    )


def start_worker(browser: Browser, page: Page, cpu: float, origin: str) -> dict[str, Any]:
    """Start the worker, slowed as the page is (its own CDP target), and
    wait until its Pyodide is ready; its start figures."""
    attached: list[str] = []

    def on_attached(event: dict[str, Any]) -> None:
        if event["targetInfo"]["type"] == "worker":  # not the service worker, attached too (not held)
            attached.append(event["sessionId"])

    page.on("Target.attachedToTarget", on_attached)
    page.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True})
    page.evaluate(START_WORKER)
    browser.wait_for(lambda: bool(attached))
    session = attached[0]
    throttled = "not asked"
    if cpu != 1:
        try:
            browser.send("Emulation.setCPUThrottlingRate", {"rate": cpu}, session)
            throttled = "yes"
        except CDPError as error:  # Chromium: "Operation is only supported for pages, not workers"
            throttled = f"no ({error})"
    browser.send("Runtime.runIfWaitingForDebugger", {}, session)
    ready: dict[str, Any] = page.evaluate("window.__bench.ready")
    # (auto-attach stays on: turning it off would end the worker's session, used to collect its garbage)
    if not ready.get("ok"):
        raise RuntimeError(f"the worker did not start ({ready.get('stage')}): {ready.get('error')}")
    resources = ready["resources"]
    ready["throttled"] = throttled
    ready["session"] = session
    ready["foreign"] = [r["name"] for r in resources if not r["name"].startswith(origin)]
    ready["read_bytes"] = sum(r["encodedBodySize"] for r in resources)
    ready["wire_bytes"] = sum(r["transferSize"] for r in resources)
    return ready


def run_profile(site: Path, profile: str, runs: int, nodes: int, verbose: bool) -> dict[str, Any]:
    spec = BENCH_PROFILES[profile]
    screen = PROFILES[spec["screen"]]
    executable = chromium_path()
    if executable is None:
        raise RuntimeError("no Chromium found")
    server = serve.start(site)
    server.warm()
    url = server.url
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    res: dict[str, Any] = {"page": [], "worker": [], "hint_page": [], "hint_worker": [], "idle": []}
    try:
        with Browser(str(executable), LAUNCH_ARGS) as browser:
            page = browser.new_page(screen)
            page.navigate(url)  # the first visit: the service worker, the stored snapshot
            wait_quietly(page, "ready")
            wait_quietly(page, "snapshot", "saved", "failed", "too-big")
            wait_quietly(page, "offline", "ready", "failed", "unsupported")
            page.close()
            page = browser.new_page(screen)
            if spec["cpu"] != 1:
                page.send("Emulation.setCPUThrottlingRate", {"rate": spec["cpu"]})
            page.navigate(url)  # a later visit: the page starts from the stored snapshot
            wait_quietly(page, "ready")
            res["boot"] = page.evaluate("document.documentElement.dataset.boot")
            wait_quietly(page, "stdlib", "fetched", "fetched-on-demand", "failed")
            page.evaluate(PAGE_HELPERS)
            pid = page_renderer(browser, page)
            page.evaluate(f"spiderShell.pyodide.runPythonAsync({json.dumps(PYTHON_SETUP)})")
            res["page_wasm_mib"] = page.evaluate("spiderShell.pyodide._module.HEAP8.length") / 1048576
            res["idle"].append(frame_figures(page.evaluate("window.__bench.idle(1500)")["intervals"]))
            res["page"].append(search_in_page(page, pid, nodes))
            res["hint_page"].extend(hints_in_page(page))
            page.evaluate("new Promise((resolve) => setTimeout(resolve, 1000))")
            res["memory_before"] = renderer_memory(browser, page, pid)  # just before the worker, the page settled
            started = time.perf_counter()
            res["start"] = start_worker(browser, page, spec["cpu"], origin)
            res["start"]["bench_ms"] = (time.perf_counter() - started) * 1000
            page.evaluate(f"window.__bench.call({json.dumps(PYTHON_SETUP)})")
            worker = res["start"]["session"]
            res["memory_worker_started"] = renderer_memory(browser, page, pid, worker)
            for i in range(runs):
                order = ("worker", "page") if i % 2 == 0 else ("page", "worker")
                for where in order:
                    if where == "worker":
                        res["worker"].append(search_in_worker(page, pid, nodes))
                        res["hint_worker"].extend(hints_in_worker(page))
                    elif i:  # the first round's main-thread search ran before the worker started
                        res["page"].append(search_in_page(page, pid, nodes))
                        res["hint_page"].extend(hints_in_page(page))
                res["idle"].append(frame_figures(page.evaluate("window.__bench.idle(1000)")["intervals"]))
                if verbose:
                    w, p = res["worker"][-1], res["page"][-1]
                    print(
                        f"  {profile} round {i + 1}: page {p['nodes'] / p['s']:,.0f} pos/s,"
                        f" worker {w['nodes'] / w['s']:,.0f} pos/s",
                        flush=True,
                    )
            res["memory_worker_searched"] = renderer_memory(browser, page, pid, worker)
            res["worker_wasm_mib"] = res["start"]["heapBytes"] / 1048576
            res["csp_violations"] = page.evaluate("window.__bench.csp")
            page.evaluate("window.__bench.worker.terminate(); window.__bench.worker = null")
            page.evaluate("new Promise((resolve) => setTimeout(resolve, 1000))")
            res["memory_worker_ended"] = renderer_memory(browser, page, pid)
            page.close()
    finally:
        server.shutdown()
        server.server_close()
    return res


def rate(searches: list[dict[str, Any]]) -> float:
    return float(statistics.median(s["nodes"] / s["s"] for s in searches))


def report(profile: str, r: dict[str, Any]) -> None:
    cpu = BENCH_PROFILES[profile]["cpu"]
    load = r["load_average"]
    print(
        f"\n== {profile} (CPU ×{cpu}; the page started from: {r['boot']};"
        f" this machine's load average {load[0]:.1f} before, {load[1]:.1f} after, on {os.cpu_count()} cores)"
    )
    page_rate, worker_rate = rate(r["page"]), rate(r["worker"])
    print(
        f"search speed, positions a second (median of {len(r['page'])} / {len(r['worker'])}):"
        f" main thread in {PAGE_SLICE_S * 1000:g} ms slices {page_rate:,.0f};"
        f" worker {worker_rate:,.0f} ({worker_rate / page_rate:.2f}× the main thread's)"
    )
    pairs = list(zip(r["page"], r["worker"]))
    ratios = sorted((w["nodes"] / w["s"]) / (p["nodes"] / p["s"]) for p, w in pairs)
    print(f"  worker ÷ main thread, round by round: {', '.join(f'{x:.2f}' for x in ratios)}")
    if cpu != 1:
        print(
            f"  (Chromium slows only a page's main thread: CDP refuses a worker's own slow-down, so the"
            f" worker ran at this machine's speed; on a phone {cpu}× slower it would do about"
            f" {worker_rate / cpu:,.0f}, {worker_rate / cpu / page_rate:.2f}× the main thread's)"
        )
    cpu_p = statistics.median(s["nodes"] / s["cpu_s"] for s in r["page"] if s["cpu_s"] > 0)
    cpu_w = statistics.median(s["nodes"] / s["cpu_s"] for s in r["worker"] if s["cpu_s"] > 0)
    duty = statistics.median(s["cpu_s"] * 1000 / s["wall_ms"] for s in r["page"])

    def unloaded(searches: list[dict[str, Any]]) -> float:
        return float(statistics.median(s["nodes"] / max(1e-3, s["wall_ms"] / 1000 - s["wait_s"]) for s in searches))

    print(
        f"  positions per CPU second of the thread that searched (whatever the machine's load):"
        f" main thread {cpu_p:,.0f}, worker {cpu_w:,.0f}; the main thread ran {duty:.0%} of the"
        f" main-thread search's time (the search, the page's frames, its other work)"
    )
    print(
        f"  without the time the searching thread waited for a core (the machine's other work):"
        f" main thread {unloaded(r['page']):,.0f} positions a second, worker {unloaded(r['worker']):,.0f}"
    )
    wall_p = statistics.median(s["wall_ms"] for s in r["page"])
    wall_w = statistics.median(s["wall_ms"] for s in r["worker"])
    print(f"  the same search, as the page waits for it: main thread {wall_p:,.0f} ms, worker {wall_w:,.0f} ms")

    def frames(label: str, figs: list[dict[str, float]]) -> None:
        print(
            f"  {label:34} median {statistics.median(f['median_ms'] for f in figs):5.1f} ms,"
            f" p95 {statistics.median(f['p95_ms'] for f in figs):5.1f} ms,"
            f" longest {max(f['max_ms'] for f in figs):6.1f} ms,"
            f" over 50 ms {sum(f['over_50ms'] for f in figs)} of {sum(f['frames'] for f in figs)}"
        )

    print("the table's frames (requestAnimationFrame intervals; 16.7 ms is 60 fps):")
    frames("at rest", r["idle"])
    frames("while the main thread searches", [s["frames"] for s in r["page"]])
    frames("while the worker searches", [s["frames"] for s in r["worker"]])
    hp, hw = r["hint_page"], r["hint_worker"]
    print(
        f"a hint (30 ms budget), {len(hp)} / {len(hw)} asked: main thread median {statistics.median(hp):.1f} ms,"
        f" p95 {pct(hp, 95):.1f} ms (the page frozen meanwhile); worker round trip median"
        f" {statistics.median(hw):.1f} ms, p95 {pct(hw, 95):.1f} ms (the page free)"
    )
    s = r["start"]
    ms = s["ms"]
    print(
        f"the worker's start: {s['pageMs']:,.0f} ms from new Worker to a Pyodide ready to search"
        f" (in the worker: Pyodide's modules imported at {ms['imported']:,.0f} ms, the stored snapshot"
        f" read at {ms['read']:,.0f}, unpacked at {ms['unpacked']:,.0f}, restored at {ms['restored']:,.0f},"
        f" ready at {ms['ready']:,.0f}); the worker's own CPU slow-down through CDP: {s['throttled']}"
    )
    print(
        f"  requests: {len(s['resources'])}, {s['read_bytes'] / 1e6:.2f} MB read, {s['wire_bytes'] / 1e6:.2f} MB"
        f" on the wire (the service worker's cache answers); the stored snapshot read from Cache Storage:"
        f" {s['snapshotBytes'] / 1e6:.1f} MB; requests to another origin: {len(s['foreign'])};"
        f" CSP violations: {len(r['csp_violations'])}"
    )
    for res in sorted(s["resources"], key=lambda x: -x["encodedBodySize"])[:6]:
        print(f"    {res['name'].rsplit('/', 1)[-1]:32} {res['encodedBodySize'] / 1e3:9.1f} kB read")
    m0, m1, m2, m3 = (
        r[k] for k in ("memory_before", "memory_worker_started", "memory_worker_searched", "memory_worker_ended")
    )
    for key, label in (("pss_mib", "PSS"), ("rss_mib", "RSS")):
        print(
            f"memory of the page's renderer ({label}, MiB): without the worker {m0[key]:.0f};"
            f" worker started {m1[key]:.0f} ({m1[key] - m0[key]:+.0f});"
            f" after its searches {m2[key]:.0f} ({m2[key] - m0[key]:+.0f});"
            f" worker ended {m3[key]:.0f} ({m3[key] - m0[key]:+.0f})"
        )
    print(f"  wasm heaps: the page's {r['page_wasm_mib']:.0f} MiB, the worker's {r['worker_wasm_mib']:.0f} MiB")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, default=None, help="an existing build (default: build one)")
    ap.add_argument("--profile", action="append", choices=sorted(BENCH_PROFILES), help="repeatable; default: both")
    ap.add_argument("--runs", type=int, default=3, help="rounds of main thread and worker, interleaved")
    ap.add_argument("--nodes", type=int, default=6000, help="positions a search explores")
    ap.add_argument("--quick", action="store_true", help="a smoke run: desktop, one round of short searches")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    profiles = ["desktop"] if args.quick else (args.profile or list(BENCH_PROFILES))
    runs, nodes = (1, 3000) if args.quick else (args.runs, args.nodes)
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        if args.site is None:
            subprocess.run([sys.executable, "-m", "tools.build", "--out", str(site), "-q"], cwd=ROOT, check=True)
        else:
            shutil.copytree(args.site, site)
        shutil.copy(ROOT / "bench" / "search-worker.mjs", site / WORKER_FILE)
        for profile in profiles:
            load_before = os.getloadavg()[0]
            results[profile] = run_profile(site, profile, runs, nodes, args.verbose)
            results[profile]["load_average"] = [load_before, os.getloadavg()[0]]
            report(profile, results[profile])
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "worker.json").write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
