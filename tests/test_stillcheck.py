""" "Still winnable?" along a game (ui/helpers/still_winnable.py): what one answer proves
about the next positions is kept, and never claims more than it proved."""

from __future__ import annotations

import doctest

import engine
from engine.play import legal_moves, next_position
from solver import SOLVED, replay, solve
from ui.helpers import still_winnable
from ui.helpers.hints import CANT_TELL, NO_WIN, WINNABLE
from ui.helpers.still_winnable import KnownWins, StillCheck

DEAD = "*As6s5s/*2s6s/*3sKs/*4sKs/*5sKs/*6sKs/*7sKs/*8sKs/*9sKs/*Ts9s - -/-/-/-/-/-/-/-"
"""Spider 1 suit, the stock empty: a 5 goes back and forth between two 6s, nothing else moves."""


def answer(check: StillCheck) -> str:
    status = None
    while status is None:
        status = check.step(200)
    return status


def test_doctests() -> None:
    assert doctest.testmod(still_winnable).failed == 0


def test_every_position_along_a_win_found_is_answered_at_once_with_a_line_that_wins() -> None:
    g = engine.new_game("spider-2", deal=4)
    known = KnownWins(g.rules)
    first = StillCheck(g.rules, g.position, known)
    assert answer(first) == WINNABLE and first.nodes > 0
    line = first.moves
    for move in line[:-1]:
        g.play(move)
        check = StillCheck(g.rules, g.position, known)
        assert (answer(check), check.nodes) == (WINNABLE, 0)
        assert replay(g.rules, g.position, check.moves).is_cleared()


def test_a_move_off_the_line_that_can_be_taken_back_is_answered_at_once() -> None:
    g = engine.new_game("spider-1", deal=3)
    known = KnownWins(g.rules)
    found = solve(g.rules, g.position, max_nodes=80_000)
    assert found.status == SOLVED
    known.learn_line(g.position, found.moves)
    off = None
    for on_line in found.moves:  # along the line, the first move off it that a move can take back
        for move in legal_moves(g.rules, g.position):
            nxt = next_position(g.rules, g.position, move)
            if nxt not in known.wins and any(
                next_position(g.rules, nxt, back) == g.position for back in legal_moves(g.rules, nxt)
            ):
                off = move
                break
        if off is not None:
            break
        g.play(on_line)
    assert off is not None
    g.play(off)
    check = StillCheck(g.rules, g.position, known)
    assert (answer(check), check.nodes) == (WINNABLE, 0)
    assert replay(g.rules, g.position, check.moves).is_cleared()


def test_no_win_is_inherited_by_what_follows_and_only_by_that() -> None:
    g = engine.game_from_notation("spider-1", DEAD)
    known = KnownWins(g.rules)
    first = StillCheck(g.rules, g.position, known)
    assert answer(first) == NO_WIN and first.nodes > 0
    g.play(g.legal_moves()[0])
    after = StillCheck(g.rules, g.position, known)
    assert (answer(after), after.nodes) == (NO_WIN, 0)
    # a position that does not follow from a dead one is not answered from memory
    other = engine.new_game("spider-1", deal=3)
    assert known.known(other.position) is None


def test_a_proven_deal_is_winnable_at_its_start_without_a_line() -> None:
    g = engine.new_game("spider-4", deal=1)
    known = KnownWins(g.rules)
    known.learn_winnable(g.position)
    check = StillCheck(g.rules, g.position, known)
    assert (answer(check), check.nodes, check.moves) == (WINNABLE, 0, ())
    # a line it does not have is not extended to the next position
    g.play(g.legal_moves()[0])
    assert known.known(g.position) is None


def test_what_is_kept_is_bounded(monkeypatch) -> None:
    monkeypatch.setattr(still_winnable, "MAX_KNOWN", 10)
    g = engine.new_game("spider-1", deal=3)
    known = KnownWins(g.rules)
    found = solve(g.rules, g.position, max_nodes=80_000)
    assert len(found.moves) > 10
    known.learn_line(g.position, found.moves)
    assert len(known.wins) == 10


def test_cant_tell_is_not_remembered() -> None:
    g = engine.new_game("spider-4", deal=2)
    known = KnownWins(g.rules)
    check = StillCheck(g.rules, g.position, known, first_nodes=50, complete_nodes=50)
    assert answer(check) == CANT_TELL
    assert not known.wins and not known.dead
