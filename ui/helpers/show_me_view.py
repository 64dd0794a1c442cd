""" "Show me how" in the page: the solver's win played out on the table.

The More menu's "Show me how" (or S) asks first, then searches from the
position on the table, in slices that leave the page responsive (the bar
says how far the search is, and Stop cancels it).  When a win is found the
game is marked *shown* (kept and counted as shown, never as a win) and a
bar at the bottom of the table plays the line move by move, with the
table's own animations, at the speed picked: Pause / Play, Next move,
Speed and Stop, or the keys P (or Space), → and Escape.

A move the player makes, an Undo, a dialog or another game stops or pauses
the show; it never plays a move from a position it was not found for
(:class:`ui.helpers.show_me.ShowLine`).  Where no win is found within the
search's budget, it says so plainly.

Hooks for tests, on ``#table``: ``data-show`` (``searching``, ``playing``,
``paused``; absent when no show runs), ``data-show-at`` and
``data-show-total`` (moves played of the line), ``data-show-end`` (how the
last show ended: ``done``, ``stopped``, ``no-line``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Protocol

import engine
from engine import Move, Outcome, Position
from solver import SOLVED
from ui.browser.dom import Bindings, DomEvent, Element, Timer, el, window
from ui.helpers.show_me import (
    ASK_TEXT,
    ASK_TITLE,
    DEFAULT_SPEED,
    END_TEXT,
    NO_LINE,
    PAUSED,
    PLAYING,
    SEARCHING,
    SPEEDS,
    ShowLine,
    ShowSearch,
    search_percent,
    show_key,
    speed_word,
)
from ui.helpers.sliced_search import SliceDriver
from ui.i18n.text import N_, _, forms, n_, p_

SLICE_SECONDS = 0.016
"""One slice of the search: a frame's worth (the player is waiting for it)."""
SEARCH_STEP = 8
"""Positions a step of the search explores between two looks at the clock."""


def searching_text(percent: int) -> str:
    """The bar while the search runs: ``Looking for a win… 40%``."""
    return _("Looking for a win… {percent}").format(percent=forms().percent(percent))


class ShowHost(Protocol):
    """What a show needs of the page."""

    def game(self) -> engine.Game | None: ...
    def play(self, move: Move) -> bool: ...
    def can_play(self) -> bool: ...
    def dragging(self) -> bool: ...
    def mark_shown(self) -> None: ...
    def hold_helpers(self, held: bool) -> None: ...
    def known_line(self, pos: Position) -> tuple[Move, ...] | None: ...
    def dead_end(self) -> bool: ...
    def confirm(self, title: str, text: str, yes: str, then: Callable[[], None]) -> None: ...
    def say(self, text: str) -> None: ...
    def announce(self, text: str) -> None: ...


