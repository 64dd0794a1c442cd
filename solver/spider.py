"""The Spider family's search: a levelled beam search over the deals,
best-first between them, with a fast path for full information (see
:mod:`solver` for the whole picture).
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Iterator
from typing import NamedTuple

from engine import (
    KING,
    N_,
    Card,
    Move,
    MoveKind,
    Position,
    Reason,
    Ruleset,
    completes_run,
    deal_moves,
    hide,
    known_move,
    legal_moves,
    move_of,
    next_position,
    pile_id,
    pile_name,
    stalemated,
)

from .base import SOLVED, UNKNOWN, UNSOLVABLE, Status

DEAL, DRAW, FOUNDATION, MOVE = MoveKind.DEAL, MoveKind.DRAW, MoveKind.FOUNDATION, MoveKind.MOVE

BEAM = 16
"""The Spider family's first beam: positions dealt into each next level."""
LEVEL_NODES = 1000
"""Positions explored from each level before choosing the next (first try)."""


class SolveResult(NamedTuple):
    """What a search found: ``status``, the winning ``moves`` (if solved), effort."""

    status: Status
    moves: tuple[Move, ...]
    nodes: int
    seconds: float


# -- evaluation -----------------------------------------------------------------


RUN_VALUE = 390
"""The evaluation of one completed run (30 a card)."""


class Weights(NamedTuple):
    """The evaluation's weights (see :func:`column_value`).

    Several sets make a portfolio (:data:`PORTFOLIO`): a deal one set
    finds hard, another often finds easy.
    """

    empty_column: int = 150
    face_down: int = 40
    """For each face-down card (a cost)."""
    suited_pair: int = 12
    """A card on its successor of the same suit."""
    off_suit_pair: int = 4
    """A card on its successor of another suit, where runs must be one suit."""
    any_suit_pair: int = 6
    """A card on its successor, where runs of any suits complete (Relaxed, Easy)."""
    breaks: int = 10
    """For each face-up card not on its successor (a cost)."""
    king_at_bottom: int = 8
    locked: int = 50
    """For each movable unit (a one-suit block, or a run where any run moves) lying on face-down cards (a cost)."""


WEIGHTS = Weights()
"""The default weights: visible-information searches and the first try of :func:`solve`."""

HINT_WEIGHTS = Weights(face_down=100)
"""The weights of :func:`hints`: a card turned up is worth more than to the
full-information search, which also sees what the card is; to a player it
is the way to learn more."""

PORTFOLIO: tuple[Weights, ...] = (
    WEIGHTS,
    Weights(empty_column=80, locked=30),
    Weights(face_down=70),
    Weights(suited_pair=16, off_suit_pair=0),
)
"""The weight sets :func:`solve`'s tries take in turn (see :func:`tries`)."""


def column_value(col: tuple[Card, ...], d: int, same_suit: bool, w: Weights = WEIGHTS) -> int:
    """The evaluation's share of one column (see :func:`evaluate`)."""
    n = len(col)
    if not n:
        return w.empty_column
    score = -w.face_down * d
    prev = col[d]
    suited = w.suited_pair
    off = w.off_suit_pair if same_suit else w.any_suit_pair
    brk = w.breaks
    units = 1
    for k in range(d + 1, n):
        c = col[k]
        if (prev >> 2) == (c >> 2) + 1:
            if c == prev - 4:
                score += suited
            else:
                score += off
                units += same_suit
        else:
            score -= brk
            units += 1
        prev = c
    if d:
        score -= w.locked * units
    if d == 0 and (col[0] >> 2) == KING:
        score += w.king_at_bottom
    return score


def evaluate(
    rules: Ruleset, pos: Position, cache: dict[tuple[tuple[Card, ...], int], int] | None = None, w: Weights = WEIGHTS
) -> int:
    """How promising a position is (higher is better); cheap, used to order search.

    Rewards completed runs, cards on foundations, turned-up cards, cards
    sitting on their successor (more for the same suit), empty columns;
    penalises breaks in the face-up part of a column.  ``cache`` memoises
    column values across calls (a search passes one, for one set of
    weights ``w``).
    """
    same_suit = rules.unit != "rank" and rules.completion != "any"
    score = 0
    if cache is None:
        for col, d in zip(pos.tableau, pos.down):
            score += column_value(col, d, same_suit, w)
    else:
        get = cache.get
        for col, d in zip(pos.tableau, pos.down):
            key = (col, d)
            v = get(key)
            if v is None:
                v = cache[key] = column_value(col, d, same_suit, w)
            score += v
    # A completed run must be worth more than the same 13 cards in a column
    # (12 suited pairs, 144), or the search would shy away from completing it.
    per_card = RUN_VALUE // 13 if rules.completion != "none" else 25
    for f in pos.foundations:
        score += per_card * len(f)
    return score


