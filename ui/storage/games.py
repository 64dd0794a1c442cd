"""The player's saved games, one record per game id (pure: no browser imports).

The storage layer (``shell/store.js``) keeps each game as two texts under
its id: the engine's save (:meth:`engine.Game.to_json`: the deal, the moves,
the clock) and a small ``meta`` text, so that the "Continue" list is drawn
without loading every save.  This module writes and reads both, orders the
unfinished games, turns the save of the one-slot storage of earlier versions
into a record, and settles a game in the statistics exactly once.

Rules it keeps (the page relies on them):

* Opening another game never throws one away: every game has its own record.
* A game counts in the statistics once, when it ends for good (a win, End,
  the clock running out), or when the player abandons it (says so, or starts
  a new deal of the same game and confirms); :func:`settle` refuses a game
  already counted, whatever the tabs do, because the page calls it under the
  storage layer's lock and it reads the record's ``recorded`` mark first.
* A game finished by "Show me" is ``shown``: it ends, but not as a win.
* A ``practice`` game (a review's "Retry from here") is never in the
  statistics: it is marked counted when it ends, and the book is unchanged.
* A game's review (the solver's verdict on each position, as
  ``GameReview.to_json``) is kept as a text under :func:`review_key` of its
  id, and goes with the game (:func:`orphan_reviews`).

>>> import engine
>>> g = engine.new_game("spider-1", deal=7)
>>> _ = g.play(g.legal_moves()[0])
>>> meta = GameMeta.of(g, "a1", updated=1000.0)
>>> (meta.preset, meta.deal, meta.moves, meta.state)
('spider-1', 7, 1, 'playing')
>>> back = load_record(meta.to_text(), g.to_json())
>>> back.error is None and back.game.position == g.position and back.meta == meta
True
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from typing import NamedTuple

import engine
from engine import MAX_DEAL, MIN_DEAL, EndReason, OptionValue, jsontext
from ui.chrome.messages import engine_error, game_name
from ui.game.daily import parse_day
from ui.i18n.text import Np_, _, n_, p_
from ui.storage import settings, statistics

__all__ = [
    "REVIEW_PREFIX",
    "STATES",
    "GameMeta",
    "Loaded",
    "Settled",
    "finished",
    "from_legacy",
    "load_record",
    "orphan_reviews",
    "review_key",
    "settle",
    "unfinished",
]

META_VERSION = 1
STATES = ("playing", "stuck", "won", "lost", "resigned", "timeout", "abandoned", "shown")
"""``playing`` and ``stuck`` (no move left, but Undo can still save it) are
unfinished; the rest are ends: ``won``, ``resigned`` (End), ``timeout``
(the tournament clock), ``abandoned`` (left for good, by the player's
choice), ``shown`` (finished by "Show me", not a win) and ``lost`` (any
other final loss)."""
UNFINISHED = ("playing", "stuck")
MAX_META_CHARS = 4_000
REVIEW_PREFIX = "review."
"""A game's review is kept as a text under this prefix and the game's id."""
MAX_REVIEW_CHARS = 400_000
"""A review longer than this is not kept (it is worked out again when asked for)."""


@dataclass(frozen=True)
class GameMeta:
    """What the "Continue" list and the statistics need of a game, without its save.

    ``updated``: milliseconds since the epoch of the last write.
    ``recorded``: the game is counted in the statistics.
    ``daily``: the date (``YYYY-MM-DD``) whose daily deal this is, or None.
    ``options``: the game's options that differ from its preset's defaults
    (as the address writes them), so a record is matched to an address
    without reading its save.
    ``shown``: "Show me" has played in this game, so it can only end as
    ``shown`` (kept while the game is unfinished, so a reload keeps it).
    ``practice``: a game begun by a review's "Retry from here": it is never
    counted in the statistics (a meta of earlier versions has none: False).
    """

    id: str
    preset: str
    deal: int | None
    state: str
    moves: int
    seconds: int
    score: int
    updated: float
    recorded: bool = False
    daily: str | None = None
    options: dict[str, OptionValue] = field(default_factory=dict, hash=False)
    shown: bool = False
    practice: bool = False

    @classmethod
    def of(
        cls,
        game: engine.Game,
        game_id: str,
        *,
        updated: float,
        recorded: bool = False,
        daily: str | None = None,
        shown: bool = False,
        practice: bool = False,
    ) -> GameMeta:
        """The meta of ``game`` as it stands."""
        return cls(
            game_id,
            game.preset,
            game.deal,
            _state(game, shown),
            len(game.moves),
            int(game.elapsed),
            int(game.score),
            float(updated),
            recorded,
            daily,
            _changed_options(game),
            shown,
            practice,
        )

    @property
    def finished(self) -> bool:
        return self.state not in UNFINISHED

    def to_text(self) -> str:
        return json.dumps({"v": META_VERSION, **asdict(self)}, separators=(",", ":"))

    @classmethod
    def parse(cls, text: str) -> GameMeta:
        """A stored meta; raises :class:`engine.SaveError` saying what is wrong."""
        try:
            data = jsontext.loads(text, max_chars=MAX_META_CHARS, max_depth=3)
        except jsontext.JsonLimitError as e:
            raise engine.SaveError(
                _("the game's summary cannot be read ({problem})").format(problem=engine_error(e))
            ) from None
        if not isinstance(data, dict) or data.get("v") != META_VERSION:
            raise engine.SaveError(_("the game's summary is not one this version reads"))
        try:
            meta = cls(**{k: v for k, v in data.items() if k != "v"})
        except TypeError:
            raise engine.SaveError(_("the game's summary has missing or unknown fields")) from None
        _check(meta)
        return meta


def _is_int(v: object, low: int, high: int) -> bool:
    return type(v) is int and low <= v <= high


def _check(m: GameMeta) -> None:
    problems = [
        (isinstance(m.id, str) and 0 < len(m.id) <= 64, "id"),
        (m.preset in engine.PRESETS, "game"),
        (m.deal is None or _is_int(m.deal, MIN_DEAL, MAX_DEAL), "deal"),
        (m.state in STATES, "state"),
        (_is_int(m.moves, 0, 10**7) and _is_int(m.seconds, 0, 10**9), "moves or time"),
        (type(m.score) is int and abs(m.score) <= 10**9, "score"),
        (type(m.updated) in (int, float) and 0 <= m.updated < 1e15, "date"),
        (type(m.recorded) is bool and type(m.shown) is bool and type(m.practice) is bool, "statistics mark"),
        (m.daily is None or (isinstance(m.daily, str) and parse_day(m.daily) is not None), "daily date"),
        (_options_ok(m.preset, m.options), "options"),
    ]
    bad = [what for ok, what in problems if not ok]
    if bad:
        # Translators: the field named is a word of the stored data's own, left as it is.
        raise engine.SaveError(_("the game's summary has a wrong field: {field}").format(field=bad[0]))


def _changed_options(game: engine.Game) -> dict[str, OptionValue]:
    defaults = engine.PRESETS[game.preset].option_values()
    return {k: v for k, v in game.rules.option_values().items() if defaults.get(k) != v}


def _options_ok(preset: str, options: object) -> bool:
    rules = engine.PRESETS.get(preset)
    if rules is None or not isinstance(options, dict):
        return False
    specs = {s.name: s for s in rules.options}
    return all(
        name in specs and any(value == c and type(value) is type(c) for c in specs[name].choices)
        for name, value in options.items()
    )


def _state(game: engine.Game, shown: bool) -> str:
    reason = game.end_reason
    if reason is None:
        return "playing"
    if shown:
        return "shown"
    if reason in (EndReason.WON, EndReason.STUCK):
        return reason
    return {"resigned": "resigned", "time": "timeout"}.get(reason, "lost")


class Loaded(NamedTuple):
    """A record read back: the game and its meta, or why it cannot be used."""

    game: engine.Game | None
    meta: GameMeta | None
    error: str | None = None


def load_record(meta_text: str, save_text: str) -> Loaded:
    """Both texts of a record, checked against each other."""
    try:
        meta = GameMeta.parse(meta_text)
        game = engine.load_game(save_text)
    except engine.SaveError as e:
        return Loaded(None, None, _("This game could not be opened: {reason}.").format(reason=engine_error(e)))
    if game.preset != meta.preset or game.deal != meta.deal:
        return Loaded(None, None, _("This game could not be opened: its summary and its save disagree."))
    return Loaded(game, replace(meta, moves=len(game.moves)))


def unfinished(metas: list[GameMeta]) -> list[GameMeta]:
    """The games the player can go back to, the latest first."""
    return sorted((m for m in metas if not m.finished and not m.recorded), key=lambda m: -m.updated)


def from_legacy(text: str, *, updated: float) -> tuple[GameMeta, str] | str:
    """The game of the one-slot storage of earlier versions as a record
    (meta, save), or a sentence saying why it cannot be used."""
    slot = settings.read_slot(text)
    if slot.game is None:
        if slot.why is None:
            return _("There was no saved game.")
        return _("Your saved game could not be restored: {reason}.").format(reason=slot.why)
    return GameMeta.of(slot.game, slot.game_id, updated=updated, recorded=slot.recorded), slot.game.to_json()


class Settled(NamedTuple):
    """What counting a game did: its new meta, the statistics' new text and
    the change the end screen shows."""

    meta: GameMeta
    stats_text: str
    change: statistics.RecordChange


def settle(meta: GameMeta, book: statistics.Book) -> Settled | None:
    """Count the game of ``meta`` in ``book`` (changed in place) once: None
    when it is counted already.  A finished game counts as its state says
    (``shown``: not as a win or a loss, in the "shown" count); an unfinished
    one is abandoned, a loss."""
    if meta.recorded:
        return None
    end = meta.state if meta.finished else "abandoned"
    if meta.practice:  # never in the statistics
        r = book.get(meta.preset)
        return Settled(
            replace(meta, recorded=True, state=end), book.to_text(), statistics.RecordChange(meta.preset, r, r, [])
        )
    if end == "shown":
        change = book.record_shown(meta.preset)
    else:
        won = end == "won"
        change = book.record(meta.preset, won=won, score=meta.score, seconds=meta.seconds, moves=meta.moves)
        if won and meta.daily is not None and meta.deal is not None:
            book.record_daily(meta.daily, meta.preset, meta.deal, meta.seconds, meta.moves)
    return Settled(replace(meta, recorded=True, state=end), book.to_text(), change)


def _ago(ms: float) -> str:
    minutes = max(0, int(ms // 60_000))
    if minutes < 1:
        return _("just now")
    if minutes < 60:
        return n_("{n} min ago", "{n} min ago", minutes).format(n=minutes)
    hours = minutes // 60
    if hours < 24:
        return n_("{n} h ago", "{n} h ago", hours).format(n=hours)
    days = hours // 24
    return _("yesterday") if days == 1 else n_("{n} day ago", "{n} days ago", days).format(n=days)


def _moves(n: int) -> str:
    return n_("{n} move", "{n} moves", n).format(n=n)


def describe(meta: GameMeta, now: float) -> tuple[str, str]:
    """A Continue entry's two lines: the game and deal; moves, time and when.

    >>> import engine
    >>> g = engine.new_game("spider-2", deal=12)
    >>> _ = g.play(g.legal_moves()[0]); g.set_elapsed(75)
    []
    >>> describe(GameMeta.of(g, "x", updated=0.0), now=3 * 3_600_000.0)
    ('Spider · 2 suits, deal 12', '1 move · 1:15 · 3 h ago')
    """
    name = game_name(engine.PRESETS[meta.preset])
    title = name if meta.deal is None else _("{game}, deal {deal}").format(game=name, deal=meta.deal)
    if meta.daily is not None:
        title = _("{game} (daily, {day})").format(game=title, day=meta.daily)
    minutes, seconds = divmod(meta.seconds, 60)
    parts = [_moves(meta.moves), f"{minutes}:{seconds:02d}", _ago(now - meta.updated)]
    if meta.state == "stuck":
        parts.append(_("no moves left"))
    if meta.practice:
        parts.append(_("practice"))
    return title, " · ".join(parts)


RESULT_WORDS = {
    "won": Np_("a finished game", "Won"),
    "lost": Np_("a finished game", "Lost"),
    "stuck": Np_("a finished game", "No moves left"),
    "resigned": Np_("a finished game", "Ended"),
    "timeout": Np_("a finished game", "Out of time"),
    "abandoned": Np_("a finished game", "Abandoned"),
    "shown": Np_("a finished game", "Shown"),
}
"""How a finished game ended, marked (said with ``p_("a finished game", ...)``)."""


def finished(metas: list[GameMeta], preset: str | None = None) -> list[GameMeta]:
    """The finished games kept (of ``preset``, or all), the latest first: the
    statistics' recent games, which can be watched again and reviewed."""
    done = [m for m in metas if m.finished and m.moves and (preset is None or m.preset == preset)]
    return sorted(done, key=lambda m: -m.updated)


