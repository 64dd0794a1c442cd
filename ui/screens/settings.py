"""What the Settings screen shows (pure: no browser imports): every
setting of :class:`ui.storage.settings.Settings`, in four groups, each with the
control that suits it (:mod:`ui.screens.settings_view` draws them).

>>> [title for title, _ in GROUPS]
['Game', 'Cards and table', 'Sound', 'Accessibility']
>>> stored_text(True), stored_text(600)
('on', '600')
"""

from __future__ import annotations

from typing import NamedTuple

from ui.storage import settings


class Seg(NamedTuple):
    """A choice of two to four values: (value as stored text, words)."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]
    help: str = ""


class Switch(NamedTuple):
    """On or off; ``inverted``: the switch is on when the setting is False (Sound / muted)."""

    name: str
    label: str
    help: str = ""
    inverted: bool = False


class Slider(NamedTuple):
    name: str
    label: str


class Swatches(NamedTuple):
    """A choice shown as small pictures (a card back, a felt): (value, words).
    ``kind`` names the pictures' CSS classes (``swatch-<kind>-<value>``)."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]
    kind: str
    help: str = ""


Control = Seg | Switch | Slider | Swatches

GROUPS: tuple[tuple[str, tuple[Control, ...]], ...] = (
    (
        "Game",
        (
            Seg(
                "tap",
                "A tap on a card",
                (("auto", "Moves it"), ("select", "Selects it")),
                "Moves it: to its best place. Selects it: then tap where it goes.",
            ),
            Switch("confirm", "Ask before ending or leaving a game"),
            Switch("indicator", "Still winnable? badge", "A search says whether a win is still there."),
            Seg(
                "scoring",
                "Spider scoring",
                (("classic", "Classic"), ("built", "Built cards")),
                "Classic: 500, −1 a move, +100 a run. Built cards: a point a card built from a King.",
            ),
            Seg("time_limit", "Tournament time", tuple((str(t), f"{t // 60} min") for t in settings.TIME_LIMITS)),
        ),
    ),
    (
        "Cards and table",
        (
            Seg("faces", "Card faces", (("large", "Two colours"), ("fourcolour", "Four colours"))),
            Swatches("back", "Card back", tuple((b, b.capitalize()) for b in settings.BACKS), "back"),
            Swatches(
                "felt",
                "Table",
                tuple((f, f.capitalize()) for f in settings.FELTS),
                "felt",
                "High contrast keeps its own black table and back.",
            ),
            Switch("simple", "Simple mode", "No spiders, no win show, shorter animations."),
            Switch("left_handed", "Left-handed", "The table mirrored: the stock on the left."),
            Switch("portrait", "Portrait arrangement", "Piles above the columns on any screen."),
        ),
    ),
    (
        "Sound",
        (
            Switch("muted", "Sound", inverted=True),
            Slider("volume", "Sound effects volume"),
            Slider("music", "Music volume"),
        ),
    ),
    (
        "Accessibility",
        (
            Seg(
                "contrast",
                "Contrast",
                (("system", "System"), ("high", "High"), ("standard", "Standard")),
                "System: high when the device asks for more contrast.",
            ),
            Seg(
                "motion",
                "Motion",
                (("system", "System"), ("reduce", "Reduce"), ("full", "Full")),
                "Reduce: cards go straight to their place, the moved ones outlined.",
            ),
            Seg(
                "verbosity",
                "Screen reader",
                (("brief", "Brief"), ("full", "Full"), ("off", "Off")),
                "Brief: each move and what it caused. Full: also the piles and the score.",
            ),
        ),
    ),
)
"""Every setting the screen shows (all of :class:`ui.storage.settings.Settings` but
the per-game "Winnable deals", which the game picker shows)."""


def stored_text(value: object) -> str:
    """A setting's value as its control writes it (``on``/``off`` for a flag)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)
