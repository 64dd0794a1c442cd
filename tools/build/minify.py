"""Minifying: every script and stylesheet (ours and Pyodide's, after the
placeholders are filled) minified with esbuild, pinned in ``package.json``
and run by ``tools/minify.mjs`` with Node.  Kept in ``.cache/minified/`` by
content, esbuild's version and how it is called."""

from __future__ import annotations

import gzip
import json
import shutil
import sys
from pathlib import Path

from .common import CACHE, TOOLS, BuildError, prune, run_node_jobs, sha256

MINIFY_TOOL = TOOLS / "minify.mjs"
MINIFY_CACHE = CACHE / "minified"
MINIFIED_SUFFIXES = {".js": "js", ".mjs": "js", ".css": "css"}
"""What gets minified (by esbuild, from package.json), and with which loader."""


def minified(contents: dict[str, bytes], node_modules: Path, cache: Path = MINIFY_CACHE) -> dict[str, bytes]:
    """``contents`` with every script and stylesheet minified (esbuild, from
    ``node_modules``): about 40 KB less on the wire, most of it Pyodide's
    own ``pyodide.asm.mjs``.  A file that would compress worse minified
    (PyScript's, minified already) stays as it is.  Cached by content.
    Without Node or esbuild every file ships as it is (with a warning)."""
    todo = {path: data for path, data in contents.items() if Path(path).suffix in MINIFIED_SUFFIXES}
    esbuild = node_modules / "esbuild" / "lib" / "main.js"
    package = esbuild.parent.parent / "package.json"
    version = json.loads(package.read_text(encoding="utf-8"))["version"] if esbuild.is_file() else ""
    # Keyed by the file, esbuild's version and how it is called.
    how = f"esbuild-{version}-{sha256(MINIFY_TOOL.read_bytes())[:8]}"
    cached = {path: cache / f"{sha256(data)}-{how}{Path(path).suffix}" for path, data in todo.items()}
    missing = [path for path in todo if not cached[path].is_file()]
    node = shutil.which("node")
    if node is None or not version:
        print("build: no `node` or no esbuild; the scripts and stylesheets ship unminified", file=sys.stderr)
        return contents
    if missing:
        jobs = [(todo[path], cached[path], MINIFIED_SUFFIXES[Path(path).suffix]) for path in missing]
        why = run_node_jobs(node, MINIFY_TOOL, jobs, str(esbuild), timeout=300)
        if why is not None:
            raise BuildError(f"minifying failed: {why}")
    out = dict(contents)
    for path, file in cached.items():
        file.touch()
        small = file.read_bytes()
        # PyScript ships minified already: minified again, it compresses worse.
        if len(gzip.compress(small, 9, mtime=0)) < len(gzip.compress(todo[path], 9, mtime=0)):
            out[path] = small
    prune(cache)
    return out
