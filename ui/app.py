"""The composition root: the page's parts, made and wired together.

Which part owns what (the adapters between them are in :mod:`ui.hosts`):

* :mod:`ui.appearance` — the settings and the system's wishes; subscribers.
* :mod:`ui.header` — the bar and its buttons; :mod:`ui.messages` — the live
  region and the message area; :mod:`ui.dialogs` — the overlay, one dialog
  at a time, focus kept inside.
* :mod:`ui.table` — the table state (game, tracker, layout, selection) and
  the actions on it; :mod:`ui.renderer` — card and pile elements;
  :mod:`ui.animator` — flights, flips, the spider, the shake, the win;
  :mod:`ui.pointer` — drags and taps; :mod:`ui.keycontrol` — the keys.
* :mod:`ui.service` — which game is played, kept and counted (no DOM);
  :mod:`ui.session` — the flow around the table (start, new games, the
  clock, the address, the end); :mod:`ui.screens` — confirmations and the
  end screen; :mod:`ui.chooser` and :mod:`ui.statsview` — their screens;
  :mod:`ui.helper` — Hint, Finish, "Still winnable?"; :mod:`ui.sound`.

A pointer event becomes an engine move and comes back as DOM changes:
``Pointer`` (drop on the pile overlapped most) → ``Table.play`` →
``engine.Game.play`` → events → ``Tracker.apply`` → layout → ``model.plan``
→ ``CardRenderer.render`` (and ``Animator``) → ``Session.acted`` (said,
sound, saved, counted at the end).
"""

from __future__ import annotations

from collections.abc import Callable

from .animator import Animator
from .appearance import Appearance
from .chooser import build_chooser
from .dailyview import open_daily
from .dialogs import DialogHost
from .dom import Bindings, DomEvent, Element, create_proxy, document, el, window
from .firsttip import FirstTip
from .header import Header
from .helper import Helper
from .helpscreen import open_help
from .hosts import ChooserHost, DailyScreenHost, LateHost, ShowMeHost
from .jsstore import Opened
from .keycontrol import Keys
from .messages import Messages
from .renderer import CardRenderer
from .service import GameService
from .session import Parts, Session
from .settingsview import open_settings
from .showme import ShowMe
from .sound import Sound
from .statsview import StatsOpening, open_stats
from .storage import STATS
from .table import Table
from .winnable import WinnableDeals

OFFLINE_READY = "Ready to play offline."
"""Said once, when the first visit's service worker holds the whole site."""


class TableApp:
    """The whole table page: every part, wired."""

    # made in this order; the lambdas and LateHost reach the later ones
    renderer: CardRenderer
    helper: Helper
    winnable: WinnableDeals
    session: Session
    showme: ShowMe

    def __init__(self, root: Element, opened: Opened) -> None:
        self.root = root
        self.opened = opened
        table = el("div", "table", id="table", data_status="loading")
        self.look = look = Appearance(table, opened.records)
        self.actions: dict[str, Callable[[], object]] = {}
        self.header = header = Header(table, self.actions)
        # role=application: a screen reader in browse mode would otherwise take the
        # arrows and letter keys (ui/keyboard.py) before the page sees them.
        felt = el("div", "felt", parent=table, role="application", aria_label="Card table")
        self.messages = messages = Messages(table, header.info, lambda: look.settings.verbosity)
        self.tip = FirstTip(table, opened.records)  # before anything is stored: is this a new player?
        self.dialogs = dialogs = DialogHost(table, lambda: [header.bar, felt, self.helper.btn_finish, self.showme.bar])
        host = LateHost(self)
        self.animator = animator = Animator(table, felt, lambda uids: self.renderer.landed(uids), host.settled)
        self.renderer = renderer = CardRenderer(table, felt, animator)
        self.table = Table(root, table, felt, header, renderer, look, host)
        self.helper = Helper(
            self.table,
            header,
            messages,
            dialogs,
            look,
            lambda: self.session.screens.no_useful_moves(),
            lambda game: self.winnable.proves(game),
        )
        self.winnable = WinnableDeals(table, look, lambda: self.table.game, lambda: not dialogs.is_open)
        self.winnable.on_load(self.helper.proven_list_loaded)
        self.service = GameService(opened.records, lambda: look.settings, self.winnable.random_deal)
        self.showme = ShowMe(table, ShowMeHost(self.service, self.table, self.helper, dialogs, messages))
        self.sound = Sound(table, look)
        self.keys = Keys(felt, self.table, dialogs, messages, self)
        parts = Parts(self.table, look, messages, dialogs, animator, self.helper, self.sound, self.keys, self.showme)
        self.session = session = Session(parts, self.service, self)
        rewind = session.rewind
        self.helper.go_back = lambda moves: (
            rewind.restart() if moves == 0 else rewind.undo_to(moves, "Back to the last position with a useful move.")
        )
        opened.store.listen(opened.records, session.tabs.lost, self._heard)
        dialogs.subscribe(session.dialog_changed)
        look.subscribe(self._settings_changed)
        self.actions.update(
            undo=self.undo,
            redo=self.redo,
            games=self.open_chooser,
            new=self.ask_new_deal,
            more=self.open_menu,
            sound=self.toggle_sound,
            hint=self.hint,
            help=self.open_help,
        )
        header.show_sound(not look.settings.muted)
        self._bind(table, felt)
        root.replaceChildren(table)
        self.table.measure()

    def _bind(self, table: Element, felt: Element) -> None:
        b = self._bindings = Bindings()
        b.on(document, "pointerdown", lambda e: self.sound.gesture(), capture=True)  # audio after a gesture only
        b.on(document, "keydown", self._on_key)
        b.on(window, "hashchange", lambda e: self.session.games.on_hash())
        b.on(document, "visibilitychange", lambda e: self.session.on_visibility())
        b.on(window, "pagehide", lambda e: self.session.save())
        b.on(window, "resize", lambda e: self.table.resize())
        b.on(window, "spider:offline-ready", lambda e: self.messages.show(OFFLINE_READY, 4000))
        self._resize_proxy = create_proxy(lambda *_: self.table.resize())
        window.ResizeObserver.new(self._resize_proxy).observe(self.root)
        self._tick_proxy = create_proxy(self.session.tick)
        window.setInterval(self._tick_proxy, 500)

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
            ChooserHost(
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
        open_settings(self.dialogs, self.look, self.open_chooser if back_to_chooser else None)

    def open_stats(self, preset: str | None = None, chooser: bool = False) -> None:
        """The statistics: every game's card, or, once a game is over, that
        game's figures (its card among the others a tap away).  Opened from
        the chooser, Close goes back to it."""
        g = self.service.game
        over = g is not None and g.status != "playing"
        shown = preset or (g.preset if g else "spider-1")
        open_stats(
            self.dialogs,
            self.service.keeper,
            StatsOpening(shown, details=over and not chooser),
            self.open_chooser if chooser else self.session.stats_closed,
        )

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

    def _heard(self, what: str) -> None:
        """Another tab wrote ``what`` (a key or a game id), now in the records."""
        if what == STATS:
            self.service.keeper.refresh()

    async def start(self) -> None:
        self.winnable.load(self.session.new_game)
        await self.session.games.start(self.opened.note)
        g = self.service.game
        self.tip.offer(restored=g is None or bool(g.moves))
