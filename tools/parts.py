"""The page side's parts table, written from the code itself.

Each package of ``ui/`` and each of its modules opens with a docstring
whose first sentence says what it does; this prints them as the Markdown
table the documentation shows (packages in layer order, bottom first, their
modules under them; pure modules and ``*_view`` modules marked).  Nothing is
kept by hand, so the table cannot drift from the code.

Usage: ``python -m tools.parts [--root DIR]`` (from the repository).
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# bottom layer first: each package may use the ones above it in this list
LAYERS = ("browser", "storage", "table", "game", "helpers", "chrome", "screens")
TOP = ("app.py", "main.py")


class PartsError(Exception):
    """A part the table cannot describe (no opening docstring)."""


def first_sentence(doc: str) -> str:
    """The first sentence of a docstring's first paragraph, on one line.

    >>> first_sentence('''The table: one game on the felt.
    ...
    ... More words.''')
    'The table: one game on the felt.'
    >>> first_sentence(' "Show me how" in :mod:`ui.table`: the\\nsolver``s`` win. Then more.')
    '"Show me how" in `ui.table`: the solver`s` win.'
    """
    paragraph = " ".join(doc.strip().split("\n\n")[0].split())
    paragraph = re.sub(r":\w+:`([^`]+)`", r"`\1`", paragraph).replace("``", "`")
    m = re.search(r"(?<!\be\.g)(?<!\bi\.e)[.!?](?=\s|$)", paragraph)
    return paragraph[: m.end()] if m else paragraph


def docstring(path: Path) -> str:
    text = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    if not text:
        raise PartsError(f"{path} opens with no docstring")
    return text


def kind(path: Path) -> str:
    if path.parent.name == "browser":
        return "browser"
    if path.stem.endswith("_view") or path.name in TOP:
        return "view"
    return "pure"


def rows(root: Path = ROOT) -> list[tuple[str, str, str]]:
    """(part, kind, what it does) for the top modules, each package and its modules."""
    ui = root / "ui"
    out = [(f"`ui/{name}`", kind(ui / name), first_sentence(docstring(ui / name))) for name in TOP]
    packages = sorted(
        (p for p in ui.iterdir() if (p / "__init__.py").is_file()),
        key=lambda p: (LAYERS.index(p.name) if p.name in LAYERS else len(LAYERS), p.name),
    )
    for package in packages:
        out.append((f"**`ui/{package.name}/`**", "", first_sentence(docstring(package / "__init__.py"))))
        for module in sorted(package.glob("*.py")):
            if module.name != "__init__.py":
                out.append((f"`{module.name}`", kind(module), first_sentence(docstring(module))))
    return out


def table(root: Path = ROOT) -> str:
    lines = ["| part | layer | what it does |", "| --- | --- | --- |"]
    for part, layer, what in rows(root):
        cell = what.replace("|", "\\|")
        lines.append(f"| {part} | {layer} | {cell} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--root", type=Path, default=ROOT, help="the repository (default: this one)")
    args = parser.parse_args(argv)
    try:
        sys.stdout.write(table(args.root))
    except PartsError as error:
        print(f"parts: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
