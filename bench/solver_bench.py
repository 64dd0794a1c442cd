#!/usr/bin/env python3
"""Solver benchmark: search speed, solved fractions, hint latency, against the targets.

Figures:

* positions per second of the full-information search, in CPython and in
  Pyodide under Node (the same code; ``bench/pyodide_bench.mjs --bench solver``);
* the time to generate a position's successors by the solver's own copy of
  the engine's move generation (:func:`solver.spider_successors`) beside the
  engine's (:func:`solver.useful_moves`, then ``next_position`` for each move):
  what keeping that copy buys;
* for 1, 2 and 4 suits, over a fixed set of deals (1 to N), the fraction
  solved and the median time per deal at a fixed budget per deal (CPython);
* hint latency (median and 95th percentile) over positions met in play, in
  CPython and in Pyodide;
* how good the hints are to play by: the fraction of 1- and 2-suit deals
  won by always taking the first hint, without undo (``--follow N``);
* how often "Still winnable?" answers (winnable or no win, not "can't
  tell") within 5 s in the page, at every position of 1-, 2- and 4-suit
  games played by the hints (``--still N`` deals a suit count): the page's
  check (``ui/helpers/still_winnable.py``, which keeps what each answer proved) beside
  a fresh search at each position as the page did before.  Five seconds
  in the page is counted as :data:`STILL_PAGE_NODES` positions (about
  12,000 a second: Pyodide's rate in background slices).
* the game review (``--review N``): over N lost games per preset (Spider
  1, 2 and 4 suits, Little Spider, Spidike, traditional Spidike), played by
  the hints with noise until the game is stuck or the player gives up,
  how often :func:`solver.review` finds the slip exactly (gap 0), the gap's
  distribution otherwise, and the review's time.  The review's budget is in
  page time (:data:`solver.PAGE_BUDGET`: 30 s); here it runs with that
  time divided by how much faster CPython searches than the page
  (:data:`PAGE_RATE` positions a second), and the page's time is the
  CPython time times that factor.

Usage::

    python -m bench.solver_bench                    # 100 deals a suit count, 10 s each, all cores
    python -m bench.solver_bench --deals 20 --seconds 5 --jobs 2
    python -m bench.solver_bench --quick            # a smoke run: 2 deals, 1 s, short games
    python -m bench.solver_bench --no-pyodide
    python -m bench.solver_bench --nodes 100000      # a budget in positions: the same work on a busy machine
    python -m bench.solver_bench --review 10 --no-pyodide --follow 0 --still 0 --deals 0   # the game review only

Targets: at 10 s a deal in CPython, ≥ 95 % of 1-suit, ≥ 95 % of
2-suit and ≥ 70 % of 4-suit deals solved; a hint in ≤ 300 ms in the page
(Pyodide under Node stands in for the page here).  The game review: the
slip exact in ≥ 90 % of lost games of Spider 1 and 2 suits, Little Spider
and Spidike, each review within 30 s of page time; Spider 4 suits: a gap
of at most 5 moves in most games.

Run it from the repository's root, as a module.  ``--quick`` is a smoke run
(CI runs it to see that the benchmark runs): its figures are too few to
read against the targets.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import engine
from engine import MoveKind, Outcome, next_position
from solver import PAGE_BUDGET, SOLVED, Reviewer, Search, Verdict, hints, replay, solve, spider_successors, useful_moves

SPEED_PRESET, SPEED_DEAL, SPEED_NODES = "spider-2", 9, 6000
HINT_TARGET_MS = 300.0
SOLVE_TARGETS = {"spider-1": 0.95, "spider-2": 0.95, "spider-4": 0.70}
HINT_PLAY_PRESETS = ("spider-1", "spider-2")
STILL_PRESETS = ("spider-1", "spider-2", "spider-4")
STILL_PAGE_NODES = 60_000
"""Positions the page's background slices search in 5 s (Pyodide, about 12,000 a second)."""
STILL_MOVES = 120
"""Positions checked per game, at most (a game played by the hints)."""


