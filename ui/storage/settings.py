"""The page's settings, and the one-slot game save of earlier versions, as
text (pure, no browser imports).

Settings: :class:`Settings` (tap behaviour, simple mode, face set, card
back, felt, "Winnable deals" per game, the "Still winnable?" badge,
sound, motion, contrast, and the rest) is read and written as versioned
JSON (:data:`SETTINGS_VERSION`; older versions are upgraded on reading).
The page keeps that text under the ``settings`` key of its storage
(:mod:`ui.storage.store`, through :mod:`ui.chrome.appearance_view`).  Reading never raises:
nothing stored gives the defaults, and a damaged text or value gives its
default.  :func:`reduce_motion` and :func:`high_contrast` read the motion
and contrast settings against the system's wishes.

The legacy one-slot save: earlier versions kept one game in progress in
``localStorage`` under :data:`CURRENT_KEY` (``spider.v1.current``), and
the settings under :data:`SETTINGS_KEY`, as a small versioned envelope
around the engine's own save (:meth:`engine.Game.to_json`)::

    {"v": 2, "id": "<a game id>", "recorded": false, "game": "<engine save JSON>"}

Games are now records of their own, one per game (:mod:`ui.storage.games`,
:mod:`ui.storage.store`).  ``shell/store.js`` copies the old keys once, at the
first start of this version, and :meth:`ui.game.current.GameService.tidy`
turns the old slot into a game record with :func:`read_slot` (through
:func:`ui.storage.games.from_legacy`); older envelopes pass through
:data:`ENVELOPE_MIGRATIONS`, and one that cannot be read gives a sentence
for the player (the ``localStorage`` original is left as it was).
:func:`write_current` writes such a slot: the tests use it to stand for
an earlier version's storage.

>>> import engine
>>> g = engine.new_game("spider-1", deal=5)
>>> _ = g.play(g.legal_moves()[0])
>>> restored, error = read_current(write_current(g))
>>> restored.position == g.position, error
(True, None)
>>> read_current('{"v": 2, "game": "oops"}')[1][:38]
'Your saved game could not be restored:'
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields

import engine
from engine import OptionValue, jsontext
from ui.chrome.messages import engine_error
from ui.i18n.text import _

PREFIX = "spider.v1."
CURRENT_KEY = PREFIX + "current"
SETTINGS_KEY = PREFIX + "settings"
MAX_STORED_CHARS = 4_000_000
"""Stored text longer than this is not read (a real save is a few kilobytes)."""
UNREADABLE_SUFFIX = ".unreadable"
"""The sentence of a slot that cannot be read names its copy under its key
plus this suffix, where earlier versions set it aside; reading it now
(:func:`ui.storage.games.from_legacy`) leaves the original in place and drops
that part of the sentence."""
ENVELOPE_VERSION = 2
"""Version 2 adds ``id`` (one per game, so a result is counted in
the statistics once) and ``recorded`` (whether it has been)."""


def _v1_to_v2(data: dict[str, object]) -> dict[str, object]:
    """Version 1 (before statistics): the game gets an id, not yet counted."""
    return {**data, "v": 2, "id": new_game_id(), "recorded": False}


ENVELOPE_MIGRATIONS: dict[int, Callable[[dict[str, object]], dict[str, object]]] = {1: _v1_to_v2}
"""``ENVELOPE_MIGRATIONS[n]`` turns a version-``n`` envelope into version ``n + 1``."""


SETTINGS_VERSION = 5
"""Version 3 turns the music off by default (it played at 30 before);
version 4 adds ``language`` (earlier settings follow the browser's language);
version 5 makes "Winnable deals" a choice per game, Off, Any or a grade (an
earlier yes/no reads as Any/Off)."""
OLD_MUSIC_DEFAULT = 30


def new_game_id() -> str:
    return f"{random.getrandbits(64):016x}"


@dataclass
class CurrentSlot:
    """What :func:`read_slot` found: the game (or None), its id, whether its
    result is already in the statistics, and why it could not be used."""

    game: engine.Game | None = None
    game_id: str = ""
    recorded: bool = False
    error: str | None = None
    why: str | None = None
    """The reason alone (``error`` is the whole sentence that says it)."""


def write_current(game: engine.Game, game_id: str = "", recorded: bool = False) -> str:
    """The text stored for the game in progress."""
    return json.dumps(
        {"v": ENVELOPE_VERSION, "id": game_id or new_game_id(), "recorded": recorded, "game": game.to_json()},
        separators=(",", ":"),
    )


def read_slot(text: str | None) -> CurrentSlot:
    """The stored game; an empty :class:`CurrentSlot` when nothing is stored, one
    with ``error`` (a sentence for the player) when it cannot be used."""
    if text is None or text == "":
        return CurrentSlot()
    try:
        data = jsontext.loads(text, max_chars=MAX_STORED_CHARS)
        if not isinstance(data, dict) or "game" not in data:
            raise engine.SaveError(_("the stored data is not a saved game"))
        version = data.get("v")
        if type(version) is not int or not 1 <= version <= ENVELOPE_VERSION:
            raise engine.SaveError(
                _("it was stored by another version of the game ({version})").format(version=repr(version))
            )
        while version < ENVELOPE_VERSION:
            data = ENVELOPE_MIGRATIONS[version](data)
            version += 1
        game = engine.load_game(data["game"])
        game_id = data.get("id")
        recorded = data.get("recorded")
        if not isinstance(game_id, str) or not game_id or type(recorded) is not bool:
            raise engine.SaveError(_("its id or its statistics mark is missing"))
    except (engine.SaveError, jsontext.JsonLimitError) as e:
        why = engine_error(e)
    except (ValueError, TypeError, KeyError, RecursionError) as e:
        why = _("it is damaged ({problem})").format(problem=type(e).__name__)
    else:
        return CurrentSlot(game, game_id, recorded)
    error = _(
        "Your saved game could not be restored: {reason}. It was kept aside in this "
        "browser's storage ({key}); a new game has started."
    ).format(reason=why, key=CURRENT_KEY + UNREADABLE_SUFFIX)
    return CurrentSlot(error=error, why=why)


def read_current(text: str | None) -> tuple[engine.Game | None, str | None]:
    """The stored game, or (None, a sentence saying why it could not be used).

    ``text`` None (nothing stored) gives ``(None, None)``.
    """
    slot = read_slot(text)
    return slot.game, slot.error


TAP_MODES = ("auto", "select")
FACE_SETS = ("large", "fourcolour")
BACKS = ("blue", "red", "green", "plum", "midnight", "teal")
"""The card backs (``assets/cards/backs/<name>.svg``, drawn by ``tools/gen_cards.py``)."""
FELTS = ("green", "blue", "wine", "slate")
"""The table's felt colours (``.felt-<name>`` in ``assets/css/table.css``)."""
SCORING_STYLES = ("classic", "built")
TIME_LIMITS = (300, 600, 900)
VERBOSITY = ("off", "brief", "full")
"""What a screen reader is told (ui/chrome/messages.py): nothing, the action and
what it caused, or that and the piles it changed and the score."""
LANGUAGES = ("", "en", "fr", "de", "es", "it", "pt_BR", "pl")
"""The ``language`` setting's values: "" follows the browser, else a language's
code (``ui.i18n.text.LANGUAGES``; ``tests/test_i18n.py`` keeps the two the same)."""
MOTION_MODES = ("system", "reduce", "full")
CONTRAST_MODES = ("system", "high", "standard")
WINNABLE_DEFAULT_ON = frozenset({"spider-4"})
"""Presets whose "Winnable deals" is ``any`` until the player turns it off."""
WINNABLE_CHOICES = ("off", "any", "E", "M", "H", "X")
"""The "Winnable deals" choices: any deal number, any proven deal, or the
proven deals of one grade (Easy, Medium, Hard, Expert).  Settings before
:data:`SETTINGS_VERSION` 5 kept a yes/no ("Winnable deals only"): yes reads
as ``any``, no as ``off``."""


@dataclass
class Settings:
    """The table's settings.

    ``tap``: ``auto`` — a tap on a movable card sends it to its best place;
    ``select`` — a tap selects, a second tap on a pile moves there (a tap
    on the selected card again sends it to its best place).
    ``simple``: simple mode (no spiders, no win show, shorter animations).
    ``faces``/``back``: the card art; ``felt``: the table's colour.
    ``winnable``: "Winnable deals" (:data:`WINNABLE_CHOICES`), per preset
    id, where the player chose it (:meth:`winnable_choice` gives the default
    elsewhere: ``any`` for Spider · 4 suits, ``off`` for the others).
    ``indicator``: the "Still winnable?" badge (off by default).
    ``left_handed``: the table mirrored (stock and draw piles on the left).
    ``portrait``: the portrait arrangement (piles above the columns) on any
    screen, as on a phone held upright.
    ``confirm``: ask before abandoning or ending a game (on by default;
    off, the page says afterwards that the game counted as a loss).
    ``scoring``: the scoring style of new Spider games (``classic`` or
    ``built``); ``time_limit``: the tournament countdown of new Tournament
    games, in seconds.  Both are the defaults the chooser shows; the
    chooser's choice for a game updates them.
    ``volume``/``music``: sound effects and music volume, 0–100 (music is
    off until the player turns it up; settings stored before
    :data:`SETTINGS_VERSION` 3 with the old default of 30 read as off);
    ``muted``: silent, whatever the volumes.
    ``verbosity``: what the live region tells a screen reader
    (:data:`VERBOSITY`; ``brief`` by default, ``off`` says nothing).
    ``motion``: ``system`` — follow the system's "reduce motion"
    (``prefers-reduced-motion``); ``reduce`` — no movement at all, whatever
    the system says (cards go straight to their place and the moved ones are
    outlined); ``full`` — the animations, even when the system asks for less.
    ``contrast``: ``system`` — the high-contrast theme when the system asks
    for more contrast (``prefers-contrast: more`` or forced colours);
    ``high`` — always; ``standard`` — never.  See :func:`reduce_motion`
    and :func:`high_contrast`.
    ``language``: the page's language, "" to follow the browser's
    (:func:`ui.i18n.text.choose`).
    """

    tap: str = "auto"
    simple: bool = False
    faces: str = "large"
    back: str = "blue"
    felt: str = "green"
    winnable: dict[str, str] = field(default_factory=dict)
    indicator: bool = False
    left_handed: bool = False
    portrait: bool = False
    confirm: bool = True
    scoring: str = "classic"
    time_limit: int = 600
    volume: int = 70
    music: int = 0
    muted: bool = False
    verbosity: str = "brief"
    motion: str = "system"
    contrast: str = "system"
    language: str = ""

    def game_defaults(self, option_names: list[str] | tuple[str, ...]) -> dict[str, OptionValue]:
        """The settings that stand for game options of these names."""
        out: dict[str, OptionValue] = {}
        if "scoring" in option_names:
            out["scoring"] = self.scoring
        if "time_limit" in option_names:
            out["time_limit"] = self.time_limit
        return out

    def winnable_choice(self, preset: str) -> str:
        """The "Winnable deals" choice of ``preset`` (:data:`WINNABLE_CHOICES`)."""
        return self.winnable.get(preset, "any" if preset in WINNABLE_DEFAULT_ON else "off")

    def winnable_only(self, preset: str) -> bool:
        """Whether a random deal of ``preset`` comes from the proven list."""
        return self.winnable_choice(preset) != "off"

    def winnable_grade(self, preset: str) -> str | None:
        """The grade letter a random deal of ``preset`` must have (None: any)."""
        choice = self.winnable_choice(preset)
        return choice if choice not in ("off", "any") else None

    def to_text(self) -> str:
        return json.dumps({"v": SETTINGS_VERSION, **asdict(self)}, separators=(",", ":"))

    @classmethod
    def from_text(cls, text: str | None) -> Settings:
        """Settings from storage; anything missing or wrong takes its default."""
        out = cls()
        if not text:
            return out
        try:
            data = jsontext.loads(text, max_chars=MAX_STORED_CHARS)
        except jsontext.JsonLimitError:
            return out
        if not isinstance(data, dict):
            return out
        flag = (False, True)
        levels = tuple(range(0, 101))
        allowed: dict[str, tuple[object, ...]] = {
            "tap": TAP_MODES,
            "faces": FACE_SETS,
            "back": BACKS,
            "felt": FELTS,
            "simple": flag,
            "indicator": flag,
            "left_handed": flag,
            "portrait": flag,
            "confirm": flag,
            "scoring": SCORING_STYLES,
            "time_limit": TIME_LIMITS,
            "volume": levels,
            "music": levels,
            "muted": flag,
            "verbosity": VERBOSITY,
            "motion": MOTION_MODES,
            "contrast": CONTRAST_MODES,
            "language": LANGUAGES,
        }
        version = data.get("v")
        chosen = data.get("winnable")
        if isinstance(chosen, dict):
            out.winnable = {
                k: v
                for k, v in ((k, _winnable_value(v)) for k, v in chosen.items() if isinstance(k, str))
                if v is not None
            }
        for f in fields(cls):
            if f.name not in allowed:
                continue
            value = data.get(f.name)
            if any(value == c and type(value) is type(c) for c in allowed[f.name]):
                setattr(out, f.name, value)
        if type(version) is not int or version < 3:
            out = _v2_to_v3(out)
        if type(version) is not int or version < 4:
            out = _v3_to_v4(out)
        return out


def _v2_to_v3(s: Settings) -> Settings:
    """Version 3: the music's old default (30) reads as off."""
    if s.music == OLD_MUSIC_DEFAULT:
        s.music = 0
    return s


def _v3_to_v4(s: Settings) -> Settings:
    """Version 4: the language; settings stored before it follow the browser's."""
    s.language = ""
    return s


def _winnable_value(v: object) -> str | None:
    """A stored "Winnable deals" choice; a yes/no of an earlier version reads as ``any``/``off``."""
    if type(v) is bool:
        return "any" if v else "off"
    return v if isinstance(v, str) and v in WINNABLE_CHOICES else None


def reduce_motion(setting: str, system_reduces: bool) -> bool:
    """Whether the table moves nothing: the ``motion`` setting, where
    ``system`` follows the browser's ``prefers-reduced-motion: reduce``.

    >>> reduce_motion("system", True), reduce_motion("full", True), reduce_motion("reduce", False)
    (True, False, True)
    """
    return setting == "reduce" or (setting == "system" and system_reduces)


def high_contrast(setting: str, system_asks: bool) -> bool:
    """Whether the high-contrast theme is on: the ``contrast`` setting, where
    ``system`` follows ``prefers-contrast: more`` or ``forced-colors: active``.

    >>> high_contrast("system", True), high_contrast("standard", True), high_contrast("high", False)
    (True, False, True)
    """
    return setting == "high" or (setting == "system" and system_asks)
