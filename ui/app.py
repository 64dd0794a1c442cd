"""The composition root: the page's parts, made and wired together.

Which part owns what (the adapters between them are at the end of this module):

* :mod:`ui.chrome.appearance_view` — the settings and the system's wishes; subscribers.
* :mod:`ui.chrome.header_view` — the bar and its buttons; :mod:`ui.chrome.messages_view` — the live
  region and the message area; :mod:`ui.screens.dialog_view` — the overlay, one dialog
  at a time, focus kept inside.
* :mod:`ui.table.table_view` — the table state (game, tracker, layout, selection) and
  the actions on it; :mod:`ui.table.render_view` — card and pile elements;
  :mod:`ui.table.animate_view` — flights, flips, the spider, the shake, the win;
  :mod:`ui.table.pointer_view` — drags and taps; :mod:`ui.table.keyboard_view` — the keys.
* :mod:`ui.game.current` — which game is played, kept and counted (no DOM);
  :mod:`ui.game.flow_view` — the flow around the table (start, new games, the
  clock, the address, the end); :mod:`ui.screens.end_view` — confirmations and the
  end screen; :mod:`ui.screens.chooser_view` and :mod:`ui.screens.statistics_view` — their screens;
  :mod:`ui.helpers.hints_view` — Hint, Finish, "Still winnable?"; :mod:`ui.chrome.sound_view`.

A pointer event becomes an engine move and comes back as DOM changes:
``Pointer`` (drop on the pile overlapped most) → ``Table.dispatch`` →
``engine.Game.play`` → events → :class:`ui.game.after_action.AfterAction`
(the helpers forget; ``Tracker.apply`` → layout → ``plan`` →
``CardRenderer.render`` and the ``Animator``; said, sound, one write, the
end screen).

The parts are made in order, each from parts made before it; no function
given to a part reaches a part made after it.  A part made earlier hears
of a later one only when the later one joins it through a method
(``after.forgets``, ``animator.when_settled``, ``table.when_input``,
``dialogs.keeps_behind``, ``tabs.answers``, ``helper.when_going_back``, …),
so every joining is in :meth:`TableApp.__init__`, in the order it runs.
The app's own commands (Undo, New game, the screens) reach every part, so
they join last: the header's buttons (``header.answers_with``), the keys
(``keys.obeys``) and the session's screens (``session.opens_screens_with``).
``tests/test_structure.py`` keeps it so (no lambda, ``self`` or method of
``self`` given to a part reaches a part made after it).
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable, Mapping, Sequence

import engine
from engine import OptionValue, Outcome
from ui.browser.dom import Bindings, DomEvent, Element, create_proxy, document, el, window
from ui.browser.store import Opened
from ui.chrome.appearance_view import Appearance
from ui.chrome.first_tip_view import FirstTip
from ui.chrome.header_view import Header
from ui.chrome.messages import game_name
from ui.chrome.messages_view import Messages
from ui.chrome.sound_view import Sound
from ui.game import address, challenge, daily
from ui.game.after_action import AfterAction
from ui.game.challenge_view import Challenges
from ui.game.current import WELCOME_DEAL, WELCOME_PRESET, GameService
from ui.game.flow_view import Parts, Session
from ui.game.replay import Recording, practice_game
from ui.game.replay_view import Replay
from ui.game.tabs_view import TabGuard
from ui.helpers.hints import WinnableChoice
from ui.helpers.hints_view import Helper
from ui.helpers.show_me_view import ShowMe
from ui.helpers.winnable_deals_view import WinnableDeals
from ui.i18n.text import LANGUAGES, N_, _
from ui.i18n.text_view import Language
from ui.screens.chooser_view import build_chooser
from ui.screens.daily_view import open_daily
from ui.screens.dialog_view import Button, DialogHost
from ui.screens.help_view import open_help
from ui.screens.review_view import Reviews
from ui.screens.settings_view import open_settings
from ui.screens.statistics_view import StatsOpening, open_stats
from ui.storage import games as library
from ui.storage.counting import Keeper
from ui.storage.games import GameMeta
from ui.storage.statistics import DailyWin, Record
from ui.storage.store import STATS
from ui.table import first_move
from ui.table.animate_view import Animator
from ui.table.keyboard_view import Keys
from ui.table.render_view import CardRenderer
from ui.table.state import TableState
from ui.table.table_view import Table

OFFLINE_READY = N_("Ready to play offline.")
"""Said once, when the first visit's service worker holds the whole site."""


