"""The statistics screen, in the game picker's visual language: a card for
each game (its table drawn, its win percentage and the recent results as a
small chart) under the totals of all games; a tap on a card shows every
figure of that game, the recent results as a chart, and its reset.  Export
and import take all the games at once.  The figures and the file format are
in :mod:`ui.storage.statistics`; counting games is the game service's (:mod:`ui.game.current`).

Hooks for tests: ``#table[data-dialog=stats]``; ``.stats-card`` with
``data-preset`` (``.current``: the game in play) and its button
``[data-stats-open=<preset>]``; ``[data-stat=<figure>]`` for the totals
(``all-played``, ``all-won``, ``all-percentage``) and, on a game's page
(``.stats-details`` with ``data-preset``), ``played``, ``won``, ``lost``,
``percentage``, ``ratio``, ``average-time``, ``best-time``,
``fewest-moves``, ``highest-score``, ``streak``, ``longest`` (and
``shown``); ``.stats-chart rect[data-result]``;
``[data-action=back|export|import|reset|reset-cancel|reset-confirm|close]``;
``#stats-file`` (the import's file input); ``#stats-note`` with
``data-kind`` ``ok`` or ``error`` after an import or a reset.

A game's page also lists its finished games still kept (the latest
first), each with Watch (its replay) and Review: ``.stats-games li`` with
``data-game``, its buttons ``[data-game-action=watch|review]``; a
practice game is marked so (``.practice``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from engine import PRESETS
from ui.browser.dom import DomEvent, Element, download_text, el, file_text, is_none, svg, to_js
from ui.i18n.text import _, n_, number
from ui.screens import statistics as statistics_text
from ui.screens.dialog_view import Dialog, DialogHost
from ui.screens.tile import difficulty, table_picture
from ui.screens.tile_view import draw_name, draw_table
from ui.storage import games as library
from ui.storage import statistics
from ui.storage.counting import Keeper
from ui.storage.games import GameMeta

RECENT_GAMES = 10
"""How many of a game's finished games its page lists."""


class RecentGames(Protocol):
    """The finished games kept, and a way to watch or review one."""

    def finished(self, preset: str) -> list[GameMeta]: ...
    def now(self) -> float: ...
    def open_game(self, game_id: str, what: str, preset: str) -> None:
        """Watch (``what="watch"``) or review (``review``) the stored game ``game_id``."""


def end_summary(change: statistics.RecordChange | None, box: Element) -> None:
    """The end screen's lines about the statistics."""
    if change is None:
        return
    wrap = el("div", "end-stats", parent=box, data_stats_change="1")
    for line in statistics_text.change_lines(change):
        el("p", "", line, parent=wrap)


@dataclass(frozen=True)
class StatsOpening:
    """How the screen opens: ``preset`` is the game marked as current (and,
    with ``details``, the game whose figures are shown first)."""

    preset: str
    details: bool = False


@dataclass
class _StatsShown:
    """The open statistics screen's state: the game shown or marked, its
    figures or every card, a reset being confirmed."""

    preset: str
    details: bool
    current: str
    confirm: bool = False


