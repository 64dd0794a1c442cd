"""What a screen reader is told (ui/chrome/messages.py): pile and card
names for every game's pile kinds, a sentence per kind of action (move,
foundation move, Free Column, flip, run removal, deal, draw pile, undo,
redo, the end of a game, the countdown), each verbosity level, and never a
face-down card's identity.  No browser."""

from __future__ import annotations

import doctest
import random
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

import engine  # noqa: E402
from engine.cards import make_deck, parse_card  # noqa: E402
from engine.events import Moved, RunRemoved, ScoreChanged, StatusChanged  # noqa: E402
from engine.piles import PileId  # noqa: E402
from tests.kit import public_piles  # noqa: E402
from ui.chrome import messages as say  # noqa: E402
from ui.storage import settings  # noqa: E402
from ui.table.cards import pile_ids  # noqa: E402

P = PileId.parse

R = engine.PRESETS


def cards(*texts: str) -> list[int]:
    return [parse_card(t) for t in texts]


def test_module_doctests_pass() -> None:
    result = doctest.testmod(say)
    assert result.failed == 0 and result.attempted > 0


# -- cards ---------------------------------------------------------------------


def test_card_names_and_groups() -> None:
    assert say.card_name(parse_card("7h")) == "7 of hearts"
    assert say.card_name(parse_card("Ad")) == "ace of diamonds"
    assert say.card_name(parse_card("Jc")) == "jack of clubs"
    assert say.card_name(parse_card("Ks")) == "king of spades"
    assert say.cards_phrase(cards("9s", "8s", "7s")) == "9 to 7 of spades"
    assert say.cards_phrase(cards("Ks")) == "king of spades"
    # a descending run of mixed suits (Spider Easy) is said card by card
    assert say.cards_phrase(cards("9h", "8s", "7s")) == "9 of hearts, 8 to 7 of spades"
    # the same rank twice is not a run
    assert say.cards_phrase(cards("9s", "9s")) == "9 of spades, 9 of spades"
    assert [say.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 104)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "23rd",
        "104th",
    ]


def test_card_label_of_a_face_up_card() -> None:
    assert (
        say.card_label(R["spider-4"], P("column-3"), 2, 6, parse_card("7h"))
        == "7 of hearts, face up, 3rd of 6 in column 3"
    )
    assert (
        say.card_label(R["tournament-1"], P("free"), 0, 1, parse_card("Qs"))
        == "queen of spades, face up, 1st of 1 in the Free Column"
    )
    assert (
        say.card_label(R["little-spider"], P("foundation-2"), 4, 5, parse_card("5c"))
        == "5 of clubs, face up, 5th of 5 in foundation 2"
    )


# -- piles -----------------------------------------------------------------------


def test_column_names() -> None:
    rules = R["spider-4"]
    assert (
        say.pile_label(rules, P("column-3"), [None] * 4 + cards("8h", "7h"))
        == "Column 3, 6 cards, 4 face down, top: 7 of hearts, face up: 8 to 7 of hearts"
    )
    assert (
        say.pile_label(rules, P("column-1"), [None] * 5 + cards("Qc"))
        == "Column 1, 6 cards, 5 face down, top: queen of clubs"
    )
    assert say.pile_label(rules, P("column-10"), []) == "Column 10, empty"
    assert say.pile_label(rules, P("column-2"), cards("Ks")) == "Column 2, 1 card, top: king of spades"
    assert say.pile_label(R["tournament-2"], P("free"), []) == "Free Column, empty"
    assert (
        say.pile_label(R["tournament-2"], P("free"), cards("9h", "8h"))
        == "Free Column, 2 cards, top: 8 of hearts, face up: 9 to 8 of hearts"
    )
    # Little Spider: piles in two rows; one card moves at a time, so only the top is said
    little = R["little-spider"]
    assert (
        say.pile_label(little, P("column-2"), cards("3h", "Kc", "7h")) == "Pile 2, upper row, 3 cards, top: 7 of hearts"
    )
    assert say.pile_label(little, P("column-5"), cards("9c")) == "Pile 5, lower row, 1 card, top: 9 of clubs"
    assert (
        say.pile_label(R["spidike-classic"], P("column-7"), cards("Qs", "Jh"))
        == "Pile 7, 2 cards, top: jack of hearts, face up: queen of spades, jack of hearts"
    )
    assert say.pile_label(R["spidike"], P("column-7"), cards("Qs")) == "Column 7, 1 card, top: queen of spades"


