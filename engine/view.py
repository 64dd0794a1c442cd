"""The public view of a position: what a player can see, and nothing more.

Face-down cards become ``None``; the stock is a count, except that each
undealt draw pile's visible top card shows (Tournament Spider).  Hints and
the UI work from this view, so they can never leak a hidden card.

>>> import engine
>>> view = engine.new_game("spider-1", deal=1).public_view()
>>> view.tableau[0][:5], view.stock
((None, None, None, None, None), (50,))
>>> view.notation().split()[1]
'#50'
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import FACE_DOWN_MARK, HIDDEN, Card, card_text
from .position import Position
from .rules import Ruleset

HIDDEN_CARD = Card(0)
"""Stands for a card the player cannot see in :func:`hide`'s positions (rank 0: it fits nowhere)."""


class PublicView(NamedTuple):
    """A position as the player sees it."""

    tableau: tuple[tuple[Card | None, ...], ...]
    """Each column bottom to top; ``None`` for a face-down card."""
    stock: tuple[int, ...]
    """Cards left in each stock pile (one pile, or one per draw pile)."""
    draw_tops: tuple[Card | None, ...]
    """The visible top card of each draw pile (None once dealt); empty for a stock."""
    foundations: tuple[tuple[Card, ...], ...]

    def notation(self) -> str:
        """Like :func:`engine.position.format_notation`, with ``??`` for hidden
        cards and ``#N`` for a pile of N unseen cards (``#7:Ks`` shows a draw
        pile's visible top)."""
        cols = []
        for col in self.tableau:
            if not col:
                cols.append("-")
            else:
                cols.append("".join(FACE_DOWN_MARK + HIDDEN if c is None else card_text(c) for c in col))
        stock = []
        for k, n in enumerate(self.stock):
            top = self.draw_tops[k] if self.draw_tops else None
            stock.append(f"#{n}" + (f":{card_text(top)}" if top is not None else ""))
        found = ["".join(card_text(c) for c in f) or "-" for f in self.foundations]
        return f"{'/'.join(cols)} {'/'.join(stock)} {'/'.join(found)}"


def public_view(rules: Ruleset, pos: Position) -> PublicView:
    """The public view of ``pos`` under ``rules``."""
    tableau = tuple(((None,) * d + col[d:]) if d else col for col, d in zip(pos.tableau, pos.down))
    stock = tuple(len(p) for p in pos.stock)
    tops: tuple[Card | None, ...] = ()
    if rules.draw_piles:
        tops = tuple(p[0] if p else None for p in pos.stock)
    return PublicView(tableau, stock, tops, pos.foundations)


def hide(pos: Position) -> Position:
    """``pos`` with every card the player cannot see replaced by :data:`HIDDEN_CARD`.

    Draw piles keep their visible top card.
    """
    tableau = tuple(((HIDDEN_CARD,) * d + col[d:]) if d else col for col, d in zip(pos.tableau, pos.down))
    stock = tuple(
        p[:1] + (HIDDEN_CARD,) * (len(p) - 1) if len(pos.stock) > 1 else (HIDDEN_CARD,) * len(p) for p in pos.stock
    )
    return Position(tableau, pos.down, stock, pos.foundations)
