"""The game review's pure parts (ui/game/replay.py, ui/storage/games.py,
ui/game/current.py): a finished game as a replay's recording, from a save
of any version; the review's timeline and its sentences; practice games
kept out of the statistics; reviews kept with their game; and a replay lent
to the table that writes and counts nothing of its own.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

import engine
from tests.test_service import Clock, begin, book, play, visit
from ui.game.replay import (
    LOST,
    UNKNOWN,
    WINNABLE,
    Recording,
    findings,
    practice_game,
    recording_from_save,
    segments,
    step_text,
    timeline_label,
    track_gradient,
)
from ui.storage import games as library
from ui.storage.games import GameMeta
from ui.storage.store import Change, MemoryStore

# A small game that starts from a position (not a deal).
SLIP_START = "KsQsJs/Ts9s/*As8s7s6s5s4s3s2s/Ks/-/-/-/-/-/- - -/-/-/-/-/-/-/-"
SLIP_MOVES = ("c2:2>c1", "c3:7>c1", "c4>c5")


def slip_game() -> engine.Game:
    g = engine.game_from_notation("spider-1", SLIP_START)
    for text in SLIP_MOVES:
        g.play_text(text)
    return g


@dataclass
class FakeReview:
    """What the timeline reads of the solver's ``GameReview``."""

    verdicts: list[str]
    slip: int | None = None
    last_winnable: int | None = None
    first_lost: int | None = None
    complete: bool = True
    lines: dict[int, tuple[engine.Move, ...]] = field(default_factory=dict)


def played(preset: str = "spider-2", deal: int = 11, n: int = 12) -> engine.Game:
    g = engine.new_game(preset, deal)
    for _ in range(n):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[-1] if len(g.moves) % 3 == 0 else moves[0])
    return g


# -- the recording ----------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["spider-2", "tournament-1", "little-spider", "spidike-classic"])
def test_every_position_of_a_recording_is_the_game_s_own(preset: str) -> None:
    g = played(preset, deal=5, n=15)
    rec = Recording.of(g)
    history = engine.new_game(preset, 5, **g.rules.option_values())
    assert rec.game_at(0).position == history.position
    for k, move in enumerate(g.moves, start=1):
        history.play(move)
        assert rec.game_at(k).position == history.position
        assert rec.move_text(k) == g.move_text(move)
    assert rec.game_at(rec.total + 5).position == g.position  # past the end: the end


def test_a_game_from_a_position_replays_from_that_position() -> None:
    g = slip_game()
    rec = Recording.of(g)
    assert rec.deal is None and rec.start == SLIP_START
    assert rec.game_at(0).notation() == engine.game_from_notation("spider-1", SLIP_START).notation()
    assert rec.game_at(3).position == g.position


def test_a_save_of_an_earlier_version_replays_and_a_bad_one_says_why() -> None:
    g = played()
    g.undo()  # the undone move is not part of what is replayed
    g.resign()
    rec = recording_from_save(g.to_json())
    assert isinstance(rec, Recording)
    assert rec.moves == tuple(g.moves) and rec.end == "resigned"
    data = json.loads(g.to_json())
    data["moves"][2] = "c1>c1"
    said = recording_from_save(json.dumps(data))
    assert isinstance(said, str) and said.startswith("This game cannot be replayed: move 3 of the save")
    assert recording_from_save("{not json") == "This game cannot be replayed: " + _load_error("{not json") + "."


def _load_error(text: str) -> str:
    with pytest.raises(engine.SaveError) as caught:
        engine.load_game(text)
    return str(caught.value)


def test_retry_from_here_is_a_new_game_at_that_position() -> None:
    g = played()
    g.resign()
    p = practice_game(Recording.of(g), 7)
    assert p.status == "playing" and p.elapsed == 0.0
    assert p.moves == g.moves[:7] and p.position == Recording.of(g).game_at(7).position


# -- the timeline ------------------------------------------------------------------------


def test_segments_cover_every_position_once_in_order() -> None:
    verdicts = [WINNABLE] * 4 + [UNKNOWN] * 3 + [LOST] * 2
    runs = segments(verdicts)
    assert [(s.first, s.last, s.verdict) for s in runs] == [(0, 3, WINNABLE), (4, 6, UNKNOWN), (7, 8, LOST)]
    assert segments([]) == []


