"""Filling the placeholders: our text files (not the pictures under
``assets/``) hold placeholders that the build replaces with what only the
build knows.  There are seventeen.  Fifteen are filled in every templated
file: fourteen with the values :func:`placeholder_values` makes (each
documented there, with the files that read it), and the welcome deal
(``/*@WELCOME@*/null``, :mod:`tools.build.welcome`); two are filled last, once the content
they describe is final: ``@BUILD@`` (:func:`stamp_build`) and
``/*@PRECACHE@*/{}`` (:func:`service_worker`).

A placeholder in JavaScript is written inside a comment followed by an empty
value (``/*@PYTHON_FILES@*/[]``), so that the unbuilt file still parses; in
HTML it is a comment (``<!--@MODULEPRELOADS@-->``); in a string it is bare
(``"@PYODIDE_DIR@"``).  A placeholder left unfilled fails the build."""

from __future__ import annotations

import json
import re
from pathlib import Path

from .common import BuildError
from .vendor import Vendor, lock_file

PLACEHOLDER = re.compile(r"@[A-Z][A-Z_]+@")
TEMPLATED_SUFFIXES = {".html", ".js", ".mjs", ".toml", ".webmanifest", ".css"}
"""Our own text files in which placeholders are filled in."""
LATE_PLACEHOLDERS = {"@BUILD@", "@PRECACHE@"}
"""Filled after the others, by :func:`stamp_build` and :func:`service_worker`."""
START_MODULES = (
    "shell/pyscript-setup.js",
    "shell/pyodide-boot.mjs",
    "shell/snapshot-format.mjs",
    "shell/pyscript-package.mjs",
)
"""Our JavaScript modules the start-up imports (preloaded with the vendor ones)."""


def placeholder_values(
    pyodide: Vendor,
    pyscript: Vendor,
    files: dict[str, Path],
    py_files: list[str],
    pure: list[str],
    download_sizes: dict[str, int],
    wire_sizes: dict[str, dict[str, int]],
    shipped_path: str,
    shipped_base: dict[str, int] | None,
    stdlib_rest: list[str],
    patches_off: list[str],
) -> dict[str, str]:
    """Placeholder -> its text, for every placeholder but the late two.
    The files named are those that read each one today."""
    values = {
        # Where Pyodide's files are in the site, "vendor/pyodide-<version>"
        # (shell/early.js, shell/pyodide-boot.mjs, shell/loader-context.mjs).
        "@PYODIDE_DIR@": pyodide.site_dir,
        # Where PyScript's files are, "vendor/pyscript-<version>" (index.html,
        # shell/pyscript-setup.js).
        "@PYSCRIPT_DIR@": pyscript.site_dir,
        # Pyodide's version, which names the snapshot caches (shell/early.js, sw.js).
        "@PYODIDE_VERSION@": pyodide.version,
        # PyScript's version (for a file that needs it; none reads it today).
        "@PYSCRIPT_VERSION@": pyscript.version,
        # The game's Python files, [url, path, size] each, which the loader
        # writes into Pyodide's file system (shell/loader-context.mjs, read by
        # shell/python-files.mjs): a start from a snapshot makes the files
        # lazy, and the import system asks for their size before anything
        # reads them.
        "/*@PYTHON_FILES@*/[]": json.dumps([[p, p, files[p].stat().st_size] for p in py_files]),
        # Our modules the snapshot imports ahead (imports.snapshot_modules;
        # shell/loader-context.mjs: the loader imports them when it starts
        # Python instead).
        "/*@SNAPSHOT_MODULES@*/[]": json.dumps(pure),
        # {file name: bytes} of the big downloads, for the loading screen's
        # progress (shell/loader-context.mjs, read by shell/downloads.mjs).
        "/*@DOWNLOAD_SIZES@*/{}": json.dumps(download_sizes),
        # {file name: {encoding: bytes}}: the same as sent compressed ({}
        # without the precompressed copies) (shell/loader-context.mjs).
        "/*@WIRE_SIZES@*/{}": json.dumps(wire_sizes),
        # The shipped snapshot's path in the site, "" if none (shell/early.js,
        # shell/loader-context.mjs).
        "@SHIPPED_SNAPSHOT@": shipped_path,
        # How its static data was XORed with the wasm's ({end, checksum}), or
        # null when it ships whole (shell/loader-context.mjs; shell/patches.mjs
        # undoes it).
        "/*@SHIPPED_BASE@*/null": json.dumps(shipped_base),
        # The modules the whole standard library has and the trimmed one
        # lacks: importing one fetches the whole (shell/loader-context.mjs, read
        # by shell/python-files.mjs; ui/browser/stdlib.py).
        "/*@STDLIB_REST@*/[]": json.dumps(stdlib_rest, separators=(",", ":")),
        # Pyodide's lock file cut to its "info" (vendor.lock_file), given to
        # Pyodide instead of a download (shell/loader-context.mjs).
        "/*@LOCK_FILE@*/null": json.dumps(lock_file(pyodide)),
        # The run-time patches ``--no-patch`` switched off for every visit of
        # this build, sorted (shell/early.js; shell/patches.mjs lists them;
        # a visit's ``?nopatch=`` adds to them).
        "/*@PATCHES_OFF@*/[]": json.dumps(patches_off),
    }
    # A modulepreload link for every JavaScript module the start-up imports,
    # ours and the vendors' (index.html).
    preloads = list(START_MODULES) + [
        f"{v.site_dir}/{name}" for v in (pyodide, pyscript) for name in v.files if name.endswith((".js", ".mjs"))
    ]
    values["<!--@MODULEPRELOADS@-->"] = "\n".join(f'<link rel="modulepreload" href="./{path}">' for path in preloads)
    return values


