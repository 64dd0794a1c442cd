#!/usr/bin/env python3
"""Assemble the deployable site into one folder (default ``_site/``).

Standard library only. The site is:

* our files: ``index.html``, ``manifest.webmanifest``, ``shell/**``,
  ``assets/**``, ``engine/**/*.py``, ``ui/**/*.py``;
* ``pyscript.toml`` as it is (without a ``[files]`` table: the page's loader
  writes the Python files above into Pyodide's file system itself, from the
  list it gets in ``/*@PYTHON_FILES@*/``);
* the vendored Pyodide and PyScript files the page really loads (the list in
  ``tools/vendor-files.json``), from ``node_modules/``, under versioned paths
  ``vendor/pyodide-<version>/`` and ``vendor/pyscript-<version>/``;
* ``sw.js`` with the generated precache list: every file of the build with
  its SHA-256, and a cache name that is a hash of the whole content;
* ``snapshot/pyodide-<version>-<hash>.bin``: a Pyodide memory snapshot made
  with Node (``tools/make_snapshot.mjs``) that a first visit restores instead
  of starting Python; named by the hash of what went into it, left out of the
  precache and of the content hash, skipped without Node or with
  ``--no-snapshot``. Its static-data part is XORed with the wasm's data
  segments (``tools/wasm_image.py``: about 1 MB less to download), which
  the page undoes;
* beside every compressible file of 1 KB or more, its precompressed copies
  ``X.br`` (brotli, with Node's zlib, quality 11) and
  ``X.gz`` (gzip -9), for a static host that serves them as they are
  (``tools/serve.py`` does; see the README's Hosting section).  They are
  kept in ``.cache/compressed/`` by content, so a rebuild recompresses only
  what changed; ``--no-compress`` leaves them out;
* every script and stylesheet (ours and Pyodide's, after the placeholders
  below are filled) minified with esbuild, pinned in ``package.json``
  (:func:`minified`); ``--no-minify`` leaves them as they are.

Text files of ours may hold placeholders that the build fills in:
``@PYODIDE_DIR@``, ``@PYSCRIPT_DIR@``, ``@PYODIDE_VERSION@``,
``@PYSCRIPT_VERSION@``, ``@BUILD@`` (the content hash), and in JavaScript
``/*@PYTHON_FILES@*/[]``, ``/*@SNAPSHOT_MODULES@*/[]``,
``/*@DOWNLOAD_SIZES@*/{}``, ``/*@WIRE_SIZES@*/{}``, ``/*@LOCK_FILE@*/null``,
``/*@PATCHES_OFF@*/[]`` (the run-time patches ``--no-patch`` switched off) and
``/*@PRECACHE@*/{}``; in HTML
``<!--@MODULEPRELOADS@-->`` (a modulepreload link for every JavaScript module
the start-up imports).

Our Pyodide loader (``shell/pyodide-boot.mjs`` and the modules of
``LOADER_MODULES``) ships as one module, bundled by esbuild
(:func:`bundled_loader`), when the scripts are minified.

Every patch to Pyodide, PyScript or Emscripten is listed in
``shell/patches.mjs``; ``--no-patch NAME`` (repeatable, or ``all``) switches
one off: a build patch here, a run-time one for every visit of the build.

Usage: ``python3 tools/build.py [--out DIR] [--source DIR] [--node-modules DIR] [--no-snapshot] [--no-compress] [--no-minify] [--no-patch NAME]``.
"""

from __future__ import annotations

import argparse
import ast
import gzip
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import gen_cards
import wasm_image

ROOT = Path(__file__).resolve().parent.parent
VENDOR_LIST = Path(__file__).resolve().parent / "vendor-files.json"
BUILD_INFO = ".spider-build.json"

