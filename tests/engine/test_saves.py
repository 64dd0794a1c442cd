"""Saves: versioned JSON that loads back exactly, and every kind of bad input refused cleanly."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from enginetest import game, run

import engine
from engine.saves import VERSION, save_dict


def played(preset: str = "spider-2", deal: int = 61, steps: int = 15, **options: Any) -> engine.Game:
    g = engine.new_game(preset, deal=deal, **options)
    for k in range(steps):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[(k * 7) % len(moves)])
    return g


def same(a: engine.Game, b: engine.Game) -> None:
    assert b.rules == a.rules and b.deal == a.deal
    assert b.position == a.position and b.moves == a.moves and b.redo_moves == a.redo_moves
    assert (b.score, b.status, b.end_reason, b.elapsed) == (a.score, a.status, a.end_reason, a.elapsed)
    assert (b.can_undo, b.can_redo) == (a.can_undo, a.can_redo)


@pytest.mark.parametrize("preset", list(engine.PRESETS))
def test_a_save_loads_back_the_same_game_in_every_preset(preset: str) -> None:
    g = played(preset)
    g.set_elapsed(123.5)
    same(g, engine.load_game(g.to_json()))


def test_a_save_keeps_the_redo_list_and_the_undo_penalties() -> None:
    g = played("spider-1", steps=10)
    g.undo()
    g.undo()
    loaded = engine.load_game(g.to_json())
    same(g, loaded)
    assert loaded.score == g.score and loaded.undos == 2
    loaded.redo()
    g.redo()
    same(g, loaded)


def test_a_save_keeps_the_options() -> None:
    g = played("tournament-2", time_limit=900)
    loaded = engine.load_game(g.to_json())
    assert loaded.rules.time_limit == 900
    g2 = played("little-spider", wrap=True)
    assert engine.load_game(g2.to_json()).rules.wrap is True


def test_a_save_format_has_the_documented_fields() -> None:
    g = engine.new_game("spider-1", deal=5)
    g.play_text("deal")
    g.set_elapsed(12)
    assert json.loads(g.to_json()) == {
        "format": "spider-save",
        "version": 1,
        "preset": "spider-1",
        "options": {"relaxed_deal": False, "scoring": "classic"},
        "deal": 5,
        "start": None,
        "moves": ["deal"],
        "redo": [],
        "penalties": 1,
        "undos": 0,
        "elapsed": 12.0,
        "result": None,
    }


def test_a_game_from_notation_saves_its_start_position() -> None:
    g = game("spider-1", ["Ks", "Qs", "9s"])
    g.play_text("c2>c1")
    data = json.loads(g.to_json())
    assert data["deal"] is None and data["start"] == "Ks/Qs/9s/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-"
    same(g, engine.load_game(g.to_json()))


@pytest.mark.parametrize("ending", ["resign", "time", "won", "stuck"])
def test_finished_games_load_back_finished(ending: str) -> None:
    if ending == "won":
        g = game("tournament-1", [run("s", 2), "As"], foundations=[run("s")] * 5)
        g.set_elapsed(50)
        g.play_text("c2>c1")
        g.set_elapsed(90)  # the clock stopped at the win
    elif ending == "stuck":
        g = game("spider-1", ["As"] * 8 + ["Ks", "Ks"], "Ks")
        g.play_text("deal")
    else:
        g = played("tournament-1")
        g.set_elapsed(200)
        if ending == "resign":
            g.resign()
            g.set_elapsed(700)  # the clock stopped at the resignation
        else:
            g.set_elapsed(600)
    loaded = engine.load_game(g.to_json())
    same(g, loaded)
    assert loaded.score_breakdown() == g.score_breakdown()


def test_load_accepts_bytes_and_dicts() -> None:
    g = played()
    same(g, engine.load_game(g.to_json().encode()))
    same(g, engine.load_game(save_dict(g)))


# -- bad input --------------------------------------------------------------------------

Edit = Callable[[dict[str, Any]], None]


def _set(key: str, value: Any) -> Edit:
    def edit(d: dict[str, Any]) -> None:
        d[key] = value

    return edit


def _del(key: str) -> Edit:
    def edit(d: dict[str, Any]) -> None:
        del d[key]

    return edit


BAD_EDITS: list[tuple[str, Edit, str]] = [
    ("format", _set("format", "chess"), "not a Spider save"),
    ("version missing", _set("version", None), "no version number"),
    ("version as text", _set("version", "1"), "no version number"),
    ("newer version", _set("version", VERSION + 1), "made by a newer version"),
    ("older version", _set("version", 0), "this save is version 0"),
    ("unknown field", _set("cheat", True), "unknown fields: cheat"),
    ("missing field", _del("moves"), "missing fields: moves"),
    ("unknown preset", _set("preset", "freecell"), "unknown game 'freecell'"),
    ("preset type", _set("preset", ["spider-1"]), "unknown game"),
    ("options type", _set("options", []), "options are not an object"),
    ("unknown option", _set("options", {"wrap": True}), "cannot be set up: .*has no option 'wrap'"),
    ("bad option value", _set("options", {"scoring": "vegas"}), "cannot be set up"),
    ("deal zero", _set("deal", 0), "deal number 0 is not valid"),
    ("deal too big", _set("deal", 2**32), "is not valid"),
    ("deal as text", _set("deal", "61"), "is not valid"),
    ("deal as bool", _set("deal", True), "is not valid"),
    ("moves type", _set("moves", "c1>c2"), "moves are not a list"),
    ("move type", _set("moves", [1]), "moves are not a list"),
    ("move text", _set("moves", ["c1>>c2"]), "move 1 of the save .* cannot be played: .*is not a move"),
    (
        "illegal move",
        _set("moves", ["c1>c1"]),
        "move 1 of the save \\('c1>c1'\\) cannot be played: The cards are already there.",
    ),
    ("redo type", _set("redo", {}), "redo list is not a list"),
    ("counters", _set("penalties", 0), "move counters are inconsistent"),
    ("counters type", _set("undos", 1.5), "move counters are inconsistent"),
    ("elapsed negative", _set("elapsed", -1), "elapsed time"),
    ("elapsed text", _set("elapsed", "10"), "elapsed time"),
    ("elapsed bool", _set("elapsed", False), "elapsed time"),
    ("result", _set("result", "won"), "result 'won' is unknown"),
    ("start type", _set("start", 5), "starting position is not text"),
    ("start card", _set("start", "Kh/-/-/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-"), "Kh is not in the deck"),
    ("start shape", _set("start", "Ks - -"), "has 10 columns"),
    ("time not run out", _set("result", "time"), "time ran out, but its clock says otherwise"),
]


@pytest.mark.parametrize(("case", "edit", "message"), BAD_EDITS, ids=[c for c, _, _ in BAD_EDITS])
def test_a_damaged_save_raises_save_error_saying_what_is_wrong(case: str, edit: Edit, message: str) -> None:
    g = engine.new_game("spider-1", deal=61)
    g.play(g.legal_moves()[0])
    data = save_dict(g)
    edit(data)
    with pytest.raises(engine.SaveError, match=message):
        engine.load_game(json.dumps(data))


def test_a_save_dict_with_odd_option_keys_is_refused() -> None:
    data = save_dict(engine.new_game("spider-1", deal=3))
    data["options"] = {1: True}
    with pytest.raises(engine.SaveError, match="options are not an object"):
        engine.load_game(data)


def test_a_redo_list_that_cannot_be_taken_back_is_refused() -> None:
    g = engine.new_game("tournament-1", deal=4)
    data = save_dict(g)
    data.update(redo=["d1"], penalties=2, undos=1)
    with pytest.raises(engine.SaveError, match="redo list cannot be taken back"):
        engine.load_game(data)


def test_a_redo_list_longer_than_the_undos_is_refused() -> None:
    """Each move in the redo list was taken back by an undo: an edited save
    with more of them than undos is refused, whatever its penalties say."""
    g = engine.new_game("spider-1", deal=61)
    for _ in range(2):
        g.play(g.legal_moves()[0])
    g.undo()
    g.undo()
    data = save_dict(g)
    assert (len(data["redo"]), data["undos"]) == (2, 2)
    assert engine.load_game(data).undos == 2  # as saved, it loads
    data.update(undos=1, penalties=data["penalties"] + 10)
    with pytest.raises(engine.SaveError, match="move counters are inconsistent"):
        engine.load_game(data)


def test_a_won_game_saved_as_resigned_is_refused() -> None:
    g = game("spider-1", [run("s", 2), "As"], foundations=[run("s")] * 7)
    g.play_text("c2>c1")
    data = save_dict(g)
    data["result"] = "resigned"
    with pytest.raises(engine.SaveError, match="ended by resigned, but it ended by won"):
        engine.load_game(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ("[]", "not a JSON object"),
        ("null", "not a JSON object"),
        ('{"format": "spider-save"}', "no version number"),
        ("[" * 100_000, "nested too deeply"),
        ("[" * 9 + "]" * 9, "nested too deeply"),
        ('{"a": "[[[[[[[[[[[[[[[[[[[["}', "not a Spider save"),  # brackets in a string do not nest
        ("x" * 2_000_001, "too large"),
    ],
)
def test_text_that_is_not_a_save_raises_save_error(text: str, message: str) -> None:
    with pytest.raises(engine.SaveError, match=message):
        engine.load_game(text)


def test_bytes_that_are_not_utf8_and_other_types_raise_save_error() -> None:
    with pytest.raises(engine.SaveError, match="not UTF-8"):
        engine.load_game(b"\xff\xfe")
    with pytest.raises(engine.SaveError, match="not int"):
        engine.load_game(12)  # type: ignore[arg-type]


def test_every_truncation_of_a_save_raises_save_error() -> None:
    text = played(steps=6).to_json()
    for cut in range(len(text)):
        with pytest.raises(engine.SaveError):
            engine.load_game(text[:cut])


def test_nan_and_infinity_are_refused() -> None:
    text = played(steps=2).to_json()
    data = json.loads(text)
    for bad in ("NaN", "Infinity"):
        data_text = json.dumps(data).replace('"elapsed": 0.0', f'"elapsed": {bad}')
        with pytest.raises(engine.SaveError, match="elapsed time"):
            engine.load_game(data_text)


def test_save_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        engine.load_game("nope")
