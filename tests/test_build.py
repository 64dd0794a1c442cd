"""The build (``python -m tools.build``) assembles exactly the deployable site: our files, the listed
vendor files, the list of Python files the page writes, the precache list, a content hash
that changes with the content and only with it."""

from __future__ import annotations

import doctest
import gzip
import hashlib
import io
import json
import re
import shutil
import subprocess
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

from tools import build, make_icons, wasm_image  # noqa: E402

pytestmark = pytest.mark.cpython_only

needs_npm = pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide" / "package.json").is_file(),
    reason="node_modules missing: run `npm ci` (tools/test.sh does)",
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    if not (ROOT / "node_modules" / "pyodide" / "package.json").is_file():
        pytest.skip("node_modules missing: run `npm ci` (tools/test.sh does)")
    out = tmp_path_factory.mktemp("build") / "site"
    # Unminified, to read what the build filled in (the minified build is
    # tested on its own below, and is what every browser test loads).
    info = build.build(out, minify=False)
    return out, info


def site_files(out: Path) -> set[str]:
    return {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}


def precache_of(out: Path) -> dict[str, str]:
    text = (out / "sw.js").read_text(encoding="utf-8")
    match = re.search(r"const PRECACHE = (\{.*?\n\});", text, re.S)
    assert match, "sw.js has no precache list"
    data: dict[str, str] = json.loads(match.group(1))
    return data


def test_the_site_has_our_files_and_only_the_listed_vendor_files(site: tuple[Path, dict[str, Any]]) -> None:
    out, _info = site
    files = site_files(out)
    for name in (
        "index.html",
        "sw.js",
        "manifest.webmanifest",
        "pyscript.toml",
        "shell/boot.js",
        "shell/picture.js",
        "shell/pyodide-boot.mjs",
        "assets/icons/icon-192.png",
        "i18n/fr.json",
        "i18n/pl.json",
    ):
        assert name in files
    spec = json.loads(build.vendor.VENDOR_LIST.read_text(encoding="utf-8"))
    expected = {
        f"vendor/{key}-{spec[key]['version']}/{name}" for key in ("pyodide", "pyscript") for name in spec[key]["files"]
    }
    assert {f for f in files if f.startswith("vendor/") and not f.endswith((".br", ".gz"))} == expected
    assert not [f for f in files if f.endswith(".map") or "__pycache__" in f]


@needs_npm
def test_the_standard_library_is_trimmed_to_what_the_page_imports_with_the_whole_beside_it(
    site: tuple[Path, dict[str, Any]],
) -> None:
    out, info = site
    vendor = out / "vendor" / f"pyodide-{info['pyodide']}"
    whole = (ROOT / "node_modules" / "pyodide" / "python_stdlib.zip").read_bytes()
    full = out / build.stdlib.FULL_STDLIB_DIR / f"python_stdlib-{info['pyodide']}.zip"
    assert full.read_bytes() == whole
    trimmed = zipfile.ZipFile(vendor / "python_stdlib.zip")
    names = set(trimmed.namelist())
    assert (vendor / "python_stdlib.zip").stat().st_size < 0.5 * len(whole)

    def has(module: str) -> bool:
        path = module.replace(".", "/")
        return f"{path}.py" in names or f"{path}/__init__.py" in names

    in_whole = set(zipfile.ZipFile(io.BytesIO(whole)).namelist())
    wanted = (
        list(build.stdlib.SNAPSHOT_STDLIB)
        + list(build.stdlib.STDLIB_LATER)
        + build.imports.our_imports(build.site.our_files(ROOT), build.site.python_files(build.site.our_files(ROOT)))
    )
    for module in wanted:
        path = module.replace(".", "/")
        if f"{path}.py" in in_whole or f"{path}/__init__.py" in in_whole:
            assert has(module), module
    for module in build.stdlib.STDLIB_ALWAYS:
        assert has(module), module
    # Both are precached: the whole one for an import the trimmed one lacks, offline too.
    precache = precache_of(out)
    assert f"{build.stdlib.FULL_STDLIB_DIR}/python_stdlib-{info['pyodide']}.zip" in precache
    assert f"vendor/pyodide-{info['pyodide']}/python_stdlib.zip" in precache


