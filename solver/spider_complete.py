"""The review's complete search of a Spider-family position: every legal
move, positions met again skipped, lost positions shared between searches.

It proves a position lost by running out of positions, as
``make_search(..., complete=True)`` does, with fewer positions to go
through:

* the key of a position leaves out the foundations (in the Spider family
  they hold completed runs, which no move takes back or depends on: the
  same columns, face-down counts and stock have the same moves and the same
  wins whatever the foundations hold), and once the stock is empty the
  order of the columns too (no deal tells them apart; the Free Column of
  Tournament Spider is the only column with a role of its own, so its games
  are not searched here);
* the successors are every legal column move, from the engine's own
  ``legal_moves`` and ``next_position`` (:func:`all_successors`: nothing
  pruned);
* ``lost``, a set of keys shared by the searches of one game, holds the
  positions proven to have no win: every position of a search that ran out
  (each is reached from its start, which has none).  A successor in
  ``lost`` is not searched again, and a search from a position in it is
  over at once.  A search cut short adds nothing.

Only the games of one rules set and one start share a ``lost`` set: the key
names the stock by how many cards are left, which says which cards only
within one game.
"""

from __future__ import annotations

import heapq

from engine import (
    MOVE,
    Card,
    Foundations,
    Move,
    Position,
    Ruleset,
    deal_moves,
    legal_moves,
    next_position,
    stalemated,
)

from .base import SOLVED, UNSOLVABLE, Status
from .spider import evaluate

LOST_CAP = 250_000
"""The most keys a shared lost set holds (memory on a phone); past it, no more are kept."""


def supports(rules: Ruleset) -> bool:
    """Whether this search fits ``rules``: foundations that only receive
    completed runs (the Spider family), without a Free Column or draw piles."""
    return rules.traits.foundations == Foundations.RUNS and not rules.free_column and not rules.draw_piles


def review_key(pos: Position) -> object:
    """The key of a position for the lost set: columns, face-down counts and
    the stock's length, foundations left out; once the stock is empty, the
    columns as a sorted multiset."""
    if pos.stock[0]:
        return (pos.tableau, pos.down, len(pos.stock[0]))
    return tuple(sorted(zip(pos.tableau, pos.down)))


def all_successors(rules: Ruleset, pos: Position) -> list[tuple[Move, Position]]:
    """Every legal column move of a Spider-family position, with where it
    leads: the engine's ``legal_moves`` without the deals, and
    ``next_position``.  (A copy that rebuilt only the two changed columns was
    measured 1.3-1.5 times as fast on positions of 1, 2 and 4-suit games: not
    enough to keep a third copy of the move rules.)"""
    return [(m, next_position(rules, pos, m)) for m in legal_moves(rules, pos) if m.kind == MOVE]


class CompleteSearch:
    """A best-first complete search from ``pos`` (see the module docstring).

    ``status`` ends ``solved`` (``moves`` win), or ``unsolvable``: no
    position reached from ``pos`` is won.  ``lost`` is the shared set of
    keys with no win; pass the same set to every search of one game.  The
    order (the solver's evaluation, best first) only decides how soon a
    win is met; every position reached is searched before ``unsolvable``.
    """

    levelled = False

    def __init__(self, rules: Ruleset, pos: Position, *, lost: set[object] | None = None) -> None:
        self.rules = rules
        self.lost: set[object] = lost if lost is not None else set()
        self.nodes = 0
        self.status: Status | None = None
        self.moves: tuple[Move, ...] = ()
        self._cache: dict[tuple[tuple[Card, ...], int], int] = {}
        key = review_key(pos)
        self._parents: dict[object, tuple[object, Move | None]] = {key: (None, None)}
        self._heap: list[tuple[int, int, Position, object]] = []
        self._tick = 0
        if pos.is_cleared():
            self.status = SOLVED
        elif key in self.lost:
            self.status = UNSOLVABLE
        else:
            self._push(pos, key)

    def _push(self, pos: Position, key: object) -> None:
        self._tick += 1
        heapq.heappush(self._heap, (-evaluate(self.rules, pos, self._cache), self._tick, pos, key))

    def step(self, max_nodes: int = 1000) -> Status | None:
        """Explore up to ``max_nodes`` positions; the status once the search is over."""
        if self.status is not None:
            return self.status
        rules = self.rules
        heap = self._heap
        lost = self.lost
        parents = self._parents
        budget = max(1, max_nodes)
        while heap:
            if budget <= 0:
                return None
            _, _, pos, key = heapq.heappop(heap)
            budget -= 1
            self.nodes += 1
            if stalemated(rules, pos):
                continue  # too few cards to fill the columns: the stock is out of reach for good
            succ = all_successors(rules, pos)
            succ.extend((m, next_position(rules, pos, m)) for m in deal_moves(rules, pos))
            for m, nxt in succ:
                nkey = review_key(nxt)
                if nkey in parents or nkey in lost:
                    continue
                parents[nkey] = (key, m)
                if nxt.is_cleared():
                    self._finish(nkey)
                    return SOLVED
                self._push(nxt, nkey)
        # ran out: every position met is reached from the start, which has no win
        if len(lost) + len(parents) <= LOST_CAP:
            lost.update(parents)
        self.status = UNSOLVABLE
        return UNSOLVABLE

    def _finish(self, key: object) -> None:
        path: list[Move] = []
        parent, move = self._parents[key]
        while move is not None:
            path.append(move)
            parent, move = self._parents[parent]
        path.reverse()
        self.moves = tuple(path)
        self.status = SOLVED
