"""The review's complete search of the Spider family (solver/spider_complete.py):
its move generation is the engine's, its key is sound, its lost set holds
only positions with no win, and it proves what the general complete search
proves."""

from __future__ import annotations

import pytest
from enginetest import game, positions_in_play

import engine
from engine import legal_moves, next_position
from solver import SOLVED, UNSOLVABLE, make_search, replay, solve
from solver.spider_complete import CompleteSearch, all_successors, review_key, supports

SPIDER = [p for p, r in engine.PRESETS.items() if supports(r)]


def run(search: CompleteSearch, limit: int = 400_000) -> None:
    while search.step(500) is None and search.nodes < limit:
        pass


def test_it_serves_the_spider_family_without_free_column_or_draw_piles() -> None:
    assert {"spider-1", "spider-2", "spider-4", "spidike"} <= set(SPIDER)
    for preset in ("little-spider", "spidike-classic"):
        assert not supports(engine.PRESETS[preset])
    assert not any(supports(r) for r in engine.PRESETS.values() if r.free_column or r.draw_piles)


@pytest.mark.parametrize("preset", SPIDER)
def test_its_successors_are_every_legal_column_move_and_the_engines_positions(preset: str) -> None:
    rules = engine.PRESETS[preset]
    for deal in (3, 4):
        for pos in positions_in_play(preset, deal, plies=80):
            fast = all_successors(rules, pos)
            assert sorted(str(m) for m, _ in fast) == sorted(
                str(m) for m in legal_moves(rules, pos) if m.kind == "move"
            )
            for m, nxt in fast:
                assert nxt == next_position(rules, pos, m), str(m)


def test_the_key_leaves_out_the_foundations_and_the_column_order_once_the_stock_is_empty() -> None:
    a = engine.parse_notation("Ks/Qs/-/-/-/-/-/-/-/- - KsQsJsTs9s8s7s6s5s4s3s2sAs/-/-/-/-/-/-/-")
    b = engine.parse_notation("Ks/Qs/-/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    c = engine.parse_notation("Qs/-/-/-/-/-/-/-/-/Ks - -/-/-/-/-/-/-/-")
    assert review_key(a) == review_key(b) == review_key(c)
    # with cards in the stock the columns' order decides where a deal goes
    d = engine.parse_notation("Ks/Qs/Js/Ts/9s/8s/7s/6s/5s/4s 3s3s3s3s3s3s3s3s3s3s -/-/-/-/-/-/-/-")
    e = engine.parse_notation("Qs/Ks/Js/Ts/9s/8s/7s/6s/5s/4s 3s3s3s3s3s3s3s3s3s3s -/-/-/-/-/-/-/-")
    assert review_key(d) != review_key(e)


def test_a_stalemated_position_is_lost_at_once() -> None:
    g = game("spider-2", ["9s", "8h7h"], stock="QsQsQsQsQhQhQhQhJsJs")
    assert engine.stalemated(g.rules, g.position)
    search = CompleteSearch(g.rules, g.position)
    assert search.step(10) == UNSOLVABLE
    assert search.nodes == 1 and review_key(g.position) in search.lost
    # with dealing allowed over empty columns it is no stalemate, and the search goes on
    relaxed = g.rules.with_options(relaxed_deal=True)
    assert not engine.stalemated(relaxed, g.position)


@pytest.mark.parametrize(
    "columns",
    [
        ["KsQs", "Js", "Ts"],  # no Ace: no run can complete
        ["Ks"] * 8 + ["Qs", "Js"],
    ],
)
def test_it_proves_what_the_general_complete_search_proves(columns: list[str]) -> None:
    g = game("spider-1", columns)
    mine = CompleteSearch(g.rules, g.position)
    run(mine)
    general = make_search(g.rules, g.position, complete=True)
    while general.step(500) is None:
        pass
    assert mine.status == general.status == UNSOLVABLE
    assert mine.nodes <= general.nodes


FOUR_RUNS_STOCK = "QsQsJsJsTsTs9s9s8s8s7s7s6s6s6s5s5s5s4s4s4s3s3s3s2s2s2sAsAsAs"


@pytest.mark.parametrize("slice_size", [1, 7, 50])
def test_no_position_of_a_win_is_ever_lost_and_a_win_replays(slice_size: int) -> None:
    """The lost set is sound: a search in slices, cut short, from a winnable
    position never puts a position of a winning line in it, though it keeps
    dead ends (putting the Ace on the run strands the stock)."""
    g = game(
        "spider-1",
        ["KsQsJsTs9s8s7s6s5s4s3s2s", "As", "Ks", "Ks", "Ks", "Qs", "Js", "Ts", "9s", "8s7s"],
        stock=FOUR_RUNS_STOCK,
    )
    rules = g.rules
    win = solve(rules, g.position, max_nodes=20_000)
    assert win.status == SOLVED
    line = [g.position]
    for m in win.moves:
        line.append(next_position(rules, line[-1], m))
    lost: set[object] = set()
    search = CompleteSearch(rules, g.position, lost=lost)
    while search.step(slice_size) is None and search.nodes < 3_000:
        pass
    assert search.status != UNSOLVABLE
    if search.status == SOLVED:
        assert replay(rules, g.position, search.moves).is_cleared()
    assert not {review_key(p) for p in line} & lost
    # a dead end proven by a search that ran out is kept, and skipped later
    stranded = next_position(rules, g.position, engine.Move.parse("c2>c1"))
    assert engine.stalemated(rules, stranded)
    dead = CompleteSearch(rules, stranded, lost=lost)
    assert dead.step(10) == UNSOLVABLE and review_key(stranded) in lost
    assert CompleteSearch(rules, stranded, lost=lost).nodes == 0


def test_a_near_win_is_found_and_replays() -> None:
    g = game("spider-1", ["Ks", "Qs", "Js", "Ts", "9s", "8s", "7s", "6s", "5s", "4s3s2sAs"])
    search = CompleteSearch(g.rules, g.position)
    run(search)
    assert search.status == SOLVED
    assert replay(g.rules, g.position, search.moves).is_cleared()


def test_a_position_in_the_shared_lost_set_is_lost_without_a_search() -> None:
    g = game("spider-1", ["KsQs", "Js", "Ts"])
    lost: set[object] = set()
    first = CompleteSearch(g.rules, g.position, lost=lost)
    run(first)
    assert first.status == UNSOLVABLE
    later = next_position(g.rules, g.position, legal_moves(g.rules, g.position)[0])
    again = CompleteSearch(g.rules, later, lost=lost)
    assert again.status == UNSOLVABLE and again.nodes == 0
