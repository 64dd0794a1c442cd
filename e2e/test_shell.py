"""The web app shell in a real Chromium: loading screen, offline play, clean
updates, same-origin only, no console error, sub-path hosting, installable
manifest, the vendored files, and both boot paths (memory snapshot and normal).

Every test starts from a fresh browser context (empty caches, no service
worker) and waits on the page's attributes, never on time.
"""

from __future__ import annotations

import json
import re
import shutil
import struct
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import PAGES, ROOT, Site, read_site, served
from harness import (
    LAUNCH_ARGS,
    PROFILES,
    Watch,
    chromium_path,
    html_attr,
    open_game,
    origin,
    reload_game,
    touch_drag,
    wait_html,
)

from tools import serve
from tools.build import site as site_build
from tools.build.snapshot import SNAPSHOT_HEAP_LIMIT
from tools.build.stdlib import SNAPSHOT_STDLIB

# The start, the offline game and the updates: these pages install the service worker.
pytestmark = [pytest.mark.cpython_only, pytest.mark.service_worker]

SNAPSHOT_SETTLED = ("saved", "failed", "too-big", "off")


def boot_log(page: Any) -> list[list[Any]]:
    log: list[list[Any]] = page.evaluate("() => spiderShell.bootLog")
    return log


def python(page: Any, code: str) -> Any:
    """Run Python in the page's interpreter (page.evaluate is not subject to the CSP)."""
    return page.evaluate("code => spiderShell.pyodide.runPython(code)", code)


def cached_site_versions(page: Any) -> list[str]:
    names: list[str] = page.evaluate("() => caches.keys()")
    return sorted(n for n in names if n.startswith("spider-site-"))


def load_until_settled(page: Any, url: str, offline: tuple[str, ...] = ("ready",)) -> None:
    """Open the game and wait for the background work after it: the service
    worker's precache and the memory snapshot."""
    open_game(page, url)
    wait_html(page, "offline", *offline)
    wait_html(page, "snapshot", *SNAPSHOT_SETTLED)


# ---- first load ---------------------------------------------------------------------


def test_first_load_shows_the_loading_screen_then_the_game(desktop: Any, site_url: str, watch: Watch) -> None:
    page = desktop
    # The loading screen is plain HTML and CSS: there before any Python runs.
    # Read in the page at DOMContentLoaded: a check from here after goto() may
    # come after a fast start is ready.
    page.add_init_script(
        """document.addEventListener('DOMContentLoaded', () => {
            const shown = (id) => {
                const e = document.getElementById(id);
                return !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
            };
            window.__atContentLoaded = {
                ready: document.documentElement.hasAttribute('data-ready'),
                loading: shown('loading'),
                progress: shown('loading-progress'),
            };
        })"""
    )
    page.goto(site_url, wait_until="domcontentloaded")
    assert page.evaluate("() => window.__atContentLoaded") == {"ready": False, "loading": True, "progress": True}

    wait_html(page, "ready")
    page.wait_for_selector("#loading", state="hidden")
    assert page.locator("#app > *").count() > 0

    # It was painted before any Python could run.
    timing = page.evaluate(
        """() => ({
            paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
            python: performance.getEntriesByName('spider-pyodide-loaded')[0]?.startTime,
            ready: performance.getEntriesByName('spider-ready')[0]?.startTime,
        })"""
    )
    assert timing["paint"] is not None and timing["python"] is not None
    assert timing["paint"] < timing["python"] < timing["ready"]

    # Real progress: it only rises, in many steps, with the download counted in bytes.
    log = boot_log(page)
    values = [value for _, value, _ in log]
    assert values == sorted(values)
    assert values[-1] == 100
    assert len(set(values)) >= 6
    texts = [text for _, _, text in log]
    # In a player's words, counting the bytes as sent (compressed), not the decoded ones.
    counted = [t for t in texts if t.startswith("Getting the cards ready… ") and " of " in t]
    assert counted, texts
    assert not [t for t in texts if "Python" in t or "runtime" in t or "Pyodide" in t], texts
    last = re.match(r"Getting the cards ready… ([\d.]+) of ([\d.]+) MB$", counted[-1])
    assert last, counted[-1]
    # A first visit starts from the snapshot shipped with the site.
    assert html_attr(page, "boot") == "shipped"

    # The big downloads came compressed (gzip from tools/serve.py).
    sizes = page.evaluate(
        """() => performance.getEntriesByType('resource')
            .filter(r => /pyodide\\.asm\\.(wasm|mjs)$|\\/snapshot\\/.*\\.bin$/.test(r.name))
            .map(r => [r.name.split('/').pop(), r.encodedBodySize, r.decodedBodySize])"""
    )
    assert len(sizes) == 3, sizes
    for name, encoded, decoded in sizes:
        assert 0 < encoded < 0.75 * decoded, name
    # The loading screen's total is what came over the wire (within rounding):
    # the snapshot and the wasm, as sent.
    wire = page.evaluate(
        r"""() => performance.getEntriesByType('resource')
            .filter(r => /pyodide\.asm\.wasm$|\/snapshot\/.*\.bin$/.test(r.name))
            .reduce((sum, r) => sum + r.encodedBodySize, 0)"""
    )
    assert float(last.group(1)) == float(last.group(2))
    assert abs(float(last.group(2)) - wire / 1e6) <= 0.06, (last.group(0), wire)
    # The standard library is not needed to start from a snapshot, nor are the
    # game's Python files (but the main.py PyScript runs): nothing asked for
    # them before the table. They are read after it, from what the service
    # worker has just stored: the page itself never requests them.
    deferred_requests = r"""() => performance.getEntriesByType('resource')
        .map(r => new URL(r.name).pathname)
        .filter(p => /python_stdlib\.zip$|\/(engine|ui)\/.*\.py$/.test(p) && !p.endsWith('/ui/main.py'))"""
    assert page.evaluate(deferred_requests) == []
    # main.py itself is asked for once, with the big downloads, not a round
    # trip after Pyodide has started (when PyScript asks for it).
    entry = page.evaluate(
        """() => [performance.getEntriesByType('resource').filter(r => r.name.endsWith('/ui/main.py'))
                    .map(r => r.startTime), performance.getEntriesByName('spider-pyodide-loaded')[0].startTime]"""
    )
    assert len(entry[0]) == 1 and entry[0][0] < entry[1], entry
    wait_html(page, "stdlib", "fetched")
    wait_html(page, "python-files", "fetched")
    assert page.evaluate(deferred_requests) == []  # not downloaded a second time
    # Once the whole site is held for offline play, the page says so, once, quietly.
    wait_html(page, "offline", "ready")
    page.wait_for_selector('#table[data-message="Ready to play offline."]', state="attached")
    watch.assert_clean()