def test_stock_draw_piles_and_foundations() -> None:
    spider = R["spider-2"]
    assert say.pile_label(spider, P("stock"), [None] * 50) == "Stock, 5 deals left"
    assert say.pile_label(spider, P("stock"), [None] * 10) == "Stock, 1 deal left"
    assert say.pile_label(spider, P("stock"), []) == "Stock, empty"
    assert say.pile_label(R["spidike-classic"], P("stock"), [None] * 3) == "Stock, 1 deal left"
    assert say.pile_label(R["little-spider"], P("stock"), [None] * 40) == "Stock, 5 deals left"
    tour = R["tournament-1"]
    assert say.pile_label(tour, P("draw-2"), [None] * 7 + cards("Qs")) == "Draw pile 2, 8 cards, top: queen of spades"
    assert say.pile_label(tour, P("draw-2"), []) == "Draw pile 2, dealt"
    spade_run = cards(*[r + "s" for r in "KQJT98765432A"])
    heart_run = cards(*[r + "h" for r in "KQJT98765432A"])
    founds = [spade_run, heart_run, [], [], [], [], [], []]
    assert (
        say.pile_label(spider, P("foundation-1"), spade_run, founds) == "Foundations, 2 runs completed: spades, hearts"
    )
    assert say.pile_label(spider, P("foundation-2"), heart_run, founds) is None  # named together on the first
    assert say.runs_label([[]] * 8) == "Foundations, no runs completed"
    mixed = cards("Ks", "Qh", *[r + "s" for r in "JT98765432A"])
    assert say.runs_label([mixed]) == "Foundations, 1 run completed: mixed suits"
    little = R["little-spider"]
    assert (
        say.pile_label(little, P("foundation-1"), cards("Ah", "2h", "3h"))
        == "Foundation 1, up from the ace, 3 cards, top: 3 of hearts"
    )
    assert (
        say.pile_label(little, P("foundation-3"), cards("Kc", "Qc"))
        == "Foundation 3, down from the king, 2 cards, top: queen of clubs"
    )
    assert say.pile_label(little, P("foundation-2"), []) == "Foundation 2, empty"
    assert (
        say.pile_label(R["spidike-classic"], P("foundation-4"), cards("As"))
        == "Foundation 4, 1 card, top: ace of spades"
    )


@pytest.mark.parametrize("preset", list(R))
def test_every_pile_of_every_game_is_named_or_deliberately_hidden(preset: str) -> None:
    g = engine.new_game(preset, deal=5)
    piles = public_piles(g)
    labels = say.pile_labels(g.rules, piles)
    assert list(labels) == pile_ids(g.rules)
    for pile, label in labels.items():
        if label is None:
            assert pile.startswith("foundation-") and pile != P("foundation-1") and say.runs_game(g.rules)
        else:
            assert label[0].isupper() and "None" not in label, (pile, label)
    names = [label.split(",")[0] for label in labels.values() if label]
    assert len(names) == len(set(names))  # every named pile has its own name


# -- sentences -----------------------------------------------------------------------


def test_a_move_and_its_flip_at_each_level() -> None:
    g = engine.new_game("spider-2", 1)
    events = g.play_text("c1>c5")
    piles = public_piles(g)
    brief = say.action_text(g.rules, events, piles)
    assert brief == "Moved 7 of hearts from column 1 to column 5. Turned up king of hearts in column 1."
    assert say.action_text(g.rules, events, piles, level="off") == ""
    full = say.action_text(g.rules, events, piles, level="full", score=g.score)
    assert full.startswith(brief + " Column 1, 5 cards, 4 face down, top: king of hearts. Column 5, 6 cards, ")
    assert full.endswith(f"Score {g.score}.")


