"""Helpers of the engine suite: small positions written as notation."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import engine
from engine.cards import parse_card
from engine.position import Position
from engine.rules import Ruleset


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


# -- named positions: the same position for every suite that needs it ------------------

LITTLE_SPIDER_LATE = (
    "Ah2h3h4h5h6h7h8h9hThJhQh",
    "Ad2d3d4d5d6d7d8d9dTd",
    "KsQsJsTs9s8s7s6s5s4s",
    "KcQcJcTc9c8c7c6c5c4c3c2cAc",
)
"""Little Spider's four foundations late in a game: hearts up to the Queen,
diamonds up to the Ten, spades down to the Four, clubs complete."""


def little_spider_deadlock() -> engine.Game:
    """Little Spider stuck for good, with no move at all (the engine already
    calls it lost): foundation 2 waits for the Jd under the 2s, foundation 3
    for the 3s under the Qd."""
    return game(
        "little-spider", ["KdJd2s", "As3sQd"], foundations=["Ah2h3h4h5h6h7h8h9hThJhQhKh", *LITTLE_SPIDER_LATE[1:]]
    )


def little_spider_queen_first() -> engine.Game:
    """Little Spider won only by moving the Qd onto the Kh (one rank up)
    first: the 2s covers the Jd that foundation 2 waits for, the Qd the 3s
    that foundation 3 waits for, and playing the Kh up strands the Qd on
    the 3s for good."""
    return game("little-spider", ["Jd2s", "3sQd", "Kh"], foundations=LITTLE_SPIDER_LATE)


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


def assert_wins(g: engine.Game, moves: Sequence[engine.Move]) -> None:
    """Every move is legal in turn and the last one clears the table."""
    for m in moves:
        assert g.why_illegal(m) is None, (str(m), g.why_illegal(m))
        g.play(m)
    assert g.status == "won"


def moves_text(g: engine.Game) -> list[str]:
    return [g.move_text(m) for m in g.legal_moves()]


def event_types(events: Sequence[object]) -> list[str]:
    return [type(e).__name__ for e in events]


def move_value(g: engine.Game, m: engine.Move) -> int:
    """A naive player's liking for ``m``: foundations, then one-suit builds and
    reveals, then other builds, then empty columns, deals last.  Random play
    guided by it completes runs, which blind random play hardly ever does."""
    if m.kind == "found":
        return 100
    if m.kind != "move":
        return 0
    pos = g.position
    src, dst = pos.tableau[m.src], pos.tableau[m.dst]
    head = src[-m.count]
    value = 30 if len(src) - m.count == pos.down[m.src] > 0 else 0
    if not dst:
        return value + (1 if len(src) > m.count else -5)
    value += 50 + m.count if dst[-1] == head + 4 else 10
    if len(src) > m.count and src[-m.count - 1] == head + 4:
        value -= 45  # it would break a one-suit build
    return value


def choose(g: engine.Game, pick: int) -> engine.Move | None:
    """A legal move chosen by ``pick``: a quarter of picks at random, the rest
    among the moves :func:`move_value` likes best.  None if there is none."""
    moves = g.legal_moves()
    if not moves:
        return None
    if pick % 4 == 0:
        return moves[(pick >> 2) % len(moves)]
    values = [move_value(g, m) for m in moves]
    best = max(values)
    top = [m for m, v in zip(moves, values) if v == best]
    return top[(pick >> 2) % len(top)]


def brute_force(rules: Ruleset, pos: Position, limit: int | None = None) -> bool | None:
    """Whether some line of the engine's own legal moves clears the table:
    an exhaustive search (None: more than ``limit`` positions, too big to tell).
    The solvers' tests check their answers against it on small positions."""
    from engine.play import legal_moves, next_position

    seen = {pos}
    todo = [pos]
    while todo:
        p = todo.pop()
        if p.is_cleared():
            return True
        for m in legal_moves(rules, p):
            q = next_position(rules, p, m)
            if q not in seen:
                seen.add(q)
                todo.append(q)
        if limit is not None and len(seen) > limit:
            return None
    return False


def positions_in_play(preset: str, deal: int, plies: int = 60) -> list[Position]:
    """Positions of a game played by random legal moves (deals now and then)."""
    g = engine.new_game(preset, deal=deal)
    rnd = random.Random(deal)
    out = [g.position]
    for _ in range(plies):
        if g.status != "playing":
            break
        moves = g.legal_moves()
        cols = [m for m in moves if m.kind == "move"]
        g.play(rnd.choice(cols) if cols and rnd.random() < 0.9 else rnd.choice(moves))
        out.append(g.position)
    return out