class TableApp:
    """The whole table page: every part, wired."""

    def __init__(self, root: Element, opened: Opened, language: Language) -> None:
        self.root = root
        self.opened = opened
        self.language = language
        table = el("div", "table", id="table", data_status="loading")
        self.look = look = Appearance(table, opened.records)
        self.header = header = Header(table)
        # role=application: a screen reader in browse mode would otherwise take the
        # arrows and letter keys (ui/table/keyboard.py) before the page sees them.
        felt = el("div", "felt", parent=table, role="application", aria_label=_("Card table"))
        self.felt = felt
        self.messages = messages = Messages(table, header.info, lambda: look.settings.verbosity)
        self.tip = FirstTip(table, opened.records)  # before anything is stored: is this a new player?
        self.dialogs = dialogs = DialogHost(table)
        dialogs.keeps_behind(header.bar, felt)
        self.animator = animator = Animator(table, felt)
        self.renderer = renderer = CardRenderer(table, felt, animator)
        self.state = state = TableState()  # the game and what the page derives from it, held once
        self.sound = sound = Sound(table, look)
        self.winnable = WinnableDeals(table, look, lambda: state.game, lambda: not dialogs.is_open)
        self.service = service = GameService(
            opened.records, lambda: look.settings, self.winnable.random_deal, state=state
        )
        self.tabs = tabs = TabGuard(table, opened.records.store, service, dialogs)
        self.after = after = AfterAction(state, service, messages, sound, lambda: look.settings)
        gate = TableGate(dialogs, tabs, messages, sound)
        self.table = Table(root, table, felt, header, renderer, look, gate, state, after)
        self.helper = helper = Helper(self.table, header, messages, dialogs, look, self.winnable.proves)
        self.winnable.on_load(helper.proven_list_loaded)
        self.showme = showme = ShowMe(table, ShowMeHost(service, self.table, helper, dialogs, messages))
        dialogs.keeps_behind(helper.btn_finish, showme.bar)
        self.keys = Keys(felt, self.table, dialogs, messages)
        parts = Parts(self.table, look, messages, dialogs, animator, helper, sound, self.keys, showme, tabs)
        self.session = session = Session(parts, service)
        # the game review: replays and reviews (ui/game/replay_view.py, ui/screens/review_view.py)
        self.replay = replay = Replay(
            table, ReplayTableHost(service, self.table, helper, showme, (header.bar, felt), messages)
        )
        self.reviews = Reviews(
            dialogs,
            opened.records,
            replay,
            lambda rec, k: session.practise(practice_game(rec, k)),
            lambda text: messages.show(text, 6000),
        )
        dialogs.keeps_behind(replay.bar)
        gate.refuses_input_while(lambda: replay.active)  # a replay is watched, not played
        # challenge links: made from the end screen, opened from the address
        self.challenges = challenges = Challenges(
            dialogs, ChallengeParts(service, session, header, messages, self.winnable.grade_later)
        )
        challenges.watch_with(self._watch_challenge)  # "Watch their game": the review's replay
        rewind = session.rewind
        helper.when_going_back(
            lambda moves: (
                rewind.restart()
                if moves == 0
                else rewind.undo_to(moves, _("Back to the last position with a useful move."))
            )
        )
        helper.deadend.when_proven(session.screens.no_useful_moves)
        # after an action: the helpers and "Show me how" forget, ..., the end screen
        after.forgets(gate.acted)  # a refused move's reason goes once the player moves on
        after.forgets(helper.changed)
        after.forgets(showme.changed)
        after.forgets(challenges.changed)  # the header's challenge line follows the game
        after.at_end(session.screens.game_ended)
        # the table is still: the end screen first, then the helpers, then "Show me how"
        animator.when_settled(session.screens.settled)
        animator.when_settled(helper.settled)
        animator.when_settled(showme.settled)
        animator.when_settled(replay.settled)
        self.table.when_input(helper.interrupt)  # after the flights are cut short, which would carry Finish on
        opened.store.listen(opened.records, tabs.lost, self._heard)
        dialogs.subscribe(session.dialog_changed)
        look.subscribe(self._settings_changed)
        language.subscribe(self._language_changed)
        language.when_failed(self._language_failed)
        # the app's commands reach every part: they join the buttons, the keys and the session last
        header.answers_with(
            {
                "undo": self.undo,
                "redo": self.redo,
                "games": self.open_chooser,
                "new": self.ask_new_deal,
                "more": self.open_menu,
                "sound": self.toggle_sound,
                "hint": self.hint,
                "help": self.open_help,
            }
        )
        self.keys.obeys(self)
        session.opens_screens_with(self)
        header.show_sound(not look.settings.muted)
        self._bind(table, felt)
        root.replaceChildren(table)
        self.table.measure()

    def _bind(self, table: Element, felt: Element) -> None:
        b = self._bindings = Bindings()
        b.on(document, "pointerdown", lambda e: self.sound.gesture(), capture=True)  # audio after a gesture only
        b.on(document, "keydown", self._on_key)
        b.on(window, "hashchange", lambda e: self._on_hash())
        b.on(document, "visibilitychange", lambda e: self.session.on_visibility())
        b.on(window, "pagehide", lambda e: self.session.save())
        b.on(window, "resize", lambda e: self.table.resize())
        b.on(window, "spider:offline-ready", lambda e: self.messages.show(_(OFFLINE_READY), 4000))
        self._resize_proxy = create_proxy(lambda *_: self.table.resize())
        window.ResizeObserver.new(self._resize_proxy).observe(self.root)
        self._tick_proxy = create_proxy(self.session.tick)
        window.setInterval(self._tick_proxy, 500)

    def play_first_move(self, kept: str | None) -> bool:
        """The gestures a new player made on the welcome deal while Python
        started (``shell/firstmove.js``), played now as live ones: a drag or
        a tap through the table's pointer (played if legal, else the cards go
        back with the engine's reason), Undo as the button.  Only on that
        deal, as the page drew it, before any move.  True when anything was
        handed on."""
        g = self.state.game
        gestures = first_move.parse(kept, address.format_route(WELCOME_PRESET, WELCOME_DEAL, {}))
        drawn = str(document.documentElement.getAttribute("data-picture") or "") == "welcome"
        if not gestures or g is None or not drawn or (g.rules.id, g.deal) != (WELCOME_PRESET, WELCOME_DEAL) or g.moves:
            return False
        self.tip.close()  # a move puts the first tip away, as any press does
        for gesture in gestures:
            if gesture.kind == "undo":
                self.undo()
            elif not self.table.replay(gesture):
                break
        return True

    # -- commands (buttons, keys) -------------------------------------------------
    def undo(self) -> None:
        self.helper.interrupt()
        self.session.undo()

    def redo(self) -> None:
        self.helper.interrupt()
        self.session.redo()

    def hint(self) -> None:
        self.helper.hint()

    def ask_new_deal(self) -> None:
        self.helper.interrupt()
        self.session.ask_new_deal()

    def ask_end(self) -> None:
        self.helper.interrupt()
        self.session.screens.ask_end()

    def open_menu(self) -> None:
        self.helper.interrupt()
        self.session.screens.open_menu(
            lambda: self.open_help("keys"), self.open_daily, self.show_me, lambda: self.open_settings(False)
        )

    def show_me(self) -> None:
        self.helper.interrupt()
        self.showme.ask()

    def open_help(self, tab: str = "play") -> None:
        self.helper.interrupt()
        g = self.service.game
        open_help(self.dialogs, g.preset if g else "spider-1", self.look.settings.tap, tab)

    def open_daily(self) -> None:
        self.service.keeper.refresh()
        open_daily(self.dialogs, DailyScreenHost(self.service.keeper, self.winnable, self.session, self.messages))

    def toggle_sound(self) -> None:
        self.look.change(muted=not self.look.settings.muted)

    def clear_hint(self) -> None:
        self.helper.clear_hint()

    def illegal(self) -> None:
        self.sound.effect("illegal")

    def _on_key(self, e: DomEvent) -> None:
        if str(e.key) in ("Shift", "Control", "Alt", "Meta"):
            return
        self.sound.gesture()
        if not self.dialogs.is_open and self.showme.on_key(e):  # P, →, Escape while "Show me" runs
            return
        if not self.dialogs.is_open and self.replay.on_key(e):  # a replay on the table takes the keys
            return
        self.helper.interrupt()  # any key stops Finish and the background search
        if self.animator.celebrating:  # a key skips the win's cascade, and does nothing else
            self.animator.finish()
            e.preventDefault()
            return
        self.keys.on_key(e)

    # -- screens ------------------------------------------------------------------------
    def open_chooser(self) -> None:
        self.helper.interrupt()
        self.service.keeper.refresh()  # the tiles show the player's record
        build_chooser(
            self.dialogs,
            self.look,
            ChooserParts(
                self.service,
                self.winnable,
                self.session,
                lambda: self.open_stats(chooser=True),
                self.open_settings,
                self.open_daily,
            ),
        )

    def open_settings(self, back_to_chooser: bool = True) -> None:
        """The Settings screen (from the chooser: Done goes back to it)."""
        self.helper.interrupt()
        open_settings(self.dialogs, self.look, self.language, self.open_chooser if back_to_chooser else None)

    def open_stats(self, preset: str | None = None, chooser: bool = False, details: bool = False) -> None:
        """The statistics: every game's card, or, once a game is over, that
        game's figures (its card among the others a tap away).  Opened from
        the chooser, Close goes back to it."""
        g = self.service.game
        over = g is not None and g.status != Outcome.PLAYING
        shown = preset or (g.preset if g else "spider-1")
        back = self.open_chooser if chooser else self.session.stats_closed
        open_stats(
            self.dialogs,
            self.service.keeper,
            StatsOpening(shown, details=details or (over and not chooser)),
            back,
            RecentGamesList(self.service, self.reviews, lambda p: self.open_stats(p, chooser, details=True)),
        )

    # -- the game review -------------------------------------------------------------------
    def review_game(self, what: str) -> None:
        """The end screen's Review (``review``) and Watch again (``watch``): the game just ended."""
        g = self.service.game
        if g is None or self.replay.active:
            return
        rec, key = Recording.of(g), self.service.game_id
        if what == "watch":
            self.dialogs.close()
            self.replay.open(rec, 0, self.reviews.known(key, rec), self.session.stats_closed)
        else:
            self.reviews.open(rec, key, self.session.stats_closed, shown=self.service.shown)

    def watch(self, game: engine.Game, on_close: Callable[[], None] | None = None) -> None:
        """Watch ``game`` (a deal and its moves, from anywhere: a link, a file)
        with the replay's controls; the player's game waits aside."""
        if self.replay.active:
            self.replay.close()
        self.dialogs.close()
        self.replay.open(Recording.of(game), 0, None, on_close)

    # -- challenge links -------------------------------------------------------------
    def _watch_challenge(
        self, preset: str, deal: int, options: dict[str, OptionValue], moves: tuple[engine.Move, ...], title: str
    ) -> None:
        """A challenger's game, replayed from its checked link, with the replay's controls."""
        game = engine.new_game(preset, deal, **options)
        for move in moves:
            game.play(move)
        self.watch(game)
        self.messages.announce(_("Watching {title}.").format(title=title))

    def _on_hash(self) -> None:
        """The address changed: a challenge opens over the game in play, which keeps its address."""
        code = challenge.code_of(str(window.location.hash))
        if code is None:
            self.session.games.on_hash()
            return
        self.session.update_url()
        self.challenges.open_code(code)

    def game_set(self) -> None:
        self.challenges.changed()

    def end_extras(self, game: engine.Game, box: Element) -> list[Button]:
        """The end screen's challenge: the verdict of one in play, and Challenge a friend."""
        return self.challenges.end_part(game, box)

    def deal_grade(self, game: engine.Game, show: Callable[[str], None]) -> None:
        """``show(grade)`` of the game's deal ("Easy" ... "Expert"), if it has one, once known."""
        self.winnable.grade_later(game.preset, game.deal, game.rules.option_values(), show)

    # -- settings ---------------------------------------------------------------------
    def _settings_changed(self, names: frozenset[str]) -> None:
        if "indicator" in names:
            self.helper.settings_changed()
        if "motion" in names and self.look.reduced:
            self.animator.finish()
        if {"left_handed", "portrait"} & names and self.table.tracker is not None:
            self.animator.finish()
            self.table.relayout()
            self.table.render(None)
        if "muted" in names:
            self.header.show_sound(not self.look.settings.muted)
        if "language" in names:
            self.language.follow(self.look.settings.language)

    def _language_changed(self) -> None:
        """Another language is in use: every word on the table in it, at once
        (an open screen re-renders itself: it subscribed while open)."""
        self.felt.setAttribute("aria-label", _("Card table"))
        self.messages.forget()
        self.header.relabel()
        self.header.show_sound(not self.look.settings.muted)
        if self.table.tracker is not None:
            self.table.render(None)

    def _language_failed(self, code: str) -> None:
        names = dict(LANGUAGES)
        self.messages.show(
            _("The language {language} could not be loaded; try again when online.").format(
                language=names.get(code, code)
            )
        )

    def _heard(self, what: str) -> None:
        """Another tab wrote ``what`` (a key or a game id), now in the records."""
        if what == STATS:
            self.service.keeper.refresh()

    async def start(self) -> None:
        self.winnable.load(self.session.new_game)
        code = challenge.code_of(str(window.location.hash))
        if code is not None:  # a challenge: the player's own game opens first, the challenge over it
            window.history.replaceState(None, "", f"{window.location.pathname}{window.location.search}")
        await self.session.games.start(self.opened.note)
        g = self.service.game
        if code is not None:
            self.challenges.open_code(code)
        else:
            self.tip.offer(restored=g is None or bool(g.moves))


