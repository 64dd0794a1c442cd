"""ui/deadend.py: a proven dead end is said once per position, and points
back to the last position that still had a useful move."""

from __future__ import annotations

import asyncio
import doctest
from types import SimpleNamespace
from typing import Any

import engine
import ui.helpers.dead_end_view as deadend_module
from ui.helpers.dead_end_view import DeadEndWatch, dead_end_note, last_useful
from ui.helpers.sliced_search import Job
from ui.table.state import TableState

# Spider 1 suit, the stock empty: the 4 of column 9 can go on the 5 of column
# 1, which turns up its King (progress); after it only the 5-4 shuffles
# between the two 6s: a dead end.
BEFORE = "*As6s5s/*2s6s/*3sKs/*4sKs/*5sKs/*6sKs/*7sKs/*8sKs/*9s*Ks4s/*Ts9s - -/-/-/-/-/-/-/-"


class FakeTable:
    def __init__(self) -> None:
        self.dataset = SimpleNamespace()

    def removeAttribute(self, name: str) -> None:
        key = name.removeprefix("data-").replace("-b", "B")
        self.dataset.__dict__.pop(key, None)


async def whole(job: Job) -> str | None:
    while (answer := job.step(1000)) is None:
        pass
    return answer


def test_the_last_useful_position_is_found_back_through_the_moves() -> None:
    g = engine.game_from_notation("spider-1", BEFORE)
    assert last_useful(g) is None  # nothing played
    g.play_text("c9>c1")  # turns up the King: from here nothing more is useful
    assert last_useful(g) == 0
    g.play_text("c1:2>c2")
    g.play_text("c2:2>c1")
    assert last_useful(g) == 0  # the shuffles after it change nothing
    assert last_useful(g, budget=0) is None  # no budget: nothing proven


def test_the_note_says_how_far_back_or_what_else_to_do() -> None:
    assert dead_end_note(3, 4, True).endswith("The last position with a useful move is 1 move back.")
    assert dead_end_note(None, 4, True).endswith("Restart this deal, or start a new one.")
    assert dead_end_note(None, 4, False).endswith("Start a new game, or End this one.")


def test_a_dead_end_is_told_once_per_position_and_remembered() -> None:
    told: list[int] = []
    table: Any = FakeTable()
    state = TableState()
    watch = DeadEndWatch(table, state)
    watch.when_proven(lambda: told.append(1))
    g = engine.game_from_notation("spider-1", BEFORE)
    state.set_game(g)  # the game on the table: the dead end is kept in its state
    g.play_text("c9>c1")
    asyncio.run(watch.run(g, whole))
    assert told == [1] and watch.proven(g) and watch.back_to == 0
    assert table.dataset.deadend == "dead-end" and table.dataset.deadendBack == "0"
    # Show me held the helpers (the check forgot its answer), then let go: proven
    # again, the dialog is not shown again, and Hint still knows at once.
    watch.forget()
    assert watch.proven(g)
    asyncio.run(watch.run(g, whole))
    assert told == [1]
    g.play_text("c1:2>c2")  # another dead position: told again
    watch.forget()
    assert not watch.proven(g)
    asyncio.run(watch.run(g, whole))
    assert told == [1, 1] and watch.back_to == 0


def test_doctests() -> None:
    result = doctest.testmod(deadend_module)
    assert result.attempted >= 3 and result.failed == 0
