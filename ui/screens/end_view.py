"""The table's own dialogs: the confirmations (new game, End) and the end screen.

:class:`Screens` builds them through the dialog host; what a button does
comes from the :class:`Flow` protocol (the session implements it).  The end
screen waits until the table has settled, and after a win (unless motion is
reduced or simple mode is on) first plays the celebration, the cascade of
bouncing cards (:mod:`ui.table.celebration`), which a tap or a key skips.

Hooks for tests: ``#table[data-dialog=confirm|end]``; the end screen's box
has ``.won`` or ``.lost``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import engine
from ui.browser.dom import Element, el
from ui.chrome.appearance_view import Appearance
from ui.game import daily
from ui.game.current import GameService
from ui.game.rewind_view import Rewind
from ui.i18n.text import N_, _, number, p_
from ui.screens.daily_view import share, share_link
from ui.screens.dialog_view import Button, DialogHost
from ui.screens.statistics_view import end_summary

PRACTICE_NOTE = N_("A practice game, retried from a review: it is not counted in the statistics.")
SHOWN_NOTE = N_("Show me played in this game, so it is kept as shown: not a win, not a loss.")
TITLES = {"won": N_("You won!"), "stuck": N_("No moves left"), "resigned": N_("Game ended"), "time": N_("Time is up")}
"""The end screen's title by how the game ended (marked: translated where shown)."""
SCORE_PARTS = {
    # Translators: the parts of the score on the end screen, each followed by its points
    "start": N_("Start: {points}"),
    "moves": N_("Moves: {points}"),
    "undos": N_("Undos: {points}"),
    "runs": N_("Runs: {points}"),
    "built": N_("Built: {points}"),
    "reveals": N_("Reveals: {points}"),
    "free_column_bonus": N_("Free column bonus: {points}"),
    "time_bonus": N_("Time bonus: {points}"),
}
"""A line of the score's breakdown for each part the engine names (``engine.Game.score_breakdown``)."""


def score_line(part: str, points: int) -> str:
    """One part of the score, in the language in use: ``Runs: +200`` (``Start: 500``).

    >>> score_line("runs", 200), score_line("start", 500), score_line("new_part", -3)
    ('Runs: +200', 'Start: 500', 'New part: -3')
    """
    shown = number(points) if part == "start" else ("+" if points >= 0 else "-") + number(abs(points))
    template = SCORE_PARTS.get(part)
    if template is None:  # a part this page does not know yet: its name as the engine gives it
        return f"{part.replace('_', ' ').capitalize()}: {shown}"
    return _(template).format(points=shown)


class Flow(Protocol):
    """What the screens' buttons do."""

    @property
    def rewind(self) -> Rewind: ...
    def undo(self) -> None: ...
    def resign(self) -> None: ...
    def replay(self) -> None: ...
    def next_deal(self) -> None: ...
    def open_chooser(self) -> None: ...
    def open_stats(self) -> None: ...
    def animating(self) -> bool: ...
    def win_wave(self) -> None: ...
    def review_game(self, what: str) -> None:
        """The game that ended: watched again (``watch``) or reviewed (``review``)."""

    def end_extras(self, game: engine.Game, box: Element) -> list[Button]:
        """What the challenges add to the end screen (written into ``box``), and their buttons."""

    def deal_grade(self, game: engine.Game, show: Callable[[str], None]) -> None:
        """``show(grade)`` of the game's deal ("Easy" ... "Expert"), if it has one, once known."""


