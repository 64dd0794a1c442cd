"""Compressing: beside every compressible file of 1 KB or more, its
precompressed copies ``X.br`` (brotli, quality 11, with Node's zlib:
``tools/compress.mjs``) and ``X.gz`` (gzip -9), for a static host that
serves them as they are (``tools/serve.py`` does).  Kept in
``.cache/compressed/`` by content, so a rebuild recompresses only what
changed.  Also the sizes on the wire the loading screen counts."""

from __future__ import annotations

import gzip
import os
import shutil
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
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
    gzip copies are made (with a warning).  Both are cached by content.

    Node makes the brotli copies (on its own threads) while two threads here
    make the gzip ones (zlib lets go of the GIL): the work of a clean build
    spreads over the cores."""
    wanted = {
        path: data
        for path, data in contents.items()
        if Path(path).suffix in COMPRESSED_SUFFIXES and len(data) >= COMPRESS_MIN_BYTES
    }
    digests = {path: sha256(data) for path, data in wanted.items()}
    # Quality 11 for the snapshot too (about 25 s with Node, once per
    # snapshot: copies are kept by content); 10 made it 0.13 MB bigger.
    brotli_files = {path: cache / f"{digests[path]}-q{BROTLI_QUALITY}.br" for path in wanted}
    # One job a content: two files alike share their copy.
    missing = list(
        {
            copy: (wanted[path], copy, BROTLI_QUALITY) for path, copy in brotli_files.items() if not copy.is_file()
        }.values()
    )
    node = shutil.which("node")
    cache.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=3) as pool:
        brotli_run = pool.submit(run_node_jobs, node, COMPRESS_TOOL, missing, timeout=900) if missing and node else None
        gzipped = list(pool.map(lambda path: _gzip_copy(wanted[path], cache / f"{digests[path]}.gz"), wanted))
        why = brotli_run.result() if brotli_run is not None else None
    out = {path + ".gz": data for path, data in zip(wanted, gzipped, strict=True)}
    if missing and node is None:
        print("build: no `node` found; the site ships gzip copies but no brotli ones", file=sys.stderr)
        return out
    if why is not None:
        print(f"build: brotli copies not made: {why}", file=sys.stderr)
        return out
    for path, copy in brotli_files.items():
        copy.touch()
        out[path + ".br"] = copy.read_bytes()
    prune(cache)
    return out


def _gzip_copy(data: bytes, copy: Path) -> bytes:
    """DATA gzipped (-9), from the cache file COPY or made and kept there."""
    if not copy.is_file():
        part = copy.with_name(copy.name + f".{os.getpid()}-{threading.get_ident()}.part")  # builds may run side by side
        part.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
        part.replace(copy)
    copy.touch()
    return copy.read_bytes()


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
