"""The solver: solutions replay to a win, hints are legal and fair, budgets hold."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest
from enginetest import assert_wins, game, little_spider_deadlock, little_spider_queen_first, positions_in_play

import engine
from engine import HIDDEN_CARD, hide
from engine.play import deal_moves, legal_moves, next_position, why_illegal
from engine.position import Position
from solver import (
    CANCELLED,
    PORTFOLIO,
    SOLVED,
    UNKNOWN,
    UNSOLVABLE,
    WEIGHTS,
    Weights,
    autocomplete,
    evaluate,
    hints,
    macro_successors,
    position_key,
    replay,
    solve,
    spider_successors,
    tries,
    useful_moves,
)

# -- small positions with known answers -------------------------------------------


def test_solves_a_spider_run_that_needs_a_flip_first() -> None:
    g = game("spider-1", ["KsQsJs", "Ts9s", "*As8s7s6s5s4s3s2s"])
    r = solve(g.rules, g.position, max_nodes=5000)
    assert r.status == SOLVED
    assert_wins(g, r.moves)


def test_solves_across_a_deal() -> None:
    # the 3, 2 and Ace only arrive with the deal, which needs all ten columns filled:
    # building down first would empty columns and forbid it
    g = game("spider-1", ["Ks", "Qs", "Js", "Ts", "9s", "8s", "7s", "6s", "5s", "4s"], stock="3s2sAs")
    r = solve(g.rules, g.position, max_nodes=20000)
    assert r.status == SOLVED
    assert "deal" in [str(m) for m in r.moves]
    assert_wins(g, r.moves)


def test_complete_search_proves_a_missing_ace_unsolvable() -> None:
    # K Q J T of spades and no Ace: nothing can ever complete
    g = game("spider-1", ["KsQs", "Js", "Ts"])
    r = solve(g.rules, g.position, complete=True, max_nodes=200_000)
    assert r.status == UNSOLVABLE
    assert r.moves == ()


def test_complete_search_proves_a_little_spider_deadlock_unsolvable() -> None:
    g = little_spider_deadlock()
    assert g.status == "lost"  # no action at all: the engine already calls it
    r = solve(g.rules, g.position, complete=True, max_nodes=1000)
    assert r.status == UNSOLVABLE


def test_solves_little_spider_in_phase_two_with_a_tableau_move() -> None:
    g = little_spider_queen_first()
    r = solve(g.rules, g.position, max_nodes=5000)
    assert r.status == SOLVED
    assert [str(m) for m in r.moves if m.kind == "move"] == ["c2>c3"]
    assert_wins(g, r.moves)


def test_solves_traditional_spidike_with_king_to_an_empty_pile() -> None:
    g = game(
        "spidike-classic",
        ["Ks2h", "Ah", "Qs"],
        foundations=["As2s3s4s5s6s7s8s9sTsJs"],
    )
    r = solve(g.rules, g.position, max_nodes=5000)
    assert r.status == SOLVED
    assert_wins(g, r.moves)


@pytest.mark.cpython_only  # a few seconds in CPython; the small positions above cover Pyodide
@pytest.mark.parametrize(("preset", "deal"), [("spider-1", 1), ("tournament-1", 9), ("spider-2", 3), ("spider-4", 4)])
def test_solves_a_real_deal_and_the_solution_replays(preset: str, deal: int) -> None:
    g = engine.new_game(preset, deal=deal)
    r = solve(g.rules, g.position, max_nodes=20_000)
    assert r.status == SOLVED
    assert replay(g.rules, g.position, r.moves).is_cleared()
    assert_wins(g, r.moves)


# -- budgets and cancellation ------------------------------------------------------


def test_tries_take_the_weight_sets_in_turn_and_double_the_width_every_second_try() -> None:
    got = list(itertools.islice(tries(16, 1000), 8))
    assert [w for _, _, w in got] == [PORTFOLIO[i % len(PORTFOLIO)] for i in range(8)]
    assert [(b, n) for b, n, _ in got] == [
        (16, 1000),
        (16, 1000),
        (32, 2000),
        (32, 2000),
        (64, 4000),
        (64, 4000),
        (128, 8000),
        (128, 8000),
    ]
    assert PORTFOLIO[0] == WEIGHTS and len(set(PORTFOLIO)) == len(PORTFOLIO)


def test_weights_change_the_evaluation() -> None:
    g = engine.new_game("spider-4", deal=5)
    values = {evaluate(g.rules, g.position, None, w) for w in PORTFOLIO}
    assert len(values) > 1
    assert evaluate(g.rules, g.position, None, Weights(face_down=0, locked=0)) > evaluate(g.rules, g.position)


def test_a_deal_the_default_weights_miss_is_solved_by_the_next_weight_set() -> None:
    # 4-suit deal 28: the default weights give up at both of the first widths,
    # the second set of the portfolio wins on its first try (about 10,000 positions)
    g = engine.new_game("spider-4", deal=28)
    alone = solve(g.rules, g.position, max_nodes=16_000, portfolio=(WEIGHTS,))
    assert alone.status == UNKNOWN
    portfolio = solve(g.rules, g.position, max_nodes=16_000)
    assert portfolio.status == SOLVED
    assert_wins(g, portfolio.moves)


def test_node_budget_is_respected() -> None:
    g = engine.new_game("spider-4", deal=3)
    r = solve(g.rules, g.position, max_nodes=1500)
    assert r.status in (UNKNOWN, SOLVED)
    assert r.nodes <= 1500 + 500  # checked between slices of 500


def test_cancelled_search_says_so_and_returns_no_moves() -> None:
    g = engine.new_game("spider-4", deal=3)
    r = solve(g.rules, g.position, should_stop=lambda: True)
    assert r.status == CANCELLED
    assert r.moves == ()


# -- hints --------------------------------------------------------------------------


def _shuffle_hidden(pos: Position, seed: int) -> Position:
    """The same visible position with the hidden cards dealt differently."""
    hidden = [c for col, d in zip(pos.tableau, pos.down) for c in col[:d]]
    single = len(pos.stock) == 1
    for p in pos.stock:
        hidden.extend(p if single else p[1:])
    random.Random(seed).shuffle(hidden)
    it = iter(hidden)
    tableau = tuple(tuple(next(it) for _ in range(d)) + col[d:] for col, d in zip(pos.tableau, pos.down))
    stock = tuple(tuple(next(it) for _ in p) if single else p[:1] + tuple(next(it) for _ in p[1:]) for p in pos.stock)
    return Position(tableau, pos.down, stock, pos.foundations)


@pytest.mark.parametrize("preset", list(engine.PRESETS))
def test_hints_are_legal_and_do_not_depend_on_hidden_cards(preset: str) -> None:
    g = engine.new_game(preset, deal=2024)
    rnd = random.Random(5)
    for _ in range(12):
        if g.status != "playing":
            break
        hs = hints(g.rules, g.position, max_nodes=300)
        for h in hs:
            assert h.move is not None
            assert why_illegal(g.rules, g.position, h.move) is None, (str(h.move), h.reason)
            assert h.reason
        other = _shuffle_hidden(g.position, rnd.randrange(1 << 30))
        assert hide(other) == hide(g.position)
        assert [str(h.move) for h in hints(g.rules, other, max_nodes=300)] == [str(h.move) for h in hs]
        g.play(hs[0].move if hs else rnd.choice(g.legal_moves()))


def test_hint_turns_up_a_card_and_never_shuffles_a_built_card() -> None:
    # the 5s can go on either 6s and turn up the King; the 9s already sits on a ten,
    # so moving it to another ten gains nothing and is never suggested
    g = game("spider-1", ["*Ks5s", "6s", "6s", "Ts9s"] + ["Ts"] * 6)
    hs = hints(g.rules, g.position)
    assert str(hs[0].move) in ("c1>c2", "c1>c3")
    assert "turn up" in hs[0].reason
    assert not any(str(h.move).startswith("c4>") for h in hs)


def test_hint_turns_up_a_card_before_dealing_though_the_build_is_off_suit() -> None:
    # 4-suit deal 28 after 25 hinted actions: the 4d onto the 5c (off suit, on a
    # column with cards face down) turns up a card; it was once hinted "Deal"
    g = engine.game_from_notation(
        "spider-4",
        (
            "*4c*Kd*3s*Qd3h9d8c7h6d/*Jc*Ac*7h*5c*6cKd9d8c7d6h5c/*Ah*Ad*Ts*Qc*9c2sAdKs7s6s5s4s/*4d*2h*6d*2d7c6h/"
            "*9h*3s*Ts*Jc6cKhQhJh/*Ah*Ks*5s*6s2cAc/*5d*8h*Th*7cJdTh9h9s/*Jd*8d*3c*2d4d/*2s*7s*Kc*5hKc9sQsJs/"
            "*2c*8d*Tc*QsKhQhJh4s3d2hAs 4hJsQcAs5d7dTd4c8s9c3h4h5h3dQdTd8h8s3cTc -/-/-/-/-/-/-/-"
        ),
    )
    hs = hints(g.rules, g.position)
    assert str(hs[0].move) == "c8>c2" and hs[0].reason == "Move the four of diamonds to column 2 to turn up a card."
    assert "deal" not in [str(h.move) for h in hs]


def test_hint_spends_an_empty_column_to_turn_up_a_card_rather_than_say_nothing_helps() -> None:
    # no deal while column 10 is empty, and no card fits on another: the player
    # should turn a card up by moving one into the empty column (not be told
    # "nothing helps")
    g = game("spider-4", ["*Kh*2c9d", "*Kh6c", "Ks", "4d", "2h", "Jc", "Kd", "4s", "Jh"], stock="AsAhAcAd2s2h2c2d3s3h")
    hs = hints(g.rules, g.position)
    assert sorted(str(h.move) for h in hs) == ["c1>c10", "c2>c10"]
    assert all(h.reason.endswith("to column 10 to turn up a card.") and h.gain <= 0 for h in hs)


def test_hint_fills_an_empty_column_when_the_deal_waits_for_it() -> None:
    g = game("spider-1", ["5s9s", "Ks", "Js", "3s", "7s", "Ks", "Js", "3s", "7s"], stock="AsAsAsAsAsAsAs2s2s2s")
    hs = hints(g.rules, g.position)
    assert [str(h.move) for h in hs] == ["c1>c10"]
    assert hs[0].reason == "Move the nine of spades to column 10: every column needs a card before you can deal."
    # with the deal allowed on empty columns, the deal it is
    relaxed = game(
        "spider-1",
        ["5s9s", "Ks", "Js", "3s", "7s", "Ks", "Js", "3s", "7s"],
        stock="AsAsAsAsAsAsAs2s2s2s",
        relaxed_deal=True,
    )
    assert [str(h.move) for h in hints(relaxed.rules, relaxed.position)] == ["deal"]


@pytest.mark.parametrize("preset", ["spider-1", "spider-relaxed"])
def test_a_group_moved_off_its_own_suit_to_complete_a_run_is_searched(preset: str) -> None:
    # 5s..As sits on the 6s of column 3 and goes on the 6s of column 1, where it
    # completes a run and turns up a card: the pruning of moves off a card's
    # own successor must keep it (hints once said "deal" here)
    g = game(preset, ["*As*2s*3s*4s*5sKsQsJsTs9s8s7s6s", "KsQsJsTs9s8s7s", "6s5s4s3s2sAs"], stock="-")
    move = g.parse_move("c3:5>c1")
    assert move in useful_moves(g.rules, g.position)
    assert move in [m for m, _ in spider_successors(g.rules, g.position)]
    assert dict(spider_successors(g.rules, g.position))[move] == next_position(g.rules, g.position, move)
    assert next_position(g.rules, g.position, move).foundations[0]
    assert "c3:5>c1" in [str(h.move) for h in hints(g.rules, g.position)]
    result = solve(g.rules, g.position, max_nodes=1000)
    assert result.status == SOLVED
    assert_wins(g, result.moves)


@pytest.mark.parametrize("preset", ["spider-1", "spider-2", "spider-4", "spider-relaxed", "tournament-2"])
def test_hints_never_say_deal_or_nothing_while_a_card_can_be_turned_up(preset: str) -> None:
    """Along games played by the hints themselves."""
    checked = 0
    for deal in (1, 4, 5):
        g = engine.new_game(preset, deal=deal)
        for _ in range(50):
            if g.status != "playing":
                break
            hs = hints(g.rules, g.position)
            legal = g.legal_moves()
            turning = [
                m for m in legal if m.kind == "move" and next_position(g.rules, g.position, m).down != g.position.down
            ]
            if turning:
                checked += 1
                assert hs and hs[0].move is not None and hs[0].move.kind == "move", (
                    g.notation(),
                    [str(m) for m in turning],
                )
            g.play(hs[0].move if hs and hs[0].move else legal[0])
    assert checked > 10


def test_hint_says_deal_when_no_move_helps() -> None:
    g = game("spider-1", ["5s", "9s", "Ks", "Js", "3s", "7s", "Ks", "Js", "3s", "7s"], stock="AsAsAsAsAsAsAs2s2s2s")
    hs = hints(g.rules, g.position)
    assert [str(h.move) for h in hs] == ["deal"]


def test_hint_is_empty_when_nothing_helps() -> None:
    g = game("spider-1", ["5s", "9s", "Ks", "Js", "3s", "7s", "Ks", "Js", "3s", "7s"])
    assert hints(g.rules, g.position) == []


@pytest.mark.parametrize(("preset", "deal"), [("spider-2", 11), ("tournament-1", 4)])
def test_the_hidden_view_blanks_exactly_what_the_player_cannot_see(preset: str, deal: int) -> None:
    """hide(), which the hints search from (that the hints do not depend on
    the hidden cards: test_hints_are_legal_and_do_not_depend_on_hidden_cards):
    every face-down card and every unseen stock card becomes HIDDEN_CARD;
    the face-up cards, a draw pile's top card and the foundations stay."""
    g = engine.new_game(preset, deal=deal)
    pos = g.position
    view = hide(pos)
    assert any(pos.down) and any(pos.stock)
    for col, seen, down in zip(pos.tableau, view.tableau, pos.down):
        assert seen == (HIDDEN_CARD,) * down + col[down:]
    draw_piles = bool(g.rules.draw_piles)
    for pile, seen in zip(pos.stock, view.stock):
        shown = pile[:1] if draw_piles else ()
        assert seen == shown + (HIDDEN_CARD,) * (len(pile) - len(shown))
    assert view.down == pos.down and view.foundations == pos.foundations


