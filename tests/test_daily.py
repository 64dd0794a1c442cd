"""Daily deals (pure): the documented rule, streaks, the calendar, the share
text, and daily results kept with the statistics (version 2, migrated)."""

from __future__ import annotations

import datetime
import hashlib
import json
from pathlib import Path

import pytest

from engine.rules import PRESETS
from ui.game import daily
from ui.helpers.hints import parse_winnable
from ui.storage import statistics

ROOT = Path(__file__).resolve().parent.parent
WINNABLE = parse_winnable((ROOT / "assets/data/winnable.json").read_text(encoding="utf-8"))
DAY = datetime.date(2026, 11, 24)
ONE = datetime.timedelta(days=1)
GRADES = {p: {d: "EMHX"[i % 4] for i, d in enumerate(deals) if i % 5} for p, deals in WINNABLE.items()}
"""Grades of the real lists, made up (the shipped file may grade no game yet): one deal in five ungraded."""


def test_the_weekly_rhythm_of_grades_easier_early_harder_at_the_weekend() -> None:
    order = "EMHX"
    assert [order.index(g) for g in daily.WEEK_GRADES] == sorted(order.index(g) for g in daily.WEEK_GRADES)
    assert daily.WEEK_GRADES[0] == "E" and daily.WEEK_GRADES[5:] == ("X", "X")
    assert daily.RHYTHM_FROM.weekday() == 0
    for preset, graded in GRADES.items():
        for n in range(21):  # three weeks from the rhythm's start: each day's deal has the day's grade
            day = daily.RHYTHM_FROM + n * ONE
            deal = daily.daily_deal(preset, day, WINNABLE[preset], graded)
            assert deal is not None and graded[deal] == daily.day_grade(day), (preset, day)
            assert deal == daily.daily_deal(preset, day, tuple(reversed(WINNABLE[preset])), dict(graded))
        assert daily.daily_deals(daily.RHYTHM_FROM, WINNABLE, GRADES)[preset] == daily.daily_deal(
            preset, daily.RHYTHM_FROM, WINNABLE[preset], graded
        )


def test_a_small_grade_is_joined_by_its_neighbours_so_its_deals_do_not_come_back_each_week() -> None:
    deals = WINNABLE["spider-2"]
    graded = {d: "E" if i < 5 else "M" if i < 100 else "X" for i, d in enumerate(deals)}  # 5 Easy, as shipped
    assert daily.day_pool(deals, graded, "E") == sorted(d for d in deals if graded[d] in "EM")
    assert daily.day_pool(deals, graded, "X") == sorted(d for d in deals if graded[d] == "X")
    assert daily.day_pool(deals, graded, "H") == sorted(d for d in deals if graded[d] == "M")  # none: the nearest
    easy_days = [daily.RHYTHM_FROM + (7 * week + n) * ONE for week in range(10) for n in (0, 1)]
    picked = [daily.daily_deal("spider-2", day, deals, graded) for day in easy_days]
    assert all(d is not None and graded[d] in "EM" for d in picked)
    assert len(set(picked)) > 15  # 20 Mondays and Tuesdays: not 5 deals over and over
    assert daily.day_pool(deals, {}, "E") == sorted(deals)  # nothing graded: the whole list


def test_the_days_before_the_rhythm_keep_their_deals() -> None:
    for n in range(1, 60):
        day = daily.RHYTHM_FROM - n * ONE
        assert daily.daily_deals(day, WINNABLE, GRADES) == daily.daily_deals(day, WINNABLE)


def test_the_rule_is_the_documented_one() -> None:
    deals = WINNABLE["spider-2"]
    digest = hashlib.sha256(b"spider-daily/spider-2/2026-11-24").digest()
    assert daily.daily_deal("spider-2", DAY, deals) == sorted(deals)[int.from_bytes(digest[:8], "big") % len(deals)]


def test_every_game_has_a_proven_daily_deal_every_day() -> None:
    for n in range(60):
        deals = daily.daily_deals(DAY + n * ONE, WINNABLE)
        assert set(deals) == set(PRESETS)
        for preset, deal in deals.items():
            assert deal in WINNABLE[preset]


def test_the_same_date_gives_the_same_deal_whatever_the_list_order() -> None:
    deals = WINNABLE["spider-4"]
    assert daily.daily_deal("spider-4", DAY, deals) == daily.daily_deal("spider-4", DAY, tuple(reversed(deals)))


def test_days_and_games_differ() -> None:
    week = [daily.daily_deal("spider-1", DAY + n * ONE, WINNABLE["spider-1"]) for n in range(7)]
    assert len(set(week)) >= 6
    # Spidike shares 4-suit Spider's list but not its daily deal.
    same = sum(
        daily.daily_deal("spidike", DAY + n * ONE, WINNABLE["spidike"])
        == daily.daily_deal("spider-4", DAY + n * ONE, WINNABLE["spider-4"])
        for n in range(30)
    )
    assert same <= 1


