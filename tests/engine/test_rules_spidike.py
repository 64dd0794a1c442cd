"""Spidike: the seed's (four-suit Spider with a foundation row) and the traditional
one-deck game with Ace-up suit foundations, King-only spaces and a last deal of three."""

from __future__ import annotations

from enginetest import cards, game, moves_text, run

import engine
from engine.events import Dealt

TRAD = "spidike-classic"


def test_traditional_stock_deals_seven_three_times_then_three_to_piles_1_to_3() -> None:
    g = engine.new_game(TRAD, deal=12)
    for k in range(3):
        events = g.play_text("deal")
        dealt = events[0]
        assert isinstance(dealt, Dealt) and len(dealt.placements) == 7
        assert g.position.stock_count() == 24 - 7 * (k + 1)
    dealt = g.play_text("deal")[0]
    assert isinstance(dealt, Dealt)
    assert [pile for pile, _ in dealt.placements] == ["column-1", "column-2", "column-3"]
    assert g.position.stock_count() == 0
    assert g.why_illegal_text("deal") == "There are no cards left to deal."


def test_traditional_deals_are_allowed_with_empty_piles() -> None:
    g = game(TRAD, ["5d"], "2c3c4c5c6c7c8c")
    assert g.why_illegal_text("deal") is None
    g.play_text("deal")
    assert [len(c) for c in g.position.tableau] == [2, 1, 1, 1, 1, 1, 1]


def test_traditional_foundations_build_up_by_suit_from_the_ace_one_card_at_a_time() -> None:
    g = game(TRAD, ["As", "2s", "3h", "5d"])
    assert g.why_illegal_text("c2>f1") == "An empty foundation takes an Ace."
    g.play_text("c1>f1")
    assert g.why_illegal_text("c3>f1") == "This foundation needs the two of spades."
    g.play_text("c2>f1")
    assert g.position.foundations[0] == cards("As2s")
    assert g.score == 2 and g.score_breakdown() == {"foundations": 2}
    assert g.why_illegal_text("c1:2>f1") is not None


def test_traditional_a_complete_foundation_takes_nothing_more() -> None:
    g = game(TRAD, ["Ah", "5d"], foundations=["As2s3s4s5s6s7s8s9sTsJsQsKs"])
    assert g.why_illegal_text("c1>f1") == "This foundation is complete."


def test_traditional_an_empty_pile_takes_only_a_king_or_a_king_headed_run() -> None:
    g = game(TRAD, ["QdKsQs", "Jh", "KhQc"])
    assert g.why_illegal_text("c2>c4") == "Only a King, or a group headed by a King, can fill an empty pile."
    assert g.why_illegal_text("c1:2>c4") is None
    assert g.why_illegal_text("c1>c4") == "Only a King, or a group headed by a King, can fill an empty pile."
    assert g.why_illegal_text("c3:2>c4") == "A group must be all one suit."
    assert set(moves_text(g)) >= {"c1:2>c4", "c2>c1", "c2>c3"}
    assert not any(m.startswith("c2>c") and m[-1] in "4567" for m in moves_text(g))


def test_traditional_builds_down_in_any_suit_and_moves_one_suit_runs() -> None:
    g = game(TRAD, ["9s8s7s", "Th", "9d8c"])
    assert {"c1:3>c2", "c1>c3"} <= set(moves_text(g))
    assert g.why_illegal_text("c3:2>c2") == "A group must be all one suit."


def test_traditional_has_no_run_removal() -> None:
    g = game(TRAD, [run("s", 2), "As"])
    g.play_text("c2>c1")
    assert len(g.position.tableau[0]) == 13 and g.status == "playing"


def test_traditional_is_won_with_every_card_on_the_foundations() -> None:
    full = ["As2s3s4s5s6s7s8s9sTsJsQsKs", "Ah2h3h4h5h6h7h8h9hThJhQhKh", "Ad2d3d4d5d6d7d8d9dTdJdQdKd"]
    g = game(TRAD, ["Kc"], foundations=full + ["Ac2c3c4c5c6c7c8c9cTcJcQc"])
    g.play_text("c1>f4")
    assert g.status == "won" and g.score == 52


def test_traditional_is_lost_with_an_empty_stock_and_no_move() -> None:
    g = game(TRAD, ["9s", "5d", "2c"])
    assert g.status == "lost" and g.end_reason == "stuck"


def test_seed_spidike_is_four_suit_spider_with_eight_foundation_slots() -> None:
    seed = engine.PRESETS["spidike"]
    spider = engine.PRESETS["spider-4"]
    fields = ("suits", "copies", "columns", "unit", "completion", "empty", "foundations", "scoring")
    assert all(getattr(seed, f) == getattr(spider, f) for f in fields)
    assert seed.deal_needs_full_columns
    assert engine.new_game("spidike", deal=6).position == engine.new_game("spider-4", deal=6).position


def test_seed_spidike_spaces_take_any_card() -> None:
    g = game("spidike", ["5d", "Qs"])
    assert g.why_illegal_text("c1>c3") is None and g.why_illegal_text("c2>c3") is None


def test_seed_spidike_never_makes_a_four_card_final_deal() -> None:
    g = engine.new_game("spidike", deal=2)
    sizes = []
    while g.why_illegal_text("deal") is None:
        dealt = g.play_text("deal")[0]
        assert isinstance(dealt, Dealt)
        sizes.append(len(dealt.placements))
    assert sizes == [10] * 5