class ShowMe:
    """The show of one table: its bar, its clock and its keys."""

    def __init__(self, table: Element, host: ShowHost) -> None:
        self.table = table
        self.host = host
        self.line: ShowLine | None = None
        self.speed = DEFAULT_SPEED
        self.own = False  # the show's own move is being played
        self.gen = 0  # bumped when a show ends: its search stops
        self.task: asyncio.Future[None] | None = None
        self._ended: Callable[[], None] | None = None  # a line given to play (a replay's): told when it ends
        self.timer = Timer(self._next)
        self.driver = SliceDriver(SLICE_SECONDS, SEARCH_STEP)
        """Runs the search for a win in slices."""
        self._build()

    def _build(self) -> None:
        self.bar = el("div", "show-bar", parent=self.table, role="group", hidden=True)
        self.text = el("span", "show-text", parent=self.bar)
        self.btn_toggle = self._button("toggle", "P")
        self.btn_step = self._button("step", "ArrowRight")
        self.btn_speed = self._button("speed", "")
        self.btn_stop = self._button("stop", "Escape")
        self._relabel()
        b = self._bindings = Bindings()
        b.on(self.btn_toggle, "click", lambda e: self.toggle())
        b.on(self.btn_step, "click", lambda e: self.step())
        b.on(self.btn_speed, "click", lambda e: self.next_speed())
        b.on(self.btn_stop, "click", lambda e: self.stop(_("Show me stopped.")))

    def _button(self, action: str, keys: str) -> Element:
        button = el("button", "btn", "", parent=self.bar, type="button", data_action=f"show-{action}")
        if keys:
            button.setAttribute("aria-keyshortcuts", keys)
        return button

    def _relabel(self) -> None:
        """The bar's own words in the language in use (built, and each time it
        is shown: the language may have changed meanwhile)."""
        self.bar.setAttribute("aria-label", _("Show me how"))
        for button, text, title in (
            (self.btn_toggle, _("Pause"), _("Pause or play on (P)")),
            (self.btn_step, _("Next move"), _("Play one move (→)")),
            (self.btn_speed, "", _("The show's speed")),
            (self.btn_stop, _("Stop"), _("Stop the show (Escape)")),
        ):
            if text:
                button.textContent = text
            button.setAttribute("title", title)

    # ------------------------------------------------------------------
    @property
    def active(self) -> bool:
        return self.line is not None and self.line.active

    def ask(self) -> None:
        """The menu's "Show me how" or S: ask, then search and show."""
        g = self.host.game()
        if g is None or g.status != Outcome.PLAYING or self.active:
            return
        if self.host.dead_end():  # proven: no search, no question; said at once
            self.table.dataset.showEnd = "dead-end"
            return
        self.host.confirm(_(ASK_TITLE), _(ASK_TEXT), _("Show me"), self.start)

    def start(self) -> None:
        g = self.host.game()
        if g is None or g.status != Outcome.PLAYING or self.active:
            return
        known = self.host.known_line(g.position)  # before the helpers are held: that drops their answers
        self.line = line = ShowLine(g.position)
        self.host.hold_helpers(True)
        self.table.removeAttribute("data-show-end")
        self._draw()
        if known:
            self._found(known)
        else:
            self.host.announce(_("Show me: looking for a win."))
            self.task = asyncio.ensure_future(self._search(self.gen, line, g.rules, g.position))

    def play_line(self, moves: Sequence[Move], ended: Callable[[], None]) -> None:
        """Play ``moves``, a win from the position on the table found elsewhere
        (a review's line, in a replay), with the show's bar; ``ended()`` once
        the show ends, to the end or stopped."""
        g = self.host.game()
        if g is None or g.status != Outcome.PLAYING or self.active or not moves:
            ended()
            return
        self.line = ShowLine(g.position)
        self._ended = ended
        self.host.hold_helpers(True)
        self.table.removeAttribute("data-show-end")
        self._draw()
        self._found(tuple(moves))
        self.btn_toggle.focus()

    async def _search(self, gen: int, line: ShowLine, rules: engine.Ruleset, pos: Position) -> None:
        job = ShowSearch(rules, pos)
        shown = -1

        def progress() -> None:
            nonlocal shown
            percent = search_percent(job.nodes)
            if percent != shown:
                shown = percent
                self.text.textContent = searching_text(percent)

        try:
            answer = await self.driver.run(
                job, live=lambda: gen == self.gen and line is self.line, after_slice=progress
            )
            if answer is None:
                return
            status = answer
        except Exception as error:  # the search never breaks the game
            window.console.warn(f"show me: {type(error).__name__}: {error}")
            status = "unknown"
        g = self.host.game()
        if g is None or not line.follows(g.position):
            self.stop(_("Show me stopped: the game changed."))
        elif status == SOLVED and job.moves:
            self._found(job.moves)
        else:
            self._end("no-line", _(NO_LINE.get(str(status), NO_LINE["unknown"])))

    def _found(self, moves: tuple[Move, ...]) -> None:
        line = self.line
        assert line is not None and line.phase == SEARCHING
        line.found(moves)
        self.host.mark_shown()
        self._draw()
        self.host.announce(
            n_(
                "Show me: a win in {n} move. P pauses, the right arrow plays one move, Escape stops.",
                "Show me: a win in {n} moves. P pauses, the right arrow plays one move, Escape stops.",
                line.total,
            ).format(n=line.total)
        )
        self.timer.start(self._gap())

    # ------------------------------------------------------------------
    def _gap(self) -> float:
        return SPEEDS[self.speed][1]

    def _next(self) -> None:
        line = self.line
        if line is None or line.phase != PLAYING:
            return
        if not self.host.can_play() or self.host.dragging():
            line.pause()  # a dialog or a drag: the player is doing something else
            self._draw()
            return
        self._play_one()

    def _play_one(self) -> None:
        line, g = self.line, self.host.game()
        if line is None or g is None:
            return
        if not line.follows(g.position):
            self.stop(_("Show me stopped: the game changed."))
            return
        move = line.next_move()
        if move is None:
            self._end("done", END_TEXT)
            return
        self.own = True
        try:
            ok = self.host.play(move)
        finally:
            self.own = False
        if not ok:
            self.stop(_("Show me stopped: the move could not be played here."))
            return
        line.played(g.position)
        if line.active:
            self._draw()
        else:
            self._end("done", END_TEXT)

    def settled(self) -> None:
        """The table is still: the next move after the pause of the speed picked."""
        if self.line is not None and self.line.phase == PLAYING and not self.timer.pending:
            self.timer.start(self._gap())

    def changed(self) -> None:
        """An action on the table: a move not the show's own stops it."""
        if self.active and not self.own:
            self.stop(_("Show me stopped: you played on."))

    def game_changed(self) -> None:
        """Another game on the table: the show ends without a word."""
        if self.active:
            self._close()

    # ------------------------------------------------------------------
    def toggle(self) -> None:
        line = self.line
        if line is None or line.phase not in (PLAYING, PAUSED):
            return
        line.toggle()
        self.timer.cancel()
        if line.phase == PLAYING:
            self.timer.start(0)
        self._draw()
        self.host.announce(
            _("Playing on.") if line.phase == PLAYING else _("{where}.").format(where=line.progress_text())
        )

    def step(self) -> None:
        """One move of the line, and the show stays paused."""
        line = self.line
        if line is None or line.phase not in (PLAYING, PAUSED):
            return
        self.timer.cancel()
        line.pause()
        if self.host.can_play() and not self.host.dragging():
            self._play_one()

    def next_speed(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)
        self._draw()
        self.host.announce(_("Speed: {speed}.").format(speed=speed_word(self.speed)))

    def stop(self, text: str) -> None:
        if not self.active:
            return
        self._close("stopped")
        self.host.say(text)

    def _end(self, how: str, text: str) -> None:
        if self._ended is not None and text == END_TEXT:
            text = N_("Shown to the end: that was a win.")  # a replay's line: no game of the player's is marked
        self._close(how)
        self.host.say(_(text))

    def _close(self, how: str = "stopped") -> None:
        if self.line is not None:
            self.line.stop()
        self.line = None
        self.gen += 1
        self.timer.cancel()
        self.host.hold_helpers(False)
        self.table.dataset.showEnd = how
        self._draw()
        ended, self._ended = self._ended, None
        if ended is not None:
            ended()

    # ------------------------------------------------------------------
    def on_key(self, e: DomEvent) -> bool:
        """A key while a show runs: True when the show took it."""
        if not self.active:
            return False
        act = show_key(str(e.key), bool(e.ctrlKey), bool(e.altKey), bool(e.metaKey))
        if act is None:
            return False
        target = e.target
        if str(e.key) in (" ", "Spacebar") and self.bar.contains(target):
            return True  # a focused bar button: Space is its click
        e.preventDefault()
        if bool(e.repeat):
            return True
        if act == "toggle":
            self.toggle()
        elif act == "step":
            self.step()
        else:
            self.stop(_("Show me stopped."))
        return True

    def _draw(self) -> None:
        line = self.line
        d = self.table.dataset
        if line is None:
            self.bar.hidden = True
            for name in ("data-show", "data-show-at", "data-show-total"):
                self.table.removeAttribute(name)
            return
        if self.bar.hidden:
            self._relabel()
        self.bar.hidden = False
        d.show = line.phase
        d.showAt = str(line.at)
        d.showTotal = str(line.total)
        searching = line.phase == SEARCHING
        if searching:
            self.text.textContent = searching_text(search_percent(0))
        else:
            self.text.textContent = line.progress_text()
        for button in (self.btn_toggle, self.btn_step, self.btn_speed):
            button.hidden = searching
        self.btn_toggle.textContent = p_("playback", "Play") if line.phase == PAUSED else _("Pause")
        self.btn_speed.textContent = _("Speed: {speed}").format(speed=speed_word(self.speed))
        self.btn_stop.textContent = _("Cancel") if searching else _("Stop")
