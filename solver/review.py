"""The game review: which positions of a played game could still be won,
and the move that threw the win away.

A played game is a line of positions, from the deal (index 0) through each
move (index ``len(moves)``).  Each position is judged with full
information (every face-down card and the stock are known, as in proving a
deal; the review says so): ``winnable`` with a line of moves that wins from
it, ``lost`` when a complete search proves there is no win, else
``unknown``.  Two facts make a few searches enough:

* once lost, every later position is lost (it is reached from the lost one);
* once winnable, every earlier position is (the game's own moves up to it,
  then its line).

So the verdicts are a run of winnable positions, a gap of unknown ones (often
none), and a run of lost ones; the review looks for the boundary by
bisection.  The end is probed first (a complete search proves a stuck end
lost in a moment), then the deal, then the middle of the gap, again and
again; a probe that cannot tell leaves the gap split in two, and the larger
part is probed next.  When every position of the gap has been probed, the
next round probes them again with twice the budget, until the review's
budget is spent.  A probe (:class:`Probe`) runs a short complete search, then the
solver's own search (its tries, as :func:`solver.solve`), then resumes the
complete search: only that one may say "lost".  A win found is followed
along the game: a later position that lies on the winning line, or one
move away from it, is winnable without a search.

The answer, :class:`GameReview`, gives each position's verdict and what
decided it (:class:`Basis`): the search at that position, or the position
whose search it follows from.  ``slip`` is the move after which the game
was lost, when the boundary is found exactly (a winnable position followed
by a lost one); otherwise ``last_winnable`` and ``first_lost`` are the
honest version ("a win was still there at move 40; by move 57 there was
none").

Four runs of spades: one nearly built in column 1, its Ace alone in column
2, and three deals in the stock.  Putting the Ace on the run completes it
and takes 13 cards off the table: 9 cards cannot fill 10 columns, so the
stock can never be dealt again.  Dealing first wins:

>>> import engine
>>> from solver import replay
>>> stock = "QsQsJsJsTsTs9s9s8s8s7s7s6s6s6s5s5s5s4s4s4s3s3s3s2s2s2sAsAsAs"
>>> g = engine.game_from_notation("spider-1", f"KsQsJsTs9s8s7s6s5s4s3s2s/As/Ks/Ks/Ks/Qs/Js/Ts/9s/8s7s {stock} -/-/-/-/-/-/-/-")
>>> for text in ("c10:2>c9", "c9:2>c10", "c2>c1"):
...     _ = g.play_text(text)
>>> r = review(g)
>>> [v.value for v in r.verdicts]
['winnable', 'winnable', 'winnable', 'lost']
>>> r.slip, r.complete, [b.how.value for b in r.basis]
(2, True, ['win-found', 'later-win', 'win-found', 'complete'])
>>> replay(g.rules, start_position(g), r.lines[0]).is_cleared()
True
>>> GameReview.from_json(r.to_json(), g) == r
True
"""

from __future__ import annotations

import gc
import hashlib
import itertools
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine import Foundations, Game, Move, NotationError, Position, Ruleset, deal_position, parse_notation

from . import spider_complete
from .base import SOLVED, UNKNOWN, UNSOLVABLE, FamilySearch, Status, replay
from .little import LittleSpiderSearch
from .spider import BEAM, LEVEL_NODES, tries
from .spidike import SpidikeSearch

FORMAT = "spider-review"
VERSION = 1
MAX_JSON = 4_000_000
"""The longest review text :meth:`GameReview.from_json` reads (characters)."""


class Verdict(StrEnum):
    """One position's verdict; each member equals its word."""

    WINNABLE = "winnable"
    LOST = "lost"
    UNKNOWN = "unknown"


class Proof(StrEnum):
    """What decided a verdict (see :class:`Basis`)."""

    WIN_FOUND = "win-found"
    """A search from this position found a winning line."""
    LATER_WIN = "later-win"
    """A later position of the game is winnable: the game's moves up to it, then its line."""
    COMPLETE = "complete"
    """A complete search from this position ran out of positions: no win
    (or a family's own search that prunes nothing that could win did)."""
    EARLIER_LOST = "earlier-lost"
    """An earlier position of the game was proven lost (by a complete search)."""
    NONE = "none"
    """Nothing yet: the verdict is unknown."""


