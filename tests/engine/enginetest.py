"""Helpers of the engine suite: small positions written as notation."""

from __future__ import annotations

from typing import Any, Sequence

import engine
from engine.cards import parse_card


def game(
    preset: str,
    columns: Sequence[str],
    stock: str | Sequence[str] = "-",
    foundations: Sequence[str] = (),
    free: str = "-",
    **options: Any,
) -> engine.Game:
    """A game of ``preset`` from a few piles; the rest are empty.

    ``columns`` are the dealt-to columns from column 1 (``"*As*2sKh"``),
    ``free`` the Free Column, ``stock`` one pile's text or a list of draw
    piles, ``foundations`` the first foundations.
    """
    rules = engine.get_ruleset(preset, **options)
    cols = list(columns) + ["-"] * (len(rules.columns) - len(columns))
    if rules.free_column:
        cols.append(free)
    piles = [stock] if isinstance(stock, str) else list(stock)
    piles += ["-"] * ((rules.draw_piles or 1) - len(piles))
    found = list(foundations) + ["-"] * (rules.foundations - len(foundations))
    text = f"{'/'.join(cols)} {'/'.join(piles)} {'/'.join(found)}"
    return engine.game_from_notation(preset, text, **options)


def cards(text: str) -> tuple[int, ...]:
    """``"KsQh"`` → the card ints."""
    return tuple(parse_card(text[i : i + 2]) for i in range(0, len(text), 2))


def run(suits: str, top: int = 1, bottom: int = 13) -> str:
    """A descending run from rank ``bottom`` to ``top``, suits cycling through ``suits``.

    >>> run("s", 11)
    'KsQsJs'
    """
    ranks = "A23456789TJQK"
    return "".join(ranks[r - 1] + suits[(bottom - r) % len(suits)] for r in range(bottom, top - 1, -1))


def moves_text(g: engine.Game) -> list[str]:
    return [str(m) for m in g.legal_moves()]


def event_types(events: Sequence[object]) -> list[str]:
    return [type(e).__name__ for e in events]
