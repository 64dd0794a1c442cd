"""tools/grades.py: the measurements are reproducible, a run resumes, and the shipped file's format."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import engine
from tools import grades

SMALL = {
    "SOLVE_NODES": 3000,
    "PLAYOUTS": 2,
    "PLAYOUT_MOVES": 60,
    "HINT_NODES": 20,
    "HINT_MOVES": 4,
    "SKILL_PLAYOUTS": 2,
    "SKILL_NODES": 10,
    "SKILL_STEP": 5,
}


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
    skill = grades.skill_measure(("spider-1", 1, small))
    assert skill == grades.skill_measure(("spider-1", 1, small)) and 0 <= skill[1] <= small["skill_playouts"]


def test_the_noisy_hint_policy_depends_only_on_its_seed_and_wins_an_easy_deal() -> None:
    g = engine.new_game("spider-1", 3)
    runs = [grades.noisy_hint_playout(g.rules, g.position, random.Random(k), 10, 50, 30) for k in range(3)]
    assert runs == [grades.noisy_hint_playout(g.rules, g.position, random.Random(k), 10, 50, 30) for k in range(3)]
    easy = engine.game_from_notation("spider-1", "KsQsJs/Ts9s/*As8s7s6s5s4s3s2s/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    assert all(grades.noisy_hint_playout(easy.rules, easy.position, random.Random(k), 50, 100) for k in range(3))


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
    assert set(data["presets"]["spider-1"]["hint"]) == {"1"}  # the calibration deal: the fit's outcomes
    data["presets"]["spider-1"]["deals"]["1"]["luck"] = 99  # a marker: a resumed run must not measure it again
    path.write_text(json.dumps(data))
    grades.run("spider-1", 3, 1, None, path, listed)
    after = json.loads(path.read_text())["presets"]["spider-1"]["deals"]
    assert set(after) == {"1", "2", "3"} and after["1"]["luck"] == 99
    want = {**grades.measure(("spider-1", 3, small))[1], "skill": grades.skill_measure(("spider-1", 3, small))[1]}
    assert after["3"] == want


def test_a_file_from_before_the_skill_meter_resumes_with_it(small: dict[str, int], tmp_path: Path) -> None:
    path = tmp_path / "grades.json"
    grades.run("spider-1", 1, 1, None, path, [1], skill=False)
    data = json.loads(path.read_text())
    assert "skill" not in data["presets"]["spider-1"]["deals"]["1"]
    for key in grades.SKILL_BUDGETS:
        del data["budgets"][key]
    path.write_text(json.dumps(data))
    grades.run("spider-1", 1, 1, None, path, [1])
    after = json.loads(path.read_text())
    assert after["budgets"] == small
    m = after["presets"]["spider-1"]["deals"]["1"]
    assert m == {**data["presets"]["spider-1"]["deals"]["1"], "skill": grades.skill_measure(("spider-1", 1, small))[1]}


def test_two_runs_write_the_same_files(small: dict[str, int], tmp_path: Path) -> None:
    texts = []
    for name in ("a", "b"):
        path = tmp_path / f"{name}.json"
        grades.run("spider-1", 4, 2, None, path, [1, 2, 3, 4])
        texts.append(path.read_text())
    assert texts[0] == texts[1]


def test_other_budgets_are_refused(small: dict[str, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "grades.json"
    grades.run("spider-1", 1, 1, None, path, [1])
    monkeypatch.setattr(grades, "PLAYOUTS", 3)
    with pytest.raises(SystemExit, match="budgets"):
        grades.run("spider-1", 2, 1, None, path, [1, 2])


def test_the_weights_are_fitted_to_the_calibration_outcomes() -> None:
    # the hint policy won exactly the deals with skill 2 or more; luck says the opposite
    cal = [{"skill": i % 4, "luck": 3 - i % 4, "length": 100, "nodes": 5000} for i in range(40)]
    won = [m["skill"] >= 2 for m in cal]
    g = grades.Grader(cal, outcomes=won)
    assert g.weights == {"skill": 1, "luck": 0, "length": 0, "nodes": 0}  # the simplest of the best
    assert grades.auc([g.score(m) for m in cal], won) == 1.0
    assert {g.grade(m) for m, w in zip(cal, won, strict=True) if w} <= {"E", "M"}
    assert grades.auc([1.0, 0.0], [False, True]) == 1.0 and grades.auc([0.0, 1.0], [False, True]) == 0.0


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
    assert data["version"] == grades.FORMAT_VERSION  # no game at all while none passes the validity check
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
    played = json.loads(path.read_text())["presets"]["spider-1"]["hint"]
    assert set(played) == {str(listed[0]), str(listed[2])}  # a run plays the calibration deals only
    table = grades.report(["spider-1"], 1, None, None, path)
    played = json.loads(path.read_text())["presets"]["spider-1"]["hint"]
    assert set(played) == set(map(str, listed))  # and the report the held-out ones
    assert sum(n for n, _ in table["spider-1"].values()) == 2
    assert all(w == 0 for _, w in table["spider-1"].values())  # four moves never win a deal
    out = capsys.readouterr().out
    assert "| spider-1 | Easy |" in out and "| spider-1 | luck | 0/" in out


def test_grades_are_valid_only_when_each_harder_grade_wins_less_often() -> None:
    assert grades.valid({"E": (10, 5), "M": (10, 3), "H": (12, 2), "X": (9, 0)})
    assert not grades.valid({"E": (10, 5), "M": (10, 3), "H": (10, 3), "X": (10, 0)})  # a tie
    assert not grades.valid({"E": (10, 2), "M": (10, 3), "H": (10, 1), "X": (10, 0)})
    assert not grades.valid({"E": (10, 5), "M": (0, 0), "H": (10, 1), "X": (10, 0)})  # a grade with no deal


def test_a_preset_whose_grades_fail_the_check_is_not_shipped(tmp_path: Path) -> None:
    listed = grades.winnable_deals("spider-1")[:32]
    deals = {str(d): {"nodes": 1000 + i, "length": 100 + i, "luck": 32 - i} for i, d in enumerate(listed)}
    good: dict[str, Any] = {"version": 1, "budgets": grades.budgets(), "presets": {}}
    won = {str(d): i < 14 or i == 17 for i, d in enumerate(listed)}  # held out: Easy 4/4, Medium 3/4, Hard 1/4
    good["presets"]["spider-1"] = {"deals": deals, "hint": won}
    out = grades.write(good, tmp_path / "a.json")
    assert set(out["presets"]) == {"spider-1"} and len(out["presets"]["spider-1"]["grades"]) == 1001
    bad = json.loads(json.dumps(good))
    bad["presets"]["spider-1"]["hint"] = {str(d): i >= 16 for i, d in enumerate(listed)}  # the harder deals won
    assert grades.write(bad, tmp_path / "b.json")["presets"] == {}
