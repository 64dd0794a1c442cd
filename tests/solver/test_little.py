"""Little Spider's own search (solver/little.py): its wins replay in the
engine, it agrees with a brute-force search over the engine's own moves, its
reductions lose no win, and it runs in slices within its budget."""

from __future__ import annotations

import random

import pytest
from enginetest import brute_force, game, little_spider_deadlock, little_spider_queen_first

import engine
from engine.cards import is_red
from engine.play import deal_position, legal_moves, next_position
from engine.position import Position
from engine.rules import Ruleset
from solver import FAMILY_SEARCHES, SOLVED, UNKNOWN, UNSOLVABLE, make_search, replay, solve
from solver.little import CHAIN_POS, NEED, LittleSpiderSearch, _Dive, luby

BOTH = ["little-spider", "little-spider-classic"]
FULL_OTHERS = ["Ad2d3d4d5d6d7d8d9dTdJdQdKd", "KsQsJsTs9s8s7s6s5s4s3s2sAs", "KcQcJcTc9c8c7c6c5c4c3c2cAc"]


def run(search: LittleSpiderSearch, budget: int, slice_: int = 500) -> str:
    status = None
    while status is None and search.nodes < budget:
        status = search.step(min(slice_, budget - search.nodes))
    return status or UNKNOWN


def small_position(rng: random.Random, rules: Ruleset, left: int, stock_cards: int) -> Position:
    """A deal's cards where they were dealt, with all but about ``left`` on the
    foundations and the last ``stock_cards`` of them (at most 12) not dealt yet."""
    full = deal_position(rules, rng.randrange(1, 1_000_000))
    piles = [list(p) for p in full.tableau]
    stock = list(full.stock[0])
    for j in range(44):  # deal everything, remembering where each stock card went
        piles[j % 8 if j < 40 else j - 40].append(stock[j])
    undealt = stock[44 - stock_cards :] if stock_cards else []
    for c in reversed(undealt):  # take back the last deals, last card first
        pile = next(p for p in piles if p and p[-1] == c)
        pile.pop()
    ar = rng.randrange(2)
    counts = [0, 0, 0, 0]
    while sum(counts) < 52 - left:
        s = rng.randrange(4)
        if counts[s] < 13:
            counts[s] += 1
    on_found = {NEED[ar][s][k] for s in range(4) for k in range(counts[s])}
    tableau = tuple(tuple(c for c in p if c not in on_found) for p in piles)
    stock_left = tuple(c for c in undealt if c not in on_found)
    suits = [s for s in range(4) if counts[s]]
    rng.shuffle(suits)
    slots = [tuple(NEED[ar][s][k] for k in range(counts[s])) for s in suits]
    slots += [()] * (4 - len(slots))
    rng.shuffle(slots)
    return Position(tableau, (0,) * 8, (stock_left,), tuple(slots))


# -- registration ----------------------------------------------------------------------


def test_little_spider_has_its_own_search() -> None:
    assert FAMILY_SEARCHES["little-spider"] is LittleSpiderSearch
    g = engine.new_game("little-spider", deal=3)
    assert isinstance(make_search(g.rules, g.position), LittleSpiderSearch)
    assert isinstance(make_search(g.rules, g.position, complete=True), LittleSpiderSearch)
    assert not isinstance(make_search(g.rules, g.position, visible=True), LittleSpiderSearch)


def test_it_refuses_another_family() -> None:
    g = engine.new_game("spider-1", deal=1)
    with pytest.raises(ValueError, match="Little Spider"):
        LittleSpiderSearch(g.rules, g.position)


# -- small positions with known answers ----------------------------------------------


@pytest.mark.parametrize("complete", [False, True])
def test_solves_phase_two_only_by_moving_the_queen_onto_the_king_first(complete: bool) -> None:
    # playing the Kh first (it is needed) strands the Qd on the 3s for good
    g = little_spider_queen_first()
    s = LittleSpiderSearch(g.rules, g.position, complete=complete)
    assert run(s, 5000) == SOLVED
    assert next(str(m) for m in s.moves) == "c2>c3"
    assert replay(g.rules, g.position, s.moves).is_cleared()


@pytest.mark.parametrize("complete", [False, True])
def test_proves_a_two_pile_deadlock_unsolvable(complete: bool) -> None:
    g = little_spider_deadlock()
    s = LittleSpiderSearch(g.rules, g.position, complete=complete)
    assert run(s, 5000) == UNSOLVABLE
    assert s.moves == ()