# ---- the adapters that give each part the narrow host it asks for -----------


class TableGate:
    """The table's host (:class:`ui.table.table_view.TableHost`): whether it
    takes input and may act, and what it says when it refuses."""

    def __init__(self, dialogs: DialogHost, tabs: TabGuard, messages: Messages, sound: Sound) -> None:
        self._dialogs = dialogs
        self._tabs = tabs
        self._messages = messages
        self._sound = sound
        self._busy: list[Callable[[], bool]] = []
        self._refusal: str | None = None  # the reason last shown for a refused move

    def refuses_input_while(self, busy: Callable[[], bool]) -> None:
        """No input reaches the table while ``busy()`` (a part made after the table: the replay)."""
        self._busy.append(busy)

    def accepts_input(self) -> bool:
        return not self._dialogs.is_open and not any(busy() for busy in self._busy)

    def may_act(self) -> bool:
        return self._tabs.may_play()

    def refused(self, reason: str, sound: bool) -> None:
        self._refusal = reason
        self._messages.show(reason)
        if sound:
            self._sound.effect("illegal")

    def acted(self) -> None:
        """An action was played: the reason a move was refused no longer stands (another message stays)."""
        if self._refusal is not None:
            self._messages.withdraw(self._refusal)
            self._refusal = None


class ChooserParts:
    """What the game chooser needs: the game, the options, the winnable deals, a start."""

    def __init__(
        self,
        service: GameService,
        winnable: WinnableDeals,
        session: Session,
        stats: Callable[[], None],
        settings: Callable[[], None],
        daily_screen: Callable[[], None],
    ) -> None:
        self._service = service
        self._winnable = winnable
        self._session = session
        self._stats = stats
        self._settings = settings
        self._daily = daily_screen

    @property
    def game(self) -> engine.Game | None:
        return self._service.game

    def with_defaults(self, preset: str, options: dict[str, OptionValue]) -> dict[str, OptionValue]:
        return self._service.with_defaults(preset, options)

    def winnable_choice(self, preset: str, options: dict[str, OptionValue]) -> WinnableChoice:
        return self._winnable.choice(preset, options)

    def grade_note(self, preset: str, letter: str) -> str | None:
        return self._winnable.grade_note(preset, letter)

    def graded_note(self, preset: str, letter: str) -> str | None:
        return self._winnable.graded_note(preset, letter)

    def watch_winnable(self, fn: Callable[[], None]) -> None:
        self._winnable.watch(fn)

    def start_chosen(self, preset: str, deal: int | None, options: dict[str, OptionValue]) -> None:
        self._session.start_chosen(preset, deal, options)

    def open_stats(self) -> None:
        self._stats()

    def open_settings(self) -> None:
        self._settings()

    def record(self, preset: str) -> Record:
        return self._service.keeper.book.get(preset)

    def unfinished(self) -> list[GameMeta]:
        return self._service.unfinished()

    def daily_row(self) -> tuple[str, str, bool]:
        """The Daily row: its title with today's date, today's state, whether a deal was won today."""
        today = local_today()
        won = self._service.keeper.book.daily.get(daily.format_day(today), {})
        names = [game_name(engine.PRESETS[p]) for p in won if p in engine.PRESETS]
        return _("Daily deals · {day}").format(day=daily.short_day(today)), daily.today_line(names), bool(names)

    def open_daily(self) -> None:
        self._daily()

    def resume(self, game_id: str) -> None:
        self._session.games.resume(game_id)

    def abandon(self, meta: GameMeta) -> None:
        self._session.games.abandon(meta)

    def now(self) -> float:
        return time.time() * 1000.0


