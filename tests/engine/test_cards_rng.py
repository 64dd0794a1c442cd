"""Cards and their text; the PRNG and shuffle behind deal numbers, pinned forever."""

from __future__ import annotations

import pytest

import engine
from engine.cards import (
    HEARTS,
    SPADES,
    card_symbol,
    card_text,
    card_words,
    cards_text,
    is_red,
    make_card,
    make_deck,
    parse_card,
    rank,
    suit_of,
)
from engine.play import deal_position
from engine.rng import MAX_DEAL, SplitMix64, check_deal, shuffled

# -- cards ------------------------------------------------------------------------


def test_card_is_rank_shifted_two_bits_or_suit() -> None:
    assert make_card(13, SPADES) == 13 << 2
    assert make_card(1, HEARTS) == 1 << 2 | 1
    assert rank(parse_card("Qd")) == 12 and suit_of(parse_card("Qd")) == 2


def test_same_suit_next_lower_card_is_four_less() -> None:
    assert parse_card("Ks") - 4 == parse_card("Qs")
    assert parse_card("2h") - 4 == parse_card("Ah")


@pytest.mark.parametrize("text", [r + s for r in "A23456789TJQK" for s in "shdc"])
def test_every_card_text_round_trips(text: str) -> None:
    assert card_text(parse_card(text)) == text


@pytest.mark.parametrize(("written", "canonical"), [("ks", "Ks"), ("10h", "Th"), (" qD ", "Qd"), ("tC", "Tc")])
def test_card_parsing_is_forgiving_about_case_spaces_and_10(written: str, canonical: str) -> None:
    assert card_text(parse_card(written)) == canonical


@pytest.mark.parametrize("bad", ["", "K", "Kx", "1s", "Ks2", "??", "*Ks", "11s", "0s"])
def test_card_parsing_rejects_non_cards_with_notation_error(bad: str) -> None:
    with pytest.raises(engine.NotationError, match="is not a card"):
        parse_card(bad)


def test_card_words_and_symbols_for_people() -> None:
    c = parse_card("Th")
    assert card_words(c) == "ten of hearts"
    assert card_symbol(c) == "10♥"
    assert card_symbol(parse_card("As")) == "A♠"
    assert is_red(c) and not is_red(parse_card("Kc"))


def test_deck_order_is_copy_then_suit_then_ace_to_king() -> None:
    deck = make_deck("sh", 2)
    assert len(deck) == 52
    assert cards_text(deck[:2]) == "As 2s"
    assert cards_text(deck[12:14]) == "Ks Ah"
    assert cards_text(deck[26:27]) == "As"


# -- the PRNG ---------------------------------------------------------------------


