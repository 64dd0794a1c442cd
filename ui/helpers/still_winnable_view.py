"""The "Still winnable?" badge in the page (the setting of that name).

After each action, once the table has settled, the helpers' background
work asks :class:`ui.helpers.still_winnable.StillCheck` about the position on the
table, in the same short slices as the other background searches, and the
badge beside the game's name shows the answer: Checking…, Winnable, No win
or Can't tell.  What each answer proved is kept for the game
(:class:`ui.helpers.still_winnable.KnownWins`), so a position along a win found, one
move away from it, or reached from a position with no win is answered at
once; a proven deal from the winnable list is winnable at its start.
After "Can't tell" it keeps working once more, with a larger budget, while
the player thinks.

The badge is a button: a tap says what its answer means (on a phone held
upright it shows a sign and a short word).

Hooks for tests: ``#table[data-still]`` (``checking``, ``winnable``,
``unknown``, ``no-win``) while the badge is shown, and
``data-still-nodes``: the positions searched for the answer (0: what was
known answered); ``data-still-answers``: how many checks have reached an
answer this visit (said aloud or not).
"""

from __future__ import annotations

from collections.abc import Callable

import engine
from engine import Outcome, Position, deal_position
from ui.browser.dom import Element, el, on
from ui.chrome.appearance_view import Appearance
from ui.chrome.messages_view import Messages
from ui.helpers.dead_end_view import Slices
from ui.helpers.hints import BADGE_TEXT, CANT_TELL, NO_WIN, WINNABLE
from ui.helpers.still_winnable import COMPLETE_NODES, FIRST_NODES, KnownWins, StillCheck
from ui.i18n.text import N_, _
from ui.table.state import TableState

DEEPER = 4
"""After "Can't tell", the check keeps working once more with this many
times the budget (about twenty seconds of background slices), and the
badge changes if that finds the answer."""


EXPLAIN_MS = 8000
EXPLAIN = {
    "checking": N_(
        "Still winnable? Checking: a search that knows every card, face-down ones too, is looking for a win."
    ),
    WINNABLE: N_("Still winnable: a search that knows every card, face-down ones too, found a win from here."),
    NO_WIN: N_("No win from here: a complete search that knows every card proved it. Undo, or restart this deal."),
    CANT_TELL: N_(
        "Can't tell: the search, which knows every card, ran out of time before finding a win or ruling one out."
    ),
}
"""What a tap on the badge says, for each of its answers."""


class StillBadge:
    """The badge, and the check of the position on the table."""

    def __init__(
        self,
        table: Element,
        title: Element,
        messages: Messages,
        look: Appearance,
        proven: Callable[[engine.Game], bool],
        state: TableState,
    ) -> None:
        self.table = table
        self.state = state  # the answer and its win are kept there (still_at, still_answer, still_line)
        self.messages = messages
        self.look = look
        self.proven = proven  # whether a game's deal is on the proven-winnable list, under its rules
        self.pos: Position | None = None
        self.check: StillCheck | None = None
        self.answer: str | None = None
        self.deeper = False  # the second, larger search after "Can't tell" has run or runs
        self.known: KnownWins | None = None
        self.known_game: engine.Game | None = None
        self.said: tuple[Position, str] | None = None  # the answer last said aloud, and for which position
        self.answers = 0  # checks that reached an answer this visit (a hook for tests)
        # Not a live region ("Checking…" after every move would be noise): the answer is said (run).
        # A button: a tap (or a click) says in words what the answer means.
        self.el = el(
            "button",
            "still",
            type="button",
            hidden=True,
            title=_("Still winnable? (a search from the current position, knowing every card)"),
        )
        title.after(self.el)
        self._unbind = on(self.el, "click", lambda e: self.explain())

    def explain(self) -> None:
        """What the badge's answer means, in a message."""
        state = str(self.el.dataset.state or "checking")
        self.messages.show(_(EXPLAIN.get(state, EXPLAIN["checking"])), EXPLAIN_MS)

    def forget(self, game: engine.Game | None) -> None:
        """An action or another game: the next check starts afresh (what was proved is kept)."""
        self.pos = self.check = self.answer = None
        self.said = None
        self.deeper = False
        self._publish()
        self.show(game)

    def wanted(self, game: engine.Game | None) -> bool:
        """Whether there is a check to run: the setting on, a game in play, no answer yet."""
        if not self.look.settings.indicator or game is None or game.status != Outcome.PLAYING:
            return False
        if self.pos != game.position or self.answer is None:
            return True
        return self.answer == CANT_TELL and not (self.deeper and self.check is not None and self.check.answer)

    def relearn(self) -> None:
        """The proven list arrived: what is known is gathered again (a proven deal's start is winnable).

        The check runs again; an answer already said for this position is not said a second time.
        """
        self.known = self.known_game = None
        self.pos = self.check = self.answer = None
        self._publish()

    def _publish(self) -> None:
        """The answer, and the win found, into the table state (where "Show me how" finds it)."""
        check, state = self.check, self.state
        state.still_at, state.still_answer = (self.pos, self.answer) if self.answer is not None else (None, None)
        found = self.answer == WINNABLE and check is not None and check.moves
        state.still_line = tuple(check.moves) if found and check is not None else None

    def _known_for(self, game: engine.Game) -> KnownWins:
        if self.known is None or self.known_game is not game:
            self.known, self.known_game = KnownWins(game.rules), game
            if game.deal is not None and self.proven(game):
                self.known.learn_winnable(deal_position(game.rules, game.deal))
        return self.known

    async def run(self, game: engine.Game | None, slices: Slices) -> None:
        """Check the position on the table in slices (``slices`` returns None when stopped)."""
        if game is None or not self.wanted(game):
            return
        pos = game.position
        if self.pos != pos or self.check is None:
            self.pos, self.answer, self.deeper = pos, None, False
            self.check = StillCheck(game.rules, pos, self._known_for(game))
        elif self.answer == CANT_TELL and not self.deeper:
            self.deeper = True  # keep working: once more, with a larger budget
            known = self._known_for(game)
            self.check = StillCheck(game.rules, pos, known, FIRST_NODES * DEEPER, COMPLETE_NODES * DEEPER)
        self.show(game)
        answer = await slices(self.check)
        if answer is None or (self.deeper and answer == CANT_TELL):
            return
        self.answer = answer
        self._publish()
        self.answers += 1
        self.table.dataset.stillAnswers = str(self.answers)
        self.show(game)
        if self.said != (pos, answer):
            self.said = (pos, answer)
            self.messages.announce(_("Still winnable? {answer}.").format(answer=_(BADGE_TEXT[answer])))

    def show(self, game: engine.Game | None) -> None:
        on = self.look.settings.indicator and game is not None and game.status == Outcome.PLAYING
        badge = self.el
        badge.hidden = not on
        if not on:
            self.table.removeAttribute("data-still")
            return
        state = self.answer or "checking"
        text = _(BADGE_TEXT[state])
        badge.textContent = text
        badge.title = _("Still winnable? {answer} (a search from this position that knows every card)").format(
            answer=text
        )
        badge.setAttribute("aria-label", _("Still winnable? {answer}").format(answer=text))
        badge.dataset.state = state
        self.table.dataset.still = state
        if self.answer is not None and self.check is not None:
            self.table.dataset.stillNodes = str(self.check.nodes)
        else:
            self.table.removeAttribute("data-still-nodes")
