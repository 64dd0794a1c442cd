"""Statistics per preset: pure, no browser imports.

One :class:`Record` per preset id, kept in the browser's storage under
:data:`STATS_KEY` as versioned JSON, the same text an export file holds::

    {"format": "spider-stats", "version": 2,
     "presets": {"spider-1": {"played": 3, "won": 1, ...}, ...},
     "daily": {"2026-11-24": {"spider-2": [deal, seconds, moves], ...}, ...},
     "shown": {"spider-1": 2, ...}}

``daily`` holds the daily deals won (:mod:`ui.game.daily`), by local date and
game; ``shown`` counts the games finished by "Show me" per game (neither
won nor lost: they are not in ``presets``).  Version 1 files, from before
both, migrate with none.

A game counts once, when it ends for good: a win, a resignation (End), the
tournament clock running out, or a game in progress abandoned by starting
another one (a loss; the page says so before).  Derived figures (win
percentage, win ratio, average win time — seed 001) are computed, not
stored.  :func:`parse` validates everything and raises :class:`StatsError`
with a sentence a player can read; older versions pass through
:data:`MIGRATIONS` first.

>>> book = Book()
>>> change = book.record("spider-1", won=True, score=1100, seconds=312.4, moves=140)
>>> r = book.get("spider-1")
>>> (r.played, r.won, r.streak, r.best_time, r.highest_score)
(1, 1, 1, 312, 1100)
>>> change.new_bests
['best time', 'fewest moves', 'highest score']
>>> Book.from_text(book.to_text()) == book
True
>>> parse('{"format": "spider-stats", "version": 2, "presets": {"spider-1": {"played": -1}}, "daily": {}}')
Traceback (most recent call last):
...
ui.storage.statistics.StatsError: spider-1: "played" must be a whole number from 0 up, not -1
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, replace

from engine import PRESETS, jsontext
from ui.chrome.messages import engine_error
from ui.game.daily import parse_day
from ui.i18n.text import _
from ui.storage.settings import PREFIX

STATS_KEY = PREFIX + "stats"
FORMAT = "spider-stats"
VERSION = 2
RECENT = 20
"""How many recent results a record keeps (the chart's bars)."""
MAX_COUNT = 10**9
MAX_TEXT = 1_000_000
"""An import larger than this is refused before parsing."""

RESULTS = ("won", "lost")


def clock_seconds(seconds: float) -> int:
    """The whole seconds a clock shows for ``seconds`` played: the header's
    clock, the end screen and the statistics all use this, so they agree
    (7:13.9 is 7:13 everywhere).

    >>> clock_seconds(433.9), clock_seconds(-1.0)
    (433, 0)
    """
    return max(0, int(seconds))


class StatsError(ValueError):
    """Statistics that cannot be read; the message is for the player.
    ``newer``: they were written by a newer version of the game (data, so
    that no one reads the message's words to find out)."""

    def __init__(self, message: str, newer: bool = False) -> None:
        super().__init__(message)
        self.newer = newer


@dataclass(frozen=True)
class Result:
    """One finished game, for the chart: won or lost, its score, seconds and moves."""

    result: str
    score: int
    seconds: int
    moves: int

    def to_list(self) -> list[object]:
        return [self.result, self.score, self.seconds, self.moves]


@dataclass
class Record:
    """One preset's statistics.

    ``streak``: the current streak, wins counted up (``3``: three wins in a
    row), losses down (``-2``: two losses in a row).  ``longest``: the
    longest winning streak.  ``best_time`` (seconds), ``fewest_moves`` and
    ``highest_score`` are None until they mean something (a win for the
    first two, a finished game for the score).
    """

    played: int = 0
    won: int = 0
    lost: int = 0
    streak: int = 0
    longest: int = 0
    longest_losing: int = 0
    win_seconds: int = 0
    best_time: int | None = None
    fewest_moves: int | None = None
    highest_score: int | None = None
    recent: list[Result] = field(default_factory=list)

    # -- derived figures ----------------------------------------------------
    @property
    def win_percentage(self) -> float | None:
        return 100.0 * self.won / self.played if self.played else None

    @property
    def win_ratio(self) -> float | None:
        """Wins per loss (seed 001's "Win Ratio"); None with no loss yet."""
        return self.won / self.lost if self.lost else None

    @property
    def average_win_time(self) -> float | None:
        return self.win_seconds / self.won if self.won else None

    def to_dict(self) -> dict[str, object]:
        d = asdict(self)
        d["recent"] = [r.to_list() for r in self.recent]
        return d


@dataclass(frozen=True)
class RecordChange:
    """What one game did to a record (the win screen shows it)."""

    preset: str
    before: Record
    after: Record
    new_bests: list[str]


def _copy(r: Record) -> Record:
    return replace(r, recent=list(r.recent))


@dataclass(frozen=True)
class DailyWin:
    """A daily deal won: its deal number, time in seconds and moves."""

    deal: int
    seconds: int
    moves: int

    def to_list(self) -> list[int]:
        return [self.deal, self.seconds, self.moves]


@dataclass
class Book:
    """Every preset's record, and the daily deals won (``daily[date][preset]``,
    the date as ``YYYY-MM-DD``)."""

    records: dict[str, Record] = field(default_factory=dict)
    daily: dict[str, dict[str, DailyWin]] = field(default_factory=dict)
    shown: dict[str, int] = field(default_factory=dict)

    def record_shown(self, preset: str) -> RecordChange:
        """Count a game of ``preset`` finished by "Show me": not a win, not a loss."""
        self.shown[preset] = self.shown.get(preset, 0) + 1
        r = self.get(preset)
        return RecordChange(preset, _copy(r), _copy(r), [])

    def record_daily(self, day: str, preset: str, deal: int, seconds: float, moves: int) -> bool:
        """Mark ``preset``'s daily deal of ``day`` won; False (and nothing
        changes) when it was already won: the first win stands."""
        if preset in self.daily.get(day, {}):
            return False
        self.daily.setdefault(day, {})[preset] = DailyWin(int(deal), clock_seconds(seconds), int(moves))
        return True

    def daily_won(self, day: str, preset: str) -> DailyWin | None:
        return self.daily.get(day, {}).get(preset)

    def won_days(self) -> set[str]:
        """The dates (``YYYY-MM-DD``) on which at least one daily deal was won."""
        return {day for day, games in self.daily.items() if games}

    def get(self, preset: str) -> Record:
        return self.records.get(preset) or Record()

    def record(self, preset: str, won: bool, score: int, seconds: float, moves: int) -> RecordChange:
        """Count one finished game of ``preset``."""
        before = self.get(preset)
        r = _copy(before)
        secs = clock_seconds(seconds)
        r.played += 1
        bests: list[str] = []
        if won:
            r.won += 1
            r.streak = r.streak + 1 if r.streak > 0 else 1
            r.longest = max(r.longest, r.streak)
            r.win_seconds += secs
            if r.best_time is None or secs < r.best_time:
                bests.append("best time")
                r.best_time = secs
            if r.fewest_moves is None or moves < r.fewest_moves:
                bests.append("fewest moves")
                r.fewest_moves = moves
        else:
            r.lost += 1
            r.streak = r.streak - 1 if r.streak < 0 else -1
            r.longest_losing = max(r.longest_losing, -r.streak)
        if r.highest_score is None or score > r.highest_score:
            if before.highest_score is not None or won:
                bests.append("highest score")
            r.highest_score = score
        r.recent = (r.recent + [Result("won" if won else "lost", int(score), secs, int(moves))])[-RECENT:]
        self.records[preset] = r
        return RecordChange(preset, before, _copy(r), bests)

    def reset(self, preset: str) -> None:
        self.records.pop(preset, None)

    def to_dict(self) -> dict[str, object]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "presets": {p: r.to_dict() for p, r in sorted(self.records.items()) if r.played},
            "daily": {
                d: {p: w.to_list() for p, w in sorted(games.items())}
                for d, games in sorted(self.daily.items())
                if games
            },
            "shown": {p: n for p, n in sorted(self.shown.items()) if n},
        }

    def to_text(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def export_text(self) -> str:
        """The export file's text (indented, the same data as storage)."""
        return json.dumps(self.to_dict(), indent=1) + "\n"

    @classmethod
    def from_text(cls, text: str) -> Book:
        return parse(text)

    @property
    def games(self) -> int:
        return sum(r.played for r in self.records.values())


# -- reading and validating -----------------------------------------------------


def _v1_to_v2(data: dict[str, object]) -> dict[str, object]:
    """Version 1 (before daily deals and "Show me"): none of either yet."""
    return {**data, "version": 2, "daily": {}, "shown": {}}


MIGRATIONS: dict[int, Callable[[dict[str, object]], dict[str, object]]] = {1: _v1_to_v2}
"""``MIGRATIONS[n]`` turns a version-``n`` document into version ``n + 1``;
a change of the format bumps :data:`VERSION` and adds the step here."""

MAX_DAILY_DAYS = 40_000
"""More days than a century: a larger daily table is not ours."""


def _quoted(name: object) -> str:
    """A key of the file as the checks quote it: ``"spider-9"`` (at most 30 characters)."""
    return f'"{str(name)[:30]}"'


def _whole_number(where: str, name: str, value: object) -> str:
    return _("{where}: {field} must be a whole number, not {value}").format(
        where=where, field=_quoted(name), value=json.dumps(value)[:40]
    )


def _shown(data: object) -> dict[str, int]:
    if not isinstance(data, dict):
        raise StatsError(_("{field} is not an object").format(field='"shown"'))
    for preset, n in data.items():
        if preset not in PRESETS:
            raise StatsError(
                _("{where}: {game} is not a game this collection has").format(where="shown", game=_quoted(preset))
            )
        if type(n) is not int or not 0 <= n <= MAX_COUNT:
            raise StatsError(
                _("{where}: {field} must be a whole number from {low} up").format(
                    where="shown", field=_quoted(preset), low=0
                )
            )
    return {p: n for p, n in data.items() if n}


def _daily(data: object) -> dict[str, dict[str, DailyWin]]:
    if not isinstance(data, dict):
        raise StatsError(_("{field} is not an object").format(field='"daily"'))
    if len(data) > MAX_DAILY_DAYS:
        raise StatsError(_("{field} has too many days").format(field='"daily"'))
    out: dict[str, dict[str, DailyWin]] = {}
    for day, games in data.items():
        if not isinstance(day, str) or parse_day(day) is None:
            raise StatsError(
                _("{where}: {day} is not a date (YYYY-MM-DD)").format(where="daily", day=json.dumps(day)[:20])
            )
        if not isinstance(games, dict):
            raise StatsError(_("{field} is not an object").format(field=f"daily {day}"))
        won: dict[str, DailyWin] = {}
        for preset, entry in games.items():
            if preset not in PRESETS:
                raise StatsError(
                    _("{where}: {game} is not a game this collection has").format(
                        where=f"daily {day}", game=_quoted(preset)
                    )
                )
            if (
                not isinstance(entry, list)
                or len(entry) != 3
                or not all(type(v) is int and 0 <= v <= MAX_COUNT for v in entry)
                or entry[0] < 1
            ):
                raise StatsError(
                    _("{where}: expected [deal, seconds, moves], whole numbers").format(where=f"daily {day} {preset}")
                )
            won[preset] = DailyWin(*entry)
        if won:
            out[day] = won
    return out


_INTS = ("played", "won", "lost", "longest", "longest_losing", "win_seconds")
_OPTIONAL = ("best_time", "fewest_moves")


def _whole(preset: str, name: str, value: object, low: int = 0) -> int:
    if type(value) is not int or not low <= value <= MAX_COUNT:
        raise StatsError(
            _("{where}: {field} must be a whole number from {low} up, not {value}").format(
                where=preset, field=_quoted(name), low=low, value=json.dumps(value)[:40]
            )
        )
    return value


def _record(preset: str, data: object) -> Record:
    if not isinstance(data, dict):
        raise StatsError(_("{where}: the record is not an object").format(where=preset))
    known = {f.name for f in fields(Record)}
    extra = sorted(set(data) - known)
    if extra:
        raise StatsError(_("{where}: unknown field {field}").format(where=preset, field=_quoted(extra[0])))
    r = Record()
    for name in _INTS:
        if name in data:
            setattr(r, name, _whole(preset, name, data[name]))
    if "streak" in data:
        v = data["streak"]
        if type(v) is not int or abs(v) > MAX_COUNT:
            raise StatsError(_whole_number(preset, "streak", v))
        r.streak = v
    for name in _OPTIONAL:
        if data.get(name) is not None:
            setattr(r, name, _whole(preset, name, data[name]))
    if data.get("highest_score") is not None:
        v = data["highest_score"]
        if type(v) is not int or abs(v) > MAX_COUNT:
            raise StatsError(_whole_number(preset, "highest_score", v))
        r.highest_score = v
    recent = data.get("recent", [])
    if not isinstance(recent, list) or len(recent) > RECENT:
        raise StatsError(
            _("{where}: {field} must be a list of at most {n} results").format(where=preset, field='"recent"', n=RECENT)
        )
    for item in recent:
        if (
            not isinstance(item, list)
            or len(item) != 4
            or item[0] not in RESULTS
            or any(type(x) is not int for x in item[1:])
            or item[2] < 0
            or item[3] < 0
        ):
            raise StatsError(
                _('{where}: a recent result is not ["won" or "lost", score, seconds, moves]').format(where=preset)
            )
        r.recent.append(Result(item[0], item[1], item[2], item[3]))
    # the counts must agree with each other
    if r.won + r.lost != r.played:
        raise StatsError(
            _("{where}: {won} won and {lost} lost do not make {played} played").format(
                where=preset, won=r.won, lost=r.lost, played=r.played
            )
        )
    if r.longest > r.won or r.longest_losing > r.lost or r.streak > r.longest or -r.streak > r.longest_losing:
        raise StatsError(_("{where}: the streaks do not agree with the games won and lost").format(where=preset))
    if r.won and (r.best_time is None or r.fewest_moves is None):
        raise StatsError(_("{where}: games were won but the best time or fewest moves is missing").format(where=preset))
    if not r.won and (r.best_time is not None or r.fewest_moves is not None or r.win_seconds):
        raise StatsError(_("{where}: a best time or fewest moves without a game won").format(where=preset))
    if len(r.recent) > r.played:
        raise StatsError(_("{where}: more recent results than games played").format(where=preset))
    return r


def parse(text: str) -> Book:
    """Statistics from stored or imported text; raises :class:`StatsError`."""
    if len(text) > MAX_TEXT:
        raise StatsError(_("the file is too large to be statistics"))
    try:
        data = jsontext.loads(text, max_chars=MAX_TEXT)
    except jsontext.JsonLimitError as e:
        raise StatsError(_("it is not JSON") if e.kind == "syntax" else engine_error(e)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StatsError(_("it is not a Spider statistics file"))
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise StatsError(_("its version ({version}) is not valid").format(version=json.dumps(version)[:20]))
    if version > VERSION:
        raise StatsError(
            _("it was made by a newer version of the game (version {version}; this one reads {ours})").format(
                version=version, ours=VERSION
            ),
            newer=True,
        )
    while version < VERSION:
        data = MIGRATIONS[version](data)
        version += 1
    presets = data.get("presets")
    if not isinstance(presets, dict):
        raise StatsError(_("it has no {field} object").format(field='"presets"'))
    extra = sorted(set(data) - {"format", "version", "presets", "daily", "shown"})
    if extra:
        raise StatsError(_("unknown field {field}").format(field=_quoted(extra[0])))
    book = Book(daily=_daily(data.get("daily", {})), shown=_shown(data.get("shown", {})))
    for preset, rec in presets.items():
        if preset not in PRESETS:
            raise StatsError(_("{game} is not a game this collection has").format(game=_quoted(preset)))
        book.records[preset] = _record(preset, rec)
    return book


def load(text: str | None) -> tuple[Book, str | None]:
    """The stored statistics, or (empty, a sentence) when they cannot be read."""
    if not text:
        return Book(), None
    try:
        return parse(text), None
    except StatsError as e:
        return Book(), _(
            "Your statistics could not be read ({reason}); they were set aside and counting starts again."
        ).format(reason=e)
