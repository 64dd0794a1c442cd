""" "Still winnable?" along a game: what one answer proves about the next
positions (pure: no browser imports; the page's controller is :mod:`ui.helpers.hints_view`).

A fresh search at every move threw away what the last one proved.
:class:`KnownWins` keeps it, for one game:

* a win found is a whole line: every position along it is winnable, with
  the rest of the line as its proof, so a player who follows it (or Show
  me, or Finish) gets the answer at once;
* a position one move away from a known win is winnable (a move that
  goes back, a move onto the line);
* a position reached from one proven to have no win has none either
  (what can be reached from it could be reached from the other);
* a proven deal from the winnable list is winnable at its start.

:class:`StillCheck` answers one position: from what is known, else by
:class:`ui.helpers.hints.WinCheck` (the solver's search, then the complete
search that alone may prove "no win"), and tells :class:`KnownWins` what
it found.

>>> import engine
>>> from solver import solve
>>> g = engine.new_game("spider-1", deal=3)
>>> known = KnownWins(g.rules)
>>> line = solve(g.rules, g.position, max_nodes=60_000).moves
>>> known.learn_line(g.position, line)
>>> _ = g.play(line[0]); _ = g.play(line[1])
>>> check = StillCheck(g.rules, g.position, known)
>>> check.step(1), check.nodes, len(check.moves) == len(line) - 2
('winnable', 0, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Move, Position, Ruleset, legal_moves, next_position
from solver import SOLVED, UNSOLVABLE
from ui.helpers.hints import NO_WIN, WINNABLE, SlicedSolve, WinCheck

PROOF_NODES = 3_000
"""A short complete search first: near the end of a game it proves "no
win" (or finds the win) in a fraction of a second."""
FIRST_NODES = 45_000
"""Then the solver's search, in positions (with :data:`PROOF_NODES` and
:data:`COMPLETE_NODES`: about five seconds of background slices in the page)."""
COMPLETE_NODES = 12_000
"""The complete search after it, the only one that may prove "no win"."""
MAX_KNOWN = 5_000
"""Positions remembered per game (a game's lines are a few hundred)."""


class KnownWins:
    """What the answers of one game have proved: winnable positions (with
    the rest of a winning line) and positions with no win."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.wins: dict[Position, tuple[Move, ...]] = {}
        self.dead: set[Position] = set()
        self.last: Position | None = None  # the position asked about last

    def learn_line(self, pos: Position, moves: Sequence[Move]) -> None:
        """``moves`` win from ``pos``: every position along them is winnable."""
        rest = tuple(moves)
        for i, move in enumerate(rest):
            if len(self.wins) >= MAX_KNOWN:
                return
            self.wins.setdefault(pos, rest[i:])
            pos = next_position(self.rules, pos, move)

    def learn_winnable(self, pos: Position) -> None:
        """``pos`` is winnable, line unknown (a proven deal at its start)."""
        if len(self.wins) < MAX_KNOWN:
            self.wins.setdefault(pos, ())

    def learn_dead(self, pos: Position) -> None:
        if len(self.dead) < MAX_KNOWN:
            self.dead.add(pos)

    def known(self, pos: Position) -> tuple[str, tuple[Move, ...]] | None:
        """(``winnable``, a winning line (empty: not known)) or (``no-win``, ())
        when what is known already answers for ``pos``; else None."""
        last, self.last = self.last, pos
        if pos in self.wins:
            return WINNABLE, self.wins[pos]
        if pos in self.dead:
            return NO_WIN, ()
        if last is not None and last in self.dead and self._child(last, pos):
            self.learn_dead(pos)
            return NO_WIN, ()
        if self.wins:
            for move in legal_moves(self.rules, pos):
                nxt = next_position(self.rules, pos, move)
                if nxt in self.wins and (line := self.wins[nxt]):
                    self.learn_line(pos, (move, *line))
                    return WINNABLE, self.wins[pos]
        return None

    def _child(self, parent: Position, pos: Position) -> bool:
        return any(next_position(self.rules, parent, m) == pos for m in legal_moves(self.rules, parent))


class StillCheck:
    """ "Still winnable?" for one position, in steps: the answer (``winnable``,
    ``no-win``, ``unknown``) once there is one, else None."""

    def __init__(
        self,
        rules: Ruleset,
        pos: Position,
        known: KnownWins,
        first_nodes: int = FIRST_NODES,
        complete_nodes: int = COMPLETE_NODES,
    ) -> None:
        self.pos = pos
        self.known = known
        self.moves: tuple[Move, ...] = ()
        self.answer: str | None = None
        self.proof: SlicedSolve | None = None
        self.job: WinCheck | None = None
        self._budgets = (rules, first_nodes, complete_nodes)
        found = known.known(pos)
        if found is not None:
            self.answer, self.moves = found
        else:
            self.proof = SlicedSolve(rules, pos, max_nodes=min(PROOF_NODES, complete_nodes), complete=True)

    @property
    def nodes(self) -> int:
        """Positions searched (0 when what was known answered)."""
        return (self.proof.nodes if self.proof is not None else 0) + (self.job.nodes if self.job is not None else 0)

    def step(self, n: int = 200) -> str | None:
        if self.answer is not None or self.proof is None:
            return self.answer
        if self.job is None:
            status = self.proof.step(n)
            if status is None:
                return None
            if status in (SOLVED, UNSOLVABLE):
                return self._answered(WINNABLE if status == SOLVED else NO_WIN, self.proof.moves)
            rules, first, complete = self._budgets
            self.job = WinCheck(rules, self.pos, first, max(1, complete - self.proof.nodes))
        answer = self.job.step(n)
        return None if answer is None else self._answered(answer, self.job.moves)

    def _answered(self, answer: str, moves: tuple[Move, ...]) -> str:
        self.answer = answer
        if answer == WINNABLE and moves:
            self.moves = moves
            self.known.learn_line(self.pos, self.moves)
        elif answer == WINNABLE:
            self.known.learn_winnable(self.pos)
        elif answer == NO_WIN:
            self.known.learn_dead(self.pos)
        return answer
