"""Tournament Spider (seed 000): draw piles, the Free Column, undo barriers, scoring, the clock."""

from __future__ import annotations

import pytest
from enginetest import cards, event_types, game, moves_text, run

import engine
from engine.events import Dealt, Flipped, StatusChanged


def test_the_visible_top_of_a_draw_pile_goes_to_column_1_and_the_rest_in_pile_order() -> None:
    g = engine.new_game("tournament-2", deal=77)
    pile = g.position.stock[2]
    before = g.position.tableau
    events = g.play_text("d3")
    dealt = events[0]
    assert isinstance(dealt, Dealt) and dealt.source == "draw-3"
    assert dealt.placements == tuple((f"column-{i + 1}", pile[i]) for i in range(8))
    after = g.position.tableau
    assert [after[i][-1] for i in range(8)] == list(pile)
    assert after[8] == before[8] == ()  # the Free Column is never dealt to
    assert g.position.stock[2] == ()
    assert g.public_view().draw_tops[2] is None


def test_draw_piles_deal_in_any_order_each_once() -> None:
    g = engine.new_game("tournament-1", deal=5)
    assert moves_text(g)[-5:] == ["d1", "d2", "d3", "d4", "d5"]
    g.play_text("d5")
    g.play_text("d2")
    assert g.why_illegal_text("d5") == "Draw pile 5 has already been dealt."
    assert g.why_illegal_text("d6") == "There is no draw pile 6."
    assert g.why_illegal_text("deal") == "Pick a draw pile to deal."
    assert moves_text(g)[-3:] == ["d1", "d3", "d4"]


def test_a_draw_pile_deals_while_a_column_is_empty() -> None:
    g = game("tournament-1", ["Ks", "-", "Js"], ["2s3s4s5s6s7s8s9s"])
    assert g.why_illegal_text("d1") is None
    g.play_text("d1")
    assert [len(c) for c in g.position.tableau] == [2, 1, 2, 1, 1, 1, 1, 1, 0]


def test_the_free_column_is_an_ordinary_column_that_is_never_dealt_to() -> None:
    g = game("tournament-2", ["Ks", "Qh", "Jh", "9s"], free="-")
    assert "c2>fc" in moves_text(g) and "c1>fc" in moves_text(g)
    g.play_text("c1>fc")  # a King goes to the empty Free Column
    g.play_text("c2>fc")  # and it builds down, any suit
    assert g.position.tableau[8] == cards("KsQh")
    assert g.why_illegal_text("c4>fc") == "The card must go on a ten (of any suit) or an empty column."
    g.play_text("c3>fc")
    g.play_text("fc:2>c3")  # a one-suit unit moves out of it
    assert g.position.tableau[2] == cards("QhJh")
    assert g.move_text(engine.parse_move("fc:2>c3", free=8)) == "fc:2>c3"


def test_a_run_completed_in_the_free_column_is_removed() -> None:
    g = game("tournament-1", ["As"], free=run("s", 2))
    g.play_text("c1>fc")
    assert g.runs_removed() == 1 and g.position.tableau[8] == ()


# -- undo barriers (docs/rules.md#tournament-undo) --------------------------------------------------------


def test_a_draw_pile_deal_cannot_be_undone_but_later_moves_can() -> None:
    g = game("tournament-1", ["Ts", "Qs", "Ks"], ["9s9s9s9s9s9s8s8s"])

    g.play_text("d1")
    assert not g.can_undo
    with pytest.raises(engine.IllegalMove, match="cannot be undone"):
        g.undo()
    g.play_text("c1>fc")  # the nine dealt on the ten can move on
    assert g.can_undo
    g.undo()
    assert not g.can_undo


def test_moves_before_a_draw_pile_deal_are_out_of_reach() -> None:
    g = game("tournament-1", ["Js", "Qs"], ["9s9s9s9s9s9s8s8s"])
    g.play_text("c1>c2")
    g.play_text("d1")
    assert not g.can_undo and g.moves[0] == g.parse_move("c1>c2")


