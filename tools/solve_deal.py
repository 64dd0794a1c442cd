#!/usr/bin/env python3
"""Find a winning move list for a Spider deal, with full information (a tool).

The browser tests and the table's benchmark replay one known win of
``spider-1`` through the page (``e2e/tablekit.py``, ``e2e/test_table_play.py``,
``bench/ui_bench.py``; ``tests/test_table_logic.py`` and
``tests/test_service.py`` use it too).  This small best-first search over the
engine's own rules found it (one-suit Spider with every card known is easy;
the engine's solver came later) and writes it to
``tests/data/spider-1-win.json`` (preset, deal, moves).

Usage: ``python -m tools.solve_deal [--preset spider-1] [--deal N] [--out FILE]``.
"""

from __future__ import annotations

import argparse
import heapq
import json
import sys
from pathlib import Path

from engine.moves import DEAL, MOVE, Move
from engine.play import apply_move, deal_position, legal_moves, movable_count
from engine.position import Position
from engine.rules import Ruleset, get_ruleset

ROOT = Path(__file__).resolve().parent.parent


def score(rules: Ruleset, pos: Position) -> int:
    """Lower is better: hidden cards, broken sequences, cards left."""
    s = 0
    for col, d in zip(pos.tableau, pos.down):
        s += 6 * d
        for k in range(max(d, 1), len(col)):
            if col[k - 1] != col[k] + 4:
                s += 2
        if not col:
            s -= 3
    s += 3 * sum(len(p) for p in pos.stock)
    s -= 40 * sum(1 for f in pos.foundations if f)
    return s


def useful(rules: Ruleset, pos: Position, m: Move) -> bool:
    """Prune moves that only shuffle a whole unit between equivalent places."""
    if m.kind != MOVE:
        return True
    col = pos.tableau[m.src]
    d = pos.down[m.src]
    n = len(col)
    head = n - m.count
    target = pos.tableau[m.dst]
    if not target and head == 0:
        return False  # a whole column into an empty one
    if m.count < movable_count(rules, col, d) and target and target[-1] != col[head] + 4:
        # splitting a same-suit run onto a card of another suit: rarely useful
        return head > d and col[head - 1] != col[head] + 4
    # a move that breaks a natural build for a non-natural one is not worth it
    return not (bool(target) and head > d and col[head - 1] == col[head] + 4 and target[-1] != col[head] + 4)


def solve(preset: str, deal: int, limit: int = 150_000) -> list[str] | None:
    rules = get_ruleset(preset)
    start = deal_position(rules, deal)
    seen = {start: None}
    parent: dict[Position, tuple[Position | None, Move | None]] = {start: (None, None)}
    heap = [(score(rules, start), 0, 0, start)]
    tick = 0
    while heap and tick < limit:
        _, depth, _, pos = heapq.heappop(heap)
        if pos.is_cleared():
            path = []
            at: Position | None = pos
            while at is not None and parent[at][0] is not None:
                prev, move = parent[at]
                path.append(str(move))
                at = prev
            return path[::-1]
        for m in legal_moves(rules, pos):
            if not useful(rules, pos, m):
                continue
            nxt, _ = apply_move(rules, pos, m)
            if nxt in seen:
                continue
            seen[nxt] = None
            parent[nxt] = (pos, m)
            tick += 1
            penalty = 5 if m.kind == DEAL else 0
            heapq.heappush(heap, (score(rules, nxt) + penalty + depth // 8, depth + 1, tick, nxt))
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="spider-1")
    ap.add_argument("--deal", type=int, default=None, help="deal number (default: try 1, 2, 3, …)")
    ap.add_argument("--out", type=Path, default=ROOT / "tests" / "data" / "spider-1-win.json")
    args = ap.parse_args(argv)
    deals = [args.deal] if args.deal else range(1, 50)
    for deal in deals:
        moves = solve(args.preset, deal)
        if moves:
            args.out.parent.mkdir(parents=True, exist_ok=True)
            data = {"preset": args.preset, "deal": deal, "moves": moves}
            args.out.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
            print(f"{args.preset} deal {deal}: won in {len(moves)} moves -> {args.out}")
            return 0
        print(f"{args.preset} deal {deal}: no win found", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
