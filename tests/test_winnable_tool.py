"""tools/winnable.py: twins (presets that are the same game) and their shortcut."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("winnable_tool", ROOT / "tools" / "winnable.py")
assert _spec and _spec.loader
winnable = importlib.util.module_from_spec(_spec)
sys.modules["winnable_tool"] = winnable
_spec.loader.exec_module(winnable)


def entry(nodes: int | None, deals: list[int], tried: int) -> dict:
    return {"deals": deals, "tried": tried, "nodes_per_deal": nodes, "seconds_per_deal": None, "solve_seconds": 0.0}


def test_spidike_is_the_twin_of_four_suit_spider_solved_with_the_same_budget() -> None:
    data = {"presets": {"spider-4": entry(100000, [2, 4], 5)}}
    assert winnable.twin("spidike", data, 100000) == "spider-4"


def test_a_twin_needs_the_same_budget_in_positions() -> None:
    data = {"presets": {"spider-4": entry(50000, [2, 4], 5)}}
    assert winnable.twin("spidike", data, 100000) is None
    assert winnable.twin("spidike", data, None) is None  # a time budget is not deterministic


def test_games_that_differ_are_not_twins() -> None:
    data = {"presets": {"spider-4": entry(100000, [2], 5), "spider-2": entry(100000, [1], 5),
                        "spider-relaxed": entry(100000, [1], 5)}}
    assert winnable.twin("spider-2", data, 100000) is None
    assert winnable.twin("spider-relaxed", data, 100000) is None
    assert winnable.twin("little-spider", data, 100000) is None


def test_only_deals_the_twin_tried_and_failed_are_skipped() -> None:
    twin = entry(100000, [2, 4], 5)
    assert winnable.twin_failed(range(1, 9), twin) == [1, 3, 5]
