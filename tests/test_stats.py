"""Statistics per preset: counting, derived figures, storage and
export text, validation of imports, migration, and the stored game's
envelope (set aside when unreadable).  No browser."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

import engine  # noqa: E402
from ui.screens import statistics as statistics_text  # noqa: E402
from ui.storage import settings, statistics  # noqa: E402
from ui.storage.statistics import Book, StatsError, parse  # noqa: E402


def test_doctests() -> None:
    for mod in (statistics, statistics_text, settings):
        failed, _ = doctest.testmod(mod)
        assert failed == 0


def played_book() -> Book:
    b = Book()
    b.record("spider-1", won=True, score=1000, seconds=300, moves=150)
    b.record("spider-1", won=True, score=1100, seconds=200.6, moves=170)
    b.record("spider-1", won=False, score=450, seconds=50, moves=40)
    b.record("spider-2", won=False, score=480, seconds=100, moves=20)
    b.record("tournament-1", won=True, score=1234, seconds=400, moves=90)
    return b


def test_counting_and_derived_figures() -> None:
    b = played_book()
    r = b.get("spider-1")
    assert (r.played, r.won, r.lost) == (3, 2, 1)
    assert r.win_percentage == pytest.approx(200 / 3)
    assert r.win_ratio == 2.0
    assert r.average_win_time == pytest.approx(250.0)  # 300 and 200.6 s, kept as the clock showed them: 300 and 200
    assert (r.best_time, r.fewest_moves, r.highest_score) == (200, 150, 1100)
    assert (r.streak, r.longest, r.longest_losing) == (-1, 2, 1)
    assert [x.result for x in r.recent] == ["won", "won", "lost"]
    # other presets are separate
    assert b.get("spider-2").lost == 1 and b.get("spider-4").played == 0
    assert b.games == 5
    fig = dict((k, v) for k, _, v in statistics_text.figures(r))
    assert fig["percentage"] == "67%" and fig["ratio"] == "2 : 1" and fig["average-time"] == "4:10"
    assert fig["streak"] == "1 loss" and fig["longest"] == "2 wins"


def test_streaks_run_both_ways() -> None:
    b = Book()
    for won in (True, True, True, False, False, True):
        b.record("spider-4", won=won, score=0, seconds=1, moves=1)
    r = b.get("spider-4")
    assert (r.streak, r.longest, r.longest_losing) == (1, 3, 2)


def test_recent_keeps_the_last_twenty() -> None:
    b = Book()
    for k in range(30):
        b.record("spider-1", won=k % 2 == 0, score=k, seconds=k, moves=k)
    r = b.get("spider-1")
    assert len(r.recent) == statistics.RECENT and r.recent[-1].score == 29 and r.recent[0].score == 10
    bars = statistics_text.chart_bars(r)
    assert len(bars) == 20 and all(bar["y"] >= 0 and bar["y"] + bar["h"] <= 48 for bar in bars)


def test_round_trip_identical() -> None:
    b = played_book()
    text = b.export_text()
    again = parse(text)
    assert again == b
    assert again.export_text() == text
    assert parse(b.to_text()) == b


def test_reset_one_preset() -> None:
    b = played_book()
    b.reset("spider-1")
    assert b.get("spider-1").played == 0 and b.get("spider-2").played == 1
    assert "spider-1" not in json.loads(b.to_text())["presets"]


def doc(**presets: object) -> str:
    return json.dumps({"format": "spider-stats", "version": 1, "presets": presets})


GOOD = played_book().to_dict()["presets"]["spider-1"]


@pytest.mark.parametrize(
    "text, says",
    [
        ("not json", "not JSON"),
        ("[]", "not a Spider statistics file"),
        ('{"format": "other"}', "not a Spider statistics file"),
        ('{"format": "spider-stats", "version": 9, "presets": {}}', "newer version"),
        ('{"format": "spider-stats", "version": "1", "presets": {}}', "version"),
        ('{"format": "spider-stats", "version": 1}', "presets"),
        ('{"format": "spider-stats", "version": 1, "presets": {}, "x": 1}', "unknown field"),
        (doc(**{"chess": {}}), "not a game"),
        (doc(**{"spider-1": {**GOOD, "played": 9}}), "do not make"),
        (doc(**{"spider-1": {**GOOD, "won": 1.5}}), "whole number"),
        (doc(**{"spider-1": {**GOOD, "won": True}}), "whole number"),
        (doc(**{"spider-1": {**GOOD, "colour": 1}}), "unknown field"),
        (doc(**{"spider-1": {**GOOD, "recent": [["draw", 1, 2, 3]]}}), "recent result"),
        (doc(**{"spider-1": {**GOOD, "longest": 3}}), "streaks"),
        (doc(**{"spider-1": {**GOOD, "best_time": None}}), "best time"),
        (doc(**{"spider-1": []}), "not an object"),
        ("x" * (statistics.MAX_TEXT + 1), "too large"),
    ],
)
def test_malformed_is_refused_with_a_reason(text: str, says: str) -> None:
    with pytest.raises(StatsError, match=says):
        parse(text)


def test_load_sets_aside_with_a_sentence() -> None:
    book, error = statistics.load('{"format": "spider-stats", "version": 1, "presets": 5}')
    assert book.games == 0 and error is not None and "set aside" in error
    assert statistics.load(None) == (Book(), None)


def test_migration_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    """A future version 3 reads version 2 files through MIGRATIONS[2]."""
    calls: list[int] = []

    def two_to_three(data: dict) -> dict:
        calls.append(data["version"])
        return {**data, "version": 3}

    monkeypatch.setattr(statistics, "VERSION", 3)
    monkeypatch.setitem(statistics.MIGRATIONS, 2, two_to_three)
    old = '{"format": "spider-stats", "version": 2, "presets": {}, "daily": {}}'
    assert parse(old) == Book() and calls == [2]


def test_change_lines_for_the_win_screen() -> None:
    b = played_book()
    change = b.record("spider-1", won=True, score=2000, seconds=100, moves=120)
    lines = statistics_text.change_lines(change)
    assert lines[0] == "Won 3 of 4 games: 75% (was 67%)"
    assert lines[1] == "Streak: 1 win"
    assert lines[2] == "New best time 1:40, fewest moves 120, highest score 2,000"


def test_a_tie_is_not_a_new_best() -> None:
    """Equalling the best time, the fewest moves or the highest score is not
    beating it: the win screen names only what was beaten."""
    b = played_book()  # spider-1: best time 200 s, fewest moves 150, highest score 1100
    tie = b.record("spider-1", won=True, score=1100, seconds=200.4, moves=150)
    assert tie.new_bests == []
    assert not any("New best" in line for line in statistics_text.change_lines(tie))
    beaten = b.record("spider-1", won=True, score=1101, seconds=199, moves=149)
    assert beaten.new_bests == ["best time", "fewest moves", "highest score"]


# -- the stored game: envelope version 2, migration from 1, set aside -----------


def test_current_game_envelope_and_migration() -> None:
    g = engine.new_game("spider-2", deal=7)
    g.play(g.legal_moves()[0])
    text = settings.write_current(g, game_id="abc", recorded=False)
    slot = settings.read_slot(text)
    assert slot.error is None and slot.game is not None and slot.game.position == g.position
    assert (slot.game_id, slot.recorded) == ("abc", False)
    # version 1 (before statistics) still loads, with a fresh id
    v1 = json.dumps({"v": 1, "game": g.to_json()})
    old = settings.read_slot(v1)
    assert old.game is not None and old.game.moves == g.moves and old.game_id and not old.recorded


@pytest.mark.parametrize("text", ['{"v": 2, "game": "{broken', "]]", '{"v": 99, "game": "{}"}', '{"v": 2}'])
def test_unreadable_save_gives_a_sentence(text: str) -> None:
    slot = settings.read_slot(text)
    assert slot.game is None and slot.error is not None
    assert "could not be restored" in slot.error and "kept aside" in slot.error


def test_portrait_setting_keeps_the_portrait_arrangement() -> None:
    from ui.table import cards as model
    from ui.table.layout import Arrangement, Options, layout_table

    for preset, auto, portrait in [
        ("spider-1", Arrangement.SIDE, Arrangement.TOP),
        ("tournament-1", Arrangement.TOP, Arrangement.TOP),  # its draw piles: one row above, on every screen
    ]:
        g = engine.new_game(preset, deal=3)
        shape = model.table_shape(model.Tracker.from_view(g.rules, g.public_view()))
        assert layout_table(shape, 1366, 768, Options()).arrangement == auto
        assert layout_table(shape, 1366, 768, Options(portrait=True)).arrangement == portrait
    s = settings.Settings.from_text(settings.Settings(portrait=True, left_handed=True).to_text())
    assert s.portrait and s.left_handed


def test_the_time_kept_is_the_time_the_clock_showed() -> None:
    """The header showed 7:13 and the win screen said 'New best time 7:14':
    the statistics rounded 433.9 s up while the clock shows whole seconds."""
    book = Book()
    book.record("spider-1", won=True, score=1000, seconds=433.9, moves=120)
    r = book.get("spider-1")
    assert r.best_time == 433 and statistics_text.fmt_seconds(r.best_time) == "7:13"
    assert statistics.clock_seconds(433.9) == 433
