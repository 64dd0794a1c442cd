"""tools/serve.py serves a site as a good static host would: the MIME types
Pyodide needs, compression, cache headers, revalidation, sub-paths."""

from __future__ import annotations

import gzip
import http.client
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

from tools import serve  # noqa: E402

pytestmark = pytest.mark.cpython_only

BIG = b"0123456789abcdef" * 256  # 4 KiB, compressible


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("site")
    files = {
        "index.html": b"<!doctype html><title>x</title>" + BIG,
        "sw.js": BIG,
        "shell/boot.mjs": BIG,
        "manifest.webmanifest": b'{"name": "x"}',
        "vendor/pyodide-1.0/pyodide.asm.wasm": b"\0asm" + BIG,
        "vendor/pyodide-1.0/python_stdlib.zip": BIG,
        "assets/icons/icon.svg": b"<svg/>",
        "assets/icons/icon.png": b"\x89PNG" + BIG,
        "ui/main.py": b"print('hi')\n",
        "pyscript.toml": b'name = "x"\n',
        "data.json": b"{}",
        ".spider-build.json": b"{}",
    }
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return root


def get(server: serve.SiteServer, path: str, **headers: str) -> tuple[http.client.HTTPResponse, bytes]:
    host, port = server.server_address[:2]
    connection = http.client.HTTPConnection(str(host), int(port), timeout=10)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[serve.SiteServer]:
    server = serve.start(site, warm=False)
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def sub_server(site: Path) -> Iterator[serve.SiteServer]:
    server = serve.start(site, prefix="/games/spider/", warm=False)
    yield server
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(
    ("path", "mime"),
    [
        ("/vendor/pyodide-1.0/pyodide.asm.wasm", "application/wasm"),
        ("/shell/boot.mjs", "text/javascript"),
        ("/sw.js", "text/javascript"),
        ("/manifest.webmanifest", "application/manifest+json"),
        ("/assets/icons/icon.svg", "image/svg+xml"),
        ("/assets/icons/icon.png", "image/png"),
        ("/ui/main.py", "text/x-python"),
        ("/pyscript.toml", "application/toml"),
        ("/data.json", "application/json"),
        ("/", "text/html"),
    ],
)
def test_mime_types(server: serve.SiteServer, path: str, mime: str) -> None:
    response, _ = get(server, path)
    assert response.status == 200
    assert response.headers["Content-Type"].split(";")[0] == mime
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_compressible_files_are_gzipped_when_the_browser_accepts_it(server: serve.SiteServer, site: Path) -> None:
    path = "/vendor/pyodide-1.0/pyodide.asm.wasm"
    response, body = get(server, path, **{"Accept-Encoding": "gzip, deflate, br"})
    assert response.headers["Content-Encoding"] in ("gzip", "br")
    assert response.headers["Vary"] == "Accept-Encoding"
    assert int(response.headers["Content-Length"]) == len(body) < len(BIG)
    if response.headers["Content-Encoding"] == "gzip":
        assert gzip.decompress(body) == (site / path[1:]).read_bytes()

    plain, body = get(server, path)
    assert plain.headers["Content-Encoding"] is None
    assert body == (site / path[1:]).read_bytes()


