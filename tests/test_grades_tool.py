"""tools/grades.py: the measurements are reproducible, a run resumes, and the shipped file's format."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import engine
from tools import grades

SMALL = {"SOLVE_NODES": 3000, "PLAYOUTS": 2, "PLAYOUT_MOVES": 60, "HINT_NODES": 20, "HINT_MOVES": 4}


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    for name, value in SMALL.items():
        monkeypatch.setattr(grades, name, value)
    return grades.budgets()


def test_a_deal_measures_the_same_twice(small: dict[str, int]) -> None:
    first = grades.measure(("spider-1", 1, small))
    assert first == grades.measure(("spider-1", 1, small))
    deal, m = first
    assert deal == 1 and set(m) == {"nodes", "length", "luck"}
    assert 0 <= m["luck"] <= small["playouts"] and 0 < m["nodes"] <= small["solve_nodes"]


def test_a_greedy_playout_depends_only_on_its_seed() -> None:
    g = engine.new_game("spider-1", deal=2)
    runs = [
        grades.greedy_playout(g.rules, g.position, random.Random(grades.seed("spider-1", 2, k)), 80) for k in range(3)
    ]
    again = [
        grades.greedy_playout(g.rules, g.position, random.Random(grades.seed("spider-1", 2, k)), 80) for k in range(3)
    ]
    assert runs == again
    assert grades.seed("spider-1", 2, 0) == 1628766220  # FNV-1a: fixed across machines and Python versions


def test_the_greedy_policy_wins_a_deal_with_one_run_left() -> None:
    g = engine.game_from_notation("spider-1", "KsQsJs/Ts9s/*As8s7s6s5s4s3s2s/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    assert grades.greedy_playout(g.rules, g.position, random.Random(1))
    assert grades.hint_playout(g.rules, g.position)


def test_the_policy_never_breaks_a_suited_link_for_nothing() -> None:
    g = engine.game_from_notation("spider-4", "Ks/JsQh/Ts9s/Th/Jd/-/-/-/-/- - -/-/-/-/-/-/-/-")
    pos = g.position
    tiers = {}
    for m in engine.legal_moves(g.rules, pos):
        if m.kind == engine.MOVE:
            tiers[str(m)] = grades.preference(g.rules, pos, m, engine.next_position(g.rules, pos, m))
    assert tiers["c3>c4"] == -1  # the nine off the ten of its suit onto another ten: never
    assert tiers["c3:2>c5"] == 3  # the whole run onto a jack empties its column
    assert tiers["c2>c1"] == 1  # a queen of another suit on the king
    assert tiers["c4>c5"] == 3  # the ten of hearts empties its column
    assert tiers["c3:2>c6"] == 0  # into an empty column


def test_a_run_resumes_and_keeps_what_was_measured(small: dict[str, int], tmp_path: Path) -> None:
    path = tmp_path / "grades.json"
    listed = [1, 2, 3]
    grades.run("spider-1", 2, 1, None, path, listed)
    data = json.loads(path.read_text())
    assert set(data["presets"]["spider-1"]["deals"]) == {"1", "2"} and data["budgets"] == small
    data["presets"]["spider-1"]["deals"]["1"]["luck"] = 99  # a marker: a resumed run must not measure it again
    path.write_text(json.dumps(data))
    grades.run("spider-1", 3, 1, None, path, listed)
    after = json.loads(path.read_text())["presets"]["spider-1"]["deals"]
    assert set(after) == {"1", "2", "3"} and after["1"]["luck"] == 99
    assert after["3"] == grades.measure(("spider-1", 3, small))[1]


def test_other_budgets_are_refused(small: dict[str, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "grades.json"
    grades.run("spider-1", 1, 1, None, path, [1])
    monkeypatch.setattr(grades, "PLAYOUTS", 3)
    with pytest.raises(SystemExit, match="budgets"):
        grades.run("spider-1", 2, 1, None, path, [1, 2])


def test_grades_split_the_calibration_deals_in_quarters() -> None:
    cal = [{"nodes": 1000 * i, "length": 100 + i, "luck": 40 - i} for i in range(40)]
    g = grades.Grader(cal)
    letters = [g.grade(m) for m in cal]
    assert letters == sorted(letters, key=grades.GRADES.index)  # harder on every count: a grade no easier
    assert [letters.count(x) for x in grades.GRADES] == [10, 10, 10, 10]
    assert g.grade({"nodes": 0, "length": 0, "luck": 99}) == "E"
    assert g.grade({"nodes": 10**9, "length": 999, "luck": 0}) == "X"


def test_the_held_out_deals_are_not_the_calibration_deals() -> None:
    measured: dict[str, object] = {str(d): {} for d in (5, 8, 9, 12)}
    cal, held = grades.split([5, 8, 9, 11, 12], measured)
    assert cal == [5, 9, 12] and held == [8]


def test_the_shipped_file_has_one_grade_per_listed_deal() -> None:
    shipped = grades.SHIPPED
    data = json.loads(shipped.read_text())
    assert data["version"] == grades.FORMAT_VERSION and data["presets"]
    winnable = json.loads(grades.WINNABLE.read_text())["presets"]
    for preset, entry in data["presets"].items():
        assert preset in engine.PRESETS
        letters = entry["grades"]
        assert len(letters) == len(winnable[preset]["deals"])
        assert set(letters) <= {*grades.GRADES, "."}
    assert shipped.stat().st_size < 16_000  # a few letters per deal, fetched only with the winnable list


def test_the_shipped_file_is_what_the_measurements_give(tmp_path: Path) -> None:
    out = grades.write(path=tmp_path / "grades.json")
    assert json.loads((tmp_path / "grades.json").read_text()) == out
    assert out == json.loads(grades.SHIPPED.read_text())


def test_the_report_counts_hint_games_on_held_out_deals_only(
    small: dict[str, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "grades.json"
    listed = grades.winnable_deals("spider-1")[:4]
    grades.run("spider-1", 4, 1, None, path, listed)
    table = grades.report(["spider-1"], 1, None, None, path)
    played = json.loads(path.read_text())["presets"]["spider-1"]["hint"]
    assert set(played) == {str(listed[1]), str(listed[3])}  # the odd places: no calibration deal is played
    assert sum(n for n, _ in table["spider-1"].values()) == 2
    assert all(w == 0 for _, w in table["spider-1"].values())  # four moves never win a deal
    out = capsys.readouterr().out
    assert "| spider-1 | Easy |" in out and "| spider-1 | luck | 0/" in out
