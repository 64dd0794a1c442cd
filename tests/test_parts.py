"""``python -m tools.parts``: the page side's parts table, from the code."""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

import pytest

from tools import parts

ROOT = Path(__file__).resolve().parents[1]


def test_the_table_names_every_package_and_module_of_ui() -> None:
    text = parts.table(ROOT)
    for path in sorted((ROOT / "ui").rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        rel = path.relative_to(ROOT / "ui")
        if rel.name == "__init__.py":
            assert f"**`ui/{rel.parent.as_posix()}/`**" in text
        elif len(rel.parts) == 1:
            assert f"`ui/{rel.name}`" in text
        else:
            assert f"| `{rel.name}` |" in text
    # the layers read bottom up
    order = [text.index(f"**`ui/{p}/`**") for p in parts.LAYERS]
    assert order == sorted(order)
    assert "| `keyboard.py` | pure |" in text and "| `keyboard_view.py` | view |" in text


def test_a_part_without_its_opening_words_is_refused(tmp_path: Path) -> None:
    (tmp_path / "ui" / "table").mkdir(parents=True)
    for name in ("app.py", "main.py", "table/__init__.py"):
        (tmp_path / "ui" / name).write_text('"""Words."""\n', encoding="utf-8")
    (tmp_path / "ui" / "table" / "silent.py").write_text("x = 1\n", encoding="utf-8")
    with pytest.raises(parts.PartsError, match=r"silent\.py"):
        parts.table(tmp_path)
    assert parts.main(["--root", str(tmp_path)]) == 1


def test_it_runs_as_a_module_and_its_examples_hold() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "tools.parts"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert out.startswith("| part | layer | what it does |")
    assert doctest.testmod(parts).failed == 0


def test_the_readme_and_the_architecture_show_the_current_table() -> None:
    """`python -m tools.parts --write` keeps them; a module added or renamed without it fails here."""
    assert parts.stale(ROOT) == []


def test_a_stale_table_is_found_and_rewritten(tmp_path: Path) -> None:
    (tmp_path / "ui" / "table").mkdir(parents=True)
    for name in ("app.py", "main.py", "table/__init__.py", "table/cards.py"):
        (tmp_path / "ui" / name).write_text(f'"""The {name}."""\n', encoding="utf-8")
    (tmp_path / "docs").mkdir()
    for doc in ("README.md", "docs/architecture.md"):
        (tmp_path / doc).write_text("x\n<!-- parts:start -->\nold\n<!-- parts:end -->\ny\n", encoding="utf-8")
    assert parts.main(["--root", str(tmp_path), "--check"]) == 1
    assert parts.stale(tmp_path, write=True) == ["README.md", "docs/architecture.md"]
    assert parts.stale(tmp_path) == []
    readme = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert "**`ui/table/`**" in readme and "`cards.py`" not in readme
    assert "| `cards.py` | pure | The table/cards.py. |" in (tmp_path / "docs/architecture.md").read_text(
        encoding="utf-8"
    )
