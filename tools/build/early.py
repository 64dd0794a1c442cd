"""The words the shell shows before Python starts, in every language, for
``shell/early.js`` (in place of its placeholder ``/*@EARLY_WORDS@*/null``).

:mod:`ui.i18n.early` lists them in English; each compiled catalog
(:mod:`tools.build.catalogs`, read with the page's own
:func:`ui.i18n.text.catalog_from_json`: no Babel here) gives them in its
language.  The welcome deal's header (:mod:`tools.build.welcome`: its title
and figures, wide and narrow) is added, said in each language as the table
says it.  What the script gets::

    {"keys": [English, ...], "fr": [French, ...], ...}

one list per language in the keys' order; a language whose word is the
English one repeats it (the lists stay aligned).  Inlined rather than
fetched: the script is on the first paint's path already, and a request of
its own could only come later (docs/languages.md, "Before Python starts").
"""

from __future__ import annotations

import json

import engine
from ui.chrome.header import short_title, status_text
from ui.game.current import WELCOME_DEAL, WELCOME_PRESET
from ui.i18n import early, text
from ui.i18n.text import Catalog, catalog_from_json
from ui.table import cards as model

from .common import BuildError

PLACEHOLDER = "/*@EARLY_WORDS@*/null"


def welcome_words() -> list[str]:
    """The welcome header's words in the language in use: title and figures, wide then narrow."""
    game = engine.new_game(WELCOME_PRESET, WELCOME_DEAL)
    tracker = model.Tracker.from_view(game.rules, game.public_view())
    name = text._(game.rules.name)
    out: list[str] = []
    for narrow in (False, True):
        clock, stats, _phase = status_text(game, tracker, narrow)
        out += [short_title(game.rules) if narrow else name, stats, clock]
    return out


def _in(catalog: Catalog) -> list[str]:
    text.use(catalog)
    try:
        return early.words(catalog) + welcome_words()
    finally:
        text.use(text.ENGLISH_CATALOG)


def early_words(catalogs: dict[str, bytes]) -> dict[str, list[str]]:
    """``{"keys": ..., code: words}`` from the compiled catalogs (site path -> JSON)."""
    english = _in(text.ENGLISH_CATALOG)
    every = early.shell_keys() + english[len(early.EARLY) :]
    first = [every.index(key) for key in dict.fromkeys(every)]  # each key once
    out: dict[str, list[str]] = {"keys": [every[i] for i in first]}
    by_code = {path.rsplit("/", 1)[-1].removesuffix(".json"): (path, data) for path, data in catalogs.items()}
    for code in text.CODES:  # the page's order, which the script's choice follows
        if code not in by_code:
            continue
        path, data = by_code[code]
        try:
            catalog = catalog_from_json(json.loads(data), code)
        except ValueError as error:
            raise BuildError(f"{path}: {error}") from error
        words = _in(catalog)
        out[code] = [words[i] for i in first]
    return out


def manifests(template: bytes, catalogs: dict[str, bytes]) -> dict[str, bytes]:
    """``manifest-<code>.webmanifest`` for every language: ``manifest.webmanifest``
    (``template``, filled in) with its name, short name and description
    translated, and the same ``id`` (one app, whatever its language)."""
    base = json.loads(template)
    out: dict[str, bytes] = {}
    for path, data in sorted(catalogs.items()):
        code = path.rsplit("/", 1)[-1].removesuffix(".json")
        try:
            catalog = catalog_from_json(json.loads(data), code)
        except ValueError as error:
            raise BuildError(f"{path}: {error}") from error
        translated = {**base, **early.manifest(catalog), "lang": text.html_lang(code)}
        out[f"manifest-{code}.webmanifest"] = (json.dumps(translated, ensure_ascii=False, indent=2) + "\n").encode()
    return out


def early_values(catalogs: dict[str, bytes]) -> dict[str, str]:
    """The placeholder's text: every language's early words as JSON."""
    return {PLACEHOLDER: json.dumps(early_words(catalogs), ensure_ascii=False, separators=(",", ":"))}