def test_clearing_a_run_cannot_be_undone_nor_the_move_that_completed_it() -> None:
    g = game("tournament-1", ["*5s" + run("s", 2), "As", "9s", "Ts"])
    g.play_text("c3>c4")
    g.play_text("c2>c1")
    assert g.runs_removed() == 1
    assert not g.can_undo


def test_undo_takes_back_the_reveal_score_and_turns_the_card_down_again() -> None:
    g = game("tournament-1", ["*Ks*3s9s", "Ts"])
    events = g.play_text("c1>c2")
    assert Flipped("column-1", cards("3s")[0]) in events
    assert g.score == 25
    undo_events = g.undo()
    assert Flipped("column-1", cards("3s")[0], False) in undo_events
    assert g.score == 0 and g.position.down[0] == 2


# -- scoring (docs/rules.md#scoring-tournament) -----------------------------------------------------


def test_reveals_score_25_and_runs_100_in_tournament() -> None:
    g = game("tournament-1", ["*5s" + run("s", 2), "*2sAs"])
    g.play_text("c2>c1")  # a reveal in column 2, the run, a reveal in column 1
    assert g.score_breakdown() == {"reveals": 50, "runs": 100, "free_column_bonus": 0, "time_bonus": 0}
    assert g.score == 150


def test_cards_dealt_from_a_draw_pile_score_nothing() -> None:
    g = engine.new_game("tournament-1", deal=9)
    g.play_text("d1")
    assert g.score == 0


def _five_runs() -> list[str]:
    return [run("s")] * 5


def test_a_win_without_the_free_column_earns_100_and_the_time_left() -> None:
    g = game("tournament-1", [run("s", 2), "As"], foundations=_five_runs())
    g.set_elapsed(100.4)
    events = g.play_text("c2>c1")
    assert g.status == "won"
    assert g.score_breakdown() == {"reveals": 0, "runs": 600, "free_column_bonus": 100, "time_bonus": 499}
    assert events[-2:] == [engine.ScoreChanged(500, 1199), StatusChanged("won", "won")]


def test_placing_a_card_in_the_free_column_loses_the_bonus_even_if_it_leaves() -> None:
    g = game("tournament-1", [run("s", 2), "As"], foundations=_five_runs())
    g.play_text("c2>fc")
    g.play_text("fc>c1")
    assert g.status == "won" and g.score_breakdown()["free_column_bonus"] == 0


def test_undoing_the_free_column_move_restores_the_bonus() -> None:
    g = game("tournament-1", [run("s", 2), "As"], foundations=_five_runs())
    g.play_text("c2>fc")
    assert g.tally.free_used
    g.undo()
    assert not g.tally.free_used
    g.play_text("c2>c1")
    assert g.score_breakdown()["free_column_bonus"] == 100


@pytest.mark.parametrize(("elapsed", "runs", "bonus"), [(0, 2, 200), (100, 2, 166), (599.9, 5, 0), (301, 1, 49)])
def test_ending_posts_the_time_bonus_seconds_left_times_runs_over_six_rounded_down(
    elapsed: float, runs: int, bonus: int
) -> None:
    g = game("tournament-1", ["9s", "Ts"], foundations=[run("s")] * runs)
    g.set_elapsed(elapsed)
    assert g.score_breakdown()["time_bonus"] == 0  # only at the end
    g.resign()
    assert g.score_breakdown()["time_bonus"] == bonus
    assert g.score == 100 * runs + bonus


def test_running_out_of_time_ends_the_game_with_no_time_bonus() -> None:
    g = engine.new_game("tournament-1", deal=3, time_limit=300)
    assert g.set_elapsed(299.5) == [] and g.time_left == 0 and g.status == "playing"
    events = g.set_elapsed(300)
    assert g.status == "lost" and g.end_reason == "time"
    assert events[-1] == StatusChanged("lost", "time")
    assert g.score_breakdown()["time_bonus"] == 0
    assert not g.can_undo and g.legal_moves() == []


