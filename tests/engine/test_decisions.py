"""One check per rule decision: decisions 1-10 (docs/rules.md#decisions) and every
row of the table of the sources' contradictions (docs/rules.md#contradictions, rows
C-000a … C-004e, C-X1, C-X2).

Where a row and a decision differ, the decision wins (C-000h: a stuck Tournament
game is lost, by decision 4).  Each check is small and self-contained; the rule
files' own tests pin the details.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from enginetest import game, moves_text, run

import engine
from engine.cards import cards_text
from engine.events import Dealt, RunRemoved

# -- the decisions (docs/rules.md#decisions) -------------------------------------------


def d1_building_ignores_suit_groups_need_one() -> None:
    for preset in ("spider-2", "spider-4", "spider-relaxed", "spider-easy", "spidike", "tournament-2"):
        g = game(preset, ["Ks", "Qh", "9h8s", "Ts"])
        assert g.why_illegal_text("c2>c1") is None, preset
        grouped = g.why_illegal_text("c3:2>c4")
        assert (grouped is None) == (preset == "spider-easy"), preset


def d2_six_card_columns_are_the_first_four() -> None:
    for preset in ("spider-1", "spider-2", "spider-4", "spider-relaxed", "spider-easy", "spidike"):
        assert [len(c) for c in engine.new_game(preset, deal=2).position.tableau] == [6] * 4 + [5] * 6


def d3_runs_leave_after_every_action_a_deal_included_flips_first() -> None:
    cols = ["*9s" + run("s", 2)] + ["5s"] * 7 + ["4s"] * 2
    g = game("spider-1", cols, "As" + "6s" * 7 + "7s7s")
    events = g.play_text("deal")
    assert [type(e).__name__ for e in events[:3]] == ["Dealt", "RunRemoved", "Flipped"]
    g2 = game("spider-1", ["*Js*9s" + run("s", 2), "*TsAs"])
    names = [type(e).__name__ for e in g2.play_text("c2>c1")]
    assert names[:4] == ["Moved", "Flipped", "RunRemoved", "Flipped"]


def d4_no_legal_action_loses_and_resign_is_always_there() -> None:
    stuck = game("spider-1", ["As"] * 8 + ["Ks", "Ks"])
    assert stuck.status == "lost" and stuck.end_reason == "stuck"
    stalemate = game("spider-1", [run("s", 2), "As", "9s", "8s"], "7s")
    stalemate.play_text("c2>c1")
    assert stalemate.status == "lost" and stalemate.end_reason == "stuck"
    fresh = engine.new_game("spider-4", deal=3)
    fresh.resign()
    assert fresh.status == "lost"


def d5_undo_is_unlimited_except_tournament_barriers() -> None:
    g = engine.new_game("spider-4", deal=9)
    g.play_text("deal")
    g.play(g.legal_moves()[0])
    g.undo()
    g.undo()
    assert g.position == engine.new_game("spider-4", deal=9).position and g.can_redo
    t = engine.new_game("tournament-1", deal=9)
    t.play_text("d1")
    assert not t.can_undo
    tg = game("tournament-1", ["*Ks9s", "Ts"])
    tg.play_text("c2>fc")
    tg.play_text("c1>fc")
    assert tg.score == 25 and tg.tally.free_used
    tg.undo()
    tg.undo()
    assert tg.score == 0 and not tg.tally.free_used


def d6_tournament_clock_and_end() -> None:
    assert engine.PRESETS["tournament-1"].time_limit == 600
    assert next(c for c in engine.PRESETS["tournament-1"].options if c.name == "time_limit").choices == (300, 600, 900)
    g = game("tournament-1", ["9s", "Ts"], foundations=[run("s")] * 4)
    g.set_elapsed(101)
    g.resign()
    assert g.score_breakdown()["time_bonus"] == (499 * 4) // 6
    assert game("tournament-1", ["Ks", "-"], ["2s3s4s5s6s7s8s9s"]).why_illegal_text("d1") is None
    won = game("tournament-1", [run("s", 2), "As"], foundations=[run("s")] * 5)
    won.play_text("c2>c1")
    assert won.status == "won"


def d7_scoring_schemes() -> None:
    expect = {
        "spider-1": "classic",
        "spider-2": "classic",
        "spider-4": "classic",
        "spidike": "classic",
        "spider-relaxed": "built",
        "spider-easy": "built",
        "tournament-1": "tournament",
        "tournament-2": "tournament",
        "little-spider": "foundation",
        "little-spider-classic": "foundation",
        "spidike-classic": "foundation",
    }
    assert {pid: r.scoring for pid, r in engine.PRESETS.items()} == expect
    g = engine.new_game("spider-1", deal=1)
    g.play(g.legal_moves()[0])
    g.undo()
    assert g.score == 498


def d8_no_four_card_final_deal_in_seed_spidike() -> None:
    assert engine.new_game("spidike", deal=1).position.stock_count() == 50


def d9_dealing_with_empty_columns_is_an_option_off_by_default() -> None:
    cols = ["9s8s", "7s", "6s", "5s", "4s", "3s", "2s", "As", "Ks"]
    assert game("spider-1", cols, "Qs").why_illegal_text("deal") == "Fill every empty column before dealing."
    assert game("spider-1", cols, "Qs", relaxed_deal=True).why_illegal_text("deal") is None


def d10_deal_numbers_mean_the_same_cards_forever() -> None:
    pos = engine.new_game("spider-4", deal=1).position
    assert cards_text(pos.tableau[0]) == "6d 7d Js 8s Kc 7h"  # see test_cards_rng.py for more


# -- where the sources disagree (docs/rules.md#contradictions) --------------------------


def c000a_tournament_builds_regardless_of_suit() -> None:
    g = game("tournament-2", ["Ks", "Qh", "9h8s", "Ts"])
    assert g.why_illegal_text("c2>c1") is None and g.why_illegal_text("c3:2>c4") == "A group must be all one suit."


def c000b_the_free_column_is_a_column_never_dealt_to() -> None:
    g = game("tournament-1", ["Ks", "Qs"], ["2s3s4s5s6s7s8s9s"])
    assert g.why_illegal_text("c2>fc") is None
    g.play_text("d1")
    assert g.position.tableau[8] == ()


def c000c_draw_piles_deal_with_a_column_empty() -> None:
    assert game("tournament-2", ["Ks"], ["2s3s4s5s6s7s8s9s"]).why_illegal_text("d1") is None


def c000d_a_draw_pile_deals_in_pile_order() -> None:
    g = engine.new_game("tournament-1", deal=40)
    pile = g.position.stock[4]
    assert g.undo_floor == 0
    g.play_text("d5")
    assert tuple(col[-1] for col in g.position.tableau[:8]) == pile
    assert g.undo_floor == 1 and not g.can_undo


def c000e_clearing_a_run_is_a_barrier_with_the_move_that_made_it() -> None:
    g = game("tournament-1", [run("s", 2), "As", "9s", "Ts"])
    g.play_text("c3>c4")
    g.play_text("c2>c1")
    assert not g.can_undo and g.moves == [g.parse_move("c3>c4"), g.parse_move("c2>c1")]
    assert g.undo_floor == 2


def c000f_undo_restores_the_card_the_score_and_the_flag() -> None:
    g = game("tournament-1", ["*Ks*9s5s", "6s"])
    g.play_text("c1>fc")
    assert g.score == 25 and g.tally.free_used
    g.undo()
    assert g.score == 0 and g.position.down[0] == 2 and not g.tally.free_used


def c000g_time_limit_is_a_parameter_and_the_bonus_rounds_down() -> None:
    g = game("tournament-1", ["9s", "Ts"], foundations=[run("s")], time_limit=300)
    g.set_elapsed(1)
    g.resign()
    assert g.score_breakdown()["time_bonus"] == 299 // 6


def c000h_a_stuck_tournament_game_is_lost_by_decision_4() -> None:
    g = game("tournament-1", ["Ks", "Ks", "Ks", "Ks", "Ks", "5s", "*Ks9s", "Ts"], free="3s")
    assert g.has_legal_moves()
    g.play_text("c7>c8")
    assert not g.has_legal_moves() and g.status == "lost" and g.end_reason == "stuck"


def c000i_the_free_column_bonus_is_lost_by_any_card_placed_there() -> None:
    g = game("tournament-1", [run("s", 2), "As"], foundations=[run("s")] * 5)
    g.play_text("c2>fc")
    g.play_text("fc>c1")
    assert g.status == "won" and g.score_breakdown()["free_column_bonus"] == 0


def c001a_built_cards_score_the_state() -> None:
    g = game("spider-relaxed", ["KsQhJd", "KcQc5s", "9d"], foundations=[run("shdc")])
    assert g.score_breakdown() == {"runs": 13, "built": 3 + 2}


def c001b_relaxed_completion_and_relaxed_deal_are_separate() -> None:
    r = engine.PRESETS["spider-relaxed"]
    assert r.completion == "any" and not r.relaxed_deal
    assert r.with_options(relaxed_deal=True).completion == "any"
    assert engine.PRESETS["spider-4"].with_options(relaxed_deal=True).completion == "suit"


def c001c_easy_moves_rank_runs_and_completes_any_suits() -> None:
    r = engine.PRESETS["spider-easy"]
    assert (r.unit, r.completion, r.deal_needs_full_columns) == ("rank", "any", True)


def c002a_building_never_needs_suit() -> None:
    assert game("spider-4", ["Kd", "Qc"]).why_illegal_text("c2>c1") is None


def c002b_a_buried_face_up_card_moves_only_with_a_one_suit_run_above() -> None:
    g = game("spider-4", ["9s8s7h", "Th", "8h"])
    assert g.why_illegal_text("c1:3>c2") == "A group must be all one suit."
    assert g.why_illegal_text("c1:2>c2") == "A group must be all one suit."


def c002c_stalemate_is_lost_and_resign_exists() -> None:
    d4_no_legal_action_loses_and_resign_is_always_there()


def c002d_six_card_columns_first() -> None:
    d2_six_card_columns_are_the_first_four()


def c002e_undo_unlimited_and_scoring_by_decision_7() -> None:
    g = engine.new_game("spider-2", deal=77)
    for _ in range(30):
        g.play(g.legal_moves()[-1])
    while g.can_undo:
        g.undo()
    assert g.position == engine.new_game("spider-2", deal=77).position
    assert g.score == 500 - 60


def c002f_completed_runs_leave_automatically() -> None:
    g = game("spider-2", [run("h", 2), "Ah"])
    assert any(isinstance(e, RunRemoved) for e in g.play_text("c2>c1"))


def c003a_lower_row_restriction_is_a_flag_for_phase_1_and_non_empty_foundations() -> None:
    assert not engine.PRESETS["little-spider"].lower_row_restriction
    assert engine.PRESETS["little-spider-classic"].lower_row_restriction
    g = game("little-spider-classic", ["-", "-", "-", "-", "-", "2h", "Ad"], "2c", foundations=["Ah"])
    assert g.why_illegal_text("c6>f1") is not None and g.why_illegal_text("c7>f2") is None
    assert (
        game("little-spider-classic", ["-", "-", "-", "-", "-", "2h"], "-", foundations=["Ah"]).why_illegal_text(
            "c6>f1"
        )
        is None
    )


def c003b_wrap_is_a_flag() -> None:
    assert game("little-spider", ["Ks", "Ah"], "-").why_illegal_text("c2>c1") is not None
    assert game("little-spider-classic", ["Ks", "Ah"], "-").why_illegal_text("c2>c1") is None


def c003c_the_first_base_card_fixes_the_colours_in_any_slot() -> None:
    g = game("little-spider", ["Kc", "Kh", "Ah"], "2c")
    g.play_text("c1>f4")
    assert g.why_illegal_text("c2>f1") is not None and g.why_illegal_text("c3>f2") is None


def c003d_win_rates_are_no_rule_both_little_spiders_exist() -> None:
    assert {"little-spider", "little-spider-classic"} <= set(engine.PRESETS)


def c004a_no_four_card_final_deal_the_partial_deal_rule_stays() -> None:
    d8_no_four_card_final_deal_in_seed_spidike()
    g = game("spidike-classic", ["Ks"], "2c3c4c")
    dealt = g.play_text("deal")[0]
    assert isinstance(dealt, Dealt) and len(dealt.placements) == 3


def c004b_seed_spidike_spaces_take_anything_traditional_only_kings() -> None:
    assert game("spidike", ["5d", "Ks"]).why_illegal_text("c1>c3") is None
    assert game("spidike-classic", ["5d", "Ks"]).why_illegal_text("c1>c3") is not None
    assert game("spidike-classic", ["5d", "Ks"]).why_illegal_text("c2>c3") is None


def c004c_two_spidike_presets() -> None:
    assert engine.PRESETS["spidike"].deck_size == 104 and engine.PRESETS["spidike-classic"].deck_size == 52


def c004d_spidike_groups_need_one_suit() -> None:
    assert game("spidike", ["9s8h", "Tc"]).why_illegal_text("c1:2>c2") == "A group must be all one suit."


def c004e_undo_is_on_in_spidike() -> None:
    g = engine.new_game("spidike", deal=3)
    g.play_text("deal")
    assert g.can_undo


def cx1_a_deal_can_complete_a_run() -> None:
    g = game("spider-1", [run("s", 2)] + ["5s"] * 7 + ["4s"] * 2, "As" + "6s" * 7 + "7s7s")
    assert any(isinstance(e, RunRemoved) for e in g.play_text("deal"))


def cx2_a_stock_and_draw_piles_are_separate_deal_models() -> None:
    assert "deal" in moves_text(engine.new_game("spider-1", deal=1))
    assert moves_text(engine.new_game("tournament-1", deal=1))[-5:] == ["d1", "d2", "d3", "d4", "d5"]


DECISIONS: dict[str, Callable[[], None]] = {
    "decision 1": d1_building_ignores_suit_groups_need_one,
    "decision 2": d2_six_card_columns_are_the_first_four,
    "decision 3": d3_runs_leave_after_every_action_a_deal_included_flips_first,
    "decision 4": d4_no_legal_action_loses_and_resign_is_always_there,
    "decision 5": d5_undo_is_unlimited_except_tournament_barriers,
    "decision 6": d6_tournament_clock_and_end,
    "decision 7": d7_scoring_schemes,
    "decision 8": d8_no_four_card_final_deal_in_seed_spidike,
    "decision 9": d9_dealing_with_empty_columns_is_an_option_off_by_default,
    "decision 10": d10_deal_numbers_mean_the_same_cards_forever,
    "C-000a": c000a_tournament_builds_regardless_of_suit,
    "C-000b": c000b_the_free_column_is_a_column_never_dealt_to,
    "C-000c": c000c_draw_piles_deal_with_a_column_empty,
    "C-000d": c000d_a_draw_pile_deals_in_pile_order,
    "C-000e": c000e_clearing_a_run_is_a_barrier_with_the_move_that_made_it,
    "C-000f": c000f_undo_restores_the_card_the_score_and_the_flag,
    "C-000g": c000g_time_limit_is_a_parameter_and_the_bonus_rounds_down,
    "C-000h": c000h_a_stuck_tournament_game_is_lost_by_decision_4,
    "C-000i": c000i_the_free_column_bonus_is_lost_by_any_card_placed_there,
    "C-001a": c001a_built_cards_score_the_state,
    "C-001b": c001b_relaxed_completion_and_relaxed_deal_are_separate,
    "C-001c": c001c_easy_moves_rank_runs_and_completes_any_suits,
    "C-002a": c002a_building_never_needs_suit,
    "C-002b": c002b_a_buried_face_up_card_moves_only_with_a_one_suit_run_above,
    "C-002c": c002c_stalemate_is_lost_and_resign_exists,
    "C-002d": c002d_six_card_columns_first,
    "C-002e": c002e_undo_unlimited_and_scoring_by_decision_7,
    "C-002f": c002f_completed_runs_leave_automatically,
    "C-003a": c003a_lower_row_restriction_is_a_flag_for_phase_1_and_non_empty_foundations,
    "C-003b": c003b_wrap_is_a_flag,
    "C-003c": c003c_the_first_base_card_fixes_the_colours_in_any_slot,
    "C-003d": c003d_win_rates_are_no_rule_both_little_spiders_exist,
    "C-004a": c004a_no_four_card_final_deal_the_partial_deal_rule_stays,
    "C-004b": c004b_seed_spidike_spaces_take_anything_traditional_only_kings,
    "C-004c": c004c_two_spidike_presets,
    "C-004d": c004d_spidike_groups_need_one_suit,
    "C-004e": c004e_undo_is_on_in_spidike,
    "C-X1": cx1_a_deal_can_complete_a_run,
    "C-X2": cx2_a_stock_and_draw_piles_are_separate_deal_models,
}


@pytest.mark.parametrize("rule", list(DECISIONS))
def test_rule_decision(rule: str) -> None:
    DECISIONS[rule]()


def test_the_table_covers_decisions_1_to_10_and_the_29_contradiction_rows() -> None:
    assert [k for k in DECISIONS if k.startswith("decision")] == [f"decision {n}" for n in range(1, 11)]
    assert len([k for k in DECISIONS if k.startswith("C-")]) == 29


RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


@pytest.mark.cpython_only
def test_the_table_matches_the_rules_page() -> None:
    """One check per numbered decision and per row of docs/rules.md, in its order."""
    text = RULES.read_text(encoding="utf-8")
    sections = {part.split("\n", 1)[0]: part for part in text.split("\n## ")}
    decisions = re.findall(r"^(\d+)\. ", sections["The decisions"], re.M)
    rows = re.findall(r"^\| (C-[0-9X]+[a-z]?) \|", sections["Where the sources disagree"], re.M)
    assert len(decisions) == 10 and len(rows) == 29
    assert list(DECISIONS) == [f"decision {n}" for n in decisions] + rows
