"""The "No more useful moves" check in the page (:class:`engine.ProgressCheck`).

Once the stock is empty, the helpers' background work also asks whether
any line of play can still turn up a card, empty a column or complete a
run.  The search runs in the same short slices as the other background
searches, never inside a move, and keeps its place when an input stops it.
When it proves a dead end, the table says so (``on_dead``).

Once a dead end is proven, :func:`last_useful` looks back through the
moves for the last position that still had a useful move, and
:meth:`DeadEndWatch.note` is what Hint and Show me say at once (no search);
the dialog is shown once per position.

Hook for tests: ``#table[data-deadend]`` — ``checking``, ``progress``,
``dead-end`` or ``unknown`` for the position on the table;
``#table[data-deadend-back]``: the moves of the last position with a useful
move, when one was found.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import engine
from engine import Outcome, Position, Progress, ProgressCheck
from ui.browser.dom import Element
from ui.helpers.sliced_search import Job
from ui.i18n.text import _, n_
from ui.table.state import TableState

Slices = Callable[[Job], Awaitable[str | None]]
"""Runs a job in slices off the move path; None when the work was stopped."""


BACK_NODES = 20_000
"""The budget (positions explored, all earlier positions together) of the
look back for the last position with a useful move."""


def last_useful(game: engine.Game, budget: int = BACK_NODES) -> int | None:
    """The number of moves played at the latest earlier position from which
    a useful move can still be made (:class:`ProgressCheck` proves progress
    from it), as far back as undo reaches; None when there is none, or none
    proven within ``budget`` positions.

    >>> g = engine.game_from_notation("spider-1", "*As6s5s/*2s6s/*3sKs/*4sKs/*5sKs/*6sKs/*7sKs/*8sKs/*9sKs/*Ts9s - -/-/-/-/-/-/-/-")
    >>> g.play_text("c1>c2") and last_useful(g) is None  # nothing earlier was any better
    True
    """
    if not game.moves or not game.can_undo:
        return None
    back = engine.load_game(game.to_json())
    left = budget
    while back.can_undo and left > 0:
        back.undo()
        check = ProgressCheck(back.rules, back.position)
        answer = check.step(left)
        left -= max(check.nodes, 1)
        if answer == Progress.PROGRESS:
            return len(back.moves)
        if answer != Progress.DEAD_END:
            return None  # not proven either way within the budget
    return None


def dead_end_note(back_to: int | None, moves: int, can_restart: bool) -> str:
    """What Hint and Show me say on a proven dead end.

    >>> dead_end_note(12, 15, True)
    'No more useful moves: nothing here can turn up a card, empty a column or complete a run. The last position with a useful move is 3 moves back.'
    >>> dead_end_note(None, 15, True)
    'No more useful moves: nothing here can turn up a card, empty a column or complete a run. Restart this deal, or start a new one.'
    """
    text = _("No more useful moves: nothing here can turn up a card, empty a column or complete a run.")
    if back_to is not None:
        n = moves - back_to
        back = n_(
            "The last position with a useful move is {n} move back.",
            "The last position with a useful move is {n} moves back.",
            n,
        ).format(n=n)
        return f"{text} {back}"
    if can_restart:
        return f"{text} {_('Restart this deal, or start a new one.')}"
    return f"{text} {_('Start a new game, or End this one.')}"


class DeadEndWatch:
    """One check per position on the table."""

    def __init__(self, table: Element, state: TableState) -> None:
        self.table = table
        self.state = state
        """The table state: the dead end proven is kept there (:attr:`back_to`)."""
        self._on_dead: Callable[[], None] = lambda: None
        self._pos: Position | None = None
        self._job: ProgressCheck | None = None
        self.answer: str | None = None
        self._told: Position | None = None  # the dialog is shown once per position

    def when_proven(self, fn: Callable[[], None]) -> None:
        """``fn()`` when a position is proven a dead end (the table's screens
        open the "No more useful moves" dialog)."""
        self._on_dead = fn

    def forget(self) -> None:
        """The position changed: the next check starts afresh (a dead end
        already proven is remembered for its position)."""
        self._pos = self._job = self.answer = None
        self.table.removeAttribute("data-deadend")
        self.table.removeAttribute("data-deadend-back")

    def proven(self, game: engine.Game | None) -> bool:
        """Whether the position on the table is a proven dead end."""
        return game is not None and game is self.state.game and self.state.at_dead_end()

    @property
    def back_to(self) -> int | None:
        """The moves of the last position with a useful move (a proven dead end)."""
        return self.state.dead_end_back

    def wanted(self, game: engine.Game | None) -> bool:
        """Whether there is a check to run: a game in play, nothing left to deal, no answer yet."""
        if game is None or game.status != Outcome.PLAYING or game.position.stock_count():
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
            if self.state.dead_end_at != pos:
                self.state.dead_end_at = pos
                self.state.dead_end_back = last_useful(game)
            if self.back_to is not None:
                self.table.dataset.deadendBack = str(self.back_to)
            if self._told != pos:
                self._told = pos
                self._on_dead()
