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
>>> game.why_illegal(engine.Move.deal()) is None
True
>>> game.undo() and game.can_redo
True
"""

from .cards import KING, SUIT_NAMES, Card, CardId, card_symbol, card_text, card_words, is_red, parse_card, rank, suit_of
from .errors import EngineError, IllegalMove, NotationError, OptionError, SaveError
from .events import Dealt, EndReason, Event, Flipped, Moved, Outcome, RunRemoved, ScoreChanged, StatusChanged
from .families import Foundations
from .game import Game, game_from_notation, new_game
from .moves import DEAL, DRAW, FOUNDATION, MOVE, Move, MoveKind, known_move, move_of, move_text, parse_move
from .piles import FREE_COLUMN, STOCK, PileId, PileRole, UnknownPileError
from .play import (
    completes_run,
    deal_moves,
    deal_position,
    free_index,
    legal_moves,
    little_spider_colours,
    movable_count,
    next_position,
    pile_id,
    pile_name,
    stalemated,
    stock_id,
    why_illegal,
)
from .position import Position, format_notation, parse_notation
from .progress import Progress, ProgressCheck
from .rng import MAX_DEAL, MIN_DEAL
from .rules import PRESETS, OptionSpec, OptionValue, Ruleset, get_ruleset
from .saves import load_game
from .view import HIDDEN_CARD, PublicView, hide
from .words import N_, Reason

__all__ = [
    "DEAL",
    "DRAW",
    "FOUNDATION",
    "FREE_COLUMN",
    "HIDDEN_CARD",
    "KING",
    "MAX_DEAL",
    "MIN_DEAL",
    "MOVE",
    "N_",
    "PRESETS",
    "STOCK",
    "SUIT_NAMES",
    "Card",
    "CardId",
    "Dealt",
    "EndReason",
    "EngineError",
    "Event",
    "Flipped",
    "Foundations",
    "Game",
    "IllegalMove",
    "Move",
    "MoveKind",
    "Moved",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "OptionValue",
    "Outcome",
    "PileId",
    "PileRole",
    "Position",
    "Progress",
    "ProgressCheck",
    "PublicView",
    "Reason",
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
    "deal_position",
    "format_notation",
    "free_index",
    "game_from_notation",
    "get_ruleset",
    "hide",
    "is_red",
    "known_move",
    "legal_moves",
    "little_spider_colours",
    "load_game",
    "movable_count",
    "move_of",
    "move_text",
    "new_game",
    "next_position",
    "parse_card",
    "parse_move",
    "parse_notation",
    "pile_id",
    "pile_name",
    "rank",
    "stalemated",
    "stock_id",
    "suit_of",
    "why_illegal",
]
