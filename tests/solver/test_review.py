"""The game review (solver/review.py): winning lines replay, verdicts are
monotone, "lost" only from a complete search, known slips are found, and a
kept review reads back only for its own game."""

from __future__ import annotations

import dataclasses
import functools
import json
import random

import pytest
from enginetest import game, little_spider_deadlock, little_spider_queen_first

import engine
from solver import (
    PAGE_BUDGET,
    UNSOLVABLE,
    GameReview,
    Proof,
    ReviewBudget,
    Reviewer,
    ReviewError,
    Verdict,
    hints,
    make_search,
    replay,
    review,
)
from solver.review import Probe, game_positions, start_position

FOUR_RUNS_STOCK = "QsQsJsJsTsTs9s9s8s8s7s7s6s6s6s5s5s5s4s4s4s3s3s3s2s2s2sAsAsAs"
TESTS = dataclasses.replace(PAGE_BUDGET, seconds=None)
"""The page's budget in positions only, so the tests do not depend on the machine's speed."""


def four_runs() -> engine.Game:
    """A run of spades to the 2 in column 1, its Ace alone in column 2, three
    deals in the stock: putting the Ace on the run completes it and leaves 9
    cards for 10 columns (the stock is out of reach: lost); dealing first wins."""
    return game(
        "spider-1",
        ["KsQsJsTs9s8s7s6s5s4s3s2s", "As", "Ks", "Ks", "Ks", "Qs", "Js", "Ts", "9s", "8s7s"],
        stock=FOUR_RUNS_STOCK,
    )


def play(g: engine.Game, *texts: str) -> engine.Game:
    for t in texts:
        g.play_text(t)
    return g


def assert_sound(g: engine.Game, r: GameReview) -> None:
    """What every review must hold, whatever its budget."""
    positions = game_positions(g)
    assert len(r.verdicts) == len(positions) == len(g.moves) + 1
    assert len(r.basis) == len(r.verdicts)
    # every winnable verdict's line replays to a win in the engine
    assert set(r.lines) == {i for i, v in enumerate(r.verdicts) if v == Verdict.WINNABLE}
    for i, line in r.lines.items():
        assert replay(g.rules, positions[i], line).is_cleared(), i
    # no winnable verdict after a lost one, none after an unknown one either
    words = "".join(v.value[0] for v in r.verdicts)
    assert words == "w" * words.count("w") + "u" * words.count("u") + "l" * words.count("l")
    # every lost verdict rests on a complete search at or before it
    for i, (v, b) in enumerate(zip(r.verdicts, r.basis)):
        if v == Verdict.LOST:
            assert b.how in (Proof.COMPLETE, Proof.EARLIER_LOST), (i, b)
            assert b.at is not None and b.at <= i
            assert r.basis[b.at].how == Proof.COMPLETE
        elif v == Verdict.WINNABLE:
            assert b.how in (Proof.WIN_FOUND, Proof.LATER_WIN) and b.at is not None and b.at >= i
        else:
            assert b.how == Proof.NONE
    # the summary agrees with the verdicts
    wins = [i for i, v in enumerate(r.verdicts) if v == Verdict.WINNABLE]
    losses = [i for i, v in enumerate(r.verdicts) if v == Verdict.LOST]
    assert r.last_winnable == (wins[-1] if wins else None)
    assert r.first_lost == (losses[0] if losses else None)
    exact = wins and losses and losses[0] == wins[-1] + 1
    assert r.slip == (wins[-1] if exact else None)


def assert_proofs_hold(g: engine.Game, r: GameReview, limit: int = 200_000) -> None:
    """Each complete search the review says proved a loss proves it again."""
    positions = game_positions(g)
    for i, b in enumerate(r.basis):
        if b.how == Proof.COMPLETE:
            search = make_search(g.rules, positions[i], complete=True)
            while search.step(500) is None and search.nodes < limit:
                pass
            assert search.status == UNSOLVABLE, i