def test_streaks() -> None:
    assert daily.streaks(set(), DAY) == (0, 0)
    assert daily.streaks({DAY}, DAY) == (1, 1)
    # Today not won yet: yesterday's streak is still alive.
    assert daily.streaks({DAY - ONE, DAY - 2 * ONE}, DAY) == (2, 2)
    # A day missed breaks it.
    assert daily.streaks({DAY - 2 * ONE, DAY - 3 * ONE}, DAY) == (0, 2)
    assert daily.streaks({DAY, DAY - ONE, DAY - 10 * ONE, DAY - 11 * ONE, DAY - 12 * ONE}, DAY) == (2, 3)


def test_month_grid_marks_and_pads() -> None:
    won = {datetime.date(2026, 11, 3), datetime.date(2026, 11, 20)}
    weeks = daily.month_grid(2026, 11, won, DAY)
    cells = [c for week in weeks for c in week if c is not None]
    assert [c.day.day for c in cells] == list(range(1, 31))
    assert all(len(week) == 7 for week in weeks)
    states = {c.day.day: c.state for c in cells}
    assert states[3] == states[20] == "won"
    assert states[24] == "open" and states[25] == "future" and states[1] == "open"
    assert [c.day.day for c in cells if c.today] == [24]
    # 1 November 2026 is a Sunday: six blanks before it, weeks start on Monday.
    assert weeks[0][:6] == [None] * 6


def test_share_text_has_the_game_date_time_moves_and_link_and_nothing_else() -> None:
    text = daily.share_text("Spider · 2 suits", DAY, 434, 132, "https://example.org/#spider-2/8")
    assert text == (
        "Spider · 2 suits, daily deal of 24 November 2026: won in 7:14, 132 moves.\nhttps://example.org/#spider-2/8"
    )


def test_parse_day_takes_only_real_ascii_dates() -> None:
    assert daily.parse_day("2026-11-24") == DAY
    for bad in ["2026-13-01", "2026-2-1", "26-11-24", "2026/11/24", "２０２６-11-24", "", "2026-11-24x"]:
        assert daily.parse_day(bad) is None


def test_daily_wins_round_trip_with_the_statistics() -> None:
    book = statistics.Book()
    book.record("spider-2", won=True, score=900, seconds=434, moves=132)
    assert book.record_daily("2026-11-24", "spider-2", 8, 434.4, 132)
    assert not book.record_daily("2026-11-24", "spider-2", 8, 400, 100)  # the first win stands
    assert book.daily_won("2026-11-24", "spider-2") == statistics.DailyWin(8, 434, 132)
    back = statistics.parse(book.to_text())
    assert back == book and back.won_days() == {"2026-11-24"}
    assert statistics.parse(book.export_text()) == book
    assert json.loads(book.to_text())["daily"] == {"2026-11-24": {"spider-2": [8, 434, 132]}}


def test_version_1_statistics_migrate_with_no_daily_wins() -> None:
    old = json.dumps(
        {
            "format": "spider-stats",
            "version": 1,
            "presets": {
                "spider-1": {
                    "played": 1,
                    "won": 0,
                    "lost": 1,
                    "streak": -1,
                    "longest": 0,
                    "longest_losing": 1,
                    "win_seconds": 0,
                    "best_time": None,
                    "fewest_moves": None,
                    "highest_score": 400,
                    "recent": [["lost", 400, 60, 20]],
                }
            },
        }
    )
    book = statistics.parse(old)
    assert book.get("spider-1").lost == 1 and book.daily == {}
    assert json.loads(book.to_text())["version"] == 2


@pytest.mark.parametrize(
    "daily_part, says",
    [
        ([], "not an object"),
        ({"2026-02-30": {"spider-1": [1, 2, 3]}}, "not a date"),
        ({"2026-11-24": {"chess": [1, 2, 3]}}, "not a game"),
        ({"2026-11-24": {"spider-1": [1, 2]}}, "expected"),
        ({"2026-11-24": {"spider-1": [0, 2, 3]}}, "expected"),
        ({"2026-11-24": {"spider-1": [1, -2, 3]}}, "expected"),
        ({"2026-11-24": {"spider-1": [1, True, 3]}}, "expected"),
        ({"2026-11-24": []}, "not an object"),
    ],
)
def test_bad_daily_results_are_refused_with_a_reason(daily_part: object, says: str) -> None:
    text = json.dumps({"format": "spider-stats", "version": 2, "presets": {}, "daily": daily_part})
    with pytest.raises(statistics.StatsError, match=says):
        statistics.parse(text)


def test_doctests() -> None:
    import doctest

    result = doctest.testmod(daily, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 5