# -- auto-complete -----------------------------------------------------------------


def test_autocomplete_refuses_while_cards_are_hidden() -> None:
    assert autocomplete(*_rules_pos(engine.new_game("spider-1", deal=5))) is None


def test_autocomplete_finishes_an_open_position() -> None:
    g = game("spider-1", ["KsQsJsTs9s8s", "7s6s5s4s", "3s2sAs"])
    moves = autocomplete(g.rules, g.position)
    assert moves is not None
    assert_wins(g, moves)


def test_autocomplete_declines_an_open_position_it_cannot_finish() -> None:
    g = game("spider-1", ["KsQs", "Js"])
    assert autocomplete(g.rules, g.position, max_nodes=2000) is None


def _rules_pos(g: engine.Game) -> tuple[engine.Ruleset, Position]:
    return g.rules, g.position


def test_legal_moves_of_hidden_view_never_move_a_hidden_card() -> None:
    g = engine.new_game("spider-4", deal=8)
    view = hide(g.position)
    for m in legal_moves(g.rules, view):
        if m.kind == "move":
            col = view.tableau[m.src]
            assert HIDDEN_CARD not in col[len(col) - m.count :]


# -- the Spider family's fast path ---------------------------------------------------

SPIDER_FAMILY = [p for p, r in engine.PRESETS.items() if r.family == "spider"]


