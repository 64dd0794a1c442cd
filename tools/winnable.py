#!/usr/bin/env python3
"""Prove deals winnable with the engine's solver, and ship the proven deal numbers.

    python -m tools.winnable spider-1 --count 1000 --seconds 5 --jobs 2
    python -m tools.winnable tournament-2 --count 1000 --nodes 12000
    python -m tools.winnable --all --count 1000
    python -m tools.winnable --report

For each preset (with its default options) the tool tries deal numbers in
order from 1, solving each with full information under a budget (seconds,
or positions with ``--nodes``: the same work however busy the machine), and
records every deal proven winnable (the solver's moves replay to a win in
the engine before a deal is recorded).  Results go to
``assets/data/winnable.json``, which the game's chooser reads for "winnable
deals only".  The file also keeps, per preset, how many deals were tried,
how many proven, the budget (``seconds_per_deal``, and ``nodes_per_deal``
once a node budget was used) and the total solving time, so ``--report``
prints the fraction of random deals proven winnable and the time per deal.
A run resumes where the file stops, so the data can grow across runs.

Twins: a preset whose game is the same as another's (the same rules apart
from its name and text, the same deal for every deal number; Spidike is
4-suit Spider with a foundation row) takes its twin's results: the engine
plays both alike, so a deal proven for one is proven for the other (a test
replays one game's solution under the other's rules).  The entry records
``twin``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import engine
from solver import SOLVED, replay, solve

ROOT = Path(__file__).resolve().parent.parent

DATA = ROOT / "assets" / "data" / "winnable.json"
FORMAT_VERSION = 1


def load(path: Path = DATA) -> dict[str, Any]:
    if path.exists():
        data: dict[str, Any] = json.loads(path.read_text())
        if data.get("version") != FORMAT_VERSION:
            raise SystemExit(f"{path}: unknown version {data.get('version')!r}")
        return data
    return {"version": FORMAT_VERSION, "presets": {}}


def save(data: dict[str, Any], path: Path = DATA) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n")
    os.replace(tmp, path)


def same_game(a: str, b: str) -> bool:
    """Whether presets ``a`` and ``b`` are the same game under two names."""
    ra = dataclasses.replace(engine.PRESETS[a], id="", name="", summary="")
    rb = dataclasses.replace(engine.PRESETS[b], id="", name="", summary="")
    return ra == rb and all(
        engine.new_game(a, deal=d).position == engine.new_game(b, deal=d).position for d in (1, 2, 3, 1000)
    )


def twin(preset: str, data: dict[str, Any]) -> str | None:
    """Another preset with results in ``data`` that is the same game as ``preset``, or None."""
    for other, entry in data["presets"].items():
        if other != preset and other in engine.PRESETS and not entry.get("twin") and same_game(preset, other):
            return str(other)
    return None


def prove(args: tuple[str, int, float, int | None]) -> tuple[int, bool, float, int]:
    """Solve one deal; True only if the solution replays to a win."""
    preset, deal, seconds, nodes = args
    game = engine.new_game(preset, deal=deal)
    if nodes is not None:
        result = solve(game.rules, game.position, max_nodes=nodes)
    else:
        result = solve(game.rules, game.position, max_seconds=seconds)
    ok = False
    if result.status == SOLVED:
        ok = replay(game.rules, game.position, result.moves).is_cleared()
    return deal, ok, result.seconds, len(result.moves)


def run(preset: str, count: int, seconds: float, jobs: int, limit: float | None, nodes: int | None = None) -> None:
    data = load()
    same = twin(preset, data)
    if same is not None:
        data["presets"][preset] = {**data["presets"][same], "twin": same}
        save(data)
        print(f"{preset}: the same game as {same}; its results are {same}'s")
        return
    entry = data["presets"].setdefault(
        preset, {"deals": [], "tried": 0, "seconds_per_deal": seconds if nodes is None else None, "solve_seconds": 0.0}
    )
    if nodes is not None:
        if entry.get("nodes_per_deal") not in (None, nodes):
            print(f"{preset}: the file was made with {entry['nodes_per_deal']} positions a deal; keeping that budget")
            nodes = entry["nodes_per_deal"]
        entry["nodes_per_deal"] = nodes
    elif entry["seconds_per_deal"] != seconds and entry["tried"] and entry["seconds_per_deal"] is not None:
        print(f"{preset}: the file was made with {entry['seconds_per_deal']} s a deal; keeping that budget")
        seconds = entry["seconds_per_deal"]
    next_deal = entry["tried"] + 1
    started = time.time()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        while len(entry["deals"]) < count and (limit is None or time.time() - started < limit):
            batch = [(preset, d, seconds, nodes) for d in range(next_deal, next_deal + 4 * jobs)]
            for deal, ok, secs, _n in pool.map(prove, batch):
                entry["tried"] += 1
                entry["solve_seconds"] = round(entry["solve_seconds"] + secs, 2)
                if ok:
                    entry["deals"].append(deal)
            next_deal += len(batch)
            save(data)
            print(f"{preset}: {len(entry['deals'])}/{entry['tried']} proven", flush=True)


def report() -> None:
    data = load()
    print(f"{'preset':24} {'proven':>7} {'tried':>7} {'fraction':>9} {'s/deal':>7} {'budget':>7} {'nodes':>7}")
    for preset in engine.PRESETS:
        e = data["presets"].get(preset)
        if not e or not e["tried"]:
            print(f"{preset:24} {'-':>7}")
            continue
        print(
            f"{preset:24} {len(e['deals']):7} {e['tried']:7} {len(e['deals']) / e['tried']:9.1%} "
            f"{e['solve_seconds'] / e['tried']:7.2f} {e['seconds_per_deal'] or '-'!s:>7} {e.get('nodes_per_deal', '-'):>7}"
            + (f"  (the same game as {e['twin']}: its results)" if e.get("twin") else "")
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("presets", nargs="*", help="preset ids (default: --all)")
    ap.add_argument("--all", action="store_true", help="every preset")
    ap.add_argument("--count", type=int, default=1000, help="proven deals wanted per preset")
    ap.add_argument("--seconds", type=float, default=5.0, help="solver budget per deal")
    ap.add_argument(
        "--nodes",
        type=int,
        default=None,
        help="solver budget per deal in positions instead of seconds (recorded as nodes_per_deal)",
    )
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 1)))
    ap.add_argument("--limit", type=float, default=None, help="stop each preset after this many seconds")
    ap.add_argument("--report", action="store_true", help="print the figures and exit")
    a = ap.parse_args()
    if a.report:
        report()
        return
    presets = list(engine.PRESETS) if a.all or not a.presets else a.presets
    for p in presets:
        if p not in engine.PRESETS:
            raise SystemExit(f"unknown preset {p!r}")
        run(p, a.count, a.seconds, a.jobs, a.limit, a.nodes)
    report()


if __name__ == "__main__":
    main()
