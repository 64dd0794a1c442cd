"""'Show me how': the solver's winning line, played out for the player (pure: no browser imports).

:class:`ShowLine` is the state of one show: the search for a line, then the
line's moves played one by one, paused, stepped or stopped.  The page part
(:mod:`ui.helpers.show_me_view`) draws it and runs its clock; every decision is here.

The line is played only from the position it was found for: a move of the
player's own, an Undo, another game or another tab changes the position,
and the show stops (:meth:`ShowLine.follows`).

>>> import engine
>>> from solver import solve
>>> g = engine.new_game("spider-1", deal=3)
>>> show = ShowLine(g.position)
>>> show.phase
'searching'
>>> found = solve(g.rules, g.position, max_nodes=60_000)
>>> show.found(found.moves)
>>> (show.phase, show.at, show.total)
('playing', 0, 123)
>>> move = show.next_move()
>>> _ = g.play(move)
>>> show.played(g.position)
>>> (show.at, show.follows(g.position))
(1, True)
>>> show.pause(); show.phase
'paused'
>>> show.progress_text()
'Paused at move 1 of 123'
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Move, Position, Ruleset
from solver import SOLVED, UNKNOWN
from ui.helpers.hints import SlicedSolve
from ui.i18n.text import N_, Np_, _, n_, p_

SEARCH_NODES = 250_000
"""The search's budget, in positions: about ten seconds in the browser."""
PROOF_NODES = 4_000
"""The complete search's budget, first: it proves a small dead position has no win at once."""

SPEEDS = ((Np_("speed", "Slow"), 1500), (Np_("speed", "Normal"), 700), (Np_("speed", "Fast"), 150))
"""The speeds a player can pick: (name, marked, pause between two moves, in ms)."""
DEFAULT_SPEED = 1

SEARCHING, PLAYING, PAUSED, DONE, STOPPED = "searching", "playing", "paused", "done", "stopped"

ASK_TITLE = N_("Show me how")
ASK_TEXT = N_(
    "The computer looks for a way to win from here and plays it out, move by move. "
    "You can pause it, step through it or stop it at any time. "
    "This game then no longer counts as a win: it is kept as shown."
)
NO_LINE = {
    "unknown": N_("Show me: no win was found from here within the search's limit. Undo a few moves and try again."),
    "unsolvable": N_("Show me: there is no way to win from here. Undo a few moves and try again."),
}
"""What the player is told when there is no line to show, by the search's status (marked: shown with ``_``)."""
END_TEXT = N_("Shown to the end. This game is kept as shown, not as a win.")


def speed_word(index: int) -> str:
    """The name of speed ``index`` of :data:`SPEEDS` in the language in use."""
    return p_("speed", SPEEDS[index][0])


class ShowLine:
    """One show: ``searching`` for a line, then ``playing`` or ``paused``
    through it, until ``done`` (every move played) or ``stopped``."""

    def __init__(self, pos: Position) -> None:
        self.phase = SEARCHING
        self.moves: tuple[Move, ...] = ()
        self.at = 0  # moves of the line played
        self.pos = pos  # the position the next move of the line is played from

    @property
    def total(self) -> int:
        return len(self.moves)

    @property
    def active(self) -> bool:
        """Searching, playing or paused: the show holds the table."""
        return self.phase in (SEARCHING, PLAYING, PAUSED)

    def found(self, moves: Sequence[Move]) -> None:
        """The search found the line: the show starts playing it."""
        assert self.phase == SEARCHING
        self.moves = tuple(moves)
        self.phase = PLAYING if self.moves else DONE

    def follows(self, pos: Position) -> bool:
        """Whether the game stands where the line expects it."""
        return pos == self.pos

    def next_move(self) -> Move | None:
        """The line's next move, or None when it is over."""
        return self.moves[self.at] if self.active and self.at < self.total else None

    def played(self, pos: Position) -> None:
        """The next move was played; the game is now at ``pos``."""
        self.at += 1
        self.pos = pos
        if self.at >= self.total:
            self.phase = DONE

    def pause(self) -> None:
        if self.phase == PLAYING:
            self.phase = PAUSED

    def resume(self) -> None:
        if self.phase == PAUSED:
            self.phase = PLAYING

    def toggle(self) -> None:
        """Pause a playing show, or play a paused one on."""
        if self.phase == PLAYING:
            self.pause()
        else:
            self.resume()

    def stop(self) -> None:
        if self.active:
            self.phase = STOPPED

    def progress_text(self) -> str:
        """The bar's words: where the show is."""
        if self.phase == SEARCHING:
            return _("Looking for a win…")
        if self.phase == PAUSED:
            return _("Paused at move {n} of {total}").format(n=self.at, total=self.total)
        if self.phase == DONE:
            return n_("Shown: {n} move", "Shown: {n} moves", self.total).format(n=self.total)
        return _("Move {n} of {total}").format(n=self.at, total=self.total)


