"""The current game: which game is played, kept and counted — no DOM.

Every game has its own record (:mod:`ui.storage.games`, kept through
:class:`ui.storage.store.Records`), written after every action, so opening
another game never throws one away: an unfinished game waits in the
chooser's Continue list.

When a game counts in the statistics, once, whatever the tabs do:

* a win, End, or the tournament clock running out count at once;
* an unfinished game counts as a loss only when the player abandons it:
  starts a new deal of the same game and confirms, or abandons it from the
  Continue list;
* a stuck game is not counted until it is left that way (Undo can save it).

:class:`ui.storage.counting.Keeper` counts under the storage's cross-tab lock, after reading
the game's record and the statistics as they are stored now: a game whose
record is already marked counted is not counted again.

pytest drives all of it with :class:`ui.storage.store.MemoryStore`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import NamedTuple

import engine
from engine import EndReason, OptionValue, Outcome
from ui.chrome.messages import engine_error, game_name
from ui.game import address
from ui.i18n.text import _
from ui.storage import games as library
from ui.storage import settings as persist
from ui.storage.counting import Keeper
from ui.storage.games import GameMeta
from ui.storage.store import CURRENT, LEGACY_CURRENT, Change, Records
from ui.table.state import TableState

FINAL = ("won", "resigned", "time")
"""End reasons that are final (a stuck game can still be undone)."""
NOTE_MS = 2600
KEEP_FINISHED = 50
"""Finished games kept as records (the latest); older ones are removed at the start."""
WELCOME_PRESET = address.DEFAULT_PRESET
WELCOME_DEAL = 140
"""A new player's first game, the welcome deal: Spider with one suit, deal
140.  It is on the proven-winnable list, and the grading's luck meter (a
greedy player, 12 playouts a deal; ``tools/data/grades.json``) wins every
one of its playouts, as on only 3 of the 300 deals measured; the luck
meter is the measure that separated the easy deals from the hard ones on
held-out deals (docs/grades.md).  The build draws it before
Python has started (``tools/build/welcome.py``, ``shell/welcome.js``)."""


def _ms() -> float:
    return time.time() * 1000.0


def joined(*sentences: str | None) -> str:
    """Whole sentences said one after the other (the empty ones left out)."""
    return " ".join(s for s in sentences if s)


def kept_text(rules: engine.Ruleset) -> str:
    """An unfinished game set aside for another: where to find it again."""
    return _("Your game of {game} is kept: continue it from Games.").format(game=game_name(rules))


class Opening(NamedTuple):
    """The game to show: a stored one (its ``meta``) or a new one (None),
    and what to tell the player."""

    game: engine.Game
    meta: GameMeta | None
    message: str | None


class Choice(NamedTuple):
    """What the start opens: a stored game (``game_id``), else a new game of
    ``route``.  ``resumed``: the address named a deal the player has an
    unfinished game of, and that game is opened (say so, offer to start over)."""

    game_id: str | None
    route: address.Route
    message: str | None
    resumed: bool = False


class GameService:
    """The game in play, its record, and the player's other games."""

    def __init__(
        self,
        records: Records,
        settings: Callable[[], persist.Settings],
        pick_deal: Callable[[str, dict[str, OptionValue]], tuple[int | None, str | None]],
        now: Callable[[], float] = _ms,
        state: TableState | None = None,
    ) -> None:
        self.state = state if state is not None else TableState()
        """The table state, which holds the game in play (shared with the table)."""
        self.records = records
        self._settings = settings
        self._pick_deal = pick_deal
        self._now = now
        self.keeper = Keeper(records)
        self.game_id = ""
        self.recorded = False
        self.daily: str | None = None
        self.shown = False
        self._aside: engine.Game | None = None
        """The player's game, set aside while the table shows a replay (:meth:`lend`)."""
        self.practice = False
        """The game in play is practice (a review's "Retry from here"): never counted."""
        self.holding = True
        """This tab plays the game (False once another tab has taken it over:
        nothing is written for it then; :meth:`hold`)."""
        self.saved_at = 0.0
        """When the game was written last (``time.monotonic()``): the clock's relaxed saves wait 5 s."""
        self.notes: list[tuple[str, int]] = []
        """(sentence, milliseconds shown) for the player about the last game
        started: a deal's origin, a refused option."""

    @property
    def game(self) -> engine.Game | None:
        """The game in play (held by the table state, put there by :meth:`adopt`)."""
        return self.state.game

    # -- the player's games ------------------------------------------------------------
    def library(self) -> dict[str, GameMeta]:
        """Every stored game that can be read, by id (the player's, also while a replay is shown)."""
        out: dict[str, GameMeta] = {}
        for game_id, text in self.records.metas.items():
            try:
                meta = GameMeta.parse(text)
            except engine.SaveError:
                continue
            if meta.id == game_id:
                out[game_id] = meta
        return out

    def unfinished(self) -> list[GameMeta]:
        """The games the player can go back to (not the one on the table, and
        with a move played), the latest first."""
        games = library.unfinished(list(self.library().values()))
        return [m for m in games if m.id != self.game_id and m.moves]

    def count_uncounted(self) -> None:
        """Count the finished games whose count never reached the storage (the
        page went away as they ended), once each, as the start finds them.
        The game on the table is counted by its own end."""
        for meta in self.library().values():
            if meta.finished and not meta.recorded and meta.id != self.game_id:

                def found(record: tuple[str, str] | None, meta: GameMeta = meta) -> None:
                    if record is not None:
                        self.keeper.settle(meta, record[1], lambda: None, remember=False)

                self.records.store.load(meta.id, found)

    def tidy(self) -> str | None:
        """Turn the one-slot save of earlier versions into a record, remove
        finished games beyond the latest :data:`KEEP_FINISHED` and deals left
        without a move (but the one played last).
        Returns a sentence for the player when the old save could not be used."""
        said = None
        legacy = self.records.get(LEGACY_CURRENT)
        if legacy is not None:
            found = library.from_legacy(legacy, updated=self._now())
            if isinstance(found, str):
                said = joined(found, _("It is left as it was in this browser's storage; a new game has started."))
                self.records.write(Change(kv={LEGACY_CURRENT: None}))
            else:
                meta, save = found
                kv: dict[str, str | None] = {LEGACY_CURRENT: None}
                if self.records.get(CURRENT) is None:
                    kv[CURRENT] = meta.id
                self.records.write(Change(games=[(meta.id, meta.to_text(), save)], kv=kv))
        games = self.library().values()
        done = sorted((m for m in games if m.finished), key=lambda m: -m.updated)
        current = self.records.get(CURRENT)
        untouched = [m.id for m in games if not m.finished and not m.moves and m.id != current]
        if len(done) > KEEP_FINISHED or untouched:
            self.records.write(Change(remove=[m.id for m in done[KEEP_FINISHED:]] + untouched))
        kept = set(self.library())
        orphans = library.orphan_reviews(list(self.records.kv), kept)
        if orphans:
            self.records.write(Change(kv=dict.fromkeys(orphans)))
        return said

    def new_player(self) -> bool:
        """Nothing is stored yet (the storage's own "migrated" mark aside):
        the page has never seen this player."""
        return not (set(self.records.kv) - {"migrated"}) and not self.records.metas

    def choose(self, fragment: str, tab_game: str | None = None, welcome: bool = False) -> Choice:
        """Which game the start opens.

        With no address (or one that names no game): the game this tab
        had (``tab_game``, kept across a reload), else the game played last,
        else the latest unfinished one, else a new default game (``welcome``,
        a new player: the welcome deal, :data:`WELCOME_DEAL`).  With an
        address: that game if it is the one played last; else the latest
        unfinished game it names (an address with a deal number: a game of
        that deal, opened as ``resumed``, never a second copy of it); else a
        new game of it.  The game played last is kept either way.
        """
        route = address.parse_route(fragment)
        games = self.library()
        last = games.get(tab_game or "") or games.get(self.records.get(CURRENT) or "")
        waiting = library.unfinished(list(games.values()))
        if route is None or not route.names_game:
            message = route.error if route is not None else None
            found = last or (waiting[0] if waiting else None)
            if found is not None:
                if message:
                    message = joined(message, _("Here is the game you were playing."))
                return Choice(found.id, address.Route(found.preset, found.deal, found.options), message)
            if message:
                default = game_name(engine.PRESETS[address.DEFAULT_PRESET])
                message = joined(message, _("Here is {game} instead.").format(game=default))
            if welcome:
                return Choice(None, address.Route(WELCOME_PRESET, WELCOME_DEAL, {}), message)
            return Choice(None, address.Route(address.DEFAULT_PRESET, None, {}), message)
        back = _("Here is the game you were playing.") if route.bad_deal else ""
        if last is not None and self.names(route, last):
            return Choice(last.id, route, route.error and joined(route.error, back))
        # "#spider-2" goes back to an unfinished game of it; "#spider-2/7" to the
        # player's unfinished game of deal 7 (with a move played), else deal 7 from its start
        same = [m for m in waiting if self.names(route, m) and (route.deal is None or m.moves)]
        if same:
            return Choice(same[0].id, route, route.error and joined(route.error, back), resumed=route.deal is not None)
        message = route.error and joined(route.error, _("Here is a random deal.") if route.bad_deal else "")
        if last is not None and not last.finished and not last.recorded and last.moves:
            message = joined(message, kept_text(engine.PRESETS[last.preset]))
        return Choice(None, route, message)

    @staticmethod
    def names(route: address.Route, meta: GameMeta) -> bool:
        """Whether the address names the stored game of ``meta``."""
        return (
            meta.preset == route.preset
            and (route.deal is None or route.deal == meta.deal)
            and meta.options == address.changed_options(route.preset, dict(route.options))
        )

    def opened(self, choice: Choice, record: tuple[str, str] | None) -> Opening:
        """The chosen game: its record (``record``, as read), else a new one."""
        message = choice.message
        if choice.game_id is not None:
            if record is not None:
                loaded = library.load_record(*record)
                if loaded.game is not None and loaded.meta is not None:
                    return Opening(loaded.game, loaded.meta, message)
                why = joined(loaded.error or "", _("It is left as it was; a new game has started."))
            else:
                why = _(
                    "The game you were playing is no longer stored (another tab removed it); a new game has started."
                )
            message = joined(message, why)
        return Opening(self.routed(choice.route), None, message)

    # -- new games ----------------------------------------------------------------
    def with_defaults(self, preset: str, options: dict[str, OptionValue]) -> dict[str, OptionValue]:
        """``options`` with the settings' scoring style and time limit where they are not given."""
        rules = engine.PRESETS.get(preset)
        names = [spec.name for spec in rules.options] if rules is not None else []
        return {**self._settings().game_defaults(names), **options}

    def next_options(self) -> dict[str, OptionValue]:
        """The options of a new deal of this game: the current game's, with
        the scoring style and time limit from the settings."""
        assert self.game is not None
        values = self.game.rules.option_values()
        return {**values, **self._settings().game_defaults(list(values))}

    def new_game(self, preset: str, deal: int | None, options: dict[str, OptionValue]) -> engine.Game:
        """A game of ``preset``: ``deal``, or (None) a random one — a proven
        winnable deal when "Winnable deals" is on for it."""
        options = self.with_defaults(preset, options)
        if deal is None:
            deal, note = self._pick_deal(preset, options)
            if note:
                self.notes.append((note, NOTE_MS))
        try:
            return engine.new_game(preset, deal, **options)
        except engine.EngineError as e:
            started = _("A random deal of {game} has started.").format(game=game_name(engine.PRESETS[preset]))
            self.notes.append((joined(engine_error(e).rstrip(".") + ".", started), 6000))
            return engine.new_game(preset)

    def routed(self, route: address.Route) -> engine.Game:
        """The game an address names: its deal, always; else a random one."""
        return self.new_game(route.preset, route.deal, dict(route.options))

    # -- the game in play --------------------------------------------------------------
    def in_progress(self) -> bool:
        g = self._aside or self.game
        return g is not None and g.status == Outcome.PLAYING and len(g.moves) > 0

    def restart_point(self) -> int | None:
        """Restart this deal: the number of moves to go back to (0, the deal
        as dealt), or None when there is nothing to take back or the rules
        forbid it (a game over for good; a Tournament draw-pile deal or
        cleared run, which undo never takes back).  A restart is undo to the
        start: the same game, its clock running on, counted once."""
        g = self.game
        if g is None or not g.moves or g.end_reason not in (None, EndReason.STUCK) or g.undo_floor > 0:
            return None
        return 0

    def last_deal_point(self) -> int | None:
        """Undo to the last deal: the number of moves just after the last
        deal from the stock or a draw pile, or None when no deal was made,
        nothing was played since, or undo cannot reach it."""
        g = self.game
        if g is None or g.end_reason not in (None, EndReason.STUCK):
            return None
        moves = g.moves
        dealt = [k + 1 for k, m in enumerate(moves) if m.kind in ("deal", "draw")]
        if not dealt or dealt[-1] >= len(moves) or dealt[-1] < g.undo_floor:
            return None
        return dealt[-1]

    def adopt(self, game: engine.Game, meta: GameMeta | None = None, practice: bool = False) -> None:
        """``game`` is the one played now: a stored one (``meta``) or a new one
        (``practice``: a review's "Retry from here").  The game it replaces
        keeps its record; a replay on the table ends."""
        self._aside = None
        if meta is None:
            self.game_id, self.recorded, self.daily, self.shown = persist.new_game_id(), False, None, False
            self.practice = practice
        else:
            self.game_id, self.recorded, self.daily = meta.id, meta.recorded, meta.daily
            self.shown = meta.shown or meta.state == "shown"
            self.practice = meta.practice
        self.state.set_game(game)
        self.holding = True

    # -- a replay on the table ----------------------------------------------------------
    @property
    def replaying(self) -> bool:
        """The table shows a replay, not the player's game: nothing of it is
        kept or counted, and the player's game waits as it was."""
        return self._aside is not None

    def lend(self, game: engine.Game) -> None:
        """Put ``game`` (a replay) on the table; the player's game is set aside."""
        if self._aside is None:
            assert self.state.game is not None
            self._aside = self.state.game
        self.state.set_game(game)

    def give_back(self) -> bool:
        """The player's game back on the table, after a replay; False if none was shown."""
        aside, self._aside = self._aside, None
        if aside is None:
            return False
        self.state.set_game(aside)
        return True

    def hold(self, holding: bool) -> None:
        """Whether this tab plays the game in play (the tab guard's answer:
        :class:`ui.game.tabs_view.TabGuard`)."""
        self.holding = holding

    def mark_shown(self) -> None:
        """ "Show me" plays in the game in play: from now on it can only end as
        shown (kept so, and counted so: not as a win)."""
        if self.game is not None and not self.shown and not self.replaying:
            self.shown = True
            self.save()

    def matches(self, route: address.Route, game: engine.Game | None = None) -> bool:
        """Whether the address names ``game`` (by default the one in play)."""
        g = game or self.game
        return (
            g is not None
            and g.preset == route.preset
            and (route.deal is None or route.deal == g.deal)
            and address.changed_options(g.preset, g.rules.option_values())
            == address.changed_options(route.preset, dict(route.options))
        )

    def meta(self) -> GameMeta:
        g = self.game
        assert g is not None
        return GameMeta.of(
            g,
            self.game_id,
            updated=self._now(),
            recorded=self.recorded,
            daily=self.daily,
            shown=self.shown,
            practice=self.practice,
        )

    def mark_daily(self, day: str) -> None:
        """The game in play is the daily deal of ``day`` (``YYYY-MM-DD``)."""
        self.daily = day

    def save(self, relaxed: bool = False) -> bool:
        """Keep the game in play (``relaxed``: only its clock moved).  Nothing
        is written for a game another tab has taken over, nor while a replay is shown."""
        self.saved_at = time.monotonic()
        if self.game is None or not self.holding or self.replaying:
            return True
        self.records.write(
            Change(
                games=[(self.game_id, self.meta().to_text(), self.game.to_json())], kv=self._current(), relaxed=relaxed
            )
        )
        return True

    def _current(self) -> dict[str, str | None]:
        """The texts a write of the game in play carries: its id as the game played last."""
        return {} if self.records.get(CURRENT) == self.game_id else {CURRENT: self.game_id}

    def keep(self, ended: bool) -> None:
        """After an action (``ended``: it ended the game): the game is written
        once.  At a final end not counted yet, the count and the game's
        record are that one write, a transaction under the cross-tab lock
        (:meth:`ui.storage.counting.Keeper.settle`); else :meth:`save`."""
        g = self.game
        if not ended or g is None or self.recorded or not self.holding or self.replaying or g.end_reason not in FINAL:
            self.save()  # nothing of a replay is written or counted (:meth:`save` says so)
            return
        self.saved_at = time.monotonic()
        self._count(self.meta(), g.to_json(), keep=self._current())

    def url(self) -> str:
        g = self.game
        assert g is not None
        return address.format_route(g.preset, g.deal, address.changed_options(g.preset, g.rules.option_values()))

    # -- statistics -----------------------------------------------------------------------
    def _count(self, meta: GameMeta, save: str, keep: dict[str, str | None] | None = None) -> None:
        def counted() -> None:
            if meta.id == self.game_id:
                self.recorded = True

        self.keeper.settle(meta, save, counted, keep=keep)

    def game_over(self) -> None:
        """The game reached an end: count it if the end is final."""
        g = self.game
        if g is None or self.recorded or not self.holding or self.replaying or g.end_reason not in FINAL:
            return
        self._count(self.meta(), g.to_json())

    def abandon(self) -> None:
        """The player leaves the game in play for good (a new deal of the
        same game, confirmed): an unfinished game with moves counts as a loss."""
        g = self.game
        if g is None or self.recorded or not self.holding or self.replaying or not len(g.moves):
            return
        self._count(self.meta(), g.to_json())

    def abandon_stored(self, meta: GameMeta, save: str) -> None:
        """Abandon a game of the Continue list: it counts as a loss, once."""
        self._count(meta, save)
