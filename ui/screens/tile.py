"""The game picker's tiles (pure: no browser imports): a small drawing of
each game's table, its difficulty and the player's own record.

The drawing is the table itself, laid out by the page's own layout
(:func:`ui.table.layout.layout_table`) for a fixed deal at a small size, so a
tile shows the real arrangement of its game: ten columns and a stock,
eight columns with a Free Column and five draw piles, two rows of four
piles around the foundations…  :mod:`ui.screens.chooser_view` draws it as SVG.

>>> import engine
>>> pic = table_picture(engine.PRESETS["little-spider"])
>>> len(pic.cards), pic.width > pic.height
(52, True)
>>> difficulty("spider-4")
(4, 'Expert')
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import engine
from engine import Ruleset, is_red
from ui.i18n.text import N_, _, forms, number
from ui.storage.statistics import Record
from ui.table import cards as model
from ui.table.layout import Options, layout_table

PICTURE_W, PICTURE_H = 520.0, 300.0
"""The size the layout is asked for (the drawing scales to its tile)."""
PORTRAIT_W, PORTRAIT_H = 300.0, 420.0
"""The same for a screen upright: the table as a phone held upright shows it."""
TALL_ASPECT = 1.1
"""An upright drawing is at least this many times as tall as it is wide."""
PICTURE_DEAL = 3

DIFFICULTY: dict[str, int] = {
    "spider-1": 1,
    "spider-easy": 1,
    "spider-relaxed": 2,
    "spider-2": 2,
    "tournament-1": 2,
    "little-spider": 2,
    "spidike-classic": 2,
    "tournament-2": 3,
    "little-spider-classic": 3,
    "spider-4": 4,
    "spidike": 4,
}
"""How hard each game is, 1 to 4: one suit, or groups of any suits, is the
easiest; two suits, a clock or a foundation order to keep in mind is
medium; the tournament's two suits against the clock and Little Spider's
traditional restrictions are hard; four suits (Spider, Spidike) are for
experts (the solver proves fewer of their deals, and a player who follows
the hints wins far fewer)."""
LEVELS = (N_("Easy"), N_("Medium"), N_("Hard"), N_("Expert"))
"""The difficulty's words (translated where they are shown)."""

SUBTITLES: dict[str, str] = {
    "spider-1": N_("All spades: every run is of one suit"),
    "spider-2": N_("Spades and hearts: runs must be of one suit"),
    "spider-4": N_("Four suits: runs must be of one suit"),
    "spider-relaxed": N_("Four suits; a King-to-Ace run of mixed suits leaves too"),
    "spider-easy": N_("Four suits; any run down moves and leaves, mixed too"),
    "tournament-1": N_("One suit against the clock; deal any of 5 draw piles"),
    "tournament-2": N_("Two suits against the clock; deal any of 5 draw piles"),
    "little-spider": N_("One deck, all face up: build four foundations"),
    "little-spider-classic": N_("The traditional rules: a stricter lower row, King on Ace"),
    "spidike": N_("Spider · 4 suits, with a row of eight slots for runs"),
    "spidike-classic": N_("One deck in seven piles, built up by suit to foundations"),
}
"""One line on each game's tile, in plain words: how it differs from the
others (see docs/rules.md, "The games")."""


def name_pieces(name: str) -> list[tuple[str, bool]]:
    """A game's name in the pieces a line may break between: ``(text, whole)``,
    where a ``whole`` piece must not be broken.  The "·" stays with the word
    before it, so no line starts with it, and what follows it ("2 suits") is
    never cut from its number.  The pieces joined are the name.

    >>> name_pieces("Pająk turniejowy · 2 kolory")
    [('Pająk ', False), ('turniejowy ·', True), (' ', False), ('2 kolory', True)]
    >>> name_pieces("Spidike")
    [('Spidike', False)]
    """
    parts = name.split(" · ")
    if len(parts) == 1:
        return [(name, False)]
    pieces: list[tuple[str, bool]] = []
    for i, part in enumerate(parts):
        if i:
            pieces.append((" ", False))
        if i < len(parts) - 1:
            head, _gap, last = part.rpartition(" ")
            if head:
                pieces.append((head + " ", False))
            pieces.append((last + " ·", True))
        else:
            pieces.append((part, True))
    return pieces