# -- move selection -------------------------------------------------------------


def useful_moves(rules: Ruleset, pos: Position) -> list[Move]:
    """The legal moves worth searching (see the module docstring on pruning)."""
    moves = legal_moves(rules, pos)
    if rules.traits.foundations.by_hand:
        # empty foundations are alike, unless Little Spider's lower-row rule tells them apart
        if rules.lower_row_restriction:
            return moves
        first_free = next((f for f, pile in enumerate(pos.foundations) if not pile), -1)
        moves = [m for m in moves if m.kind != FOUNDATION or pos.foundations[m.dst] or m.dst == first_free]
        if rules.traits.stock_phases:
            return moves
    tableau = pos.tableau
    down = pos.down
    removes = rules.completion != "none"
    first_empty = -1
    for j, col in enumerate(tableau):
        if not col:
            first_empty = j
            break
    out = []
    for m in moves:
        if m.kind != MOVE:
            out.append(m)
            continue
        src_col = tableau[m.src]
        h = len(src_col) - m.count
        head = src_col[h]
        target = tableau[m.dst]
        if not target:
            if m.dst != first_empty or h == 0:
                continue
            out.append(m)
            continue
        if h > down[m.src]:
            below = src_col[h - 1]
            if (below >> 2) == (head >> 2) + 1:  # noqa: SIM102 - the hot path reads better nested
                # already built on a successor: moving only helps if it makes the build
                # one suit, or completes a run where it lands
                if ((below & 3) == (head & 3) or (target[-1] & 3) != (head & 3)) and not (
                    removes and (src_col[-1] >> 2) == 1 and completes_run(rules, target + src_col[h:], down[m.dst])
                ):
                    continue
        out.append(m)
    return out


# -- the Spider family's fast path ------------------------------------------------

_new = tuple.__new__


def spider_successors(rules: Ruleset, pos: Position) -> list[tuple[Move, Position]]:
    """:func:`useful_moves`' column moves of a Spider-family position, with where they lead.

    The same moves as :func:`useful_moves` without the deals, in the same
    order, and the same positions as :func:`engine.play.next_position`, made
    faster: only the two columns that change are rebuilt (a move that could
    complete a run goes through the engine's own ``next_position``).

    A copy of the engine's move generation kept for speed: about twice as
    fast as :func:`useful_moves` with ``next_position`` for each move (27 µs
    against 52 µs a position met in 1-, 2- and 4-suit play, CPython 3.11;
    ``bench/solver_bench.py`` prints both).  The solver's tests check that
    the two agree on positions of random games of every Spider-family preset
    (``test_fast_successors_are_the_engines_moves_and_positions``).
    """
    tableau = pos.tableau
    down = pos.down
    by_rank: dict[int, list[int]] = {}
    first_empty = -1
    for j, col in enumerate(tableau):
        if col:
            r = col[-1] >> 2
            lst = by_rank.get(r)
            if lst is None:
                by_rank[r] = [j]
            else:
                lst.append(j)
        elif first_empty < 0:
            first_empty = j
    unit = rules.unit
    empty_rule = rules.empty
    removes = rules.completion != "none"
    stock = pos.stock
    foundations = pos.foundations
    out: list[tuple[Move, Position]] = []
    add = out.append
    get = by_rank.get
    for i, col in enumerate(tableau):
        n = len(col)
        if not n:
            continue
        d = down[i]
        k = n - 1
        card: int = col[k]
        top_is_ace = (card >> 2) == 1
        count = 1
        while True:
            r = card >> 2
            built = False
            below = 0
            if k > d:
                below = col[k - 1]
                built = (below >> 2) == r + 1
            targets = get(r + 1)
            dsts: list[int] = []
            if targets:
                if built:
                    # already on a successor: moving only helps if it makes the build
                    # one suit, or completes a run where it lands
                    off_suit = (below & 3) != (card & 3)
                    may_complete = top_is_ace and removes
                    if off_suit or may_complete:
                        for j in targets:
                            if (off_suit and (tableau[j][-1] & 3) == (card & 3)) or (
                                may_complete and completes_run(rules, tableau[j] + col[k:], down[j])
                            ):
                                dsts.append(j)
                else:
                    dsts = targets
            if first_empty >= 0 and k > 0 and (empty_rule == "any" or (empty_rule == "king" and r == KING)):
                dsts = dsts + [first_empty]
            if dsts:
                moving = col[k:]
                newsrc = col[:k]
                if k and d >= k:
                    dl = list(down)
                    dl[i] = k - 1
                    dn = tuple(dl)
                else:
                    dn = down
                for j in dsts:
                    m = known_move((MOVE, i, j, count)) or move_of(MOVE, i, j, count)
                    newdst = tableau[j] + moving
                    if removes and (
                        (top_is_ace and len(newdst) - down[j] >= 13)
                        or (newsrc and (newsrc[-1] >> 2) == 1 and len(newsrc) - dn[i] >= 13)
                    ):
                        add((m, next_position(rules, pos, m)))
                        continue
                    t = list(tableau)
                    t[i] = newsrc
                    t[j] = newdst
                    add((m, _new(Position, (tuple(t), dn, stock, foundations))))
            if k == d:
                break
            if unit == "suit":
                if below != card + 4:
                    break
            elif unit == "rank":
                if not built:
                    break
            else:
                break
            k -= 1
            card = below
            count += 1
    return out


