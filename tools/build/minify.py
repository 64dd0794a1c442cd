"""Minifying: our Pyodide loader (``shell/pyodide-boot.mjs`` and the modules
of ``LOADER_MODULES``) bundled into one module (:func:`bundled_loader`, by
``tools/bundle.mjs``), then every script and stylesheet (ours and Pyodide's,
after the placeholders are filled) minified (:func:`minified`, by
``tools/minify.mjs``), both with esbuild, pinned in ``package.json``, run
with Node.  Minified files are kept in ``.cache/minified/`` by content,
esbuild's version and how it is called."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .common import CACHE, TOOLS, BuildError, prune, run_node_jobs, sha256

MINIFY_TOOL = TOOLS / "minify.mjs"
BUNDLE_TOOL = TOOLS / "bundle.mjs"
LOADER = "shell/pyodide-boot.mjs"
LOADER_MODULES = (
    "shell/loader-context.mjs",
    "shell/patches.mjs",
    "shell/downloads.mjs",
    "shell/snapshot-cache.mjs",
    "shell/python-files.mjs",
)
"""The modules of our Pyodide loader that :func:`bundled_loader` inlines into ``LOADER``."""
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


def bundled_loader(contents: dict[str, bytes], node_modules: Path) -> dict[str, bytes]:
    """``contents`` with the loader's modules (``LOADER_MODULES``) inlined into
    ``LOADER`` by esbuild (``tools/bundle.mjs``) and left out of the site: a
    first visit requests one module for the loader, as before it was split.
    Without Node or esbuild they ship as separate modules (with a warning)."""
    esbuild = node_modules / "esbuild" / "lib" / "main.js"
    node = shutil.which("node")
    if node is None or not esbuild.is_file():
        print("build: no `node` or no esbuild; the loader ships as separate modules", file=sys.stderr)
        return contents
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in (LOADER, *LOADER_MODULES):
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(contents[name])
        job = {"folder": str(folder), "entry": LOADER, "inline": list(LOADER_MODULES), "out": str(folder / "out.mjs")}
        (folder / "job.json").write_text(json.dumps(job), encoding="utf-8")
        run = subprocess.run(
            [node, str(BUNDLE_TOOL), str(esbuild), str(folder / "job.json")],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        if run.returncode != 0:
            raise BuildError(f"bundling the loader failed: {run.stdout.strip()[-500:] or run.stderr.strip()[-500:]}")
        bundle = (folder / "out.mjs").read_bytes()
    out = {path: data for path, data in contents.items() if path not in LOADER_MODULES}
    out[LOADER] = bundle
    return out
