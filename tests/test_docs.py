"""The documentation holds together: the README stays a front door (under 200
lines, the two commands first), every relative link in every Markdown file
reaches a file and, with an anchor, a heading or an ``id`` there, and every
citation of the rules in code or docs (``docs/rules.md#stuck``) names a
section of docs/rules.md that exists."""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

import pytest

pytestmark = pytest.mark.cpython_only

ROOT = Path(__file__).resolve().parent.parent
SKIP_DIRS = {
    ".git",
    ".venv",
    "node_modules",
    "_site",
    ".cache",
    "__pycache__",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
    "artifacts",
    "results",
}
CODE_SUFFIXES = {".py", ".md", ".mjs", ".js", ".sh", ".toml", ".json", ".html", ".css"}

LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
INLINE_CODE = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$", re.M)
HTML_ID = re.compile(r"""\b(?:id|name)=["']([^"']+)["']""")
RULES_CITATION = re.compile(r"docs/rules\.md#([A-Za-z0-9_-]+)")


def project_files(suffixes: set[str]) -> list[Path]:
    """The project's own files with these suffixes (not the installed packages,
    the build or the caches)."""
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        found += [Path(folder) / name for name in sorted(files) if Path(name).suffix in suffixes]
    return found


def prose(text: str) -> str:
    """Markdown without its code: fenced blocks and inline code spans."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every anchor a Markdown file offers: its headings' (the second of two
    equal headings gets ``-1``) and every HTML ``id``."""
    text = path.read_text(encoding="utf-8")
    seen: Counter[str] = Counter()
    out = set(HTML_ID.findall(text))
    for _, title in HEADING.findall(FENCE.sub("", text)):
        base = slug(title)
        out.add(base if seen[base] == 0 else f"{base}-{seen[base]}")
        seen[base] += 1
    return out


def test_slugs_follow_github() -> None:
    assert slug("The page side (`ui/`)") == "the-page-side-ui"
    assert slug("Where a move goes") == "where-a-move-goes"
    assert slug("Deal numbers: the PRNG and the shuffle") == "deal-numbers-the-prng-and-the-shuffle"


def test_anchors_count_repeated_headings(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        '# Log\n\n## What changed\n\n```\n# not a heading\n```\n\n## What changed\n\n<a id="x"></a>\n', encoding="utf-8"
    )
    assert anchors(page) == {"log", "what-changed", "what-changed-1", "x"}


def test_the_readme_is_a_front_door() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) < 200, f"README.md has {len(lines)} lines: move detail into docs/"
    first_code = lines[lines.index("```sh") + 1 : lines.index("```sh") + 3]
    assert [line.split()[0] for line in first_code] == ["./tools/serve.sh", "./tools/test.sh"]
    assert lines.index("```sh") < 5, "the README opens with the two commands"
    text = "\n".join(lines)
    assert text.index("<!-- parts:start -->") < text.index("<!-- parts:end -->")


def test_every_relative_link_resolves() -> None:
    broken = []
    markdown = project_files({".md"})
    assert ROOT / "README.md" in markdown and ROOT / "docs" / "rules.md" in markdown
    for md in markdown:
        for target in LINK.findall(prose(md.read_text(encoding="utf-8"))):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: …: not ours to check
                continue
            file_part, _, anchor = target.partition("#")
            dest = (md.parent / file_part).resolve() if file_part else md
            where = f"{md.relative_to(ROOT)}: ({target})"
            if not dest.exists():
                broken.append(f"{where}: no such file")
            elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                broken.append(f"{where}: no heading or id #{anchor} in {dest.relative_to(ROOT)}")
    assert not broken, "\n".join(broken)


def test_a_broken_link_is_seen(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n[ok](#title) [bad](#nothing) `[code](#nothing)`\n", encoding="utf-8")
    targets = LINK.findall(prose(page.read_text(encoding="utf-8")))
    assert targets == ["#title", "#nothing"]
    assert [t for t in targets if t[1:] not in anchors(page)] == ["#nothing"]


def test_every_rules_citation_names_a_section() -> None:
    sections = anchors(ROOT / "docs" / "rules.md")
    cited: dict[str, list[str]] = {}
    for path in project_files(CODE_SUFFIXES):
        for anchor in RULES_CITATION.findall(path.read_text(encoding="utf-8", errors="replace")):
            cited.setdefault(anchor, []).append(str(path.relative_to(ROOT)))
    assert {"stuck", "after-every-action", "scoring", "undo"} <= set(cited), "the engine cites the rules"
    missing = {anchor: files for anchor, files in cited.items() if anchor not in sections}
    assert not missing, f"citations of sections docs/rules.md does not have: {missing}"


def test_nothing_cites_the_rules_outside_the_repository() -> None:
    """The rules were once two files beside the repository (a rulebook with
    numbered sections, a page of decisions); docs/rules.md replaces both."""
    old = re.compile(r"rules-decisions|(?<![/\w])rules\.md §|§\d+\.\d+")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in project_files(CODE_SUFFIXES)
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if old.search(line) and path != Path(__file__)
    ]
    assert not found, found


SOURCE_PATH = re.compile(
    r"`((?:engine|solver|ui|tools|e2e|tests|bench|shell|xbrowser)/[\w/.-]*\w\.(?:py|mjs|js|json|sh|txt|toml))`"
)
HISTORY = {"benchmark-log.md"}
"""Dated records: a path there is true of its day, and may have moved since."""


def named_paths(text: str) -> list[str]:
    """The project files a Markdown text names in code spans (``ui/app.py``)."""
    return SOURCE_PATH.findall(text)


def test_every_file_the_docs_name_exists() -> None:
    """A newcomer follows the docs to the code: every file they name is there
    (the module tables, "where a move goes", the manual's pointers)."""
    docs = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").glob("*.md")]
    missing = [
        f"{md.relative_to(ROOT)}: {path}"
        for md in docs
        if md.name not in HISTORY
        for path in named_paths(md.read_text(encoding="utf-8"))
        if not (ROOT / path).exists()
    ]
    assert not missing, "files named in the docs that do not exist:\n" + "\n".join(missing)


def test_a_moved_file_is_seen() -> None:
    text = "The badge lives in `ui/stillbadge.py`; the table in `ui/app.py`; see `ui/table/`."
    assert named_paths(text) == ["ui/stillbadge.py", "ui/app.py"]
    assert [p for p in named_paths(text) if not (ROOT / p).exists()] == ["ui/stillbadge.py"]
