"""Text forms: move text and position notation, both parsed back; notation checked against the game."""

from __future__ import annotations

import pytest
from enginetest import game, run

import engine
from engine import Move, parse_move
from engine.position import format_notation, parse_notation

# -- moves ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Move.tableau(2, 6), "c3>c7"),
        (Move.tableau(2, 6, 4), "c3:4>c7"),
        (Move.tableau(9, 0, 13), "c10:13>c1"),
        (Move.tableau(1, 8, 1), "c2>fc"),
        (Move.tableau(8, 4, 2), "fc:2>c5"),
        (Move.to_foundation(5, 1), "c6>f2"),
        (Move.deal(), "deal"),
        (Move.draw(2), "d3"),
    ],
)
def test_move_text_is_canonical_and_parses_back(move: Move, text: str) -> None:
    """In a game whose Free Column is column 9 (index 8)."""
    assert engine.move_text(move, free=8) == text
    parsed = parse_move(text, free=8)
    assert parsed == move and engine.move_text(parsed, free=8) == text
    again = eval(repr(move), {"Move": Move})
    assert again == move and engine.move_text(again, free=8) == text
    # without a Free Column, every column is numbered
    assert parse_move(str(move)) == move and "fc" not in str(move)


def test_a_games_move_text_names_its_free_column_and_saves_write_it_so() -> None:
    g = engine.new_game("tournament-1", deal=1)
    m = g.parse_move("c1>fc")
    assert m == Move.tableau(0, 8) and g.move_text(m) == "c1>fc" and str(m) == "c1>c9"
    assert engine.new_game("spider-1", deal=1).move_text(Move.tableau(0, 8)) == "c1>c9"
    g.play(m)
    assert g.to_dict()["moves"] == ["c1>fc"]


@pytest.mark.parametrize(
    ("written", "canonical"), [(" C3 : 4 > C7 ", "c3:4>c7"), ("c3:1>c7", "c3>c7"), ("DEAL", "deal"), ("D2", "d2")]
)
def test_move_parsing_is_forgiving_about_case_spaces_and_counts_of_one(written: str, canonical: str) -> None:
    assert str(parse_move(written)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("c0>c1", "columns count from 1"),
        ("c1>c0", "columns count from 1"),
        ("c3:0>c1", "at least one card"),
        ("c1:2>f1", "one at a time"),
        ("c1>f0", "foundations count from 1"),
        ("d0", "draw piles count from 1"),
        ("fc>c1", "no Free Column"),
        ("c1>c2>c3", "is not a move"),
        ("", "is not a move"),
        ("c100>c1", "is not a move"),
        ("undo", "is not a move"),
    ],
)
def test_bad_move_text_raises_notation_error_saying_why(text: str, message: str) -> None:
    with pytest.raises(engine.NotationError, match=message):
        parse_move(text)


def test_move_text_must_be_text() -> None:
    with pytest.raises(engine.NotationError, match="a move is text"):
        parse_move(3)  # type: ignore[arg-type]


def test_moves_are_frozen_values_equal_over_all_their_fields() -> None:
    assert Move.tableau(1, 2) == parse_move("c2>c3")
    assert Move.tableau(1, 8) == parse_move("c2>fc", free=8) == Move(engine.MoveKind.MOVE, 1, 8, 1)
    assert hash(parse_move("c2>fc", free=8)) == hash(Move.tableau(1, 8))
    assert len({parse_move("c2>fc", free=8), Move.tableau(1, 8)}) == 1
    assert Move.tableau(1, 8) != Move.tableau(1, 8, 2) and Move.deal() != Move.draw(0)
    assert Move.tableau(1, 8) != Move.tableau(8, 1) and Move.tableau(0, 1) != Move.to_foundation(0, 1)
    assert str(Move.tableau(1, 8)) == "c2>c9"
    with pytest.raises(AttributeError):
        Move.deal().count = 3  # type: ignore[misc]
    assert not isinstance(Move.deal(), tuple)


# -- position notation --------------------------------------------------------------


def test_notation_writes_columns_stock_and_foundations() -> None:
    g = game("spider-1", ["*As*2sKs", "Qs"], "JsTs", [run("s")])
    assert g.notation() == f"*As*2sKs/Qs/-/-/-/-/-/-/-/- JsTs {run('s')}/-/-/-/-/-/-/-"


