"""The helpers' pure logic (ui/helpers/hints.py): hint cycling and what a
hint lights up, the winnable-deals list and its choice, the sliced searches
(auto-complete, "Still winnable?") against the engine's own, and the
settings that remember them.  No browser."""

from __future__ import annotations

import doctest
import json
import random
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

import engine  # noqa: E402
from engine.moves import Move  # noqa: E402
from engine.piles import PileId  # noqa: E402
from solver import SOLVED, autocomplete, hints, replay, solve  # noqa: E402
from ui.helpers import hints as assist  # noqa: E402
from ui.i18n.text import number  # noqa: E402
from ui.storage import settings  # noqa: E402
from ui.table import cards  # noqa: E402

P = PileId.parse

PRESETS = list(engine.PRESETS)
EASY = "KsQsJs/Ts9s/*As8s7s6s5s4s3s2s/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-"
# every card face up, nothing to deal, a win two moves away
ENDGAME = "KsQsJsTs9s8s7s/6s5s4s3s2sAs/-/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-"


def test_module_doctests_pass() -> None:
    result = doctest.testmod(assist)
    assert result.attempted > 0 and result.failed == 0


# -- hints ----------------------------------------------------------------------


def test_hint_cycle_steps_through_and_wraps() -> None:
    g = engine.game_from_notation("spider-1", EASY)
    found = hints(g.rules, g.position)
    assert len(found) >= 2
    cycle = assist.HintCycle()
    assert not cycle.fresh(g.position)
    cycle.load(g.position, found)
    assert cycle.fresh(g.position)
    shown = [cycle.next() for _ in range(len(found) + 1)]
    assert shown[: len(found)] == found and shown[-1] == found[0]
    assert cycle.sentence(True).startswith(found[0].reason)
    assert f"(Hint 1 of {len(found)}.)" in cycle.sentence(True)
    cycle.load(g.position, found[:1])
    cycle.next()
    assert cycle.sentence(True) == found[0].reason
    cycle.load(g.position, [])
    assert cycle.next() is None
    assert cycle.sentence(True) == assist.NO_HELP and cycle.sentence(False) == assist.NO_HELP_NO_UNDO
    cycle.clear()
    assert not cycle.fresh(g.position)


def test_highlight_for_each_kind_of_move() -> None:
    g = engine.game_from_notation("spider-1", EASY)
    assert assist.highlight_for(g.rules, g.position, Move.tableau(2, 0, 7)) == assist.Highlight(
        P("column-3"), 1, 7, P("column-1")
    )
    assert assist.highlight_for(g.rules, g.position, Move.deal()) == assist.Highlight(P("stock"), None, 1, None)
    t = engine.new_game("tournament-1", 3)
    assert assist.highlight_for(t.rules, t.position, Move.draw(2)).src == P("draw-3")
    free = len(t.rules.columns)
    col = t.position.tableau[0]
    assert assist.highlight_for(t.rules, t.position, Move.tableau(0, free, 1)) == assist.Highlight(
        P("column-1"), len(col) - 1, 1, P("free")
    )
    s = engine.new_game("spidike", 3)
    assert assist.highlight_for(s.rules, s.position, Move.to_foundation(4, 2)) == assist.Highlight(
        P("column-5"), len(s.position.tableau[4]) - 1, 1, P("foundation-3")
    )


@pytest.mark.parametrize("preset", PRESETS)
def test_hints_light_up_face_up_cards_that_the_move_carries(preset: str) -> None:
    """Along a guided game: every hint's highlight names real piles of the
    page, face-up cards, exactly the cards the move carries."""
    rnd = random.Random(preset)
    g = engine.new_game(preset, deal=17)
    for _ in range(25):
        if g.status != "playing":
            break
        found = hints(g.rules, g.position, max_seconds=assist.HINT_SECONDS)
        t = cards.Tracker.from_view(g.rules, g.public_view())
        for h in found:
            assert g.why_illegal(h.move) is None
            hl = assist.highlight_for(g.rules, g.position, h.move)
            assert hl.src in t.piles and (hl.dst is None or hl.dst in t.piles)
            uids = t.piles[hl.src]
            chosen = uids[-1:] if hl.index is None else uids[hl.index : hl.index + hl.count]
            assert len(chosen) == hl.count
            if h.move.kind in ("move", "found"):
                assert all(t.up[u] for u in chosen)
        moves = g.legal_moves()
        if not moves:
            break
        g.play(found[0].move if found and rnd.random() < 0.7 else rnd.choice(moves))


# -- winnable deals -------------------------------------------------------------------