MACRO_BLOCKS = 5
"""The most one-suit blocks a compound move carries."""


def block_starts(col: tuple[Card, ...], d: int) -> tuple[int, ...]:
    """The head index of each one-suit block of ``col``'s descending top, top block first.

    At most :data:`MACRO_BLOCKS` blocks; each block lies on a card one rank
    higher of another suit.

    >>> from engine import parse_card as c
    >>> block_starts((c("Kh"), c("9s"), c("8s"), c("7h"), c("6h")), 1)
    (3, 1)
    """
    starts: list[int] = []
    k = len(col) - 1
    while True:
        while k > d and col[k - 1] == col[k] + 4:
            k -= 1
        starts.append(k)
        if k == d or len(starts) >= MACRO_BLOCKS or (col[k - 1] >> 2) != (col[k] >> 2) + 1:
            break
        k -= 1
    return tuple(starts)


def macro_successors(
    rules: Ruleset, pos: Position, cache: dict[tuple[tuple[Card, ...], int], tuple[int, ...]] | None = None
) -> list[tuple[list[Move], Position]]:
    """Compound moves of a descending sequence, with where they lead (unit "suit" only).

    A descending sequence of ``t`` one-suit blocks on top of a column (each
    block on a card one rank higher of another suit) cannot move as a unit,
    but it moves all the same if its top ``t - 1`` blocks can be parked:
    each on an empty column or on another column whose top card is one rank
    higher than the block's first card.  The blocks are parked from the top
    down, the deepest goes onto the target, and the parked ones follow it in
    order, so every other column ends as it was.  Each compound move is the
    list of those legal moves.  Moves of one block are
    :func:`spider_successors`' own.  ``cache`` memoises
    :func:`block_starts` per column (a search passes one).
    """
    if rules.unit != "suit" or rules.empty != "any":
        return []
    tableau = pos.tableau
    down = pos.down
    by_rank: dict[int, list[int]] = {}
    empties: list[int] = []
    for j, col in enumerate(tableau):
        if col:
            by_rank.setdefault(col[-1] >> 2, []).append(j)
        else:
            empties.append(j)
    removes = rules.completion != "none"
    out: list[tuple[list[Move], Position]] = []
    if cache is None:
        cache = {}
    cget = cache.get
    for i, col in enumerate(tableau):
        n = len(col)
        if not n:
            continue
        d = down[i]
        ck = (col, d)
        starts = cget(ck)
        if starts is None:
            starts = cache[ck] = block_starts(col, d)
        nb = len(starts)
        if nb < 2:
            continue
        for t in range(2, nb + 1):
            h = starts[t - 1]
            head = col[h]
            r = head >> 2
            dsts: list[int] = []
            for j in by_rank.get(r + 1, ()):
                # moving off a card of the rank above only helps if it lands on its own suit
                if h > d and (col[h - 1] >> 2) == r + 1 and (tableau[j][-1] & 3) != (head & 3):
                    continue
                dsts.append(j)
            if h > 0 and empties:
                dsts.append(empties[0])
            if not dsts:
                continue
            newsrc = col[:h]
            if h and d >= h:
                dl = list(down)
                dl[i] = h - 1
                dn = tuple(dl)
            else:
                dn = down
            sizes = [n - starts[0]]
            for blk in range(1, t):
                sizes.append(starts[blk - 1] - starts[blk])
            for j in dsts:
                parks: list[int] = []
                free_empties = [x for x in empties if x != j]
                for blk in range(t - 1):
                    spot = -1
                    tail = col[starts[blk - 1] - 1] if blk else col[-1]
                    if (tail >> 2) != 1:  # a block ending in an Ace could complete a run where it parks
                        for x in by_rank.get((col[starts[blk]] >> 2) + 1, ()):
                            if x != i and x != j and x not in parks:
                                spot = x
                                break
                    if spot < 0:
                        if not free_empties:
                            break
                        spot = free_empties.pop(0)
                    parks.append(spot)
                if len(parks) < t - 1:
                    continue
                seq = [
                    known_move((MOVE, i, parks[blk], sizes[blk])) or move_of(MOVE, i, parks[blk], sizes[blk])
                    for blk in range(t - 1)
                ]
                seq.append(known_move((MOVE, i, j, sizes[t - 1])) or move_of(MOVE, i, j, sizes[t - 1]))
                seq.extend(
                    known_move((MOVE, parks[blk], j, sizes[blk])) or move_of(MOVE, parks[blk], j, sizes[blk])
                    for blk in range(t - 2, -1, -1)
                )
                newdst = tableau[j] + col[h:]
                if removes and (
                    ((col[-1] >> 2) == 1 and len(newdst) - down[j] >= 13)
                    or (newsrc and (newsrc[-1] >> 2) == 1 and len(newsrc) - dn[i] >= 13)
                ):
                    nxt = pos
                    for m in seq:
                        nxt = next_position(rules, nxt, m)
                    out.append((seq, nxt))
                    continue
                tl = list(tableau)
                tl[i] = newsrc
                tl[j] = newdst
                out.append((seq, _new(Position, (tuple(tl), dn, pos.stock, pos.foundations))))
    return out


