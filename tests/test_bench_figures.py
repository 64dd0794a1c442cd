"""The benchmarks' own arithmetic: the review's gap buckets
(``bench/solver_bench.py``) and the worker benchmark's frame and CPU
figures (``bench/worker_bench.py``), on made-up results."""

from __future__ import annotations

from typing import Any

import pytest

from bench.solver_bench import gap_distribution, summarise_reviews
from bench.worker_bench import cpu_used, frame_figures


def _game(gap: int | None, still: bool = False, from_deal: bool = False) -> dict[str, Any]:
    return {
        "moves": 80,
        "seconds": 10.0,
        "searches": 12,
        "gap": gap,
        "still_winnable": still,
        "lost_from_deal": from_deal,
    }


def test_every_game_falls_in_one_gap_bucket() -> None:
    games = [
        _game(0),
        _game(0),
        _game(3),
        _game(5),
        _game(6),
        _game(20),
        _game(21),
        _game(None),
        _game(None, from_deal=True),
    ]
    games.append(_game(None, still=True))
    f = summarise_reviews(games, factor=2.0)
    dist = gap_distribution(f)
    assert dist == {"exact": 2, "1-5": 2, "6-20": 2, ">20": 1, "no slip found": 3}
    assert sum(dist.values()) == f["games"] == len(games)
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