def local_today() -> datetime.date:
    """The player's local date (the page's clock: Python's is UTC in Pyodide)."""
    now = window.Date.new()
    return datetime.date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))


class DailyScreenHost:
    """What the Daily screen needs: the proven deals, the days won, today, a start."""

    def __init__(self, keeper: Keeper, winnable: WinnableDeals, session: Session, messages: Messages) -> None:
        self._keeper = keeper
        self._winnable = winnable
        self._session = session
        self._messages = messages

    def deals(self) -> Mapping[str, Sequence[int]] | None:
        return self._winnable.deals

    def grades(self) -> Mapping[str, Mapping[int, str]] | None:
        return self._winnable.grades if self._winnable.grades is not None or not self._winnable.failed else {}

    def watch(self, fn: Callable[[], None]) -> None:
        self._winnable.watch(fn)

    def won(self) -> Mapping[str, Mapping[str, DailyWin]]:
        return self._keeper.book.daily

    def today(self) -> datetime.date:
        return local_today()

    def play(self, preset: str, deal: int, day: datetime.date) -> None:
        self._session.play_daily(preset, deal, daily.format_day(day))

    def say(self, text: str) -> None:
        self._messages.show(text, 6000)


class ShowMeHost:
    """What "Show me how" needs: the game, the table, the helpers held, a question."""

    def __init__(
        self,
        service: GameService,
        table: Table,
        helper: Helper,
        dialogs: DialogHost,
        messages: Messages,
    ) -> None:
        self._service = service
        self._table = table
        self._helper = helper
        self._dialogs = dialogs
        self._messages = messages

    def game(self) -> engine.Game | None:
        return self._service.game

    def play(self, move: engine.Move) -> bool:
        return self._table.dispatch(move)

    def can_play(self) -> bool:
        return not self._dialogs.is_open  # another tab's game: play() refuses, and the show stops

    def dragging(self) -> bool:
        return self._table.state.dragging

    def mark_shown(self) -> None:
        self._service.mark_shown()

    def hold_helpers(self, held: bool) -> None:
        """While held, the helpers do nothing in the background and offer no Finish."""
        self._helper.hold(held)

    def known_line(self, pos: engine.Position) -> tuple[engine.Move, ...] | None:
        """A win from ``pos`` the helpers found already (Finish's, or "Still winnable?"'s)."""
        return self._table.state.known_win(pos)

    def dead_end(self) -> bool:
        """The position on the table is a proven dead end: say so (as Hint does); True if it is."""
        g = self._service.game
        if g is None or not self._table.state.at_dead_end():
            return False
        self._helper.dead_end_note(g)
        return True

    def confirm(self, title: str, text: str, yes: str, then: Callable[[], None]) -> None:
        d = self._dialogs.open("show", title)
        el("p", "", text, parent=d.box)

        def go() -> None:
            self._dialogs.close()
            then()

        d.buttons(d.box, [("cancel", _("Keep playing"), self._dialogs.close, False), ("confirm", yes, go, True)])

    def say(self, text: str) -> None:
        self._messages.show(text, 6000)

    def announce(self, text: str) -> None:
        self._messages.announce(text)


