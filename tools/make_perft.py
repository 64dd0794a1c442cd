#!/usr/bin/env python3
"""Write the engine's golden move counts, ``tests/data/perft.json`` (a tool).

Like chess's perft, the file pins how many legal actions the rules allow
after each step of a fixed game, for every preset (and a few options): any
change to move generation shows up as a changed count.  For each game it
records the preset, options and deal number, the moves played (chosen here
by a small seeded player that prefers one-suit builds, reveals and
foundation plays, so the games reach run removals, deals and endings), the
number of legal actions before the first move and after every move, and the
final position, score and status.

``tests/engine/test_perft.py`` replays the file and compares; this tool only
writes it.  Regenerate it deliberately, when a rule is meant to change, and
review the diff:  ``python -m tools.make_perft [--steps 300] [--out FILE]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import engine
from engine.play import apply_move, legal_moves
from engine.rng import SplitMix64

ROOT = Path(__file__).resolve().parent.parent

OUT = ROOT / "tests" / "data" / "perft.json"

# (preset, deal, options): every preset once, and the options that change move generation.
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("spider-1", 1, {}),
    ("spider-2", 2, {}),
    ("spider-2", 3, {"relaxed_deal": True}),
    ("spider-4", 4, {}),
    ("spider-relaxed", 5, {}),
    ("spider-easy", 6, {}),
    ("tournament-1", 7, {}),
    ("tournament-2", 8, {}),
    ("little-spider", 9, {}),
    ("little-spider", 10, {"lower_row_restriction": True}),
    ("little-spider-classic", 11, {}),
    ("spidike", 12, {}),
    ("spidike-classic", 13, {}),
    ("spidike-classic", 14, {"face_down_layout": True}),
]


def liking(game: engine.Game, move: engine.Move) -> int:
    """How much the seeded player likes ``move`` (higher first)."""
    if move.kind == "found":
        return 100
    if move.kind != "move":
        return 5
    pos = game.position
    src, dst = pos.tableau[move.src], pos.tableau[move.dst]
    head = src[-move.count]
    value = 30 if len(src) - move.count == pos.down[move.src] > 0 else 0
    if not dst:
        return value + (1 if len(src) > move.count else -5)
    value += 50 + move.count if dst[-1] == head + 4 else 10
    if len(src) > move.count and src[-move.count - 1] == head + 4:
        value -= 45
    return value


def record(preset: str, deal: int, options: dict[str, Any], steps: int) -> dict[str, Any]:
    game = engine.new_game(preset, deal=deal, **options)
    rules = game.rules
    gen = SplitMix64(deal * 7919)
    moves: list[str] = []
    counts = [len(legal_moves(rules, game.position))]
    seen = {game.position}
    for _ in range(steps):
        legal = game.legal_moves()
        if not legal:
            break
        # never back to a position already seen, while there is a choice
        fresh = [m for m in legal if apply_move(rules, game.position, m)[0] not in seen] or legal
        if gen.below(6) == 0:
            move = fresh[gen.below(len(fresh))]
        else:
            values = [liking(game, m) for m in fresh]
            best = [m for m, v in zip(fresh, values) if v == max(values)]
            move = best[gen.below(len(best))]
        game.play(move)
        seen.add(game.position)
        moves.append(str(move))
        counts.append(len(legal_moves(game.rules, game.position)))
    return {
        "preset": preset,
        "deal": deal,
        "options": options,
        "moves": " ".join(moves),
        "counts": counts,
        "final": game.notation(),
        "score": game.score,
        "status": game.status,
        "runs": game.runs_removed(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=300, help="moves per game at most (default 300)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"where to write (default {OUT.relative_to(ROOT)})")
    args = parser.parse_args(argv)
    games = [record(preset, deal, options, args.steps) for preset, deal, options in GAMES]
    about = (
        "Legal-action counts before the first move and after each move of fixed games; "
        "written by tools/make_perft.py, checked by tests/engine/test_perft.py."
    )
    # one game a line, so that a diff shows which game changed
    lines = ",\n  ".join(json.dumps(g, ensure_ascii=False) for g in games)
    text = f'{{"about": {json.dumps(about)}, "format": 1, "games": [\n  {lines}\n]}}\n'
    assert json.loads(text) == {"about": about, "format": 1, "games": games}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    for g in games:
        moves = g["moves"].split()
        print(f"{g['preset']:22} deal {g['deal']:>3} {len(moves):>4} moves  {g['status']:8} runs {g['runs']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
