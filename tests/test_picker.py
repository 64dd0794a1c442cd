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


PROGRAMS = ("PySol", "Aisleriot", "KPatience", "Pretty Good", "Solitaire Till Dawn", "Microsoft", "Windows", "GSN")


def test_every_tile_says_in_one_plain_line_how_its_game_differs() -> None:
    lines = {preset: tile.subtitle(preset) for preset in engine.PRESETS}
    assert set(tile.SUBTITLES) == set(engine.PRESETS)
    assert len(set(lines.values())) == len(lines)  # no two games read alike
    for preset, line in lines.items():
        assert 0 < len(line) <= 60 and "\n" not in line, preset
        assert not any(name in line for name in PROGRAMS), preset
    assert "mixed" in lines["spider-relaxed"] and "mixed" in lines["spider-easy"]  # what sets them apart from 4 suits
    assert "clock" in lines["tournament-1"]


def test_no_option_text_names_another_program() -> None:
    for rules in engine.PRESETS.values():
        for spec in rules.options:
            for text in (spec.label, spec.help):
                assert not any(name in text for name in PROGRAMS), (rules.id, text)


def test_upright_drawings_show_the_upright_arrangements() -> None:
    for preset, rules in engine.PRESETS.items():
        wide, tall = table_picture(rules), table_picture(rules, portrait=True)
        assert tall.height >= tall.width * tile.TALL_ASPECT - 0.01, preset
        assert len(tall.cards) == len(wide.cards)
        for spot in tall.cards:
            assert 0 <= spot.x <= tall.width - tall.card_w + 0.01 and 0 <= spot.y <= tall.height - tall.card_h + 0.01
    # Little Spider upright: its two rows one above the other, not side by side
    little = table_picture(engine.PRESETS["little-spider"], portrait=True)
    assert little.width < table_picture(engine.PRESETS["little-spider"]).width