def test_the_clock_stops_when_the_game_ends() -> None:
    g = game("tournament-1", ["9s", "Ts"], foundations=[run("s")] * 2)
    g.set_elapsed(100)
    g.resign()
    score = g.score
    g.set_elapsed(200)
    assert g.elapsed == 100 and g.score == score


def test_a_stuck_game_whose_time_runs_out_ends_by_time() -> None:
    g = game("tournament-1", ["Ks", "Ks", "Ks", "Ks", "Ks", "Ks", "As", "As"], free="As")
    assert g.end_reason == "stuck"
    g.set_elapsed(600)
    assert g.end_reason == "time"


def test_time_is_an_input_that_must_be_sane() -> None:
    g = engine.new_game("tournament-1", deal=3)
    for bad in (-1, float("nan"), float("inf"), True, "10"):
        with pytest.raises(ValueError):
            g.set_elapsed(bad)  # type: ignore[arg-type]


def test_games_without_a_clock_have_no_time_left() -> None:
    g = engine.new_game("spider-1", deal=3)
    assert g.time_left is None
    assert g.set_elapsed(10_000) == [] and g.status == "playing" and g.elapsed == 10_000


def test_a_tournament_game_with_no_legal_action_is_lost_until_undone() -> None:
    g = game("tournament-1", ["Ks", "Ks", "Ks", "Ks", "Ks", "5s", "*Ks9s", "Ts"], free="3s")
    assert moves_text(g) == ["c7>c8"]
    g.play_text("c7>c8")
    assert g.status == "lost" and g.end_reason == "stuck"
    assert g.score_breakdown() == {"reveals": 25, "runs": 0, "free_column_bonus": 0, "time_bonus": 0}
    g.undo()
    assert g.status == "playing"


def test_tournament_events_order_on_a_removal() -> None:
    g = game("tournament-1", ["*5s" + run("s", 2), "As"])
    assert event_types(g.play_text("c2>c1")) == ["Moved", "RunRemoved", "Flipped", "ScoreChanged"]


def test_a_stuck_game_can_be_resigned_which_makes_the_loss_final() -> None:
    g = game("tournament-1", ["Ks", "Ks", "Ks", "Ks", "Ks", "5s", "*Ks9s", "Ts"], free="3s")
    g.play_text("c7>c8")
    assert g.end_reason == "stuck" and g.can_undo
    g.resign()
    assert g.end_reason == "resigned" and not g.can_undo


STUCK_WITH_A_RUN = "As/As/As/As/As/Ks/5s/9s/3s -/-/-/-/- KsQsJsTs9s8s7s6s5s4s3s2sAs/-/-/-/-/-"


def test_a_stuck_game_shows_no_time_bonus_until_it_ends_for_good() -> None:
    """A stuck Tournament game with runs removed showed its time bonus at once,
    and the "No moves left" screen showed a bonus that shrank with the clock."""
    g = engine.game_from_notation("tournament-1", STUCK_WITH_A_RUN)
    assert g.end_reason == "stuck" and g.runs_removed() == 1
    assert g.score_breakdown()["time_bonus"] == 0
    before = g.score
    g.set_elapsed(60.0)  # the clock runs on while stuck: the score does not move
    assert g.score_breakdown()["time_bonus"] == 0 and g.score == before
    g.resign()  # End: now the bonus is posted, from the time left
    assert g.end_reason == "resigned"
    assert g.score_breakdown()["time_bonus"] == (540 * 1) // 6
    assert g.score == before + 90


def test_the_time_bonus_is_posted_when_time_runs_out_with_runs_removed() -> None:
    g = engine.game_from_notation("tournament-1", STUCK_WITH_A_RUN)
    g.set_elapsed(10_000.0)
    assert g.end_reason == "time" and g.score_breakdown()["time_bonus"] == 0  # no time left, no bonus