def test_phone_portrait_loads_without_errors_and_fits_the_screen(phone: Any, site_url: str, watch: Watch) -> None:
    open_game(phone, site_url)
    size = phone.evaluate(
        """() => ({
            width: innerWidth, height: innerHeight,
            scrollWidth: document.scrollingElement.scrollWidth,
            scrollHeight: document.scrollingElement.scrollHeight,
            overscroll: getComputedStyle(document.body).overscrollBehaviorY,
            appTouch: getComputedStyle(document.getElementById('app')).touchAction,
            viewport: document.querySelector('meta[name=viewport]').content,
        })"""
    )
    assert size["width"] == 390
    assert size["scrollWidth"] <= size["width"] and size["scrollHeight"] <= size["height"]
    assert size["overscroll"] == "none"
    assert size["appTouch"] == "none"
    assert "width=device-width" in size["viewport"] and "viewport-fit=cover" in size["viewport"]
    watch.assert_clean()


@pytest.mark.parametrize("profile", ["phone", "phone_landscape"])
def test_a_touch_drag_reaches_the_game_and_never_scrolls_or_zooms(
    new_page: Callable[..., Any], site_url: str, watch: Watch, profile: str
) -> None:
    page = new_page(profile)
    open_game(page, site_url)
    page.evaluate(
        """() => {
            window.seen = [];
            for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel',
                                'touchstart', 'touchmove', 'touchend']) {
                document.addEventListener(type, e => seen.push(
                    type + (e.pointerType ? ':' + e.pointerType : '')), {capture: true, passive: true});
            }
        }"""
    )
    width, height = PROFILES[profile]["viewport"].values()
    # A slow vertical swipe across the table: a page that could scroll, bounce
    # or zoom would take this gesture over and cancel the pointer.
    touch_drag(page, (width * 0.5, height * 0.8), (width * 0.45, height * 0.3), steps=12)
    seen: list[str] = page.evaluate("() => seen")
    assert seen[0] in ("pointerdown:touch", "touchstart")
    assert "pointerdown:touch" in seen and "touchstart" in seen
    assert seen.count("pointermove:touch") >= 10 and seen.count("touchmove") >= 10
    assert "pointerup:touch" in seen and "touchend" in seen
    assert "pointercancel:touch" not in seen
    view = page.evaluate("() => [scrollX, scrollY, visualViewport.scale]")
    assert view == [0, 0, 1]
    watch.assert_clean()


# ---- same origin, no errors ---------------------------------------------------------------


def test_no_request_leaves_the_origin_and_the_console_stays_clean(desktop: Any, site_url: str, watch: Watch) -> None:
    load_until_settled(desktop, site_url)
    assert html_attr(desktop, "snapshot") == "saved"
    reload_game(desktop)  # a second start, from the service worker and the snapshot
    assert html_attr(desktop, "boot") == "snapshot"
    # The recorder saw the page, its worker and the service worker at work ...
    paths = watch.same_origin_paths()
    assert any(p.endswith("/pyodide.asm.wasm") for p in paths)
    assert any(p.endswith("/ui/main.py") for p in paths)
    # ... and nothing went anywhere else, and nothing was logged as an error.
    watch.assert_clean()


