"""The "No more useful moves" check in the page (:class:`engine.ProgressCheck`).

Once the stock is empty, the helpers' background work also asks whether
any line of play can still turn up a card, empty a column or complete a
run.  The search runs in the same short slices as the other background
searches, never inside a move, and keeps its place when an input stops it.
When it proves a dead end, the table says so (``on_dead``).

Hook for tests: ``#table[data-deadend]`` — ``checking``, ``progress``,
``dead-end`` or ``unknown`` for the position on the table.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

import engine
from engine import Position, Progress, ProgressCheck
from ui.browser.dom import Element


class Job(Protocol):
    """Background work done in slices: each ``step`` does at most ``n``
    units and returns a final status, or None to be called again."""

    def step(self, n: int, /) -> str | None: ...


Slices = Callable[[Job], Awaitable[str | None]]
"""Runs a job in slices off the move path; None when the work was stopped."""


class DeadEndWatch:
    """One check per position on the table."""

    def __init__(self, table: Element, on_dead: Callable[[], None]) -> None:
        self.table = table
        self._on_dead = on_dead
        self._pos: Position | None = None
        self._job: ProgressCheck | None = None
        self.answer: str | None = None

    def forget(self) -> None:
        """The position changed: the next check starts afresh."""
        self._pos = self._job = self.answer = None
        self.table.removeAttribute("data-deadend")

    def wanted(self, game: engine.Game | None) -> bool:
        """Whether there is a check to run: a game in play, nothing left to deal, no answer yet."""
        if game is None or game.status != "playing" or game.position.stock_count():
            return False
        return not (self.answer is not None and self._pos == game.position)

    async def run(self, game: engine.Game | None, slices: Slices) -> None:
        """Run the check in slices (``slices`` returns None when stopped)."""
        if game is None or not self.wanted(game):
            return
        pos = game.position
        if self._pos != pos or self._job is None:
            self._pos, self.answer = pos, None
            self._job = ProgressCheck(game.rules, pos)
        self.table.dataset.deadend = "checking"
        answer = await slices(self._job)
        if answer is None:
            return
        self.answer = answer
        self.table.dataset.deadend = answer
        if answer == Progress.DEAD_END:
            self._on_dead()
