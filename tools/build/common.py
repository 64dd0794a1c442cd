"""What the build's jobs share: where things are, the error a person running
the build has to act on, the names of the patches to Pyodide, PyScript and
Emscripten, hashing, and the way the Node tools are run."""

from __future__ import annotations

import hashlib
import json
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

TOOLS = Path(__file__).resolve().parent.parent
"""``tools/``: the build's Node helpers (``*.mjs``) and ``wrap-at-once.js``."""
ROOT = TOOLS.parent
"""The project folder: the default source, and home of ``.cache/``."""
CACHE = ROOT / ".cache"
"""Made files kept between builds, each in its own folder, by content."""


class BuildError(Exception):
    """A problem the person running the build has to fix."""


BUILD_PATCHES = ("slim-wasm", "wrap-at-once", "compile-hint", "snapshot-xor")
"""The patches the build makes, which ``--no-patch`` can switch off."""
RUNTIME_PATCHES = (
    "snapshot",
    "snapshot-in-place",
    "early-wasm",
    "lazy-files",
    "download-progress",
    "entry-prefetch",
    "pyscript-package",
    "no-jspi",
)
"""The patches the page makes, which ``--no-patch`` can switch off for every
visit of a build (``shell/patches.mjs`` lists what each does)."""


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def run_node_jobs(
    node: str, tool: Path, jobs: Sequence[tuple[bytes, Path, int | str]], *args: str, timeout: float
) -> str | None:
    """Run one of the build's Node tools (compress.mjs, minify.mjs) on JOBS,
    each (input bytes, output file, option): the inputs go to temporary files
    and the list to a jobs.json, given last after ARGS; the tool writes every
    output.  Returns None, or why it failed."""
    with tempfile.TemporaryDirectory() as tmp:
        listed: list[list[str | int]] = []
        for data, target, option in jobs:
            target.parent.mkdir(parents=True, exist_ok=True)
            src = Path(tmp) / str(len(listed))
            src.write_bytes(data)
            listed.append([str(src), str(target), option])
        (Path(tmp) / "jobs.json").write_text(json.dumps(listed), encoding="utf-8")
        run = subprocess.run(
            [node, str(tool), *args, str(Path(tmp) / "jobs.json")],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    if run.returncode == 0:
        return None
    return run.stdout.strip()[-500:] or run.stderr.strip()[-500:]


def prune(cache: Path, days: float = 7) -> None:
    """Drop cached copies no build has used for ``days`` (each use touches its file)."""
    if not cache.is_dir():
        return
    now = time.time()
    for f in cache.iterdir():
        if f.suffix in (".br", ".gz", ".js", ".mjs", ".css") and now - f.stat().st_mtime > days * 86400:
            f.unlink(missing_ok=True)