def _stock_key(pos: Position) -> tuple[int, ...]:
    return tuple(len(p) for p in pos.stock)


def position_key(pos: Position) -> object:
    """The transposition table's key of a Spider-family position.

    Two positions with the same key have the same future: the same columns
    and the same stock (the stock only ever shrinks from its front, so its
    length says which cards are left).  Foundations are left out (which
    slot holds which run changes nothing), and once the stock is empty the
    order of the columns is too (no deal will tell them apart).
    """
    skey = _stock_key(pos)
    if any(skey):
        return (pos.tableau, pos.down, skey)
    return tuple(sorted(zip(pos.tableau, pos.down)))


# -- the search -------------------------------------------------------------------


class _Node(NamedTuple):
    parent: Position | None
    move: Move | None


class Search:
    """An anytime search for a win from ``pos``; call :meth:`step` until done.

    ``beam`` is the number of positions dealt into each next level (Spider
    family); ``level_nodes`` the positions explored from each level before
    choosing them.  ``visible`` hides face-down cards and the stock.
    ``weights`` are the evaluation's (:func:`solve` passes each of its
    portfolio in turn; :func:`hints` has its own search and weights).
    """

    def __init__(
        self,
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
    ) -> None:
        self.rules = rules
        self.weights = weights
        self.macros = macros
        self.visible = visible
        self.complete = complete
        self.start = hide(pos) if visible else pos
        self.beam = beam
        self.level_nodes = level_nodes
        self.nodes = 0
        self.status: Status | None = None
        self.moves: tuple[Move, ...] = ()
        self._parents: dict[Position, _Node] = {self.start: _Node(None, None)}
        self.levelled = rules.traits.levelled_search and not complete
        self._heap: list[tuple[int, int, Position]] = []
        self._tick = 0
        self._level_seen: list[tuple[int, Position]] = []
        self._level_count = 0
        self._pruned = False
        self._cache: dict[tuple[tuple[Card, ...], int], int] = {}
        self._blocks: dict[tuple[tuple[Card, ...], int], tuple[int, ...]] = {}
        self._fast = self.levelled and not visible
        self.deal_look = deal_look
        self.final_nodes = level_nodes * final_factor
        if self._fast:
            self._same_suit = rules.unit != "rank" and rules.completion != "any"
            key = position_key(self.start)
            self._tt: dict[object, tuple[object, Move | list[Move] | None]] = {key: (None, None)}
            self._fheap: list[tuple[int, int, Position, object]] = []
            self._fseen: list[tuple[int, Position, object]] = []
            self._fpush(self.start, key, evaluate(rules, self.start, self._cache, self.weights))
        else:
            self._push(self.start, evaluate(rules, self.start, self._cache, self.weights))

    def _fpush(self, pos: Position, key: object, value: int) -> None:
        self._tick += 1
        heapq.heappush(self._fheap, (-value, self._tick, pos, key))

    def _step_fast(self, max_nodes: int) -> Status | None:
        """The Spider family's levelled search (full information)."""
        rules = self.rules
        heap = self._fheap
        tt = self._tt
        cache = self._cache
        same_suit = self._same_suit
        w = self.weights
        seen = self._fseen
        cget = cache.get
        heappush = heapq.heappush
        budget = max_nodes
        while budget > 0:
            if not heap:
                if self._next_level_fast():
                    seen = self._fseen
                    continue
                if self.status is None:
                    self.status = UNKNOWN
                return self.status
            negv, _, pos, key = heapq.heappop(heap)
            budget -= 1
            self.nodes += 1
            v = -negv
            tab = pos.tableau
            down = pos.down
            skey = _stock_key(pos)
            endgame = not any(skey)
            if endgame and not any(tab):
                self._finish_fast(key)
                return self.status
            old = []
            for ck in zip(tab, down):
                x = cget(ck)
                if x is None:
                    x = cache[ck] = column_value(ck[0], ck[1], same_suit, w)
                old.append(x)
            succ: list[tuple[Move | list[Move], Position]] = list(spider_successors(rules, pos))
            if self.macros:
                succ.extend(macro_successors(rules, pos, self._blocks))
            for m, nxt in succ:
                nt = nxt.tableau
                nd = nxt.down
                if endgame:
                    nkey: object = tuple(sorted(zip(nt, nd)))
                else:
                    nkey = (nt, nd, skey)
                entry = (key, m)
                if tt.setdefault(nkey, entry) is not entry:
                    continue
                if nxt.foundations is not pos.foundations:
                    if endgame and not any(nt):
                        self._finish_fast(nkey)
                        return self.status
                    nv = evaluate(rules, nxt, cache, w)
                else:
                    if type(m) is list:
                        i = m[0].src
                        j = m[-1].dst
                    else:
                        i = m.src  # type: ignore[union-attr]
                        j = m.dst  # type: ignore[union-attr]
                    ck = (nt[i], nd[i])
                    a = cget(ck)
                    if a is None:
                        a = cache[ck] = column_value(nt[i], nd[i], same_suit, w)
                    ck = (nt[j], nd[j])
                    b = cget(ck)
                    if b is None:
                        b = cache[ck] = column_value(nt[j], nd[j], same_suit, w)
                    nv = v + a + b - old[i] - old[j]
                self._tick += 1
                heappush(heap, (-nv, self._tick, nxt, nkey))
            seen.append((v, pos, key))
            if len(seen) >= (self.final_nodes if endgame else self.level_nodes):
                heap.clear()
        return None

    def _next_level_fast(self) -> bool:
        """Deal into the next level from the best positions of this one.

        The ``beam * deal_look`` best positions (that may deal) of the level
        deal; the ``beam`` best positions after the deal, judged knowing the
        dealt cards, make the next level.
        """
        rules = self.rules
        tt = self._tt
        seen = self._fseen
        self._fseen = []
        seen.sort(key=lambda t: -t[0])
        cands: list[tuple[int, int, Position, object, object, Move]] = []
        looked = 0
        tick = 0
        for _, pos, key in seen:
            if looked >= self.beam * self.deal_look:
                break
            deals = deal_moves(rules, pos)
            if not deals:
                continue
            looked += 1
            for m in deals:
                nxt = next_position(rules, pos, m)
                nkey = position_key(nxt)
                if nkey in tt:
                    continue
                if nxt.is_cleared():
                    tt[nkey] = (key, m)
                    self._finish_fast(nkey)
                    return False
                tick += 1
                cands.append((evaluate(rules, nxt, self._cache, self.weights), tick, nxt, nkey, key, m))
        cands.sort(key=lambda c: (-c[0], c[1]))
        chosen = 0
        for nv, _, nxt, nkey, key, m in cands:
            if chosen >= self.beam:
                break
            if nkey in tt:
                continue
            tt[nkey] = (key, m)
            self._fpush(nxt, nkey, nv)
            chosen += 1
        return chosen > 0

    def _finish_fast(self, key: object) -> None:
        path: list[Move] = []
        parent, move = self._tt[key]
        while move is not None:
            if isinstance(move, list):
                path.extend(reversed(move))
            else:
                path.append(move)
            parent, move = self._tt[parent]
        path.reverse()
        self.moves = tuple(path)
        self.status = SOLVED

    # the priority queue holds (-value, tie-break, position)
    def _push(self, pos: Position, value: int) -> None:
        self._tick += 1
        heapq.heappush(self._heap, (-value, self._tick, pos))

    def step(self, max_nodes: int = 1000) -> Status | None:
        """Explore up to ``max_nodes`` positions; the status once the search is over."""
        if self.status is not None:
            return self.status
        if self._fast:
            return self._step_fast(max_nodes)
        rules = self.rules
        parents = self._parents
        heap = self._heap
        budget = max_nodes
        while budget > 0:
            if not heap:
                if self.levelled and self._next_level():
                    continue
                self.status = UNKNOWN if (self._pruned or self.levelled) else UNSOLVABLE
                return self.status
            negv, _, pos = heapq.heappop(heap)
            budget -= 1
            self.nodes += 1
            if pos.is_cleared():
                self._finish(pos)
                return self.status
            if stalemated(rules, pos):
                continue  # too few cards to fill the columns: the stock is out of reach for good
            moves = legal_moves(rules, pos) if self.complete else useful_moves(rules, pos)
            if not self.complete:
                self._pruned = True
            for m in moves:
                kind = m.kind
                if self.levelled and (kind == DEAL or kind == DRAW):  # noqa: SIM109 - hot loop
                    continue
                if self.visible and (kind == DEAL or kind == DRAW):  # noqa: SIM109 - hot loop
                    continue
                nxt = next_position(rules, pos, m)
                if nxt in parents:
                    continue
                parents[nxt] = _Node(pos, m)
                if self.visible and _reveals_hidden(nxt, pos):
                    continue  # a leaf: what it turns up is unknown
                if nxt.is_cleared():
                    self._finish(nxt)
                    return self.status
                self._push(nxt, evaluate(rules, nxt, self._cache, self.weights))
            if self.levelled:
                self._level_seen.append((-negv, pos))
                self._level_count += 1
                if self._level_count >= self.level_nodes:
                    heap.clear()
        return None

    def _next_level(self) -> bool:
        """Deal from the best positions of this level into the next one."""
        rules = self.rules
        if self.visible:
            return False
        seen = self._level_seen
        self._level_seen = []
        self._level_count = 0
        seen.sort(key=lambda t: -t[0])
        dealt = 0
        for _, pos in seen:
            if dealt >= self.beam:
                break
            for m in legal_moves(rules, pos):
                if m.kind not in (DEAL, DRAW):
                    continue
                nxt = next_position(rules, pos, m)
                if nxt in self._parents:
                    continue
                self._parents[nxt] = _Node(pos, m)
                if nxt.is_cleared():
                    self._finish(nxt)
                    return False
                self._push(nxt, evaluate(rules, nxt, self._cache, self.weights))
                dealt += 1
                if rules.draw_piles and dealt >= self.beam:
                    break
        return dealt > 0

    def _finish(self, pos: Position) -> None:
        path: list[Move] = []
        node = self._parents[pos]
        while node.move is not None:
            path.append(node.move)
            assert node.parent is not None
            node = self._parents[node.parent]
        path.reverse()
        self.moves = tuple(path)
        self.status = SOLVED


