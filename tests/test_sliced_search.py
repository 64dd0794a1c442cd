"""The one sliced-search driver (ui/helpers/sliced_search.py): it runs any job with
a ``step(n)`` in slices bounded by time, yields between slices, waits while
paused and stops once the work is no longer wanted."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import engine
from solver import SOLVED
from ui.helpers import hints
from ui.helpers.sliced_search import SliceDriver


class Clock:
    """A clock that moves one millisecond at every look (a slice is its number of looks)."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        self.t += 0.001
        return self.t


class Steps:
    def __init__(self, answer_after: int) -> None:
        self.calls: list[int] = []
        self.answer_after = answer_after

    def step(self, n: int) -> str | None:
        self.calls.append(n)
        return "found" if len(self.calls) >= self.answer_after else None


def test_a_slice_ends_when_its_time_is_up_and_the_job_goes_on_in_the_next() -> None:
    slices: list[int] = []
    job = Steps(answer_after=10)
    driver = SliceDriver(slice_seconds=0.0035, nodes=7, on_longest=lambda ms: None, clock=Clock())
    answer = asyncio.run(driver.run(job, after_slice=lambda: slices.append(len(job.calls))))
    assert answer == "found" and set(job.calls) == {7}
    assert slices == [4, 8]  # four steps a slice, then the tenth answers in the third
    assert 4.0 <= driver.slice_max <= 6.0


def test_work_no_longer_wanted_stops_between_slices_and_a_pause_runs_nothing() -> None:
    job = Steps(answer_after=1000)
    wanted = [True]

    def after() -> None:
        if len(job.calls) >= 4:
            wanted[0] = False

    driver = SliceDriver(slice_seconds=0.0035, nodes=1, clock=Clock())
    assert asyncio.run(driver.run(job, live=lambda: wanted[0], after_slice=after)) is None
    assert len(job.calls) == 4  # one slice, then no more

    paused = [3]

    def dragging() -> bool:
        paused[0] -= 1
        return paused[0] >= 0

    held = Steps(answer_after=1)
    assert asyncio.run(SliceDriver(0.01, 1).run(held, paused=dragging)) == "found"
    assert paused[0] < 0 and held.calls == [1]


def test_it_drives_a_solver_search_to_its_answer() -> None:
    """Finish's search, near the end of the recorded win, finds the way out."""
    data = json.loads((Path(__file__).parent / "data" / "spider-1-win.json").read_text())
    g = engine.new_game("spider-1", data["deal"])
    for text in data["moves"][:-3]:  # every card is face up
        g.play_text(text)
    job = hints.autocomplete_job(g.rules, g.position)
    assert job is not None
    assert asyncio.run(SliceDriver(0.005, 4).run(job)) == SOLVED and job.moves