TOP_FILES = ("index.html", "manifest.webmanifest")
# folder -> file suffixes to take (None: every file)
TREES: dict[str, tuple[str, ...] | None] = {
    "shell": None,
    "assets": None,
    "engine": (".py",),
    "ui": (".py",),
}
SKIP_PARTS = {"__pycache__", ".mypy_cache", ".pytest_cache", ".hypothesis"}
SKIP_SUFFIXES = {".pyc", ".pyo", ".map"}
# Our own text files in which placeholders are filled in.
TEMPLATED_SUFFIXES = {".html", ".js", ".mjs", ".toml", ".webmanifest", ".css"}
# Importing any of these means a module touches the browser: it cannot be
# imported in the snapshot-making interpreter.
BROWSER_MODULES = {"js", "pyscript", "pyodide", "_pyscript", "polyscript", "pyweb"}
# Big runtime downloads whose progress the loading screen shows.
PROGRESS_FILES = ("pyodide.asm.wasm", "python_stdlib.zip")
PLACEHOLDER = re.compile(r"@[A-Z][A-Z_]+@")
# The snapshot shipped with the site (tools/make_snapshot.mjs, run with Node):
# its folder in the site, the heap size it must fit (Pyodide's initial 30 MiB;
# a grown heap does not restore), and where made snapshots are kept between
# builds, by the hash of what went into them.
SNAPSHOT_DIR = "snapshot"
SNAPSHOT_HEAP_LIMIT = 30 * 1024 * 1024
SNAPSHOT_CACHE = ROOT / ".cache" / "snapshots"
SNAPSHOT_TOOL = Path(__file__).resolve().parent / "make_snapshot.mjs"
COMPRESS_TOOL = Path(__file__).resolve().parent / "compress.mjs"
MINIFY_TOOL = Path(__file__).resolve().parent / "minify.mjs"
BUNDLE_TOOL = Path(__file__).resolve().parent / "bundle.mjs"
LOADER = "shell/pyodide-boot.mjs"
LOADER_MODULES = (
    "shell/loader-context.mjs",
    "shell/patches.mjs",
    "shell/downloads.mjs",
    "shell/snapshot-cache.mjs",
    "shell/python-files.mjs",
)
"""The modules of our Pyodide loader that :func:`bundled_loader` inlines into ``LOADER``."""
BUILD_PATCHES = ("slim-wasm", "wrap-at-once", "compile-hint", "snapshot-xor")
RUNTIME_PATCHES = (
    "snapshot",
    "snapshot-in-place",
    "early-wasm",
    "lazy-files",
    "download-progress",
    "entry-prefetch",
    "pyscript-package",
)
"""The patches ``--no-patch`` can switch off (``shell/patches.mjs`` lists what each does)."""
MINIFY_CACHE = ROOT / ".cache" / "minified"
MINIFIED_SUFFIXES = {".js": "js", ".mjs": "js", ".css": "css"}
"""What gets minified (by esbuild, from package.json), and with which loader."""
COMPRESS_CACHE = ROOT / ".cache" / "compressed"
COMPRESSED_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".svg", ".py", ".toml", ".bin"}
"""What gets precompressed copies (.zip and pictures are compressed already)."""
COMPRESS_MIN_BYTES = 1024
BROTLI_QUALITY = 11
# The standard-library (and Pyodide) modules the page imports by the time it is
# ready, as recorded from a normal start (spiderShell.bootInfo.snapshotImported).
# The shipped snapshot imports them so that the page need not; one missing here
# only costs its import time (e2e/test_shell.py checks the list stays complete).
SNAPSHOT_STDLIB = (
    "__future__",
    "_collections_abc",
    "_colorize",
    "_frozen_importlib",
    "_frozen_importlib_external",
    "_opcode_metadata",
    "_py_warnings",
    "_pyodide",
    "_pyodide._base",
    "_pyodide._core_docs",
    "_pyodide._future_helper",
    "email",
    "importlib.metadata",
    "importlib.metadata._collections",
    "importlib.metadata._functools",
    "importlib.metadata._itertools",
    "importlib.metadata._meta",
    "_pyodide._importhook",
    "_pyodide.docs_argspec",
    "_pyodide.docstring",
    "_pyodide.jsbind",
    "_sitebuiltins",
    "_ssl",
    "_weakrefset",
    "abc",
    "annotationlib",
    "ast",
    "asyncio",
    "asyncio.base_events",
    "asyncio.base_futures",
    "asyncio.base_subprocess",
    "asyncio.base_tasks",
    "asyncio.constants",
    "asyncio.coroutines",
    "asyncio.events",
    "asyncio.exceptions",
    "asyncio.format_helpers",
    "asyncio.futures",
    "asyncio.graph",
    "asyncio.locks",
    "asyncio.log",
    "asyncio.mixins",
    "asyncio.protocols",
    "asyncio.queues",
    "asyncio.runners",
    "asyncio.selector_events",
    "asyncio.sslproto",
    "asyncio.staggered",
    "asyncio.streams",
    "asyncio.subprocess",
    "asyncio.taskgroups",
    "asyncio.tasks",
    "asyncio.threads",
    "asyncio.timeouts",
    "asyncio.transports",
    "asyncio.trsock",
    "asyncio.unix_events",
    "base64",
    "bisect",
    "bz2",
    "calendar",
    "codecs",
    "codeop",
    "collections",
    "collections.abc",
    "compression",
    "compression._common",
    "compression._common._streams",
    "compression.zstd",
    "compression.zstd._zstdfile",
    "concurrent",
    "concurrent.futures",
    "concurrent.futures._base",
    "contextlib",
    "contextvars",
    "copy",
    "copyreg",
    "dataclasses",
    "datetime",
    "dis",
    "encodings",
    "encodings.aliases",
    "encodings.utf_8",
    "enum",
    "fnmatch",
    "functools",
    "genericpath",
    "glob",
    "hashlib",
    "heapq",
    "html",
    "html.entities",
    "importlib",
    "importlib._abc",
    "importlib._bootstrap",
    "importlib._bootstrap_external",
    "importlib.abc",
    "importlib.machinery",
    "importlib.util",
    "inspect",
    "io",
    "ipaddress",
    "json",
    "json.decoder",
    "json.encoder",
    "json.scanner",
    "keyword",
    "linecache",
    "locale",
    "logging",
    "lzma",
    "ntpath",
    "opcode",
    "operator",
    "os",
    "os.path",
    "pathlib",
    "pathlib._os",
    "posixpath",
    "pyodide",
    "pyodide._package_loader",
    "pyodide._state",
    "pyodide.code",
    "pyodide.common",
    "pyodide.ffi",
    "pyodide.webloop",
    "random",
    "re",
    "re._casefix",
    "re._compiler",
    "re._constants",
    "re._parser",
    "reprlib",
    "selectors",
    "shutil",
    "signal",
    "site",
    "socket",
    "ssl",
    "stat",
    "string",
    "struct",
    "subprocess",
    "tempfile",
    "textwrap",
    "threading",
    "token",
    "tokenize",
    "traceback",
    "types",
    "typing",
    "urllib",
    "urllib.parse",
    "warnings",
    "weakref",
    "zipfile",
    "zipfile._path",
    "zipfile._path.glob",
    "zipimport",
)


