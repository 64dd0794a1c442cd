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


def test_the_grade_is_the_skill_meters_band() -> None:
    assert [grades.grade({"skill": k, "luck": 0}, 4) for k in (4, 3, 2, 1, 0)] == ["E", "M", "M", "H", "X"]
    assert [grades.grade({"skill": k}, 2) for k in (2, 1, 0)] == ["E", "M", "X"]  # no Hard band with 2 playouts
    assert grades.grade({"luck": 12, "length": 90, "nodes": 10}, 4) is None  # no skill meter yet: no grade


def test_the_tally_counts_graded_deals_the_hint_policy_played() -> None:
    entry = {
        "deals": {"1": {"skill": 4}, "2": {"skill": 4}, "3": {"skill": 0}, "4": {"luck": 3}, "5": {"skill": 1}},
        "hint": {"1": True, "2": False, "3": False, "4": True},
    }
    assert grades.tally(entry, [1, 2, 3, 4, 5, 6], 4) == {"E": (2, 1), "M": (0, 0), "H": (0, 0), "X": (1, 0)}
    assert grades.auc([1.0, 0.0], [False, True]) == 1.0 and grades.auc([0.0, 1.0], [False, True]) == 0.0


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
    skill = [4, 4, 3, 2, 1, 1, 0, 0] * 3  # the first 24 deals; the last 8 have no skill meter yet
    deals: dict[str, Any] = {str(d): {"nodes": 1000, "length": 100, "luck": 3} for d in listed}
    for d, k in zip(listed, skill, strict=False):
        deals[str(d)]["skill"] = k
    good: dict[str, Any] = {"version": 1, "budgets": grades.budgets(), "presets": {}}
    # held out (odd places): Easy at 1, 9, 17; Medium at 3, 11, 19; Hard at 5, 13, 21; Expert at 7, 15, 23
    won = {str(d): i in {1, 9, 17, 3, 11, 5} for i, d in enumerate(listed)}
    good["presets"]["spider-1"] = {"deals": deals, "hint": won}
    rows = grades.held_out(good["presets"]["spider-1"], listed, 4)
    assert rows == {"E": (3, 3), "M": (3, 2), "H": (3, 1), "X": (3, 0)}, rows
    out = grades.write(good, tmp_path / "a.json")
    letters = out["presets"]["spider-1"]["grades"]
    assert len(letters) == 1001 and letters[:8] == "EEMMHHXX" and letters[24:] == "." * (1001 - 24)
    bad = json.loads(json.dumps(good))
    bad["presets"]["spider-1"]["hint"] = {str(d): grades.grade(deals[str(d)], 4) == "X" for d in listed}
    assert grades.write(bad, tmp_path / "b.json")["presets"] == {}  # the Expert deals won: not shipped


def _no_properties(args: tuple[str, int, dict[str, int]]) -> tuple[int, dict[str, int]]:
    raise RuntimeError("the properties were measured")


def test_the_skill_meter_is_measured_before_the_other_properties(
    small: dict[str, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "grades.json"
    monkeypatch.setattr(grades, "measure", _no_properties)
    with pytest.raises(RuntimeError, match="properties"):
        grades.run("spider-1", 3, 1, None, path, [1, 2, 3])
    measured = json.loads(path.read_text())["presets"]["spider-1"]["deals"]
    # every deal's skill meter, and so its grade, was saved before anything else was measured
    assert measured == {str(d): {"skill": grades.skill_measure(("spider-1", d, small))[1]} for d in (1, 2, 3)}


def _skill_by_budget(args: tuple[str, int, dict[str, int]]) -> tuple[int, int]:
    """A stand-in skill meter: every playout wins at the step-6 budgets, half of
    them at half those budgets, none below."""
    _, deal, b = args
    return deal, {90: 4, 45: 2}.get(b["skill_nodes"], 0)


def test_a_meter_scale_is_chosen_on_calibration_deals_and_then_measures_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "grades.json"
    listed = list(range(1, 11))  # calibration deals 1, 3, 5, 7, 9; held out 2, 4, 6, 8, 10
    monkeypatch.setattr(grades, "METER_DEALS", 3)
    monkeypatch.setattr(grades, "skill_measure", _skill_by_budget)
    monkeypatch.setattr(grades, "measure", _no_properties)
    data = grades.load(path)
    data["presets"]["spider-1"] = {"deals": {"2": {"skill": 4}, "3": {"skill": 3}}, "hint": {}}
    grades.save(data, path)
    assert grades.choose_meter("spider-1", 1, path, listed) == 2
    entry = json.loads(path.read_text())["presets"]["spider-1"]
    # the step-6 meter won more than half (the measured 3, the stand-in's 4 and 4), half-budgets half
    assert entry["meters"] == {"1": {"1": 4, "2": 4, "3": 3, "5": 4}, "2": {"1": 2, "3": 2, "5": 2}}
    assert entry["divisor"] == 2
    # the chosen scale's wins are the skill meters of those deals; the step-6 figures are kept aside
    assert entry["deals"] == {"1": {"skill": 2}, "2": {}, "3": {"skill": 2}, "5": {"skill": 2}}
    assert grades.choose_meter("spider-1", 1, path, listed) == 2  # kept, not chosen again
    with pytest.raises(RuntimeError, match="properties"):
        grades.run("spider-1", None, 1, None, path, listed)
    skills = {k: m["skill"] for k, m in json.loads(path.read_text())["presets"]["spider-1"]["deals"].items()}
    assert skills == {str(d): 2 for d in listed}  # every deal measured at the chosen scale


def test_a_game_whose_meter_wins_at_most_half_keeps_the_step_6_budgets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "grades.json"
    monkeypatch.setattr(grades, "METER_DEALS", 2)
    data = grades.load(path)
    data["presets"]["spider-2"] = {"deals": {"1": {"skill": 2}, "3": {"skill": 1}}, "hint": {}}
    grades.save(data, path)
    assert grades.choose_meter("spider-2", 1, path, [1, 2, 3, 4]) == 1
    entry = json.loads(path.read_text())["presets"]["spider-2"]
    assert "divisor" not in entry and entry["deals"] == {"1": {"skill": 2}, "3": {"skill": 1}}


def test_the_report_reads_held_out_deals_before_any_calibration_deal_is_measured(
    small: dict[str, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "grades.json"
    listed = grades.winnable_deals("spider-1")[:4]
    data = grades.load(path)
    data["presets"]["spider-1"] = {"deals": {str(listed[1]): {"skill": 1}, str(listed[3]): {"skill": 0}}, "hint": {}}
    grades.save(data, path)
    table = grades.report(["spider-1"], 1, None, None, path)
    assert table["spider-1"]["M"][0] == 1 and table["spider-1"]["X"][0] == 1
    assert "| spider-1 | skill |" not in capsys.readouterr().out  # no calibration deal to halve the others by
