"""One game, one tab: the table claims the game it shows, and says so when
another tab has it.

A game is played in one tab at a time (the storage layer's per-game lock,
``spiderStore.claim``).  A tab that opens a game another tab is playing
shows it but writes nothing for it, and offers to take it over; the tab it
is taken from is told, stops writing, and offers to take it back.  Each
side goes on from the game as stored, so no move is lost either way.

Hooks for tests: ``#table[data-dialog=elsewhere]``; the tab that plays a
game has ``#table[data-holding]``.
"""

from __future__ import annotations

from collections.abc import Callable

from ui.browser.dom import Element, el
from ui.game.current import GameService
from ui.i18n.text import N_, _
from ui.screens.dialog_view import DialogHost
from ui.storage.store import Store

OPEN_ELSEWHERE = N_("This game is open in another tab")
TAKEN = N_("This game went on in another tab")


class TabGuard:
    """Claims the game on the table and handles the other tabs' claims."""

    def __init__(
        self,
        table: Element,
        store: Store,
        service: GameService,
        dialogs: DialogHost,
    ) -> None:
        self.table = table
        self.store = store
        self.service = service
        self.dialogs = dialogs
        self._take_back: Callable[[str, tuple[str, str] | None], None] = lambda game_id, record: None
        self._new_game: Callable[[], None] = lambda: None
        self.held = ""
        """The id of the game this tab has claimed ("" before the first)."""

    def answers(self, take_back: Callable[[str, tuple[str, str] | None], None], new_game: Callable[[], None]) -> None:
        """What the "elsewhere" dialog's buttons do: ``take_back(game_id, record)``
        goes on from the game as stored once this tab has it again, ``new_game()``
        leaves it to the other tab (the opening of games, :class:`ui.game.opening_view.Games`,
        made after the table, which asks :meth:`may_play` before every action)."""
        self._take_back, self._new_game = take_back, new_game

    def _mark(self) -> None:
        self.table.toggleAttribute("data-holding", self.service.holding)

    def claim(self, game_id: str, stored: bool) -> None:
        """The table now shows ``game_id`` (``stored``: an existing game,
        which another tab may be playing; a new game is this tab's alone)."""
        if self.held and self.held != game_id:
            self.store.release(self.held)
        self.held = game_id
        self.service.hold(not stored)
        self._mark()

        def answered(ok: bool) -> None:
            if game_id != self.service.game_id:
                return  # the table has moved on to another game
            if ok:
                self.service.hold(True)
                self._mark()
                self.service.save()  # what was played while the answer came
            else:
                self.elsewhere(OPEN_ELSEWHERE)

        self.store.claim(game_id, False, answered)

    def lost(self, game_id: str) -> None:
        """Another tab took ``game_id`` over."""
        if game_id != self.service.game_id:
            return
        self.service.hold(False)
        self._mark()
        self.elsewhere(TAKEN)

    def may_play(self) -> bool:
        """Whether an action on the table may go ahead; if not, say why again."""
        if self.service.holding:
            return True
        self.elsewhere(TAKEN if self.held else OPEN_ELSEWHERE)
        return False

    def elsewhere(self, title: str) -> None:
        d = self.dialogs.open("elsewhere", _(title))
        el(
            "p",
            "",
            _(
                "A game is played in one tab at a time. Play it here and the other tab stops; "
                "nothing played in either tab is lost."
            ),
            parent=d.box,
        )

        def new() -> None:
            self.dialogs.close()
            self._new_game()

        d.buttons(d.box, [("new-game", _("New game"), new, False), ("take", _("Play it here"), self.take, True)])

    def take(self) -> None:
        """Play the game here: take it over, and go on from it as stored."""
        game_id = self.service.game_id
        self.dialogs.close()

        def taken(ok: bool) -> None:
            if ok:
                self.store.load(game_id, lambda record: self._take_back(game_id, record))

        self.store.claim(game_id, True, taken)
