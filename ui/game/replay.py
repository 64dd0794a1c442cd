"""Replays and reviews of finished games, as plain data (pure: no browser imports).

A :class:`Recording` is what a replay needs of a game: where it started (a
deal number, or a position's notation), its options and the moves from the
start to where it ended.  It comes from any source: the player's stored
game (its engine save), a game in memory, or a game someone else sent.  The
engine save of every earlier version holds all of it, so an old game replays
too; a save that cannot be read says why (:func:`recording_from_save`).

:class:`Timeline` is the replay's place in a recording, and the review's
verdicts over it (one per position, from the deal to the last move:
``winnable``, ``lost`` or ``unknown``, as the solver's review gives them),
with the sentences the review screen and the replay's timeline say.

>>> import engine
>>> g = engine.new_game("spider-1", deal=7)
>>> for _ in range(3):
...     _ = g.play(g.legal_moves()[0])
>>> rec = Recording.of(g)
>>> rec.total, rec.game_at(2).moves == g.moves[:2], rec.game_at(3).position == g.position
(3, True, True)
>>> recording_from_save(g.to_json()) == rec
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Protocol

import engine
from engine import Move, OptionValue, StatusChanged
from ui.chrome import messages as say
from ui.i18n.text import N_, Np_, _, n_, p_
from ui.table.cards import Tracker

WINNABLE, LOST, UNKNOWN = "winnable", "lost", "unknown"
"""The review's verdicts (the values of the solver's ``Verdict``)."""
VERDICT_WORDS = {
    WINNABLE: Np_("verdict", "winnable"),
    LOST: Np_("verdict", "lost"),
    UNKNOWN: Np_("verdict", "not known"),
}
"""The verdicts as they are said (translated with ``p_("verdict", ...)``, :func:`verdict_word`)."""
FULL_INFORMATION = N_(
    "The review knows every card, also the ones that were face down during the game: "
    "a position marked winnable could be won by someone who could see them all."
)


@dataclass(frozen=True)
class Recording:
    """A game as a replay needs it: its start, its options, its moves and how it ended."""

    preset: str
    deal: int | None
    start: str | None
    """The starting position's notation, for a game that did not start from a deal."""
    options: dict[str, OptionValue] = field(hash=False)
    moves: tuple[Move, ...]
    end: str | None
    """The game's end reason (``won``, ``stuck``, ``resigned``, ``time``), None if unfinished."""

    @classmethod
    def of(cls, game: engine.Game) -> Recording:
        """The recording of ``game`` as it stands (its moves from the start)."""
        reason = game.end_reason
        return cls(
            game.preset,
            game.deal,
            game.start_notation,
            dict(game.rules.option_values()),
            tuple(game.moves),
            None if reason is None else str(reason),
        )

    @property
    def total(self) -> int:
        """The number of moves: the positions are 0 (the deal) to ``total``."""
        return len(self.moves)

    @property
    def name(self) -> str:
        rules = engine.PRESETS[self.preset]
        name = say.game_name(rules)
        return name if self.deal is None else _("{game}, deal {deal}").format(game=name, deal=self.deal)

    def game_at(self, k: int) -> engine.Game:
        """A fresh game after the first ``k`` moves (the clock at zero)."""
        k = max(0, min(k, self.total))
        if self.start is None:
            g = engine.new_game(self.preset, self.deal, **self.options)
        else:
            g = engine.game_from_notation(self.preset, self.start, **self.options)
        for m in self.moves[:k]:
            g.play(m)
        return g

    def move_text(self, k: int) -> str:
        """The text of move ``k`` (1 is the first), in this game's numbering (``fc``: the Free Column)."""
        free = engine.free_index(engine.get_ruleset(self.preset, **self.options))
        return engine.move_text(self.moves[k - 1], free)

    @cached_property
    def _played(self) -> tuple[tuple[engine.Ruleset, list[object], say.Piles], ...]:
        """Each move's events and the piles after it as the player saw them
        (worked out once: a timeline dragged along asks for every move)."""
        g = self.game_at(0)
        out = []
        for m in self.moves:
            events: list[object] = [e for e in g.play(m) if type(e) is not StatusChanged]
            t = Tracker.from_view(g.rules, g.public_view())
            out.append((g.rules, events, {p: [t.cards[u] for u in uids] for p, uids in t.piles.items()}))
        return tuple(out)

    def move_words(self, k: int) -> str:
        """What move ``k`` did (1 is the first), in the screen reader's words
        (:func:`ui.chrome.messages.action_text`): ``Moved 7 to 6 of spades
        from column 4 to column 9. Turned up 5 of hearts in column 4.``"""
        rules, events, piles = self._played[k - 1]
        return say.action_text(rules, events, piles) or self.move_text(k)

    def move_clause(self, k: int) -> str:
        """Move ``k`` as a clause inside a sentence: ``dealing a row from the stock``."""
        rules, events, _piles = self._played[k - 1]
        return say.move_clause(rules, events) or _("the move {move}").format(move=self.move_text(k))


