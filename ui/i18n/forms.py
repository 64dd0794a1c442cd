"""Numbers and dates in the player's language, from CLDR's data (pure: no browser imports).

The build writes each language's symbols, month and weekday names and date
patterns from CLDR (through Babel, ``tools/build/catalogs.py``) into its
catalog; :class:`Forms` holds them and formats with them.  English is
built in (:data:`ENGLISH`, the same data, British English's), so an English page fetches
nothing.  A pattern is CLDR's (``d MMM``, ``EEEE d MMMM y``, ``LLLL y``).

>>> import datetime
>>> ENGLISH.number(1234567), ENGLISH.percent(25), ENGLISH.date(datetime.date(2026, 11, 27), "day_month")
('1,234,567', '25%', '27 Nov')
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

PATTERNS = ("day_month", "day_month_long", "month_year", "medium", "long", "full")
"""The date patterns a catalog carries: ``day_month`` (27 Nov), ``day_month_long``
(27 November), ``month_year`` (a calendar's title), ``medium`` (27 Nov 2026),
``long`` (27 November 2026) and ``full`` (Friday, 27 November 2026)."""
_FIELD = re.compile(r"'(?:[^']|'')*'|([A-Za-z])\1*|[^A-Za-z']+")


@dataclass(frozen=True)
class Forms:
    """One language's number symbols, names of months and days, and date patterns.

    Months are January first; days Monday first (``datetime.date.weekday``).
    ``months``/``days``: the forms used inside a date; ``months_alone``/
    ``days_alone``: standing alone (a calendar's title and its columns).
    """

    decimal: str
    group: str
    min_grouping: int
    percent_pattern: str
    months: tuple[str, ...]
    months_short: tuple[str, ...]
    months_alone: tuple[str, ...]
    days: tuple[str, ...]
    days_short: tuple[str, ...]
    days_narrow: tuple[str, ...]
    patterns: tuple[tuple[str, str], ...]

    def number(self, value: int | float, decimals: int = 0) -> str:
        """``value`` with the language's group and decimal signs (``1 234,5`` in French)."""
        negative = value < 0
        text = f"{abs(value):.{decimals}f}"
        whole, _, fraction = text.partition(".")
        if len(whole) >= 4 + self.min_grouping - 1:
            groups: list[str] = []
            while len(whole) > 3:
                groups.insert(0, whole[-3:])
                whole = whole[:-3]
            whole = self.group.join([whole, *groups])
        out = whole + (self.decimal + fraction if fraction else "")
        return ("-" if negative else "") + out

    def percent(self, value: int | float, decimals: int = 0) -> str:
        """A percentage (``value`` already in hundredths): ``25 %`` in French, ``25%`` in English."""
        return self.percent_pattern.replace("{}", self.number(value, decimals))

    def date(self, day: datetime.date, pattern: str) -> str:
        """``day`` in one of :data:`PATTERNS`."""
        return self.format_date(day, dict(self.patterns)[pattern])

    def month_name(self, month: int, alone: bool = True) -> str:
        """Month ``month`` (1–12) by name: standing alone, or as in a date."""
        return (self.months_alone if alone else self.months)[month - 1]

    def format_date(self, day: datetime.date, pattern: str) -> str:
        """``day`` in a CLDR pattern of the fields d, M, L, y, E and c."""
        out: list[str] = []
        for m in _FIELD.finditer(pattern):
            text = m.group(0)
            if text.startswith("'"):
                out.append(text[1:-1].replace("''", "'") if text != "''" else "'")
            elif m.group(1) is None:
                out.append(text)
            else:
                out.append(self._field(day, text[0], len(text)))
        return "".join(out)

    def _field(self, day: datetime.date, letter: str, width: int) -> str:
        if letter == "d":
            return f"{day.day:0{width}d}"
        if letter == "y":
            return f"{day.year % 100:02d}" if width == 2 else str(day.year)
        if letter in "ML":
            if width <= 2:
                return f"{day.month:0{width}d}"
            names = self.months_short if width == 3 else self.months if letter == "M" else self.months_alone
            return names[day.month - 1]
        if letter in "Ec":
            names = self.days if width == 4 else self.days_narrow if width == 5 else self.days_short
            return names[day.weekday()]
        return letter * width  # a field this page never asks for, shown as written


ENGLISH = Forms(
    decimal=".",
    group=",",
    min_grouping=1,
    percent_pattern="{}%",
    months=(
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ),
    months_short=("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"),
    months_alone=(
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ),
    days=("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
    days_short=("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
    days_narrow=("M", "T", "W", "T", "F", "S", "S"),
    patterns=(
        ("day_month", "d MMM"),
        ("day_month_long", "d MMMM"),
        ("month_year", "MMMM y"),
        ("medium", "d MMM y"),
        ("long", "d MMMM y"),
        ("full", "EEEE, d MMMM y"),
    ),
)
"""English, as CLDR writes it for British English (``en_GB``: the page's spelling;
``tests/test_i18n.py`` checks it against the build's)."""


def forms_from_json(data: object) -> Forms:
    """The forms of a compiled catalog's ``forms`` object; ValueError when a field is wrong."""
    if not isinstance(data, dict):
        raise ValueError("the forms are not an object")

    def text(name: str) -> str:
        value = data.get(name)
        if not isinstance(value, str):
            raise ValueError(f"forms.{name} is not text")
        return value

    def names(name: str, count: int) -> tuple[str, ...]:
        value = data.get(name)
        if not isinstance(value, list) or len(value) != count or not all(isinstance(v, str) for v in value):
            raise ValueError(f"forms.{name} is not {count} names")
        return tuple(value)

    grouping = data.get("min_grouping")
    if type(grouping) is not int or not 1 <= grouping <= 4:
        raise ValueError("forms.min_grouping is not 1 to 4")
    patterns = data.get("patterns")
    if not isinstance(patterns, dict) or set(patterns) != set(PATTERNS):
        raise ValueError("forms.patterns are not " + ", ".join(PATTERNS))
    if not all(isinstance(v, str) for v in patterns.values()):
        raise ValueError("a date pattern is not text")
    if "{}" not in text("percent_pattern"):
        raise ValueError("forms.percent_pattern has no place for the number")
    return Forms(
        decimal=text("decimal"),
        group=text("group"),
        min_grouping=grouping,
        percent_pattern=text("percent_pattern"),
        months=names("months", 12),
        months_short=names("months_short", 12),
        months_alone=names("months_alone", 12),
        days=names("days", 7),
        days_short=names("days_short", 7),
        days_narrow=names("days_narrow", 7),
        patterns=tuple((p, str(patterns[p])) for p in PATTERNS),
    )
