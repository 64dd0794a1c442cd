"""'Show me how' without a browser (ui/helpers/show_me.py), and how a shown game is
kept and counted (ui/storage/games.py, ui/game/current.py): the line is only played
from the position it was found for, and a game it played in never counts
as a win, even after a reload."""

from __future__ import annotations

import doctest

from test_service import begin, book, play, visit

import engine
from solver import SOLVED, solve
from ui.helpers import show_me
from ui.helpers.show_me import DONE, PAUSED, PLAYING, SEARCHING, STOPPED, ShowLine, show_key
from ui.storage.games import GameMeta, settle
from ui.storage.statistics import Book
from ui.storage.store import MemoryStore


def test_doctests() -> None:
    assert doctest.testmod(show_me).failed == 0


def solved_line(preset: str, deal: int) -> tuple[engine.Game, tuple[engine.Move, ...]]:
    g = engine.new_game(preset, deal=deal)
    found = solve(g.rules, g.position, max_nodes=80_000)
    assert found.status == SOLVED
    return g, found.moves


def test_a_line_played_to_its_end_wins_the_game() -> None:
    g, moves = solved_line("spider-1", 3)
    show = ShowLine(g.position)
    show.found(moves)
    while (move := show.next_move()) is not None:
        assert show.follows(g.position) and show.phase == PLAYING
        g.play(move)
        show.played(g.position)
    assert (show.phase, show.at, g.status) == (DONE, len(moves), "won")
    assert not show.active and show.progress_text() == f"Shown: {len(moves)} moves"


def test_a_move_of_the_players_own_leaves_the_line() -> None:
    g, moves = solved_line("spider-1", 3)
    show = ShowLine(g.position)
    show.found(moves)
    other = next(m for m in g.legal_moves() if m != moves[0])
    g.play(other)
    assert not show.follows(g.position)
    g.undo()
    assert show.follows(g.position)  # an undo back to where it was: the line holds again


def test_pause_step_and_stop() -> None:
    g, moves = solved_line("spider-1", 3)
    show = ShowLine(g.position)
    assert (show.phase, show.next_move(), show.progress_text()) == (SEARCHING, None, "Looking for a win…")
    show.toggle()
    assert show.phase == SEARCHING  # nothing to pause yet
    show.found(moves)
    show.toggle()
    assert show.phase == PAUSED and show.next_move() == moves[0]  # paused: a step still plays the next
    assert show.progress_text() == f"Paused at move 0 of {len(moves)}"
    show.toggle()
    assert show.phase == PLAYING
    show.stop()
    assert show.phase == STOPPED and not show.active and show.next_move() is None
    show.toggle()
    assert show.phase == STOPPED  # a stopped show stays stopped


def test_an_empty_line_is_done_at_once() -> None:
    show = ShowLine(engine.new_game("spider-1", deal=3).position)
    show.found(())
    assert show.phase == DONE and show.next_move() is None


def test_the_shows_keys() -> None:
    assert [show_key(k) for k in (" ", "p", "P", "ArrowRight", ".", "Escape")] == [
        "toggle",
        "toggle",
        "toggle",
        "step",
        "step",
        "stop",
    ]
    assert show_key("ArrowLeft") is None and show_key("p", ctrl=True) is None and show_key("p", alt=True) is None


def test_the_shown_mark_is_kept_while_the_game_is_unfinished() -> None:
    g = engine.new_game("spider-1", deal=3)
    g.play(g.legal_moves()[0])
    meta = GameMeta.of(g, "s1", updated=1.0, shown=True)
    assert (meta.state, meta.shown) == ("playing", True)
    assert GameMeta.parse(meta.to_text()) == meta
    plain = GameMeta.of(g, "s1", updated=1.0)
    assert GameMeta.parse(plain.to_text()).shown is False


def test_a_summary_without_the_shown_mark_still_reads() -> None:
    g = engine.new_game("spider-1", deal=3)
    text = GameMeta.of(g, "s1", updated=1.0).to_text().replace(',"shown":false', "")
    assert '"shown"' not in text and GameMeta.parse(text).shown is False


def test_a_wrong_shown_mark_is_refused() -> None:
    g = engine.new_game("spider-1", deal=3)
    text = GameMeta.of(g, "s1", updated=1.0).to_text().replace('"shown":false', '"shown":1')
    try:
        GameMeta.parse(text)
    except engine.SaveError as e:
        assert "statistics mark" in str(e)
    else:
        raise AssertionError("a shown mark of 1 was accepted")


def test_a_won_game_the_show_played_in_counts_as_shown_after_a_reload() -> None:
    store = MemoryStore()
    first = visit(store)
    begin(first, "#spider-1/3")
    play(first, 2)
    first.mark_shown()
    # the page is reloaded: the mark comes back with the record
    again = visit(store)
    begin(again)
    assert again.shown and again.game is not None and len(again.game.moves) == 2
    g = again.game
    found = solve(g.rules, g.position, max_nodes=80_000)
    assert found.status == SOLVED
    for move in found.moves:
        g.play(move)
    assert g.status == "won"
    again.game_over()
    counted = book(store)
    assert counted.get("spider-1").played == 0 and counted.get("spider-1").won == 0
    assert counted.shown == {"spider-1": 1}


def test_settle_counts_a_shown_end_once() -> None:
    g = engine.new_game("spider-1", deal=3)
    g.resign()
    meta = GameMeta.of(g, "s2", updated=1.0, shown=True)
    assert meta.state == "shown"
    b = Book()
    done = settle(meta, b)
    assert done is not None and settle(done.meta, b) is None and b.shown == {"spider-1": 1}