@pytest.mark.parametrize("preset", list(engine.PRESETS))
def test_notation_round_trips_for_every_preset(preset: str) -> None:
    g = engine.new_game(preset, deal=1234)
    for _ in range(12):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[len(moves) // 2])
    text = g.notation()
    assert format_notation(parse_notation(text)) == text
    again = engine.game_from_notation(preset, text)
    assert again.position == g.position and again.notation() == text


def test_a_game_from_notation_plays_on_and_saves_its_start() -> None:
    text = "Ks/Qs/-/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-"
    g = engine.game_from_notation("spider-1", text)
    assert g.deal is None and g.start_notation == text
    g.play_text("c2>c1")
    assert g.notation() == "KsQs/-/-/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Ks/Qs -", "three parts"),
        ("Ks/Qs - - extra", "three parts"),
        ("Ks/*Qs - -", "top card must be face up"),
        ("Ks*Qs/- - -", "face-down card cannot lie on a face-up one"),
        ("K/- - -", "ends in the middle of a card"),
        ("Kx/- - -", "is not a card"),
        ("??/- - -", "hidden card"),
        ("Ks *Qs -", "only tableau cards can be face down"),
    ],
)
def test_bad_notation_raises_notation_error_saying_why(text: str, message: str) -> None:
    with pytest.raises(engine.NotationError, match=message):
        parse_notation(text)


def test_notation_must_be_text() -> None:
    with pytest.raises(engine.NotationError):
        parse_notation(None)  # type: ignore[arg-type]


SPIDER_EMPTY = "-/-/-/-/-/-/-/-/-/-"
FOUND8 = "-/-/-/-/-/-/-/-"


@pytest.mark.parametrize(
    ("preset", "text", "message"),
    [
        ("spider-1", "Ks/- - " + FOUND8, "has 10 columns, not 2"),
        ("spider-1", f"{SPIDER_EMPTY} -/- {FOUND8}", "has 1 stock pile, not 2"),
        ("tournament-1", "-/-/-/-/-/-/-/-/- - -/-/-/-/-/-", "has 5 stock piles, not 1"),
        ("spider-1", f"{SPIDER_EMPTY} - -/-", "has 8 foundations, not 2"),
        ("spider-1", f"Kh/-/-/-/-/-/-/-/-/- - {FOUND8}", "Kh is not in the deck of Spider · 1 suit"),
        ("spider-4", f"KsKsKs/-/-/-/-/-/-/-/-/- - {FOUND8}", "has 2 Ks, not 3"),
        ("spider-4", f"{SPIDER_EMPTY} - KsQs/{FOUND8[2:]}", "must hold a complete King-to-Ace run"),
        ("spider-2", f"{SPIDER_EMPTY} - {run('sh')}/{FOUND8[2:]}", "must hold a complete King-to-Ace run"),
        ("little-spider", "-/-/-/-/-/-/-/- - 2s/-/-/-", "must start with an Ace or a King"),
        ("little-spider", "-/-/-/-/-/-/-/- - As3s/-/-/-", "must build by suit"),
        ("little-spider", "-/-/-/-/-/-/-/- - As/Ah/-/-", "Ace foundations must be of one colour"),
        ("spidike-classic", "-/-/-/-/-/-/- - 2s/-/-/-", "must build up by suit from the Ace"),
        ("little-spider", "*Ks5s/-/-/-/-/-/-/- - -/-/-/-", "no face-down cards"),
    ],
)
def test_notation_is_checked_against_the_game(preset: str, text: str, message: str) -> None:
    with pytest.raises(engine.NotationError, match=message):
        engine.game_from_notation(preset, text)


def test_a_relaxed_spider_foundation_holds_a_run_of_any_suits() -> None:
    g = engine.game_from_notation("spider-relaxed", f"As/-/-/-/-/-/-/-/-/- - {run('shdc')}/{FOUND8[2:]}")
    assert g.runs_removed() == 1


def test_game_from_notation_takes_options_and_rejects_bad_ones() -> None:
    text = "9s/-/-/-/-/-/-/-/-/- Qs " + FOUND8
    assert engine.game_from_notation("spider-1", text, relaxed_deal=True).status == "playing"
    with pytest.raises(engine.OptionError):
        engine.game_from_notation("spider-1", text, wrap=True)


def test_face_down_cards_only_where_the_game_deals_them() -> None:
    with pytest.raises(engine.NotationError, match="Free Column never holds face-down cards"):
        engine.game_from_notation("tournament-1", "-/-/-/-/-/-/-/-/*KsQs -/-/-/-/- -/-/-/-/-/-")
    text = "*Ks5s/-/-/-/-/-/- - -/-/-/-"
    with pytest.raises(engine.NotationError, match="has no face-down cards"):
        engine.game_from_notation("spidike-classic", text)
    assert engine.game_from_notation("spidike-classic", text, face_down_layout=True).position.down[0] == 1
