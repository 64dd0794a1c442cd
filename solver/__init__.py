"""The solver: finds a way to win, budgeted, cancellable, for every preset.

Two questions, one machinery:

* **Full information** (``visible=False``): every card's identity is known,
  as when proving a deal winnable ahead of time.  A ``solved`` answer
  carries moves that replay legally in the engine to a win.
* **Visible information** (``visible=True``): face-down cards and the stock
  are unknown, as for a player's hint.  Hidden cards are replaced by a
  placeholder that can never be moved, built on or completed, so a line of
  play may end by turning a card up or dealing, never by using what it
  would reveal.

The search is *anytime*: it runs in slices (:meth:`Search.step`) so the
browser can yield between them, stops at a node or time budget, and can be
cancelled.  Positions are keys of a transposition table (the engine's
positions are immutable tuples).

Spider-family deals are searched level by level (a beam over the deals
left): between two deals a best-first search explores the column moves;
the best positions from which a deal is legal deal, and the best positions
after the deal (judged knowing the dealt cards) make the next level.  A
search that gives up starts again with other evaluation weights and, every
second try, a wider beam (:func:`tries`: a portfolio and iterative widening).
That search has a fast path (:func:`spider_successors`: only the changed
columns are rebuilt, the evaluation is updated column by column) and
compound moves (:func:`macro_successors`: a descending sequence of several
one-suit blocks moves as one step, its blocks parked on empty columns or on
columns one rank higher on the way).  Its transposition table's key
(:func:`position_key`) leaves out the foundations and, once the stock is
empty, the order of the columns.  Little Spider and traditional Spidike
have full-information searches of their own (:func:`make_search`,
:data:`FAMILY_SEARCHES`: :mod:`solver.little`,
:mod:`solver.spidike`); hints in every game use the Spider family's
best-first search (:mod:`solver.spider`).  Every search implements
:class:`FamilySearch`.

Move pruning never invents a solution: every move the solver returns is
legal in the engine (the tests replay each one).  Pruning only skips moves
that cannot help a line of play it keeps (a group moved off a card it
already sits on in sequence and suit, unless it completes a run where it
lands; a whole column into an empty one; all but the first of several
empty columns), so an exhausted search with
pruning reports ``unknown``; only the complete mode (no pruning, no beam)
reports ``unsolvable``.

>>> import engine
>>> from solver import solve
>>> game = engine.game_from_notation("spider-1", "Ks/Qs/Js/Ts/9s/8s/7s/6s/5s/4s3s2sAs - -/-/-/-/-/-/-/-")
>>> result = solve(game.rules, game.position, max_nodes=2000)
>>> result.status, len(result.moves) > 0
(<Status.SOLVED: 'solved'>, True)
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

from engine import Move, Position, Ruleset

from .base import CANCELLED, SOLVED, UNKNOWN, UNSOLVABLE, FamilySearch, Status, replay
from .little import LittleSpiderSearch
from .review import (
    PAGE_BUDGET,
    Basis,
    GameReview,
    Proof,
    ReviewBudget,
    Reviewer,
    ReviewError,
    Verdict,
    review,
)
from .spider import (
    BEAM,
    HINT_WEIGHTS,
    LEVEL_NODES,
    PER_WIDTH,
    PORTFOLIO,
    WEIGHTS,
    Hint,
    Search,
    SolveResult,
    Weights,
    block_starts,
    column_value,
    evaluate,
    hints,
    macro_successors,
    position_key,
    spider_successors,
    tries,
    useful_moves,
)
from .spidike import SpidikeSearch

__all__ = [
    "BEAM",
    "CANCELLED",
    "FAMILY_SEARCHES",
    "HINT_WEIGHTS",
    "LEVEL_NODES",
    "PAGE_BUDGET",
    "PER_WIDTH",
    "PORTFOLIO",
    "SOLVED",
    "UNKNOWN",
    "UNSOLVABLE",
    "WEIGHTS",
    "Basis",
    "FamilySearch",
    "GameReview",
    "Hint",
    "LittleSpiderSearch",
    "Proof",
    "ReviewBudget",
    "ReviewError",
    "Reviewer",
    "Search",
    "SolveResult",
    "SpidikeSearch",
    "Status",
    "Verdict",
    "Weights",
    "autocomplete",
    "block_starts",
    "column_value",
    "evaluate",
    "hints",
    "macro_successors",
    "make_search",
    "position_key",
    "replay",
    "review",
    "solve",
    "spider_successors",
    "tries",
    "useful_moves",
]

FAMILY_SEARCHES: dict[str, type[LittleSpiderSearch] | type[SpidikeSearch]] = {
    "spidike-classic": SpidikeSearch,
    "little-spider": LittleSpiderSearch,
}
"""Family → its own search for full information; it takes ``(rules, pos,
*, complete=False)``.  Visible-information searches (hints) stay with the
Spider family's :class:`Search`."""