def recent_line(meta: GameMeta, now: float) -> tuple[str, str]:
    """A recent game's two lines: how it ended (and whether it was
    practice), the deal; moves, time and when.

    >>> import engine
    >>> g = engine.new_game("spider-1", deal=12)
    >>> _ = g.play(g.legal_moves()[0]); _ = g.resign()
    >>> recent_line(GameMeta.of(g, "x", updated=0.0, practice=True), now=60_000.0)
    ('Ended, practice · deal 12', '1 move · 0:00 · 1 min ago')
    """
    known = RESULT_WORDS.get(meta.state)
    word = p_("a finished game", known) if known is not None else meta.state.capitalize()
    if meta.practice:
        word = _("{result}, practice").format(result=word)
    if meta.deal is not None:
        word = _("{result} · deal {deal}").format(result=word, deal=meta.deal)
    minutes, seconds = divmod(meta.seconds, 60)
    return word, f"{_moves(meta.moves)} · {minutes}:{seconds:02d} · {_ago(now - meta.updated)}"


def review_key(game_id: str) -> str:
    """The key of a game's review text.

    >>> review_key("g7")
    'review.g7'
    """
    return REVIEW_PREFIX + game_id


def orphan_reviews(keys: list[str], game_ids: set[str]) -> list[str]:
    """The review texts whose game is no longer kept (removed with it).

    >>> orphan_reviews(["settings", "review.a", "review.b"], {"a"})
    ['review.b']
    """
    return [k for k in keys if k.startswith(REVIEW_PREFIX) and k[len(REVIEW_PREFIX) :] not in game_ids]