def _reveals_hidden(nxt: Position, pos: Position) -> bool:
    for a, b in zip(nxt.down, pos.down):  # noqa: SIM110 - a plain loop is faster in the search
        if a != b:
            return True
    return False


PER_WIDTH = 2
"""How many tries of :func:`solve` share a width before it doubles (see :func:`tries`)."""


def tries(
    beam: int = BEAM, level_nodes: int = LEVEL_NODES, portfolio: tuple[Weights, ...] = PORTFOLIO
) -> Iterator[tuple[int, int, Weights]]:
    """The levelled searches :func:`solve` runs in turn, each after the last gave up.

    ``(beam, level_nodes, weights)``: the weight sets of ``portfolio`` take
    turns, and every :data:`PER_WIDTH` tries the width doubles.  Measured on
    100 four-suit deals at 10 s each: one set, doubling every try, solved
    66; the portfolio, doubling every try, 75; every second try, 79; every
    fourth, 76 (``bench/solver_bench.py``).

    >>> from itertools import islice
    >>> [(b, n, PORTFOLIO.index(w)) for b, n, w in islice(tries(16, 1000), 6)]
    [(16, 1000, 0), (16, 1000, 1), (32, 2000, 2), (32, 2000, 3), (64, 4000, 0), (64, 4000, 1)]
    """
    i = 0
    while True:
        k = i // PER_WIDTH
        yield beam << k, level_nodes << k, portfolio[i % len(portfolio)]
        i += 1