@dataclass(frozen=True)
class Basis:
    """Why a position has its verdict: ``how``, and ``at`` the index of the
    position whose search decided it (itself for ``win-found`` and
    ``complete``; None for ``none``)."""

    how: Proof
    at: int | None = None


UNDECIDED = Basis(Proof.NONE)


@dataclass(frozen=True)
class ReviewBudget:
    """How much a review may search, in positions explored.

    The page searches about 12,000 positions a second in its background
    slices (Pyodide), so :data:`PAGE_BUDGET`'s ``total_nodes`` is about
    30 s of page time.  Each probe runs ``proof_nodes`` of a complete search,
    then ``win_nodes`` of the solver's search, then the complete search again
    up to ``complete_nodes``; each later round of probes doubles both, up to
    ``rounds`` rounds.
    """

    total_nodes: int = 1_000_000
    proof_nodes: int = 200
    win_nodes: int = 5_000
    complete_nodes: int = 1_500
    rounds: int = 4
    seconds: float | None = 30.0
    """Time spent inside :meth:`Reviewer.step` (the page's time), at most;
    None: no limit but the positions (the tests' budgets, which must not
    depend on the machine's speed)."""

    def __post_init__(self) -> None:
        for name in ("total_nodes", "proof_nodes", "win_nodes", "complete_nodes", "rounds"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise ValueError(f"ReviewBudget.{name} must be a positive whole number, not {value!r}")
        if self.seconds is not None and not (isinstance(self.seconds, (int, float)) and self.seconds > 0):
            raise ValueError(f"ReviewBudget.seconds must be a positive number of seconds or None, not {self.seconds!r}")


PAGE_BUDGET = ReviewBudget()
"""The page's default: about 30 s of background slices in Pyodide."""

PAGE_NODES_PER_SECOND = 12_000
"""About how many positions the page's background slices search in a second
(Pyodide; the same figure as the "Still winnable?" benchmark's)."""


class ReviewError(ValueError):
    """A stored review that cannot be read, or does not fit the game."""


@dataclass(frozen=True)
class GameReview:
    """The review of one game: a verdict per position, and the winning lines.

    ``lines[i]`` (for each winnable ``i``) replays from position ``i`` to a
    win.  ``slip`` is ``i`` when position ``i`` is winnable and ``i + 1``
    lost; ``last_winnable`` and ``first_lost`` bound the gap when it is not
    closed.  ``basis[i]`` says what decided ``verdicts[i]``.  ``complete``:
    the review has done all its budget lets it do (a review cut short, or
    still running, is not complete).
    """

    verdicts: tuple[Verdict, ...]
    lines: dict[int, tuple[Move, ...]]
    slip: int | None
    last_winnable: int | None
    first_lost: int | None
    complete: bool
    basis: tuple[Basis, ...] = ()
    nodes: int = 0
    """Positions searched to make this review."""
    anchors: dict[int, tuple[Move, ...]] = field(default_factory=dict)
    """The lines the searches found, by position; every other line is one
    of these with the game's moves before it."""
    fingerprint: str = ""
    """The reviewed game's :func:`fingerprint`."""

    @property
    def gap(self) -> int | None:
        """Positions between the last winnable and the first lost one (0: the
        slip is exact); None unless both are known."""
        if self.last_winnable is None or self.first_lost is None:
            return None
        return self.first_lost - self.last_winnable - 1

    def to_json(self) -> str:
        """The review as JSON, to keep with the game's record (see :meth:`from_json`)."""
        data = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.fingerprint,
            "verdicts": "".join(_LETTER[v] for v in self.verdicts),
            "basis": [[b.how.value, b.at] for b in self.basis],
            "anchors": {str(i): [str(m) for m in line] for i, line in self.anchors.items()},
            "complete": self.complete,
            "nodes": self.nodes,
        }
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, game: Game) -> GameReview:
        """A review kept by :meth:`to_json`, checked against ``game``.

        Raises :class:`ReviewError` (a ``ValueError``) with a sentence when
        the text is not a review, is damaged, or is the review of another
        game: every line must replay to a win, every lost verdict must rest
        on a complete search at or before it.
        """
        return _from_json(text, game)