class Screens:
    """Confirmations and the end screen of one table."""

    def __init__(
        self, dialogs: DialogHost, service: GameService, look: Appearance, flow: Flow, say: Callable[[str], None]
    ) -> None:
        self.dialogs = dialogs
        self.service = service
        self.look = look
        self.flow = flow
        self._say = say
        self.pending = False
        """The game ended: the end screen shows once the table has settled."""
        self._waved: str | None = None
        """The game whose win celebration has played: it plays once a game."""
        self.held = False
        """A dialog is opening over the celebration: the end screen waits until it closes."""

    def held_while(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` (the celebration cut short as a dialog opens over it)
        with the end screen held back: it shows once that dialog closes."""
        self.held = True
        try:
            fn()
        finally:
            self.held = False

    def ask_new(self, then: Callable[[], object]) -> None:
        """Run ``then`` (a new game), asking first if a game is in progress."""
        if not self.service.in_progress():
            then()
            return
        if not self.look.settings.confirm:  # confirmations off: said afterwards
            then()
            self._say(_("The game you left counted as a loss."))
            return
        d = self.dialogs.open("confirm", _("Start a new game?"))
        el("p", "", _("The game in progress will be abandoned and count as a loss."), parent=d.box)
        d.buttons(
            d.box, [("cancel", _("Keep playing"), self.dialogs.close, False), ("confirm", _("New game"), then, True)]
        )

    def ask_end(self) -> None:
        g = self.service.game
        if g is None or g.status != engine.Outcome.PLAYING:
            return
        if not self.look.settings.confirm:
            self.flow.resign()
            return
        d = self.dialogs.open("confirm", _("End this game?"))
        said = (
            _("It counts as a loss. Your score is posted with its time bonus.")
            if g.rules.time_limit is not None
            else _("It counts as a loss.")
        )
        el("p", "", said, parent=d.box)

        def end() -> None:
            self.dialogs.close()
            self.flow.resign()

        d.buttons(
            d.box, [("cancel", _("Keep playing"), self.dialogs.close, False), ("confirm", _("End game"), end, True)]
        )

    def cancel(self) -> None:
        """No end screen is waiting any more (a new game, an undo)."""
        self.pending = False

    def open_menu(
        self,
        keys: Callable[[], None],
        daily: Callable[[], None],
        show: Callable[[], None],
        settings: Callable[[], None],
    ) -> None:
        """More: Show me how, restart this deal, undo to the last deal, end this
        game, the daily deals, the statistics, settings, the keys."""
        g = self.service.game
        d = self.dialogs.open("menu", _("More"))
        playing = g is not None and g.status == engine.Outcome.PLAYING

        def end() -> None:
            self.dialogs.close()
            self.ask_end()

        def restart() -> None:
            self.dialogs.close()
            self.flow.rewind.restart()

        def undo_deal() -> None:
            self.dialogs.close()
            self.flow.rewind.undo_to_deal()

        def show_me() -> None:
            self.dialogs.close()
            show()

        row = d.buttons(
            d.box,
            [
                ("show-me", _("Show me how"), show_me, False),
                ("restart", _("Restart this deal"), restart, False),
                ("undo-deal", _("Undo to the last deal"), undo_deal, False),
                ("end", _("End this game"), end, False),
                ("daily", _("Daily deals"), daily, False),
                ("stats", _("Statistics"), self.flow.open_stats, False),
                ("settings", _("Settings"), settings, False),
                ("keys", _("Keyboard keys"), keys, False),
                ("close", _("Close"), self.dialogs.close, True),
            ],
        )
        row.classList.add("menu-buttons")
        for action, key in (("show-me", "S"), ("end", "E")):
            button = row.querySelector(f'[data-action="{action}"]')
            button.disabled = not playing
            button.setAttribute("aria-keyshortcuts", key)
        row.querySelector('[data-action="restart"]').disabled = self.service.restart_point() is None
        row.querySelector('[data-action="undo-deal"]').disabled = self.service.last_deal_point() is None

    def no_useful_moves(self) -> None:
        """The dead-end check proved it: say so, and offer Undo, Undo to the
        last deal and Restart this deal where the rules allow them (Restart
        first), New game and End."""
        g = self.service.game
        if g is None or g.status != engine.Outcome.PLAYING or self.dialogs.is_open:
            return
        d = self.dialogs.open("deadend", _("No more useful moves"))
        el(
            "p",
            "",
            _("No move can turn up a card, empty a column or complete a run any more."),
            parent=d.box,
        )

        def undo() -> None:
            self.dialogs.close()
            self.flow.undo()

        def end() -> None:
            self.dialogs.close()
            self.flow.resign()

        buttons: list[Button] = [("close", _("Keep looking"), self.dialogs.close, False)]
        if g.can_undo:
            buttons.append(("undo", _("Undo"), undo, False))
        back = self._back_buttons()
        buttons += back
        buttons += [
            ("new-game", _("New game"), lambda: self.ask_new(self.flow.next_deal), False),
            ("end", _("End"), end, not any(primary for *_rest, primary in back)),
        ]
        d.buttons(d.box, buttons)

    def _back_buttons(self) -> list[Button]:
        """Undo to the last deal and Restart this deal (the default), where the rules allow them."""
        out: list[Button] = []
        if self.service.last_deal_point() is not None:
            out.append(("undo-deal", _("Undo to the last deal"), self.flow.rewind.undo_to_deal, False))
        if self.service.restart_point() is not None:
            out.append(("restart", _("Restart this deal"), self.flow.rewind.restart, True))
        return out

    def game_ended(self) -> None:
        """The game reached an end: the end screen, once the table is still
        (not for a replay's end: nothing of a replay is the player's)."""
        if self.service.replaying:
            return
        self.pending = True
        if not self.flow.animating():
            self.show_end()

    def settled(self) -> None:
        if self.pending and not self.dialogs.is_open and not self.held:
            self.show_end()

    def show_end(self) -> None:
        g = self.service.game
        if g is None or g.status == engine.Outcome.PLAYING:
            self.pending = False
            return
        if self.flow.animating():
            return  # settled() calls back
        self.pending = False
        won = g.status == engine.Outcome.WON and not self.service.shown  # a game "Show me" played is no win
        look = self.look
        if won and look.speed > 0 and not look.settings.simple and self._waved != self.service.game_id:
            self._waved = self.service.game_id
            self.pending = True
            self.flow.win_wave()
            return
        self._end_dialog(g, won)

    def _end_dialog(self, g: engine.Game, won: bool) -> None:
        reason = g.end_reason
        shown = self.service.shown
        title = (
            _("Shown to the end")
            if shown and reason == engine.EndReason.WON
            else _(TITLES.get(reason or "", N_("Game over")))
        )
        d = self.dialogs.open("end", title)
        box = d.box
        box.classList.add("won" if won else "lost")
        if won and not self.look.settings.simple:
            el("div", "win-spider", parent=box, aria_hidden="true")
        el("p", "end-score", _("Score {score}").format(score=number(g.score)), parent=box)
        lines = el("ul", "breakdown", parent=box)
        for name, value in g.score_breakdown().items():
            el("li", "", score_line(name, value), parent=lines)
        # Translators: the end screen: the game's name and its deal number (written without grouping)
        deal_line = el("p", "end-deal", _("{game}, deal {deal}").format(game=_(g.rules.name), deal=g.deal), parent=box)

        def show_grade(grade: str) -> None:
            deal_line.append(" · " + _("Grade: {grade}").format(grade=p_("grade", grade)))
            deal_line.dataset.grade = grade

        self.flow.deal_grade(g, show_grade)
        if shown:
            el("p", "end-note", _(SHOWN_NOTE), parent=box)
        elif self.service.practice:
            el("p", "end-note", _(PRACTICE_NOTE), parent=box)
        else:
            end_summary(self.service.keeper.change_for(self.service.game_id), box)
        if reason == engine.EndReason.STUCK and not self.service.recorded:
            el(
                "p",
                "end-note",
                _(
                    "Undo or restart this deal to play on: it stays one game. "
                    "A new deal of this game counts it as a loss."
                ),
                parent=box,
            )
        buttons: list[Button] = []
        day = daily.parse_day(self.service.daily or "")
        if won and day is not None:
            link = share_link(g.preset, g.deal or 0)
            text = daily.share_text(_(g.rules.name), day, int(g.elapsed), len(g.moves), link)
            el("p", "end-daily", _("The daily deal of {date}, won.").format(date=daily.day_title(day)), parent=box)
            buttons.append(("share", _("Share"), lambda: share(text, self._say), False))
        buttons += self.flow.end_extras(g, box)
        if reason == engine.EndReason.STUCK and g.can_undo:
            buttons.append(("undo", _("Undo"), self.flow.undo, False))
        if reason == engine.EndReason.STUCK and not self.service.recorded:
            buttons += [(a, t, fn, False) for a, t, fn, _ in self._back_buttons()]
        buttons += [
            ("review", _("Review"), lambda: self.flow.review_game("review"), False),
            ("watch", _("Watch again"), lambda: self.flow.review_game("watch"), False),
            ("stats", _("Statistics"), self.flow.open_stats, False),
            ("replay", _("Replay this deal"), self.flow.replay, False),
            ("games", _("Choose game"), self.flow.open_chooser, False),
            ("new-game", _("Next deal"), self.flow.next_deal, True),
        ]
        d.buttons(box, buttons)
