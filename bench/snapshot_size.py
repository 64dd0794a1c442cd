"""Snapshot size benchmark: the shipped Pyodide memory snapshot's bytes on
the wire, by what it imports.

Each snapshot is made as the build makes the shipped one: the build's own
snapshot maker (``tools/make_snapshot.mjs``, run by
``tools.build.snapshot.make_snapshot``) with the slim Pyodide, the trimmed
standard library and the game's files; its static data XORed with the
wasm's (``tools/wasm_image.py``) and compressed with brotli as the build
does (``tools/compress.mjs``: quality 11, Node's zlib).  Figures, each
beside the target (2.2 MB with brotli):

* ``shipped``: what the build imports today (the start-up list of the
  standard library, ``tools/build/stdlib-keep.txt``, and every browser-free
  module of ours);
* ``no game modules``: the start-up list only, none of ours (what any
  snapshot of the game's start costs at least);
* ``Pyodide alone``: nothing imported after Pyodide's own start;
* ``without PREFIX`` (``--without``, repeatable): the shipped list less our
  modules under PREFIX and every module of ours that imports one of them
  when imported (what stays importable, with the code as it is today);
* ``lazy PREFIX`` (``--lazy``, repeatable): the shipped list, with every
  import of a module under PREFIX answered by a stand-in (a module whose
  names are small classes): what the snapshot would hold were those
  modules imported on first use, and everything else at the top as today.

Each line also gives the source bytes of our modules it imports.  A
snapshot takes one to five minutes to make on the project's 2-core
machine; the shipped one comes from the build's cache
(``.cache/snapshots/``) when the build has made it.

Usage, from the project folder::

    python -m bench.snapshot_size                       # shipped, no game modules, Pyodide alone
    python -m bench.snapshot_size --only shipped
    python -m bench.snapshot_size --without solver --without ui.screens
    python -m bench.snapshot_size --json

Exit code 1 when the shipped snapshot misses the target.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tools.build.common import ROOT, run_node_jobs
from tools.build.compress import BROTLI_QUALITY, COMPRESS_TOOL
from tools.build.imports import imported_names, module_name, our_imports, snapshot_modules
from tools.build.site import our_files, python_files
from tools.build.slim import pyodide_for_site
from tools.build.snapshot import SNAPSHOT_CACHE, make_snapshot, ship_snapshot, snapshot_inputs
from tools.build.stdlib import SNAPSHOT_STDLIB, STDLIB_LATER, trimmed_stdlib
from tools.build.vendor import load_vendors

TARGET_BYTES = 2_200_000
"""The shipped snapshot's target, with brotli."""


@dataclasses.dataclass(frozen=True)
class Size:
    """One snapshot's figures."""

    variant: str
    modules: int
    """Our modules it imports."""
    source_bytes: int
    """Their source's bytes."""
    raw_bytes: int
    brotli_bytes: int
    """As shipped (XORed), with brotli."""
    left_out: list[str]
    """Our modules a ``without`` variant leaves out."""


STAND_IN = """
import importlib.util, sys

LAZY = {lazy!r}


class StandIn:
    \"\"\"Imports of LAZY's modules, answered with a module whose every name
    is a small class: what stays of them in a snapshot whose code imports
    them on first use.\"\"\"

    def find_spec(self, name, path=None, target=None):
        if any(name == p or name.startswith(p + ".") for p in LAZY):
            return importlib.util.spec_from_loader(name, self, is_package=True)
        return None

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        module.__dict__["__getattr__"] = lambda attr: type(attr, (), {{}})


sys.meta_path.insert(0, StandIn())
"""
"""A module the ``lazy`` variant imports first (measurement only)."""
STAND_IN_MODULE = "_snapshot_size_stand_in"


def stand_in_failures(lazy: list[str], ours: list[str]) -> list[str]:
    """Our modules of OURS that CPython cannot import with LAZY's stood in
    (such a snapshot would leave them out, and its figure mean little)."""
    check = STAND_IN.format(lazy=lazy) + (
        "import importlib\nfailed = []\n"
        f"for name in {ours!r}:\n"
        "    try:\n        importlib.import_module(name)\n"
        "    except Exception as error:\n        failed.append(f'{name}: {error!r}')\n"
        "print(json.dumps(failed))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", "import json\n" + check], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if run.returncode != 0:
        return [run.stderr.strip()[-500:]]
    failed: list[str] = json.loads(run.stdout.strip().splitlines()[-1])
    return failed


