"""The page's words in the player's language (pure: no browser imports):
the marking functions, the catalog in use, and which language a player gets.

A string a player reads or hears is written in English in the code and
marked, so that ``python -m tools.i18n`` extracts it (docs/languages.md):

* ``_("Games")``: translated where it is said;
* ``n_("{n} move", "{n} moves", n)``: the form the language's plural rule
  picks for ``n`` (the placeholders are filled by the caller's ``.format``);
* ``p_("header", "New")``: a word whose translation depends on where it is;
* ``N_("Game")`` and ``Np_("motion", "Full")``: marked but not translated (a
  module's constant, translated with ``_`` or ``p_`` where it is shown).

Every call reads the catalog in use, which :func:`use` sets (the page half,
:mod:`ui.i18n.text_view`, loads it); English needs no catalog.  A string a
catalog lacks stays in English.

>>> _("Games")
'Games'
>>> n_("{n} move", "{n} moves", 2).format(n=2)
'2 moves'
>>> choose("", ["fr-CA", "en-US"]), choose("de", ["fr-FR"]), choose("", ["ja", "pt"]), choose("", [])
('fr', 'de', 'pt_BR', 'en')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ui.i18n.forms import ENGLISH as ENGLISH_FORMS
from ui.i18n.forms import Forms, forms_from_json
from ui.i18n.plural import Rule, compile_rule

ENGLISH = "en"
LANGUAGES: tuple[tuple[str, str], ...] = (
    ("en", "English"),
    ("fr", "Français"),
    ("de", "Deutsch"),
    ("es", "Español"),
    ("it", "Italiano"),
    ("pt_BR", "Português (Brasil)"),
    ("pl", "Polski"),
)
"""Every language of the page: its code (gettext's, and the catalog's file
name) and its own name for itself, which the language chooser shows untranslated."""
CODES = tuple(code for code, _ in LANGUAGES)
CONTEXT_SEPARATOR = "\x04"
"""Between a context and its string in a catalog's keys (gettext's own)."""
MAX_CATALOG_MESSAGES = 20_000


@dataclass(frozen=True)
class Catalog:
    """One language's translations: string (or ``context\\x04string``) to its
    translation, a plural string to its forms; the plural rule; the forms of
    its numbers and dates."""

    language: str = ENGLISH
    messages: Mapping[str, str | tuple[str, ...]] = field(default_factory=dict)
    plural: Rule = field(default=lambda n: 0 if n == 1 else 1)
    forms: Forms = ENGLISH_FORMS

    def text(self, message: str, context: str | None = None) -> str:
        key = message if context is None else f"{context}{CONTEXT_SEPARATOR}{message}"
        found = self.messages.get(key)
        return found if isinstance(found, str) and found else message

    def plural_text(self, singular: str, plural: str, n: int) -> str:
        found = self.messages.get(singular)
        if isinstance(found, tuple) and found:
            index = self.plural(n)
            if 0 <= index < len(found) and found[index]:
                return found[index]
        return singular if n == 1 else plural


ENGLISH_CATALOG = Catalog()
_in_use: list[Catalog] = [ENGLISH_CATALOG]


def use(catalog: Catalog) -> None:
    """Speak ``catalog``'s language from now on."""
    _in_use[0] = catalog


def current() -> Catalog:
    """The catalog in use."""
    return _in_use[0]


def language() -> str:
    """The code of the language in use (``en``, ``pt_BR``)."""
    return _in_use[0].language


def forms() -> Forms:
    """The numbers' and dates' forms of the language in use."""
    return _in_use[0].forms


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _in_use[0].text(message)


def n_(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n``, in the language in use."""
    return _in_use[0].plural_text(singular, plural, n)


def p_(context: str, message: str) -> str:
    """``message`` as said in ``context``, in the language in use."""
    return _in_use[0].text(message, context)


def N_(message: str) -> str:
    """``message`` unchanged: marked for the catalogs, translated where it is shown."""
    return message


def Np_(context: str, message: str) -> str:
    """``message`` unchanged: marked with its context, translated with ``p_`` where it is shown."""
    return message


def number(value: int | float, decimals: int = 0) -> str:
    """A number in the language in use (``1,234`` / ``1 234``)."""
    return _in_use[0].forms.number(value, decimals)


def choose(setting: str, preferred: Sequence[str]) -> str:
    """The page's language: the ``language`` setting when it names one,
    else the first of the browser's languages (``navigator.languages``,
    BCP 47 tags) the page has, by its region or without it, else English."""
    if setting in CODES:
        return setting
    for tag in preferred:
        parts = str(tag).replace("_", "-").split("-")
        whole = "_".join([parts[0].lower(), *(p.upper() for p in parts[1:2])])
        if whole in CODES:
            return whole
        base = parts[0].lower()
        for code in CODES:
            if code.split("_")[0] == base:
                return code
    return ENGLISH


def html_lang(code: str) -> str:
    """A language code as ``<html lang>`` writes it (BCP 47: ``pt-BR``).

    >>> html_lang("pt_BR"), html_lang("pl")
    ('pt-BR', 'pl')
    """
    return code.replace("_", "-")


def catalog_from_json(data: object, language: str) -> Catalog:
    """A catalog as the build compiled it (``tools/build/catalogs.py``):
    ``{"language", "plural", "messages", "forms"}``; ValueError when it
    is not one, or is another language's."""
    if not isinstance(data, dict) or data.get("language") != language:
        raise ValueError(f"not the catalog of {language}")
    rule_text = data.get("plural")
    messages = data.get("messages")
    if not isinstance(rule_text, str) or not isinstance(messages, dict) or len(messages) > MAX_CATALOG_MESSAGES:
        raise ValueError("the catalog has no plural rule or no messages")
    out: dict[str, str | tuple[str, ...]] = {}
    for key, value in messages.items():
        if not isinstance(key, str):
            raise ValueError("a catalog key is not text")
        if isinstance(value, str):
            out[key] = value
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            out[key] = tuple(value)
        else:
            raise ValueError(f"the translation of {key[:40]!r} is neither text nor plural forms")
    return Catalog(language, out, compile_rule(rule_text), forms_from_json(data.get("forms")))
