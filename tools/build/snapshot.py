"""Making and XORing the shipped snapshot: a Pyodide memory snapshot, made
with Node (``tools/make_snapshot.mjs``) from the slim Pyodide and the trimmed
standard library, with the start-up modules and ours imported, that a first
visit restores instead of starting Python.  It is named by the hash of what
went into it and kept in ``.cache/snapshots/`` (its bytes differ from one
making to the next).  Its static-data part ships XORed with the wasm's data
segments (``tools/wasm_image.py``: about 1 MB less to download), which the
page undoes."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tools import wasm_image

from .common import CACHE, TOOLS, sha256
from .imports import ENTRY_SCRIPT, module_name
from .stdlib import SNAPSHOT_STDLIB
from .vendor import Vendor

SNAPSHOT_DIR = "snapshot"
"""The shipped snapshot's folder in the site."""
SNAPSHOT_HEAP_LIMIT = 30 * 1024 * 1024
"""The heap size the snapshot must fit: Pyodide's initial 30 MiB (a grown
heap does not restore)."""
SNAPSHOT_CACHE = CACHE / "snapshots"
"""Where made snapshots are kept between builds, by the hash of what went into them."""
SNAPSHOT_TOOL = TOOLS / "make_snapshot.mjs"


def snapshot_inputs(
    source: Path,
    pyodide: Vendor,
    files: dict[str, Path],
    py_files: list[str],
    pure: list[str],
    stdlib: Path | None = None,
) -> tuple[str, dict[str, object]]:
    """The shipped snapshot's name (a hash of everything that goes into it)
    and the spec tools/make_snapshot.mjs makes it from."""
    compiled = []
    for path in py_files:
        name = module_name(path)
        if name in pure or path == ENTRY_SCRIPT:
            continue
        text = files[path].read_text(encoding="utf-8")
        compiled.append([name, f"/home/pyodide/{path}", path.endswith("__init__.py"), text])
    spec: dict[str, object] = {
        "indexDir": str(pyodide.source),
        "files": [[str(files[p]), p] for p in py_files],
        "imports": list(SNAPSHOT_STDLIB) + pure,
        "compiled": compiled,
        "heapLimit": SNAPSHOT_HEAP_LIMIT,
    }
    digest = hashlib.sha256(f"pyodide {pyodide.version}\n".encode())
    digest.update(f"wasm {sha256((pyodide.source / 'pyodide.asm.wasm').read_bytes())}\n".encode())
    digest.update(f"runtime {sha256((pyodide.source / 'pyodide.asm.mjs').read_bytes())}\n".encode())
    if stdlib is not None:  # the trimmed standard library the site ships: the snapshot is made with it
        spec["stdLib"] = str(stdlib)
        digest.update(f"stdlib {sha256(stdlib.read_bytes())}\n".encode())
    digest.update(json.dumps([spec["imports"], compiled]).encode())
    for path in py_files:
        digest.update(f"{path}\0{sha256(files[path].read_bytes())}\n".encode())
    for tool in (SNAPSHOT_TOOL, source / "shell" / "snapshot-prepare.mjs"):
        digest.update(sha256(tool.read_bytes()).encode())
    return f"pyodide-{pyodide.version}-{digest.hexdigest()[:16]}.bin", spec


def make_snapshot(name: str, spec: dict[str, object], cache: Path = SNAPSHOT_CACHE) -> bytes | None:
    """The snapshot called NAME, from CACHE or made with Node; None (with a
    warning) when Node is missing or the snapshot cannot be made: the site then
    starts Python normally on a first visit."""
    cached = cache / name
    if cached.is_file():
        return cached.read_bytes()
    node = shutil.which("node")
    if node is None:
        print("build: no `node` found; the site ships no Pyodide snapshot", file=sys.stderr)
        return None
    with tempfile.TemporaryDirectory() as tmp:
        spec_path, out = Path(tmp) / "spec.json", Path(tmp) / name
        spec_path.write_text(json.dumps(spec), encoding="utf-8")
        run = subprocess.run(
            [node, str(SNAPSHOT_TOOL), str(spec_path), str(out)],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        lines = run.stdout.strip().splitlines()
        try:
            report = json.loads(lines[-1]) if lines else {}
        except json.JSONDecodeError:
            report = {}
        if run.returncode != 0 or not report.get("ok") or not out.is_file():
            why = report.get("error") or run.stderr.strip()[-2000:] or f"exit status {run.returncode}"
            print(f"build: could not make the Pyodide snapshot ({report.get('stage', '?')}): {why}", file=sys.stderr)
            return None
        data = out.read_bytes()
    cache.mkdir(parents=True, exist_ok=True)
    part = cache / (name + ".part")
    part.write_bytes(data)
    part.replace(cached)
    for old in cache.glob("*.bin"):  # keep only the latest few
        if old != cached and old.stat().st_mtime < cached.stat().st_mtime - 7 * 86400:
            old.unlink()
    return data


def ship_snapshot(data: bytes, pyodide: Vendor) -> tuple[bytes, dict[str, int] | None]:
    """The snapshot as the site ships it: its static-data part XORed with the
    wasm's data segments (``tools/wasm_image.py``), and what the page needs to
    undo that (None: shipped whole, when the wasm's data is not laid out by
    constant offsets)."""
    try:
        return wasm_image.xor_snapshot(data, (pyodide.source / "pyodide.asm.wasm").read_bytes())
    except ValueError as error:
        print(f"build: the snapshot ships whole ({error})", file=sys.stderr)
        return data, None