@pytest.mark.parametrize("preset", SPIDER_FAMILY)
def test_fast_successors_are_the_engines_moves_and_positions(preset: str) -> None:
    rules = engine.PRESETS[preset]
    for deal in (3, 4):
        for pos in positions_in_play(preset, deal):
            fast = spider_successors(rules, pos)
            assert [m for m, _ in fast] == [m for m in useful_moves(rules, pos) if m.kind == "move"]
            for m, nxt in fast:
                assert nxt == next_position(rules, pos, m), str(m)


def test_fast_successors_complete_a_run_as_the_engine_does() -> None:
    g = game("spider-2", ["KhQhJhTh9h8h7h6h5h4h3h2h", "*KsAh", "5s"])
    [(m, nxt)] = [(m, p) for m, p in spider_successors(g.rules, g.position) if str(m) == "c2>c1"]
    assert nxt == next_position(g.rules, g.position, m)
    assert nxt.foundations[0] and not nxt.tableau[0] and nxt.down[1] == 0


@pytest.mark.parametrize("preset", ["spider-2", "spider-4", "spidike", "tournament-2"])
def test_compound_moves_replay_legally_to_their_position(preset: str) -> None:
    rules = engine.PRESETS[preset]
    seen = 0
    for deal in range(1, 9):
        for pos in positions_in_play(preset, deal, plies=120):
            for seq, nxt in macro_successors(rules, pos):
                assert len(seq) >= 3
                assert replay(rules, pos, seq) == nxt
                # the empty columns used to park end empty again
                before = {j for j, c in enumerate(pos.tableau) if not c}
                after = {j for j, c in enumerate(nxt.tableau) if not c}
                assert before - {seq[-1].dst} <= after
                seen += 1
    assert seen  # random play does meet them