def test_the_page_runs_under_a_strict_same_origin_csp(desktop: Any, site_url: str) -> None:
    desktop.goto(site_url, wait_until="domcontentloaded")
    policy = desktop.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["connect-src"] == ["'self'"]
    assert "'unsafe-eval'" not in policy and "'unsafe-inline'" not in policy
    # An inline script is refused (it would run at once when inserted).
    refused = desktop.evaluate(
        """() => new Promise(resolve => {
            addEventListener('securitypolicyviolation', e => resolve(e.violatedDirective), {once: true});
            const s = document.createElement('script');
            s.textContent = 'window.inlineRan = true';
            document.head.append(s);
            if (window.inlineRan) resolve('ran');
        })"""
    )
    assert refused.startswith("script-src")


# ---- offline -------------------------------------------------------------------------------


def test_a_first_visit_starts_the_big_downloads_before_anything_else(desktop: Any, site_url: str, watch: Watch) -> None:
    """shell/early.js requests the shipped snapshot and the wasm before the
    stylesheets and the loader's modules, and the loader takes the responses
    over: each is downloaded once.  A reload (the service worker answers)
    leaves them to the loader, which asks for the wasm only."""
    page = desktop
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url.split("?")[0].rsplit("/", 1)[-1]))
    load_until_settled(page, site_url)
    assert html_attr(page, "boot") == "shipped"
    shipped = [name for name in requests if name.endswith(".bin")]
    assert len(shipped) == 1 and requests.count("pyodide.asm.wasm") == 1, requests
    first_other = min(requests.index(name) for name in ("shell.css", "pyodide-boot.mjs", "pyodide.mjs"))
    assert max(requests.index(shipped[0]), requests.index("pyodide.asm.wasm")) < first_other, requests
    requests.clear()
    reload_game(page)
    assert html_attr(page, "boot") == "snapshot"
    assert requests.count("pyodide.asm.wasm") == 1 and not [n for n in requests if n.endswith(".bin")], requests
    assert requests.index("pyodide.asm.wasm") > requests.index("pyodide-boot.mjs"), requests
    watch.assert_clean()


def test_after_the_first_visit_the_game_loads_offline(
    desktop: Any, site_url: str, site_server: serve.SiteServer, watch: Watch
) -> None:
    load_until_settled(desktop, site_url)
    desktop.context.set_offline(True)
    served = len(site_server.log)
    reload_game(desktop)
    assert desktop.locator("#app > *").count() > 0
    assert html_attr(desktop, "boot") == "snapshot"
    # And with the snapshot switched off, the full normal start works offline too.
    open_game(desktop, site_url + "?snapshot=off")
    assert html_attr(desktop, "boot") == "normal"
    assert len(site_server.log) == served  # the server saw nothing
    watch.assert_clean()


def test_module_scripts_come_from_the_worker_as_its_own_responses(desktop: Any, site_url: str, watch: Watch) -> None:
    """Answered from its cache as they are, module scripts would make Chromium
    write a code cache for each at the first start after install (Pyodide's
    module: 1.7 MB, 70 ms of a phone's main thread) that no later start reads.
    The worker answers them with a response of its own; classic scripts,
    whose code cache Chromium does read (shell/early.js), as they are."""
    load_until_settled(desktop, site_url)
    cdp = desktop.context.new_cdp_session(desktop)
    cdp.send("Network.enable")
    seen: dict[str, dict[str, Any]] = {}
    cdp.on("Network.responseReceived", lambda event: seen.update({event["response"]["url"]: event["response"]}))
    reload_game(desktop)
    sources = {url.rsplit("/", 1)[-1]: r.get("serviceWorkerResponseSource") for url, r in seen.items()}
    assert all(r.get("fromServiceWorker") for r in seen.values() if r["url"].endswith((".js", ".mjs")))
    for module in ("pyodide.asm.mjs", "pyodide-boot.mjs", "store.js"):
        assert sources[module] != "cache-storage", (module, sources[module])
    assert sources["early.js"] == "cache-storage"
    assert html_attr(desktop, "boot") == "snapshot"
    watch.assert_clean()


def open_with_the_background_read_failing(page: Any, site_url: str, path: str) -> None:
    """Open the game with the first fetch() of the site's PATH failing: the
    read in the background after the table. Reads on demand (synchronous
    requests) pass."""
    failed: list[str] = []

    def fail_first(route: Any) -> None:
        if route.request.resource_type == "fetch" and not failed:
            failed.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route(f"**{path}", fail_first)
    with page.expect_event("requestfailed", lambda request: request.url.endswith(path)):
        open_game(page, site_url)
    assert len(failed) == 1