def positions_per_second(nodes: int = SPEED_NODES) -> float:
    """Expanded positions per second of the full-information search on a fixed deal."""
    g = engine.new_game(SPEED_PRESET, deal=SPEED_DEAL)
    search = Search(g.rules, g.position, beam=1000, level_nodes=nodes * 2)
    gc.disable()  # as solve() does
    try:
        t0 = time.perf_counter()
        while search.nodes < nodes and search.step(500) is None:
            pass
        return search.nodes / (time.perf_counter() - t0)
    finally:
        gc.enable()


def played_positions(deals: int = 6, plies: int = 60) -> list[tuple[engine.Ruleset, engine.Position]]:
    """Positions of 1-, 2- and 4-suit games played by random legal moves (mostly column moves)."""
    out: list[tuple[engine.Ruleset, engine.Position]] = []
    for preset in ("spider-1", "spider-2", "spider-4"):
        for deal in range(1, deals + 1):
            g = engine.new_game(preset, deal=deal)
            rnd = random.Random(deal)
            for _ in range(plies):
                if g.status != Outcome.PLAYING:
                    break
                out.append((g.rules, g.position))
                moves = g.legal_moves()
                cols = [m for m in moves if m.kind == MoveKind.MOVE]
                g.play(rnd.choice(cols) if cols and rnd.random() < 0.9 else rnd.choice(moves))
    return out


def successors_us(quick: bool = False) -> dict[str, float]:
    """Microseconds a position to list its column moves with where they lead:
    the solver's fast path and the engine's generation (the best of 3 runs each)."""
    positions = played_positions(3 if quick else 6)

    def engine_way(rules: engine.Ruleset, pos: engine.Position) -> object:
        return [(m, next_position(rules, pos, m)) for m in useful_moves(rules, pos) if m.kind == MoveKind.MOVE]

    out = {}
    for key, fn in (("fast_successors_us", spider_successors), ("engine_successors_us", engine_way)):
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            for rules, pos in positions:
                fn(rules, pos)
            best = min(best, time.perf_counter() - t0)
        out[key] = best / len(positions) * 1e6
    return out


def hint_positions(count: int) -> list[tuple[engine.Ruleset, engine.Position]]:
    """Positions met in play: games followed by their own hints, one per preset in turn."""
    out: list[tuple[engine.Ruleset, engine.Position]] = []
    presets = list(engine.PRESETS)
    deal = 1
    while len(out) < count:
        g = engine.new_game(presets[deal % len(presets)], deal=deal)
        for _ in range(15):
            if g.status != Outcome.PLAYING:
                break
            out.append((g.rules, g.position))
            hs = hints(g.rules, g.position, max_nodes=100)
            g.play(hs[0].move if hs and hs[0].move else g.legal_moves()[0])
        deal += 1
    return out[:count]


def play_hint(g: engine.Game, seen: set[engine.Position]) -> bool:
    """Play the first hint of ``g`` (the next one if the first would go back
    to a position in ``seen``, which it joins; no undo); False when nothing
    helps or every hint goes back."""
    for h in hints(g.rules, g.position):
        assert h.move is not None
        nxt = next_position(g.rules, g.position, h.move)
        if nxt not in seen:
            seen.add(nxt)
            g.play(h.move)
            return True
    return False


def follow_hints(args: tuple[str, int, int]) -> bool:
    """Play a deal by always taking the first hint (:func:`play_hint`), at most
    MAX_MOVES moves; whether it is won."""
    preset, deal, max_moves = args
    g = engine.new_game(preset, deal=deal)
    seen = {g.position}
    while g.status == Outcome.PLAYING and len(g.moves) < max_moves and play_hint(g, seen):
        pass
    return g.status == Outcome.WON


def hint_play(deals: int, jobs: int, max_moves: int = 1000) -> dict[str, float]:
    """The fraction of deals 1..N won by following the hints, per preset."""
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return {
            preset: sum(pool.map(follow_hints, [(preset, d, max_moves) for d in range(1, deals + 1)])) / deals
            for preset in HINT_PLAY_PRESETS
        }


