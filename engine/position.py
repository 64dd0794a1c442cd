"""Positions: immutable, hashable values, and their text notation.

A :class:`Position` is four tuples:

``tableau``
    the columns, each a tuple of cards bottom to top; the Free Column, where
    the game has one, is the last.
``down``
    how many cards at the bottom of each column are face down.  Face-down
    cards only ever lie under face-up ones, so a count says it all.
``stock``
    the undealt piles, each a tuple of cards in dealing order (index 0 is
    dealt first).  One pile for a stock; one per draw pile in Tournament
    Spider, where a pile's first card is its visible top.
``foundations``
    the foundation piles (or completed-run slots), bottom to top.

Notation (like chess's FEN) writes the four parts separated by spaces;
columns and piles are separated by ``/``, ``-`` is an empty one, and a
face-down card has a leading ``*``::

    >>> p = parse_notation("*As2s/Ks - -/-")
    >>> p.tableau, p.down
    (((4, 8), (52,)), (1, 0))
    >>> format_notation(p)
    '*As2s/Ks - -/-'
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import FACE_DOWN_MARK, HIDDEN, RANK_CHARS, SUIT_CHARS, Card, card_text, parse_card
from .errors import NotationError
from .words import N_, Reason


class Position(NamedTuple):
    """The cards on the table.  Immutable, hashable and ordered (it is a tuple)."""

    tableau: tuple[tuple[Card, ...], ...]
    down: tuple[int, ...]
    stock: tuple[tuple[Card, ...], ...]
    foundations: tuple[tuple[Card, ...], ...]

    def cards(self) -> list[Card]:
        """Every card of the position (for conservation checks)."""
        out: list[Card] = []
        for group in (self.tableau, self.stock, self.foundations):
            for pile in group:
                out.extend(pile)
        return out

    def stock_count(self) -> int:
        """Cards still to be dealt."""
        return sum(len(p) for p in self.stock)

    def is_cleared(self) -> bool:
        """No card left on the tableau or in the stock: the game is won."""
        return not any(self.tableau) and not any(self.stock)


def _format_pile(cards: tuple[Card, ...], down: int = 0) -> str:
    if not cards:
        return "-"
    return "".join((FACE_DOWN_MARK if i < down else "") + card_text(c) for i, c in enumerate(cards))


def format_notation(pos: Position) -> str:
    """The position's text (see the module docstring)."""
    tab = "/".join(_format_pile(col, d) for col, d in zip(pos.tableau, pos.down))
    stock = "/".join(_format_pile(p) for p in pos.stock) if pos.stock else "-"
    found = "/".join(_format_pile(p) for p in pos.foundations) if pos.foundations else "-"
    return f"{tab} {stock} {found}"


def _parse_pile(text: str, pile: Reason, allow_down: bool) -> tuple[tuple[Card, ...], int]:
    if text == "-":
        return (), 0
    cards: list[Card] = []
    down = 0
    i = 0
    seen_up = False
    while i < len(text):
        is_down = text[i] == FACE_DOWN_MARK
        if is_down:
            if not allow_down:
                raise NotationError(_bad(N_("{pile}: only tableau cards can be face down ({text})"), pile, text))
            if seen_up:
                raise NotationError(
                    _bad(N_("{pile}: a face-down card cannot lie on a face-up one ({text})"), pile, text)
                )
            i += 1
        chunk = text[i : i + 2]
        if chunk == HIDDEN:
            raise NotationError(_bad(N_("{pile}: a hidden card '??' cannot be played from ({text})"), pile, text))
        if len(chunk) < 2:
            raise NotationError(_bad(N_("{pile}: {text} ends in the middle of a card"), pile, text))
        try:
            cards.append(parse_card(chunk))
        except NotationError:  # said again as a marked sentence (the cards module comes before the engine's words)
            raise NotationError(
                Reason(
                    N_("{text} is not a card (write a rank {ranks} and a suit {suits}, like Ks)"),
                    text=repr(chunk),
                    ranks=RANK_CHARS,
                    suits=SUIT_CHARS,
                )
            ) from None
        if is_down:
            down += 1
        else:
            seen_up = True
        i += 2
    return tuple(cards), down


def _bad(template: str, pile: Reason, text: str) -> Reason:
    """A pile's notation error: the pile's name (a sentence of its own) and its text as written."""
    return Reason(template, pile=pile, text=repr(text))


def parse_notation(text: str) -> Position:
    """Parse a position's text; raises :class:`NotationError` with the reason.

    Only the form is checked here; :func:`engine.game.validate_position`
    checks a position against a game's rules (pile counts, the deck).
    """
    if not isinstance(text, str):
        raise NotationError(Reason(N_("a position is text, not {type}"), type=type(text).__name__))
    parts = text.split()
    if len(parts) != 3:
        raise NotationError(
            Reason(
                N_("a position has three parts separated by spaces (tableau, stock, foundations); got {n}"),
                n=len(parts),
            )
        )
    tab_t, stock_t, found_t = parts
    tableau: list[tuple[Card, ...]] = []
    down: list[int] = []
    for n, col in enumerate(tab_t.split("/"), 1):
        column = Reason(N_("column {n}"), n=n)
        cards, d = _parse_pile(col, column, True)
        if cards and d == len(cards):
            raise NotationError(_bad(N_("{pile}: its top card must be face up ({text})"), column, col))
        tableau.append(cards)
        down.append(d)
    stock = tuple(
        _parse_pile(p, Reason(N_("stock pile {n}"), n=n), False)[0] for n, p in enumerate(stock_t.split("/"), 1)
    )
    found = tuple(
        _parse_pile(p, Reason(N_("foundation {n}"), n=n), False)[0] for n, p in enumerate(found_t.split("/"), 1)
    )
    return Position(tuple(tableau), tuple(down), stock, found)
