"""The review screen: where a finished game's win slipped away, and the way back.

"Review" (the end screen's, and each of the statistics' recent games) opens
a dialog over the table.  For a game not won, the solver's review
(``solver.Reviewer``, which knows every card, also the face-down ones, and
says so) runs in the background, in slices of a frame's length with its
progress shown; closing the screen pauses it and opening it again goes on
where it stopped (for the visit).  Its result is kept with the game (a
text under :func:`ui.storage.games.review_key`), so a second look is
instant.  The screen shows the positions as a timeline (winnable, lost,
not known), the slip ("Move 41, moving 9 of hearts from column 3 to
column 7, lost the game: before it a win was still there."), or the honest
version when the search could not close the gap, and offers:

* **Show the win from here**: the winning line from the last winnable
  position, played on the table by the Show-me bar (in a replay, so the
  player's game is not touched);
* **Retry from here**: a new game from that position, as practice (never
  in the statistics, marked as practice in the lists of games);
* **Watch the replay** (:mod:`ui.game.replay_view`), its timeline coloured
  by the verdicts.

A won game's review says so and offers the replay.  :meth:`Reviews.open_stored`
opens a stored game's replay or review by its id (a record that cannot be
read is refused with the reason).

Hooks for tests: ``#table[data-dialog=review]``; ``.review-screen`` with
``data-review`` (``running``, ``done``, ``won``) and ``data-progress``;
``.review-slip`` (``data-slip``: the slip's index), ``.review-timeline
rect[data-verdict]``; ``[data-action=show-win|retry|watch|close]``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from solver import GameReview, Reviewer
from ui.browser.dom import Element, document, el, is_none, svg, to_js, window
from ui.game.replay import (
    FULL_INFORMATION,
    LOST,
    UNKNOWN,
    WINNABLE,
    Recording,
    findings,
    position_name,
    segments,
    timeline_label,
)
from ui.game.replay_view import Replay
from ui.helpers.sliced_search import SliceDriver
from ui.i18n.text import Np_, _, forms, n_, number, p_
from ui.screens.dialog_view import Button, Dialog, DialogHost
from ui.storage import games as library
from ui.storage.store import Change, Records

SLICE_SECONDS = 0.016
"""One slice of the review: a frame's worth (the player is watching its progress)."""
SLICE_NODES = 200
"""Positions per step of the reviewer, between two looks at the clock."""
LEGEND = (
    (WINNABLE, Np_("verdict", "winnable")),
    (LOST, Np_("verdict", "lost")),
    (UNKNOWN, Np_("verdict", "not known")),
)
"""The timeline's colours and their words (marked: translated where shown)."""


class ReviewSteps:
    """The reviewer as a job of the helpers' one sliced-search driver
    (:class:`ui.helpers.sliced_search.SliceDriver`): ``"reviewed"`` once it is over."""

    def __init__(self, reviewer: Reviewer) -> None:
        self.reviewer = reviewer

    def step(self, n: int, /) -> str | None:
        return "reviewed" if self.reviewer.step(n) else None