def still_game(args: tuple[str, int, bool, int]) -> tuple[int, int]:
    """(positions answered within 5 s in the page, positions) along one game
    played by the hints; ``fresh``: a new search at each position, 12,000 +
    4,000 positions, as the page did before ``ui/helpers/still_winnable.py``."""
    from ui.helpers.hints import CANT_TELL, WinCheck
    from ui.helpers.still_winnable import KnownWins, StillCheck

    preset, deal, fresh, positions = args
    g = engine.new_game(preset, deal=deal)
    known = KnownWins(g.rules)
    seen = {g.position}
    answered = total = 0
    while g.status == Outcome.PLAYING and total < positions:
        job: WinCheck | StillCheck = WinCheck(g.rules, g.position) if fresh else StillCheck(g.rules, g.position, known)
        answer = None
        while answer is None:
            answer = job.step(200)
        total += 1
        answered += answer != CANT_TELL and job.nodes <= STILL_PAGE_NODES
        if not play_hint(g, seen):
            break
    return answered, total


def still_rates(deals: int, jobs: int, positions: int = STILL_MOVES) -> dict[str, tuple[float, float, int]]:
    """Per preset: (the page's answer rate, a fresh search's, positions);
    at most POSITIONS positions a game."""
    out = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for preset in STILL_PRESETS:
            rates = []
            for fresh in (False, True):
                results = list(pool.map(still_game, [(preset, d, fresh, positions) for d in range(1, deals + 1)]))
                total = sum(t for _, t in results)
                rates.append((sum(a for a, _ in results) / total if total else 0.0, total))
            out[preset] = (rates[0][0], rates[1][0], rates[0][1])
    return out


REVIEW_PRESETS = ("spider-1", "spider-2", "little-spider", "spidike", "spidike-classic", "spider-4")
REVIEW_EXACT_TARGET = 0.90
"""The slip found exactly in at least this share of lost games (all but Spider 4 suits)."""
REVIEW_GAP_TARGET = 5
"""Spider 4 suits: a gap of at most this many moves in most games."""
REVIEW_NOISE = 0.1
"""How often the player of the review's games takes a random legal move instead of the hint."""
REVIEW_MAX_MOVES = 300
PAGE_RATE = 12_000
"""Positions the page's background slices search in a second (Pyodide), as :data:`STILL_PAGE_NODES`."""


def lost_game(preset: str, deal: int, max_moves: int = REVIEW_MAX_MOVES) -> engine.Game:
    """A game of ``deal`` played by the hints with noise (:data:`REVIEW_NOISE`)
    until it is over, no hint leads to a new position (the player gives up:
    resigned), or ``max_moves`` (resigned)."""
    g = engine.new_game(preset, deal=deal)
    rnd = random.Random(deal * 7919 + len(preset))
    seen = {g.position}
    while g.status == Outcome.PLAYING and len(g.moves) < max_moves:
        fresh = [
            h.move
            for h in hints(g.rules, g.position, max_nodes=100)
            if h.move is not None and next_position(g.rules, g.position, h.move) not in seen
        ]
        if rnd.random() < REVIEW_NOISE or not fresh:
            if not fresh and rnd.random() < 0.3:
                break
            m = rnd.choice(g.legal_moves())
        else:
            m = fresh[0]
        seen.add(next_position(g.rules, g.position, m))
        g.play(m)
    if g.status == Outcome.PLAYING:
        g.resign()
    return g