STDLIB_STATE = "repr([(f.state, f.trigger) for f in __import__('sys').meta_path if type(f).__name__ == 'FullLibrary'])"
STDLIB_PROBE = """
import difflib, email.mime.text  # not in the trimmed library: a module, and a submodule of a package it has
assert difflib.SequenceMatcher(None, 'spider', 'spiders').ratio() > 0.9
assert email.mime.text.MIMEText('x').get_content_type() == 'text/plain'
"""


NO_COLUMNS = """
import ui.app
def columns(code):
    return {position[2] for position in code.co_positions()}
str([columns(ui.app.TableApp.__init__.__code__) - {None} or None, columns(compile("a + b", "<t>", "eval")) - {None} or None])
"""


@pytest.mark.parametrize("start", ["shipped", "snapshot", "normal"])
def test_every_start_path_imports_only_what_the_trimmed_library_has(
    desktop: Any, site_url: str, watch: Watch, start: str
) -> None:
    """The site ships a standard library cut to what the page imports: on
    every start path, a game started and played needs nothing else."""
    if start == "shipped":
        open_game(desktop, site_url)
    else:
        load_until_settled(desktop, site_url)
        open_game(desktop, site_url + ("?snapshot=off" if start == "normal" else ""))
    assert html_attr(desktop, "boot") == start
    # From a snapshot, the trimmed library itself comes after the table, unasked.
    expected = None if start == "normal" else "fetched"
    if expected:
        wait_html(desktop, "stdlib", "fetched", "fetched-on-demand")
    assert html_attr(desktop, "stdlib") == expected
    # Python's -OO on every path, as the snapshots were made: no docstrings in the heap.
    assert python(desktop, "import sys; sys.flags.optimize") == 2
    # PyScript's package: its files written by the loader, not by PyScript's
    # Python snippet, and not imported by the start (shell/pyscript-package.mjs).
    assert desktop.evaluate("() => spiderShell.bootInfo.pyscriptFiles") >= 10
    assert python(desktop, PYSCRIPT_MODULES) == "[]"
    # And no column ranges in code objects (-X no_debug_ranges): neither in what
    # the start imported nor in what is compiled now.
    assert python(desktop, NO_COLUMNS) == "[None, None]"
    desktop.keyboard.press("h")  # a hint: the background search, the helpers
    desktop.keyboard.press("d")  # a deal
    desktop.keyboard.press("Control+z")  # undo
    desktop.wait_for_selector("#table:not([data-busy])", state="attached")
    assert python(desktop, STDLIB_STATE) == "[('trimmed', '')]"
    # A module it lacks comes from the whole library, fetched once (online).
    python(desktop, STDLIB_PROBE)
    assert python(desktop, STDLIB_STATE) == "[('full', 'difflib')]"
    # The package still imports when asked, from the files the loader wrote.
    assert python(desktop, PYSCRIPT_PROBE) == "('Spider Solitaire', True, True)"
    watch.assert_clean()


PYSCRIPT_MODULES = "import sys; str(sorted(m for m in sys.modules if m.split('.')[0] == 'pyscript'))"
PYSCRIPT_PROBE = """
import pyscript, js
from pyodide.ffi import jsnull
str((pyscript.document.title, pyscript.window is js, pyscript.ffi.is_none(jsnull)))
"""


LAZY_IMPORT = """
import sys
assert '_threading_local' not in sys.modules  # in the trimmed library, not imported by a start
import _threading_local
here = _threading_local.local()
here.x = 1
assert here.x == 1
"""


def test_an_import_before_the_standard_library_came_fetches_it_there_and_then(
    new_page: Callable[..., Any], site_url: str, watch: Watch
) -> None:
    """A start from a snapshot fetches the standard library after the table;
    if that download fails, the first import that needs the file fetches it
    itself, and works."""
    # No service worker: the background read would come from its cache.
    page = new_page("desktop", service_workers="block")
    open_with_the_background_read_failing(page, site_url, "/python_stdlib.zip")
    assert html_attr(page, "boot") == "shipped"
    assert html_attr(page, "stdlib") == "deferred"
    python(page, LAZY_IMPORT)
    assert html_attr(page, "stdlib") == "fetched-on-demand"
    # Nothing but the browser's own line about the request made to fail.
    problems = watch.problems(allow_failed=True)
    assert problems == ["console error: Failed to load resource: net::ERR_FAILED"], problems


PYTHON_FILE_READ = """
import sys
source = open("engine/jsontext.py", encoding="utf-8").read()
del sys.modules["engine.jsontext"]
import engine.jsontext  # from the file this time, not from the snapshot
assert engine.jsontext.__file__ == "/home/pyodide/engine/jsontext.py"
source
"""


