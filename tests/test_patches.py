"""The switches of the patches to Pyodide, PyScript and Emscripten: the list
in shell/patches.mjs and the build's (python -m tools.build --no-patch) name the
same patches, and a build with every patch off ships Pyodide as npm has it.
(e2e/test_patches_off.py starts and plays such a build in Chromium.)"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tools import build

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.cpython_only

needs_npm = pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide" / "package.json").is_file(),
    reason="node_modules missing: run `npm ci` (tools/test.sh does)",
)


def listed_patches() -> dict[str, str]:
    """name -> when ("run time" or "build"), as shell/patches.mjs lists them."""
    text = (ROOT / "shell" / "patches.mjs").read_text(encoding="utf-8")
    return dict(re.findall(r'^\s+name: "([a-z-]+)",\n\s+when: "(run time|build)",$', text, re.M))


def test_the_build_and_the_list_name_the_same_patches() -> None:
    listed = listed_patches()
    assert {name for name, when in listed.items() if when == "build"} == set(build.common.BUILD_PATCHES)
    assert {name for name, when in listed.items() if when == "run time"} == set(build.common.RUNTIME_PATCHES)
    # Each with what it changes, what it gains and what happens with it off.
    text = (ROOT / "shell" / "patches.mjs").read_text(encoding="utf-8")
    assert text.count("    changes: ") == text.count("    gains: ") == text.count("    off: ") == len(listed)
    # and a way to check it on a new Pyodide
    upgrade = (ROOT / "docs" / "pyodide-upgrade.md").read_text(encoding="utf-8")
    assert not [name for name in listed if f"`{name}`" not in upgrade]


def test_a_patch_the_build_does_not_know_is_refused(tmp_path: Path) -> None:
    with pytest.raises(build.BuildError, match="no patch named wrap-all"):
        build.build(tmp_path / "site", patches_off=frozenset({"wrap-all"}))
    assert not (tmp_path / "site").exists()


@needs_npm
def test_with_every_patch_off_the_build_ships_pyodide_as_npm_has_it(tmp_path: Path) -> None:
    out = tmp_path / "site"
    info = build.build(out, compress=False, minify=False, patches_off=frozenset({"all"}))
    npm = ROOT / "node_modules" / "pyodide"
    vendor = out / str(info["vendor_dirs"]["pyodide"])  # type: ignore[index]
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs"):
        assert (vendor / name).read_bytes() == (npm / name).read_bytes(), name
    # No snapshot shipped, and the page is told which run-time patches are off.
    assert info["shipped_snapshot"] == "" and not (out / build.snapshot.SNAPSHOT_DIR).exists()
    assert info["patches_off"] == sorted(build.common.BUILD_PATCHES + build.common.RUNTIME_PATCHES)
    early = (out / "shell" / "early.js").read_text(encoding="utf-8")
    off = re.search(r"const BUILD_PATCHES_OFF = (\[.*?\]);", early)
    assert off and sorted(json.loads(off[1])) == sorted(build.common.RUNTIME_PATCHES)


@needs_npm
def test_the_snapshot_ships_whole_when_the_page_cannot_undo_its_xor(tmp_path: Path) -> None:
    if shutil.which("node") is None:
        pytest.skip("no node: the build ships no snapshot")
    out = tmp_path / "site"
    info = build.build(out, compress=False, minify=False, patches_off=frozenset({"snapshot-in-place"}))
    assert info["patches_off"] == ["snapshot-in-place", "snapshot-xor"]
    loader = (out / "shell" / "loader-context.mjs").read_text(encoding="utf-8")
    assert "export const SHIPPED_BASE = null;" in loader
    data = (out / str(info["shipped_snapshot"])).read_bytes()
    header = int.from_bytes(data[4:8], "little")
    # Whole: the static data is the wasm's, not zeros where Python left it unchanged.
    static = data[header : header + 3_000_000]
    assert static.count(0) < 0.9 * len(static)


@needs_npm
def test_builds_with_patches_on_and_off_each_keep_their_pyodide(tmp_path: Path) -> None:
    """One build's Pyodide folder is not deleted by a build of another
    variant (with a patch off), which may be reading it at that moment."""
    npm = build.vendor.load_vendors(ROOT / "node_modules")[0]
    slim = build.slim.pyodide_for_site(npm, cache=tmp_path)
    whole = build.slim.pyodide_for_site(npm, cache=tmp_path, off=frozenset({"slim-wasm"}))
    assert slim.source != whole.source
    assert (slim.source / "pyodide.asm.wasm").is_file() and (whole.source / "pyodide.asm.wasm").is_file()
    assert (whole.source / "pyodide.asm.wasm").read_bytes() == (npm.source / "pyodide.asm.wasm").read_bytes()
    # Used again: the same folder, nothing made anew.
    assert build.slim.pyodide_for_site(npm, cache=tmp_path).source == slim.source
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([slim.source.name, whole.source.name])