@pytest.mark.parametrize("preset", BOTH)
def test_plays_a_card_before_the_deal_that_would_bury_it(preset: str) -> None:
    # the 2h must go up before the deal covers it with the 4h: afterwards the 4h can
    # only go onto the 3h, which must go up before the 4h and then lies under it
    columns = ["2h", "KhQhJhTh9h8h7h6h5h3h"]
    g = game(preset, columns, stock="4h", foundations=["Ah", *FULL_OTHERS])
    s = LittleSpiderSearch(g.rules, g.position)
    assert run(s, 5000) == SOLVED
    assert [str(m) for m in s.moves][:2] == ["c1>f1", "deal"]
    assert replay(g.rules, g.position, s.moves).is_cleared()
    late = game(preset, columns, stock="4h", foundations=["Ah", *FULL_OTHERS])
    late.play_text("deal")
    assert brute_force(late.rules, late.position) is False
    assert run(LittleSpiderSearch(late.rules, late.position, complete=True), 5000) == UNSOLVABLE


def test_the_first_base_card_chooses_the_colours_and_both_choices_are_searched() -> None:
    # the As and the Ks are both on top: "Aces black" (spades up) is lost, since the
    # 2s lies under the 3s to Ks; "Kings black" (spades down) plays the pile off
    g = game("little-spider", ["As", "2s3s4s5s6s7s8s9sTsJsQsKs"])
    assert brute_force(g.rules, g.position) is True
    for complete in (False, True):
        s = LittleSpiderSearch(g.rules, g.position, complete=complete)
        assert run(s, 20000) == SOLVED
        assert str(s.moves[0]) == "c2>f1"  # the Ks
        assert replay(g.rules, g.position, s.moves).is_cleared()
    aces = game("little-spider", ["As", "2s3s4s5s6s7s8s9sTsJsQsKs"])
    aces.play_text("c1>f1")
    assert run(LittleSpiderSearch(aces.rules, aces.position, complete=True), 5000) == UNSOLVABLE


def test_a_position_already_won_needs_no_move() -> None:
    g = game("little-spider", [], foundations=["Ah2h3h4h5h6h7h8h9hThJhQhKh", *FULL_OTHERS])
    s = LittleSpiderSearch(g.rules, g.position)
    assert s.step(10) == SOLVED and s.moves == ()


def test_wrap_lets_a_king_go_onto_an_ace() -> None:
    # the Qh waits under the Kh, whose only other Queen-or-King neighbour is gone:
    # with the wrap the Kh goes onto the Ac once the 2c has gone up
    found = [
        "Ah2h3h4h5h6h7h8h9hThJh",
        "Ad2d3d4d5d6d7d8d9dTdJdQdKd",
        "KsQsJsTs9s8s7s6s5s4s3s2sAs",
        "KcQcJcTc9c8c7c6c5c4c3c",
    ]
    columns = ["QhKh", "Ac2c"]
    plain = game("little-spider", columns, foundations=found)
    wrapped = game("little-spider", columns, foundations=found, wrap=True)
    assert brute_force(plain.rules, plain.position) is False
    assert brute_force(wrapped.rules, wrapped.position) is True
    for complete in (False, True):
        assert run(LittleSpiderSearch(plain.rules, plain.position, complete=complete), 5000) == UNSOLVABLE
        s = LittleSpiderSearch(wrapped.rules, wrapped.position, complete=complete)
        assert run(s, 5000) == SOLVED
        assert replay(wrapped.rules, wrapped.position, s.moves).is_cleared()


RESTRICTED = (
    "4h/2h/-/-/Ad/5h/3h/- Ah KdQdJdTd9d8d7d6d5d4d3d2d/Ac2c3c4c5c6c7c8c9cTcJcQcKc/"
    "As2s3s4s5s6s7s8s9sTsJsQsKs/KhQhJhTh9h8h7h6h"
)
"""The hearts need the 5h, on lower pile L2 (pile 6) below foundation 2 (the clubs):
without the lower-row restriction the 5h, 4h, 3h and 2h go up before the deal
puts the Ah on pile 1; with it the 5h waits, the Ah lands on the 4h and has
nowhere to go but the 2h, which must go up before it."""


@pytest.mark.parametrize("preset", BOTH)
def test_the_lower_row_restriction_is_honoured(preset: str) -> None:
    for restrict in (False, True):
        g = engine.game_from_notation(preset, RESTRICTED, lower_row_restriction=restrict)
        assert brute_force(g.rules, g.position) is (not restrict)
        for complete in (False, True):
            s = LittleSpiderSearch(g.rules, g.position, complete=complete)
            status = run(s, 20000)
            if restrict:
                assert status == UNSOLVABLE
            else:
                assert status == SOLVED
                assert "c6>f4" in [str(m) for m in s.moves[: [str(m) for m in s.moves].index("deal")]]
                assert replay(g.rules, g.position, s.moves).is_cleared()


# -- agreement with a brute force over the engine's moves ---------------------------


CASES = [(preset, seed) for preset in BOTH for seed in range(12)]


