"""Which of the player's games the table shows: at the start, when the
address changes, from the Continue list, and when a tab takes a game back.

Every game is read from storage as it is stored now (another tab may have
played it since), then handed to the table (:class:`Shows`, the session).
The address never throws a game away: a wrong one keeps the game in play,
and another game leaves it in the Continue list.  The tab guard
(:class:`ui.game.tabs_view.TabGuard`, made before the table, which asks it
before every action) answers here, because a take-over opens the game again
as stored.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Protocol

import engine
from ui.browser.dom import document, tab_get, window
from ui.chrome.messages import game_name
from ui.chrome.messages_view import Messages
from ui.game import address
from ui.game.current import WELCOME_DEAL, Choice, GameService
from ui.game.rewind_view import Rewind
from ui.game.tabs_view import TabGuard
from ui.i18n.text import _, n_
from ui.storage.games import GameMeta

TAB_GAME = "spider.tab.game"
"""``sessionStorage``: the id of the game this tab shows, opened again by a reload."""


class Shows(Protocol):
    """The table side of opening a game (the session)."""

    def set_game(self, game: engine.Game, meta: GameMeta | None = None, *, dealt: bool = False) -> None: ...
    def update_url(self) -> None: ...
    def another_deal(self) -> None: ...
    @property
    def rewind(self) -> Rewind: ...


RESUMED_MS = 9000
"""How long "Resumed deal 303 · 2 moves · Start over?" stays (or until the next message)."""


def resumed_text(game: engine.Game) -> str:
    """What opening an unfinished game by its deal's address says.

    >>> g = engine.new_game("spider-2", 303)
    >>> resumed_text(g)
    'Resumed deal 303 · no moves ·'
    """
    n = len(game.moves)
    if n == 0:
        return _("Resumed deal {deal} · no moves ·").format(deal=game.deal)
    return n_("Resumed deal {deal} · {n} move ·", "Resumed deal {deal} · {n} moves ·", n).format(deal=game.deal, n=n)


class Games:
    """Opens the player's games on the table."""

    def __init__(self, tabs: TabGuard, service: GameService, messages: Messages, shows: Shows) -> None:
        self.service = service
        self.messages = messages
        self.shows = shows
        self._tasks: set[asyncio.Future[object]] = set()
        self._unsaved_told = False
        self._resumed = False
        """The game opened last was resumed by its deal's address."""
        self.tabs = tabs
        tabs.answers(self._taken_back, shows.another_deal)
        service.records.report_failures_to(self.not_kept)

    async def start(self, note: str = "") -> None:
        """Open the game the address names, else the one this tab or the
        player had last, else a new one; then say, in one message, what the
        start found (a wrong address, a damaged record, unreadable statistics).
        A new player's first game is the welcome deal, the one the page drew
        before Python started (shell/welcome.js)."""
        welcome = self.service.new_player()  # before the tidying writes anything
        said = self.service.tidy()
        choice = self.service.choose(str(window.location.hash), tab_get(TAB_GAME), welcome)
        # the welcome deal is on the table already, dealt before Python started
        drawn = str(document.documentElement.getAttribute("data-picture") or "") == "welcome"
        dealt = drawn and choice.game_id is None and choice.route.deal == WELCOME_DEAL
        message = await self.open_choice(choice, " ".join(t for t in (note, said) if t), show=False, dealt=dealt)
        resumed = self._resumed
        self.service.count_uncounted()
        keeper = self.service.keeper
        settled: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        keeper.when_settled(lambda: None if settled.done() else settled.set_result(None))
        await settled
        text = " ".join([*([message] if message else []), *keeper.notes])
        if text:
            self._tell(text, 8000, resumed)
        keeper.notes.clear()
        keeper.tell_to(lambda text: self.messages.show(text, 8000))

    async def open_choice(self, choice: Choice, said: str = "", show: bool = True, dealt: bool = False) -> str:
        """Show the chosen game: its stored record, read now, else a new game
        (``dealt``: its cards are on the table already).
        Returns what to tell the player (shown too, unless ``show`` is False)."""
        record = await self._record(choice.game_id) if choice.game_id is not None else None
        opening = self.service.opened(choice, record)
        self.shows.set_game(opening.game, opening.meta, dealt=dealt)
        self._resumed = choice.resumed and opening.meta is not None
        resumed = resumed_text(opening.game) if self._resumed else ""
        message = " ".join(t for t in (said, opening.message, resumed) if t)
        if message and show:
            self._tell(message, 6000, self._resumed)
        return message

    def _tell(self, text: str, ms: int, resumed: bool) -> None:
        """Say what opening a game found; a resumed game offers to start over."""
        if resumed:
            self.messages.offer(text, _("Start over?"), self.shows.rewind.start_over, max(ms, RESUMED_MS))
        else:
            self.messages.show(text, ms)

    def _record(self, game_id: str) -> Awaitable[tuple[str, str] | None]:
        found: asyncio.Future[tuple[str, str] | None] = asyncio.get_running_loop().create_future()

        def then(record: tuple[str, str] | None) -> None:
            if not found.done():
                found.set_result(record)

        self.service.records.store.load(game_id, then)
        return found

    def _run(self, work: Awaitable[object]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def resume(self, game_id: str) -> None:
        """The Continue list: play a stored game again (the one in play is kept)."""
        meta = self.service.library().get(game_id)
        if meta is None:
            self.messages.show(_("That game is no longer stored."))
            return
        self._run(self.open_choice(Choice(game_id, address.Route(meta.preset, meta.deal, meta.options), None)))

    def abandon(self, meta: GameMeta) -> None:
        """The Continue list: give a stored game up; it counts as a loss."""

        def found(record: tuple[str, str] | None) -> None:
            if record is not None:
                self.service.abandon_stored(meta, record[1])
                self.messages.show(
                    _("Your game of {game} counted as a loss.").format(game=game_name(engine.PRESETS[meta.preset]))
                )

        self.service.records.store.load(meta.id, found)

    def _taken_back(self, game_id: str, record: tuple[str, str] | None) -> None:
        """This tab took the game over: go on from it as stored."""
        route = address.parse_route(self.service.url()) or address.Route(address.DEFAULT_PRESET, None, {})
        opening = self.service.opened(Choice(game_id, route, None), record)
        self.shows.set_game(opening.game, opening.meta)
        if opening.message:
            self.messages.show(opening.message, 6000)

    def not_kept(self, why: str) -> None:
        """A write did not reach the storage (said once a visit)."""
        if not self._unsaved_told:
            self._unsaved_told = True
            self.messages.show(_("This browser is not keeping your games: {reason}.").format(reason=why), 8000)

    def on_hash(self) -> None:
        """The address changed during play."""
        route = address.parse_route(str(window.location.hash))
        g = self.service.game
        if route is None or g is None:
            if g is not None:
                self.shows.update_url()
            return
        if not route.names_game or (route.bad_deal and self.service.matches(route)):
            # a wrong address never replaces the game
            self.shows.update_url()
            self.messages.show(_("{problem} Your game goes on.").format(problem=route.error), 6000)
        elif not self.service.matches(route):
            self._run(self.open_choice(self.service.choose(str(window.location.hash), self.service.game_id)))
        else:
            self.shows.update_url()
            if route.error:
                self.messages.show(route.error, 6000)