STDLIB_ALWAYS = (
    "encodings.ascii",
    "encodings.charmap",
    "encodings.idna",
    "encodings.latin_1",
    "encodings.punycode",
    "encodings.raw_unicode_escape",
    "encodings.unicode_escape",
    "encodings.utf_16",
    "encodings.utf_32",
    "encodings.utf_8_sig",
)
"""Codecs a decode or encode may look up by name at any time."""
STDLIB_PACKAGES = ("_pyodide",)
"""Pyodide's internal package, shipped whole (it imports parts of it lazily)."""
FULL_STDLIB_DIR = "stdlib"
"""Where the whole standard library is shipped, for an import the trimmed one
cannot serve (ui/stdlib.py fetches it then; the service worker keeps it)."""


class BuildError(Exception):
    """A problem the person running the build has to fix."""


@dataclass(frozen=True)
class Vendor:
    key: str  # "pyodide" or "pyscript"
    package: str  # npm package name
    version: str
    source: Path  # folder in node_modules the files come from
    files: tuple[str, ...]

    @property
    def site_dir(self) -> str:
        return f"vendor/{self.key}-{self.version}"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


PYODIDE_CACHE = ROOT / ".cache" / "pyodide"


def unused_exports(wasm: bytes, javascript: str) -> set[str]:
    """The wasm's C++ functions (mangled names, ``_Z…``) that the given
    JavaScript never names: libc++'s, exported for side modules written in
    C++, which the game never loads (it loads no package).  About 2,900 of
    Pyodide's 7,400 function exports."""
    named = set(re.findall(r"[A-Za-z_$][\w$]*", javascript))
    return {
        name
        for name in wasm_image.exported_functions(wasm)
        if name.startswith("_Z") and name not in named and "_" + name not in named
    }


