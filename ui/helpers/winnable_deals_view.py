"""Proven winnable deals in the page: the list and the deals' grades,
fetched once, and the deal a random game gets when "Winnable deals" is on
for it (any proven deal, or one of a grade).

The list is ``assets/data/winnable.json`` (:mod:`ui.helpers.hints` reads it),
fetched by a relative URL and precached like every asset, after the page
has started; the grades, ``assets/data/grades.json``
(:mod:`ui.helpers.grades`), are fetched after the list.  A random game
started before what it needs arrives is dealt again from the list as soon as
it comes, if the player has not touched it yet.

Hooks for tests: ``#table[data-winnable]`` (``loaded``/``failed``) once the
list has been fetched, ``#table[data-grades]`` (``loaded``/``failed``) once
the grades have.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import engine
from engine import OptionValue, Outcome
from ui.browser.dom import Element, fetch_text
from ui.chrome.appearance_view import Appearance
from ui.helpers import grades, hints
from ui.i18n.text import _

NewGame = Callable[[str, "int | None", dict[str, OptionValue]], None]


class WinnableDeals:
    """The proven deals of every game, once loaded."""

    def __init__(
        self,
        table: Element,
        look: Appearance,
        current: Callable[[], engine.Game | None],
        can_redeal: Callable[[], bool],
    ) -> None:
        self.table = table
        self.look = look
        self._current = current
        self._can_redeal = can_redeal
        self.rnd = random.Random()
        self.deals: dict[str, tuple[int, ...]] | None = None
        self.failed = False
        self.grades: grades.Grades | None = None  # None: not loaded yet
        self._watchers: list[Callable[[], None]] = []
        self._on_load: list[Callable[[], None]] = []
        self._on_graded: list[Callable[[], None]] = []  # once, when the grades arrive
        self._pending: tuple[str, dict[str, OptionValue]] | None = None  # a random game started before the list came
        self._pending_grade: tuple[str, dict[str, OptionValue]] | None = None  # ... before the grades came
        self._tasks: set[asyncio.Future[None]] = set()  # tasks kept alive until done
        self.redeal: NewGame = lambda preset, deal, options: None

    def load(self, redeal: NewGame) -> None:
        """Fetch the list; ``redeal`` starts the waiting random game again from it."""
        self.redeal = redeal
        task = asyncio.ensure_future(self._load())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _load(self) -> None:
        text = await fetch_text(hints.WINNABLE_URL)
        self.deals = hints.parse_winnable(text)
        self.failed = text is None
        self.table.dataset.winnable = "failed" if text is None else "loaded"
        for fn in [*self._watchers, *self._on_load]:
            fn()
        pending, self._pending = self._pending, None
        self._deal_again(pending)
        text = await fetch_text(grades.GRADES_URL)  # after the list: never on the first start's way
        self.grades = grades.parse_grades(text, self.deals)
        self.table.dataset.grades = "failed" if text is None else "loaded"
        graded, self._on_graded = self._on_graded, []
        for fn in [*self._watchers, *graded]:
            fn()
        pending, self._pending_grade = self._pending_grade, None
        self._deal_again(pending)

    def _deal_again(self, pending: tuple[str, dict[str, OptionValue]] | None) -> None:
        """Deal a random game started before the list (or the grades) came
        again, now from it, if it has just started."""
        g = self._current()
        if (
            pending is not None
            and g is not None
            and g.preset == pending[0]
            and not g.moves
            and g.status == Outcome.PLAYING
            and self._can_redeal()
        ):
            self.redeal(pending[0], None, pending[1])  # the game just started: now from the proven list

    def on_load(self, fn: Callable[[], None]) -> None:
        """``fn()`` when the list arrives, for the whole visit (the "Still winnable?" badge)."""
        self._on_load.append(fn)

    def watch(self, fn: Callable[[], None]) -> None:
        """``fn()`` when the list arrives (the open chooser refreshes); one watcher at a time."""
        self._watchers = [fn]

    def choice(self, preset: str, options: dict[str, OptionValue]) -> hints.WinnableChoice:
        return hints.winnable_choice(self.deals, preset, options, self.failed)

    def proves(self, game: engine.Game) -> bool:
        """Whether ``game``'s deal is on the proven list, under the rules it is played by."""
        choice = self.choice(game.preset, game.rules.option_values())
        return choice.available and game.deal in choice.deals

    def grade_name(self, preset: str, deal: int | None, options: dict[str, OptionValue]) -> str | None:
        """ "Easy" ... "Expert" for a graded deal played by the rules it was graded with, else None."""
        if self.grades is None or not hints.proof_holds(preset, options):
            return None
        return grades.grade_name(self.grades, preset, deal)

    def grade_later(
        self, preset: str, deal: int | None, options: dict[str, OptionValue], show: Callable[[str], None]
    ) -> None:
        """``show(grade)`` for a graded deal: now if the grades are here, else when they come
        (a screen shown at the page's start, before them: a finished game's end, a challenge)."""

        def give() -> None:
            name = self.grade_name(preset, deal, options)
            if name:
                show(name)

        if self.grades is not None:
            give()
        else:
            self._on_graded.append(give)

    def grade_note(self, preset: str, letter: str) -> str | None:
        """Why the grade ``letter`` cannot be chosen for ``preset`` now (None: it can)."""
        return grades.choice_note(self.grades, preset, letter)

    def graded_note(self, preset: str, letter: str) -> str | None:
        """How many deals of the grade ``letter`` random deals of ``preset`` come from (None: none)."""
        if self.grades is None or grades.choice_note(self.grades, preset, letter) is not None:
            return None
        return grades.graded_note(self.grades, preset, letter)

    def random_deal(self, preset: str, options: dict[str, OptionValue]) -> tuple[int | None, str | None]:
        """The deal a random game of ``preset`` gets (None: any deal), and
        what to tell the player about it."""
        if not self.look.settings.winnable_only(preset):
            return None, None
        if self.deals is None and not self.failed:
            self._pending = (preset, dict(options))  # the list is on its way (the first game of a visit)
            return None, None
        choice = self.choice(preset, options)
        if not choice.available:
            return None, f"{choice.note} {_('Here is a random deal.')}"
        g = self._current()
        avoid = g.deal if g is not None and g.preset == preset else None
        letter = self.look.settings.winnable_grade(preset)
        if letter is not None and self.grades is None and not self.failed:
            self._pending_grade = (preset, dict(options))  # the grades are on their way: dealt again then
        return grades.pick(choice.deals, self.grades, preset, letter, self.rnd, avoid)