def make_search(
    rules: Ruleset,
    pos: Position,
    *,
    visible: bool = False,
    complete: bool = False,
    beam: int = 12,
    level_nodes: int = 4000,
    deal_look: int = 2,
    final_factor: int = 2,
    macros: bool = True,
    weights: Weights = WEIGHTS,
) -> FamilySearch:
    """The search for ``rules``' family: its own full-information search, else :class:`Search`.

    A search runs in slices (:meth:`FamilySearch.step`), so a page can yield
    between them.  ``complete=True`` prunes nothing, so it alone can prove
    that a position is lost (the page's "Still winnable?" asks it when the
    ordinary search finds no win):

    >>> import engine
    >>> g = engine.game_from_notation("spider-1", "KsQs/Js/Ts/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")  # no Ace
    >>> search = make_search(g.rules, g.position, complete=True)
    >>> while (answer := search.step(500)) is None:
    ...     pass
    >>> answer, search.moves
    (<Status.UNSOLVABLE: 'unsolvable'>, ())
    >>> solve(g.rules, g.position, max_nodes=2000).status  # pruned: it cannot tell
    <Status.UNKNOWN: 'unknown'>
    """
    own = None if visible else FAMILY_SEARCHES.get(rules.family)
    if own is not None:
        return own(rules, pos, complete=complete)
    return Search(
        rules,
        pos,
        visible=visible,
        complete=complete,
        beam=beam,
        level_nodes=level_nodes,
        deal_look=deal_look,
        final_factor=final_factor,
        macros=macros,
        weights=weights,
    )


def solve(
    rules: Ruleset,
    pos: Position,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    should_stop: Callable[[], bool] | None = None,
    visible: bool = False,
    complete: bool = False,
    beam: int = BEAM,
    level_nodes: int = LEVEL_NODES,
    deal_look: int = 2,
    final_factor: int = 2,
    macros: bool = True,
    portfolio: tuple[Weights, ...] = PORTFOLIO,
) -> SolveResult:
    """Search for a win from ``pos`` within a node and/or time budget.

    A beam search that gives up before the budget is spent starts again
    with the next weights of ``portfolio`` and, every :data:`PER_WIDTH`
    tries, twice as wide (:func:`tries`), so more budget means a better
    chance.  ``should_stop`` is polled between slices; if it
    returns True the result is ``cancelled``.

    >>> import engine
    >>> g = engine.game_from_notation("spider-1", "KsQsJs/Ts9s/*As8s7s6s5s4s3s2s/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    >>> result = solve(g.rules, g.position, max_nodes=2000)
    >>> result.status == SOLVED, [str(m) for m in result.moves]
    (True, ['c2:2>c1', 'c3:7>c1', 'c3>c1'])
    >>> replay(g.rules, g.position, result.moves).is_cleared()
    True
    >>> deal = engine.new_game("spider-4", deal=1)
    >>> solve(deal.rules, deal.position, should_stop=lambda: True).status  # stopped after its first slice
    <Status.CANCELLED: 'cancelled'>
    """
    t0 = time.perf_counter()
    # The search allocates millions of tuples and no cycles: the cyclic
    # collector would only rescan them, so it is paused while searching.
    gc_was_on = gc.isenabled()
    gc.disable()
    nodes = 0
    schedule = tries(beam, level_nodes, portfolio)
    try:
        while True:
            width, size, weights = next(schedule)
            search = make_search(
                rules,
                pos,
                visible=visible,
                complete=complete,
                beam=width,
                level_nodes=size,
                deal_look=deal_look,
                final_factor=final_factor,
                macros=macros,
                weights=weights,
            )
            left = None if max_nodes is None else max_nodes - nodes
            status = _run(search, t0, left, max_seconds, should_stop)
            nodes += search.nodes
            if status == SOLVED:
                return SolveResult(status, search.moves, nodes, time.perf_counter() - t0)
            out_of_budget = (max_nodes is not None and nodes >= max_nodes) or (
                max_seconds is not None and time.perf_counter() - t0 >= max_seconds
            )
            if status != UNKNOWN or complete or visible or not search.levelled or out_of_budget:
                return SolveResult(status, (), nodes, time.perf_counter() - t0)
            if max_nodes is None and max_seconds is None:
                return SolveResult(status, (), nodes, time.perf_counter() - t0)
    finally:
        if gc_was_on:
            gc.enable()


def _run(
    search: FamilySearch,
    t0: float,
    max_nodes: int | None,
    max_seconds: float | None,
    should_stop: Callable[[], bool] | None,
) -> Status:
    while True:
        status = search.step(500)
        if status is not None:
            return status
        if max_nodes is not None and search.nodes >= max_nodes:
            return UNKNOWN
        if max_seconds is not None and time.perf_counter() - t0 >= max_seconds:
            return UNKNOWN
        if should_stop is not None and should_stop():
            return CANCELLED


def autocomplete(rules: Ruleset, pos: Position, *, max_nodes: int = 20000) -> tuple[Move, ...] | None:
    """The moves that finish the game, if that is proven from what is visible.

    Offered only when nothing is hidden (every card face up, nothing left
    to deal) and the search finds a win; None otherwise.

    >>> import engine
    >>> hidden = engine.game_from_notation("spider-1", "KsQsJs/Ts9s/*As8s7s6s5s4s3s2s/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    >>> autocomplete(hidden.rules, hidden.position) is None  # the Ace is still face down
    True
    >>> open_ = engine.game_from_notation("spider-1", "KsQsJs/Ts9s/As8s7s6s5s4s3s2s/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    >>> [str(m) for m in autocomplete(open_.rules, open_.position)]
    ['c2:2>c1', 'c3:7>c1', 'c3>c1']
    """
    if any(pos.down) or any(pos.stock):
        return None
    result = solve(rules, pos, max_nodes=max_nodes)
    return result.moves if result.status == SOLVED else None
