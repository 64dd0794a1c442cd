"""Taking moves back to a point, as one undo: Restart this deal, Undo to the
last deal, Start over (a game resumed by its address) and the dead end's
Undo to there.

Each is the rules' undo, repeated: the same game (its record, address and
clock), charged as undos where the scoring charges them, and Redo can play
the moves again.  Where the rules allow it is
:meth:`ui.game.current.GameService.restart_point` and
:meth:`ui.game.current.GameService.last_deal_point` (Tournament's draw-pile
deals and cleared runs are final).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from engine import Event
from ui.chrome.messages_view import Messages
from ui.game.after_action import BACK
from ui.game.current import GameService
from ui.i18n.text import _, n_
from ui.screens.dialog_view import DialogHost
from ui.table.animate_view import Animator
from ui.table.table_view import Table


class RewindScreens(Protocol):
    """What going back needs of the table's screens (:class:`ui.screens.end_view.Screens`)."""

    def cancel(self) -> None: ...
    def ask_new(self, then: Callable[[], object]) -> None: ...


def moves_text(said: str, n: int) -> str:
    """Where a rewind left the game: what was said, and how many moves are left.

    >>> moves_text("Back to the last deal.", 0), moves_text("Back.", 7)
    ('Back to the last deal. No move played.', 'Back. 7 moves played.')
    """
    if n == 0:
        return _("{said} No move played.").format(said=said)
    return n_("{said} {n} move played.", "{said} {n} moves played.", n).format(said=said, n=n)


class Rewind:
    """Going back to a point of the game in play."""

    def __init__(
        self,
        service: GameService,
        table: Table,
        animator: Animator,
        dialogs: DialogHost,
        messages: Messages,
        screens: RewindScreens,
        replay: Callable[[], None],
    ) -> None:
        self.service = service
        self.table = table
        self.animator = animator
        self.dialogs = dialogs
        self.messages = messages
        self._screens = screens
        self._replay = replay

    def restart(self) -> None:
        """Restart this deal: every move taken back."""
        self.undo_to(self.service.restart_point(), _("Back to the start of this deal. The clock runs on."))

    def undo_to_deal(self) -> None:
        """Undo to the last deal from the stock (or a draw pile)."""
        self.undo_to(self.service.last_deal_point(), _("Back to the last deal."))

    def start_over(self) -> None:
        """A game resumed by its deal's address, started over: restarted in
        the same game where the rules allow it; else (past a Tournament
        barrier) a new game of the deal, which counts the old one as a loss
        (asked first)."""
        g = self.service.game
        if g is None or not g.moves:
            return
        if self.service.restart_point() is not None:
            self.restart()
        else:
            self._screens.ask_new(self._replay)

    def undo_to(self, target: int | None, said: str) -> None:
        """Take moves back until ``target`` moves are left (None: not allowed now)."""
        g = self.service.game
        assert g is not None
        self.animator.finish()
        self.table.pointer.cancel(animate=False)
        if target is None:
            self.messages.show(_("There is nothing to take back to there."))
            return
        self.dialogs.close()
        self._screens.cancel()

        def back() -> list[Event]:
            events: list[Event] = []
            while len(g.moves) > target and g.can_undo:
                events += g.undo()
            return events

        self.table.act(back, reverse=True, how=BACK)
        self.messages.show(moves_text(said, len(g.moves)))
