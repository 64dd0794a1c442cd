"""The table's helpers in the page: Hint, Finish (auto-complete) and the
background work of the "Still winnable?" badge (:mod:`ui.helpers.still_winnable_view`) and
the dead-end check (:mod:`ui.helpers.dead_end_view`); "Winnable deals" is
:mod:`ui.helpers.winnable_deals_view`, "Show me how" :mod:`ui.helpers.show_me_view`.

The decisions are pure (:mod:`ui.helpers.hints`); this module runs them without
ever standing in a move's way:

* **Hint** (button or H): the hints of a position are searched once, in a
  task of their own (``hints(max_seconds=HINT_SECONDS)``: one short task),
  then each press shows the next one.  The cards to move get
  ``.hint-src``, the target pile's top card (or its placeholder)
  ``.hint-dst``, and the message area says the hint's sentence.  Any
  action clears it.
* **Background work** — looking for an auto-complete once every card is
  face up, and the "Still winnable?" check when that setting is on — runs
  as one asyncio task in slices of a few milliseconds
  (:data:`SLICE_SECONDS`), yielding to the browser between slices
  (``await asyncio.sleep(0)``: Pyodide schedules it as a new task), and
  sleeping while a drag is in progress.  It starts only once the table has
  settled after an action; any input stops it (the jobs are kept, so it
  resumes where it was when the position has not changed), and every
  action drops them.
* **Finish**: when the search finds the way out, a Finish button appears;
  pressing it plays the moves one by one with the normal animations; any
  input (a tap, a key, Undo) stops it between two moves, so the game is
  always a consistent one.

Hooks for tests, on ``#table``: ``data-hint`` (the move shown, or
``none``), ``data-hint-src`` (``pile:index``), ``data-hint-dst``,
``data-hint-count`` (hints for this position), ``data-hint-seq`` (one more
per press answered), ``data-hint-ms`` (press to highlight, measured in the
page); ``data-autocheck`` (``checking``, ``hidden``: a card is hidden or
the stock is not empty, ``no``, ``offered``), ``data-autoplay`` while
Finish plays; ``data-winnable`` (``loaded``/``failed``) once the proven
deals list has been fetched.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import engine
from engine import Move, Outcome, Position
from solver import SOLVED, hints
from ui.browser.dom import Bindings, Element, Timer, el, now_ms, window
from ui.chrome.appearance_view import Appearance
from ui.chrome.header_view import Header
from ui.chrome.messages import finish_text
from ui.chrome.messages_view import Messages
from ui.game.after_action import FINISH
from ui.helpers import hints as assist
from ui.helpers.dead_end_view import DeadEndWatch, dead_end_note
from ui.helpers.sliced_search import Job, SliceDriver
from ui.helpers.still_winnable_view import StillBadge
from ui.i18n.text import N_, _
from ui.screens.dialog_view import DialogHost
from ui.table.table_view import Table

SLICE_SECONDS = 0.008
"""One slice of background search: short enough that a tap or a frame
never waits for it."""
SLICE_NODES = 4
"""Positions explored between two looks at the clock."""
START_DELAY_MS = 150
"""Background work starts this long after the table settles (an input
meanwhile puts it off)."""
HINT_MESSAGE_MS = 6000
FINISH_OFFER = N_("Every card is face up: Finish plays the game out.")
AUTOPLAY_GAP_MS = 60


class Helper:
    """Hint, Finish and the "Still winnable?" badge of one table."""

    def __init__(
        self,
        table: Table,
        header: Header,
        messages: Messages,
        dialogs: DialogHost,
        look: Appearance,
        proven: Callable[[engine.Game], bool],
    ) -> None:
        self.table_ = table
        self.state = table.state
        """The table state: what Finish found is kept there (:attr:`auto_pos`, :attr:`auto_moves`)."""
        self.header = header
        self.messages = messages
        self.dialogs = dialogs
        self.look = look
        self.deadend = DeadEndWatch(table.el, table.state)
        self._proven = proven
        self.cycle = assist.HintCycle()
        self.hint_seq = 0
        self.marked: list[tuple[Element, str]] = []  # elements carrying hint classes
        self.driver = SliceDriver(SLICE_SECONDS, SLICE_NODES, self._longest_slice)
        """Runs the background jobs in slices (the longest in ``data-slice-max``)."""
        self.gen = 0  # bumped by every input and action: background slices stop
        self.task: asyncio.Future[None] | None = None
        self.hint_task: asyncio.Future[None] | None = None
        self.hint_pos: Position | None = None  # the position being searched
        self.hint_presses = 0
        self.hint_text = ""  # the sentence of the hint shown, withdrawn by any action
        # auto-complete: the job or answer for one position
        self.auto_job: assist.SlicedSolve | None = None
        self.auto_done = False
        self.autoplay: list[Move] = []
        self.autoplay_own = False
        self.autoplay_timer = Timer(self._autoplay_next)
        self.start_timer = Timer(self._start)
        self.held = False  # "Show me" holds the table: no background work, no Finish (ui.app.ShowMeHost)
        self._go_back: Callable[[int], None] = lambda moves: None
        """Take moves back until ``moves`` are left (:meth:`when_going_back`)."""
        self._build()

    # ------------------------------------------------------------------
    def _build(self) -> None:
        # Finish floats above the felt at the bottom (the header has no room on a phone)
        self.btn_finish = el(
            "button",
            "btn btn-finish primary",
            _("Finish"),
            parent=self.table,
            type="button",
            data_action="finish",
            title=_("Play the game out"),
            hidden=True,
        )
        self._bindings = Bindings()
        self._bindings.on(self.btn_finish, "click", lambda e: self.finish())
        self.still = StillBadge(self.table, self.header.title_el, self.messages, self.look, self._proven, self.state)

    def when_going_back(self, fn: Callable[[int], None]) -> None:
        """The dead end's "Undo to there" and "Restart": ``fn(moves)`` takes
        the moves back until ``moves`` are left (the session's rewind)."""
        self._go_back = fn

    @property
    def auto_pos(self) -> Position | None:
        """The position Finish's search is about (kept in the table state)."""
        return self.state.finish_at

    @auto_pos.setter
    def auto_pos(self, pos: Position | None) -> None:
        self.state.finish_at = pos

    @property
    def auto_moves(self) -> tuple[Move, ...] | None:
        """The way out Finish found (kept in the table state)."""
        return self.state.finish_line

    @auto_moves.setter
    def auto_moves(self, moves: tuple[Move, ...] | None) -> None:
        self.state.finish_line = moves

    @property
    def table(self) -> Element:
        """The table's element (its data attributes are the hooks)."""
        return self.table_.el

    # ------------------------------------------------------------------
    # hints
    # ------------------------------------------------------------------
    def hint(self) -> None:
        """The Hint button or H: the next best move, or what to do."""
        t0 = now_ms()
        self.interrupt()
        g = self.table_.game
        if g is None or g.status != Outcome.PLAYING or self.dialogs.is_open:
            return
        if self.deadend.proven(g):  # said at once, never a move that leads nowhere
            self.dead_end_note(g)
            return
        if self.cycle.fresh(g.position):
            self.cycle.next()
            self._show_hint(t0)
            return
        if self.hint_pos == g.position and self.hint_task is not None and not self.hint_task.done():
            self.hint_presses += 1  # pressed again while searching: show the next one straight away
            return
        self.table.dataset.hintPending = "1"
        self.hint_pos, self.hint_presses = g.position, 1
        self.hint_task = asyncio.ensure_future(self._search_hint(t0, g.position))

    async def _search_hint(self, t0: float, pos: Position) -> None:
        await asyncio.sleep(0)  # the press is painted first
        g = self.table_.game
        if g is None or g.position != pos:
            self.table.removeAttribute("data-hint-pending")
            return
        found = hints(g.rules, pos, max_seconds=assist.HINT_SECONDS)
        self.cycle.load(pos, found)
        for _press in range(self.hint_presses):
            self.cycle.next()
        self.hint_pos = None
        self._show_hint(t0)

    def _show_hint(self, t0: float) -> None:
        g, t = self.table_.game, self.table_.tracker
        r = self.table_.renderer
        assert g is not None and t is not None
        self._unmark()
        cycle = self.cycle
        hint = cycle.hints[cycle.index] if cycle.hints else None
        d = self.table.dataset
        if hint is None or hint.move is None:
            d.hint = "none"
            for name in ("data-hint-src", "data-hint-dst"):
                self.table.removeAttribute(name)
        else:
            hl = assist.highlight_for(g.rules, g.position, hint.move)
            uids = t.piles.get(hl.src, [])
            if hl.index is None:
                chosen = uids[-1:]
            else:
                chosen = uids[hl.index : hl.index + hl.count]
            for uid in chosen:
                self._mark(r.card(uid), "hint-src")
            if not chosen and hl.src in r.piles:
                self._mark(r.piles[hl.src], "hint-src")
            if hl.dst is not None:
                top = t.piles.get(hl.dst, [])
                self._mark(r.card(top[-1]) if top else r.piles[hl.dst], "hint-dst")
            d.hint = g.move_text(hint.move)
            d.hintSrc = f"{hl.src}:{'' if hl.index is None else hl.index}"
            if hl.dst is not None:
                d.hintDst = hl.dst
            else:
                self.table.removeAttribute("data-hint-dst")
        d.hintCount = str(len(cycle.hints))
        self.hint_seq += 1
        d.hintSeq = str(self.hint_seq)
        d.hintMs = f"{now_ms() - t0:.1f}"
        self.table.removeAttribute("data-hint-pending")
        self.hint_text = cycle.sentence(g.can_undo, g.rules)
        self.messages.show(self.hint_text, HINT_MESSAGE_MS)

    def dead_end_note(self, g: engine.Game) -> None:
        """On a proven dead end: say so, and offer to go back to the last
        position with a useful move (or to restart the deal)."""
        self._unmark()
        for name in ("data-hint-src", "data-hint-dst", "data-hint-pending"):
            self.table.removeAttribute(name)
        d = self.table.dataset
        d.hint = "dead-end"
        self.hint_seq += 1
        d.hintSeq = str(self.hint_seq)
        back = self.deadend.back_to
        restart = bool(g.moves) and g.undo_floor == 0
        self.hint_text = dead_end_note(back, len(g.moves), restart)
        if back is not None:
            self.messages.offer(self.hint_text, _("Undo to there"), lambda: self._go_back(back), HINT_MESSAGE_MS)
        elif restart:
            self.messages.offer(self.hint_text, _("Restart"), lambda: self._go_back(0), HINT_MESSAGE_MS)
        else:
            self.messages.show(self.hint_text, HINT_MESSAGE_MS)

    def _mark(self, node: Element, cls: str) -> None:
        node.classList.add(cls)
        self.marked.append((node, cls))

    def _unmark(self) -> None:
        for node, cls in self.marked:
            node.classList.remove(cls)
        self.marked = []

    def clear_hint(self) -> None:
        """The hint's marks and its sentence go (any action, Escape)."""
        self._unmark()
        if self.hint_text:
            self.messages.withdraw(self.hint_text)
            self.hint_text = ""
        for name in ("data-hint", "data-hint-src", "data-hint-dst", "data-hint-count", "data-hint-pending"):
            self.table.removeAttribute(name)

    # ------------------------------------------------------------------
    # the table tells us
    # ------------------------------------------------------------------
    def interrupt(self) -> None:
        """Any input: Finish stops, background slices stop (they resume later)."""
        self.gen += 1
        self.start_timer.cancel()
        if self.autoplay:
            self.stop_autoplay()

    def hold(self, held: bool) -> None:
        """While held ("Show me how" plays), the helpers do nothing in the
        background and offer no Finish."""
        self.held = held
        if held:
            self.changed()  # the hint, the offer and the background work go
        else:
            self.tick()  # the background work starts again

    def changed(self) -> None:
        """Any action or a new game (before it is drawn): the hint, the offer
        and the background jobs of the old position go."""
        self.gen += 1
        self.start_timer.cancel()
        self.clear_hint()
        self.cycle.clear()
        self._offer(False)
        if not self.autoplay_own and self.autoplay:
            self.stop_autoplay()
        self.auto_pos = self.auto_job = self.auto_moves = None
        self.auto_done = False
        self.deadend.forget()
        self.table.removeAttribute("data-autocheck")
        self.still.forget(self.table_.game)

    def settled(self) -> None:
        """Every animation is over: play Finish on, or start the background."""
        if self.autoplay:
            self.autoplay_timer.start(AUTOPLAY_GAP_MS if self.look.speed > 0 else 0)
            return
        if self._wanted():
            self.start_timer.start(START_DELAY_MS)

    def tick(self) -> None:
        """Twice a second: restart background work an input stopped."""
        if not self.autoplay and not self.start_timer.pending and (self.task is None or self.task.done()):
            self._start()

    def proven_list_loaded(self) -> None:
        """The proven-winnable list arrived: the badge's check starts again knowing it."""
        self.still.relearn()
        self.gen += 1  # a check under way stops at its next slice
        self.start_timer.start(START_DELAY_MS)

    def settings_changed(self) -> None:
        self.still.show(self.table_.game)
        self.start_timer.start(START_DELAY_MS)

    # ------------------------------------------------------------------
    # background work
    # ------------------------------------------------------------------
    def _wanted(self) -> bool:
        g = self.table_.game
        if self.held or g is None or g.status != Outcome.PLAYING:
            return False
        pos = g.position
        if not (self.auto_done and self.auto_pos == pos):
            return True
        if self.deadend.wanted(g):
            return True
        return self.still.wanted(g)

    def _start(self) -> None:
        if self.autoplay or not self._wanted():
            return
        if self.task is not None and not self.task.done():
            self.gen += 1  # the running one stops at its next slice
        self.gen += 1
        self.task = asyncio.ensure_future(self._background(self.gen))

    async def _slices(self, job: Job, gen: int) -> str | None:
        """Run ``job`` in short slices until it answers (its status) or the
        work is stopped (None); nothing runs during a drag."""
        return await self.driver.run(job, live=lambda: gen == self.gen, paused=lambda: self.state.dragging)

    def _longest_slice(self, ms: float) -> None:
        self.table.dataset.sliceMax = f"{ms:.1f}"

    async def _background(self, gen: int) -> None:
        try:
            await self._auto_check(gen)
            if gen == self.gen:
                await self.deadend.run(self.table_.game, lambda job: self._slices(job, gen))
            if gen == self.gen:
                await self.still.run(self.table_.game, lambda job: self._slices(job, gen))
        except Exception as error:  # never let the helper break the game
            window.console.warn(f"helper: {type(error).__name__}: {error}")

    async def _auto_check(self, gen: int) -> None:
        g = self.table_.game
        if g is None or g.status != Outcome.PLAYING:
            return
        pos = g.position
        if self.auto_pos != pos:
            self.auto_pos, self.auto_moves, self.auto_done = pos, None, False
            self.auto_job = assist.autocomplete_job(g.rules, pos)
        if self.auto_done:
            return
        if self.auto_job is None:
            self.auto_done = True
            self.table.dataset.autocheck = "hidden"
            return
        self.table.dataset.autocheck = "checking"
        status = await self._slices(self.auto_job, gen)
        if status is None or gen != self.gen:
            return
        self.auto_done = True
        if status == SOLVED and self.auto_job.moves:
            self.auto_moves = self.auto_job.moves
            self.table.dataset.autocheck = "offered"
            self._offer(True)
        else:
            self.table.dataset.autocheck = "no"

    # ------------------------------------------------------------------
    # Finish
    # ------------------------------------------------------------------
    def _offer(self, shown: bool) -> None:
        self.btn_finish.hidden = not shown
        self.table.classList.toggle("offering", shown)
        if shown:
            self.messages.show(_(FINISH_OFFER))
        else:
            # the offer's sentence goes with it (a move, Finish pressed, the win)
            self.messages.withdraw(_(FINISH_OFFER))

    def finish(self) -> None:
        """The Finish button: play the moves found, one by one."""
        g = self.table_.game
        if g is None or not self.auto_moves or self.auto_pos != g.position or g.status != Outcome.PLAYING:
            return
        self.autoplay = list(self.auto_moves)
        self._offer(False)
        self.table.dataset.autoplay = "1"
        self.messages.announce(finish_text(len(self.autoplay)))
        self._autoplay_next()

    def _autoplay_next(self) -> None:
        g = self.table_.game
        if not self.autoplay or g is None or g.status != Outcome.PLAYING or self.dialogs.is_open:
            self.stop_autoplay()
            return
        move = self.autoplay.pop(0)
        self.autoplay_own = True
        try:
            ok = self.table_.dispatch(move, FINISH)
        finally:
            self.autoplay_own = False
        if not ok or not self.autoplay:
            self.stop_autoplay()

    def stop_autoplay(self) -> None:
        self.autoplay = []
        self.autoplay_timer.cancel()
        self.table.removeAttribute("data-autoplay")

    # ------------------------------------------------------------------
