"""The table's pure logic: card tracking through engine events,
the scene, hit testing, drop choice by overlap, tap-to-best-target, the
address (#preset/deal) and what is kept in storage.  No browser."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

import engine  # noqa: E402
from engine.piles import PileId  # noqa: E402
from ui.game import address  # noqa: E402
from ui.storage import settings  # noqa: E402
from ui.table import cards as model  # noqa: E402
from ui.table import pointer  # noqa: E402
from ui.table.layout import Options, Rect, layout_table  # noqa: E402

P = PileId.parse

PRESETS = list(engine.PRESETS)
VIEWPORTS = [(320, 568), (390, 844), (844, 390), (1366, 768), (2560, 1440)]


def faces_match(t: model.Tracker, g: engine.Game) -> None:
    want = t.expected(g.public_view())
    for pile, cards in want.items():
        have = [(t.cards[u], t.up[u]) for u in t.piles[pile]]
        assert have == cards, pile


# -- tracking -----------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_tracker_follows_random_play_undo_redo(preset: str) -> None:
    rnd = random.Random(preset)
    g = engine.new_game(preset, deal=1234)
    t = model.Tracker.from_view(g.rules, g.public_view())
    n_uids = len(t.cards)
    assert n_uids == g.rules.deck_size
    for step in range(160):
        if g.status != "playing":
            break
        r = rnd.random()
        if r < 0.15 and g.can_undo:
            events, rev = g.undo(), True
        elif r < 0.22 and g.can_redo:
            events, rev = g.redo(), False
        else:
            events, rev = g.play(rnd.choice(g.legal_moves())), False
        before = model.copy_tracker(t)
        t.apply(events, rev)
        assert t.sync(g.public_view()) == [], (step, events)
        faces_match(t, g)
        assert len(t.cards) == n_uids  # no element created or lost
        assert sorted(u for p in t.piles.values() for u in p) == list(range(n_uids))
        plan = model.plan(before, t, events, rev)
        assert plan.total >= 0


def test_face_down_identity_never_known() -> None:
    g = engine.new_game("spider-4", deal=1)  # its first move turns a card up
    t = model.Tracker.from_view(g.rules, g.public_view())
    hidden = [u for u, up in enumerate(t.up) if not up]
    assert hidden and all(t.cards[u] is None and t.text(u) == "" for u in hidden)
    for m in g.legal_moves():
        events = g.play(m)
        if any(isinstance(e, engine.Flipped) for e in events):
            break
        t.apply(events)
        assert t.sync(g.public_view()) == []
        t.apply(g.undo(), reverse=True)
    else:
        pytest.fail("spider-4 deal 1 has no move that turns a card up: the test needs one")
    t.apply(events)
    flipped = t.piles[f"column-{m.src + 1}"][-1]
    assert t.cards[flipped] is not None
    t.apply(g.undo(), reverse=True)  # the undo turns it back: the page forgets it
    assert t.sync(g.public_view()) == []
    assert t.cards[flipped] is None and t.text(flipped) == ""


def test_element_identity_kept_through_moves() -> None:
    g = engine.new_game("spider-1", deal=7)
    t = model.Tracker.from_view(g.rules, g.public_view())
    m = next(m for m in g.legal_moves() if m.kind == "move")
    moving = t.piles[f"column-{m.src + 1}"][-m.count :]
    t.apply(g.play(m))
    assert t.piles[f"column-{m.dst + 1}"][-m.count :] == moving
    t.apply(g.undo(), reverse=True)
    assert t.piles[f"column-{m.src + 1}"][-m.count :] == moving


def test_deal_and_its_undo_move_the_same_elements() -> None:
    g = engine.new_game("spider-2", deal=3)
    t = model.Tracker.from_view(g.rules, g.public_view())
    stock_top = t.piles[P("stock")][-10:]
    t.apply(g.play_text("deal"))
    assert [t.piles[f"column-{k + 1}"][-1] for k in range(10)] == stock_top[::-1]
    t.apply(g.undo(), reverse=True)
    assert t.sync(g.public_view()) == []
    assert t.piles[P("stock")][-10:] == stock_top


def test_draw_pile_top_is_the_card_column_1_gets() -> None:
    g = engine.new_game("tournament-2", deal=5)
    t = model.Tracker.from_view(g.rules, g.public_view())
    top = t.piles[P("draw-3")][-1]
    assert t.up[top] and t.cards[top] == g.public_view().draw_tops[2]
    t.apply(g.play_text("d3"))
    assert t.piles[P("column-1")][-1] == top
    assert t.sync(g.public_view()) == []


# -- scene --------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("vp", VIEWPORTS)
def test_scene_places_every_card_inside_the_viewport(preset: str, vp: tuple[int, int]) -> None:
    g = engine.new_game(preset, deal=42)
    t = model.Tracker.from_view(g.rules, g.public_view())
    lay = layout_table(model.table_shape(t), vp[0], vp[1], Options(top_bar=52))
    places = model.scene(t, lay)
    assert all(p is not None for p in places)
    for p in places:
        assert p.x >= 0 and p.x + lay.card_width <= vp[0] + 0.01
        assert p.y >= 52 and p.y + lay.card_height <= vp[1] + 0.01
    for pile in model.pile_ids(g.rules):
        x, _y = model.pile_base(lay, pile)
        assert 0 <= x <= vp[0] - lay.card_width + 0.01


def test_completed_run_shows_its_king() -> None:
    data = json.loads((ROOT / "tests" / "data" / "spider-1-win.json").read_text())
    g = engine.new_game(data["preset"], data["deal"])
    t = model.Tracker.from_view(g.rules, g.public_view())
    for text in data["moves"]:
        events = g.play_text(text)
        t.apply(events)
        assert t.sync(g.public_view()) == []
        if any(isinstance(e, engine.RunRemoved) for e in events):
            break
    lay = layout_table(model.table_shape(t), 1366, 768, Options(top_bar=52))
    places = model.scene(t, lay)
    run = t.piles[P("foundation-1")]
    top = max(run, key=lambda u: places[u].z)
    assert engine.card_text(t.cards[top])[0] == "K"


def test_plan_spider_and_stagger() -> None:
    data = json.loads((ROOT / "tests" / "data" / "spider-1-win.json").read_text())
    g = engine.new_game(data["preset"], data["deal"])
    t = model.Tracker.from_view(g.rules, g.public_view())
    saw_deal = saw_run = False
    for text in data["moves"]:
        before = model.copy_tracker(t)
        events = g.play_text(text)
        t.apply(events)
        p = model.plan(before, t, events, False)
        if text == "deal" and not saw_deal:
            saw_deal = True
            delays = sorted(m.delay for m in p.motions.values())
            assert len(delays) == 10 and delays[-1] > delays[0]
        if any(isinstance(e, engine.RunRemoved) for e in events) and not saw_run:
            saw_run = True
            assert len(p.spiders) == 1 and p.total > model.SPIDER_DOWN_MS
            assert model.plan(before, t, events, False, spiders=False).spiders == []
            assert model.plan(before, t, events, False, speed=0).total == 0
    assert saw_deal and saw_run


# -- input decisions ----------------------------------------------------------


def _setup(preset: str = "spider-1", deal: int = 11, vp: tuple[int, int] = (1366, 768)):
    g = engine.new_game(preset, deal=deal)
    t = model.Tracker.from_view(g.rules, g.public_view())
    lay = layout_table(model.table_shape(t), vp[0], vp[1], Options(top_bar=52))
    return g, t, lay, model.scene(t, lay)


def test_hit_topmost_card_and_empty_pile() -> None:
    _g, t, lay, places = _setup()
    top = t.piles[P("column-3")][-1]
    p = places[top]
    assert pointer.hit(t, lay, places, p.x + 5, p.y + lay.card_height - 3) == pointer.Hit(
        P("column-3"), len(t.piles[P("column-3")]) - 1
    )
    under = t.piles[P("column-3")][0]
    q = places[under]
    assert pointer.hit(t, lay, places, q.x + 5, q.y + 2) == pointer.Hit(P("column-3"), 0)
    s = places[t.piles[P("stock")][-1]]
    assert pointer.hit(t, lay, places, s.x + 3, s.y + 3).pile == P("stock")
    assert pointer.hit(t, lay, places, 1, 1) is None or pointer.hit(t, lay, places, 1, 1).index is None


def test_drag_count_only_movable_units() -> None:
    g = engine.game_from_notation("spider-2", "*Ks*QsJh9hTs9s8s/Qh/-/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    pos = g.position
    assert pointer.drag_count(g.rules, pos, P("column-1"), 6) == 1
    assert pointer.drag_count(g.rules, pos, P("column-1"), 4) == 3  # Ts9s8s
    assert pointer.drag_count(g.rules, pos, P("column-1"), 3) == 0  # 9h breaks the suit
    assert pointer.drag_count(g.rules, pos, P("column-1"), 0) == 0  # face down
    assert pointer.drag_count(g.rules, pos, P("stock"), 0) == 0


def test_drop_goes_to_most_overlapped_legal_pile() -> None:
    _g, _t, lay, _places = _setup()
    c3 = lay.pile_of(P("column-3")).hit
    w, h = lay.card_width, lay.card_height
    # mostly over column 3, a little over column 2
    rect = Rect(c3.x - w * 0.3, 300, w, h)
    assert pointer.choose_drop(lay, rect, [P("column-2"), P("column-3")], []) == (P("column-3"), True)
    # column 3 illegal: the legal column 2 still takes it
    assert pointer.choose_drop(lay, rect, [P("column-2")], [P("column-3")]) == (P("column-2"), True)
    # nothing legal: the most-overlapped illegal pile, to say why
    assert pointer.choose_drop(lay, rect, [], [P("column-2"), P("column-3")]) == (P("column-3"), False)
    # over nothing
    assert pointer.choose_drop(lay, Rect(-500, -500, w, h), [P("column-2")], []) == (None, False)


def test_move_to_and_candidates() -> None:
    r = engine.PRESETS["tournament-1"]
    assert pointer.move_to(r, P("column-2"), 3, P("free")) == engine.parse_move("c2:3>fc", free=8)
    assert pointer.move_to(r, P("column-2"), 1, P("foundation-1")) is None
    assert P("free") in pointer.drop_candidates(r, P("column-1"), 1)
    sc = engine.PRESETS["spidike-classic"]
    assert str(pointer.move_to(sc, P("column-2"), 1, P("foundation-3"))) == "c2>f3"
    assert P("foundation-1") in pointer.drop_candidates(sc, P("column-1"), 1)
    assert P("foundation-1") not in pointer.drop_candidates(sc, P("column-1"), 2)


def test_best_move_ranking() -> None:
    g = engine.game_from_notation("spider-2", "5s/6h/6s/Kh/-/Qs/-/-/-/- - -/-/-/-/-/-/-/-")
    best = pointer.best_move(g.rules, g.position, g.legal_moves(), 0, 1)
    assert str(best) == "c1>c3"  # same suit before any suit
    g = engine.game_from_notation("spider-2", "5s/6h/7s/Kh/-/Qs/-/-/-/- - -/-/-/-/-/-/-/-")
    assert str(pointer.best_move(g.rules, g.position, g.legal_moves(), 0, 1)) == "c1>c2"  # any suit before empty
    g = engine.game_from_notation("spider-2", "9s5s/Kh/Qs/Kh/Kh/Kh/Ks/Ks/Ks/Ks - -/-/-/-/-/-/-/-")
    assert pointer.best_move(g.rules, g.position, g.legal_moves(), 0, 1) is None
    # a whole column never goes into an empty one
    g = engine.game_from_notation("spider-2", "5s/-/Kh/Kh/Kh/Kh/Ks/Ks/Ks/Ks - -/-/-/-/-/-/-/-")
    assert pointer.best_move(g.rules, g.position, g.legal_moves(), 0, 1) is None
    g = engine.game_from_notation("spider-2", "9s5s/-/Kh/Kh/Kh/Kh/Ks/Ks/Ks/Ks - -/-/-/-/-/-/-/-")
    assert str(pointer.best_move(g.rules, g.position, g.legal_moves(), 0, 1)) == "c1>c2"


def test_best_move_prefers_foundation_and_regular_empty_column() -> None:
    g = engine.new_game("spidike-classic", deal=8)
    for m in g.legal_moves():
        if m.kind == "found":
            best = pointer.best_move(g.rules, g.position, g.legal_moves(), m.src, 1)
            assert best.kind == "found"
            break
    g = engine.game_from_notation("tournament-1", "Ks5s/Ks/Ks/Ks/Ks/Qs/-/Qs/- -/-/-/-/- -/-/-/-/-/-")
    assert str(pointer.best_move(g.rules, g.position, g.legal_moves(), 0, 1)) == "c1>c7"


# -- address and storage ------------------------------------------------------


def test_routes() -> None:
    assert address.parse_route("") is None and address.parse_route("#") is None
    assert address.parse_route("#spider-4/1") == address.Route("spider-4", 1, {}, None)
    r = address.parse_route("#Spider-2")
    assert r.preset == "spider-2" and r.deal is None and r.error is None
    r = address.parse_route("#spider-2/abc")
    assert r.preset == "spider-2" and r.deal is None and "not a deal number" in r.error
    r = address.parse_route("#spider-2/0")
    assert r.deal is None and r.error
    r = address.parse_route("#nope/5")
    assert r.preset == address.DEFAULT_PRESET and r.deal is None and "nope" in r.error
    r = address.parse_route("#tournament-1/9/time_limit=300")
    assert r.options == {"time_limit": 300} and r.error is None
    r = address.parse_route("#tournament-1/9/time_limit=7")
    assert r.options == {} and "Time limit" in r.error
    r = address.parse_route("#spider-4/9/relaxed_deal=1,colour=red")
    assert r.options == {"relaxed_deal": True} and "colour" in r.error
    for preset, rules in engine.PRESETS.items():
        for spec in rules.options:
            for value in spec.choices:
                text = address.format_route(preset, 77, {spec.name: value})
                back = address.parse_route(text)
                assert back.error is None and back.preset == preset and back.deal == 77
                assert {**rules.option_values(), **back.options}[spec.name] == value
    assert address.format_route("spider-1", 5, engine.PRESETS["spider-1"].option_values()) == "#spider-1/5"
    r = address.parse_route("#" + "x" * 5000)
    assert r.preset == address.DEFAULT_PRESET and len(r.error) < 200


def test_storage_round_trip_and_damage() -> None:
    g = engine.new_game("spider-2", deal=21)
    for _ in range(5):
        g.play(g.legal_moves()[0])
    g.undo()
    back, err = settings.read_current(settings.write_current(g))
    assert err is None and back.position == g.position and back.can_redo and len(back.moves) == len(g.moves)
    assert settings.read_current(None) == (None, None)
    for bad in ["{", "[]", '{"v": 1}', '{"v": 2, "game": "{}"}', '{"v": 1, "game": "{\\"format\\": 1}"}', "null"]:
        game, err = settings.read_current(bad)
        assert game is None and err.startswith("Your saved game could not be restored")


def test_settings_validation() -> None:
    s = settings.Settings.from_text('{"tap": "select", "simple": true, "faces": "weird", "back": 3}')
    assert (s.tap, s.simple, s.faces, s.back) == ("select", True, "large", "blue")
    assert settings.Settings.from_text(s.to_text()) == s
    assert settings.Settings.from_text("garbage") == settings.Settings()


def test_motion_and_contrast_settings() -> None:
    s = settings.Settings()
    assert (s.motion, s.contrast) == ("system", "system")  # follow the system until the player chooses
    s = settings.Settings.from_text('{"motion": "reduce", "contrast": "high"}')
    assert (s.motion, s.contrast) == ("reduce", "high")
    assert settings.Settings.from_text(s.to_text()) == s
    s = settings.Settings.from_text('{"motion": "none", "contrast": true}')
    assert (s.motion, s.contrast) == ("system", "system")
    for system in (False, True):
        assert settings.reduce_motion("system", system) is system
        assert settings.reduce_motion("reduce", system) is True
        assert settings.reduce_motion("full", system) is False
        assert settings.high_contrast("system", system) is system
        assert settings.high_contrast("high", system) is True
        assert settings.high_contrast("standard", system) is False


def test_recorded_win_is_a_win() -> None:
    data = json.loads((ROOT / "tests" / "data" / "spider-1-win.json").read_text())
    g = engine.new_game(data["preset"], data["deal"])
    for text in data["moves"]:
        g.play_text(text)
    assert g.status == "won"


def test_music_is_off_for_a_new_player_and_after_the_old_default() -> None:
    assert settings.Settings().music == 0
    # Stored before version 3 with the old default: off now.
    assert settings.Settings.from_text('{"v": 2, "music": 30, "volume": 70}').music == 0
    # A volume the player chose stays.
    assert settings.Settings.from_text('{"v": 2, "music": 45}').music == 45
    chosen = settings.Settings(music=30)
    assert settings.Settings.from_text(chosen.to_text()).music == 30


def test_a_win_a_helper_found_is_known_only_at_its_position() -> None:
    from ui.table.state import TableState

    state = TableState()
    g = engine.new_game("spider-1", 7)
    state.set_game(g)
    here, move = g.position, state.legal()[0]
    assert state.known_win(here) is None
    state.still_at, state.still_answer, state.still_line = here, "winnable", (move,)
    assert state.known_win(here) == (move,)
    g.play(move)
    assert state.known_win(g.position) is None  # "Still winnable?"'s line is for the position it answered
    state.finish_at, state.finish_line = here, (move, move)
    assert state.known_win(here) == (move, move)  # Finish's way out first


def test_a_dead_end_is_known_in_the_table_state_only_at_its_position() -> None:
    from ui.table.state import TableState

    state = TableState()
    assert not state.at_dead_end()  # no game
    g = engine.game_from_notation(
        "spider-1", "*As6s5s/*2s6s/*3sKs/*4sKs/*5sKs/*6sKs/*7sKs/*8sKs/*9sKs/*Ts9s - -/-/-/-/-/-/-/-"
    )
    state.set_game(g)
    assert not state.at_dead_end()
    state.dead_end_at, state.dead_end_back = g.position, None  # what the dead-end check keeps there
    assert state.at_dead_end()
    g.play(state.legal()[0])
    assert not state.at_dead_end()  # another position: Hint and "Show me how" search again
    g.undo()
    assert state.at_dead_end()
