"""Moves as small values with a canonical text form.

====================  ==========================================================
text                  meaning
====================  ==========================================================
``c3>c7``             the top card of column 3 onto column 7
``c3:4>c7``           the top 4 cards of column 3 onto column 7
``c2>fc``, ``fc>c5``  to or from the Free Column (Tournament Spider)
``c6>f2``             the top card of pile 6 to foundation 2
``deal``              deal from the stock
``d3``                deal draw pile 3 (Tournament Spider)
====================  ==========================================================

Columns, foundations and draw piles count from 1 in text and from 0 in
:class:`Move`'s fields.  Parsing is forgiving about case and spaces::

    >>> m = parse_move(" C3:4 > c7 ")
    >>> m
    Move.parse('c3:4>c7')
    >>> eval(repr(m)) == m
    True
    >>> (m.kind, m.src, m.dst, m.count)
    (<MoveKind.MOVE: 'move'>, 2, 6, 4)
    >>> str(Move.deal()), str(Move.draw(2)), str(Move.to_foundation(5, 1))
    ('deal', 'd3', 'c6>f2')
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import NamedTuple

from .errors import NotationError


class MoveKind(StrEnum):
    """What a :class:`Move` does; each kind equals its text (``MoveKind.DEAL == "deal"``)."""

    MOVE = "move"
    """Cards from a column onto a column."""
    FOUNDATION = "found"
    """A column's top card onto a foundation."""
    DEAL = "deal"
    """A deal from the stock."""
    DRAW = "draw"
    """A draw pile dealt (Tournament Spider)."""


MOVE, FOUNDATION, DEAL, DRAW = MoveKind.MOVE, MoveKind.FOUNDATION, MoveKind.DEAL, MoveKind.DRAW
FREE = -1
"""Written in a move's ``src``/``dst`` text as ``fc``; resolved to the Free Column's index."""


class Move(NamedTuple):
    """One player action.

    ``kind`` is ``"move"`` (tableau to tableau), ``"found"`` (tableau to a
    foundation), ``"deal"`` (the stock) or ``"draw"`` (a draw pile, ``src``).
    ``src``/``dst`` are 0-based pile indexes; ``count`` is how many cards move.
    The Free Column is the last tableau index; its text is ``fc``.

    Two moves are equal when they do the same thing: ``free`` (where the
    Free Column is, for the text) is not part of a move's identity, so
    ``c2>fc`` in a game whose Free Column is column 9 equals ``c2>c9``.

    >>> Move.tableau(1, 8, free=8) == Move.tableau(1, 8), str(Move.tableau(1, 8, free=8))
    (True, 'c2>fc')
    """

    kind: MoveKind
    src: int = 0
    dst: int = 0
    count: int = 1  # type: ignore[assignment]  # shadows tuple.count on purpose
    free: int = -1
    """Index of the Free Column in this game, or -1: only used for the text form."""

    @staticmethod
    def tableau(src: int, dst: int, count: int = 1, free: int = -1) -> Move:
        """Move ``count`` cards from column ``src`` to column ``dst``."""
        return Move(MOVE, src, dst, count, free)

    @staticmethod
    def to_foundation(src: int, foundation: int) -> Move:
        """Move the top card of pile ``src`` to ``foundation``."""
        return Move(FOUNDATION, src, foundation, 1)

    @staticmethod
    def deal() -> Move:
        """Deal from the stock."""
        return Move(DEAL, 0, 0, 0)

    @staticmethod
    def draw(pile: int) -> Move:
        """Deal draw pile ``pile`` (Tournament Spider)."""
        return Move(DRAW, pile, 0, 0)

    def _col(self, i: int) -> str:
        return "fc" if i == self.free and i >= 0 else f"c{i + 1}"

    def __str__(self) -> str:
        kind = self.kind
        if kind == MOVE:
            n = f":{self.count}" if self.count != 1 else ""
            return f"{self._col(self.src)}{n}>{self._col(self.dst)}"
        if kind == FOUNDATION:
            return f"{self._col(self.src)}>f{self.dst + 1}"
        if kind == DEAL:
            return "deal"
        return f"d{self.src + 1}"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self[0] == other[0] and self[1] == other[1] and self[2] == other[2] and self[3] == other[3]

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self[0], self[1], self[2], self[3]))

    def __repr__(self) -> str:
        text = str(self)
        return f"Move.parse({text!r}, free={self.free})" if "fc" in text else f"Move.parse({text!r})"

    @staticmethod
    def parse(text: str, free: int = -1) -> Move:
        """The move a text names (:func:`parse_move`); ``repr`` writes this call."""
        return parse_move(text, free)


_PILE = r"(c\d{1,2}|fc)"
_MOVE_RE = re.compile(rf"^{_PILE}(?::(\d{{1,2}}))?>(?:{_PILE}|f(\d))$")


def parse_move(text: str, free: int = -1) -> Move:
    """Parse a move's text; ``free`` is the Free Column's index in this game (or -1).

    Raises :class:`NotationError` for text that is not a move.  Whether the
    move is legal is a separate question (:meth:`engine.Game.why_illegal`).
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is text like 'c3>c7', not {text!r}")
    t = re.sub(r"\s+", "", text).lower()
    if t == "deal":
        return Move.deal()
    m = re.fullmatch(r"d(\d)", t)
    if m:
        n = int(m.group(1))
        if n < 1:
            raise NotationError(f"{text!r}: draw piles count from 1")
        return Move.draw(n - 1)
    m = _MOVE_RE.match(t)
    if not m:
        raise NotationError(f"{text!r} is not a move (examples: c3>c7, c3:4>c7, c6>f2, fc>c1, deal, d2)")
    src_t, count_t, dst_t, found_t = m.groups()

    def col(p: str) -> int:
        if p == "fc":
            if free < 0:
                raise NotationError(f"{text!r}: this game has no Free Column")
            return free
        n = int(p[1:])
        if n < 1:
            raise NotationError(f"{text!r}: columns count from 1")
        return n - 1

    src = col(src_t)
    count = int(count_t) if count_t else 1
    if count < 1:
        raise NotationError(f"{text!r}: a move takes at least one card")
    if found_t is not None:
        if count != 1:
            raise NotationError(f"{text!r}: cards go to a foundation one at a time")
        f = int(found_t)
        if f < 1:
            raise NotationError(f"{text!r}: foundations count from 1")
        return Move.to_foundation(src, f - 1)
    return Move.tableau(src, col(dst_t), count, free)
