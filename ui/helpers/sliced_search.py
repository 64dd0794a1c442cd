"""Any search run in budgeted slices on the page's main thread (pure: no
browser imports).

The helpers' searches (Finish's auto-complete check, the dead-end check,
"Still winnable?", "Show me how"'s search), the game review's
(:mod:`ui.screens.review_view`), and any other object that keeps
to the solver's protocol, :class:`solver.FamilySearch`'s ``step``) run on
the thread that also draws the page, so they run a slice at a time:
:meth:`SliceDriver.run` calls ``job.step(nodes)`` until the job answers or
the slice's time is up, then yields to the browser (``await
asyncio.sleep(0)``: Pyodide schedules the rest as a new task), and stops
between two slices once the work is no longer wanted (``live()`` false:
an input, an action, another game).  While ``paused()`` (a drag) it runs
nothing and looks again every :data:`PAUSE_SECONDS`.

>>> import asyncio
>>> class Count:
...     def __init__(self, to: int) -> None:
...         self.left = to
...     def step(self, n: int) -> str | None:
...         self.left -= n
...         return "done" if self.left <= 0 else None
>>> driver = SliceDriver(slice_seconds=0.001, nodes=4)
>>> asyncio.run(driver.run(Count(100)))
'done'
>>> asyncio.run(driver.run(Count(100), live=lambda: False)) is None
True
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Protocol

PAUSE_SECONDS = 0.05
"""While paused (a drag: nothing competes with it), the driver looks again this often."""


class Job(Protocol):
    """A search done in slices: each ``step`` explores at most ``n``
    positions and returns its final status (a ``str`` or one of the
    solver's or the engine's string enums), or None to be called again."""

    def step(self, n: int, /) -> str | None: ...


def _always() -> bool:
    return True


def _never() -> bool:
    return False


class SliceDriver:
    """Runs jobs in slices of ``slice_seconds``, ``nodes`` positions a step."""

    def __init__(
        self,
        slice_seconds: float,
        nodes: int,
        on_longest: Callable[[float], None] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.slice_seconds = slice_seconds
        self.nodes = nodes
        self.slice_max = 0.0
        """The longest slice so far, in milliseconds."""
        self._on_longest = on_longest
        self._clock = clock

    async def run(
        self,
        job: Job,
        live: Callable[[], bool] = _always,
        paused: Callable[[], bool] = _never,
        after_slice: Callable[[], None] | None = None,
    ) -> str | None:
        """Run ``job`` until it answers (its status, as text) or ``live()``
        turns false (None).  ``after_slice()`` runs after each slice that
        did not answer (a progress line)."""
        clock = self._clock
        while True:
            await asyncio.sleep(0)
            while paused() and live():
                await asyncio.sleep(PAUSE_SECONDS)
            if not live():
                return None
            start = clock()
            end = start + self.slice_seconds
            try:
                while True:
                    status = job.step(self.nodes)
                    if status is not None:
                        return str(status)
                    if clock() >= end:
                        break
            finally:
                took = (clock() - start) * 1000
                if took > self.slice_max:
                    self.slice_max = took
                    if self._on_longest is not None:
                        self._on_longest(took)
            if after_slice is not None:
                after_slice()
