"""The flow of a visit (the session): from the first game to the last action.

:class:`Session` ties the table to everything around it.  It starts the
game the address names (or the saved one) and starts new ones; what
follows each action (speech, sound, the one write, the end screen) is
:class:`ui.game.after_action.AfterAction`'s.  It runs the clock, which starts at the first move and stops while the
page is hidden, and follows the address.  It implements the screens' :class:`ui.screens.end_view.Flow`.

Leaving a game: a new deal of the same game (New deal, Next deal, Replay,
the chooser's Play on the same game) abandons the one in play, which then
counts as a loss (the confirmation says so first); any other game, an
address or the Continue list keeps it, unfinished, for later.  The game a
tab shows is claimed for that tab (:class:`ui.game.tabs_view.TabGuard`), and a reload
of the tab opens it again (``sessionStorage``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import engine
from engine import OptionValue, Outcome
from ui.browser.dom import Element, document, tab_set, window
from ui.chrome import messages as say
from ui.chrome.appearance_view import Appearance
from ui.chrome.messages_view import Messages
from ui.chrome.sound_view import Sound
from ui.game import daily
from ui.game.after_action import UNDO, public_piles
from ui.game.current import GameService, kept_text
from ui.game.opening_view import TAB_GAME, Games
from ui.game.rewind_view import Rewind
from ui.game.tabs_view import TabGuard
from ui.helpers.hints_view import Helper
from ui.helpers.show_me_view import ShowMe
from ui.i18n.text import _
from ui.screens.dialog_view import Button, DialogHost
from ui.screens.end_view import Screens
from ui.storage.games import GameMeta
from ui.table.animate_view import Animator
from ui.table.cards import is_spider_runs
from ui.table.celebration import cascade
from ui.table.keyboard_view import Keys
from ui.table.table_view import Table


class ScreensHost(Protocol):
    """The screens the session opens but does not own."""

    def open_chooser(self) -> None: ...
    def open_stats(self, preset: str | None = None) -> None: ...
    def review_game(self, what: str) -> None: ...
    def end_extras(self, game: engine.Game, box: Element) -> list[Button]: ...
    def deal_grade(self, game: engine.Game, show: Callable[[str], None]) -> None: ...
    def game_set(self) -> None:
        """Another game is on the table (the header's challenge line follows it)."""


@dataclass(frozen=True)
class Parts:
    """The page's parts the session works with."""

    table: Table
    look: Appearance
    messages: Messages
    dialogs: DialogHost
    animator: Animator
    helper: Helper
    sound: Sound
    keys: Keys
    showme: ShowMe
    tabs: TabGuard


SLEPT_SECONDS = 5
"""A gap between two ticks longer than this means the page slept: it is charged half a second."""


class Session:
    """The game flow of one visit."""

    def __init__(self, parts: Parts, service: GameService) -> None:
        self.table = parts.table
        self.look = parts.look
        self.messages = parts.messages
        self.dialogs = parts.dialogs
        self.animator = parts.animator
        self.helper = parts.helper
        self.sound = parts.sound
        self.keys = parts.keys
        self.showme = parts.showme
        self.tabs = parts.tabs
        self.service = service
        self._screens: ScreensHost | None = None  # joined by :meth:`opens_screens_with`
        self.screens = Screens(self.dialogs, service, self.look, self, self.messages.show)
        self.rewind = Rewind(
            service, parts.table, parts.animator, parts.dialogs, parts.messages, self.screens, self.replay
        )
        """Taking moves back to a point: Restart this deal, Undo to the last deal, Start over."""
        self.clock_last = time.monotonic()
        self.games = Games(parts.tabs, service, self.messages, self)

    def opens_screens_with(self, screens: ScreensHost) -> None:
        """The screens the session opens but does not own (the chooser, the
        statistics, the review, the challenge): joined once they are made."""
        self._screens = screens

    def _screens_host(self) -> ScreensHost:
        assert self._screens is not None, "Session.opens_screens_with joins the screens when the page is made"
        return self._screens

    # -- games ----------------------------------------------------------------------
    def set_game(
        self, game: engine.Game, meta: GameMeta | None = None, practice: bool = False, *, dealt: bool = False
    ) -> None:
        """Show ``game``: a stored one (``meta``) or a new one (``practice``:
        a review's "Retry from here", never counted).  ``dealt``: its cards
        are on the table already (the welcome deal, drawn before Python
        started: shell/welcome.js), so they are not dealt again."""
        restored = meta is not None
        self.animator.finish()
        self.screens.cancel()
        self.dialogs.close()
        self.service.adopt(game, meta, practice)
        self.table.header.mark_daily(daily.parse_day(self.service.daily or ""))
        self.tabs.claim(self.service.game_id, restored)
        tab_set(TAB_GAME, self.service.game_id)
        self.showme.game_changed()
        self.helper.changed()
        self._screens_host().game_set()
        self.keys.game_changing()
        self.clock_last = time.monotonic()
        self.table.show(animate_deal=not restored and not dealt)
        self.messages.announce(
            say.game_text(
                game.rules,
                game.deal,
                public_piles(self.table.state),
                restored=restored,
                moves=len(game.moves),
                level=self.look.settings.verbosity,
            )
        )
        self.update_url()
        over = game.status != Outcome.PLAYING
        self.service.keep(ended=over)  # a game opened over is counted in its one write
        for note, ms in self.service.notes:
            self.messages.show(note, ms)
        self.service.notes.clear()
        if over:
            self.screens.game_ended()

    def new_game(self, preset: str, deal: int | None, options: dict[str, OptionValue]) -> None:
        """A new game (a random deal when ``deal`` is None)."""
        self._leave_for(preset)
        self.set_game(self.service.new_game(preset, deal, options))

    def _leave_for(self, preset: str) -> None:
        """Before a new game of ``preset``: a new deal of the same game abandons
        the one in play; another game keeps it."""
        g = self.service.game
        if g is None:
            return
        if g.preset == preset:
            self.service.abandon()
        elif self.service.in_progress():
            self.service.notes.append((kept_text(g.rules), 4000))

    def start_chosen(self, preset: str, deal: int | None, options: dict[str, OptionValue]) -> None:
        """The chooser's Play: the chosen options become the defaults of new games."""
        chosen = {k: v for k, v in options.items() if k in ("scoring", "time_limit")}
        if chosen:
            self.look.change(**chosen)

        def go() -> None:  # a deal typed is always played
            self.new_game(preset, deal, options)

        g = self.service.game
        if g is not None and g.preset == preset and self.service.in_progress():
            self.screens.ask_new(go)  # a new deal of the same game abandons this one
        else:
            go()

    def play_daily(self, preset: str, deal: int, day: str) -> None:
        """The daily deal of ``day`` (``YYYY-MM-DD``) for ``preset``: the game of
        it already begun if there is one, else a new one (a new deal of the game
        in play asks first, as any new deal of it does)."""
        g = self.service.game
        if g is not None and g.preset == preset and self.service.daily == day and g.status == Outcome.PLAYING:
            return
        for meta in self.service.unfinished():
            if meta.daily == day and meta.preset == preset:
                self.games.resume(meta.id)
                return

        def go() -> None:
            self.new_game(preset, deal, {})
            self.service.mark_daily(day)
            self.table.header.mark_daily(daily.parse_day(day))
            self.table.render()  # the header's title: "Daily · 27 Nov"
            self.save()

        if g is not None and g.preset == preset and self.service.in_progress():
            self.screens.ask_new(go)
        else:
            go()

    def practise(self, game: engine.Game) -> None:
        """A review's "Retry from here": ``game`` (a position of a finished
        game) as a new game, counted as practice; the game in play is kept."""
        g = self.service.game
        if g is not None and self.service.in_progress():
            self.service.notes.append((kept_text(g.rules), 4000))
        self.set_game(game, practice=True)
        self.messages.show(_("Practice from here: this game is not counted in the statistics."), 5000)

    def another_deal(self) -> None:
        """A new deal of the game shown, the one shown left as it is (it is another tab's now)."""
        g = self.service.game
        assert g is not None
        self.set_game(self.service.new_game(g.preset, None, self.service.next_options()))

    def ask_new_deal(self) -> None:
        g = self.service.game
        assert g is not None
        self.screens.ask_new(lambda: self.new_game(g.preset, None, self.service.next_options()))

    # -- the screens' flow ------------------------------------------------------------------
    def undo(self) -> None:
        g = self.service.game
        assert g is not None
        self.animator.finish()
        self.table.pointer.cancel(animate=False)
        if not g.can_undo:
            if g.status == Outcome.PLAYING and len(g.moves):
                self.messages.show(_("Dealing a draw pile and clearing a run cannot be undone."))
            return
        self.dialogs.close()
        self.screens.cancel()
        self.table.act(g.undo, reverse=True, how=UNDO)

    def redo(self) -> None:
        g = self.service.game
        assert g is not None
        self.animator.finish()
        self.table.pointer.cancel(animate=False)
        if g.can_redo:
            self.table.act(g.redo, how="redo")

    def resign(self) -> None:
        g = self.service.game
        assert g is not None
        self.table.act(g.resign)

    def replay(self) -> None:
        g = self.service.game
        assert g is not None
        self._leave_for(g.preset)
        self.set_game(engine.new_game(g.preset, g.deal, **g.rules.option_values()))

    def next_deal(self) -> None:
        g = self.service.game
        assert g is not None
        self.new_game(g.preset, None, self.service.next_options())

    def open_chooser(self) -> None:
        self._screens_host().open_chooser()

    def open_stats(self) -> None:
        self._screens_host().open_stats(None)

    def review_game(self, what: str) -> None:
        self._screens_host().review_game(what)

    def animating(self) -> bool:
        return self.animator.running

    def end_extras(self, game: engine.Game, box: Element) -> list[Button]:
        return self._screens_host().end_extras(game, box)

    def deal_grade(self, game: engine.Game, show: Callable[[str], None]) -> None:
        self._screens_host().deal_grade(game, show)

    def win_wave(self) -> None:
        """The win's celebration: the cards bounce off the table (ui/table/celebration.py)."""
        t, lay, r = self.table.tracker, self.table.layout, self.table.renderer
        g = self.service.game
        assert t is not None and lay is not None and g is not None
        runs = is_spider_runs(g.rules)  # a completed run shows its King on top: the King goes first
        piles = [
            [(uid, d.x, d.y) for uid in (uids[::-1] if runs and pile.is_foundation else uids) if (d := r.drawn[uid])]
            for pile, uids in t.piles.items()
        ]
        plan = cascade(
            piles,
            width=lay.width,
            height=lay.height,
            card_width=lay.card_width,
            card_height=lay.card_height,
            seed=g.deal or 0,
        )
        self.animator.cascade([(r.card(f.uid), f) for f in plan])

    def stats_closed(self) -> None:
        """The statistics screen closed: back to the end screen if the game is over."""
        g = self.service.game
        if g is not None and g.status != Outcome.PLAYING:
            self.screens.game_ended()

    # -- time, storage and the address ------------------------------------------------------
    def save(self, relaxed: bool = False) -> None:
        if self.service.game is not None:
            self.service.save(relaxed)

    def update_url(self) -> None:
        url = self.service.url()
        if str(window.location.hash) != url:
            window.history.replaceState(None, "", url)

    def tick(self, *_: object) -> None:
        now = time.monotonic()
        dt = now - self.clock_last
        self.clock_last = now
        g = self.service.game
        if g is None or g.status != Outcome.PLAYING or not self.service.holding or self.service.replaying:
            return  # a replay's clock stands still, and so does the player's game's, set aside
        if str(document.visibilityState) != "visible":
            return
        self.helper.tick()
        if not g.moves and not g.elapsed:
            return  # the clock (and Tournament's countdown) starts at the first move
        if dt > SLEPT_SECONDS:  # the page slept: do not charge the player for it
            dt = 0.5
        left = g.time_left
        events = g.set_elapsed(g.elapsed + dt)
        if events:
            self.table.show_events(events, None, False, "clock")
            return
        self.messages.announce(say.time_warning(left, g.time_left))
        t = self.table.tracker
        if t is not None:
            self.table.header.show_status(g, t, self.table.narrow)
        if now - self.service.saved_at > 5:
            self.save(relaxed=True)

    def on_visibility(self, *_: object) -> None:
        self.clock_last = time.monotonic()
        hidden = str(document.visibilityState) != "visible"
        self.sound.visibility(hidden)
        if hidden:
            self.save()

    def dialog_changed(self, opening: bool) -> None:
        if opening:
            self.table.pointer.cancel(animate=False)
            if self.animator.celebrating:  # no card flies behind a dialog: the celebration ends here
                self.screens.held_while(self.animator.finish)
        else:
            self.clock_last = time.monotonic()
            self.screens.settled()  # an end screen kept waiting by the dialog shows now