# -- constructed games with a known slip ----------------------------------------------


def test_the_move_that_strands_the_stock_is_the_slip() -> None:
    g = play(four_runs(), "c10:2>c9", "c9:2>c10", "c2>c1")
    assert g.status == "lost"
    r = review(g, budget=TESTS)
    assert r.slip == 2
    assert r.verdicts == (Verdict.WINNABLE,) * 3 + (Verdict.LOST,)
    assert r.complete and r.gap == 0
    assert_sound(g, r)
    assert_proofs_hold(g, r)


def test_a_slip_after_many_moves_is_found_by_few_searches() -> None:
    shuffle = ("c10:2>c9", "c9:2>c10", "c9>c8", "c8>c9", "c6>c3", "c3>c6") * 3
    g = play(four_runs(), *shuffle, "c2>c1")
    reviewer = Reviewer(g, budget=TESTS)
    while not reviewer.step(300):
        pass
    r = reviewer.result()
    assert r.slip == len(shuffle)
    assert r.first_lost == len(g.moves) and r.last_winnable == len(shuffle)
    assert_sound(g, r)
    # the end, the start; the rest follows the winning line found, without a search
    assert len(reviewer.probes) <= 4, reviewer.probes


def test_a_lost_deal_has_no_slip() -> None:
    # eight Kings, a Queen and a Jack, no run to complete: lost from the start
    g = play(game("spider-1", ["Ks"] * 8 + ["Qs", "Js"]), "c10>c9", "c9:2>c1", "c1:2>c9")
    r = review(g, budget=TESTS)
    assert r.verdicts == (Verdict.LOST,) * 4
    assert r.slip is None and r.last_winnable is None and r.first_lost == 0
    # the end and the start are searched; the rest follows from the start
    assert [b.how for b in r.basis] == [Proof.COMPLETE, Proof.EARLIER_LOST, Proof.EARLIER_LOST, Proof.COMPLETE]
    assert_sound(g, r)


def test_a_won_game_is_winnable_throughout() -> None:
    g = play(game("spider-1", ["KsQsJs", "Ts9s", "As8s7s6s5s4s3s2s"]), "c2:2>c1", "c3:7>c1", "c3>c1")
    assert g.status == "won"
    r = review(g, budget=TESTS)
    assert r.verdicts == (Verdict.WINNABLE,) * 4 and r.slip is None and r.complete
    assert r.lines[0] == tuple(g.moves) and r.lines[3] == ()
    assert_sound(g, r)


def test_a_resigned_game_that_could_still_be_won_has_no_slip() -> None:
    g = play(four_runs(), "c10:2>c9")
    g.resign()
    r = review(g, budget=TESTS)
    assert r.verdicts == (Verdict.WINNABLE,) * 2 and r.slip is None and r.last_winnable == 1
    assert_sound(g, r)


@pytest.mark.parametrize("preset", ["little-spider", "spidike-classic"])
def test_other_families_use_their_own_complete_searches(preset: str) -> None:
    g = engine.new_game(preset, deal=5)
    for _ in range(12):
        if g.status != "playing":
            break
        g.play(g.legal_moves()[-1])
    r = review(g, budget=dataclasses.replace(TESTS, total_nodes=8_000))
    assert_sound(g, r)


# -- budgets, slices, cancelling ----------------------------------------------------------


def test_a_tiny_budget_says_unknown_never_lost() -> None:
    g = play(four_runs(), "c10:2>c9", "c9:2>c10", "c2>c1")
    r = review(g, budget=ReviewBudget(total_nodes=1, seconds=None))
    assert not any(v == Verdict.LOST for v in r.verdicts[:-1])
    assert_sound(g, r)