def test_compound_moves_are_the_same_with_the_block_cache_a_search_keeps() -> None:
    rules = engine.PRESETS["spider-4"]
    cache: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
    for deal in range(1, 5):
        for pos in positions_in_play("spider-4", deal, plies=120):
            assert macro_successors(rules, pos, cache) == macro_successors(rules, pos)
    assert cache  # and the cache was filled


@pytest.mark.parametrize("preset", [p for p, r in engine.PRESETS.items() if r.family != "little-spider"])
def test_deal_moves_are_exactly_the_deals_among_the_legal_moves(preset: str) -> None:
    rules = engine.PRESETS[preset]
    for deal in (5, 6):
        g = engine.new_game(preset, deal=deal)
        rnd = random.Random(deal)
        for _ in range(80):
            if g.status != "playing":
                break
            moves = g.legal_moves()
            assert deal_moves(rules, g.position) == [m for m in moves if m.kind in ("deal", "draw")]
            g.play(rnd.choice(moves))


def test_compound_move_carries_a_two_suit_sequence_through_an_empty_column() -> None:
    # 9h 8s 7s on column 1 goes onto the Th with one empty column to park the 8s 7s
    g = game("spider-2", ["*Ks9h8s7s", "Th", "-", "Qs"])
    found = {tuple(str(m) for m in seq): nxt for seq, nxt in macro_successors(g.rules, g.position)}
    assert ("c1:2>c3", "c1>c2", "c3:2>c2") in found
    nxt = found[("c1:2>c3", "c1>c2", "c3:2>c2")]
    assert nxt.tableau[1] == g.position.tableau[1] + g.position.tableau[0][1:]
    assert nxt.tableau[2] == () and nxt.down[0] == 0
    # and with no empty column there is none
    full = game("spider-2", ["*Ks9h8s7s", "Th", "Qs", "5h", "5h", "5s", "5s", "4h", "4h", "4s"])
    assert macro_successors(full.rules, full.position) == []


