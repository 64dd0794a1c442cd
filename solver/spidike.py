"""A full-information search for traditional Spidike (``spidike-classic``).

Traditional Spidike is a one-deck game: seven piles of 1 to 7 cards, a
stock of 24 dealt seven at a time onto piles 1–7 (the last deal three cards
onto piles 1–3), four foundations built up by suit from the Ace one card at
a time; the tableau builds down in any suit, one-suit runs move as a unit,
only a King (or a one-suit run headed by one) fills an empty pile.  Knowing
every card (face-down ones and the stock order too), a deal is an ordinary
move, so the game is a one-player search over a finite space.

:class:`SpidikeSearch` runs best-first searches with a transposition table:

* **State.**  The piles (tuples of card ints), their face-down counts and
  how much of the stock is dealt.  The foundations follow from those (a
  card not on the table or in the stock is on its foundation), so they are
  no part of the key.  Piles the stock will never deal to again are
  interchangeable, so the key sorts them (all seven once the stock is
  empty, piles 4–7 before the last three-card deal), and a King goes to
  only one of several such empty piles.  A position whose key was seen
  before is not searched again: its outcome does not depend on how it was
  reached.
* **Safe foundation plays are automatic** (not with ``complete=True``).
  A card goes up by itself when it is an Ace or a Two, or when no card one
  rank lower of another suit is still in play (on the table or in the
  stock).  Such a card is *dead* on the table: only a card one rank lower
  could be built on it, a one-suit run can only continue below it with its
  own suit's lower card, which is already up, and a Two's only builders,
  the Aces, can go to their foundations instead.  So any line of play from
  the position where it stays is copied move for move from the position
  where it went up (moves of the card itself, or of an Ace onto that Two,
  are left out or become plays to the foundation), and reaches a win too.
* **Dead ends** (not with ``complete=True``).  A card whose lower cards of
  its suit are missing from the game can never go up.  A card lying above a
  lower card of its own suit must leave its pile for the tableau first (it
  cannot go up before that lower card); it leaves as part of a one-suit run,
  onto a card one rank above the run's first card.  If every such card is
  on the foundations or under it in its own pile (and no King could head
  the run, as an empty pile would take it), it never leaves: the position
  is lost and is not searched (:meth:`_BestFirst._traps`).
* **Order.**  Positions are explored best first by an evaluation
  (:class:`SpidikeWeights`): cards on the foundations, minus cards that must move
  aside (above a lower card of their suit), Kings not at the bottom of a
  pile, cards not on a card one rank higher; plus one-suit pairs and empty
  piles; and a bonus for cards still in the stock, so that the search works
  the piles before it deals.  A position also loses a point for every few
  positions already explored since the same deal, so that no one hopeless
  level (often the last) takes the whole budget.  Ties go to the newest
  position (depth first).
* **Portfolio.**  Deals that one evaluation finds hard another often finds
  easy, so :class:`SpidikeSearch` runs a few searches with different
  weights, taking turns of :data:`QUANTUM` positions.

Nothing else is skipped: every search only leaves out positions that cannot
lead to a win, so one that runs out of positions proves the position
unsolvable (``unsolvable``), with or without ``complete``.  The moves of a
win are converted into engine :class:`~engine.moves.Move`\\ s and replayed
with the engine's own rules before they are reported.

>>> import engine
>>> from solver import solve
>>> game = engine.game_from_notation(
...     "spidike-classic", "Ks2h/Ah/Qs/-/-/-/- - As2s3s4s5s6s7s8s9sTsJs/-/-/-")
>>> result = solve(game.rules, game.position, max_nodes=1000)
>>> result.status, [str(m) for m in result.moves]
(<Status.SOLVED: 'solved'>, ['c2>f2', 'c3>f1', 'c1>f2', 'c1>f1'])
"""

from __future__ import annotations

import heapq
from typing import Any, NamedTuple, cast

from engine import Card, Move, MoveKind, Position, Ruleset, next_position, why_illegal

