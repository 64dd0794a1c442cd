"""Statistics in the page (issue 5): counting finished games, and the
statistics screen.  The figures and the file format are in :mod:`ui.stats`.

When a game counts (the table calls :meth:`Keeper.game_over` and
:meth:`Keeper.leaving`): a win, a resignation or the tournament clock
running out count at once; a game with moves played that the player leaves
for another (New, Choose game, Replay deal, another address) counts as a
loss — the confirmation says so first, when confirmations are on.  A stuck
game is not counted until it is left (Undo can still save it).  Each game
carries an id and a ``recorded`` mark in its save, so a reload never counts
it twice.

Hooks for tests: ``#table[data-dialog=stats]``; ``[data-stat=<figure>]``
(``played``, ``won``, ``lost``, ``percentage``, ``ratio``, ``average-time``,
``best-time``, ``fewest-moves``, ``highest-score``, ``streak``, ``longest``);
``#stats-preset`` (the game shown); ``.stats-chart rect[data-result]``;
``[data-action=export|import|reset|reset-confirm|close]``; ``#stats-file``
(the import's file input); ``#stats-note`` with ``data-kind`` ``ok`` or
``error`` after an import or a reset.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from engine.rules import PRESETS

from . import persist, stats
from .dom import download_text, el, file_text, on, storage_get, storage_set, svg

if TYPE_CHECKING:
    from .app import TableApp

FINAL = ("won", "resigned", "time")
"""End reasons that are final (a stuck game can still be undone)."""


class Keeper:
    """The statistics book, kept in storage, and what the last game changed."""

    def __init__(self) -> None:
        raw = storage_get(stats.STATS_KEY)
        self.book, self.error = stats.load(raw)
        if self.error and raw is not None:
            storage_set(stats.STATS_KEY + persist.UNREADABLE_SUFFIX, raw)
            self.save()
        self.last: tuple[str, stats.Change] | None = None  # (game id, change)

    def save(self) -> None:
        storage_set(stats.STATS_KEY, self.book.to_text())

    def refresh(self) -> None:
        """Re-read storage first: another tab of the game may have counted games since."""
        raw = storage_get(stats.STATS_KEY)
        if raw:
            try:
                self.book = stats.parse(raw)
            except stats.StatsError:
                pass  # keep ours; the next save writes it

    def _count(self, app: "TableApp", won: bool) -> None:
        g = app.game
        assert g is not None
        self.refresh()
        change = self.book.record(g.preset, won=won, score=g.score, seconds=g.elapsed, moves=len(g.moves))
        self.last = (app.game_id, change)
        app.recorded = True
        self.save()

    def game_over(self, app: "TableApp") -> None:
        """The game reached an end: count it if the end is final."""
        g = app.game
        if g is None or app.recorded or g.end_reason not in FINAL:
            return
        self._count(app, g.end_reason == "won")

    def leaving(self, app: "TableApp") -> None:
        """The player leaves the current game for another: an unfinished game
        with moves played counts as a loss."""
        g = app.game
        if g is None or app.recorded or not len(g.moves):
            return
        if g.end_reason in FINAL:
            self._count(app, g.end_reason == "won")
        else:
            self._count(app, False)

    def change_for(self, game_id: str) -> stats.Change | None:
        if self.last is not None and self.last[0] == game_id:
            return self.last[1]
        return None


def end_summary(app: "TableApp", box: Any) -> None:
    """The end screen's lines about the statistics."""
    change = app.stats.change_for(app.game_id)
    if change is None:
        return
    wrap = el("div", "end-stats", parent=box, data_stats_change="1")
    for line in stats.change_lines(change):
        el("p", "", line, parent=wrap)


