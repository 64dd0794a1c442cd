#!/usr/bin/env python3
"""Grade proven-winnable deals Easy / Medium / Hard / Expert from measured properties.

    python -m tools.grades spider-1 spider-2 --jobs 2
    python -m tools.grades spider-2 --count 200 --limit 1800
    python -m tools.grades --report spider-1 spider-2 --jobs 2
    python -m tools.grades --write
    python -m tools.grades tournament-1 --choose-meter --jobs 2

The successor of ``tools/winnable.py`` for the deals it proved: for every
deal of a preset's list in ``assets/data/winnable.json`` (in list order) it
measures properties, each with a budget counted in positions or moves, never
seconds, and a fixed seed, so the figures are the same on any machine:

* **skill**: the wins of :data:`SKILL_PLAYOUTS` playouts of a perturbed hint
  policy (:func:`noisy_hint_playout`, :func:`skill_measure`);
* **effort**: the positions the solver searched to find a win, with full
  information, under :data:`SOLVE_NODES` (a deal it does not win again under
  that budget counts the whole budget);
* **luck**: the wins of :data:`PLAYOUTS` playouts of the greedy policy
  (:func:`greedy_playout`), each with random tie-breaks from a seed made of
  the preset, the deal and the playout's number;
* **length**: the moves of the solver's win.

The grade comes from the skill meter alone, by bands fixed in advance
(:func:`grade`): Easy when every playout won, Medium when at least half did,
Hard when at least one did, Expert when none did.  A game whose hint policy
wins nearly every deal gets a harder skill meter, its budgets per hint
divided by a scale chosen on calibration deals (``--choose-meter``,
:func:`choose_meter`).  The deals at odd places
of the list are held out: ``--report`` plays the hint policy
(:func:`hint_playout`) on them and prints its win rate per grade, the check
that a harder grade wins less often; a preset is shipped only when it passes.
A run measures the skill meter first, held-out deals first, then the
other properties (diagnostics), then the hint policy on the calibration deals.

Measurements go to ``tools/data/grades.json`` after every batch, so a run
stops at any time (``--limit``, Ctrl-C) and the next one resumes; the file
records the budgets, and a run with other budgets is refused.  ``--write``
(done after every run) ships ``assets/data/grades.json``: per preset, one
letter per deal of the winnable list (``E``, ``M``, ``H``, ``X``; ``.`` not
graded yet).  The method is in ``docs/grades.md``.
"""

from __future__ import annotations

import argparse
import bisect
import itertools
import json
import os
import random
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import engine
from engine import DEAL, DRAW, Move, Position, Ruleset, legal_moves, next_position
from solver import SOLVED, hints, replay, solve

ROOT = Path(__file__).resolve().parent.parent
WINNABLE = ROOT / "assets" / "data" / "winnable.json"
MEASURED = ROOT / "tools" / "data" / "grades.json"
SHIPPED = ROOT / "assets" / "data" / "grades.json"
FORMAT_VERSION = 1

SOLVE_NODES = 100_000
"""The solver's budget per deal, in positions."""
PLAYOUTS = 12
"""Greedy playouts per deal (the luck meter)."""
PLAYOUT_MOVES = 600
"""A greedy playout that has not won after this many moves is lost."""
HINT_NODES = 150
"""The hint policy's budget per hint, in positions (the page's hint uses 30 ms)."""
HINT_MOVES = 600
"""A hint-policy game that has not won after this many moves is lost."""
SKILL_PLAYOUTS = 4
"""Playouts of the perturbed hint policy per deal (the skill meter)."""
SKILL_NODES = 90
"""The perturbed hint policy's budget per hint in its first playout, in positions."""
SKILL_STEP = 40
"""Each further playout's budget per hint is this much larger (90, 130, 170, 210: never the check's 150)."""
SKILL_NOISE = 5
"""The perturbed hint policy's chance, in percent, to play another hint than the first."""
SKILL_DIVISORS = (1, 2, 4, 8, 16)
"""The skill meter's scales, tried in this order for a game whose hint policy
wins nearly every deal: its budgets per hint divided by each (step 10 of
docs/grades.md, :func:`choose_meter`)."""
METER_DEALS = 40
"""The calibration deals, the first of the list, on which a scale is chosen."""
GRADES = ("E", "M", "H", "X")
GRADE_NAMES = {"E": "Easy", "M": "Medium", "H": "Hard", "X": "Expert"}


