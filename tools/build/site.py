"""The site assembled: our files picked, every job run in order, the build
hash and the precache list made, and the folder written."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from .catalogs import compiled_catalogs
from .common import BUILD_PATCHES, ROOT, RUNTIME_PATCHES, BuildError, sha256
from .compress import compressed_copies, wire_sizes
from .early import early_values, manifests
from .faces import fold_faces
from .imports import our_imports, snapshot_modules
from .minify import bundled_loader, minified
from .slim import compile_eagerly, pyodide_for_site
from .snapshot import SNAPSHOT_CACHE, SNAPSHOT_DIR, make_snapshot, ship_snapshot, snapshot_inputs
from .stdlib import FULL_STDLIB_DIR, SNAPSHOT_STDLIB, STDLIB_LATER, stdlib_modules, trimmed_stdlib
from .templates import (
    TEMPLATED_SUFFIXES,
    fill,
    placeholder_values,
    pyscript_config,
    service_worker,
    stamp_build,
)
from .vendor import load_vendors
from .welcome import welcome_values

BUILD_INFO = ".spider-build.json"
"""The build's own record in the site folder (and the mark that a folder is one)."""
TOP_FILES = ("index.html", "manifest.webmanifest")
TREES: dict[str, tuple[str, ...] | None] = {
    "shell": None,
    "assets": None,
    "engine": (".py",),
    "solver": (".py",),
    "ui": (".py",),
}
"""Folder -> file suffixes to take (None: every file)."""
PYTHON_TREES = ("engine", "solver", "ui")
"""The Python packages the page imports: the engine, the solver over it, the page side."""
SKIP_PARTS = {"__pycache__", ".mypy_cache", ".pytest_cache", ".hypothesis"}
SKIP_SUFFIXES = {".pyc", ".pyo", ".map"}
PROGRESS_FILES = ("pyodide.asm.wasm", "python_stdlib.zip")
"""Big runtime downloads whose progress the loading screen shows."""


def our_files(source: Path) -> dict[str, Path]:
    """Site path -> source file for every file of ours that goes in the site."""
    found: dict[str, Path] = {}
    for name in TOP_FILES:
        path = source / name
        if not path.is_file():
            raise BuildError(f"missing {name} in {source}")
        found[name] = path
    for folder, suffixes in TREES.items():
        base = source / folder
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            rel = path.relative_to(source)
            if not path.is_file() or SKIP_PARTS & set(rel.parts):
                continue
            if path.suffix in SKIP_SUFFIXES or path.name.startswith("."):
                continue
            if suffixes is not None and path.suffix not in suffixes:
                continue
            found[rel.as_posix()] = path
    return found


def python_files(files: dict[str, Path]) -> list[str]:
    """Site paths of the Python files the loader writes into the browser."""
    return [p for p in sorted(files) if p.endswith(".py") and p.split("/")[0] in PYTHON_TREES]


def content_hash(contents: dict[str, bytes]) -> str:
    digest = hashlib.sha256()
    for path in sorted(contents):
        digest.update(f"{path}\0{sha256(contents[path])}\n".encode())
    return digest.hexdigest()[:16]