def test_undo_and_redo_sentences_never_name_a_card_turned_back_down() -> None:
    g = engine.new_game("spider-2", 1)
    g.play_text("c1>c5")
    events = g.undo()
    text = say.action_text(g.rules, events, public_piles(g), how="undo")
    assert text == "Undone: 7 of hearts back from column 5 to column 1. Turned a card face down in column 1."
    assert "king of hearts" not in text
    events = g.redo()
    text = say.action_text(g.rules, events, public_piles(g), how="redo")
    assert text == "Redone: moved 7 of hearts from column 1 to column 5. Turned up king of hearts in column 1."


def test_run_removal_and_win() -> None:
    g = engine.game_from_notation("spider-1", "KsQsJsTs9s8s7s6s5s4s3s2s/As/-/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    events = g.play_text("c2>c1")
    assert g.status == "won"
    text = say.action_text(g.rules, events, public_piles(g), moves=len(g.moves), score=g.score)
    assert (
        text
        == f"Moved ace of spades from column 2 to column 1. Completed a run of spades, 1 of 8. You won in 1 move, score {g.score}."
    )
    # a run removal that does not win; the count is of runs off the table
    g = engine.game_from_notation(
        "spider-2", "KsQsJsTs9s8s7s6s5s4s3s2s/As/*Ah5h/-/-/-/-/-/-/- - KhQhJhTh9h8h7h6h5h4h3h2hAh/-/-/-/-/-/-/-"
    )
    events = g.play_text("c2>c1")
    assert (
        say.action_text(g.rules, events, public_piles(g))
        == "Moved ace of spades from column 2 to column 1. Completed a run of spades, 2 of 8."
    )
    # undone: the run goes back
    events = g.undo()
    assert (
        say.action_text(g.rules, events, public_piles(g), how="undo")
        == "Undone: ace of spades back from column 1 to column 2. The run of spades back to column 1."
    )


def test_any_suit_run_and_win_score_with_thousands() -> None:
    rules = R["spider-relaxed"]
    run = cards("Ks", "Qh", *[r + "s" for r in "JT98765432"])
    events = [
        Moved(P("column-2"), P("column-1"), cards("As")),
        RunRemoved(P("column-1"), tuple(run + cards("As")), P("foundation-3")),
        ScoreChanged(10, 1065),
        StatusChanged("won", "won"),
    ]
    piles = {f"foundation-{k + 1}": ([0] * 13 if k < 3 else []) for k in range(8)}
    text = say.action_text(rules, events, piles, moves=142, score=1065)
    assert (
        text
        == "Moved ace of spades from column 2 to column 1. Completed a run, 3 of 8. You won in 142 moves, score 1,065."
    )


def test_free_column_and_foundation_moves() -> None:
    g = engine.new_game("tournament-1", 3)
    m = next(m for m in g.legal_moves() if m.kind == "move" and m.dst == 8)
    events = g.play(m)
    text = say.action_text(g.rules, events, public_piles(g))
    assert text.startswith("Moved ") and f"from column {m.src + 1} to the Free Column." in text
    g = engine.game_from_notation("little-spider", "Ah/2h/-/-/-/-/-/- - -/-/-/-")
    events = g.play_text("c1>f1")
    assert say.action_text(g.rules, events, public_piles(g)) == "Played ace of hearts from pile 1 to foundation 1."
    events = g.undo()
    assert (
        say.action_text(g.rules, events, public_piles(g), how="undo")
        == "Undone: ace of hearts back from foundation 1 to pile 1."
    )


def test_deals_and_draw_piles() -> None:
    g = engine.new_game("spider-2", 1)
    events = g.play_text("deal")
    piles = public_piles(g)
    assert say.action_text(g.rules, events, piles) == "Dealt a row, 4 deals left."
    full = say.action_text(g.rules, events, piles, level="full", score=g.score)
    assert full.count("Column ") == 10 and "Stock, 4 deals left." in full
    events = g.undo()
    assert say.action_text(g.rules, events, public_piles(g), how="undo") == "Undone: took the deal back, 5 deals left."
    t = engine.new_game("tournament-1", 3)
    events = t.play_text("d2")
    assert say.action_text(t.rules, events, public_piles(t)) == "Dealt draw pile 2, 4 draw piles left."
    # Little Spider's last deal starts its second phase
    ls = engine.game_from_notation("little-spider", "Ks/Kh/Kd/Kc/Qs/Qh/Qd/Qc 2s2h2d2c3s3h3d3c -/-/-/-")
    events = ls.play_text("deal")
    assert say.action_text(ls.rules, events, public_piles(ls)) == "Dealt a row, no deals left. " + say.PHASE_2
    # Spidike's last deal is three cards
    s = engine.game_from_notation("spidike-classic", "Ks/Kh/Kd/Kc/Qs/Qh/Qd 2s2h2d -/-/-/-")
    events = s.play_text("deal")
    assert say.action_text(s.rules, events, public_piles(s)) == "Dealt 3 cards, no deals left."


def test_end_sentences_and_the_countdown() -> None:
    rules = R["tournament-1"]
    assert (
        say.action_text(rules, [ScoreChanged(100, 150), StatusChanged("lost", "time")], {}, how="clock", score=150)
        == "Time is up. Score 150."
    )
    assert say.action_text(rules, [StatusChanged("lost", "resigned")], {}, score=1200) == "Game ended. Score 1,200."
    assert say.action_text(rules, [StatusChanged("lost", "stuck")], {}) == "No moves left. Undo to play on."
    assert say.time_warning(61, 60) == "One minute left."
    assert say.time_warning(11, 10) == "Ten seconds left."
    assert say.time_warning(60, 59) == "" and say.time_warning(None, None) == "" and say.time_warning(1, 0) == ""
    assert say.finish_text(12) == "Finish: playing the last 12 moves."


def test_finish_says_what_the_moves_cause_not_the_moves() -> None:
    g = engine.new_game("spider-2", 1)
    events = g.play_text("c1>c5")
    assert (
        say.action_text(g.rules, events, public_piles(g), quiet_moves=True) == "Turned up king of hearts in column 1."
    )


def test_game_text() -> None:
    g = engine.new_game("spider-4", 8)
    piles = public_piles(g)
    assert say.game_text(g.rules, 8, piles) == "New game: Spider, 4 suits, deal 8."
    assert (
        say.game_text(g.rules, 8, piles, restored=True, moves=3) == "Resumed Spider, 4 suits, deal 8, 3 moves played."
    )
    assert say.game_text(g.rules, 8, piles, level="off") == ""
    full = say.game_text(g.rules, 8, piles, level="full")
    assert "Column 10, 5 cards, 4 face down, top: " in full and "Stock, 5 deals left." in full


def test_levels_and_the_setting() -> None:
    assert say.LEVELS == settings.VERBOSITY
    assert settings.Settings().verbosity == say.DEFAULT_LEVEL == "brief"
    for level in say.LEVELS:
        s = settings.Settings(verbosity=level)
        assert settings.Settings.from_text(s.to_text()).verbosity == level
    assert settings.Settings.from_text('{"verbosity": "loud"}').verbosity == "brief"
    assert settings.Settings.from_text('{"verbosity": 2}').verbosity == "brief"
    assert not say.says("nonsense") and not say.says("full", "off")


@pytest.mark.parametrize("preset", list(R))
def test_random_play_never_says_a_hidden_card(preset: str) -> None:
    """Play, undo and redo at random: no sentence or pile name ever names a
    card of which no copy is visible after the action."""
    rnd = random.Random(preset)
    g = engine.new_game(preset, deal=77)
    deck = set(make_deck(g.rules.suits, g.rules.copies))
    for _ in range(120):
        if g.status != "playing":
            break
        r = rnd.random()
        if r < 0.15 and g.can_undo:
            events, how = g.undo(), "undo"
        elif r < 0.2 and g.can_redo:
            events, how = g.redo(), "redo"
        else:
            moves = g.legal_moves()
            if not moves:
                break
            events, how = g.play(rnd.choice(moves)), "play"
        piles = public_piles(g)
        seen = {c for cs in piles.values() for c in cs if c is not None}
        hidden = {say.card_name(c) for c in deck - seen}
        texts = [say.action_text(g.rules, events, piles, how=how, level="full", moves=len(g.moves), score=g.score)]
        texts += [label for label in say.pile_labels(g.rules, piles).values() if label]
        for text in texts:
            for name in hidden:
                assert f" {name}" not in f" {text}", (name, text)