def open_stats(
    dialogs: DialogHost,
    keeper: Keeper,
    opening: StatsOpening,
    on_close: Callable[[], None],
    recent: RecentGames | None = None,
) -> None:
    """The statistics screen; ``on_close`` after Close (or Escape);
    ``recent``: the games a game's page lists, to watch or review."""
    state = _StatsShown(opening.preset, opening.details, opening.preset)
    keeper.refresh()
    dialog = dialogs.open("stats", _("Statistics"))
    box = dialog.box
    box.classList.add("scroll")
    view = el("div", "stats-view", parent=box)
    note = el("p", "stats-note", parent=box, id="stats-note", role="status", hidden=True)
    buttons = el("div", "stats-actions", parent=box)
    file_input = el(
        "input",
        "visually-hidden",
        parent=box,
        id="stats-file",
        type="file",
        accept=".json,application/json",
        aria_label=_("Statistics file to import"),
    )

    def say(text: str, kind: str) -> None:
        note.textContent = text
        note.dataset.kind = kind
        note.hidden = False

    def render() -> None:
        view.replaceChildren()
        buttons.replaceChildren()
        if state.details:
            _details(dialog, view, keeper.book, state.preset, back)
            if recent is not None:
                _games(view, recent, state.preset)
            name = _(PRESETS[state.preset].name)
            if state.confirm:
                el(
                    "p",
                    "stats-confirm",
                    _("Reset the statistics of {game}? This cannot be undone.").format(game=name),
                    parent=buttons,
                )
                dialog.buttons(
                    buttons,
                    [
                        ("reset-cancel", _("Keep them"), lambda: confirm(False), False),
                        ("reset-confirm", _("Reset"), reset, True),
                    ],
                )
            else:
                dialog.buttons(
                    buttons, [("reset", _("Reset…"), lambda: confirm(True), False), ("close", _("Close"), close, True)]
                )
        else:
            _overview(view, keeper.book, state.current)
            dialog.buttons(
                buttons,
                [
                    ("export", _("Export"), export, False),
                    ("import", _("Import…"), lambda: file_input.click(), False),
                    ("close", _("Close"), close, True),
                ],
            )

    def focus(selector: str) -> None:
        node = box.querySelector(selector)
        if not is_none(node):
            node.focus(to_js({"preventScroll": True}))
            node.scrollIntoView(to_js({"block": "nearest"}))

    def show(preset: str) -> None:
        state.preset, state.details, state.confirm = preset, True, False
        note.hidden = True
        render()
        focus('.stats-details [data-action="back"]')

    def back() -> None:
        state.details, state.confirm = False, False
        note.hidden = True
        render()
        focus(f'[data-stats-open="{state.preset}"]')

    def confirm(flag: bool) -> None:
        state.confirm = flag
        render()
        focus('[data-action="reset-cancel"]' if flag else '[data-action="reset"]')

    def reset() -> None:
        name = _(PRESETS[state.preset].name)
        keeper.reset(state.preset)
        state.confirm = False
        render()
        focus('[data-action="reset"]')
        say(_("The statistics of {game} were reset.").format(game=name), "ok")

    def export() -> None:
        stamp = time.strftime("%Y-%m-%d")
        download_text(f"spider-statistics-{stamp}.json", keeper.book.export_text())
        say(_("Statistics exported (all games) as a JSON file."), "ok")

    async def do_import() -> None:
        got = await file_text(file_input)
        file_input.value = ""
        if got is None:
            return
        name, text = got
        try:
            book = statistics.parse(text)
        except statistics.StatsError as e:
            # Translators: {file}: the file's name; {reason}: why it was refused (in English for now)
            say(
                _("{file} was not imported: {reason}. Your statistics are unchanged.").format(file=name, reason=e),
                "error",
            )
            return
        keeper.replace(book)
        render()
        n = book.games
        said = n_(
            "Imported {file}: {n} game in all. It replaced the statistics kept here.",
            "Imported {file}: {n} games in all. It replaced the statistics kept here.",
            n,
        )
        say(said.format(file=name, n=number(n)), "ok")

    def close() -> None:
        dialogs.close()
        on_close()

    def on_view(e: DomEvent) -> None:
        game = e.target.closest("[data-game-action]")
        if not is_none(game) and recent is not None:
            dialogs.close()
            recent.open_game(str(game.dataset.gameId), str(game.dataset.gameAction), state.preset)
            return
        node = e.target.closest("[data-stats-open]")
        if not is_none(node):
            show(str(node.dataset.statsOpen))

    dialog.on(view, "click", on_view)
    dialog.on(file_input, "change", lambda e: asyncio.ensure_future(do_import()))
    render()


def _overview(view: Element, book: statistics.Book, current: str) -> None:
    """The totals of every game, and a card for each game."""
    el("h3", "visually-hidden", _("All games"), parent=view)
    _figures(view, statistics_text.totals(book, list(PRESETS)), "stats-totals")
    grid = el("ul", "game-grid stats-grid", parent=view, aria_label=_("Games: a tap shows all the figures"))
    for pid in PRESETS:
        _card(grid, pid, book.get(pid), pid == current)


def _card(grid: Element, preset: str, record: statistics.Record, current: bool) -> None:
    """One game's card: its table drawn, its name, its win percentage as a
    figure and a bar, its record and its recent results."""
    rules = PRESETS[preset]
    played = record.played > 0
    cls = "game-tile stats-card" + (" current" if current else "") + ("" if played else " unplayed")
    tile = el("li", cls, parent=grid, data_preset=preset)
    button = el("button", "game-play stats-open", parent=tile, type="button", data_stats_open=preset)
    draw_table(button, table_picture(rules))
    draw_name(el("strong", "game-name", parent=button), _(rules.name))
    if played:
        pct = record.win_percentage or 0.0
        big = el("span", "stats-big", parent=button)
        # Translators: a game's card: its win percentage, large, then the word; {percentage} is "75%"
        before, _gap, after = _("{percentage} won").partition("{percentage}")
        if before:
            big.append(before)
        el("span", "stats-pct", statistics_text.percent(pct), parent=big)
        if after:
            big.append(after)
        meter = el("span", "stats-meter", parent=button, aria_hidden="true")
        fill = el("span", "stats-meter-fill", parent=meter)
        fill.style.width = f"{pct:.0f}%"
    meta = el("span", "game-meta stats-lines", parent=button)
    for line in statistics_text.card_lines(record):
        el("span", "", line + ".", parent=meta)
    if record.recent:
        _chart(button, record, "stats-spark", hidden=True)


