"""The engine's sentences, marked for the page's catalogs.

The engine speaks English and knows nothing of the page.  A sentence a
player may read (why a move is refused, a game's name) is marked with
:func:`N_`, which returns it unchanged; the page's translation tool extracts
it from here (docs/languages.md) and the page translates it where it shows
it.  A sentence with parts to fill (a card, a rank, a number) is a
:class:`Reason`: it *is* its English text, and it keeps its marked template
and its fields as data, so the page can say it in another language without
reading the English.

>>> r = Reason(N_("This foundation needs the {card}."), card=4 * 3 + 1)
>>> str(r), r.template, dict(r.fields)
('This foundation needs the three of hearts.', 'This foundation needs the {card}.', {'card': 13})
>>> Reason(N_("A card must go on {rank}."), rank=8)
'A card must go on an eight.'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .cards import Card, card_words, rank_words

__all__ = ["N_", "Reason"]


def N_(message: str) -> str:
    """``message`` unchanged: marked for the page's catalogs, translated where it is shown."""
    return message


def _english(name: str, value: int | str) -> str:
    """A field as the English text says it: ``card`` and ``rank`` in words, the rest as it is."""
    if name == "card" and isinstance(value, int):
        return card_words(Card(value))
    if name == "rank" and isinstance(value, int):
        return rank_words(value)
    return str(value)


class Reason(str):
    """A sentence with fields: its English text (the string itself), its
    marked ``template`` and its ``fields`` (``card``: a card, said in words;
    ``rank``: a rank, said with its article, "an eight"; ``source`` and
    ``target``: a pile's id, ``column-3`` or ``free``, whose English words
    ``said`` gives, "column 3"; any other name: a number or a word, said as
    it is)."""

    template: str
    fields: Mapping[str, int | str]

    def __new__(cls, template: str, said: Mapping[str, str] | None = None, **fields: int | str) -> Reason:
        words = {name: _english(name, value) for name, value in fields.items()} | dict(said or {})
        made = super().__new__(cls, template.format(**words))
        made.template = template
        made.fields = MappingProxyType(dict(fields))
        made._said = dict(said or {})
        return made

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.template, self._said, dict(self.fields)))

    _said: dict[str, str]


def _rebuild(template: str, said: dict[str, str], fields: dict[str, int | str]) -> Reason:
    return Reason(template, said, **fields)
