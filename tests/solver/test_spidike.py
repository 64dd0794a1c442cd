"""The traditional Spidike solver (solver/spidike.py): wins replay in the
engine, "unsolvable" is only said where an exhaustive search of the engine's
own moves finds no win, slicing and budgets hold, both layouts."""

from __future__ import annotations

import random

import pytest
from enginetest import assert_wins, brute_force, game

import engine
from engine.position import Position
from engine.rules import Ruleset
from solver import FAMILY_SEARCHES, SOLVED, UNKNOWN, UNSOLVABLE, make_search, replay, solve
from solver.spidike import SpidikeSearch

TRAD = "spidike-classic"


def run_of(suit: str, top: int) -> str:
    """A foundation's text: Ace up to rank ``top`` of ``suit``."""
    return "".join("A23456789TJQK"[r] + suit for r in range(top))


def run(search: SpidikeSearch, limit: int = 200_000, slice_: int = 500) -> str:
    while search.status is None and search.nodes < limit:
        search.step(slice_)
    return search.status or UNKNOWN


# -- registration -----------------------------------------------------------------


def test_traditional_spidike_has_its_own_search() -> None:
    assert FAMILY_SEARCHES["spidike-classic"] is SpidikeSearch
    g = engine.new_game(TRAD, deal=1)
    assert isinstance(make_search(g.rules, g.position), SpidikeSearch)
    assert isinstance(make_search(g.rules, g.position, complete=True), SpidikeSearch)


def test_it_refuses_another_family() -> None:
    g = engine.new_game("spider-1", deal=1)
    with pytest.raises(ValueError, match="traditional Spidike"):
        SpidikeSearch(g.rules, g.position)


# -- small positions with known answers -------------------------------------------


def test_solves_a_king_that_must_move_to_an_empty_pile_first() -> None:
    # the Ah lies under the Kc, the Qc the Kc waits for under the 3h: only the
    # King's move to an empty pile breaks the circle
    g = game(TRAD, ["2hAhKc", "Qc3h"], foundations=[run_of("s", 13), run_of("d", 13), run_of("c", 11)])
    r = solve(g.rules, g.position, max_nodes=5000)
    assert r.status == SOLVED
    assert str(r.moves[0]) in {f"c1>c{k}" for k in range(3, 8)}
    assert_wins(g, r.moves)


def test_solves_across_the_deals_with_a_card_the_stock_brings() -> None:
    # the Ace of hearts is the stock's last card (the deal of three onto piles 1-3)
    g = game(TRAD, ["2h"], stock="KsQsJsTs9s8s7sAh", foundations=["As2s3s4s5s6s"])
    r = solve(g.rules, g.position, max_nodes=5000)
    assert r.status == SOLVED
    assert [str(m) for m in r.moves].count("deal") == 2
    assert_wins(g, r.moves)


def test_a_run_moves_as_a_unit_only_in_one_suit() -> None:
    # 4h-3h moves as one unit onto the 5c, which frees the 2h and Ah beneath
    g = game(TRAD, ["Ah2h5c", "4h3h", "5h"], foundations=[run_of("s", 13), run_of("c", 4)])
    r = solve(g.rules, g.position, max_nodes=5000)
    assert r.status == SOLVED
    assert_wins(g, r.moves)


def test_an_inverted_pair_with_nowhere_to_go_is_unsolvable() -> None:
    # the 3h lies on the 2h: no 4 anywhere and no empty pile takes a Three
    g = game(TRAD, ["Ah2h3h", "Kd"], foundations=[run_of("s", 13), run_of("c", 13), run_of("d", 12)])
    for complete in (False, True):
        s = SpidikeSearch(g.rules, g.position, complete=complete)
        assert run(s) == UNSOLVABLE
    assert not brute_force(g.rules, g.position)


def test_a_card_trapped_for_ever_is_seen_at_once() -> None:
    # the 3h must leave the 2h for the tableau, and every Four it could go on is up or
    # missing: the default search says so without exploring; the complete one explores
    g = game(TRAD, ["Ah2h3h", "Kd"], foundations=[run_of("s", 13), run_of("c", 13), run_of("d", 12)])
    s = SpidikeSearch(g.rules, g.position)
    assert s.status == UNSOLVABLE and s.nodes == 0
    c = SpidikeSearch(g.rules, g.position, complete=True)
    assert c.status is None
    assert run(c) == UNSOLVABLE and c.nodes > 0


