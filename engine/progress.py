"""Is there still something useful to do?  A check from what the player sees.

A Spider game rarely ends by itself: some card can almost always be moved
back and forth, so "no legal move" almost never happens.  This check asks a
better question.  With the stock (and every draw pile) empty, can any
sequence of moves among the visible cards

* turn up a face-down card,
* empty one more column than are empty now,
* complete a run (or put a card on a foundation, where the game has them)?

If none can, the game is at a dead end ("No more useful moves"): nothing the
player does can change what they can reach.  While cards are still to be
dealt, there is always something to do.

The check searches the positions reachable by legal moves breadth first,
with every face-down card replaced by a placeholder that can never be moved
or built on (:func:`engine.hide`): it knows nothing the player does
not.  It is exhaustive (no move is pruned), so a ``dead-end`` answer is a
proof: any line of play that makes progress, even one that knows the hidden
cards, must begin with visible moves only, and those are all explored.  It
is budgeted and sliced like the solver's searches (:meth:`ProgressCheck.step`),
and answers ``unknown`` when its budget runs out.

>>> import engine
>>> stuck = engine.game_from_notation("spider-1", "*AsKs/*2sKs/*3sKs/*4sKs/*5sKs/*6sKs/*7sKs/*8sKs/*9s5s/*Ts9s - -/-/-/-/-/-/-/-")
>>> check = ProgressCheck(stuck.rules, stuck.position)
>>> check.step(1000), check.nodes
(<Progress.DEAD_END: 'dead-end'>, 1)
>>> playable = engine.game_from_notation("spider-1", "*AsKs/*2sQs/*3sKs/*4sKs/*5sKs/*6sKs/*7sKs/*8sKs/*9s5s/*Ts9s - -/-/-/-/-/-/-/-")
>>> ProgressCheck(playable.rules, playable.position).run() == "progress"
True
"""

from __future__ import annotations

from collections import deque
from enum import StrEnum

from .moves import Move
from .play import legal_moves, next_position
from .position import Position
from .rules import Ruleset
from .view import hide

__all__ = ["DEAD_END", "MAX_NODES", "PROGRESS", "UNKNOWN", "Progress", "ProgressCheck"]


class Progress(StrEnum):
    """A :class:`ProgressCheck`'s answer; each member equals its word (``Progress.DEAD_END == "dead-end"``)."""

    DEAD_END = "dead-end"
    """No line of visible play makes progress: a proof."""
    PROGRESS = "progress"
    """Some line does (or a deal is still to come)."""
    UNKNOWN = "unknown"
    """The budget ran out first."""


DEAD_END, PROGRESS, UNKNOWN = Progress.DEAD_END, Progress.PROGRESS, Progress.UNKNOWN
MAX_NODES = 200_000
"""The default budget of :meth:`ProgressCheck.run`: positions explored."""


def _empty_columns(pos: Position) -> int:
    return sum(1 for col in pos.tableau if not col)


def _cards_home(pos: Position) -> int:
    return sum(len(f) for f in pos.foundations)


class ProgressCheck:
    """An anytime search for progress from ``pos`` with what the player sees.

    ``status`` is None until :meth:`step` answers :data:`DEAD_END` or
    :data:`PROGRESS`; ``moves`` then holds a shortest line of play to the
    progress found.
    """

    def __init__(self, rules: Ruleset, pos: Position) -> None:
        self.rules = rules
        self.nodes = 0
        self.status: Progress | None = None
        self.moves: tuple[Move, ...] = ()
        if pos.stock_count():
            self.status = PROGRESS  # a deal is still to come
            return
        start = hide(pos)
        self._down = sum(start.down)
        self._empty = _empty_columns(start)
        self._home = _cards_home(start)
        self._parents: dict[Position, tuple[Position | None, Move | None]] = {start: (None, None)}
        self._queue: deque[Position] = deque([start])

    def _progress(self, pos: Position) -> bool:
        return sum(pos.down) < self._down or _empty_columns(pos) > self._empty or _cards_home(pos) > self._home

    def step(self, max_nodes: int) -> Progress | None:
        """Explore up to ``max_nodes`` positions; the answer once there is one."""
        if self.status is not None:
            return self.status
        rules, parents, queue = self.rules, self._parents, self._queue
        for _ in range(max_nodes):
            if not queue:
                self.status = DEAD_END
                return self.status
            pos = queue.popleft()
            self.nodes += 1
            for move in legal_moves(rules, pos):
                nxt = next_position(rules, pos, move)
                if nxt in parents:
                    continue
                parents[nxt] = (pos, move)
                if self._progress(nxt):
                    self.moves = self._path(nxt)
                    self.status = PROGRESS
                    return self.status
                queue.append(nxt)
        return None

    def run(self, max_nodes: int = MAX_NODES) -> Progress:
        """The answer within ``max_nodes`` positions: :data:`UNKNOWN` if none by then."""
        return self.step(max_nodes) or UNKNOWN

    def _path(self, pos: Position) -> tuple[Move, ...]:
        path: list[Move] = []
        at: Position | None = pos
        while at is not None:
            prev, move = self._parents[at]
            if move is not None:
                path.append(move)
            at = prev
        return tuple(reversed(path))
