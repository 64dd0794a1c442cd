"""Keyboard play's pure rules (ui/table/keyboard.py): which key does
what (and which keys stay the browser's), where the arrows take the focus
on every game's real layout, the pick point, picking more or fewer cards,
and the sentences said.  No browser."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

import engine  # noqa: E402
from engine.piles import PileId  # noqa: E402
from ui.table import cards  # noqa: E402
from ui.table import keyboard as kb  # noqa: E402
from ui.table.layout import Options, layout_table  # noqa: E402

P = PileId.parse

PRESETS = list(engine.PRESETS)
VIEWPORTS = [(320, 568), (390, 844), (844, 390), (1366, 768), (2560, 1440)]


def _places(preset: str, vp: tuple[int, int] = (1366, 768), deal: int = 3, **opts: bool):
    g = engine.new_game(preset, deal=deal)
    t = cards.Tracker.from_view(g.rules, g.public_view())
    lay = layout_table(cards.table_shape(t), vp[0], vp[1], Options(top_bar=52, **opts))
    return g, kb.slots(lay, kb.nav_piles(g.rules))


# -- keys ------------------------------------------------------------------------


def test_arrows_enter_space_escape_and_letters_map_to_actions() -> None:
    a = kb.action_for
    assert [a(k) for k in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")] == ["left", "right", "up", "down"]
    assert a("Enter") == a(" ") == "pick"
    assert a("Escape") == "cancel"
    assert [a(k) for k in "dhnem"] == ["deal", "hint", "new", "end-game", "best"]
    assert a("?", shift=True) == a("?") == "help"
    assert a("Home") == "home" and a("End") == "end" and a("PageUp") == "row-up" and a("PageDown") == "row-down"


def test_shift_up_and_plus_extend_shift_down_and_minus_shrink() -> None:
    a = kb.action_for
    assert a("ArrowUp", shift=True) == a("+") == a("+", shift=True) == a("=") == "extend"
    assert a("ArrowDown", shift=True) == a("-") == "shrink"


def test_number_keys_name_columns_zero_is_ten() -> None:
    assert kb.action_for("3") == "column:3"
    assert kb.action_for("0") == "column:10"
    assert kb.column_key(engine.PRESETS["spider-1"], 10) == P("column-10")
    assert kb.column_key(engine.PRESETS["little-spider"], 9) is None
    assert kb.column_key(engine.PRESETS["tournament-2"], 9) == P("free")
    assert kb.column_key(engine.PRESETS["tournament-2"], 10) is None


def test_undo_redo_with_ctrl_or_cmd() -> None:
    a = kb.action_for
    assert a("z", ctrl=True) == a("Z", meta=True) == "undo"
    assert a("z", ctrl=True, shift=True) == a("Z", ctrl=True, shift=True) == "redo"
    assert a("y", ctrl=True) == "redo"


@pytest.mark.parametrize(
    "key,mods",
    [
        ("r", {"ctrl": True}),
        ("l", {"ctrl": True}),
        ("t", {"ctrl": True}),
        ("w", {"ctrl": True}),
        ("d", {"ctrl": True}),
        ("h", {"ctrl": True}),
        ("n", {"ctrl": True}),
        ("f", {"ctrl": True}),
        ("+", {"ctrl": True}),
        ("-", {"ctrl": True}),
        ("0", {"ctrl": True}),
        ("ArrowLeft", {"alt": True}),
        ("d", {"alt": True}),
        ("Tab", {}),
        ("Tab", {"shift": True}),
        ("F5", {}),
        ("F1", {}),
        ("F12", {}),
        ("D", {"shift": True}),
        ("N", {"shift": True}),
        ("ArrowLeft", {"shift": True}),
        ("Enter", {"shift": True}),
        ("y", {"ctrl": True, "shift": True}),
        ("ArrowUp", {"ctrl": True}),
    ],
)
def test_browser_shortcuts_stay_the_browsers(key: str, mods: dict[str, bool]) -> None:
    assert kb.action_for(key, **mods) is None


def test_the_manual_lists_every_key_as_the_help_dialog_does() -> None:
    manual = (ROOT / "docs" / "manual.md").read_text(encoding="utf-8")
    assert kb.markdown_table() in manual


def test_help_keys_split_into_keys_and_joining_words() -> None:
    assert kb.key_parts("Ctrl+Shift+Z or Ctrl+Y") == ["Ctrl+Shift+Z", " or ", "Ctrl+Y"]
    assert kb.key_parts("1 … 9, 0") == ["1", " … ", "9", ", ", "0"]
    assert kb.key_parts("← →") == ["←", " ", "→"]
    assert kb.key_parts("Page Up / Page Down") == ["Page Up", " / ", "Page Down"]
    for k in kb.KEYS:
        assert "".join(kb.key_parts(k.keys)) == k.keys


# -- geometry ----------------------------------------------------------------------


def test_run_slots_take_no_focus_foundations_do() -> None:
    assert not any(p.startswith("foundation") for p in kb.nav_piles(engine.PRESETS["spider-2"]))
    assert P("free") in kb.nav_piles(engine.PRESETS["tournament-1"])
    assert P("draw-5") in kb.nav_piles(engine.PRESETS["tournament-1"])
    assert P("foundation-4") in kb.nav_piles(engine.PRESETS["little-spider"])
    assert P("foundation-4") in kb.nav_piles(engine.PRESETS["spidike-classic"])


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("vp", VIEWPORTS)
@pytest.mark.parametrize("left_handed,portrait", [(False, False), (True, False), (False, True), (True, True)])
def test_arrows_reach_every_pile_of_every_game(
    preset: str, vp: tuple[int, int], left_handed: bool, portrait: bool
) -> None:
    g, places = _places(preset, vp, left_handed=left_handed, portrait=portrait)
    start = kb.Focus(P("column-1"), None)
    seen = {start.pile}
    todo = deque([start.pile])
    while todo:
        pile = todo.popleft()
        for d in (kb.LEFT, kb.RIGHT, kb.UP, kb.DOWN, kb.ROW_UP, kb.ROW_DOWN, kb.HOME, kb.END):
            # picking: Up and Down leave a column at once
            step = kb.move(g.rules, g.position, places, kb.Focus(pile, None), d, picking=True)
            if step.focus.pile not in seen:
                seen.add(step.focus.pile)
                todo.append(step.focus.pile)
    assert seen == set(kb.nav_piles(g.rules))


def test_left_right_go_along_the_columns_and_wrap() -> None:
    g, places = _places("spider-1", (1366, 768))
    f = kb.Focus(P("column-1"))
    order = []
    for _ in range(10):
        f = kb.move(g.rules, g.position, places, f, kb.RIGHT).focus
        order.append(f.pile)
    assert order == [f"column-{k}" for k in range(2, 11)] + [P("column-1")]
    assert kb.move(g.rules, g.position, places, kb.Focus(P("column-1")), kb.LEFT).focus.pile == P("column-10")
    assert kb.move(g.rules, g.position, places, kb.Focus(P("column-4")), kb.END).focus.pile == P("column-10")
    assert kb.move(g.rules, g.position, places, kb.Focus(P("column-4")), kb.HOME).focus.pile == P("column-1")


def test_left_handed_keeps_column_order_left_to_right() -> None:
    _g, places = _places("spider-1", (390, 844), left_handed=True)
    assert kb.row_of(places, P("column-1"))[0] == P("column-1")
    row = kb.row_of(places, P("stock"))
    assert row[0] == P("stock")  # mirrored: the stock is at the left of the bar


def test_up_from_a_column_reaches_the_bar_and_down_returns() -> None:
    g, places = _places("spider-1", (390, 844))  # TOP: the stock above column 10
    f = kb.Focus(P("column-7"))
    step = kb.move(g.rules, g.position, places, f, kb.UP, picking=True)
    assert step.focus.pile == P("stock") and step.left == P("column-7")
    back = kb.move(g.rules, g.position, places, step.focus, kb.DOWN, prefer=step.left)
    assert back.focus.pile == P("column-7")
    # without the memory: the nearest column below
    assert kb.move(g.rules, g.position, places, step.focus, kb.DOWN).focus.pile == P("column-10")
    # no row below the columns: the focus stays
    assert kb.move(g.rules, g.position, places, kb.Focus(P("column-3")), kb.ROW_DOWN).focus.pile == P("column-3")


def test_little_spider_rows_upper_foundations_lower() -> None:
    g, places = _places("little-spider", (768, 1024))  # two rows (a landscape screen has the wings)
    down = kb.move(g.rules, g.position, places, kb.Focus(P("column-2"), 0), kb.DOWN)
    assert down.focus.pile == P("foundation-2")
    assert kb.move(g.rules, g.position, places, down.focus, kb.DOWN).focus.pile == P("column-6")
    assert kb.row_of(places, P("foundation-1"))[-1] == P("stock")


def test_tournament_free_column_sits_right_of_column_8() -> None:
    g, places = _places("tournament-1", (390, 844))
    assert kb.move(g.rules, g.position, places, kb.Focus(P("column-8")), kb.RIGHT).focus.pile == P("free")
    assert kb.move(g.rules, g.position, places, kb.Focus(P("free")), kb.RIGHT).focus.pile == P("column-1")
    up = kb.move(g.rules, g.position, places, kb.Focus(P("free")), kb.UP, picking=True).focus.pile
    assert up.startswith("draw-")


# -- the pick point ---------------------------------------------------------------


RUNS = "*Ks*QsJh9hTs9s8s/Qh/-/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-"
"""Column 1: two face-down cards, Jh 9h (not a run), then Ts 9s 8s (a run)."""


def test_a_column_is_entered_at_the_head_of_its_movable_run() -> None:
    g = engine.game_from_notation("spider-2", RUNS)
    assert kb.arrive(g.rules, g.position, P("column-1")) == kb.Focus(P("column-1"), 4)
    assert kb.arrive(g.rules, g.position, P("column-2")) == kb.Focus(P("column-2"), 0)
    assert kb.arrive(g.rules, g.position, P("column-3")) == kb.Focus(P("column-3"), None)  # empty
    assert kb.arrive(g.rules, g.position, P("stock")) == kb.Focus(P("stock"), None)


def test_up_down_move_the_pick_point_over_face_up_cards_then_leave() -> None:
    _, places = _places("spider-2", (390, 844))  # the bar above the columns, nothing below
    g = engine.game_from_notation("spider-2", RUNS)
    pos = g.position
    f = kb.Focus(P("column-1"), 4)
    for want in (3, 2):
        f = kb.move(g.rules, pos, places, f, kb.UP).focus
        assert f == kb.Focus(P("column-1"), want)
    # index 2 is the first face-up card: Up leaves for the bar
    step = kb.move(g.rules, pos, places, f, kb.UP)
    assert step.focus.pile != P("column-1") and step.left == P("column-1")
    f = kb.Focus(P("column-1"), 6)
    assert kb.move(g.rules, pos, places, f, kb.DOWN).focus == f  # the top card, no row below
    f = kb.move(g.rules, pos, places, kb.Focus(P("column-1"), 5), kb.DOWN).focus
    assert f == kb.Focus(P("column-1"), 6)


def test_while_picking_up_and_down_leave_the_column_at_once() -> None:
    g = engine.game_from_notation("spider-2", RUNS)
    _, places = _places("spider-2", (390, 844))
    step = kb.move(g.rules, g.position, places, kb.Focus(P("column-1"), 5), kb.UP, picking=True)
    assert step.focus.pile != P("column-1")


def test_clamp_keeps_a_valid_point_and_resets_a_lost_one() -> None:
    g = engine.game_from_notation("spider-2", RUNS)
    pos = g.position
    assert kb.clamp(g.rules, pos, kb.Focus(P("column-1"), 3)) == kb.Focus(P("column-1"), 3)
    assert kb.clamp(g.rules, pos, kb.Focus(P("column-1"), 1)) == kb.Focus(P("column-1"), 4)  # face down now
    assert kb.clamp(g.rules, pos, kb.Focus(P("column-1"), 9)) == kb.Focus(P("column-1"), 4)  # gone
    assert kb.clamp(g.rules, pos, kb.Focus(P("column-3"), 0)) == kb.Focus(P("column-3"), None)  # emptied
    assert kb.clamp(g.rules, pos, kb.Focus(P("column-2"), None)) == kb.Focus(P("column-2"), 0)  # filled


def test_focus_text_is_pile_and_point() -> None:
    assert kb.Focus(P("column-3"), 4).text() == "column-3:4"
    assert kb.Focus(P("stock")).text() == "stock:"


# -- more or fewer cards ------------------------------------------------------------


def test_extend_stops_where_the_run_stops_shrink_at_one_card() -> None:
    g = engine.game_from_notation("spider-2", RUNS)
    pos, r = g.position, g.rules
    assert kb.extended(r, pos, P("column-1"), 6) == 5
    assert kb.extended(r, pos, P("column-1"), 5) == 4
    assert kb.extended(r, pos, P("column-1"), 4) is None  # 9h does not go on Ts
    assert kb.shrunk(r, pos, P("column-1"), 4) == 5
    assert kb.shrunk(r, pos, P("column-1"), 6) is None
    g2 = engine.game_from_notation("spider-2", "*Ks9s8s/-/-/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    assert kb.extended(g2.rules, g2.position, P("column-1"), 1) is None  # face down below


def test_little_spider_moves_one_card_at_a_time() -> None:
    g = engine.new_game("little-spider", deal=1)
    col = g.position.tableau[0]
    assert kb.run_head(g.rules, g.position, P("column-1")) == len(col) - 1
    assert kb.extended(g.rules, g.position, P("column-1"), len(col) - 1) is None


# -- sentences ----------------------------------------------------------------------


def test_sentences_name_cards_and_piles() -> None:
    g = engine.game_from_notation("spider-2", RUNS)
    r, pos = g.rules, g.position
    assert kb.picked_sentence(r, pos, P("column-1"), 4) == "Picked 3 cards: 10 to 8 of spades, from column 1."
    assert kb.picked_sentence(r, pos, P("column-2"), 0) == "Picked queen of hearts from column 2."
    assert kb.point_sentence(r, pos, P("column-1"), 5) == "9 of spades, 2 cards"
    assert kb.point_sentence(r, pos, P("column-1"), 3) == "9 of hearts, does not move"
    assert kb.target_sentence(r, P("column-5"), True) == "Target column 5, legal."
    t = engine.PRESETS["tournament-1"]
    assert kb.pile_words(t, P("free")) == "the Free Column"
    assert kb.pile_words(t, P("draw-4")) == "draw pile 4"
    assert kb.pile_words(engine.PRESETS["little-spider"], P("column-2")) == "pile 2"
    assert kb.pile_words(engine.PRESETS["little-spider"], P("foundation-3")) == "foundation 3"
    # cards are named as the piles name them (ui/chrome/messages.py)
    assert kb.cards_words((engine.cards.parse_card("9h"), engine.cards.parse_card("8s"))) == "9 of hearts, 8 of spades"
