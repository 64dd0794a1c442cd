"""The page side's parts table, written from the code itself.

Each package of ``ui/`` and each of its modules opens with a docstring
whose first sentence says what it does; this prints them as the Markdown
table the documentation shows (packages in layer order, bottom first, their
modules under them; pure modules and ``*_view`` modules marked).  Nothing is
kept by hand, so the table cannot drift from the code.

Usage, from the repository: ``python -m tools.parts`` prints the whole
table; ``--packages`` prints one row per package; ``--write`` puts the
package table into README.md and the whole table into
docs/architecture.md, between their ``<!-- parts:start -->`` and
``<!-- parts:end -->`` marks; ``--check`` fails when either is stale.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# bottom layer first: each package may use the ones above it in this list
LAYERS = ("browser", "i18n", "storage", "table", "game", "helpers", "chrome", "screens")
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


def table(root: Path = ROOT, packages_only: bool = False) -> str:
    """The Markdown table; with ``packages_only``, the top modules and one row per package."""
    lines = ["| part | layer | what it does |", "| --- | --- | --- |"]
    for part, layer, what in rows(root):
        if packages_only and not (part.startswith("**") or part.startswith("`ui/")):
            continue
        cell = what.replace("|", "\\|")
        lines.append(f"| {part} | {layer} | {cell} |")
    return "\n".join(lines) + "\n"


START, END = "<!-- parts:start -->\n", "<!-- parts:end -->"
DOCS = (("README.md", True), ("docs/architecture.md", False))
"""The documents that show the table: (path, package rows only)."""


def with_table(text: str, block: str) -> str:
    """``text`` with what lies between its marks replaced by ``block``.

    >>> with_table("a\\n<!-- parts:start -->\\nold\\n<!-- parts:end -->\\nb", "new\\n")
    'a\\n<!-- parts:start -->\\nnew\\n<!-- parts:end -->\\nb'
    """
    head, start, rest = text.partition(START)
    _, end, tail = rest.partition(END)
    if not start or not end:
        raise PartsError("no <!-- parts:start --> ... <!-- parts:end --> marks")
    return head + START + block + END + tail


def stale(root: Path = ROOT, write: bool = False) -> list[str]:
    """The documents whose table differs from the code's (rewritten when ``write``)."""
    out = []
    for name, packages_only in DOCS:
        path = root / name
        text = path.read_text(encoding="utf-8")
        new = with_table(text, table(root, packages_only))
        if new != text:
            out.append(name)
            if write:
                path.write_text(new, encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--root", type=Path, default=ROOT, help="the repository (default: this one)")
    parser.add_argument("--packages", action="store_true", help="one row per package")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--write", action="store_true", help="rewrite the tables in README.md and docs/architecture.md")
    what.add_argument("--check", action="store_true", help="fail when a document's table is stale")
    args = parser.parse_args(argv)
    try:
        if args.write or args.check:
            names = stale(args.root, write=args.write)
            if args.check and names:
                print(f"parts: stale table in {', '.join(names)}: run python -m tools.parts --write", file=sys.stderr)
                return 1
            return 0
        sys.stdout.write(table(args.root, args.packages))
    except PartsError as error:
        print(f"parts: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
