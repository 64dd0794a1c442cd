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
from dataclasses import dataclass
from enum import StrEnum

from .errors import NotationError
from .words import N_, Reason


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


@dataclass(frozen=True, slots=True)
class Move:
    """One player action: a small frozen value.

    ``kind`` is a :class:`MoveKind`: ``MOVE`` (column to column),
    ``FOUNDATION`` (a column's top card to a foundation), ``DEAL`` (the
    stock) or ``DRAW`` (a draw pile, ``src``).  ``src``/``dst`` are 0-based
    pile indexes; ``count`` is how many cards move.  Two moves are equal when
    all their fields are.

    ``str(move)`` numbers every column (``c2>c9``); a game that has a Free
    Column writes it ``fc``: that text comes from the game
    (:meth:`engine.Game.move_text`, or :func:`move_text` with the Free
    Column's index), as a chess move's algebraic text comes from its board.

    >>> m = Move.tableau(1, 8)
    >>> m
    Move.parse('c2>c9')
    >>> m == Move.parse("c2>fc", free=8), move_text(m, free=8)
    (True, 'c2>fc')
    >>> m.kind == "move", m.kind is MoveKind.MOVE, m.count
    (True, True, 1)
    >>> m.count = 2
    Traceback (most recent call last):
    ...
    dataclasses.FrozenInstanceError: cannot assign to field 'count'
    """

    kind: MoveKind
    src: int = 0
    dst: int = 0
    count: int = 1

    @staticmethod
    def tableau(src: int, dst: int, count: int = 1) -> Move:
        """Move ``count`` cards from column ``src`` to column ``dst``."""
        return move_of(MOVE, src, dst, count)

    @staticmethod
    def to_foundation(src: int, foundation: int) -> Move:
        """Move the top card of pile ``src`` to ``foundation``."""
        return move_of(FOUNDATION, src, foundation, 1)

    @staticmethod
    def deal() -> Move:
        """Deal from the stock."""
        return move_of(DEAL, 0, 0, 0)

    @staticmethod
    def draw(pile: int) -> Move:
        """Deal draw pile ``pile`` (Tournament Spider)."""
        return move_of(DRAW, pile, 0, 0)

    def __str__(self) -> str:
        return move_text(self)

    def __repr__(self) -> str:
        return f"Move.parse({move_text(self)!r})"

    @staticmethod
    def parse(text: str, free: int = -1) -> Move:
        """The move a text names (:func:`parse_move`); ``repr`` writes this call."""
        return parse_move(text, free)


_MOVES: dict[tuple[MoveKind, int, int, int], Move] = {}

known_move = _MOVES.get
"""``known_move((kind, src, dst, count))``: the shared :class:`Move` with
these fields if one was made already, else None: the inline fast path of
:func:`move_of` for loops that make many moves (``known_move(key) or move_of(*key)``)."""


def move_of(kind: MoveKind, src: int, dst: int, count: int) -> Move:
    """The move with these fields.  Each distinct move is made once and then
    shared (moves are frozen): the engine and the solver make millions, and
    a lookup costs less than building a new object.

    >>> move_of(MoveKind.DEAL, 0, 0, 0) is Move.deal()
    True
    """
    key = (kind, src, dst, count)
    m = _MOVES.get(key)
    if m is None:
        m = _MOVES[key] = Move(kind, src, dst, count)
    return m


def move_text(move: Move, free: int = -1) -> str:
    """A move's text; ``free`` is the Free Column's index in its game (or -1), written ``fc``.

    >>> move_text(Move.tableau(8, 4, 2), free=8), move_text(Move.tableau(8, 4, 2))
    ('fc:2>c5', 'c9:2>c5')
    """
    kind = move.kind
    if kind == MOVE:
        n = f":{move.count}" if move.count != 1 else ""
        return f"{_column(move.src, free)}{n}>{_column(move.dst, free)}"
    if kind == FOUNDATION:
        return f"{_column(move.src, free)}>f{move.dst + 1}"
    if kind == DEAL:
        return "deal"
    return f"d{move.src + 1}"


def _column(index: int, free: int) -> str:
    return "fc" if index == free and index >= 0 else f"c{index + 1}"


_PILE = r"(c\d{1,2}|fc)"
_MOVE_RE = re.compile(rf"^{_PILE}(?::(\d{{1,2}}))?>(?:{_PILE}|f(\d))$")


def parse_move(text: str, free: int = -1) -> Move:
    """Parse a move's text; ``free`` is the Free Column's index in this game (or -1).

    Raises :class:`NotationError` for text that is not a move.  Whether the
    move is legal is a separate question (:meth:`engine.Game.why_illegal`).

    >>> parse_move("c2>fc", free=8) == parse_move("c2>c9") == Move.tableau(1, 8)
    True
    >>> parse_move("c2>fc")
    Traceback (most recent call last):
    ...
    engine.errors.NotationError: 'c2>fc': this game has no Free Column
    """
    if not isinstance(text, str):
        raise NotationError(Reason(N_("a move is text like 'c3>c7', not {move}"), move=repr(text)[:40]))
    t = re.sub(r"\s+", "", text).lower()
    if t == "deal":
        return Move.deal()
    m = re.fullmatch(r"d(\d)", t)
    if m:
        n = int(m.group(1))
        if n < 1:
            raise NotationError(Reason(N_("{move}: draw piles count from 1"), move=repr(text)))
        return Move.draw(n - 1)
    m = _MOVE_RE.match(t)
    if not m:
        raise NotationError(
            Reason(N_("{move} is not a move (examples: c3>c7, c3:4>c7, c6>f2, fc>c1, deal, d2)"), move=repr(text)[:40])
        )
    src_t, count_t, dst_t, found_t = m.groups()

    def col(p: str) -> int:
        if p == "fc":
            if free < 0:
                raise NotationError(Reason(N_("{move}: this game has no Free Column"), move=repr(text)))
            return free
        n = int(p[1:])
        if n < 1:
            raise NotationError(Reason(N_("{move}: columns count from 1"), move=repr(text)))
        return n - 1

    src = col(src_t)
    count = int(count_t) if count_t else 1
    if count < 1:
        raise NotationError(Reason(N_("{move}: a move takes at least one card"), move=repr(text)))
    if found_t is not None:
        if count != 1:
            raise NotationError(Reason(N_("{move}: cards go to a foundation one at a time"), move=repr(text)))
        f = int(found_t)
        if f < 1:
            raise NotationError(Reason(N_("{move}: foundations count from 1"), move=repr(text)))
        return Move.to_foundation(src, f - 1)
    return Move.tableau(src, col(dst_t), count)