def test_the_reviewer_runs_in_slices_and_reports_progress() -> None:
    g = play(four_runs(), "c10:2>c9", "c9:2>c10", "c2>c1")
    reviewer = Reviewer(g, budget=TESTS)
    seen = [reviewer.progress]
    assert seen[0] == 0.0 and not reviewer.result().complete
    while not reviewer.step(50):
        seen.append(reviewer.progress)
        assert_sound(g, reviewer.result())  # the best answer so far is valid at any time
    assert seen == sorted(seen) and reviewer.progress == 1.0
    assert reviewer.step(50) is True and reviewer.result().complete


def test_a_cancelled_review_keeps_what_it_found() -> None:
    g = play(four_runs(), "c10:2>c9", "c9:2>c10", "c2>c1")
    reviewer = Reviewer(g, budget=TESTS)
    reviewer.step(5)
    reviewer.cancel()
    assert reviewer.step(1000) is True
    r = reviewer.result()
    assert not r.complete
    assert_sound(g, r)


def test_budgets_must_be_positive() -> None:
    with pytest.raises(ValueError, match="proof_nodes"):
        ReviewBudget(proof_nodes=0)
    with pytest.raises(ValueError, match="seconds"):
        ReviewBudget(seconds=-1.0)


# -- keeping a review -------------------------------------------------------------------


@functools.cache
def kept() -> tuple[engine.Game, GameReview, dict[str, object]]:
    g = play(four_runs(), "c10:2>c9", "c9:2>c10", "c2>c1")
    r = review(g, budget=TESTS)
    return g, r, json.loads(r.to_json())


def test_a_kept_review_reads_back_equal() -> None:
    g, r, _ = kept()
    back = GameReview.from_json(r.to_json(), g)
    assert back == r
    assert back.lines == r.lines and back.slip == 2


def test_a_kept_review_of_a_game_from_its_deal_number_reads_back() -> None:
    g = engine.new_game("spider-1", deal=3)
    for _ in range(3):
        g.play(hints(g.rules, g.position)[0].move or g.legal_moves()[0])
    assert start_position(g) == engine.new_game("spider-1", deal=3).position
    r = review(g, budget=dataclasses.replace(TESTS, rounds=1, total_nodes=6_000))
    assert GameReview.from_json(r.to_json(), g) == r


def hostile(data: dict[str, object], **changes: object) -> str:
    return json.dumps({**data, **changes})


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: "not json {", "not JSON"),
        (lambda d: "[1, 2]", "not a kept game review"),
        (lambda d: hostile(d, format="spider-save"), "not a kept game review"),
        (lambda d: hostile(d, version=99), "version 99"),
        (lambda d: hostile(d, game="0" * 32), "another game"),
        (lambda d: hostile(d, verdicts="WWW"), "4 verdicts"),
        (lambda d: hostile(d, verdicts="WWXL"), "not W, L or U"),
        (lambda d: hostile(d, verdicts="WLWL"), "winnable position after"),
        (lambda d: hostile(d, verdicts="WWWW"), "does not fit its verdict"),
        (lambda d: hostile(d, basis=[["win-found", 0]] * 4), "does not fit its verdict"),
        (
            lambda d: hostile(d, basis=[["win-found", 0], ["later-win", 2], ["win-found", 2], ["earlier-lost", 3]]),
            "fit",
        ),
        (lambda d: hostile(d, basis=[["win-found", 0], ["later-win", 2], ["win-found", 2], ["magic", 3]]), "knows"),
        (lambda d: hostile(d, anchors={"0": ["c1>c2"]}), "does not replay"),
        (lambda d: hostile(d, anchors={"0": [], "2": []}), "does not win"),
        (lambda d: hostile(d, anchors={"3": []}), "not a winnable position"),
        (lambda d: hostile(d, anchors={"²": []}), "not a winnable position"),
        (lambda d: hostile(d, anchors={"0": "deal"}), "not a list of moves"),
        (lambda d: hostile(d, anchors={}), "no line"),
        (lambda d: hostile(d, complete="yes"), "summary"),
        (lambda d: " " * 5_000_000, "too long"),
    ],
)
def test_a_hostile_or_foreign_review_is_refused_with_a_reason(make: object, message: str) -> None:
    g, _, data = kept()
    assert callable(make)
    with pytest.raises(ReviewError, match=message):
        GameReview.from_json(make(data), g)