def test_the_builds_precompressed_copies_are_served_as_a_static_host_serves_them(tmp_path: Path) -> None:
    """X.br and X.gz beside X (the build writes them) are sent as they
    are, by Accept-Encoding, with X's type; a copy older than X is stale and
    is not sent."""
    raw = b"\0asm" + BIG
    (tmp_path / "a.wasm").write_bytes(raw)
    (tmp_path / "a.wasm.br").write_bytes(b"BROTLI-BYTES")  # served as is: the server does not re-encode it
    (tmp_path / "a.wasm.gz").write_bytes(gzip.compress(raw, 9))
    (tmp_path / "b.js").write_bytes(BIG)
    (tmp_path / "b.js.gz").write_bytes(gzip.compress(b"stale", 9))
    os.utime(tmp_path / "b.js.gz", ns=(1, 1))  # older than b.js
    server = serve.start(tmp_path, warm=False)
    try:
        response, body = get(server, "/a.wasm", **{"Accept-Encoding": "gzip, deflate, br, zstd"})
        assert response.headers["Content-Encoding"] == "br" and body == b"BROTLI-BYTES"
        assert response.headers["Content-Type"] == "application/wasm"
        assert response.headers["Vary"] == "Accept-Encoding"
        assert int(response.headers["Content-Length"]) == len(body)
        gz, body = get(server, "/a.wasm", **{"Accept-Encoding": "gzip"})
        assert gz.headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == raw
        assert gz.headers["ETag"] != response.headers["ETag"]
        plain, body = get(server, "/a.wasm")
        assert plain.headers["Content-Encoding"] is None and body == raw
        stale, body = get(server, "/b.js", **{"Accept-Encoding": "gzip"})
        assert stale.headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == BIG
    finally:
        server.shutdown()


def test_images_archives_and_tiny_files_are_sent_as_they_are(server: serve.SiteServer) -> None:
    for path in ("/assets/icons/icon.png", "/vendor/pyodide-1.0/python_stdlib.zip", "/ui/main.py"):
        response, _ = get(server, path, **{"Accept-Encoding": "gzip"})
        assert response.headers["Content-Encoding"] is None, path


def test_vendor_files_are_immutable_and_ours_revalidated(server: serve.SiteServer) -> None:
    response, _ = get(server, "/vendor/pyodide-1.0/python_stdlib.zip")
    assert "immutable" in response.headers["Cache-Control"]
    assert "max-age=31536000" in response.headers["Cache-Control"]
    for path in ("/", "/sw.js", "/shell/boot.mjs", "/ui/main.py"):
        response, _ = get(server, path)
        assert response.headers["Cache-Control"] == "no-cache", path


def test_unchanged_files_revalidate_with_304(server: serve.SiteServer) -> None:
    first, _ = get(server, "/shell/boot.mjs", **{"Accept-Encoding": "gzip"})
    again, body = get(server, "/shell/boot.mjs", **{"Accept-Encoding": "gzip", "If-None-Match": first.headers["ETag"]})
    assert again.status == 304 and body == b""
    since, body = get(server, "/shell/boot.mjs", **{"If-Modified-Since": first.headers["Last-Modified"]})
    assert since.status == 304 and body == b""
    other, _ = get(server, "/shell/boot.mjs", **{"If-None-Match": '"something-else"'})
    assert other.status == 200


def test_missing_hidden_and_outside_paths_are_not_served(server: serve.SiteServer) -> None:
    for path in ("/nothing.js", "/.spider-build.json", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd"):
        response, _ = get(server, path)
        assert response.status == 404, path


def test_a_folder_without_slash_redirects(server: serve.SiteServer) -> None:
    response, _ = get(server, "/shell")
    assert response.status == 301
    assert response.headers["Location"] == "/shell/"


def test_the_site_can_live_under_a_sub_path(sub_server: serve.SiteServer) -> None:
    assert sub_server.url.endswith("/games/spider/")
    response, body = get(sub_server, "/games/spider/")
    assert response.status == 200 and body.startswith(b"<!doctype html>")
    response, _ = get(sub_server, "/games/spider/vendor/pyodide-1.0/pyodide.asm.wasm")
    assert response.headers["Content-Type"] == "application/wasm"
    response, _ = get(sub_server, "/games/spider")
    assert response.status == 301 and response.headers["Location"] == "/games/spider/"
    for path in ("/", "/index.html", "/games/other/index.html"):
        response, _ = get(sub_server, path)
        assert response.status == 404, path


def test_the_server_logs_what_it_served(server: serve.SiteServer) -> None:
    get(server, "/data.json")
    assert ("/data.json", 200) in server.log