WRAP_AT_ONCE = ROOT / "tools" / "wrap-at-once.js"
RUNTIME_EDITS = (
    (
        "var convertJsFunctionToWasm=(func,sig)=>{",
        "var convertJsFunctionToWasm=(func,sig)=>{if(deferredWrappers){deferredWrappers.push([func,sig]);return null}",
    ),
    (
        "var reportUndefinedSymbols=()=>{",
        "var reportUndefinedSymbols=()=>{deferredWrappers=[];try{reportEachUndefinedSymbol()}"
        "finally{wrapDeferredFunctions()}};var reportEachUndefinedSymbol=()=>{",
    ),
)


def runtime_patched(javascript: str) -> str:
    """Pyodide's Emscripten module (``pyodide.asm.mjs``) with the JavaScript
    functions its global offset table needs as wasm functions wrapped by one
    module instead of one each (``tools/wrap-at-once.js`` says how; the
    slots in the function table stay the same).  ValueError when the text
    it edits is not there exactly once (another Pyodide)."""
    for old, new in RUNTIME_EDITS:
        if javascript.count(old) != 1:
            raise ValueError(f"pyodide.asm.mjs has {javascript.count(old)} of {old!r}, not 1")
        javascript = javascript.replace(old, new)
    insert = "\n" + WRAP_AT_ONCE.read_text(encoding="utf-8") + "\n"
    return javascript.replace("var reportUndefinedSymbols=", insert + "var reportUndefinedSymbols=")


def pyodide_for_site(pyodide: Vendor, cache: Path = PYODIDE_CACHE, off: frozenset[str] = frozenset()) -> Vendor:
    """Pyodide as the site ships it: npm's files, its wasm without the exports
    :func:`unused_exports` finds (0.07 MB less on a first visit; every start
    instantiates each export, and Emscripten's loader gives each exported
    function a slot in the function table, in order), and its Emscripten
    module as :func:`runtime_patched` edits it (kept as npm has it, with a
    warning, if that cannot be done).  The snapshot is made from this folder
    too, so its function table is the one the page builds.  Kept in CACHE by
    the hash of the slim wasm and the edited module.  OFF: the patches
    switched off ("slim-wasm", "wrap-at-once": that file as npm has it)."""
    wasm = (pyodide.source / "pyodide.asm.wasm").read_bytes()
    runtime = (pyodide.source / "pyodide.asm.mjs").read_text(encoding="utf-8")
    javascript = runtime + (pyodide.source / "pyodide.mjs").read_text(encoding="utf-8")
    slim = wasm if "slim-wasm" in off else wasm_image.without_exports(wasm, unused_exports(wasm, javascript))
    try:
        if "wrap-at-once" not in off:
            runtime = runtime_patched(runtime)
    except ValueError as error:
        print(f"build: Pyodide's runtime ships as npm has it ({error})", file=sys.stderr)
    folder = cache / f"pyodide-{pyodide.version}-{sha256(slim + runtime.encode())[:16]}"
    if not (folder / "pyodide.asm.wasm").is_file():
        # Dropped: a folder no build has used for a week (builds with patches
        # on and off, even at once, each keep theirs).
        for old in cache.glob("*pyodide-*"):
            if time.time() - old.stat().st_mtime > 7 * 86400:
                shutil.rmtree(old, ignore_errors=True)
        part = folder.with_name("part-" + folder.name)
        shutil.rmtree(part, ignore_errors=True)  # left by a build that stopped half-way
        shutil.copytree(pyodide.source, part, ignore=shutil.ignore_patterns("pyodide.asm.*", "*.map"))
        (part / "pyodide.asm.mjs").write_text(runtime, encoding="utf-8")
        (part / "pyodide.asm.wasm").write_bytes(slim)
        part.replace(folder)
    folder.touch()  # used now
    return replace(pyodide, source=folder)