def budgets() -> dict[str, int]:
    return {
        "solve_nodes": SOLVE_NODES,
        "playouts": PLAYOUTS,
        "playout_moves": PLAYOUT_MOVES,
        "hint_nodes": HINT_NODES,
        "hint_moves": HINT_MOVES,
        "skill_playouts": SKILL_PLAYOUTS,
        "skill_nodes": SKILL_NODES,
        "skill_step": SKILL_STEP,
        "skill_noise": SKILL_NOISE,
    }


SKILL_BUDGETS = ("skill_playouts", "skill_nodes", "skill_step", "skill_noise")


def scaled(b: dict[str, int], divisor: int) -> dict[str, int]:
    """The budgets ``b`` with the skill meter's budgets per hint divided by
    ``divisor`` (rounded down): at 4, the playouts look 22, 32, 42 and 52
    positions ahead instead of 90, 130, 170 and 210.

    >>> [scaled(budgets(), d)["skill_nodes"] for d in (1, 2, 4, 8, 16)]
    [90, 45, 22, 11, 5]
    """
    return {**b, "skill_nodes": b["skill_nodes"] // divisor, "skill_step": b["skill_step"] // divisor}


# -- the policies -------------------------------------------------------------------


def _cards_left(pos: Position) -> int:
    return sum(map(len, pos.tableau)) + sum(map(len, pos.stock))


def preference(rules: Ruleset, pos: Position, move: Move, nxt: Position) -> int:
    """The greedy policy's tier for a column move (higher first; below 0: never played).

    5 completes a run (or plays to a foundation); 4 turns up a face-down
    card; 3 empties a column (not into an empty one); 2 builds in suit
    without breaking a same-suit link; 1 builds on a card of another suit
    without breaking a same-suit link; 0 moves into an empty column; -1
    breaks a same-suit link for nothing of the above.  A deal ranks between
    1 and 0 (see :func:`greedy_playout`).
    """
    if _cards_left(nxt) < _cards_left(pos):
        return 5
    src = pos.tableau[move.src]
    if nxt.down[move.src] < pos.down[move.src]:
        return 4
    dst = pos.tableau[move.dst]
    if not nxt.tableau[move.src] and dst:
        return 3
    if not dst:
        return 0
    first = len(src) - move.count
    moving = src[first]
    under_linked = (
        first > pos.down[move.src]
        and (src[first - 1] >> 2) == (moving >> 2) + 1
        and (src[first - 1] & 3) == (moving & 3)
    )
    if under_linked:
        return -1
    return 2 if (dst[-1] & 3) == (moving & 3) else 1


def greedy_playout(rules: Ruleset, pos: Position, rng: random.Random, max_moves: int = PLAYOUT_MOVES) -> bool:
    """Play the greedy policy from ``pos``; True if it wins.

    At each turn the legal moves of the engine are ranked by
    :func:`preference`; a deal (or a Tournament draw) ranks 0.5, so it comes
    after every build and before a move into an empty column.  Ties are
    broken by ``rng``.  A move back to a position of this playout is never
    played; the playout is lost when nothing is left to play or after
    ``max_moves`` moves.
    """
    seen = {pos}
    for _ in range(max_moves):
        if pos.is_cleared():
            return True
        best: list[Position] = []
        top = -1.0
        for m in legal_moves(rules, pos):
            nxt = next_position(rules, pos, m)
            if nxt in seen:
                continue
            tier = 0.5 if m.kind in (DEAL, DRAW) else float(preference(rules, pos, m, nxt))
            if tier < 0:
                continue
            if tier > top:
                top, best = tier, [nxt]
            elif tier == top:
                best.append(nxt)
        if not best:
            return False
        pos = best[rng.randrange(len(best))] if len(best) > 1 else best[0]
        seen.add(pos)
    return pos.is_cleared()


def hint_playout(rules: Ruleset, pos: Position, max_nodes: int = HINT_NODES, max_moves: int = HINT_MOVES) -> bool:
    """Play the page's hint policy (always the first hint) from ``pos``; True if it wins.

    The hint sees what a player sees (``solver.hints``) with a budget of
    ``max_nodes`` positions per hint.  Lost when no hint is left, when a
    hint leads back to a position of the game, or after ``max_moves``.
    """
    seen = {pos}
    for _ in range(max_moves):
        if pos.is_cleared():
            return True
        found = hints(rules, pos, max_nodes=max_nodes)
        move = found[0].move if found else None
        if move is None:
            return False
        pos = next_position(rules, pos, move)
        if pos in seen:
            return False
        seen.add(pos)
    return pos.is_cleared()


def noisy_hint_playout(
    rules: Ruleset, pos: Position, rng: random.Random, max_nodes: int, noise: int, max_moves: int = HINT_MOVES
) -> bool:
    """Play a noisy hint policy from ``pos``; True if it wins (the skill meter).

    At each turn it asks for hints as :func:`hint_playout` does, with
    ``max_nodes`` positions a hint, and plays the first, except that with a
    chance of ``noise`` in a hundred (drawn from ``rng``) it plays one of the
    hints at random.  A hint back to a position of this game is skipped; the
    game is lost when no hint is left or after ``max_moves`` moves.
    """
    seen = {pos}
    for _ in range(max_moves):
        if pos.is_cleared():
            return True
        options = []
        for h in hints(rules, pos, max_nodes=max_nodes):
            if h.move is None:
                continue
            nxt = next_position(rules, pos, h.move)
            if nxt not in seen:
                options.append(nxt)
        if not options:
            return False
        pos = options[rng.randrange(len(options))] if rng.randrange(100) < noise else options[0]
        seen.add(pos)
    return pos.is_cleared()


def seed(preset: str, deal: int, playout: int) -> int:
    """The tie-break seed of one playout: the same on every machine and Python."""
    text = f"{preset}:{deal}:{playout}"
    h = 2166136261
    for ch in text.encode():
        h = ((h ^ ch) * 16777619) & 0xFFFFFFFF
    return h


# -- measuring ----------------------------------------------------------------------


PROPERTY_KEYS = frozenset({"nodes", "length", "luck"})
"""What :func:`measure` gives a deal."""


def measure(args: tuple[str, int, dict[str, int]]) -> tuple[int, dict[str, int]]:
    """The three properties of one deal (:data:`PROPERTY_KEYS`)."""
    preset, deal, b = args
    game = engine.new_game(preset, deal=deal)
    result = solve(game.rules, game.position, max_nodes=b["solve_nodes"])
    won = result.status == SOLVED and replay(game.rules, game.position, result.moves).is_cleared()
    luck = sum(
        greedy_playout(game.rules, game.position, random.Random(seed(preset, deal, k)), b["playout_moves"])
        for k in range(b["playouts"])
    )
    return deal, {
        "nodes": result.nodes if won else b["solve_nodes"],
        "length": len(result.moves) if won else 0,
        "luck": luck,
    }


def skill_measure(args: tuple[str, int, dict[str, int]]) -> tuple[int, int]:
    """The skill meter of one deal: the wins of the perturbed hint policy's
    playouts, each with its own budget per hint (:data:`SKILL_NODES`,
    growing by :data:`SKILL_STEP`) and a little noise (:data:`SKILL_NOISE`).

    Its seeds are those of the luck meter's playouts with a ``skill:`` prefix."""
    preset, deal, b = args
    game = engine.new_game(preset, deal=deal)
    wins = sum(
        noisy_hint_playout(
            game.rules,
            game.position,
            random.Random(seed("skill:" + preset, deal, k)),
            b["skill_nodes"] + k * b["skill_step"],
            b["skill_noise"],
            b["hint_moves"],
        )
        for k in range(b["skill_playouts"])
    )
    return deal, wins


def hint_measure(args: tuple[str, int, dict[str, int]]) -> tuple[int, bool]:
    preset, deal, b = args
    game = engine.new_game(preset, deal=deal)
    return deal, hint_playout(game.rules, game.position, b["hint_nodes"], b["hint_moves"])


def load(path: Path = MEASURED) -> dict[str, Any]:
    if path.exists():
        data: dict[str, Any] = json.loads(path.read_text())
        if data.get("version") != FORMAT_VERSION:
            raise SystemExit(f"{path}: unknown version {data.get('version')!r}")
        for key in SKILL_BUDGETS:  # a file from before the skill meter: nothing in it was measured by it
            data["budgets"].setdefault(key, budgets()[key])
        return data
    return {"version": FORMAT_VERSION, "budgets": budgets(), "presets": {}}


def save(data: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n")
    os.replace(tmp, path)


def winnable_deals(preset: str, path: Path = WINNABLE) -> list[int]:
    entry = json.loads(path.read_text())["presets"].get(preset)
    if entry is None:
        raise SystemExit(f"{preset}: no proven deals in {path}")
    return list(entry["deals"])


def _batches(todo: list[int], size: int) -> Iterable[list[int]]:
    for i in range(0, len(todo), size):
        yield todo[i : i + size]


def _work(
    data: dict[str, Any],
    path: Path,
    todo: list[int],
    fn: Callable[[tuple[str, int, dict[str, int]]], tuple[int, Any]],
    preset: str,
    store: dict[str, Any],
    jobs: int,
    limit: float | None,
    label: str,
    merge: Callable[[], None] = lambda: None,
    b: dict[str, int] | None = None,
) -> bool:
    """Measure ``todo`` with ``fn`` in batches, saving after each; False
    when ``limit`` (seconds from now) stopped it first.  ``fn`` gets the
    budgets ``b`` (the file's when None)."""
    started = time.monotonic()
    b = data["budgets"] if b is None else b
    done = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for batch in _batches(todo, 2 * jobs):
            if limit is not None and time.monotonic() - started >= limit:
                print(f"{preset}: {label} stopped by --limit; run again to resume", flush=True)
                return False
            for deal, value in pool.map(fn, [(preset, d, b) for d in batch]):
                store[str(deal)] = value
            merge()
            save(data, path)
            done += len(batch)
            print(f"{preset}: {label} {done} of {len(todo)} deals", flush=True)
    return True


def check_budgets(data: dict[str, Any]) -> None:
    if data["budgets"] != budgets():
        raise SystemExit(
            f"the measurements were made with {data['budgets']}, not {budgets()}: "
            "move the file away to start again with these budgets"
        )


def run(
    preset: str,
    count: int | None,
    jobs: int,
    limit: float | None,
    path: Path = MEASURED,
    listed: list[int] | None = None,
    skill: bool = True,
) -> None:
    """Measure the first ``count`` deals of ``preset``'s winnable list (all
    if None) not measured yet: their skill meter (unless ``skill`` is
    False), then their other properties, then the hint policy on the
    calibration deals.

    The skill meter comes first, held-out deals first, since a deal's grade
    needs nothing else and the held-out deals decide validity; the other
    properties are diagnostics.  ``limit`` stops the run after that many
    seconds, between batches."""
    data = load(path)
    check_budgets(data)
    entry = data["presets"].setdefault(preset, {"deals": {}, "hint": {}})
    deals = (listed if listed is not None else winnable_deals(preset))[:count]
    store = entry["deals"]
    cal, held = places(deals)
    deadline = None if limit is None else time.monotonic() + limit

    def left() -> float | None:
        return None if deadline is None else deadline - time.monotonic()

    found: dict[str, Any] = {}

    def merge(figures: Callable[[Any], dict[str, Any]]) -> Callable[[], None]:
        def into_store() -> None:
            for deal, value in found.items():
                store.setdefault(deal, {}).update(figures(value))
            found.clear()

        return into_store

    if skill:
        todo = [d for d in held + cal if "skill" not in store.get(str(d), {})]
        skills = merge(lambda wins: {"skill": wins})
        divisor = entry.get("divisor", 1)
        label = "skill meter" if divisor == 1 else f"skill meter (budgets / {divisor})"
        meter = scaled(data["budgets"], divisor)
        if not _work(data, path, todo, skill_measure, preset, found, jobs, left(), label, skills, meter):
            return
    todo = [d for d in deals if not store.get(str(d), {}).keys() >= PROPERTY_KEYS]
    if not _work(data, path, todo, measure, preset, found, jobs, left(), "properties measured", merge(dict)):
        return
    todo = [d for d in cal if str(d) not in entry["hint"]]
    _work(data, path, todo, hint_measure, preset, entry["hint"], jobs, left(), "hint policy played (calibration)")


def choose_meter(preset: str, jobs: int, path: Path = MEASURED, listed: list[int] | None = None) -> int:
    """Choose ``preset``'s skill meter scale on calibration deals only (step
    10 of docs/grades.md): the first divisor of :data:`SKILL_DIVISORS` whose
    skill meter, on the first :data:`METER_DEALS` calibration deals, wins at
    most half of its playouts (the last divisor if none does).

    Each scale's wins are kept in the preset's ``meters``.  A scale other
    than 1 becomes the preset's ``divisor``: the deals' skill meters measured
    at the step-6 budgets move to ``meters["1"]`` (kept, never graded), and
    the chosen scale's wins on those calibration deals become their skill
    meters; a run then measures every other deal at that scale.  A preset
    that has a divisor keeps it."""
    data = load(path)
    check_budgets(data)
    entry = data["presets"].setdefault(preset, {"deals": {}, "hint": {}})
    if "divisor" in entry:
        return int(entry["divisor"])
    store = entry["deals"]
    deals = places(listed if listed is not None else winnable_deals(preset))[0][:METER_DEALS]
    meters = entry.setdefault("meters", {})
    playouts = data["budgets"]["skill_playouts"]
    divisor = SKILL_DIVISORS[-1]
    for d in SKILL_DIVISORS:
        wins = meters.setdefault(str(d), {})
        if d == 1:  # the step-6 meter: what is measured already counts
            wins.update({str(x): store[str(x)]["skill"] for x in deals if "skill" in store.get(str(x), {})})
        todo = [x for x in deals if str(x) not in wins]
        _work(
            data,
            path,
            todo,
            skill_measure,
            preset,
            wins,
            jobs,
            None,
            f"skill meter (budgets / {d})",
            b=scaled(data["budgets"], d),
        )
        share = sum(wins[str(x)] for x in deals) / (len(deals) * playouts)
        print(
            f"{preset}: skill meter at budgets / {d} wins {share:.0%} of its playouts on {len(deals)} calibration deals"
        )
        if share <= 0.5:
            divisor = d
            break
    if divisor != 1:
        meters["1"].update({k: m.pop("skill") for k, m in store.items() if "skill" in m})
        for x in deals:
            store.setdefault(str(x), {})["skill"] = meters[str(divisor)][str(x)]
        entry["divisor"] = divisor
    save(data, path)
    print(f"{preset}: the skill meter's budgets are divided by {divisor}")
    return divisor


# -- grading ------------------------------------------------------------------------


def percentile(sorted_values: list[float], x: float) -> float:
    """The share of ``sorted_values`` below ``x``, ties counted half."""
    lo = bisect.bisect_left(sorted_values, x)
    hi = bisect.bisect_right(sorted_values, x)
    return (lo + (hi - lo) / 2) / len(sorted_values)


def places(listed: list[int]) -> tuple[list[int], list[int]]:
    """(calibration, held out): the deals at even and at odd places of the list."""
    return listed[0::2], listed[1::2]


def split(listed: list[int], measured: dict[str, Any]) -> tuple[list[int], list[int]]:
    """(calibration, held out): the measured deals of :func:`places`."""
    cal, held = places(listed)
    return [d for d in cal if str(d) in measured], [d for d in held if str(d) in measured]


PROPERTIES = ("skill", "luck", "length", "nodes")
"""The measured properties (the report shows how each alone predicts); skill
and luck count the other way round (more wins is easier)."""
EASIER_WHEN_MORE = frozenset({"skill", "luck"})


def auc(scores: list[float], won: list[bool]) -> float:
    """How well ``scores`` put the deals the hint policy lost above the ones
    it won: the share of (lost, won) pairs with the lost deal's score higher,
    ties counted half (0.5: no better than chance; 1: perfect)."""
    lost_scores = [s for s, w in zip(scores, won, strict=True) if not w]
    won_scores = [s for s, w in zip(scores, won, strict=True) if w]
    if not lost_scores or not won_scores:
        return 0.5
    pairs = sum((a > b) + (a == b) / 2 for a in lost_scores for b in won_scores)
    return pairs / (len(lost_scores) * len(won_scores))


def grade(m: dict[str, int], playouts: int) -> str | None:
    """A deal's grade from its skill meter (``skill``: the wins of ``playouts``
    playouts of the perturbed hint policy), or None when it has none yet:
    **Easy** when every playout won, **Medium** when at least half did,
    **Hard** when at least one did, **Expert** when none did.

    The bands are fixed in advance, not fitted: they were chosen before any
    deal's skill meter had been looked at, and the held-out deals' hint
    games only check them (docs/grades.md)."""
    won = m.get("skill")
    if won is None:
        return None
    if won >= playouts:
        return "E"
    if 2 * won >= playouts:
        return "M"
    return "H" if won >= 1 else "X"


def tally(entry: dict[str, Any], deals: list[int], playouts: int) -> dict[str, tuple[int, int]]:
    """The hint policy's (games, wins) per grade on those of ``deals`` it has
    played that have a grade."""
    rows = {x: (0, 0) for x in GRADES}
    for d in deals:
        m = entry["deals"].get(str(d))
        x = None if m is None else grade(m, playouts)
        if x is not None and str(d) in entry["hint"]:
            n, w = rows[x]
            rows[x] = (n + 1, w + int(entry["hint"][str(d)]))
    return rows


def held_out(entry: dict[str, Any], listed: list[int], playouts: int) -> dict[str, tuple[int, int]]:
    """The hint policy's (games, wins) per grade on the held-out deals."""
    return tally(entry, split(listed, entry["deals"])[1], playouts)


def valid(rows: dict[str, tuple[int, int]]) -> bool:
    """Whether every grade has held-out deals and each harder grade wins less often."""
    if any(n == 0 for n, _ in rows.values()):
        return False
    rates = [w / n for n, w in (rows[x] for x in GRADES)]
    return all(a > b for a, b in itertools.pairwise(rates))


def write(data: dict[str, Any] | None = None, path: Path = SHIPPED, winnable: Path = WINNABLE) -> dict[str, Any]:
    """Ship one letter per deal of each graded preset's winnable list (``.``
    for a deal with no skill meter yet): the presets whose grades pass the
    validity check on their held-out deals."""
    data = load() if data is None else data
    playouts = data["budgets"]["skill_playouts"]
    out: dict[str, Any] = {"version": FORMAT_VERSION, "presets": {}}
    for preset, entry in sorted(data["presets"].items()):
        listed = winnable_deals(preset, winnable)
        rows = held_out(entry, listed, playouts)
        if not valid(rows):
            why = "do not pass the validity check" if any(n for n, _ in rows.values()) else "are not checked yet"
            print(f"{preset}: the grades {why} (--report): not shipped")
            continue
        measured = entry["deals"]
        letters = "".join((grade(measured[str(d)], playouts) if str(d) in measured else None) or "." for d in listed)
        out["presets"][preset] = {"grades": letters}
    save(out, path)
    return out


# -- the validity report ------------------------------------------------------------


def report(
    presets: list[str], jobs: int, limit: float | None, count: int | None, path: Path = MEASURED
) -> dict[str, dict[str, tuple[int, int]]]:
    """Play the hint policy on the held-out deals; print and return (games, wins) per grade."""
    data = load(path)
    check_budgets(data)
    playouts = data["budgets"]["skill_playouts"]
    table: dict[str, dict[str, tuple[int, int]]] = {}
    others: dict[str, dict[str, tuple[int, int]]] = {}
    halves: dict[str, dict[str, tuple[tuple[int, int], tuple[int, int]]]] = {}
    for preset in presets:
        entry = data["presets"].get(preset)
        if not entry:
            print(f"{preset}: not measured")
            continue
        listed = winnable_deals(preset)
        cal, held = split(listed, entry["deals"])
        todo = [d for d in held[:count] if str(d) not in entry["hint"]]
        _work(data, path, todo, hint_measure, preset, entry["hint"], jobs, limit, "hint policy played")
        table[preset] = rows = held_out(entry, listed, playouts)
        others[preset] = tally(entry, cal, playouts)
        halves[preset] = property_halves(entry, listed)
        scored = [d for d in held if str(d) in entry["hint"] and "skill" in entry["deals"][str(d)]]
        won = [bool(entry["hint"][str(d)]) for d in scored]
        held_auc = auc([-float(entry["deals"][str(d)]["skill"]) for d in scored], won)
        verdict = "passes" if valid(rows) else "FAILS"
        if entry.get("divisor", 1) != 1:
            print(f"{preset}: the skill meter's budgets are divided by {entry['divisor']} (step 10)")
        print(f"{preset}: skill meter's held-out AUC {held_auc:.2f} ({len(scored)} deals); {verdict}")
        for k in range(playouts, -1, -1):
            at = [w for d, w in zip(scored, won, strict=True) if entry["deals"][str(d)]["skill"] == k]
            print(f"{preset}: held-out deals with skill {k}/{playouts}: {sum(at)} won of {len(at)}")
    print_table(table)
    print("\nThe calibration deals (the bands use none of their results either):")
    print_table(others, "calibration deals")
    print_halves(halves)
    return table


def property_halves(entry: dict[str, Any], listed: list[int]) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
    """Per property alone: the hint policy's (games, wins) on the held-out
    deals on the easy and on the hard side of the calibration deals' median
    (a diagnostic of which property predicts)."""
    measured = entry["deals"]
    cal, held = split(listed, measured)
    out: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {}
    for prop in PROPERTIES:
        if not cal or not all(prop in measured[str(d)] for d in cal + held):
            continue  # no calibration deal to halve by, or a deal without it
        sign = -1 if prop in EASIER_WHEN_MORE else 1
        values = sorted(sign * measured[str(d)][prop] for d in cal)
        halves = [(0, 0), (0, 0)]
        for d in held:
            if str(d) in entry["hint"]:
                side = int(percentile(values, sign * measured[str(d)][prop]) >= 0.5)
                n, w = halves[side]
                halves[side] = (n + 1, w + int(entry["hint"][str(d)]))
        out[prop] = (halves[0], halves[1])
    return out


def print_halves(halves: dict[str, dict[str, tuple[tuple[int, int], tuple[int, int]]]]) -> None:
    print()
    print("| game | property alone | easier half: wins/deals | harder half: wins/deals |")
    print("|---|---|---:|---:|")
    for preset, props in halves.items():
        for prop, ((n0, w0), (n1, w1)) in props.items():
            print(f"| {preset} | {prop} | {w0}/{n0} | {w1}/{n1} |")


def print_table(table: dict[str, dict[str, tuple[int, int]]], deals: str = "held-out deals") -> None:
    print(f"| game | grade | {deals} | hint policy wins | win rate |")
    print("|---|---|---:|---:|---:|")
    for preset, rows in table.items():
        for x in GRADES:
            n, w = rows[x]
            rate = f"{w / n:.0%}" if n else "-"
            print(f"| {preset} | {GRADE_NAMES[x]} | {n} | {w} | {rate} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("presets", nargs="*", help="preset ids")
    ap.add_argument("--count", type=int, default=None, help="only the first COUNT deals of each list")
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 1)))
    ap.add_argument("--limit", type=float, default=None, help="stop each preset after this many seconds")
    ap.add_argument("--report", action="store_true", help="play the hint policy on held-out deals; print the table")
    ap.add_argument("--write", action="store_true", help="only write the shipped file")
    ap.add_argument("--no-skill", action="store_true", help="measure no skill meter (it is the slowest)")
    ap.add_argument(
        "--choose-meter", action="store_true", help="choose the skill meter's scale on calibration deals (step 10)"
    )
    a = ap.parse_args()
    for p in a.presets:
        if p not in engine.PRESETS:
            raise SystemExit(f"unknown preset {p!r}")
    if a.report:
        report(a.presets, a.jobs, a.limit, a.count)
        return
    if a.choose_meter:
        for p in a.presets:
            choose_meter(p, a.jobs)
    if not a.write:
        for p in a.presets:
            run(p, a.count, a.jobs, a.limit, skill=not a.no_skill)
    out = write()
    print(f"{SHIPPED}: {SHIPPED.stat().st_size} bytes, {', '.join(out['presets'])}")


if __name__ == "__main__":
    main()