def test_compound_move_parks_a_block_on_a_column_one_rank_higher() -> None:
    # no empty column: the 8s 7s wait on the 9s of column 3 while the 9h goes onto the Th
    g = game("spider-2", ["*Ks9h8s7s", "Th", "9s", "5h", "5h", "5s", "5s", "4h", "4h", "4s"])
    found = {tuple(str(m) for m in seq): nxt for seq, nxt in macro_successors(g.rules, g.position)}
    assert list(found) == [("c1:2>c3", "c1>c2", "c3:2>c2")]
    nxt = found[("c1:2>c3", "c1>c2", "c3:2>c2")]
    assert nxt == replay(g.rules, g.position, [engine.parse_move(m) for m in ("c1:2>c3", "c1>c2", "c3:2>c2")])
    assert nxt.tableau[2] == g.position.tableau[2]


def test_compound_move_never_parks_an_ace_where_it_could_complete_a_run() -> None:
    # the 2h Ah block must not wait on the 3h of column 3: it would complete that run
    g = game("spider-2", ["*Ks3s2hAh", "4h", "KhQhJhTh9h8h7h6h5h4h3h"])
    assert all("c1:2>c3" not in [str(m) for m in seq] for seq, _ in macro_successors(g.rules, g.position))


def test_key_forgets_column_order_only_once_the_stock_is_empty() -> None:
    a = game("spider-1", ["Ks", "*Qs5s"], stock="As2s3s4s5s6s7s8s9sTs")
    b = game("spider-1", ["*Qs5s", "Ks"], stock="As2s3s4s5s6s7s8s9sTs")
    assert position_key(a.position) != position_key(b.position)
    c = game("spider-1", ["Ks", "*Qs5s"])
    d = game("spider-1", ["-", "*Qs5s", "Ks"])
    assert position_key(c.position) == position_key(d.position)
    assert position_key(c.position) != position_key(game("spider-1", ["Ks", "Qs5s"]).position)