def load_vendors(node_modules: Path, all_files: bool = False) -> list[Vendor]:
    spec = json.loads(VENDOR_LIST.read_text(encoding="utf-8"))
    vendors = []
    for key in ("pyodide", "pyscript"):
        entry = spec[key]
        package_dir = node_modules / entry["package"]
        manifest = package_dir / "package.json"
        if not manifest.is_file():
            raise BuildError(f"{entry['package']} is not installed in {node_modules}: run `npm ci` first")
        installed = json.loads(manifest.read_text(encoding="utf-8"))["version"]
        if installed != entry["version"]:
            raise BuildError(
                f"{entry['package']} {installed} is installed but {entry['version']} is pinned"
                " (tools/vendor-files.json, package.json): run `npm ci`"
            )
        source = package_dir / entry.get("from", "")
        files = tuple(entry["files"])
        if all_files:
            files = tuple(
                sorted(
                    p.relative_to(source).as_posix()
                    for p in source.rglob("*")
                    if p.is_file()
                    and p.suffix in {".js", ".mjs", ".css", ".wasm", ".zip", ".json"}
                    and p.name != "package.json"
                )
            )
        missing = [name for name in files if not (source / name).is_file()]
        if missing:
            raise BuildError(f"{entry['package']} {installed} has no {', '.join(missing)}")
        vendors.append(Vendor(key, entry["package"], installed, source, files))
    return vendors


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
    """Site paths of the Python files PyScript copies into the browser."""
    return [p for p in sorted(files) if p.endswith(".py") and p.split("/")[0] in ("engine", "ui")]