# ---- the game review's adapters (ui/game/replay_view.py, ui/screens/review_view.py) ----


class ReplayTableHost:
    """What a replay needs: the table, with the player's game set aside while it shows another."""

    def __init__(
        self,
        service: GameService,
        table: Table,
        helper: Helper,
        showme: ShowMe,
        held: tuple[Element, ...],
        messages: Messages,
    ) -> None:
        self._service = service
        self._table = table
        self._helper = helper
        self._showme = showme
        self._held = held  # the player's controls (the header's bar, the felt), inert while a replay shows
        self._messages = messages

    def lend(self, game: engine.Game) -> None:
        self._helper.hold(True)  # no hint, Finish or background search on a replay
        self._service.lend(game)
        self._table.show(animate_deal=False)

    def give_back(self) -> None:
        if self._service.give_back():
            self._table.show(animate_deal=False)
        self._helper.hold(False)

    def replaying(self) -> bool:
        return self._service.replaying

    def game(self) -> engine.Game | None:
        return self._service.game

    def play(self, move: engine.Move) -> bool:
        return self._table.dispatch(move, "replay")

    def undo(self) -> None:
        g = self._service.game
        if g is not None and g.can_undo:
            self._table.act(g.undo, reverse=True, how="undo")

    def show_line(self, moves: Sequence[engine.Move], ended: Callable[[], None]) -> None:
        def done() -> None:
            self._helper.hold(True)  # the show lets the helpers go: the replay holds them still
            ended()

        self._showme.play_line(moves, done)

    def inert(self, on: bool) -> None:
        for node in self._held:  # the player's buttons and cards wait while a replay is watched
            node.inert = on

    def announce(self, text: str) -> None:
        self._messages.announce(text)

    def keep_clear(self, px: float) -> None:
        self._table.keep_clear_below(px)