def review_game(args: tuple[str, int, float, int | None, int | None]) -> dict[str, Any]:
    """Play a lost game (:func:`lost_game`, at most ``max_moves`` moves) and
    review it within ``seconds`` of CPython time, or, when ``positions`` is
    given, within that many positions searched and no time limit (the same
    work whatever the machine's load); the review's figures."""
    preset, deal, seconds, max_moves, positions = args
    g = lost_game(preset, deal, max_moves or REVIEW_MAX_MOVES)
    if g.status == Outcome.WON:
        return {"won": True}
    if positions is None:
        budget = dataclasses.replace(PAGE_BUDGET, seconds=seconds)
    else:
        budget = dataclasses.replace(PAGE_BUDGET, seconds=None, total_nodes=positions)
    reviewer = Reviewer(g, budget=budget, clock=time.process_time)  # CPU time: the machine may be busy
    while not reviewer.step(500):
        pass
    r = reviewer.result()
    for i, line in r.lines.items():  # every line replays to a win
        assert replay(g.rules, reviewer.positions[i], line).is_cleared(), (preset, deal, i)
    return {
        "won": False,
        "deal": deal,
        "moves": len(g.moves),
        "seconds": reviewer.seconds,
        "searches": len(reviewer.probes),
        "nodes": reviewer.nodes,
        "slip": r.slip,
        "gap": r.gap,
        "last_winnable": r.last_winnable,
        "first_lost": r.first_lost,
        "still_winnable": r.verdicts[-1] == Verdict.WINNABLE,
        "lost_from_deal": r.verdicts[0] == Verdict.LOST,
    }


def review_figures(
    games: int,
    jobs: int,
    factor: float,
    max_moves: int | None = None,
    presets: tuple[str, ...] = REVIEW_PRESETS,
    page_seconds: float = PAGE_BUDGET.seconds or 30.0,
    progress: bool = False,
    positions: int | None = None,
) -> dict[str, dict[str, Any]]:
    """Per preset, the reviews of ``games`` lost games (deals 1, 2, ...; won
    games are skipped), each within ``page_seconds`` of page time (or
    ``positions`` positions searched); with ``progress``, each game's figures
    as one line of JSON on stderr."""
    out: dict[str, dict[str, Any]] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for preset in presets:
            results: list[dict[str, Any]] = []
            deal = 1
            while len(results) < games and deal <= games * 4:
                seconds = page_seconds / factor
                batch = [(preset, d, seconds, max_moves, positions) for d in range(deal, deal + jobs)]
                deal += jobs
                batch_results = [
                    dict(r, deal=d) for d, r in zip(range(deal - jobs, deal), pool.map(review_game, batch))
                ]
                results.extend(r for r in batch_results if not r["won"])
                if progress:
                    for r in batch_results:
                        print(f"  {preset} deal {r['deal']}: {json.dumps(r)}", file=sys.stderr, flush=True)
            out[preset] = summarise_reviews(results[:games], factor)
    return out


def summarise_reviews(results: list[dict[str, Any]], factor: float) -> dict[str, Any]:
    """The review figures of one preset: exact slips, gaps, page seconds.

    A game whose deal is proven lost (position 0 lost) was never winnable:
    it has no slip, and its review is exact (gap 0: nothing is left open).
    """
    n = len(results)
    lost_at_end = [r for r in results if not r["still_winnable"]]
    gaps = [0 if r["lost_from_deal"] else r["gap"] for r in lost_at_end]
    gaps = [x for x in gaps if x is not None]
    page = sorted(r["seconds"] * factor for r in results)
    return {
        "games": n,
        "still_winnable": sum(r["still_winnable"] for r in results),
        "lost_from_deal": sum(r["lost_from_deal"] for r in results),
        "exact": sum(1 for r in lost_at_end if r["gap"] == 0 or r["lost_from_deal"]),
        "judged": len(lost_at_end),
        "gaps": gaps,
        "open": sum(1 for r in lost_at_end if r["gap"] is None and not r["lost_from_deal"]),
        "open_no_win": sum(
            1
            for r in lost_at_end
            if r["last_winnable"] is None and r["first_lost"] is not None and not r["lost_from_deal"]
        ),
        "open_no_loss": sum(1 for r in lost_at_end if r["first_lost"] is None and r["last_winnable"] is not None),
        "open_neither": sum(1 for r in lost_at_end if r["first_lost"] is None and r["last_winnable"] is None),
        "page_s_median": statistics.median(page) if page else 0.0,
        "page_s_max": page[-1] if page else 0.0,
        "searches_median": statistics.median(r["searches"] for r in results) if results else 0,
        "moves_median": statistics.median(r["moves"] for r in results) if results else 0,
        "per_game": [
            (r["deal"], r["moves"], r["last_winnable"], r["first_lost"], round(r["seconds"] * factor, 1))
            for r in results
        ],
    }