@pytest.mark.parametrize(("preset", "seed"), CASES)
def test_agrees_with_brute_force_on_small_positions(preset: str, seed: int) -> None:
    rng = random.Random(seed * 7919 + len(preset))
    rules = engine.PRESETS[preset]
    checked = 0
    for attempt in range(6):
        pos = small_position(rng, rules, left=rng.randrange(6, 12), stock_cards=rng.choice([0, 0, 4, 12]))
        truth = brute_force(rules, pos, limit=60_000)
        if truth is None:
            continue
        checked += 1
        fast = LittleSpiderSearch(rules, pos)
        status = run(fast, 30_000)
        full = LittleSpiderSearch(rules, pos, complete=True)
        full_status = run(full, 60_000)
        if truth:
            assert status == SOLVED, (attempt, pos)
            assert replay(rules, pos, fast.moves).is_cleared()
            assert full_status == SOLVED
            assert replay(rules, pos, full.moves).is_cleared()
        else:
            assert status in (UNSOLVABLE, UNKNOWN)
            assert full_status == UNSOLVABLE, (attempt, pos)
    assert checked >= 3


@pytest.mark.parametrize("preset", BOTH)
def test_a_shared_lost_set_agrees_with_brute_force_and_answers_again_at_once(preset: str) -> None:
    # every position a search met once it ran out joins the set; searches of
    # other positions that share it skip those, and still agree with the truth
    rng = random.Random(4242 + len(preset))
    rules = engine.PRESETS[preset]
    lost: set[object] = set()
    judged = {True: 0, False: 0}
    for attempt in range(40):
        pos = small_position(rng, rules, left=rng.randrange(8, 16), stock_cards=rng.choice([0, 0, 4]))
        truth = brute_force(rules, pos, limit=60_000)
        if truth is None:
            continue
        judged[truth] += 1
        for complete in (False, True):
            s = LittleSpiderSearch(rules, pos, complete=complete, lost=lost)
            status = run(s, 60_000)
            if truth:
                assert status == SOLVED, (attempt, complete)
                assert replay(rules, pos, s.moves).is_cleared()
            else:
                assert status == UNSOLVABLE, (attempt, complete)
        if not truth:
            before = len(lost)
            again = LittleSpiderSearch(rules, pos, lost=lost)
            assert run(again, 60_000) == UNSOLVABLE
            assert len(lost) == before  # nothing new: every start was in the set
    assert judged[True] >= 3 and judged[False] >= 1, judged
    assert lost


@pytest.mark.parametrize("preset", BOTH)
def test_options_are_honoured_against_brute_force(preset: str) -> None:
    rng = random.Random(5)
    base = engine.PRESETS[preset]
    for rules in (
        base.with_options(wrap=not base.wrap),
        base.with_options(lower_row_restriction=not base.lower_row_restriction),
    ):
        checked = 0
        for _ in range(8):
            pos = small_position(rng, rules, left=rng.randrange(6, 11), stock_cards=rng.choice([0, 4, 12]))
            truth = brute_force(rules, pos, limit=60_000)
            if truth is None:
                continue
            checked += 1
            s = LittleSpiderSearch(rules, pos, complete=True)
            status = run(s, 60_000)
            assert status == (SOLVED if truth else UNSOLVABLE)
            if truth:
                assert replay(rules, pos, s.moves).is_cleared()
        assert checked >= 3


# -- the reductions lose no win --------------------------------------------------------


def test_a_piles_only_card_is_never_moved_onto_another_pile() -> None:
    g = game("little-spider", ["5h", "4s6c", "6d"])
    s = LittleSpiderSearch(g.rules, g.position, complete=True)
    s.step(1)
    dive = _Dive(s, 0, s._starts[0], 0, set(), 0.0)
    moves = [mv for mv, _ in dive._children(s._starts[0].state)]
    assert (1, 1, 0) in moves  # the 6c onto the 5h
    assert all(mv[1] != 0 for mv in moves if mv[0] == 1)  # the lone 5h stays; so does the 6d
    assert all(mv[1] != 2 for mv in moves if mv[0] == 1)


@pytest.mark.parametrize("preset", BOTH)
def test_positions_called_dead_have_no_win(preset: str) -> None:
    rng = random.Random(11)
    rules = engine.PRESETS[preset]
    dead = 0
    for _ in range(300):
        pos = small_position(rng, rules, left=rng.randrange(5, 11), stock_cards=0)
        s = LittleSpiderSearch(rules, pos, complete=True)
        s.step(50)
        if not s._starts:
            continue
        start = s._starts[0]
        dive = _Dive(s, 0, start, 0, set(), 0.0)
        if dive._dead_all(start.state):
            dead += 1
            assert brute_force(rules, pos, limit=200_000) is False
    assert dead >= 5


