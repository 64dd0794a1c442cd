"""Small adapters that give a part the narrow host it asks for.

* :class:`LateHost` — the table's :class:`ui.table.Host`, over parts made
  after the table (the session, the helper, the sound);
* :class:`ChooserHost` — the game chooser's :class:`ui.chooser.Host`;
* :class:`ShowMeHost` — "Show me how"'s :class:`ui.showme.ShowHost`.
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

import engine
from engine.rules import OptionValue

from . import daily
from .animator import Animator
from .assist import WinnableChoice
from .dialogs import DialogHost
from .dom import el, window
from .helper import Helper
from .keeper import Keeper
from .library import GameMeta
from .messages import Messages
from .service import GameService
from .session import Session
from .showme import ShowMe
from .sound import Sound
from .stats import DailyWin, Record
from .table import Table
from .winnable import WinnableDeals


class Wired(Protocol):
    """The parts :class:`LateHost` reaches, once they exist."""

    session: Session
    helper: Helper
    animator: Animator
    dialogs: DialogHost
    messages: Messages
    sound: Sound
    showme: ShowMe


class LateHost:
    """The table's host (:class:`ui.table.Host`), over parts made after the table."""

    def __init__(self, parts: Wired) -> None:
        self._parts = parts

    def acted(self, events: list[engine.Event], how: str) -> None:
        self._parts.session.acted(events, how)

    def changed(self) -> None:
        self._parts.helper.changed()
        self._parts.showme.changed()

    def settled(self) -> None:
        self._parts.session.screens.settled()
        self._parts.helper.settled()
        self._parts.showme.settled()

    def before_input(self) -> None:
        self._parts.animator.finish()
        self._parts.helper.interrupt()  # after settling, which would carry Finish on

    def accepts_input(self) -> bool:
        return not self._parts.dialogs.is_open

    def may_act(self) -> bool:
        return self._parts.session.tabs.may_play()

    def refused(self, reason: str, sound: bool) -> None:
        self._parts.messages.show(reason)
        if sound:
            self._parts.sound.effect("illegal")


class ChooserHost:
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
        names = [engine.PRESETS[p].name for p in won if p in engine.PRESETS]
        return f"Daily deals · {daily.short_day(today)}", daily.today_line(names), bool(names)

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
        return self._table.play(move)

    def can_play(self) -> bool:
        return not self._dialogs.is_open  # another tab's game: play() refuses, and the show stops

    def dragging(self) -> bool:
        return self._table.pointer.dragging

    def mark_shown(self) -> None:
        self._service.mark_shown()

    def hold_helpers(self, held: bool) -> None:
        """While held, the helpers do nothing in the background and offer no Finish."""
        helper = self._helper
        helper.held = held
        if held:
            helper.changed()  # the hint, the offer and the background work go
        else:
            helper.tick()  # the background work starts again

    def known_line(self, pos: engine.Position) -> tuple[engine.Move, ...] | None:
        """A win from ``pos`` the helpers found already (Finish's, or "Still winnable?"'s)."""
        h = self._helper
        if h.auto_pos == pos and h.auto_moves:
            return h.auto_moves
        return h.still.line(pos)

    def dead_end(self) -> bool:
        """The position on the table is a proven dead end: say so (as Hint does); True if it is."""
        g = self._service.game
        if g is None or not self._helper.deadend.proven(g):
            return False
        self._helper.dead_end_note(g)
        return True

    def confirm(self, title: str, text: str, yes: str, then: Callable[[], None]) -> None:
        d = self._dialogs.open("show", title)
        el("p", "", text, parent=d.box)

        def go() -> None:
            self._dialogs.close()
            then()

        d.buttons(d.box, [("cancel", "Keep playing", self._dialogs.close, False), ("confirm", yes, go, True)])

    def say(self, text: str) -> None:
        self._messages.show(text, 6000)

    def announce(self, text: str) -> None:
        self._messages.announce(text)
