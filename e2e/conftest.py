"""Fixtures for the browser tests (pytest + Playwright for Python, sync API).

Session-wide: the site is built once into a temporary folder by
``python -m tools.build`` (exactly what gets deployed; ``SPIDER_SITE=path`` uses an
existing build instead), served by ``tools/serve.py`` in-process on a free
port, and one Chromium is shared by every test.

Per test: ``desktop``, ``phone`` and ``phone_landscape`` each give a page in a
fresh browser context (nothing cached, no service worker yet), not yet
navigated; ``new_page(profile, **context_options)`` makes more. The contexts
block the service worker unless the test is marked ``service_worker`` (as
every test of ``test_shell.py``, where the start, the offline game and the
updates are tested): its install precaches the whole site, about 2 s of CPU
per page, a third of a page start, that no other test looks at. The page
then says ``data-offline="failed"`` and plays as a player's does. ``watch``
collects console errors, page errors, CSP violations and requests to other
origins of every page the test opened (``watch.assert_clean()``). When a test
fails, a screenshot of each of its pages is saved in ``e2e/artifacts/``, and
when a page or the browser crashed, the report lists Chromium's crash dumps
written meanwhile (``e2e/crashdumps.py``).

Helpers (``e2e/harness.py``): ``open_game``, ``wait_html``, ``touch_drag``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

import crashdumps  # noqa: E402
from harness import PROFILES, Watch, launch, origin  # noqa: E402

from tools import serve  # noqa: E402
from tools.build import site as site_build  # noqa: E402

ARTIFACTS = HERE / "artifacts"
PAGES = pytest.StashKey[list[Any]]()


@dataclass(frozen=True)
class Site:
    path: Path
    info: dict[str, Any]

    @property
    def build(self) -> str:
        return str(self.info["build"])


def read_site(path: Path) -> Site:
    info = json.loads((path / site_build.BUILD_INFO).read_text(encoding="utf-8"))
    return Site(path, info)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    existing = os.environ.get("SPIDER_SITE")
    if existing:
        return read_site(Path(existing))
    out = tmp_path_factory.mktemp("site") / "site"
    site_build.build(out)
    return read_site(out)


@contextmanager
def served(root: Path, prefix: str = "/") -> Iterator[serve.SiteServer]:
    """The site in ROOT served in-process on a free port (under PREFIX) until the block ends."""
    server = serve.start(root, prefix=prefix)
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_server(built_site: Site) -> Iterator[serve.SiteServer]:
    with served(built_site.path) as server:
        yield server


@pytest.fixture(scope="session")
def site_url(site_server: serve.SiteServer) -> str:
    return site_server.url


@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Any) -> Iterator[Any]:
    browser = launch(playwright)
    yield browser
    browser.close()


@pytest.fixture
def watch(site_url: str) -> Watch:
    return Watch(origin(site_url))


@pytest.fixture
def new_page(browser: Any, watch: Watch, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    contexts: list[Any] = []
    pages: list[Any] = request.node.stash.setdefault(PAGES, [])

    workers = "allow" if request.node.get_closest_marker("service_worker") else "block"

    def make(profile: str = "desktop", **options: Any) -> Any:
        context = browser.new_context(**{"service_workers": workers, **PROFILES[profile], **options})
        watch.attach(context)
        contexts.append(context)
        page = context.new_page()
        pages.append(page)
        return page

    yield make
    for context in contexts:
        try:
            context.close()
        except Exception:
            pass


@pytest.fixture
def desktop(new_page: Callable[..., Any]) -> Any:
    return new_page("desktop")


@pytest.fixture
def phone(new_page: Callable[..., Any]) -> Any:
    return new_page("phone")


@pytest.fixture
def phone_landscape(new_page: Callable[..., Any]) -> Any:
    return new_page("phone_landscape")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if not report.failed or report.when == "teardown":
        return report
    if report.when == "call" and "crashed" in str(report.longrepr):
        # Playwright says no more than "Target crashed": the dumps say which process, and where.
        lines = [crashdumps.describe(p) for p in crashdumps.dumps_since(call.start - 1)]
        report.sections.append(("crash dumps", "\n".join(lines) or f"none new in {crashdumps.DUMPS}"))
    pages = item.stash.get(PAGES, [])
    if pages:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", item.nodeid.split("::", 1)[-1])[:120]
    for index, page in enumerate(pages):
        path = ARTIFACTS / f"{name}-{index}.png"
        try:
            if page.is_closed():
                continue
            page.screenshot(path=str(path), full_page=False, timeout=10_000)
        except Exception as error:
            report.sections.append(("screenshot", f"could not save {path}: {error}"))
            continue
        report.sections.append(("screenshot", str(path.relative_to(ROOT))))
    return report