def test_parse_winnable_never_raises() -> None:
    text = json.dumps(
        {
            "version": 1,
            "presets": {
                "spider-1": {"deals": [5, 3, 3, 0, True, "7", 2**40, 9], "tried": 10},
                "spider-2": {"deals": []},
                "no-such": {"deals": [1]},
                "spider-4": "junk",
            },
        }
    )
    assert assist.parse_winnable(text) == {"spider-1": (3, 5, 9)}
    for bad in [None, "", "{", "[]", '{"version": 2, "presets": {}}', '{"version": 1, "presets": []}', "null"]:
        assert assist.parse_winnable(bad) == {}


def test_the_shipped_list_parses() -> None:
    path = ROOT / "assets" / "data" / "winnable.json"
    data = assist.parse_winnable(path.read_text())
    raw = json.loads(path.read_text())["presets"]
    assert data, "the shipped list proves no deal"
    assert set(data) == {p for p, e in raw.items() if e["deals"]}
    for preset, deals in data.items():
        g = engine.new_game(preset, deals[0])  # a deal number the engine takes
        assert g.deal == deals[0]


def test_the_chooser_offers_winnable_deals_exactly_for_the_presets_of_the_shipped_list() -> None:
    path = ROOT / "assets" / "data" / "winnable.json"
    data = assist.parse_winnable(path.read_text())
    for preset, rules in engine.PRESETS.items():
        choice = assist.winnable_choice(data, preset, rules.option_values())
        if preset in data:
            assert choice.available and choice.deals == data[preset]
            assert f"the {number(len(data[preset]))} deal" in choice.note  # a count: grouped
        else:
            assert not choice.available and choice.note == assist.NO_PROVEN


def test_the_build_ships_and_precaches_the_list() -> None:
    from tools.build import site

    assert "assets/data/winnable.json" in site.our_files(ROOT)


def test_winnable_choice_says_why_not() -> None:
    data = {"spider-1": (3, 5, 9)}
    assert assist.winnable_choice(None, "spider-1", {}) == assist.WinnableChoice(False, (), assist.LOADING)
    assert assist.winnable_choice(None, "spider-1", {}, failed=True).note == assist.NOT_LOADED
    c = assist.winnable_choice(data, "spider-2", {})
    assert not c.available and c.note == assist.NO_PROVEN
    c = assist.winnable_choice(data, "spider-1", {"scoring": "built", "relaxed_deal": True})
    assert c.available and c.deals == (3, 5, 9) and "the 3 deals proven" in c.note
    assert "the 1 deal proven" in assist.winnable_choice({"spider-1": (4,)}, "spider-1", {}).note
    assert assist.winnable_choice(data, "spider-1", engine.PRESETS["spider-1"].option_values()).available


def test_proof_holds_only_for_rule_changes_that_add_moves() -> None:
    assert assist.proof_holds("spider-1", {})
    assert assist.proof_holds("spider-1", {"relaxed_deal": True, "scoring": "built"})
    assert assist.proof_holds("tournament-1", {"time_limit": 300})
    assert assist.proof_holds("little-spider", {"wrap": True})
    assert not assist.proof_holds("little-spider", {"lower_row_restriction": True})
    assert assist.proof_holds("little-spider-classic", {"lower_row_restriction": False})
    assert not assist.proof_holds("little-spider-classic", {"wrap": False})
    assert not assist.proof_holds("spidike-classic", {"face_down_layout": True})
    for preset, rules in engine.PRESETS.items():
        assert assist.proof_holds(preset, rules.option_values())


def test_pick_deal_from_the_list_avoiding_the_current_one() -> None:
    rnd = random.Random(1)
    deals = (3, 5, 9)
    picks = {assist.pick_deal(deals, rnd, avoid=5) for _ in range(200)}
    assert picks == {3, 9}
    assert assist.pick_deal((7,), rnd, avoid=7) == 7
    assert {assist.pick_deal(deals, rnd) for _ in range(200)} == set(deals)


def test_settings_remember_winnable_per_preset_and_the_indicator() -> None:
    s = settings.Settings()
    assert s.winnable_only("spider-4") and not s.winnable_only("spider-1") and not s.indicator
    s.winnable = {"spider-4": "off", "spider-1": "any", "spider-2": "H"}
    s.indicator = True
    back = settings.Settings.from_text(s.to_text())
    assert back == s and not back.winnable_only("spider-4") and back.winnable_only("spider-1")
    assert back.winnable_grade("spider-2") == "H" and back.winnable_grade("spider-1") is None
    junk = settings.Settings.from_text('{"v": 4, "winnable": {"spider-1": "yes", "spider-2": "X"}, "indicator": 1}')
    assert junk.winnable == {"spider-2": "X"} and junk.indicator is False
    assert settings.Settings.from_text('{"winnable": [1]}').winnable == {}


