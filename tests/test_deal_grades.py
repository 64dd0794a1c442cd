"""Deal grades in the page (ui/helpers/grades.py): reading the shipped file
against the proven lists, and a deal drawn under a grade has that grade."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ui.helpers import grades, hints

ROOT = Path(__file__).resolve().parent.parent
PROVEN = hints.parse_winnable((ROOT / "assets/data/winnable.json").read_text())
SHIPPED = grades.parse_grades((ROOT / "assets/data/grades.json").read_text(), PROVEN)
LETTERS = "EMHX."
CYCLE = {"spider-1": "".join(LETTERS[i % 5] for i in range(len(PROVEN["spider-1"])))}
GRADED = grades.parse_grades(
    json.dumps({"version": 1, "presets": {p: {"grades": x} for p, x in CYCLE.items()}}), PROVEN
)  # every fifth deal of the real list not graded


def test_the_shipped_grades_match_the_shipped_lists() -> None:
    text = json.loads((ROOT / "assets/data/grades.json").read_text())
    assert set(SHIPPED) == set(text["presets"])  # every shipped game's letters match its list
    for preset, graded_here in SHIPPED.items():
        assert set(graded_here) <= set(PROVEN[preset])  # only proven deals are graded
        for letter in grades.GRADES:
            assert grades.graded(SHIPPED, preset, letter), (preset, letter)  # every grade has deals


@pytest.mark.parametrize("letter", grades.GRADES)
def test_a_deal_drawn_under_a_grade_has_that_grade(letter: str) -> None:
    rnd = random.Random(7)
    drawn = set()
    for _ in range(60):
        deal, note = grades.pick(PROVEN["spider-1"], GRADED, "spider-1", letter, rnd)
        assert GRADED["spider-1"][deal] == letter and grades.GRADE_NAMES[letter] in note
        assert grades.grade_name(GRADED, "spider-1", deal) == grades.GRADE_NAMES[letter]
        drawn.add(deal)
    assert len(drawn) > 10  # random among the grade's deals, not always one
    assert drawn <= {d for i, d in enumerate(PROVEN["spider-1"]) if LETTERS[i % 5] == letter}


def test_another_deal_than_the_one_in_play() -> None:
    g = {"spider-1": {3: "H", 5: "H", 8: "E"}}
    assert {grades.pick((3, 5, 8), g, "spider-1", "H", random.Random(k), avoid=3)[0] for k in range(20)} == {5}


def test_a_grade_with_no_deals_yet_gives_a_proven_deal_and_says_so() -> None:
    g = {"spider-1": {3: "E"}}
    deal, note = grades.pick((3, 5), g, "spider-1", "X", random.Random(1))
    assert deal in (3, 5) and note.startswith("No Expert deals for this game yet.")
    deal, note = grades.pick((3, 5), None, "spider-1", "X", random.Random(1))  # grades not loaded
    assert deal in (3, 5) and note == f"Deal {deal}: proven winnable."
    assert grades.choice_note(None, "spider-1", "E") == "The grades are still loading."
    assert grades.choice_note(g, "spider-2", "E") == "No graded deals for this game yet."
    assert grades.choice_note(g, "spider-1", "X") == "No Expert deals for this game yet."
    assert grades.choice_note(g, "spider-1", "E") is None


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "{oops",
        "[]",
        '{"version": 2, "presets": {"spider-1": {"grades": "EMHX"}}}',
        '{"version": 1, "presets": {"spider-1": {"grades": "EMH"}}}',  # one letter short of the list
        '{"version": 1, "presets": {"spider-1": {"grades": "EMHZ"}}}',  # not a grade
        '{"version": 1, "presets": {"no-such-game": {"grades": "EMHX"}}}',
        '{"version": 1, "presets": {"spider-1": {"grades": 4}}}',
    ],
)
def test_damaged_or_mismatched_grades_give_none(text: str | None) -> None:
    assert grades.parse_grades(text, {"spider-1": (1, 2, 3, 4)}) == {}


def test_ungraded_deals_have_no_grade() -> None:
    text = json.dumps({"version": 1, "presets": {"spider-1": {"grades": "E.X."}}})
    g = grades.parse_grades(text, {"spider-1": (1, 2, 3, 4)})
    assert g == {"spider-1": {1: "E", 3: "X"}}
    assert grades.grade_name(g, "spider-1", 2) is None and grades.grade_name(g, "spider-1", None) is None


def test_the_pickers_note_counts_the_deals_of_the_grade_chosen() -> None:
    g = {"spider-1": {3: "E", 5: "H", 8: "E", 13: "X"}, "spider-2": {4: "M"}}
    assert grades.graded_note(g, "spider-1", "E") == "Random deals come from the 2 Easy deals proven winnable."
    assert grades.graded_note(g, "spider-1", "H") == "Random deals come from the 1 Hard deal proven winnable."
    assert grades.graded_note(g, "spider-1", "X") == "Random deals come from the 1 Expert deal proven winnable."
    assert grades.graded_note(g, "spider-2", "M") == "Random deals come from the 1 Medium deal proven winnable."
    easy = len(grades.graded(SHIPPED, "spider-1", "E"))
    assert easy > 1  # the shipped list: its own count, not the proven deals' (the choice "Any")
    assert grades.graded_note(SHIPPED, "spider-1", "E") == (
        f"Random deals come from the {easy:,} Easy deals proven winnable."
    )
    assert easy != len(PROVEN["spider-1"])
