"""Pile identity: one typed name for a pile, shared by the engine's events,
the layout, the renderer and the keyboard code.

A :class:`PileId` is a role and an index within the role (from 0).  It *is*
its text, ``column-3``, ``free``, ``foundation-1``, ``draw-2`` or ``stock``
(a :class:`str` subclass, the way :class:`enum.StrEnum` members are their
words), so the page's ``data-pile`` attribute, a dictionary key and a saved
hook read the same as a plain string.  Text from outside (the page, a test
hook) becomes a :class:`PileId` in one place, :meth:`PileId.parse`, which
refuses anything else with :class:`UnknownPileError`.

>>> p = PileId(PileRole.COLUMN, 2)
>>> p, p.role, p.index, p == "column-3"
(PileId.parse('column-3'), <PileRole.COLUMN: 'column'>, 2, True)
>>> PileId.parse("free") is FREE_COLUMN
True
>>> PileId.parse("foundation-8").is_foundation, STOCK.is_stock_like
(True, True)
>>> PileId.parse("column-0")
Traceback (most recent call last):
...
engine.piles.UnknownPileError: not a pile: 'column-0'
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from .errors import NotationError

__all__ = [
    "FREE_COLUMN",
    "MAX_INDEX",
    "STOCK",
    "PileId",
    "PileRole",
    "UnknownPileError",
]

MAX_INDEX = 64
"""Indexes run from 0 to ``MAX_INDEX - 1`` (no game has more than 16 piles
of a role); a larger number in a text is refused, not parsed."""


class PileRole(StrEnum):
    """What a pile is; with an index it names a pile (:class:`PileId`)."""

    COLUMN = "column"
    FREE_COLUMN = "free"
    FOUNDATION = "foundation"
    DRAW = "draw"
    STOCK = "stock"


_SINGLE = (PileRole.FREE_COLUMN, PileRole.STOCK)
"""Roles with one pile, named without a number."""


class UnknownPileError(NotationError):
    """A text that names no pile (:meth:`PileId.parse`)."""


class PileId(str):
    """A pile's name: its :attr:`role` and :attr:`index` (from 0), equal to
    and hashed as its text.  Instances are interned: ``PileId(r, k)`` gives
    the same object each time."""

    _role: PileRole
    _index: int
    _interned: ClassVar[dict[tuple[PileRole, int], PileId]] = {}
    _by_text: ClassVar[dict[str, PileId]] = {}

    def __new__(cls, role: PileRole, index: int = 0) -> PileId:
        known = cls._interned.get((role, index))
        if known is not None:
            return known
        if not isinstance(role, PileRole):
            raise TypeError(f"a pile role, not {role!r}")
        if not 0 <= index < (1 if role in _SINGLE else MAX_INDEX):
            raise UnknownPileError(f"no {role.value} pile {index}")
        text = role.value if role in _SINGLE else f"{role.value}-{index + 1}"
        pid = super().__new__(cls, text)
        pid._role = role
        pid._index = index
        cls._interned[(role, index)] = pid
        cls._by_text[text] = pid
        return pid

    def __getnewargs__(self) -> tuple[PileRole, int]:  # type: ignore[override]
        return (self._role, self._index)

    @classmethod
    def parse(cls, text: str) -> PileId:
        """The pile a text names, or :class:`UnknownPileError`.  Only the
        exact forms are accepted: lower case, ASCII digits, no sign, no
        leading zero."""
        known = cls._by_text.get(text)
        if known is not None:
            return known
        if not isinstance(text, str) or len(text) > 16:
            raise UnknownPileError(f"not a pile: {text!r}")
        head, dash, number = text.rpartition("-")
        try:
            role = PileRole(head)
        except ValueError:
            raise UnknownPileError(f"not a pile: {text!r}") from None
        if (
            not dash
            or role in _SINGLE
            or not number.isascii()
            or not number.isdigit()
            or number.startswith("0")
            or int(number) > MAX_INDEX
        ):
            raise UnknownPileError(f"not a pile: {text!r}")
        return cls(role, int(number) - 1)

    @classmethod
    def column(cls, index: int) -> PileId:
        """Tableau column ``index`` (from 0)."""
        return cls(PileRole.COLUMN, index)

    @classmethod
    def foundation(cls, index: int) -> PileId:
        """Foundation (or completed-run slot) ``index`` (from 0)."""
        return cls(PileRole.FOUNDATION, index)

    @classmethod
    def draw(cls, index: int) -> PileId:
        """Draw pile ``index`` (from 0), Tournament Spider's stock."""
        return cls(PileRole.DRAW, index)

    @property
    def role(self) -> PileRole:
        """What the pile is."""
        return self._role

    @property
    def index(self) -> int:  # type: ignore[override]  # str.index on purpose: a pile id is never searched as text
        """The pile's index within its role (from 0); 0 for ``free`` and ``stock``."""
        return self._index

    @property
    def number(self) -> int:
        """The pile's number as a player reads it (from 1)."""
        return self._index + 1

    @property
    def is_column(self) -> bool:
        """A tableau column (not the Free Column)."""
        return self._role is PileRole.COLUMN

    @property
    def is_foundation(self) -> bool:
        """A foundation or a completed-run slot."""
        return self._role is PileRole.FOUNDATION

    @property
    def is_stock_like(self) -> bool:
        """The stock or a draw pile: where new cards come from."""
        return self._role is PileRole.STOCK or self._role is PileRole.DRAW

    def __repr__(self) -> str:
        return f"PileId.parse({str(self)!r})"


FREE_COLUMN = PileId(PileRole.FREE_COLUMN)
"""Tournament Spider's Free Column."""
STOCK = PileId(PileRole.STOCK)
"""The stock."""
