"""The translation catalogs: extracted from the code, updated and checked.

The page's words are marked in the code (:mod:`ui.i18n.text`: ``_("Games")``,
``n_("{n} move", "{n} moves", n)``, ``p_("header", "New")``, and ``N_`` for a
constant translated where it is shown).  Babel's extractor finds them and
writes the template, ``locale/messages.pot``; each language has its catalog,
``locale/<code>.po`` (:data:`LANGUAGES`), which ``update`` merges with the
template.  ``python -m tools.build`` compiles the catalogs for the page
(``tools/build/catalogs.py``).

Usage, from the repository (docs/languages.md tells the whole story)::

    python -m tools.i18n extract   # the template from the code
    python -m tools.i18n update    # extract, then merge every catalog with it
    python -m tools.i18n check     # fail on a stale template or an incomplete catalog

``check`` fails when the template differs from what the code marks, or when
a catalog misses a string of the template, keeps one the template no longer
has, has a fuzzy or untranslated entry, has the wrong number of plural
forms, or a translation whose ``{placeholders}`` are not the original's.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import tomllib
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po
from babel.numbers import format_decimal, format_percent

from ui.i18n.forms import PATTERNS

ROOT = Path(__file__).resolve().parents[1]
LOCALE_DIR = ROOT / "locale"
TEMPLATE = LOCALE_DIR / "messages.pot"
LANGUAGES = ("fr", "de", "es", "it", "pt_BR", "pl")
"""The languages besides English (the code's own), as gettext codes."""
SOURCES = ("engine", "solver", "ui")
"""The folders whose marked strings make the template."""
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "N_": None,
    "n_": (1, 2),
    "p_": ((1, "c"), 2),
    "Np_": ((1, "c"), 2),
}
"""The marking functions of :mod:`ui.i18n.text` as Babel's extractor reads them."""
PROJECT = "Spider solitaire"
VERSION = str(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"])
BUGS = "the project's issue tracker"
COPYRIGHT = "the Spider solitaire team"
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
"""The catalogs' dates: fixed, so that a catalog changes only when its words do."""
PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_0-9]*)\}(?!\})")


class CatalogError(Exception):
    """A catalog the tool cannot use."""


def header_comment(language: str | None) -> str:
    """The comment at the top of a catalog: what it is, and who may review it."""
    what = f"{Locale.parse(language).english_name} translation" if language else "Translation template"
    return (
        f"# {what} of {PROJECT}.\n"
        "# The translations are the team's own, made with the established words of\n"
        "# the language's solitaire games (see docs/languages.md and the glossaries).\n"
        "# Native speakers' review is welcome: corrections are gladly taken.\n"
        "#"
    )


def new_catalog(language: str | None) -> Catalog:
    """An empty catalog with the project's header: the template (None) or one language's."""
    translated: dict[str, str] = {}
    if language is not None:
        translated = {
            "locale": language,
            "last_translator": "the Spider solitaire team (native review welcome)",
            "language_team": f"{Locale.parse(language).english_name} <native review welcome>",
        }
    return Catalog(
        project=PROJECT,
        version=VERSION,
        msgid_bugs_address=BUGS,
        copyright_holder=COPYRIGHT,
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        header_comment=header_comment(language),
        fuzzy=False,
        **translated,
    )


def extract(root: Path = ROOT) -> Catalog:
    """Every marked string of :data:`SOURCES`, as a template."""
    catalog = new_catalog(None)
    for folder in SOURCES:
        base = root / folder
        found = extract_from_dir(
            str(base),
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("Translators:",),
            strip_comment_tags=True,
        )
        for filename, lineno, message, comments, context in found:
            path = f"{folder}/{Path(filename).as_posix()}"
            catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    for entry in catalog:
        if entry.id and any(PLACEHOLDER.search(m) for m in _ids(entry)):
            entry.flags.add("python-brace-format")
    return catalog


def _ids(message: Message) -> tuple[str, ...]:
    ids = message.id
    return tuple(str(m) for m in ids) if isinstance(ids, (tuple, list)) else (str(ids),)