def fill(text: str, values: dict[str, str], where: str) -> str:
    """TEXT with VALUES filled in; BuildError naming WHERE for a placeholder
    left that is neither known nor one of the late two."""
    for token, value in values.items():
        text = text.replace(token, value)
    left = sorted(set(PLACEHOLDER.findall(text)) - LATE_PLACEHOLDERS)
    if left:
        raise BuildError(f"{where}: unknown placeholder(s) {', '.join(left)}")
    return text


def pyscript_config(source: Path) -> str:
    """``pyscript.toml`` as it is: BuildError if it has a ``[files]`` table."""
    text = (source / "pyscript.toml").read_text(encoding="utf-8")
    if re.search(r"^\s*\[files\]", text, re.M):
        raise BuildError(
            "pyscript.toml must not have a [files] table: shell/pyodide-boot.mjs writes the Python files itself"
        )
    return text


def stamp_build(contents: dict[str, bytes], build_id: str) -> None:
    """Fill ``@BUILD@``, the content hash of the site (without ``sw.js``),
    in our files (index.html, shell/early.js, shell/loader-context.mjs): it
    names the caches of a version of the site.  Vendor files are left as
    they are."""
    for site_path, data in contents.items():
        if b"@BUILD@" in data and not site_path.startswith("vendor/"):
            contents[site_path] = data.replace(b"@BUILD@", build_id.encode())


def service_worker(source: Path, values: dict[str, str], build_id: str, precache: dict[str, str]) -> bytes:
    """``sw.js`` with every placeholder filled: ``@BUILD@`` names its cache,
    and ``/*@PRECACHE@*/{}`` is every file of the build with its SHA-256,
    which it fetches and checks on install.  So it changes whenever anything
    in the site does, and the browser installs the new version."""
    worker = fill((source / "sw.js").read_text(encoding="utf-8"), values, "sw.js")
    worker = worker.replace("@BUILD@", build_id).replace("/*@PRECACHE@*/{}", json.dumps(precache, indent=1))
    return worker.encode("utf-8")