def module_name(path: str) -> str:
    parts = path[: -len(".py")].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_time_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """The nodes of TREE that run when its module is imported: all but the
    bodies of its functions."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(
            child
            for child in ast.iter_child_nodes(node)
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        )


def imported_names(tree: ast.AST, module: str, is_package: bool, at_import: bool = False) -> set[str]:
    """The modules TREE imports (AT_IMPORT: only those its import itself does,
    not its functions when called)."""
    names: set[str] = set()
    for node in import_time_nodes(tree) if at_import else ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                if not is_package:
                    base = base[:-1]
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            names.add(prefix)
            names.update(f"{prefix}.{alias.name}" for alias in node.names)
    return names


def snapshot_modules(files: dict[str, Path], py_files: list[str]) -> list[str]:
    """Our modules safe to import in the snapshot: nothing their import
    imports, directly or through our other modules, touches the browser (a
    function may, when called: ui/dom.py reaches PyScript on first use), and
    they are not the entry script."""
    imports: dict[str, set[str]] = {}
    for path in py_files:
        name = module_name(path)
        try:
            tree = ast.parse(files[path].read_bytes(), filename=path)
        except SyntaxError as error:
            raise BuildError(f"{path}: {error}") from error
        imports[name] = imported_names(tree, name, path.endswith("__init__.py"), at_import=True)
    ours = set(imports)

    def parents(name: str) -> list[str]:
        parts = name.split(".")
        return [".".join(parts[:i]) for i in range(1, len(parts))]

    unsafe: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, deps in imports.items():
            if name in unsafe:
                continue
            bad = any(dep.split(".")[0] in BROWSER_MODULES for dep in deps)
            bad = bad or any(dep in unsafe for dep in deps if dep in ours)
            bad = bad or any(parent in unsafe for parent in parents(name) if parent in ours)
            if bad:
                unsafe.add(name)
                changed = True
    entry = {module_name(p) for p in py_files if p == "ui/main.py"}
    return sorted(ours - unsafe - entry)


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
        if name in pure or path == "ui/main.py":
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


def our_imports(files: dict[str, Path], py_files: list[str]) -> list[str]:
    """Every module name our Python files import (at any level)."""
    names: set[str] = set()
    for path in py_files:
        tree = ast.parse(files[path].read_bytes(), filename=path)
        names |= imported_names(tree, module_name(path), path.endswith("__init__.py"))
    return sorted(names)


def _module_level_imports(tree: ast.Module, module: str, is_package: bool) -> set[str]:
    """The imports a module runs when it is imported: its top-level statements,
    and those under a top-level ``if`` or ``try`` (not inside functions)."""
    body: list[ast.stmt] = []
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            body.append(node)
        elif isinstance(node, ast.If) and "__main__" in ast.unparse(node.test):
            continue  # run as a script only
        elif isinstance(node, ast.If | ast.Try):
            todo += node.body + node.orelse + getattr(node, "finalbody", [])
            for handler in getattr(node, "handlers", []):
                todo += handler.body
    return imported_names(ast.Module(body=body, type_ignores=[]), module, is_package)


def stdlib_modules(full: bytes) -> dict[str, str]:
    """The modules of a standard library zip, with their paths in it."""
    paths: dict[str, str] = {}
    for name in zipfile.ZipFile(io.BytesIO(full)).namelist():
        if name.endswith("/__init__.py"):
            paths[name[: -len("/__init__.py")].replace("/", ".")] = name
        elif name.endswith(".py"):
            paths[name[:-3].replace("/", ".")] = name
    return paths


def trimmed_stdlib(full: bytes, roots: list[str]) -> tuple[bytes, list[str]]:
    """The standard library zip cut to ``roots`` (modules), the packages of
    ``STDLIB_PACKAGES`` and ``STDLIB_ALWAYS``, and what they import when
    imported, with their parent packages; and the modules in it.  Imports made
    inside functions are not followed: the page fetches the whole library the
    first time one is missing (ui/stdlib.py)."""
    source = zipfile.ZipFile(io.BytesIO(full))
    paths = stdlib_modules(full)
    wanted = list(roots) + list(STDLIB_ALWAYS)
    wanted += [m for m in paths if m.split(".")[0] in STDLIB_PACKAGES]
    wanted += [m for m in paths if m.startswith("_sysconfigdata")]
    seen: set[str] = set()
    while wanted:
        parts = wanted.pop().split(".")
        for k in range(1, len(parts) + 1):
            name = ".".join(parts[:k])
            if name in seen or name not in paths:
                continue
            seen.add(name)
            path = paths[name]
            try:
                tree = ast.parse(source.read(path))
            except SyntaxError:  # newer syntax than this Python reads: the module goes in, unfollowed
                continue
            wanted += _module_level_imports(tree, name, path.endswith("__init__.py"))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in sorted(seen):
            info = zipfile.ZipInfo(paths[name], date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, source.read(paths[name]))
    return out.getvalue(), sorted(seen)


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
    _prune(cache)
    return out


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


def _prune(cache: Path, days: float = 7) -> None:
    """Drop cached copies no build has used for ``days`` (each use touches its file)."""
    if not cache.is_dir():
        return
    now = time.time()
    for f in cache.iterdir():
        if f.suffix in (".br", ".gz", ".js", ".mjs", ".css") and now - f.stat().st_mtime > days * 86400:
            f.unlink(missing_ok=True)


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
    _prune(cache)
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


EAGER_HINT = b"//# allFunctionsCalledOnLoad\n"
"""V8's compile hint (Chromium 136 and later; a comment to everything else)."""


def compile_eagerly(contents: dict[str, bytes], path: str) -> None:
    """Put V8's ``//# allFunctionsCalledOnLoad`` hint at the top of PATH
    (Pyodide's Emscripten module): its functions are then compiled while the
    script streams in, on a background thread, instead of one by one on the
    main thread the first time each runs.  No module script the service
    worker serves gets a code cache, so without it every start compiled them
    there: on the phone profile, interleaved runs took first reloads from
    2.76 to 2.45 s and later ones from 2.21 to 2.03 s; the desktop's, whose
    main thread compiles them quickly, did not change."""
    if path in contents and not contents[path].startswith(EAGER_HINT):
        contents[path] = EAGER_HINT + contents[path]


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


