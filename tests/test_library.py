"""The player's games as records (ui/storage/games.py): meta and save round trips,
hostile metas, the Continue list, the old one-slot save, and counting a game
in the statistics exactly once."""

from __future__ import annotations

import doctest
import json
from dataclasses import replace

import pytest

import engine
from ui.storage import games, settings, statistics
from ui.storage.games import GameMeta


def played(preset: str = "spider-1", deal: int = 7, moves: int = 3) -> engine.Game:
    g = engine.new_game(preset, deal=deal)
    for _ in range(moves):
        g.play(g.legal_moves()[0])
    g.set_elapsed(65.4)
    return g


def test_doctests() -> None:
    assert doctest.testmod(games).failed == 0


def test_meta_follows_the_game() -> None:
    g = played()
    m = GameMeta.of(g, "id1", updated=5.0, daily="2026-11-24")
    assert (m.moves, m.seconds, m.state, m.daily, m.finished) == (3, 65, "playing", "2026-11-24", False)
    assert GameMeta.parse(m.to_text()) == m
    g.resign()
    assert GameMeta.of(g, "id1", updated=6.0).state == "resigned"
    assert GameMeta.of(g, "id1", updated=6.0, shown=True).state == "shown"


def test_a_tournament_out_of_time_is_a_timeout() -> None:
    g = engine.new_game("tournament-1", deal=3)
    g.set_elapsed(10_000)
    assert GameMeta.of(g, "t", updated=1.0).state == "timeout"


@pytest.mark.parametrize(
    "change, says",
    [
        ({"preset": "chess"}, "game"),
        ({"deal": 0}, "deal"),
        ({"deal": True}, "deal"),
        ({"state": "paused"}, "state"),
        ({"moves": -1}, "moves"),
        ({"recorded": 1}, "statistics mark"),
        ({"daily": "2026-02-30"}, "daily date"),
        ({"id": ""}, "id"),
        ({"id": "x" * 65}, "id"),
    ],
)
def test_a_wrong_meta_is_refused_with_a_reason(change: dict[str, object], says: str) -> None:
    good = json.loads(GameMeta.of(played(), "id1", updated=1.0).to_text())
    with pytest.raises(engine.SaveError, match=says):
        GameMeta.parse(json.dumps({**good, **change}))


@pytest.mark.parametrize("text", ["[" * 20_000, "x" * 5000, "{}", '{"v": 1}', '{"v": 1, "id": "a", "colour": 1}'])
def test_a_hostile_meta_is_a_save_error(text: str) -> None:
    with pytest.raises(engine.SaveError):
        GameMeta.parse(text)


def test_a_record_whose_texts_disagree_is_not_opened() -> None:
    g = played()
    other = played(deal=8)
    meta = GameMeta.of(g, "id1", updated=1.0)
    assert games.load_record(meta.to_text(), other.to_json()).error is not None
    assert games.load_record(meta.to_text(), "{").error.startswith("This game could not be opened")


def test_continue_lists_the_unfinished_games_latest_first() -> None:
    a = GameMeta.of(played(deal=1), "a", updated=10.0)
    b = GameMeta.of(played(deal=2), "b", updated=30.0)
    c = replace(GameMeta.of(played(deal=3), "c", updated=20.0), state="stuck")
    won = replace(a, id="d", state="won", updated=40.0)
    counted = replace(a, id="e", recorded=True, updated=50.0)
    assert [m.id for m in games.unfinished([a, b, c, won, counted])] == ["b", "c", "a"]


def test_the_old_one_slot_save_becomes_a_record() -> None:
    g = played()
    meta, save = games.from_legacy(settings.write_current(g, "old-id", recorded=False), updated=3.0)
    assert meta.id == "old-id" and not meta.recorded
    assert engine.load_game(save).position == g.position
    why = games.from_legacy("[" * 20_000, updated=3.0)
    assert isinstance(why, str) and why.startswith("Your saved game could not be restored") and "kept aside" not in why


def test_a_game_is_counted_once() -> None:
    book = statistics.Book()
    g = played()
    meta = GameMeta.of(g, "id1", updated=1.0)
    first = games.settle(meta, book)
    assert first is not None and first.meta.recorded and first.meta.state == "abandoned"
    assert book.get("spider-1").lost == 1
    assert games.settle(first.meta, book) is None
    assert book.get("spider-1").played == 1
    assert statistics.parse(first.stats_text) == book


def test_a_daily_win_is_kept_with_the_statistics() -> None:
    book = statistics.Book()
    meta = replace(GameMeta.of(played(), "w", updated=1.0, daily="2026-11-24"), state="won")
    settled = games.settle(meta, book)
    assert settled is not None and book.get("spider-1").won == 1
    assert book.daily_won("2026-11-24", "spider-1") == statistics.DailyWin(7, 65, 3)


def test_a_shown_game_is_neither_won_nor_lost() -> None:
    book = statistics.Book()
    meta = replace(GameMeta.of(played(), "s", updated=1.0), state="shown")
    settled = games.settle(meta, book)
    assert settled is not None and settled.meta.state == "shown"
    assert book.get("spider-1").played == 0 and book.shown == {"spider-1": 1}
    assert statistics.parse(book.to_text()).shown == {"spider-1": 1}


@pytest.mark.parametrize(
    "shown, says", [([], "not an object"), ({"chess": 1}, "not a game"), ({"spider-1": -1}, "whole number")]
)
def test_bad_shown_counts_are_refused(shown: object, says: str) -> None:
    text = json.dumps({"format": "spider-stats", "version": 2, "presets": {}, "daily": {}, "shown": shown})
    with pytest.raises(statistics.StatsError, match=says):
        statistics.parse(text)
