"""What the Settings screen shows (pure: no browser imports): every
setting of :class:`ui.storage.settings.Settings`, in four groups, each with the
control that suits it (:mod:`ui.screens.settings_view` draws them).

The words are English, marked for the catalogs (``N_``); the screen shows
them translated (``_``, and :func:`choice_words` for a choice's words).

>>> [title for title, _ in GROUPS]
['Game', 'Cards and table', 'Sound', 'Accessibility']
>>> stored_text(True), stored_text(600)
('on', '600')
>>> choice_words("time_limit", "300", "5 min"), choice_words("language", "fr", "Français")
('5 min', 'Français')
"""

from __future__ import annotations

from typing import NamedTuple

from ui.i18n.text import LANGUAGES, N_, Np_, _, number, p_
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


class Menu(NamedTuple):
    """A choice of many values, as a list to pick from (a ``select``): (value, words)."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]
    help: str = ""


Control = Seg | Switch | Slider | Swatches | Menu

CONTEXTS = frozenset({"motion", "verbosity"})
"""The settings whose choices' words are marked with their name as context
(``Np_``): "Full" motion and a "Full" screen reader are different words in
other languages."""

BACK_WORDS = {
    "blue": N_("Blue"),
    "red": N_("Red"),
    "green": N_("Green"),
    "plum": N_("Plum"),
    "midnight": N_("Midnight"),
    "teal": N_("Teal"),
}
FELT_WORDS = {"green": N_("Green"), "blue": N_("Blue"), "wine": N_("Wine"), "slate": N_("Slate")}

GROUPS: tuple[tuple[str, tuple[Control, ...]], ...] = (
    (
        N_("Game"),
        (
            Menu(
                "language",
                N_("Language"),
                (("", N_("The browser's language")), *((code, name) for code, name in LANGUAGES)),
            ),
            Seg(
                "tap",
                N_("A tap on a card"),
                (("auto", N_("Moves it")), ("select", N_("Selects it"))),
                N_("Moves it: to its best place. Selects it: then tap where it goes."),
            ),
            Switch("confirm", N_("Ask before ending or leaving a game")),
            Switch("indicator", N_("Still winnable? badge"), N_("A search says whether a win is still there.")),
            Seg(
                "scoring",
                N_("Spider scoring"),
                (("classic", N_("Classic")), ("built", N_("Built cards"))),
                N_("Classic: 500, −1 a move, +100 a run. Built cards: a point a card built from a King."),
            ),
            Seg("time_limit", N_("Tournament time"), tuple((str(t), f"{t // 60} min") for t in settings.TIME_LIMITS)),
        ),
    ),
    (
        N_("Cards and table"),
        (
            Seg("faces", N_("Card faces"), (("large", N_("Two colours")), ("fourcolour", N_("Four colours")))),
            Swatches("back", N_("Card back"), tuple((b, BACK_WORDS[b]) for b in settings.BACKS), "back"),
            Swatches(
                "felt",
                N_("Table"),
                tuple((f, FELT_WORDS[f]) for f in settings.FELTS),
                "felt",
                N_("High contrast keeps its own black table and back."),
            ),
            Switch("simple", N_("Simple mode"), N_("No spiders, no win show, shorter animations.")),
            Switch("left_handed", N_("Left-handed"), N_("The table mirrored: the stock on the left.")),
            Switch("portrait", N_("Portrait arrangement"), N_("Piles above the columns on any screen.")),
        ),
    ),
    (
        N_("Sound"),
        (
            Switch("muted", N_("Sound"), inverted=True),
            Slider("volume", N_("Sound effects volume")),
            Slider("music", N_("Music volume")),
        ),
    ),
    (
        N_("Accessibility"),
        (
            Seg(
                "contrast",
                N_("Contrast"),
                (("system", N_("System")), ("high", N_("High")), ("standard", N_("Standard"))),
                N_("System: high when the device asks for more contrast."),
            ),
            Seg(
                "motion",
                N_("Motion"),
                (
                    ("system", Np_("motion", "System")),
                    ("reduce", Np_("motion", "Reduce")),
                    ("full", Np_("motion", "Full")),
                ),
                N_("Reduce: cards go straight to their place, the moved ones outlined."),
            ),
            Seg(
                "verbosity",
                N_("Screen reader"),
                (
                    ("brief", Np_("verbosity", "Brief")),
                    ("full", Np_("verbosity", "Full")),
                    ("off", Np_("verbosity", "Off")),
                ),
                N_("Brief: each move and what it caused. Full: also the piles and the score."),
            ),
        ),
    ),
)
"""Every setting the screen shows (all of :class:`ui.storage.settings.Settings` but
the per-game "Winnable deals", which the game picker shows)."""


def choice_words(name: str, value: str, words: str) -> str:
    """A choice's words in the language in use: the tournament's minutes
    counted in it, a language by its own name, the rest from the catalog."""
    if name == "time_limit":
        return _("{minutes} min").format(minutes=number(int(value) // 60))
    if name == "language" and value:
        return words  # a language's own name for itself
    if name in CONTEXTS:
        return p_(name, words)
    return _(words)


def stored_text(value: object) -> str:
    """A setting's value as its control writes it (``on``/``off`` for a flag)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)
