#!/usr/bin/env python3
"""Engine benchmark: the same code in CPython and in Pyodide under Node, one table.

Figures: the median time of legal-move generation on a mid-game spider-4
position; apply+undo per second, both at the rules level (``apply_move``,
where undo is returning to the previous immutable position) and through the
``Game`` façade (``Game.play`` with its legality check, scoring and status,
then ``Game.undo``); and random games per second for every preset.

Usage::

    python -m bench.engine_bench             # CPython, then Pyodide (needs `npm ci`)
    python -m bench.engine_bench --quick     # a smoke run: fewer repetitions, targets not judged
    python -m bench.engine_bench --no-pyodide
    python -m bench.engine_bench --json      # the figures as JSON

Run it from the repository's root, as a module (``engine`` is imported from
there).  The exit code is 1 when a target is missed, except with ``--quick``,
whose figures are too few to judge (CI runs it to see that the benchmark runs),
and when the Pyodide half could not run (unless ``--no-pyodide``).

The Pyodide half runs ``bench/pyodide_bench.mjs``, which loads the pinned npm
``pyodide`` package, copies ``engine/`` and this file into its file system,
calls :func:`measure` and prints the figures as JSON.  Targets are for
CPython on the project's 2-core machine; the table shows them beside the
figures, with the Pyodide/CPython slowdown.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import engine
from engine.play import apply_move, legal_moves
from engine.rng import SplitMix64

# After 26 moves of deal 4 (see tests/data/perft.json): three deals made,
# 38 cards face down, 14 legal moves.
MID_GAME_SPIDER_4 = (
    "*2h*9d*5h*Ts*Qh3dJsTd6h9h/*9h*7c*8h*Tc*3hTh4c3c2cAcAs9d/*3s*4c*6h*8d*3sKsJh/"
    "*4d*7h*Jc*6d*2sQhJsTh4h3h8s/*As*7s*JdQc8c7c6c5c/*Ad*6d*5s*5hTs9s8sKhQd7d6c/"
    "*9c*2h*KcKhQsJd/*4s*6s3d2sAh8h/*9s*Jh*KdQsKdQc8dKs/*7h*5c*Ac6sTc "
    "2dAdQdTd5s4d7s2cKc4h2d9cAh5dJc3c7d4s5d8c -/-/-/-/-/-/-/-"
)
RANDOM_GAME_CAP = 500
"""A random game ends when the game does, or after this many actions."""

TARGETS = {
    "legal_moves_us": ("≤", 20.0),
    "apply_undo_per_s": ("≥", 100_000.0),
    "game_play_undo_per_s": ("≥", 100_000.0),
}


def _cpu_clock() -> Callable[[], float]:
    """Seconds of CPU time used by this process: figures that hold on a busy machine.

    CPython: :func:`time.process_time`.  Pyodide under Node: Node's
    ``process.cpuUsage()`` (Pyodide's own clocks give wall time there).
    """
    if sys.platform == "emscripten":
        try:
            import js  # type: ignore[import-not-found]

            usage = js.process.cpuUsage

            def node_clock() -> float:
                u = usage()
                return float(u.user + u.system) / 1e6

            node_clock()
            return node_clock
        except Exception:  # not under Node: a browser has no CPU clock
            return time.perf_counter
    return time.process_time


clock = _cpu_clock()


def _median_per_call(fn: Callable[[], object], batches: int) -> float:
    """The median over ``batches`` short batches of the mean time of one call, in seconds.

    A batch lasts about 0.3 ms of CPU time; the median of many short
    batches shrugs off the odd disturbance (a collection, a cache flush).
    """
    calls = 1
    while True:  # calibrate the batch size
        start = clock()
        for _ in range(calls):
            fn()
        if clock() - start >= 0.0003 or calls >= 1 << 16:
            break
        calls *= 2
    times = []
    for _ in range(batches):
        start = clock()
        for _ in range(calls):
            fn()
        times.append((clock() - start) / calls)
    return statistics.median(times)


def bench_legal_moves(quick: bool) -> float:
    """Median µs of one legal-move generation on the mid-game position."""
    g = engine.game_from_notation("spider-4", MID_GAME_SPIDER_4)
    rules, pos = g.rules, g.position
    assert len(legal_moves(rules, pos)) == 14
    return _median_per_call(lambda: legal_moves(rules, pos), 101 if quick else 1001) * 1e6


def bench_apply_undo(quick: bool) -> float:
    """apply_move + undo per second, over every legal move of the mid-game position."""
    g = engine.game_from_notation("spider-4", MID_GAME_SPIDER_4)
    rules, pos = g.rules, g.position
    moves = legal_moves(rules, pos)

    def cycle() -> None:
        for m in moves:
            _after, _ = apply_move(rules, pos, m)  # undo: keep ``pos``, drop ``after``

    return len(moves) / _median_per_call(cycle, 101 if quick else 1001)


def bench_game_play_undo(quick: bool) -> float:
    """Game.play + Game.undo per second, over every legal move of the mid-game position."""
    g = engine.game_from_notation("spider-4", MID_GAME_SPIDER_4)
    moves = g.legal_moves()

    def cycle() -> None:
        for m in moves:
            g.play(m)
            g.undo()

    return len(moves) / _median_per_call(cycle, 101 if quick else 1001)


def random_game(preset: str, deal: int) -> int:
    """Play uniformly random legal actions until the game ends or the cap; return the actions."""
    g = engine.new_game(preset, deal=deal)
    gen = SplitMix64(deal)
    for n in range(RANDOM_GAME_CAP):
        moves = g.legal_moves()
        if not moves:
            return n
        g.play(moves[gen.below(len(moves))])
    return RANDOM_GAME_CAP


def bench_random_games(preset: str, quick: bool) -> float:
    """Random games per second in ``preset``."""
    games = 3 if quick else 12
    start = clock()
    for deal in range(1, games + 1):
        random_game(preset, deal)
    return games / (clock() - start)


def measure(quick: bool = False) -> dict[str, Any]:
    """Every figure of the benchmark, as a JSON-ready dict."""
    return {
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "legal_moves_us": bench_legal_moves(quick),
        "apply_undo_per_s": bench_apply_undo(quick),
        "game_play_undo_per_s": bench_game_play_undo(quick),
        "random_games_per_s": {preset: bench_random_games(preset, quick) for preset in engine.PRESETS},
    }


# -- the report (CPython only) ----------------------------------------------------------


def run_pyodide(quick: bool, bench: str = "engine") -> dict[str, Any] | str:
    """The figures of ``bench/<bench>.py`` from Pyodide under Node, or a sentence saying why there are none."""
    import shutil
    import subprocess

    root = Path(__file__).resolve().parent.parent
    node = shutil.which("node")
    if node is None:
        return "node is not installed"
    if not (root / "node_modules" / "pyodide").is_dir():
        return "node_modules/pyodide is missing: run `npm ci`"
    cmd = [node, str(root / "bench" / "pyodide_bench.mjs"), "--bench", bench] + (["--quick"] if quick else [])
    proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=1800)
    for line in proc.stdout.splitlines():
        if line.startswith("BENCH_JSON "):
            data: dict[str, Any] = json.loads(line[len("BENCH_JSON ") :])
            return data
    return f"the Pyodide run failed (exit {proc.returncode}): {(proc.stderr or proc.stdout).strip()[-400:]}"


def _fmt(value: float | None, unit: str) -> str:
    if value is None:
        return "—"
    if unit == "µs":
        return f"{value:.2f} µs"
    return f"{value:,.0f}/s" if value >= 100 else f"{value:,.1f}/s"


def report(cp: dict[str, Any], py: dict[str, Any] | str) -> str:
    """The table: metric, CPython, Pyodide, slowdown, target, verdict."""
    pyd = py if isinstance(py, dict) else None

    def both(key: str, preset: str | None = None) -> tuple[float, float | None]:
        if preset is None:
            return cp[key], (pyd[key] if pyd else None)
        return cp[key][preset], (pyd[key][preset] if pyd else None)

    rows: list[tuple[str, tuple[float, float | None], str, str]] = [
        ("legal moves, mid-game spider-4 (median)", both("legal_moves_us"), "µs", "legal_moves_us"),
        ("apply_move + undo", both("apply_undo_per_s"), "/s", "apply_undo_per_s"),
        ("Game.play + Game.undo", both("game_play_undo_per_s"), "/s", "game_play_undo_per_s"),
    ]
    for preset in cp["random_games_per_s"]:
        label = f"random games ≤{RANDOM_GAME_CAP} actions, {preset}"
        rows.append((label, both("random_games_per_s", preset), "/s", ""))
    header = ("metric", "CPython", "Pyodide", "Pyodide slower ×", "target (CPython)", "")
    table = [header]
    for label, (c, p), unit, key in rows:
        ratio = "—" if p is None else f"{(p / c) if unit == 'µs' else (c / p):.1f}"
        target, verdict = "—", ""
        if key in TARGETS:
            op, limit = TARGETS[key]
            target = f"{op} {_fmt(limit, unit)}"
            verdict = "pass" if _meets(c, op, limit) else "FAIL"
        table.append((label, _fmt(c, unit), _fmt(p, unit), ratio, target, verdict))
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    lines = []
    for n, row in enumerate(table):
        cells = [row[0].ljust(widths[0])] + [cell.rjust(w) for cell, w in zip(row[1:], widths[1:])]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    py_note = f"Pyodide: Python {pyd['python']} ({pyd['platform']})" if pyd else f"Pyodide: not measured ({py})"
    load = ""
    if hasattr(os, "getloadavg"):
        load = f"; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    lines += ["", f"CPython {cp['python']} ({cp['platform']}); {py_note}{load}"]
    lines.append(
        "CPU time of the benchmark process (Node's process.cpuUsage under Pyodide); legal moves and "
        "apply+undo: medians of many short batches; random games: uniformly random legal actions, same deals."
    )
    return "\n".join(lines)


def _meets(value: float, op: str, limit: float) -> bool:
    return value <= limit if op == "≤" else value >= limit


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    cp = measure(quick)
    py: dict[str, Any] | str = "skipped (--no-pyodide)" if "--no-pyodide" in argv else run_pyodide(quick)
    if "--json" in argv:
        print(json.dumps({"cpython": cp, "pyodide": py}, indent=1))
    else:
        print(report(cp, py))
    failed = [k for k, (op, limit) in TARGETS.items() if not _meets(cp[k], op, limit)]
    pyodide_missing = isinstance(py, str) and "--no-pyodide" not in argv
    return 1 if (failed and not quick) or pyodide_missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
