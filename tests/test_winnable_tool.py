"""tools/winnable.py and the list it ships: twins share their results; every preset has 1,000 proven deals."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import engine
from solver import SOLVED, replay, solve

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("winnable_tool", ROOT / "tools" / "winnable.py")
assert _spec and _spec.loader
winnable = importlib.util.module_from_spec(_spec)
sys.modules["winnable_tool"] = winnable
_spec.loader.exec_module(winnable)


def entry(deals: list[int], tried: int) -> dict:
    return {"deals": deals, "tried": tried, "nodes_per_deal": 100000, "seconds_per_deal": None, "solve_seconds": 1.0}


def test_spidike_is_four_suit_spider_under_another_name() -> None:
    assert winnable.same_game("spidike", "spider-4")
    assert winnable.twin("spidike", {"presets": {"spider-4": entry([2, 4], 5)}}) == "spider-4"


def test_games_that_differ_are_not_twins() -> None:
    for a, b in [
        ("spider-2", "spider-4"),
        ("spider-relaxed", "spider-4"),
        ("little-spider", "little-spider-classic"),
        ("spidike-classic", "spidike"),
    ]:
        assert not winnable.same_game(a, b)
    assert winnable.twin("spider-2", {"presets": {"spider-4": entry([2], 5)}}) is None


def test_a_twin_of_a_twin_is_not_followed() -> None:
    data = {"presets": {"spidike": {**entry([2], 5), "twin": "spider-4"}}}
    assert winnable.twin("spider-4", data) is None


def test_a_four_suit_spider_solution_wins_the_same_spidike_deal() -> None:
    four = engine.new_game("spider-4", deal=4)
    result = solve(four.rules, four.position, max_nodes=20000)
    assert result.status == SOLVED
    spidike = engine.new_game("spidike", deal=4)
    assert replay(spidike.rules, spidike.position, result.moves).is_cleared()


# -- the shipped list -------------------------------------------------------------


def test_every_preset_ships_at_least_a_thousand_proven_deals() -> None:
    data = winnable.load()
    for preset in engine.PRESETS:
        entry_ = data["presets"][preset]
        deals = entry_["deals"]
        assert len(deals) >= 1000, preset
        assert deals == sorted(set(deals)) and deals[0] >= 1, preset
        assert entry_["tried"] >= len(deals), preset


@pytest.mark.cpython_only  # about 7 s in all
def test_the_first_shipped_deal_of_every_preset_is_still_won_by_the_current_engine() -> None:
    """Catches a change to dealing or to the rules that would leave the list proving other games."""
    data = winnable.load()
    for preset in engine.PRESETS:
        entry_ = data["presets"][preset]
        g = engine.new_game(preset, deal=entry_["deals"][0])
        result = solve(g.rules, g.position, max_nodes=entry_.get("nodes_per_deal") or 20000)
        assert result.status == SOLVED, preset
        assert replay(g.rules, g.position, result.moves).is_cleared(), preset