GAP_BUCKETS = (("exact", 0, 0), ("1-5", 1, 5), ("6-20", 6, 20), (">20", 21, None))
"""The gap's distribution as the review's note gives it: (label, lowest, highest)."""


def gap_distribution(f: dict[str, Any]) -> dict[str, int]:
    """The games of one preset's figures by gap: exact (a game whose deal is
    proven lost too: it has no slip, and the review says so), 1-5, 6-20,
    >20 moves, and the games where no slip was found (no winnable or no lost
    position known, or the game still winnable at the end)."""
    gaps = f["gaps"]
    out = {label: sum(1 for x in gaps if x >= lo and (hi is None or x <= hi)) for label, lo, hi in GAP_BUCKETS}
    out["no slip found"] = f["open"] + f["still_winnable"]
    return out


def print_review_header(factor: float) -> None:
    print(
        f"Game review (page time = CPU time in CPython × {factor:.1f}; budget {PAGE_BUDGET.seconds:g} s of page time)"
    )
    print(f"{'preset':16} {'games':>5} {'exact':>7} {'target':>8} {'other gaps':28} {'page s med/max':>15}  verdict")


def print_review_row(preset: str, f: dict[str, Any], quick: bool) -> None:
    """One preset's review figures beside the goals."""
    judged = f["judged"]
    exact = f["exact"] / judged if judged else 0.0
    gaps = sorted(f["gaps"])
    shown = ",".join(str(x) for x in gaps if x) or "—"
    if f["open"]:
        shown += f" +{f['open']} open"
    in_time = f["page_s_max"] <= (PAGE_BUDGET.seconds or 30.0) * 1.05
    if preset == "spider-4":
        target = f"gap ≤ {REVIEW_GAP_TARGET}"
        ok = sum(1 for x in gaps if x <= REVIEW_GAP_TARGET) > judged / 2 and in_time
    else:
        target = f"≥ {REVIEW_EXACT_TARGET:.0%}"
        ok = judged > 0 and exact >= REVIEW_EXACT_TARGET and in_time
    verdict = "not judged (--quick)" if quick else ("pass" if ok else "FAIL")
    print(
        f"{preset:16} {f['games']:5} {exact:7.0%} {target:>8} {shown[:28]:28}"
        f" {f['page_s_median']:6.1f} / {f['page_s_max']:5.1f}  {verdict}"
    )
    print(
        f"{'':16} (of {judged} lost at the end; {f['still_winnable']} still winnable at the end, "
        f"{f['lost_from_deal']} lost from the deal; median {f['moves_median']} moves, "
        f"{f['searches_median']} searches)",
    )
    dist = gap_distribution(f)
    n = f["games"] or 1
    print(f"{'':16} gap: " + ", ".join(f"{label} {k} ({k / n:.0%})" for label, k in dist.items()))
    print(
        f"{'':16} no slip found: {f['open_no_win']} with no win found from any position,"
        f" {f['open_no_loss']} with no position proven lost, {f['open_neither']} with neither,"
        f" {f['still_winnable']} still winnable at the end",
        flush=True,
    )
    games = " ".join(f"{d}:{w}-{lo}/{n}@{s:g}s" for d, n, w, lo, s in f["per_game"])
    print(f"{'':16} per game (deal:last winnable-first lost/moves@page s): {games}", flush=True)


def cpython_rate(nodes: int = 3000) -> float:
    """CPython's positions a second of CPU time on the benchmark's fixed search (as :func:`positions_per_second`)."""
    g = engine.new_game(SPEED_PRESET, deal=SPEED_DEAL)
    search = Search(g.rules, g.position, beam=1000, level_nodes=nodes * 2)
    gc.disable()
    try:
        t0 = time.process_time()
        while search.nodes < nodes and search.step(500) is None:
            pass
        return search.nodes / (time.process_time() - t0)
    finally:
        gc.enable()