@pytest.mark.parametrize("start", ["shipped", "snapshot"])
def test_a_python_file_read_before_it_came_is_fetched_there_and_then(
    new_page: Callable[..., Any], site_url: str, watch: Watch, start: str
) -> None:
    """A start from a snapshot fetches the game's Python files after the
    table; if that download fails, a file read before it came (an import the
    snapshot lacks, a traceback's source line) is fetched on the spot, and
    reads whole."""
    # No service worker: the background read would come from its cache.
    page = new_page("desktop", service_workers="block")
    if start == "snapshot":
        load_until_settled(page, site_url, offline=("ready", "failed", "unsupported"))
    open_with_the_background_read_failing(page, site_url, "/engine/jsontext.py")
    assert html_attr(page, "boot") == start
    assert html_attr(page, "python-files") == "deferred"
    source = python(page, PYTHON_FILE_READ)
    assert source == (ROOT / "engine" / "jsontext.py").read_text(encoding="utf-8")
    assert html_attr(page, "python-files") == "fetched-on-demand"
    problems = watch.problems(allow_failed=True)
    assert problems == ["console error: Failed to load resource: net::ERR_FAILED"], problems


# ---- updates ---------------------------------------------------------------------------------

# A rule, not a comment: the build minifies stylesheets, and comments go.
MARKER = ":root{--update-test:b}"


def build_changed_copy(tmp_path: Path) -> Site:
    """A second build of the site with one changed file."""
    source = tmp_path / "src"
    for name in ("index.html", "manifest.webmanifest", "pyscript.toml", "sw.js"):
        source.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    for folder in ("shell", "assets", "engine", "solver", "ui"):
        if (ROOT / folder).is_dir():
            shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    css = source / "shell" / "shell.css"
    css.write_text(css.read_text(encoding="utf-8") + "\n" + MARKER + "\n", encoding="utf-8")
    out = tmp_path / "site-b"
    site_build.build(out, source=source, node_modules=ROOT / "node_modules")
    return read_site(out)


@pytest.fixture
def own_server(built_site: Site) -> Iterator[serve.SiteServer]:
    """The site served for one test only (which may deploy another build on it)."""
    with served(built_site.path) as server:
        yield server


def test_an_update_is_announced_and_replaces_the_old_version_cleanly(
    new_page: Callable[..., Any], built_site: Site, own_server: serve.SiteServer, tmp_path: Path
) -> None:
    watch = Watch(origin(own_server.url))
    page = new_page("desktop")
    watch.attach(page.context)
    url = own_server.url
    load_until_settled(page, url)
    version_a = built_site.build
    assert html_attr(page, "build") == version_a
    assert cached_site_versions(page) == [f"spider-site-{version_a}"]

    site_b = build_changed_copy(tmp_path)
    assert site_b.build != version_a
    own_server.root = site_b.path  # deploy B on the same origin

    # The next start is still all of A, from A's cache, and it announces B.
    reload_game(page)
    assert html_attr(page, "build") == version_a
    wait_html(page, "update", "ready")
    assert page.locator("#update-banner").is_visible()
    # Later: the banner goes and A plays on; the next start offers B again.
    page.click("#update-later")
    assert not page.locator("#update-banner").is_visible() and html_attr(page, "update") == "later"
    reload_game(page)
    assert html_attr(page, "build") == version_a
    wait_html(page, "update", "ready")
    assert page.locator("#update-banner").is_visible()
    # While B waits, A's pages get A's files, never B's (no mixed versions).
    css = page.evaluate("() => fetch('./shell/shell.css').then(r => r.text())")
    assert MARKER not in css

    # The player accepts: the page reloads into B, entirely B.
    with page.expect_navigation():
        page.click("#update-reload")
    wait_html(page, "ready")
    assert html_attr(page, "build") == site_b.build
    css = page.evaluate("() => fetch('./shell/shell.css').then(r => r.text())")
    assert MARKER in css
    # Once B's worker is activated, A's cache is gone.
    versions = page.evaluate(
        """async () => {
            const worker = (await navigator.serviceWorker.ready).active;
            if (worker.state !== 'activated') {
                await new Promise(done => worker.addEventListener(
                    'statechange', () => worker.state === 'activated' && done()));
            }
            return caches.keys();
        }"""
    )
    assert f"spider-site-{version_a}" not in versions
    assert f"spider-site-{site_b.build}" in versions
    watch.assert_clean()


# ---- hosting ---------------------------------------------------------------------------------


@pytest.fixture
def subpath_server(built_site: Site) -> Iterator[serve.SiteServer]:
    with served(built_site.path, prefix="/games/spider/") as server:
        yield server