def recording_from_save(text: str) -> Recording | str:
    """The recording of an engine save, or a sentence saying why it cannot be replayed.

    >>> recording_from_save('{"format": "spider-save", "version": 9}')
    'This game cannot be replayed: this save is version 9, and this game reads version 1 (made by a newer version?).'
    """
    try:
        game = engine.load_game(text)
    except engine.SaveError as e:
        return _("This game cannot be replayed: {reason}.").format(reason=say.engine_error(e))
    return Recording.of(game)


def practice_game(rec: Recording, k: int) -> engine.Game:
    """A new game from position ``k`` of ``rec`` ("Retry from here"): the
    deal with its first ``k`` moves played, the clock at zero.

    >>> import engine
    >>> g = engine.new_game("spider-2", deal=3)
    >>> _ = g.play(g.legal_moves()[0]); _ = g.resign()
    >>> p = practice_game(Recording.of(g), 1)
    >>> p.status, len(p.moves), p.elapsed
    (<Outcome.PLAYING: 'playing'>, 1, 0.0)
    """
    return rec.game_at(k)


class Verdicts(Protocol):
    """What the timeline reads of a review (the solver's ``GameReview``)."""

    @property
    def verdicts(self) -> Sequence[str]: ...
    @property
    def slip(self) -> int | None: ...
    @property
    def last_winnable(self) -> int | None: ...
    @property
    def first_lost(self) -> int | None: ...
    @property
    def complete(self) -> bool: ...


@dataclass(frozen=True)
class Segment:
    """Positions ``first`` to ``last`` (both included) share ``verdict``."""

    first: int
    last: int
    verdict: str


def segments(verdicts: Sequence[str]) -> list[Segment]:
    """The verdicts as runs of one verdict each.

    >>> [(s.first, s.last, s.verdict) for s in segments(["winnable", "winnable", "unknown", "lost"])]
    [(0, 1, 'winnable'), (2, 2, 'unknown'), (3, 3, 'lost')]
    """
    out: list[Segment] = []
    for k, v in enumerate(verdicts):
        word = str(v)
        if out and out[-1].verdict == word:
            out[-1] = Segment(out[-1].first, k, word)
        else:
            out.append(Segment(k, k, word))
    return out


def position_name(k: int) -> str:
    """A position by the moves played to reach it.

    >>> position_name(0), position_name(12)
    ('the deal', 'move 12')
    """
    return p_("position", "the deal") if k == 0 else p_("position", "move {n}").format(n=k)


def position_title(k: int) -> str:
    """:func:`position_name` at the start of a sentence: ``The deal``, ``Move 12``."""
    return p_("position", "The deal") if k == 0 else p_("position", "Move {n}").format(n=k)


def verdict_word(verdict: str) -> str:
    """A verdict as it is said: ``winnable``, ``lost``, ``not known``."""
    word = VERDICT_WORDS.get(verdict)
    return p_("verdict", word) if word is not None else verdict


def verdict_at(review: Verdicts | None, k: int) -> str | None:
    """The review's verdict on position ``k``, or None without one."""
    if review is None or not 0 <= k < len(review.verdicts):
        return None
    return str(review.verdicts[k])


def findings(review: Verdicts, rec: Recording) -> list[str]:
    """What the review found, in sentences: the slip, or the honest version
    when the search could not close the gap.

    >>> import engine
    >>> g = engine.new_game("spider-1", deal=7)
    >>> for _ in range(4):
    ...     _ = g.play(g.legal_moves()[0])
    >>> rec = Recording.of(g)
    >>> class R:
    ...     verdicts = ["winnable", "winnable", "lost", "lost", "lost"]
    ...     slip, last_winnable, first_lost, complete = 1, 1, 2, True
    >>> findings(R(), rec)[0] == f"Move 2, {rec.move_clause(2)}, lost the game: before it a win was still there."
    True
    >>> rec.move_clause(2)
    'moving queen of spades from column 2 to column 1'
    >>> findings(R(), rec)[1]
    'After move 2 there was none: every way on from it loses.'
    >>> R.verdicts, R.slip, R.first_lost = ["winnable", "winnable", "unknown", "lost", "lost"], None, 3
    >>> findings(R(), rec)[0]
    'A win was still there at move 1; by move 3 there was none.'
    """
    lw, fl, slip = review.last_winnable, review.first_lost, review.slip
    n = len(review.verdicts) - 1
    if slip is not None:
        return [
            _("Move {n}, {move}, lost the game: before it a win was still there.").format(
                n=slip + 1, move=rec.move_clause(slip + 1)
            ),
            _("After move {n} there was none: every way on from it loses.").format(n=slip + 1),
        ]
    if lw is not None and fl is not None:
        return [
            _("A win was still there at {position}; by {later} there was none.").format(
                position=position_name(lw), later=position_name(fl)
            ),
            _("The search could not tell which move in between lost it."),
        ]
    if fl == 0:
        return [_("This deal could not be won from the start: no move of yours lost it.")]
    if lw is not None and lw >= n:
        return [_("A win was still there when the game ended, at {position}.").format(position=position_name(n))]
    if lw is not None:
        return [
            _("A win was still there at {position}; after that the search found no answer.").format(
                position=position_name(lw)
            )
        ]
    if fl is not None:
        return [
            _("By {position} there was no win; before that the search found no answer.").format(
                position=position_name(fl)
            )
        ]
    return [_("The search found no answer within its budget: no position is known to be winnable or lost.")]


