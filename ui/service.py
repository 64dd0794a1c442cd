"""The game service: which game is played, kept and counted — no DOM.

:class:`GameService` opens the game an address names or the saved one,
starts new ones (with the settings' defaults), keeps the game in storage
after every action, and counts it in the statistics once (:class:`Keeper`).
Storage comes in through the small :class:`Storage` protocol, so pytest
drives all of it without a browser.

When a game counts: a win, a resignation or the tournament clock running
out count at once; a game with moves played that the player leaves for
another (New, Choose game, Replay deal, another address) counts as a loss —
the confirmation says so first, when confirmations are on.  A stuck game is
not counted until it is left (Undo can still save it).  Each game carries an
id and a ``recorded`` mark in its save, so a reload never counts it twice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, Protocol

import engine
from engine.rules import OptionValue

from . import persist, routing, stats

FINAL = ("won", "resigned", "time")
"""End reasons that are final (a stuck game can still be undone)."""
LEFT_ONE = "The unfinished game you left counted as a loss."
NOTE_MS = 2600


class Storage(Protocol):
    """Text kept under keys (the browser's storage, or a dict in tests)."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> bool: ...


class Keeper:
    """The statistics book, kept in storage, and what the last game changed."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        raw = storage.get(stats.STATS_KEY)
        self.book, self.error = stats.load(raw)
        if self.error and raw is not None:
            storage.set(stats.STATS_KEY + persist.UNREADABLE_SUFFIX, raw)
            self.save()
        self.last: tuple[str, stats.Change] | None = None  # (game id, change)

    def save(self) -> None:
        self.storage.set(stats.STATS_KEY, self.book.to_text())

    def replace(self, book: stats.Book) -> None:
        """An imported book takes the place of ours."""
        self.book = book
        self.save()

    def reset(self, preset: str) -> None:
        self.book.reset(preset)
        self.save()

    def refresh(self) -> None:
        """Re-read storage first: another tab of the game may have counted games since."""
        raw = self.storage.get(stats.STATS_KEY)
        if raw:
            try:
                self.book = stats.parse(raw)
            except stats.StatsError:
                pass  # keep ours; the next save writes it

    def count(self, game_id: str, game: engine.Game, won: bool) -> None:
        self.refresh()
        change = self.book.record(game.preset, won=won, score=game.score, seconds=game.elapsed, moves=len(game.moves))
        self.last = (game_id, change)
        self.save()

    def change_for(self, game_id: str) -> stats.Change | None:
        if self.last is not None and self.last[0] == game_id:
            return self.last[1]
        return None


class Opening(NamedTuple):
    """The game to show at the start: restored or new, and what to tell the player."""

    game: engine.Game
    restored: bool
    message: str | None


class GameService:
    """The game in play, its id and statistics mark, and where it is kept."""

    def __init__(
        self,
        storage: Storage,
        settings: Callable[[], persist.Settings],
        pick_deal: Callable[[str, dict[str, OptionValue]], tuple[int | None, str | None]],
    ) -> None:
        self.storage = storage
        self._settings = settings
        self._pick_deal = pick_deal
        self.keeper = Keeper(storage)
        self.game: engine.Game | None = None
        self.game_id = ""
        self.recorded = False
        self.notes: list[tuple[str, int]] = []
        """(sentence, milliseconds shown) for the player about the last game
        started: a deal's origin, a refused option."""

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
        winnable deal when "Winnable deals only" is on for it."""
        options = self.with_defaults(preset, options)
        if deal is None:
            deal, note = self._pick_deal(preset, options)
            if note:
                self.notes.append((note, NOTE_MS))
        try:
            return engine.new_game(preset, deal, **options)
        except engine.EngineError as e:
            self.notes.append((f"{e}. A random deal of {engine.PRESETS[preset].name} has started.", 6000))
            return engine.new_game(preset)

    def routed(self, route: routing.Route) -> engine.Game:
        """The game an address names: its deal, always; else a random one."""
        return self.new_game(route.preset, route.deal, dict(route.options))

    # -- the game in play --------------------------------------------------------------
    def in_progress(self) -> bool:
        g = self.game
        return g is not None and g.status == "playing" and len(g.moves) > 0

    def adopt(self, game: engine.Game, restored: bool) -> None:
        """``game`` is the one played now; a new one leaves the old one behind."""
        if not restored:
            self.leaving()  # an abandoned game counts as a loss
            self.game_id, self.recorded = persist.new_game_id(), False
        elif not self.game_id:
            self.game_id = persist.new_game_id()
        self.game = game

    def matches(self, route: routing.Route, game: engine.Game | None = None) -> bool:
        """Whether the address names ``game`` (by default the one in play)."""
        g = game or self.game
        return (
            g is not None
            and g.preset == route.preset
            and (route.deal is None or route.deal == g.deal)
            and routing.changed_options(g.preset, g.rules.option_values())
            == routing.changed_options(route.preset, dict(route.options))
        )

    def start(self, fragment: str) -> Opening:
        """Open the game the address names, else resume the saved one, else a new one."""
        route = routing.parse_route(fragment)
        raw = self.storage.get(persist.CURRENT_KEY)
        slot = persist.read_slot(raw)
        saved, error = slot.game, slot.error
        if error and raw is not None:  # set aside, never dropped
            self.storage.set(persist.CURRENT_KEY + persist.UNREADABLE_SUFFIX, raw)
        if saved is not None:
            self.game_id, self.recorded = slot.game_id, slot.recorded
        message = " ".join(m for m in (error, self.keeper.error) if m) or None
        if route is None:
            if saved is not None:
                return Opening(saved, True, message)
            return Opening(self.new_game(routing.DEFAULT_PRESET, None, {}), False, message)
        if saved is not None and self.matches(route, saved):
            opening = Opening(saved, True, message)
        else:
            # The address names another game: the saved one is left behind, and
            # an unfinished one counts as a loss, as when leaving it from the page.
            self.game = saved
            left = self.in_progress()
            opening = Opening(self.routed(route), False, None)
            if route.error:
                message = route.error + (" " + error if error else "")
            if left:
                message = " ".join(m for m in (message, LEFT_ONE) if m)
            return opening._replace(message=message)
        if route.error:
            message = route.error + (" " + error if error else "")
        return opening._replace(message=message)

    def save(self) -> bool:
        """Keep the game in play; False when the browser would not."""
        if self.game is None:
            return True
        return self.storage.set(persist.CURRENT_KEY, persist.write_current(self.game, self.game_id, self.recorded))

    def url(self) -> str:
        g = self.game
        assert g is not None
        return routing.format_route(g.preset, g.deal, routing.changed_options(g.preset, g.rules.option_values()))

    # -- statistics -----------------------------------------------------------------------
    def game_over(self) -> None:
        """The game reached an end: count it if the end is final."""
        g = self.game
        if g is None or self.recorded or g.end_reason not in FINAL:
            return
        self.keeper.count(self.game_id, g, g.end_reason == "won")
        self.recorded = True

    def leaving(self) -> None:
        """The player leaves the current game for another: an unfinished game
        with moves played counts as a loss."""
        g = self.game
        if g is None or self.recorded or not len(g.moves):
            return
        self.keeper.count(self.game_id, g, g.end_reason == "won" if g.end_reason in FINAL else False)
        self.recorded = True
