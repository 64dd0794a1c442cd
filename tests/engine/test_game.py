"""The Game façade: undo and redo, classic and built-cards scoring, the public API."""

from __future__ import annotations

import pytest
from enginetest import cards, game, run

import engine
from engine.events import Dealt, Flipped, Moved, RunRemoved, ScoreChanged

# -- undo and redo (docs/rules.md#undo) -------------------------------------------------


def test_nothing_to_undo_or_redo_at_the_start() -> None:
    g = engine.new_game("spider-1", deal=1)
    assert not g.can_undo and not g.can_redo
    with pytest.raises(engine.IllegalMove, match=r"There is nothing to undo\."):
        g.undo()
    with pytest.raises(engine.IllegalMove, match=r"There is nothing to redo\."):
        g.redo()


def test_undo_restores_the_exact_previous_position_and_redo_replays() -> None:
    g = engine.new_game("spider-2", deal=10)
    start = g.position
    move = g.legal_moves()[0]
    events = g.play(move)
    after = g.position
    g.undo()
    assert g.position == start and g.can_redo and g.redo_moves == [move]
    redo_events = g.redo()
    assert g.position == after and not g.can_redo
    assert [e for e in redo_events if not isinstance(e, ScoreChanged)] == [
        e for e in events if not isinstance(e, ScoreChanged)
    ]


def test_undo_is_unlimited_through_deals_and_run_removals() -> None:
    cols = ["*9s" + run("s", 2), "As", "Ts", "3s", "4s", "5s", "6s", "7s", "8s", "JsTs"]
    g = game("spider-1", cols, "QsQsQsQsQsQsQsJsJsJs")
    positions = [g.position]
    for text in ("c2>c1", "c10>c2", "deal"):
        g.play_text(text)
        positions.append(g.position)
    assert g.runs_removed() == 1
    while g.can_undo:
        g.undo()
        assert g.position == positions[len(g.moves)]
    assert g.position == positions[0] and g.runs_removed() == 0
    while g.can_redo:
        g.redo()
    assert g.position == positions[-1] and g.runs_removed() == 1


def test_a_new_move_drops_the_redo_list() -> None:
    g = engine.new_game("spider-1", deal=3)
    first, second = g.legal_moves()[:2]
    g.play(first)
    g.undo()
    g.play(second)
    assert not g.can_redo and g.moves == [second]


def test_undo_events_reverse_the_action() -> None:
    g = game("spider-1", ["*5s" + run("s", 2), "*9sAs"])
    events = g.play_text("c2>c1")
    assert [type(e) for e in events] == [Moved, Flipped, RunRemoved, Flipped, ScoreChanged]
    back = g.undo()
    assert back == [
        Flipped("column-1", cards("5s")[0], False),
        Moved("foundation-1", "column-1", cards(run("s"))),
        Flipped("column-2", cards("9s")[0], False),
        Moved("column-1", "column-2", cards("As")),
        ScoreChanged(599, 498),
    ]


def test_undo_of_a_deal_reverses_it_last_card_first() -> None:
    g = engine.new_game("spider-1", deal=2)
    dealt = g.play_text("deal")[0]
    back = g.undo()[0]
    assert isinstance(dealt, Dealt) and isinstance(back, Dealt)
    assert back.placements == tuple(reversed(dealt.placements))


# -- classic scoring (docs/rules.md#scoring-classic) -------------------------------------------------


def test_classic_score_starts_at_500_and_each_move_and_deal_costs_one() -> None:
    g = engine.new_game("spider-4", deal=20)
    assert g.score == 500
    g.play(g.legal_moves()[0])
    g.play_text("deal")
    assert g.score == 498
    assert g.score_breakdown() == {"start": 500, "moves": -2, "undos": 0, "runs": 0}


def test_classic_undo_costs_a_point_and_does_not_refund_the_move() -> None:
    g = engine.new_game("spider-1", deal=20)
    g.play(g.legal_moves()[0])
    assert g.score == 499
    events = g.undo()
    assert g.score == 498 and events[-1] == ScoreChanged(499, 498)
    g.redo()
    assert g.score == 497
    assert g.score_breakdown() == {"start": 500, "moves": -2, "undos": -1, "runs": 0}


def test_classic_run_scores_100_and_undo_takes_it_back() -> None:
    g = game("spider-1", [run("s", 2), "As", "9s"])
    g.play_text("c2>c1")
    assert g.score == 599
    g.undo()
    assert g.score == 498


@pytest.mark.parametrize("preset", ["spider-1", "spider-2", "spider-4", "spidike"])
def test_classic_is_the_default_of_spider_and_spidike(preset: str) -> None:
    assert engine.new_game(preset, deal=1).score == 500


# -- built-cards scoring --------------------------------------------------------------