def test_settings_of_the_yes_no_winnable_deals_read_as_any_or_off() -> None:
    old = settings.Settings.from_text('{"v": 3, "winnable": {"spider-4": false, "spider-1": true, "spider-2": 1}}')
    assert old.winnable == {"spider-4": "off", "spider-1": "any"}
    assert (
        not old.winnable_only("spider-4") and old.winnable_only("spider-1") and old.winnable_grade("spider-1") is None
    )
    assert f'"v":{settings.SETTINGS_VERSION}' in old.to_text() and settings.Settings.from_text(old.to_text()) == old
    assert settings.Settings().winnable_choice("spider-4") == "any"


# -- sliced searches ------------------------------------------------------------------


def run(job: object, n: int = 7) -> str:
    while True:
        status = job.step(n)  # type: ignore[attr-defined]
        if status is not None:
            return str(status)


def test_autocomplete_job_matches_autocomplete() -> None:
    g = engine.game_from_notation("spider-1", ENDGAME)
    job = assist.autocomplete_job(g.rules, g.position)
    assert job is not None and run(job) == SOLVED
    assert job.moves == autocomplete(g.rules, g.position)
    assert replay(g.rules, g.position, job.moves).is_cleared()
    hidden = engine.game_from_notation("spider-1", EASY)
    assert assist.autocomplete_job(hidden.rules, hidden.position) is None
    assert autocomplete(hidden.rules, hidden.position) is None
    stock = engine.new_game("spider-1", 1)
    assert assist.autocomplete_job(stock.rules, stock.position) is None


@pytest.mark.parametrize(
    "preset,deal,budget",
    [("spider-1", 3, 12000), ("tournament-1", 3, 12000), ("little-spider", 2, 12000), ("spider-4", 28, 16000)],
)
def test_sliced_solve_is_solve(preset: str, deal: int, budget: int) -> None:
    """The same search in slices: the same answer and the same moves (4-suit
    deal 28 is won on the second try, with the portfolio's second weights)."""
    g = engine.new_game(preset, deal)
    whole = solve(g.rules, g.position, max_nodes=budget)
    job = assist.SlicedSolve(g.rules, g.position, max_nodes=budget)
    status = run(job, 37)
    assert status == whole.status
    if status == SOLVED:
        assert job.moves == whole.moves
        assert replay(g.rules, g.position, job.moves).is_cleared()


def test_win_check_answers() -> None:
    easy = engine.game_from_notation("spider-1", EASY)
    check = assist.WinCheck(easy.rules, easy.position)
    assert run(check) == assist.WINNABLE
    # nothing can move and nothing is left to deal: the complete search proves it
    stuck = engine.game_from_notation("spider-1", "KsAs/QsAs/JsAs/TsAs/9sAs/8sAs/7sAs/6sAs/4s/4s - -/-/-/-/-/-/-/-")
    check = assist.WinCheck(stuck.rules, stuck.position)
    assert run(check) == assist.NO_WIN
    # a full deal: the tiny budgets give up
    hard = engine.new_game("spider-4", 2)
    check = assist.WinCheck(hard.rules, hard.position, max_nodes=200, complete_nodes=200)
    assert run(check, 50) == assist.CANT_TELL
    assert check.nodes <= 500
    assert set(assist.BADGE_TEXT) == {assist.WINNABLE, assist.CANT_TELL, assist.NO_WIN, "checking"}


def test_hint_search_stops_when_its_time_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    """The time budget keeps one hint one short task, whatever the position:
    with a clock that moves 1/64 s each time it is read, the search reads it
    at its start and every 32 positions, and stops at the first reading past
    ``HINT_SECONDS`` (0.03 s): after 32 positions, with the hints those give.
    Along games played by the hints; in some of their positions the budget
    cuts a search that would have changed the hints.  (How long a real hint
    takes: ``bench/solver_bench.py``.)"""
    import time

    readings: list[float] = []

    def clock() -> float:
        readings.append(len(readings) / 64)
        return readings[-1]

    assert 1 / 64 <= assist.HINT_SECONDS < 2 / 64
    cut = 0
    for preset in ("tournament-1", "spider-4", "little-spider"):
        g = engine.new_game(preset, 5)
        for _ in range(12):
            budgeted = hints(g.rules, g.position, max_nodes=32)
            monkeypatch.setattr(time, "perf_counter", clock)
            readings.clear()
            timed = hints(g.rules, g.position, max_seconds=assist.HINT_SECONDS)
            monkeypatch.undo()
            assert len(readings) <= 3, preset  # the start, after 0 positions, after 32: spent
            assert [(h.move, h.gain) for h in timed] == [(h.move, h.gain) for h in budgeted], preset
            cut += timed != hints(g.rules, g.position)
            if not budgeted or g.status != "playing":
                break
            g.play(budgeted[0].move)
    assert cut > 0, "the budget cut no search short along these games: the test needs positions where it does"