def _strs(message: Message) -> tuple[str, ...]:
    s = message.string
    if isinstance(s, (tuple, list)):
        return tuple(str(x) for x in s)
    return (s or "",)


def as_text(catalog: Catalog) -> str:
    """A catalog as its ``.po`` file writes it (file names without line
    numbers, so moving code does not change the catalogs)."""
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, sort_output=True)
    return out.getvalue().decode("utf-8")


def read(path: Path, language: str | None = None) -> Catalog:
    try:
        with path.open("rb") as f:
            return read_po(f, locale=language, abort_invalid=True)
    except (OSError, ValueError) as error:
        raise CatalogError(f"{path}: {error}") from error


def merged(template: Catalog, old: Catalog | None, language: str) -> Catalog:
    """The catalog of ``language`` for ``template``: the translations ``old``
    had for its strings (nothing fuzzy: a changed string is untranslated
    until a translator translates it), none of the strings it dropped."""
    plural_count, plural_expr = get_plural(language)
    catalog = new_catalog(language)
    for message in template:
        if not message.id:
            continue
        before = old.get(message.id, message.context) if old is not None else None
        string: str | tuple[str, ...] = "" if not message.pluralizable else ("",) * plural_count
        if before is not None and before.string and before.pluralizable == message.pluralizable:
            string = before.string if isinstance(before.string, str) else tuple(before.string)
        catalog.add(
            message.id,
            string,
            message.locations,
            flags=message.flags - {"fuzzy"},
            auto_comments=message.auto_comments,
            user_comments=before.user_comments if before is not None else (),
            context=message.context,
        )
    assert catalog.num_plurals == plural_count and catalog.plural_expr == plural_expr
    return catalog


SKELETONS = {
    "day_month": "MMMd",
    "day_month_long": "MMMMd",
    "month_year": "yMMMM",
    "medium": "yMMMd",
    "long": "yMMMMd",
}
"""CLDR's skeleton for each of the page's date patterns (``full`` is the locale's full date format)."""
CLDR_PATH = "locale/cldr.json"
"""What the build takes from CLDR for each language (``tools/build/catalogs.py``): written by
``update``, checked by ``check``, so that the build needs no Babel."""


def forms(language: str) -> dict[str, object]:
    """The numbers' and dates' forms of ``language`` from CLDR (``ui.i18n.forms.Forms``)."""
    loc = Locale.parse(language)
    symbols = loc.number_symbols["latn"]
    grouped_at_4 = not format_decimal(1000, locale=language).isdigit()
    percent = format_percent(0.25, locale=language)
    if "25" not in percent:
        raise ValueError(f"{language}: no 25 in CLDR's 25 percent ({percent!r})")
    months, days = loc.months, loc.days
    patterns = {name: str(loc.datetime_skeletons[s].pattern) for name, s in SKELETONS.items()}
    patterns["full"] = str(loc.date_formats["full"].pattern)
    assert set(patterns) == set(PATTERNS)
    return {
        "decimal": symbols["decimal"],
        "group": symbols["group"],
        "min_grouping": 1 if grouped_at_4 else 2,
        "percent_pattern": percent.replace("25", "{}", 1),
        "months": [months["format"]["wide"][m] for m in range(1, 13)],
        "months_short": [months["format"]["abbreviated"][m] for m in range(1, 13)],
        "months_alone": [months["stand-alone"]["wide"][m] for m in range(1, 13)],
        "days": [days["format"]["wide"][d] for d in range(7)],
        "days_short": [days["format"]["abbreviated"][d] for d in range(7)],
        "days_narrow": [days["stand-alone"]["narrow"][d] for d in range(7)],
        "patterns": patterns,
    }


def cldr_text() -> str:
    """``locale/cldr.json``: each language's gettext plural rule and forms, from CLDR."""
    data = {language: {"plural": str(get_plural(language)[1]), "forms": forms(language)} for language in LANGUAGES}
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def catalog_path(language: str, root: Path = ROOT) -> Path:
    return root / "locale" / f"{language}.po"


