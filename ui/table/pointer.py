"""Input decisions as pure functions: what a press hits, what a drag carries,
where a drop goes, where a tap sends a card.

No browser imports; pytest tests every rule here.

Hit testing (:func:`hit`) works on the layout, not on the DOM: the topmost
card under the point, else the pile whose hit area holds it.

A drop (:func:`choose_drop`) goes to the pile the dragged cards' rectangle
overlaps most *among the piles where the move is legal*; the pointer's exact
point does not matter, so a drop needs no precision.  When no legal pile is
overlapped, the most-overlapped pile names the illegal move, so the page can
say why (the engine's ``why_illegal`` sentence).

A tap on a movable card (:func:`best_move`) sends it to its best place:

1. a foundation, where the card may go there (Spidike traditional, Little
   Spider);
2. a card of the same suit one rank higher — the move extends a one-suit
   run; among several, the one whose run below is longest, then the nearest;
3. any other non-empty pile where it goes (a card one rank higher, any suit;
   in Little Spider's second phase one rank higher or lower), the nearest;
4. an empty column, the leftmost (Tournament Spider's Free Column last: it
   costs the 100-point bonus).

Moves that change nothing a player cares about (a whole column into an
empty one) are never chosen.

A press in progress is a :class:`Drag`, kept in the table state
(:attr:`ui.table.state.TableState.drag`) so that every part asks one place
whether cards are lifted.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine import FOUNDATION, MOVE, Card, CardId, Move, PileId, Position, Ruleset, movable_count
from ui.table.cards import Place, Tracker, tableau_index, tableau_pile
from ui.table.layout import Layout, Rect


@dataclass
class Drag:
    """A press on the felt, and the cards it lifted once it moved far enough.

    >>> d = Drag(pointer=1, pile=None, index=None, x0=10.0, y0=20.0, touch=True)
    >>> d.active, d.threshold, (d.last_x, d.last_y)
    (False, 8.0, (10.0, 20.0))
    """

    pointer: int
    """The pointer that pressed (a second finger or button is ignored)."""
    pile: PileId | None
    index: int | None
    """The pile and the card pressed (None: the felt, or a press that lifts nothing)."""
    x0: float
    y0: float
    touch: bool
    last_x: float = 0.0
    last_y: float = 0.0
    active: bool = False
    """Cards are lifted and follow the pointer."""
    refused: bool = False
    """The press moved but its cards cannot move together: neither drag nor tap."""
    count: int = 0
    uids: list[CardId] = field(default_factory=list)
    """The lifted cards, the pressed one first."""
    gx: float = 0.0
    gy: float = 0.0
    """The grab's offset from the head card's corner."""
    rel: list[tuple[float, float]] = field(default_factory=list)
    """Each lifted card's offset from the head card."""
    moves: dict[PileId, Move] = field(default_factory=dict)
    """The move a drop on each pile would make."""
    legal: list[PileId] = field(default_factory=list)
    illegal: list[PileId] = field(default_factory=list)
    lit: PileId | None = None
    """The drop target shown now."""

    def __post_init__(self) -> None:
        self.last_x, self.last_y = self.x0, self.y0

    @property
    def threshold(self) -> float:
        """How far the press moves before the cards lift (a finger wobbles more than a mouse)."""
        return 8.0 if self.touch else 4.0


@dataclass(frozen=True)
class Hit:
    """What a point hits: a pile, and the index of the card in it (None: the
    pile itself, e.g. an empty column or the stock's placeholder)."""

    pile: PileId
    index: int | None


def hit(t: Tracker, lay: Layout, places: list[Place | None], x: float, y: float) -> Hit | None:
    """The topmost card under (x, y), else the pile whose hit area holds it."""
    w, h = lay.card_width, lay.card_height
    best: tuple[int, PileId, int] | None = None
    for pile, uids in t.piles.items():
        for i in range(len(uids) - 1, -1, -1):
            p = places[uids[i]] if uids[i] < len(places) else None
            if p is None:
                continue
            if p.x <= x < p.x + w and p.y <= y < p.y + h:
                if best is None or p.z > best[0]:
                    best = (p.z, pile, i)
                break
    if best is not None:
        return Hit(best[1], best[2])
    pid = lay.pile_at(x, y)
    if pid is None:
        return None
    return Hit(pid, None)


