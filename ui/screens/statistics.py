"""The statistics as text and pictures for the screens (pure, no browser imports).

The figures of a :class:`ui.storage.statistics.Record`, the end screen's lines about what a
game changed, and the bars of the recent-results chart.
"""

from __future__ import annotations

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
        return f"{n} win" + ("s" if n != 1 else "")
    return f"{n} loss" + ("es" if n != 1 else "")


def figures(r: Record) -> list[tuple[str, str, str]]:
    """(hook, label, value) for every figure the statistics screen shows.

    >>> [v for _, _, v in figures(Record())][:5]
    ['0', '0', '0', '—', '—']
    """
    pct = r.win_percentage
    ratio = r.win_ratio
    if ratio is None:
        ratio_text = "—" if not r.won else f"{r.won} : 0"
    else:
        ratio_text = f"{ratio:.2f}".rstrip("0").rstrip(".") + " : 1"

    def opt(v: int | None) -> str:
        return "—" if v is None else str(v)

    return [
        ("played", "Games played", str(r.played)),
        ("won", "Won", str(r.won)),
        ("lost", "Lost", str(r.lost)),
        ("percentage", "Win percentage", "—" if pct is None else f"{pct:.0f}%"),
        ("ratio", "Win ratio", ratio_text),
        ("average-time", "Average win time", fmt_seconds(r.average_win_time)),
        ("best-time", "Best time", fmt_seconds(r.best_time)),
        ("fewest-moves", "Fewest moves", opt(r.fewest_moves)),
        ("highest-score", "Highest score", opt(r.highest_score)),
        ("streak", "Current streak", fmt_streak(r.streak)),
        ("longest", "Longest streak", fmt_streak(r.longest)),
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
    was = "" if a.win_percentage is None else f" (was {a.win_percentage:.0f}%)"
    pct = b.win_percentage or 0.0
    lines = [
        f"Won {b.won} of {b.played} game{'s' if b.played != 1 else ''}: {pct:.0f}%{was}",
        f"Streak: {fmt_streak(b.streak)}"
        + (" (your longest)" if b.streak > 1 and b.streak == b.longest and b.longest > a.longest else ""),
    ]
    bests = []
    for name in change.new_bests:
        value = {
            "best time": fmt_seconds(b.best_time),
            "fewest moves": str(b.fewest_moves),
            "highest score": str(b.highest_score),
        }[name]
        bests.append(f"{name} {value}")
    if bests:
        lines.append("New " + ", ".join(bests))
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
                "title": f"{res.result.capitalize()}, score {res.score}, {fmt_seconds(res.seconds)}, {res.moves} moves",
            }
        )
    return out


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
        ("all-played", "Games played", str(played)),
        ("all-won", "Won", str(won)),
        ("all-percentage", "Win percentage", f"{100 * won / played:.0f}%" if played else "—"),
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
        return ["Not played yet"]
    lines = [f"Won {r.won} of {r.played}", f"Streak: {fmt_streak(r.streak)}"]
    if r.best_time is not None:
        lines.append(f"Best time {fmt_seconds(r.best_time)}")
    return lines
