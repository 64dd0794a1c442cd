"""Little Spider's own full-information search (both presets).

The game has two phases, and the search treats them differently.

**Phase 1 is enumerated exactly.**  While the stock lasts, cards only ever
leave the table (to the foundations); deals put each stock card on a known
pile whenever they happen.  So the table at the last deal is every card
dealt, in its dealt place, minus the cards on the foundations, and those are
a prefix of each suit's chain (Aces up in one colour, Kings down in the
other).  A phase-1 state is therefore small: the deals done, the colour (or
none yet), four counts, and with the lower-row restriction which suit sits
on which foundation.  Every state is visited once; each (colour, counts)
found at the last deal is a *start* of phase 2, kept with one line of play
that reaches it.  A start that another start reaches by foundation plays
alone is dropped: the other start's search covers it.  When the stock is
empty from the outset there is one start, the position itself (two, one per
colour, if no foundation has a card yet).

**Phase 2 is searched by short randomised dives.**  A dive is a depth-first
search from a start with its own transposition table, up to a node limit
(256 times the Luby sequence 1 1 2 1 1 2 4 ...).  It tries the moves of a
position best first by a score, with random noise so that each dive tries
another line.  The score is the change in a small evaluation (cards lying
above a card that goes up sooner, the more so when few cards one rank away
are left to take them; cards needed soon lying deep) plus a few points per
legal move of the new position; a foundation play gets a bonus, less when
it empties its pile, for an empty pile is never filled again.  The colours
alternate between dives, the start is drawn at random.  Wins in this game
are plentiful but easy to lose by an early mistake, after which a
depth-first search is stuck in a large lost subtree: many short dives find
a win far sooner than one long search (measured on real deals; the order
matters much less than the restarts).

Reductions, each proven not to lose a win (so an exhausted search is a
proof that there is none):

* Transposition key: in phase 2 the piles are interchangeable (the
  lower-row restriction is over, empty piles are never filled), so the key
  is the sorted piles and the four per-suit counts.
* A pile's only card never moves to another pile: the position before such
  a move can do everything the position after it can (the card stays a top
  where it is, and the card it would cover stays uncovered).
* Dead end: a card lying above an earlier card of its own suit must leave
  by a tableau move before that card can be played.  A tableau move needs a
  top one rank away (K-A with the wrap).  If every such card is already on
  the foundations or lies under it in its own pile, the position is lost.

A dive that runs out of positions before its limit has exhausted its
start: that start is dropped, and every position the dive met joins
``lost`` (each is reached from the start, which has no win; the key is the
sorted piles, the counts and the colour), a set that later dives, and
other searches given the same set, skip.  When every start is dropped the answer is
``unsolvable``.  With ``complete=True`` the starts are searched one after
another without a limit and without noise, with one table for all.

Moves are found on a light representation (tuples of card ints, counts)
and converted back to engine :class:`~engine.moves.Move` s by replaying
them with the engine's own rules, which checks every move.

>>> import engine
>>> from solver import SOLVED, replay
>>> game = engine.new_game("little-spider", deal=19)
>>> search = LittleSpiderSearch(game.rules, game.position)
>>> while search.step(500) is None:
...     pass
>>> search.status == SOLVED, replay(game.rules, game.position, search.moves).is_cleared()
(True, True)
"""

from __future__ import annotations

import random

from engine import Card, Move, MoveKind, Position, Ruleset, little_spider_colours, next_position, why_illegal

from .base import SOLVED, UNSOLVABLE, Status

DEAL, FOUNDATION, MOVE = MoveKind.DEAL, MoveKind.FOUNDATION, MoveKind.MOVE

_RED = (False, True, True, False)
"""Spades, hearts, diamonds, clubs: which suits are red."""


# -- per-card tables ------------------------------------------------------------------
#
# A card is ``rank << 2 | suit`` (engine.cards).  ``ar`` is the colour choice:
# 1 when the Aces are red (red suits build up from the Ace, black ones down
# from the King), 0 when they are black.


