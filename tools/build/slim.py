"""Slimming Pyodide: its wasm without the C++ exports nothing calls, its
Emscripten module (``pyodide.asm.mjs``) edited to wrap the JavaScript
functions it links with one module instead of one each, and V8's hint to
compile that module eagerly.  The text edits depend on Emscripten's generated
code: each is checked to match exactly once, and a Pyodide whose module does
not match ships as npm has it (with a warning)."""

from __future__ import annotations

import re
import shutil
import sys
import time
from dataclasses import replace
from pathlib import Path

from tools import wasm_image

from .common import CACHE, TOOLS, sha256
from .vendor import Vendor

PYODIDE_CACHE = CACHE / "pyodide"
WRAP_AT_ONCE = TOOLS / "wrap-at-once.js"
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
"""(text Emscripten generates, what it becomes): each must be in
``pyodide.asm.mjs`` exactly once."""


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
