"""The statistics screen: every figure of a game, the recent results as a
chart, and reset, export and import.  The figures and the file format are in
:mod:`ui.stats`; counting games is the game service's (:mod:`ui.service`).

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
from collections.abc import Callable
from dataclasses import dataclass

from engine.rules import PRESETS

from . import stats, stats_text
from .dialogs import DialogHost
from .dom import DomEvent, Element, download_text, el, file_text, svg
from .keeper import Keeper


def end_summary(change: stats.Change | None, box: Element) -> None:
    """The end screen's lines about the statistics."""
    if change is None:
        return
    wrap = el("div", "end-stats", parent=box, data_stats_change="1")
    for line in stats_text.change_lines(change):
        el("p", "", line, parent=wrap)


@dataclass
class _Shown:
    """The open statistics screen's state: the game shown, a reset being confirmed."""

    preset: str
    confirm: bool = False


def open_stats(dialogs: DialogHost, keeper: Keeper, preset: str, on_close: Callable[[], None]) -> None:
    """The statistics screen for ``preset``; ``on_close`` after Close."""
    state = _Shown(preset)
    keeper.refresh()
    dialog = dialogs.open("stats", "Statistics")
    box = dialog.box
    box.classList.add("scroll")
    row = el("label", "option stats-choose", parent=box)
    el("span", "option-label", "Game", parent=row)
    sel = el("select", "", parent=row, id="stats-preset")
    for pid, rules in PRESETS.items():
        played = keeper.book.get(pid).played
        opt = el("option", "", rules.name + (f" ({played})" if played else ""), parent=sel, value=pid)
        if pid == state.preset:
            opt.selected = True
    body = el("div", "stats-body", parent=box)
    note = el("p", "stats-note", parent=box, id="stats-note", role="status", hidden=True)
    buttons = el("div", "stats-actions", parent=box)
    file_input = el(
        "input",
        "visually-hidden",
        parent=box,
        id="stats-file",
        type="file",
        accept=".json,application/json",
        aria_label="Statistics file to import",
    )

    def say(text: str, kind: str) -> None:
        note.textContent = text
        note.dataset.kind = kind
        note.hidden = False

    def render() -> None:
        body.replaceChildren()
        r = keeper.book.get(state.preset)
        dl = el("dl", "stats-figures", parent=body)
        for hook, label, value in stats_text.figures(r):
            item = el("div", "stats-figure", parent=dl)
            el("dt", "", label, parent=item)
            el("dd", "", value, parent=item, data_stat=hook)
        shown = keeper.book.shown.get(state.preset, 0)
        if shown:  # finished by "Show me": neither won nor lost
            item = el("div", "stats-figure", parent=dl)
            el("dt", "", "Games shown", parent=item)
            el("dd", "", str(shown), parent=item, data_stat="shown")
        el("h3", "", "Recent games", parent=body)
        bars = stats_text.chart_bars(r)
        if not bars:
            el("p", "stats-empty", "No games finished yet.", parent=body)
        else:
            chart = svg(
                "svg",
                body,
                cls="stats-chart",
                viewBox="0 0 200 48",
                role="img",
                aria_label=f"The last {len(bars)} games: " + ", ".join(x.result for x in r.recent),
                preserveAspectRatio="none",
            )
            svg("line", chart, cls="stats-axis", x1=0, y1=24, x2=200, y2=24)
            for bar in bars:
                rect = svg(
                    "rect",
                    chart,
                    cls=f"bar-{bar['result']}",
                    x=bar["x"],
                    y=bar["y"],
                    width=bar["w"],
                    height=bar["h"],
                    rx=1,
                    data_result=bar["result"],
                )
                t = svg("title", rect)
                t.textContent = str(bar["title"])
            el(
                "p",
                "stats-legend",
                "Green: won, above the line; red: lost, below. Taller: a higher score.",
                parent=body,
            )
        buttons.replaceChildren()
        name = PRESETS[state.preset].name
        if state.confirm:
            el("p", "stats-confirm", f"Reset the statistics of {name}? This cannot be undone.", parent=buttons)
            dialog.buttons(
                buttons,
                [("reset-cancel", "Keep them", lambda: confirm(False), False), ("reset-confirm", "Reset", reset, True)],
            )
        else:
            dialog.buttons(
                buttons,
                [
                    ("reset", "Reset…", lambda: confirm(True), False),
                    ("export", "Export", export, False),
                    ("import", "Import…", lambda: file_input.click(), False),
                    ("close", "Close", close, True),
                ],
            )

    def confirm(flag: bool) -> None:
        state.confirm = flag
        render()

    def reset() -> None:
        name = PRESETS[state.preset].name
        keeper.reset(state.preset)
        state.confirm = False
        render()
        say(f"The statistics of {name} were reset.", "ok")

    def export() -> None:
        stamp = time.strftime("%Y-%m-%d")
        download_text(f"spider-statistics-{stamp}.json", keeper.book.export_text())
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
        keeper.replace(book)
        render()
        n = book.games
        say(f"Imported {name}: {n} game{'s' if n != 1 else ''} in all. It replaced the statistics kept here.", "ok")

    def close() -> None:
        dialogs.close()
        on_close()

    def changed(e: DomEvent) -> None:
        state.preset = str(sel.value)
        state.confirm = False
        render()

    dialog.on(sel, "change", changed)
    dialog.on(file_input, "change", lambda e: asyncio.ensure_future(do_import()))
    render()