def _chain_tables() -> tuple[list[list[int]], list[list[list[int]]]]:
    chain_pos: list[list[int]] = [[99] * 56, [99] * 56]
    need: list[list[list[int]]] = [[[0] * 14 for _ in range(4)] for _ in range(2)]
    for ar in (0, 1):
        for s in range(4):
            up = _RED[s] == bool(ar)
            for k in range(13):
                r = k + 1 if up else 13 - k
                card = r << 2 | s
                chain_pos[ar][card] = k
                need[ar][s][k] = card
    return chain_pos, need


CHAIN_POS, NEED = _chain_tables()
"""``CHAIN_POS[ar][card]``: how many cards of its suit go to the foundation
before it.  ``NEED[ar][suit][count]``: the card that suit needs next (0 when
complete)."""


def _neighbour_ranks(wrap: bool) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for r in range(1, 14):
        lst = []
        for x in (r - 1, r + 1):
            if 1 <= x <= 13:
                lst.append(x)
            elif wrap:
                lst.append(13 if x == 0 else 1)
        out.append(tuple(lst))
    return out


NEIGHBOUR_RANKS = (_neighbour_ranks(False), _neighbour_ranks(True))
"""``NEIGHBOUR_RANKS[wrap][rank]``: the ranks a card of ``rank`` builds on."""

# Evaluation weights (phase-2 move ordering only; they never prune).  The
# evaluation of a position is a sum over its piles, "rel" being how many
# cards of a card's suit go to the foundations before it.
MISPLACED = 4
"""Per card lying above a card of smaller rel (that one is likely to go up first)."""
SCARCE = 6
"""Per place to go missing, below two, for such a card: cards one rank away that
are neither on the foundations nor under it."""
URGENT = 1
"""Per card above a card of rel 0, 1 or 2, times 3 - rel."""
MOBILITY = 3
"""Per legal move of the position after the move, up to three."""
FOUNDATION_BONUS = 40.0
"""Added to a foundation play's score (a tableau move has none)."""
EMPTY_PILE = 30.0
"""Taken off a foundation play that empties its pile: an empty pile is never
filled again, so the table loses a place to build for good."""
NOISE = 10.0
"""Random spread added to each move's score, so that dives differ."""

LOST_CAP = 250_000
"""The most keys a shared lost set holds (memory on a phone); past it, no more are kept."""

DIVE_BASE = 256
"""A dive's node limit is this times the Luby sequence."""