def _small_deal(rnd: random.Random, rules: engine.Ruleset) -> Position:
    """A small full-information position: a King-to-Ace run of each suit dealt over the columns, no stock."""
    suits = range(len(rules.suits))
    cards = [r * 4 + s for s in suits for r in range(1, 14)]
    rnd.shuffle(cards)
    cols: list[list[int]] = [[] for _ in range(rules.tableau_size)]
    for c in cards:
        cols[rnd.randrange(len(cols))].append(c)
    tableau = tuple(tuple(c) for c in cols)
    down = tuple(min(len(c) - 1, rnd.randrange(3)) if c else 0 for c in cols)
    return Position(tableau, down, ((),) * (rules.draw_piles or 1), ((),) * rules.foundations)


# shrunken Spiders: six columns, so that the search without pruning can be exhaustive
SMALL = {
    "1 suit": dataclasses.replace(engine.PRESETS["spider-1"], columns=((0, 1),) * 6),
    "2 suits": dataclasses.replace(engine.PRESETS["spider-2"], columns=((0, 1),) * 6),
}


@pytest.mark.cpython_only  # several seconds
@pytest.mark.parametrize("name", list(SMALL))
def test_pruned_search_finds_every_win_the_complete_search_finds(name: str) -> None:
    rules = SMALL[name]
    rnd = random.Random(7)
    outcomes = []
    for _ in range(40):
        pos = _small_deal(rnd, rules)
        complete = solve(rules, pos, complete=True, max_nodes=4000)
        if complete.status not in (SOLVED, UNSOLVABLE):
            continue
        fast = solve(rules, pos, max_nodes=4000)
        outcomes.append(complete.status)
        if complete.status == SOLVED:
            assert fast.status == SOLVED, engine.format_notation(pos)
            assert replay(rules, pos, fast.moves).is_cleared()
        else:
            assert fast.status != SOLVED
    assert outcomes.count(SOLVED) >= 3, outcomes
