"""A rules engine for the Spider solitaire family, in pure Python.

Eleven games (see :data:`PRESETS`): Spider with 1, 2 or 4 suits, Spider
Relaxed, Spider Easy, Tournament Spider with 1 or 2 suits, Little Spider and
Spidike, each with a traditional variant where the sources differ.  The same
code runs in CPython and in the browser under Pyodide.

>>> import engine
>>> game = engine.new_game("spider-1", deal=12345)
>>> game.rules.name
'Spider · 1 suit'
>>> move = game.legal_moves()[0]
>>> str(move)
'c1>c3'
>>> [type(e).__name__ for e in game.play(move)]
['Moved', 'Flipped', 'ScoreChanged']
>>> game.why_illegal("deal") is None
True
>>> game.undo() and game.can_redo
True
"""

from .cards import KING, card_symbol, card_text, card_words, parse_card, rank, suit_of
from .errors import EngineError, IllegalMove, NotationError, OptionError, SaveError
from .events import Dealt, EndReason, Event, Flipped, Moved, Outcome, RunRemoved, ScoreChanged, StatusChanged
from .game import Game, game_from_notation, new_game
from .moves import Move, MoveKind, parse_move
from .piles import PileId, PileRole, UnknownPileError
from .play import (
    completes_run,
    deal_moves,
    free_index,
    legal_moves,
    little_spider_colours,
    next_position,
    pile_name,
    why_illegal,
)
from .position import Position, format_notation, parse_notation
from .rules import PRESETS, OptionSpec, Ruleset, get_ruleset
from .saves import load_game
from .view import HIDDEN_CARD, PublicView, hide

__all__ = [
    "HIDDEN_CARD",
    "KING",
    "PRESETS",
    "Dealt",
    "EndReason",
    "EngineError",
    "Event",
    "Flipped",
    "Game",
    "IllegalMove",
    "Move",
    "MoveKind",
    "Moved",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "PileId",
    "PileRole",
    "Position",
    "PublicView",
    "Ruleset",
    "RunRemoved",
    "SaveError",
    "ScoreChanged",
    "StatusChanged",
    "UnknownPileError",
    "card_symbol",
    "card_text",
    "card_words",
    "completes_run",
    "deal_moves",
    "format_notation",
    "free_index",
    "game_from_notation",
    "get_ruleset",
    "hide",
    "legal_moves",
    "little_spider_colours",
    "load_game",
    "new_game",
    "next_position",
    "parse_card",
    "parse_move",
    "parse_notation",
    "pile_name",
    "rank",
    "suit_of",
    "why_illegal",
]
