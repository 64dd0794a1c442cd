#!/usr/bin/env python3
"""Serve the built site the way a good static host would (standard library only).

* MIME types: ``.wasm`` as ``application/wasm`` and ``.mjs`` as
  ``text/javascript`` (Pyodide fails without them), plus ``.webmanifest``,
  ``.svg``, ``.py``, ``.toml``, ``.json``, ``.zip``.
* Compression: the build's precompressed copies (``X.br``, ``X.gz``, as a
  host with ``brotli_static``/``gzip_static`` serves them) by the request's
  ``Accept-Encoding``; for a file without them, gzip (brotli too when the
  ``brotli`` module happens to be installed), computed once per file
  version and kept in memory.
* Caching: files under ``vendor/`` have versioned paths and are
  ``immutable`` for a year; everything else is ``no-cache`` (revalidated
  with ETag / Last-Modified, answered 304 when unchanged).
* ``--prefix /games/spider/`` serves the site under a sub-path.

Usage: ``python -m tools.serve [--root _site] [--port 8000] [--host 127.0.0.1] [--prefix /]``.
The e2e tests start it in-process (:func:`start`), and can switch ``root``
while it runs to test updates.
"""

from __future__ import annotations

import argparse
import collections
import email.utils
import gzip
import hashlib
import http.server
import os
import posixpath
import sys
import threading
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

try:  # optional, not a dependency
    import brotli  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover
    brotli = None

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "application/toml; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".woff2": "font/woff2",
    ".mp3": "audio/mpeg",
    ".ogg": "audio/ogg",
    ".wav": "audio/wav",
}
# (.zip and images are compressed already)
COMPRESSIBLE = {
    ".html",
    ".js",
    ".mjs",
    ".css",
    ".json",
    ".webmanifest",
    ".wasm",
    ".svg",
    ".py",
    ".toml",
    ".txt",
    ".md",
    ".bin",
}  # .bin: the Pyodide snapshot, 30 MB -> 6
MIN_COMPRESS = 512
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


@dataclass(frozen=True)
class Encoded:
    data: bytes
    etag: str


PRECOMPRESSED = {"br": ".br", "gzip": ".gz"}


def precompressed(path: Path, stat: os.stat_result, encoding: str) -> Path | None:
    """The build's ``X.br`` / ``X.gz`` beside ``path`` for ``encoding``, if
    there is one at least as new as ``path`` (an older one would be stale)."""
    suffix = PRECOMPRESSED.get(encoding)
    if suffix is None:
        return None
    copy = path.with_name(path.name + suffix)
    try:
        if copy.stat().st_mtime_ns >= stat.st_mtime_ns:
            return copy
    except OSError:
        pass
    return None