def test_a_missing_card_makes_its_suit_unplayable_at_once() -> None:
    g = game(TRAD, ["3s", "Kd"], foundations=["As"])
    s = SpidikeSearch(g.rules, g.position)
    assert s.status == UNSOLVABLE and s.nodes == 0


def test_already_won_position_is_solved_with_no_moves() -> None:
    g = game(TRAD, [], foundations=["As2s"])
    s = SpidikeSearch(g.rules, g.position)
    assert s.status == SOLVED and s.moves == ()


def test_safe_cards_go_up_in_the_moves_too() -> None:
    # every card here is safe (Aces, Twos, and a Three whose lower cards are all up)
    g = game(TRAD, ["3h", "2h", "Ah"], foundations=["As2s", "Ac2c", "Ad2d"])
    r = solve(g.rules, g.position, max_nodes=100)
    assert r.status == SOLVED
    assert [str(m) for m in r.moves] == ["c3>f4", "c2>f4", "c1>f4"]
    assert_wins(g, r.moves)


# -- agreement with an exhaustive search of the engine's own moves ------------------


def random_position(rnd: random.Random, rules: Ruleset, in_play: int) -> Position:
    """A position with ``in_play`` cards left: for each suit a window of ranks just
    above its foundation (the cards above the window are not in the game),
    shuffled over the seven piles and the stock."""
    heights = [rnd.randrange(0, 13) for _ in range(4)]
    tops = list(heights)
    for _ in range(in_play):
        open_ = [s for s in range(4) if tops[s] < 13]
        if not open_:
            break
        s = rnd.choice(open_)
        tops[s] += 1
    cards = [(r << 2) | s for s in range(4) for r in range(heights[s] + 1, tops[s] + 1)]
    rnd.shuffle(cards)
    n_stock = rnd.choice([0, 0, 1, 3, 7, 8]) if len(cards) > 3 else 0
    n_stock = min(n_stock, len(cards))
    stock = tuple(cards[:n_stock])
    piles: list[list[int]] = [[] for _ in range(7)]
    used = rnd.randint(2, 7)  # few piles: more cards lie on others
    for c in cards[n_stock:]:
        piles[rnd.randrange(used)].append(c)
    down = tuple(rnd.randrange(len(p)) if (rules.face_down_layout and p) else 0 for p in piles)
    foundations = tuple(tuple((r << 2) | s for r in range(1, heights[s] + 1)) for s in range(4))
    return Position(tuple(tuple(p) for p in piles), down, (stock,), foundations)


@pytest.mark.parametrize("face_down", [False, True])
def test_agrees_with_brute_force_on_random_small_positions(face_down: bool) -> None:
    rules = engine.get_ruleset(TRAD, face_down_layout=face_down)
    rnd = random.Random(20261122 + face_down)
    outcomes = {True: 0, False: 0}
    for _ in range(150):
        pos = random_position(rnd, rules, rnd.randrange(5, 13))
        engine.game.validate_position(rules, pos)
        truth = brute_force(rules, pos)
        outcomes[truth] += 1
        for complete in (False, True):
            s = SpidikeSearch(rules, pos, complete=complete)
            status = run(s, limit=10**6)
            text = engine.format_notation(pos)
            assert status == (SOLVED if truth else UNSOLVABLE), (text, complete, status)
            if truth:
                assert replay(rules, pos, s.moves).is_cleared(), text
    # the sample holds both kinds, or it would pin nothing down
    assert outcomes[True] >= 20 and outcomes[False] >= 20, outcomes


@pytest.mark.parametrize("face_down", [False, True])
def test_a_shared_lost_set_agrees_with_brute_force_within_one_game(face_down: bool) -> None:
    # The game review shares one set between the searches of a game's positions:
    # a search that runs out adds every position it met, the others skip them.
    # Here a "game" is a random position and the positions one move from it
    # (the same cards, the same stock); each is searched, the set shared, and
    # must agree with the truth.
    rules = engine.get_ruleset(TRAD, face_down_layout=face_down)
    rnd = random.Random(20261128 + face_down)
    judged = {True: 0, False: 0}
    skipped = 0
    for _ in range(40):
        start = random_position(rnd, rules, rnd.randrange(6, 12))
        nexts = [engine.next_position(rules, start, m) for m in engine.legal_moves(rules, start)]
        lost: set[object] = set()
        for pos in [*nexts[:6], start]:
            truth = brute_force(rules, pos)
            judged[truth] += 1
            for complete in (False, True):
                before = len(lost)
                s = SpidikeSearch(rules, pos, complete=complete, lost=lost)
                alone = SpidikeSearch(rules, pos, complete=complete)
                status = run(s, limit=10**6)
                run(alone, limit=10**6)
                assert status == (SOLVED if truth else UNSOLVABLE), (engine.format_notation(pos), complete)
                if truth:
                    assert replay(rules, pos, s.moves).is_cleared()
                else:
                    assert len(lost) >= before
                    skipped += s.nodes < alone.nodes
    assert judged[True] >= 20 and judged[False] >= 20, judged
    # the set did save work somewhere, or it would pin nothing down
    assert skipped >= 5, skipped