from .base import SOLVED, UNSOLVABLE, Status

DEAL, FOUNDATION, MOVE = MoveKind.DEAL, MoveKind.FOUNDATION, MoveKind.MOVE


Piles = tuple[tuple[Card, ...], ...]
State = tuple[Piles, tuple[int, ...], int, tuple[int, ...]]
"""(piles, face-down counts, cards of the stock dealt, foundation height per suit)."""

# Internal moves: (kind, src, dst, count).
_TAB, _FND, _DEAL = 0, 1, 2
IMove = tuple[int, int, int, int]
Step = tuple[IMove, tuple[int, ...]]
"""A move and the piles whose top card then went up by itself, in order."""
Node = tuple[State, object, Step, int]
"""A searched position: its state, parent node (or None), the step from it and its
level (the number of the position its last deal made, 0 for none)."""

# Move ordering (ties of the evaluation only): higher first.
_P_FOUNDATION = 60
_P_FLIP = 50
_P_EMPTY = 40
_P_EXPOSE_PLAYABLE = 30
_P_SUITED = 8
_P_DEAL = 0
_P_SHUFFLE = -20
_P_BREAK_RUN = -40


class SpidikeWeights(NamedTuple):
    """The evaluation's weights; each search of the portfolio has its own."""

    foundation: int = 100
    """Per card on the foundations."""
    blocked: int = 80
    """Per card lying above a lower card of its own suit (it must move aside first)."""
    brk: int = 12
    """Per card not on a card one rank higher."""
    empty: int = 20
    """Per empty pile."""
    down: int = 15
    """Per face-down card."""
    suited: int = 6
    """Per card on the next higher card of its suit."""
    king: int = 20
    """Per King not at the bottom of its pile."""
    stock: int = -20
    """Per card still in the stock: negative, so a deal waits until the piles are worked."""
    tire: int = 5
    """A position loses a point for every ``tire`` positions already explored in its
    level (since the same deal); 0 for never."""


DEFAULT_WEIGHTS = SpidikeWeights()
"""The default weights (the first of :data:`PORTFOLIO`)."""


def _pile_value(col: tuple[Card, ...], w: SpidikeWeights) -> int:
    """A pile's share of the evaluation."""
    if not col:
        return w.empty
    v = 0
    lowest = [99, 99, 99, 99]
    prev = -1
    for c in col:
        s = c & 3
        r = c >> 2
        if r == 13 and prev >= 0:
            v -= w.king
        if lowest[s] < r:
            v -= w.blocked
        else:
            lowest[s] = r
        if prev >= 0:
            if (prev >> 2) != r + 1:
                v -= w.brk
            elif prev == c + 4:
                v += w.suited
        prev = c
    return v


