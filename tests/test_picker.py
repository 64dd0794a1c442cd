"""The game picker's tiles without a browser (ui/screens/tile.py): every game has a
difficulty and a drawing of its own table, with every card of the deal."""

from __future__ import annotations

import doctest

import engine
from ui.screens import tile
from ui.screens.tile import DIFFICULTY, difficulty, table_picture
from ui.table import cards


def test_doctests() -> None:
    assert doctest.testmod(tile).failed == 0


def test_every_game_has_a_difficulty_and_a_drawing_of_every_card() -> None:
    assert set(DIFFICULTY) == set(engine.PRESETS)
    for preset, rules in engine.PRESETS.items():
        level, word = difficulty(preset)
        assert 1 <= level <= 4 and word in tile.LEVELS
        pic = table_picture(rules)
        g = engine.new_game(preset, deal=tile.PICTURE_DEAL)
        assert len(pic.cards) == len(cards.Tracker.from_view(g.rules, g.public_view()).cards)
        assert 0 < pic.width <= tile.PICTURE_W and 0 < pic.height <= tile.PICTURE_H
        for spot in pic.cards:
            assert 0 <= spot.x <= pic.width - pic.card_w + 0.01 and 0 <= spot.y <= pic.height - pic.card_h + 0.01


def test_the_drawings_differ_where_the_tables_do() -> None:
    spider = table_picture(engine.PRESETS["spider-2"])
    tournament = table_picture(engine.PRESETS["tournament-2"])
    little = table_picture(engine.PRESETS["little-spider"])
    assert (len(spider.cards), len(tournament.cards), len(little.cards)) == (104, 78, 52)
    assert tournament.slots and spider.slots  # the empty Free Column and foundations; the run slots
    assert sum(s.up for s in little.cards) == 8  # Little Spider deals eight piles face up
    assert sum(s.up for s in spider.cards) == 10  # a Spider deal: one card up per column
