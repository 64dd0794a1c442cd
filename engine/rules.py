"""Rulesets as data, and the registry of the collection's presets.

Every game of the collection is one frozen :class:`Ruleset`.  What differs
between games is a field, not a subclass: the deck, the deal shape, the
stock model (one stock, or draw piles the player picks), the Free Column,
the movable unit, what fills an empty pile, when a deal is allowed, what
completes and removes a run, the foundations, scoring and undo policy.

Options are fields a player may change within a preset (see
:attr:`Ruleset.options`); :meth:`Ruleset.with_options` validates them::

    >>> from engine.rules import PRESETS
    >>> PRESETS["spider-2"].name
    'Spider · 2 suits'
    >>> PRESETS["spider-2"].with_options(relaxed_deal=True).deal_needs_full_columns
    False
    >>> PRESETS["spider-2"].with_options(colour="blue")
    Traceback (most recent call last):
    ...
    engine.errors.OptionError: Spider · 2 suits has no option 'colour' (its options: relaxed_deal, scoring)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .errors import OptionError
from .families import TRAITS, FamilyName, FamilyTraits
from .words import N_, Reason

Family = FamilyName
Unit = Literal["suit", "rank", "single"]
Completion = Literal["suit", "any", "none"]
EmptyRule = Literal["any", "king", "none"]
Scoring = Literal["classic", "built", "tournament", "foundation"]
OptionValue = bool | int | str
"""The value of a game option: a switch, a number or a word."""


@dataclass(frozen=True)
class OptionSpec:
    """One option a player may set: its field name, label, default and choices."""

    name: str
    label: str
    choices: tuple[OptionValue, ...]
    help: str = ""


@dataclass(frozen=True)
class Ruleset:
    """Everything that defines one game.  Instances are immutable values."""

    id: str
    name: str
    summary: str
    family: Family
    suits: str
    """Suit letters of the deck, in deck order (``"s"``, ``"sh"``, ``"shdc"``)."""
    copies: int
    """Copies of each (rank, suit) card."""
    columns: tuple[tuple[int, int], ...]
    """Initial deal per dealt-to pile, left to right: (face-down, face-up) counts."""
    free_column: bool = False
    """A further column, empty at the start and never dealt to (Tournament Spider)."""
    draw_piles: int = 0
    """0: one stock dealt in order.  N > 0: N draw piles the player picks from."""
    deal_requires_no_empty: bool = True
    """The game's own rule: a deal needs every dealt-to column non-empty."""
    relaxed_deal: bool = False
    """Option: allow dealing with empty columns anyway (PySolFC's "Relaxed Spider")."""
    unit: Unit = "suit"
    completion: Completion = "suit"
    empty: EmptyRule = "any"
    foundations: int = 8
    scoring: Scoring = "classic"
    undo_barriers: bool = False
    """Tournament Spider: draw-pile deals and run removals cannot be undone."""
    time_limit: int | None = None
    """Seconds on the countdown (Tournament Spider), or None."""
    lower_row_restriction: bool = False
    wrap: bool = False
    """Little Spider phase 2: a King and an Ace build on each other."""
    face_down_layout: bool = False
    """Traditional Spidike: deal all but each pile's top card face down."""
    options: tuple[OptionSpec, ...] = field(default=(), compare=False)

    # -- derived facts -------------------------------------------------
    @property
    def traits(self) -> FamilyTraits:
        """What the game's family does differently (:mod:`engine.families`)."""
        return TRAITS[self.family]

    @property
    def deal_needs_full_columns(self) -> bool:
        """Whether a deal is refused while a dealt-to column is empty."""
        return self.deal_requires_no_empty and not self.relaxed_deal

    @property
    def deck_size(self) -> int:
        """How many cards the game uses."""
        return 13 * len(self.suits) * self.copies

    @property
    def deal_columns(self) -> int:
        """How many columns a deal reaches (every column but the Free Column)."""
        return len(self.columns)

    @property
    def tableau_size(self) -> int:
        """Columns on the table, the Free Column included."""
        return len(self.columns) + (1 if self.free_column else 0)

    @property
    def runs_to_win(self) -> int:
        """Spider family: completed runs that clear the deck."""
        return self.deck_size // 13

    def option_values(self) -> dict[str, OptionValue]:
        """The current value of every option of this ruleset."""
        return {spec.name: getattr(self, spec.name) for spec in self.options}

    def with_options(self, **options: OptionValue) -> Ruleset:
        """This ruleset with some options changed; raises :class:`OptionError`."""
        if not options:
            return self
        specs = {spec.name: spec for spec in self.options}
        for name, value in options.items():
            spec = specs.get(name)
            if spec is None:
                names = ", ".join(sorted(specs)) or "none"
                raise OptionError(
                    Reason(
                        N_("{game} has no option {option} (its options: {options})"),
                        {"game": self.name},
                        game=self.id,
                        option=repr(name)[:40],
                        options=names,
                    )
                )
            if not any(value == c and type(value) is type(c) for c in spec.choices):
                allowed = ", ".join(repr(c) for c in spec.choices)
                raise OptionError(
                    Reason(
                        N_("option {option} of {game} takes {allowed}, not {value}"),
                        {"game": self.name},
                        option=repr(name),
                        game=self.id,
                        allowed=allowed,
                        value=repr(value)[:40],
                    )
                )
        changes: dict[str, Any] = dict(options)  # validated against the specs above
        return dataclasses.replace(self, **changes)