def test_the_slip_names_the_move_that_lost_the_game() -> None:
    rec = Recording.of(slip_game())
    review = FakeReview([WINNABLE, WINNABLE, WINNABLE, LOST], slip=2, last_winnable=2, first_lost=3)
    said = findings(review, rec)
    assert (
        said[0]
        == "Move 3, moving king of spades from column 4 to column 5, lost the game: before it a win was still there."
    )
    assert said[1] == "After move 3 there was none: every way on from it loses."


def test_the_replay_says_each_move_in_the_screen_readers_words() -> None:
    """Moves, flips, deals and completed runs in words, never the engine's notation."""
    rec = Recording.of(slip_game())
    assert step_text(rec, 2) == (
        "Move 2 of 3: Moved 8 to 2 of spades from column 3 to column 1. Turned up ace of spades in column 3."
    )
    stock = "QsQsJsJsTsTs9s9s8s8s7s7s6s6s6s5s5s5s4s4s4s3s3s3s2s2s2sAsAsAs"
    g = engine.game_from_notation(
        "spider-1", f"KsQsJsTs9s8s7s6s5s4s3s2s/As/Ks/Ks/Ks/Qs/Js/Ts/9s/8s7s {stock} -/-/-/-/-/-/-/-"
    )
    for text in ("c10:2>c9", "c9:2>c10", "c2>c1"):
        g.play_text(text)
    run = Recording.of(g)
    assert step_text(run, 1) == "Move 1 of 3: Moved 8 to 7 of spades from column 10 to column 9."
    assert (
        step_text(run, 3)
        == "Move 3 of 3: Moved ace of spades from column 2 to column 1. Completed a run of spades, 1 of 8."
    )
    dealt = engine.game_from_notation(
        "spider-1", "As/4s/As4s7s8s/Qs/6s8s/Ts/3s/Ts/QsJs/6s3s 9sKsKs9s2s5s5sJs2s7s -/-/-/-/-/-/-/-"
    )
    dealt.play_text("deal")
    assert step_text(Recording.of(dealt), 1) == "Move 1 of 1: Dealt a row, no deals left."
    assert Recording.of(dealt).move_clause(1) == "dealing a row from the stock"
    for text in (step_text(run, k) for k in range(run.total + 1)):
        assert ">" not in text and "c1" not in text


def test_a_replay_with_no_move_says_its_verdict_once_in_brackets() -> None:
    """A game ended before its first move: the bar's line reads as one phrase, not two bracketed ones."""

    @dataclass
    class Review:
        verdicts: list[str] = field(default_factory=lambda: [UNKNOWN])

    rec = Recording.of(engine.new_game("spider-1", deal=7))
    assert step_text(rec, 0) == "The deal, no move was played"
    assert step_text(rec, 0, Review()) == "The deal, no move was played (not known)"


def test_the_honest_version_when_the_gap_is_not_closed() -> None:
    rec = Recording.of(played(n=60))
    verdicts = [WINNABLE] * 41 + [UNKNOWN] * 16 + [LOST] * (rec.total + 1 - 57)
    review = FakeReview(verdicts, last_winnable=40, first_lost=57)
    assert findings(review, rec)[0] == "A win was still there at move 40; by move 57 there was none."


@pytest.mark.parametrize(
    ("verdicts", "lw", "fl", "start"),
    [
        ([LOST] * 4, None, 0, "This deal could not be won from the start"),
        ([WINNABLE] * 4, 3, None, "A win was still there when the game ended, at move 3."),
        ([WINNABLE, UNKNOWN, UNKNOWN, UNKNOWN], 0, None, "A win was still there at the deal; after that"),
        ([UNKNOWN, UNKNOWN, LOST, LOST], None, 2, "By move 2 there was no win"),
        ([UNKNOWN] * 4, None, None, "The search found no answer within its budget"),
    ],
)
def test_every_kind_of_review_has_its_sentence(verdicts: list[str], lw: int | None, fl: int | None, start: str) -> None:
    rec = Recording.of(slip_game())
    assert findings(FakeReview(verdicts, last_winnable=lw, first_lost=fl), rec)[0].startswith(start)


