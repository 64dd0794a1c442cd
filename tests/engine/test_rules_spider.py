"""Spider (1, 2, 4 suits), Spider Relaxed, Spider Easy and seed-004 Spidike: one rule a test."""

from __future__ import annotations

import pytest
from enginetest import cards, event_types, game, moves_text, run

import engine
from engine.events import Dealt, Flipped, Moved, RunRemoved, StatusChanged

MULTI_SUIT = ["spider-2", "spider-4", "spider-relaxed", "spider-easy", "spidike"]
ALL_SPIDER = ["spider-1"] + MULTI_SUIT


# -- building and units -------------------------------------------------------------


@pytest.mark.parametrize("preset", MULTI_SUIT)
def test_building_on_a_card_ignores_suit(preset: str) -> None:
    g = game(preset, ["Ks", "Qh"])
    assert g.why_illegal_text("c2>c1") is None
    g.play_text("c2>c1")
    assert g.notation().startswith("KsQh/-")


@pytest.mark.parametrize("preset", ["spider-2", "spider-4", "spider-relaxed", "spidike"])
def test_a_mixed_suit_group_does_not_move(preset: str) -> None:
    g = game(preset, ["9s8h", "Ts"])
    assert g.why_illegal_text("c1:2>c2") == "A group must be all one suit."
    assert "c1:2>c2" not in moves_text(g) and "c1:2>c3" not in moves_text(g)
    with pytest.raises(engine.IllegalMove, match="all one suit") as err:
        g.play_text("c1:2>c2")
    assert isinstance(err.value, ValueError) and err.value.reason == "A group must be all one suit."


def test_spider_easy_moves_a_mixed_suit_group() -> None:
    g = game("spider-easy", ["9s8h7d", "Tc"])
    assert {"c1:2>c3", "c1:3>c2", "c1:3>c3"} <= set(moves_text(g))
    g.play_text("c1:3>c2")
    assert g.notation().startswith("-/Tc9s8h7d/")


@pytest.mark.parametrize("preset", ALL_SPIDER)
def test_a_group_must_run_down_in_sequence(preset: str) -> None:
    g = game(preset, ["9s7s", "Ts"])
    assert g.why_illegal_text("c1:2>c3") == "A group must run down in sequence, like 9 8 7."


@pytest.mark.parametrize("preset", ALL_SPIDER)
def test_any_part_of_a_same_suit_run_moves(preset: str) -> None:
    g = game(preset, ["Ts9s8s7s", "9s"])
    legal = set(moves_text(g))
    assert {"c1>c3", "c1:2>c2", "c1:2>c3", "c1:3>c3", "c1:4>c3"} <= legal
    assert "c1>c2" not in legal and "c1:3>c2" not in legal
    g.play_text("c1:2>c2")
    assert g.notation().startswith("Ts9s/9s8s7s/")


def test_a_buried_face_up_card_moves_only_with_the_run_above_it() -> None:
    g = game("spider-2", ["Ts9h8s", "Th"])
    assert g.why_illegal_text("c1:2>c2") == "A group must be all one suit."
    assert moves_text(g).count("c1:2>c2") == 0


@pytest.mark.parametrize("preset", ALL_SPIDER)
def test_face_down_cards_never_move(preset: str) -> None:
    g = game(preset, ["*9s8s", "Ts"])
    assert g.why_illegal_text("c1:2>c2") == "Face-down cards cannot be moved."
    assert g.why_illegal_text("c1:3>c2") == "Column 1 does not hold that many cards."


@pytest.mark.parametrize("preset", ALL_SPIDER)
def test_an_empty_column_takes_any_card_or_unit(preset: str) -> None:
    g = game(preset, ["5s4s3s", "As", "Qs"])
    for text in ["c1>c4", "c1:2>c4", "c1:3>c4", "c2>c4", "c3>c4"]:
        assert g.why_illegal_text(text) is None


@pytest.mark.parametrize("preset", ALL_SPIDER)
def test_a_king_goes_only_to_an_empty_column(preset: str) -> None:
    g = game(preset, ["As", "Ks", "Qs"])
    assert g.why_illegal_text("c2>c3") == "A King can only move to an empty column."
    assert g.why_illegal_text("c2>c4") is None


@pytest.mark.parametrize("preset", ALL_SPIDER)
def test_nothing_builds_on_an_ace_and_no_king_on_an_ace(preset: str) -> None:
    g = game(preset, ["As", "Ks", "2s"])
    assert g.why_illegal_text("c2>c1") == "A King can only move to an empty column."
    assert g.why_illegal_text("c1>c3") is None
    assert g.why_illegal_text("c3>c1") == "The card must go on a three (of any suit) or an empty column."