class _BestFirst:
    """One best-first search (see the module docstring) with its own weights."""

    def __init__(
        self,
        rules: Ruleset,
        pos: Position,
        *,
        complete: bool = False,
        weights: SpidikeWeights = DEFAULT_WEIGHTS,
        lost: set[object] | None = None,
    ) -> None:
        self.weights = weights
        self.lost = lost
        self.rules = rules
        self.start = pos
        self.complete = complete
        self.nodes = 0
        self.status: Status | None = None
        self.moves: tuple[Move, ...] = ()
        self.ncols = len(pos.tableau)
        self.stock: tuple[Card, ...] = pos.stock[0] if pos.stock else ()
        heights = [0, 0, 0, 0]
        for f in pos.foundations:
            if f:
                heights[f[-1] & 3] = f[-1] >> 2
        in_play = set(c for col in pos.tableau for c in col) | set(self.stock)
        # a card neither in play nor on its foundation is missing from the game
        missing = {(r << 2) | s for s in range(4) for r in range(heights[s] + 1, 14) if ((r << 2) | s) not in in_play}
        self._missing = missing
        # _guards[c]: the (suit, height) pairs that make c safe to play up by itself
        self._guards: dict[int, tuple[tuple[int, int], ...]] = {}
        for c in in_play:
            r = c >> 2
            if r <= 2:
                self._guards[c] = ()
            else:
                self._guards[c] = tuple(
                    (t, r - 1) for t in range(4) if t != (c & 3) and (((r - 1) << 2) | t) not in missing
                )
        self._has_down = any(pos.down)
        self._heap: list[tuple[int, int, Node, int]] = []
        self._spent: list[int] = [0]  # positions explored in each level
        self._tick = 0
        self._seen: set[object] = set()
        self._pile_values: dict[tuple[Card, ...], int] = {}
        self._pile_traps: dict[tuple[Card, ...], tuple[tuple[int, ...], ...]] = {}
        if any((((c >> 2) - 1) << 2 | (c & 3)) in missing for c in in_play if (c >> 2) > 1):
            self.status = UNSOLVABLE
            return
        start, autos = self._settle((pos.tableau, pos.down, 0, tuple(heights)))
        self._seen.add(self._key(start))
        first: Step = ((_TAB, -1, -1, 0), autos)
        if self._won(start):
            self._finish([first])
        elif not complete and self._dead(start):
            self.status = UNSOLVABLE
        else:
            self._heap.append((0, 0, (start, None, first, 0), 0))

    # -- positions --------------------------------------------------------

    def _shared(self, key: object) -> object:
        """KEY as the game's other searches write it (the ``lost`` set's key): the
        stock counted by the cards left in it, not by the cards dealt since this
        search's start, and the face-down counts always there."""
        piles, dealt = cast(tuple[tuple[Any, ...], int], key)
        left = len(self.stock) - dealt
        if self._has_down:
            return (piles, left)
        return (tuple((pile, 0) for pile in piles), left)

    def _key(self, st: State) -> object:
        piles, down, dealt, _ = st
        left = len(self.stock) - dealt
        k = left if left < self.ncols else self.ncols
        if self._has_down:
            pairs = tuple(zip(piles, down))
            if k < self.ncols:
                pairs = pairs[:k] + tuple(sorted(pairs[k:]))
            return (pairs, dealt)
        if k < self.ncols:
            return (piles[:k] + tuple(sorted(piles[k:])), dealt)
        return (piles, dealt)

    def _traps(self, col: tuple[Card, ...]) -> tuple[tuple[int, ...], ...]:
        """For each card of ``col`` that lies above a lower card of its own suit, the cards it could move onto.

        Such a card must leave the pile before that lower card can go up,
        and it cannot go up first itself: it leaves as (part of) a one-suit
        run onto a card one rank above the run's first card.  Those cards
        are listed, but not the ones under it in this pile (they cannot be
        uncovered while it is there) nor the ones missing from the game.
        A run that could start with a King (an empty pile takes it) lists
        nothing: it is left out.
        """
        out: list[tuple[int, ...]] = []
        lowest = [99, 99, 99, 99]
        missing = self._missing
        for i, x in enumerate(col):
            s = x & 3
            r = x >> 2
            if lowest[s] > r:
                lowest[s] = r
                continue
            heads = [x]
            j = i
            while j > 0 and col[j - 1] == col[j] + 4:
                j -= 1
                heads.append(col[j])
            if (heads[-1] >> 2) == 13:
                continue
            under = col[:i]
            out.append(
                tuple(
                    t
                    for h in heads
                    for t in range((h >> 2) + 1 << 2, ((h >> 2) + 2) << 2)
                    if t not in under and t not in missing
                )
            )
        return tuple(out)

    def _dead(self, st: State) -> bool:
        """Whether some card is trapped for ever (see :meth:`_traps`): all it could move onto is on the foundations."""
        fh = st[3]
        cache = self._pile_traps
        for col in st[0]:
            traps = cache.get(col)
            if traps is None:
                traps = cache[col] = self._traps(col)
            for targets in traps:
                for t in targets:
                    if fh[t & 3] < (t >> 2):
                        break
                else:
                    return True
        return False

    def _won(self, st: State) -> bool:
        return st[2] == len(self.stock) and not any(st[0])

    def _settle(self, st: State) -> tuple[State, tuple[int, ...]]:
        """Play the safe cards up (see the module docstring); the piles they came from."""
        if self.complete:
            return st, ()
        piles, down, dealt, fh = st
        guards = self._guards
        played: list[int] = []
        changed = True
        while changed:
            changed = False
            for i, col in enumerate(piles):
                if not col:
                    continue
                c = col[-1]
                s = c & 3
                if fh[s] != (c >> 2) - 1:
                    continue
                if any(fh[t] < h for t, h in guards[c]):
                    continue
                pl = list(piles)
                pl[i] = col[:-1]
                piles = tuple(pl)
                if down[i] and down[i] >= len(col) - 1:
                    dl = list(down)
                    dl[i] = len(col) - 2
                    down = tuple(dl)
                fl = list(fh)
                fl[s] += 1
                fh = tuple(fl)
                played.append(i)
                changed = True
        return (piles, down, dealt, fh), tuple(played)

    def _apply(self, st: State, m: IMove) -> State:
        piles, down, dealt, fh = st
        kind, src, dst, count = m
        pl = list(piles)
        if kind == _TAB:
            col = piles[src]
            h = len(col) - count
            pl[src] = col[:h]
            pl[dst] = piles[dst] + col[h:]
            if h and down[src] >= h:
                dl = list(down)
                dl[src] = h - 1
                down = tuple(dl)
        elif kind == _FND:
            col = piles[src]
            c = col[-1]
            pl[src] = col[:-1]
            n = len(col) - 1
            if n and down[src] >= n:
                dl = list(down)
                dl[src] = n - 1
                down = tuple(dl)
            fl = list(fh)
            fl[c & 3] += 1
            fh = tuple(fl)
        else:
            stock = self.stock
            n = min(self.ncols, len(stock) - dealt)
            for j in range(n):
                pl[j] = piles[j] + (stock[dealt + j],)
            dealt += n
        return (tuple(pl), down, dealt, fh)

    def _moves(self, st: State) -> list[IMove]:
        """Every legal move (a King to one of several interchangeable empty piles), in tie-break order."""
        piles, down, dealt, fh = st
        ncols = self.ncols
        by_rank: dict[int, list[int]] = {}
        empties: list[int] = []
        for j, col in enumerate(piles):
            if col:
                r = col[-1] >> 2
                lst = by_rank.get(r)
                if lst is None:
                    by_rank[r] = [j]
                else:
                    lst.append(j)
            else:
                empties.append(j)
        left = len(self.stock) - dealt
        # piles no deal reaches any more: one empty one stands for them all
        fixed = left if left < ncols else ncols
        if empties:
            keep = [j for j in empties if j < fixed]
            loose = [j for j in empties if j >= fixed]
            if loose:
                keep.append(loose[0])
            empties = keep
        scored: list[tuple[int, int, IMove]] = []
        add = scored.append
        tick = 0
        for i, col in enumerate(piles):
            n = len(col)
            if not n:
                continue
            d = down[i]
            k = n - 1
            card = col[k]
            if fh[card & 3] == (card >> 2) - 1:
                tick += 1
                add((_P_FOUNDATION, tick, (_FND, i, 0, 1)))
            while True:
                r = card >> 2
                targets = by_rank.get(r + 1)
                dsts = list(targets) if targets else []
                if r == 13 and empties:
                    # a whole pile into an empty one no deal reaches either changes nothing
                    dsts.extend(j for j in empties if k or j < fixed or i < fixed)
                if dsts:
                    if k == 0:
                        base = _P_EMPTY
                    elif d >= k:
                        base = _P_FLIP
                    else:
                        below = col[k - 1]
                        if (below >> 2) == r + 1:
                            base = _P_BREAK_RUN if below == card + 4 else _P_SHUFFLE
                        elif fh[below & 3] == (below >> 2) - 1:
                            base = _P_EXPOSE_PLAYABLE
                        else:
                            base = 0
                    for j in dsts:
                        tgt = piles[j]
                        tick += 1
                        add((base + _P_SUITED if tgt and tgt[-1] == card + 4 else base, tick, (_TAB, i, j, n - k)))
                if k == d:
                    break
                below = col[k - 1]
                if below != card + 4:
                    break
                k -= 1
                card = below
        if left > 0:
            tick += 1
            add((_P_DEAL, tick, (_DEAL, 0, 0, 0)))
        # pushed worst first: among positions of equal value the last pushed comes out first
        scored.sort(key=lambda t: (t[0], -t[1]))
        return [m for _, _, m in scored]

    def _value(self, st: State) -> int:
        """How promising a position is, higher is better (orders the search only)."""
        piles, down, dealt, fh = st
        cache = self._pile_values
        w = self.weights
        v = w.foundation * (fh[0] + fh[1] + fh[2] + fh[3])
        for col in piles:
            x = cache.get(col)
            if x is None:
                x = cache[col] = _pile_value(col, w)
            v += x
        if self._has_down:
            v -= w.down * sum(down)
        return v - w.stock * (len(self.stock) - dealt)

    # -- the search -------------------------------------------------------

    def step(self, max_nodes: int = 1000) -> Status | None:
        """Explore up to ``max_nodes`` positions; the status once the search is over."""
        if self.status is not None:
            return self.status
        heap = self._heap
        seen = self._seen
        spent = self._spent
        push = heapq.heappush
        check = not self.complete
        tire = self.weights.tire
        lost = self.lost if self.lost else None
        budget = max_nodes
        while budget > 0:
            if not heap:
                self.status = UNSOLVABLE
                if self.lost is not None and len(self.lost) + len(seen) <= LOST_CAP:
                    # every position it met is reached from its start, which has no win
                    self.lost.update(self._shared(key) for key in seen)
                return self.status
            negp, _, node, base = heap[0]
            level = node[3]
            if tire:
                p = base - spent[level] // tire
                if p < -negp:
                    # its level has been searched more since it was queued: it queues again
                    self._tick += 1
                    heapq.heapreplace(heap, (-p, -self._tick, node, base))
                    continue
            heapq.heappop(heap)
            spent[level] += 1
            budget -= 1
            self.nodes += 1
            st = node[0]
            for m in self._moves(st):
                child, autos = self._settle(self._apply(st, m))
                key = self._key(child)
                if key in seen:
                    continue
                seen.add(key)
                if check and self._dead(child):
                    continue
                if lost is not None and self._shared(key) in lost:
                    continue  # proven lost by an earlier search of the game
                if m[0] == _DEAL:
                    clevel = len(spent)
                    spent.append(0)
                else:
                    clevel = level
                cnode: Node = (child, node, (m, autos), clevel)
                if self._won(child):
                    steps: list[Step] = []
                    n: object = cnode
                    while n is not None:
                        steps.append(n[2])  # type: ignore[index]
                        n = n[1]  # type: ignore[index]
                    steps.reverse()
                    self._finish(steps)
                    return self.status
                self._tick += 1
                v = self._value(child)
                push(heap, (-(v - spent[clevel] // tire) if tire else -v, -self._tick, cnode, v))
        return None

    def _finish(self, steps: list[Step]) -> None:
        """Turn the winning line into engine moves, and check it in the engine."""
        rules = self.rules
        pos = self.start
        out: list[Move] = []

        def play(m: Move) -> None:
            nonlocal pos
            reason = why_illegal(rules, pos, m)
            if reason is not None:
                raise RuntimeError(f"SpidikeSearch made an illegal move {m}: {reason}")
            out.append(m)
            pos = next_position(rules, pos, m)

        def up(src: int) -> None:
            card = pos.tableau[src][-1]
            slot = next(
                f
                for f, pile in enumerate(pos.foundations)
                if (pile and pile[-1] + 4 == card) or (not pile and (card >> 2) == 1)
            )
            play(Move.to_foundation(src, slot))

        for (kind, src, dst, count), autos in steps:
            if src >= 0:
                if kind == _TAB:
                    play(Move.tableau(src, dst, count))
                elif kind == _FND:
                    up(src)
                else:
                    play(Move.deal())
            for a in autos:
                up(a)
        if not pos.is_cleared():
            raise RuntimeError("SpidikeSearch's winning line does not clear the table")
        self.moves = tuple(out)
        self.status = SOLVED


PORTFOLIO = (
    SpidikeWeights(),
    SpidikeWeights(stock=-5, blocked=50, foundation=50, tire=2),
    SpidikeWeights(stock=-30, blocked=30, king=0, tire=10),
)
"""The searches :class:`SpidikeSearch` runs side by side."""
QUANTUM = 250
"""Positions each search explores in its turn."""
LOST_CAP = 250_000
"""The most keys a shared lost set holds (memory on a phone); past it, no more are kept."""


class SpidikeSearch:
    """Best-first searches of a traditional Spidike position, taking turns; see the module docstring.

    ``step(n)`` explores up to ``n`` more positions and returns the status
    once the search is over (``solved``, ``unsolvable``), else None; the
    caller stops it when its budget is spent (``unknown`` is then its
    answer).  ``nodes`` counts the positions explored, ``moves`` holds the
    win once ``solved``.  ``complete=True`` runs one search without the
    automatic foundation plays and the dead-end test: every legal move is
    searched.

    ``lost``, a set shared by the searches of one game's positions (the
    game review's probes): a search that runs out of positions adds every
    position it met (each is reached from its start, which has no win), and
    every search skips the positions in it.  It holds at most
    :data:`LOST_CAP` positions.
    """

    def __init__(
        self,
        rules: Ruleset,
        pos: Position,
        *,
        complete: bool = False,
        portfolio: tuple[SpidikeWeights, ...] = PORTFOLIO,
        lost: set[object] | None = None,
    ) -> None:
        if rules.family != "spidike-classic":
            raise ValueError(f"SpidikeSearch plays traditional Spidike, not {rules.family!r}")
        if not portfolio:
            raise ValueError("SpidikeSearch needs at least one set of weights")
        self.rules = rules
        self.complete = complete
        self.nodes = 0
        self.status: Status | None = None
        self.moves: tuple[Move, ...] = ()
        self._pos = pos
        self._lost = lost
        self._portfolio = portfolio[:1] if complete else portfolio
        self._members: list[_BestFirst] = []
        self._turn = 0
        self._left = QUANTUM
        self._member(0)

    def _member(self, k: int) -> _BestFirst:
        """The ``k``-th search, made on its first turn (a deal decided at once takes no more)."""
        if k == len(self._members):
            m = _BestFirst(self.rules, self._pos, complete=self.complete, weights=self._portfolio[k], lost=self._lost)
            self._members.append(m)
            self._adopt(m)
        return self._members[k]

    def _adopt(self, m: _BestFirst) -> None:
        if m.status is not None and self.status is None:
            self.status = m.status
            self.moves = m.moves

    @property
    def levelled(self) -> bool:
        """Never: this search is not tried again wider."""
        return False

    def step(self, max_nodes: int = 1000) -> Status | None:
        """Explore up to ``max_nodes`` positions; the status once the search is over."""
        budget = max_nodes
        while self.status is None and budget > 0:
            m = self._member(self._turn)
            if self.status is not None:
                break
            before = m.nodes
            m.step(min(budget, self._left))
            used = m.nodes - before
            self.nodes += used
            budget -= used
            self._left -= used
            self._adopt(m)
            if self._left <= 0:
                self._turn = (self._turn + 1) % len(self._portfolio)
                self._left = QUANTUM
        return self.status


__all__ = ["PORTFOLIO", "SpidikeSearch", "SpidikeWeights"]
