"""Daily deals: one proven-winnable deal a day for each game (pure, no browser imports).

The rule, fixed so that every player gets the same deal on the same local
date, offline and with no server:

    the deals of the game's list in ``assets/data/winnable.json``, sorted
    ascending; the first 8 bytes of
    ``SHA-256("spider-daily/<preset id>/<YYYY-MM-DD>")`` as an unsigned
    big-endian number, modulo the list's length, is the index of the day's
    deal.

For a game whose deals are graded (``assets/data/grades.json``, see
``docs/grades.md``), the list is first cut to the deals of the day's grade,
by a weekly rhythm, easier early in the week and harder at the weekend
(:data:`WEEK_GRADES`): Monday and Tuesday Easy, Wednesday and Thursday
Medium, Friday Hard, Saturday and Sunday Expert.  A grade that holds fewer
than :data:`MIN_DAILY_POOL` of the game's deals is joined by the grades
next to it, nearest first and the easier on a tie, until the deals number
that many or every grade has joined, so that a small grade's few deals do
not come back week after week; a game with no graded deal takes its whole
list.  The rhythm starts on
:data:`RHYTHM_FROM` (Monday 30 November 2026): the days before it keep the
deals they had when they were played.

The preset id is part of the hash, so two games that share a list (Spidike
takes 4-suit Spider's) get different deals.  A later version that proves more
deals changes the deals of the days after it ships; a day already won keeps
its deal number in the statistics (:mod:`ui.storage.statistics` records it).

>>> import datetime
>>> day = datetime.date(2026, 11, 24)
>>> daily_deal("spider-2", day, (3, 5, 8, 13))
8
>>> daily_deal("spider-2", day, ()) is None
True
>>> day.strftime("%A"), day_grade(day)
('Tuesday', 'E')
>>> monday = datetime.date(2026, 11, 30)
>>> many = {d: "E" if d % 2 else "X" for d in range(1, 101)}  # 50 Easy deals, 50 Expert
>>> day_grade(monday), many[daily_deal("spider-2", monday, tuple(many), many)]
('E', 'E')
>>> few = {d: "E" if d <= 5 else "M" if d <= 40 else "X" for d in range(1, 101)}  # 5 Easy, 35 Medium, 60 Expert
>>> [(len(pool), "".join(sorted({few[d] for d in pool}, key=SCALE.index))) for pool in (
...     day_pool(tuple(few), few, "E"), day_pool(tuple(few), few, "H"), day_pool(tuple(few), few, "X"))]
[(40, 'EM'), (35, 'M'), (60, 'X')]
>>> daily_deal("spider-2", day, (3, 5, 8, 13), {3: "H", 5: "E", 8: "X", 13: "H"})  # before the rhythm
8
>>> streaks({day, day - datetime.timedelta(days=1)}, today=day)
Streaks(current=2, best=2)
>>> print(share_text("Spider · 2 suits", day, 434, 132, "https://example.org/spider/#spider-2/8"))
Spider · 2 suits, daily deal of 24 November 2026: won in 7:14, 132 moves.
https://example.org/spider/#spider-2/8
"""

from __future__ import annotations

import calendar
import datetime
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from ui.i18n.text import _, forms, n_, number

__all__ = [
    "WEEKDAYS",
    "WEEK_GRADES",
    "Cell",
    "Streaks",
    "clock",
    "daily_deal",
    "daily_deals",
    "day_grade",
    "day_pool",
    "day_title",
    "format_day",
    "month_grid",
    "parse_day",
    "share_text",
    "streaks",
]

WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
"""The calendar's columns: weeks start on Monday (ISO 8601)."""
FIRST_DAY = datetime.date(2026, 1, 1)
"""No daily deal before this date (the calendar does not go further back)."""
RHYTHM_FROM = datetime.date(2026, 11, 30)
"""The first day whose daily deals follow the weekly rhythm of grades (a Monday)."""
WEEK_GRADES = ("E", "E", "M", "M", "H", "X", "X")
"""The daily deal's grade, Monday to Sunday: easier early in the week, harder at the weekend."""
SCALE = "EMHX"
"""The grades from the easiest to the hardest."""
MIN_DAILY_POOL = 30
"""The fewest deals a graded game's daily deal is picked from (about the Mondays
and Tuesdays of a season): a smaller grade is joined by its neighbours."""


def day_grade(day: datetime.date) -> str:
    """The grade letter of ``day``'s daily deals (for a game whose deals are graded)."""
    return WEEK_GRADES[day.weekday()]


def daily_deal(
    preset: str, day: datetime.date, deals: Sequence[int], grades: Mapping[int, str] | None = None
) -> int | None:
    """The deal number of ``preset``'s daily deal on ``day``, from its proven
    ``deals`` (None when the game has no proven deals), cut to the day's
    grade when ``grades`` (the game's graded deals) has deals of it; see the
    module doc."""
    if not deals:
        return None
    pool = day_pool(deals, grades, day_grade(day)) if grades is not None and day >= RHYTHM_FROM else sorted(deals)
    digest = hashlib.sha256(f"spider-daily/{preset}/{day.isoformat()}".encode()).digest()
    return pool[int.from_bytes(digest[:8], "big") % len(pool)]


def day_pool(deals: Sequence[int], grades: Mapping[int, str], letter: str) -> list[int]:
    """The deals, sorted, that a day of grade ``letter`` picks its deal from:
    those of that grade, joined by the grades next to it on the scale
    (:data:`SCALE`), nearest first and the easier on a tie, while they are
    fewer than :data:`MIN_DAILY_POOL`; the whole of ``deals`` when none is
    graded."""
    at = SCALE.index(letter)
    pool: list[int] = []
    for grade in sorted(SCALE, key=lambda g: (abs(SCALE.index(g) - at), SCALE.index(g))):
        if len(pool) >= MIN_DAILY_POOL:
            break
        pool.extend(d for d in deals if grades.get(d) == grade)
    return sorted(pool) or sorted(deals)


def daily_deals(
    day: datetime.date,
    winnable: Mapping[str, Sequence[int]],
    grades: Mapping[str, Mapping[int, str]] | None = None,
) -> dict[str, int]:
    """Every game's daily deal on ``day`` (games without proven deals are left out)."""
    out: dict[str, int] = {}
    for preset, deals in winnable.items():
        deal = daily_deal(preset, day, deals, (grades or {}).get(preset))
        if deal is not None:
            out[preset] = deal
    return out


class Streaks(NamedTuple):
    """Days in a row with a daily deal won: ``current`` (still alive while
    today is not over: it counts from yesterday until today is won) and the
    ``best`` ever."""

    current: int
    best: int


def streaks(won_days: Iterable[datetime.date], today: datetime.date) -> Streaks:
    """The daily streaks, from the days on which a daily deal was won.

    >>> d = datetime.date(2026, 3, 10)
    >>> one = datetime.timedelta(days=1)
    >>> streaks({d - one, d - 2 * one, d - 5 * one, d - 6 * one, d - 7 * one}, today=d)
    Streaks(current=2, best=3)
    >>> streaks({d - 2 * one}, today=d)
    Streaks(current=0, best=1)
    """
    days = sorted(set(won_days))
    best = run = 0
    previous: datetime.date | None = None
    for day in days:
        run = run + 1 if previous is not None and (day - previous).days == 1 else 1
        best = max(best, run)
        previous = day
    won = set(days)
    one = datetime.timedelta(days=1)
    cursor = today if today in won else today - one
    current = 0
    while cursor in won:
        current += 1
        cursor -= one
    return Streaks(current, best)