def _details(dialog: Dialog, view: Element, book: statistics.Book, preset: str, back: Callable[[], None]) -> None:
    """Every figure of one game, its recent results as a chart."""
    rules = PRESETS[preset]
    page = el("div", "stats-details", parent=view, data_preset=preset)
    dialog.buttons(page, [("back", _("‹ All games"), back, False)]).classList.add("details-top")
    head = el("div", "stats-head", parent=page)
    draw_table(head, table_picture(rules), "game-picture stats-head-picture")
    words = el("div", "", parent=head)
    el("h3", "", _(rules.name), parent=words)
    level, word = difficulty(preset)
    line = el("p", "game-meta", parent=words)
    el("span", "game-dots", "●" * level + "○" * (4 - level), parent=line, aria_hidden="true")
    line.append(f" {word}")
    r = book.get(preset)
    dl = _figures(page, statistics_text.figures(r), "")
    shown = book.shown.get(preset, 0)
    if shown:  # finished by "Show me": neither won nor lost
        item = el("div", "stats-figure", parent=dl)
        el("dt", "", _("Games shown"), parent=item)
        el("dd", "", number(shown), parent=item, data_stat="shown")
    el("h4", "", _("Recent games"), parent=page)
    if not r.recent:
        el("p", "stats-empty", _("No games finished yet."), parent=page)
        return
    _chart(page, r, "stats-chart", hidden=False)
    el(
        "p",
        "stats-legend",
        _("Green: won, above the line; red: lost, below. Taller: a higher score."),
        parent=page,
    )


def _games(view: Element, recent: RecentGames, preset: str) -> None:
    """The game's finished games still kept, each to watch or review."""
    page = view.querySelector(".stats-details")
    if is_none(page):
        return
    el("h4", "", _("Games to watch again"), parent=page)
    games = recent.finished(preset)[:RECENT_GAMES]
    if not games:
        el("p", "stats-empty", _("No finished game of this kind is kept."), parent=page)
        return
    now = recent.now()
    listing = el("ul", "stats-games", parent=page)
    for meta in games:
        head, line = library.recent_line(meta, now)
        item = el("li", "stats-game" + (" practice" if meta.practice else ""), parent=listing, data_game=meta.id)
        words = el("div", "stats-game-words", parent=item)
        el("strong", "", head, parent=words)
        el("span", "game-meta", line, parent=words)
        actions = el("div", "stats-game-actions", parent=item)
        for action, label, named in (
            # Translators: {game}: a finished game's name and deal; {detail}: how it ended, its moves, when
            ("watch", _("Watch"), _("Watch: {game}, {detail}")),
            # Translators: {game}: a finished game's name and deal; {detail}: how it ended, its moves, when
            ("review", _("Review"), _("Review: {game}, {detail}")),
        ):
            el(
                "button",
                "btn",
                label,
                parent=actions,
                type="button",
                data_game_action=action,
                data_game_id=meta.id,
                aria_label=named.format(game=head, detail=line),
            )


def _figures(parent: Element, figures: list[tuple[str, str, str]], extra: str) -> Element:
    dl = el("dl", ("stats-figures " + extra).strip(), parent=parent)
    for hook, label, value in figures:
        item = el("div", "stats-figure", parent=dl)
        el("dt", "", label, parent=item)
        el("dd", "", value, parent=item, data_stat=hook)
    return dl


def _chart(parent: Element, r: statistics.Record, cls: str, hidden: bool) -> None:
    """The recent results: wins stand up from the line, losses hang below."""
    bars = statistics_text.chart_bars(r)
    results = ", ".join(statistics_text.result_word(x.result) for x in r.recent)
    label = n_("The last game: {results}", "The last {n} games: {results}", len(bars)).format(
        n=number(len(bars)), results=results
    )
    extra = {"aria_hidden": "true"} if hidden else {"role": "img", "aria_label": label}
    chart = svg("svg", parent, cls=cls, viewBox="0 0 200 48", preserveAspectRatio="none", **extra)
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
        if not hidden:
            t = svg("title", rect)
            t.textContent = str(bar["title"])
