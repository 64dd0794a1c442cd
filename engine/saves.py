"""Saved games: versioned JSON, validated completely on load.

A save records how to rebuild the game, not a snapshot of it: the preset,
its options, the deal number (or the starting position for a game set up
from notation), the moves played, the moves available to redo, the penalty
counters of classic scoring, the elapsed time and how the game ended if it
did by resignation or time.  Loading replays every move through the rules,
so a tampered list (an illegal move, a card that does not exist) is caught,
and it builds a fresh game before returning it: there is never a
half-loaded game.

>>> import engine
>>> g = engine.new_game("spider-2", deal=99)
>>> _ = g.play(g.legal_moves()[0])
>>> engine.load_game(g.to_json()).position == g.position
True
>>> engine.load_game('{"format": "spider-save", "version": 99}')
Traceback (most recent call last):
...
engine.errors.SaveError: this save is version 99, and this game reads version 1 (made by a newer version?)
"""

from __future__ import annotations

import math
from typing import Any

from . import jsontext
from .errors import EngineError, SaveError
from .events import EndReason
from .game import Game, new_game, validate_position
from .position import format_notation, parse_notation
from .rng import MAX_DEAL, MIN_DEAL
from .rules import PRESETS, get_ruleset
from .saveformat import FORMAT, KEYS, VERSION
from .words import N_, Reason

_KEYS = KEYS


def save_dict(game: Game) -> dict[str, Any]:
    """The save as a plain dict (JSON-ready): :meth:`Game.to_dict`."""
    return game.to_dict()


def dump_game(game: Game) -> str:
    """The save as compact JSON text: :meth:`Game.to_json`."""
    return game.to_json()


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise SaveError(message)


def _reason(e: EngineError) -> str:
    """An error's sentence as raised (an :class:`engine.Reason` stays one), to put inside another."""
    said = e.args[0] if e.args else ""
    return said if isinstance(said, str) else str(e)


def _bad_deal(deal: object) -> Reason:
    return Reason(N_("the save's deal number {deal} is not valid"), deal=repr(deal)[:40])


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


MAX_SAVE_CHARS = 2_000_000
"""Far more than any real game (a move is a few characters); bigger text is refused unread."""
MAX_DEPTH = 8
"""A save nests three deep; deeper JSON is refused before parsing (in Pyodide, very deep
JSON overflows the WebAssembly stack and kills the interpreter instead of raising)."""


def load_game(text: str | bytes | dict[str, Any]) -> Game:
    """Rebuild a game from its save; raise :class:`SaveError` saying what is wrong."""
    if isinstance(text, dict):
        data: Any = text
    else:
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                raise SaveError(N_("the save is not UTF-8 text")) from None
        if not isinstance(text, str):
            raise SaveError(Reason(N_("a save is JSON text, not {type}"), type=type(text).__name__))
        try:
            data = jsontext.loads(text, max_chars=MAX_SAVE_CHARS, max_depth=MAX_DEPTH)
        except jsontext.JsonLimitError as e:
            raise SaveError(Reason(N_("the save cannot be read: {reason}"), reason=_reason(e))) from None
    _need(isinstance(data, dict), N_("the save is not a JSON object"))
    _need(data.get("format") == FORMAT, N_("this is not a Spider save"))
    version = data.get("version")
    _need(_int(version), N_("the save has no version number"))
    if version != VERSION:
        newer = N_("this save is version {version}, and this game reads version {reads} (made by a newer version?)")
        older = N_("this save is version {version}, and this game reads version {reads}")
        raise SaveError(Reason(newer if version > VERSION else older, version=version, reads=VERSION))
    unknown = set(data) - _KEYS
    _need(not unknown, Reason(N_("the save has unknown fields: {fields}"), fields=", ".join(sorted(unknown))))
    missing = _KEYS - set(data)
    _need(not missing, Reason(N_("the save is missing fields: {fields}"), fields=", ".join(sorted(missing))))
    preset = data["preset"]
    _need(
        isinstance(preset, str) and preset in PRESETS,
        Reason(N_("the save names an unknown game {name}"), name=repr(preset)[:40]),
    )
    options = data["options"]
    _need(
        isinstance(options, dict) and all(isinstance(k, str) for k in options),
        N_("the save's options are not an object"),
    )
    deal, start = data["deal"], data["start"]
    moves, redo = data["moves"], data["redo"]
    _need(
        isinstance(moves, list) and all(isinstance(m, str) for m in moves),
        N_("the save's moves are not a list of moves"),
    )
    _need(
        isinstance(redo, list) and all(isinstance(m, str) for m in redo),
        N_("the save's redo list is not a list of moves"),
    )
    penalties, undos = data["penalties"], data["undos"]
    _need(
        _int(penalties) and _int(undos) and undos >= len(redo) and penalties >= len(moves) + len(redo) + undos,
        N_("the save's move counters are inconsistent"),
    )
    elapsed = data["elapsed"]
    _need(
        isinstance(elapsed, (int, float)) and not isinstance(elapsed, bool) and math.isfinite(elapsed) and elapsed >= 0,
        N_("the save's elapsed time is not a number of seconds"),
    )
    result = data["result"]
    _need(
        result in (None, EndReason.RESIGNED, EndReason.TIME),
        Reason(N_("the save's result {result} is unknown"), result=repr(result)[:40]),
    )
    try:
        if start is None:
            _need(_int(deal) and MIN_DEAL <= deal <= MAX_DEAL, _bad_deal(deal))
            game = new_game(preset, deal, **options)
        else:
            _need(isinstance(start, str), N_("the save's starting position is not text"))
            _need(
                deal is None or (_int(deal) and MIN_DEAL <= deal <= MAX_DEAL),
                _bad_deal(deal),
            )
            rules = get_ruleset(preset, **options)
            pos = parse_notation(start)
            validate_position(rules, pos)
            game = Game(rules, pos, deal, format_notation(pos))
    except SaveError:
        raise
    except EngineError as e:
        raise SaveError(Reason(N_("the save's game cannot be set up: {reason}"), reason=_reason(e))) from None
    for i, text_move in enumerate(moves + redo, 1):
        try:
            game.play_text(text_move)
        except EngineError as e:
            raise SaveError(
                Reason(
                    N_("move {n} of the save ({move}) cannot be played: {reason}"),
                    n=i,
                    move=repr(text_move)[:40],
                    reason=_reason(e),
                )
            ) from None
    for _ in redo:
        try:
            game.undo()
        except EngineError as e:
            raise SaveError(
                Reason(N_("the save's redo list cannot be taken back: {reason}"), reason=_reason(e))
            ) from None
    game.penalties = penalties
    game.undos = undos
    if result is not None and game.end_reason not in (None, EndReason.STUCK):
        raise SaveError(
            Reason(
                N_("the save says the game ended by {result}, but it ended by {ended}"),
                result=str(result),
                ended=str(game.end_reason),
            )
        )
    # The clock as saved: a finished game's clock stopped when it ended.
    game.elapsed = float(elapsed)
    limit = game.rules.time_limit
    out_of_time = limit is not None and game.elapsed >= limit
    if result == EndReason.TIME and not out_of_time:
        raise SaveError(N_("the save says the time ran out, but its clock says otherwise"))
    if result is not None:
        game.end_reason = EndReason(result)
    elif out_of_time and game.end_reason in (None, EndReason.STUCK):
        game.end_reason = EndReason.TIME
    return game
