"""The header's text (pure: no browser imports): the clock, the score and
what is left of the deal, and a game's name shortened for a narrow header.
The bar itself is :mod:`ui.chrome.header_view`.

>>> fmt_clock(433.9)
'7:13'
"""

from __future__ import annotations

import engine
from engine import Foundations, PileId
from ui.storage.statistics import clock_seconds
from ui.table.cards import Tracker


def fmt_clock(seconds: float) -> str:
    """``7:13`` for 433.9 seconds (whole seconds, as the statistics keep them)."""
    s = clock_seconds(seconds)
    return f"{s // 60}:{s % 60:02d}"


def short_title(name: str) -> str:
    """A game's name for a narrow header (a phone held upright).

    >>> short_title("Tournament Spider · 2 suits"), short_title("Little Spider (traditional)")
    ('Tournament · 2 suits', 'Little Spider (trad.)')
    """
    return name.replace("Tournament Spider", "Tournament").replace("(traditional)", "(trad.)")


def status_text(game: engine.Game, tracker: Tracker, narrow: bool) -> tuple[str, str]:
    """The header's line under the title, and the Little Spider phase (or "")."""
    rules = game.rules
    parts: list[str] = []
    if rules.time_limit is not None:  # the tournament counts down
        parts.append(("" if narrow else "Time ") + fmt_clock(game.time_left or 0))
    else:  # the clock counts up
        parts.append(("" if narrow else "Time ") + fmt_clock(game.elapsed))
    parts.append(f"Score {game.score}")
    view_stock = sum(len(uids) for p, uids in tracker.piles.items() if p.is_stock_like)
    phase = ""
    if rules.traits.foundations is Foundations.RUNS:
        parts.append(f"Runs {game.runs_removed()}/{rules.runs_to_win}")
        if not rules.draw_piles:
            parts.append(f"Deals {-(-view_stock // len(rules.columns))}")
        else:
            left = sum(1 for k in range(rules.draw_piles) if tracker.piles[PileId.draw(k)])
            parts.append(f"Piles {left}")
    else:
        if rules.traits.stock_phases:
            phase = "1" if view_stock else "2"
            parts.insert(0, f"Phase {phase}")
        parts.append(f"Deals {-(-view_stock // len(rules.columns))}")
    if narrow:  # the stock's badge and the draw piles show what is left
        parts = [p for p in parts if not p.startswith(("Deals", "Piles"))]
    return " · ".join(parts), phase


def split_clock(text: str) -> tuple[str, str]:
    """The status line's clock apart from the rest (the header shows it at
    its right end, where a message never covers it); ("", text) without one.

    >>> split_clock("Phase 1 · Time 0:00 · Score 0")
    ('Time 0:00', 'Phase 1 · Score 0')
    >>> split_clock("9:58 · Score 0 · Runs 0/6")
    ('9:58', 'Score 0 · Runs 0/6')
    """
    parts = text.split(" · ")
    for k, part in enumerate(parts):
        digits = part.removeprefix("Time ").replace(":", "")
        if digits.isdigit() and ":" in part:
            return part, " · ".join(parts[:k] + parts[k + 1 :])
    return "", text
