"""The one pile identity: every pile of every game round-trips through its
text, and text that names no pile is refused with a typed error."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

import engine
from engine.piles import FREE_COLUMN, STOCK, PileId, PileRole, UnknownPileError
from engine.play import foundation_id, pile_id, stock_id


@pytest.mark.parametrize("preset", sorted(engine.PRESETS))
def test_every_pile_of_every_game_round_trips(preset: str) -> None:
    rules = engine.PRESETS[preset]
    piles = [pile_id(rules, k) for k in range(rules.tableau_size)]
    piles += [foundation_id(k) for k in range(rules.foundations)]
    piles += [stock_id(rules, k) for k in range(rules.draw_piles or 1)]
    assert len(set(piles)) == len(piles)
    for p in piles:
        assert PileId.parse(str(p)) is p
        assert PileId(p.role, p.index) is p
        assert json.loads(json.dumps(p)) == p
        assert pickle.loads(pickle.dumps(p)) is p and copy.deepcopy(p) is p


def test_a_pile_is_its_text() -> None:
    p = PileId.column(2)
    assert p == "column-3" and {"column-3": 1}[p] == 1 and hash(p) == hash("column-3")
    assert (p.role, p.index, p.number) == (PileRole.COLUMN, 2, 3)
    assert str(FREE_COLUMN) == "free" and str(STOCK) == "stock"
    assert PileId.draw(3) == "draw-4" and PileId.foundation(7) == "foundation-8"
    assert STOCK.is_stock_like and PileId.draw(0).is_stock_like and not FREE_COLUMN.is_stock_like
    assert eval(repr(p), {"PileId": PileId}) is p


def test_events_name_piles_by_pile_id() -> None:
    g = engine.new_game("tournament-1", deal=7)
    events = g.play(g.legal_moves()[0])
    moved = next(e for e in events if isinstance(e, engine.Moved))
    assert isinstance(moved.src, PileId) and isinstance(moved.dst, PileId)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "column",
        "column-0",
        "column-01",
        "column-+1",
        "column--1",
        "column-1 ",
        "Column-1",
        "column-١",
        "column-²",
        "column-65",
        "column-" + "9" * 5000,
        "stock-1",
        "free-2",
        "foundation",
        "draw-0",
        "pile-1",
        "\x00",
        "column-1\x00",
    ],
)
def test_text_that_names_no_pile_is_refused(text: str) -> None:
    with pytest.raises(UnknownPileError) as err:
        PileId.parse(text)
    assert isinstance(err.value, engine.EngineError)


def test_out_of_range_constructions_are_refused() -> None:
    with pytest.raises(UnknownPileError):
        PileId(PileRole.STOCK, 1)
    with pytest.raises(UnknownPileError):
        PileId(PileRole.COLUMN, -1)
    with pytest.raises(TypeError):
        PileId(3, 0)  # type: ignore[arg-type]
