"""``python -m tools.build``: build the site (``--help`` lists the options)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import __doc__ as package_doc
from .common import BUILD_PATCHES, ROOT, RUNTIME_PATCHES, BuildError
from .site import build


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.build", description=(package_doc or "").split("\n\n")[0])
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