def test_illegal_move_sentences_for_bad_piles() -> None:
    g = game("spider-1", ["As", "2s"])
    assert g.why_illegal_text("c11>c1") == "There is no column 11."
    assert g.why_illegal_text("c1>c11") == "There is no column 11."
    assert g.why_illegal_text("c5>c1") == "Column 5 is empty."
    assert g.why_illegal_text("c1>c1") == "The cards are already there."
    assert (
        g.why_illegal_text("c1>f1")
        == "Only complete King-to-Ace runs go to the foundations, and they go by themselves."
    )
    assert g.why_illegal_text("d1") == "This game has no draw piles: deal from the stock."
    assert g.why_illegal_text("fc>c1") == "'fc>c1': this game has no Free Column"
    assert g.why_illegal_text("jump") is not None and "is not a move" in (g.why_illegal_text("jump") or "")


# -- the deal -----------------------------------------------------------------------


def ten() -> list[str]:
    """Ten one-card columns, deuces to jacks of spades."""
    return ["2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", "Js"]


@pytest.mark.parametrize("preset", ALL_SPIDER)
def test_a_deal_puts_one_face_up_card_on_each_column_left_to_right(preset: str) -> None:
    stock = "AsKsQsJsTs9s8s7s6s5s" + "4s3s"
    g = game(preset, ten(), stock)
    events = g.play_text("deal")
    assert isinstance(events[0], Dealt) and events[0].source == "stock"
    assert [p for p, _ in events[0].placements] == [f"column-{i}" for i in range(1, 11)]
    assert events[0].placements[0][1] == cards("As")[0]
    assert [col[-1] for col in g.position.tableau] == list(cards(stock[:20]))
    assert g.position.down == (0,) * 10
    assert g.position.stock == (cards("4s3s"),)


@pytest.mark.parametrize("preset", ALL_SPIDER)
def test_no_deal_while_a_column_is_empty(preset: str) -> None:
    g = game(preset, ["Qs2s"] + ten()[1:9], "As2s3s4s5s6s7s8s9sTs")
    assert g.status == "playing"
    assert g.why_illegal_text("deal") == "Fill every empty column before dealing."
    assert "deal" not in moves_text(g)


@pytest.mark.parametrize("preset", ALL_SPIDER)
def test_allow_dealing_with_empty_columns_option(preset: str) -> None:
    g = game(preset, ten()[:9], "As2s3s4s5s6s7s8s9sTs", relaxed_deal=True)
    assert g.why_illegal_text("deal") is None
    g.play_text("deal")
    assert g.position.tableau[9] == cards("Ts")


def test_no_deal_from_an_empty_stock() -> None:
    g = game("spider-1", ten())
    assert g.why_illegal_text("deal") == "There are no cards left to deal."


def test_the_stock_deals_five_times_ten_then_never_again() -> None:
    g = engine.new_game("spider-1", deal=8)
    for k in range(5):
        assert g.why_illegal_text("deal") is None
        g.play_text("deal")
        assert g.position.stock_count() == 50 - 10 * (k + 1)
        assert sum(len(c) for c in g.position.tableau) == 54 + 10 * (k + 1) - 13 * g.runs_removed()
    assert g.why_illegal_text("deal") == "There are no cards left to deal."


# -- automatic actions ----------------------------------------------------------------


def test_a_face_down_card_left_on_top_turns_up() -> None:
    g = game("spider-4", ["*Kd*3h9s", "Th"])
    events = g.play_text("c1>c2")
    assert event_types(events)[:2] == ["Moved", "Flipped"]
    assert events[1] == Flipped("column-1", cards("3h")[0])
    assert g.position.down[0] == 1
    assert g.notation().startswith("*Kd3h/Th9s/")


@pytest.mark.parametrize("preset", ALL_SPIDER)
def test_a_completed_same_suit_run_leaves_at_once_and_the_card_below_turns_up(preset: str) -> None:
    g = game(preset, ["*5s" + run("s", 2), "As"])
    events = g.play_text("c2>c1")
    assert event_types(events)[:4] == ["Moved", "RunRemoved", "Flipped", "ScoreChanged"]
    removed = events[1]
    assert isinstance(removed, RunRemoved) and removed.pile == "column-1" and removed.slot == "foundation-1"
    assert removed.cards == cards(run("s"))
    assert g.position.tableau[0] == cards("5s") and g.position.down[0] == 0
    assert g.position.foundations[0] == cards(run("s"))
    assert g.runs_removed() == 1


def test_runs_fill_the_foundation_slots_in_order() -> None:
    g = game("spider-1", [run("s", 2), "As"], foundations=[run("s")])
    events = g.play_text("c2>c1")
    assert any(isinstance(e, RunRemoved) and e.slot == "foundation-2" for e in events)


