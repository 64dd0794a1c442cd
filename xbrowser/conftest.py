"""Fixtures of the cross-browser suite: the site, a server that can be
stopped (for the offline reload), and one window of each browser."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from driver import Browser

from tools import serve
from tools.build import site as site_build

HERE = Path(__file__).resolve().parent
ARTIFACTS = HERE.parent / "e2e" / "artifacts" / "xbrowser"


class Server:
    """The site on one port, stopped and started again on the same port."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.server: serve.SiteServer | None = serve.start(root)
        self.port = int(self.server.server_address[1])
        self.url = self.server.url

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def start(self) -> None:
        if self.server is None:
            self.server = serve.start(self.root, port=self.port)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    existing = os.environ.get("SPIDER_SITE")
    if existing:
        return Path(existing)
    out = tmp_path_factory.mktemp("site") / "site"
    site_build.build(out)
    return out


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[Server]:
    s = Server(site)
    yield s
    s.stop()


def _open(name: str) -> Browser:
    if name == "firefox":
        from firefox import Firefox

        return Firefox()
    from webkit import WebKit

    return WebKit()


@pytest.fixture(scope="module", params=["firefox", "webkit"])
def browser(request: pytest.FixtureRequest) -> Iterator[Browser]:
    """One window of each browser for the module's scenarios, in order."""
    b = _open(str(request.param))
    yield b
    b.close()


@pytest.fixture()
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