@pytest.mark.parametrize("face_down", [False, True])
def test_a_position_has_one_shared_key_whichever_search_of_the_game_meets_it(face_down: bool) -> None:
    # The lost set's key must not depend on where a search started: the same
    # position, met by a search from before a deal and as the start of a
    # search after it, has the same key; positions with the same piles and
    # another stock left do not.
    from solver.spidike import _DEAL, _BestFirst

    rules = engine.get_ruleset(TRAD, face_down_layout=face_down)
    rnd = random.Random(7 + face_down)
    checked = 0
    while checked < 30:
        pos = random_position(rnd, rules, rnd.randrange(14, 22))
        if len(pos.stock[0]) < 8 or not all(pos.tableau):
            continue
        before = _BestFirst(rules, pos, complete=True)
        if before.status is not None:
            continue
        start = before._heap[0][2][0]
        deal = next(m for m in before._moves(start) if m[0] == _DEAL)
        dealt = before._settle(before._apply(start, deal))[0]
        after_pos = engine.next_position(
            rules, pos, next(m for m in engine.legal_moves(rules, pos) if m.kind == engine.DEAL)
        )
        after = _BestFirst(rules, after_pos, complete=True)
        if after.status is not None:
            continue
        after_start = after._heap[0][2][0]
        assert before._shared(before._key(dealt)) == after._shared(after._key(after_start))
        assert before._shared(before._key(start)) != after._shared(after._key(after_start))
        # the same piles with the stock one deal shorter: another position
        piles, down, _, heights = start
        assert before._shared(before._key(start)) != after._shared(after._key((piles, down, 0, heights)))
        checked += 1


# -- slicing, budgets, real deals ----------------------------------------------------


def test_small_slices_find_the_same_as_one_big_call() -> None:
    g = engine.new_game(TRAD, deal=2)
    whole = SpidikeSearch(g.rules, g.position)
    whole.step(40_000)
    sliced = SpidikeSearch(g.rules, g.position)
    while sliced.status is None and sliced.nodes < whole.nodes:
        sliced.step(37)
    assert whole.status == SOLVED
    assert (sliced.status, sliced.nodes, sliced.moves) == (whole.status, whole.nodes, whole.moves)


def test_a_step_explores_at_most_its_budget() -> None:
    g = engine.new_game(TRAD, deal=6)
    s = SpidikeSearch(g.rules, g.position)
    for total in (300, 600, 1100):
        assert s.step(total - s.nodes) is None
        assert s.nodes == total


def test_solve_respects_its_node_budget() -> None:
    g = engine.new_game(TRAD, deal=6)
    r = solve(g.rules, g.position, max_nodes=1500)
    assert r.status == UNKNOWN
    assert r.nodes <= 1500 + 500  # solve() checks between slices of 500


@pytest.mark.cpython_only  # some seconds in CPython
@pytest.mark.parametrize("face_down", [False, True])
def test_every_solution_for_the_first_deals_replays_to_a_win(face_down: bool) -> None:
    solved = 0
    for deal in range(1, 9):
        g = engine.new_game(TRAD, deal=deal, face_down_layout=face_down)
        assert bool(any(g.position.down)) == face_down
        r = solve(g.rules, g.position, max_nodes=20_000)
        assert r.status in (SOLVED, UNKNOWN)
        if r.status == SOLVED:
            solved += 1
            assert replay(g.rules, g.position, r.moves).is_cleared()
            assert_wins(g, r.moves)
    assert solved >= 4


def test_a_face_down_deal_is_solved_knowing_the_hidden_cards() -> None:
    # deal 2 with the face-down layout: the solution turns cards up as the engine allows
    g = engine.new_game(TRAD, deal=2, face_down_layout=True)
    r = solve(g.rules, g.position, max_nodes=60_000)
    assert r.status == SOLVED
    assert_wins(g, r.moves)
