"""The :class:`Game` façade: a position with its history, score, clock and status.

>>> import engine
>>> game = engine.new_game("spider-1", deal=7)
>>> game.status, game.score, len(game.legal_moves()) > 0
(<Outcome.PLAYING: 'playing'>, 500, True)
>>> game.status == "playing"  # an Outcome is its word
True
>>> events = game.play_text("deal")
>>> game.score, game.can_undo
(499, True)
>>> _ = game.undo()
>>> game.position == engine.new_game("spider-1", deal=7).position, game.score
(True, 498)
>>> game.play(engine.Move.tableau(0, 0))
Traceback (most recent call last):
...
engine.errors.IllegalMove: The cards are already there.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple

from .cards import KING, Card, card_text, deck_counter, is_red
from .errors import IllegalMove, NotationError, OptionError
from .events import Dealt, EndReason, Event, Flipped, Moved, Outcome, RunRemoved, ScoreChanged, StatusChanged
from .families import Foundations
from .moves import DRAW, MOVE, Move, move_text, parse_move
from .play import (
    apply_move,
    deal_position,
    foundation_id,
    free_index,
    has_legal_move,
    legal_moves,
    stalemated,
    stock_id,
    why_illegal,
)
from .position import Position, format_notation, parse_notation
from .rng import MAX_DEAL, MIN_DEAL, check_deal
from .rules import Ruleset, get_ruleset
from .saveformat import FORMAT, VERSION
from .view import PublicView, public_view
from .words import N_, Reason

PLAYING, WON, LOST = Outcome.PLAYING, Outcome.WON, Outcome.LOST
CLASSIC_START = 500


class Tally(NamedTuple):
    """Score-relevant facts of one point in the history (restored by undo)."""

    reveals: int = 0
    free_used: bool = False
    runs: int = 0
    """Completed runs off the table (Spider family)."""


class _Step(NamedTuple):
    position: Position
    move: Move | None
    events: tuple[Event, ...]
    tally: Tally


class Game:
    """One game in progress: play, undo, redo, score, status.

    Create one with :func:`new_game`, :func:`game_from_notation` or
    :func:`engine.load_game`.  Time is an input: the caller reports the
    elapsed seconds with :meth:`set_elapsed`; the engine never reads a clock.

    >>> g = new_game("spider-1", deal=1)
    >>> g.rules.name, g.status, g.score, g.position.stock_count()
    ('Spider · 1 suit', <Outcome.PLAYING: 'playing'>, 500, 50)
    >>> first = g.legal_moves()[0]
    >>> g.move_text(first), g.why_illegal(first)
    ('c1>c5', None)
    >>> [type(e).__name__ for e in g.play(first)]
    ['Moved', 'Flipped', 'ScoreChanged']
    >>> g.moves == [first], g.can_undo
    (True, True)
    >>> from engine import load_game
    >>> load_game(g.to_json()).position == g.position  # a save brings it back
    True
    """

    def __init__(
        self,
        rules: Ruleset,
        position: Position,
        deal: int | None = None,
        start: str | None = None,
    ) -> None:
        self.rules = rules
        self.deal = deal
        self.start_notation = start
        self._free = free_index(rules)
        runs = sum(1 for f in position.foundations if f) if rules.completion != "none" else 0
        self._history: list[_Step] = [_Step(position, None, (), Tally(runs=runs))]
        self._index = 0
        self._barrier = 0
        self.penalties = 0
        """Classic scoring: moves, deals, undos and redos made (never decreases)."""
        self.undos = 0
        self.elapsed = 0.0
        self.end_reason: EndReason | None = None
        """None while playing; then ``won``, ``stuck``, ``resigned`` or ``time``."""
        self._update_end(initial=True)

    # -- reading ---------------------------------------------------------
    @property
    def preset(self) -> str:
        """The preset id, such as ``spider-2``."""
        return self.rules.id

    @property
    def position(self) -> Position:
        """The current position (an immutable value)."""
        return self._history[self._index].position

    @property
    def tally(self) -> Tally:
        return self._history[self._index].tally

    @property
    def moves(self) -> list[Move]:
        """The moves that led from the start to the current position."""
        return [s.move for s in self._history[1 : self._index + 1] if s.move is not None]

    @property
    def redo_moves(self) -> list[Move]:
        """The moves :meth:`redo` would replay, next first."""
        return [s.move for s in self._history[self._index + 1 :] if s.move is not None]

    @property
    def status(self) -> Outcome:
        """``playing``, ``won`` or ``lost``."""
        if self.end_reason is None:
            return PLAYING
        return WON if self.end_reason is EndReason.WON else LOST

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would do something."""
        return self._index > self._barrier and self.end_reason in (None, EndReason.STUCK)

    @property
    def undo_floor(self) -> int:
        """How many moves :meth:`undo` can never take back: 0, or the moves
        up to Tournament Spider's last barrier (a draw-pile deal, a run
        removal)."""
        return self._barrier

    @property
    def can_redo(self) -> bool:
        """Whether :meth:`redo` would do something."""
        return self._index + 1 < len(self._history) and self.end_reason is None

    @property
    def time_left(self) -> int | None:
        """Whole seconds left on a countdown, or None for games without one."""
        if self.rules.time_limit is None:
            return None
        return max(0, math.floor(self.rules.time_limit - self.elapsed))

    def legal_moves(self) -> list[Move]:
        """Every legal action now (none once the game is over), in a fixed order.

        >>> [str(m) for m in new_game("spider-1", deal=1).legal_moves()]
        ['c1>c5', 'c6>c3', 'c6>c10', 'c7>c9', 'c9>c6', 'deal']
        """
        if self.end_reason is not None:
            return []
        return legal_moves(self.rules, self.position)

    def has_legal_moves(self) -> bool:
        """Whether any action is possible now."""
        return bool(self.legal_moves())

    def parse_move(self, text: str) -> Move:
        """A move from its text, in this game's numbering (``fc`` is the Free Column).

        Raises :class:`NotationError` for text that names no move.
        """
        return parse_move(text, self._free)

    def move_text(self, move: Move) -> str:
        """A move's text in this game: ``fc`` for its Free Column, if it has one.

        >>> g = new_game("tournament-1", deal=1)
        >>> g.move_text(Move.tableau(1, 8)), str(Move.tableau(1, 8))
        ('c2>fc', 'c2>c9')
        >>> g.parse_move(g.move_text(Move.tableau(1, 8))) == Move.tableau(1, 8)
        True
        """
        return move_text(move, self._free)

    def why_illegal(self, move: Move) -> str | None:
        """Why ``move`` cannot be played now, as a sentence; None if it can.

        >>> g = new_game("spider-1", deal=1)
        >>> g.why_illegal(Move.deal()) is None
        True
        >>> g.why_illegal(Move.tableau(0, 0))
        'The cards are already there.'
        """
        if not isinstance(move, Move):
            return _not_a_move(move)
        if self.end_reason is not None:
            return N_("The game is over.")
        return why_illegal(self.rules, self.position, move)

    def why_illegal_text(self, text: str) -> str | None:
        """:meth:`why_illegal` of a move's text, or why the text names no move.

        >>> new_game("spider-1", deal=1).why_illegal_text("c1>c99")
        'There is no column 99.'
        """
        try:
            return self.why_illegal(parse_move(text, self._free))
        except NotationError as e:
            return str(e)

    # -- acting ----------------------------------------------------------
    def play(self, move: Move) -> list[Event]:
        """Play a move; return the events it caused, in order.

        Raises :class:`IllegalMove` (with ``reason``) if it is not legal.

        >>> g = new_game("spider-1", deal=1)
        >>> [type(e).__name__ for e in g.play(Move.deal())]
        ['Dealt', 'ScoreChanged']
        >>> g.play(Move.tableau(0, 0))
        Traceback (most recent call last):
        ...
        engine.errors.IllegalMove: The cards are already there.
        """
        # why_illegal(move), inlined: this is the page's and the benchmarks' hot path
        if not isinstance(move, Move):
            raise IllegalMove(_not_a_move(move), move)
        if self.end_reason is not None:
            raise IllegalMove(N_("The game is over."), move)
        reason = why_illegal(self.rules, self.position, move)
        if reason is not None:
            raise IllegalMove(reason, move)
        before = self.score
        events = self._push(move)
        self.penalties += 1
        self._finish(events, before)
        return events

    def play_text(self, text: str) -> list[Event]:
        """:meth:`play` the move a text names (``"c3:2>c7"``, ``"deal"``; ``fc`` is the Free Column).

        Raises :class:`IllegalMove` when the text names no move or the move is not legal.

        >>> g = new_game("spider-1", deal=1)
        >>> [type(e).__name__ for e in g.play_text("deal")]
        ['Dealt', 'ScoreChanged']
        >>> g.play_text("c1>")
        Traceback (most recent call last):
        ...
        engine.errors.IllegalMove: 'c1>' is not a move (examples: c3>c7, c3:4>c7, c6>f2, fc>c1, deal, d2)
        """
        try:
            move = parse_move(text, self._free)
        except NotationError as e:
            said = e.args[0] if e.args and isinstance(e.args[0], str) else str(e)
            raise IllegalMove(said, text) from None  # a Reason stays one, for the page to say
        return self.play(move)

    def _push(self, m: Move) -> list[Event]:
        rules = self.rules
        pos, events = apply_move(rules, self.position, m)
        tally = self.tally
        reveals = tally.reveals
        runs = tally.runs
        for e in events:
            t = type(e)
            if t is Flipped:
                reveals += 1
            elif t is RunRemoved:
                runs += 1
        free_used = tally.free_used or (m.kind == MOVE and m.dst == self._free)
        del self._history[self._index + 1 :]
        self._history.append(_Step(pos, m, tuple(events), Tally(reveals, free_used, runs)))
        self._index += 1
        if rules.undo_barriers and (m.kind == DRAW or runs != tally.runs):
            self._barrier = self._index
        return events

    def _finish(self, events: list[Event], before: int) -> None:
        ended = self._update_end()
        after = self.score
        if after != before:
            events.append(ScoreChanged(before, after))
        if ended:
            events.append(StatusChanged(self.status, self.end_reason))

    def _update_end(self, initial: bool = False) -> bool:
        pos = self.position
        if pos.is_cleared():
            self.end_reason = EndReason.WON
            return True
        if not has_legal_move(self.rules, pos) or stalemated(self.rules, pos):
            self.end_reason = EndReason.STUCK
            return True
        return False

    def undo(self) -> list[Event]:
        """Take back the last action; return the events that reverse it.

        Unlimited, except across Tournament Spider's barriers (a draw-pile
        deal, a run removal).  Undoing a stuck game resumes it.  Classic
        scoring charges a point for an undo.

        >>> g = new_game("spider-1", deal=1)
        >>> _ = g.play(Move.deal())
        >>> [type(e).__name__ for e in g.undo()], g.can_redo, g.redo_moves
        (['Dealt', 'ScoreChanged'], True, [Move.parse('deal')])
        """
        if not self.can_undo:
            if self.end_reason not in (None, EndReason.STUCK):
                raise IllegalMove(N_("The game is over."))
            if self._index > 0:
                raise IllegalMove(N_("Dealing a draw pile and clearing a run cannot be undone."))
            raise IllegalMove(N_("There is nothing to undo."))
        before = self.score
        was_stuck = self.end_reason is EndReason.STUCK
        step = self._history[self._index]
        self._index -= 1
        self.undos += 1
        self.penalties += 1
        self.end_reason = None
        events = _reverse(self.rules, step.events)
        if was_stuck:
            events.append(StatusChanged(PLAYING, None))
        after = self.score
        if after != before:
            events.append(ScoreChanged(before, after))
        return events

    def redo(self) -> list[Event]:
        """Play again the last action taken back; return its events."""
        if not self.can_redo:
            raise IllegalMove(N_("There is nothing to redo."))
        before = self.score
        step = self._history[self._index + 1]
        self._index += 1
        if (
            self.rules.undo_barriers
            and step.move is not None
            and (step.move.kind == DRAW or any(type(e) is RunRemoved for e in step.events))
        ):
            self._barrier = self._index
        self.penalties += 1
        events = list(step.events)
        self._finish(events, before)
        return events

    def resign(self) -> list[Event]:
        """End the game now (the End button).  It counts as lost; in Tournament
        Spider the score is posted with its time bonus.  A stuck game can be
        resigned too, which makes its loss final."""
        if self.end_reason not in (None, EndReason.STUCK):
            raise IllegalMove(N_("The game is over."))
        return self._end(EndReason.RESIGNED)

    def set_elapsed(self, seconds: float) -> list[Event]:
        """Report the time played so far.  Ends a game whose countdown ran out.

        The clock stops once the game is over for good (won, resigned, out of
        time), so the posted score stays put; a stuck game's clock runs on,
        since undo can resume it.
        """
        if (
            not isinstance(seconds, (int, float))
            or isinstance(seconds, bool)
            or not math.isfinite(seconds)
            or seconds < 0
        ):
            raise ValueError(f"elapsed time must be a finite number of seconds ≥ 0, not {seconds!r}")
        if self.end_reason not in (None, EndReason.STUCK):
            return []
        self.elapsed = float(seconds)
        limit = self.rules.time_limit
        if limit is not None and self.elapsed >= limit:
            return self._end(EndReason.TIME)
        return []

    def _end(self, reason: EndReason) -> list[Event]:
        before = self.score
        self.end_reason = reason
        events: list[Event] = []
        after = self.score
        if after != before:
            events.append(ScoreChanged(before, after))
        events.append(StatusChanged(LOST, reason))
        return events

    # -- score -----------------------------------------------------------
    def runs_removed(self) -> int:
        """Spider family: completed runs off the table."""
        return self._history[self._index].tally.runs

    def score_breakdown(self) -> dict[str, int]:
        """The score's parts, by name (they add up to :attr:`score`).

        >>> import engine
        >>> engine.new_game("tournament-1", deal=3).score_breakdown()
        {'reveals': 0, 'runs': 0, 'free_column_bonus': 0, 'time_bonus': 0}
        """
        rules = self.rules
        pos = self.position
        scheme = rules.scoring
        if scheme == "classic":
            return {
                "start": CLASSIC_START,
                "moves": -(self.penalties - self.undos),
                "undos": -self.undos,
                "runs": 100 * self.runs_removed(),
            }
        if scheme == "built":
            return {"runs": 13 * self.runs_removed(), "built": built_cards(rules, pos)}
        if scheme == "tournament":
            runs = self.runs_removed()
            tally = self.tally
            # The time bonus is posted only when the game ends for good (a win,
            # End, the clock): a stuck game can still be undone or played on.
            ended = self.end_reason is not None and self.end_reason != EndReason.STUCK
            left = self.time_left or 0
            return {
                "reveals": 25 * tally.reveals,
                "runs": 100 * runs,
                "free_column_bonus": 100 if self.end_reason is EndReason.WON and not tally.free_used else 0,
                "time_bonus": (left * runs) // 6 if ended else 0,
            }
        return {"foundations": sum(len(f) for f in pos.foundations)}

    @property
    def score(self) -> int:
        """The score under the game's scoring scheme (docs/rules.md#scoring)."""
        if self.rules.scoring == "classic":
            return CLASSIC_START - self.penalties + 100 * self._history[self._index].tally.runs
        return sum(self.score_breakdown().values())

    # -- text forms ------------------------------------------------------
    def notation(self) -> str:
        """The current position's text (see :mod:`engine.position`)."""
        return format_notation(self.position)

    def public_view(self) -> PublicView:
        """What a player can see: hidden cards and the stock order left out."""
        return public_view(self.rules, self.position)

    def to_dict(self) -> dict[str, Any]:
        """The save as a plain dict, JSON-ready (the format: :mod:`engine.saves`)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "preset": self.rules.id,
            "options": self.rules.option_values(),
            "deal": self.deal,
            "start": self.start_notation,
            "moves": [self.move_text(m) for m in self.moves],
            "redo": [self.move_text(m) for m in self.redo_moves],
            "penalties": self.penalties,
            "undos": self.undos,
            "elapsed": self.elapsed,
            "result": self.end_reason if self.end_reason in (EndReason.RESIGNED, EndReason.TIME) else None,
        }

    def to_json(self) -> str:
        """The game as versioned JSON, compact (see :mod:`engine.saves`)."""
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)

    def __repr__(self) -> str:
        return f"<Game {self.rules.id} deal={self.deal} {self.status} moves={len(self.moves)}>"


def _not_a_move(value: object) -> str:
    return f"{value!r} is not a move" + (" (play_text takes a move's text)" if isinstance(value, str) else "")


def built_cards(rules: Ruleset, pos: Position) -> int:
    """Seed 001's score on the table: for every face-up King in a column, the
    length of the unbroken chain built down from it (same suit, or any suit
    where the game removes any-suit runs)."""
    total = 0
    any_suit = rules.completion == "any"
    for col, d in zip(pos.tableau, pos.down):
        n = len(col)
        i = d
        while i < n:
            if (col[i] >> 2) == KING:
                j = i
                while j + 1 < n and (
                    ((col[j + 1] >> 2) == (col[j] >> 2) - 1) if any_suit else col[j + 1] == col[j] - 4
                ):
                    j += 1
                total += j - i + 1
                i = j + 1
            else:
                i += 1
    return total


def _reverse(rules: Ruleset, events: Sequence[Event]) -> list[Event]:
    out: list[Event] = []
    for e in reversed(events):
        t = type(e)
        if t is Moved:
            assert isinstance(e, Moved)
            out.append(Moved(e.dst, e.src, e.cards))
        elif t is Flipped:
            assert isinstance(e, Flipped)
            out.append(Flipped(e.pile, e.card, False))
        elif t is RunRemoved:
            assert isinstance(e, RunRemoved)
            out.append(Moved(e.slot, e.pile, e.cards))
        elif t is Dealt:
            assert isinstance(e, Dealt)
            out.append(Dealt(e.source, tuple(reversed(e.placements))))
    return out


# -- construction -------------------------------------------------------------


def new_game(preset_id: str, deal: int | None = None, **options: Any) -> Game:
    """A new game of ``preset_id``, dealt by number (random when None).

    Raises :class:`OptionError` for an unknown preset, option or deal number.

    >>> g = new_game("little-spider", deal=42)
    >>> g.notation().split()[0]
    '7s/3d/Ks/Ac/2c/As/Ad/Kh'
    """
    rules = get_ruleset(preset_id, **options)
    if deal is None:
        deal = random.SystemRandom().randint(MIN_DEAL, MAX_DEAL)
    deal = check_deal(deal)
    return Game(rules, deal_position(rules, deal), deal)


def validate_position(rules: Ruleset, pos: Position) -> None:
    """Check a position against a game's rules; raise :class:`NotationError`.

    Pile counts must match the game; every card must exist in its deck, no
    more copies than the deck has (a position may lack cards: tests use
    small ones); a foundation must hold what the game's foundations can.
    """

    def bad(template: str, **fields: int | str) -> NotationError:
        return NotationError(Reason(template, said={"game": rules.name}, game=rules.id, **fields))

    if len(pos.tableau) != rules.tableau_size:
        raise bad(N_("{game} has {n} columns, not {have}"), n=rules.tableau_size, have=len(pos.tableau))
    piles = rules.draw_piles or 1
    if len(pos.stock) != piles:
        one = N_("{game} has 1 stock pile, not {have}")
        raise bad(one if piles == 1 else N_("{game} has {n} stock piles, not {have}"), n=piles, have=len(pos.stock))
    if len(pos.foundations) != rules.foundations:
        raise bad(N_("{game} has {n} foundations, not {have}"), n=rules.foundations, have=len(pos.foundations))
    if any(pos.down):
        if not (rules.face_down_layout or any(d for d, _ in rules.columns)):
            raise bad(N_("{game} has no face-down cards"))
        if rules.free_column and pos.down[-1]:
            raise NotationError(N_("the Free Column never holds face-down cards"))
    deck = deck_counter(rules.suits, rules.copies)
    have = Counter(pos.cards())
    for card, n in have.items():
        if deck[card] == 0:
            raise bad(N_("{text} is not in the deck of {game}"), text=card_text(card))
        if n > deck[card]:
            raise bad(N_("{game} has {n} {text}, not {have}"), n=deck[card], text=card_text(card), have=n)
    if rules.completion != "none":
        for k, f in enumerate(pos.foundations):
            if f and not _is_run(rules, f):
                raise NotationError(Reason(N_("foundation {n} must hold a complete King-to-Ace run"), n=k + 1))
    elif rules.traits.foundations is Foundations.BY_SUIT:
        for k, f in enumerate(pos.foundations):
            if (f and any(f[i] != f[0] + 4 * i for i in range(len(f)))) or (f and (f[0] >> 2) != 1):
                raise NotationError(Reason(N_("foundation {n} must build up by suit from the Ace"), n=k + 1))
    else:
        colours = set()
        for k, f in enumerate(pos.foundations):
            if not f:
                continue
            up = (f[0] >> 2) == 1
            if not up and (f[0] >> 2) != KING:
                raise NotationError(Reason(N_("foundation {n} must start with an Ace or a King"), n=k + 1))
            step = 4 if up else -4
            if any(f[i] != f[0] + step * i for i in range(len(f))):
                raise NotationError(Reason(N_("foundation {n} must build by suit from its Ace or King"), n=k + 1))
            colours.add(is_red(f[0]) if up else not is_red(f[0]))
        if len(colours) > 1:
            raise NotationError(N_("the Ace foundations must be of one colour and the King foundations of the other"))


def _is_run(rules: Ruleset, f: tuple[Card, ...]) -> bool:
    if len(f) != 13 or (f[0] >> 2) != KING:
        return False
    if rules.completion == "suit":
        return all(f[i] == f[0] - 4 * i for i in range(13))
    return all((f[i] >> 2) == KING - i for i in range(13))


def game_from_notation(preset_id: str, text: str, **options: Any) -> Game:
    """A game of ``preset_id`` starting from a position's text.

    >>> g = game_from_notation("spider-1", "Ks/Qs/-/-/-/-/-/-/-/- - -/-/-/-/-/-/-/-")
    >>> [str(m) for m in g.legal_moves()]
    ['c1>c3', 'c1>c4', 'c1>c5', 'c1>c6', 'c1>c7', 'c1>c8', 'c1>c9', 'c1>c10', 'c2>c1', 'c2>c3', 'c2>c4', 'c2>c5', 'c2>c6', 'c2>c7', 'c2>c8', 'c2>c9', 'c2>c10']
    """
    rules = get_ruleset(preset_id, **options)
    pos = parse_notation(text)
    validate_position(rules, pos)
    return Game(rules, pos, None, format_notation(pos))


__all__ = [
    "Game",
    "OptionError",
    "Tally",
    "built_cards",
    "foundation_id",
    "game_from_notation",
    "new_game",
    "stock_id",
    "validate_position",
]
