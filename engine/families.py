"""What sets the three game families apart, as data.

The collection's games come from three families: Spider (Spider 1/2/4
suits, Relaxed, Easy, Tournament), Little Spider and traditional Spidike.
Where the rules, the helpers or the page behave differently by family, they
read a trait of :class:`FamilyTraits` (``rules.traits``) instead of testing
the family's name, so a new family is one more entry in :data:`TRAITS`.

>>> from engine.rules import PRESETS
>>> t = PRESETS["little-spider"].traits
>>> t.pile_word, t.foundations is Foundations.LITTLE, t.tableau is TableauPlay.PHASES, t.two_rows
('pile', True, True, True)
>>> PRESETS["spider-4"].traits.foundations
<Foundations.RUNS: 'runs'>
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

__all__ = ["TRAITS", "FamilyName", "FamilyTraits", "Foundations", "TableauPlay"]

FamilyName = Literal["spider", "little-spider", "spidike-classic"]


class Foundations(StrEnum):
    """How cards reach the foundations."""

    RUNS = "runs"
    """Only complete King-to-Ace runs, and they go by themselves (Spider)."""
    BY_SUIT = "by-suit"
    """One card at a time, up by suit from the Ace (traditional Spidike)."""
    LITTLE = "little"
    """One card at a time: two foundations up from the Aces of one colour,
    two down from the Kings of the other (Little Spider)."""

    @property
    def by_hand(self) -> bool:
        """Whether the player moves cards to the foundations one at a time."""
        return self is not Foundations.RUNS


class TableauPlay(StrEnum):
    """How cards move between tableau piles."""

    BUILD = "build"
    """Build down by rank; a movable unit moves as one (Spider, Spidike)."""
    PHASES = "phases"
    """While the stock lasts, cards go only to the foundations; after the
    last deal, single cards move one rank up or down (Little Spider)."""


@dataclass(frozen=True)
class FamilyTraits:
    """One family's traits."""

    name: FamilyName
    pile_word: str
    """What a tableau pile is called in a sentence: ``column`` or ``pile``."""
    foundations: Foundations
    tableau: TableauPlay
    two_rows: bool = False
    """The columns stand in two rows (Little Spider's table)."""
    sizing_column: tuple[int, int] | None = None
    """The (face-down, face-up) column the card size is chosen for; None:
    the deepest dealt column with a full run on it."""
    levelled_search: bool = False
    """The hint search works in levels of completed runs (Spider)."""

    @property
    def stock_phases(self) -> bool:
        """Play changes once the stock is dealt out (Little Spider)."""
        return self.tableau is TableauPlay.PHASES


TRAITS: dict[str, FamilyTraits] = {
    "spider": FamilyTraits("spider", "column", Foundations.RUNS, TableauPlay.BUILD, levelled_search=True),
    "little-spider": FamilyTraits(
        "little-spider", "pile", Foundations.LITTLE, TableauPlay.PHASES, two_rows=True, sizing_column=(0, 8)
    ),
    "spidike-classic": FamilyTraits(
        "spidike-classic", "pile", Foundations.BY_SUIT, TableauPlay.BUILD, sizing_column=(0, 13)
    ),
}
"""Every family's traits, by family name."""