def hint_latency_ms(count: int) -> list[float]:
    times = []
    for rules, pos in hint_positions(count):
        t0 = time.perf_counter()
        hints(rules, pos)
        times.append((time.perf_counter() - t0) * 1000)
    return times


def measure(quick: bool = False) -> dict[str, Any]:
    """The figures that run both in CPython and in Pyodide."""
    lat = hint_latency_ms(40 if quick else 150)
    lat.sort()
    return {
        "positions_per_s": positions_per_second(2000 if quick else SPEED_NODES),
        "hint_ms_median": statistics.median(lat),
        "hint_ms_p95": lat[int(0.95 * (len(lat) - 1))],
        **successors_us(quick),
    }


def _solve_one(args: tuple[str, int, float, int | None]) -> tuple[bool, float]:
    preset, deal, seconds, nodes = args
    g = engine.new_game(preset, deal=deal)
    if nodes is not None:
        r = solve(g.rules, g.position, max_nodes=nodes)
    else:
        r = solve(g.rules, g.position, max_seconds=seconds)
    ok = r.status == SOLVED and replay(g.rules, g.position, r.moves).is_cleared()
    return ok, r.seconds


def solved_fractions(deals: int, seconds: float, jobs: int, nodes: int | None = None) -> dict[str, tuple[float, float]]:
    out = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for preset in SOLVE_TARGETS:
            results = list(pool.map(_solve_one, [(preset, d, seconds, nodes) for d in range(1, deals + 1)]))
            out[preset] = (
                sum(ok for ok, _ in results) / len(results),
                statistics.median(t for _, t in results),
            )
    return out