def test_the_site_works_under_a_sub_path(new_page: Callable[..., Any], subpath_server: serve.SiteServer) -> None:
    url = subpath_server.url
    assert url.endswith("/games/spider/")
    watch = Watch(origin(url))
    page = new_page("desktop")
    watch.attach(page.context)
    load_until_settled(page, url)
    scope = page.evaluate("() => navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == url
    statuses = {status for _, status in subpath_server.log}
    paths = [path for path, _ in subpath_server.log]
    assert all(p.startswith("/games/spider/") for p in paths), [p for p in paths if not p.startswith("/games/")]
    assert statuses <= {200, 304}
    reload_game(page)
    assert html_attr(page, "boot") == "snapshot"
    watch.assert_clean()


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_is_valid_and_the_app_installable(
    playwright: Any, site_url: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    # A real profile on disk: Chromium never offers to install from an
    # off-the-record context, which is what browser.new_context() makes.
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=chromium_path(),
        args=LAUNCH_ARGS,
        headless=True,
        **PROFILES["desktop"],
    )
    request.addfinalizer(context.close)
    watch = Watch(origin(site_url))
    watch.attach(context)
    desktop = context.pages[0] if context.pages else context.new_page()
    request.node.stash.setdefault(PAGES, []).append(desktop)
    load_until_settled(desktop, site_url)
    cdp = desktop.context.new_cdp_session(desktop)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    assert manifest["url"] == site_url + "manifest.webmanifest"
    data = json.loads(manifest["data"])
    assert data["name"] and data["short_name"]
    assert data["display"] == "standalone"
    assert data["orientation"] == "any"
    assert data["start_url"] == "./" and data["scope"] == "./"
    assert data["theme_color"] == desktop.get_attribute('meta[name="theme-color"]', "content")
    # Chromium's own verdict: nothing stops installing it.
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    # Every icon resolves, with the type and size the manifest says.
    purposes = set()
    for icon in data["icons"]:
        response = desktop.request.get(site_url + icon["src"])
        assert response.status == 200, icon["src"]
        assert response.headers["content-type"].startswith(icon["type"])
        purposes.add(icon.get("purpose", "any"))
        if icon["type"] == "image/png":
            width, height = png_size(response.body())
            assert f"{width}x{height}" == icon["sizes"]
    assert {"any", "maskable"} <= purposes
    sizes = {i["sizes"] for i in data["icons"] if i["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    watch.assert_clean()


# ---- vendored files ----------------------------------------------------------------------------


def test_the_build_ships_exactly_the_vendor_files_the_page_loads(
    new_page: Callable[..., Any], built_site: Site, site_url: str, watch: Watch
) -> None:
    # No service worker here: it would fetch every file of the build itself.
    page = new_page("desktop", service_workers="block")
    load_until_settled(page, site_url, offline=("ready", "failed", "unsupported"))
    requested = {p.split("/vendor/", 1)[1] for p in watch.same_origin_paths() if "/vendor/" in p}
    shipped = {p.split("vendor/", 1)[1] for p in built_site.info["files"] if p.startswith("vendor/")}
    assert requested - shipped == set(), "the page loads vendor files the build does not ship"
    assert shipped - requested == set(), "the build ships vendor files the page never loads"
    assert not any(name.endswith(".map") for name in shipped)
    watch.assert_clean()


# ---- boot paths: memory snapshot and normal start ----------------------------------------------


def lib_modules(page: Any) -> set[str]:
    """The standard-library and Pyodide modules the page's Python has imported."""
    names: list[str] = page.evaluate(
        """() => spiderShell.pyodide.runPython(`
import sys
[n for n, m in sys.modules.items() if str(getattr(m, '__file__', '')).startswith('/lib/')]
`).toJs()"""
    )
    return set(names)


def test_the_snapshot_boot_is_fresh_and_can_be_switched_off(desktop: Any, site_url: str, watch: Watch) -> None:
    page = desktop
    load_until_settled(page, site_url)
    assert html_attr(page, "boot") == "shipped"
    # The shipped snapshot, kept for the next starts.
    assert html_attr(page, "snapshot") == "saved"
    # Pyodide found no JSPI (the no-jspi patch): Python runs on the page's own stack.
    assert jspi(page) == ["hidden", False, False]
    # It already held everything the page imports from the standard library
    # (tools/build/stdlib-keep.txt): nothing was left to import at start-up.
    assert lib_modules(page) - set(SNAPSHOT_STDLIB) == set()
    # Its Node origin does not show in the page's environment.
    assert python(page, "import os; os.environ['_']") == "./this.program"
    # Kept without its empty 64 KiB chunks: a good third less to read at each start.
    kept = page.evaluate(
        """async () => {
            const [name] = (await caches.keys()).filter(n => n.startsWith('spider-snapshot-'));
            const cache = await caches.open(name);
            const response = await cache.match((await cache.keys())[0]);
            const bytes = new Uint8Array(await response.arrayBuffer());
            const view = new DataView(bytes.buffer);
            return [new TextDecoder().decode(bytes.slice(0, 4)), bytes.length, view.getUint32(4, true),
                    Number(response.headers.get('x-snapshot-header')), view.getUint32(12 + 4 * view.getUint32(8, true) + 4, true),
                    Number(response.headers.get('x-snapshot-size'))];
        }"""
    )
    magic, size, whole, header, own_header, stated_size = kept
    assert magic == "SPZ1" and whole >= SNAPSHOT_HEAP_LIMIT and size < 0.7 * whole, kept
    # ...with the length of its header, which a start needs before the bytes (Pyodide gets only the header).
    assert header == own_header and header % 16 == 0 and 16 <= header < 65536, kept
    # ...and with its size, so that a start streams it into one array of that size.
    assert stated_size == size, kept

    reload_game(page)
    assert html_attr(page, "boot") == "snapshot"
    assert jspi(page) == ["hidden", False, False]
    first = python(page, "import random; random.random()")
    assert python(page, "import engine, sys; 'engine' in sys.modules") is True
    reload_game(page)
    assert html_attr(page, "boot") == "snapshot"
    second = python(page, "import random; random.random()")
    # Each boot from the same snapshot is reseeded: no replayed random state.
    assert first != second
    # A snapshot stored without its size is read whole, and serves as well.
    page.evaluate(
        """async () => {
            const [name] = (await caches.keys()).filter(n => n.startsWith('spider-snapshot-'));
            const cache = await caches.open(name);
            const [request] = await cache.keys();
            const response = await cache.match(request);
            const headers = new Headers(response.headers);
            headers.delete('x-snapshot-size');
            await cache.put(request, new Response(await response.arrayBuffer(), {headers}));
        }"""
    )
    reload_game(page)
    assert html_attr(page, "boot") == "snapshot"

    # Both switches give the normal start, and leave the snapshot alone.
    # (With no-jspi off too, Pyodide takes the JSPI this Chromium has.)
    open_game(page, site_url + "?snapshot=off&nopatch=no-jspi")
    assert html_attr(page, "boot") == "normal"
    assert html_attr(page, "snapshot") == "off"
    assert jspi(page) == [None, True, True]
    page.evaluate("() => localStorage.setItem('spider.snapshot', 'off')")
    open_game(page, site_url)
    assert html_attr(page, "boot") == "normal"
    page.evaluate("() => localStorage.removeItem('spider.snapshot')")
    open_game(page, site_url)
    assert html_attr(page, "boot") == "snapshot"
    watch.assert_clean()


def jspi(page: Any) -> list[Any]:
    """<html data-jspi>, whether the page's WebAssembly has JSPI, and whether Pyodide took it."""
    return [
        html_attr(page, "jspi"),
        page.evaluate("() => 'Suspending' in WebAssembly"),
        page.evaluate("() => Boolean(spiderShell.pyodide._module.jspiSupported)"),
    ]


CORRUPTIONS = {
    # Not a snapshot at all: Pyodide refuses it (bad magic number).
    "garbage": """async () => {
        const [name] = (await caches.keys()).filter(n => n.startsWith('spider-snapshot-'));
        const cache = await caches.open(name);
        const [request] = await cache.keys();
        const bytes = crypto.getRandomValues(new Uint8Array(65536));
        await cache.put(request, new Response(bytes, {headers: {'x-snapshot-length': String(bytes.length)}}));
    }""",
    # A real snapshot cut short, as a full disk or a crash might leave it.
    "truncated": """async () => {
        const [name] = (await caches.keys()).filter(n => n.startsWith('spider-snapshot-'));
        const cache = await caches.open(name);
        const [request] = await cache.keys();
        const response = await cache.match(request);
        const bytes = new Uint8Array(await response.arrayBuffer()).slice(0, 1 << 20);
        await cache.put(request, new Response(bytes, {headers: response.headers}));
    }""",
    # Its stated size one byte more than what was stored.
    "size": """async () => {
        const [name] = (await caches.keys()).filter(n => n.startsWith('spider-snapshot-'));
        const cache = await caches.open(name);
        const [request] = await cache.keys();
        const response = await cache.match(request);
        const headers = new Headers(response.headers);
        headers.set('x-snapshot-size', String(Number(headers.get('x-snapshot-size')) + 1));
        await cache.put(request, new Response(await response.arrayBuffer(), {headers}));
    }""",
    # Stored without its empty chunks: a chunk list that points outside the heap.
    "chunk list": """async () => {
        const [name] = (await caches.keys()).filter(n => n.startsWith('spider-snapshot-'));
        const cache = await caches.open(name);
        const [request] = await cache.keys();
        const response = await cache.match(request);
        const bytes = new Uint8Array(await response.arrayBuffer());
        new DataView(bytes.buffer).setUint32(12 + 4 * 5, 1 << 20, true);
        await cache.put(request, new Response(bytes, {headers: response.headers}));
    }""",
}


@pytest.fixture(scope="module")
def no_snapshot_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[serve.SiteServer]:
    """The site built without a shipped snapshot (as when the build has no Node)."""
    out = tmp_path_factory.mktemp("site-no-snapshot") / "site"
    site_build.build(out, snapshot=False)
    with served(out) as server:
        yield server


def test_without_a_shipped_snapshot_the_page_makes_its_own(
    new_page: Callable[..., Any], no_snapshot_server: serve.SiteServer
) -> None:
    url = no_snapshot_server.url
    watch = Watch(origin(url))
    page = new_page("desktop")
    watch.attach(page.context)
    load_until_settled(page, url)
    assert html_attr(page, "boot") == "normal"
    # Made in a worker from what this page imported: our modules imported (the
    # table's too: they reach the browser only when called).
    assert html_attr(page, "snapshot") == "saved"
    info = page.evaluate("() => spiderShell.bootInfo")
    assert "engine" in info["snapshotImported"] and "ui.app" in info["snapshotImported"]
    # Not PyScript's package: the page does not import it (ui/browser/dom.py).
    assert not [name for name in info["snapshotImported"] + info["snapshotCompiled"] if name.startswith("pyscript")]
    assert not [name for name in info["snapshotCompiled"] if name.startswith(("ui.", "engine."))]
    reload_game(page)
    assert html_attr(page, "boot") == "snapshot"
    watch.assert_clean()


def test_a_data_saving_connection_starts_normally_and_makes_its_own_snapshot(
    new_page: Callable[..., Any], site_url: str, site_server: serve.SiteServer, watch: Watch
) -> None:
    page = new_page("desktop")
    before = len(site_server.log)
    page.add_init_script(
        "Object.defineProperty(navigator, 'connection', {value: {saveData: true, effectiveType: '4g'}})"
    )
    load_until_settled(page, site_url)
    assert html_attr(page, "boot") == "normal"
    assert not [path for path, _ in list(site_server.log)[before:] if "/snapshot/" in path]
    # The loading screen counted what this start downloaded, the wasm and the
    # standard library, to the end.
    counted = [t for _, _, t in boot_log(page) if t.startswith("Getting the cards ready… ")]
    last = re.match(r"Getting the cards ready… ([\d.]+) of ([\d.]+) MB$", counted[-1]) if counted else None
    assert last and last.group(1) == last.group(2) and float(last.group(2)) > 3, counted[-3:]
    assert html_attr(page, "snapshot") == "saved"
    reload_game(page)
    assert html_attr(page, "boot") == "snapshot"
    watch.assert_clean()


def site_with_snapshot(site: Site, body: bytes, root: Path) -> Path:
    """A copy of SITE in ROOT whose shipped snapshot is BODY: every other file a
    link to the built one. Served as a static host would serve a file damaged on
    its disk or on the way (no precompressed copy: the server compresses it)."""
    shipped = Path(site.info["shipped_snapshot"])
    root.mkdir()
    for entry in site.path.iterdir():
        if entry.name != shipped.parts[0]:
            (root / entry.name).symlink_to(entry)
    folder = root / shipped.parent
    folder.mkdir(parents=True)
    for entry in (site.path / shipped.parent).iterdir():
        if not entry.name.startswith(shipped.name):  # the snapshot and its .br/.gz copies
            (folder / entry.name).symlink_to(entry)
    (root / shipped).write_bytes(body)
    return root


@pytest.mark.parametrize("damage", ["garbage", "short", "flipped"])
def test_a_damaged_shipped_snapshot_falls_back_to_a_normal_start(
    new_page: Callable[..., Any], built_site: Site, tmp_path: Path, damage: str
) -> None:
    shipped = (built_site.path / built_site.info["shipped_snapshot"]).read_bytes()
    if damage == "flipped":  # one bit of the static data: only the checksum can tell
        at = struct.unpack_from("<I", shipped, 4)[0] + 2_000_000
        body = shipped[:at] + bytes([shipped[at] ^ 1]) + shipped[at + 1 :]
    else:  # no magic number / cut short
        body = bytes(len(shipped)) if damage == "garbage" else b"\0" * 65536
    # Served, not routed through the browser's protocol: 30 MB there took a minute.
    with served(site_with_snapshot(built_site, body, tmp_path / "site")) as server:
        watch = Watch(origin(server.url))
        page = new_page("desktop")
        watch.attach(page.context)
        load_until_settled(page, server.url)
        assert html_attr(page, "boot") == "fallback"
        assert page.locator("#app > *").count() > 0
        # The page then makes a good snapshot of its own, used by the next start.
        assert html_attr(page, "snapshot") == "saved"
        reload_game(page)
        assert html_attr(page, "boot") == "snapshot"
        watch.assert_clean()


def test_a_damaged_snapshot_falls_back_to_a_normal_start(desktop: Any, site_url: str, watch: Watch) -> None:
    """Each damage in turn, on one page: the stored snapshot damaged, the next start
    falls back, the page stores a good one again, and the start after uses it."""
    page = desktop
    load_until_settled(page, site_url)
    assert html_attr(page, "snapshot") == "saved"
    for damage in sorted(CORRUPTIONS):
        page.evaluate(CORRUPTIONS[damage])
        reload_game(page)
        assert html_attr(page, "boot") == "fallback", damage
        assert page.locator("#app > *").count() > 0, damage
        # The damaged snapshot is replaced by a good one, used by the next start.
        wait_html(page, "snapshot", *SNAPSHOT_SETTLED)
        assert html_attr(page, "snapshot") == "saved", damage
        reload_game(page)
        assert html_attr(page, "boot") == "snapshot", damage
    watch.assert_clean()