# -- the game's positions -------------------------------------------------------------


def start_position(game: Game) -> Position:
    """The position ``game`` started from: its deal, or the notation it was made from."""
    if game.start_notation is not None:
        return parse_notation(game.start_notation)
    if game.deal is not None:
        return deal_position(game.rules, game.deal)
    raise ReviewError("the game has neither a deal number nor a starting position")


def game_positions(game: Game) -> tuple[Position, ...]:
    """The positions of ``game``: the start, then one after each of its moves."""
    pos = start_position(game)
    out = [pos]
    for m in game.moves:
        pos = replay(game.rules, pos, (m,))
        out.append(pos)
    return tuple(out)


def fingerprint(game: Game) -> str:
    """A short digest of the game's rules, start and moves: a kept review
    belongs to the game with the same one."""
    text = json.dumps(
        [game.rules.id, game.rules.option_values(), game.deal, game.start_notation, [str(m) for m in game.moves]],
        sort_keys=True,
    )
    return hashlib.sha256(text.encode()).hexdigest()[:32]


# -- one probe ---------------------------------------------------------------------


def _sharing(rules: Ruleset, pos: Position, lost: set[object] | None, *, complete: bool) -> FamilySearch | None:
    """The family's own search of ``pos`` sharing the game's ``lost`` set, where
    the family has one that prunes only what cannot lose a win (Little Spider,
    traditional Spidike); else None."""
    if lost is None:
        return None
    if rules.traits.foundations == Foundations.LITTLE:
        return LittleSpiderSearch(rules, pos, complete=complete, lost=lost)
    if rules.traits.foundations == Foundations.BY_SUIT:
        return SpidikeSearch(rules, pos, complete=complete, lost=lost)
    return None


class Probe:
    """One position's question, in slices: a short complete search, the
    solver's search (its tries), then the complete search again.

    ``status`` ends ``solved`` (with ``moves``), ``unsolvable`` (the complete
    search ran out of positions) or ``unknown`` (the budgets ran out).
    ``proved`` is True when the complete search decided.
    """

    def __init__(
        self,
        rules: Ruleset,
        pos: Position,
        *,
        proof_nodes: int,
        win_nodes: int,
        complete_nodes: int,
        lost: set[object] | None = None,
    ) -> None:
        from . import make_search  # the package's own dispatch, by family

        self.rules = rules
        self.pos = pos
        self.proof_nodes = proof_nodes
        self.win_nodes = win_nodes
        self.complete_nodes = max(complete_nodes, proof_nodes)
        self.complete: FamilySearch
        self.lost = lost
        if lost is not None and spider_complete.supports(rules):
            self.complete = spider_complete.CompleteSearch(rules, pos, lost=lost)
        else:
            self.complete = _sharing(rules, pos, lost, complete=True) or make_search(rules, pos, complete=True)
        self._make = make_search
        self._tries = tries(BEAM, LEVEL_NODES)
        self.win: FamilySearch | None = None
        self.win_spent = 0
        self.phase = 0  # 0: the short complete search; 1: the solver's search; 2: the complete search again
        self.status: Status | None = None
        self.moves: tuple[Move, ...] = ()
        self.proved = False

    @property
    def nodes(self) -> int:
        return self.complete.nodes + self.win_spent + (self.win.nodes if self.win is not None else 0)

    def step(self, n: int) -> Status | None:
        if self.status is not None:
            return self.status
        if self.phase != 1:
            limit = self.proof_nodes if self.phase == 0 else self.complete_nodes
            status = self.complete.step(max(1, min(n, limit - self.complete.nodes)))
            if status == SOLVED:
                return self._done(SOLVED, self.complete.moves, proved=True)
            if status is not None:
                return self._done(UNSOLVABLE if status == UNSOLVABLE else UNKNOWN, (), proved=status == UNSOLVABLE)
            if self.complete.nodes >= limit:
                if self.phase == 2:
                    return self._done(UNKNOWN, ())
                self.phase = 1
            return None
        if self.win is None:
            width, size, weights = next(self._tries)
            self.win = _sharing(self.rules, self.pos, self.lost, complete=False) or self._make(
                self.rules, self.pos, beam=width, level_nodes=size, weights=weights
            )
        status = self.win.step(max(1, min(n, self.win_nodes - self.win_spent - self.win.nodes)))
        if status == SOLVED:
            return self._done(SOLVED, self.win.moves)
        if status == UNSOLVABLE:
            # only a search that prunes nothing that could win says so (Little
            # Spider's and traditional Spidike's own searches, when every start
            # or position is used up): a proof, as the complete search's
            self.win_spent += self.win.nodes
            self.win = None
            return self._done(UNSOLVABLE, (), proved=True)
        spent = self.win_spent + self.win.nodes
        if status is not None or spent >= self.win_nodes:
            # a levelled search that gave up early tries again with other weights and width
            if status == UNKNOWN and self.win.levelled and spent < self.win_nodes:
                self.win_spent = spent
                self.win = None
                return None
            self.win_spent = spent
            self.win = None
            self.phase = 2
        return None

    def _done(self, status: Status, moves: tuple[Move, ...], *, proved: bool = False) -> Status:
        self.status = status
        self.moves = moves
        self.proved = proved
        return status