def main() -> int:
    """Prints the figures; 1 when the Pyodide half could not run (unless
    ``--no-pyodide``), so that a smoke run sees a broken benchmark."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument(
        "--quick",
        action="store_true",
        help="a smoke run: 2 deals at 1 s, fewer hint positions, one short game followed and checked",
    )
    ap.add_argument(
        "--nodes",
        type=int,
        default=None,
        help="solve each deal within this many positions instead of --seconds (the targets are set in seconds)",
    )
    ap.add_argument("--no-pyodide", action="store_true")
    ap.add_argument(
        "--follow",
        type=int,
        default=40,
        help="deals (1 to N) of 1- and 2-suit Spider played by following the hints (0: skip)",
    )
    ap.add_argument(
        "--still",
        type=int,
        default=10,
        help='deals (1 to N) of 1-, 2- and 4-suit Spider played by the hints, "Still winnable?" at each move (0: skip)',
    )
    ap.add_argument(
        "--review",
        type=int,
        default=0,
        help="lost games per preset played by the hints with noise and reviewed (0: skip)",
    )
    ap.add_argument(
        "--review-presets",
        default=",".join(REVIEW_PRESETS),
        help="the presets --review plays, comma-separated (default: all six)",
    )
    ap.add_argument(
        "--review-progress",
        action="store_true",
        help="each reviewed game's figures as a line of JSON on stderr, as they come",
    )
    ap.add_argument(
        "--review-positions",
        type=int,
        default=None,
        help="review each game within this many positions searched instead of the page's 30 s "
        "(the same work whatever the machine's load; the page time is still reported)",
    )
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if a.quick:
        a.deals, a.seconds = 2, 1.0
    if a.review or a.quick:
        factor = max(1.0, cpython_rate() / PAGE_RATE)
        print_review_header(factor)
        # a smoke run: one short game of two presets, 3 s of page time each
        presets = ("spider-1", "little-spider") if a.quick else tuple(a.review_presets.split(","))
        unknown = [p for p in presets if p not in engine.PRESETS]
        if unknown:
            ap.error(f"--review-presets: no preset {', '.join(unknown)} (presets: {', '.join(engine.PRESETS)})")
        for preset in presets:
            if a.quick:
                figures = review_figures(1, a.jobs, factor, max_moves=30, presets=(preset,), page_seconds=3.0)
            else:
                figures = review_figures(
                    a.review,
                    a.jobs,
                    factor,
                    presets=(preset,),
                    progress=a.review_progress,
                    positions=a.review_positions,
                )
            print_review_row(preset, figures[preset], a.quick)
    if a.deals == 0:
        return 0
    cp = measure(a.quick)
    # imported here: under Pyodide (bench/pyodide_bench.mjs) this file is a module
    # of its own, and only measure() runs there
    from bench.engine_bench import run_pyodide

    py = "skipped" if a.no_pyodide else run_pyodide(a.quick, "solver")
    fr = solved_fractions(a.deals, a.seconds, a.jobs, a.nodes)
    follow = (hint_play(1, a.jobs, max_moves=30) if a.quick else hint_play(a.follow, a.jobs)) if a.follow else {}
    still = (still_rates(1, a.jobs, positions=3) if a.quick else still_rates(a.still, a.jobs)) if a.still else {}
    if a.json:
        print(json.dumps({"cpython": cp, "pyodide": py, "solved": fr, "hint_play": follow, "still": still}))
        return 0 if a.no_pyodide or isinstance(py, dict) else 1
    pyd = py if isinstance(py, dict) else None
    budget = f"{a.nodes:,} positions" if a.nodes is not None else f"{a.seconds:g} s"
    print(f"Solver benchmark ({a.deals} deals per suit count, {budget} a deal, {a.jobs} processes)")
    print(f"{'metric':34} {'CPython':>12} {'Pyodide':>12} {'target':>10}  verdict")
    pps = f"{pyd['positions_per_s']:,.0f}" if pyd else "—"
    print(f"{'positions per second':34} {cp['positions_per_s']:12,.0f} {pps:>12} {'—':>10}")
    for key, label in (
        ("fast_successors_us", "successors, solver's copy (µs)"),
        ("engine_successors_us", "successors, engine's way (µs)"),
    ):
        shown = f"{pyd[key]:.1f}" if pyd else "—"
        print(f"{label:34} {cp[key]:12.1f} {shown:>12} {'—':>10}")
    for key, label in (("hint_ms_median", "hint latency median (ms)"), ("hint_ms_p95", "hint latency p95 (ms)")):
        pv = pyd[key] if pyd else None
        verdict = "—" if pv is None else ("pass" if pv <= HINT_TARGET_MS else "FAIL")
        verdict = "not judged (--quick)" if a.quick else verdict
        print(
            f"{label:34} {cp[key]:12.1f} {pv if pv is None else f'{pv:.1f}':>12} {'≤ 300':>10}  {verdict} (Pyodide)"
            if pv is not None
            else f"{label:34} {cp[key]:12.1f} {'—':>12} {'≤ 300':>10}  —"
        )
    for preset, (frac, med) in fr.items():
        target = SOLVE_TARGETS[preset]
        verdict = "not judged (--quick)" if a.quick else ("pass" if frac >= target else "FAIL")
        print(f"{preset + ' solved':34} {frac:12.0%} {'':>12} {f'≥ {target:.0%}':>10}  {verdict}")
        print(f"{preset + ' median s a deal':34} {med:12.2f}")
    for preset, frac in follow.items():
        print(
            f"{preset + ' won by following hints':34} {frac:12.0%} {'':>12} {'—':>10}  (no undo, what the player sees)"
        )
    for preset, (rate, fresh_rate, positions) in still.items():
        print(
            f"{preset + ' Still winnable? in 5 s':34} {rate:12.0%} {'':>12} {'—':>10}"
            f"  ({positions} positions; a fresh search each move: {fresh_rate:.0%})"
        )
    if not pyd:
        print(f"Pyodide: {py}")
    return 0 if a.no_pyodide or pyd else 1


if __name__ == "__main__":
    sys.exit(main())
