"""Picking the vendor files: the Pyodide and PyScript files the page really
loads (the list in ``tools/vendor-files.json``, recorded from the page's
requests), from the pinned npm packages in ``node_modules/``, and Pyodide's
lock file cut to what the page gives Pyodide."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .common import TOOLS, BuildError

VENDOR_LIST = TOOLS / "vendor-files.json"


@dataclass(frozen=True)
class Vendor:
    key: str  # "pyodide" or "pyscript"
    package: str  # npm package name
    version: str
    source: Path  # folder in node_modules the files come from
    files: tuple[str, ...]

    @property
    def site_dir(self) -> str:
        """Where the files go in the site: ``vendor/<key>-<version>``."""
        return f"vendor/{self.key}-{self.version}"


def load_vendors(node_modules: Path, all_files: bool = False) -> list[Vendor]:
    """Pyodide and PyScript as installed in NODE_MODULES, with the listed
    files (ALL_FILES: every script, stylesheet, wasm, zip and JSON file, to
    record which ones the page loads).  BuildError when a package is
    missing, not the pinned version, or lacks a listed file."""
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


def lock_file(pyodide: Vendor) -> dict[str, object]:
    """Pyodide's lock file as the page gives it to Pyodide: its ``info`` (the
    ABI Pyodide checks) and no packages, as the game loads none.  Instead of
    the 119 KB ``pyodide-lock.json`` Pyodide would otherwise download."""
    lock = json.loads((pyodide.source / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {"info": lock["info"], "packages": {}}