# -- the review ------------------------------------------------------------------------


class Reviewer:
    """The review of ``game``, searched in slices: call :meth:`step` until it
    returns True (the protocol of :meth:`solver.Search.step`, with a bool);
    :meth:`result` is the best answer so far at any time, ``progress``
    goes from 0 to 1, :meth:`cancel` stops it."""

    def __init__(
        self, game: Game, *, budget: ReviewBudget = PAGE_BUDGET, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.rules = game.rules
        self.clock = clock
        """What :attr:`seconds` is measured by (a benchmark on a busy machine passes the CPU time)."""
        self.budget = budget
        self.moves: tuple[Move, ...] = tuple(game.moves)
        self.positions = game_positions(game)
        self.fingerprint = fingerprint(game)
        n = len(self.positions)
        self.basis: list[Basis] = [UNDECIDED] * n
        self.anchors: dict[int, tuple[Move, ...]] = {}
        self.lo = -1  # the highest winnable index known
        self.hi = n  # the lowest lost index known
        self.tried: dict[int, int] = {}  # index -> the last round it was probed in without an answer
        self.round = 0
        self.nodes = 0
        self.seconds = 0.0
        """Time spent searching, inside :meth:`step`."""
        self.finished = False
        self.cancelled = False
        self.probe: Probe | None = None
        self.probe_at = -1
        self.probes: list[tuple[int, str, int]] = []
        """The probes made: (position, ``solved``/``unsolvable``/``unknown``, positions searched)."""
        self._on_line: dict[Position, tuple[int, int]] = {}  # a position on a found line -> (anchor, moves in)
        self.lost: set[object] = set()
        """The positions proven to have no win, shared by this game's searches:
        :func:`solver.spider_complete.review_key` in the Spider family, the
        second phase's key of :mod:`solver.little` in Little Spider, the piles
        and the stock left of :mod:`solver.spidike` in traditional Spidike."""
        if self.positions[-1].is_cleared():
            self._winnable(n - 1, (), Proof.WIN_FOUND)
            self.finished = True

    # -- reading ----------------------------------------------------------------

    @property
    def progress(self) -> float:
        """From 0 to 1: the budget spent, or the positions decided, whichever is further."""
        if self.finished:
            return 1.0
        n = len(self.positions)
        decided = (self.lo + 1) + (n - self.hi)
        spent = self.nodes / self.budget.total_nodes
        if self.budget.seconds is not None:
            spent = max(spent, self.seconds / self.budget.seconds)
        return min(1.0, max(spent, decided / n))

    def result(self) -> GameReview:
        """The review so far (complete once :meth:`step` has returned True and it was not cancelled)."""
        done = self.finished and not self.cancelled
        return _make_review(self.moves, self.basis, self.anchors, self.lo, self.hi, done, self.nodes, self.fingerprint)

    def cancel(self) -> None:
        """Stop searching; :meth:`result` keeps what was found."""
        self.cancelled = True
        self.finished = True
        self.probe = None

    # -- searching --------------------------------------------------------------

    def step(self, max_nodes: int) -> bool:
        """Search about ``max_nodes`` positions; True once the review is over."""
        if self.finished:
            return True
        t0 = self.clock()
        was_on = gc.isenabled()
        gc.disable()  # as solve() does: the search makes no cyclic garbage
        try:
            left = max(1, max_nodes)
            while left > 0 and not self.finished:
                if self.probe is None and not self._next_probe():
                    self.finished = True
                    break
                probe = self.probe
                assert probe is not None
                before = probe.nodes
                status = probe.step(left)
                spent = probe.nodes - before
                self.nodes += spent
                left -= max(1, spent)
                if status is not None:
                    self.probes.append((self.probe_at, str(status), probe.nodes))
                    self._answered(self.probe_at, probe)
                    self.probe = None
                elif self._spent(t0):
                    self.probe = None
                    self.finished = True
            if self._spent(t0):
                self.finished = True
                self.probe = None
        finally:
            if was_on:
                gc.enable()
            self.seconds += self.clock() - t0
        return self.finished

    def _spent(self, t0: float) -> bool:
        b = self.budget
        return self.nodes >= b.total_nodes or (b.seconds is not None and self.seconds + self.clock() - t0 >= b.seconds)

    def _next_probe(self) -> bool:
        """Start the next probe; False when there is nothing left to try."""
        while True:
            if self.lo + 1 >= self.hi:
                return False
            i = self._choose()
            if i is None:
                if self.round + 1 >= self.budget.rounds:
                    return False
                self.round += 1
                continue
            if self._follow_lines(i):
                continue
            scale = 1 << self.round
            b = self.budget
            self.probe = Probe(
                self.rules,
                self.positions[i],
                proof_nodes=b.proof_nodes * scale,
                win_nodes=b.win_nodes * scale,
                complete_nodes=b.complete_nodes * scale,
                lost=self.lost,
            )
            self.probe_at = i
            return True

    def _choose(self) -> int | None:
        """The next position to probe in this round: the end first, then the
        start, then the middle of the largest part of the gap not yet probed
        in this round."""
        last = len(self.positions) - 1
        if self.round == 0:
            if self.hi > last and last not in self.tried:
                return last
            if self.lo < 0 and 0 not in self.tried and self.hi > 0:
                return 0
        points = [self.lo] + sorted(i for i, r in self.tried.items() if r >= self.round and self.lo < i < self.hi)
        points.append(self.hi)
        best: tuple[int, int] | None = None
        for a, b in itertools.pairwise(points):
            if b - a > 1 and (best is None or b - a > best[1] - best[0]):
                best = (a, b)
        if best is None:
            return None
        a, b = best
        if a < 0 and b > last:
            return (a + b) // 2
        return (a + b) // 2 if b - a > 2 else a + 1

    def _follow_lines(self, i: int) -> bool:
        """Whether position ``i`` is on a found line, or one move from one (then it is winnable)."""
        pos = self.positions[i]
        found = self._on_line.get(pos)
        if found is not None:
            anchor, k = found
            self._winnable(i, self.anchors[anchor][k:], Proof.WIN_FOUND)
            return True
        if not self._on_line:
            return False
        from engine import legal_moves, next_position

        for m in legal_moves(self.rules, pos):
            found = self._on_line.get(next_position(self.rules, pos, m))
            if found is not None:
                anchor, k = found
                self._winnable(i, (m, *self.anchors[anchor][k:]), Proof.WIN_FOUND)
                return True
        return False

    def _answered(self, i: int, probe: Probe) -> None:
        if probe.status == SOLVED:
            self._winnable(i, probe.moves, Proof.WIN_FOUND)
            # a later position of the game on the new line is winnable too
            for j in range(self.hi - 1, i, -1):
                if self.positions[j] in self._on_line:
                    self._follow_lines(j)
                    break
        elif probe.status == UNSOLVABLE and probe.proved:
            self._lost(i)
        else:
            self.tried[i] = self.round

    def _winnable(self, i: int, line: tuple[Move, ...], how: Proof) -> None:
        self.anchors[i] = line
        self.basis[i] = Basis(how, i)
        if i > self.lo:
            for j in range(max(self.lo, 0), i):
                self.basis[j] = Basis(Proof.LATER_WIN, i) if self.basis[j].how != Proof.WIN_FOUND else self.basis[j]
            self.lo = i
        pos = self.positions[i]
        for k, m in enumerate(line):
            if len(self._on_line) >= 20_000:
                break
            self._on_line.setdefault(pos, (i, k))
            pos = replay(self.rules, pos, (m,))

    def _lost(self, i: int) -> None:
        self.basis[i] = Basis(Proof.COMPLETE, i)
        for j in range(i + 1, min(self.hi, len(self.positions))):
            self.basis[j] = Basis(Proof.EARLIER_LOST, i)
        self.hi = min(self.hi, i)


def _make_review(
    moves: Sequence[Move],
    basis: Sequence[Basis],
    anchors: dict[int, tuple[Move, ...]],
    lo: int,
    hi: int,
    complete: bool,
    nodes: int,
    game: str,
) -> GameReview:
    n = len(basis)
    verdicts = tuple(Verdict.WINNABLE if i <= lo else Verdict.LOST if i >= hi else Verdict.UNKNOWN for i in range(n))
    lines: dict[int, tuple[Move, ...]] = {}
    ordered = sorted(a for a in anchors if a <= lo)
    k = 0
    for i in range(lo + 1):
        while ordered[k] < i:
            k += 1
        a = ordered[k]
        lines[i] = tuple(moves[i:a]) + anchors[a]
    bases = tuple(b if (v == Verdict.UNKNOWN) == (b.how == Proof.NONE) else UNDECIDED for v, b in zip(verdicts, basis))
    return GameReview(
        verdicts=verdicts,
        lines=lines,
        slip=lo if lo >= 0 and hi == lo + 1 and hi < n else None,
        last_winnable=lo if lo >= 0 else None,
        first_lost=hi if hi < n else None,
        complete=complete,
        basis=bases,
        nodes=nodes,
        anchors={a: anchors[a] for a in ordered},
        fingerprint=game,
    )


def review(game: Game, *, budget: ReviewBudget = PAGE_BUDGET) -> GameReview:
    """The review of ``game``, searched to the end of ``budget`` (see :class:`Reviewer`)."""
    reviewer = Reviewer(game, budget=budget)
    while not reviewer.step(1000):
        pass
    return reviewer.result()


# -- keeping a review -------------------------------------------------------------------

_LETTER = {Verdict.WINNABLE: "W", Verdict.LOST: "L", Verdict.UNKNOWN: "U"}


def _from_json(text: str, game: Game) -> GameReview:
    if not isinstance(text, str):
        raise ReviewError(f"a kept review is text, not {type(text).__name__}")
    if len(text) > MAX_JSON:
        raise ReviewError(f"the kept review is too long ({len(text):,} characters; at most {MAX_JSON:,})")
    try:
        data = json.loads(text)
    except ValueError as e:
        raise ReviewError(f"the kept review is not JSON ({e})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReviewError("the text is not a kept game review")
    if data.get("version") != VERSION:
        raise ReviewError(f"the kept review has version {data.get('version')!r}; this page reads version {VERSION}")
    if data.get("game") != fingerprint(game):
        raise ReviewError("the kept review is of another game (its moves or its deal differ)")
    positions = game_positions(game)
    n = len(positions)
    letters = data.get("verdicts")
    if not isinstance(letters, str) or len(letters) != n:
        raise ReviewError(f"the kept review must give {n} verdicts, one per position")
    words = {"W": Verdict.WINNABLE, "L": Verdict.LOST, "U": Verdict.UNKNOWN}
    if any(c not in words for c in letters):
        raise ReviewError("a verdict of the kept review is not W, L or U")
    lo = len(letters) - len(letters.lstrip("W")) - 1
    hi = len(letters.rstrip("L"))
    if any(c != "U" for c in letters[lo + 1 : hi]):
        raise ReviewError("the kept review has a winnable position after a lost or unknown one")
    raw_basis = data.get("basis")
    if not isinstance(raw_basis, list) or len(raw_basis) != n:
        raise ReviewError(f"the kept review must give {n} reasons, one per position")
    basis: list[Basis] = []
    for i, item in enumerate(raw_basis):
        basis.append(_read_basis(i, item, letters[i], lo, hi))
    for i, b in enumerate(basis):
        if b.at is not None and b.how in (Proof.LATER_WIN, Proof.EARLIER_LOST):
            own = Proof.WIN_FOUND if b.how == Proof.LATER_WIN else Proof.COMPLETE
            if basis[b.at].how != own:
                raise ReviewError(f"position {i}'s verdict rests on position {b.at}, which was not searched")
    raw_anchors = data.get("anchors")
    if not isinstance(raw_anchors, dict):
        raise ReviewError("the kept review's lines are missing")
    anchors: dict[int, tuple[Move, ...]] = {}
    for key, raw in raw_anchors.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 7 and int(key) <= lo):
            raise ReviewError(f"the kept review has a line for {key!r}, which is not a winnable position")
        i = int(key)
        if not isinstance(raw, list) or len(raw) > 10_000 or not all(isinstance(t, str) for t in raw):
            raise ReviewError(f"the kept line of position {i} is not a list of moves")
        try:
            line = tuple(Move.parse(t) for t in raw)
            end = replay(game.rules, positions[i], line)
        except (NotationError, ValueError) as e:
            raise ReviewError(f"the kept line of position {i} does not replay: {e}") from None
        if not end.is_cleared():
            raise ReviewError(f"the kept line of position {i} does not win")
        anchors[i] = line
    if lo >= 0 and lo not in anchors:
        raise ReviewError(f"the kept review has no line for position {lo}, its last winnable one")
    for i, b in enumerate(basis):
        if b.how == Proof.WIN_FOUND and i not in anchors:
            raise ReviewError(f"the kept review has no line for position {i}")
    complete = data.get("complete")
    nodes = data.get("nodes")
    if not isinstance(complete, bool) or type(nodes) is not int or nodes < 0:
        raise ReviewError("the kept review's summary is damaged")
    moves = tuple(game.moves)
    return _make_review(moves, basis, anchors, lo, hi, complete, nodes, data["game"])


def _read_basis(i: int, item: Any, letter: str, lo: int, hi: int) -> Basis:
    if not (isinstance(item, list) and len(item) == 2 and (item[1] is None or type(item[1]) is int)):
        raise ReviewError(f"the kept reason for position {i} is damaged")
    try:
        how = Proof(item[0])
    except ValueError:
        raise ReviewError(f"the kept reason for position {i} is not one this page knows") from None
    at: int | None = item[1]
    fits = {
        Proof.WIN_FOUND: letter == "W" and at == i,
        Proof.LATER_WIN: letter == "W" and at is not None and i < at <= lo,
        Proof.COMPLETE: letter == "L" and at == i,
        Proof.EARLIER_LOST: letter == "L" and at is not None and hi <= at < i,
        Proof.NONE: letter == "U" and at is None,
    }[how]
    if not fits:
        raise ReviewError(f"the kept reason for position {i} does not fit its verdict")
    return Basis(how, at)