def test_splitmix64_matches_the_published_reference_outputs() -> None:
    # Reference values of SplitMix64 (Vigna's splitmix64.c) seeded with 0.
    gen = SplitMix64(0)
    assert [gen.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert SplitMix64(1).next() == 0x910A2DEC89025CC1


def test_bounded_draws_stay_in_range_and_reject_bad_bounds() -> None:
    gen = SplitMix64(42)
    assert all(0 <= gen.below(n) < n for n in range(1, 200))
    with pytest.raises(ValueError):
        gen.below(0)


def test_shuffle_is_fisher_yates_from_the_top_down() -> None:
    # By hand: i = 4..1, swap items[i] with items[below(i + 1)].
    items = list(range(5))
    gen = SplitMix64(1)
    for i in range(4, 0, -1):
        j = gen.below(i + 1)
        items[i], items[j] = items[j], items[i]
    assert shuffled(list(range(5)), 1) == items == [2, 1, 4, 3, 0]


def test_shuffle_returns_a_new_list_and_keeps_every_item() -> None:
    deck = make_deck("shdc", 2)
    out = shuffled(deck, 77)
    assert out is not deck and sorted(out) == sorted(deck) and out != deck
    assert deck == make_deck("shdc", 2)


@pytest.mark.parametrize("deal", [1, 2, 1000, MAX_DEAL])
def test_deal_numbers_are_valid_from_one_to_2_to_the_32_minus_one(deal: int) -> None:
    assert check_deal(deal) == deal


@pytest.mark.parametrize("deal", [0, -1, MAX_DEAL + 1, True, 1.0, "7", None])
def test_other_deal_numbers_raise_option_error(deal: object) -> None:
    with pytest.raises(engine.OptionError):
        check_deal(deal)
    if deal is not None:
        with pytest.raises(engine.OptionError):
            engine.new_game("spider-1", deal=deal)  # type: ignore[arg-type]


def test_no_deal_number_picks_a_random_valid_one() -> None:
    g = engine.new_game("spider-4")
    assert g.deal is not None and 1 <= g.deal <= MAX_DEAL


# -- golden deals: these strings must never change ------------------------------------
# The first eight cards dealt to the tableau (column 1 bottom to top, then column 2 …)
# and the first four cards of the stock (or of draw pile 1), for three deal numbers of
# every preset.  A change here breaks every saved game and every published deal number.

GOLDEN = {
    ("spider-1", 1): "6s 7s Js 8s Ks 7s 6s 8s | 8s 2s Js 2s",
    ("spider-1", 2026): "6s As 6s 9s 7s 8s 2s 6s | 5s 9s As 5s",
    ("spider-1", 4294967295): "8s As Qs Qs 5s 7s Qs 4s | 9s Js Ks 6s",
    ("spider-2", 1): "6s 7s Js 8s Kh 7h 6h 8s | 8s 2s Js 2h",
    ("spider-2", 2026): "6s As 6h 9h 7h 8h 2h 6s | 5h 9s Ah 5s",
    ("spider-2", 4294967295): "8h Ah Qh Qs 5s 7s Qs 4s | 9h Js Ks 6s",
    ("spider-4", 1): "6d 7d Js 8s Kc 7h 6c 8s | 8d 2d Jd 2c",
    ("spider-4", 2026): "6s Ad 6h 9h 7h 8c 2c 6d | 5h 9d Ac 5d",
    ("spider-4", 4294967295): "8h Ac Qh Qd 5d 7s Qd 4d | 9c Jd Ks 6d",
    ("spider-relaxed", 1): "6d 7d Js 8s Kc 7h 6c 8s | 8d 2d Jd 2c",
    ("spider-relaxed", 2026): "6s Ad 6h 9h 7h 8c 2c 6d | 5h 9d Ac 5d",
    ("spider-relaxed", 4294967295): "8h Ac Qh Qd 5d 7s Qd 4d | 9c Jd Ks 6d",
    ("spider-easy", 1): "6d 7d Js 8s Kc 7h 6c 8s | 8d 2d Jd 2c",
    ("spider-easy", 2026): "6s Ad 6h 9h 7h 8c 2c 6d | 5h 9d Ac 5d",
    ("spider-easy", 4294967295): "8h Ac Qh Qd 5d 7s Qd 4d | 9c Jd Ks 6d",
    ("tournament-1", 1): "Js 8s Ts 8s Ks Ts 5s 5s | 3s 9s 7s Js",
    ("tournament-1", 2026): "Js 7s 6s Qs 2s 2s 4s 9s | Ks Ts 5s 7s",
    ("tournament-1", 4294967295): "6s As 3s 6s 7s As Ks Ks | As 7s 9s Js",
    ("tournament-2", 1): "Js 8h Ts 8s Kh Th 5h 5h | 3s 9s 7s Jh",
    ("tournament-2", 2026): "Js 7h 6s Qh 2s 2h 4h 9h | Kh Th 5s 7s",
    ("tournament-2", 4294967295): "6s As 3s 6h 7h As Kh Kh | As 7s 9s Js",
    ("little-spider", 1): "7h 9s 4h 8d 8h 5c Jh 6h | 9c Js 5h Kh",
    ("little-spider", 2026): "8d Kd 4h 5c 9h Ad 8s 8h | Ah 9c 2h 3h",
    ("little-spider", 4294967295): "6d 2h 8d 3c Ts 5c 4d Qs | 3s Js 8s 5d",
    ("little-spider-classic", 1): "7h 9s 4h 8d 8h 5c Jh 6h | 9c Js 5h Kh",
    ("little-spider-classic", 2026): "8d Kd 4h 5c 9h Ad 8s 8h | Ah 9c 2h 3h",
    ("little-spider-classic", 4294967295): "6d 2h 8d 3c Ts 5c 4d Qs | 3s Js 8s 5d",
    ("spidike", 1): "6d 7d Js 8s Kc 7h 6c 8s | 8d 2d Jd 2c",
    ("spidike", 2026): "6s Ad 6h 9h 7h 8c 2c 6d | 5h 9d Ac 5d",
    ("spidike", 4294967295): "8h Ac Qh Qd 5d 7s Qd 4d | 9c Jd Ks 6d",
    ("spidike-classic", 1): "7h 9s 4h 8d 8h 5c Jh 6h | Qs 4c 6s 7s",
    ("spidike-classic", 2026): "8d Kd 4h 5c 9h Ad 8s 8h | 5h Jc Qc 5s",
    ("spidike-classic", 4294967295): "6d 2h 8d 3c Ts 5c 4d Qs | 9h 2d 2c Jd",
}


def test_golden_deals_cover_every_preset() -> None:
    assert {preset for preset, _ in GOLDEN} == set(engine.PRESETS)


@pytest.mark.parametrize(("preset", "deal"), sorted(GOLDEN))
def test_golden_first_cards_of_deal(preset: str, deal: int) -> None:
    pos = deal_position(engine.PRESETS[preset], deal)
    dealt = [c for col in pos.tableau for c in col]
    assert f"{cards_text(dealt[:8])} | {cards_text(pos.stock[0][:4])}" == GOLDEN[preset, deal]


def test_a_deal_number_gives_the_same_game_every_time() -> None:
    a = engine.new_game("spider-2", deal=31337)
    b = engine.new_game("spider-2", deal=31337)
    assert a.position == b.position and a.notation() == b.notation()
    assert engine.new_game("spider-2", deal=31338).position != a.position


def test_options_do_not_change_the_cards_of_a_deal() -> None:
    plain = engine.new_game("spider-4", deal=5).position
    assert engine.new_game("spider-4", deal=5, relaxed_deal=True, scoring="built").position == plain
