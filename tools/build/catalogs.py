"""Compiling the translation catalogs for the page: each language's
``locale/<code>.po`` becomes ``i18n/<code>.json``, which the page fetches
for that language only (``ui/i18n/text_view.py``).

A compiled catalog holds the translations (string, or ``context\\x04string``,
to its text or its plural forms), the language's plural rule (CLDR's, as
Babel gives it for gettext, a C expression the page reads with its own
small parser, ``ui/i18n/plural.py``) and the forms of its numbers and dates
from CLDR (symbols, month and weekday names, date patterns;
``ui/i18n/forms.py``).  Babel runs here, at build time, and never in the page.
"""

from __future__ import annotations

import gettext
import json
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

from ui.i18n.forms import PATTERNS
from ui.i18n.plural import compile_rule

from .common import BuildError

CATALOG_DIR = "i18n"
"""Where the compiled catalogs go in the site."""
SKELETONS = {"day_month": "MMMd", "day_month_long": "MMMMd", "month_year": "yMMMM", "medium": "yMMMd"}
"""CLDR's skeleton for each of the page's date patterns (``full`` is the locale's full date format)."""


def forms(language: str) -> dict[str, object]:
    """The numbers' and dates' forms of ``language`` from CLDR (``ui.i18n.forms.Forms``)."""
    loc = Locale.parse(language)
    symbols = loc.number_symbols["latn"]
    grouped_at_4 = not format_decimal(1000, locale=language).isdigit()
    percent = format_percent(0.25, locale=language)
    if "25" not in percent:
        raise BuildError(f"{language}: no 25 in CLDR's 25 percent ({percent!r})")
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


def plural_rule(language: str) -> str:
    """The gettext plural expression of ``language`` (Babel's, from CLDR), checked
    against the page's parser for every count up to 10 000."""
    _, expression = get_plural(language)
    ours, cpython = compile_rule(expression), gettext.c2py(expression)
    wrong = [n for n in range(10_001) if ours(n) != cpython(n)]
    if wrong:
        raise BuildError(f"{language}: the page would read the plural rule wrongly for {wrong[:5]}")
    return str(expression)


def compiled(catalog: Catalog, language: str) -> bytes:
    """One language's catalog as the page loads it (compact JSON)."""
    messages: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        key = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
        if message.context:
            key = f"{message.context}\x04{key}"
        if isinstance(message.string, (tuple, list)):
            if all(message.string):
                messages[key] = list(message.string)
        elif message.string:
            messages[key] = message.string
    data = {"language": language, "plural": plural_rule(language), "messages": messages, "forms": forms(language)}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")


def compiled_catalogs(source: Path) -> dict[str, bytes]:
    """Site path -> compiled catalog, for every ``locale/<code>.po`` of ``source``."""
    out: dict[str, bytes] = {}
    for path in sorted((source / "locale").glob("*.po")):
        language = path.stem
        try:
            with path.open("rb") as f:
                catalog = read_po(f, locale=language, abort_invalid=True)
        except (OSError, ValueError) as error:
            raise BuildError(f"{path}: {error}") from error
        out[f"{CATALOG_DIR}/{language}.json"] = compiled(catalog, language)
    return out