@pytest.mark.parametrize("preset", BOTH)
def test_every_start_is_reached_by_its_line_and_dropped_starts_are_reachable(preset: str) -> None:
    g = engine.new_game(preset, deal=8)
    rules = g.rules
    s = LittleSpiderSearch(rules, g.position)
    while s._p1_stack is not None:
        s.step(500)
    for start in s._starts:
        pos = replay(rules, g.position, s._to_engine(start.line, wins=False))
        assert not any(pos.stock)
        assert pos.tableau == start.state[0]
        assert tuple(sorted(len(f) for f in pos.foundations if f)) == tuple(sorted(n for n in start.state[1] if n))
    # a dropped start is reached from a kept one by foundation plays alone
    kept = {(st.ar, st.state[1]): st for st in s._starts}
    dropped = [key for key in s._p1_ends if key[0] >= 0 and key not in kept]
    assert dropped

    def reached(ar: int, cur: tuple[int, ...]) -> bool:
        return (ar, cur) in s._p1_ends or (not any(cur) and (-1, cur) in s._p1_ends)

    for ar, cnt in dropped:
        plays: list[int] = []
        cur = list(cnt)
        while (ar, tuple(cur)) not in kept:
            for suit in range(4):
                if cur[suit]:
                    cur[suit] -= 1
                    piles, _ = s._start_state(ar, tuple(cur))
                    card = NEED[ar][suit][cur[suit]]
                    if reached(ar, tuple(cur)) and any(p and p[-1] == card for p in piles):
                        plays.append(card)
                        break
                    cur[suit] += 1
            else:
                raise AssertionError(f"no start one foundation play before {(ar, cnt)}")
        base = kept[(ar, tuple(cur))]
        pos = replay(rules, g.position, s._to_engine(base.line, wins=False))
        for card in reversed(plays):
            src = next(i for i, p in enumerate(pos.tableau) if p and p[-1] == card)
            move = next(m for m in legal_moves(rules, pos) if m.kind == "found" and m.src == src)
            pos = next_position(rules, pos, move)
        assert pos.tableau == s._start_state(ar, cnt)[0]


def test_chain_tables() -> None:
    # Aces red (ar=1): hearts up from the Ace, spades down from the King
    ah, kh, ks, a_s = 1 << 2 | 1, 13 << 2 | 1, 13 << 2, 1 << 2
    assert CHAIN_POS[1][ah] == 0 and CHAIN_POS[1][kh] == 12
    assert CHAIN_POS[1][ks] == 0 and CHAIN_POS[1][a_s] == 12
    assert NEED[0][0][0] == a_s and NEED[0][1][0] == kh and NEED[1][2][13] == 0
    assert all(is_red(NEED[1][s][0]) == (NEED[1][s][0] >> 2 == 1) for s in range(4))
    assert [luby(i) for i in range(1, 9)] == [1, 1, 2, 1, 1, 2, 4, 1]


# -- slicing and budgets -----------------------------------------------------------------


@pytest.mark.parametrize("preset", BOTH)
def test_small_slices_give_the_same_result_as_one_big_call(preset: str) -> None:
    g = engine.new_game(preset, deal=10)
    one = LittleSpiderSearch(g.rules, g.position)
    status = one.step(100_000)
    sliced = LittleSpiderSearch(g.rules, g.position)
    status2 = run(sliced, 100_000, slice_=37)
    assert status == status2 == SOLVED
    assert one.moves == sliced.moves and one.nodes == sliced.nodes


@pytest.mark.parametrize("preset", BOTH)
def test_the_node_budget_is_respected(preset: str) -> None:
    g = engine.new_game(preset, deal=1)
    s = LittleSpiderSearch(g.rules, g.position)
    before = 0
    for n in (1, 7, 200, 500, 3):
        status = s.step(n)
        assert 0 < s.nodes - before <= n
        before = s.nodes
        if status is not None:
            break
    r = solve(g.rules, g.position, max_nodes=3000)
    assert r.status in (SOLVED, UNKNOWN)
    assert r.nodes <= 3000 + 500  # solve() checks between slices of 500


# -- real deals ------------------------------------------------------------------------------


@pytest.mark.cpython_only  # a few seconds in CPython; the small positions above cover Pyodide
@pytest.mark.parametrize("preset", BOTH)
def test_solutions_for_the_first_deals_replay_to_a_win(preset: str) -> None:
    solved = 0
    for deal in range(1, 11):
        g = engine.new_game(preset, deal=deal)
        r = solve(g.rules, g.position, max_nodes=8_000)
        assert r.status in (SOLVED, UNKNOWN)
        if r.status == SOLVED:
            solved += 1
            assert replay(g.rules, g.position, r.moves).is_cleared()
            for m in r.moves:
                assert g.why_illegal(m) is None
                g.play(m)
            assert g.status == "won"
    assert solved >= 2  # the solve rate itself is measured by tools/winnable.py