def open_stats(app: "TableApp", preset: str | None = None) -> None:
    """The statistics screen for ``preset`` (the current game's by default)."""
    state: dict[str, Any] = {"preset": preset or (app.game.preset if app.game else "spider-1"), "confirm": False}
    app.stats.refresh()
    box = app._dialog("stats", "Statistics")
    box.classList.add("scroll")
    row = el("label", "option stats-choose", parent=box)
    el("span", "option-label", "Game", parent=row)
    sel = el("select", "", parent=row, id="stats-preset")
    for pid, rules in PRESETS.items():
        played = app.stats.book.get(pid).played
        opt = el("option", "", rules.name + (f" ({played})" if played else ""), parent=sel, value=pid)
        if pid == state["preset"]:
            opt.selected = True
    body = el("div", "stats-body", parent=box)
    note = el("p", "stats-note", parent=box, id="stats-note", role="status", hidden=True)
    buttons = el("div", "stats-actions", parent=box)
    file_input = el("input", "visually-hidden", parent=box, id="stats-file", type="file",
                    accept=".json,application/json", aria_label="Statistics file to import")

    def say(text: str, kind: str) -> None:
        note.textContent = text
        note.dataset.kind = kind
        note.hidden = False

    def render() -> None:
        body.replaceChildren()
        r = app.stats.book.get(state["preset"])
        dl = el("dl", "stats-figures", parent=body)
        for hook, label, value in stats.figures(r):
            item = el("div", "stats-figure", parent=dl)
            el("dt", "", label, parent=item)
            el("dd", "", value, parent=item, data_stat=hook)
        el("h3", "", "Recent games", parent=body)
        bars = stats.chart_bars(r)
        if not bars:
            el("p", "stats-empty", "No games finished yet.", parent=body)
        else:
            chart = svg("svg", body, cls="stats-chart", viewBox="0 0 200 48", role="img",
                        aria_label=f"The last {len(bars)} games: "
                        + ", ".join(x.result for x in r.recent), preserveAspectRatio="none")
            svg("line", chart, cls="stats-axis", x1=0, y1=24, x2=200, y2=24)
            for bar in bars:
                rect = svg("rect", chart, cls=f"bar-{bar['result']}", x=bar["x"], y=bar["y"], width=bar["w"],
                           height=bar["h"], rx=1, data_result=bar["result"])
                t = svg("title", rect)
                t.textContent = bar["title"]
            el("p", "stats-legend", "Green: won, above the line; red: lost, below. Taller: a higher score.",
               parent=body)
        buttons.replaceChildren()
        name = PRESETS[state["preset"]].name
        if state["confirm"]:
            el("p", "stats-confirm", f"Reset the statistics of {name}? This cannot be undone.", parent=buttons)
            app._buttons(buttons, [("reset-cancel", "Keep them", lambda: confirm(False), False),
                                   ("reset-confirm", "Reset", reset, True)])
        else:
            app._buttons(buttons, [
                ("reset", "Reset…", lambda: confirm(True), False),
                ("export", "Export", export, False),
                ("import", "Import…", lambda: file_input.click(), False),
                ("close", "Close", close, True),
            ])

    def confirm(flag: bool) -> None:
        state["confirm"] = flag
        render()

    def reset() -> None:
        name = PRESETS[state["preset"]].name
        app.stats.book.reset(state["preset"])
        app.stats.save()
        state["confirm"] = False
        render()
        say(f"The statistics of {name} were reset.", "ok")

    def export() -> None:
        stamp = time.strftime("%Y-%m-%d")
        download_text(f"spider-statistics-{stamp}.json", app.stats.book.export_text())
        say("Statistics exported (all games) as a JSON file.", "ok")

    async def do_import() -> None:
        got = await file_text(file_input)
        file_input.value = ""
        if got is None:
            return
        name, text = got
        try:
            book = stats.parse(text)
        except stats.StatsError as e:
            say(f"{name} was not imported: {e}. Your statistics are unchanged.", "error")
            return
        app.stats.book = book
        app.stats.save()
        render()
        n = book.games
        say(f"Imported {name}: {n} game{'s' if n != 1 else ''} in all. It replaced the statistics kept here.", "ok")

    def close() -> None:
        app.close_dialog()
        g = app.game
        if g is not None and g.status != "playing":
            app.pending_end = True
            app._show_end()

    def changed(e: Any) -> None:
        state["preset"] = str(sel.value)
        state["confirm"] = False
        render()

    on(sel, "change", changed)
    on(file_input, "change", lambda e: asyncio.ensure_future(do_import()))
    render()