# -- the presets ---------------------------------------------------------

SPIDER_COLUMNS = ((5, 1),) * 4 + ((4, 1),) * 6
TOURNAMENT_COLUMNS = ((4, 1),) * 6 + ((3, 1),) * 2

RELAXED_DEAL = OptionSpec(
    "relaxed_deal",
    N_("Allow dealing with empty columns"),
    (False, True),
    N_("On: the stock deals even when a column is empty."),
)
SPIDER_SCORING = OptionSpec(
    "scoring",
    N_("Scoring"),
    ("classic", "built"),
    N_("Classic: start at 500, −1 a move, +100 a run.  Built cards: a point for every card built down from a King."),
)
TIME_LIMIT = OptionSpec("time_limit", N_("Time limit"), (300, 600, 900), N_("5, 10 or 15 minutes."))
LOWER_ROW = OptionSpec(
    "lower_row_restriction",
    N_("Lower-row restriction"),
    (False, True),
    N_("Before the last deal, a lower-row card may go only to the foundation directly above it."),
)
WRAP = OptionSpec(
    "wrap", N_("King and Ace wrap"), (False, True), N_("After the last deal, a King and an Ace build on each other.")
)
FACE_DOWN = OptionSpec(
    "face_down_layout", N_("Face-down layout"), (False, True), N_("Deal all but each pile's top card face down.")
)


def _spider(id_: str, name: str, summary: str, suits: str, **kw: Any) -> Ruleset:
    base: dict[str, Any] = dict(
        family="spider",
        suits=suits,
        copies=8 // len(suits),
        columns=SPIDER_COLUMNS,
        options=(RELAXED_DEAL, SPIDER_SCORING),
    )
    base.update(kw)
    return Ruleset(id=id_, name=name, summary=summary, **base)


def _tournament(id_: str, name: str, summary: str, suits: str) -> Ruleset:
    """Tournament Spider (seed 000): 78 cards, a Free Column, five draw piles, a countdown."""
    return Ruleset(
        id=id_,
        name=name,
        summary=summary,
        family="spider",
        suits=suits,
        copies=6 // len(suits),
        columns=TOURNAMENT_COLUMNS,
        free_column=True,
        draw_piles=5,
        deal_requires_no_empty=False,
        foundations=6,
        scoring="tournament",
        undo_barriers=True,
        time_limit=600,
        options=(TIME_LIMIT,),
    )


def _little_spider(id_: str, name: str, summary: str, **kw: Any) -> Ruleset:
    """Little Spider (seed 003): one deck, two rows of four piles, four foundations."""
    return Ruleset(
        id=id_,
        name=name,
        summary=summary,
        family="little-spider",
        suits="shdc",
        copies=1,
        columns=((0, 1),) * 8,
        deal_requires_no_empty=False,
        unit="single",
        completion="none",
        empty="none",
        foundations=4,
        scoring="foundation",
        options=(LOWER_ROW, WRAP),
        **kw,
    )


_SPIDER_SUMMARY_ONE = N_(
    "Build eight runs from King down to Ace across ten columns; a finished run leaves "
    "the table.  Any card goes on a card one rank higher, whatever its suit, but only a "
    "run of one suit moves as a group.  An empty column takes any card or group.  "
    "The stock deals a card to every column, five times, and only when no column is empty."
)
_SPIDER_SUMMARY = N_(
    "Build eight same-suit runs from King down to Ace across ten columns; a finished run leaves "
    "the table.  Any card goes on a card one rank higher, whatever its suit, but only a "
    "run of one suit moves as a group.  An empty column takes any card or group.  "
    "The stock deals a card to every column, five times, and only when no column is empty."
)

