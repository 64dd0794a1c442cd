"""The header's text (pure: no browser imports): the clock, the score and
what is left of the deal, and a game's name shortened for a narrow header,
in the player's language (:mod:`ui.i18n.text`).
The bar itself is :mod:`ui.chrome.header_view`.

>>> fmt_clock(433.9)
'7:13'
"""

from __future__ import annotations

import engine
from engine import Foundations, PileId
from ui.chrome.messages import game_name
from ui.i18n.text import N_, _, number, p_
from ui.storage.statistics import clock_seconds
from ui.table.cards import Tracker


def fmt_clock(seconds: float) -> str:
    """``7:13`` for 433.9 seconds (whole seconds, as the statistics keep them)."""
    s = clock_seconds(seconds)
    return f"{s // 60}:{s % 60:02d}"


SHORT_NAMES = {
    "tournament-1": N_("Tournament · 1 suit"),
    "tournament-2": N_("Tournament · 2 suits"),
    "little-spider-classic": N_("Little Spider (trad.)"),
    "spidike-classic": N_("Spidike (trad.)"),
}
"""The long names shortened for a narrow header, by preset id (the others fit as they are)."""


def short_title(rules: engine.Ruleset) -> str:
    """A game's name for a narrow header (a phone held upright), in the language in use.

    >>> short_title(engine.PRESETS["tournament-2"]), short_title(engine.PRESETS["little-spider-classic"])
    ('Tournament · 2 suits', 'Little Spider (trad.)')
    """
    short = SHORT_NAMES.get(rules.id)
    return _(short) if short is not None else game_name(rules)


def status_text(game: engine.Game, tracker: Tracker, narrow: bool) -> tuple[str, str, str]:
    """The header's line under the title as its clock (at its right end, where
    a message never covers it) and the rest, and the Little Spider phase (or "").

    >>> g = engine.new_game("spider-1", deal=1)
    >>> status_text(g, Tracker(g.public_view()), narrow=True)
    ('0:00', 'Score 500 · Runs 0/8', '')
    """
    rules = game.rules
    seconds = game.time_left or 0 if rules.time_limit is not None else game.elapsed  # the tournament counts down
    clock = fmt_clock(seconds) if narrow else _("Time {clock}").format(clock=fmt_clock(seconds))
    parts: list[str] = [_("Score {score}").format(score=number(game.score))]
    view_stock = sum(len(uids) for p, uids in tracker.piles.items() if p.is_stock_like)
    deals = _("Deals {n}").format(n=-(-view_stock // len(rules.columns)))
    left: list[str] = []  # what is left of the deal: the stock's badge and the draw piles show it when narrow
    phase = ""
    if rules.traits.foundations is Foundations.RUNS:
        # Translators: on a phone, beside the game's name and the score: as short as the language allows
        runs = p_("phone header", "Runs {done}/{total}") if narrow else _("Runs {done}/{total}")
        parts.append(runs.format(done=game.runs_removed(), total=rules.runs_to_win))
        if not rules.draw_piles:
            left.append(deals)
        else:
            piles = sum(1 for k in range(rules.draw_piles) if tracker.piles[PileId.draw(k)])
            left.append(_("Piles {n}").format(n=piles))
    else:
        if rules.traits.stock_phases:
            phase = "1" if view_stock else "2"
            parts.insert(0, _("Phase {n}").format(n=phase))
        left.append(deals)
    return clock, " · ".join(parts if narrow else parts + left), phase
