"""Little Spider (seed 003 and traditional): foundation colours, two phases, the
lower-row restriction, the K↔A wrap, the last deal of four to the upper row."""

from __future__ import annotations

import pytest
from enginetest import cards, game, moves_text

import engine
from engine.events import Dealt, Moved

BOTH = ["little-spider", "little-spider-classic"]
# A stock keeps phase 1 going; "-" means phase 2 (the stock is empty).
STOCK = "2c"


@pytest.mark.parametrize("preset", BOTH)
def test_the_stock_deals_eight_five_times_then_four_to_the_upper_row(preset: str) -> None:
    g = engine.new_game(preset, deal=21)
    for k in range(5):
        events = g.play_text("deal")
        dealt = events[0]
        assert isinstance(dealt, Dealt) and len(dealt.placements) == 8
        assert g.position.stock_count() == 44 - 8 * (k + 1)
    events = g.play_text("deal")
    dealt = events[0]
    assert isinstance(dealt, Dealt)
    assert [pile for pile, _ in dealt.placements] == ["column-1", "column-2", "column-3", "column-4"]
    assert [len(c) for c in g.position.tableau] == [7] * 4 + [6] * 4
    assert g.position.stock_count() == 0 and "deal" not in moves_text(g)


@pytest.mark.parametrize("preset", BOTH)
def test_a_deal_lands_on_empty_piles_too(preset: str) -> None:
    g = game(preset, ["-", "5d"], "2c3c4c5c6c7c8c9c")
    assert g.why_illegal_text("deal") is None
    g.play_text("deal")
    assert [len(c) for c in g.position.tableau] == [1, 2, 1, 1, 1, 1, 1, 1]


@pytest.mark.parametrize("preset", BOTH)
def test_before_the_last_deal_cards_go_only_to_the_foundations(preset: str) -> None:
    g = game(preset, ["5d", "6s", "Ah"], STOCK)
    assert g.why_illegal_text("c1>c2") == (
        "Cards move between piles only after the last deal; until then, play them to the foundations."
    )
    assert moves_text(g) == ["c3>f1", "c3>f2", "c3>f3", "c3>f4", "deal"]


@pytest.mark.parametrize("preset", BOTH)
def test_foundations_build_up_from_aces_and_down_from_kings_by_suit(preset: str) -> None:
    g = game(preset, ["2h", "3h", "Qs", "2d"], "-", foundations=["Ah", "Ks"])
    assert g.why_illegal_text("c1>f1") is None
    assert g.why_illegal_text("c2>f1") == "This foundation needs the two of hearts."
    assert g.why_illegal_text("c3>f2") is None
    assert g.why_illegal_text("c4>f1") == "This foundation needs the two of hearts."
    g.play_text("c1>f1")
    g.play_text("c2>f1")
    g.play_text("c3>f2")
    assert g.position.foundations[:2] == (cards("Ah2h3h"), cards("KsQs"))
    assert g.score == 5 and g.score_breakdown() == {"foundations": 5}


@pytest.mark.parametrize("preset", BOTH)
def test_an_empty_foundation_takes_only_an_ace_or_a_king(preset: str) -> None:
    g = game(preset, ["5d"], STOCK)
    assert g.why_illegal_text("c1>f1") == "An empty foundation takes an Ace or a King."


@pytest.mark.parametrize("preset", BOTH)
def test_the_first_ace_played_makes_the_aces_its_colour_and_the_kings_the_other(preset: str) -> None:
    g = game(preset, ["Ad", "Kh", "Ac", "Ks", "Ah"], STOCK)
    g.play_text("c1>f1")
    assert g.why_illegal_text("c2>f2") == "The Kings of this game are black: the red suits build up from their Aces."
    assert g.why_illegal_text("c3>f2") == "The Aces of this game are red: the black suits build down from their Kings."
    assert g.why_illegal_text("c4>f2") is None and g.why_illegal_text("c5>f2") is None


@pytest.mark.parametrize("preset", BOTH)
def test_the_first_king_played_makes_the_kings_its_colour(preset: str) -> None:
    g = game(preset, ["Kd", "Ks", "Ac", "Ah"], STOCK)
    g.play_text("c1>f3")  # any empty slot
    assert g.why_illegal_text("c2>f1") == "The Kings of this game are red: the black suits build up from their Aces."
    assert g.why_illegal_text("c3>f1") is None
    assert g.why_illegal_text("c4>f1") == "The Aces of this game are black: the red suits build down from their Kings."


def test_the_foundations_hold_a_full_suit_each_way_without_wrapping() -> None:
    g = game("little-spider", ["Kh", "As"], "-", foundations=["Ah2h3h4h5h6h7h8h9hThJhQh", "KsQsJsTs9s8s7s6s5s4s3s2s"])
    assert g.why_illegal_text("c1>f1") is None
    assert g.why_illegal_text("c2>f2") is None
    assert g.why_illegal_text("c1>f2") == "This foundation needs the ace of spades."
    g.play_text("c1>f1")
    g.play_text("c2>f2")
    assert g.status == "won"  # only these two suits were in play


# -- the lower-row restriction (traditional; an option of the STD preset) -----------------


