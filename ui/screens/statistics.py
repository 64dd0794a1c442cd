"""The statistics as text and pictures for the screens (pure, no browser imports).

The figures of a :class:`ui.storage.statistics.Record`, the end screen's lines about what a
game changed, and the bars of the recent-results chart.
"""

from __future__ import annotations

from ui.i18n.text import _, forms, n_, number, p_
from ui.storage.statistics import RECENT, Book, Record, RecordChange


def fmt_seconds(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    s = round(seconds)
    if s >= 3600:
        return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"
    return f"{s // 60}:{s % 60:02d}"


def fmt_streak(streak: int) -> str:
    if streak == 0:
        return "—"
    n = abs(streak)
    if streak > 0:
        return n_("{n} win", "{n} wins", n).format(n=number(n))
    return n_("{n} loss", "{n} losses", n).format(n=number(n))


def percent(value: float | None) -> str:
    """A win percentage in the language's form (``75%``, ``75 %``), or a dash."""
    return "—" if value is None else forms().percent(value)


def ratio_text(won: int, ratio: float | None) -> str:
    """Wins to losses, ``2.5 : 1`` (the language's decimal sign), or a dash."""
    if ratio is None:
        return "—" if not won else f"{number(won)} : 0"
    decimals = len(f"{ratio:.2f}".rstrip("0").partition(".")[2])
    return f"{number(ratio, decimals)} : 1"


def figures(r: Record) -> list[tuple[str, str, str]]:
    """(hook, label, value) for every figure the statistics screen shows.

    >>> [v for _, _, v in figures(Record())][:5]
    ['0', '0', '0', '—', '—']
    """

    def opt(v: int | None) -> str:
        return "—" if v is None else number(v)

    return [
        ("played", _("Games played"), number(r.played)),
        ("won", p_("games", "Won"), number(r.won)),
        ("lost", p_("games", "Lost"), number(r.lost)),
        ("percentage", _("Win percentage"), percent(r.win_percentage)),
        ("ratio", _("Win ratio"), ratio_text(r.won, r.win_ratio)),
        ("average-time", _("Average win time"), fmt_seconds(r.average_win_time)),
        ("best-time", _("Best time"), fmt_seconds(r.best_time)),
        ("fewest-moves", _("Fewest moves"), opt(r.fewest_moves)),
        ("highest-score", _("Highest score"), opt(r.highest_score)),
        ("streak", _("Current streak"), fmt_streak(r.streak)),
        ("longest", _("Longest streak"), fmt_streak(r.longest)),
    ]


def change_lines(change: RecordChange) -> list[str]:
    """What the win (or loss) screen says about the statistics.

    >>> from ui.storage.statistics import Book
    >>> b = Book()
    >>> _ = b.record("spider-1", won=False, score=400, seconds=60, moves=10)
    >>> change_lines(b.record("spider-1", won=True, score=900, seconds=300, moves=120))
    ['Won 1 of 2 games: 50% (was 0%)', 'Streak: 1 win', 'New best time 5:00, fewest moves 120, highest score 900']
    """
    a, b = change.before, change.after
    figures = {"won": number(b.won), "played": number(b.played), "percentage": percent(b.win_percentage or 0.0)}
    if a.win_percentage is None:
        won = n_("Won {won} of {played} game: {percentage}", "Won {won} of {played} games: {percentage}", b.played)
    else:
        figures["before"] = percent(a.win_percentage)
        won = n_(
            "Won {won} of {played} game: {percentage} (was {before})",
            "Won {won} of {played} games: {percentage} (was {before})",
            b.played,
        )
    longest = b.streak > 1 and b.streak == b.longest and b.longest > a.longest
    streak = _("Streak: {streak} (your longest)") if longest else _("Streak: {streak}")
    lines = [won.format(**figures), streak.format(streak=fmt_streak(b.streak))]
    bests = []
    for name in change.new_bests:
        if name == "best time":
            bests.append(_("best time {time}").format(time=fmt_seconds(b.best_time)))
        elif name == "fewest moves":
            bests.append(_("fewest moves {moves}").format(moves=number(b.fewest_moves or 0)))
        elif name == "highest score":
            bests.append(_("highest score {score}").format(score=number(b.highest_score or 0)))
    if bests:
        # Translators: {records} lists the records beaten: "best time 1:40, fewest moves 120"
        lines.append(_("New {records}").format(records=", ".join(bests)))
    return lines


def chart_bars(r: Record, width: float = 200.0, height: float = 48.0) -> list[dict[str, float | str]]:
    """The recent-results chart as bars (x, y, w, h, result), oldest first:
    a win stands up from the middle line, a loss hangs below it; a bar's
    length follows the score relative to the best of the shown games."""
    n = len(r.recent)
    if not n:
        return []
    slot = width / RECENT
    mid = height / 2
    top = max((abs(x.score) for x in r.recent), default=0) or 1
    out: list[dict[str, float | str]] = []
    for k, res in enumerate(r.recent):
        length = max(4.0, (mid - 2) * (0.35 + 0.65 * max(0, res.score) / top))
        x = k * slot + slot * 0.15
        y = mid - length if res.result == "won" else mid
        out.append(
            {
                "x": round(x, 1),
                "y": round(y, 1),
                "w": round(slot * 0.7, 1),
                "h": round(length, 1),
                "result": res.result,
                "title": _bar_title(res.result, res.score, res.seconds, res.moves),
            }
        )
    return out


def _bar_title(result: str, score: int, seconds: float, moves: int) -> str:
    """A bar's words: how the game ended, its score, time and moves."""
    if result == "won":
        text = n_("Won, score {score}, {time}, {n} move", "Won, score {score}, {time}, {n} moves", moves)
    else:
        text = n_("Lost, score {score}, {time}, {n} move", "Lost, score {score}, {time}, {n} moves", moves)
    return text.format(score=number(score), time=fmt_seconds(seconds), n=number(moves))


def result_word(result: str) -> str:
    """A recent result in a list: ``won`` or ``lost``."""
    return p_("result", "won") if result == "won" else p_("result", "lost")


def totals(book: Book, presets: list[str]) -> list[tuple[str, str, str]]:
    """(hook, label, value) of every game together, for the top of the statistics.

    >>> b = Book()
    >>> _ = b.record("spider-1", won=True, score=900, seconds=300, moves=120)
    >>> _ = b.record("spider-2", won=False, score=400, seconds=60, moves=10)
    >>> _ = b.record("spider-2", won=False, score=400, seconds=60, moves=10)
    >>> totals(b, ["spider-1", "spider-2", "spider-4"])
    [('all-played', 'Games played', '3'), ('all-won', 'Won', '1'), ('all-percentage', 'Win percentage', '33%')]
    """
    played = sum(book.get(p).played for p in presets)
    won = sum(book.get(p).won for p in presets)
    return [
        ("all-played", _("Games played"), number(played)),
        ("all-won", p_("games", "Won"), number(won)),
        ("all-percentage", _("Win percentage"), percent(100 * won / played if played else None)),
    ]


def card_lines(r: Record) -> list[str]:
    """A game's card on the statistics screen, under its win percentage.

    >>> b = Book()
    >>> card_lines(b.get("spider-1"))
    ['Not played yet']
    >>> _ = b.record("spider-1", won=True, score=900, seconds=300, moves=120)
    >>> _ = b.record("spider-1", won=True, score=900, seconds=290, moves=110)
    >>> card_lines(b.get("spider-1"))
    ['Won 2 of 2', 'Streak: 2 wins', 'Best time 4:50']
    """
    if not r.played:
        return [_("Not played yet")]
    lines = [
        _("Won {won} of {played}").format(won=number(r.won), played=number(r.played)),
        _("Streak: {streak}").format(streak=fmt_streak(r.streak)),
    ]
    if r.best_time is not None:
        lines.append(_("Best time {time}").format(time=fmt_seconds(r.best_time)))
    return lines