def timeline_label(review: Verdicts | None) -> str:
    """The timeline picture's words for a screen reader.

    >>> class R:
    ...     verdicts = ["winnable", "winnable", "unknown", "lost"]
    >>> timeline_label(R())
    'The deal to move 1: winnable. Move 2: not known. Move 3: lost.'
    """
    if review is None:
        return _("Not reviewed.")
    parts = []
    for s in segments(review.verdicts):
        if s.first == s.last:
            where = position_title(s.first)
        else:
            where = _("{first} to {last}").format(first=position_title(s.first), last=position_name(s.last))
        parts.append(_("{where}: {verdict}.").format(where=where, verdict=verdict_word(s.verdict)))
    return " ".join(parts)


def track_gradient(review: Verdicts | None, colours: dict[str, str]) -> str | None:
    """A CSS gradient of the verdicts along the timeline's track, or None.

    >>> class R:
    ...     verdicts = ["winnable", "winnable", "lost"]
    >>> track_gradient(R(), {"winnable": "green", "lost": "red", "unknown": "grey"})
    'linear-gradient(to right, green 0.0% 75.0%, red 75.0% 100.0%)'
    """
    if review is None or len(review.verdicts) < 2:
        return None
    n = len(review.verdicts) - 1
    stops = []
    for s in segments(review.verdicts):
        a = 0.0 if s.first == 0 else (s.first - 0.5) / n * 100
        b = 100.0 if s.last == n else (s.last + 0.5) / n * 100
        stops.append(f"{colours.get(s.verdict, 'transparent')} {a:.1f}% {b:.1f}%")
    return "linear-gradient(to right, " + ", ".join(stops) + ")"


def position_text(rec: Recording, k: int, review: Verdicts | None = None) -> str:
    """Where a replay is, in short, for its heading: ``Move 12 of 57 · lost``.

    >>> import engine
    >>> rec = Recording.of(engine.new_game("spider-1", deal=7))
    >>> position_text(rec, 0)
    'The deal · no move was played'
    """
    if not rec.total:
        where = _("The deal · no move was played")
    elif k > 0:
        where = _("Move {n} of {total}").format(n=k, total=rec.total)
    else:
        where = n_("The deal · {n} move", "The deal · {n} moves", rec.total).format(n=rec.total)
    v = verdict_at(review, k)
    return where if v is None else _("{where} · {verdict}").format(where=where, verdict=verdict_word(v))


def step_text(rec: Recording, k: int, review: Verdicts | None = None) -> str:
    """Where a replay is, for its bar and the timeline's ``aria-valuetext``.

    >>> import engine
    >>> g = engine.new_game("spider-1", deal=7)
    >>> _ = g.play(g.legal_moves()[0])
    >>> rec = Recording.of(g)
    >>> step_text(rec, 0)
    'The deal, before move 1 of 1'
    >>> step_text(rec, 1) == "Move 1 of 1: " + rec.move_words(1)
    True
    >>> class R:
    ...     verdicts = ["winnable", "lost"]
    >>> step_text(rec, 1, R()).startswith("Move 1 of 1 (lost): ")
    True
    """
    v = verdict_at(review, k)
    if k <= 0:
        if not rec.total:
            where = _("The deal, no move was played")
        else:
            where = _("The deal, before move 1 of {total}").format(total=rec.total)
        return where if v is None else _("{where} ({verdict})").format(where=where, verdict=verdict_word(v))
    words = rec.move_words(min(k, rec.total))
    if v is None:
        return _("Move {n} of {total}: {words}").format(n=k, total=rec.total, words=words)
    return _("Move {n} of {total} ({verdict}): {words}").format(
        n=k, total=rec.total, verdict=verdict_word(v), words=words
    )
