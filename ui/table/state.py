"""The table state: the game in play and everything the page derives from
it, held once (pure: no browser imports).

One :class:`TableState` is made by the composition root and shared: the
current game (:mod:`ui.game.current`) puts a game in it
(:meth:`TableState.set_game`), the table (:mod:`ui.table.table_view`) keeps
what it derives there (the card tracker, the layout and the places it
gives, the selection), the keys their focus and the piles they move
between (:mod:`ui.table.keyboard_view`), the pointer the press or drag in
progress (:mod:`ui.table.pointer_view`), the helpers what they found
(Finish's way out, :mod:`ui.helpers.hints_view`; the "Still winnable?"
answer and its win, :mod:`ui.helpers.still_winnable_view`; "Show me how"
plays either without searching again; the dead end proven,
:mod:`ui.helpers.dead_end_view`, which Hint and "Show me how" say), and every input asks it what is legal now
(:meth:`TableState.legal`, the engine's move list of the position, made once
per position) instead of asking the engine to judge each candidate.  The
engine judges a move once, when it is played (``dispatch``).

>>> import engine
>>> state = TableState()
>>> state.game is None and state.legal() == [] and not state.dragging
True
>>> state.set_game(engine.new_game("spider-1", deal=12345))
>>> move = state.legal()[0]
>>> state.is_legal(move), state.legal() is state.legal()
(True, True)
>>> _ = state.game.play(move)  # a new position: the list is made again
>>> state.is_legal(move)
False
"""

from __future__ import annotations

import engine
from engine import Move, Outcome, PileId, Position
from ui.table.cards import Place, Tracker
from ui.table.keyboard import Focus
from ui.table.layout import Layout, Rect
from ui.table.pointer import Drag


class TableState:
    """The one state of the table (see the module's words)."""

    def __init__(self) -> None:
        self.game: engine.Game | None = None
        """The game in play: set only by :meth:`set_game`."""
        self.tracker: Tracker | None = None
        """The physical cards of the game, as the player sees them."""
        self.layout: Layout | None = None
        self.places: list[Place | None] = []
        """Each card's place in the layout, by uid."""
        self.selected: tuple[PileId, int, int] | None = None
        """(pile, index, count) of the cards picked by a tap or a key."""
        self.focus: Focus | None = None
        """The keyboard's focus: a pile, and in a tableau pile the pick point."""
        self.key_places: dict[PileId, Rect] = {}
        """Where each pile the arrow keys move between is (from the layout)."""
        self.drag: Drag | None = None
        """The press on the felt in progress, and the cards it lifted (written by the pointer only)."""
        self.finish_at: Position | None = None
        """The position Finish's search is about (None: none yet)."""
        self.finish_line: tuple[Move, ...] | None = None
        """The way out Finish found from :attr:`finish_at` (None: not found)."""
        self.still_at: Position | None = None
        """The position "Still winnable?" last answered (None: no answer yet)."""
        self.still_answer: str | None = None
        """Its answer there (``ui.helpers.hints``: winnable, no win, can't tell)."""
        self.still_line: tuple[Move, ...] | None = None
        """The win it found from :attr:`still_at`, when it found one."""
        self.dead_end_at: Position | None = None
        """The last position the dead-end check proved has no useful move."""
        self.dead_end_back: int | None = None
        """Its moves back to the last position with a useful move (None: none found)."""
        self._legal_at: tuple[Position, int] | None = None
        self._legal: list[Move] = []

    def set_game(self, game: engine.Game) -> None:
        """Put ``game`` on the table; what was derived from the last one goes."""
        self.game = game
        self.tracker = None
        self.layout = None
        self.places = []
        self.selected = None
        self._legal_at = None

    @property
    def dragging(self) -> bool:
        """Whether cards are lifted now (the background searches pause, Show me waits)."""
        return self.drag is not None and self.drag.active

    def finish_from(self, pos: Position) -> tuple[Move, ...] | None:
        """The way out Finish found from ``pos``, if it has."""
        return self.finish_line if self.finish_at == pos and self.finish_line else None

    def known_win(self, pos: Position) -> tuple[Move, ...] | None:
        """A win from ``pos`` a helper has found already: Finish's way out, or the line
        "Still winnable?" found (what "Show me how" plays without searching again)."""
        found = self.finish_from(pos)
        if found is None and self.still_at == pos and self.still_line:
            found = self.still_line
        return found

    def at_dead_end(self) -> bool:
        """Whether the position in play is a proven dead end (what Hint and
        "Show me how" say instead of searching)."""
        g = self.game
        return g is not None and g.status == Outcome.PLAYING and g.position == self.dead_end_at

    def legal(self) -> list[Move]:
        """Every legal action now, made once per position (none once the game is over)."""
        g = self.game
        if g is None:
            return []
        key = (g.position, len(g.moves) if g.end_reason is None else -1)
        if self._legal_at != key:
            self._legal_at = key
            self._legal = g.legal_moves()
        return self._legal

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is among the legal actions now (the engine's own list)."""
        return move in self.legal()