_PRESET_LIST = [
    _spider("spider-1", N_("Spider · 1 suit"), _SPIDER_SUMMARY_ONE, "s"),
    _spider("spider-2", N_("Spider · 2 suits"), _SPIDER_SUMMARY, "sh"),
    _spider("spider-4", N_("Spider · 4 suits"), _SPIDER_SUMMARY, "shdc"),
    _spider(
        "spider-relaxed",
        N_("Spider Relaxed"),
        N_(
            "Four-suit Spider where a King-to-Ace run of any suits is complete and leaves the "
            "table.  Groups still move only when they are all one suit.  Scored by built cards: "
            "a point for every card built down from a King."
        ),
        "shdc",
        completion="any",
        scoring="built",
    ),
    _spider(
        "spider-easy",
        N_("Spider Easy"),
        N_(
            "Spider Relaxed, and any descending run moves as a group whatever its suits.  "
            "A King-to-Ace run of any suits leaves the table.  Scored by built cards."
        ),
        "shdc",
        completion="any",
        unit="rank",
        scoring="built",
    ),
    _tournament(
        "tournament-1",
        N_("Tournament Spider · 1 suit"),
        N_(
            "78 spades in eight columns, a Free Column and five draw piles whose top card you "
            "can see: deal any pile, in any order, at any time.  Build six King-to-Ace runs "
            "before the clock runs out.  +25 for each card you turn up, +100 a run, +100 if you "
            "never use the Free Column, and a time bonus.  Dealing and finished runs cannot be undone."
        ),
        "s",
    ),
    _tournament(
        "tournament-2",
        N_("Tournament Spider · 2 suits"),
        N_(
            "Tournament Spider with spades and hearts: 78 cards, eight columns, a Free Column "
            "and five draw piles to deal in any order.  Six same-suit King-to-Ace runs win; "
            "groups move only when they are one suit.  Beat the clock for a time bonus."
        ),
        "sh",
    ),
    _little_spider(
        "little-spider",
        N_("Little Spider"),
        N_(
            "One deck, eight piles in two rows, four foundations between them: two build up "
            "from Aces and two down from Kings, the Aces of one colour and the Kings of the "
            "other.  While the stock lasts, play pile tops to the foundations and deal.  After "
            "the last deal, pile tops also go on any pile one rank higher or lower."
        ),
    ),
    _little_spider(
        "little-spider-classic",
        N_("Little Spider (traditional)"),
        N_(
            "Little Spider by the traditional rules: before the last deal a lower-row card may "
            "go only to the foundation directly above it, and after it a King and an Ace build "
            "on each other."
        ),
        lower_row_restriction=True,
        wrap=True,
    ),
    _spider(
        "spidike",
        N_("Spidike"),
        N_(
            "Four-suit Spider with a foundation row: finished King-to-Ace runs of one suit move "
            "to the eight foundations by themselves.  Only one-suit runs move as a group; deal "
            "when no pile is empty."
        ),
        "shdc",
    ),
    Ruleset(
        id="spidike-classic",
        name=N_("Spidike (traditional)"),
        summary=N_(
            "One deck in seven piles of one to seven cards, all face up.  Build down in any "
            "suit; one-suit runs move as a group; only a King or a run headed by a King fills "
            "an empty pile.  Play cards one at a time to four foundations, up by suit from the "
            "Ace.  The stock deals seven cards at a time, and three at the end."
        ),
        family="spidike-classic",
        suits="shdc",
        copies=1,
        columns=tuple((0, n) for n in range(1, 8)),
        deal_requires_no_empty=False,
        completion="none",
        empty="king",
        foundations=4,
        scoring="foundation",
        options=(FACE_DOWN,),
    ),
]

PRESETS: Mapping[str, Ruleset] = {r.id: r for r in _PRESET_LIST}
"""Preset id → ruleset, in the order the chooser shows them."""


def get_ruleset(preset_id: str, **options: Any) -> Ruleset:
    """The preset's ruleset with ``options`` applied; raises :class:`OptionError`."""
    try:
        base = PRESETS[preset_id]
    except (KeyError, TypeError):
        known = ", ".join(PRESETS)
        raise OptionError(
            Reason(N_("there is no game {name} (the games: {known})"), name=repr(preset_id)[:40], known=known)
        ) from None
    return base.with_options(**options)
