"""Trimming the standard library: the page ships Pyodide's
``python_stdlib.zip`` cut to what it imports (about a third of the whole,
most of a first visit's Python bytes), and the whole one beside it for an
import the trimmed one lacks (ui/browser/stdlib.py fetches it then).

The modules kept are the start-up list in ``stdlib-keep.txt`` (beside this
file), what our own code imports, the codecs and packages below, and what
each of those imports when imported, with their parent packages."""

from __future__ import annotations

import ast
import io
import zipfile
from pathlib import Path

from .imports import module_level_imports

KEEP_LIST = Path(__file__).resolve().parent / "stdlib-keep.txt"


def read_keep_list(path: Path = KEEP_LIST) -> tuple[str, ...]:
    """The module names in PATH, in order: one a line, ``#`` starts a comment."""
    names = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return tuple(name for name in names if name)


SNAPSHOT_STDLIB = read_keep_list()
"""The standard-library (and Pyodide) modules the page imports by the time it
is ready (``stdlib-keep.txt`` says how it was recorded): the shipped snapshot
imports them, and the trimmed library keeps them."""
STDLIB_LATER = ("html.entities",)
"""Modules a normal start imported once that no start imports any more: the
trimmed library keeps them, with what they import, but the shipped snapshot
does not import them (``html`` and ``html.entities``' tables: 77 KB of its
brotli)."""
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
cannot serve (ui/browser/stdlib.py fetches it then; the service worker keeps it)."""


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
    first time one is missing (ui/browser/stdlib.py)."""
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
            wanted += module_level_imports(tree, name, path.endswith("__init__.py"))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in sorted(seen):
            info = zipfile.ZipInfo(paths[name], date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, source.read(paths[name]))
    return out.getvalue(), sorted(seen)