class _Cache:
    """Compressed bodies, keyed by (path, size, mtime, encoding)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: dict[tuple[str, int, int, str], Encoded] = {}
        self._locks: dict[tuple[str, int, int, str], threading.Lock] = {}

    def get(self, path: Path, stat: os.stat_result, encoding: str) -> Encoded:
        key = (str(path), stat.st_size, stat.st_mtime_ns, encoding)
        with self._lock:
            item = self._items.get(key)
            if item is not None:
                return item
            lock = self._locks.setdefault(key, threading.Lock())
        with lock:  # one thread compresses a given file; the others wait for it
            with self._lock:
                item = self._items.get(key)
            if item is not None:
                return item
            raw = path.read_bytes()
            copy = precompressed(path, stat, encoding)
            if copy is not None:  # the build's own copy, as a static host serves it
                data = copy.read_bytes()
            elif encoding == "br" and brotli is not None:
                data = brotli.compress(raw, quality=9)
            elif encoding == "gzip":
                data = gzip.compress(raw, compresslevel=6, mtime=0)
            else:
                data = raw
            etag = '"' + hashlib.sha256(raw).hexdigest()[:20] + ("-" + encoding if encoding else "") + '"'
            item = Encoded(data, etag)
            with self._lock:
                self._items[key] = item
            return item


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], root: Path, prefix: str = "/", quiet: bool = True):
        self.root = Path(root).resolve()
        self.prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        self.quiet = quiet
        self.cache = _Cache()
        # (path, status) of the latest requests, for tests
        self.log: collections.deque[tuple[str, int]] = collections.deque(maxlen=100_000)
        super().__init__(address, SiteHandler)

    def handle_error(self, request: object, client_address: object) -> None:
        # A browser closing a connection it no longer needs is not an error.
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        if isinstance(host, bytes):
            host = host.decode()
        return f"http://{host}:{port}{self.prefix}"

    def warm(self) -> None:
        """Compress every compressible file now rather than on first request."""
        for path in sorted(self.root.rglob("*")):
            if path.is_file() and path.suffix in COMPRESSIBLE:
                stat = path.stat()
                if stat.st_size >= MIN_COMPRESS:
                    self.cache.get(path, stat, "gzip")


class SiteHandler(http.server.BaseHTTPRequestHandler):
    server: SiteServer
    protocol_version = "HTTP/1.1"
    server_version = "spider-serve"
    sys_version = ""

    def log_message(self, format: str, *args: object) -> None:
        if not self.server.quiet:
            sys.stderr.write(f"{self.address_string()} - {format % args}\n")

    def do_HEAD(self) -> None:
        self._serve(head=True)

    def do_GET(self) -> None:
        self._serve(head=False)

    def _send_plain(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        body = message.encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _resolve(self) -> tuple[Path | None, str]:
        """File for the request path, and the path relative to the site root."""
        raw_path = urllib.parse.urlsplit(self.path).path
        path = urllib.parse.unquote(raw_path)
        prefix = self.server.prefix
        if not path.startswith(prefix):
            return None, ""
        rel = posixpath.normpath(path[len(prefix) :]) if path != prefix else "."
        if rel.startswith("..") or rel.startswith("/"):
            return None, ""
        parts = [p for p in rel.split("/") if p not in ("", ".")]
        if any(p.startswith(".") for p in parts):  # no dotfiles (build info, etc.)
            return None, ""
        target = self.server.root.joinpath(*parts)
        if target.is_dir():
            if not path.endswith("/"):
                return target, "redirect"
            target = target / "index.html"
            parts.append("index.html")
        return target, "/".join(parts)

    def _serve(self, head: bool) -> None:
        target, rel = self._resolve()
        prefix = self.server.prefix
        request_path = urllib.parse.urlsplit(self.path).path
        if target is None and request_path.rstrip("/") == prefix.rstrip("/") and prefix != "/":
            self._record(301)
            return self._send_plain(301, "moved", {"Location": prefix})
        if rel == "redirect":
            self._record(301)
            return self._send_plain(301, "moved", {"Location": request_path + "/"})
        if target is None or not target.is_file():
            self._record(404)
            return self._send_plain(404, "not found")
        stat = target.stat()
        suffix = target.suffix.lower()
        content_type = MIME_TYPES.get(suffix, "application/octet-stream")
        encoding = ""
        if suffix in COMPRESSIBLE and stat.st_size >= MIN_COMPRESS:
            accepted = self.headers.get("Accept-Encoding", "")
            if "br" in accepted and (brotli is not None or precompressed(target, stat, "br") is not None):
                encoding = "br"
            elif "gzip" in accepted:
                encoding = "gzip"
        body = self.server.cache.get(target, stat, encoding)
        # Vendor files sit under versioned paths, the snapshot under a content hash.
        cache_control = IMMUTABLE if rel.startswith(("vendor/", "snapshot/")) else REVALIDATE
        last_modified = email.utils.formatdate(stat.st_mtime, usegmt=True)

        not_modified = False
        if_none_match = self.headers.get("If-None-Match")
        if if_none_match is not None:
            not_modified = body.etag in [t.strip() for t in if_none_match.split(",")] or if_none_match.strip() == "*"
        elif self.headers.get("If-Modified-Since"):
            try:
                since = email.utils.parsedate_to_datetime(self.headers["If-Modified-Since"])
                not_modified = int(stat.st_mtime) <= since.timestamp()
            except (TypeError, ValueError, OverflowError):
                not_modified = False

        status = 304 if not_modified else 200
        self._record(status)
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Cache-Control", cache_control)
        self.send_header("ETag", body.etag)
        self.send_header("Last-Modified", last_modified)
        self.send_header("X-Content-Type-Options", "nosniff")
        if suffix in COMPRESSIBLE:
            self.send_header("Vary", "Accept-Encoding")
        if not_modified:
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body.data)))
        self.end_headers()
        if not head:
            try:
                self.wfile.write(body.data)
            except (BrokenPipeError, ConnectionResetError):
                pass

    def _record(self, status: int) -> None:
        self.server.log.append((urllib.parse.urlsplit(self.path).path, status))


def start(
    root: Path,
    port: int = 0,
    host: str = "127.0.0.1",
    prefix: str = "/",
    quiet: bool = True,
    warm: bool = True,
) -> SiteServer:
    """Start a server in a background thread (port 0: any free port)."""
    server = SiteServer((host, port), root, prefix, quiet)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    if warm:
        threading.Thread(target=server.warm, name="site-warm", daemon=True).start()
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the built site like a static host.")
    parser.add_argument("--root", type=Path, default=ROOT / "_site")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--prefix", default="/", help="serve the site under this sub-path")
    parser.add_argument("-v", "--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    if not (args.root / "index.html").is_file():
        print(f"{args.root} has no index.html: run python3 -m tools.build first", file=sys.stderr)
        return 1
    try:
        server = SiteServer((args.host, args.port), args.root, args.prefix, quiet=not args.verbose)
    except OSError as error:
        print(f"cannot listen on {args.host}:{args.port}: {error}", file=sys.stderr)
        return 1
    threading.Thread(target=server.warm, name="site-warm", daemon=True).start()
    print(f"Serving {args.root} at {server.url}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
