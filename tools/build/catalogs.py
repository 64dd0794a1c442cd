"""Compiling the translation catalogs for the page: each language's
``locale/<code>.po`` becomes ``i18n/<code>.json``, which the page fetches
for that language only (``ui/i18n/text_view.py``).

A compiled catalog holds the translations (string, or ``context\\x04string``,
to its text or its plural forms), the language's plural rule (CLDR's, as
Babel gives it for gettext, a C expression the page reads with its own
small parser, ``ui/i18n/plural.py``) and the forms of its numbers and dates
from CLDR (symbols, month and weekday names, date patterns;
``ui/i18n/forms.py``).

Like the rest of the build this needs only Python's standard library: the
``.po`` files are read by :func:`read_po` here, and what comes from CLDR is
``locale/cldr.json``, which ``python -m tools.i18n update`` writes with
Babel (a developer's tool, pinned in requirements-dev.txt) and
``tests/test_i18n.py`` keeps current.  Babel never runs in the build nor in
the page.
"""

from __future__ import annotations

import ast
import gettext
import json
from dataclasses import dataclass, field
from pathlib import Path

from ui.i18n.plural import compile_rule

from .common import BuildError

CATALOG_DIR = "i18n"
"""Where the compiled catalogs go in the site."""
CLDR_FILE = "locale/cldr.json"
"""Each language's plural rule and number and date forms, from CLDR (``tools.i18n``)."""


@dataclass
class PoEntry:
    """One message of a ``.po`` file."""

    context: str | None = None
    id: str = ""
    plural: str | None = None
    strings: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False


def _po_string(line: str, path: str, number: int) -> str:
    text = line.strip()
    if not (len(text) >= 2 and text[0] == '"' and text[-1] == '"'):
        raise BuildError(f"{path}:{number}: a quoted string was expected")
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError) as error:
        raise BuildError(f"{path}:{number}: {error}") from error
    if not isinstance(value, str):
        raise BuildError(f"{path}:{number}: a quoted string was expected")
    return value


def read_po(text: str, path: str = "<po>") -> list[PoEntry]:
    """The messages of a gettext ``.po`` file (obsolete ``#~`` ones left out;
    the header is the entry whose id is empty).

    >>> [(e.id, e.strings) for e in read_po('msgid "Games"\\nmsgstr "Jeux"\\n')]
    [('Games', {0: 'Jeux'})]
    >>> e = read_po('#, fuzzy\\nmsgctxt "a"\\nmsgid "1 move"\\nmsgid_plural "{n} moves"\\n'
    ...             'msgstr[0] "1 coup"\\nmsgstr[1] ""\\n"{n} coups"\\n')[0]
    >>> e.context, e.plural, e.strings, e.fuzzy
    ('a', '{n} moves', {0: '1 coup', 1: '{n} coups'}, True)
    """
    entries: list[PoEntry] = []
    entry = PoEntry()
    started = False  # a keyword of this entry was read
    fuzzy = False
    target: tuple[str, int] | None = None  # what a continuation line adds to

    def finish() -> None:
        nonlocal entry, started, fuzzy
        if started:
            entries.append(entry)
        entry, started, fuzzy = PoEntry(), False, False

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            finish()
            target = None
            continue
        if line.startswith("#~"):
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in (flag.strip() for flag in line[2:].split(",")):
                if started and entry.strings:
                    finish()
                fuzzy = True
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if target is None:
                raise BuildError(f"{path}:{number}: a string with no keyword before it")
            value = _po_string(line, path, number)
            kind, k = target
            if kind == "msgctxt":
                entry.context = (entry.context or "") + value
            elif kind == "msgid":
                entry.id += value
            elif kind == "msgid_plural":
                entry.plural = (entry.plural or "") + value
            else:
                entry.strings[k] += value
            continue
        if keyword in ("msgctxt", "msgid") and started and (entry.strings or keyword == "msgctxt"):
            finish()
        value = _po_string(rest, path, number)
        if keyword == "msgctxt":
            entry.context, target = value, ("msgctxt", 0)
        elif keyword == "msgid":
            entry.id, target = value, ("msgid", 0)
        elif keyword == "msgid_plural":
            entry.plural, target = value, ("msgid_plural", 0)
        elif keyword == "msgstr":
            entry.strings[0], target = value, ("msgstr", 0)
        elif keyword.startswith("msgstr[") and keyword.endswith("]") and keyword[7:-1].isdigit():
            k = int(keyword[7:-1])
            entry.strings[k], target = value, ("msgstr", k)
        else:
            raise BuildError(f"{path}:{number}: unknown keyword {keyword!r}")
        entry.fuzzy = fuzzy
        started = True
    finish()
    return entries


def plural_rule(language: str, expression: str) -> str:
    """``language``'s gettext plural expression, checked against the page's
    parser for every count up to 10 000 (Python's own gettext reads it too)."""
    ours, cpython = compile_rule(expression), gettext.c2py(expression)
    wrong = [n for n in range(10_001) if ours(n) != cpython(n)]
    if wrong:
        raise BuildError(f"{language}: the page would read the plural rule wrongly for {wrong[:5]}")
    return expression


def compiled(entries: list[PoEntry], language: str, cldr: dict[str, object]) -> bytes:
    """One language's catalog as the page loads it (compact JSON)."""
    messages: dict[str, str | list[str]] = {}
    for entry in entries:
        if not entry.id or entry.fuzzy:
            continue
        key = entry.id if entry.context is None else f"{entry.context}\x04{entry.id}"
        if entry.plural is not None:
            forms = [entry.strings.get(k, "") for k in range(max(entry.strings, default=-1) + 1)]
            if forms and all(forms):
                messages[key] = forms
        elif entry.strings.get(0):
            messages[key] = entry.strings[0]
    expression = cldr.get("plural")
    if not isinstance(expression, str):
        raise BuildError(f"{CLDR_FILE}: no plural rule for {language}")
    data = {
        "language": language,
        "plural": plural_rule(language, expression),
        "messages": messages,
        "forms": cldr.get("forms"),
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")


def compiled_catalogs(source: Path) -> dict[str, bytes]:
    """Site path -> compiled catalog, for every ``locale/<code>.po`` of ``source``."""
    out: dict[str, bytes] = {}
    paths = sorted((source / "locale").glob("*.po"))
    if not paths:
        return out
    try:
        cldr = json.loads((source / CLDR_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise BuildError(f"{CLDR_FILE}: {error} (python -m tools.i18n update writes it)") from error
    for path in paths:
        language = path.stem
        if not isinstance(cldr.get(language), dict):
            raise BuildError(f"{CLDR_FILE}: no entry for {language} (python -m tools.i18n update writes it)")
        try:
            entries = read_po(path.read_text(encoding="utf-8"), str(path))
        except OSError as error:
            raise BuildError(f"{path}: {error}") from error
        out[f"{CATALOG_DIR}/{language}.json"] = compiled(entries, language, cldr[language])
    return out