# -- hints ------------------------------------------------------------------------


class Hint(NamedTuple):
    """One suggested action: the ``move``, how much it gains, and why in words.

    ``gain`` is the change in the evaluation; it is 0 or less for a move
    listed because it turns up a card, fills a column for a deal, or deals.
    """

    move: Move | None
    gain: int
    reason: str


def _describe(rules: Ruleset, pos: Position, move: Move, reveals: str) -> str:
    """The hint's sentence; ``reveals`` is "now", "later" or "" (turning up a card), or "fill".

    A :class:`engine.Reason`: the page says it in the player's language from
    its template and fields (the card, the piles' ids)."""

    if move.kind == DEAL:
        return N_("Deal a new row from the stock.")
    if move.kind == DRAW:
        return Reason(N_("Deal draw pile {number}."), number=move.src + 1)
    col = pos.tableau[move.src]
    head = col[len(col) - move.count]
    if move.kind == FOUNDATION:
        return Reason(N_("Play the {card} to foundation {number}."), card=head, number=move.dst + 1)
    one = move.count == 1
    if reveals == "fill":
        template = (
            N_("Move the {card} to {target}: every column needs a card before you can deal.")
            if one
            else N_("Move the run from the {card} to {target}: every column needs a card before you can deal.")
        )
    elif reveals == "now":
        template = (
            N_("Move the {card} to {target} to turn up a card.")
            if one
            else N_("Move the run from the {card} to {target} to turn up a card.")
        )
    elif move.count == len(col):
        template = (
            N_("Move the {card} to {target} to empty {source}.")
            if one
            else N_("Move the run from the {card} to {target} to empty {source}.")
        )
    elif reveals == "later":
        template = (
            N_("Move the {card} to {target}, on the way to turning up a card.")
            if one
            else N_("Move the run from the {card} to {target}, on the way to turning up a card.")
        )
    else:
        template = N_("Move the {card} to {target}.") if one else N_("Move the run from the {card} to {target}.")
    said = {"target": pile_name(rules, move.dst), "source": pile_name(rules, move.src)}
    source, target = pile_id(rules, move.src), pile_id(rules, move.dst)
    return Reason(template, said, card=head, target=str(target), source=str(source))