def brotli_size(data: bytes, node: str) -> int:
    """DATA's size with brotli, as the build compresses it."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.br"
        why = run_node_jobs(node, COMPRESS_TOOL, [(data, out, BROTLI_QUALITY)], timeout=900)
        if why is not None:
            raise RuntimeError(f"brotli: {why}")
        return out.stat().st_size


def import_graph(files: dict[str, Path], py_files: list[str]) -> dict[str, set[str]]:
    """Our module -> the names its import imports (not its functions when called)."""
    graph: dict[str, set[str]] = {}
    for path in py_files:
        name = module_name(path)
        tree = ast.parse(files[path].read_bytes(), filename=path)
        graph[name] = imported_names(tree, name, path.endswith("__init__.py"), at_import=True)
    return graph


def under(name: str, prefixes: list[str]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def without(pure: list[str], graph: dict[str, set[str]], prefixes: list[str]) -> list[str]:
    """PURE less the modules under PREFIXES and every one whose import
    imports one of those, directly or through others of ours."""
    left = set(pure)
    dropped = {name for name in left if under(name, prefixes)}
    changed = True
    while changed:
        changed = False
        for name in sorted(left - dropped):
            parents = [".".join(name.split(".")[:k]) for k in range(1, name.count(".") + 1)]
            needs = [n for dep in graph[name] for n in (dep, dep.rsplit(".", 1)[0])] + parents
            if any(n in dropped for n in needs):
                dropped.add(name)
                changed = True
    return [name for name in pure if name not in dropped]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=["shipped", "no game modules", "Pyodide alone"], action="append")
    parser.add_argument("--without", action="append", default=[], metavar="PREFIX")
    parser.add_argument("--lazy", action="append", default=[], metavar="PREFIX")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    node = shutil.which("node")
    if node is None:
        print("snapshot_size: needs `node`", file=sys.stderr)
        return 2

    pyodide, _ = load_vendors((ROOT / "node_modules").resolve(), False)
    pyodide = pyodide_for_site(pyodide, off=frozenset())
    files = our_files(ROOT)
    py_files = python_files(files)
    pure = snapshot_modules(files, py_files)
    full = (pyodide.source / "python_stdlib.zip").read_bytes()
    trimmed, _kept = trimmed_stdlib(full, list(SNAPSHOT_STDLIB) + list(STDLIB_LATER) + our_imports(files, py_files))
    with tempfile.TemporaryDirectory() as tmp:
        stdlib = Path(tmp) / "python_stdlib.zip"
        stdlib.write_bytes(trimmed)
        graph = import_graph(files, py_files)
        source_bytes = {module_name(p): files[p].stat().st_size for p in py_files}

        variants: list[tuple[str, list[str], bool]] = []
        wanted = args.only or ([] if args.without or args.lazy else ["shipped", "no game modules", "Pyodide alone"])
        if "shipped" in wanted:
            variants.append(("shipped", pure, True))
        if "no game modules" in wanted:
            variants.append(("no game modules", [], True))
        if "Pyodide alone" in wanted:
            variants.append(("Pyodide alone", [], False))
        if args.without:
            variants.append((f"without {', '.join(args.without)}", without(pure, graph, args.without), True))
        if args.lazy:
            variants.append((f"lazy {', '.join(args.lazy)}", [m for m in pure if not under(m, args.lazy)], True))

        results: list[Size] = []
        for label, ours, with_stdlib in variants:
            # The build's spec: the modules that touch the browser as they
            # import compiled, not run (from the whole list, as the build does).
            name, spec = snapshot_inputs(ROOT, pyodide, files, py_files, pure, stdlib)
            cache = SNAPSHOT_CACHE
            if label != "shipped":
                spec["imports"] = (list(SNAPSHOT_STDLIB) if with_stdlib else []) + ours
                name, cache = f"{len(results)}-{name}", Path(tmp) / "snapshots"
            if label.startswith("lazy"):
                failed = stand_in_failures(args.lazy, ours)
                if failed:
                    print(f"snapshot_size: {label}: not importable: {'; '.join(failed)}", file=sys.stderr)
                    return 2
                stand_in = Path(tmp) / f"{STAND_IN_MODULE}.py"
                stand_in.write_text(STAND_IN.format(lazy=args.lazy), encoding="utf-8")
                spec["files"] = [*spec["files"], [str(stand_in), stand_in.name]]  # type: ignore[misc]
                spec["imports"] = [STAND_IN_MODULE, *spec["imports"]]  # type: ignore[misc]
            data = make_snapshot(name, spec, cache)
            if data is None:
                print(f"snapshot_size: {label}: no snapshot made", file=sys.stderr)
                return 2
            shipped, _base = ship_snapshot(data, pyodide)
            result = Size(
                label,
                len(ours),
                sum(source_bytes[m] for m in ours),
                len(data),
                brotli_size(shipped, node),
                sorted(set(pure) - set(ours)) if label.startswith(("without", "lazy")) else [],
            )
            results.append(result)
            if not args.json:
                mark = "ok" if result.brotli_bytes <= TARGET_BYTES else "over"
                print(
                    f"{label:>24}: {result.brotli_bytes / 1e6:.3f} MB brotli"
                    f" (target {TARGET_BYTES / 1e6:.1f}: {mark}); {len(ours)} of our modules,"
                    f" {result.source_bytes / 1e3:.0f} KB of their source",
                    flush=True,
                )
                if result.left_out:
                    print(f"{'':>26}left out: {', '.join(result.left_out)}")
    if args.json:
        print(json.dumps([dataclasses.asdict(r) for r in results], indent=1))
    over = [r for r in results if r.variant == "shipped" and r.brotli_bytes > TARGET_BYTES]
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