def test_a_deal_can_complete_a_run(  # docs/rules.md#contradictions, C-X1
) -> None:
    cols = [run("s", 2)] + ten()[1:]
    g = game("spider-1", cols, "As3s4s5s6s7s8s9sTsJs")
    events = g.play_text("deal")
    assert event_types(events)[:2] == ["Dealt", "RunRemoved"]
    assert g.position.tableau[0] == () and g.runs_removed() == 1


@pytest.mark.parametrize("preset", ["spider-2", "spider-4", "spidike"])
def test_a_mixed_suit_king_to_ace_stays_in_same_suit_spider(preset: str) -> None:
    g = game(preset, [run("sh", 2), "As"])
    g.play_text("c2>c1")
    assert g.runs_removed() == 0 and len(g.position.tableau[0]) == 13


@pytest.mark.parametrize("preset", ["spider-relaxed", "spider-easy"])
def test_a_king_to_ace_of_any_suits_leaves_in_relaxed_and_easy(preset: str) -> None:
    g = game(preset, [run("shdc", 2), "Ad"])
    g.play_text("c2>c1")
    assert g.runs_removed() == 1 and g.position.tableau[0] == ()


def test_a_run_with_a_face_down_card_in_it_is_not_complete() -> None:
    g = game("spider-1", ["*Ks" + run("s", 2, 12), "As"])
    g.play_text("c2>c1")
    assert g.runs_removed() == 0


# -- end of game ---------------------------------------------------------------------


def test_removing_the_last_run_wins() -> None:
    g = game("spider-1", [run("s", 2), "As"], foundations=[run("s")] * 7)
    events = g.play_text("c2>c1")
    assert g.status == "won" and g.end_reason == "won"
    assert events[-1] == StatusChanged("won", "won")
    assert g.legal_moves() == [] and not g.can_undo and not g.can_redo
    assert g.why_illegal_text("deal") == "The game is over."


def test_no_legal_action_and_an_empty_stock_loses() -> None:
    g = game("spider-1", ["As"] * 8 + ["Ks", "Ks"], "Ks")
    assert g.status == "playing"
    # one deal left: a King lands on column 1, and then nothing can move
    events = g.play_text("deal")
    assert g.status == "lost" and g.end_reason == "stuck"
    assert events[-1] == StatusChanged("lost", "stuck")


def test_an_empty_table_with_cards_in_the_stock_is_stuck() -> None:
    g = game("spider-1", [], "As2s")
    assert g.status == "lost" and g.end_reason == "stuck" and not g.has_legal_moves()


@pytest.mark.parametrize("preset", ALL_SPIDER)
def test_too_few_cards_to_fill_every_column_with_cards_in_the_stock_loses(preset: str) -> None:
    # Nine cards can never fill ten columns, so the stock can never be dealt:
    # the empty-column stalemate (docs/rules.md#stuck).
    g = game(preset, [run("s", 2), "As", "9s", "8s", "7s", "6s", "5s", "4s", "3s"], "QsJs")
    assert g.status == "playing"
    events = g.play_text("c2>c1")  # the run leaves, seven cards stay for ten columns
    assert g.status == "lost" and g.end_reason == "stuck"
    assert events[-1] == StatusChanged("lost", "stuck")
    g.undo()
    assert g.status == "playing"


def test_the_stalemate_is_no_loss_when_dealing_with_empty_columns_is_allowed() -> None:
    g = game("spider-1", ["9s"], "QsJs", relaxed_deal=True)
    assert g.status == "playing" and "deal" in moves_text(g)


def test_undo_resumes_a_stuck_game() -> None:
    g = game("spider-1", ["As"] * 8 + ["Ks", "Ks"], "Ks")
    g.play_text("deal")
    assert g.status == "lost" and g.can_undo
    events = g.undo()
    assert g.status == "playing" and StatusChanged("playing", None) in events
    assert g.legal_moves() == [engine.Move.deal()]


def test_resign_loses_for_good() -> None:
    g = engine.new_game("spider-2", deal=4)
    g.play(g.legal_moves()[0])
    events = g.resign()
    assert g.status == "lost" and g.end_reason == "resigned"
    assert events[-1] == StatusChanged("lost", "resigned")
    assert not g.can_undo and not g.can_redo and g.legal_moves() == []
    for action in (g.undo, g.redo, g.resign):
        with pytest.raises(engine.IllegalMove):
            action()
    with pytest.raises(engine.IllegalMove, match=r"The game is over\."):
        g.play_text("deal")


def test_moved_event_names_piles_and_cards() -> None:
    g = game("spider-1", ["Ts9s8s", "Js"])
    events = g.play_text("c1:3>c2")
    assert events[0] == Moved("column-1", "column-2", cards("Ts9s8s"))
