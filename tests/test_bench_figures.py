"""The benchmarks' own arithmetic: the review's gap buckets
(``bench/solver_bench.py``) and the worker benchmark's frame and CPU
figures (``bench/worker_bench.py``), on made-up results; and which of our
modules the snapshot size benchmark leaves out or stands in
(``bench/snapshot_size.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from bench.snapshot_size import import_graph, stand_in_failures, without
from bench.solver_bench import gap_distribution, summarise_reviews
from bench.worker_bench import cpu_used, frame_figures
from tools.build.common import ROOT
from tools.build.imports import snapshot_modules
from tools.build.site import our_files, python_files


def _game(last_winnable: int | None, first_lost: int | None, still: bool = False) -> dict[str, Any]:
    """A reviewed game's figures, as ``review_game`` gives them."""
    both = last_winnable is not None and first_lost is not None
    return {
        "deal": 1,
        "moves": 80,
        "seconds": 10.0,
        "searches": 12,
        "last_winnable": last_winnable,
        "first_lost": first_lost,
        "gap": first_lost - last_winnable - 1 if both else None,  # type: ignore[operator]
        "still_winnable": still,
        "lost_from_deal": first_lost == 0,
    }


def test_every_game_falls_in_one_gap_bucket() -> None:
    gaps = [0, 0, 3, 5, 6, 20, 21]
    games = [_game(10, 10 + g + 1) for g in gaps]
    games += [_game(10, None), _game(None, 0), _game(None, 40), _game(None, None), _game(80, None, still=True)]
    f = summarise_reviews(games, factor=2.0)
    dist = gap_distribution(f)
    # a game lost from the deal is exact: it has no slip, and the review proves so
    assert dist == {"exact": 3, "1-5": 2, "6-20": 2, ">20": 1, "no slip found": 4}
    assert sum(dist.values()) == f["games"] == len(games)
    # the open games, by what is missing: a win found from no position, a loss proven at none, neither
    assert (f["open_no_win"], f["open_no_loss"], f["open_neither"]) == (1, 1, 1) and f["open"] == 3
    assert f["page_s_max"] == 20.0  # CPU seconds times the factor


def test_frame_figures() -> None:
    f = frame_figures([16.7, 16.6, 16.7, 83.3, 16.7])
    assert f["frames"] == 5 and f["max_ms"] == 83.3 and f["over_50ms"] == 1 and f["median_ms"] == 16.7
    assert frame_figures([])["frames"] == 0


def test_cpu_of_the_searching_thread() -> None:
    before = {
        "main": (1.0, 0.1),
        "DedicatedWorker": (0.5, 0.0),
        "ServiceWorker t": (0.2, 0.0),
        "Compositor": (0.1, 0.0),
    }
    after = {"main": (1.5, 0.4), "DedicatedWorker": (2.5, 1.0), "ServiceWorker t": (0.9, 0.0), "Compositor": (0.3, 0.0)}
    assert cpu_used(before, after, "main") == pytest.approx((0.5, 0.3))
    assert cpu_used(before, after, "worker") == (2.0, 1.0)  # not the service worker's thread
    assert cpu_used({}, {"main": (1.0, 0.0), "DedicatedWorker": (1.0, 0.5)}, "worker") == (
        1.0,
        0.5,
    )  # started meanwhile


def test_snapshot_size_leaves_out_what_imports_a_left_out_module() -> None:
    files = our_files(ROOT)
    py_files = python_files(files)
    pure = snapshot_modules(files, py_files)
    left = without(pure, import_graph(files, py_files), ["solver"])
    assert not [m for m in left if m == "solver" or m.startswith("solver.")]
    # the helpers import the solver when imported, and the composition root imports them
    assert "ui.helpers.hints" not in left and "ui.app" not in left
    assert "engine" in left and "ui.table.layout" in left


def test_snapshot_size_stand_ins_let_the_rest_import() -> None:
    lazy = ["solver", "ui.screens.statistics_view"]
    assert stand_in_failures(lazy, ["ui.app", "ui.helpers.hints"]) == []
    failed = stand_in_failures(lazy, ["ui.no_such_module"])
    assert len(failed) == 1 and failed[0].startswith("ui.no_such_module")
