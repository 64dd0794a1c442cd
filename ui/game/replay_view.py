"""The replay in the page: a finished game watched again on the table.

:meth:`Replay.open` takes a :class:`ui.game.replay.Recording` from any
source (the player's stored game, a game someone sent) and shows it on the
table, with a bar at the bottom: where the replay is, a timeline (a range
input: a pointer, a finger or the arrow keys, Home and End jump to any
move), Back and Next one move, Play and Pause at the Show-me speeds, Speed
and Close.  The keys ←, →, Home, End, P (or Space) and Escape do the same
while the focus is not on the timeline.  Each move is said in the screen
reader's words (:meth:`ui.game.replay.Recording.move_words`).  The
header's place shows what is replayed and where (its buttons are the
player's game's, so the header is hidden), and the cards are laid out
above the bar (:meth:`ReplayHost.keep_clear`), so that none is under it.

The replay's game is lent to the table (:meth:`ui.game.current.GameService.lend`):
its moves go through the table's one ``Table.dispatch`` and Undo's
``Table.act``, with the table's own animations, while the player's game
waits aside; nothing of the replay is saved or counted, and Close puts the
player's game back.  A jump rebuilds the game at that move and draws it at once.

"Show the win from here" (the review's) plays a winning line from a
position of the replay with the Show-me bar (:meth:`Replay.show_line`);
the replay's bar comes back when the show ends.

Hooks for tests, on ``#table``: ``data-replay`` (``paused``, ``playing``,
``showing``; absent when no replay is shown), ``data-replay-at`` and
``data-replay-total`` (position and moves of the recording).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import engine
from engine import Move
from ui.browser.dom import Bindings, DomEvent, Element, Timer, create_proxy, el, is_none, window
from ui.game.replay import Recording, Verdicts, position_name, position_text, step_text, track_gradient
from ui.helpers.show_me import DEFAULT_SPEED, SPEEDS, speed_word
from ui.i18n.text import _, p_

VERDICT_COLOURS = {
    "winnable": "var(--replay-winnable)",
    "lost": "var(--replay-lost)",
    "unknown": "var(--replay-unknown)",
}
SCRUB_MS = 60
"""A timeline dragged along draws the table at most this often."""

REPLAY_KEYS = {
    "ArrowRight": "next",
    "ArrowLeft": "back",
    "Home": "first",
    "End": "last",
    "p": "toggle",
    "P": "toggle",
    " ": "toggle",
    "Escape": "close",
    "Esc": "close",
}


class ReplayHost(Protocol):
    """What a replay needs of the page."""

    def lend(self, game: engine.Game) -> None:
        """Show ``game`` on the table (the player's game set aside, the helpers held)."""

    def give_back(self) -> None:
        """The player's game back on the table."""

    def replaying(self) -> bool:
        """The table still shows a replay (a game opened meanwhile ends it)."""

    def game(self) -> engine.Game | None: ...
    def play(self, move: Move) -> bool: ...
    def undo(self) -> None: ...
    def show_line(self, moves: Sequence[Move], ended: Callable[[], None]) -> None: ...
    def inert(self, on: bool) -> None: ...
    def announce(self, text: str) -> None: ...
    def keep_clear(self, px: float) -> None:
        """The cards laid out above the bottom ``px`` pixels (the replay's bar); 0: the whole table."""


class Replay:
    """The replay of one table: its bar, its clock and its keys."""

    def __init__(self, table: Element, host: ReplayHost) -> None:
        self.table = table
        self.host = host
        self.rec: Recording | None = None
        self.review: Verdicts | None = None
        self.at = 0
        self.playing = False
        self.showing = False
        self.off_record = False  # the table left the recording (a line was shown)
        self.speed = DEFAULT_SPEED
        self._on_close: Callable[[], None] = lambda: None
        self._own = False
        self.timer = Timer(self._tick)
        self.scrub = Timer(self._scrubbed)
        self._clear = 0.0
        self._clear_size: tuple[float, float] | None = None
        self._build()
        # the bar changes height with its words (a move said on two lines) and
        # with the screen (turned, zoomed): the cards stay clear of it
        self._bar_resized = create_proxy(lambda *_: self._keep_clear())
        window.ResizeObserver.new(self._bar_resized).observe(self.bar)

    def _build(self) -> None:
        # at the top, in the header's place (its buttons are the player's game's): what is replayed, and where
        self.head = el("div", "replay-head", parent=self.table, hidden=True)
        self.head_title = el("p", "replay-head-title", parent=self.head)
        self.head_at = el("p", "replay-head-at", parent=self.head)
        self.bar = el("div", "replay-bar", parent=self.table, role="group", hidden=True)
        self.text = el("p", "replay-text", parent=self.bar, id="replay-text")
        self.range = el(
            "input",
            "replay-range",
            parent=self.bar,
            type="range",
            min="0",
            max="0",
            step="1",
            value="0",
        )
        row = el("div", "replay-buttons", parent=self.bar)
        self.btn_first = self._button(row, "first", "«", "Home")
        self.btn_back = self._button(row, "back", "‹", "ArrowLeft")
        self.btn_toggle = self._button(row, "toggle", "", "P")
        self.btn_next = self._button(row, "next", "›", "ArrowRight")
        self.btn_last = self._button(row, "last", "»", "End")
        self.btn_speed = self._button(row, "speed", "", "")
        self.btn_close = self._button(row, "close", "", "Escape")
        self._relabel()
        b = self._bindings = Bindings()
        b.on(self.btn_first, "click", lambda e: self.jump(0))
        b.on(self.btn_back, "click", lambda e: self.back())
        b.on(self.btn_toggle, "click", lambda e: self.toggle())
        b.on(self.btn_next, "click", lambda e: self.next())
        b.on(self.btn_last, "click", lambda e: self.jump(self.total))
        b.on(self.btn_speed, "click", lambda e: self.next_speed())
        b.on(self.btn_close, "click", lambda e: self.close())
        b.on(self.range, "input", lambda e: self._scrubbing())
        b.on(self.range, "change", lambda e: self._scrubbed())

    def _button(self, row: Element, action: str, text: str, keys: str) -> Element:
        """A button of the bar: its text (a sign, « ‹ › », or words that
        :meth:`_relabel` writes) and its key."""
        button = el("button", "btn", text, parent=row, type="button", data_action=f"replay-{action}")
        if keys:
            button.setAttribute("aria-keyshortcuts", keys)
        return button

    def _relabel(self) -> None:
        """The bar's own words in the language in use (built, and each time it
        opens: the language may have changed meanwhile): the titles with their
        keys, the names of the buttons whose text is a sign, Close."""
        self.bar.setAttribute("aria-label", _("Replay"))
        self.range.setAttribute("aria-label", _("Replay timeline: the move shown"))
        for button, title, label in (
            (self.btn_first, _("The deal (Home)"), p_("position", "The deal")),
            (self.btn_back, _("One move back (←)"), _("One move back")),
            (self.btn_toggle, _("Play or pause (P)"), ""),
            (self.btn_next, _("One move on (→)"), _("One move on")),
            (self.btn_last, _("The last move (End)"), _("The last move")),
            (self.btn_speed, _("The replay's speed"), ""),
            (self.btn_close, _("Close the replay (Escape)"), ""),
        ):
            button.setAttribute("title", title)
            if label:
                button.setAttribute("aria-label", label)
        self.btn_close.textContent = _("Close")

    # ------------------------------------------------------------------
    @property
    def active(self) -> bool:
        return self.rec is not None

    @property
    def total(self) -> int:
        return self.rec.total if self.rec is not None else 0

    def open(
        self,
        rec: Recording,
        at: int | None = None,
        review: Verdicts | None = None,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        """Show ``rec`` on the table at move ``at`` (default: the deal), its
        timeline marked with ``review``'s verdicts; ``on_close`` after Close."""
        self.rec, self.review = rec, review
        self._on_close = on_close or (lambda: None)
        self.playing = self.showing = False
        self.host.inert(True)
        self._clear, self._clear_size = 0.0, None
        self._relabel()
        self._show_at(0 if at is None else at)
        self.bar.hidden = False
        self.range.setAttribute("max", str(rec.total))
        gradient = track_gradient(review, VERDICT_COLOURS)
        if gradient is None:
            self.range.style.removeProperty("--replay-track")
        else:
            self.range.style.setProperty("--replay-track", gradient)
        self.head_title.textContent = _("Replay · {game}").format(game=rec.name)
        self.head.hidden = False
        self._draw()
        self.host.announce(_("Replay of {game}. {where}.").format(game=rec.name, where=step_text(rec, self.at, review)))
        self.range.focus()

    def close(self) -> None:
        """Close the replay: the player's game back on the table."""
        if self.rec is None:
            return
        self._end()
        self.host.give_back()
        self._on_close()

    def _end(self) -> None:
        self.rec = None
        self.playing = self.showing = False
        self.timer.cancel()
        self.scrub.cancel()
        self.bar.hidden = True
        self.head.hidden = True
        self.host.keep_clear(0)
        self.host.inert(False)
        for name in ("data-replay", "data-replay-at", "data-replay-total"):
            self.table.removeAttribute(name)

    def _keep_clear(self) -> None:
        """The cards laid out above the bar, so that none is hidden under it.

        Measured once the bar holds its words (:meth:`_draw`; an empty line
        of words made it a line shorter than it is), and again whenever it
        changes size.  At one size of the table a replay keeps the most room
        its bar has needed (a move said on two lines), so the cards do not
        change size from one move to the next."""
        if self.rec is None or self.bar.hidden:
            return
        top = float(self.bar.getBoundingClientRect().top)
        box = self.table.getBoundingClientRect()
        size = (float(box.width), float(box.height))
        px = max(0.0, float(box.top) + float(box.height) - top + 6)
        if size == self._clear_size:
            px = max(px, self._clear)
        self._clear, self._clear_size = px, size
        self.host.keep_clear(px)

    # -- moving along ----------------------------------------------------
    def _show_at(self, k: int) -> None:
        """Draw position ``k`` at once (a jump)."""
        assert self.rec is not None
        self.at = max(0, min(k, self.rec.total))
        self.off_record = False
        self._own = True
        try:
            self.host.lend(self.rec.game_at(self.at))
        finally:
            self._own = False

    def jump(self, k: int) -> None:
        if self.rec is None or self.showing:
            return
        self.pause()
        k = max(0, min(k, self.rec.total))
        if k == self.at + 1 and not self.off_record:
            self.next()
            return
        if k == self.at - 1 and not self.off_record:
            self.back()
            return
        if k != self.at or self.off_record:
            self._show_at(k)
        self._draw()
        self.host.announce(step_text(self.rec, self.at, self.review) + ".")

    def next(self, auto: bool = False) -> bool:
        """One move on, with the table's animation; False at the end."""
        rec = self.rec
        if rec is None or self.showing:
            return False
        if not auto:
            self.pause()
        if self.off_record:
            self._show_at(self.at)
        if self.at >= rec.total:
            self._draw()
            return False
        self._own = True
        try:
            ok = self.host.play(rec.moves[self.at])
        finally:
            self._own = False
        if not ok:  # cannot happen with a recording the engine wrote; drawn anew
            self._show_at(self.at + 1)
        else:
            self.at += 1
        self._draw()
        return True

    def back(self) -> None:
        """One move back: the engine's undo, animated; where the rules allow
        no undo (a win, a Tournament barrier), the position drawn at once."""
        rec = self.rec
        if rec is None or self.showing:
            return
        self.pause()
        if self.at <= 0:
            return
        g = self.host.game()
        if self.off_record or g is None or not g.can_undo:
            self._show_at(self.at - 1)
        else:
            self._own = True
            try:
                self.host.undo()
            finally:
                self._own = False
            self.at -= 1
        self._draw()

    # -- play and pause ----------------------------------------------------
    def toggle(self) -> None:
        if self.rec is None or self.showing:
            return
        if self.playing:
            self.pause()
            self.host.announce(_("{where}. Paused.").format(where=step_text(self.rec, self.at, self.review)))
        else:
            if self.at >= self.rec.total:
                self._show_at(0)
            self.playing = True
            self.timer.start(0)
            self.host.announce(_("Playing."))
        self._draw()

    def pause(self) -> None:
        if self.playing:
            self.playing = False
            self.timer.cancel()
            self._draw()

    def _tick(self) -> None:
        if not self.playing or self.rec is None:
            return
        if not self.next(auto=True) or self.at >= self.rec.total:
            self.playing = False
            self._draw()
            self.host.announce(
                _("The end of the replay. {where}.").format(where=step_text(self.rec, self.at, self.review))
            )

    def settled(self) -> None:
        """The table is still: the next move after the pause of the speed picked;
        and a replay whose game another one replaced (an address, another tab) ends."""
        if self.rec is not None and not self.host.replaying():
            self._end()
            return
        if self.playing and not self.timer.pending:
            self.timer.start(SPEEDS[self.speed][1])

    def next_speed(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)
        self._draw()
        self.host.announce(_("Speed: {speed}.").format(speed=speed_word(self.speed)))

    # -- the timeline --------------------------------------------------------
    def _scrubbing(self) -> None:
        if self.rec is None:
            return
        k = int(float(str(self.range.value)))
        self.range.setAttribute("aria-valuetext", step_text(self.rec, k, self.review))
        if not self.scrub.pending:
            self.scrub.start(SCRUB_MS)

    def _scrubbed(self) -> None:
        self.scrub.cancel()
        if self.rec is None:
            return
        k = int(float(str(self.range.value)))
        if k != self.at or self.off_record:
            self.pause()
            self._show_at(k)
            self._draw()

    # -- a winning line, shown ---------------------------------------------------
    def show_line(self, moves: Sequence[Move], at: int) -> None:
        """From position ``at`` of the replay, the Show-me bar plays ``moves``."""
        if self.rec is None:
            return
        self.pause()
        self._show_at(at)
        self.showing = True
        self.off_record = True
        self.bar.hidden = True
        self._draw()
        self.host.show_line(moves, self._shown)

    def _shown(self) -> None:
        """The show ended (to the end, or stopped): the replay's bar again."""
        if self.rec is None:
            return
        self.showing = False
        self.host.inert(True)
        self.bar.hidden = False
        self._draw()
        self.text.textContent = _(
            "The table shows the win from {position}; a button goes back to the game's own moves."
        ).format(position=position_name(self.at))
        self.btn_toggle.focus()

    # -- keys ------------------------------------------------------------------
    def on_key(self, e: DomEvent) -> bool:
        """A key while the replay is shown: True when the replay took it
        (every key but Tab: the player's game is not on the table)."""
        if self.rec is None or self.showing:
            return False
        key = str(e.key)
        if key == "Tab" or bool(e.ctrlKey) or bool(e.metaKey) or bool(e.altKey):
            return key != "Tab"
        target = e.target
        on_bar = not is_none(target) and bool(self.bar.contains(target))
        if on_bar and target == self.range and key not in ("p", "P", "Escape", "Esc"):
            return True  # the timeline's own keys: arrows, Home, End, Page Up and Down
        if on_bar and key in (" ", "Enter") and target != self.range:
            return True  # a focused button: its click
        act = REPLAY_KEYS.get(key)
        if act is None:
            return True
        e.preventDefault()
        if bool(e.repeat) and act in ("toggle", "close"):
            return True
        if act == "next":
            self.next()
        elif act == "back":
            self.back()
        elif act == "first":
            self.jump(0)
        elif act == "last":
            self.jump(self.total)
        elif act == "toggle":
            self.toggle()
        else:
            self.close()
        return True

    def _draw(self) -> None:
        rec = self.rec
        if rec is None:
            return
        d = self.table.dataset
        d.replay = "showing" if self.showing else "playing" if self.playing else "paused"
        d.replayAt = str(self.at)
        d.replayTotal = str(rec.total)
        words = step_text(rec, self.at, self.review)
        self.text.textContent = words
        where = position_text(rec, self.at, self.review)
        self.head_at.textContent = (
            _("Show me: the win from {position}").format(position=position_name(self.at)) if self.showing else where
        )
        self.range.value = str(self.at)
        self.range.setAttribute("aria-valuetext", words)
        self.btn_toggle.textContent = _("Pause") if self.playing else p_("playback", "Play")
        self.btn_speed.textContent = _("Speed: {speed}").format(speed=speed_word(self.speed))
        # aria-disabled, not disabled: a button pressed to the end keeps the keyboard's focus
        start, end = self.at <= 0 and not self.off_record, self.at >= rec.total and not self.off_record
        for button, off in (
            (self.btn_first, start),
            (self.btn_back, start),
            (self.btn_next, end),
            (self.btn_last, end),
        ):
            button.setAttribute("aria-disabled", "true" if off else "false")
        self._keep_clear()  # the bar as it now reads: the cards above it
