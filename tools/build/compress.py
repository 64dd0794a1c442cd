"""Compressing: beside every compressible file of 1 KB or more, its
precompressed copies ``X.br`` (brotli, quality 11, with Node's zlib:
``tools/compress.mjs``) and ``X.gz`` (gzip -9), for a static host that
serves them as they are (``tools/serve.py`` does).  Kept in
``.cache/compressed/`` by content, so a rebuild recompresses only what
changed.  Also the sizes on the wire the loading screen counts."""

from __future__ import annotations

import gzip
import shutil
import sys
from pathlib import Path

from .common import CACHE, TOOLS, prune, run_node_jobs, sha256

COMPRESS_TOOL = TOOLS / "compress.mjs"
COMPRESS_CACHE = CACHE / "compressed"
COMPRESSED_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".svg", ".py", ".toml", ".bin"}
"""What gets precompressed copies (.zip and pictures are compressed already)."""
COMPRESS_MIN_BYTES = 1024
BROTLI_QUALITY = 11


def compressed_copies(contents: dict[str, bytes], cache: Path = COMPRESS_CACHE) -> dict[str, bytes]:
    """``X.gz`` and ``X.br`` for every compressible file of ``contents`` of
    ``COMPRESS_MIN_BYTES`` or more.  Brotli needs Node: without it only the
    gzip copies are made (with a warning).  Both are cached by content."""
    out: dict[str, bytes] = {}
    todo: list[tuple[str, Path, int]] = []
    for site_path, data in contents.items():
        if Path(site_path).suffix not in COMPRESSED_SUFFIXES or len(data) < COMPRESS_MIN_BYTES:
            continue
        digest = sha256(data)
        gz = cache / f"{digest}.gz"
        if not gz.is_file():
            cache.mkdir(parents=True, exist_ok=True)
            gz.with_suffix(".part").write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
            gz.with_suffix(".part").replace(gz)
        gz.touch()
        out[site_path + ".gz"] = gz.read_bytes()
        # Quality 11 for the snapshot too (about 25 s with Node, once per
        # snapshot: copies are kept by content); 10 made it 0.13 MB bigger.
        cached = cache / f"{digest}-q{BROTLI_QUALITY}.br"
        todo.append((site_path, cached, BROTLI_QUALITY))
    missing = [(path, cached, q) for path, cached, q in todo if not cached.is_file()]
    node = shutil.which("node")
    if missing and node is None:
        print("build: no `node` found; the site ships gzip copies but no brotli ones", file=sys.stderr)
        return out
    if missing and node is not None:
        jobs = [(contents[path], cached, q) for path, cached, q in missing]
        why = run_node_jobs(node, COMPRESS_TOOL, jobs, timeout=900)
        if why is not None:
            print(f"build: brotli copies not made: {why}", file=sys.stderr)
            return out
    for path, cached, _q in todo:
        cached.touch()
        out[path + ".br"] = cached.read_bytes()
    prune(cache)
    return out


def wire_sizes(files: dict[str, bytes]) -> dict[str, dict[str, int]]:
    """Each file's size as sent with each encoding its copies have (for the
    loading screen, which counts the bytes on the wire)."""
    copies = compressed_copies(files)
    out: dict[str, dict[str, int]] = {}
    for name in files:
        sizes = {enc: len(copies[name + ext]) for enc, ext in (("br", ".br"), ("gzip", ".gz")) if name + ext in copies}
        if sizes:
            out[name] = sizes
    return out