def luby(i: int) -> int:
    """The Luby sequence 1 1 2 1 1 2 4 1 1 2 ... (``i`` from 1).

    >>> [luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    while True:
        k = 1
        while (1 << k) - 1 < i:
            k += 1
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


State = tuple[tuple[tuple[Card, ...], ...], tuple[int, ...]]
"""A phase-2 position: the eight piles and the four per-suit counts."""
P1State = tuple[int, int, tuple[int, ...], "tuple[int, ...] | None"]
"""A phase-1 state: deals done, colour (-1: not fixed), per-suit counts, and
with the lower-row restriction the suit on each foundation (-1: empty)."""
Step = tuple[int, int, int]
"""An internal move: (0, pile, slot) to a foundation (slot -1: the one that
takes it), (1, src, dst) between piles, (2, 0, 0) a deal."""
_F, _M, _D = 0, 1, 2


class _Start:
    """A phase-2 start: its colour, position and the phase-1 line reaching it."""

    __slots__ = ("ar", "line", "state")

    def __init__(self, ar: int, state: State, line: list[Step]) -> None:
        self.ar = ar
        self.state = state
        self.line = line


class LittleSpiderSearch:
    """A sliced, budgeted search for a win from ``pos`` (see the module docstring).

    ``step(max_nodes)`` explores up to ``max_nodes`` positions and returns the
    status once the search is over (``solved``, ``unsolvable``; ``unknown`` is
    left to the caller's budget, as this search never gives up by itself).
    """

    def __init__(
        self,
        rules: Ruleset,
        pos: Position,
        *,
        complete: bool = False,
        seed: int = 1,
        lost: set[object] | None = None,
    ) -> None:
        if rules.family != "little-spider":
            raise ValueError(f"LittleSpiderSearch plays Little Spider, not {rules.family}")
        self.rules = rules
        self.pos = pos
        self.complete = complete
        self.nodes = 0
        self.status: Status | None = None
        self.moves: tuple[Move, ...] = ()
        self._wrap = rules.wrap
        self._nbr = NEIGHBOUR_RANKS[1 if rules.wrap else 0]
        self._rng = random.Random(seed)
        self._cost_cache: dict[tuple[tuple[Card, ...], tuple[int, ...], int], int] = {}
        self._ranks_cache: dict[tuple[tuple[int, ...], int], list[int]] = {}
        self._p1_init()
        # phase 2
        self._starts: list[_Start] = []
        self._alive: list[list[int]] = [[], []]
        self._dive_no = 0
        self._colour_turn = 0
        self._dive: _Dive | None = None
        self._complete_seen: set[object] = set()
        self._next_start = 0
        self.lost: set[object] = lost if lost is not None else set()
        """Phase-2 positions proven to have no win (:meth:`_Dive._key`): every
        position a dive met once it ran out of positions.  Searches of one
        rules set may share it (the review's probes of one game do)."""

    # -- the public interface -------------------------------------------------------

    @property
    def levelled(self) -> bool:
        """Never: this search is not tried again wider."""
        return False

    def step(self, max_nodes: int) -> Status | None:
        """Explore up to ``max_nodes`` positions; the status once the search is over."""
        if self.status is not None:
            return self.status
        budget = max(1, max_nodes)
        while budget > 0 and self.status is None:
            if self._p1_stack is not None:
                budget = self._p1_step(budget)
            else:
                budget = self._p2_step(budget)
        return self.status

    # -- phase 1: every (colour, counts) reachable at the last deal ------------------

    def _p1_init(self) -> None:
        pos = self.pos
        stock = pos.stock[0] if pos.stock else ()
        cols = [list(p) for p in pos.tableau]
        self._cols_at: list[tuple[tuple[Card, ...], ...]] = [tuple(tuple(p) for p in cols)]
        off = 0
        width = len(self.rules.columns)
        while off < len(stock):
            n = min(width, len(stock) - off)
            for j in range(n):
                cols[j].append(stock[off + j])
            off += n
            self._cols_at.append(tuple(tuple(p) for p in cols))
        self._deals = len(self._cols_at) - 1
        aces_red = little_spider_colours(pos.foundations)
        ar = -1 if aces_red is None else int(aces_red)
        cnt = [0, 0, 0, 0]
        slots = [-1, -1, -1, -1]
        for f, pile in enumerate(pos.foundations):
            if pile:
                cnt[pile[0] & 3] = len(pile)
                slots[f] = pile[0] & 3
        first: P1State = (0, ar, tuple(cnt), tuple(slots) if self.rules.lower_row_restriction else None)
        self._p1_parent: dict[P1State, tuple[P1State, Step] | None] = {first: None}
        self._p1_stack: list[P1State] | None = [first]
        self._p1_ends: dict[tuple[int, tuple[int, ...]], P1State] = {}

    def _p1_tops(self, k: int, ar: int, cnt: tuple[int, ...]) -> list[int]:
        tops = []
        cp = CHAIN_POS[ar] if ar >= 0 else None
        for p in self._cols_at[k]:
            t = 0
            for c in reversed(p):
                if cp is not None and cp[c] < cnt[c & 3]:
                    continue
                t = c
                break
            tops.append(t)
        return tops

    def _p1_step(self, budget: int) -> int:
        stack = self._p1_stack
        assert stack is not None
        parent = self._p1_parent
        restrict = self.rules.lower_row_restriction
        while stack and budget > 0:
            st = stack.pop()
            budget -= 1
            self.nodes += 1
            k, ar, cnt, slots = st
            if k == self._deals:
                self._p1_ends.setdefault((ar, cnt), st)
                continue
            succ: list[tuple[P1State, Step]] = [((k + 1, ar, cnt, slots), (_D, 0, 0))]
            for i, c in enumerate(self._p1_tops(k, ar, cnt)):
                if not c:
                    continue
                s = c & 3
                r = c >> 2
                if ar < 0:
                    if r == 1:
                        nar = int(_RED[s])
                    elif r == 13:
                        nar = int(not _RED[s])
                    else:
                        continue
                else:
                    nar = ar
                    if NEED[ar][s][cnt[s]] != c:
                        continue
                nc = list(cnt)
                nc[s] += 1
                ncnt = tuple(nc)
                if not restrict:
                    succ.append(((k, nar, ncnt, None), (_F, i, -1)))
                    continue
                assert slots is not None
                if cnt[s] == 0:  # a base card: any empty foundation (the restriction spares it)
                    for f in range(4):
                        if slots[f] < 0:
                            ns = list(slots)
                            ns[f] = s
                            succ.append(((k, nar, ncnt, tuple(ns)), (_F, i, f)))
                    continue
                f = slots.index(s)
                if i >= 4 and f != i - 4:
                    continue  # before the last deal a lower-row card goes only to the foundation above it
                succ.append(((k, nar, ncnt, slots), (_F, i, f)))
            for nxt, mv in reversed(succ):
                if nxt not in parent:
                    parent[nxt] = (st, mv)
                    stack.append(nxt)
        if not stack:
            self._p1_stack = None
            self._make_starts()
        return budget

    def _p1_line(self, st: P1State) -> list[Step]:
        line: list[Step] = []
        link = self._p1_parent[st]
        while link is not None:
            prev, mv = link
            line.append(mv)
            link = self._p1_parent[prev]
        line.reverse()
        return line

    def _start_state(self, ar: int, cnt: tuple[int, ...]) -> State:
        cols = self._cols_at[self._deals]
        if ar < 0:
            return cols, cnt
        cp = CHAIN_POS[ar]
        return tuple(tuple(c for c in p if cp[c] >= cnt[c & 3]) for p in cols), cnt

    def _make_starts(self) -> None:
        ends = self._p1_ends
        for (ar, cnt), st in sorted(ends.items(), key=lambda kv: (kv[0][0], kv[0][1])):
            if self._dominated(ar, cnt):
                continue
            line = self._p1_line(st)
            for colour in (0, 1) if ar < 0 else (ar,):
                piles, _ = self._start_state(colour, cnt)
                start = _Start(colour, (piles, cnt), line)
                self._alive[colour].append(len(self._starts))
                self._starts.append(start)
        if not self._starts:  # cannot happen: the stock can always be dealt out
            self.status = UNSOLVABLE

    def _dominated(self, ar: int, cnt: tuple[int, ...]) -> bool:
        """Whether a start with one card fewer on a foundation plays that card next."""
        if ar < 0:
            return False
        for s in range(4):
            if not cnt[s]:
                continue
            fewer = list(cnt)
            fewer[s] -= 1
            prev = tuple(fewer)
            card = NEED[ar][s][fewer[s]]
            for prev_ar in (ar, -1) if sum(prev) == 0 else (ar,):
                if (prev_ar, prev) not in self._p1_ends:
                    continue
                piles, _ = self._start_state(prev_ar, prev)
                if any(p and p[-1] == card for p in piles):
                    return True
        return False

    # -- phase 2 ----------------------------------------------------------------------

    def _p2_step(self, budget: int) -> int:
        while budget > 0 and self.status is None:
            dive = self._dive
            if dive is None:
                dive = self._new_dive()
                if dive is None:
                    self.status = UNSOLVABLE
                    return budget
                self._dive = dive
                budget -= 1
                self.nodes += 1
                continue
            used, outcome = dive.run(budget)
            budget -= used
            self.nodes += used
            if outcome == _WON:
                self._finish(dive)
                continue
            if outcome == _EXHAUSTED:
                # each position the dive met is reached from its start, which has no win
                if len(self.lost) + len(dive.seen) <= LOST_CAP:
                    self.lost.update(dive.seen)
                lst = self._alive[dive.start.ar]
                if dive.index in lst:
                    lst.remove(dive.index)
                self._dive = None
            elif outcome == _LIMIT:
                self._dive = None
        return budget

    def _new_dive(self) -> _Dive | None:
        if self.complete:
            while self._next_start < len(self._starts):
                idx = self._next_start
                self._next_start += 1
                return _Dive(self, idx, self._starts[idx], 0, self._complete_seen, 0.0)
            return None
        colours = [c for c in (0, 1) if self._alive[c]]
        if not colours:
            return None
        self._colour_turn += 1
        colour = colours[self._colour_turn % len(colours)]
        idx = self._rng.choice(self._alive[colour])
        self._dive_no += 1
        limit = DIVE_BASE * luby((self._dive_no + 1) // 2)
        return _Dive(self, idx, self._starts[idx], limit, set(), NOISE)

    def _finish(self, dive: _Dive) -> None:
        line = list(dive.start.line) + dive.path()
        self.moves = self._to_engine(line)
        self.status = SOLVED

    def _to_engine(self, line: list[Step], *, wins: bool = True) -> tuple[Move, ...]:
        """The internal line as engine moves, each checked legal by the engine
        (and, with ``wins``, checked to clear the table)."""
        rules = self.rules
        pos = self.pos
        out: list[Move] = []
        for kind, a, b in line:
            if kind == _D:
                m = Move.deal()
            elif kind == _M:
                m = Move.tableau(a, b)
            else:
                slot = b
                if slot < 0:
                    slot = next(
                        (
                            f
                            for f in range(len(pos.foundations))
                            if why_illegal(rules, pos, Move.to_foundation(a, f)) is None
                        ),
                        0,
                    )
                m = Move.to_foundation(a, slot)
            reason = why_illegal(rules, pos, m)
            if reason is not None:  # a bug in this module: never hand out an illegal line
                raise AssertionError(f"the Little Spider search made an illegal move {m}: {reason}")
            pos = next_position(rules, pos, m)
            out.append(m)
        if wins and not pos.is_cleared():
            raise AssertionError("the Little Spider search's line does not clear the table")
        return tuple(out)

    # -- evaluation (move ordering) ---------------------------------------------------

    def _pile_cost(self, pile: tuple[Card, ...], fnd: tuple[int, ...], ar: int) -> int:
        key = (pile, fnd, ar)
        cache = self._cost_cache
        v = cache.get(key)
        if v is not None:
            return v
        cp = CHAIN_POS[ar]
        v = 0
        low = 99
        n = len(pile)
        avail: list[int] | None = None
        below = [0] * 14
        nbr = self._nbr
        for idx in range(n):
            c = pile[idx]
            s = c & 3
            rel = cp[c] - fnd[s]
            if rel > low:
                v += MISPLACED
                if SCARCE:
                    if avail is None:
                        avail = self._rank_counts(fnd, ar)
                    t = 0
                    for r in nbr[c >> 2]:
                        t += avail[r] - below[r]
                    if t < 2:
                        v += SCARCE * (2 - t)
            elif rel < low:
                low = rel
            if rel < 3:
                v += URGENT * (n - 1 - idx) * (3 - rel)
            below[c >> 2] += 1
        if len(cache) > 300_000:
            cache.clear()
        cache[key] = v
        return v

    def _rank_counts(self, fnd: tuple[int, ...], ar: int) -> list[int]:
        """How many cards of each rank are not on the foundations."""
        key = (fnd, ar)
        out = self._ranks_cache.get(key)
        if out is None:
            cp = CHAIN_POS[ar]
            out = [0] * 14
            for r in range(1, 14):
                for s in range(4):
                    if cp[r << 2 | s] >= fnd[s]:
                        out[r] += 1
            if len(self._ranks_cache) > 100_000:
                self._ranks_cache.clear()
            self._ranks_cache[key] = out
        return out


_WON, _EXHAUSTED, _LIMIT = 1, 2, 3


class _Dive:
    """One depth-first search from a start, resumable across slices."""

    __slots__ = ("ar", "cp", "frames", "index", "limit", "need", "noise", "search", "seen", "start", "used", "wrap")

    def __init__(
        self, search: LittleSpiderSearch, index: int, start: _Start, limit: int, seen: set[object], noise: float
    ) -> None:
        self.search = search
        self.index = index
        self.start = start
        self.limit = limit  # 0: none
        self.seen = seen
        self.noise = noise
        self.used = 1
        self.ar = start.ar
        self.need = NEED[start.ar]
        self.cp = CHAIN_POS[start.ar]
        self.wrap = search._wrap
        state = start.state
        # a frame: [state, the move that led here, children still to try (best last)]
        self.frames: list[tuple[State, Step | None, list[tuple[Step, State]]]] = []
        if not any(state[0]):
            self.frames.append((state, None, []))
            return
        key = self._key(state)
        if key in seen or key in search.lost or self._dead_all(state):
            return  # nothing to search: run() reports it exhausted
        seen.add(key)
        self.frames.append((state, None, self._children(state)))

    def _key(self, state: State) -> object:
        return (tuple(sorted(state[0])), state[1], self.ar)

    def path(self) -> list[Step]:
        return [mv for _, mv, _ in self.frames if mv is not None]

    def run(self, budget: int) -> tuple[int, int]:
        """Explore up to ``budget`` positions: (positions explored, outcome or 0)."""
        frames = self.frames
        if frames and not any(frames[-1][0][0]):
            return 0, _WON
        seen = self.seen
        lost = self.search.lost
        used = 0
        limit = self.limit
        while frames:
            children = frames[-1][2]
            if not children:
                frames.pop()
                continue
            mv, nxt = children.pop()
            if mv[0] == _F and not any(nxt[0]):
                frames.append((nxt, mv, []))
                return used, _WON
            key = self._key(nxt)
            if key in seen or key in lost:
                continue
            seen.add(key)
            if mv[0] == _M:
                if self._dead_moved(nxt, mv[2]):
                    continue
            elif self._dead_all(nxt):
                continue
            used += 1
            self.used += 1
            frames.append((nxt, mv, self._children(nxt)))
            if limit and self.used >= limit:
                return used, _LIMIT
            if used >= budget:
                return used, 0
        return used, _EXHAUSTED

    # -- dead ends -----------------------------------------------------------------------

    def _blocked_without_target(self, pile: tuple[Card, ...], k: int, fnd: tuple[int, ...]) -> bool:
        """Whether ``pile[k]`` lies above an earlier card of its suit and has nowhere to go."""
        cp = self.cp
        b = pile[k]
        s = b & 3
        cb = cp[b]
        for a in pile[:k]:
            if (a & 3) == s and cp[a] < cb:
                break
        else:
            return False
        below = pile[:k]
        for r in self.search._nbr[b >> 2]:
            for t in (r << 2, r << 2 | 1, r << 2 | 2, r << 2 | 3):
                if cp[t] >= fnd[t & 3] and t not in below:
                    return False
        return True

    def _dead_moved(self, state: State, dst: int) -> bool:
        pile = state[0][dst]
        return self._blocked_without_target(pile, len(pile) - 1, state[1])

    def _dead_all(self, state: State) -> bool:
        fnd = state[1]
        for pile in state[0]:
            for k in range(1, len(pile)):
                if self._blocked_without_target(pile, k, fnd):
                    return True
        return False

    # -- moves -----------------------------------------------------------------------------

    def _children(self, state: State) -> list[tuple[Step, State]]:
        piles, fnd = state
        need = self.need
        tops = [p[-1] if p else 0 for p in piles]
        found: list[tuple[Step, State]] = []
        by_rank: dict[int, list[int]] = {}
        for j, c in enumerate(tops):
            if c:
                s = c & 3
                if need[s][fnd[s]] == c:
                    nf = list(fnd)
                    nf[s] += 1
                    np = list(piles)
                    np[j] = piles[j][:-1]
                    found.append(((_F, j, -1), (tuple(np), tuple(nf))))
                r = c >> 2
                lst = by_rank.get(r)
                if lst is None:
                    by_rank[r] = [j]
                else:
                    lst.append(j)
        nbr = self.search._nbr
        moves: list[tuple[int, int]] = []
        for i, c in enumerate(tops):
            if c and len(piles[i]) > 1:  # a pile's only card never needs to move
                for r in nbr[c >> 2]:
                    for j in by_rank.get(r, ()):
                        moves.append((i, j))
        if not moves:
            found.reverse()
            return found
        noise = self.noise
        search = self.search
        cost = search._pile_cost
        needed = (need[0][fnd[0]], need[1][fnd[1]], need[2][fnd[2]], need[3][fnd[3]])
        ar = self.ar
        rnd = search._rng.random
        scored: list[tuple[float, int, tuple[Step, State]]] = []
        here = [cost(p, fnd, ar) if p else 0 for p in piles]
        gone: dict[int, int] = {}  # pile -> cost less its top card, minus its cost now
        for n, (i, j) in enumerate(moves):
            src = piles[i]
            dst = piles[j]
            c = src[-1]
            nsrc = src[:-1]
            ndst = dst + (c,)
            np = list(piles)
            np[i] = nsrc
            np[j] = ndst
            d_src = gone.get(i)
            if d_src is None:
                d_src = gone[i] = cost(nsrc, fnd, ar) - here[i]
            delta = d_src + cost(ndst, fnd, ar) - here[j]
            ntops = list(tops)
            ntops[i] = nsrc[-1]
            ntops[j] = c
            score: float = -delta + MOBILITY * self._mobility(np, ntops, needed)
            if noise:
                score += noise * rnd()
            scored.append((score, n, ((_M, i, j), (tuple(np), fnd))))
        k = len(scored)
        for child in found:  # foundation plays, scored among the tableau moves
            k += 1
            j = child[0][1]
            np = list(child[1][0])
            ntops = list(tops)
            ntops[j] = np[j][-1] if np[j] else 0
            cf = child[1][1]
            fdelta = 0
            for q in range(len(np)):
                fdelta += (cost(np[q], cf, ar) if np[q] else 0) - here[q]
            cneeded = (need[0][cf[0]], need[1][cf[1]], need[2][cf[2]], need[3][cf[3]])
            fscore: float = FOUNDATION_BONUS - fdelta + MOBILITY * self._mobility(np, ntops, cneeded)
            if not np[j]:
                fscore -= EMPTY_PILE
            if noise:
                fscore += noise * rnd()
            scored.append((fscore, k, child))
        scored.sort()  # best last: tried first
        return [child for _, _, child in scored]

    def _mobility(self, piles: list[tuple[Card, ...]], tops: list[int], needed: tuple[int, ...]) -> int:
        """How many legal moves a position has, counted up to three (``needed``:
        the cards the foundations take next)."""
        hist = [0] * 15
        n = 0
        for c in tops:
            if c:
                hist[c >> 2] += 1
                if c in needed:
                    n += 1
        nbr = self.search._nbr
        for i, c in enumerate(tops):
            if c and len(piles[i]) > 1:
                for r in nbr[c >> 2]:
                    n += hist[r]
                if n >= 3:
                    return 3
        return n if n < 3 else 3


__all__ = ["CHAIN_POS", "NEED", "NEIGHBOUR_RANKS", "LittleSpiderSearch", "luby"]
