"""Properties of random legal play in every preset (Hypothesis).

Each example deals a random deal number and plays a random sequence of legal
moves, undos and redos; the checks run after every action.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable

import pytest
from enginetest import choose
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.game import built_cards
from engine.moves import DEAL, DRAW, FOUNDATION, MOVE, Move
from engine.play import has_legal_move, legal_moves, why_illegal
from engine.position import Position, format_notation, parse_notation
from engine.rng import MAX_DEAL, SplitMix64
from engine.view import public_view

PRESET_IDS = list(engine.PRESETS)
# Every preset is tested; each gets a third of the profile's examples.
per_preset = settings(max_examples=max(3, settings().max_examples // 3))
deals = st.integers(1, MAX_DEAL)


@st.composite
def _choices(draw: st.DrawFn) -> list[int]:
    """Up to 400 picks (long games reach runs, deals, wins and stalemates),
    drawn from a seed so that Hypothesis still shrinks them (fewer, smaller)."""
    steps = draw(st.integers(1, 400))
    gen = SplitMix64(draw(st.integers(0, 2**64 - 1)))
    return [gen.next() & 0xFFFF for _ in range(steps)]


choices = _choices()

Check = Callable[[engine.Game], None]


def play_randomly(g: engine.Game, picks: list[int], after_each: Check = lambda g: None) -> None:
    """Play ``picks``: mostly legal moves (see :func:`enginetest.choose`), some undos and redos."""
    for pick in picks:
        kind = pick % 16
        if kind == 0 and g.can_undo:
            g.undo()
        elif kind == 1 and g.can_redo:
            g.redo()
        else:
            move = choose(g, pick >> 4)
            if move is None:
                break
            g.play(move)
        after_each(g)


# -- invariants --------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_IDS)
@per_preset
@given(deal=deals, picks=choices)
def test_cards_are_conserved_and_no_face_down_card_is_ever_on_top(preset: str, deal: int, picks: list[int]) -> None:
    g = engine.new_game(preset, deal=deal)
    deck = Counter(g.position.cards())

    def check(g: engine.Game) -> None:
        pos = g.position
        assert Counter(pos.cards()) == deck
        for col, down in zip(pos.tableau, pos.down):
            assert 0 <= down < len(col) or (down == 0 and not col)

    play_randomly(g, picks, check)


def candidate_moves(g: engine.Game) -> list[Move]:
    """Every syntactically possible action near the legal ones (and some beyond)."""
    pos = g.position
    n = len(pos.tableau)
    out = [Move.deal()] + [Move.draw(k) for k in range(6)]
    for src, col in enumerate(pos.tableau):
        for count in range(1, len(col) - pos.down[src] + 2):
            out.extend(Move.tableau(src, dst, count) for dst in range(n + 1))
        out.extend(Move.to_foundation(src, f) for f in range(len(pos.foundations) + 1))
    return out


@pytest.mark.parametrize("preset", PRESET_IDS)
@per_preset
@given(deal=deals, picks=choices)
def test_legal_moves_are_exactly_the_moves_why_illegal_accepts(preset: str, deal: int, picks: list[int]) -> None:
    g = engine.new_game(preset, deal=deal)
    steps = iter(range(10**6))

    def check(g: engine.Game) -> None:
        if g.status != "playing":
            return
        rules, pos = g.rules, g.position
        legal = legal_moves(rules, pos)
        assert len(set(legal)) == len(legal)
        assert has_legal_move(rules, pos) == bool(legal)
        for m in legal:
            assert why_illegal(rules, pos, m) is None
            assert g.parse_move(str(m)) == m
        if next(steps) % 8 == 0:  # the full comparison is costly: every 8th position
            accepted = [m for m in candidate_moves(g) if why_illegal(rules, pos, m) is None]
            assert set(accepted) == set(legal)

    check(g)
    play_randomly(g, picks, check)


# -- undo and redo -------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_IDS)
@per_preset
@given(deal=deals, picks=choices)
def test_undo_restores_the_exact_previous_position_and_score_and_redo_replays(
    preset: str, deal: int, picks: list[int]
) -> None:
    g = engine.new_game(preset, deal=deal)
    classic = g.rules.scoring == "classic"
    for pick in picks:
        move = choose(g, pick)
        if move is None:
            break
        before, score, tally = g.position, g.score, g.tally
        g.play(move)
        after, score_after = g.position, g.score
        if not g.can_undo:
            # only across Tournament Spider's barriers, or once the game is won
            assert g.rules.undo_barriers or g.status == "won"
            continue
        g.undo()
        assert g.position == before and g.tally == tally and g.status == "playing"
        # classic scoring charges the undo and keeps the move's point (docs/rules.md#scoring-classic)
        assert g.score == (score - 2 if classic else score)
        g.redo()
        assert g.position == after
        assert g.score == (score_after - 2 if classic else score_after)


# -- text forms and saves -----------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_IDS)
@per_preset
@given(deal=deals, picks=choices)
def test_notation_and_saves_round_trip(preset: str, deal: int, picks: list[int]) -> None:
    g = engine.new_game(preset, deal=deal)

    def check(g: engine.Game) -> None:
        assert parse_notation(g.notation()) == g.position

    play_randomly(g, picks, check)
    g.set_elapsed(len(picks) * 3.5)
    loaded = engine.load_game(g.to_json())
    assert (loaded.position, loaded.score, loaded.status, loaded.end_reason) == (
        g.position,
        g.score,
        g.status,
        g.end_reason,
    )
    assert (loaded.moves, loaded.redo_moves, loaded.can_undo, loaded.can_redo) == (
        g.moves,
        g.redo_moves,
        g.can_undo,
        g.can_redo,
    )
    again = engine.game_from_notation(preset, g.notation(), **g.rules.option_values())
    assert again.position == g.position and format_notation(again.position) == g.notation()


@pytest.mark.parametrize("preset", ["spider-2", "tournament-2", "little-spider"])
@per_preset
@given(
    deal=deals,
    picks=st.lists(st.integers(0, 2**16 - 1), max_size=20),
    cut=st.integers(0, 10_000),
    byte=st.integers(32, 126),
)
def test_a_damaged_save_either_loads_a_whole_game_or_raises_save_error(
    preset: str, deal: int, picks: list[int], cut: int, byte: int
) -> None:
    g = engine.new_game(preset, deal=deal)
    play_randomly(g, picks)
    text = g.to_json()
    at = cut % len(text)
    damaged = text[:at] + chr(byte) + text[at + 1 :]
    try:
        loaded = engine.load_game(damaged)
    except engine.SaveError:
        return
    # a change the format tolerates (say, a digit of the elapsed time): a whole, consistent game
    assert engine.load_game(loaded.to_json()).position == loaded.position
    assert json.loads(loaded.to_json())["preset"] in engine.PRESETS


# -- the public view -------------------------------------------------------------------------


def reshuffle_hidden(pos: Position, draw_piles: bool, seed: int) -> Position:
    """``pos`` with its hidden cards (face-down and unseen stock cards) dealt again at random."""
    gen = SplitMix64(seed)
    hidden = [c for col, d in zip(pos.tableau, pos.down) for c in col[:d]]
    skip = 1 if draw_piles else 0
    hidden += [c for pile in pos.stock for c in pile[skip:]]
    for i in range(len(hidden) - 1, 0, -1):
        j = gen.below(i + 1)
        hidden[i], hidden[j] = hidden[j], hidden[i]
    it = iter(hidden)
    tableau = tuple(tuple(next(it) for _ in range(d)) + col[d:] for col, d in zip(pos.tableau, pos.down))
    stock = tuple(pile[:skip] + tuple(next(it) for _ in pile[skip:]) if pile else () for pile in pos.stock)
    return Position(tableau, pos.down, stock, pos.foundations)


@pytest.mark.parametrize("preset", PRESET_IDS)
@per_preset
@given(deal=deals, picks=choices, seed=st.integers(0, 2**32))
def test_the_public_view_never_reveals_a_hidden_card(preset: str, deal: int, picks: list[int], seed: int) -> None:
    g = engine.new_game(preset, deal=deal)

    def check(g: engine.Game) -> None:
        pos = g.position
        view = g.public_view()
        # the view is the same whatever the hidden cards are
        assert public_view(g.rules, reshuffle_hidden(pos, bool(g.rules.draw_piles), seed)) == view
        for col, seen, down in zip(pos.tableau, view.tableau, pos.down):
            assert seen == (None,) * down + col[down:]

    check(g)
    play_randomly(g, picks, check)


# -- scores -----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_IDS)
@per_preset
@given(deal=deals, picks=choices)
def test_the_score_follows_its_scheme(preset: str, deal: int, picks: list[int]) -> None:
    g = engine.new_game(preset, deal=deal)

    def check(g: engine.Game) -> None:
        pos, scheme = g.position, g.rules.scoring
        assert sum(g.score_breakdown().values()) == g.score
        if scheme == "classic":
            assert g.score == 500 - g.penalties + 100 * g.runs_removed()
        elif scheme == "built":
            assert g.score == 13 * g.runs_removed() + built_cards(g.rules, pos)
        elif scheme == "foundation":
            assert g.score == sum(len(f) for f in pos.foundations)
        else:
            assert g.score_breakdown()["reveals"] == 25 * g.tally.reveals
        assert g.runs_removed() == (sum(1 for f in pos.foundations if f) if g.rules.completion != "none" else 0)

    play_randomly(g, picks, check)


def test_kinds_of_moves_cover_the_engine() -> None:
    """The four kinds of move are exactly the ones the presets offer (a
    move between piles in every game, a deal from the stock, a draw from a
    draw pile, a run to a foundation), and each reads back from its text."""
    seen: set[str] = set()
    for preset in engine.PRESETS:
        g = engine.new_game(preset, deal=1)
        gen = SplitMix64(1)
        for _ in range(150):
            moves = g.legal_moves()
            if not moves or g.status != "playing":
                break
            for m in moves:
                seen.add(m.kind)
                assert g.parse_move(str(m)) == m, (preset, str(m))
            g.play(moves[gen.below(len(moves))])
    assert seen == {MOVE, FOUNDATION, DEAL, DRAW}


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@per_preset
@given(
    preset=st.sampled_from(PRESET_IDS),
    deal=deals,
    field=st.sampled_from(
        [
            "format",
            "version",
            "preset",
            "options",
            "deal",
            "start",
            "moves",
            "redo",
            "penalties",
            "undos",
            "elapsed",
            "result",
        ]
    ),
    value=json_values,
)
def test_any_value_in_any_save_field_loads_or_raises_save_error(
    preset: str, deal: int, field: str, value: object
) -> None:
    g = engine.new_game(preset, deal=deal)
    play_randomly(g, [deal % 65536, deal // 65536 % 65536, 7, 9])
    data = json.loads(g.to_json())
    data[field] = value
    try:
        loaded = engine.load_game(data)
    except engine.SaveError:
        return
    assert engine.load_game(loaded.to_json()).position == loaded.position