def update(root: Path = ROOT) -> list[Path]:
    """The template from the code, and every catalog merged with it; the files written."""
    template = extract(root)
    written: list[Path] = []
    targets = [(root / "locale" / "messages.pot", as_text(template)), (root / CLDR_PATH, cldr_text())]
    for language in LANGUAGES:
        path = catalog_path(language, root)
        old = read(path, language) if path.is_file() else None
        targets.append((path, as_text(merged(template, old, language))))
    for path, text in targets:
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written.append(path)
    return written


def _keys(catalog: Catalog) -> dict[tuple[str, str | None], tuple[str, ...]]:
    return {(m.id if isinstance(m.id, str) else m.id[0], m.context): _ids(m) for m in catalog if m.id}


def problems(root: Path = ROOT, languages: Iterable[str] = LANGUAGES) -> list[str]:
    """What is wrong with the template and the catalogs (empty: nothing)."""
    found: list[str] = []
    fresh = extract(root)
    template_path = root / "locale" / "messages.pot"
    if not template_path.is_file():
        return [f"{template_path.relative_to(root)} is missing: run python -m tools.i18n update"]
    template = read(template_path)
    cldr = root / CLDR_PATH
    if not cldr.is_file() or cldr.read_text(encoding="utf-8") != cldr_text():
        found.append(f"{CLDR_PATH} is not what CLDR gives: run python -m tools.i18n update")
    want = _keys(fresh)
    for key in sorted(set(want) - set(_keys(template)), key=str):
        found.append(f"messages.pot: missing {key[0]!r} (marked in the code): run python -m tools.i18n update")
    for key in sorted(set(_keys(template)) - set(want), key=str):
        found.append(f"messages.pot: stale {key[0]!r} (no longer in the code): run python -m tools.i18n update")
    for language in languages:
        path = catalog_path(language, root)
        if not path.is_file():
            found.append(f"{path.name}: missing")
            continue
        catalog = read(path, language)
        name = path.name
        count, expr = get_plural(language)
        if catalog.num_plurals != count or catalog.plural_expr != expr:
            found.append(f"{name}: Plural-Forms is not CLDR's nplurals={count}; plural={expr}")
        have = _keys(catalog)
        for key in sorted(set(want) - set(have), key=str):
            found.append(f"{name}: missing {key[0]!r}")
        for key in sorted(set(have) - set(want), key=str):
            found.append(f"{name}: stale {key[0]!r}")
        for message in catalog:
            if not message.id or (_ids(message)[0], message.context) not in want:
                continue
            found += _message_problems(name, message, count)
    return found


def _message_problems(name: str, message: Message, count: int) -> list[str]:
    out: list[str] = []
    first = _ids(message)[0]
    strs = _strs(message)
    if message.fuzzy:
        out.append(f"{name}: fuzzy {first!r}")
    if message.pluralizable and len(strs) != count:
        out.append(f"{name}: {first!r} has {len(strs)} plural forms, not {count}")
    if not all(s.strip() for s in strs):
        out.append(f"{name}: untranslated {first!r}")
        return out
    allowed = {p for m in _ids(message) for p in PLACEHOLDER.findall(m)}
    for k, s in enumerate(strs):
        used = set(PLACEHOLDER.findall(s))
        if used - allowed:
            out.append(f"{name}: {first!r} form {k} names {sorted(used - allowed)}, not in the original")
        # a plural's first form may say "one" in words; every other form keeps every placeholder
        if message.pluralizable and k == 0:
            continue
        needed = set(PLACEHOLDER.findall(_ids(message)[-1]))
        if needed - used:
            out.append(f"{name}: {first!r} form {k} loses {sorted(needed - used)}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.i18n", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "update", "check"))
    args = parser.parse_args(argv)
    try:
        if args.command == "extract":
            path = ROOT / "locale" / "messages.pot"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(as_text(extract()), encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
        elif args.command == "update":
            for path in update():
                print(f"wrote {path.relative_to(ROOT)}")
        else:
            found = problems()
            for line in found:
                print(line, file=sys.stderr)
            if found:
                return 1
            print(f"catalogs complete: {len(LANGUAGES)} languages, {len(_keys(extract()))} strings")
    except CatalogError as error:
        print(f"i18n: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