def drag_count(rules: Ruleset, pos: Position, pile: PileId, index: int) -> int:
    """How many cards a press on card ``index`` of ``pile`` picks up: the
    cards from it to the top when they form a movable unit, else 0."""
    k = tableau_index(rules, pile)
    if k is None:
        return 0
    col = pos.tableau[k]
    n = len(col)
    if not 0 <= index < n or index < pos.down[k]:
        return 0
    count = n - index
    return count if count <= movable_count(rules, col, pos.down[k]) else 0


def move_to(rules: Ruleset, src: PileId, count: int, dst: PileId) -> Move | None:
    """The engine move that takes ``count`` cards from ``src`` to ``dst``, or
    None if no move of the game goes between such piles."""
    i = tableau_index(rules, src)
    if i is None:
        return None
    j = tableau_index(rules, dst)
    if j is not None:
        return Move.tableau(i, j, count)
    if dst.is_foundation and rules.traits.foundations.by_hand:
        return Move.to_foundation(i, dst.index)
    return None


def drop_candidates(rules: Ruleset, src: PileId, count: int) -> list[PileId]:
    """Every pile the dragged cards could be dropped on (legal or not)."""
    out = [tableau_pile(rules, k) for k in range(rules.tableau_size)]
    if rules.traits.foundations.by_hand and count == 1:
        out += [PileId.foundation(k) for k in range(rules.foundations)]
    return [p for p in out if p != src]


def drag_rect(lay: Layout, head: tuple[float, float], last: tuple[float, float]) -> Rect:
    """The rectangle of dragged cards whose first (head) and last cards' top-left corners are given."""
    x = min(head[0], last[0])
    return Rect(x, head[1], lay.card_width + abs(last[0] - head[0]), last[1] - head[1] + lay.card_height)


def choose_drop(
    lay: Layout, rect: Rect, legal: Iterable[PileId], others: Iterable[PileId]
) -> tuple[PileId | None, bool]:
    """Where a drop of ``rect`` goes: ``(pile, True)`` for the legal pile it
    overlaps most; else ``(pile, False)`` for the most-overlapped pile where
    the move is illegal (to say why); ``(None, False)`` over no pile."""
    legal_ids = list(legal)
    best = lay.best_drop(rect, legal_ids) if legal_ids else None
    if best is not None:
        return best, True
    other_ids = list(others)
    return (lay.best_drop(rect, other_ids) if other_ids else None), False


def _run_below(col: tuple[Card, ...], down: int) -> int:
    """Length of the one-suit run at the top of a column."""
    n = len(col)
    if not n:
        return 0
    k = n - 1
    while k > down and col[k - 1] == col[k] + 4:
        k -= 1
    return n - k


def best_move(rules: Ruleset, pos: Position, legal: Iterable[Move], src: int, count: int) -> Move | None:
    """The move a tap on the top ``count`` cards of tableau pile ``src``
    makes, by the ranking in the module docstring; None if there is none."""
    col = pos.tableau[src]
    if not col or count < 1 or count > len(col):
        return None
    head = col[len(col) - count]
    free = len(rules.columns) if rules.free_column else -1
    scored: list[tuple[tuple[int, int, int], Move]] = []
    for m in legal:
        if m.src != src:
            continue
        if m.kind == FOUNDATION and count == 1:
            scored.append(((0, 0, m.dst), m))
            continue
        if m.kind != MOVE or m.count != count:
            continue
        target = pos.tableau[m.dst]
        distance = abs(m.dst - src)
        if target:
            top = target[-1]
            if top == head + 4:
                scored.append(((1, -_run_below(target, pos.down[m.dst]), distance), m))
            else:
                scored.append(((2, 0, distance), m))
        else:
            if count == len(col):
                continue  # a whole column into an empty one changes nothing
            scored.append(((4 if m.dst == free else 3, 0, m.dst), m))
    if not scored:
        return None
    scored.sort(key=lambda s: s[0])
    return scored[0][1]