class RecentGamesList:
    """What the statistics' list of a game's finished games needs."""

    def __init__(self, service: GameService, reviews: Reviews, back: Callable[[str], None]) -> None:
        self._service = service
        self._reviews = reviews
        self._back = back

    def finished(self, preset: str) -> list[GameMeta]:
        return library.finished(list(self._service.library().values()), preset)

    def now(self) -> float:
        return time.time() * 1000.0

    def open_game(self, game_id: str, what: str, preset: str) -> None:
        self._reviews.open_stored(game_id, what, lambda: self._back(preset))


class ChallengeParts:
    """What the challenge links need: the game in play, a start, the header's line, a message."""

    def __init__(
        self,
        service: GameService,
        session: Session,
        header: Header,
        messages: Messages,
        grade: Callable[[str, int | None, dict[str, OptionValue], Callable[[str], None]], None],
    ) -> None:
        self._service = service
        self._session = session
        self._header = header
        self._messages = messages
        self.grade = grade

    def game(self) -> engine.Game | None:
        return self._service.game

    def game_id(self) -> str:
        return self._service.game_id

    def shown(self) -> bool:
        return self._service.shown

    def play(self, preset: str, deal: int, options: dict[str, OptionValue], then: Callable[[], None]) -> None:
        """A new game of the challenge's deal: a normal game of it, kept and counted as any other."""

        def go() -> None:
            self._session.new_game(preset, deal, options)
            then()

        g = self._service.game
        if g is not None and g.preset == preset and self._service.in_progress():
            self._session.screens.ask_new(go)  # a new deal of the same game abandons this one
        else:
            go()

    def back_to_end(self) -> None:
        self._session.stats_closed()

    def show_progress(self, texts: tuple[str, str] | None) -> None:
        self._header.show_challenge(texts)

    def say(self, text: str) -> None:
        self._messages.show(text, 6000)
