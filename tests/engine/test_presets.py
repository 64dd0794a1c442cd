"""Every preset's deck, deal shape, stock and foundations, as docs/rules.md#presets gives them."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine.cards import card_text, make_deck
from engine.rules import Ruleset

SPIDERS = ["spider-1", "spider-2", "spider-4", "spider-relaxed", "spider-easy", "spidike"]
TOURNAMENTS = ["tournament-1", "tournament-2"]
LITTLE = ["little-spider", "little-spider-classic"]

NAMES = {
    "spider-1": "Spider · 1 suit",
    "spider-2": "Spider · 2 suits",
    "spider-4": "Spider · 4 suits",
    "spider-relaxed": "Spider Relaxed",
    "spider-easy": "Spider Easy",
    "tournament-1": "Tournament Spider · 1 suit",
    "tournament-2": "Tournament Spider · 2 suits",
    "little-spider": "Little Spider",
    "little-spider-classic": "Little Spider (traditional)",
    "spidike": "Spidike",
    "spidike-classic": "Spidike (traditional)",
}


def test_presets_are_the_eleven_stable_ids_with_their_names_in_order() -> None:
    assert list(engine.PRESETS) == list(NAMES)
    assert {pid: r.name for pid, r in engine.PRESETS.items()} == NAMES
    assert all(r.id == pid for pid, r in engine.PRESETS.items())


def test_every_preset_has_a_summary_for_the_chooser() -> None:
    assert all(len(r.summary) > 40 for r in engine.PRESETS.values())


def test_unknown_preset_raises_option_error_naming_the_games() -> None:
    with pytest.raises(engine.OptionError, match=r"there is no game 'spider-3'.*spider-1"):
        engine.new_game("spider-3", deal=1)


def _suit_counts(cards: list[int]) -> dict[str, int]:
    return dict(Counter(card_text(c)[1] for c in cards))


@pytest.mark.parametrize(
    ("preset", "suits"),
    [
        ("spider-1", {"s": 104}),
        ("spider-2", {"s": 52, "h": 52}),
        ("spider-4", {"s": 26, "h": 26, "d": 26, "c": 26}),
        ("spider-relaxed", {"s": 26, "h": 26, "d": 26, "c": 26}),
        ("spider-easy", {"s": 26, "h": 26, "d": 26, "c": 26}),
        ("spidike", {"s": 26, "h": 26, "d": 26, "c": 26}),
        ("tournament-1", {"s": 78}),
        ("tournament-2", {"s": 39, "h": 39}),
        ("little-spider", {"s": 13, "h": 13, "d": 13, "c": 13}),
        ("little-spider-classic", {"s": 13, "h": 13, "d": 13, "c": 13}),
        ("spidike-classic", {"s": 13, "h": 13, "d": 13, "c": 13}),
    ],
)
def test_deck_has_every_rank_equally_often_in_the_presets_suits(preset: str, suits: dict[str, int]) -> None:
    pos = engine.new_game(preset, deal=11).position
    every = pos.cards()
    assert _suit_counts(every) == suits
    rules = engine.PRESETS[preset]
    assert Counter(every) == Counter(make_deck(rules.suits, rules.copies))
    assert len(every) == rules.deck_size


@pytest.mark.parametrize("preset", SPIDERS)
def test_spider_deal_is_ten_columns_first_four_of_six_stock_of_fifty(preset: str) -> None:
    pos = engine.new_game(preset, deal=3).position
    assert [len(c) for c in pos.tableau] == [6] * 4 + [5] * 6
    assert list(pos.down) == [5] * 4 + [4] * 6
    assert [len(s) for s in pos.stock] == [50]
    assert pos.foundations == ((),) * 8


@pytest.mark.parametrize("preset", TOURNAMENTS)
def test_tournament_deal_is_eight_columns_an_empty_free_column_and_five_draw_piles_of_eight(preset: str) -> None:
    pos = engine.new_game(preset, deal=3).position
    assert [len(c) for c in pos.tableau] == [5] * 6 + [4] * 2 + [0]
    assert list(pos.down) == [4] * 6 + [3] * 2 + [0]
    assert [len(s) for s in pos.stock] == [8] * 5
    assert pos.foundations == ((),) * 6
    assert engine.PRESETS[preset].runs_to_win == 6


@pytest.mark.parametrize("preset", LITTLE)
def test_little_spider_deal_is_eight_face_up_cards_and_a_stock_of_44(preset: str) -> None:
    pos = engine.new_game(preset, deal=3).position
    assert [len(c) for c in pos.tableau] == [1] * 8
    assert list(pos.down) == [0] * 8
    assert [len(s) for s in pos.stock] == [44]
    assert pos.foundations == ((),) * 4


def test_traditional_spidike_deal_is_seven_piles_of_one_to_seven_all_face_up() -> None:
    pos = engine.new_game("spidike-classic", deal=3).position
    assert [len(c) for c in pos.tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert list(pos.down) == [0] * 7
    assert [len(s) for s in pos.stock] == [24]
    assert pos.foundations == ((),) * 4


def test_traditional_spidike_face_down_layout_option_hides_all_but_the_tops() -> None:
    pos = engine.new_game("spidike-classic", deal=3, face_down_layout=True).position
    assert list(pos.down) == [0, 1, 2, 3, 4, 5, 6]


# -- the presets' rules as data ---------------------------------------------------------

RULE_TABLE = {
    # id: (unit, completion, empty, deal needs full columns, free column, draw piles, scoring, undo barriers)
    "spider-1": ("suit", "suit", "any", True, False, 0, "classic", False),
    "spider-2": ("suit", "suit", "any", True, False, 0, "classic", False),
    "spider-4": ("suit", "suit", "any", True, False, 0, "classic", False),
    "spider-relaxed": ("suit", "any", "any", True, False, 0, "built", False),
    "spider-easy": ("rank", "any", "any", True, False, 0, "built", False),
    "tournament-1": ("suit", "suit", "any", False, True, 5, "tournament", True),
    "tournament-2": ("suit", "suit", "any", False, True, 5, "tournament", True),
    "little-spider": ("single", "none", "none", False, False, 0, "foundation", False),
    "little-spider-classic": ("single", "none", "none", False, False, 0, "foundation", False),
    "spidike": ("suit", "suit", "any", True, False, 0, "classic", False),
    "spidike-classic": ("suit", "none", "king", False, False, 0, "foundation", False),
}


@pytest.mark.parametrize("preset", list(RULE_TABLE))
def test_preset_rules_table(preset: str) -> None:
    r: Ruleset = engine.PRESETS[preset]
    got = (
        r.unit,
        r.completion,
        r.empty,
        r.deal_needs_full_columns,
        r.free_column,
        r.draw_piles,
        r.scoring,
        r.undo_barriers,
    )
    assert got == RULE_TABLE[preset]


def test_little_spider_options_default_off_and_traditional_on() -> None:
    std, trad = engine.PRESETS["little-spider"], engine.PRESETS["little-spider-classic"]
    assert (std.lower_row_restriction, std.wrap) == (False, False)
    assert (trad.lower_row_restriction, trad.wrap) == (True, True)
    assert std.with_options(lower_row_restriction=True, wrap=True).option_values() == trad.option_values()


def test_tournament_time_limit_is_ten_minutes_by_default_and_five_ten_or_fifteen() -> None:
    assert engine.PRESETS["tournament-1"].time_limit == 600
    assert engine.new_game("tournament-2", deal=1, time_limit=300).rules.time_limit == 300
    with pytest.raises(engine.OptionError, match="takes 300, 600, 900"):
        engine.new_game("tournament-1", deal=1, time_limit=1200)


@pytest.mark.parametrize("preset", SPIDERS)
def test_every_spider_preset_can_switch_scoring_and_relax_the_deal(preset: str) -> None:
    rules = engine.PRESETS[preset]
    assert rules.relaxed_deal is False
    assert rules.with_options(scoring="classic").scoring == "classic"
    assert rules.with_options(scoring="built").scoring == "built"
    assert rules.with_options(relaxed_deal=True).deal_needs_full_columns is False


@pytest.mark.parametrize(("value"), [1, "yes", None])
def test_option_values_must_be_one_of_the_choices_of_the_right_type(value: object) -> None:
    with pytest.raises(engine.OptionError):
        engine.new_game("spider-1", deal=1, relaxed_deal=value)


def test_options_that_a_preset_does_not_have_are_refused() -> None:
    with pytest.raises(engine.OptionError, match="has no option 'wrap'"):
        engine.new_game("spider-1", deal=1, wrap=True)