@needs_npm
def test_large_files_ship_with_precompressed_copies_that_decode_to_them(site: tuple[Path, dict[str, Any]]) -> None:
    out, info = site
    files = site_files(out)
    originals = sorted(f for f in files if not f.endswith((".br", ".gz")) and f != build.site.BUILD_INFO)
    expected = {
        f
        for f in originals
        if Path(f).suffix in build.compress.COMPRESSED_SUFFIXES
        and (out / f).stat().st_size >= build.compress.COMPRESS_MIN_BYTES
    }
    assert {f[:-3] for f in files if f.endswith(".gz")} == expected
    assert {f[:-3] for f in files if f.endswith(".br")} == expected
    wasm = next(f for f in expected if f.endswith("pyodide.asm.wasm"))
    assert info["shipped_snapshot"] in expected and wasm in expected and "index.html" in expected
    for f in expected:
        assert gzip.decompress((out / (f + ".gz")).read_bytes()) == (out / f).read_bytes(), f
    # Brotli: decoded by Node's zlib (no Python brotli package is needed).
    check = [str(out / f) for f in sorted(expected)]
    script = (
        "const fs=require('fs'),z=require('zlib');let bad=process.argv.slice(1).filter(f=>"
        "!z.brotliDecompressSync(fs.readFileSync(f+'.br')).equals(fs.readFileSync(f)));console.log(JSON.stringify(bad))"
    )
    run = subprocess.run(["node", "-e", script, *check], capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(run.stdout) == []
    # They stay out of the precache (the browser asks for the file itself).
    assert not [p for p in precache_of(out) if p.endswith((".br", ".gz"))]
    # The snapshot and the wasm, as a brotli host sends them, are a fraction of their size.
    snapshot = info["shipped_snapshot"]
    assert (out / (snapshot + ".br")).stat().st_size < 0.2 * (out / snapshot).stat().st_size


def test_every_python_module_is_mapped_into_the_browser(site: tuple[Path, dict[str, Any]]) -> None:
    """The page's loader writes every engine/, solver/ and ui/ module into Pyodide's
    file system (PYTHON_FILES); PyScript copies none itself."""
    out, _ = site
    config = tomllib.loads((out / "pyscript.toml").read_text(encoding="utf-8"))
    assert "files" not in config
    assert config["interpreter"] == "./shell/pyodide-boot.mjs"
    # (The loader's values, unbundled in this build: see test_the_loader_ships_as_one_module.)
    loader = (out / "shell" / "loader-context.mjs").read_text(encoding="utf-8")
    listed = re.search(r"^export const PYTHON_FILES = (.*);$", loader, re.M)
    assert listed
    mapped = json.loads(listed.group(1))
    ours = {
        p.relative_to(ROOT).as_posix()
        for folder in ("engine", "solver", "ui")
        for p in (ROOT / folder).rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert {url for url, _, _ in mapped} == ours
    assert all(url == path for url, path, _ in mapped)
    # With each file's size: a lazy file answers a stat without being fetched.
    assert all(size == (ROOT / url).stat().st_size for url, _, size in mapped)


def test_the_precache_list_is_every_file_with_its_hash(site: tuple[Path, dict[str, Any]]) -> None:
    out, info = site
    precache = precache_of(out)
    shipped = {info["shipped_snapshot"]} - {""}
    copies = {f for f in site_files(out) if f.endswith((".br", ".gz"))}  # sent in place of their files
    assert set(precache) == site_files(out) - {"sw.js", build.site.BUILD_INFO} - shipped - copies
    for name, digest in precache.items():
        assert hashlib.sha256((out / name).read_bytes()).hexdigest() == digest, name
    worker = (out / "sw.js").read_text(encoding="utf-8")
    assert f'const BUILD = "{info["build"]}"' in worker
    assert f'data-build="{info["build"]}"' in (out / "index.html").read_text(encoding="utf-8")


def test_no_placeholder_is_left_in_our_files(site: tuple[Path, dict[str, Any]]) -> None:
    out, _ = site
    for name in site_files(out):
        if name.startswith(("vendor/", "assets/")) or not name.endswith((".html", ".js", ".mjs", ".toml", ".css")):
            continue
        text = (out / name).read_text(encoding="utf-8")
        assert not build.templates.PLACEHOLDER.search(text), name
        assert "/*@" not in text, name


def copy_sources(target: Path) -> Path:
    target.mkdir(parents=True)
    for name in ("index.html", "manifest.webmanifest", "pyscript.toml", "sw.js"):
        shutil.copy2(ROOT / name, target / name)
    for folder in ("shell", "assets", "engine", "solver", "ui", "locale"):
        if (ROOT / folder).is_dir():
            shutil.copytree(ROOT / folder, target / folder, ignore=shutil.ignore_patterns("__pycache__"))
    return target


@needs_npm
def test_the_build_hash_follows_the_content(site: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    _, info = site
    source = copy_sources(tmp_path / "src")
    same = build.build(tmp_path / "same", source=source, node_modules=ROOT / "node_modules", minify=False)
    assert same["build"] == info["build"]
    (source / "shell" / "shell.css").write_text("/* changed */\n", encoding="utf-8")
    changed = build.build(tmp_path / "changed", source=source, node_modules=ROOT / "node_modules", compress=False)
    assert changed["build"] != info["build"]
    assert precache_of(tmp_path / "changed")["shell/shell.css"] != precache_of(tmp_path / "same")["shell/shell.css"]


@needs_npm
def test_scripts_and_stylesheets_ship_minified_unless_that_compresses_worse(
    site: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    plain, _ = site
    out = tmp_path / "site"
    info = build.build(out, compress=False)
    pyodide, pyscript = (info["vendor_dirs"][key] for key in ("pyodide", "pyscript"))
    size = {name: (len((plain / name).read_bytes()), len((out / name).read_bytes())) for name in precache_of(out)}
    # The loader ships as one module, its parts inlined: one request, as before it was split.
    assert not [name for name in build.minify.LOADER_MODULES if (out / name).exists()]
    parts = sum(len((plain / name).read_bytes()) for name in (build.minify.LOADER, *build.minify.LOADER_MODULES))
    size[build.minify.LOADER] = (parts, size[build.minify.LOADER][1])
    for name in ("shell/pyodide-boot.mjs", "shell/store.js", "assets/css/table.css", f"{pyodide}/pyodide.asm.mjs"):
        before, after = size[name]
        assert after < 0.9 * before, (name, before, after)
    boot = (out / "shell" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    assert "// " not in boot and "\n\n" not in boot
    assert not [name for name in build.minify.LOADER_MODULES if name.rsplit("/", 1)[1] in boot]
    # What the build filled in is still there, and @BUILD@ after minifying.
    abi = build.vendor.lock_file(build.vendor.load_vendors(ROOT / "node_modules")[0])["info"]["abi_version"]  # type: ignore[index]
    assert f'"{abi}"' in boot
    assert f'"{info["build"]}"' in boot and "@BUILD@" not in boot
    # Minifying drops comments; V8's compile hint is put back on after it.
    assert (out / pyodide / "pyodide.asm.mjs").read_bytes().startswith(b"//# allFunctionsCalledOnLoad\n")
    # PyScript's chunks are minified already: minified again they compress worse, so they ship as they are.
    for name in (n for n in precache_of(out) if n.startswith(f"{pyscript}/core-")):
        source = ROOT / "node_modules" / "@pyscript" / "core" / "dist" / name.rsplit("/", 1)[1]
        assert (out / name).read_bytes() == source.read_bytes(), name


def test_only_pyodides_emscripten_module_is_compiled_eagerly(site: tuple[Path, dict[str, Any]]) -> None:
    out, info = site
    module = f"{info['vendor_dirs']['pyodide']}/pyodide.asm.mjs"  # type: ignore[index]
    hinted = [name for name in precache_of(out) if (out / name).read_bytes().startswith(build.slim.EAGER_HINT)]
    assert hinted == [module]
    # The hint is the first line, and the module is otherwise npm's, as runtime_patched edits it.
    npm = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs").read_text(encoding="utf-8")
    assert (out / module).read_bytes() == build.slim.EAGER_HINT + build.slim.runtime_patched(npm).encode()
    contents = {module: (out / module).read_bytes()}
    build.slim.compile_eagerly(contents, module)  # not twice
    assert contents[module] == (out / module).read_bytes()


def test_the_wasm_ships_without_the_cxx_exports_nothing_calls(site: tuple[Path, dict[str, Any]]) -> None:
    out, info = site
    npm = build.vendor.load_vendors(ROOT / "node_modules")[0]
    whole = (npm.source / "pyodide.asm.wasm").read_bytes()
    shipped = (out / info["vendor_dirs"]["pyodide"] / "pyodide.asm.wasm").read_bytes()  # type: ignore[index]
    exports = wasm_image.exported_functions(whole)
    left = wasm_image.exported_functions(shipped)
    dropped = set(exports) - set(left)
    # Only mangled C++ names, none of them named by Pyodide's JavaScript; every other export kept, in order.
    assert len(dropped) > 2000 and all(name.startswith("_Z") for name in dropped)
    javascript = (out / info["vendor_dirs"]["pyodide"] / "pyodide.asm.mjs").read_text(encoding="utf-8")  # type: ignore[index]
    assert not [name for name in dropped if name in javascript]
    assert left == [name for name in exports if name not in dropped]
    assert "_PyRun_SimpleString" in left or "PyRun_SimpleString" in left
    # Nothing else changes: the same code, data and function table.
    assert wasm_image.without_exports(whole, dropped) == shipped
    assert wasm_image.data_image(shipped) == wasm_image.data_image(whole)
    # The loading screen counts the bytes of the wasm that is sent.
    boot = (out / "shell" / "loader-context.mjs").read_text(encoding="utf-8")
    assert f'"pyodide.asm.wasm":{len(shipped)}' in boot.replace(" ", "")


def test_the_runtime_wraps_the_javascript_functions_it_links_with_one_module() -> None:
    npm = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs").read_text(encoding="utf-8")
    patched = build.slim.runtime_patched(npm)
    assert build.slim.WRAP_AT_ONCE.read_text(encoding="utf-8") in patched
    for _old, new in build.slim.RUNTIME_EDITS:
        assert patched.count(new) == 1
    # Only inserted, never anything of npm's taken away.
    rest = patched.replace(build.slim.WRAP_AT_ONCE.read_text(encoding="utf-8"), "")
    for old, new in build.slim.RUNTIME_EDITS:
        rest = rest.replace(new, old)
    assert rest.replace("\n", "") == npm.replace("\n", "")
    # Another Pyodide, whose text is not there: refused, and the build ships npm's as it is.
    with pytest.raises(ValueError, match="reportUndefinedSymbols"):
        build.slim.runtime_patched(
            npm.replace("var reportUndefinedSymbols=()=>{", "var reportUndefinedSymbols = () => {")
        )


LINK_REPORT = """
const [folder] = process.argv.slice(2);
let modules = 0; // modules compiled synchronously: Emscripten's wrappers are
WebAssembly.Module = new Proxy(WebAssembly.Module, { construct(target, args) { modules += 1; return new target(...args); } });
const { loadPyodide } = await import(new URL("pyodide.mjs", `file://${folder}/`).href);
const pyodide = await loadPyodide({ indexURL: `${folder}/` });
const module = pyodide._module;
const slots = Object.entries(module.GOT).map(([name, global]) => [name, global.value]);
// (a GOT entry is a function's slot or a datum's address: only the first can be an empty slot)
const length = module.wasmTable.length;
const empty = slots.filter(([, slot]) => slot > 0 && slot < length && module.wasmTable.get(slot) === null);
// A call from C through a slot filled with a wrapped JavaScript function.
const answer = pyodide.runPython("import time, os; [time.time() > 0, os.getcwd(), sum(range(10))]").toJs();
console.log(JSON.stringify({ slots, tableLength: length, empty, answer, modules }));
"""


@needs_npm
@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_the_patched_runtime_links_every_function_into_the_same_slot(tmp_path: Path) -> None:
    """The memory snapshot holds function-table slot numbers: the runtime as
    shipped must give each symbol the slot npm's gives it, and fill them."""
    npm = build.vendor.load_vendors(ROOT / "node_modules")[0]
    shipped = build.slim.pyodide_for_site(npm)
    plain = tmp_path / "plain"
    shutil.copytree(shipped.source, plain)
    (plain / "pyodide.asm.mjs").write_bytes((npm.source / "pyodide.asm.mjs").read_bytes())
    script = tmp_path / "link.mjs"
    script.write_text(LINK_REPORT, encoding="utf-8")
    reports = []
    for folder in (shipped.source, plain):
        run = subprocess.run(
            ["node", str(script), str(folder)], capture_output=True, text=True, timeout=120, check=True
        )
        reports.append(json.loads(run.stdout.strip().splitlines()[-1]))
    patched, original = reports
    assert patched["slots"] == original["slots"] and len(patched["slots"]) > 1000
    assert patched["tableLength"] == original["tableLength"]
    assert patched["empty"] == original["empty"]  # every slot filled, as npm's fills them
    assert patched["answer"] == original["answer"] == [True, "/home/pyodide", 45]
    # npm's compiles a module for each JavaScript function it links (and two
    # more, its own); the shipped one, one for all.
    assert original["modules"] - patched["modules"] > 200 and patched["modules"] <= 3


def test_without_node_the_scripts_ship_unminified(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    contents = {"a.js": b"// a comment\nconst x = 1;\n", "b.py": b"# kept\n"}
    assert build.minify.minified(contents, tmp_path / "no-node-modules", tmp_path / "cache") == contents
    assert "unminified" in capsys.readouterr().err


@needs_npm
def test_the_site_ships_a_memory_snapshot_outside_the_precache(site: tuple[Path, dict[str, Any]]) -> None:
    out, info = site
    shipped = info["shipped_snapshot"]
    if shutil.which("node") is None:
        pytest.skip("no node: the build ships no snapshot (tested below)")
    assert shipped.startswith(f"{build.snapshot.SNAPSHOT_DIR}/pyodide-{info['pyodide']}-") and shipped.endswith(".bin")
    data = (out / shipped).read_bytes()
    # A whole heap, no bigger than Pyodide's initial one (a grown heap does not restore).
    assert build.snapshot.SNAPSHOT_HEAP_LIMIT <= len(data) <= build.snapshot.SNAPSHOT_HEAP_LIMIT + 4096
    assert shipped not in precache_of(out)
    boot = (out / "shell" / "loader-context.mjs").read_text(encoding="utf-8")
    assert f'export const SHIPPED_SNAPSHOT = "{shipped}";' in boot
    # The progress bar counts its download.
    assert f'"{shipped.rsplit("/", 1)[1]}": {len(data)}' in boot
    # Its static data ships XORed with the wasm's: the page gets what undoes it, and undoing it
    # gives the snapshot the build made.
    base = json.loads(re.search(r"export const SHIPPED_BASE = (.*);", boot)[1])
    header = int.from_bytes(data[4:8], "little")
    wasm = (out / info["vendor_dirs"]["pyodide"] / "pyodide.asm.wasm").read_bytes()
    image = wasm_image.data_image(wasm).ljust(base["end"], b"\0")
    mixed = data[header : header + base["end"]]
    memory = (int.from_bytes(mixed, "little") ^ int.from_bytes(image, "little")).to_bytes(base["end"], "little")
    assert wasm_image.adler32(memory) == base["checksum"]
    assert 3_000_000 < base["end"] == len(image) < 5_000_000
    assert mixed.count(0) > 0.9 * len(mixed)  # what Python left unchanged: zeros


@needs_npm
def test_the_snapshot_is_named_by_what_goes_into_it(site: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    out, info = site
    source = copy_sources(tmp_path / "src")
    files = build.site.our_files(source)
    py_files = build.site.python_files(files)
    pure = build.imports.snapshot_modules(files, py_files)
    npm = build.vendor.load_vendors(ROOT / "node_modules")[0]
    pyodide = build.slim.pyodide_for_site(npm)
    whole = (pyodide.source / "python_stdlib.zip").read_bytes()
    trimmed, _ = build.stdlib.trimmed_stdlib(
        whole,
        list(build.stdlib.SNAPSHOT_STDLIB)
        + list(build.stdlib.STDLIB_LATER)
        + build.imports.our_imports(files, py_files),
    )
    stdlib = tmp_path / "stdlib.zip"
    stdlib.write_bytes(trimmed)
    name, spec = build.snapshot.snapshot_inputs(source, pyodide, files, py_files, pure, stdlib)
    assert spec["stdLib"] == str(stdlib)  # made with the library the site ships
    assert info["shipped_snapshot"] in ("", f"{build.snapshot.SNAPSHOT_DIR}/{name}")
    # ...and with the wasm the site ships (its function table is built from
    # its exports), which is part of the name: npm's whole wasm names another.
    shipped_wasm = (out / info["vendor_dirs"]["pyodide"] / "pyodide.asm.wasm").read_bytes()  # type: ignore[index]
    assert (Path(str(spec["indexDir"])) / "pyodide.asm.wasm").read_bytes() == shipped_wasm
    assert build.snapshot.snapshot_inputs(source, npm, files, py_files, pure, stdlib)[0] != name
    # Every module of ours imports without the browser (ui/browser/dom.py reaches
    # PyScript on first use): all are imported, none left to compile, and the
    # entry script is neither.
    assert "engine.play" in spec["imports"] and "json" in spec["imports"]
    assert "solver" in spec["imports"] and "solver.spider" in spec["imports"]
    assert "ui.app" in spec["imports"] and "ui.browser.dom" in spec["imports"]
    assert spec["compiled"] == []
    assert "ui.main" not in spec["imports"]
    # What no start imports stays out of it (the trimmed library keeps it).
    assert not set(build.stdlib.STDLIB_LATER) & set(spec["imports"])  # type: ignore[arg-type]
    # A Python change renames it; a stylesheet change does not.
    (source / "shell" / "shell.css").write_text("/* changed */\n", encoding="utf-8")
    assert (
        build.snapshot.snapshot_inputs(source, pyodide, build.site.our_files(source), py_files, pure, stdlib)[0] == name
    )
    engine_file = source / "engine" / "cards.py"
    engine_file.write_text(engine_file.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert (
        build.snapshot.snapshot_inputs(source, pyodide, build.site.our_files(source), py_files, pure, stdlib)[0] != name
    )


@needs_npm
def test_without_node_the_site_ships_no_snapshot_and_still_builds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    info = build.build(tmp_path / "site", snapshot_cache=tmp_path / "no-cache")
    assert info["shipped_snapshot"] == ""
    assert not (tmp_path / "site" / build.snapshot.SNAPSHOT_DIR).exists()
    loader = (tmp_path / "site" / "shell" / "loader-context.mjs").read_text("utf-8")  # unbundled without Node
    assert 'export const SHIPPED_SNAPSHOT = "";' in loader
    err = capsys.readouterr().err
    assert "no `node` found" in err
    # gzip copies still, brotli ones only if they were made before (they need Node)
    assert (tmp_path / "site" / "index.html.gz").is_file()


def test_the_build_will_not_delete_a_folder_it_did_not_make(tmp_path: Path) -> None:
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "keep.txt").write_text("keep", encoding="utf-8")
    with pytest.raises(build.BuildError):
        build.site.write_site(precious, {"index.html": b""}, {})
    assert (precious / "keep.txt").is_file()


def test_only_modules_free_of_browser_imports_go_into_the_snapshot(tmp_path: Path) -> None:
    sources = {
        "engine/__init__.py": "from .cards import Card\n",
        "engine/cards.py": "import dataclasses\nCard = int\n",
        "engine/fast.py": "from . import cards\n",
        "ui/__init__.py": "",
        "ui/table/layout.py": "from engine import cards\nimport math\n",
        "ui/browser/dom.py": "from pyscript import document\n",
        "ui/view.py": "from ui.browser.dom import document\n",
        "ui/bridge.py": "import js\n",
        "ui/ffi.py": "from pyodide.ffi import create_proxy\n",
        # The browser reached only when a function is called: safe to import.
        "ui/lazy.py": "def document():\n    import pyscript\n    return pyscript.document\n",
        "ui/uses_lazy.py": "from ui.lazy import document\nclass Table:\n    def show(self):\n        import js\n",
        "ui/main.py": "import engine\n",
    }
    files = {}
    for name, text in sources.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        files[name] = path
    modules = build.imports.snapshot_modules(files, sorted(files))
    assert modules == ["engine", "engine.cards", "engine.fast", "ui", "ui.lazy", "ui.table.layout", "ui.uses_lazy"]


def test_the_committed_icons_match_their_generator() -> None:
    assert make_icons.main(["--check"]) == 0


ZERO_FREE_MEMORY = """
import path from "node:path";
import { pathToFileURL } from "node:url";
const root = process.argv[2];
const { zeroFreeMemory } = await import(pathToFileURL(path.join(root, "shell/snapshot-prepare.mjs")).href);
const { loadPyodide } = await import(pathToFileURL(path.join(root, "node_modules/pyodide/pyodide.mjs")).href);
const pyodide = await loadPyodide();
const m = pyodide._module;
const heap = m.HEAP8.length;
// What a freed buffer leaves behind: its bytes, until something reuses them.
const blocks = [4000, 300, 70000].map((size) => [m._malloc(size), size]);
for (const [block, size] of blocks) m.HEAPU8.fill(0xab, block, block + size);
for (const [block] of blocks) m._free(block);
const zeroed = zeroFreeMemory(m);
// What is left: the allocator's own words (its list links, the size words of
// the blocks zeroFreeMemory took and gave back), a handful of bytes. One of
// those words may hold a 0xab byte by chance (a pointer such as 0x00ab1230):
// what a freed buffer leaves is counted in runs of 4 or more, never as a byte.
const leftover = (bytes) => {
  let n = 0, run = 0;
  for (const b of [...bytes, 0]) {
    if (b === 0xab) run += 1;
    else { if (run >= 4) n += run; run = 0; }
  }
  return n;
};
const left = blocks.map(([block, size]) => leftover(m.HEAPU8.subarray(block, block + size)));
const other = blocks.map(([block, size]) => m.HEAPU8.subarray(block, block + size).filter((b) => b && b !== 0xab).length);
console.log(JSON.stringify({ zeroed, left, other, grew: m.HEAP8.length !== heap, python: pyodide.runPython("sum(range(10))") }));
"""


@needs_npm
def test_the_snapshot_is_made_with_its_free_memory_zeroed(tmp_path: Path) -> None:
    """The free blocks of the C heap keep what they held (source text, the
    compiler's buffers) unless zeroed; zeroed, the shipped snapshot
    compresses about 0.1 MB smaller. The heap must not grow doing it."""
    script = tmp_path / "zero.mjs"
    script.write_text(ZERO_FREE_MEMORY, encoding="utf-8")
    run = subprocess.run(["node", str(script), str(ROOT)], capture_output=True, text=True, timeout=120, check=True)
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["left"] == [0, 0, 0] and max(result["other"]) < 64, result
    assert result["zeroed"] > 74000 and not result["grew"] and result["python"] == 45, result


def test_the_card_faces_doctests_pass() -> None:
    result = doctest.testmod(build.faces)
    assert result.attempted > 0 and result.failed == 0