def test_a_review_of_another_game_is_refused() -> None:
    _, r, _ = kept()
    other = play(four_runs(), "c10:2>c9", "c9:2>c10")
    with pytest.raises(ReviewError, match="another game"):
        GameReview.from_json(r.to_json(), other)


# -- real games ----------------------------------------------------------------------------


@pytest.mark.cpython_only  # some seconds in CPython; the small positions above cover Pyodide
@pytest.mark.parametrize(("preset", "deal"), [("spider-1", 4), ("spider-2", 2)])
def test_reviews_of_played_games_are_sound(preset: str, deal: int) -> None:
    g = engine.new_game(preset, deal=deal)
    rnd = random.Random(deal)
    while g.status == "playing" and len(g.moves) < 60:
        hs = hints(g.rules, g.position, max_nodes=100)
        g.play(hs[0].move if hs and hs[0].move and rnd.random() > 0.2 else rnd.choice(g.legal_moves()))
    r = review(g, budget=dataclasses.replace(TESTS, total_nodes=60_000))
    assert_sound(g, r)
    assert_proofs_hold(g, r)


def test_a_game_stuck_by_the_empty_column_rule_ends_lost() -> None:
    # two suits: completing the hearts leaves 4 cards for 10 columns with the
    # stock to deal: stalemated, and its end is proven lost, not unknown
    g = play(
        game("spider-2", ["KhQhJhTh9h8h7h6h5h4h3h2h", "Ah", "Ks", "Qs", "Js", "Ts"], stock="9s9s8s8s7s7s6s6s5s5s"),
        "c2>c1",
    )
    assert engine.stalemated(g.rules, g.position) and g.status == "lost"
    r = review(g, budget=TESTS)
    assert r.verdicts[-1] == Verdict.LOST
    assert r.basis[-1].how == Proof.COMPLETE
    assert_sound(g, r)
    assert_proofs_hold(g, r)


def test_the_review_shares_its_lost_positions_between_probes() -> None:
    g = play(four_runs(), "c10:2>c9", "c9:2>c10", "c2>c1")
    reviewer = Reviewer(g, budget=TESTS)
    while not reviewer.step(300):
        pass
    from solver.spider_complete import review_key

    assert review_key(game_positions(g)[-1]) in reviewer.lost
    assert not {review_key(p) for p in game_positions(g)[:-1]} & reviewer.lost


def test_a_probe_takes_the_proof_of_a_family_search_that_prunes_no_win() -> None:
    # Little Spider's own search proves a deadlock by using up its starts: the
    # probe's complete search is given a single position, so the proof is that
    # search's (the kit's deadlock: no move at all)
    g = little_spider_deadlock()
    probe = Probe(g.rules, g.position, proof_nodes=1, win_nodes=5_000, complete_nodes=1)
    while probe.step(1) is None:
        pass
    assert probe.status == UNSOLVABLE and probe.proved
    assert probe.complete.nodes == 1 and probe.complete.status is None  # not the complete search's proof


def test_a_little_spider_slip_is_found_and_its_lost_positions_are_shared() -> None:
    # playing the Kh first strands the Qd on the 3s: moving the Queen onto the King first wins
    g = little_spider_queen_first()
    g.play(next(m for m in g.legal_moves() if m.kind == engine.MoveKind.FOUNDATION and m.src == 2))
    reviewer = Reviewer(g, budget=TESTS)
    while not reviewer.step(300):
        pass
    r = reviewer.result()
    assert r.verdicts == (Verdict.WINNABLE, Verdict.LOST) and r.slip == 0
    assert_sound(g, r)
    assert_proofs_hold(g, r)
    assert reviewer.lost  # the proof's positions, for the probes after it