def test_lower_row_cards_go_only_to_the_foundation_above_them_before_the_last_deal() -> None:
    # Piles 1-4 are the upper row, above foundations 1-4; piles 5-8 the lower row, below them.
    g = game("little-spider-classic", ["-", "-", "-", "-", "-", "2h", "2d"], STOCK, foundations=["Ah", "Ad"])
    assert g.why_illegal_text("c6>f1") == (
        "Before the last deal, a lower-row card may go only to the foundation directly above it."
    )
    assert g.why_illegal_text("c7>f2") == (
        "Before the last deal, a lower-row card may go only to the foundation directly above it."
    )
    assert moves_text(g) == ["deal"]
    below = game("little-spider-classic", ["-", "-", "-", "-", "2h", "2d"], STOCK, foundations=["Ah", "Ad"])
    assert moves_text(below) == ["c5>f1", "c6>f2", "deal"]
    # an upper-row card may go to any foundation
    upper = game("little-spider-classic", ["-", "-", "2h"], STOCK, foundations=["Ah"])
    assert upper.why_illegal_text("c3>f1") is None


def test_the_lower_row_restriction_spares_base_cards() -> None:
    g = game("little-spider-classic", ["-", "-", "-", "-", "-", "Ah"], STOCK)
    assert all(g.why_illegal_text(f"c6>f{f}") is None for f in range(1, 5))


def test_the_lower_row_restriction_ends_with_the_stock() -> None:
    g = game("little-spider-classic", ["-", "-", "-", "-", "-", "2h"], "-", foundations=["Ah"])
    assert g.why_illegal_text("c6>f1") is None


def test_the_seed_preset_has_no_lower_row_restriction_unless_asked() -> None:
    pos = ["-", "-", "-", "-", "-", "2h"]
    assert game("little-spider", pos, STOCK, foundations=["Ah"]).why_illegal_text("c6>f1") is None
    g = game("little-spider", pos, STOCK, foundations=["Ah"], lower_row_restriction=True)
    assert g.why_illegal_text("c6>f1") is not None


# -- phase 2: building on the piles -------------------------------------------------------


@pytest.mark.parametrize("preset", BOTH)
def test_after_the_last_deal_a_top_card_goes_on_a_pile_one_rank_up_or_down_any_suit(preset: str) -> None:
    g = game(preset, ["7s", "8h", "6d", "Ts"], "-")
    legal = set(moves_text(g))
    assert {"c1>c2", "c1>c3", "c2>c1", "c3>c1"} <= legal
    assert g.why_illegal_text("c4>c1") == (
        "A card goes on a card one rank higher or lower (a King and an Ace go on each other)."
        if engine.PRESETS[preset].wrap
        else "A card goes on a card one rank higher or lower."
    )
    events = g.play_text("c3>c1")
    assert events[0] == Moved("column-3", "column-1", cards("6d"))


@pytest.mark.parametrize("preset", BOTH)
def test_empty_piles_stay_empty(preset: str) -> None:
    g = game(preset, ["7s", "-", "6d"], "-")
    assert g.why_illegal_text("c1>c2") == "Empty piles stay empty in Little Spider."
    assert not any(m.endswith(">c2") for m in moves_text(g))


@pytest.mark.parametrize("preset", BOTH)
def test_only_one_card_moves_at_a_time(preset: str) -> None:
    g = game(preset, ["7s6h", "5d"], "-")
    assert g.why_illegal_text("c1:2>c2") == "Only one card moves at a time."


def test_kings_and_aces_build_on_each_other_only_with_the_wrap() -> None:
    std = game("little-spider", ["Ks", "Ah", "Qd"], "-")
    trad = game("little-spider-classic", ["Ks", "Ah", "Qd"], "-")
    assert std.why_illegal_text("c2>c1") is not None and std.why_illegal_text("c1>c2") is not None
    assert trad.why_illegal_text("c2>c1") is None and trad.why_illegal_text("c1>c2") is None
    assert game("little-spider", ["Ks", "Ah"], "-", wrap=True).why_illegal_text("c2>c1") is None


def test_the_wrap_applies_to_the_tableau_not_the_foundations() -> None:
    g = game("little-spider-classic", ["Kh", "As"], "-", foundations=["Ks", "Ah"])
    assert g.why_illegal_text("c1>f2") == "This foundation needs the two of hearts."
    assert g.why_illegal_text("c2>f1") == "This foundation needs the queen of spades."


# -- end ---------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", BOTH)
def test_all_cards_on_the_foundations_wins(preset: str) -> None:
    up = "Ah2h3h4h5h6h7h8h9hThJhQh"
    g = game(
        preset,
        ["Kh"],
        "-",
        foundations=[up, "Ad2d3d4d5d6d7d8d9dTdJdQdKd", "KsQsJsTs9s8s7s6s5s4s3s2sAs", "KcQcJcTc9c8c7c6c5c4c3c2cAc"],
    )
    g.play_text("c1>f1")
    assert g.status == "won" and g.score == 52


@pytest.mark.parametrize("preset", BOTH)
def test_no_move_after_the_last_deal_loses(preset: str) -> None:
    g = game(preset, ["9s", "5d", "2c"], "-")
    assert g.status == "lost" and g.end_reason == "stuck"


@pytest.mark.parametrize("preset", BOTH)
def test_no_loss_while_the_stock_lasts(preset: str) -> None:
    g = game(preset, ["9s", "5d", "2c"], "3c")
    assert g.status == "playing" and moves_text(g) == ["deal"]


@pytest.mark.parametrize("preset", BOTH)
def test_foundation_cards_never_come_back(preset: str) -> None:
    g = game(preset, ["2s"], "-", foundations=["As"])
    assert g.why_illegal_text("c1>f1") is None
    assert not any(m.startswith("f") for m in moves_text(g))
    with pytest.raises(engine.NotationError):
        engine.parse_move("f1>c1")