class Reviews:
    """The review screen of one table, and the reviews worked on this visit."""

    def __init__(
        self,
        dialogs: DialogHost,
        records: Records,
        replay: Replay,
        retry: Callable[[Recording, int], None],
        say: Callable[[str], None],
    ) -> None:
        self.dialogs = dialogs
        self.records = records
        self.replay = replay
        self._retry = retry
        self._say = say
        self.jobs: dict[str, Reviewer] = {}
        """Reviews begun and not finished, by game id: opened again, each goes on."""
        self.done: dict[str, GameReview] = {}
        self.gen = 0
        self.driver = SliceDriver(SLICE_SECONDS, SLICE_NODES)
        """Runs the review a frame's worth at a time, as the helpers' searches are run."""
        self._task: asyncio.Future[None] | None = None

    # -- a stored game ----------------------------------------------------------
    def open_stored(self, game_id: str, what: str, back: Callable[[], None]) -> None:
        """The replay (``what="watch"``) or the review of the stored game
        ``game_id``; ``back()`` when the player closes it."""

        def found(record: tuple[str, str] | None) -> None:
            if record is None:
                self._say(_("This game is no longer kept, so it cannot be replayed."))
                return
            loaded = library.load_record(*record)
            if loaded.game is None or loaded.meta is None:
                self._say((loaded.error or "This game could not be opened.").replace("opened", "replayed"))
                return
            rec = Recording.of(loaded.game)
            shown = loaded.meta.shown or loaded.meta.state == "shown"
            if what == "watch":
                self.dialogs.close()
                self.replay.open(rec, 0, self.known(game_id, rec), back)
            else:
                self.open(rec, game_id, back, shown=shown)

        self.records.store.load(game_id, found)

    # -- the screen ---------------------------------------------------------------
    def open(self, rec: Recording, key: str | None, back: Callable[[], None], shown: bool = False) -> None:
        """The review of ``rec`` (``key``: its game id, under which the review
        is kept; None for a game from elsewhere); ``back()`` after Close."""
        self.gen += 1
        d = self.dialogs.open("review", _("Review"))
        box = d.box
        box.classList.add("scroll")
        screen = el("div", "review-screen", parent=box)
        el("p", "review-game", _game_line(rec), parent=screen)
        won = rec.end == "won"
        if won:
            screen.dataset.review = "won"
            text = (
                _("Show me finished this game: it was won on the table, but it counts as shown.")
                if shown
                else _("You won this game: every position on the way was winnable.")
            )
            el("p", "review-finding", text, parent=screen)
            d.buttons(
                screen,
                [
                    ("watch", _("Watch the replay"), lambda: self._watch(d, rec, key, None, 0, back), True),
                    ("close", _("Close"), lambda: self._close(back), False),
                ],
            )
            return
        review = self.known(key, rec) if key is not None else None
        if review is not None:
            self._draw(d, screen, rec, key, review, back, running=False)
            return
        job = self.jobs.get(key or "")
        if job is None:
            job = Reviewer(rec.game_at(rec.total))
            if key is not None:
                self.jobs[key] = job
        self._draw(d, screen, rec, key, job.result(), back, running=True, progress=job.progress)
        self._task = asyncio.ensure_future(self._run(self.gen, d, screen, rec, key, job, back))

    def known(self, key: str, rec: Recording) -> GameReview | None:
        """The review of the game ``key`` (``rec``) done already, this visit or kept; else None."""
        return self.done.get(key) or self._stored(key, rec)

    def _stored(self, key: str | None, rec: Recording) -> GameReview | None:
        if key is None:
            return None
        text = self.records.get(library.review_key(key))
        if text is None:
            return None
        try:
            review = GameReview.from_json(text, rec.game_at(rec.total))
        except Exception as error:  # a review of another version: worked out again
            window.console.warn(f"review: {type(error).__name__}: {error}")
            return None
        self.done[key] = review
        return review

    async def _run(
        self,
        gen: int,
        d: Dialog,
        screen: Element,
        rec: Recording,
        key: str | None,
        job: Reviewer,
        back: Callable[[], None],
    ) -> None:
        shown = -1

        def progress() -> None:
            nonlocal shown
            percent = max(0, min(99, int(job.progress * 100)))
            if percent != shown:
                shown = percent
                self._progress(screen, percent)

        try:
            done = await self.driver.run(ReviewSteps(job), lambda: gen == self.gen and d.is_open, after_slice=progress)
            if done is None:
                return  # left: the job waits, and goes on when the screen opens again
        except Exception as error:  # the review never breaks the game
            window.console.warn(f"review: {type(error).__name__}: {error}")
            job.cancel()
        review = job.result()
        if key is not None:
            self.jobs.pop(key, None)
            self.done[key] = review
            text = review.to_json()
            if len(text) <= library.MAX_REVIEW_CHARS and key in self.records.metas:
                self.records.write(Change(kv={library.review_key(key): text}))
        if gen == self.gen and d.is_open:
            active = document.activeElement
            had_focus = not is_none(active) and bool(screen.contains(active))
            screen.replaceChildren()
            el("p", "review-game", _game_line(rec), parent=screen)
            self._draw(d, screen, rec, key, review, back, running=False)
            first = screen.querySelector(".dialog-buttons .btn.primary")
            if had_focus and not is_none(first):
                first.focus(to_js({"preventScroll": True}))

    def _progress(self, screen: Element, percent: int) -> None:
        screen.dataset.progress = str(percent)
        bar = screen.querySelector(".review-progress progress")
        words = screen.querySelector(".review-progress-text")
        if bar is not None:
            bar.value = str(percent)
        if words is not None and str(percent // 10) != str(words.dataset.decile):
            words.dataset.decile = str(percent // 10)  # a live region: said every tenth, not every percent
            words.textContent = _reviewing(percent)

    def _draw(
        self,
        d: Dialog,
        screen: Element,
        rec: Recording,
        key: str | None,
        review: GameReview,
        back: Callable[[], None],
        running: bool,
        progress: float = 0.0,
    ) -> None:
        screen.dataset.review = "running" if running else "done"
        el("p", "review-note", _(FULL_INFORMATION), parent=screen)
        if running:
            percent = max(0, min(99, int(progress * 100)))
            screen.dataset.progress = str(percent)
            wrap = el("div", "review-progress", parent=screen)
            words = el(
                "p",
                "review-progress-text",
                _reviewing(percent),
                parent=wrap,
                id="review-progress",
                data_decile=str(percent // 10),
            )
            words.setAttribute("role", "status")
            el("progress", "", parent=wrap, max="100", value=str(percent), aria_labelledby="review-progress")
        _timeline(screen, review)
        if not running:
            said = findings(review, rec)
            slip = el("div", "review-slip", parent=screen)
            if review.slip is not None:
                slip.dataset.slip = str(review.slip)
            for k, line in enumerate(said):
                el("p", "review-finding" if k == 0 else "", line, parent=slip)
            if not review.complete:
                el(
                    "p",
                    "review-note",
                    _("The search ran out of its budget before it could say more."),
                    parent=screen,
                )
        lw = review.last_winnable
        buttons: list[Button] = []
        if not running and lw is not None and lw < rec.total:
            if review.lines.get(lw):
                where = position_name(lw)
                # Translators: {position}: a point of the game, "the deal" or "move 41"
                show_win = _("Show the win from {position}").format(position=where)
                buttons.append(("show-win", show_win, lambda: self._show(d, rec, key, review, back), True))
            # Translators: {position}: a point of the game, "the deal" or "move 41"
            retry = _("Retry from {position}").format(position=position_name(lw))
            buttons.append(("retry", retry, lambda: self._retry_from(d, rec, lw), False))
        at = review.slip if review.slip is not None else (lw or 0)
        buttons += [
            ("watch", _("Watch the replay"), lambda: self._watch(d, rec, key, review, at, back), not buttons),
            ("close", _("Close"), lambda: self._close(back), False),
        ]
        d.buttons(screen, buttons)

    # -- the buttons ------------------------------------------------------------------
    def _back_here(
        self, rec: Recording, key: str | None, back: Callable[[], None], shown: bool = False
    ) -> Callable[[], None]:
        return lambda: self.open(rec, key, back, shown)

    def _watch(
        self, d: Dialog, rec: Recording, key: str | None, review: GameReview | None, at: int, back: Callable[[], None]
    ) -> None:
        d.close()
        self.replay.open(rec, at, review, self._back_here(rec, key, back, shown=review is None and rec.end == "won"))

    def _show(self, d: Dialog, rec: Recording, key: str | None, review: GameReview, back: Callable[[], None]) -> None:
        lw = review.last_winnable
        if lw is None:
            return
        line = review.lines.get(lw)
        if not line:
            return
        d.close()
        self.replay.open(rec, lw, review, self._back_here(rec, key, back))
        self.replay.show_line(line, lw)

    def _retry_from(self, d: Dialog, rec: Recording, k: int) -> None:
        d.close()
        self._retry(rec, k)

    def _close(self, back: Callable[[], None]) -> None:
        self.dialogs.close()
        back()


def _game_line(rec: Recording) -> str:
    """The reviewed game: its name and how many moves it had."""
    game = _(rec.name)
    return n_("{game} · {n} move", "{game} · {n} moves", rec.total).format(game=game, n=number(rec.total))


def _reviewing(percent: int) -> str:
    """The review's progress in words (a live region)."""
    return _("Reviewing the game… {percent}").format(percent=forms().percent(percent))


def _timeline(parent: Element, review: GameReview) -> None:
    """The positions as a strip: each run of one verdict a coloured band, the slip marked
    where it happened (between its two positions)."""
    wrap = el("figure", "review-timeline", parent=parent)
    n = max(1, len(review.verdicts))
    pic = svg(
        "svg", wrap, viewBox=f"0 0 {n} 10", preserveAspectRatio="none", role="img", aria_label=timeline_label(review)
    )
    for s in segments([str(v) for v in review.verdicts]):
        width = s.last - s.first + 1
        svg("rect", pic, cls=f"verdict-{s.verdict}", x=s.first, y=0, width=width, height=10, data_verdict=s.verdict)
    if review.slip is not None:
        w = max(n / 120, 0.05)
        svg("rect", pic, cls="review-slip-mark", x=review.slip + 1 - w / 2, y=0, width=w, height=10)
    axis = el("div", "review-axis", parent=wrap, aria_hidden="true")
    last = len(review.verdicts) - 1
    # Translators: the two ends of the review's timeline: the deal, and the last move's number
    el("span", "", _("The deal"), parent=axis)
    el("span", "", _("move {n}").format(n=number(last)), parent=axis)
    caption = el("figcaption", "review-legend", parent=wrap)
    for verdict, word in LEGEND:
        item = el("span", "legend-item", parent=caption)
        el("span", f"legend-swatch verdict-{verdict}", parent=item, aria_hidden="true")
        item.append(p_("verdict", word))