@pytest.mark.parametrize(("preset", "options"), [("spider-relaxed", {}), ("spider-easy", {})])
def test_built_cards_count_any_suit_chains_from_face_up_kings(preset: str, options: dict[str, str]) -> None:
    g = game(preset, ["*Kd" + "KsQhJd", "5s" + "KcQc", "9h"], **options)
    # column 1: K Q J = 3 (the face-down King counts nothing); column 2: K Q = 2
    assert g.score == 5 and g.score_breakdown() == {"runs": 0, "built": 5}


def test_built_cards_count_same_suit_chains_where_runs_must_be_one_suit() -> None:
    g = game("spider-4", ["KsQhJd", "KcQcJc"], scoring="built")
    assert g.score == 1 + 3


def test_built_cards_score_13_per_run_and_count_chains_under_other_cards() -> None:
    g = game("spider-relaxed", ["KsQs5d", run("shdc", 2), "Ac"])
    assert g.score == 2 + 12
    g.play_text("c3>c2")
    assert g.score == 2 + 13 and g.score_breakdown() == {"runs": 13, "built": 2}


def test_built_cards_undo_restores_the_exact_score() -> None:
    g = game("spider-relaxed", ["KsQs", "Jh", "9d"])
    g.play_text("c2>c1")
    assert g.score == 3
    g.undo()
    assert g.score == 2


def test_scoring_option_switches_spider_to_built_cards() -> None:
    g = engine.new_game("spider-1", deal=1, scoring="built")
    face_up_kings = sum(1 for col in g.position.tableau if col[-1] >> 2 == 13)
    assert g.score_breakdown() == {"runs": 0, "built": face_up_kings}
    assert engine.new_game("spider-relaxed", deal=1, scoring="classic").score == 500


# -- the public API -------------------------------------------------------------------


def test_play_takes_a_move_and_play_text_its_text_and_both_return_events() -> None:
    a = engine.new_game("spider-1", deal=5)
    b = engine.new_game("spider-1", deal=5)
    move = a.legal_moves()[0]
    assert a.play(move) == b.play_text(str(move))
    assert a.position == b.position
    assert a.why_illegal(move) == b.why_illegal_text(str(move)) is not None
    # a text given to play() is refused, saying where texts go
    with pytest.raises(engine.IllegalMove, match="play_text takes a move's text"):
        a.play(str(move))  # type: ignore[arg-type]
    assert a.position == b.position


def test_illegal_move_is_a_value_error_carrying_the_reason_and_the_move() -> None:
    g = game("spider-1", ["As", "Ks"])
    with pytest.raises(ValueError) as err:
        g.play_text("c1>c2")
    assert isinstance(err.value, engine.IllegalMove)
    assert err.value.reason == "The card must go on a two (of any suit) or an empty column."
    assert err.value.move == engine.parse_move("c1>c2")


def test_bad_move_text_raises_illegal_move_too() -> None:
    g = engine.new_game("spider-1", deal=5)
    with pytest.raises(engine.IllegalMove, match="is not a move"):
        g.play_text("c1->c2")
    with pytest.raises(engine.IllegalMove):
        g.play(42)  # type: ignore[arg-type]
    assert g.why_illegal(42) == "42 is not a move"  # type: ignore[arg-type]
    assert "is not a move" in str(g.why_illegal_text("c1->c2"))


def test_every_legal_move_passes_why_illegal_and_plays() -> None:
    g = engine.new_game("spider-4", deal=14)
    for move in g.legal_moves():
        assert g.why_illegal(move) is None
        g.play(move)
        g.undo()


def test_position_is_immutable_hashable_and_ordered() -> None:
    g = engine.new_game("spider-1", deal=1)
    pos = g.position
    assert {pos: 1}[engine.new_game("spider-1", deal=1).position] == 1
    other = engine.new_game("spider-1", deal=2).position
    assert (pos < other) != (other < pos)
    with pytest.raises(AttributeError):
        pos.tableau = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        pos.tableau[0] = ()  # type: ignore[index]


def test_game_repr_and_preset() -> None:
    g = engine.new_game("tournament-2", deal=8)
    assert g.preset == "tournament-2" and repr(g) == "<Game tournament-2 deal=8 playing moves=0>"


def test_has_legal_moves_and_legal_moves_agree() -> None:
    g = engine.new_game("little-spider", deal=4)
    assert g.has_legal_moves() and g.legal_moves()[-1] == engine.Move.deal()


def test_the_package_exports_the_public_api() -> None:
    for name in (
        "PRESETS",
        "new_game",
        "game_from_notation",
        "load_game",
        "Game",
        "Move",
        "parse_move",
        "Position",
        "IllegalMove",
        "SaveError",
        "NotationError",
        "OptionError",
        "PublicView",
    ):
        assert name in engine.__all__ and hasattr(engine, name)
    assert issubclass(engine.SaveError, ValueError) and issubclass(engine.IllegalMove, ValueError)