def difficulty(preset: str) -> tuple[int, str]:
    """(level 1–4, its word in the language in use) of a preset."""
    level = DIFFICULTY.get(preset, 2)
    return level, _(LEVELS[level - 1])


def subtitle(preset: str) -> str:
    """How a game differs, in one line, in the language in use (its whole
    summary when it has no line of its own: a sentence is never cut from a
    translated text).

    >>> subtitle("spider-relaxed")
    'Four suits; a King-to-Ace run of mixed suits leaves too'
    """
    line = SUBTITLES.get(preset)
    if line is not None:
        return _(line)
    return _(engine.PRESETS[preset].summary)


def record_line(r: Record) -> str:
    """The player's own figures on a tile.

    >>> from ui.storage.statistics import Book
    >>> b = Book()
    >>> record_line(b.get("spider-1"))
    'Not played yet'
    >>> _ = b.record("spider-1", won=True, score=900, seconds=300, moves=120)
    >>> _ = b.record("spider-1", won=False, score=400, seconds=60, moves=10)
    >>> record_line(b.get("spider-1"))
    'Won 1 of 2 · 50%'
    """
    if not r.played:
        return _("Not played yet")
    pct = r.win_percentage or 0.0
    # Translators: a game's record on its tile: games won, games played, the win percentage
    return _("Won {won} of {played} · {percentage}").format(
        won=number(r.won), played=number(r.played), percentage=forms().percent(pct)
    )


class Spot(NamedTuple):
    """One card of a drawing: top-left corner, face up, red."""

    x: float
    y: float
    up: bool
    red: bool


class Picture(NamedTuple):
    """A game's table at the start of a deal: the cards and the empty piles."""

    width: float
    height: float
    card_w: float
    card_h: float
    cards: tuple[Spot, ...]
    slots: tuple[tuple[float, float], ...]


@cache
def table_picture(rules: Ruleset, portrait: bool = False) -> Picture:
    """The table of ``rules``' game at the start of a fixed deal, laid out
    by the page's layout at :data:`PICTURE_W` × :data:`PICTURE_H` (with
    ``portrait``: :data:`PORTRAIT_W` × :data:`PORTRAIT_H`, in the upright
    arrangements), cropped to what is drawn.

    >>> import engine
    >>> pic = table_picture(engine.PRESETS["spider-2"], portrait=True)
    >>> pic.height > pic.width
    True
    """
    g = engine.new_game(rules.id, deal=PICTURE_DEAL)
    t = model.Tracker.from_view(g.rules, g.public_view())
    if portrait:
        lay = layout_table(model.table_shape(t), PORTRAIT_W, PORTRAIT_H, Options(portrait=True))
    else:
        lay = layout_table(model.table_shape(t), PICTURE_W, PICTURE_H)
    placed = sorted(
        ((uid, p) for uid, p in enumerate(model.scene(t, lay)) if p is not None), key=lambda item: item[1].z
    )
    filled = {p.id for p in lay.piles if t.piles.get(p.id)}
    slots = [(p.rect.x, p.rect.y) for p in lay.piles if p.id not in filled and not p.id.is_stock_like]
    x0 = min([p.x for _, p in placed] + [x for x, _ in slots])
    y0 = min([p.y for _, p in placed] + [y for _, y in slots])
    x1 = max([p.x for _, p in placed] + [x for x, _ in slots]) + lay.card_width
    y1 = max([p.y for _, p in placed] + [y for _, y in slots]) + lay.card_height
    if portrait:  # the felt below the opening's cards, as an upright phone shows it
        y1 = max(y1, y0 + (x1 - x0) * TALL_ASPECT)
    cards = []
    for uid, p in placed:
        card = t.cards[uid]
        cards.append(Spot(p.x - x0, p.y - y0, p.up, card is not None and is_red(card)))
    return Picture(
        x1 - x0,
        y1 - y0,
        lay.card_width,
        lay.card_height,
        tuple(cards),
        tuple((x - x0, y - y0) for x, y in slots),
    )