def build(
    out: Path,
    source: Path = ROOT,
    node_modules: Path | None = None,
    all_vendor: bool = False,
    snapshot: bool = True,
    snapshot_cache: Path = SNAPSHOT_CACHE,
    compress: bool = True,
    minify: bool = True,
    patches_off: frozenset[str] = frozenset(),
) -> dict[str, object]:
    """Build the site from SOURCE into OUT (replacing an earlier build there)
    and return what ``.spider-build.json`` records.  PATCHES_OFF: the patches
    to Pyodide, PyScript and Emscripten switched off (``BUILD_PATCHES``,
    ``RUNTIME_PATCHES``, or "all"); BuildError for a name it does not know."""
    source = source.resolve()
    node_modules = (node_modules or source / "node_modules").resolve()
    off = frozenset(BUILD_PATCHES + RUNTIME_PATCHES) if "all" in patches_off else patches_off
    unknown = off - set(BUILD_PATCHES + RUNTIME_PATCHES)
    if unknown:
        raise BuildError(f"no patch named {', '.join(sorted(unknown))} (shell/patches.mjs lists them)")
    if "snapshot-in-place" in off:  # the only way the page undoes snapshot-xor
        off |= {"snapshot-xor"}
    snapshot = snapshot and "snapshot" not in off
    pyodide, pyscript = load_vendors(node_modules, all_vendor)
    pyodide = pyodide_for_site(pyodide, off=off)
    vendors = [pyodide, pyscript]
    files = our_files(source)
    py_files = python_files(files)
    pure = snapshot_modules(files, py_files)
    # The standard library, trimmed to what the page imports (and what that
    # imports); the whole one ships beside it for an import it lacks.
    stdlib_name = f"{pyodide.site_dir}/python_stdlib.zip"
    full_stdlib = (pyodide.source / "python_stdlib.zip").read_bytes()
    trimmed, kept = trimmed_stdlib(
        full_stdlib, list(SNAPSHOT_STDLIB) + list(STDLIB_LATER) + our_imports(files, py_files)
    )
    rest = sorted(set(stdlib_modules(full_stdlib)) - set(kept))
    snapshot_cache.mkdir(parents=True, exist_ok=True)
    stdlib_file = snapshot_cache / f"stdlib-{pyodide.version}-{sha256(trimmed)[:16]}.zip"
    if not stdlib_file.is_file():
        stdlib_file.write_bytes(trimmed)

    # The snapshot shipped for first visits: outside the content hash and the
    # precache (its bytes differ from one making to the next; its name, from
    # what went into it, is in the loader (shell/loader-context.mjs) and so in the build hash).
    shipped: dict[str, bytes] = {}
    shipped_base: dict[str, int] | None = None
    if snapshot:
        name, spec = snapshot_inputs(source, pyodide, files, py_files, pure, stdlib_file)
        data = make_snapshot(name, spec, snapshot_cache)
        if data is not None and "snapshot-xor" not in off:
            data, shipped_base = ship_snapshot(data, pyodide)
        if data is not None:
            shipped[f"{SNAPSHOT_DIR}/{name}"] = data
    shipped_path = next(iter(shipped), "")
    # The big downloads the loading screen counts: their sizes, and as sent compressed.
    progress_files = {
        name: trimmed if name == "python_stdlib.zip" else (pyodide.source / name).read_bytes()
        for name in PROGRESS_FILES
        if name in pyodide.files
    } | {path.rsplit("/", 1)[1]: data for path, data in shipped.items()}
    values = placeholder_values(
        pyodide,
        pyscript,
        files,
        py_files,
        pure,
        download_sizes={name: len(data) for name, data in progress_files.items()},
        wire_sizes=wire_sizes(progress_files) if compress else {},
        shipped_path=shipped_path,
        shipped_base=shipped_base,
        stdlib_rest=rest,
        patches_off=sorted(off & set(RUNTIME_PATCHES)),
    )
    values |= welcome_values()  # the welcome deal, drawn before Python (shell/welcome.js)
    catalogs = compiled_catalogs(source)  # i18n/<code>.json, one per language
    values |= early_values(catalogs)  # their words before Python starts (shell/early.js)

    contents: dict[str, bytes] = {}
    for site_path, path in files.items():
        data = path.read_bytes()
        if site_path.split("/")[0] != "assets" and path.suffix in TEMPLATED_SUFFIXES:
            data = fill(data.decode("utf-8"), values, site_path).encode("utf-8")
        contents[site_path] = data
    fold_faces(contents)
    contents.update(catalogs)
    contents.update(manifests(contents["manifest.webmanifest"], catalogs))  # one per language, linked by shell/early.js
    contents["pyscript.toml"] = fill(pyscript_config(source), values, "pyscript.toml").encode()
    for vendor in vendors:
        for name in vendor.files:
            contents[f"{vendor.site_dir}/{name}"] = (vendor.source / name).read_bytes()
    if stdlib_name in contents:
        contents[stdlib_name] = trimmed
        contents[f"{FULL_STDLIB_DIR}/python_stdlib-{pyodide.version}.zip"] = full_stdlib
    if minify:
        contents = minified(bundled_loader(contents, node_modules), node_modules)
    if "compile-hint" not in off:
        compile_eagerly(contents, f"{pyodide.site_dir}/pyodide.asm.mjs")

    build_id = content_hash(contents)
    stamp_build(contents, build_id)
    precache = {path: sha256(data) for path, data in sorted(contents.items())}
    contents["sw.js"] = service_worker(source, values, build_id, precache)

    info: dict[str, object] = {
        "build": build_id,
        "pyodide": pyodide.version,
        "pyscript": pyscript.version,
        "vendor_dirs": {v.key: v.site_dir for v in vendors},
        "files": precache,
        "python_files": py_files,
        "snapshot_modules": pure,
        "shipped_snapshot": shipped_path,
        "patches_off": sorted(off),
        "bytes": sum(len(d) for d in contents.values()) + sum(len(d) for d in shipped.values()),
    }
    copies = compressed_copies(contents | shipped) if compress else {}
    info["compressed"] = {
        "br": sum(len(d) for p, d in copies.items() if p.endswith(".br")),
        "gz": sum(len(d) for p, d in copies.items() if p.endswith(".gz")),
    }
    write_site(out, contents | shipped | copies, info)
    return info


def write_site(out: Path, contents: dict[str, bytes], info: dict[str, object]) -> None:
    """Write CONTENTS and the build record into OUT, replacing an earlier
    build there; BuildError (and nothing deleted) if OUT holds anything else."""
    out = out.resolve()
    if out.exists():
        if not (out / BUILD_INFO).is_file() and any(out.iterdir()):
            raise BuildError(f"{out} exists and is not a build folder; not deleting it")
        shutil.rmtree(out)
    for site_path, data in contents.items():
        target = out / site_path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    (out / BUILD_INFO).write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
