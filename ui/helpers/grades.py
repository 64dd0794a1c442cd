"""Deal grades as pure logic: Easy, Medium, Hard or Expert for a proven
deal (no browser imports; the page's half is
:mod:`ui.helpers.winnable_deals_view`).

The grades are ``assets/data/grades.json``, made by ``tools/grades.py``
(the method is in ``docs/grades.md``): per game, one letter per deal of its
list in ``assets/data/winnable.json``, in the list's order (``E``, ``M``,
``H``, ``X``, or ``.`` for a deal not graded yet).  :func:`parse_grades`
reads it against the proven lists (never raises: a damaged file, or a game
whose letters do not match its list, gives no grades for it).

The "Winnable deals" choice of a game (:data:`ui.storage.settings.WINNABLE_CHOICES`)
is ``off`` (any deal number), ``any`` (any proven deal) or a grade's letter.

>>> proven = {"spider-1": (3, 5, 8, 13)}
>>> grades = parse_grades('{"version":1,"presets":{"spider-1":{"grades":"EX.E"}}}', proven)
>>> grades["spider-1"][13], graded(grades, "spider-1", "E"), grade_name(grades, "spider-1", 8)
('E', (3, 13), None)
>>> grade_name(grades, "spider-1", 5), parse_grades("{oops", proven)
('Expert', {})
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ui.helpers.hints import pick_deal, preset_entries
from ui.i18n.text import N_, Np_, _, n_, number, p_

GRADES_URL = "./assets/data/grades.json"
GRADES = ("E", "M", "H", "X")
GRADE_NAMES = {
    "E": Np_("grade", "Easy"),
    "M": Np_("grade", "Medium"),
    "H": Np_("grade", "Hard"),
    "X": Np_("grade", "Expert"),
}
"""A grade's name by its letter, marked (:func:`grade_word` says it in the language in use)."""
CHOICE_LABELS = {"off": Np_("grade", "Off"), "any": Np_("grade", "Any"), **GRADE_NAMES}
"""How each "Winnable deals" choice reads in the game picker, marked (:func:`choice_label` says it)."""
NONE_OF_GRADE = {
    "E": N_("No Easy deals for this game yet."),
    "M": N_("No Medium deals for this game yet."),
    "H": N_("No Hard deals for this game yet."),
    "X": N_("No Expert deals for this game yet."),
}


def grade_word(letter: str) -> str:
    """The grade ``letter``'s name in the language in use: ``Easy`` ... ``Expert``."""
    return p_("grade", GRADE_NAMES[letter])


def choice_label(choice: str) -> str:
    """A "Winnable deals" choice as the picker shows it, in the language in use."""
    return p_("grade", CHOICE_LABELS[choice])


Grades = dict[str, dict[int, str]]
"""Per game, the grade letter of each graded deal."""


def parse_grades(text: str | None, proven: Mapping[str, tuple[int, ...]]) -> Grades:
    """The grades of ``grades.json``'s text, matched to the proven lists
    (``proven``: :func:`ui.helpers.hints.parse_winnable`, ascending, as in
    the file).  Empty when the text is missing or damaged."""
    out: Grades = {}
    for preset, entry in preset_entries(text).items():
        letters = entry.get("grades")
        deals = proven.get(preset, ())
        if not isinstance(letters, str) or len(letters) != len(deals) or not set(letters) <= {*GRADES, "."}:
            continue  # made for another list: no grade is better than a wrong one
        graded_here = {d: x for d, x in zip(deals, letters, strict=True) if x != "."}
        if graded_here:
            out[preset] = graded_here
    return out


def graded(grades: Grades, preset: str, letter: str) -> tuple[int, ...]:
    """The deals of ``preset`` with the grade ``letter``, ascending."""
    return tuple(sorted(d for d, x in grades.get(preset, {}).items() if x == letter))


def grade_name(grades: Grades, preset: str, deal: int | None) -> str | None:
    """ "Easy" ... "Expert" for a graded deal, else None."""
    letter = grades.get(preset, {}).get(deal) if deal is not None else None
    return grade_word(letter) if letter is not None else None


def choice_note(grades: Grades | None, preset: str, letter: str) -> str | None:
    """Why a grade cannot be chosen for ``preset`` now (None: it can)."""
    if grades is None:
        return _("The grades are still loading.")
    if preset not in grades:
        return _("No graded deals for this game yet.")
    if not graded(grades, preset, letter):
        return _(NONE_OF_GRADE[letter])
    return None


def graded_note(grades: Grades, preset: str, letter: str) -> str:
    """What the game picker says under "Winnable deals" with the grade
    ``letter`` chosen: how many deals of that grade random deals come from.

    >>> graded_note({"spider-1": {3: "E", 5: "H", 8: "E"}}, "spider-1", "E")
    'Random deals come from the 2 Easy deals proven winnable.'
    >>> graded_note({"spider-1": {3: "E", 5: "H", 8: "E"}}, "spider-1", "H")
    'Random deals come from the 1 Hard deal proven winnable.'
    """
    n = len(graded(grades, preset, letter))
    # one sentence per grade: the grade's word agrees with "deals" (its case, its number)
    if letter == "E":
        text = n_(
            "Random deals come from the {n} Easy deal proven winnable.",
            "Random deals come from the {n} Easy deals proven winnable.",
            n,
        )
    elif letter == "M":
        text = n_(
            "Random deals come from the {n} Medium deal proven winnable.",
            "Random deals come from the {n} Medium deals proven winnable.",
            n,
        )
    elif letter == "H":
        text = n_(
            "Random deals come from the {n} Hard deal proven winnable.",
            "Random deals come from the {n} Hard deals proven winnable.",
            n,
        )
    else:
        assert letter == "X", letter
        text = n_(
            "Random deals come from the {n} Expert deal proven winnable.",
            "Random deals come from the {n} Expert deals proven winnable.",
            n,
        )
    return text.format(n=number(n))


def pick(
    proven: Sequence[int],
    grades: Grades | None,
    preset: str,
    letter: str | None,
    rnd: random.Random,
    avoid: int | None = None,
) -> tuple[int, str]:
    """A random proven deal of ``preset`` with the grade ``letter`` (None:
    any proven deal), another than ``avoid`` when there is one, and what to
    tell the player.  With no deal of that grade known (``grades`` None: not
    loaded yet), any proven deal, and the note says so.

    >>> grades = {"spider-1": {3: "E", 5: "H", 8: "H"}}
    >>> pick((3, 5, 8, 13), grades, "spider-1", "H", random.Random(1), avoid=8)
    (5, 'Deal 5: proven winnable, Hard.')
    >>> pick((3, 5, 8, 13), grades, "spider-1", "X", random.Random(1))[1]
    'No Expert deals for this game yet. Deal 5: proven winnable.'
    """
    assert proven
    pool = graded(grades, preset, letter) if grades is not None and letter is not None else ()
    if pool:
        deal = pick_deal(pool, rnd, avoid)
        return deal, _("Deal {deal}: proven winnable, {grade}.").format(deal=deal, grade=grade_word(letter or "E"))
    deal = pick_deal(proven, rnd, avoid)
    proven_text = _("Deal {deal}: proven winnable.").format(deal=deal)
    if letter is None or grades is None:
        return deal, proven_text
    return deal, f"{_(NONE_OF_GRADE[letter])} {proven_text}"