class ShowSearch:
    """The search for a line to show, in steps (:meth:`step` returns the
    status once it is over: ``solved`` with :attr:`moves`, ``unsolvable``,
    ``unknown``).

    First the complete search, with a small budget (:data:`PROOF_NODES`):
    on a small position it finds the win or proves there is none at once.
    Then the solver's own search, up to ``budget`` positions.

    >>> import engine
    >>> cols = "*As6s5s/*2s6s/*3sKs/*4sKs/*5sKs/*6sKs/*7sKs/*8sKs/*9sKs/*Ts9s"
    >>> g = engine.game_from_notation("spider-1", cols + " - -/-/-/-/-/-/-/-")
    >>> job = ShowSearch(g.rules, g.position)
    >>> status = None
    >>> while status is None:
    ...     status = job.step(8)
    >>> status == "unsolvable", job.nodes < PROOF_NODES
    (True, True)
    """

    def __init__(self, rules: Ruleset, pos: Position, budget: int = SEARCH_NODES) -> None:
        self.rules = rules
        self.pos = pos
        self.budget = budget
        self.proof = SlicedSolve(rules, pos, max_nodes=PROOF_NODES, complete=True)
        self.main: SlicedSolve | None = None
        self.moves: tuple[Move, ...] = ()

    @property
    def nodes(self) -> int:
        return self.proof.nodes + (self.main.nodes if self.main is not None else 0)

    def step(self, n: int) -> str | None:
        if self.main is None:
            status = self.proof.step(n)
            if status is None:
                return None
            if status != UNKNOWN:
                self.moves = self.proof.moves
                return status
            self.main = SlicedSolve(self.rules, self.pos, max_nodes=max(1, self.budget - self.proof.nodes))
        status = self.main.step(n)
        if status == SOLVED:
            self.moves = self.main.moves
        return status


def search_percent(nodes: int, budget: int = SEARCH_NODES) -> int:
    """How far the search is through its budget, from 0 to 99 (100 is never
    shown: the answer comes first).

    >>> search_percent(0), search_percent(125_000), search_percent(10**9)
    (0, 50, 99)
    """
    return max(0, min(99, nodes * 100 // budget))


SHOW_KEYS = {" ": "toggle", "Spacebar": "toggle", "p": "toggle", "P": "toggle", "ArrowRight": "step", ".": "step"}
SHOW_KEYS |= {"Escape": "stop", "Esc": "stop"}
"""The keys of a show while it runs: pause or play on, one move, stop."""


def show_key(key: str, ctrl: bool = False, alt: bool = False, meta: bool = False) -> str | None:
    """The show's action for a key (``toggle``, ``step``, ``stop``), or None.

    >>> show_key("p"), show_key("ArrowRight"), show_key("Escape"), show_key("z", ctrl=True)
    ('toggle', 'step', 'stop', None)
    """
    if ctrl or alt or meta:
        return None
    return SHOW_KEYS.get(key)
