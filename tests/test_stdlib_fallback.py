"""ui/browser/stdlib.py: an import the trimmed standard library cannot serve fetches
the whole library once and is served from it; names that are not standard
(our modules, optional packages) never cause a download."""

from __future__ import annotations

import importlib.util
import io
import sys
import zipfile
from pathlib import Path

import pytest

from ui.browser import stdlib


def full_zip() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("zzmod.py", "ANSWER = 42\n")
        zf.writestr("zzpkg/__init__.py", "")
        zf.writestr("zzpkg/extra.py", "WHERE = 'full'\n")
    return out.getvalue()


@pytest.fixture
def finder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> stdlib.FullLibrary:
    monkeypatch.setattr(sys, "path", list(sys.path))
    calls: list[int] = []

    def fetch() -> bytes:
        calls.append(1)
        return full_zip()

    f = stdlib.FullLibrary(fetch, {"zzmod", "zzpkg", "zzpkg.extra"}, str(tmp_path / "full.zip"))
    f.calls = calls  # type: ignore[attr-defined]
    return f


def load(spec: importlib.machinery.ModuleSpec) -> object:
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def test_a_missing_module_is_served_from_the_whole_library_fetched_once(finder: stdlib.FullLibrary) -> None:
    spec = finder.find_spec("zzmod", None)
    assert spec is not None and finder.state == "full"
    assert load(spec).ANSWER == 42  # type: ignore[attr-defined]
    assert finder.path in sys.path
    # A submodule missing from a package the trimmed library has: the same package, whole.
    trimmed_pkg = Path(finder.path).parent / "trimmed" / "zzpkg"
    trimmed_pkg.mkdir(parents=True)
    sub = finder.find_spec("zzpkg.extra", [str(trimmed_pkg)])
    assert sub is not None and load(sub).WHERE == "full"  # type: ignore[attr-defined]
    assert finder.calls == [1]  # type: ignore[attr-defined]


def test_names_that_are_not_standard_never_cause_a_download(finder: stdlib.FullLibrary) -> None:
    for name in ("_hashlib", "numpy", "engine.nothing", "ui.nothing", "pyscript.web", "js"):
        assert finder.find_spec(name, None) is None
    assert finder.calls == [] and finder.state == "trimmed"  # type: ignore[attr-defined]


def test_without_the_whole_library_the_import_fails_as_before_and_is_not_retried(tmp_path: Path) -> None:
    calls: list[int] = []

    def fetch() -> None:
        calls.append(1)

    f = stdlib.FullLibrary(fetch, {"xml", "difflib"}, str(tmp_path / "full.zip"))
    assert f.find_spec("xml", None) is None and f.state == "unavailable"
    assert f.find_spec("difflib", None) is None
    assert calls == [1]


def test_module_doctests_pass() -> None:
    import doctest

    result = doctest.testmod(stdlib)
    assert result.attempted > 0 and result.failed == 0