class Cell(NamedTuple):
    """One day of the calendar: ``state`` is ``"won"`` (a daily deal won that
    day), ``"open"`` (a past day, or today, not won yet: it can still be
    played), ``"future"`` or ``"before"`` (before :data:`FIRST_DAY`)."""

    day: datetime.date
    state: str
    today: bool


def month_grid(
    year: int, month: int, won_days: Iterable[datetime.date], today: datetime.date
) -> list[list[Cell | None]]:
    """The month as weeks of seven cells, Monday first; None pads the first
    and last weeks.

    >>> weeks = month_grid(2026, 11, {datetime.date(2026, 11, 2)}, today=datetime.date(2026, 11, 3))
    >>> [c.state if c else "" for c in weeks[0]]
    ['', '', '', '', '', '', 'open']
    >>> [c.state for c in weeks[1][:3]], weeks[1][1].today
    (['won', 'open', 'future'], True)
    """
    won = set(won_days)
    weeks: list[list[Cell | None]] = []
    for week in calendar.Calendar(firstweekday=0).monthdatescalendar(year, month):
        row: list[Cell | None] = []
        for day in week:
            if day.month != month:
                row.append(None)
                continue
            if day in won:
                state = "won"
            elif day > today:
                state = "future"
            elif day < FIRST_DAY:
                state = "before"
            else:
                state = "open"
            row.append(Cell(day, state, day == today))
        weeks.append(row)
    return weeks


def format_day(day: datetime.date) -> str:
    """The date as the statistics store it: ``2026-11-24``."""
    return day.isoformat()


def parse_day(text: str) -> datetime.date | None:
    """A stored or routed date (``YYYY-MM-DD``, ASCII digits), or None.

    >>> parse_day("2026-11-24"), parse_day("2026-02-30"), parse_day("２０２６-01-01")
    (datetime.date(2026, 11, 24), None, None)
    """
    if len(text) != 10 or not text.isascii() or text[4] != "-" or text[7] != "-":
        return None
    y, m, d = text[:4], text[5:7], text[8:]
    if not (y.isdigit() and m.isdigit() and d.isdigit()):
        return None
    try:
        return datetime.date(int(y), int(m), int(d))
    except ValueError:
        return None


def day_title(day: datetime.date) -> str:
    """``24 November 2026``, in the language in use (CLDR's long date)."""
    return forms().date(day, "long")


def short_day(day: datetime.date) -> str:
    """``27 Nov``, in the language in use (the Games screen's daily row).

    >>> short_day(datetime.date(2026, 11, 27))
    '27 Nov'
    """
    return forms().date(day, "day_month")


def today_line(won_today: Iterable[str]) -> str:
    """Today's state for the Daily row of Games: which of today's deals are won.

    >>> today_line([]), today_line(["Spider · 1 suit"]), today_line(["A", "B"])
    ('Not played yet', 'Won today: Spider · 1 suit ✓', 'Won today: 2 deals ✓')
    """
    names = list(won_today)
    if not names:
        return _("Not played yet")
    if len(names) == 1:
        # Translators: {game}: the game whose daily deal was won today
        return _("Won today: {game} ✓").format(game=names[0])
    return n_("Won today: {n} deal ✓", "Won today: {n} deals ✓", len(names)).format(n=number(len(names)))


def clock(seconds: int) -> str:
    """``7:14``, or ``1:02:03`` past an hour."""
    s = max(0, int(seconds))
    if s >= 3600:
        return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"
    return f"{s // 60}:{s % 60:02d}"


def share_text(game_name: str, day: datetime.date, seconds: int, moves: int, url: str) -> str:
    """What the share button sends: the game, the date, the time, the moves
    and the link to the same deal, in the language in use.  Nothing about the player."""
    said = n_(
        "{game}, daily deal of {date}: won in {time}, {n} move.",
        "{game}, daily deal of {date}: won in {time}, {n} moves.",
        moves,
    ).format(game=game_name, date=day_title(day), time=clock(seconds), n=number(moves))
    return f"{said}\n{url}"