def hints(
    rules: Ruleset,
    pos: Position,
    *,
    max_nodes: int = 600,
    max_seconds: float | None = None,
) -> list[Hint]:
    """Suggested actions, best first, from what the player can see.

    Each first move is judged by the best position reachable through it by
    further visible moves (turning up a card or clearing a column counts;
    what a face-down card is does not, since the search never knows it),
    with :data:`HINT_WEIGHTS`.  The moves that gain come first; then the
    moves that turn up a card though the evaluation loses (a card is worth
    turning up before dealing, even into an empty column).  Other moves
    that gain nothing are left out.  When no move is listed, the list holds
    the deal (or the best draw pile) if one is allowed, else, if the deal
    waits for the empty columns to be filled, the moves that fill one; an
    empty list means nothing helps now.

    >>> import engine
    >>> g = engine.game_from_notation("spider-1", "KsQsJs/Ts9s/*As8s7s6s5s4s3s2s/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    >>> best = hints(g.rules, g.position)[0]
    >>> g.move_text(best.move), best.reason
    ('c2:2>c1', 'Move the run from the ten of spades to column 1 to empty column 2.')
    """
    view = hide(pos)
    w = HINT_WEIGHTS
    base = evaluate(rules, view, None, w)
    cache: dict[tuple[tuple[Card, ...], int], int] = {}
    firsts = [m for m in useful_moves(rules, view) if m.kind not in (DEAL, DRAW)]
    best: dict[Move, int] = {}
    reveal: dict[Move, str] = {}
    heap: list[tuple[int, int, Position, Move, int]] = []
    seen: set[Position] = {view}
    tick = 0
    for m in firsts:
        nxt = next_position(rules, view, m)
        if nxt in seen:
            continue
        seen.add(nxt)
        v = evaluate(rules, nxt, cache, w)
        best[m] = v
        flipped = _reveals_hidden(nxt, view) or (nxt.is_cleared())
        reveal[m] = "now" if flipped else ""
        if not flipped:
            tick += 1
            heapq.heappush(heap, (-v, tick, nxt, m, 1))
    t0 = time.perf_counter()
    nodes = 0
    while heap and nodes < max_nodes:
        if max_seconds is not None and nodes % 32 == 0 and time.perf_counter() - t0 > max_seconds:
            break
        _, _, p, first, depth = heapq.heappop(heap)
        nodes += 1
        for m in useful_moves(rules, p):
            if m.kind in (DEAL, DRAW):
                continue
            nxt = next_position(rules, p, m)
            if nxt in seen:
                continue
            seen.add(nxt)
            v = evaluate(rules, nxt, cache, w) - depth  # a shorter way to the same gain is better
            if v > best[first]:
                best[first] = v
                if not reveal[first] and _reveals_hidden(nxt, p):
                    reveal[first] = "later"
            if not _reveals_hidden(nxt, p):
                tick += 1
                heapq.heappush(heap, (-v, tick, nxt, first, depth + 1))
    ranked = sorted(((v - base, m) for m, v in best.items() if v > base), key=lambda t: (-t[0], str(t[1])))
    # Turning up a card is progress even where the evaluation loses (an empty
    # column spent, an off-suit build made): such moves follow the gains, and
    # come before any deal, a card turned up now before one turned up later.
    turning = sorted(
        ((v - base, m) for m, v in best.items() if v <= base and reveal[m]),
        key=lambda t: (reveal[t[1]] != "now", -t[0], str(t[1])),
    )
    out = [Hint(m, gain, _describe(rules, view, m, reveal[m])) for gain, m in ranked + turning]
    if out:
        return out
    deals = [m for m in legal_moves(rules, view) if m.kind in (DEAL, DRAW)]
    if deals:
        if len(deals) > 1:
            deals.sort(key=lambda m: -evaluate(rules, next_position(rules, view, m), None, w))
        return [Hint(m, 0, _describe(rules, view, m, "")) for m in deals]
    if any(view.stock):
        # the deal waits for every column to hold a card: fill the empty ones
        fills = sorted(
            ((v - base, m) for m, v in best.items() if m.kind == MOVE and not view.tableau[m.dst]),
            key=lambda t: (-t[0], str(t[1])),
        )
        return [Hint(m, gain, _describe(rules, view, m, "fill")) for gain, m in fills]
    return []