def test_the_timeline_says_and_draws_the_verdicts() -> None:
    review = FakeReview([WINNABLE, WINNABLE, UNKNOWN, LOST, LOST])
    assert timeline_label(review) == "The deal to move 1: winnable. Move 2: not known. Move 3 to move 4: lost."
    gradient = track_gradient(review, {WINNABLE: "g", UNKNOWN: "u", LOST: "l"})
    assert gradient == "linear-gradient(to right, g 0.0% 37.5%, u 37.5% 62.5%, l 62.5% 100.0%)"
    assert track_gradient(None, {}) is None
    rec = Recording.of(slip_game())
    assert step_text(rec, 3, review) == "Move 3 of 3 (lost): Moved king of spades from column 4 to column 5."
    assert step_text(rec, 0, review) == "The deal, before move 1 of 3 (winnable)"


# -- practice, and the record's format ---------------------------------------------------


def test_a_meta_of_an_earlier_version_reads_as_no_practice() -> None:
    g = played()
    meta = GameMeta.of(g, "old", updated=5.0)
    data = json.loads(meta.to_text())
    del data["practice"]  # as earlier versions wrote it
    back = GameMeta.parse(json.dumps(data))
    assert back.practice is False and back == meta
    data["practice"] = "yes"
    with pytest.raises(engine.SaveError, match="statistics mark"):
        GameMeta.parse(json.dumps(data))


def test_a_practice_game_is_not_counted_and_is_marked_practice() -> None:
    store = MemoryStore()
    svc = visit(store, Clock())
    begin(svc, "#spider-1/7")
    play(svc, 3)
    svc.game.resign()  # type: ignore[union-attr]
    svc.game_over()
    before = book(store).get("spider-1")
    assert before.played == 1
    rec = Recording.of(svc.game)  # type: ignore[arg-type]
    svc.adopt(practice_game(rec, 2), practice=True)
    svc.save()
    practice_id = svc.game_id
    svc.game.resign()  # type: ignore[union-attr]
    svc.game_over()
    assert book(store).get("spider-1") == before  # not a loss, not a game played
    meta = GameMeta.parse(store.games[practice_id][0])
    assert meta.practice and meta.recorded and meta.state == "resigned"
    assert library.recent_line(meta, meta.updated)[0] == "Ended, practice · deal 7"
    listed = library.finished(list(svc.library().values()), "spider-1")
    assert listed[0].id == practice_id and len(listed) == 2


def test_a_practice_game_won_is_not_a_win() -> None:
    won = engine.game_from_notation("spider-1", "KsQsJsTs9s8s7s6s5s4s3s2s/As/-/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    won.play_text("c2>c1")
    assert won.status == "won"
    meta = GameMeta.of(won, "p", updated=1.0, practice=True)
    b = library.statistics.Book()
    settled = library.settle(meta, b)
    assert settled is not None and settled.meta.recorded and settled.meta.state == "won"
    assert b.get("spider-1").played == 0 and b.get("spider-1").won == 0


def test_a_review_goes_with_its_game() -> None:
    store = MemoryStore()
    svc = visit(store, Clock())
    begin(svc, "#spider-1/7")
    play(svc, 2)
    kept = svc.game_id
    svc.records.write(Change(kv={library.review_key(kept): "{}", library.review_key("gone"): "{}"}))
    again = visit(store, Clock())
    again.tidy()
    assert library.review_key(kept) in store.kv and library.review_key("gone") not in store.kv


# -- a replay lent to the table -----------------------------------------------------------


def test_a_replay_on_the_table_is_never_saved_or_counted() -> None:
    store = MemoryStore()
    svc = visit(store, Clock())
    begin(svc, "#spider-2/9")
    play(svc, 3)
    mine = svc.game
    saved = dict(store.games)
    stats = store.kv.get("stats")
    replay = practice_game(Recording.of(played("spider-2", 9, 20)), 20)
    svc.lend(replay)
    assert svc.replaying and svc.game is replay and svc.in_progress()
    replay.resign()
    svc.keep(ended=True)  # the after-action pipeline's one write
    svc.game_over()
    svc.abandon()
    svc.mark_shown()
    svc.save()
    assert store.games == saved and store.kv.get("stats") == stats and not svc.shown
    assert svc.give_back() and svc.game is mine and not svc.replaying
    assert not svc.give_back()
    svc.lend(replay)
    svc.adopt(engine.new_game("spider-1", 3))  # another game opened meanwhile: the replay is over
    assert not svc.replaying