def lock_file(pyodide: Vendor) -> dict[str, object]:
    """Pyodide's lock file as the page gives it to Pyodide: its ``info`` (the
    ABI Pyodide checks) and no packages, as the game loads none.  Instead of
    the 119 KB ``pyodide-lock.json`` Pyodide would otherwise download."""
    lock = json.loads((pyodide.source / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {"info": lock["info"], "packages": {}}


def pyscript_config(source: Path) -> str:
    text = (source / "pyscript.toml").read_text(encoding="utf-8")
    if re.search(r"^\s*\[files\]", text, re.M):
        raise BuildError(
            "pyscript.toml must not have a [files] table: shell/pyodide-boot.mjs writes the Python files itself"
        )
    return text


def fill(text: str, values: dict[str, str], where: str) -> str:
    for token, value in values.items():
        text = text.replace(token, value)
    left = sorted(set(PLACEHOLDER.findall(text)) - {"@BUILD@", "@PRECACHE@"})
    if left:
        raise BuildError(f"{where}: unknown placeholder(s) {', '.join(left)}")
    return text


FACE_SETS = tuple(gen_cards.FACE_SETS)
"""The folders of card faces under ``assets/cards/`` (``tools/gen_cards.py``
draws them): each becomes one stylesheet (:func:`faces_css`) instead of 52
pictures."""
FACE_NAME = re.compile(r"^[A2-9TJQK][shdc]$")


def svg_data_url(svg: str) -> str:
    """An SVG as a ``data:`` URL for CSS (quotes made single, the few
    characters a URL cannot hold escaped).

    >>> svg_data_url('<svg a="1">#</svg>\\n')
    "data:image/svg+xml,%3Csvg a='1'%3E%23%3C/svg%3E"
    """
    assert "'" not in svg, "the card art uses double quotes only"
    text = svg.strip().replace('"', "'").replace("\n", "")
    for raw, escaped in (("%", "%25"), ("#", "%23"), ("<", "%3C"), (">", "%3E")):
        text = text.replace(raw, escaped)
    return "data:image/svg+xml," + text


def faces_css(face_set: str, svgs: dict[str, str]) -> str:
    """One face set as a stylesheet: a face-up card of the set's table shows
    its picture from its ``data-card``.  One request instead of 52: no face
    is ever missing at a flip (nothing to preload, nothing a reload can
    abandon half-way), and the service worker precaches 4 files, not 208."""
    rules = [f"/* {face_set}: built by tools/build.py from assets/cards/{face_set}/*.svg */"]
    for name in sorted(svgs):
        assert FACE_NAME.match(name), name
        rules.append(
            f'.faces-{face_set} .card[data-face="up"][data-card="{name}"]'
            f'{{background-image:url("{svg_data_url(svgs[name])}")}}'
        )
    return "\n".join(rules) + "\n"


def fold_faces(contents: dict[str, bytes]) -> None:
    """Replace each face set's 52 pictures in ``contents`` by its stylesheet."""
    for face_set in FACE_SETS:
        folder = f"assets/cards/{face_set}/"
        names = [p for p in contents if p.startswith(folder) and p.endswith(".svg")]
        if not names:
            continue
        svgs = {p[len(folder) : -len(".svg")]: contents.pop(p).decode("utf-8") for p in names}
        contents[folder + "faces.css"] = faces_css(face_set, svgs).encode("utf-8")


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
    trimmed, kept = trimmed_stdlib(full_stdlib, list(SNAPSHOT_STDLIB) + our_imports(files, py_files))
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

    values = {
        "@PYODIDE_DIR@": pyodide.site_dir,
        "@PYSCRIPT_DIR@": pyscript.site_dir,
        "@PYODIDE_VERSION@": pyodide.version,
        "@PYSCRIPT_VERSION@": pyscript.version,
        # [url, path, size]: a start from a snapshot makes the files lazy, and
        # the import system asks for their size before anything reads them.
        "/*@PYTHON_FILES@*/[]": json.dumps([[p, p, files[p].stat().st_size] for p in py_files]),
        "/*@SNAPSHOT_MODULES@*/[]": json.dumps(pure),
        "/*@DOWNLOAD_SIZES@*/{}": json.dumps({name: len(data) for name, data in progress_files.items()}),
        "/*@WIRE_SIZES@*/{}": json.dumps(wire_sizes(progress_files) if compress else {}),
        "@SHIPPED_SNAPSHOT@": shipped_path,
        "/*@SHIPPED_BASE@*/null": json.dumps(shipped_base),
        "/*@STDLIB_REST@*/[]": json.dumps(rest, separators=(",", ":")),
        "/*@LOCK_FILE@*/null": json.dumps(lock_file(pyodide)),
        "/*@PATCHES_OFF@*/[]": json.dumps(sorted(off & set(RUNTIME_PATCHES))),
    }

    preloads = [
        "shell/pyscript-setup.js",
        "shell/pyodide-boot.mjs",
        "shell/snapshot-format.mjs",
        "shell/pyscript-package.mjs",
    ] + [f"{v.site_dir}/{name}" for v in vendors for name in v.files if name.endswith((".js", ".mjs"))]
    values["<!--@MODULEPRELOADS@-->"] = "\n".join(f'<link rel="modulepreload" href="./{path}">' for path in preloads)

    contents: dict[str, bytes] = {}
    for site_path, path in files.items():
        data = path.read_bytes()
        if site_path.split("/")[0] != "assets" and path.suffix in TEMPLATED_SUFFIXES:
            data = fill(data.decode("utf-8"), values, site_path).encode("utf-8")
        contents[site_path] = data
    fold_faces(contents)
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
    for site_path, data in contents.items():
        if b"@BUILD@" in data and not site_path.startswith("vendor/"):
            contents[site_path] = data.replace(b"@BUILD@", build_id.encode())
    precache = {path: sha256(data) for path, data in sorted(contents.items())}
    worker = fill((source / "sw.js").read_text(encoding="utf-8"), values, "sw.js")
    worker = worker.replace("@BUILD@", build_id).replace("/*@PRECACHE@*/{}", json.dumps(precache, indent=1))
    contents["sw.js"] = worker.encode("utf-8")

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="output folder (default _site/)")
    parser.add_argument("--source", type=Path, default=ROOT, help="project folder to build from")
    parser.add_argument("--node-modules", type=Path, default=None, help="default: SOURCE/node_modules")
    parser.add_argument(
        "--all-vendor",
        action="store_true",
        help="ship every vendor file (to record which ones the page loads)",
    )
    parser.add_argument(
        "--no-snapshot",
        action="store_true",
        help="ship no Pyodide memory snapshot (first visits then start Python normally)",
    )
    parser.add_argument(
        "--no-compress",
        action="store_true",
        help="write no precompressed .br/.gz copies (a quicker build for tests)",
    )
    parser.add_argument(
        "--no-minify",
        action="store_true",
        help="ship the scripts and stylesheets as written (to read them in the browser)",
    )
    parser.add_argument(
        "--no-patch",
        action="append",
        default=[],
        choices=("all", *BUILD_PATCHES, *RUNTIME_PATCHES),
        metavar="NAME",
        help="switch a patch to Pyodide, PyScript or Emscripten off (shell/patches.mjs lists them; all: every one)",
    )
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args(argv)
    try:
        info = build(
            args.out,
            args.source,
            args.node_modules,
            args.all_vendor,
            not args.no_snapshot,
            compress=not args.no_compress,
            minify=not args.no_minify,
            patches_off=frozenset(args.no_patch),
        )
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    if not args.quiet:
        files = info["files"]
        assert isinstance(files, dict)
        print(
            f"built {args.out} : build {info['build']}, {len(files) + 1} files,"
            f" {int(str(info['bytes'])) / 1e6:.1f} MB (Pyodide {info['pyodide']},"
            f" PyScript {info['pyscript']})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
